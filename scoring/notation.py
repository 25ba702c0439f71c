"""The hand notation (SPEC §1): one parser for what players type, and two formatters.

``parse_line`` reads a line in one pass (``scoring.scanning``: tile groups, melds, the
winning tile ``+T``, the context words; a plain line by ``scoring.plain_line``'s one
pattern). It checks only what holds under every ruleset (tile count, a fifth copy, meld
shapes, words that contradict each other); the rulesets check the rest, and
``ParsedLine`` keeps where each piece was written so their errors can name it.
``format_mpsz`` and ``format_zh`` write a hand back so that it parses to the same hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import eq
from typing import Final

from scoring.errors import ScoringError, ScoringErrorCode
from scoring.facts import WinFacts, with_facts
from scoring.hand import Hand, LineContext, Meld, MeldKind
from scoring.lexicon import (
    Token,
    fold,
)
from scoring.plain_line import read_plain
from scoring.scanning import Pieces, scan, tile_tokens
from scoring.tiles import (
    JOKER,
    SUITS,
    Tile,
    en_name,
    mpsz,
    rank_of,
    suit_of,
    zh_name,
)
from scoring.words import context_of, words_of, write_word

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


@dataclass(slots=True)
class ParsedLine:
    """A parsed winning hand and where each of its pieces was written.

    A line keeps where each tile group started, not a token per tile: ``concealed`` reads
    the groups again when asked (errors and tests ask; scoring a good line does not).
    Not frozen (nothing changes it): one is built per typed line, and a frozen dataclass
    pays an ``object.__setattr__`` call per field.
    """

    line: str
    hand: Hand
    winning: Token  # '+5s' as written, or the last concealed tile when no + was written
    melds: tuple[Token, ...]  # one per hand.melds, same order
    words: dict[str, Token]  # WordKind value → its token
    groups: tuple[int, ...]  # where each concealed tile group or name starts, written order

    @property
    def concealed(self) -> tuple[tuple[Tile, Token], ...]:
        """Each concealed tile and its token (``2m`` for the 2 of ``123m``), in written
        order, the winning tile excluded."""
        tiles = tile_tokens(fold(self.line), self.groups)
        return tuple(tiles if self.winning.text.startswith("+") else tiles[:-1])


@dataclass(frozen=True)
class ReadyLine:
    """A ready hand for 听牌: 13 tiles counting melds as 3, no winning tile yet."""

    line: str
    concealed: tuple[Tile, ...]  # sorted, JOKER last
    melds: tuple[Meld, ...]
    context: LineContext
    words: dict[str, Token] = field(default_factory=dict)

    def complete(self, winning_tile: Tile, context: LineContext | None = None) -> Hand:
        """The winning hand this ready hand becomes with ``winning_tile``."""
        return Hand(self.concealed, winning_tile, self.melds, context or self.context)


def parse(line: str) -> Hand:
    """The ``Hand`` a line describes; raises ScoringError naming the offending token."""
    return parse_line(line).hand


def parse_line(line: str, facts: WinFacts | None = None) -> ParsedLine:
    """Parse a winning hand (14 tiles, melds counted as 3) with its token positions;
    ``facts`` (the seats and winds the caller knows) count as words of the line."""
    plain = read_plain(line, facts)
    if plain is None:
        return scanned_line(line, facts)
    hand, winning, words, groups = plain
    return ParsedLine(line, hand, winning, (), words, groups)


def scanned_line(line: str, facts: WinFacts | None = None) -> ParsedLine:
    """``parse_line`` by the scanner alone, the way every line but a plain one is read
    (tests hold the plain reading to it)."""
    pieces = scan(line)
    context, word_tokens = context_of(with_facts(pieces.words, facts))
    _check_copies(pieces, context, word_tokens)
    tiles = pieces.tiles
    if pieces.winning is not None:
        winning_tile, winning = pieces.winning
        concealed = tiles
    elif tiles:
        winning_tile, winning, concealed = tiles[-1], pieces.concealed[-1][1], tiles[:-1]
    else:
        raise _count_error(pieces, HAND_SIZE)
    if len(concealed) + 1 + 3 * len(pieces.melds) != HAND_SIZE:
        raise _count_error(pieces, HAND_SIZE)
    _check_kong_chain(pieces, context, word_tokens)
    concealed.sort()
    hand = Hand(tuple(concealed), winning_tile, tuple(meld for meld, _ in pieces.melds), context)
    melds = tuple(token for _, token in pieces.melds)
    return ParsedLine(line, hand, winning, melds, word_tokens, tuple(pieces.groups))


def parse_ready(line: str) -> ReadyLine:
    """Parse a ready hand for 听牌: 13 tiles counting melds as 3, and no ``+``."""
    pieces = scan(line)
    if pieces.winning is not None:
        raise ScoringError(
            ScoringErrorCode.BAD_WINNING_TILE,
            "问听牌时不写胡的牌：只写手里的 13 张（吃碰杠各按 3 张算）",
            "a ready hand has no winning tile yet: write the 13 tiles you hold "
            "(each meld counts as 3), without +",
            pieces.winning[1].text,
            pieces.winning[1].position,
        )
    context, word_tokens = context_of(pieces.words)
    _check_copies(pieces, context, word_tokens)
    if len(pieces.tiles) + 3 * len(pieces.melds) != HAND_SIZE - 1:
        raise _count_error(pieces, HAND_SIZE - 1)
    _check_kong_chain(pieces, context, word_tokens)
    return ReadyLine(
        line=line,
        concealed=tuple(sorted(pieces.tiles)),
        melds=tuple(meld for meld, _ in pieces.melds),
        context=context,
        words=word_tokens,
    )


# ---------------------------------------------------------------- checks


def _unordered_tiles(pieces: Pieces) -> list[tuple[Tile, Token]]:
    """Every tile of the line, meld tiles with the meld's token."""
    tiles = [(tile, token) for meld, token in pieces.melds for tile in meld.tiles]
    tiles += pieces.concealed
    if pieces.winning is not None:
        tiles.append(pieces.winning)
    return tiles


