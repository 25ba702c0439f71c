"""The identity rows of a ledger CSV imported: links, renames and undos, each checked the way
the live commands check them, in the file's order (the export writes each event among the
entries at the time it was made, so a link is checked against the hands that stood then).

The import replays what was said, not what it did: the players' names and the sessions'
seats are already written as they stood at the export, so a rename or an undo here changes
neither; the trigger rebuilds the links (``person_links``) event by event.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from typing import Final, get_args

import aiosqlite

from .csv_rows import CsvRow, NewIds, bad_csv, refused_row
from .errors import ErrorCode, StorageError
from .people import LinkHow, check_link, event_row, insert_event, refuse_linked_since
from .players import clean_name
from .records import SEATS
from .rows import fetch_one, now_text, player_row

# The guest's name as the events so far leave it: the newest rename's, or the old name an
# undo of a rename gave back (the import never writes names: the players rows hold the last).
_NAME_NOW: Final = (
    "SELECT CASE WHEN i.kind = 'rename' THEN i.new_name ELSE r.old_name END AS name "
    "FROM identity_events AS i LEFT JOIN identity_events AS r ON r.id = i.undoes "
    "WHERE i.chat_id = ?1 AND ((i.kind = 'rename' AND i.player_id = ?2) "
    "OR (i.kind = 'undo' AND r.kind = 'rename' AND r.player_id = ?2)) "
    "ORDER BY i.id DESC LIMIT 1"
)


async def import_identity(
    conn: aiosqlite.Connection, chat_id: int, rows: CsvRow, ids: NewIds
) -> int:
    """Check and append one identity row; returns the new event's id. A refusal is BAD_CSV
    naming the row's line and what the live command would have said."""
    kind = rows.text("kind")
    if kind not in _CHECKS:
        raise bad_csv(rows.line, f"identity kind {kind!r}")
    author = rows.mapped("author", ids.players)
    created_at = rows.time("created_at") or now_text()
    try:
        values = await _CHECKS[kind](conn, chat_id, rows, ids)
        return await insert_event(conn, chat_id, created_at, kind=kind, author=author, **values)
    except StorageError as error:
        if error.code is ErrorCode.BAD_CSV:
            raise
        raise refused_row(rows.line, error) from error
    except sqlite3.IntegrityError as error:  # the schema's own guard, should a check miss
        raise bad_csv(rows.line, str(error)) from error


def _needed(rows: CsvRow, key: str, ids: dict[int, int]) -> int:
    found = rows.mapped(key, ids)
    if found is None:
        raise bad_csv(rows.line, f"{key} is empty")
    return found


def _needed_text(rows: CsvRow, key: str) -> str:
    found = rows.text(key)
    if found is None:
        raise bad_csv(rows.line, f"{key} is empty")
    return found


async def _link(
    conn: aiosqlite.Connection, chat_id: int, rows: CsvRow, ids: NewIds
) -> dict[str, object]:
    how = rows.text("how")
    if how not in get_args(LinkHow):
        raise bad_csv(rows.line, f"how={how!r}")
    checked = await check_link(
        conn, chat_id, _needed(rows, "player", ids.players), _needed(rows, "person", ids.players)
    )
    seat = rows.text("seat")
    if seat is not None and seat not in SEATS:
        raise bad_csv(rows.line, f"seat={seat!r}")
    # The seat a link took matters only to its undo while that session is open; a session
    # the file does not hold (one session's export) keeps neither.
    session = ids.sessions.get(rows.number("session") or 0)
    return {
        "how": how, "player_id": checked.root, "person_id": checked.target,
        "session_id": session, "seat": seat if session else None,
    }  # fmt: skip


async def _rename(
    conn: aiosqlite.Connection, chat_id: int, rows: CsvRow, ids: NewIds
) -> dict[str, object]:
    player = await player_row(conn, chat_id, _needed(rows, "player", ids.players))
    if not player.is_guest:
        raise StorageError(ErrorCode.MEMBER_NAME, name=player.name)
    old_name, new_name = _needed_text(rows, "old_name"), _needed_text(rows, "name")
    for name in (old_name, new_name):
        if clean_name(name) != name or name.startswith(("@", "#")):
            raise bad_csv(rows.line, f"a guest name {name!r}")
    return {"player_id": player.id, "old_name": old_name, "new_name": new_name}


async def _undo(
    conn: aiosqlite.Connection, chat_id: int, rows: CsvRow, ids: NewIds
) -> dict[str, object]:
    event = await event_row(conn, chat_id, _needed(rows, "reverses", ids.events))
    if event.kind == "undo":
        raise StorageError(ErrorCode.UNDO_OF_UNDO, event_id=event.id)
    if event.undone_by is not None:
        raise StorageError(ErrorCode.IDENTITY_UNDONE, event_id=event.id)
    if event.kind == "rename":  # taken back only while it is the guest's name, as live
        now = await fetch_one(conn, _NAME_NOW, [chat_id, event.player_id])
        if now is None or now["name"] != event.new_name:
            name = now["name"] if now else event.new_name
            raise StorageError(ErrorCode.RENAMED_SINCE, name=name, event_id=event.id)
    else:  # a link, taken back only while no later link of its person holds, as live
        await refuse_linked_since(conn, chat_id, event)
    return {"undoes": event.id}


_CHECKS: Final[dict[str, Callable[..., Awaitable[dict[str, object]]]]] = {
    "link": _link,
    "rename": _rename,
    "undo": _undo,
}
