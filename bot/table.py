"""The open session as the handlers see it: seats, players, names, winds and the ruleset."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.context import Refusal, Services
from bot.grammar import Member, Roster
from bot.i18n import Html, t
from scoring import rulesets
from scoring.payments import KongKind
from scoring.tiles import SEAT_ORDER, Seat
from storage import Entry, Player, Session, Tally, TallyRow

SEAT_WIND_TRIPLET = "座风刻"  # the row that makes a player's 门风 worth a 台


@dataclass(frozen=True)
class Table:
    session: Session
    players: dict[Seat, Player]  # only the occupied seats
    tally: Tally | None = None  # the session's standings, once read

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

    def empty_seats(self, lang: str) -> Html:
        """The free seats in seat order, '南 北'."""
        return Html(
            " ".join(seat_label(seat, lang) for seat in SEAT_ORDER if seat not in self.players)
        )

    def require_full(self, lang: str) -> None:
        if not self.full:
            raise Refusal("seats_incomplete", seats=self.empty_seats(lang))


async def open_table(svc: Services, chat_id: int) -> Table:
    """The chat's open session with its players; Refusal('no_session') when there is none.

    Kept in memory between updates (a recording needs it and then returns the new state),
    so a hand costs the ledger only its write (see ``standings`` for the tally).
    """
    cached = svc.tables.get(chat_id)
    if cached is not None:
        return cached
    session = await svc.db.current_session(chat_id)
    if session is None:
        raise Refusal("no_session")
    return await table_of(svc, session)


async def table_of(svc: Services, session: Session) -> Table:
    """The session with its players read from the ledger (and remembered while open)."""
    by_id = {player.id: player for player in await svc.db.list_players(session.chat_id)}
    players = {
        seat: by_id[player_id]
        for seat, player_id in zip(SEAT_ORDER, session.seats, strict=True)
        if player_id is not None
    }
    return remember(svc, Table(session=session, players=players))


def remember(svc: Services, table: Table) -> Table:
    """Keep the state a write returned; a closed session is forgotten."""
    if table.session.is_open:
        svc.tables[table.session.chat_id] = table
    else:
        svc.tables.pop(table.session.chat_id, None)
    return table


async def standings(svc: Services, table: Table) -> Tally:
    """The session's tally: read once from the ledger, then moved along by ``after_entries``."""
    if table.tally is not None:
        return table.tally
    tally = await svc.db.tally(table.session.chat_id, table.session.id)
    remember(svc, replace(table, tally=tally))
    return tally


def after_entries(table: Table, session: Session, entries: Sequence[Entry]) -> Table:
    """The table after a write: the session state it returned, the tally moved by its postings
    (the very postings the ledger committed, so the two cannot drift apart)."""
    if table.tally is None:
        return Table(session, table.players)
    people = {row.player.id: row.player for row in table.tally.rows}
    people.update({player.id: player for player in table.players.values()})
    balances = {row.player.id: row.balance for row in table.tally.rows}
    for entry in entries:
        for player_id, amount in entry.postings.items():
            if amount:
                balances[player_id] = balances.get(player_id, 0) + amount
    rows = sorted(
        (TallyRow(people[pid], balance) for pid, balance in balances.items()),
        key=lambda row: (-row.balance, row.player.name, row.player.id),
    )
    return Table(session, table.players, Tally(session.chat_id, session.id, tuple(rows)))


def forget(svc: Services, chat_id: int) -> None:
    """After a write that may change the session in ways it does not return."""
    svc.tables.pop(chat_id, None)


def ruleset_name(ruleset_id: str, lang: str) -> str:
    found = rulesets.get(ruleset_id)
    return found.name_en if lang == "en" else found.name_zh


def seat_label(seat: Seat, lang: str) -> str:
    return seat.value if lang == "en" else seat.zh


def kong_name(kind: KongKind, lang: str) -> str:
    """'暗杠', or 'concealed kong (暗杠)' in English."""
    return kind.zh if lang == "zh" else f"{kind.value} kong ({kind.zh})"


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
        + seat_wind_note(table, seat, lang)
        for seat in SEAT_ORDER
    )
    dealer = table.dealer
    return t(
        "session_table",
        lang,
        seats=Html(seats),
        dealer=table.name(dealer) if dealer in table.players else seat_label(dealer, lang),
        round=seat_label(table.round_wind, lang),
    )


def seat_wind_note(table: Table, seat: Seat, lang: str) -> str:
    """'（门风东）' after a seat whose 门风 tells (see ``wind_tells``)."""
    wind = table.seat_wind(seat)
    if not wind_tells(seat, wind, table.session.ruleset):
        return ""
    return f" (seat wind {wind.value})" if lang == "en" else f"（门风{wind.zh}）"


def seat_and_wind(seat: Seat, wind: Seat, ruleset_id: str, lang: str) -> str:
    """'南', or '南 · 门风东' for a seat whose 门风 tells (see ``wind_tells``)."""
    if not wind_tells(seat, wind, ruleset_id):
        return seat_label(seat, lang)
    if lang == "en":
        return f"{seat.value} · seat wind {wind.value}"
    return f"{seat.zh} · 门风{wind.zh}"


def wind_tells(seat: Seat, wind: Seat, ruleset_id: str) -> bool:
    """Whether to show a seat's 门风: the ruleset scores a triplet of it (双辣's 座风刻) and it
    differs from the seat's label. Seats keep their labels (点炮S names a place at the
    table), while the 门风 turns with the deal — the dealer's is 东."""
    return wind != seat and scores_seat_wind(ruleset_id)


def scores_seat_wind(ruleset_id: str) -> bool:
    try:
        rulesets.get(ruleset_id).row(SEAT_WIND_TRIPLET)
    except KeyError:
        return False
    return True


def tally_block(tally: Tally, lang: str, title_key: str = "tally_title") -> str:
    """The tally under its bold title, as HTML."""
    return f"<b>{t(title_key, lang)}</b>\n{describe_tally(tally, lang)}"


def describe_tally(tally: Tally, lang: str) -> str:
    """'甲 +48' lines, highest first, as HTML."""
    if not tally.rows:
        return t("tally_empty", lang)
    return "\n".join(f"{html.escape(row.player.name)} {signed(row.balance)}" for row in tally.rows)
