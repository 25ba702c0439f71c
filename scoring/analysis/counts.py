"""A hand's tiles as a count vector of real faces plus a number of wilds.

Every analysis step works on this split: a wild (a faceless ``JOKER`` or any tile whose
face is one of the ruleset's wild faces) is only a number, because it may stand for any
tile, its own face included. Facts about suits and honors travel as small bit masks so
that the hot path compares ints, not sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final

from scoring.tiles import JOKER, SUITS, Tile

# The four "suits" the analysis walks: 万 筒 条 (sequences allowed) and honors (none).
SEGMENTS: Final = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))

# Bound on each per-suit table: far above what a chat's hands fill, and a cap on memory
# for a bot that runs for months (each entry is a small tuple).
TABLE_SIZE: Final = 1 << 16

# Category bits: one per suit (m p s) and one for honors; a reading's suits and honors.
HONOR_CATEGORY: Final = 1 << 3
ALL_SUITS: Final = 0b111


def split_wilds(tiles: Iterable[Tile], wild_faces: frozenset[Tile]) -> tuple[list[int], int]:
    """Counts of the real (non-wild) faces, indexed by tile, and the number of wilds."""
    counts = [0] * (JOKER + 1)  # every tile counted by face first, the faceless last
    for tile in tiles:
        counts[tile] += 1
    wilds = counts.pop()  # the JOKERs: now ``counts`` has one entry per face
    for face in wild_faces:
        wilds += counts[face]
        counts[face] = 0
    return counts, wilds


def segments_of(counts: list[int]) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """The four suits' count tuples, each with whether it is the honor suit."""
    return tuple((tuple(counts[start:stop]), honors) for start, stop, honors in SEGMENTS)


def categories_of(counts: list[int]) -> int:
    """Category bits of the suits (and honors) that the real tiles use."""
    mask = 0
    for index, (start, stop, _) in enumerate(SEGMENTS):
        if any(counts[start:stop]):
            mask |= 1 << index
    return mask


def category_of(tile: Tile) -> int:
    return 1 << min(tile // 9, 3)


@cache
def suit_letters(mask: int) -> frozenset[str]:
    """The Reading's ``suits`` for a category mask (the honor bit is not a suit)."""
    return frozenset(letter for bit, letter in enumerate(SUITS) if mask >> bit & 1)


@cache
def honor_tiles(mask: int) -> frozenset[Tile]:
    """The honor tiles whose bits (0 = 东 … 6 = 中) are set in ``mask``."""
    return frozenset(27 + bit for bit in range(7) if mask >> bit & 1)


def maximal(masks: Iterable[int]) -> list[int]:
    """The masks that no other mask strictly contains (the non-dominated fact sets)."""
    unique = set(masks)
    if len(unique) == 1:
        return list(unique)
    kept: list[int] = []
    for mask in sorted(unique, key=int.bit_count, reverse=True):
        if not any(other & mask == mask for other in kept):
            kept.append(mask)
    return kept
