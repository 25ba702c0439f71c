"""Property: after random hands, undone hands, sessions, /join-style links that take a seat,
merges, renames and undos of either, export → import into a fresh chat gives the same people,
the same folded /stats, /tally and head to head, and the same identity history.

Refusals along the way (a link the live checks refuse, an undo of an undone event) are the
live commands' business, tested in test_ledger_people_properties; here they are skipped.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from people_ops import RECORDS, Op, operations
from people_round_trip import people_view

from rigs.ledger_template import fresh_ledger_file
from storage import Ledger, LinkRequest, SessionTerms, Source, StorageError, WinSpec
from storage.check import check_file

CHAT, COPY = 9, 10
KINDS = ("win", "win", "win", "undo_hand", "join", "merge", "rename", "undo", "session")


ops = operations(KINDS)


@dataclass
class Chat:
    ledger: Ledger
    records: list[int]
    events: list[int]
    update: int = 0

    def source(self) -> Source:
        self.update += 1
        return Source(self.update)


async def _hand(chat: Chat, op: Op) -> None:
    session = await chat.ledger.sessions.current(CHAT)
    if session is None:
        return
    seats = [s for s in session.seats if s is not None]
    winner, other = seats[op.a % 4], seats[op.b % 4]
    if winner == other:
        paid = {s: -op.amount for s in seats if s != winner}
        win = WinSpec(winner, {winner: 3 * op.amount, **paid}, self_draw=True, value=op.amount)
    else:
        win = WinSpec(winner, {winner: op.amount, other: -op.amount}, discarder=other)
    await chat.ledger.entries.record_win(CHAT, session.id, win, chat.source(), None)


async def _session(chat: Chat, op: Op) -> None:
    if await chat.ledger.sessions.current(CHAT) is not None:
        await chat.ledger.sessions.close(CHAT)
    people = await chat.ledger.people.of_chat(CHAT)
    seats: list[int] = []
    for index in op.pick:
        record = chat.records[index]
        if all(people.person(record) != people.person(s) for s in seats):
            seats.append(record)
    if len(seats) >= 4:
        terms = SessionTerms("hangzhou", 1, "dealer_stays")
        await chat.ledger.sessions.open(CHAT, terms, tuple(seats[:4]), None)


async def _identity(chat: Chat, op: Op) -> None:
    ledger, update = chat.ledger, chat.source().update_id
    a, b = chat.records[op.a], chat.records[op.b]
    if op.kind == "join":  # a guest's seat taken by a member
        guest, member = chat.records[4 + op.a % 3], chat.records[op.b % 4]
        request = LinkRequest(guest, member, "join", take_seat=True)
        change = await ledger.people.link_records(CHAT, request, author=member, update_id=update)
    elif op.kind == "merge":
        change = await ledger.people.link_records(
            CHAT, LinkRequest(a, b, "merge"), author=None, update_id=update
        )
    elif op.kind == "rename":
        guest = chat.records[4 + op.a % 3]
        change = await ledger.people.rename_guest(
            CHAT, guest, f"客{op.amount}", author=None, update_id=update
        )
    elif chat.events:
        event = chat.events[op.a % len(chat.events)]
        change = await ledger.people.undo_identity(CHAT, event, author=None, update_id=update)
    else:
        return
    chat.events.append(change.event.id)


async def _apply(chat: Chat, op: Op) -> None:
    try:
        if op.kind == "session":
            await _session(chat, op)
        elif op.kind == "win":
            await _hand(chat, op)
        elif op.kind == "undo_hand":  # the latest entry, if any is left to take back
            await chat.ledger.entries.reverse(CHAT, author=None, source=chat.source())
        else:
            await _identity(chat, op)
    except StorageError:
        pass  # refused as the live command would refuse it; nothing written


async def _run(steps: list[Op]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "people.db"
        async with await Ledger.open(fresh_ledger_file(path)) as ledger:
            members = [await ledger.players.upsert_user(CHAT, 500 + i, f"m{i}") for i in range(4)]
            guests = [await ledger.players.add_guest(CHAT, f"g{i}") for i in range(RECORDS - 4)]
            chat = Chat(ledger, [p.id for p in [*members, *guests]], [])
            seats = (members[0].id, members[1].id, guests[0].id, guests[1].id)
            await ledger.sessions.open(
                CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), seats, None
            )
            for op in steps:
                await _apply(chat, op)
            event(f"identity events: {min(len(chat.events), 5)}+")
            await ledger.exchange.import_csv(COPY, await ledger.export.csv(CHAT))
            assert await people_view(ledger, COPY) == await people_view(ledger, CHAT)
        assert check_file(path) == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_export_then_import_keeps_people_and_folded_totals(steps: list[Op]) -> None:
    asyncio.run(_run(steps))
