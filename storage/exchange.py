"""CSV import (of what ``export`` writes) and online backup/restore of the whole database."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import sqlite3
from array import array
from bisect import bisect_left
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, cast, get_args

import aiosqlite

from .chats import ensure_chat_row
from .csv_reading import ImportReport, LedgerLines, ledger_records, read_ledger_csv, text_lines
from .csv_rows import CsvRow, NewIds, bad_csv, refused_row
from .database import Store, migrate, schema_version
from .entries import NEXT_ENTRY_ID, Draft, clean_postings, entry_write, insert_entries
from .errors import ErrorCode, StorageError
from .identity_import import import_identity
from .money import TABLE, adjustment_data, money_lines
from .names import name_key
from .people import seating_rule
from .records import EntryKind
from .rows import (
    fetch_all,
    fetch_one,
    now_text,
    open_session_row,
)
from .season_import import import_season


class ExchangeStore(Store):
    async def import_csv(
        self, chat_id: int, file: str | LedgerLines, *, unsigned: bool = False
    ) -> ImportReport:
        """Import a ledger CSV (``ledger.export.csv``'s text, or its lines: ``LedgerLines``)
        into this chat as one transaction; returns the entries added and whether the file's
        trailer proved it whole.

        The file is read through first, off the event loop (``csv_reading``: its trailer
        and the entries it counts, limits of size, records, fields and names); a file
        without a trailer imports only ``unsigned``. Then it is read again and imported a
        record at a time, the entries in batches (``_Import``): memory stays flat whatever
        its length. An entry this chat already imported (by its identity: the SHA-256 of its
        row and postings as the file wrote them, kept in ``entry_origins``) refuses the whole
        file, naming the first. Players are matched by Telegram user id, guests by name,
        else created (a guest's name held to the bot's name rule as the file was read,
        ``storage.names``), a batch at a time; sessions, entries
        and identity events are added with new ids (closed sessions stay closed; an open one
        is imported closed when this chat already has an open session). Each identity row is
        checked as the live command checks it, among the entries written before it
        (``identity_import``); each season row as /season checks a season
        (``season_import``). Telegram sources are not imported. A file without records
        writes nothing, not even the chat's row.
        """
        lines = text_lines(file) if isinstance(file, str) else file
        read = await asyncio.to_thread(read_ledger_csv, lines, unsigned=unsigned)
        if not read.records:
            return ImportReport(0, read.proven_whole)
        async with self._write() as conn:
            await ensure_chat_row(conn, chat_id)
            first_id = await fetch_one(conn, NEXT_ENTRY_ID)
            assert first_id is not None
            importing = _Import(conn, chat_id, int(first_id[0]))
            # The file's open table, or its links between players this chat has seated now,
            # meet the one seating rule as a live command's would.
            async with seating_rule(conn, chat_id):
                for rows in ledger_records(lines, read):
                    await importing.take(rows)
                await importing.finish()
            return ImportReport(importing.entries, read.proven_whole)

    async def backup(self, path: str | Path) -> None:
        """Copy the whole database to ``path`` with SQLite's online backup API.

        The copy is written beside ``path`` and renamed into place, so ``path`` never holds
        half a backup; writers are not blocked while it runs (it reads one WAL snapshot).
        """
        self._check_open()
        target_path = Path(path)
        partial = target_path.with_name(target_path.name + ".partial")
        partial.unlink(missing_ok=True)
        async with self._database.idle_reader() as reader:
            target = sqlite3.connect(partial, check_same_thread=False)
            try:
                await reader.backup(target)
                target.execute("PRAGMA journal_mode = DELETE")
            finally:
                target.close()
        os.replace(partial, target_path)

    async def restore(self, path: str | Path) -> None:
        """Replace the whole database with a backup made by ``backup`` (checked first)."""
        self._check_open()
        source_path = Path(path)
        await asyncio.to_thread(_check_backup, source_path)
        async with self._database.exclusive() as writer:
            source = await aiosqlite.connect(f"{source_path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                await source.backup(writer)
            finally:
                await source.close()
            await migrate(writer)


def _check_backup(path: Path) -> None:
    if not path.is_file():
        raise StorageError(ErrorCode.BAD_BACKUP, detail=f"{path} does not exist")
    try:
        with contextlib.closing(
            sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        ) as db:
            check = db.execute("PRAGMA integrity_check").fetchone()
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as error:
        raise StorageError(ErrorCode.BAD_BACKUP, detail=str(error)) from error
    if check is None or check[0] != "ok":
        raise StorageError(ErrorCode.BAD_BACKUP, detail=f"integrity check: {check}")
    if version > schema_version():
        raise StorageError(ErrorCode.SCHEMA_TOO_NEW, found=version, supported=schema_version())
    if version < 1 or "entries" not in tables:
        raise StorageError(ErrorCode.BAD_BACKUP, detail="no ledger tables in it")


# Entries go in this many at a time (one statement: 29 values each, under SQLite's 32,766),
# players too (one look-up of those the chat has, one insert of the rest).
_ENTRY_BATCH: Final = 500
_PLAYER_BATCH: Final = 500


class _Import:
    """One file's records imported in order. An entry waits for its postings (the rows right
    after it), then for its batch; everything else goes in at once, after the entries read
    before it, so a link is checked against the hands that stood then. The new entry ids
    are this transaction's next ids in the file's order, so the file's entry ids (which the
    export writes in increasing order) map to them by position, kept 8 bytes each."""

    def __init__(self, conn: aiosqlite.Connection, chat_id: int, first_id: int) -> None:
        self._conn = conn
        self._chat_id = chat_id
        self._first_id = first_id
        self._ids = NewIds()
        self._old_entries = array("q")
        self._entry: CsvRow | None = None
        self._postings: dict[int, int] = {}
        self._posting_rows: list[CsvRow] = []
        self._batch: list[_ImportedEntry] = []
        self._players: list[CsvRow] = []

    @property
    def entries(self) -> int:
        return len(self._old_entries)

    async def take(self, rows: CsvRow) -> None:
        record = rows.text("record")
        if record == "posting":
            self._posting(rows)
            return
        self._close_entry()
        if record == "entry":
            await self._flush_players()  # its postings name them
            if len(self._batch) >= _ENTRY_BATCH:
                await self._flush()
            self._entry = rows
            return
        await self._flush()
        if record == "player":
            self._players.append(rows)
            if len(self._players) == _PLAYER_BATCH:
                await self._flush_players()
            return
        await self._flush_players()
        if record == "session":
            session = await _import_session(self._conn, self._chat_id, rows, self._ids.players)
            self._ids.sessions[rows.need("id")] = session
        elif record == "identity":
            event = await import_identity(self._conn, self._chat_id, rows, self._ids)
            self._ids.events[rows.need("id")] = event
        elif record == "season":
            await import_season(self._conn, self._chat_id, rows, self._ids)
        else:
            raise bad_csv(rows.line, f"unknown record {record!r}")

    async def finish(self) -> None:
        self._close_entry()
        await self._flush()
        await self._flush_players()

    async def _flush_players(self) -> None:
        if self._players:
            batch, self._players = self._players, []
            found = await _import_players(self._conn, self._chat_id, batch, self._ids)
            self._ids.players.update(found)

    def _posting(self, rows: CsvRow) -> None:
        entry = rows.need("id")
        if self._entry is None or self._entry.need("id") != entry:
            raise bad_csv(rows.line, f"a posting of entry #{entry} not right after it")
        player = rows.need("player")
        if player not in self._ids.players:
            raise bad_csv(rows.line, f"player #{player} unknown")
        self._postings[self._ids.players[player]] = rows.need("delta")
        self._posting_rows.append(rows)

    def _close_entry(self) -> None:
        """The entry read so far, with its postings, into the batch."""
        if self._entry is None:
            return
        rows, postings, posting_rows = self._entry, self._postings, self._posting_rows
        self._entry, self._postings, self._posting_rows = None, {}, []
        old = rows.need("id")
        if self._old_entries and old <= self._old_entries[-1]:
            raise bad_csv(rows.line, f"entry #{old} after #{self._old_entries[-1]}")
        new = self._first_id + len(self._old_entries)
        draft = _entry_draft(rows, postings, self._ids, self._new_entry_id)
        self._old_entries.append(old)
        self._batch.append(_ImportedEntry(rows, new, draft, _digest(rows, posting_rows)))

    def _new_entry_id(self, old: int) -> int | None:
        """The new id of the file's entry ``old`` (None when the file did not hold it above)."""
        at = bisect_left(self._old_entries, old)
        if at == len(self._old_entries) or self._old_entries[at] != old:
            return None
        return self._first_id + at

    async def _flush(self) -> None:
        if not self._batch:
            return
        batch, self._batch = self._batch, []
        marks = ",".join("?" * len(batch))
        found = await fetch_all(
            self._conn,
            f"SELECT digest FROM entry_origins WHERE chat_id = ? AND digest IN ({marks})",
            [self._chat_id, *(entry.digest for entry in batch)],
        )
        if found:
            known = {row["digest"] for row in found}
            first = next(entry for entry in batch if entry.digest in known)
            raise StorageError(
                ErrorCode.CSV_ALREADY_IMPORTED, line=first.rows.line, entry=first.rows.need("id")
            )
        await self._refuse_own(batch)
        writes = [entry_write(self._chat_id, e.draft, e.new_id) for e in batch]
        try:
            await insert_entries(self._conn, writes)
        except StorageError:
            for entry, write in zip(batch, writes, strict=True):  # which one: its line
                try:
                    await insert_entries(self._conn, [write])
                except StorageError as error:
                    raise refused_row(entry.rows.line, error) from error
            raise
        await self._conn.executemany(
            "INSERT INTO entry_origins (chat_id, digest, entry_id) VALUES (?, ?, ?)",
            [(self._chat_id, entry.digest, entry.new_id) for entry in batch],
        )

    async def _refuse_own(self, batch: list[_ImportedEntry]) -> None:
        """A chat's own export imported back into it: its entries carry no imported identity,
        but the file names them by this chat's own ids, written at the same moment, of the
        same kind (an entry of another ledger matches all three only by a coincidence of
        clock and counter)."""
        marks = ",".join("?" * len(batch))
        found = await fetch_all(
            self._conn,
            f"SELECT id, created_at, kind FROM entries WHERE chat_id = ? AND id IN ({marks})",
            [self._chat_id, *(entry.rows.need("id") for entry in batch)],
        )
        own = {(row["id"], row["created_at"], row["kind"]) for row in found}
        for entry in batch:
            rows = entry.rows
            if (rows.need("id"), rows.time("created_at"), rows.text("kind")) in own:
                raise StorageError(
                    ErrorCode.CSV_ALREADY_IMPORTED, line=rows.line, entry=rows.need("id")
                )


