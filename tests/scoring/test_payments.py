"""Payments: every seat's integer delta, summing to zero; Hangzhou kongs settle on their own."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.payments import KongKind, combine, kong_payment, settle
from scoring.rulesets import get
from scoring.rulesets.base import PayerRule
from scoring.tiles import SEAT_ORDER, Seat

E, S, W, N = Seat.E, Seat.S, Seat.W, Seat.N


@pytest.mark.parametrize(
    ("kind", "discarder", "expected"),
    [
        pytest.param(KongKind.EXPOSED, W, {E: 3, S: 0, W: -3, N: 0}, id="明杠-discarder-pays-3"),
        pytest.param(KongKind.CONCEALED, None, {E: 6, S: -2, W: -2, N: -2}, id="暗杠-each-pays-2"),
        pytest.param(KongKind.ADDED, None, {E: 3, S: -1, W: -1, N: -1}, id="补杠-each-pays-1"),
    ],
)
def test_hangzhou_kong_payment(
    kind: KongKind, discarder: Seat | None, expected: dict[Seat, int]
) -> None:
    units = get("hangzhou").value_of(kind.zh)
    assert kong_payment(kind, E, discarder, 1) == expected
    assert -min(expected.values()) == units  # each payer pays the table's figure × 底分
    assert kong_payment(kind, E, discarder, 1_000) == {s: 1_000 * v for s, v in expected.items()}


@pytest.mark.parametrize("discarder", [None, E], ids=["missing", "owner"])
def test_exposed_kong_needs_another_discarder(discarder: Seat | None) -> None:
    with pytest.raises(ScoringError) as caught:
        kong_payment(KongKind.EXPOSED, E, discarder, 1)
    assert caught.value.code is ScoringErrorCode.BAD_SEAT


def test_kong_payment_refuses_a_bad_base() -> None:
    with pytest.raises(ScoringError) as caught:
        kong_payment(KongKind.ADDED, E, None, 0)
    assert caught.value.code is ScoringErrorCode.BAD_BASE


def test_hangzhou_share_is_fan_times_8_times_base() -> None:
    multiplier = get("hangzhou").value_of("基础倍数")
    result = scoring.score("123m456m789m123p白 +5s 自摸", "hangzhou", base=3)
    assert result.payments[S] == -(result.value * multiplier * 3)


@pytest.mark.parametrize(
    ("rule", "payer", "expected"),
    [
        pytest.param(PayerRule.SELF_DRAW, None, {E: 30, S: -10, W: -10, N: -10}, id="self-draw"),
        pytest.param(PayerRule.DISCARD, N, {E: 10, S: 0, W: 0, N: -10}, id="discard"),
        pytest.param(PayerRule.CONTRACT, S, {E: 30, S: -30, W: 0, N: 0}, id="contract"),
        pytest.param(PayerRule.ROBBED_KONG, W, {E: 30, S: 0, W: -30, N: 0}, id="robbed-kong"),
        pytest.param(
            PayerRule.ROBBED_KONG_AS_DISCARD, W, {E: 10, S: 0, W: -10, N: 0}, id="robbed-as-discard"
        ),
        pytest.param(PayerRule.DISCARD_SPLIT, S, {E: 20, S: -10, W: -5, N: -5}, id="split"),
    ],
)
def test_settle(rule: PayerRule, payer: Seat | None, expected: dict[Seat, int]) -> None:
    assert settle(rule, 10, E, payer, others_share=5) == expected
    assert rule.winner_total(10, 5) == expected[E]


def test_one_discard_many_wins() -> None:
    """一炮多响: each win scored on its own, the discarder pays each."""
    first = scoring.score("123p456p789p东东东1s +1s 放冲S 翻1m", "huzhou-qiangdao", winner="E")
    second = scoring.score("123m456m789m东东东1s +1s 放冲S 翻1m", "huzhou-qiangdao", winner="N")
    assert combine([first.payments, second.payments]) == {E: 1, S: -2, W: 0, N: 1}


@given(
    rule=st.sampled_from(list(PayerRule)),
    share=st.integers(min_value=1, max_value=10**9),
    others=st.integers(min_value=0, max_value=10**9),
    winner=st.sampled_from(SEAT_ORDER),
    offset=st.integers(min_value=1, max_value=3),
)
def test_settlements_sum_to_zero(
    rule: PayerRule, share: int, others: int, winner: Seat, offset: int
) -> None:
    deltas = settle(rule, share, winner, winner.after(offset), others)
    assert sum(deltas.values()) == 0
    assert deltas[winner] == rule.winner_total(share, others) > 0
    assert all(amount <= 0 for seat, amount in deltas.items() if seat != winner)
