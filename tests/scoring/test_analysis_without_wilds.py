"""Hands without a wild are read suit by suit (``real_readings``); the general walk over
count vectors (``standard_readings``) must give the same readings in the same order,
because ``best_valuation`` keeps the first of equally good readings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import blocks

from scoring.analysis.counts import split_wilds
from scoring.analysis.decompose import real_readings, standard_readings
from scoring.hand import Meld, MeldKind
from scoring.tiles import Tile

_MELD_KINDS = (MeldKind.CHI, MeldKind.PON, MeldKind.KONG, MeldKind.CONCEALED_KONG)


# Sets and pairs, mostly, so that many hands win; singles so that some do not.
_BLOCKS = blocks(5, 8)
_MELDS = st.lists(
    st.tuples(st.sampled_from(_MELD_KINDS), st.integers(0, 2), st.integers(0, 6)), max_size=2
)


def _meld(kind: MeldKind, suit: int, rank: int) -> Meld:
    first = suit * 9 + rank
    if kind is MeldKind.CHI:
        return Meld(kind, (first, first + 1, first + 2))
    return Meld(kind, (first,) * (3 if kind is MeldKind.PON else 4))


@st.composite
def real_hands(draw: st.DrawFn) -> tuple[tuple[Tile, ...], tuple[Meld, ...]]:
    """Sorted concealed tiles (winning tile included, at most four of a face) beside 0-2
    declared melds."""
    melds = tuple(_meld(*meld) for meld in draw(_MELDS))
    size = 14 - 3 * len(melds)
    tiles: list[Tile] = []
    for block in draw(_BLOCKS) + [[t] for t in range(34)]:
        if len(tiles) + len(block) <= size and all(
            tiles.count(t) + block.count(t) <= 4 for t in block
        ):
            tiles.extend(block)
    return tuple(sorted(tiles)), melds


@settings(max_examples=400, deadline=None)
@given(real_hands())
def test_reading_suit_by_suit_agrees_with_the_general_walk(
    case: tuple[tuple[Tile, ...], tuple[Meld, ...]],
) -> None:
    tiles, melds = case
    counts, wilds = split_wilds(tiles, frozenset())
    assert wilds == 0
    fast = real_readings(tiles, melds)
    if fast is not None:  # None: left to the general walk
        for winning in set(tiles):
            assert list(fast) == standard_readings(counts, 0, winning, melds)
