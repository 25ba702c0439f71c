"""What the core reads, asked word by word: for a caller that reads a line around it.

A chat grammar finds the players' names among the scoring words; it asks here whether a
word is one the core reads, where a word that takes a seat (点炮, 抢杠, 承包, ron …) stands,
and what to suggest for a word nobody knows, instead of reading the core's tables.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from scoring.errors import ScoringError
from scoring.lexicon import fold
from scoring.quick import SPELLINGS
from scoring.rulesets.base import Ruleset
from scoring.words import VOCABULARY, Arg, WordKind, match_word, scan_word

_SEAT_KINDS: Final = frozenset({WordKind.DISCARDER, WordKind.ROBBED_KONG, WordKind.CONTRACT})
# The forms of the words that take a player's seat, longest first: Chinese ones are found
# glued to what follows (点炮丙), English ones only whole (ron, discarded by).
_SEAT_FORMS: Final = tuple(
    sorted(
        ((form, kind) for form, (kind, arg) in VOCABULARY.items() if kind in _SEAT_KINDS),
        key=lambda item: len(item[0]),
        reverse=True,
    )
)
_WHOLE_SEAT_FORMS: Final = {form: kind for form, kind in _SEAT_FORMS if form.isascii()}
_GLUED_SEAT_FORMS: Final = tuple((form, kind) for form, kind in _SEAT_FORMS if not form.isascii())
_QUICK_SPELLINGS: Final = frozenset(spelling.casefold() for spelling in SPELLINGS)
# A line holds tiles when it has MPSZ groups, Chinese tile names, brackets or a +winning tile.
_TILES: Final = re.compile(
    r"[0-9０-９]+[mpsz]|[一二三四五六七八九1-9０-９][万萬筒饼餅条條]|[\[\]()（）+＋]"
)
# 翻1m, 翻 一万, flip 1m: the indicator and its tile (VOCABULARY's INDICATOR forms).
_INDICATOR_WORD: Final = re.compile(
    r"(?:翻|\b(?:flip|indicator))\s*(?:[0-9０-９一二三四五六七八九]+\s*[mpsz万萬筒饼餅条條]|\S)",
    re.IGNORECASE,
)
# The forms whose argument may be written as the next word (座 E, 翻 1m, seat S).
_ARGUMENT_WORDS: Final = frozenset(
    form for form, (_, value) in VOCABULARY.items() if isinstance(value, Arg)
)
assert all(VOCABULARY[form][1] is Arg.SEAT for form, _ in _SEAT_FORMS)


def seat_word_at(word: str) -> tuple[str, WordKind] | None:
    """(the form written, its kind) when ``word`` starts with a word that takes a seat:
    点炮丙 / 抢杠胡乙 glued, ron / rob / discarded by only whole (the seat is the next word)."""
    kind = _WHOLE_SEAT_FORMS.get(word.casefold())
    if kind is not None:
        return word, kind
    for form, kind in _GLUED_SEAT_FORMS:
        if word.startswith(form):
            return form, kind
    return None


def is_seat_word(text: str) -> bool:
    """Whether ``text`` is exactly a word that takes a seat (点炮, ron, discarded by, 抢杠胡)."""
    found = seat_word_at(text)
    return found is not None and found[0] == text


def is_scoring_word(word: str) -> bool:
    """Whether the core reads ``word`` as one of its words (自摸, 点炮, rob, 七对 …)."""
    if word.casefold() in _QUICK_SPELLINGS:
        return True
    try:
        return match_word(word) is not None
    except ScoringError:  # a word missing its argument: 点炮, rob, 翻
        return True


def takes_argument(word: str) -> bool:
    """Whether ``word`` is a whole word whose argument follows it (座, 翻, 点炮, seat, flip)."""
    return word.casefold() in _ARGUMENT_WORDS


def holds_tiles(line: str) -> bool:
    """Whether a line carries tiles (``score``) or only words (``quick``); the tile after
    翻 / flip names the indicator, not a tile of the hand."""
    return _TILES.search(_INDICATOR_WORD.sub(" ", line)) is not None


def starts_with_word(text: str) -> bool:
    """Whether ``text`` starts with a word or a tile the core reads (自摸爆头, 点炮丙, 七对有花,
    123m)."""
    folded = fold(text).strip()
    if not folded or seat_word_at(folded) is not None or _TILES.match(folded):
        return True
    try:
        if scan_word(folded, 0) is not None:
            return True
    except ScoringError:
        return True
    return any(folded.casefold().startswith(spelling) for spelling in _QUICK_SPELLINGS)


@cache
def spellings() -> tuple[str, ...]:
    """Every word a line may hold besides tiles, in its fixed spellings: what to suggest."""
    return tuple(dict.fromkeys([*VOCABULARY, *SPELLINGS]))


# What a button may add to a win, one spelling per thing quick entry reads (with the English a
# button shows beside it): the shapes and items first, then the words that say more about how
# the hand was won. Which of them a table's ruleset takes is for ``quick`` to say.
PATTERN_CHOICES: Final[tuple[tuple[str, str], ...]] = (
    ("爆头", "baotou"),
    ("七对", "seven pairs"),
    ("豪华", "luxury"),
    ("双豪华", "double luxury"),
    ("三豪华", "triple luxury"),
    ("十三不搭", "thirteen unrelated"),
    ("清一色", "pure one suit"),
    ("混一色", "mixed one suit"),
    ("对对胡", "all triplets"),
    ("座风刻", "seat wind triplet"),
    ("圈风刻", "round wind triplet"),
    ("中刻", "red triplet"),
    ("发刻", "green triplet"),
    ("白刻", "white triplet"),
    ("财飘", "one wild float"),
    ("双财飘", "two wild floats"),
    ("三财飘", "three wild floats"),
    ("二连杠", "two kongs in a row"),
    ("三连杠", "three kongs in a row"),
    ("天胡", "heavenly hand"),
    ("地胡", "earthly hand"),
)
# The two words that settle whether the hand held a wild, where the money depends on it.
WILD_CHOICES: Final[tuple[tuple[str, str], ...]] = (("有花", "with wild"), ("无花", "no wild"))


def pattern_choices() -> tuple[tuple[str, str], ...]:
    """(word, English) of every pattern a win may be declared with, for a picker; ``quick``
    says which ones a ruleset takes for a given win."""
    return PATTERN_CHOICES


def ruleset_spelling(word: str, rules: Ruleset) -> str:
    """``word`` as the ruleset's own tables name what it means, for a picker's label: 飘一花
    for 财飘 under 硬飘花 (quick entry reads both alike), the word itself where its tables
    name it so or name none of its spellings."""
    meaning = VOCABULARY.get(word)
    if meaning is None or rules.names_row(word):
        return word
    return next(
        (form for form, same in VOCABULARY.items() if same == meaning and rules.names_row(form)),
        word,
    )
