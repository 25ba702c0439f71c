"""The context words written after the tiles (SPEC §1), as one table, and seats.

``VOCABULARY`` maps every surface form to the word's kind and either its value or the
kind of argument that follows it (``点炮S``, ``翻1m``). ``match_word`` recognises one word;
``scan_word`` reads one inside a line; ``build_context`` checks a line's words against
each other and makes the ``LineContext``; ``read_winds`` says which winds a line states;
``words_of`` and ``write_word`` go back to text.
Quick entry reuses these and adds its own words (爆头, 七对 …) in its own module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Final

from scoring.errors import SAID_POSITION, Naming, Said, ScoringError, ScoringErrorCode
from scoring.hand import LineContext
from scoring.lexicon import Token, fold, scan_tiles
from scoring.tiles import JOKER, Seat, mpsz, zh_name


class WordKind(StrEnum):
    """What a context word says; the value is the ``LineContext`` field it sets."""

    SELF_DRAW = "self_draw"
    DISCARDER = "discarder"
    KONG_CHAIN = "kong_chain"
    PIAO = "piao"
    ROBBED_KONG = "robbed_kong_of"
    CONTRACT = "contract_payer"
    HEAVENLY = "heavenly"
    EARTHLY = "earthly"
    INDICATOR = "indicator"
    SEAT_WIND = "seat_wind"
    ROUND_WIND = "round_wind"

    @property
    def zh(self) -> str:
        return _KIND_NAMES[self][0]

    @property
    def en(self) -> str:
        return _KIND_NAMES[self][1]


_KIND_NAMES: Final = {
    WordKind.SELF_DRAW: ("自摸", "self-draw"),
    WordKind.DISCARDER: ("点炮", "discarder"),
    WordKind.KONG_CHAIN: ("杠开", "win on a kong replacement"),
    WordKind.PIAO: ("飘", "piao"),
    WordKind.ROBBED_KONG: ("抢杠", "robbing a kong"),
    WordKind.CONTRACT: ("承包", "contract payer"),
    WordKind.HEAVENLY: ("天胡", "heavenly hand"),
    WordKind.EARTHLY: ("地胡", "earthly hand"),
    WordKind.INDICATOR: ("翻牌", "indicator"),
    WordKind.SEAT_WIND: ("座风", "seat wind"),
    WordKind.ROUND_WIND: ("圈风", "round wind"),
}

WordValue = bool | int | Seat  # a tile (翻T) is an int


class Arg(Enum):
    """The argument a word takes right after it (spaces allowed between)."""

    SEAT = "seat"
    TILE = "tile"


@dataclass(frozen=True)
class Word:
    kind: WordKind
    value: WordValue


def _numbered(kind: WordKind, forms: dict[str, int]) -> dict[str, tuple[WordKind, WordValue]]:
    return {form: (kind, n) for form, n in forms.items()}


def _spaced(*hyphenated: str) -> tuple[str, ...]:
    """Each two-part English word as people type it: 'self-draw', 'self draw', 'selfdraw'."""
    return tuple(
        form
        for word in hyphenated
        for form in (word, word.replace("-", " "), word.replace("-", ""))
    )


_K, _P = WordKind.KONG_CHAIN, WordKind.PIAO

# Surface form → (kind, value) or (kind, argument). ASCII forms are matched case-insensitively.
VOCABULARY: Final[dict[str, tuple[WordKind, WordValue | Arg]]] = {
    **{form: (WordKind.SELF_DRAW, True) for form in ("自摸", "tsumo", "zimo", "zi mo", "self")},
    **{form: (WordKind.SELF_DRAW, True) for form in _spaced("self-draw", "self-drawn")},
    **{form: (WordKind.DISCARDER, Arg.SEAT) for form in ("点炮", "放冲", "放炮", "点冲")},
    **{form: (WordKind.DISCARDER, Arg.SEAT) for form in ("ron", "discard", "dianpao")},
    **{form: (WordKind.DISCARDER, Arg.SEAT) for form in _spaced("dian-pao", "discarded-by")},
    **_numbered(_K, {"杠开": 1, "杠上开花": 1, "杠上花": 1, "杠开1": 1, "杠开2": 2, "杠开3": 3}),
    **_numbered(_K, {"杠开4": 4, "二连杠": 2, "三连杠": 3, "四连杠": 4}),
    **_numbered(_K, {"rinshan": 1, "rinshan2": 2, "rinshan3": 3, "rinshan4": 4}),
    **_numbered(_K, {"gangkai": 1, "gangkai2": 2, "gangkai3": 3, "gangkai4": 4}),
    **_numbered(_K, dict.fromkeys(_spaced("gang-kai", "kong-bloom"), 1)),
    **_numbered(_P, {"飘1": 1, "飘2": 2, "飘3": 3, "财飘": 1, "双财飘": 2, "三财飘": 3}),
    **_numbered(_P, {"飘一花": 1, "飘两花": 2, "飘二花": 2, "飘三花": 3}),
    # 飘2花 as players type the count (a digit where the seed writes 两)
    **_numbered(_P, {"飘1花": 1, "飘2花": 2, "飘3花": 3}),
    # piao1 / piao 1, and float (as the replies call 飘 in English)
    **_numbered(
        _P, {f"{w}{gap}{n}": n for w in ("piao", "float") for gap in ("", " ") for n in (1, 2, 3)}
    ),
    **{form: (WordKind.ROBBED_KONG, Arg.SEAT) for form in ("抢杠", "抢杠胡", "chankan", "rob")},
    **{form: (WordKind.ROBBED_KONG, Arg.SEAT) for form in _spaced("qiang-gang", "rob-kong")},
    # 'robbing a kong' is how the replies name it (WordKind.en)
    **{form: (WordKind.ROBBED_KONG, Arg.SEAT) for form in _spaced("robbing-kong")},
    **{
        form: (WordKind.ROBBED_KONG, Arg.SEAT)
        for form in ("robbing a kong", "robbing the kong", "rob the kong")
    },
    **{
        form: (WordKind.CONTRACT, Arg.SEAT)
        for form in ("三摊承包", "承包", "contract", "chengbao")  # 三摊承包: the seed's name
    },
    **{form: (WordKind.CONTRACT, Arg.SEAT) for form in _spaced("cheng-bao")},
    **{form: (WordKind.HEAVENLY, True) for form in ("天胡", "tenhou", "tianhu", "heavenly")},
    **{form: (WordKind.HEAVENLY, True) for form in _spaced("tian-hu", "heavenly-hand")},
    **{form: (WordKind.EARTHLY, True) for form in ("地胡", "chiihou", "dihu", "earthly")},
    **{form: (WordKind.EARTHLY, True) for form in _spaced("di-hu", "earthly-hand")},
    **{form: (WordKind.INDICATOR, Arg.TILE) for form in ("翻", "flip", "indicator")},
    # 座风南 and 圈风S as the refusal messages write them (座风 is the kind's own name), 门风
    # as Huzhou players say it; 座风刻 / 门风刻 / 圈风刻 are quick entry's triplet facts.
    **{form: (WordKind.SEAT_WIND, Arg.SEAT) for form in ("座", "座风", "门风", "seat")},
    **{form: (WordKind.SEAT_WIND, Arg.SEAT) for form in _spaced("seat-wind")},
    **{form: (WordKind.ROUND_WIND, Arg.SEAT) for form in ("圈", "圈风", "round")},
    **{form: (WordKind.ROUND_WIND, Arg.SEAT) for form in _spaced("round-wind")},
}

SEAT_NAMES: Final[dict[str, Seat]] = {
    name: seat
    for seat, names in (
        (Seat.E, ("e", "east", "东", "東", "东家", "東家", "东风", "東風")),
        (Seat.S, ("s", "south", "南", "南家", "南风", "南風")),
        (Seat.W, ("w", "west", "西", "西家", "西风", "西風")),
        (Seat.N, ("n", "north", "北", "北家", "北风", "北風")),
    )
    for name in names
}


def _by_first_char(forms: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Forms indexed by first character, longest first, so the longest match wins."""
    index: dict[str, list[str]] = {}
    for form in sorted(forms, key=len, reverse=True):
        index.setdefault(form[0], []).append(form)
    return {char: tuple(group) for char, group in index.items()}


