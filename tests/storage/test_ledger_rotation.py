"""Dealer rotation and round wind, as tables (storage/rotation.py, pure)."""

from __future__ import annotations

import pytest

from storage.records import Rotation, SeatName
from storage.rotation import DealState, after_hand, next_dealer


@pytest.mark.parametrize(
    ("rotation", "dealer", "winners", "discarder", "expected"),
    [
        pytest.param("winner_deals", "E", ["S"], None, "S", id="huzhou-winner-deals"),
        pytest.param("winner_deals", "E", ["E"], None, "E", id="huzhou-dealer-wins-keeps"),
        pytest.param("winner_deals", "W", [], None, "N", id="huzhou-draw-passes"),
        pytest.param("winner_deals", "N", [], None, "E", id="huzhou-draw-wraps"),
        pytest.param("winner_deals", "E", ["N", "W"], "S", "W", id="huzhou-multi-after-discarder"),
        pytest.param("winner_deals", "E", ["E", "S"], "N", "E", id="huzhou-multi-wraps"),
        pytest.param("dealer_stays", "E", ["E"], None, "E", id="hangzhou-dealer-wins-stays"),
        pytest.param("dealer_stays", "E", ["W"], "S", "S", id="hangzhou-other-wins-passes"),
        pytest.param("dealer_stays", "N", ["S"], None, "E", id="hangzhou-passes-wraps"),
        pytest.param("dealer_stays", "S", [], None, "S", id="hangzhou-draw-dealer-stays"),
        pytest.param("dealer_stays", "S", ["S", "W"], "E", "S", id="hangzhou-multi-with-dealer"),
    ],
)
def test_next_dealer(
    rotation: Rotation,
    dealer: SeatName,
    winners: list[SeatName],
    discarder: SeatName | None,
    expected: SeatName,
) -> None:
    assert next_dealer(rotation, dealer, winners, discarder) == expected


def test_round_wind_moves_after_four_passes_of_the_deal() -> None:
    state = DealState("E", "E", 1, 0)
    # The dealer keeps the deal twice: the round does not move.
    for _ in range(2):
        state = after_hand(state, "dealer_stays", ["E"], None)
    assert (state.dealer, state.round_wind, state.hand_number) == ("E", "E", 3)
    for winner, expected_dealer in (("W", "S"), ("E", "W"), ("E", "N")):
        state = after_hand(state, "dealer_stays", [winner], None)
        assert state.dealer == expected_dealer and state.round_wind == "E"
    state = after_hand(state, "dealer_stays", ["S"], None)
    assert (state.dealer, state.round_wind, state.deals_in_round) == ("E", "S", 0)
    assert state.hand_number == 7


def test_round_wind_wraps_from_north_to_east() -> None:
    state = DealState("E", "N", 10, 3)
    assert after_hand(state, "winner_deals", [], None).round_wind == "E"