@dataclass(frozen=True)
class _ImportedEntry:
    rows: CsvRow
    new_id: int
    draft: Draft
    digest: bytes


def _digest(rows: CsvRow, postings: list[CsvRow]) -> bytes:
    """An entry's identity: its row and its postings' rows as the file wrote them (the
    writing ledger's ids among them), whatever the file they come in. Only the cells
    written count, by column name, so the same entry in a file of an older header (without
    the columns entries leave empty) has the same identity."""
    digest = hashlib.sha256()
    for record in (rows, *postings):
        cells = (f"{column}\x1d{value}" for column, value in record.row.items() if value)
        digest.update("\x1f".join(cells).encode("utf-8"))
        digest.update(b"\x1e")
    return digest.digest()


def _seats(rows: CsvRow, player_ids: Mapping[int, int]) -> list[int | None]:
    parts = (rows.text("seats") or "- - - -").split()
    if len(parts) != 4:
        raise bad_csv(rows.line, "seats needs 4 fields")
    seats: list[int | None] = []
    for part in parts:
        if part == "-":
            seats.append(None)
        elif part.isdigit() and int(part) in player_ids:
            if player_ids[int(part)] in seats:
                detail = f"player #{part} sits in two seats"
                raise bad_csv(rows.line, detail)
            seats.append(player_ids[int(part)])
        else:
            raise bad_csv(rows.line, f"seat {part!r}")
    return seats