_WORD_INDEX: Final = _by_first_char(list(VOCABULARY))
# The word each form that takes no argument says, built once (自摸, 杠开2, 财飘 …).
_WORDS_WITHOUT_ARG: Final = {
    form: Word(kind, value)
    for form, (kind, value) in VOCABULARY.items()
    if not isinstance(value, Arg)
}
_SEAT_INDEX: Final = _by_first_char(list(SEAT_NAMES))


def ascii_letter(char: str) -> bool:
    """A Latin letter: where an English word goes on (ASCII forms match whole words only)."""
    return char.isascii() and char.isalpha()


def _match_form(line: str, pos: int, index: dict[str, tuple[str, ...]]) -> str | None:
    """The longest form of ``index`` written at ``pos`` (ASCII forms whole words only)."""
    first = line[pos]
    for form in index.get(first.lower() if first.isascii() else first, ()):
        end = pos + len(form)
        if form.isascii():
            if line[pos:end].lower() != form or (end < len(line) and ascii_letter(line[end])):
                continue
        elif not line.startswith(form, pos):
            continue
        return form
    return None


def scan_seat(line: str, pos: int) -> tuple[Seat, int] | None:
    """The seat written at ``pos`` (E S W N, 东 南 西 北, east, 南家 …) and where it ends."""
    if pos >= len(line):
        return None
    form = _match_form(line, pos, _SEAT_INDEX)
    return (SEAT_NAMES[form], pos + len(form)) if form is not None else None


