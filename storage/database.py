"""Connections: one writer behind one asyncio lock, a small pool of readers, migrations.

SQLite allows one writer at a time, and aiosqlite runs each connection on its own thread, so
two coroutines sharing a connection would interleave their transactions. Every write
therefore takes ``_write_lock`` and runs as one ``BEGIN IMMEDIATE`` transaction on the writer;
reads run on reader connections (WAL lets them proceed while a write is in flight).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sqlite3
import threading
import weakref
from collections.abc import AsyncIterator, Awaitable, Generator, Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

import aiosqlite

from .bounds import FEN_PER_YUAN, MAX_FEN
from .errors import ErrorCode, StorageError

DEFAULT_PATH: Final = "./mahjong.db"
# What the money bound's trigger (migration 0010) says when it refuses an entry.
MONEY_BOUND_MESSAGE: Final = "money of one posting past its bound"
BUSY_TIMEOUT_MS: Final = 5000
READERS: Final = 2
READ_DRAIN_SECONDS: Final = 10.0
_MIGRATION_NAME: Final = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_INCLUDE: Final = re.compile(r"^-- include: ([a-z0-9_]+\.sql)$", re.MULTILINE)

PRAGMAS: Final = (
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
    "PRAGMA foreign_keys = ON",
    "PRAGMA synchronous = FULL",
)


# The writer's one statement per entry (a TEMP view is per connection, not in the schema):
# inserting a row into ``entry_writes`` inserts the recording's source (when ``update_id`` is
# set), the postings (``[[player, delta], ...]``), then the entry row, whose own triggers
# check the sum and seal the postings, and moves the session's deal (when ``next_dealer`` is
# set). Every guard of the schema fires as for separate statements.
ENTRY_WRITE_COLUMNS: Final = (
    "id", "chat_id", "kind", "postings", "update_id", "message_id", "session_id", "author",
    "source_id", "created_at", "winner", "self_draw", "discarder", "value", "hand_line",
    "result_json", "note", "hand_number", "seat_e", "seat_s", "seat_w", "seat_n",
    "state_before", "state_after", "reverses", "next_dealer", "next_round_wind",
    "next_hand_number", "next_deals_in_round", "number",
)  # fmt: skip
_ENTRY_COLUMNS = ENTRY_WRITE_COLUMNS[:3] + ENTRY_WRITE_COLUMNS[6:25]
# An entry's number in its chat (migration 0014): the one the writer computed, else the
# chat's largest plus one, read through the (chat_id, number) index.
_ENTRY_NUMBER = (
    "coalesce(NEW.number, (SELECT coalesce(max(number), 0) + 1 FROM entries "
    "WHERE chat_id = NEW.chat_id))"
)
WRITER_SQL: Final = f"""
CREATE TEMP VIEW entry_writes AS SELECT {", ".join(f"NULL AS {c}" for c in ENTRY_WRITE_COLUMNS)};
CREATE TEMP TRIGGER entry_writes_insert INSTEAD OF INSERT ON entry_writes
BEGIN
    INSERT INTO sources (id, chat_id, update_id, message_id)
        SELECT NEW.source_id, NEW.chat_id, NEW.update_id, NEW.message_id
        WHERE NEW.update_id IS NOT NULL;
    INSERT INTO postings (entry_id, player_id, delta)
        SELECT NEW.id, json_extract(value, '$[0]'), json_extract(value, '$[1]')
        FROM json_each(NEW.postings);
    INSERT INTO entries ({", ".join(_ENTRY_COLUMNS)}, number)
        VALUES ({", ".join(f"NEW.{c}" for c in _ENTRY_COLUMNS)}, {_ENTRY_NUMBER});
    UPDATE sessions SET dealer = NEW.next_dealer, round_wind = NEW.next_round_wind,
        hand_number = NEW.next_hand_number, deals_in_round = NEW.next_deals_in_round
        WHERE NEW.next_dealer IS NOT NULL AND id = NEW.session_id;
