"""What every ruleset is made of: named tables (the seed's figures) and one valuation function.

A ``Ruleset`` is data. Its ``tables`` hold every figure the seed names, as rows of
(zh name exactly as the seed writes it, en name, value, note); the valuation function
looks its figures up in those same rows by name, so the rules Q&A and /help quote the
very numbers the scorer charges. The valuation turns one ``Reading`` (the facts of a
decomposition) and one ``Win`` (how and from whom it was won) into a ``Valuation``:
the value, the named patterns, and who pays how many shares.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Literal

from scoring.errors import ScoringError, ScoringErrorCode
from scoring.reading import Reading, Shape
from scoring.result import Pattern
from scoring.tiles import EAST, Seat, Tile

# How the deal moves on: a policy the ledger stores and its schema lists, so a new ruleset
# picks one of these rather than inventing its own.
Rotation = Literal["dealer_stays", "winner_deals"]
ROTATIONS: Final[tuple[Rotation, ...]] = ("dealer_stays", "winner_deals")
# The rows a ruleset that settles kongs at once must price (``Ruleset.settles_kongs``).
KONG_ROWS: Final = ("明杠", "暗杠", "补杠")


@dataclass(frozen=True)
class Row:
    """One named entry of a seed table."""

    name: str  # Chinese, exactly as the seed writes it
    name_en: str
    value: int  # in the table's unit
    note: str = ""  # the seed's own explanation, in Chinese
    note_en: str = ""
    others: int | None = None  # 平台计分 放冲 rows: what each of the two others pays


@dataclass(frozen=True)
class Table:
    title: str
    title_en: str
    unit: str  # 番 倍 台 分 底分
    unit_en: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Room:
    """A Hangzhou room: a 底分 preset with its entry limits (None = no upper limit)."""

    name: str
    name_en: str
    base: int
    min_entry: int
    max_entry: int | None


@dataclass(frozen=True)
class Family:
    """Rulesets played in one place (杭州, 湖州): the rules Q&A shows a family's topics
    together, a question naming the place means all of them, and /new takes the place's
    name for its ``default`` ruleset."""

    id: str  # as the knowledge base's topic files name the family: hangzhou, huzhou
    names: tuple[str, ...]  # what players call the place: 湖州, 湖州麻将, huzhou
    default: str  # the ruleset id /new opens for the place's name
    discard_win_zh: str  # what its players call a win on a discard: 点炮, 放冲


class WinKind(StrEnum):
    SELF_DRAW = "self_draw"  # 自摸 (杠开, 飘 and 天胡 are self-draws)
    DISCARD = "discard"  # 点炮 / 放冲
    ROBBED_KONG = "robbed_kong"  # 抢杠胡


@dataclass(frozen=True)
class Win:
    """How the hand was won: what a ruleset needs beyond the tiles, seats resolved."""

    kind: WinKind
    winner: Seat
    payer: Seat | None = None  # the discarder, or the robbed kong's owner
    contract: Seat | None = None  # 承包X (Hangzhou 三摊承包)
    kong_chain: int = 0  # 杠上开花 after this many consecutive kongs
    piao: int = 0  # 飘 chain length at the win
    heavenly: bool = False  # 天胡
    earthly: bool = False  # 地胡
    seat_wind: Tile = EAST
    round_wind: Tile = EAST


class PayerRule(StrEnum):
    """Who pays for a win. The value is a stable code (part of the explanation's interface)."""

    SELF_DRAW = "self_draw"  # each of the other three pays one share
    DISCARD = "discard"  # the discarder alone pays one share
    DISCARD_SPLIT = "discard_split"  # the discarder pays a share, the other two a smaller one
    CONTRACT = "contract"  # 三摊承包: the contractor alone pays three shares
    ROBBED_KONG = "robbed_kong"  # 湖州抢杠胡: the robbed 杠家 alone pays three shares
    ROBBED_KONG_AS_DISCARD = "robbed_kong_as_discard"  # 杭州抢杠胡: as 点炮 by the robbed player

    def winner_total(self, share: int, others_share: int = 0) -> int:
        """What the winner collects in all, for ``share`` (and ``others_share``) units."""
        if self in (PayerRule.SELF_DRAW, PayerRule.CONTRACT, PayerRule.ROBBED_KONG):
            return 3 * share
        if self is PayerRule.DISCARD_SPLIT:
            return share + 2 * others_share
        return share

    @property
    def needs_payer(self) -> bool:
        """Whether one particular seat (discarder, robbed player, contractor) pays."""
        return self is not PayerRule.SELF_DRAW

    def text(self, lang: str = "zh") -> str:
        return _RULE_TEXT[self][1 if lang == "en" else 0]


_RULE_TEXT: dict[PayerRule, tuple[str, str]] = {
    PayerRule.SELF_DRAW: (
        "自摸：其他三家各付一份",
        "self-draw: each of the other three pays one share",
    ),
    PayerRule.DISCARD: (
        "点炮（放冲）：放炮者一人付一份",
        "discard win: the discarder alone pays one share",
    ),
    PayerRule.DISCARD_SPLIT: (
        "放冲：放冲者付大份，其余两家各付小份",
        "discard win: the discarder pays the larger share, the other two the smaller one",
    ),
    PayerRule.CONTRACT: (
        "三摊承包：承包者一人付三家的份",
        "three-chow contract: the contractor alone pays all three shares",
    ),
    PayerRule.ROBBED_KONG: (
        "抢杠胡：按自摸计，杠家一人付三家的份",
        "robbing a kong: scored as a self-draw, the robbed player alone pays all three shares",
    ),
    PayerRule.ROBBED_KONG_AS_DISCARD: (
        "抢杠胡：按点炮计，被抢杠者付一份",
        "robbing a kong: scored as a discard win, the robbed player pays one share",
    ),
}


@dataclass(frozen=True)
class Valuation:
    """What one reading of one win is worth under a ruleset."""

    value: int  # in the ruleset's unit (番, 倍, 分)
    patterns: tuple[Pattern, ...]
    rule: PayerRule
    share: int  # units each paying seat owes before ×multiplier ×底分
    others_share: int = 0  # DISCARD_SPLIT only: what each of the two others pays
    tai: int | None = None  # 双辣 only
    formula_zh: str = ""  # the value's own arithmetic, e.g. "二连杠 4 × 爆头 2 = 8 番"
    formula_en: str = ""
    notes: tuple[tuple[str, str], ...] = ()  # (zh, en): what the win had that did not count

    @property
    def winner_total(self) -> int:
        """Units the winner collects in all: how rulesets compare their readings."""
        return self.rule.winner_total(self.share, self.others_share)


class Refusal(ScoringError):
    """A ruleset refusing one reading (e.g. under 4 台); ``closeness`` ranks near misses."""

    def __init__(self, code: ScoringErrorCode, zh: str, en: str, closeness: int = 0) -> None:
        super().__init__(code, zh, en)
        self.closeness = closeness


Valuate = Callable[[Reading, Win, "Ruleset"], Valuation]
# A win from a declared 台 total (quick entry's 台N): the total, the wilds said, the win.
TaiTotal = Callable[[int, int, Win, "Ruleset"], Valuation]
# The 台 items of the richest hand of a shape, wild-free or not, won as the win says.
RichestTai = Callable[[Shape, bool, Win, "Ruleset"], tuple[Pattern, ...]]

# Each item a ruleset may leave unpriced (``Ruleset.unpriced``): whether the win has it, and
# its English name.
UNPRICED_ITEMS: Final[dict[str, tuple[Callable[[Reading, Win], bool], str]]] = {
    "天胡": (lambda reading, win: win.heavenly, "a heavenly hand"),
    "地胡": (lambda reading, win: win.earthly, "an earthly hand"),
    "4财神": (lambda reading, win: reading.wilds >= 4, "four wilds"),
    "爆头": (lambda reading, win: reading.baotou, "baotou"),
    "杠开": (lambda reading, win: win.kong_chain > 0, "a kong-replacement win"),
}


@dataclass(frozen=True)
class Ruleset:
    id: str
    name_zh: str  # 杭州麻将, 湖州·强盗胡 …
    name_en: str
    short_zh: str  # what players call it at the table: 杭州, 强盗胡, 双辣 …
    label_zh: str  # short enough for a picture's header: 杭州, 湖州·双辣
    label_en: str  # Hangzhou, Huzhou Shuangla
    family: Family
    unit_zh: str
    unit_en: str
    rotation: Rotation
    tables: tuple[Table, ...]
    valuate: Valuate
    wild_faces: Callable[[Tile | None], frozenset[Tile]]
    wild_copies: int  # how many wild tiles the wall holds (4, or 7 in 双辣)
    allows_discard_win: bool
    thirteen_unrelated: bool  # 十三不搭 is a winning shape (Huzhou only)
    has_piao: bool  # 飘 words mean something here
    has_contract: bool  # 三摊承包 exists here
    uses_indicator: bool  # wilds come from 翻T
    multiplier: int = 1  # money = value × multiplier × 底分 (Hangzhou ×8)
    rooms: tuple[Room, ...] = ()
    # More names players use (推倒胡, 硬飘, double spicy); a name two rulesets share (飘花)
    # means both in a rules question and neither in /new.
    aliases: tuple[str, ...] = ()
    settles_kongs: bool = False  # 明杠/暗杠/补杠 are paid at once, as its KONG_ROWS say
    tai_total: TaiTotal | None = None  # counts 台: quick entry takes 台 items and 台N
    # With tai_total: quick entry refuses a declared 台N above this hand's items.
    richest_tai: RichestTai | None = None
    # Items a line may say (天胡, 4财神 …) that this ruleset accepts but gives no value:
    # the reply says so (``unpriced_notes``) rather than silently scoring them as nothing.
    unpriced: tuple[str, ...] = ()
    _index: dict[str, Row] = field(init=False, repr=False, compare=False)
    _patterns: dict[str, Pattern] = field(init=False, repr=False, compare=False)
    _unpriced_notes: tuple[tuple[Callable[[Reading, Win], bool], tuple[str, str]], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.rotation not in ROTATIONS:
            raise ValueError(f"{self.id}: rotation {self.rotation!r} is none of {ROTATIONS}")
        index: dict[str, Row] = {}
        for table in self.tables:
            for row in table.rows:
                index.setdefault(row.name, row)
        object.__setattr__(self, "_index", index)
        unpriced_kongs = [name for name in KONG_ROWS if name not in index]
        if self.settles_kongs and unpriced_kongs:
            raise ValueError(f"{self.id} settles kongs but prices no {unpriced_kongs}")
        patterns = {name: Pattern(row.name, row.name_en, row.value) for name, row in index.items()}
        object.__setattr__(self, "_patterns", patterns)
        notes = tuple(
            (has, (f"{self.name_zh}不另计{item}", f"{self.name_en} scores nothing extra for {en}"))
            for item in self.unpriced
            for has, en in (UNPRICED_ITEMS[item],)
        )
        object.__setattr__(self, "_unpriced_notes", notes)

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the ruleset answers to: id, names, then its aliases."""
        return (self.id, self.name_zh, self.short_zh, *self.aliases)

    @property
    def counts_tai(self) -> bool:
        return self.tai_total is not None

    def label(self, lang: str = "zh") -> str:
        return self.label_en if lang == "en" else self.label_zh

    def unpriced_notes(self, reading: Reading, win: Win) -> tuple[tuple[str, str], ...]:
        """(zh, en) notes for what the win has that this ruleset accepts but gives no value:
        「杭州麻将不另计天胡」, so a table that typed it sees it was read, not lost."""
        found: tuple[tuple[str, str], ...] = ()
        for has, note in self._unpriced_notes:  # on every scored hand: a plain loop
            if has(reading, win):
                found += (note,)
        return found

    def row(self, name: str) -> Row:
        """The row named ``name`` (Chinese, as the seed writes it); KeyError if none."""
        return self._index[name]

    def names_row(self, name: str) -> bool:
        """Whether one of the tables has a row of this name (as the seed writes it)."""
        return name in self._index

    def value_of(self, name: str) -> int:
        """The figure of the entry named ``name``, e.g. ``value_of("七对爆头") == 4``."""
        return self._index[name].value

    def pattern(self, name: str, value: int | None = None) -> Pattern:
        """A result pattern for the entry ``name``, with the table's figure unless given."""
        if value is None:
            return self._patterns[name]  # patterns are immutable: one per entry will do
        row = self._index[name]
        return Pattern(row.name, row.name_en, value)

    def room(self, name: str) -> Room:
        for room in self.rooms:
            if name in (room.name, room.name_en):
                return room
        raise KeyError(name)


def product_valuation(
    parts: tuple[Pattern, ...], rule: PayerRule, unit_zh: str, unit_en: str
) -> Valuation:
    """The value is the product of the named patterns, its formula '二连杠 4 × 爆头 2 = 8 番'
    (or '爆头 2 番' for one part) in zh and en; every seat pays one share of it."""
    total = 1
    for part in parts:
        total *= part.value
    if len(parts) == 1:
        only = parts[0]
        zh, en = f"{only.name} {only.value} {unit_zh}", f"{only.name_en} {only.value} {unit_en}"
    else:
        zh = " × ".join(f"{p.name} {p.value}" for p in parts) + f" = {total} {unit_zh}"
        en = " × ".join(f"{p.name_en} {p.value}" for p in parts) + f" = {total} {unit_en}"
    return Valuation(total, parts, rule, total, formula_zh=zh, formula_en=en)
