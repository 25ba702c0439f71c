"""/seat and /dealer: who sits where, who deals and the round wind, corrected by hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.cleaning import clean_name
from bot.grammar.errors import GrammarError
from bot.grammar.names import check_name
from bot.grammar.roster import Roster, whole_player
from scoring.tiles import Seat
from scoring.words import parse_seat, read_winds


@dataclass(frozen=True)
class SeatChange:
    """/seat PLAYER SEAT: a seated player moves (swapping), or a newcomer takes the seat."""

    to: Seat
    mover: Seat | None  # the seat of a player already at the table
    newcomer: str | None  # someone not at the table who replaces the seat's player (换人)


def parse_seat_change(args: Sequence[str], roster: Roster) -> SeatChange:
    """/seat 甲 南 swaps 甲 with whoever sits 南; /seat 戊 南 seats 戊 in 南's place."""
    if len(args) < 2:
        raise GrammarError("seat_usage")
    to = parse_seat(args[-1])
    if to is None:
        raise GrammarError("bad_seat", token=args[-1])
    name = clean_name(" ".join(args[:-1])) or " ".join(args[:-1])
    mover = roster.seat_of(name)
    if mover is not None:
        return SeatChange(to=to, mover=mover, newcomer=None)
    return SeatChange(to=to, mover=None, newcomer=check_name(name))


@dataclass(frozen=True)
class DealerChange:
    """/dealer PLAYER [圈X]: correct who deals (and the round wind) by hand."""

    dealer: Seat | None
    round_wind: Seat | None


def parse_dealer(args: Sequence[str], roster: Roster) -> DealerChange:
    """/dealer 乙 · /dealer 圈南 · /dealer 乙 圈南 · /dealer Bob round N (a player, a seat word,
    and/or the round wind in any form the scoring core reads: 圈南, 圈风S, round wind N)."""
    round_wind, rest = _round_wind_in(args)
    for word in rest:
        if word.startswith("圈") or word.casefold() == "round":
            raise GrammarError("bad_round_wind", token=word)
    dealer = whole_player(rest, roster) if rest else None
    if dealer is None and round_wind is None:
        raise GrammarError("dealer_usage")
    return DealerChange(dealer=dealer, round_wind=round_wind)


def _round_wind_in(args: Sequence[str]) -> tuple[Seat | None, list[str]]:
    """The round wind the words state (the shortest run of words that states it) and the
    other words."""
    for length in (1, 2, 3):  # 圈南 · round N · round wind N
        for start in range(len(args) - length + 1):
            _, wind = read_winds(" ".join(args[start : start + length]))
            if wind is not None:
                return wind, [*args[:start], *args[start + length :]]
    return None, list(args)
