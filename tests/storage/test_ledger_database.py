"""The database itself: pragmas, migrations, SQL-level guards, clean shutdown."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, Table

from storage import ErrorCode, Ledger, Source, StorageError, WinSpec
from storage.database import migrations, schema_version


async def test_pragmas_on_every_connection(ledger: Ledger) -> None:
    for conn in [ledger.database._writer, *ledger.database._readers]:
        async with conn.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"  # type: ignore[index]
        for pragma, expected in (("synchronous", 2), ("foreign_keys", 1), ("busy_timeout", 5000)):
            async with conn.execute(f"PRAGMA {pragma}") as cursor:
                assert (await cursor.fetchone())[0] == expected, pragma  # type: ignore[index]


def test_migration_files_are_numbered_from_one() -> None:
    found = migrations()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    assert schema_version() == len(found) >= 1


async def test_fresh_database_gets_the_current_schema(db_path: Path) -> None:
    async with await Ledger.open(db_path):
        pass
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == schema_version()
        tables = {
            row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
    assert {"chats", "players", "sessions", "sources", "entries", "postings"} <= tables
    # Opening again applies nothing twice.
    async with await Ledger.open(db_path) as again:
        assert await again.players.all(CHAT) == []


async def test_newer_database_is_refused_with_a_clear_message(db_path: Path) -> None:
    async with await Ledger.open(db_path):
        pass
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"PRAGMA user_version = {schema_version() + 1}")
    with pytest.raises(StorageError) as caught:
        await Ledger.open(db_path)
    assert caught.value.code is ErrorCode.SCHEMA_TOO_NEW
    assert "升级" in caught.value.zh and "upgrade" in caught.value.en


async def test_path_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "from-env.db"))
    async with await Ledger.open() as ledger:
        assert ledger.path == str(tmp_path / "from-env.db")
    assert (tmp_path / "from-env.db").exists()


async def test_closed_ledger_refuses_and_closes_twice(db_path: Path) -> None:
    ledger = await Ledger.open(db_path)
    await ledger.close()
    await ledger.close()
    with pytest.raises(StorageError) as caught:
        await ledger.chats.ensure(CHAT)
    assert caught.value.code is ErrorCode.CLOSED


def test_process_exits_promptly_after_close(tmp_path: Path) -> None:
    script = (
        "import asyncio, sys\n"
        "from storage import Ledger\n"
        "async def main():\n"
        "    ledger = await Ledger.open(sys.argv[1])\n"
        "    await ledger.chats.ensure(1)\n"
        "    await ledger.close()\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "x.db")], timeout=30, capture_output=True
    )
    assert done.returncode == 0, done.stderr


# The schema guards the ledger even against SQL that bypasses the Ledger class.
GUARDS = [
    pytest.param("UPDATE entries SET note = 'x'", "append-only", id="update-entry"),
    pytest.param("DELETE FROM entries", "append-only", id="delete-entry"),
    pytest.param("UPDATE postings SET delta = delta + 1", "append-only", id="update-posting"),
    pytest.param("DELETE FROM postings", "append-only", id="delete-posting"),
    pytest.param("DELETE FROM sources", "append-only", id="delete-source"),
    pytest.param(
        "INSERT INTO postings (entry_id, player_id, delta) VALUES (1, 1, 5)",
        "sealed",
        id="add-posting",
    ),
    pytest.param(
        "INSERT INTO postings VALUES (50, 1, 5); INSERT INTO postings VALUES (50, 2, -4);"
        "INSERT INTO entries (id, chat_id, kind, created_at) "
        "VALUES (50, -1001, 'adjustment', 'now')",
        "sum to 0",
        id="unbalanced-entry",
    ),
    pytest.param(
        "INSERT INTO postings VALUES (50, 1, -3); INSERT INTO postings VALUES (50, 2, 3);"
        "INSERT INTO entries (id, chat_id, kind, created_at, reverses) "
        "VALUES (50, -1001, 'reversal', 'now', 1)",
        "mirror",
        id="reversal-not-mirroring",
    ),
    pytest.param(
        "INSERT INTO entries (id, chat_id, kind, created_at, reverses) "
        "VALUES (50, -1001, 'reversal', 'now', 2)",
        "mirror",
        id="reversal-of-reversal",
    ),
    pytest.param(
        "INSERT INTO postings VALUES (50, 1, 1); INSERT INTO postings VALUES (50, 2, -3);"
        "INSERT INTO postings VALUES (50, 3, 1); INSERT INTO postings VALUES (50, 4, 1);"
        "INSERT INTO entries (id, chat_id, kind, created_at, reverses) "
        "VALUES (50, -1001, 'reversal', 'now', 1)",
        "UNIQUE",
        id="second-reversal",
    ),
    pytest.param(
        "INSERT INTO postings VALUES (50, 1, 5); INSERT INTO postings VALUES (50, 2, -5)",
        "FOREIGN KEY",
        id="postings-without-entry",
    ),
    pytest.param(
        "INSERT INTO postings VALUES (50, 1, 1.5); INSERT INTO postings VALUES (50, 2, -1.5)",
        "CHECK",
        id="fractional-delta",
    ),
]


@pytest.mark.parametrize(("sql", "message"), GUARDS)
async def test_schema_refuses_rewriting_history(table: Table, sql: str, message: str) -> None:
    e, s, w, n = table.ids
    assert (e, s) == (1, 2)  # the SQL above names players 1 and 2
    win = await table.ledger.entries.record_win(
        CHAT,
        table.session.id,
        WinSpec(s, {s: 3, e: -1, w: -1, n: -1}, self_draw=True),
        Source(1),
        s,
    )
    await table.ledger.entries.reverse(CHAT, win.entry.id, author=e, source=Source(2))
    await table.ledger.close()
    raw = sqlite3.connect(table.ledger.path, isolation_level=None)
    raw.execute("PRAGMA foreign_keys = ON")
    try:
        with pytest.raises(sqlite3.IntegrityError, match=message):
            raw.executescript(f"BEGIN; {sql}; COMMIT;")
    finally:
        raw.close()
    with sqlite3.connect(table.ledger.path) as check:
        assert check.execute("SELECT count(*) FROM entries").fetchone()[0] == 2
        assert check.execute("SELECT sum(delta) FROM postings").fetchone()[0] == 0


async def test_the_sum_trigger_aborts_the_transaction_by_itself(table: Table) -> None:
    """Bypass the Python check: the entry's insert trigger still refuses, nothing is kept."""
    from storage.entries import Draft, insert_entry

    e, s, _, _ = table.ids
    with pytest.raises(StorageError) as caught:
        async with table.ledger.database.write() as conn:
            await insert_entry(conn, CHAT, Draft("adjustment", {e: 5, s: -4}, {}))
    assert caught.value.code is ErrorCode.UNBALANCED_POSTINGS
    assert (await table.ledger.reports.history(CHAT)).total == 0
    assert (await table.ledger.reports.tally(CHAT)).rows == ()


