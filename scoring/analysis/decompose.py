"""Standard-shape readings: melds plus one pair, with wilds, as sets of facts.

Each suit is decomposed on its own (memoised): every way its real tiles become groups
(wilds filling gaps) gives an outcome ``(wilds used, pair placed, fact bits)``. Suits are
then combined under the wild budget, and the wilds left over form all-wild groups that
stay abstract until the end, where each may become a triplet of any honor or of any
suit (a sequence reads the same as a triplet of its suit, minus 对对胡), or the pair.

A hand without wilds (most hands) takes a shorter road, ``real_readings``: nothing can
stand for anything, so each suit's sorted tiles have one best way to become melds without
the pair and one with it (remembered per suit), and the readings of each combination of
those suit facts are remembered too.

Fact bits are "more is never worth less" facts, so a reading whose bits are a subset of
another's (same suits and honors) is dropped: bits 0-6 the honor triplets (东 … 中),
bit 7 对对胡 (every meld a triplet or kong), bit 8 爆头.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from typing import Final

from scoring.analysis.counts import (
    HONOR_CATEGORY,
    SEGMENTS,
    TABLE_SIZE,
    category_of,
    honor_tiles,
    maximal,
    suit_letters,
)
from scoring.analysis.gate import sequence_options, take, take_each
from scoring.hand import Meld, MeldKind
from scoring.reading import Reading, Shape
from scoring.tiles import Tile, is_honor

HONOR_TRIPLETS = 0x7F
ALL_TRIPLETS = 1 << 7
BAOTOU = 1 << 8

Outcome = tuple[int, int, int]  # (wilds used, pair placed 0/1, fact bits)
_FINISHED: frozenset[Outcome] = frozenset({(0, 0, ALL_TRIPLETS)})


def _prune(outcomes: Sequence[Outcome]) -> frozenset[Outcome]:
    if len(outcomes) < 2:  # nothing to dominate
        return frozenset(outcomes)
    by_budget: dict[tuple[int, int], list[int]] = defaultdict(list)
    for used, paired, bits in outcomes:
        by_budget[used, paired].append(bits)
    return frozenset(
        (used, paired, bits)
        for (used, paired), all_bits in by_budget.items()
        for bits in maximal(all_bits)
    )


@lru_cache(maxsize=TABLE_SIZE)
def suit_outcomes(
    counts: tuple[int, ...], honors: bool, winning: int, pair: bool, budget: int
) -> frozenset[Outcome]:
    """Every way one suit's real tiles become groups using at most ``budget`` wilds.

    ``winning`` is the index of the real winning tile in this suit (-1 if elsewhere): a
    pair of it and one wild is 爆头. ``pair`` says whether this suit may hold the pair.
    """
    lowest = next((i for i, c in enumerate(counts) if c), -1)
    if lowest < 0:
        return _FINISHED
    held = counts[lowest]
    found: list[Outcome] = []

    def extend(rest: tuple[int, ...], wilds: int, is_pair: bool, keep: int, add: int) -> None:
        """Record this group (``wilds`` filling it) followed by every way to finish."""
        if wilds > budget:
            return
        pair_left = pair and not is_pair
        for used, paired, bits in suit_outcomes(rest, honors, winning, pair_left, budget - wilds):
            found.append((used + wilds, paired | is_pair, (bits & keep) | add))

    triplet = (1 << lowest) if honors else 0
    for real in range(1, min(held, 3) + 1):
        extend(take(counts, lowest, real), 3 - real, False, -1, triplet)
    if pair:
        for real in range(1, min(held, 2) + 1):
            baotou = BAOTOU if real == 1 and lowest == winning else 0
            extend(take(counts, lowest, real), 2 - real, True, -1, baotou)
    if not honors:
        for used_ranks, wilds in sequence_options(counts, lowest):
            extend(take_each(counts, used_ranks), wilds, False, ~ALL_TRIPLETS, 0)
    return _prune(found)


_FREE_MELDS: tuple[tuple[int, int], ...] = (
    *((HONOR_CATEGORY, 1 << honor) for honor in range(7)),  # a triplet of that honor
    (1, 0),
    (2, 0),
    (4, 0),  # a triplet (or sequence) of 万, 筒, 条
)
_FREE_PAIRS: tuple[int, ...] = (HONOR_CATEGORY, 1, 2, 4)


@cache
def free_groups(melds: int, pair: bool) -> tuple[tuple[int, int], ...]:
    """(categories, honor-triplet bits) that ``melds`` all-wild melds (and an all-wild
    pair) can add, non-dominated per category mask."""
    reachable: dict[int, list[int]] = defaultdict(list)
    for chosen in combinations_with_replacement(_FREE_MELDS, melds):
        categories = 0
        triplets = 0
        for category, bits in chosen:
            categories |= category
            triplets |= bits
        for pair_category in _FREE_PAIRS if pair else (0,):
            reachable[categories | pair_category].append(triplets)
    return tuple(
        (categories, bits) for categories, options in reachable.items() for bits in maximal(options)
    )


def declared_facts(melds: Sequence[Meld]) -> tuple[int, int, int]:
    """What the declared ``melds`` add to every reading: their category bits, their fact
    bits (对对胡 until a chow, their honor triplets) and how many are kongs."""
    categories = 0
    bits = ALL_TRIPLETS
    kongs = 0
    for meld in melds:
        first = meld.tiles[0]
        categories |= category_of(first)
        if meld.kind is MeldKind.CHI:
            bits &= ~ALL_TRIPLETS
        elif is_honor(first):
            bits |= 1 << (first - 27)
        kongs += meld.kind.is_kong
    return categories, bits, kongs


def standard_readings(
    counts: list[int],
    wilds: int,
    winning_face: Tile | None,
    melds: Sequence[Meld],
) -> list[Reading]:
    """Every non-dominated standard reading of the concealed ``counts`` + ``wilds``
    beside the declared ``melds``. ``winning_face`` is None when the winning tile is a
    wild (which never makes 爆头)."""
    declared_categories, declared_bits, kongs = declared_facts(melds)
    states: dict[tuple[int, int], list[int]] = {(0, 0): [declared_bits]}
    held = declared_categories
    counted = tuple(counts)  # sliced per suit below: each slice is already a table key
    for index, (start, stop, honors) in enumerate(SEGMENTS):
        segment = counted[start:stop]
        if not any(segment):
            continue
        held |= 1 << index
        winning = (
            winning_face - start
            if winning_face is not None and start <= winning_face < stop
            else -1
        )
        merged: dict[tuple[int, int], list[int]] = {}
        for (used, paired), all_bits in states.items():
            # The whole budget as the key (not what is left) so the table serves any hand.
            for more, pair_here, bits in suit_outcomes(segment, honors, winning, not paired, wilds):
                if used + more > wilds:
                    continue
                # The facts of both parts: 对对胡 needs both, the rest adds up.
                keep, add = bits | ~ALL_TRIPLETS, bits & ~ALL_TRIPLETS
                joined = [b & keep | add for b in all_bits]
                key = (used + more, paired | pair_here)
                if key in merged:
                    merged[key] += joined
                else:
                    merged[key] = joined
        if not merged:
            return []
        states = {
            key: all_bits if len(all_bits) == 1 else maximal(all_bits)
            for key, all_bits in merged.items()
        }

    facts: dict[int, list[int]] = {}
    for (used, paired), all_bits in states.items():
        spare = wilds - used
        if not paired:
            spare -= 2
        if spare < 0 or spare % 3:
            continue
        for categories, triplets in free_groups(spare // 3, not paired):
            facts.setdefault(held | categories, []).extend(
                [bits | triplets for bits in all_bits] if triplets else all_bits
            )

    return [
        _reading(wilds, categories, bits, kongs)
        for categories, all_bits in facts.items()
        for bits in (all_bits if len(all_bits) == 1 else maximal(all_bits))
    ]


_CANNOT: Final = -1  # no way for a suit's real tiles to become melds (with or without the pair)
# One suit's facts without wilds: its best fact bits without the pair and with it.
SuitFacts = tuple[int, int]


def real_readings(tiles: tuple[Tile, ...], melds: Sequence[Meld]) -> tuple[Reading, ...] | None:
    """``standard_readings`` of concealed ``tiles`` (sorted, none of them wild) beside
    ``melds``, or None to leave them to the general walk. Nothing is left over to stand
    for anything and each suit is read alone, so a reading is the facts of each suit's
    one best way to become melds, the pair in one of them. No count vector is built:
    each suit's sorted tiles are its key."""
    held, declared_bits, kongs = declared_facts(melds) if melds else (0, ALL_TRIPLETS, 0)
    first_pin = bisect_left(tiles, 9)
    first_sou = bisect_left(tiles, 18, first_pin)
    first_honor = bisect_left(tiles, 27, first_sou)
    suits: list[SuitFacts] = []
    for index, part in enumerate(
        (
            tiles[:first_pin],
            tiles[first_pin:first_sou],
            tiles[first_sou:first_honor],
            tiles[first_honor:],
        )
    ):
        if part:
            facts = real_suit_facts(part)
            if facts is None:
                return None
            held |= 1 << index
            suits.append(facts)
    return _joined(tuple(suits), held, declared_bits, kongs)


