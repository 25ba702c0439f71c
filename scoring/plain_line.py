"""The plain line, read by one pattern: MPSZ groups in ASCII digits, ``+T``, then context
words only (``46m555p12345688s +5m 自摸``), which is what most typed lines are.

What the words say is remembered per run of words as written (it does not depend on the
tiles); the tiles are translated byte for byte. Any other line, and a plain one with
anything to refuse (a fifth copy, 杠开 without a kong, words that contradict), is left to
``scoring.scanning``, so every error is named the one way.
"""

from __future__ import annotations

import re
from operator import eq
from typing import Final

from scoring.errors import SAID_POSITION, ScoringError
from scoring.facts import WinFacts, with_facts
from scoring.hand import Hand, LineContext
from scoring.lexicon import Token, fold
from scoring.scanning import (
    DIGIT_GROUP,
    HONOR_CHARS,
    SUITED_CHARS,
    TILE_BYTES,
    TILE_OF_DIGIT_CODE,
    Pieces,
    scan,
)
from scoring.words import context_of

CONCEALED: Final = 13  # a hand with no melds: 13 tiles and the + tile
# (hand, the + tile's token, each word kind's token, where each tile group starts)
PlainLine = tuple[Hand, Token, dict[str, Token], tuple[int, ...]]

# What most lines look like: MPSZ groups with ASCII digits, +T, then only context words.
_PLAIN: Final = re.compile(
    f"\\s*((?:[1-9]+[{SUITED_CHARS}]|[1-7]+[{HONOR_CHARS}])+)\\s*"
    f"(\\+\\s*([1-9])([{SUITED_CHARS}]|(?<=[1-7])[{HONOR_CHARS}]))(.*)",
    re.DOTALL,
)
# Per run of context words as written: its LineContext and each kind's word (offset, text),
# or None when the run is not words alone (the scanner then reads the line and says why).
_Words = tuple[LineContext, tuple[tuple[str, int, str], ...]]
_PLAIN_WORDS: dict[tuple[str, WinFacts | None], _Words | None] = {}
_PLAIN_WORDS_KEPT: Final = 1024
_UNSEEN: Final = (LineContext(), ())
_PLACED_WORDS: dict[tuple[str, WinFacts | None, int], dict[str, Token]] = {}


def read_plain(line: str, facts: WinFacts | None = None) -> PlainLine | None:
    """A plain line (``46m555p12345688s +5m 自摸``) read by one pattern, its words from
    ``_PLAIN_WORDS``; None for any other line, or one with anything to refuse, which the
    scanner reads instead (and so names what is wrong). ``facts`` count as words."""
    text = fold(line)
    plain = _PLAIN.fullmatch(text)
    if plain is None:
        return None
    words = _plain_words(plain[5], facts)
    if words is None:
        return None
    groups = []
    pos = plain.start(1)
    tiles = bytearray()  # tiles are below 256: the digits translate to them byte for byte
    for digits, suit_char in DIGIT_GROUP.findall(plain[1]):
        groups.append(pos)
        pos += len(digits) + 1
        tiles += digits.encode().translate(TILE_BYTES[suit_char])
    context, kinds = words
    winning_tile = TILE_OF_DIGIT_CODE[plain[4]] + ord(plain[3])
    concealed = sorted(tiles)
    if len(concealed) != CONCEALED or context.kong_chain or _fifth_copy(concealed, winning_tile):
        return None
    indicator = context.indicator
    if indicator is not None and concealed.count(indicator) + (winning_tile == indicator) > 3:
        return None
    return (
        _hand(tuple(concealed), winning_tile, context),
        Token(plain[2], plain.start(2)),
        _placed(plain[5], facts, plain.start(5), kinds),
        tuple(groups),
    )


def _hand(concealed: tuple[int, ...], winning_tile: int, context: LineContext) -> Hand:
    """``Hand(concealed, winning_tile, (), context)`` with its fields set in one go: a
    frozen dataclass's ``__init__`` pays an ``object.__setattr__`` call per field, half of
    what building the hand costs on this path (the parsed values are already checked)."""
    hand = object.__new__(Hand)
    vars(hand).update(concealed=concealed, winning_tile=winning_tile, melds=(), context=context)
    return hand


def _placed(
    written: str, facts: WinFacts | None, at: int, kinds: tuple[tuple[str, int, str], ...]
) -> dict[str, Token]:
    """Each word kind's token where the words start at ``at``, remembered per run of words
    and start (the tiles before the words come in a few lengths); read only, like the
    ``ParsedLine.words`` that holds it."""
    key = (written, facts, at)
    placed = _PLACED_WORDS.get(key)
    if placed is None:
        placed = {kind: Token(text, _at(at, offset)) for kind, offset, text in kinds}
        if len(_PLACED_WORDS) < _PLAIN_WORDS_KEPT:
            _PLACED_WORDS[key] = placed
    return placed


def _at(start: int, offset: int) -> int:
    """Where a word stands in the line: after the tiles, or nowhere for a word given."""
    return SAID_POSITION if offset == SAID_POSITION else start + offset


def _fifth_copy(concealed: list[int], winning_tile: int) -> bool:
    """Whether the sorted ``concealed`` tiles and the + tile hold a face five times."""
    return any(map(eq, concealed, concealed[4:])) or concealed.count(winning_tile) > 3


def _plain_words(written: str, facts: WinFacts | None) -> _Words | None:
    key = (written, facts)
    known = _PLAIN_WORDS.get(key, _UNSEEN)
    if known is not _UNSEEN:
        return known
    try:
        pieces = scan(written) if written.strip() else Pieces(written)
        context, tokens = context_of(with_facts(pieces.words, facts))
    except ScoringError:
        known = None
    else:
        if pieces.tiles or pieces.melds or pieces.winning:
            known = None
        else:
            known = context, tuple((kind, t.position, t.text) for kind, t in tokens.items())
    if len(_PLAIN_WORDS) < _PLAIN_WORDS_KEPT:
        _PLAIN_WORDS[key] = known
    return known
