"""settle_up: fewest transfers, integers only, every balance brought to 0."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storage import ErrorCode, StorageError, Transfer, settle_up
from storage.settle import EXACT_LIMIT


def apply(balances: dict[int, int], transfers: list[Transfer]) -> dict[int, int]:
    after = dict(balances)
    for t in transfers:
        assert t.amount > 0 and isinstance(t.amount, int)
        assert t.payer != t.payee
        after[t.payer] += t.amount
        after[t.payee] -= t.amount
    return after


def brute_force_fewest(balances: dict[int, int]) -> int:
    """Fewest transfers by trying every order of the non-zero balances (the classic bound:
    n minus the most zero-sum prefixes over all orders)."""
    amounts = [a for a in balances.values() if a]
    best = 0
    for order in permutations(amounts):
        running, groups = 0, 0
        for amount in order:
            running += amount
            groups += running == 0
        best = max(best, groups)
    return len(amounts) - best


@pytest.mark.parametrize(
    ("balances", "fewest"),
    [
        pytest.param({}, 0, id="empty"),
        pytest.param({1: 0, 2: 0}, 0, id="all-even"),
        pytest.param({1: 24, 2: -8, 3: -8, 4: -8}, 3, id="self-draw"),
        pytest.param({1: 32, 2: -32, 3: 0, 4: 0}, 1, id="one-discard"),
        pytest.param({1: 5, 2: -5, 3: 3, 4: -3}, 2, id="two-pairs"),
        pytest.param({1: 5, 2: -3, 3: 3, 4: -5}, 2, id="pairs-crossed"),
        pytest.param({1: 10, 2: -4, 3: -6, 4: 4, 5: -4}, 3, id="pair-hidden-in-five"),
        pytest.param({1: 7, 2: 3, 3: -2, 4: -8}, 3, id="no-subgroup"),
    ],
)
def test_fewest_transfers(balances: dict[int, int], fewest: int) -> None:
    transfers = settle_up(balances)
    assert all(v == 0 for v in apply(balances, transfers).values())
    assert len(transfers) == fewest


def test_unbalanced_is_refused() -> None:
    with pytest.raises(StorageError) as caught:
        settle_up({1: 5, 2: -4})
    assert caught.value.code is ErrorCode.UNBALANCED_POSTINGS


def zero_sum(max_players: int, max_amount: int = 50) -> st.SearchStrategy[dict[int, int]]:
    def close(amounts: list[int]) -> dict[int, int]:
        balances = dict(enumerate(amounts, start=1))
        balances[len(amounts) + 1] = -sum(amounts)
        return balances

    return st.lists(st.integers(-max_amount, max_amount), min_size=0, max_size=max_players - 1).map(
        close
    )


@settings(max_examples=300, deadline=None)
@given(zero_sum(20, 10_000))
def test_any_balances_settle_to_zero_within_n_minus_1(balances: dict[int, int]) -> None:
    transfers = settle_up(balances)
    assert all(v == 0 for v in apply(balances, transfers).values())
    nonzero = sum(1 for v in balances.values() if v)
    assert len(transfers) <= max(0, nonzero - 1)
    assert len(transfers) <= max(0, len(balances) - 1)


@settings(max_examples=200, deadline=None)
@given(zero_sum(7, 6))
def test_optimal_against_brute_force(balances: dict[int, int]) -> None:
    assert len(settle_up(balances)) == brute_force_fewest(balances)


def test_greedy_above_the_exact_limit_still_settles() -> None:
    balances = {i: (i if i % 2 else -i) for i in range(1, EXACT_LIMIT + 6)}
    balances[100] = -sum(balances.values())
    transfers = settle_up(balances)
    assert all(v == 0 for v in apply(balances, transfers).values())
    assert len(transfers) <= len(balances) - 1
