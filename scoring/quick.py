"""Quick entry: score a win from declared facts, without typing the 14 tiles.

``quick("自摸 爆头 杠开")`` reads the same context words as a hand line (``scoring.words``)
plus its own pattern words (爆头, 七对, 豪华, 十三不搭, 有花/无花, 财神N, 台 items), checks
that they can stand together, builds a ``Reading`` and a ``Win`` and runs the very same
ruleset valuation a typed hand gets. Words may be run together (``自摸爆头``).
Where 有花/无花 is not said and would change the money, it asks for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Final, NoReturn

from scoring.errors import ScoringError, ScoringErrorCode
from scoring.facts import WinFacts, line_of, winner_of, with_facts
from scoring.lexicon import Token, fold
from scoring.reading import Reading, Shape
from scoring.result import ScoreResult
from scoring.rulesets import RULESETS
from scoring.rulesets.base import Ruleset, Valuation, Win
from scoring.score import (
    best_valuation,
    build_result,
    check_no_indicator,
    checked_table,
    floated_beyond_supply,
    win_of,
)
from scoring.tiles import GREEN, JOKER, RED, WHITE, Seat, Tile
from scoring.words import Word, WordKind, ascii_letter, build_context, error_at, scan_word


class Fact(StrEnum):
    """A pattern word of quick entry; the zh text names it in messages."""

    BAOTOU = "爆头"
    SEVEN_PAIRS = "七对"
    LUXURY = "豪华"
    THIRTEEN = "十三不搭"
    HAS_WILD = "有花"
    NO_WILD = "无花"
    WILDS = "财神N"
    PURE = "清一色"
    MIXED = "混一色"
    ALL_TRIPLETS = "对对胡"
    SEAT_TRIPLET = "座风刻"
    ROUND_TRIPLET = "圈风刻"
    DRAGON_TRIPLET = "箭刻"
    TAI = "台N"
    PLAIN = "平胡"

    @property
    def en(self) -> str:
        """The English word quick entry reads for it, for English messages."""
        return _FACT_EN[self]


_FACT_EN: Final = {
    Fact.BAOTOU: "baotou",
    Fact.SEVEN_PAIRS: "seven pairs",
    Fact.LUXURY: "luxury",
    Fact.THIRTEEN: "thirteen unrelated",
    Fact.HAS_WILD: "with wild",
    Fact.NO_WILD: "no wild",
    Fact.WILDS: "N wilds",
    Fact.PURE: "pure one suit",
    Fact.MIXED: "mixed one suit",
    Fact.ALL_TRIPLETS: "all triplets",
    Fact.SEAT_TRIPLET: "seat wind triplet",
    Fact.ROUND_TRIPLET: "round wind triplet",
    Fact.DRAGON_TRIPLET: "dragon triplet",
    Fact.TAI: "tai N",
    Fact.PLAIN: "plain",
}


_NUMBER: Final = {
    **{str(n): n for n in range(10)},
    **{c: i + 1 for i, c in enumerate("一二三四五六七八九十")},
    "两": 2,
    "双": 2,
}
_N = "([0-9]{1,2}|[一二两三四五六七八九十])"


def _n(text: str) -> int:
    return int(text) if text.isdigit() else _NUMBER[text]


Reader = Callable[[re.Match[str]], tuple[tuple[Fact, int], ...]]

# (regex, the facts it declares). Matched at a position; the longest match wins, and a
# context word (scoring.words) wins over a pattern word of the same length.
_PATTERN_WORDS: Final[tuple[tuple[re.Pattern[str], Reader], ...]] = tuple(
    (re.compile(regex, re.IGNORECASE), reader)
    for regex, reader in (
        (r"爆头|bao[- ]?tou", lambda m: ((Fact.BAOTOU, 1),)),
        (r"七对子?|7对子?|qi[- ]?dui|(?:seven|7)[- ]?pairs", lambda m: ((Fact.SEVEN_PAIRS, 1),)),
        (r"清七对子?", lambda m: ((Fact.SEVEN_PAIRS, 1), (Fact.NO_WILD, 1))),
        (r"豪华([0-9])|luxury ?([0-9])", lambda m: ((Fact.LUXURY, int(m[1] or m[2])),)),
        (r"(双|三)?豪华|luxury", lambda m: ((Fact.LUXURY, _n(m[1]) if m[1] else 1),)),
        (
            r"十三不搭|13不搭|shi ?san ?bu ?da|thirteen[- ]unrelated",
            lambda m: ((Fact.THIRTEEN, 1),),
        ),
        (r"有花|有财神|有财|you[- ]?hua|with[- ]wilds?", lambda m: ((Fact.HAS_WILD, 1),)),
        (r"无花|无财神|无财|没花|wu[- ]?hua|no[- ]wilds?", lambda m: ((Fact.NO_WILD, 1),)),
        (r"财神([0-9])|wilds? ?([0-9])", lambda m: ((Fact.WILDS, int(m[1] or m[2])),)),
        (_N + r"(?:个|张)?财神", lambda m: ((Fact.WILDS, _n(m[1])),)),
        (r"([0-9])花|([0-9]) ?wilds?", lambda m: ((Fact.WILDS, int(m[1] or m[2])),)),
        (r"财神", lambda m: ((Fact.HAS_WILD, 1),)),
        (r"清一色|qing ?yi ?se|pure[- ]one[- ]suit", lambda m: ((Fact.PURE, 1),)),
        (r"混一色|hun ?yi ?se|mixed[- ]one[- ]suit", lambda m: ((Fact.MIXED, 1),)),
        (r"对对胡|对对和|碰碰胡|dui ?dui ?hu|all[- ]triplets", lambda m: ((Fact.ALL_TRIPLETS, 1),)),
        (r"座风刻|门风刻|seat[- ]wind[- ]triplet", lambda m: ((Fact.SEAT_TRIPLET, 1),)),
        (r"圈风刻|round[- ]wind[- ]triplet", lambda m: ((Fact.ROUND_TRIPLET, 1),)),
        (r"(?:红)?中刻|red[- ]triplet", lambda m: ((Fact.DRAGON_TRIPLET, RED),)),
        (r"发刻|發刻|green[- ]triplet", lambda m: ((Fact.DRAGON_TRIPLET, GREEN),)),
        (r"白刻|白板刻|white[- ]triplet", lambda m: ((Fact.DRAGON_TRIPLET, WHITE),)),
        (r"台" + _N + r"|tai ?([0-9]{1,2})", lambda m: ((Fact.TAI, _n(m[1] or m[2])),)),
        (_N + r"台|([0-9]{1,2}) ?tai", lambda m: ((Fact.TAI, _n(m[1] or m[2])),)),
        (r"平胡|小胡|屁胡|ping ?hu|plain", lambda m: ((Fact.PLAIN, 1),)),
    )
)
# The seed's names for a kong-replacement win with a wild-series item (SPEC §3, §4.2, §4.5):
# one spelling, two facts. 杠飘 and 飘杠 are the same win (杠上开花 × 财飘).
_KONG_BLOOM = Word(WordKind.KONG_CHAIN, 1)
_COMPOUNDS: Final[dict[str, tuple[tuple[Word, ...], tuple[tuple[Fact, int], ...]]]] = {
    "杠爆": ((_KONG_BLOOM,), ((Fact.BAOTOU, 1),)),
    "杠飘": ((_KONG_BLOOM, Word(WordKind.PIAO, 1)), ()),
    "飘杠": ((_KONG_BLOOM, Word(WordKind.PIAO, 1)), ()),
}


@dataclass(frozen=True)
class _Named:
    """A spelling that stands for context words and pattern facts at once (杠爆, and each
    table row's English name as the replies print it: 'Three wild floats'), or for facts
    alone (a pattern word: 爆头, 财神3)."""

    regex: re.Pattern[str]
    words: tuple[Word, ...]
    facts: tuple[tuple[Fact, int], ...] | Reader  # a reader for 财神N, 台N …

    def read(self, match: re.Match[str]) -> tuple[tuple[Fact, int], ...]:
        return self.facts(match) if callable(self.facts) else self.facts


_COMPOUND_NAMES: Final = tuple(
    _Named(re.compile(re.escape(name)), words, facts) for name, (words, facts) in _COMPOUNDS.items()
)
# Pattern words as the same kind of spelling: no context words, facts read from the match.
_PATTERN_NAMES: Final = tuple(_Named(regex, (), reader) for regex, reader in _PATTERN_WORDS)
# Every fixed spelling the pattern words and compounds above accept (the numbered ones, 财神N,
# 台N …, aside), for the bot's "did you mean"; a test checks each is read, so it cannot drift.
SPELLINGS: Final[tuple[str, ...]] = (
    "爆头",
    "baotou",
    "七对",
    "七对子",
    "qidui",
    "清七对",
    "豪华",
    "双豪华",
    "三豪华",
    "十三不搭",
    "shisanbuda",
    "有花",
    "有财神",
    "youhua",
    "无花",
    "无财神",
    "没花",
    "wuhua",
    "清一色",
    "qingyise",
    "混一色",
    "hunyise",
    "对对胡",
    "碰碰胡",
    "duiduihu",
    "座风刻",
    "门风刻",
    "圈风刻",
    "中刻",
    "红中刻",
    "发刻",
    "白刻",
    "白板刻",
    "平胡",
    "小胡",
    *_COMPOUNDS,
    "seven pairs",
    "with wild",
    "no wild",
    "all triplets",
    "plain",
)
_SEPARATORS: Final = frozenset(",，、;；。/+")
_TAI_FACTS: Final = (
    Fact.PURE,
    Fact.MIXED,
    Fact.ALL_TRIPLETS,
    Fact.SEAT_TRIPLET,
    Fact.ROUND_TRIPLET,
    Fact.DRAGON_TRIPLET,
    Fact.TAI,
)


@dataclass
class _Declared:
    """The pattern facts of an entry (dragon triplets may repeat) and where each was said."""

    values: dict[Fact, int] = field(default_factory=dict)
    tokens: dict[Fact, Token] = field(default_factory=dict)
    dragons: set[Tile] = field(default_factory=set)

    def add(self, fact: Fact, value: int, token: Token) -> None:
        if fact is Fact.DRAGON_TRIPLET:
            self.dragons.add(value)
        elif fact in self.values and self.values[fact] != value:
            raise _error(
                ScoringErrorCode.CONFLICTING_WORDS,
                token,
                f"和「{self.tokens[fact].text}」矛盾：{fact.value}只能写一次",
                f"contradicts “{self.tokens[fact].text}”: {fact.en} is given twice",
            )
        self.values[fact] = value
        self.tokens.setdefault(fact, token)

    def has(self, fact: Fact) -> bool:
        return fact in self.values


def quick(
    words: str,
    rules: str = "hangzhou",
    base: int = 1,
    winner: str | Seat | None = None,
    *,
    facts: WinFacts | None = None,
) -> ScoreResult:
    """Score a win declared in words, e.g. ``quick("点炮S 七对 爆头")``, for ``winner`` (East
    by default) or for ``facts.winner`` with the seats and winds ``facts`` give (then the
    words may be empty: ``quick("", facts=WinFacts(Seat.E, discarder=Seat.S))``)."""
    ruleset, seat = checked_table(rules, base, winner_of(winner, facts))
    given = facts is not None and bool(facts.said()) and not words.strip()
    context_words, declared = ([], _Declared()) if given else _scan(words)
    context, word_tokens = build_context(with_facts(context_words, facts))
    check_no_indicator(ruleset, context.indicator, lambda kind: word_tokens.get(kind.value))
    _check(declared, ruleset, context.kong_chain)
    _check_floated_wilds(declared, ruleset, context.piao, word_tokens.get(WordKind.PIAO.value))
    win = win_of(context, lambda kind: word_tokens.get(kind.value), ruleset, seat)
    shape = _shape(declared)
    if declared.has(Fact.TAI):
        valuation = _from_tai_total(declared, win, ruleset)
    else:
        anchor = _wild_dependent_word(declared, word_tokens)
        valuation = _valuate(declared, win, ruleset, shape or Shape.STANDARD, anchor)
    result = build_result(ruleset, shape, valuation, win, base)
    if facts is None:
        return result
    return replace(result, line=line_of(words, facts, word_tokens))


def _scan(
    text: str, names: tuple[_Named, ...] | None = None
) -> tuple[list[tuple[Word, Token]], _Declared]:
    """The context words and pattern facts of an entry; ``names`` are the spellings read
    besides the context words (by default the seed's compounds, the rows' English names and
    the pattern words; an earlier one wins a tie)."""
    line = fold(text)
    if not line.strip():
        raise ScoringError(
            ScoringErrorCode.EMPTY,
            "没有写内容：如 自摸 爆头、点炮S 七对、杠开 无花",
            "nothing to score: write e.g. tsumo baotou, ron S seven pairs, gangkai no wild",
        )
    context_words: list[tuple[Word, Token]] = []
    declared = _Declared()
    pos = 0
    while pos < len(line):
        if line[pos].isspace() or line[pos] in _SEPARATORS:
            pos += 1
            continue
        found = _scan_named(line, pos, _NAMES_AT[line[pos].isascii()] if names is None else names)
        try:
            context = scan_word(line, pos)
        except ScoringError:  # 座风刻 starts like 座X: a pattern word wins over a bad 座
            if found is None:
                raise
            context = None
        if context is not None and (found is None or context[1] >= found[1].end()):
            context_words.append((context[0], Token(line[pos : context[1]], pos)))
            pos = context[1]
        elif found is not None:
            named, match = found
            token = Token(line[pos : match.end()], pos)
            context_words.extend((word, token) for word in named.words)
            for fact, value in named.read(match):
                declared.add(fact, value, token)
            pos = match.end()
        else:
            raise _unknown(line, pos)
    return context_words, declared


def _ends_word(line: str, end: int) -> bool:
    """An English word ends at a non-letter ('plain', not the start of 'plainly')."""
    return not (end < len(line) and ascii_letter(line[end]) and ascii_letter(line[end - 1]))


def _scan_named(
    line: str, pos: int, names: tuple[_Named, ...]
) -> tuple[_Named, re.Match[str]] | None:
    """The longest of ``names`` written at ``pos`` (the earliest on a tie), and its match."""
    best: tuple[_Named, re.Match[str]] | None = None
    for named in names:
        match = named.regex.match(line, pos)
        if (
            match
            and _ends_word(line, match.end())
            and (best is None or match.end() > best[1].end())
        ):
            best = (named, match)
    return best


def _unknown(line: str, pos: int) -> ScoringError:
    end = pos + 1
    while end < len(line) and not line[end].isspace() and line[end] not in _SEPARATORS:
        end += 1
    return _error(
        ScoringErrorCode.UNKNOWN_TOKEN,
        Token(line[pos:end], pos),
        "看不懂这个词。快速记分可写：自摸、点炮S/放冲S、抢杠S、承包S、杠开/杠开2、飘1/财飘、爆头、"
        "杠爆、杠飘、七对、豪华/双豪华/三豪华、十三不搭、有花/无花、财神N/4财神、天胡、地胡；"
        "双辣还可写 清一色、混一色、对对胡、座风刻、圈风刻、中刻、发刻、白刻 或 台N",
        "unknown word. Quick entry knows: self-drawn (tsumo), ron S (discard S), rob S "
        "(robbing S's kong), contract S, gangkai / gangkai2 (kong bloom), float 1-3 (piao1), "
        "baotou, seven pairs (qidui), luxury / luxury2 / luxury3, thirteen unrelated, "
        "with wild / no wild, 4 wilds, tenhou (heavenly), chiihou (earthly), or a pattern "
        "as the replies name it (three wild floats); for double spicy also "
        "pure one suit, mixed one suit, all triplets, seat wind triplet, round wind triplet, "
        "red / green / white triplet or tai N. The Chinese words (自摸, 点炮S, 爆头 …) work too",
    )


def _check(declared: _Declared, rules: Ruleset, kong_chain: int) -> None:
    """Refuse facts that cannot stand together, naming the word that breaks them: the
    checks run in order, so a line breaking several hears of the first."""
    for check in _CHECKS:
        check(declared, rules, kong_chain)


def _refuse(d: _Declared, fact: Fact, zh: str, en: str) -> NoReturn:
    raise _error(ScoringErrorCode.INCONSISTENT, d.tokens[fact], zh, en)


def _thirteen_in_ruleset(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if d.has(Fact.THIRTEEN) and not rules.thirteen_unrelated:
        _refuse(
            d, Fact.THIRTEEN, "十三不搭只在湖州玩法里算", "thirteen unrelated exists only in Huzhou"
        )


def _luxury_of_seven_pairs(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if d.has(Fact.LUXURY) and not d.has(Fact.SEVEN_PAIRS):
        typed = d.tokens[Fact.LUXURY].text  # 双豪华 → 双豪华七对, luxury2 → luxury2 seven pairs
        english = typed.isascii()
        _refuse(
            d,
            Fact.LUXURY,
            f"豪华是七对子的说法：写 {typed} seven pairs"
            if english
            else f"豪华是七对子的说法：写 {typed}七对",
            f"luxury qualifies seven pairs: write {typed} seven pairs"
            if english
            else f"luxury qualifies seven pairs: write {typed}七对 (luxury seven pairs)",
        )


def _luxury_count(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if d.has(Fact.LUXURY) and not 1 <= d.values[Fact.LUXURY] <= 3:
        _refuse(d, Fact.LUXURY, "豪华只有 1 到 3 个", "luxury counts 1 to 3 quads")


def _one_shape(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if d.has(Fact.THIRTEEN) and d.has(Fact.SEVEN_PAIRS):
        _refuse(
            d,
            Fact.THIRTEEN,
            "十三不搭和七对是两种牌型，只能写一个",
            "a hand is one shape: keep one",
        )


def _shape_without_sets(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    """Seven pairs and thirteen unrelated hold no triplet and no kong."""
    for shape in (Fact.SEVEN_PAIRS, Fact.THIRTEEN):
        if not d.has(shape):
            continue
        for fact in (Fact.ALL_TRIPLETS, Fact.SEAT_TRIPLET, Fact.ROUND_TRIPLET, Fact.DRAGON_TRIPLET):
            if d.has(fact):
                _refuse(d, fact, f"{shape.value}没有刻子", f"{shape.en} has no triplets")
        if kong_chain:
            _refuse(
                d, shape, f"{shape.value}没有杠，不能杠开", f"{shape.en} has no kong to bloom on"
            )


def _thirteen_plain(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if d.has(Fact.THIRTEEN):
        for fact in (Fact.BAOTOU, Fact.PURE, Fact.MIXED):
            if d.has(fact):
                _refuse(
                    d,
                    fact,
                    f"十三不搭不会有{fact.value}",
                    f"thirteen unrelated cannot be {fact.en}",
                )


def _one_suit_kind(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if d.has(Fact.PURE) and d.has(Fact.MIXED):
        _refuse(d, Fact.MIXED, "清一色和混一色只能写一个", "pure and mixed one suit: keep one")


def _pure_without_honors(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if d.has(Fact.PURE):
        for fact in (Fact.SEAT_TRIPLET, Fact.ROUND_TRIPLET, Fact.DRAGON_TRIPLET):
            if d.has(fact):
                _refuse(
                    d,
                    fact,
                    f"清一色没有字牌，不会有{fact.value}（有字牌是混一色）",
                    f"pure one suit holds no honors, so no {fact.en}: that is mixed one suit",
                )


def _wilds_agree(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    wilds = d.values.get(Fact.WILDS)
    says_no_wild = d.has(Fact.NO_WILD) or wilds == 0
    if says_no_wild and (d.has(Fact.HAS_WILD) or (wilds or 0) > 0):
        _refuse(d, Fact.NO_WILD, "有花还是无花？两个都写了", "both with and without wilds")
    if says_no_wild and d.has(Fact.BAOTOU):
        _refuse(
            d,
            Fact.BAOTOU,
            "爆头要有财神（花）：和无花矛盾",
            "baotou needs a wild: not with no wild",
        )
    if wilds is not None and wilds > rules.wild_copies:
        _refuse(
            d, Fact.WILDS, f"财神一共只有 {rules.wild_copies} 张", f"only {rules.wild_copies} wilds"
        )


def _check_floated_wilds(d: _Declared, rules: Ruleset, piao: int, word: Token | None) -> None:
    """飘 discards wilds from the same copies the hand holds: 财飘 with 4财神 needs five, as a
    full line with four 白 and 财飘 does (``score``'s wild supply check, the same refusal)."""
    held = d.values.get(Fact.WILDS, 0)
    if rules.has_piao and held + piao > rules.wild_copies:
        faces = frozenset({JOKER}) if rules.uses_indicator else rules.wild_faces(None)
        raise floated_beyond_supply(word, faces, rules.wild_copies, held, piao)


def _tai_in_ruleset(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if not rules.counts_tai:
        for fact in _TAI_FACTS:
            if d.has(fact):
                _refuse(
                    d,
                    fact,
                    f"{rules.name_zh}不计台（只有双辣计台）",
                    f"{rules.name_en} counts no tai (only double spicy does)",
                )


def _tai_total_or_items(d: _Declared, rules: Ruleset, kong_chain: int) -> None:
    if d.has(Fact.TAI) and any(d.has(fact) for fact in _TAI_FACTS if fact is not Fact.TAI):
        _refuse(
            d, Fact.TAI, "写了台数就不要再写台的名目（或只写名目）", "give the tai total or items"
        )


_CHECKS: Final[tuple[Callable[[_Declared, Ruleset, int], None], ...]] = (
    _thirteen_in_ruleset,
    _luxury_of_seven_pairs,
    _luxury_count,
    _one_shape,
    _shape_without_sets,
    _thirteen_plain,
    _one_suit_kind,
    _pure_without_honors,
    _wilds_agree,
    _tai_in_ruleset,
    _tai_total_or_items,
)


def _shape(d: _Declared) -> Shape | None:
    if d.has(Fact.SEVEN_PAIRS):
        return Shape.SEVEN_PAIRS
    if d.has(Fact.THIRTEEN):
        return Shape.THIRTEEN_UNRELATED
    return None


def _wild_options(d: _Declared) -> tuple[int, ...]:
    """The wild counts the words allow: one when they say it, else with and without."""
    if d.has(Fact.WILDS):
        return (d.values[Fact.WILDS],)
    if d.has(Fact.NO_WILD):
        return (0,)
    if d.has(Fact.HAS_WILD) or d.has(Fact.BAOTOU):
        return (1,)
    return (0, 1)


def _reading(d: _Declared, win: Win, shape: Shape, wilds: int) -> Reading:
    honors = set(d.dragons)
    if d.has(Fact.SEAT_TRIPLET):
        honors.add(win.seat_wind)
    if d.has(Fact.ROUND_TRIPLET):
        honors.add(win.round_wind)
    one_suit = d.has(Fact.PURE) or d.has(Fact.MIXED)
    return Reading(
        shape=shape,
        wilds=wilds,
        baotou=d.has(Fact.BAOTOU),
        luxury=d.values.get(Fact.LUXURY, 0),
        suits=frozenset("m" if one_suit else "mps"),
        honors=d.has(Fact.MIXED) or bool(honors),
        all_triplets=d.has(Fact.ALL_TRIPLETS),
        honor_triplets=frozenset(honors),
        kongs=win.kong_chain,
    )


# The context words that say how the hand was won: the word whose value 有花/无花 changes.
_HOW_WON = tuple(
    kind.value
    for kind in (
        WordKind.SELF_DRAW,
        WordKind.DISCARDER,
        WordKind.ROBBED_KONG,
        WordKind.KONG_CHAIN,
        WordKind.PIAO,
        WordKind.HEAVENLY,
        WordKind.EARTHLY,
    )
)


def _wild_dependent_word(d: _Declared, words: Mapping[str, Token]) -> Token | None:
    """What to name when the score hangs on 有花/无花: the shape word (七对, 十三不搭),
    whose entries split on it, else the first word that says how the hand was won."""
    for shape in (Fact.SEVEN_PAIRS, Fact.THIRTEEN):
        if d.has(shape):
            return d.tokens[shape]
    said = [words[kind] for kind in _HOW_WON if kind in words]
    return min(said, key=lambda token: token.position, default=None)


def _valuate(
    d: _Declared, win: Win, rules: Ruleset, shape: Shape, anchor: Token | None
) -> Valuation:
    """The ruleset's own valuation; when 有花/无花 is unsaid, both must agree."""
    outcomes: list[Valuation | ScoringError] = []
    for wilds in _wild_options(d):
        try:
            outcomes.append(best_valuation([_reading(d, win, shape, wilds)], win, rules)[1])
        except ScoringError as error:
            outcomes.append(error)
    if len({_money(outcome) for outcome in outcomes}) > 1:
        raise error_at(
            anchor,
            ScoringErrorCode.INCONSISTENT,
            f"{rules.name_zh}里这样胡有没有花（财神）分数不同：请加上「有花」或「无花」",
            f"under {rules.name_en} this win scores differently with and without wilds: "
            "add “with wild” or “no wild” (有花 / 无花)",
        )
    first = outcomes[0]
    if isinstance(first, ScoringError):
        raise first
    return first


def _money(outcome: Valuation | ScoringError) -> object:
    if isinstance(outcome, ScoringError):
        return outcome.code
    return (outcome.rule, outcome.share, outcome.others_share)


def _from_tai_total(d: _Declared, win: Win, rules: Ruleset) -> Valuation:
    """A ruleset that counts 台 (双辣) from a declared 台 total (``_check`` refused 台N
    under any other); a total no hand of the declared shape and wilds reaches is refused."""
    assert rules.tai_total is not None
    tai = d.values[Fact.TAI]
    _check_reach(d, win, rules, tai)
    return rules.tai_total(tai, d.values.get(Fact.WILDS, 0), win, rules)


def _check_reach(d: _Declared, win: Win, rules: Ruleset, tai: int) -> None:
    """Refuse 台N above the richest hand the declared facts allow, naming that hand's items."""
    shape = _shape(d)
    wild_free = 0 in _wild_options(d)
    assert rules.richest_tai is not None
    richest = rules.richest_tai(shape or Shape.STANDARD, wild_free, win, rules)
    reach = sum(item.value for item in richest)
    if tai <= reach:
        return
    shape_zh, label_en = _SHAPE_WORDS.get(shape, ("", "a hand"))
    wild_zh = "" if wild_free else "有花"
    label_zh = f"{shape_zh}{wild_zh}" if shape_zh else f"{wild_zh}的牌" if wild_zh else "一手牌"
    if not wild_free:
        label_en += " with a wild"
    items_zh = " + ".join(f"{item.name} {item.value}" for item in richest) or "没有台"
    items_en = " + ".join(f"{item.name_en} {item.value}" for item in richest) or "no tai"
    raise _error(
        ScoringErrorCode.UNREACHABLE_TAI,
        d.tokens[Fact.TAI],
        f"{label_zh}最多 {reach} 台（{items_zh}），到不了 {tai} 台：请核对台数",
        f"{label_en} reaches at most {reach} tai ({items_en}), not {tai}: check the total",
    )


# How a 台 refusal names the declared shape (zh, en).
_SHAPE_WORDS: Final[dict[Shape | None, tuple[str, str]]] = {
    Shape.SEVEN_PAIRS: ("七对子", "seven pairs"),
    Shape.THIRTEEN_UNRELATED: ("十三不搭", "thirteen unrelated"),
}


def _error(code: ScoringErrorCode, token: Token, zh: str, en: str) -> ScoringError:
    return error_at(token, code, zh, en)


_ARTICLES: Final = frozenset({"a", "an", "the"})


def _english_regex(name_en: str) -> str:
    """'Seven pairs, double wild float' as typed: any case, spaces, commas or hyphens (or
    nothing) between the words, articles optional, the last word's plural s optional."""
    words = re.findall(r"[a-z0-9]+", name_en.casefold())
    parts = []
    for index, word in enumerate(words):
        if word in _ARTICLES:
            parts.append(f"(?:{word}[\\s,-]+)?")
            continue
        if index == len(words) - 1 or word.endswith("s"):
            word = re.escape(word.removesuffix("s")) + "s?"
        parts.extend((word, "[\\s,-]*"))
    return "".join(parts[:-1])


def _english_names() -> tuple[_Named, ...]:
    """Each table row's English name (what the replies print) read as its Chinese name
    reads, where that Chinese name is an entry quick entry reads without an argument;
    a name two rows read differently is left out (ambiguous)."""
    meanings: dict[str, set[tuple[tuple[Word, ...], tuple[tuple[Fact, int], ...]]]] = {}
    for rules in RULESETS.values():
        for row in (row for table in rules.tables for row in table.rows):
            zh = re.sub(r"[()（）]", " ", row.name)
            try:
                words, declared = _scan(zh, _COMPOUND_NAMES + _PATTERN_NAMES)
            except ScoringError:  # 放冲 needs a seat, 一辣 is no entry word: not typeable
                continue
            facts = tuple(sorted(declared.values.items()))
            meaning = (tuple(word for word, _ in words), facts)
            meanings.setdefault(_english_regex(row.name_en), set()).add(meaning)
    return tuple(
        _Named(re.compile(regex, re.IGNORECASE), *next(iter(found)))
        for regex, found in meanings.items()
        if len(found) == 1
    )


_ENGLISH_NAMES: Final = _english_names()
# Every word of every line is tried against the spellings (an earlier one wins a tie): an
# English row name only where a Latin letter or digit stands, a Chinese compound (杠爆) only
# where a Chinese character does; the pattern words may start either way.
_CHINESE_ONLY: Final = frozenset(
    named for name, named in zip(_COMPOUNDS, _COMPOUND_NAMES, strict=True) if not name[0].isascii()
)
_LATIN_ONLY: Final = frozenset(_ENGLISH_NAMES).union(set(_COMPOUND_NAMES) - _CHINESE_ONLY)
_NAMES_AT: Final = {
    latin: tuple(
        named
        for named in _COMPOUND_NAMES + _ENGLISH_NAMES + _PATTERN_NAMES
        if named not in (_CHINESE_ONLY if latin else _LATIN_ONLY)
    )
    for latin in (True, False)
}