def parse_seat(text: str) -> Seat | None:
    """A whole string as a seat, or None: 'E', 's', '南', 'North', '西家'."""
    folded = fold(text).strip()
    found = scan_seat(folded, 0) if folded else None
    return found[0] if found is not None and found[1] == len(folded) else None


_SEAT_CODES: Final = {seat.value: seat for seat in Seat}


def seat_or_error(text: str | Seat) -> Seat:
    """A seat, or a whole string as a seat; a BAD_SEAT error naming it otherwise."""
    seat = _SEAT_CODES.get(text) or parse_seat(text)  # E S W N (and Seat itself) at once
    if seat is None:
        raise ScoringError(
            ScoringErrorCode.BAD_SEAT,
            "不是座位：座位写 E S W N 或 东 南 西 北",
            "not a seat: write a seat as E S W N (or 东 南 西 北)",
            text,
        )
    return seat


def scan_word(line: str, pos: int) -> tuple[Word, int] | None:
    """The context word written at ``pos`` of a folded line and where it ends, or None.

    Raises ScoringError when a word that takes an argument (点炮, 翻 …) is followed by
    something that is not one (BAD_SEAT, BAD_INDICATOR).
    """
    form = _match_form(line, pos, _WORD_INDEX)
    if form is None:
        return None
    end = pos + len(form)
    word = _WORDS_WITHOUT_ARG.get(form)
    if word is not None:
        return word, end
    kind, value = VOCABULARY[form]
    assert isinstance(value, Arg)
    arg_pos = end
    while arg_pos < len(line) and line[arg_pos].isspace():
        arg_pos += 1
    if value is Arg.SEAT:
        seat = scan_seat(line, arg_pos)
        if seat is None:
            raise _bad_seat(kind, line, pos, arg_pos)
        return Word(kind, seat[0]), seat[1]
    return _scan_indicator(line, pos, arg_pos)


def _chunk_end(line: str, pos: int) -> int:
    """End of the non-space run at ``pos``: how much of a bad argument to quote."""
    while pos < len(line) and not line[pos].isspace() and line[pos] not in "[]()+":
        pos += 1
    return pos


# The English word the messages suggest for each word that takes a seat.
_EN_EXAMPLE: Final = {
    WordKind.DISCARDER: "ron",
    WordKind.ROBBED_KONG: "rob",
    WordKind.CONTRACT: "contract",
    WordKind.SEAT_WIND: "seat",
    WordKind.ROUND_WIND: "round",
}


def _bad_seat(kind: WordKind, line: str, start: int, arg_pos: int) -> ScoringError:
    token = line[start : _chunk_end(line, arg_pos)].rstrip()
    return ScoringError(
        ScoringErrorCode.BAD_SEAT,
        f"{kind.zh}后面要写座位 E S W N 或 东 南 西 北（如 {kind.zh}S、{kind.zh}南）",
        f"{kind.zh} ({kind.en}) must be followed by a seat, E S W N or 东 南 西 北 "
        f"(e.g. {kind.zh}S or {_EN_EXAMPLE.get(kind, kind.zh)} S)",
        token,
        start,
    )


