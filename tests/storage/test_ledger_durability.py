"""Concurrency (100 recordings at once) and crashes (SIGKILL mid-write) lose nothing."""

from __future__ import annotations

import asyncio
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, Table, seat_table

from storage import ErrorCode, Ledger, Source, StorageError, WinSpec


async def test_100_concurrent_recordings_all_land(table: Table) -> None:
    players = table.ids

    async def record(i: int) -> int:
        winner = players[i % 4]
        postings = {p: (3 * i if p == winner else -i) for p in players}
        recorded = await table.ledger.entries.record_win(
            CHAT,
            table.session.id,
            WinSpec(winner, postings, self_draw=True, value=i),
            Source(i, i),
            winner,
        )
        return recorded.entry.id

    # Each update twice, interleaved: replays must not double-count under concurrency either.
    ids = await asyncio.gather(*(record(i) for i in [*range(1, 101), *range(1, 101)]))
    assert len(set(ids)) == 100
    history = await table.ledger.reports.history(CHAT, page_size=500)
    assert history.total == 100
    assert sorted(e.source.update_id for e in history.entries if e.source) == list(range(1, 101))
    assert sum((await table.ledger.reports.tally(CHAT)).balances.values()) == 0
    session = await table.ledger.sessions.current(CHAT)
    assert session is not None and session.hand_number == 101


async def test_reads_run_beside_writes(table: Table) -> None:
    players = table.ids

    async def write(i: int) -> None:
        await table.ledger.entries.record_adjustment(
            CHAT, {players[0]: i, players[1]: -i}, Source(i), None
        )

    async def read() -> int:
        return sum((await table.ledger.reports.tally(CHAT)).balances.values())

    results = await asyncio.gather(*(write(i) for i in range(1, 41)), *(read() for _ in range(40)))
    assert all(total == 0 for total in results[40:])


@pytest.mark.slow
def test_sigkill_mid_write_loses_no_returned_recording(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    writer = Path(__file__).with_name("crash_writer.py")
    rng = random.Random(20261129)
    printed: list[int] = []
    for round_number in range(6):
        process = subprocess.Popen(
            [sys.executable, str(writer), str(db), str(1 + round_number * 100_000)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        # Let it write a while, then kill it wherever it happens to be.
        time.sleep(rng.uniform(0.6, 1.5))
        process.send_signal(signal.SIGKILL)
        out, err = process.communicate(timeout=30)
        assert process.returncode == -signal.SIGKILL, err
        # Only whole lines: a line cut by the kill was not fully printed.
        lines = out.split("\n")[:-1]
        printed.extend(int(line) for line in lines)
    assert len(printed) > 20, "the writer never got going"

    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
        present = {row[0] for row in raw.execute("SELECT id FROM entries")}
        assert set(printed) <= present
        # No half-written entry: every entry has its full set of postings, summing to 0.
        shapes = raw.execute(
            "SELECT e.kind, count(p.player_id), coalesce(sum(p.delta), 0) FROM entries AS e "
            "LEFT JOIN postings AS p ON p.entry_id = e.id GROUP BY e.id"
        ).fetchall()
        assert {shape for shape in shapes} <= {("win", 4, 0), ("reversal", 4, 0)}
        orphans = raw.execute(
            "SELECT count(*) FROM postings WHERE entry_id NOT IN (SELECT id FROM entries)"
        ).fetchone()[0]
        assert orphans == 0

    async def reopen() -> None:
        async with await Ledger.open(db) as ledger:
            assert sum((await ledger.reports.tally(99)).balances.values()) == 0

    asyncio.run(reopen())


async def test_cancelled_writes_leave_no_trace_and_no_stuck_transaction(table: Table) -> None:
    players = table.ids

    async def record(i: int) -> int:
        postings = {players[0]: i, players[1]: -i}
        return (
            await table.ledger.entries.record_adjustment(CHAT, postings, Source(i), None)
        ).entry.id

    rng = random.Random(7)
    tasks = [asyncio.create_task(record(i)) for i in range(1, 61)]
    # Cancel every other task at a random moment: waiting for the lock, or mid-transaction.
    for step, task in enumerate(tasks):
        if step % 2:
            await asyncio.sleep(rng.uniform(0, 0.004))
            task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    finished = [r for r in results if isinstance(r, int)]
    history = await table.ledger.reports.history(CHAT, page_size=500)
    present = {e.id for e in history.entries}
    # Every recording that returned is there. A task cancelled while its COMMIT was already
    # running may be there too (like a reply lost after the write); it is whole, and a
    # retry of its update is answered as a replay.
    assert set(finished) <= present
    assert len(present) <= len(tasks)
    assert all(sum(e.postings.values()) == 0 and len(e.postings) == 2 for e in history.entries)
    for entry in history.entries:
        assert entry.source is not None
        assert (await record(entry.source.update_id)) == entry.id
    # The writer is not left inside a transaction: the next write goes through.
    assert (await record(1000)) > 0


async def test_close_while_busy_finishes_or_refuses_cleanly(db_path: Path) -> None:
    ledger = await Ledger.open(db_path)
    table = await seat_table(ledger)
    players = table.ids

    async def record(i: int) -> object:
        try:
            return await ledger.entries.record_adjustment(
                CHAT, {players[0]: i, players[1]: -i}, None, None
            )
        except StorageError as error:
            return error.code

    writes = [asyncio.create_task(record(i)) for i in range(1, 21)]
    await asyncio.sleep(0)
    await ledger.close()
    outcomes = await asyncio.gather(*writes)
    assert all(o == ErrorCode.CLOSED or not isinstance(o, ErrorCode) for o in outcomes)
    written = sum(1 for o in outcomes if not isinstance(o, ErrorCode))
    async with await Ledger.open(db_path) as reopened:
        assert (await reopened.reports.history(CHAT)).total == written
