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

from ledger_fixtures import CHAT, Table

from storage import Ledger, Source


async def test_100_concurrent_recordings_all_land(table: Table) -> None:
    players = table.ids

    async def record(i: int) -> int:
        winner = players[i % 4]
        postings = {p: (3 * i if p == winner else -i) for p in players}
        recorded = await table.ledger.record_win(
            CHAT, table.session.id, winner, postings, None, None, Source(i, i), winner,
            self_draw=True, value=i,
        )  # fmt: skip
        return recorded.entry.id

    # Each update twice, interleaved: replays must not double-count under concurrency either.
    ids = await asyncio.gather(*(record(i) for i in [*range(1, 101), *range(1, 101)]))
    assert len(set(ids)) == 100
    history = await table.ledger.history(CHAT, page_size=500)
    assert history.total == 100
    assert sorted(e.source.update_id for e in history.entries if e.source) == list(range(1, 101))
    assert sum((await table.ledger.tally(CHAT)).balances.values()) == 0
    session = await table.ledger.current_session(CHAT)
    assert session is not None and session.hand_number == 101


async def test_reads_run_beside_writes(table: Table) -> None:
    players = table.ids

    async def write(i: int) -> None:
        await table.ledger.record_adjustment(CHAT, {players[0]: i, players[1]: -i}, Source(i), None)

    async def read() -> int:
        return sum((await table.ledger.tally(CHAT)).balances.values())

    results = await asyncio.gather(*(write(i) for i in range(1, 41)), *(read() for _ in range(40)))
    assert all(total == 0 for total in results[40:])


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
            assert sum((await ledger.tally(99)).balances.values()) == 0

    asyncio.run(reopen())