def _player_key(rows: CsvRow) -> tuple[int | None, str]:
    """How a player row is matched: a member by Telegram user id, a guest by its name as
    people see it (``name_key``: a look-alike of a guest of the chat is that guest)."""
    name = rows.text("name")
    if name is None:
        raise bad_csv(rows.line, "a player without a name")
    user_id = rows.number("user_id")
    return (user_id, "") if user_id is not None else (None, name_key(name))


async def _import_players(
    conn: aiosqlite.Connection, chat_id: int, batch: list[CsvRow], ids: NewIds
) -> dict[int, int]:
    """The new ids of a batch of player rows: the chat's player matched (``_player_key``),
    else one created with the name the file gives (its name rule checked as the file was
    read), in one look-up and one insert whatever the batch's length (the chat's guests are
    read once per import, kept in ``ids.guests`` by name key as guests are added)."""
    known = {_player_key(rows): 0 for rows in batch}
    members = [user_id for user_id, _ in known if user_id is not None]
    if members:
        for row in await fetch_all(
            conn,
            f"SELECT id, user_id FROM players WHERE chat_id = ? AND user_id IN "
            f"({','.join('?' * len(members))})",
            [chat_id, *members],
        ):
            known[row["user_id"], ""] = row["id"]
    if any(user_id is None for user_id, _ in known):
        guests = await _chat_guests(conn, chat_id, ids)
        for user_id, name in known:
            if user_id is None and name in guests:
                known[None, name] = guests[name]
    next_id = await fetch_one(conn, "SELECT coalesce(max(id), 0) + 1 FROM players")
    assert next_id is not None
    new_id, created, found = int(next_id[0]), [], {}
    for rows in batch:
        key = _player_key(rows)
        if not known[key]:
            known[key] = new_id
            if key[0] is None and ids.guests is not None:
                ids.guests[key[1]] = new_id
            created.append(
                (new_id, chat_id, key[0], rows.text("name"), rows.text("username"), now_text())
            )
            new_id += 1
        found[rows.need("id")] = known[key]
    await conn.executemany(
        "INSERT INTO players (id, chat_id, user_id, name, username, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        created,
    )
    return found


