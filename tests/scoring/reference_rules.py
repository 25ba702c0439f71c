"""Slow references for the scoring core's edges, written from SPEC and docs/rules.md.

Besides the hand-analysis reference (``test_analysis_brute_force``), these answer three
questions by brute force or straight from the rule text, without the core's shortcuts:

- ``winning`` / ``drawable``: does a hand win (standard, 七对子, 十三不搭), and may a tile still
  be drawn (four copies in sight, every wild already held or floated) — the waits of a ready
  hand are the drawable tiles that make it win;
- ``most_tai``: the most 台 a 双辣 hand of a declared shape reaches, over every hand of a
  family that holds each 台 item's ingredients (honor and suited triplets, sequences, pairs);
- ``CANNOT_STAND_WITH``: the words 天胡 and 地胡 exclude, read from what the wins are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise

from scoring.tiles import DRAGONS, JOKER, TILE_KINDS, Tile

# ---- does a hand win -------------------------------------------------------------------------


def _standard(counts: list[int], wilds: int, pair_needed: bool) -> bool:
    """Whether the real tiles ``counts`` and ``wilds`` make sets and (once) a pair: the lowest
    real tile goes into a triplet, a pair or a sequence through it, each missing tile a wild."""
    first = next((t for t, c in enumerate(counts) if c), None)
    if first is None:
        left = wilds - 2 * pair_needed
        return left >= 0 and left % 3 == 0
    options = _groups_through(counts, first, pair_needed)
    for taken, wild_used, is_pair in options:
        if wild_used > wilds:
            continue
        for t in taken:
            counts[t] -= 1
        wins = _standard(counts, wilds - wild_used, pair_needed and not is_pair)
        for t in taken:
            counts[t] += 1
        if wins:
            return True
    return False


def _groups_through(
    counts: list[int], first: Tile, pair_needed: bool
) -> list[tuple[list[Tile], int, bool]]:
    """Each group ``first`` may go into: (real tiles taken, wilds used, is it the pair)."""
    options: list[tuple[list[Tile], int, bool]] = []
    for size, is_pair in ((3, False), (2, True)):
        if is_pair and not pair_needed:
            continue
        for real in range(1, min(size, counts[first]) + 1):
            options.append(([first] * real, size - real, is_pair))
    if first < 27:
        rank = first % 9
        for start in range(max(0, rank - 2), min(rank, 6) + 1):
            others = [first - rank + r for r in range(start, start + 3) if r != rank]
            for real_others in _subsets(others):
                if all(t > first and counts[t] for t in real_others):
                    options.append(([first, *real_others], 2 - len(real_others), False))
    return options


def _subsets(items: list[Tile]) -> Iterator[tuple[Tile, ...]]:
    for size in range(len(items) + 1):
        yield from combinations(items, size)


@cache
def _spread_sets() -> tuple[frozenset[int], ...]:
    """Every set of ranks 1-9 a suit may hold in 十三不搭: any two 3 or more apart."""
    return tuple(
        frozenset(ranks)
        for size in range(10)
        for ranks in combinations(range(9), size)
        if all(b - a >= 3 for a, b in pairwise(ranks))
    )


def _thirteen_unrelated(counts: list[int], wilds: int) -> bool:
    """14 different tiles, suited ones 3 apart within a suit; each wild a tile not held."""
    if max(counts) > 1:
        return False
    room = 7 - sum(counts[27:])
    for suit in range(3):
        held = {r for r in range(9) if counts[suit * 9 + r]}
        fits = [len(ranks) for ranks in _spread_sets() if held <= ranks]
        if not fits:
            return False
        room += max(fits) - len(held)
    return room >= wilds


def winning(tiles: Iterable[Tile], melds: int, wild_faces: frozenset[Tile], thirteen: bool) -> bool:
    """Whether ``tiles`` (concealed + winning) beside ``melds`` sets make a winning hand."""
    counts = [0] * TILE_KINDS
    wilds = 0
    for tile in tiles:
        if tile == JOKER or tile in wild_faces:
            wilds += 1
        else:
            counts[tile] += 1
    if _standard(counts, wilds, True):
        return True
    if melds or sum(counts) + wilds != 14:
        return False
    odd = sum(c % 2 for c in counts)  # a single or three of a kind needs a wild to pair
    if odd <= wilds and (wilds - odd) % 2 == 0:
        return True
    return thirteen and _thirteen_unrelated(counts, wilds)


def drawable(
    tile: Tile, in_sight: Iterable[Tile], wild_faces: frozenset[Tile], wilds_gone: int, copies: int
) -> bool:
    """A tile may be drawn while fewer than four copies are in sight (hand, melds, indicator);
    a wild while fewer than all the ruleset's wilds are held or floated (``wilds_gone``)."""
    if (tile == JOKER or tile in wild_faces) and wilds_gone >= copies:
        return False
    return tile == JOKER or Counter(in_sight)[tile] < 4


# ---- 双辣: the most 台 a declared shape reaches -----------------------------------------------

