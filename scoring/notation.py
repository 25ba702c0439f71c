"""The hand notation (SPEC §1): one parser for what players type, and two formatters.

``parse_line`` reads a line in one pass: tile groups (MPSZ or Chinese names), exposed
melds ``[..]``, concealed kongs ``(..)``, the winning tile ``+T`` and the context words
(``scoring.words``). It checks only what holds under every ruleset (tile count, a fifth
copy, meld shapes, words that contradict each other); the rulesets check the rest, and
``ParsedLine`` keeps where each piece was written so their errors can name it.
``format_mpsz`` and ``format_zh`` write a hand back so that it parses to the same hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from scoring.errors import ErrorCode, ScoringError
from scoring.facts import WinFacts, with_facts
from scoring.hand import Context, Hand, Meld, MeldKind
from scoring.lexicon import (
    HOW_TO_WRITE_TILES_EN,
    HOW_TO_WRITE_TILES_ZH,
    Token,
    fold,
    scan_tiles,
    starts_tile,
)
from scoring.tiles import JOKER, SUITS, Tile, en_name, is_honor, mpsz, rank_of, suit_of, zh_name
from scoring.words import Word, build_context, scan_word, words_of, write_word

__all__ = [
    "ParsedLine",
    "ReadyLine",
    "Token",
    "format_meld",
    "format_mpsz",
    "format_tiles",
    "format_zh",
    "parse",
    "parse_line",
    "parse_ready",
]

HAND_SIZE: Final = 14
_SEPARATORS: Final = frozenset(",，、;；。")
_BRACKETS: Final = "[]()"
_DIGITS: Final = frozenset("0123456789")


@dataclass(frozen=True)
class ParsedLine:
    """A parsed winning hand and where each of its pieces was written."""

    line: str
    hand: Hand
    concealed: tuple[tuple[Tile, Token], ...]  # written order, the winning tile excluded
    winning: Token  # '+5s' as written, or the last concealed tile when no + was written
    melds: tuple[Token, ...]  # one per hand.melds, same order
    words: dict[str, Token] = field(default_factory=dict)  # WordKind value → its token


@dataclass(frozen=True)
class ReadyLine:
    """A ready hand for 听牌: 13 tiles counting melds as 3, no winning tile yet."""

    line: str
    concealed: tuple[Tile, ...]  # sorted, JOKER last
    melds: tuple[Meld, ...]
    context: Context
    words: dict[str, Token] = field(default_factory=dict)

    def complete(self, winning_tile: Tile, context: Context | None = None) -> Hand:
        """The winning hand this ready hand becomes with ``winning_tile``."""
        return Hand(self.concealed, winning_tile, self.melds, context or self.context)


@dataclass
class _Pieces:
    """Everything a line contains, in written order, before the checks."""

    concealed: list[tuple[Tile, Token]] = field(default_factory=list)
    melds: list[tuple[Meld, Token]] = field(default_factory=list)
    winning: tuple[Tile, Token] | None = None
    words: list[tuple[Word, Token]] = field(default_factory=list)


def parse(line: str) -> Hand:
    """The ``Hand`` a line describes; raises ScoringError naming the offending token."""
    return parse_line(line).hand


def parse_line(line: str, facts: WinFacts | None = None) -> ParsedLine:
    """Parse a winning hand (14 tiles, melds counted as 3) with its token positions;
    ``facts`` (the seats and winds the caller knows) count as words of the line."""
    pieces = _scan(line)
    context, word_tokens = build_context(with_facts(pieces.words, facts))
    _check_copies(pieces, context, word_tokens)
    if pieces.winning is not None:
        winning, concealed = pieces.winning, pieces.concealed
    elif pieces.concealed:
        winning, concealed = pieces.concealed[-1], pieces.concealed[:-1]
    else:
        raise _count_error(pieces, HAND_SIZE)
    if len(concealed) + 1 + 3 * len(pieces.melds) != HAND_SIZE:
        raise _count_error(pieces, HAND_SIZE)
    _check_kong_chain(pieces, context, word_tokens)
    hand = Hand(
        concealed=tuple(sorted(tile for tile, _ in concealed)),
        winning_tile=winning[0],
        melds=tuple(meld for meld, _ in pieces.melds),
        context=context,
    )
    return ParsedLine(
        line=line,
        hand=hand,
        concealed=tuple(concealed),
        winning=winning[1],
        melds=tuple(token for _, token in pieces.melds),
        words=word_tokens,
    )


def parse_ready(line: str) -> ReadyLine:
    """Parse a ready hand for 听牌: 13 tiles counting melds as 3, and no ``+``."""
    pieces = _scan(line)
    if pieces.winning is not None:
        raise ScoringError(
            ErrorCode.BAD_WINNING_TILE,
            "问听牌时不写胡的牌：只写手里的 13 张（吃碰杠各按 3 张算）",
            "a ready hand has no winning tile yet: write the 13 tiles you hold "
            "(each meld counts as 3), without +",
            pieces.winning[1].text,
            pieces.winning[1].position,
        )
    context, word_tokens = build_context(pieces.words)
    _check_copies(pieces, context, word_tokens)
    if len(pieces.concealed) + 3 * len(pieces.melds) != HAND_SIZE - 1:
        raise _count_error(pieces, HAND_SIZE - 1)
    _check_kong_chain(pieces, context, word_tokens)
    return ReadyLine(
        line=line,
        concealed=tuple(sorted(tile for tile, _ in pieces.concealed)),
        melds=tuple(meld for meld, _ in pieces.melds),
        context=context,
        words=word_tokens,
    )


# ---------------------------------------------------------------- scanning


def _scan(line: str) -> _Pieces:
    text = fold(line)
    if not text.strip():
        raise ScoringError(
            ErrorCode.EMPTY,
            f"没有写牌。请写出胡的牌，如 123m456m789m123p5s +5s 自摸（{HOW_TO_WRITE_TILES_ZH}）",
            f"the line is empty. Write the winning hand, e.g. 123m456m789m123p5s +5s tsumo "
            f"({HOW_TO_WRITE_TILES_EN})",
        )
    pieces = _Pieces()
    pos, end = 0, len(text)
    word_start, word_end = -1, -1  # the last context word, to quote it with glued digits
    while pos < end:
        char = text[pos]
        if char.isspace() or char in _SEPARATORS:
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
        else:
            # no context word starts with a digit: skip the word lookup for tile groups
            word = None if char in _DIGITS else scan_word(text, pos)
            if word is not None:
                pieces.words.append((word[0], Token(text[pos : word[1]], pos)))
                word_start, pos = pos, word[1]
                word_end = pos
                continue
            try:
                scanned = scan_tiles(text, pos) if starts_tile(char) else None
            except ScoringError as error:
                if pos == word_end and error.code is ErrorCode.UNKNOWN_TOKEN:
                    raise _unknown(text, word_start) from None  # 杠开5, 飘12: a bad word
                raise
            if scanned is None:
                raise _unknown(text, pos)
            pieces.concealed.extend(scanned[0])
            pos = scanned[1]
    return pieces


def _chunk(text: str, pos: int) -> Token:
    """The run of characters at ``pos`` up to a space or bracket: the token to quote."""
    stop = pos + 1
    while stop < len(text) and not text[stop].isspace() and text[stop] not in "[]()+":
        stop += 1
    return Token(text[pos:stop], pos)


def _unknown(text: str, pos: int) -> ScoringError:
    token = _chunk(text, pos)
    return ScoringError(
        ErrorCode.UNKNOWN_TOKEN,
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


def _scan_winning(text: str, plus: int, pieces: _Pieces) -> int:
    pos = plus + 1
    while pos < len(text) and text[pos].isspace():
        pos += 1
    scanned = scan_tiles(text, pos) if pos < len(text) and starts_tile(text[pos]) else None
    end = scanned[1] if scanned is not None else pos
    token = Token(text[plus:end], plus)
    if scanned is None or len(scanned[0]) != 1:
        raise ScoringError(
            ErrorCode.BAD_WINNING_TILE,
            "+ 后面要写胡的那一张牌，只写一张（如 +5s、+五条、+东）",
            "+ must be followed by the one winning tile, e.g. +5s, +五条, +东",
            _chunk(text, plus).text if scanned is None else token.text,
            plus,
        )
    if pieces.winning is not None:
        raise ScoringError(
            ErrorCode.BAD_WINNING_TILE,
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
        ErrorCode.MALFORMED_MELD,
        f"吃碰杠写得不对：{why_zh}。{_MELD_HOW_ZH}",
        f"malformed meld: {why_en}. {_MELD_HOW_EN}",
        token.text,
        token.position,
    )


# ---------------------------------------------------------------- checks


def _unordered_tiles(pieces: _Pieces) -> list[tuple[Tile, Token]]:
    """Every tile of the line, meld tiles with the meld's token."""
    tiles = [(tile, token) for meld, token in pieces.melds for tile in meld.tiles]
    tiles += pieces.concealed
    if pieces.winning is not None:
        tiles.append(pieces.winning)
    return tiles