def _scan_indicator(line: str, start: int, arg_pos: int) -> tuple[Word, int]:
    tiles = scan_tiles(line, arg_pos) if arg_pos < len(line) else None
    if tiles is not None and len(tiles[0]) == 1 and tiles[0][0][0] != JOKER:
        return Word(WordKind.INDICATOR, tiles[0][0][0]), tiles[1]
    end = tiles[1] if tiles is not None else _chunk_end(line, arg_pos)
    raise ScoringError(
        ScoringErrorCode.BAD_INDICATOR,
        "翻后面要写翻出的那一张牌（如 翻1m、翻北、翻中、翻一万），只写一张，不能是财神",
        "flip (翻, the indicator) must be followed by the one tile turned up, e.g. flip 1m, "
        "flip 4z, 翻北, 翻中; one tile, not a wild",
        line[start:end].rstrip(),
        start,
    )


def match_word(text: str) -> Word | None:
    """``text`` as exactly one context word ('自摸', '点炮S', '翻一万', 'ron s'), or None.

    Raises ScoringError for a known word with a bad argument ('点炮Q', '翻*').
    """
    folded = fold(text)
    offset = len(folded) - len(folded.lstrip())
    body = folded.strip()
    if not body:
        return None
    try:
        found = scan_word(body, 0)
    except ScoringError as error:
        if error.position is not None:
            error.position += offset
        raise
    return found[0] if found is not None and found[1] == len(body) else None


def read_winds(line: str) -> tuple[Seat | None, Seat | None]:
    """The (seat wind, round wind) ``line`` states in words the scorer reads, None where it
    states none: '座南' → (S, None), 'seat W round S' → (W, S). Facts such as 座风刻 or
    圈风刻 are not winds, and an ASCII form counts only as a word of its own. A wind given
    twice reads as the first (the scorer refuses two different ones)."""
    folded = fold(line)
    winds: dict[WordKind, Seat] = {}
    for pos, char in enumerate(folded):
        if pos and ascii_letter(char) and ascii_letter(folded[pos - 1]):
            continue  # inside an ASCII word ('around S' names no round)
        try:
            found = scan_word(folded, pos)
        except ScoringError:
            continue  # 座风刻, 圈圈 (a name): a wind word without a seat states nothing
        if found is not None and isinstance(found[0].value, Seat):
            winds.setdefault(found[0].kind, found[0].value)
    return winds.get(WordKind.SEAT_WIND), winds.get(WordKind.ROUND_WIND)


def stated_winds(line: str) -> tuple[bool, bool]:
    """Whether ``line`` already states (seat wind, round wind): ``read_winds`` as booleans."""
    seat_wind, round_wind = read_winds(line)
    return seat_wind is not None, round_wind is not None


# Words that cannot stand together in one line, and why.
_SELF_DRAWN: Final = (WordKind.SELF_DRAW, WordKind.KONG_CHAIN, WordKind.PIAO, WordKind.HEAVENLY)
_WHY_SELF_DRAWN: Final = {
    WordKind.SELF_DRAW: ("自摸是自己摸到胡的牌", "self-draw means the winner drew the tile"),
    WordKind.KONG_CHAIN: ("杠开是杠后自己摸到的牌", "a kong-replacement win is self-drawn"),
    WordKind.PIAO: ("飘是飘家自己摸到胡的牌", "a piao win is self-drawn"),
    WordKind.HEAVENLY: ("天胡是庄家起手就胡，没有人打牌", "a heavenly hand wins on the deal"),
}
CONFLICTS: Final[dict[frozenset[WordKind], tuple[str, str]]] = {
    **{
        frozenset((kind, WordKind.DISCARDER)): (
            f"{zh}，点炮是别人打出的牌，只能写一个",
            f"{en}; a discarder means someone else threw it. Keep one",
        )
        for kind, (zh, en) in _WHY_SELF_DRAWN.items()
    },
    **{
        frozenset((kind, WordKind.ROBBED_KONG)): (
            f"{zh}，抢杠胡的是别人补杠的那张牌",
            f"{en}; robbing a kong wins on the tile another player adds to a kong",
        )
        for kind, (zh, en) in _WHY_SELF_DRAWN.items()
    },
    frozenset((WordKind.DISCARDER, WordKind.ROBBED_KONG)): (
        "抢杠胡由被抢杠的人付，不写点炮（只写 抢杠X）",
        "a robbed kong is paid by the kong's owner: write only rob X, no discarder",
    ),
    frozenset((WordKind.EARTHLY, WordKind.ROBBED_KONG)): (
        "地胡是第一轮就胡，那时还没有人杠",
        "an earthly hand wins in the first turn, before anyone can kong",
    ),
    frozenset((WordKind.HEAVENLY, WordKind.EARTHLY)): (
        "天胡是庄家起手胡，地胡是闲家第一轮胡，只能是一个",
        "a heavenly hand is the dealer's, an earthly hand a non-dealer's: keep one",
    ),
    # Wins that cannot have happened (docs/rules.md): 飘 needs the winner's own earlier
    # discard of a wild, a kong changes the dealt hand.
    frozenset((WordKind.HEAVENLY, WordKind.PIAO)): (
        "天胡是庄家起手就胡，还没打过牌；飘要先打出自己的财神，不会是天胡",
        "a heavenly hand wins on the deal, before any discard; a float needs the winner's "
        "own wild discarded first, so it cannot be heavenly",
    ),
    frozenset((WordKind.EARTHLY, WordKind.PIAO)): (
        "地胡是闲家第一轮就胡，自己还没打过牌；飘要先打出自己的财神，不会是地胡",
        "an earthly hand wins in the winner's first go-round, before they discard anything; a "
        "float needs the winner's own wild discarded first, so it cannot be earthly",
    ),
    frozenset((WordKind.HEAVENLY, WordKind.KONG_CHAIN)): (
        "天胡是起手的 14 张就胡；杠了再摸牌，胡的就不是起手的牌，不会是天胡",
        "a heavenly hand is the dealt 14 tiles; after a kong and its replacement draw the "
        "hand is no longer the dealt one, so it cannot be heavenly",
    ),
}