END;
"""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def migrations(folder: Traversable | None = None) -> list[Migration]:
    """The numbered migration files in ``folder`` (default: ``storage/migrations``), in order,
    each line ``-- include: NAME.sql`` replaced by the text of ``storage/sql/NAME.sql``."""
    found = []
    for item in (folder or resources.files("storage.migrations")).iterdir():
        match = _MIGRATION_NAME.match(item.name)
        if match:
            sql = _INCLUDE.sub(lambda line: shared_sql(line[1]), item.read_text("utf-8"))
            found.append(Migration(int(match.group(1)), item.name, sql))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise RuntimeError(f"migration {migration.name} breaks the 0001.. numbering")
    return found


def shared_sql(name: str) -> str:
    """A file of ``storage/sql``: SQL that migrations include (a line ``-- include: NAME``)
    and the code runs again (the totals' rebuild), written once for both."""
    return resources.files("storage.sql").joinpath(name).read_text("utf-8")


def schema_version() -> int:
    """The newest schema version this code knows."""
    return len(migrations())


def resolve_path(path: str | Path | None) -> str:
    """``path``, else $DATABASE_PATH, else ./mahjong.db."""
    return str(path if path is not None else os.environ.get("DATABASE_PATH") or DEFAULT_PATH)


async def _connect(path: str, *, readonly: bool) -> aiosqlite.Connection:
    # check_same_thread off only so restore() can use the writer as a backup target.
    conn = await aiosqlite.connect(path, isolation_level=None, check_same_thread=False)
    try:
        conn.row_factory = aiosqlite.Row
        for pragma in PRAGMAS:
            await conn.execute(pragma)
        if readonly:
            await conn.execute("PRAGMA query_only = ON")
    except BaseException:
        await conn.close()
        raise
    return conn


async def migrate(conn: aiosqlite.Connection, known: list[Migration] | None = None) -> int:
    """Bring the schema up to date; refuse a database newer than this code. Returns version.

    Each migration runs in its own transaction together with its ``user_version`` bump, so a
    failing one leaves the database at the previous version.
    """
    known = migrations() if known is None else known
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    if current > len(known):
        raise StorageError(ErrorCode.SCHEMA_TOO_NEW, found=current, supported=len(known))
    for migration in known[current:]:
        # executescript commits first and runs statement by statement, so the version bump
        # sits inside the same explicit transaction as the migration's own statements.
        script = f"BEGIN IMMEDIATE;\n{migration.sql}\nPRAGMA user_version = {migration.version};\n"
        try:
            await conn.executescript(script)
            await conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                await conn.execute("ROLLBACK")
            raise
    return len(known)


_OPEN: weakref.WeakSet[Database] = weakref.WeakSet()


def _stop_unclosed() -> None:
    """Stop the threads of ledgers nobody closed, so the process can still exit.

    aiosqlite's threads are not daemons: one left running keeps the interpreter waiting
    forever. Stopping closes each SQLite connection; WAL keeps every committed write and
    rolls back a transaction cut short.
    """
    for database in list(_OPEN):
        for conn in [database._writer, *database._readers]:
            conn.stop()


# CPython calls these just before it joins non-daemon threads; atexit would be too late.
_register_before_thread_join = getattr(threading, "_register_atexit", None)
if _register_before_thread_join is not None:
    _register_before_thread_join(_stop_unclosed)


class Database:
    """Owns the connections; the Ledger's stores run their SQL through ``write``/``read``."""

    def __init__(
        self, path: str, writer: aiosqlite.Connection, readers: list[aiosqlite.Connection]
    ) -> None:
        self.path = path
        self._writer = writer
        self._readers = readers
        self._write_lock = asyncio.Lock()
        self._idle_readers: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in readers:
            self._idle_readers.put_nowait(reader)
        self._closed = False
        _OPEN.add(self)

    @classmethod
    async def open(cls, path: str | Path | None = None) -> Database:
        """Connect to (and migrate) the database at ``path``, else $DATABASE_PATH, else
        ./mahjong.db: the writer, then the readers."""
        resolved = resolve_path(path)
        writer = await _connect(resolved, readonly=False)
        readers: list[aiosqlite.Connection] = []
        try:
            async with writer.execute("PRAGMA journal_mode = WAL") as cursor:
                await cursor.fetchone()
            await migrate(writer)
            await writer.executescript(WRITER_SQL)
            for _ in range(READERS):
                readers.append(await _connect(resolved, readonly=True))
        except BaseException:
            for conn in [writer, *readers]:
                await conn.close()
            raise
        return cls(resolved, writer, readers)

    async def close(self) -> None:
        """Close every connection and stop their threads (safe to call twice)."""
        if self._closed:
            return
        self._closed = True
        _OPEN.discard(self)
        async with self._write_lock:
            # Let reads in flight finish: take every reader back before closing it.
            with contextlib.suppress(TimeoutError):
                for _ in self._readers:
                    await asyncio.wait_for(self._idle_readers.get(), READ_DRAIN_SECONDS)
            for conn in [self._writer, *self._readers]:
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await conn.close()

    def check_open(self) -> None:
        if self._closed:
            raise StorageError(ErrorCode.CLOSED)

    @contextlib.asynccontextmanager
    async def write(
        self, *, begin: bool = True, commit: bool = True
    ) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: the lock, BEGIN IMMEDIATE, COMMIT or ROLLBACK.

        With ``begin=False`` the body's first statement must be ``begin_with(...)``, which
        hands BEGIN IMMEDIATE to the thread together with it; with ``commit=False`` the body
        may commit itself (``commit_with``: its one write and COMMIT together), and what it
        left open is committed here. The connection's thread runs statements in order, so a
        ROLLBACK queued after a cancelled statement still undoes it before the next writer's
        BEGIN.
        """
        self.check_open()
        async with self._write_lock:
            self.check_open()
            try:
                if begin:
                    await self._writer.execute("BEGIN IMMEDIATE")
                yield self._writer
            except BaseException:
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self._writer.execute("ROLLBACK")
                raise
            if not commit and not self._writer.in_transaction:
                return
            try:
                await self._writer.execute("COMMIT")
            except sqlite3.IntegrityError as error:
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self._writer.execute("ROLLBACK")
                raise integrity_error(error) from error

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A reader holding one snapshot (a deferred read transaction) for its queries."""
        async with self.idle_reader() as conn:
            await conn.execute("BEGIN")
            try:
                yield conn
            finally:
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await conn.execute("COMMIT")

    @contextlib.asynccontextmanager
    async def idle_reader(self) -> AsyncIterator[aiosqlite.Connection]:
        """A reader lent whole, no transaction begun (the online backup reads through it)."""
        self.check_open()
        conn = await self._idle_readers.get()
        try:
            yield conn
        finally:
            self._idle_readers.put_nowait(conn)

    @contextlib.asynccontextmanager
    async def exclusive(self) -> AsyncIterator[aiosqlite.Connection]:
        """The writer under the write lock, no transaction begun (a restore replaces the file)."""
        self.check_open()
        async with self._write_lock:
            self.check_open()
            yield self._writer


class Store:
    """One named part of the Ledger (``ledger.entries``, ``ledger.people`` ...): its SQL runs
    on the one ``Database`` every store shares, so all writes queue behind one lock."""

    def __init__(self, database: Database) -> None:
        self._database = database

    @property
    def path(self) -> str:
        """The database file (a chat's copy reads it by a connection of its own)."""
        return self._database.path

    def _write(
        self, *, begin: bool = True, commit: bool = True
    ) -> contextlib.AbstractAsyncContextManager[aiosqlite.Connection]:
        return self._database.write(begin=begin, commit=commit)

    def _read(self) -> contextlib.AbstractAsyncContextManager[aiosqlite.Connection]:
        return self._database.read()

    def _check_open(self) -> None:
        self._database.check_open()


async def begin_with(
    conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
) -> list[aiosqlite.Row]:
    """BEGIN IMMEDIATE and the transaction's first query, in one trip to the writer's thread.

    Every trip waits for the thread and then for the busy event loop to resume the writer,
    all under the write lock, so the lock is held for about as many event-loop turns as the
    write makes trips.
    """
    _, rows = await _together(conn.execute("BEGIN IMMEDIATE"), conn.execute_fetchall(sql, params))
    return list(rows)


async def commit_with(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> None:
    """The transaction's one write and COMMIT, in one trip to the writer's thread.

    Only for a transaction that wrote nothing before: if SQLite refuses the statement it
    undoes the whole statement, and the COMMIT behind it commits an empty transaction. A
    refused COMMIT raises, and the caller's ROLLBACK undoes the write.
    """
    await _together(conn.execute(sql, params), conn.execute("COMMIT"))


async def _together(*statements: Awaitable[Any]) -> list[Any]:
    """Await statements queued back to back, in the order given.

    Each is stepped at once up to its first suspension, which for aiosqlite means it is in
    the connection's queue, so the thread runs them in this order and the event loop resumes
    this coroutine once, when the last is done (``gather`` would add loop turns for its
    tasks). Every outcome is collected; the first failure, in statement order, is raised."""
    started = [_Started(statement) for statement in statements]
    outcomes: list[Any] = []
    for statement in reversed(started):  # the last finishes last: the others are done then
        try:
            outcomes.append(await statement)
        except BaseException as error:  # collected, raised below in statement order
            outcomes.append(error)
    outcomes.reverse()
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return outcomes


class _Started:
    """An awaitable run now up to its first suspension; awaiting it runs the rest."""

    def __init__(self, awaitable: Awaitable[Any]) -> None:
        self._steps = awaitable.__await__()
        self._done = False
        self._value: Any = None
        self._pending: Any = None
        self._advance(self._steps.send, None)

    def _advance(self, step: Any, argument: Any) -> None:
        try:
            self._pending = step(argument)
        except StopIteration as stop:
            self._done, self._value = True, stop.value

    def __await__(self) -> Generator[Any, Any, Any]:
        while not self._done:
            pending = self._pending
            if isinstance(pending, asyncio.Future) and pending.done():
                self._advance(self._steps.send, None)  # no loop turn for a finished future
                continue
            try:
                sent = yield pending
            except BaseException as error:
                self._advance(self._steps.throw, error)
            else:
                self._advance(self._steps.send, sent)
        return self._value


def integrity_error(error: sqlite3.IntegrityError) -> StorageError:
    """A constraint or trigger refusal, as the ledger's one error type."""
    text = str(error)
    if "sum to 0" in text:
        return StorageError(ErrorCode.UNBALANCED_POSTINGS, total="≠0")
    if MONEY_BOUND_MESSAGE in text:
        return StorageError(ErrorCode.ENTRY_MONEY_TOO_LARGE, limit=f"{MAX_FEN // FEN_PER_YUAN:,}")
    return StorageError(ErrorCode.INVALID_ARGUMENT, detail=text)
