"""The season rows of a ledger CSV imported, checked as /season checks a season: a name once
per chat (case-folded, against the chat's seasons and the file's so far), one open at a
time, an ending not before its start. A refusal names the row's line; the import writes
nothing then. Seasons write nothing into the ledger itself, so importing one only adds its
row: its window takes in the entries the file brings with their own times."""

from __future__ import annotations

import sqlite3

import aiosqlite

from .csv_reading import check_given_name
from .csv_rows import CsvRow, NewIds, bad_csv
from .names import name_key
from .rows import fetch_all


async def import_season(
    conn: aiosqlite.Connection, chat_id: int, rows: CsvRow, ids: NewIds
) -> None:
    """Check and add one season row (``author`` started it, ``player`` ended it)."""
    name = _checked_name(rows)
    started_at = rows.time("created_at")
    if started_at is None:
        raise bad_csv(rows.line, "created_at is empty")
    ended_at = rows.time("closed_at")
    if ended_at is not None and ended_at < started_at:
        raise bad_csv(rows.line, f"season {name!r} ends before it starts")
    for other in await fetch_all(
        conn, "SELECT name, ended_at FROM seasons WHERE chat_id = ?", [chat_id]
    ):
        if name_key(other["name"]) == name_key(name):
            raise bad_csv(rows.line, f"this chat already has a season called {other['name']!r}")
        if ended_at is None and other["ended_at"] is None:
            detail = f"season {other['name']!r} is still open: one season runs at a time"
            raise bad_csv(rows.line, detail)
    values = [
        chat_id, name, started_at, rows.mapped("author", ids.players), ended_at,
        rows.mapped("player", ids.players),
    ]  # fmt: skip
    try:
        await conn.execute(
            "INSERT INTO seasons (chat_id, name, started_at, started_by, ended_at, ended_by) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            values,
        )
    except sqlite3.IntegrityError as error:  # the schema's own guard, should a check miss
        raise bad_csv(rows.line, str(error)) from error


def _checked_name(rows: CsvRow) -> str:
    name = rows.text("name")
    if name is None:
        raise bad_csv(rows.line, "a season without a name")
    if name.split() != [name]:
        raise bad_csv(rows.line, f"season name {name!r}: one word")
    check_given_name(rows.line, name)  # as /season holds it (the rule's structure)
    return name