async def _chat_guests(conn: aiosqlite.Connection, chat_id: int, ids: NewIds) -> dict[str, int]:
    """The chat's guests by name key, read at the import's first guest and kept after."""
    if ids.guests is None:
        rows = await fetch_all(
            conn, "SELECT id, name FROM players WHERE chat_id = ? AND user_id IS NULL", [chat_id]
        )
        ids.guests = {name_key(row["name"]): int(row["id"]) for row in rows}
    return ids.guests


async def _import_session(
    conn: aiosqlite.Connection, chat_id: int, rows: CsvRow, player_ids: Mapping[int, int]
) -> int:
    is_open = rows.number("is_open") == 1 and await open_session_row(conn, chat_id) is None
    values = [
        chat_id,
        rows.text("ruleset"),
        rows.need("base"),
        rows.text("room"),
        rows.text("rotation"),
        *_seats(rows, player_ids),
        rows.text("dealer"),
        rows.text("round_wind"),
        rows.need("hand_number"),
        rows.need("deals_in_round"),
        rows.mapped("author", player_ids),
        int(is_open),
        rows.time("created_at") or now_text(),
        None if is_open else (rows.time("closed_at") or now_text()),
    ]
    try:
        cursor = await conn.execute(
            "INSERT INTO sessions (chat_id, ruleset, base, room, rotation, seat_e, seat_s, seat_w, "
            "seat_n, dealer, round_wind, hand_number, deals_in_round, creator, is_open, opened_at, "
            "closed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            values,
        )
    except sqlite3.IntegrityError as error:
        raise bad_csv(rows.line, str(error)) from error
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _money_mapped(rows: CsvRow, player_ids: Mapping[int, int]) -> str | None:
    """The entry's result JSON, a money adjustment's fen lines moved to the players' new ids
    (and refused unless they are whole fen summing to 0, as ``ledger.money.record`` writes them)."""
    text = rows.text("result_json")
    data = adjustment_data(text)
    if data is None or "fen" not in data:
        return text
    lines: dict[int, int] = {}
    for account, amount in data["fen"]:
        if account != TABLE and account not in player_ids:
            raise bad_csv(rows.line, f"player #{account} unknown")
        lines[account if account == TABLE else player_ids[account]] = amount
    try:
        checked = money_lines(lines)
    except StorageError as error:
        raise refused_row(rows.line, error) from error
    moved = {**data, "fen": [[account, amount] for account, amount in checked.items()]}
    return json.dumps(moved, ensure_ascii=False)


def _entry_draft(
    rows: CsvRow, postings: Mapping[int, int], ids: NewIds, new_entry: Callable[[int], int | None]
) -> Draft:
    """The entry of ``rows`` (its postings already moved to the new player ids), checked as
    the ledger checks any entry it writes (``clean_postings``: whole, bounded, summing to 0)."""
    player_ids = ids.players
    kind = rows.text("kind")
    if kind not in get_args(EntryKind):
        raise bad_csv(rows.line, f"entry kind {kind!r}")
    seats = _seats(rows, player_ids)
    reverses = rows.number("reverses")
    reversed_id = None if reverses is None else new_entry(reverses)
    if reverses is not None and reversed_id is None:
        raise bad_csv(
            rows.line,
            f"reverses #{reverses} is not defined above",
            f"它撤销的记录 #{reverses} 在前面没有出现过",
        )
    fields: dict[str, Any] = {
        "session_id": rows.mapped("session", ids.sessions),
        "created_at": rows.time("created_at") or now_text(),
        "author": rows.mapped("author", player_ids),
        "winner": rows.mapped("winner", player_ids),
        "self_draw": rows.number("self_draw"),
        "discarder": rows.mapped("discarder", player_ids),
        "value": rows.number("value"),
        "hand_line": rows.text("hand_line"),
        "note": rows.text("note"),
        "hand_number": rows.number("hand_number"),
        "seat_e": seats[0],
        "seat_s": seats[1],
        "seat_w": seats[2],
        "seat_n": seats[3],
        "result_json": _money_mapped(rows, player_ids),
        "state_before": rows.text("state_before"),
        "state_after": rows.text("state_after"),
        "reverses": reversed_id,
    }
    try:
        checked = clean_postings(postings, allow_empty=True)
    except StorageError as error:
        raise refused_row(rows.line, error) from error
    return Draft(cast(EntryKind, kind), checked, fields)