def _check_copies(pieces: _Pieces, context: Context, words: dict[str, Token]) -> None:
    counts = [0] * (JOKER + 1)
    for tile, _ in _unordered_tiles(pieces):
        counts[tile] += 1
    if context.indicator is not None:
        counts[context.indicator] += 1
    if max(counts[:JOKER]) <= 4:
        return
    counts = [0] * (JOKER + 1)  # recount in written order to name the copy too many
    if context.indicator is not None:
        counts[context.indicator] = 1
    for tile, token in sorted(_unordered_tiles(pieces), key=lambda item: item[1].position):
        counts[tile] += 1
        if counts[tile] > 4 and tile != JOKER:
            name_zh, name_en = zh_name(tile), en_name(tile)
            if context.indicator == tile:
                indicator = words["indicator"].text
                zh = (
                    f"多了一张{name_zh}：翻出的牌（「{indicator}」）是四张{name_zh}中的一张，"
                    f"手里最多三张{name_zh}"
                )
                en = (
                    f"one {name_en} too many: the indicator “{indicator}” is one of the four "
                    f"{name_en}, so a hand holds at most three"
                )
            else:
                zh = f"第五张{name_zh}：每种牌只有四张，请检查是否写错了"
                en = f"a fifth {name_en}: there are only four of each tile; check for a typo"
            raise ScoringError(ErrorCode.FIFTH_COPY, zh, en, token.text, token.position)