def _folder_with(tmp_path: Path, extra: dict[str, str]) -> Path:
    """The shipped migrations plus ``extra`` files, in a folder of their own."""
    folder = tmp_path / "migrations"
    folder.mkdir()
    for migration in migrations():
        (folder / migration.name).write_text(migration.sql, encoding="utf-8")
    for name, sql in extra.items():
        (folder / name).write_text(sql, encoding="utf-8")
    return folder


async def test_migrations_apply_in_order_and_a_failing_one_changes_nothing(
    tmp_path: Path, db_path: Path
) -> None:
    import aiosqlite

    from storage.database import migrate

    async with await Ledger.open(db_path) as ledger:
        await ledger.chats.ensure(CHAT)
    shipped = schema_version()
    first, second, third = shipped + 1, shipped + 2, shipped + 3
    folder = _folder_with(
        tmp_path,
        {
            f"{second:04d}_uses_it.sql": "INSERT INTO nicknames (chat_id, nick) VALUES (1, 'x');",
            f"{first:04d}_nicknames.sql": "CREATE TABLE nicknames (chat_id INTEGER, nick TEXT);",
            f"{third:04d}_broken.sql": "CREATE TABLE half_done (x INTEGER); SELECT * FROM nowhere;",
        },
    )
    known = migrations(folder)
    assert [m.version for m in known] == list(range(1, third + 1))
    conn = await aiosqlite.connect(db_path, isolation_level=None)
    try:
        with pytest.raises(sqlite3.OperationalError, match="nowhere"):
            await migrate(conn, known)
        assert list(await conn.execute_fetchall("PRAGMA user_version")) == [(second,)]
        assert list(await conn.execute_fetchall("SELECT nick FROM nicknames")) == [("x",)]
        half = await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE name = 'half_done'"
        )
        assert list(half) == []
        assert await migrate(conn, known[:second]) == second  # nothing left to apply
    finally:
        await conn.close()


