"""Random operations on a chat's people for the property tests: one strategy, each test its
own mix of kinds."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

RECORDS = 7  # 4 members and 3 guests


@dataclass(frozen=True)
class Op:
    kind: str
    a: int  # a seat or a record index
    b: int
    amount: int
    pick: tuple[int, ...]  # a shuffle of the records, for a new session's seats


def operations(kinds: tuple[str, ...]) -> st.SearchStrategy[list[Op]]:
    """Up to 30 operations drawn from ``kinds`` (repeat a kind to make it likelier)."""
    return st.lists(
        st.builds(
            Op,
            kind=st.sampled_from(kinds),
            a=st.integers(0, RECORDS - 1),
            b=st.integers(0, RECORDS - 1),
            amount=st.integers(1, 40),
            pick=st.permutations(range(RECORDS)).map(tuple),
        ),
        max_size=30,
    )
