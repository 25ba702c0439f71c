"""Property: after random hands, undos, sessions, links and cut links, the folded totals
(/stats, /tally, head to head) equal a recomputation from the raw ledger with a model's idea
of who is who, and every refusal is the one the model expects (nothing written).

The model keeps its own links (record → the record it was linked to) and works out people
from them; the reference reads entries and postings straight from SQLite.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from people_ops import RECORDS, Op, operations

from rigs.ledger_template import fresh_ledger_file
from storage import ErrorCode, Ledger, LinkRequest, SessionTerms, Source, StorageError, WinSpec

CHAT = 9
KINDS = ("win", "win", "draw", "undo_hand", "link", "link", "unlink", "session")


ops = operations(KINDS)


@dataclass
class Model:
    records: list[int]
    links: dict[int, int] = field(default_factory=dict)  # record -> one step
    events: list[tuple[int, int]] = field(default_factory=list)  # (event id, record) standing
    seats: tuple[int, ...] = ()
    session: int = 0
    update: int = 0

    def person(self, record: int) -> int:
        while record in self.links:
            record = self.links[record]
        return record

    def next_update(self) -> int:
        self.update += 1
        return self.update


def _sat_together(path: Path) -> set[frozenset[int]]:
    """Pairs of records seated together in a standing hand, from the raw ledger."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT seat_e, seat_s, seat_w, seat_n FROM entries AS e WHERE kind IN "
            "('win', 'draw') AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = e.id)"
        ).fetchall()
    return {frozenset((a, b)) for row in rows for a in row for b in row if a != b}


def _reference(path: Path, model: Model) -> dict[int, tuple[int, int, int, int, int]]:
    """Per person (root): hands, wins, self-draws, dealt in, net, counted from the ledger."""
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        entries = db.execute("SELECT * FROM entries").fetchall()
        postings = db.execute("SELECT entry_id, player_id, delta FROM postings").fetchall()
    undone = {e["reverses"] for e in entries if e["reverses"] is not None}
    hands: dict[int, set[tuple[int, int]]] = defaultdict(set)
    dealt: dict[int, set[tuple[int, int]]] = defaultdict(set)
    wins: dict[int, int] = defaultdict(int)
    draws: dict[int, int] = defaultdict(int)
    net: dict[int, int] = defaultdict(int)
    for entry in entries:
        if entry["kind"] == "reversal" or entry["id"] in undone:
            continue
        hand = (entry["session_id"], entry["hand_number"])
        for column in ("seat_e", "seat_s", "seat_w", "seat_n"):
            hands[model.person(entry[column])].add(hand)
        if entry["kind"] == "win":
            wins[model.person(entry["winner"])] += 1
            draws[model.person(entry["winner"])] += entry["self_draw"]
            if entry["discarder"] is not None:
                dealt[model.person(entry["discarder"])].add(hand)
    for row in postings:
        net[model.person(row["player_id"])] += row["delta"]
    people = {model.person(r) for r in model.records}
    return {
        p: (len(hands[p]), wins[p], draws[p], len(dealt[p]), net[p])
        for p in people
        if hands[p] or net[p]
    }


async def _apply(ledger: Ledger, path: Path, model: Model, op: Op) -> None:
    if op.kind == "session":
        await _new_session(ledger, model, op)
    elif op.kind in ("win", "draw"):
        await _hand(ledger, model, op)
    elif op.kind == "undo_hand":
        last = await ledger.reports.last_entry(CHAT, model.session)
        if last is not None:
            await ledger.entries.reverse(
                CHAT, last.id, author=None, source=Source(model.next_update())
            )
    elif op.kind == "link":
        await _link(ledger, path, model, op)
    elif model.events:  # unlink one standing link
        await _unlink(ledger, model, model.events[op.a % len(model.events)])


async def _unlink(ledger: Ledger, model: Model, standing: tuple[int, int]) -> None:
    """Undo a standing link: refused (LINKED_SINCE) while a later link of its person holds,
    so an undo always gives back exactly the people before its link."""
    event, record = standing
    tree = model.person(record)
    later = [e for e, r in model.events if e > event and model.person(r) == tree]
    try:
        await ledger.people.undo_identity(CHAT, event, author=None, update_id=model.next_update())
    except StorageError as error:
        assert error.code is ErrorCode.LINKED_SINCE and later, (error.code, later)
        return
    assert not later
    model.events.remove(standing)
    del model.links[record]