def _count_error(pieces: _Pieces, needed: int) -> ScoringError:
    held = len(pieces.concealed) + (pieces.winning is not None)
    melds = len(pieces.melds)
    found = held + 3 * melds
    what = "胡牌" if needed == HAND_SIZE else "听牌"
    what_en = "a winning hand" if needed == HAND_SIZE else "a ready hand"
    if found > needed:
        diff_zh, diff_en = f"多了 {found - needed} 张", f"{found - needed} too many"
        token = _surplus(pieces, needed)
    else:
        diff_zh, diff_en = f"少了 {needed - found} 张", f"{needed - found} missing"
        token = pieces.winning[1] if pieces.winning else _last_written(pieces)
    return ScoringError(
        ErrorCode.TILE_COUNT,
        f"牌数不对：手牌 {held} 张 + {melds} 组吃碰杠 × 3 = {found} 张，{what}要 {needed} 张"
        f"（杠也按 3 张算），{diff_zh}",
        f"wrong number of tiles: {held} in hand + {melds} meld(s) × 3 = {found}; "
        f"{what_en} needs {needed} (a kong counts as 3): {diff_en}",
        token.text if token is not None else None,
        token.position if token is not None else None,
    )


def _pieces_in_order(pieces: _Pieces) -> list[tuple[int, Token]]:
    """(tiles it counts for, token) of every tile and meld, in written order."""
    items = [(1, token) for _, token in pieces.concealed]
    items += [(3, token) for _, token in pieces.melds]
    if pieces.winning is not None:
        items.append((1, pieces.winning[1]))
    items.sort(key=lambda item: item[1].position)
    return items


