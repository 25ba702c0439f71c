"""The open session as the handlers see it: seats, players, names, winds and the ruleset."""

from __future__ import annotations

import html
from dataclasses import dataclass

from bot.context import Refusal
from bot.grammar import Member, Roster
from bot.i18n import Html, t
from scoring import rulesets
from scoring.tiles import SEAT_ORDER, Seat
from storage import Ledger, Player, Session, Tally


@dataclass(frozen=True)
class Table:
    session: Session
    players: dict[Seat, Player]  # only the occupied seats

    @property
    def roster(self) -> Roster:
        return Roster({seat: Member(p.name, p.username) for seat, p in self.players.items()})

    @property
    def full(self) -> bool:
        return len(self.players) == 4

    def player_id(self, seat: Seat) -> int:
        return self.players[seat].id

    def name(self, seat: Seat) -> str:
        player = self.players.get(seat)
        return player.name if player else seat.zh

    def names(self) -> dict[Seat, str]:
        return {seat: self.name(seat) for seat in SEAT_ORDER}

    def seat_of(self, player_id: int) -> Seat | None:
        found = self.session.seat_of(player_id)
        return Seat(found) if found else None

    def seat_wind(self, seat: Seat) -> Seat:
        return Seat(self.session.seat_wind(seat.value))

    @property
    def dealer(self) -> Seat:
        return Seat(self.session.dealer)

    @property
    def round_wind(self) -> Seat:
        return Seat(self.session.round_wind)

    def postings(self, payments: dict[Seat, int]) -> dict[int, int]:
        """Seat deltas as the ledger's postings, keyed by player id."""
        return {self.player_id(seat): amount for seat, amount in payments.items()}

    def require_full(self, lang: str) -> None:
        if not self.full:
            empty = " ".join(
                seat.zh if lang == "zh" else seat.value
                for seat in SEAT_ORDER
                if seat not in self.players
            )
            raise Refusal("seats_incomplete", seats=empty)


async def open_table(ledger: Ledger, chat_id: int) -> Table:
    """The chat's open session with its players; Refusal('no_session') when there is none."""
    session = await ledger.current_session(chat_id)
    if session is None:
        raise Refusal("no_session")
    return await table_of(ledger, session)


async def table_of(ledger: Ledger, session: Session) -> Table:
    by_id = {player.id: player for player in await ledger.list_players(session.chat_id)}
    players = {
        seat: by_id[player_id]
        for seat, player_id in zip(SEAT_ORDER, session.seats, strict=True)
        if player_id is not None
    }
    return Table(session=session, players=players)


def ruleset_name(ruleset_id: str, lang: str) -> str:
    found = rulesets.get(ruleset_id)
    return found.name_en if lang == "en" else found.name_zh


def seat_label(seat: Seat, lang: str) -> str:
    return seat.value if lang == "en" else seat.zh


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount).replace("-", "−")


def describe_table(table: Table, lang: str) -> str:
    """Seats with names, the dealer and the round wind, as HTML."""
    empty = t("seat_empty", lang)
    seats = "\n".join(
        seat_label(seat, lang)
        + " "
        + (html.escape(table.name(seat)) if seat in table.players else empty)
        + (" 🀄" if seat == table.dealer else "")
        for seat in SEAT_ORDER
    )
    return t(
        "session_table",
        lang,
        seats=Html(seats),
        dealer=table.name(table.dealer),
        round=seat_label(table.round_wind, lang),
    )


def describe_tally(tally: Tally, lang: str) -> str:
    """'甲 +48' lines, highest first, as HTML."""
    if not tally.rows:
        return t("tally_empty", lang)
    return "\n".join(f"{html.escape(row.player.name)} {signed(row.balance)}" for row in tally.rows)
