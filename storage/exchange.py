"""CSV import (of what ``export`` writes) and online backup/restore of the whole database."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast, get_args

import aiosqlite

from .chats import ensure_chat_row
from .csv_reading import ImportReport, read_ledger_csv
from .csv_rows import CsvRow, NewIds
from .database import Store, migrate, schema_version
from .entries import Draft, insert_entry
from .errors import ErrorCode, StorageError
from .identity_import import import_identity
from .money import TABLE, adjustment_data, money_lines
from .names import name_key
from .records import EntryKind
from .rows import (
    fetch_all,
    fetch_one,
    now_text,
    open_session_row,
)
from .season_import import import_season


class ExchangeStore(Store):
    async def import_csv(self, chat_id: int, text: str) -> ImportReport:
        """Import an ``ledger.export.csv`` text into this chat as one transaction; returns the
        entries added and whether the file's trailer proved it whole.

        The file is read and checked first (``csv_reading``: its trailer, limits of size,
        records, fields and names); a file written before trailers imports unproven.
        Players are matched by Telegram user id, guests by name, else created; sessions,
        entries and identity events are added with new ids (closed sessions stay closed; an
        open one is imported closed when this chat already has an open session). Each
        identity row is checked as the live command checks it, among the entries written
        before it (``identity_import``); each season row as /season checks a season
        (``season_import``). Telegram sources are not imported. A file written before identity
        rows existed (its header ``COLUMNS_BEFORE_PEOPLE``) imports as before, and one written
        before season rows (no such rows) brings no seasons. A file without records writes
        nothing, not even the chat's row.
        """
        read = read_ledger_csv(text)
        if not read.records:
            return ImportReport(0, read.proven_whole)
        postings: dict[int, dict[int, int]] = {}
        for rows in read.records:
            if rows.text("record") == "posting":
                entry_id, player = rows.need("id"), rows.need("player")
                postings.setdefault(entry_id, {})[player] = rows.need("delta")
        async with self._write() as conn:
            await ensure_chat_row(conn, chat_id)
            ids = NewIds()
            for rows in read.records:
                await _import_record(conn, chat_id, rows, ids, postings)
            return ImportReport(len(ids.entries), read.proven_whole)

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


async def _import_record(
    conn: aiosqlite.Connection,
    chat_id: int,
    rows: CsvRow,
    ids: NewIds,
    postings: Mapping[int, dict[int, int]],
) -> None:
    """One record of the file, by its kind (a posting goes in with its entry)."""
    record = rows.text("record")
    if record == "player":
        ids.players[rows.need("id")] = await _import_player(conn, chat_id, rows, ids)
    elif record == "session":
        ids.sessions[rows.need("id")] = await _import_session(conn, chat_id, rows, ids.players)
    elif record == "entry":
        old = rows.need("id")
        ids.entries[old] = await _import_entry(conn, chat_id, rows, postings.get(old, {}), ids)
    elif record == "identity":
        ids.events[rows.need("id")] = await import_identity(conn, chat_id, rows, ids)
    elif record == "season":
        await import_season(conn, chat_id, rows, ids)
    elif record != "posting":
        raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail=f"unknown record {record!r}")


def _seats(rows: CsvRow, player_ids: Mapping[int, int]) -> list[int | None]:
    parts = (rows.text("seats") or "- - - -").split()
    if len(parts) != 4:
        raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail="seats needs 4 fields")
    seats: list[int | None] = []
    for part in parts:
        if part == "-":
            seats.append(None)
        elif part.isdigit() and int(part) in player_ids:
            if player_ids[int(part)] in seats:
                detail = f"player #{part} sits in two seats"
                raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail=detail)
            seats.append(player_ids[int(part)])
        else:
            raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail=f"seat {part!r}")
    return seats


async def _import_player(
    conn: aiosqlite.Connection, chat_id: int, rows: CsvRow, ids: NewIds
) -> int:
    """A member by Telegram user id, a guest by name as people see it (``name_key``: a
    look-alike of a guest of the chat is that guest), else a new player."""
    name = rows.text("name")
    if name is None:
        raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail="a player without a name")
    user_id = rows.number("user_id")
    if user_id is not None:
        found = await fetch_one(
            conn, "SELECT id FROM players WHERE chat_id = ? AND user_id = ?", [chat_id, user_id]
        )
        if found is not None:
            return int(found["id"])
    else:
        if ids.guests is None:
            guests = await fetch_all(
                conn,
                "SELECT id, name FROM players WHERE chat_id = ? AND user_id IS NULL",
                [chat_id],
            )
            ids.guests = {name_key(row["name"]): int(row["id"]) for row in guests}
        if name_key(name) in ids.guests:
            return ids.guests[name_key(name)]
    cursor = await conn.execute(
        "INSERT INTO players (chat_id, user_id, name, username, created_at) VALUES (?, ?, ?, ?, ?)",
        [chat_id, user_id, name, rows.text("username"), now_text()],
    )
    assert cursor.lastrowid is not None
    if user_id is None and ids.guests is not None:
        ids.guests[name_key(name)] = cursor.lastrowid
    return cursor.lastrowid


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
        raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail=str(error)) from error
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
            raise StorageError(
                ErrorCode.BAD_CSV, line=rows.line, detail=f"player #{account} unknown"
            )
        lines[account if account == TABLE else player_ids[account]] = amount
    try:
        checked = money_lines(lines)
    except StorageError as error:
        raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail=error.en) from error
    moved = {**data, "fen": [[account, amount] for account, amount in checked.items()]}
    return json.dumps(moved, ensure_ascii=False)


async def _import_entry(
    conn: aiosqlite.Connection,
    chat_id: int,
    rows: CsvRow,
    postings: Mapping[int, int],
    ids: NewIds,
) -> int:
    player_ids = ids.players
    kind = rows.text("kind")
    if kind not in get_args(EntryKind):
        raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail=f"entry kind {kind!r}")
    seats = _seats(rows, player_ids)
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
        "reverses": rows.mapped("reverses", ids.entries),
    }
    mapped: dict[int, int] = {}
    for old, delta in postings.items():
        if old not in player_ids:
            raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail=f"player #{old} unknown")
        mapped[player_ids[old]] = delta
    if sum(mapped.values()) != 0:
        raise StorageError(
            ErrorCode.BAD_CSV, line=rows.line, detail=f"postings sum to {sum(mapped.values())}"
        )
    try:
        return await insert_entry(conn, chat_id, Draft(cast(EntryKind, kind), mapped, fields))
    except StorageError as error:
        raise StorageError(ErrorCode.BAD_CSV, line=rows.line, detail=error.en) from error