def _too_many_copies(pieces: Pieces, indicator: Tile | None) -> bool:
    tiles = pieces.tiles + [tile for meld, _ in pieces.melds for tile in meld.tiles]
    if pieces.winning is not None:
        tiles.append(pieces.winning[0])
    if indicator is not None:
        tiles.append(indicator)
    tiles.sort()
    if tiles and tiles[-1] == JOKER:  # faceless wilds: the ruleset counts them as wilds
        del tiles[tiles.index(JOKER) :]
    return any(map(eq, tiles, tiles[4:]))  # sorted: a fifth copy sits four places on


def _check_copies(pieces: Pieces, context: LineContext, words: dict[str, Token]) -> None:
    if not _too_many_copies(pieces, context.indicator):
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
            raise ScoringError(ScoringErrorCode.FIFTH_COPY, zh, en, token.text, token.position)


def _count_error(pieces: Pieces, needed: int) -> ScoringError:
    held = len(pieces.tiles) + (pieces.winning is not None)
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
        ScoringErrorCode.TILE_COUNT,
        f"牌数不对：手牌 {held} 张 + {melds} 组吃碰杠 × 3 = {found} 张，{what}要 {needed} 张"
        f"（杠也按 3 张算），{diff_zh}",
        f"wrong number of tiles: {held} in hand + {melds} meld(s) × 3 = {found}; "
        f"{what_en} needs {needed} (a kong counts as 3): {diff_en}",
        token.text if token is not None else None,
        token.position if token is not None else None,
    )


def _pieces_in_order(pieces: Pieces) -> list[tuple[int, Token]]:
    """(tiles it counts for, token) of every tile and meld, in written order."""
    items: list[tuple[int, Token]] = [(1, token) for _, token in pieces.concealed]
    items += [(3, token) for _, token in pieces.melds]
    if pieces.winning is not None:
        items.append((1, pieces.winning[1]))
    items.sort(key=lambda item: item[1].position)
    return items


def _surplus(pieces: Pieces, needed: int) -> Token | None:
    """The first tile or meld written beyond the ``needed`` count."""
    total = 0
    for size, token in _pieces_in_order(pieces):
        total += size
        if total > needed:
            return token
    return None


def _last_written(pieces: Pieces) -> Token | None:
    items = _pieces_in_order(pieces)
    return items[-1][1] if items else None


def _check_kong_chain(pieces: Pieces, context: LineContext, words: dict[str, Token]) -> None:
    kongs = sum(meld.kind.is_kong for meld, _ in pieces.melds)
    if context.kong_chain > kongs:
        token = words["kong_chain"]
        raise ScoringError(
            ScoringErrorCode.CONFLICTING_WORDS,
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
