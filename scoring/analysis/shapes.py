"""The two special shapes: 七对子 (seven pairs, 豪华 by 四归一) and 十三不搭.

Both need 14 concealed tiles and no declared melds; the caller checks that. Counts are
the real faces only; ``wilds`` is how many wild tiles stand beside them.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise

from scoring.analysis.counts import (
    ALL_SUITS,
    HONOR_CATEGORY,
    SEGMENTS,
    categories_of,
    suit_letters,
)
from scoring.reading import Reading, Shape
from scoring.tiles import Tile

# ---------------------------------------------------------------- 七对子


def seven_pairs_possible(counts: list[int], wilds: int) -> bool:
    """Each single needs one wild to pair up, each three-of-a-kind one to become a quad."""
    return counts.count(1) + counts.count(3) <= wilds


@cache
def free_group_categories(groups: int) -> frozenset[int]:
    """Category masks that ``groups`` all-wild pairs or quads can add (each picks a suit
    or honors for itself)."""
    if groups == 0:
        return frozenset({0})
    return frozenset(mask for mask in range(1, 16) if mask.bit_count() <= groups)


def seven_pairs_readings(counts: list[int], wilds: int, winning_face: Tile | None) -> list[Reading]:
    """Every 七对子 reading: how many quads (豪华), whether 爆头, which suits.

    Spare wilds go two at a time: onto a single (then a quad of it), onto a real pair
    (the quad SPEC allows beside a pair), or into all-wild pairs, two of which make an
    all-wild quad. 爆头 holds when the winning face's group contains a wild: a single
    paired with a wild, three real copies closed to a quad by one, or a real pair made
    a quad by two (its pairs are then wild + winning tile, twice).
    """
    if not seven_pairs_possible(counts, wilds):
        return []
    singles = sum(1 for c in counts if c == 1)
    pairs = sum(1 for c in counts if c == 2)
    real_quads = sum(1 for c in counts if c in (3, 4))
    spare = (wilds - singles - sum(1 for c in counts if c == 3)) // 2
    held = categories_of(list(counts))
    winning_count = counts[winning_face] if winning_face is not None else 0
    facts: dict[tuple[int, int], bool] = {}  # (luxury, categories) -> 爆头 reachable
    for upgrades in range(min(singles + pairs, spare) + 1):
        if winning_count in (1, 3):
            baotou_options: tuple[bool, ...] = (True,)
        elif winning_count == 2:
            baotou_options = tuple(
                option
                for option, feasible in ((True, upgrades >= 1), (False, upgrades < singles + pairs))
                if feasible
            )
        else:
            baotou_options = (False,)
        for wild_quads in range((spare - upgrades) // 2 + 1):
            free_groups = spare - upgrades - wild_quads  # all-wild pairs plus all-wild quads
            luxury = real_quads + upgrades + wild_quads
            for added in free_group_categories(free_groups):
                key = (luxury, held | added)
                facts[key] = facts.get(key, False) or max(baotou_options)
    return [
        _seven_pairs_reading(wilds, baotou, luxury, categories)
        for (luxury, categories), baotou in facts.items()
    ]


@cache
def _seven_pairs_reading(wilds: int, baotou: bool, luxury: int, categories: int) -> Reading:
    return Reading(
        shape=Shape.SEVEN_PAIRS,
        wilds=wilds,
        baotou=baotou,
        luxury=luxury,
        suits=suit_letters(categories),
        honors=bool(categories & HONOR_CATEGORY),
    )


# ---------------------------------------------------------------- 十三不搭


def _spread(ranks: int) -> bool:
    """No two ranks in the 9-bit mask closer than 3 (so no wild could join them)."""
    positions = [r for r in range(9) if ranks >> r & 1]
    return all(b - a >= 3 for a, b in pairwise(positions))


@cache
def _room(ranks: int) -> int:
    """How many more ranks a spread suit can take and stay spread; -1 if not spread."""
    if not _spread(ranks):
        return -1
    best = max((m.bit_count() for m in range(512) if m & ranks == ranks and _spread(m)), default=0)
    return best - ranks.bit_count()


def thirteen_unrelated_possible(counts: list[int], wilds: int) -> bool:
    """十三不搭: no two identical, same-suit tiles three or more apart, and room for
    every wild to stand for a new tile that keeps it so."""
    if any(c > 1 for c in counts):
        return False
    room = 0
    for start, stop, honors in SEGMENTS:
        if honors:
            room += (stop - start) - sum(counts[start:stop])
            continue
        ranks = sum(1 << r for r in range(9) if counts[start + r])
        suit_room = _room(ranks)
        if suit_room < 0:
            return False
        room += suit_room
    return room >= wilds


def thirteen_unrelated_readings(counts: list[int], wilds: int) -> list[Reading]:
    """At most one reading: 14 spread tiles always use all three suits and honors (a suit
    holds at most three spread ranks, there are seven honors)."""
    if not thirteen_unrelated_possible(counts, wilds):
        return []
    return [
        Reading(
            shape=Shape.THIRTEEN_UNRELATED,
            wilds=wilds,
            suits=suit_letters(ALL_SUITS),
            honors=True,
        )
    ]
