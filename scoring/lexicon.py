"""How a tile may be written: character folding, MPSZ groups, Chinese tile names, wilds.

Shared by the notation parser (``scoring.notation``) and the context words (``翻T`` takes
a tile). Folding is one character for one character, so a position in the folded line
is the position in what the player typed.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from scoring.errors import ScoringError, ScoringErrorCode
from scoring.tiles import JOKER, Tile, tile_from


class Token(NamedTuple):
    """A piece of the line as written and its 0-based character offset."""

    text: str
    position: int


def _folding_table() -> dict[int, str]:
    table = {code: chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)}  # ！..～ → !..~
    table[0x3000] = " "  # ideographic space
    for wide, narrow in ("【[", "】]", "〔[", "〕]", "〖[", "〗]"):
        table[ord(wide)] = narrow  # what a Chinese keyboard types for [ ]
    return table


_FOLD: Final = _folding_table()
_FOLDABLE: Final = re.compile("[" + "".join(map(chr, sorted(_FOLD))) + "]")


def fold(text: str) -> str:
    """Full-width digits, letters, brackets and ``＋`` to ASCII; 【】 to []. Same length."""
    # most lines need no folding, and looking costs a tenth of translating
    if text.isascii() or _FOLDABLE.search(text) is None:
        return text
    return text.translate(_FOLD)


# Numerals of a tile group: ASCII digits or Chinese numerals (0 is read so it can be refused).
NUMERALS: Final = {str(d): d for d in range(10)} | {
    c: i + 1 for i, c in enumerate("一二三四五六七八九")
}
# Suit characters closing a group: MPSZ letters (either case) and the Chinese suit names.
SUIT_CHARS: Final = {
    "m": "m",
    "p": "p",
    "s": "s",
    "z": "z",
    "M": "m",
    "P": "p",
    "S": "s",
    "Z": "z",
    "万": "m",
    "萬": "m",
    "筒": "p",
    "饼": "p",
    "餅": "p",
    "条": "s",
    "條": "s",
    "索": "s",
}
# Whole-word tile names (honors) and the faceless wild. Longest match wins (白板 before 白).
TILE_NAMES: Final[dict[str, Tile]] = {
    "东": 27,
    "東": 27,
    "东风": 27,
    "東風": 27,
    "南": 28,
    "南风": 28,
    "南風": 28,
    "西": 29,
    "西风": 29,
    "西風": 29,
    "北": 30,
    "北风": 30,
    "北風": 30,
    "白": 31,
    "白板": 31,
    "发": 32,
    "發": 32,
    "中": 33,
    "红中": 33,
    "紅中": 33,
    "*": JOKER,
    "财": JOKER,
    "財": JOKER,
    "财神": JOKER,
    "財神": JOKER,
    "百搭": JOKER,
}
_NAME_STARTS: Final = frozenset(name[0] for name in TILE_NAMES)
_LONGEST_NAME: Final = max(len(name) for name in TILE_NAMES)
_SUIT_ZH: Final = {"m": "万", "p": "筒", "s": "条"}

HOW_TO_WRITE_TILES_ZH: Final = "牌写成 5m、123p、11z，或 五万、3条、东、中、白板；财神写 * 或 财"
HOW_TO_WRITE_TILES_EN: Final = (
    "write tiles as 5m, 123p, 11z, or 五万, 3条, 东, 中, 白板; a wild as * or 财"
)


def starts_tile(char: str) -> bool:
    """Whether a tile (group) may start with ``char``; cheap pre-check for the scanner."""
    return char in NUMERALS or char in _NAME_STARTS


def scan_tiles(line: str, pos: int) -> tuple[list[tuple[Tile, Token]], int] | None:
    """Read the tile group or tile name starting at ``pos`` of a folded line.

    Returns the tiles with a token each (``2m`` for the 2 of ``123m``, ``红中``) and the
    position after the group, or None when no tile starts there. A numeral run may have
    spaces inside (``1 2 3m``). Raises ScoringError for a run without a suit or a number
    that is no tile (``0m``, ``8z``).
    """
    char = line[pos]
    if char in NUMERALS:
        return _scan_numbered(line, pos)
    if char in _NAME_STARTS:
        for length in range(min(_LONGEST_NAME, len(line) - pos), 0, -1):
            name = line[pos : pos + length]
            tile = TILE_NAMES.get(name)
            if tile is not None:
                return [(tile, Token(name, pos))], pos + length
    return None


def _numbered_tiles() -> dict[str, Tile]:
    """'5m', '五万', '5條' … → tile: every numeral with every suit character it may take."""
    table: dict[str, Tile] = {}
    for numeral, number in NUMERALS.items():
        for suit_char, suit in SUIT_CHARS.items():
            try:
                table[numeral + suit_char] = tile_from(number, suit)
            except ValueError:
                continue  # 0m, 8z: refused with a message when written
    return table


_NUMBERED: Final = _numbered_tiles()
_ALL_NUMERALS: Final = "".join(NUMERALS)
_RUN: Final = re.compile(rf"[{_ALL_NUMERALS}][\s{_ALL_NUMERALS}]*")  # numerals, spaces between


def _scan_numbered(line: str, start: int) -> tuple[list[tuple[Tile, Token]], int]:
    run = _RUN.match(line, start)
    assert run is not None  # the caller saw a numeral at start
    suit_pos = run.end()
    numerals = [(char, at) for at, char in enumerate(run.group(), start) if char in NUMERALS]
    if suit_pos >= len(line) or line[suit_pos] not in SUIT_CHARS:
        _raise_no_suit(line, start, numerals)
    suit_char = line[suit_pos]
    tiles: list[tuple[Tile, Token]] = []
    for numeral, at in numerals:
        text = numeral + suit_char
        tile = _NUMBERED.get(text)
        if tile is None:
            raise _not_a_tile(text, at, NUMERALS[numeral], SUIT_CHARS[suit_char])
        tiles.append((tile, Token(text, at)))
    return tiles, suit_pos + 1


def _raise_no_suit(line: str, start: int, numerals: list[tuple[str, int]]) -> None:
    last = numerals[-1][1] + 1
    stop = last
    while stop < len(line) and not line[stop].isspace() and line[stop] not in "[]()+":
        stop += 1
    text = line[start:stop]
    raise ScoringError(
        ScoringErrorCode.UNKNOWN_TOKEN,
        "不是牌：数字后面要紧跟花色 m 万、p 筒、s 条、z 字（如 5m、五万、123p）。"
        + HOW_TO_WRITE_TILES_ZH,
        "not a tile: a number needs a suit right after it, m (characters), p (dots), "
        f"s (bamboo) or z (honors), as in 5m, 五万, 123p. {HOW_TO_WRITE_TILES_EN}",
        text,
        start,
    )


def _not_a_tile(text: str, position: int, number: int, suit: str) -> ScoringError:
    if suit == "z":
        zh = "没有这张字牌：字牌只有 1z–7z（东南西北白发中），也可以直接写 东 南 西 北 白 发 中"
        en = "no such honor: honors are 1z-7z (East South West North White Green Red)"
    else:
        zh = f"没有 {number} 这张牌：{_SUIT_ZH[suit]}子是 1–9（红五也写 5）"
        en = f"there is no {number}: suited tiles are 1-9 (write a red five as 5)"
    return ScoringError(
        ScoringErrorCode.UNKNOWN_TOKEN, f"不是牌。{zh}", f"not a tile. {en}", text, position
    )