STANDARD, SEVEN_PAIRS, THIRTEEN = "standard", "seven pairs", "thirteen unrelated"
_SUITED_TRIPLETS = (0, 3, 6, 8, 9, 18)  # 1m 4m 7m 9m 1p 1s: four triplets of one suit fit
_SEQUENCES = (0, 3, 9, 18)  # 123m 456m 123p 123s
_PAIRS = (4, 13, 22, 27, 28, 33)  # 5m 5p 5s 东 南 中
_PAIR_FACES = (*range(7), 9, 18, 27, 33)  # 七对子: 1m-7m (one suit fills it), 1p, 1s, 东, 中


Facts = tuple[frozenset[int], bool, frozenset[Tile], bool]  # suits, honors, honor triplets, 对对


def facts_of(tiles: Iterable[Tile], honor_triplets: frozenset[Tile], all_triplets: bool) -> Facts:
    faces = set(tiles)
    suits = frozenset(t // 9 for t in faces if t < 27)
    return suits, any(t >= 27 for t in faces), honor_triplets, all_triplets


def spec_tai(facts: Facts, wild_free: bool, winds: tuple[Tile, Tile]) -> int:
    """SPEC §4.4: 清一色 4 · 混一色 2 · 对对胡 2 · 无花 1 · a triplet of the seat wind 1 · of
    the round wind 1 · of each dragon 1 (one suit + honors is 混一色; honors alone no suit)."""
    suits, honors, honor_triplets, all_triplets = facts
    seat, round_ = winds
    return (
        (4 if len(suits) == 1 and not honors else 2 if len(suits) == 1 else 0)
        + 2 * all_triplets
        + wild_free
        + (seat in honor_triplets)
        + (round_ in honor_triplets)
        + len(honor_triplets & set(DRAGONS))
    )


@cache
def _standard_facts() -> frozenset[Facts]:
    """The facts of every hand of four sets and a pair of the family."""
    sets = [("triplet", t) for t in (*_SUITED_TRIPLETS, *range(27, 34))]
    sets += [("sequence", t) for t in _SEQUENCES]
    found = set()
    for four in combinations_with_replacement(sets, 4):
        for pair in _PAIRS:
            tiles = [pair, pair]
            for kind, t in four:
                tiles += [t, t, t] if kind == "triplet" else [t, t + 1, t + 2]
            if max(Counter(tiles).values()) > 4:
                continue
            honors = frozenset(t for kind, t in four if kind == "triplet" and t >= 27)
            found.add(facts_of(tiles, honors, all(kind == "triplet" for kind, _ in four)))
    return frozenset(found)


@cache
def _seven_pairs_facts(luxury: int) -> frozenset[Facts]:
    """The facts of every 七对子 of the family with ``luxury`` quads (a face taken twice)."""
    found = set()
    for slots in combinations_with_replacement(_PAIR_FACES, 7):
        times = Counter(slots)
        if max(times.values()) <= 2 and sum(n == 2 for n in times.values()) == luxury:
            found.add(facts_of(slots, frozenset(), False))
    return frozenset(found)


@cache
def _thirteen_facts() -> frozenset[Facts]:
    """The facts of every 十三不搭: three suits' spread ranks and honors, 14 in all."""
    found = set()
    for m, p, s in combinations_with_replacement(_spread_sets(), 3):
        honors = 14 - len(m) - len(p) - len(s)
        if 0 <= honors <= 7:
            tiles = [*m, *(9 + r for r in p), *(18 + r for r in s), *range(27, 27 + honors)]
            found.add(facts_of(tiles, frozenset(), False))
    return frozenset(found)


def most_tai(shape: str, luxury: int, wild_free: bool, winds: tuple[Tile, Tile]) -> int:
    """The most 台 over every hand of ``shape`` (with ``luxury`` quads for 七对子). A hand
    holding a wild has the same facts with the wild standing for one of its tiles (SPEC §2),
    less 无花; so ``wild_free`` False is the same family without 无花."""
    family = (
        _standard_facts()
        if shape == STANDARD
        else _seven_pairs_facts(luxury)
        if shape == SEVEN_PAIRS
        else _thirteen_facts()
    )
    return max(spec_tai(facts, wild_free, winds) for facts in family)


# ---- 天胡 / 地胡 ------------------------------------------------------------------------------

# What a word says happened, for the reading below.
SELF_DRAW, DISCARD, ROBBED, KONG, FLOAT, CONTRACT, HEAVENLY, EARTHLY, WIND = (
    "self_draw",
    "discard",
    "robbed",
    "kong",
    "float",
    "contract",
    "heavenly",
    "earthly",
    "wind",
)
# 天胡: the dealer's self-drawn win on the dealt 14 tiles: nobody has discarded (no discarder,
# no 飘, which needs the winner's own wild discarded), nobody has konged (no robbed kong, no
# kong replacement). 地胡: a non-dealer's win in the first go-round, self-drawn or on a
# discard: the winner has discarded nothing (no 飘) and nobody has konged to rob. SPEC §1,
# docs/rules.md. A kong of the winner's own first draw is not ruled out for 地胡.
CANNOT_STAND_WITH = {
    HEAVENLY: frozenset({DISCARD, ROBBED, KONG, FLOAT, EARTHLY}),
    EARTHLY: frozenset({ROBBED, FLOAT, HEAVENLY}),
}
