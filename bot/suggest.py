"""「是不是想写…？」: the nearest words to a token the bot could not read.

Players type on phones with a pinyin keyboard, so most slips are a homophone or a near
form of the right character (自模 for 自摸, 点跑 for 点炮, 老汪 for 老王) or one letter off
in English (``tsmo``). A token is compared with the words the bot would have understood
in its place by edit distance over characters in which such a slip (``SLIPS``) costs
nothing; only a close and unambiguous match is offered, so garbage gets no suggestion.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from scoring import rulesets
from scoring.lexicon import TILE_NAMES, fold
from scoring.vocabulary import spellings
from scoring.words import SEAT_NAMES

# Characters a pinyin keyboard (same sound) or a quick eye (same shape) swaps; each group
# is interchangeable. Data, not code: add a group when players are seen to mistype one.
SLIPS: Final[tuple[str, ...]] = (
    "摸模磨馍",
    "炮跑泡抛袍",
    "头投透",
    "对队兑",
    "杠扛刚钢岗港",
    "飘漂票瓢",
    "冲充",
    "胡糊湖壶",
    "花华化",
    "财才材",
    "神身",
    "爆暴报抱",
    "豪毫",
    "搭达答",
    "清青轻",
    "混浑",
    "包保宝",
    "抢枪强",
    "暗按安",
    "明名",
    "补卜",
    "刻克可",
    "辣拉啦",
    "开凯",
    "连联",
    "杭航",
    "州洲周舟",
    "万完玩",
    "条调",
    "筒同桶",
    "饼并兵",
    "无吴五",
    "有又友",
    # surnames and name characters that share a pinyin syllable
    "王汪望",
    "张章",
    "李理里",
    "刘流留",
    "陈晨",
    "杨阳羊",
    "黄皇",
    "赵照",
    "许徐",
    # Chinese numerals written where the vocabulary has digits (飘二 → 飘2)
    "一1",
    "二两2",
    "三3",
    "四4",
)
_CANONICAL: Final[dict[str, str]] = {char: group[0] for group in SLIPS for char in group}

# The kong kinds /kong takes (a test checks the grammar reads each).
KONG_WORDS: Final[tuple[str, ...]] = ("明杠", "暗杠", "补杠", "加杠", "直杠")

MAX_SUGGESTIONS: Final = 3
AMBIGUOUS: Final = 2  # more words than this equally near (and none exact after slips): no guess
MIN_RATIO: Final = 0.5  # difflib's ratio between token and word, slips undone


def tile_words() -> tuple[str, ...]:
    """Tiles as players write them: 5m … 7z, 五万 …, and the honour names."""
    codes = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)]
    codes += [f"{n}z" for n in range(1, 8)]
    chinese = [f"{numeral}{suit}" for suit in "万筒条" for numeral in "一二三四五六七八九"]
    return (*codes, *chinese, *(name for name in TILE_NAMES if name != "*"))


def ruleset_words() -> tuple[str, ...]:
    """Every name /new accepts for a ruleset: id, Chinese names and aliases (not a name two
    rulesets share, which /new refuses)."""
    accepted = frozenset(rulesets.names())
    return tuple(
        dict.fromkeys(
            name
            for rules in rulesets.RULESETS.values()
            for name in rules.names
            if name.casefold() in accepted
        )
    )


def room_words() -> tuple[str, ...]:
    """The room names /new takes for a 底分 (初级场 …)."""
    return tuple(
        dict.fromkeys(room.name for rules in rulesets.RULESETS.values() for room in rules.rooms)
    )


def entry_words(players: Iterable[str] = ()) -> tuple[str, ...]:
    """What may stand in a /hu or /score line: context words, quick words, tiles, players."""
    return tuple(dict.fromkeys([*spellings(), *tile_words(), *players]))


def seat_words() -> tuple[str, ...]:
    """The seats as /seat takes them: 东, E, 东家 …"""
    return tuple(SEAT_NAMES)


def _normal(text: str) -> str:
    return fold(text).strip().casefold()


def _distance(a: str, b: str) -> int:
    """Levenshtein distance over characters (insert, delete, substitute)."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b))
            )
        previous = current
    return previous[-1]


def _allowed(token_length: int, word_length: int) -> int:
    """Edits forgiven: none to a one-character token (too little to go on), then one in a
    short word and more in a long one."""
    if token_length <= 1:
        return 0
    length = max(token_length, word_length)
    return 1 if length <= 4 else 2 if length <= 8 else 3


def _canonical(text: str) -> str:
    """The text with every character replaced by the first of its slip group (模 → 摸), so
    that two spellings a slip apart compare equal."""
    return "".join(_CANONICAL.get(char, char) for char in text)


def _respelled(key: str, words: Mapping[str, str]) -> str | None:
    """Several words typed together with a slip among them (自摸七队有花 → 自摸七对有花):
    the words whose canonical spellings make up ``key`` end to end, written together."""
    by_canonical: dict[str, str] = {}
    for normal, word in words.items():
        by_canonical.setdefault(_canonical(normal), word)
    longest = max(map(len, by_canonical), default=0)
    # path[end]: the words that spell key[:end], found by the shortest reading first
    path: list[list[str] | None] = [[]] + [None] * len(key)
    for end in range(1, len(key) + 1):
        for start in range(max(0, end - longest), end):
            before = path[start]
            piece = by_canonical.get(key[start:end])
            if before is not None and piece is not None:
                path[end] = [*before, piece]
                break
    found = path[-1]
    return "".join(found) if found else None


def suggest(token: str, vocabulary: Sequence[str], limit: int = MAX_SUGGESTIONS) -> list[str]:
    """The ``limit`` words of ``vocabulary`` nearest to ``token``, best first; [] if none is
    near enough to be worth saying. Nothing is suggested for a token that is itself a word
    (it was refused for another reason), nor for one as near to many words as to any.

    A slip (``SLIPS``) costs nothing; any other edit one. Several words typed together with a
    slip among them are offered respelled whole."""
    wanted = _normal(token)
    words: dict[str, str] = {}  # normalised → the first spelling given
    for word in vocabulary:
        words.setdefault(_normal(word), word)
    if not wanted or wanted in words:
        return []
    key = _canonical(wanted)
    ranked: list[tuple[int, float, int, str]] = []
    for order, (normal, word) in enumerate(words.items()):
        if not normal or abs(len(normal) - len(key)) > _allowed(len(key), len(normal)):
            continue
        canonical = _canonical(normal)
        distance = _distance(key, canonical)
        if distance > _allowed(len(key), len(normal)):
            continue
        ratio = difflib.SequenceMatcher(None, key, canonical).ratio()
        if ratio >= MIN_RATIO:
            ranked.append((distance, -ratio, order, word))
    best = min((distance for distance, *_ in ranked), default=None)
    if best != 0:
        glued = _respelled(key, words)
        if glued is not None and _normal(glued) != wanted:
            return [glued]
    tied = [word for distance, _, _, word in sorted(ranked) if distance == best]
    if best and len(tied) > AMBIGUOUS:
        return []  # 5x is one letter from 5m, 5p, 5s and 5z: a guess, not a suggestion
    return tied[:limit]