def build_context(found: Sequence[tuple[Word, Token]]) -> tuple[LineContext, dict[str, Token]]:
    """The ``LineContext`` of a line's words, and each kind's token (keyed by kind value).

    A word repeated with the same value is harmless; with another value, or two words
    that contradict each other (自摸 with 点炮X …), it is a CONFLICTING_WORDS error on the
    later one. 杠开, 飘 and 天胡 are self-drawn; so is 地胡 unless a discarder is named.
    """
    seen: dict[WordKind, tuple[Word, Token]] = {}
    for word, token in found:
        earlier = seen.get(word.kind)
        if earlier is None:
            for kind, (_, other) in seen.items():
                reason = CONFLICTS.get(frozenset((kind, word.kind)))
                if reason is not None:
                    raise _conflict(token, other, reason)
            seen[word.kind] = (word, token)
        elif earlier[0].value != word.value:
            why = (
                f"{word.kind.zh}只能写一次，两处写得不一样",
                f"{word.kind.en} is given twice with different values",
            )
            raise _conflict(token, earlier[1], why)

    def value(kind: WordKind) -> WordValue | None:
        return seen[kind][0].value if kind in seen else None

    def seat(kind: WordKind) -> Seat | None:
        found_value = value(kind)
        return found_value if isinstance(found_value, Seat) else None

    discarder = seat(WordKind.DISCARDER)
    self_drawn = any(kind in seen for kind in _SELF_DRAWN) or (
        WordKind.EARTHLY in seen and discarder is None
    )
    indicator = value(WordKind.INDICATOR)
    context = LineContext(
        self_draw=self_drawn,
        discarder=discarder,
        kong_chain=int(value(WordKind.KONG_CHAIN) or 0),
        piao=int(value(WordKind.PIAO) or 0),
        robbed_kong_of=seat(WordKind.ROBBED_KONG),
        contract_payer=seat(WordKind.CONTRACT),
        heavenly=WordKind.HEAVENLY in seen,
        earthly=WordKind.EARTHLY in seen,
        indicator=None if indicator is None else int(indicator),
        seat_wind=seat(WordKind.SEAT_WIND),
        round_wind=seat(WordKind.ROUND_WIND) or Seat.E,
    )
    return context, {kind.value: token for kind, (_, token) in seen.items()}


# The context of each run of word texts already met, and which of its words each kind kept.
_CONTEXTS: dict[tuple[str, ...], tuple[LineContext, tuple[tuple[str, int], ...]]] = {}
_CONTEXTS_KEPT: Final = 1024  # distinct word runs remembered (a handful cover most lines)


