"""Reading a line into its pieces, in one pass: tile groups (MPSZ or Chinese names), exposed
melds ``[..]``, concealed kongs ``(..)``, the winning tile ``+T`` and the context words
(``scoring.words``), each with where it was written; errors name the token at fault.

Concealed tiles are kept as ints with where each group starts: a token per tile
(``tile_tokens``) is made only when an error or a caller asks for one. ``scoring.notation``
checks the pieces and builds the hand; ``scoring.plain_line`` reads the commonest lines
faster and leaves every other line to ``scan``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from scoring.errors import ScoringError, ScoringErrorCode
from scoring.hand import Meld, MeldKind
from scoring.lexicon import (
    HOW_TO_WRITE_TILES_EN,
    HOW_TO_WRITE_TILES_ZH,
    SUIT_CHARS,
    Token,
    fold,
    scan_tiles,
    starts_tile,
)
from scoring.tiles import JOKER, Tile, is_honor, tile_from
from scoring.words import Word, scan_word

_SEPARATORS: Final = frozenset(",，、;；。")
_BRACKETS: Final = "[]()"
_DIGITS: Final = frozenset("0123456789")
SUITED_CHARS: Final = "".join(char for char, suit in SUIT_CHARS.items() if suit != "z")
HONOR_CHARS: Final = "".join(char for char, suit in SUIT_CHARS.items() if suit == "z")
_DIGIT_GROUPS: Final = re.compile(f"(?:[1-9]+[{SUITED_CHARS}]|[1-7]+[{HONOR_CHARS}])+")
DIGIT_GROUP: Final = re.compile("([1-9]+)(.)")  # one group of a run _DIGIT_GROUPS matched
_PLAIN_WINNING: Final = re.compile(f"\\+\\s*([1-9])([{SUITED_CHARS}]|(?<=[1-7])[{HONOR_CHARS}])")
# Per suit character, what to add to a digit's character code to get its tile ('1' is 49).
TILE_OF_DIGIT_CODE: Final = {
    char: tile_from(1, suit) - ord("1") for char, suit in SUIT_CHARS.items()
}
# Per suit character, a table for ``bytes.translate`` from a digit's code to its tile.
TILE_BYTES: Final = {
    char: bytes(code + offset if ord("1") <= code <= ord("9") else 0 for code in range(256))
    for char, offset in TILE_OF_DIGIT_CODE.items()
}


class Pieces:
    """Everything a line contains, in written order, before the checks. Concealed tiles
    are kept as ints with where each group starts: a token per tile is made only when an
    error has to name one (``tile_tokens``)."""

    __slots__ = ("groups", "melds", "text", "tiles", "winning", "words")

    def __init__(self, text: str) -> None:
        self.text = text  # the folded line
        self.tiles: list[Tile] = []  # concealed, the + tile excluded
        self.groups: list[int] = []  # where each group of ``tiles`` starts
        self.melds: list[tuple[Meld, Token]] = []
        self.winning: tuple[Tile, Token] | None = None
        self.words: list[tuple[Word, Token]] = []

    @property
    def concealed(self) -> list[tuple[Tile, Token]]:
        return tile_tokens(self.text, self.groups)


def scan(line: str) -> Pieces:
    text = fold(line)
    if not text.strip():
        raise ScoringError(
            ScoringErrorCode.EMPTY,
            f"没有写牌。请写出胡的牌，如 123m456m789m123p5s +5s 自摸（{HOW_TO_WRITE_TILES_ZH}）",
            f"the line is empty. Write the winning hand, e.g. 123m456m789m123p5s +5s tsumo "
            f"({HOW_TO_WRITE_TILES_EN})",
        )
    pieces = Pieces(text)
    pos, end = 0, len(text)
    word_start, word_end = -1, -1  # the last context word, to quote it with glued digits
    while pos < end:
        char = text[pos]
        if char in _DIGITS and pos != word_end:  # no context word starts with a digit
            pos = _scan_group(text, pos, pieces)
        elif char.isspace() or char in _SEPARATORS:
            pos += 1
        elif char in "[(":
            meld, token, pos = _scan_meld(text, pos)
            pieces.melds.append((meld, token))
        elif char in "])":
            raise _malformed(
                Token(char, pos), "括号没有对应的开括号", "a closing bracket with no opening one"
            )
        elif char == "+":
            pos = _scan_winning(text, pos, pieces)
        elif char not in _DIGITS and (word := scan_word(text, pos)) is not None:
            pieces.words.append((word[0], Token(text[pos : word[1]], pos)))
            word_start, pos = pos, word[1]
            word_end = pos
        else:
            pos = (
                _scan_after_word(text, pos, pieces, word_start)
                if pos == word_end
                else (_scan_group(text, pos, pieces))
            )
    return pieces


def _scan_after_word(text: str, pos: int, pieces: Pieces, word_start: int) -> int:
    """Tiles glued to the word before them; when they are no tiles the word is what was
    mistyped (杠开5, 飘12), so the error quotes it whole."""
    try:
        return _scan_group(text, pos, pieces)
    except ScoringError as error:
        if error.code is ScoringErrorCode.UNKNOWN_TOKEN:
            raise _unknown(text, word_start) from None
        raise


def _scan_group(text: str, pos: int, pieces: Pieces) -> int:
    """A run of MPSZ groups written with ASCII digits (``46m555p123s``), read by one
    pattern and a map over each group's digits; anything else (Chinese numerals, spaces
    inside a group, 0m, 8z, no suit) goes to ``scan_tiles``, which also says what is wrong."""
    run = _DIGIT_GROUPS.match(text, pos)
    if run is None:
        return _scan_tiles(text, pos, pieces)
    tiles, groups = pieces.tiles, pieces.groups
    for digits, suit_char in DIGIT_GROUP.findall(run[0]):
        groups.append(pos)
        tiles += map(TILE_OF_DIGIT_CODE[suit_char].__add__, digits.encode())
        pos += len(digits) + 1
    return pos


def _scan_tiles(text: str, pos: int, pieces: Pieces) -> int:
    scanned = scan_tiles(text, pos) if starts_tile(text[pos]) else None
    if scanned is None:
        raise _unknown(text, pos)
    pieces.groups.append(pos)
    pieces.tiles += [tile for tile, _ in scanned[0]]
    return scanned[1]


def tile_tokens(text: str, groups: Iterable[int]) -> list[tuple[Tile, Token]]:
    """Each tile of the groups starting at ``groups`` with its token, read again."""
    tiles: list[tuple[Tile, Token]] = []
    for start in groups:
        scanned = scan_tiles(text, start)
        assert scanned is not None  # the scan found a tile group there
        tiles += scanned[0]
    return tiles


def _chunk(text: str, pos: int) -> Token:
    """The run of characters at ``pos`` up to a space or bracket: the token to quote."""
    stop = pos + 1
    while stop < len(text) and not text[stop].isspace() and text[stop] not in "[]()+":
        stop += 1
    return Token(text[pos:stop], pos)


def _unknown(text: str, pos: int) -> ScoringError:
    token = _chunk(text, pos)
    return ScoringError(
        ScoringErrorCode.UNKNOWN_TOKEN,
        f"看不懂：不是牌，也不是认识的词。{HOW_TO_WRITE_TILES_ZH}；"
        "吃碰写 [123m] [555p]，暗杠写 (7777s)，胡的牌写 +5s；"
        "后面可写 自摸、点炮S、杠开、飘1、抢杠S、承包S、天胡、地胡、翻1m、座S、圈S",
        f"not a tile and not a word this bot knows. {HOW_TO_WRITE_TILES_EN}; melds as "
        "[123m] [555p], a concealed kong as (7777s), the winning tile as +5s; then words "
        "such as tsumo (自摸), ron S (点炮S), gangkai (杠开), piao1 (飘1), rob S (抢杠S), "
        "contract S (承包S), tenhou (天胡), chiihou (地胡), flip 1m (翻1m), seat S (座S), "
        "round S (圈S)",
        token.text,
        token.position,
    )


def _scan_winning(text: str, plus: int, pieces: Pieces) -> int:
    plain = _PLAIN_WINNING.match(text, plus)
    if plain is not None and pieces.winning is None:
        pieces.winning = (TILE_OF_DIGIT_CODE[plain[2]] + ord(plain[1]), Token(plain[0], plus))
        return plain.end()
    pos = plus + 1
    while pos < len(text) and text[pos].isspace():
        pos += 1
    scanned = scan_tiles(text, pos) if pos < len(text) and starts_tile(text[pos]) else None
    end = scanned[1] if scanned is not None else pos
    token = Token(text[plus:end], plus)
    if scanned is None or len(scanned[0]) != 1:
        raise ScoringError(
            ScoringErrorCode.BAD_WINNING_TILE,
            "+ 后面要写胡的那一张牌，只写一张（如 +5s、+五条、+东）",
            "+ must be followed by the one winning tile, e.g. +5s, +五条, +东",
            _chunk(text, plus).text if scanned is None else token.text,
            plus,
        )
    if pieces.winning is not None:
        raise ScoringError(
            ScoringErrorCode.BAD_WINNING_TILE,
            f"胡的牌写了两次（前面已有「{pieces.winning[1].text}」）：只写一个 +",
            f"a second winning tile (“{pieces.winning[1].text}” is already given): write one +",
            token.text,
            plus,
        )
    pieces.winning = (scanned[0][0][0], token)
    return end


def _scan_meld(text: str, start: int) -> tuple[Meld, Token, int]:
    closer = "]" if text[start] == "[" else ")"
    tiles: list[Tile] = []
    pos = start + 1
    while True:
        if pos >= len(text):
            raise _malformed(
                Token(text[start:].rstrip(), start),
                f"括号没有关上：少了「{closer}」",
                f"the bracket is not closed: “{closer}” is missing",
            )
        char = text[pos]
        if char.isspace():
            pos += 1
        elif char == closer:
            break
        elif char in _BRACKETS:
            raise _malformed(
                Token(text[start : pos + 1], start),
                f"括号不配对：要用「{closer}」关上",
                f"brackets do not match: close it with “{closer}”",
            )
        elif starts_tile(char) and (scanned := scan_tiles(text, pos)) is not None:
            tiles.extend(tile for tile, _ in scanned[0])
            pos = scanned[1]
        else:
            stray = _chunk(text, pos)
            raise _malformed(
                Token(text[start : stray.position + len(stray.text)], start),
                "括号里只能写牌",
                "only tiles go inside brackets",
            )
    token = Token(text[start : pos + 1], start)
    return _meld(text[start], sorted(tiles), token), token, pos + 1


_MELD_HOW_ZH: Final = "吃写 [123m]，碰写 [555p]，明杠/补杠写 [7777s]，暗杠写 (7777s)"
_MELD_HOW_EN: Final = (
    "write a chow [123m], a pung [555p], an exposed kong [7777s], a concealed kong (7777s)"
)


def _meld(opener: str, tiles: list[Tile], token: Token) -> Meld:
    if JOKER in tiles:
        raise _malformed(
            token,
            "财神不能吃、碰、杠：副露里只能写真牌",
            "a wild cannot be used in a chow, pung or kong: melds hold real tiles only",
        )
    identical = bool(tiles) and tiles.count(tiles[0]) == len(tiles)
    if opener == "(":
        if len(tiles) == 4 and identical:
            return Meld(MeldKind.CONCEALED_KONG, tuple(tiles))
        raise _malformed(
            token,
            f"圆括号是暗杠，要写四张相同的牌，这里是 {len(tiles)} 张",
            f"round brackets are a concealed kong: four identical tiles, here {len(tiles)}",
        )
    if identical and len(tiles) in (3, 4):
        return Meld(MeldKind.PON if len(tiles) == 3 else MeldKind.KONG, tuple(tiles))
    if len(tiles) == 3 and _is_sequence(tiles):
        return Meld(MeldKind.CHI, tuple(tiles))
    if len(tiles) not in (3, 4):
        why = (
            f"副露要三张（吃、碰）或四张（杠），这里是 {len(tiles)} 张",
            f"a meld has 3 or 4 tiles, here {len(tiles)}",
        )
    elif len(tiles) == 4:
        why = ("杠要四张相同的牌", "a kong is four identical tiles")
    elif any(is_honor(tile) for tile in tiles):
        why = ("字牌不能吃（组顺子），只能碰或杠", "honors cannot form a chow, only a pung or kong")
    else:
        why = ("既不是顺子也不是刻子", "neither a chow (three in a row of one suit) nor a pung")
    raise _malformed(token, why[0], why[1])


def _is_sequence(tiles: Sequence[Tile]) -> bool:
    first = tiles[0]
    return (
        not is_honor(first) and first % 9 <= 6 and tiles[1] == first + 1 and tiles[2] == first + 2
    )


def _malformed(token: Token, why_zh: str, why_en: str) -> ScoringError:
    return ScoringError(
        ScoringErrorCode.MALFORMED_MELD,
        f"吃碰杠写得不对：{why_zh}。{_MELD_HOW_ZH}",
        f"malformed meld: {why_en}. {_MELD_HOW_EN}",
        token.text,
        token.position,
    )