async def _new_session(ledger: Ledger, model: Model, op: Op) -> None:
    if model.seats:
        await ledger.sessions.close(CHAT)
        model.seats = ()
    seats: list[int] = []
    for index in op.pick:  # the first record of each of four people
        record = model.records[index]
        if all(model.person(record) != model.person(s) for s in seats):
            seats.append(record)
    if len(seats) < 4:
        return  # fewer than four people: no table until a cut link makes a fourth
    session = await ledger.sessions.open(
        CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), tuple(seats[:4]), None
    )
    model.session, model.seats = session.id, tuple(seats[:4])


async def _hand(ledger: Ledger, model: Model, op: Op) -> None:
    if not model.seats:
        return
    source = Source(model.next_update())
    if op.kind == "draw":
        await ledger.entries.record_draw(CHAT, model.session, source, None)
        return
    winner, other = model.seats[op.a % 4], model.seats[op.b % 4]
    if winner == other:  # 自摸: the other three pay
        paid = {s: -op.amount for s in model.seats if s != winner}
        win = WinSpec(winner, {winner: 3 * op.amount, **paid}, self_draw=True, value=op.amount)
    else:
        win = WinSpec(winner, {winner: op.amount, other: -op.amount}, discarder=other)
    await ledger.entries.record_win(CHAT, model.session, win, source, None)


def _expected_refusal(path: Path, model: Model, a: int, b: int) -> ErrorCode | None:
    if a == b:
        return ErrorCode.SAME_RECORD
    root_a, root_b = model.person(a), model.person(b)
    if root_a == root_b:
        return ErrorCode.ALREADY_ONE_PERSON
    mine = {r for r in model.records if model.person(r) == root_a}
    theirs = {r for r in model.records if model.person(r) == root_b}
    together = _sat_together(path)
    seated = set(model.seats)
    if any(frozenset((x, y)) in together for x in mine for y in theirs) or (
        mine & seated and theirs & seated
    ):
        return ErrorCode.SAT_TOGETHER
    return None


async def _link(ledger: Ledger, path: Path, model: Model, op: Op) -> None:
    a, b = model.records[op.a], model.records[op.b]
    expected = _expected_refusal(path, model, a, b)
    try:
        change = await ledger.people.link_records(
            CHAT, LinkRequest(a, b, "merge"), author=None, update_id=model.next_update()
        )
    except StorageError as error:
        assert error.code is expected, (error.code, expected)
        return
    assert expected is None
    root = model.person(a)
    model.links[root] = model.person(b)
    model.events.append((change.event.id, root))


async def _check(ledger: Ledger, path: Path, model: Model) -> None:
    reference = _reference(path, model)
    stats = await ledger.stats.players(CHAT)
    shown = {
        row.player.id: (row.hands, row.wins, row.self_draws, row.dealt_in, row.net)
        for row in stats
        if row.hands or row.net
    }
    assert shown == reference
    assert len({row.player.id for row in stats}) == len(stats)  # nobody listed twice
    assert all(model.person(row.player.id) == row.player.id for row in stats)
    tally = await ledger.reports.tally(CHAT)
    assert {pid: b for pid, b in tally.balances.items() if b} == {
        p: r[4] for p, r in reference.items() if r[4]
    }
    people = sorted({model.person(r) for r in model.records})
    if len(people) >= 2:
        a, b = people[0], people[1]
        h2h = await ledger.stats.head_to_head(CHAT, a, b)
        with sqlite3.connect(path) as db:
            rows = db.execute(
                "SELECT session_id, hand_number, seat_e, seat_s, seat_w, seat_n FROM entries AS e "
                "WHERE kind IN ('win', 'draw') AND NOT EXISTS "
                "(SELECT 1 FROM entries AS x WHERE x.reverses = e.id)"
            ).fetchall()
        together = {row[:2] for row in rows if {model.person(s) for s in row[2:]} >= {a, b}}
        assert h2h.hands_together == len(together)


async def _run(steps: list[Op]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "people.db"
        async with await Ledger.open(fresh_ledger_file(path)) as ledger:
            members = [await ledger.players.upsert_user(CHAT, 500 + i, f"m{i}") for i in range(4)]
            guests = [await ledger.players.add_guest(CHAT, f"g{i}") for i in range(RECORDS - 4)]
            model = Model([p.id for p in [*members, *guests]])
            seats = tuple(model.records[:4])
            session = await ledger.sessions.open(
                CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), seats, None
            )
            model.session, model.seats = session.id, seats
            for op in steps:
                await _apply(ledger, path, model, op)
            await _check(ledger, path, model)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_folded_totals_equal_a_recomputation_from_the_ledger(steps: list[Op]) -> None:
    asyncio.run(_run(steps))