def test_a_gap_in_the_numbering_is_an_error(tmp_path: Path) -> None:
    skipping = f"{schema_version() + 2:04d}_skips_one.sql"
    folder = _folder_with(tmp_path, {skipping: "SELECT 1;"})
    with pytest.raises(RuntimeError, match=skipping.replace(".", r"\.")):
        migrations(folder)


async def test_an_older_database_is_upgraded_at_open(db_path: Path) -> None:
    import aiosqlite

    from storage.database import migrate

    conn = await aiosqlite.connect(db_path, isolation_level=None)
    try:
        assert await migrate(conn, migrations()[:1]) == 1
        await conn.execute(
            "INSERT INTO chats (chat_id, created_at) VALUES (5, '2026-01-01T00:00:00+00:00')"
        )
    finally:
        await conn.close()
    async with await Ledger.open(db_path) as ledger:
        assert (await ledger.chats.get(5)) is not None
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == schema_version()
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert "sources_message" in names


DATA = Path(__file__).parent / "data"


def _schema(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as raw:
        return sorted(
            raw.execute(
                "SELECT type, name, coalesce(sql, '') FROM sqlite_master "
                "WHERE name NOT LIKE 'sqlite_%'"
            )
        )


@pytest.mark.parametrize(
    ("dump", "version"),
    [
        pytest.param("ledger_schema3.sql", 3, id="before-the-totals"),
        pytest.param("ledger_schema5.sql", 5, id="totals-keyed-at-utc"),
    ],
)
async def test_an_old_database_migrates_to_the_fresh_schema(
    tmp_path: Path, dump: str, version: int
) -> None:
    """Migrations include storage/sql/totals.sql; an old file still ends where a new one
    starts (the totals' trigger exactly as a fresh database has it)."""
    async with await Ledger.open(tmp_path / "fresh.db"):
        pass
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as raw:
        raw.executescript((DATA / dump).read_text("utf-8"))
        raw.execute(f"PRAGMA user_version = {version}")
    before = dict((name, sql) for _, name, sql in _schema(old))
    async with await Ledger.open(old):
        pass
    assert _schema(old) == _schema(tmp_path / "fresh.db")
    if "entries_totals" in before:  # the old trigger, replaced by the one of totals.sql
        assert "substr(NEW.created_at, 1, 7)" in before["entries_totals"]
        assert (
            dict((n, s) for _, n, s in _schema(old))["entries_totals"] != before["entries_totals"]
        )


def test_the_totals_trigger_is_written_once() -> None:
    """Its text is in storage/sql/totals.sql only; every migration that creates it includes it."""
    folder = Path(__file__).parents[2] / "storage"
    writing = [
        path.name
        for path in sorted(folder.rglob("*.sql"))
        if "CREATE TRIGGER entries_totals" in path.read_text("utf-8")
    ]
    assert writing == ["totals.sql"]
    including = [m.name for m in migrations() if "CREATE TRIGGER entries_totals" in m.sql]
    assert including == ["0004_totals.sql", "0006_seasons.sql", "0011_ruleset_totals.sql"]


def test_storage_imports_neither_scoring_nor_telegram() -> None:
    script = (
        "import sys, storage, benchmarks.storage\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('scoring', 'telegram', 'bot')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_process_exits_even_when_the_ledger_was_never_closed(tmp_path: Path) -> None:
    script = (
        "import asyncio, sys\n"
        "from storage import Ledger\n"
        "kept = []\n"
        "async def main():\n"
        "    ledger = await Ledger.open(sys.argv[1])\n"
        "    kept.append(ledger)  # still referenced at exit, never closed\n"
        "    await ledger.chats.set_lang(1, 'en')\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "x.db")], timeout=30, capture_output=True
    )
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(tmp_path / "x.db") as raw:
        assert raw.execute("SELECT lang FROM chats WHERE chat_id = 1").fetchone() == ("en",)
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