def context_of(found: Sequence[tuple[Word, Token]]) -> tuple[LineContext, dict[str, Token]]:
    """``build_context``, remembered per the words' texts: what a line's words mean does
    not depend on where they stand, and most lines say the same few things (自摸, 点炮S …).
    A refusal is never remembered: it is raised afresh with this line's positions."""
    key = tuple([token.text for _, token in found])
    known = _CONTEXTS.get(key)
    if known is None:
        context, tokens = build_context(found)
        kept = tuple(
            (kind, next(index for index, (_, seen) in enumerate(found) if seen is token))
            for kind, token in tokens.items()
        )
        if len(_CONTEXTS) < _CONTEXTS_KEPT:
            _CONTEXTS[key] = (context, kept)
        return context, tokens
    context, kept = known
    return context, {kind: found[index][1] for kind, index in kept}


def _conflict(token: Token, other: Token, why: tuple[str, str]) -> ScoringError:
    """``token`` contradicts the earlier ``other`` (either may be a word given as a value)."""
    why_zh, why_en = why
    return error_at(
        token,
        ScoringErrorCode.CONFLICTING_WORDS,
        f"和「{other.text}」矛盾：{why_zh}",
        f"contradicts “{other.text}”: {why_en}",
        other=said_of(other) or other.text,
        why=why,
    )


def said_of(token: Token) -> Said | None:
    """The word given as a value a token stands for (``scoring.WinFacts``), None for a typed one."""
    if token.position != SAID_POSITION:
        return None
    word = match_word(token.text)
    assert word is not None and isinstance(word.value, Seat), token
    return Said(word.kind.value, word.value)


def error_at(
    token: Token | None, code: ScoringErrorCode, zh: str, en: str, **params: object
) -> ScoringError:
    """An error about ``token`` (typed, or a word given as a value), or about no token."""
    if token is None:
        return ScoringError(code, zh, en, naming=Naming(params=params))
    return ScoringError(
        code, zh, en, token.text, token.position, naming=Naming(said_of(token), params)
    )


def words_of(context: LineContext) -> tuple[Word, ...]:
    """The fewest words that say ``context`` (自摸 only where nothing else implies it)."""
    implied_self_draw = (
        context.kong_chain > 0
        or context.piao > 0
        or context.heavenly
        or (context.earthly and context.discarder is None)
    )
    said_self_draw = True if context.self_draw and not implied_self_draw else None
    candidates: list[tuple[WordKind, WordValue | None]] = [
        (WordKind.SELF_DRAW, said_self_draw),
        (WordKind.DISCARDER, context.discarder),
        (WordKind.KONG_CHAIN, context.kong_chain or None),
        (WordKind.PIAO, context.piao or None),
        (WordKind.ROBBED_KONG, context.robbed_kong_of),
        (WordKind.CONTRACT, context.contract_payer),
        (WordKind.HEAVENLY, context.heavenly or None),
        (WordKind.EARTHLY, context.earthly or None),
        (WordKind.INDICATOR, context.indicator),
        (WordKind.SEAT_WIND, context.seat_wind),
        (WordKind.ROUND_WIND, None if context.round_wind is Seat.E else context.round_wind),
    ]
    return tuple(Word(kind, value) for kind, value in candidates if value is not None)


_SEAT_WORDS: Final = {
    WordKind.DISCARDER: "点炮",
    WordKind.ROBBED_KONG: "抢杠",
    WordKind.CONTRACT: "承包",
    WordKind.SEAT_WIND: "座",
    WordKind.ROUND_WIND: "圈",
}
_ZH_CHAIN: Final = {1: "杠开", 2: "二连杠", 3: "三连杠", 4: "四连杠"}
_ZH_PIAO: Final = {1: "财飘", 2: "双财飘", 3: "三财飘"}


def write_word(word: Word, zh: bool = False) -> str:
    """Canonical text of a word: '点炮S', '杠开2', '翻1m'; zh: '点炮南', '二连杠', '翻一万'."""
    kind, value = word.kind, word.value
    if isinstance(value, Seat):
        return _SEAT_WORDS[kind] + (value.zh if zh else value.value)
    if kind is WordKind.INDICATOR:
        return "翻" + (zh_name(value) if zh else mpsz(value))
    if kind is WordKind.KONG_CHAIN:
        return _ZH_CHAIN[value] if zh or value == 1 else f"杠开{value}"
    if kind is WordKind.PIAO:
        return _ZH_PIAO[value] if zh else f"飘{value}"
    return kind.zh
