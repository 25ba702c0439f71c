"""The fast yes/no gate: is this a winning hand, and which tiles would complete it?

A standard hand splits by suit: each suit's real tiles need some least number of wilds
to become melds (and perhaps the pair), and suits do not interact except through the
shared wild budget. That least number is memoised per suit tuple, so after a warm-up a
verdict costs a handful of dictionary lookups: cheap enough to try all 34 tiles for
waits, or to refuse a non-winning hand before any decomposition is built.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from scoring.analysis.counts import TABLE_SIZE, segments_of, split_wilds
from scoring.analysis.shapes import seven_pairs_possible, thirteen_unrelated_possible
from scoring.hand import Hand, Meld
from scoring.tiles import TILE_KINDS, Tile

_IMPOSSIBLE = 99


@lru_cache(maxsize=TABLE_SIZE)
def suit_wild_need(counts: tuple[int, ...], honors: bool, pair: bool) -> int:
    """Fewest wilds that turn one suit's real tiles into melds (plus the pair if ``pair``).

    A pair asked of a suit without tiles costs two wilds: the all-wild pair.
    """
    lowest = next((i for i, c in enumerate(counts) if c), -1)
    if lowest < 0:
        return 2 if pair else 0
    best = _IMPOSSIBLE
    held = counts[lowest]
    for real in range(1, min(held, 3) + 1):  # triplet: `real` copies and wilds for the rest
        best = min(best, 3 - real + suit_wild_need(take(counts, lowest, real), honors, pair))
    if pair:
        for real in range(1, min(held, 2) + 1):
            best = min(best, 2 - real + suit_wild_need(take(counts, lowest, real), honors, False))
    if not honors:
        for used, wilds in sequence_options(counts, lowest):
            best = min(best, wilds + suit_wild_need(take_each(counts, used), honors, pair))
    return best


def sequence_options(counts: tuple[int, ...], lowest: int) -> list[tuple[tuple[int, ...], int]]:
    """Sequences through the suit's lowest real tile: (real ranks used, wilds filling it)."""
    options: list[tuple[tuple[int, ...], int]] = [((lowest,), 2)]
    if lowest + 1 < 9 and counts[lowest + 1]:
        options.append(((lowest, lowest + 1), 1))
        if lowest + 2 < 9 and counts[lowest + 2]:
            options.append(((lowest, lowest + 1, lowest + 2), 0))
    if lowest + 2 < 9 and counts[lowest + 2]:
        options.append(((lowest, lowest + 2), 1))
    return options


def take(counts: tuple[int, ...], index: int, number: int) -> tuple[int, ...]:
    """``counts`` with ``number`` tiles fewer at ``index``."""
    return (*counts[:index], counts[index] - number, *counts[index + 1 :])


def take_each(counts: tuple[int, ...], indices: tuple[int, ...]) -> tuple[int, ...]:
    """``counts`` with one tile fewer at each of ``indices``."""
    out = list(counts)
    for index in indices:
        out[index] -= 1
    return tuple(out)


@lru_cache(maxsize=TABLE_SIZE)
def suit_needs(counts: tuple[int, ...], honors: bool) -> tuple[int, int]:
    """(wilds for melds only, wilds for melds and the pair) of one suit's real tiles."""
    return suit_wild_need(counts, honors, False), suit_wild_need(counts, honors, True)


def _fits(needs: Sequence[tuple[int, int]], wilds: int) -> bool:
    """Whether the pair can go in some suit (or be all-wild) within the wild budget."""
    total = sum(plain for plain, _ in needs)
    return min(total - plain + paired for plain, paired in needs) <= wilds


def standard_possible(counts: list[int], wilds: int) -> bool:
    """Melds plus one pair from ``counts`` (3k+2 tiles with the wilds) and ``wilds``."""
    return _fits([suit_needs(*segment) for segment in segments_of(counts)], wilds)