def _surplus(pieces: _Pieces, needed: int) -> Token | None:
    """The first tile or meld written beyond the ``needed`` count."""
    total = 0
    for size, token in _pieces_in_order(pieces):
        total += size
        if total > needed:
            return token
    return None


def _last_written(pieces: _Pieces) -> Token | None:
    items = _pieces_in_order(pieces)
    return items[-1][1] if items else None


def _check_kong_chain(pieces: _Pieces, context: Context, words: dict[str, Token]) -> None:
    kongs = sum(meld.kind.is_kong for meld, _ in pieces.melds)
    if context.kong_chain > kongs:
        token = words["kong_chain"]
        raise ScoringError(
            ErrorCode.CONFLICTING_WORDS,
            f"要手里有 {context.kong_chain} 个杠，这手牌只写了 {kongs} 个："
            "明杠/补杠写成 [7777s]，暗杠写成 (7777s)",
            f"needs {context.kong_chain} kong(s) in the hand but {kongs} written: "
            "write an exposed kong as [7777s], a concealed one as (7777s)",
            token.text,
            token.position,
        )


# ---------------------------------------------------------------- formatting


def _by_suit(tiles: Iterable[Tile]) -> list[tuple[str, list[Tile]]]:
    """Tiles grouped m, p, s, z in order (sorted within each), faceless wilds left out."""
    ordered = sorted(tile for tile in tiles if tile != JOKER)
    return [
        (suit, [tile for tile in ordered if suit_of(tile) == suit])
        for suit in (*SUITS, "z")
        if any(suit_of(tile) == suit for tile in ordered)
    ]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles as compact MPSZ, sorted and grouped by suit, the way players type them:
    ``123m55z*``."""
    tiles = list(tiles)
    groups = "".join(
        "".join(str(rank_of(t)) for t in group) + suit for suit, group in _by_suit(tiles)
    )
    return groups + "*" * tiles.count(JOKER)


_ZH_NUMERALS: Final = "一二三四五六七八九"
_ZH_SUITS: Final = {"m": "万", "p": "筒", "s": "条"}


def _group_zh(tiles: Iterable[Tile]) -> str:
    tiles = list(tiles)
    parts = [
        "".join(zh_name(t) for t in group)
        if suit == "z"
        else "".join(_ZH_NUMERALS[rank_of(t) - 1] for t in group) + _ZH_SUITS[suit]
        for suit, group in _by_suit(tiles)
    ]
    if JOKER in tiles:
        parts.append("财" * tiles.count(JOKER))
    return " ".join(parts)


def format_meld(meld: Meld, zh: bool = False) -> str:
    """A meld as written: ``[555p]``, ``(7777s)``; zh: ``[五五五筒]``."""
    tiles = _group_zh(meld.tiles) if zh else format_tiles(meld.tiles)
    return f"({tiles})" if meld.kind is MeldKind.CONCEALED_KONG else f"[{tiles}]"


def _format(hand: Hand, zh: bool) -> str:
    write = _group_zh if zh else format_tiles
    melds = [format_meld(meld, zh) for meld in hand.melds]
    winning = "+" + (zh_name(hand.winning_tile) if zh else mpsz(hand.winning_tile))
    words = [write_word(word, zh=zh) for word in words_of(hand.context)]
    return " ".join([write(hand.concealed), *melds, winning, *words])


def format_mpsz(hand: Hand) -> str:
    """Canonical MPSZ: ``123456m789p11z* [555p] (7777s) +5s 自摸 翻1m``."""
    return _format(hand, zh=False)


def format_zh(hand: Hand) -> str:
    """Canonical Chinese: ``一二三四五六万 东东 财 [五五五筒] (七七七七条) +五条 自摸 翻一万``."""
    return _format(hand, zh=True)
