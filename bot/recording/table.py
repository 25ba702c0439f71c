"""The chat's open table (a ``SeatedTable``) read from the ledger once, then kept in its
``ChatState`` (see ``bot.table.chat_state``): each write returns the new state, so a hand costs the
ledger only its write."""

from __future__ import annotations

from dataclasses import replace

from bot.context import Context, chat_state, services
from bot.refusals.chat import ChatRefusal
from bot.table.seated import SeatedTable, aliases_of
from scoring.tiles import SEAT_ORDER
from storage import Session, Tally


async def open_table(context: Context, chat_id: int) -> SeatedTable:
    """The chat's open session with its players; ChatRefusal('no_session') when there is none."""
    cached = chat_state(context, chat_id).table
    if cached is not None:
        return cached
    session = await services(context).ledger.sessions.current(chat_id)
    if session is None:
        raise ChatRefusal("no_session")
    return await table_of(context, session)


async def table_of(context: Context, session: Session) -> SeatedTable:
    """The session with its players read from the ledger (and remembered while open)."""
    ledger = services(context).ledger
    players_of_chat = await ledger.players.all(session.chat_id)
    by_id = {player.id: player for player in players_of_chat}
    players = {
        seat: by_id[player_id]
        for seat, player_id in zip(SEAT_ORDER, session.seats, strict=True)
        if player_id is not None
    }
    aliases = aliases_of(players, await ledger.people.of_chat(session.chat_id), by_id)
    return remember(context, SeatedTable(session=session, players=players, aliases=aliases))


def remember(context: Context, table: SeatedTable) -> SeatedTable:
    """Keep the state a write returned; a closed session is forgotten."""
    return chat_state(context, table.session.chat_id).keep(table)


async def standings(context: Context, table: SeatedTable) -> Tally:
    """The session's tally: read once from the ledger, then moved along by ``after_entries``."""
    if table.tally is not None:
        return table.tally
    tally = await services(context).ledger.reports.tally(table.session.chat_id, table.session.id)
    remember(context, replace(table, tally=tally))
    return tally


def forget(context: Context, chat_id: int) -> None:
    """After a write that may change the session in ways it does not return."""
    chat_state(context, chat_id).forget_table()