def complete(counts: list[int], wilds: int, *, melds: int, thirteen_unrelated: bool) -> bool:
    """Whether real ``counts`` plus ``wilds`` (the concealed part, with ``melds`` declared
    beside it) form any winning shape."""
    concealed = sum(counts) + wilds
    if concealed % 3 != 2:
        return False
    if standard_possible(counts, wilds):
        return True
    if melds or concealed != 14:
        return False
    return seven_pairs_possible(counts, wilds) or (
        thirteen_unrelated and thirteen_unrelated_possible(counts, wilds)
    )


def is_winning(hand: Hand, wild_faces: frozenset[Tile], *, thirteen_unrelated: bool) -> bool:
    """The gate: does ``hand`` (winning tile included) admit any winning reading?"""
    counts, wilds = split_wilds((*hand.concealed, hand.winning_tile), wild_faces)
    return complete(counts, wilds, melds=len(hand.melds), thirteen_unrelated=thirteen_unrelated)


def completing_tiles(
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    wild_faces: frozenset[Tile],
    *,
    thirteen_unrelated: bool,
    unavailable: Iterable[Tile] = (),
) -> tuple[Tile, ...]:
    """Every tile (0..33) that completes a ready hand of ``concealed`` tiles beside
    ``melds``; a wild face counts when drawing it completes the hand. A tile of which
    four copies are already in sight (in the hand, its melds, or ``unavailable`` such as
    the turned-up Huzhou indicator) cannot be drawn and is left out.

    Drawing a tile changes one suit only, so each candidate costs one table lookup.
    """
    counts, wilds = split_wilds(concealed, wild_faces)
    if (sum(counts) + wilds + 1) % 3 != 2:
        return ()
    held = [0] * TILE_KINDS
    for tile in (*concealed, *(t for meld in melds for t in meld.tiles), *unavailable):
        if tile < TILE_KINDS:
            held[tile] += 1
    segments = segments_of(counts)
    needs = [suit_needs(*segment) for segment in segments]
    # ``_fits`` for a hand in which one suit changes, the other three held fixed: per
    # suit, the others' wilds for melds and the least extra the pair costs among them.
    plain_total = sum(plain for plain, _ in needs)
    pair_extra = [paired - plain for plain, paired in needs]
    others = [
        (plain_total - plain, min(pair_extra[:index] + pair_extra[index + 1 :]))
        for index, (plain, _) in enumerate(needs)
    ]
    special = not melds and sum(counts) + wilds == 13
    spread = thirteen_unrelated and special and max(counts) <= 1
    # 七对子 after drawing: each single and each three-of-a-kind needs a wild.
    odd_groups = counts.count(1) + counts.count(3)
    any_wild_completes = complete(
        counts, wilds + 1, melds=len(melds), thirteen_unrelated=thirteen_unrelated
    )
    out = []
    for tile in range(TILE_KINDS):
        if held[tile] >= 4:
            continue
        if tile in wild_faces:
            done = any_wild_completes
        else:
            index = min(tile // 9, 3)
            segment, honors = segments[index]
            offset = tile - index * 9
            # Without wilds a set or pair needs a held tile of the same suit within 2 ranks.
            near = segment[offset] > 0 if honors else any(segment[max(0, offset - 2) : offset + 3])
            done = False
            if wilds or near:
                drawn = (*segment[:offset], segment[offset] + 1, *segment[offset + 1 :])
                plain, paired = suit_needs(drawn, honors)
                rest_plain, rest_pair = others[index]
                done = rest_plain + plain + min(rest_pair, paired - plain) <= wilds
            if not done and special:
                done = odd_groups + (1 if counts[tile] in (0, 2) else -1) <= wilds
                if not done and spread:
                    counts[tile] += 1
                    done = thirteen_unrelated_possible(counts, wilds)
                    counts[tile] -= 1
        if done:
            out.append(tile)
    return tuple(out)
