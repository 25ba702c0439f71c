"""Who deals the next hand, and when the round wind (圈风) moves on. Pure functions.

- ``winner_deals`` (湖州 抢庄制): the winner deals next; after a 流局 the deal passes to the
  next seat. When several win on one discard (一炮多响) the first winner in turn order after
  the discarder deals (the one who would have had the discard first).
- ``dealer_stays`` (杭州): the dealer keeps the deal when the dealer wins (连庄), otherwise it
  passes to the next seat; after a 流局 the dealer keeps the deal (荒庄连庄).
- The round wind advances 东→南→西→北→东 once the deal has moved on four times in it; a
  dealer who keeps the deal does not count. The hand number counts every hand played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .records import SEATS, Rotation, SeatName


@dataclass(frozen=True)
class DealState:
    dealer: SeatName
    round_wind: SeatName
    hand_number: int
    deals_in_round: int


def next_seat(seat: SeatName, steps: int = 1) -> SeatName:
    """The seat ``steps`` places on in turn order (E → S → W → N → E)."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def next_dealer(
    rotation: Rotation, dealer: SeatName, winners: Sequence[SeatName], discarder: SeatName | None
) -> SeatName:
    """The dealer of the next hand; ``winners`` empty means a 流局."""
    if rotation == "dealer_stays":
        return dealer if not winners or dealer in winners else next_seat(dealer)
    if not winners:
        return next_seat(dealer)
    start = discarder if discarder is not None else dealer
    # Turn order after the discarder; a self-drawn win has one winner, found at any step.
    for step in range(1, 5):
        seat = next_seat(start, step)
        if seat in winners:
            return seat
    return winners[0]


def after_hand(
    state: DealState,
    rotation: Rotation,
    winners: Sequence[SeatName],
    discarder: SeatName | None,
) -> DealState:
    """The deal state after one hand (a win, several wins on one discard, or a 流局)."""
    dealer = next_dealer(rotation, state.dealer, winners, discarder)
    deals = state.deals_in_round + (dealer != state.dealer)
    round_wind = state.round_wind
    if deals >= 4:
        round_wind, deals = next_seat(round_wind), 0
    return DealState(dealer, round_wind, state.hand_number + 1, deals)
