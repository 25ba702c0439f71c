"""Hypothesis strategies the scoring property tests share."""

from __future__ import annotations

from hypothesis import strategies as st


def blocks(min_size: int, max_size: int) -> st.SearchStrategy[list[list[int]]]:
    """A few random blocks of tile indices (triplets, pairs, singles, sequences): mostly sets
    and pairs so that many hands win, singles so that some do not."""
    return st.lists(
        st.one_of(
            st.integers(0, 33).map(lambda t: [t, t, t]),
            st.integers(0, 33).map(lambda t: [t, t]),
            st.integers(0, 33).map(lambda t: [t]),
            st.tuples(st.integers(0, 2), st.integers(0, 6)).map(
                lambda sr: [sr[0] * 9 + sr[1] + k for k in range(3)]
            ),
        ),
        min_size=min_size,
        max_size=max_size,
    )