@lru_cache(maxsize=TABLE_SIZE)
def _joined(
    suits: tuple[SuitFacts, ...], held: int, declared_bits: int, kongs: int
) -> tuple[Reading, ...]:
    """The readings of suits with these facts (few combinations recur): the pair in each
    suit that can hold it, every other suit's melds beside it; 对对胡 when every part is all
    triplets, the honor triplets of every part."""
    found: set[int] = set()
    for pair_suit, (_, paired) in enumerate(suits):
        if paired == _CANNOT:
            continue
        bits = declared_bits
        for index, (plain, _) in enumerate(suits):
            more = paired if index == pair_suit else plain
            if more == _CANNOT:
                break
            bits = bits & (more | ~ALL_TRIPLETS) | more & ~ALL_TRIPLETS
        else:
            found.add(bits)
    return tuple(_reading(0, held, bits, kongs) for bits in maximal(found)) if found else ()


@lru_cache(maxsize=TABLE_SIZE)
def real_suit_facts(tiles: tuple[Tile, ...]) -> SuitFacts | None:
    """The fact bits of the one best way one suit's real ``tiles`` (sorted) become melds
    without a wild: (without the pair, with it), ``_CANNOT`` where there is none; None
    when some way is not beaten by one other in every fact. (爆头 needs a wild, so where
    the winning tile is plays no part.)"""
    start, stop, honors = SEGMENTS[min(tiles[0] // 9, 3)]
    counts = [0] * (stop - start)
    for tile in tiles:
        counts[tile - start] += 1
    outcomes = suit_outcomes(tuple(counts), honors, -1, True, 0)
    plain = [bits for _, paired, bits in outcomes if not paired]
    with_pair = [bits for _, paired, bits in outcomes if paired]
    if len(plain) > 1 or len(with_pair) > 1:
        return None
    return (plain[0] if plain else _CANNOT), (with_pair[0] if with_pair else _CANNOT)


@cache
def _reading(wilds: int, categories: int, bits: int, kongs: int) -> Reading:
    """One shared Reading per distinct set of facts (they recur from hand to hand)."""
    return Reading(
        shape=Shape.STANDARD,
        wilds=wilds,
        baotou=bool(bits & BAOTOU),
        suits=suit_letters(categories),
        honors=bool(categories & HONOR_CATEGORY),
        all_triplets=bool(bits & ALL_TRIPLETS),
        honor_triplets=honor_tiles(bits & HONOR_TRIPLETS),
        kongs=kongs,
    )
