"""The totals the schema keeps (migration 0004) always equal a recomputation from the entries:
after recordings, undos, edits and replays (see test_ledger_properties), after a CSV import
spread over several months and reversals of what it imported, after the migration of a
database written before the totals existed, and after ``rebuild_totals``."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import sqlite3
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ledger_fixtures import CHAT as OLD_CHAT
from ledger_fixtures import OTHER_CHAT as OLD_OTHER_CHAT
from ledger_fixtures import resigned
from test_ledger_properties import CHAT, Op, ops, play
from totals_reference import expected, kept

from rigs.ledger_template import fresh_ledger_file
from storage import Ledger, StorageError
from storage.database import Migration, migrate, migrations
from storage.rebuild import main, rebuild

DUMP = Path(__file__).parent / "data" / "ledger_schema3.sql"
OTHER_CHAT = CHAT + 1
MONTHS = ("2025-11", "2025-12", "2026-01", "2026-02")


def spread_over_months(text: str, months: list[int]) -> str:
    """The export with the entries of its n-th hand (else its n-th entry) dated in
    ``MONTHS[months[n % len(months)]]``: a hand's entries stay in one month, as they are
    recorded together (a later edit of one win of a 一炮多响 is the exception /stats
    documents)."""
    rows = list(csv.DictReader(io.StringIO(text)))
    out = io.StringIO()
    writer = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    entry = 0
    for row in rows:
        if row["record"] == "entry":
            n = int(row["hand_number"] or entry)
            month = MONTHS[months[n % len(months)] % len(MONTHS)]
            row["created_at"] = f"{month}-15T12:{entry % 60:02d}:00+00:00"
            entry += 1
        writer.writerow(row)
    return out.getvalue()


async def month_windows_match_counting(ledger: Ledger, chat_id: int) -> None:
    """A whole-month window (Beijing months, read from the monthly totals) equals the same
    window shifted by a microsecond (its ragged ends counted from the entries; nothing was
    written in that microsecond)."""
    tick = timedelta(microseconds=1)
    for start, end in [(MONTHS[0], MONTHS[2]), (MONTHS[1], MONTHS[3]), (MONTHS[3], None)]:
        since = datetime.fromisoformat(f"{start}-01T00:00:00+08:00")
        until = datetime.fromisoformat(f"{end}-01T00:00:00+08:00") if end else None
        by_months = await ledger.stats.players(chat_id, since, until)
        counted = await ledger.stats.players(chat_id, since - tick, until - tick if until else None)
        assert by_months == counted, (start, end)


async def imported_then_reversed(
    sequence: list[Op], months: list[int], undo: list[int], path: Path
) -> None:
    async with await Ledger.open(fresh_ledger_file(path)) as ledger:
        await play(ledger, sequence)
        text = spread_over_months(await ledger.export.csv(CHAT), months or [0])
        await ledger.exchange.import_csv(OTHER_CHAT, resigned(text))
        imported = (await ledger.reports.history(OTHER_CHAT, page_size=500)).entries
        for pick in undo:
            if imported:
                # A reversal, an entry reversed already or one of a closed session is refused.
                with contextlib.suppress(StorageError):
                    await ledger.entries.reverse(
                        OTHER_CHAT, imported[pick % len(imported)].id, author=None, source=None
                    )
        assert kept(path) == expected(path)
        await month_windows_match_counting(ledger, OTHER_CHAT)
        await ledger.totals.rebuild()
        assert kept(path) == expected(path)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops, st.lists(st.integers(0, 3), max_size=8), st.lists(st.integers(0, 50), max_size=6))
def test_an_import_over_months_and_its_reversals_keep_the_totals(
    sequence: list[Op], months: list[int], undo: list[int]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(imported_then_reversed(sequence, months, undo, Path(folder) / "l.db"))


def schema3_database(path: Path) -> None:
    """The ledger in tests/storage/data, written by the code before migration 0004."""
    with sqlite3.connect(path) as db:
        db.executescript(DUMP.read_text("utf-8"))
        db.execute("PRAGMA user_version = 3")


async def test_the_migration_builds_the_totals_of_an_existing_ledger(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    schema3_database(path)
    with sqlite3.connect(path) as db:
        assert "player_totals" not in {
            row[0] for row in db.execute("SELECT name FROM sqlite_master")
        }
    async with await Ledger.open(path) as ledger:
        rows = {s.player.name: s for s in await ledger.stats.players(OLD_CHAT)}
        found = kept(path)
        assert found == expected(path) and found["players"] and found["pairs"]
        # A window starting a microsecond after 2000 is no whole month: counted from entries.
        counted = await ledger.stats.players(
            OLD_CHAT, datetime(2000, 1, 1, microsecond=1, tzinfo=UTC)
        )
        assert rows == {s.player.name: s for s in counted}
        assert any(s.wins for s in rows.values()) and any(s.dealt_in for s in rows.values())


async def test_the_migration_runs_in_one_transaction(tmp_path: Path) -> None:
    """A migration that fails leaves the database at version 3, without half the totals."""
    path = tmp_path / "old.db"
    schema3_database(path)
    known = migrations()
    broken = [*known[:3], Migration(4, "0004_broken.sql", known[3].sql + "\nSELECT nope;")]
    async with aiosqlite.connect(path) as conn:
        with contextlib.suppress(sqlite3.OperationalError):
            await migrate(conn, broken)
        async with conn.execute("PRAGMA user_version") as cursor:
            assert (await cursor.fetchone()) == (3,)
        async with conn.execute(
            "SELECT name FROM sqlite_master WHERE name = 'player_totals'"
        ) as cursor:
            assert await cursor.fetchone() is None


async def test_rebuild_restores_totals_that_went_wrong(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    schema3_database(path)
    async with await Ledger.open(path) as ledger:
        with sqlite3.connect(path) as db:
            db.execute("UPDATE player_totals SET wins = wins + 5, biggest_entry = NULL")
            db.execute("DELETE FROM pair_totals")
        assert kept(path) != expected(path)
        await ledger.totals.rebuild()
        assert kept(path) == expected(path)


def test_the_rebuild_command_recomputes_the_totals(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    schema3_database(path)
    asyncio.run(rebuild(path))  # migrates first: the totals exist
    with sqlite3.connect(path) as db:
        db.execute("UPDATE pair_totals SET net = net + 1")
    assert kept(path) != expected(path)
    main([str(path)])
    assert kept(path) == expected(path)


async def test_migration_0011_keeps_totals_per_ruleset_for_a_ledger_written_before(
    tmp_path: Path,
) -> None:
    """A ledger at the schema before 0011 has totals across rulesets only; the migration
    builds each ruleset's rows from the entries, equal to what the trigger keeps later."""
    path = tmp_path / "old.db"
    schema3_database(path)
    before = [m for m in migrations() if m.version < 11]
    async with aiosqlite.connect(path) as conn:
        await migrate(conn, before)
    with sqlite3.connect(path) as db:
        # 0004 and 0006 include today's totals.sql: a ledger migrated by their first text
        # had no ruleset rows, as here
        assert db.execute("DELETE FROM player_totals WHERE period >= '~'").rowcount
    assert kept(path) != expected(path)
    async with await Ledger.open(path) as ledger:
        found = kept(path)
        assert found == expected(path)
        assert any(row[2] == "~hangzhou|all" for row in found["players"])
        # the dump's second chat played a 湖州 session, then a 杭州 one still open
        boards = await ledger.stats.boards(OLD_OTHER_CHAT)
        assert [b.ruleset for b in boards] == ["hangzhou", "huzhou-qiangdao"]
        across = {row.player.id: row.net for row in await ledger.stats.players(OLD_OTHER_CHAT)}
        with sqlite3.connect(path) as db:  # an adjustment outside a session is on no board
            unboarded = dict(
                db.execute(
                    "SELECT p.player_id, sum(p.delta) FROM postings AS p JOIN entries AS e "
                    "ON e.id = p.entry_id WHERE e.session_id IS NULL GROUP BY p.player_id"
                ).fetchall()
            )
        assert any(unboarded.values())
        for player, net in across.items():
            nets = [row.net for b in boards for row in b.players if row.player.id == player]
            assert len(nets) == 2 and sum(nets) + unboarded.get(player, 0) == net
