"""CSV export that streams: pages read by key, written to a file in a worker thread.

``ledger.export.pages`` reads the chat a page at a time, each page in its own short read:
entries are append-only, so stopping at the newest id seen at the start gives the same rows
as one snapshot; the identity events (a handful per chat) are read the same way and
written among the entries by time. ``ExportFile`` (plain, synchronous: run off the event
loop) turns each page into CSV lines, gzips the file when it is large and cuts it into
parts under a size limit, so memory stays flat whatever the ledger's length.
``ledger.export.csv`` returns the same text as one string, for small exports and the import round
trip.
"""

from __future__ import annotations

import csv
import gzip
import io
import shutil
from collections import deque
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal

import aiosqlite

from .csv_trailer import Signer, signed
from .database import Store
from .errors import ErrorCode, StorageError
from .records import Entry, Session
from .rows import (
    ENTRY_COLUMNS,
    ENTRY_FROM,
    POSTINGS_COLUMN,
    SESSION_COLUMNS,
    entry_from,
    fetch_all,
    fetch_one,
    postings_from,
    session_from,
)

# One table, one row per record: a player, a season, a session, an entry, one posting of an
# entry, or an identity event (docs/ledger-csv.md); season rows use columns already there.
# The identity columns come last, so a file written before them (``COLUMNS_BEFORE_PEOPLE``)
# is the same table without them and still imports.
COLUMNS_BEFORE_PEOPLE: Final = (
    "record", "id", "session", "kind", "created_at", "player", "delta", "name", "user_id",
    "username", "ruleset", "base", "room", "rotation", "seats", "dealer", "round_wind",
    "hand_number", "deals_in_round", "is_open", "closed_at", "author", "winner", "self_draw",
    "discarder", "value", "hand_line", "note", "reverses", "result_json", "state_before",
    "state_after",
)  # fmt: skip
COLUMNS_BEFORE_TRAILER: Final = (*COLUMNS_BEFORE_PEOPLE, "person", "how", "old_name", "seat")
# ``checksum`` is used by the trailer alone (the file's last line, ``csv_trailer``); a file
# with this header must end with one, so a cut file is told from one written before it.
COLUMNS: Final = (*COLUMNS_BEFORE_TRAILER, "checksum")
_EMPTY: Final = ("",) * len(COLUMNS)
_PLAYER: Final = COLUMNS.index("player")
_DELTA: Final = COLUMNS.index("delta")
EXPORT_PAGE: Final = 500
_CHUNK: Final = 1 << 20
_SEAT_COLUMNS: Final = ("seat_e", "seat_s", "seat_w", "seat_n")
_EXPORT_ENTRY = (
    f"SELECT {ENTRY_COLUMNS}, {POSTINGS_COLUMN}, e.state_before, e.state_after, "
    f"e.seat_e, e.seat_s, e.seat_w, e.seat_n FROM {ENTRY_FROM} "
    "WHERE e.chat_id = ?1 AND (?2 IS NULL OR e.session_id = ?2) AND e.id > ?3 AND e.id <= ?4 "
    "ORDER BY e.id LIMIT ?5"
)
# Identity events by time (the order /history shows them in), a page after a (time, id) key.
_EXPORT_IDENTITY = (
    "SELECT id, kind, how, player_id, person_id, old_name, new_name, undoes, author, "
    "created_at, session_id, seat FROM identity_events "
    "WHERE chat_id = ?1 AND id <= ?2 AND (created_at, id) > (?3, ?4) "
    "ORDER BY created_at, id LIMIT ?5"
)
_EXPORT_SESSION = (
    f"SELECT {SESSION_COLUMNS} FROM sessions WHERE chat_id = ?1 AND (?2 IS NULL OR id = ?2) "
    "AND id > ?3 ORDER BY id LIMIT ?4"
)


@dataclass(frozen=True)
class ExportPage:
    """Rows of one kind of record, as read; ``csv_text`` formats them."""

    record: Literal["player", "season", "session", "entry", "identity"]
    rows: list[aiosqlite.Row]


def cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def csv_text(pages: Iterable[ExportPage], header: bool = False) -> str:
    """The CSV lines of ``pages`` (with the header line first when ``header``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if header:
        writer.writerow(COLUMNS)
    for page in pages:
        writer.writerows(_lines(page))
    return out.getvalue()


def _lines(page: ExportPage) -> Iterable[list[str | int]]:
    """One list of cells per record, in ``COLUMNS`` order (a list per record, not a dict:
    most of a large export is postings, four cells of 32)."""
    for row in page.rows:
        if page.record == "player":
            yield _ordered({
                "record": "player",
                "id": row["id"],
                "name": row["name"],
                "user_id": cell(row["user_id"]),
                "username": cell(row["username"]),
            })  # fmt: skip
        elif page.record == "session":
            yield _ordered(session_record(session_from(row)))
        elif page.record == "identity":
            yield _ordered(identity_record(row))
        elif page.record == "season":
            yield _ordered(season_record(row))
        else:
            entry = entry_from(row, postings_from(row["postings"]))
            yield _ordered(entry_record(entry, row))
            for player_id, delta in entry.postings.items():
                posting: list[str | int] = [*_EMPTY]
                posting[0], posting[1] = "posting", entry.id
                posting[_PLAYER], posting[_DELTA] = player_id, delta
                yield posting


def _ordered(record: dict[str, str | int]) -> list[str | int]:
    return [record.get(column, "") for column in COLUMNS]


def session_record(session: Session) -> dict[str, str | int]:
    return {
        "record": "session",
        "id": session.id,
        "created_at": session.opened_at.isoformat(),
        "ruleset": session.ruleset,
        "base": session.base,
        "room": cell(session.room),
        "rotation": session.rotation,
        "seats": " ".join(cell(p) or "-" for p in session.seats),
        "dealer": session.dealer,
        "round_wind": session.round_wind,
        "hand_number": session.hand_number,
        "deals_in_round": session.deals_in_round,
        "is_open": cell(session.is_open),
        "closed_at": session.closed_at.isoformat() if session.closed_at else "",
        "author": cell(session.creator),
    }


def identity_record(row: aiosqlite.Row) -> dict[str, str | int]:
    """An identity event: a link (``player`` is ``person``'s from then on, ``how``; the seat
    it took, if any), a rename (``old_name`` → ``name``) or an undo (``reverses`` the event)."""
    return {
        "record": "identity",
        "id": row["id"],
        "kind": row["kind"],
        "created_at": row["created_at"],
        "player": cell(row["player_id"]),
        "person": cell(row["person_id"]),
        "how": cell(row["how"]),
        "old_name": cell(row["old_name"]),
        "name": cell(row["new_name"]),
        "reverses": cell(row["undoes"]),
        "author": cell(row["author"]),
        "session": cell(row["session_id"]),
        "seat": cell(row["seat"]),
    }


def season_record(row: aiosqlite.Row) -> dict[str, str | int]:
    """A named season: ``name``, started at ``created_at`` by ``author``, ended at
    ``closed_at`` by ``player`` (both empty while it runs)."""
    return {
        "record": "season",
        "id": row["id"],
        "name": row["name"],
        "created_at": row["started_at"],
        "author": cell(row["started_by"]),
        "closed_at": cell(row["ended_at"]),
        "player": cell(row["ended_by"]),
    }


def entry_record(entry: Entry, state: aiosqlite.Row) -> dict[str, str | int]:
    return {
        "record": "entry",
        "id": entry.id,
        "session": cell(entry.session_id),
        "kind": entry.kind,
        "created_at": entry.created_at.isoformat(),
        "seats": " ".join(cell(state[c]) or "-" for c in _SEAT_COLUMNS),
        "hand_number": cell(entry.hand_number),
        "author": cell(entry.author),
        "winner": cell(entry.winner),
        "self_draw": cell(entry.self_draw),
        "discarder": cell(entry.discarder),
        "value": cell(entry.value),
        "hand_line": cell(entry.hand_line),
        "note": cell(entry.note),
        "reverses": cell(entry.reverses),
        "result_json": cell(entry.result_json),
        "state_before": cell(state["state_before"]),
        "state_after": cell(state["state_after"]),
    }


class ExportStore(Store):
    async def pages(
        self, chat_id: int, session_id: int | None = None, page_size: int = EXPORT_PAGE
    ) -> AsyncIterator[ExportPage]:
        """The chat's (or one session's) players, sessions and entries, a page at a time,
        read by key (never one query over every id), each page in a short read of its own.
        The chat's identity events come among the entries, each before the first entry made
        after it, so an import checks a link against the hands that stood when it was made.
        A whole-chat export has the chat's seasons right after the players."""
        async with self._read() as conn:
            newest = await fetch_one(
                conn,
                "SELECT (SELECT coalesce(max(id), 0) FROM entries), "
                "(SELECT coalesce(max(id), 0) FROM identity_events)",
            )
            players = await fetch_all(
                conn, "SELECT * FROM players WHERE chat_id = ? ORDER BY id", [chat_id]
            )
            if session_id is not None and not await fetch_one(
                conn, "SELECT 1 FROM sessions WHERE id = ? AND chat_id = ?", [session_id, chat_id]
            ):
                raise StorageError(ErrorCode.UNKNOWN_SESSION, session_id=session_id)
            seasons = await _seasons(conn, chat_id, session_id)
        assert newest is not None
        yield ExportPage("player", players)
        if seasons:
            yield ExportPage("season", seasons)
        after = 0
        while rows := await self._page(_EXPORT_SESSION, [chat_id, session_id, after, page_size]):
            yield ExportPage("session", rows)
            after = rows[-1]["id"]
        events = _Events(self, chat_id, int(newest[1]), page_size)
        params = [chat_id, session_id, 0, int(newest[0]), page_size]
        while rows := await self._page(_EXPORT_ENTRY, params):
            async for page in events.among(rows):
                yield page
            params[2] = rows[-1]["id"]
        while rest := await events.until(None):
            yield ExportPage("identity", rest)

    async def _page(self, sql: str, params: list[Any]) -> list[aiosqlite.Row]:
        async with self._read() as conn:
            return await fetch_all(conn, sql, params)

    async def csv(self, chat_id: int, session_id: int | None = None) -> str:
        """The chat's (or one session's) players, sessions, entries and postings as CSV,
        ending with its trailer."""
        pages = [page async for page in self.pages(chat_id, session_id)]
        entries = sum(len(page.rows) for page in pages if page.record == "entry")
        return signed(csv_text(pages, header=True), COLUMNS, entries)


async def _seasons(
    conn: aiosqlite.Connection, chat_id: int, session_id: int | None
) -> list[aiosqlite.Row]:
    """The chat's seasons (a few rows, read once), for a whole-chat export only: a season
    is the chat's window, and one session's file imported back beside its chat would clash
    by name with the chat's own seasons."""
    if session_id is not None:
        return []
    return await fetch_all(conn, "SELECT * FROM seasons WHERE chat_id = ? ORDER BY id", [chat_id])


class _Events:
    """The chat's identity events read a page at a time, handed out among the entry pages."""

    def __init__(self, store: ExportStore, chat_id: int, newest: int, page_size: int) -> None:
        self._store = store
        self._params: list[Any] = [chat_id, newest, "", 0, page_size]
        self._pending: deque[aiosqlite.Row] = deque()
        self._done = False

    async def _next_time(self) -> str | None:
        if not self._pending and not self._done:
            rows = await self._store._page(_EXPORT_IDENTITY, self._params)
            self._pending.extend(rows)
            self._done = len(rows) < self._params[4]
            if rows:
                self._params[2:4] = rows[-1]["created_at"], rows[-1]["id"]
        return self._pending[0]["created_at"] if self._pending else None

    async def until(self, time: str | None) -> list[aiosqlite.Row]:
        """The pending events made before ``time`` (None: the rest, a page at a time)."""
        taken: list[aiosqlite.Row] = []
        while (next_time := await self._next_time()) is not None and (
            time is None or next_time < time
        ):
            taken.append(self._pending.popleft())
            if time is None and not self._pending:
                break
        return taken

    async def among(self, rows: list[aiosqlite.Row]) -> AsyncIterator[ExportPage]:
        """``rows`` (entries in id order) as pages, the events made before an entry just
        before it. With no event pending (the usual case) the page goes out whole."""
        start = 0
        while (next_time := await self._next_time()) is not None:
            cut = next(
                (i for i in range(start, len(rows)) if rows[i]["created_at"] > next_time), None
            )
            if cut is None:
                break
            if cut > start:
                yield ExportPage("entry", rows[start:cut])
            yield ExportPage("identity", await self.until(rows[cut]["created_at"]))
            start = cut
        yield ExportPage("entry", rows[start:] if start else rows)


class ExportFile:
    """Writes an export's pages to ``folder/name.csv`` (UTF-8 with a BOM, so spreadsheet
    programs read the Chinese names): gzipped when over ``gzip_above`` bytes, cut into
    ``.partNN`` pieces of at most ``part_limit`` bytes (joined again by concatenation).
    Every method blocks: run them off the event loop (``python -m storage.export_process`` runs
    them in a process of its own)."""

    def __init__(self, folder: Path, name: str, gzip_above: int, part_limit: int) -> None:
        self.path = folder / f"{name}.csv"
        self.gzip_above = gzip_above
        self.part_limit = part_limit
        self._file = self.path.open("w", encoding="utf-8-sig", newline="")
        self._signer = Signer()
        self._file.write(self._signer.add(csv_text([], header=True)))

    def write(self, page: ExportPage) -> None:
        entries = len(page.rows) if page.record == "entry" else 0
        self._file.write(self._signer.add(csv_text([page]), entries))

    def finish(self) -> list[Path]:
        """Write the trailer and close the file; gzip and cut it as its size asks. Returns
        the files to send."""
        self._file.write(self._signer.trailer(COLUMNS))
        self._file.close()
        path = self.path
        if path.stat().st_size > self.gzip_above:
            zipped = path.with_name(path.name + ".gz")
            with path.open("rb") as plain, gzip.open(zipped, "wb") as packed:
                shutil.copyfileobj(plain, packed)
            path.unlink()
            path = zipped
        if path.stat().st_size <= self.part_limit:
            return [path]
        return _cut(path, self.part_limit)

    def __enter__(self) -> ExportFile:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._file.close()


def _cut(path: Path, limit: int) -> list[Path]:
    """``path`` in pieces of at most ``limit`` bytes, copied a megabyte at a time."""
    parts: list[Path] = []
    left = path.stat().st_size
    with path.open("rb") as whole:
        while left > 0:
            part = path.with_name(f"{path.name}.part{len(parts) + 1:02d}")
            with part.open("wb") as out:
                size = min(limit, left)
                left -= size
                while size > 0:
                    chunk = whole.read(min(size, _CHUNK))
                    out.write(chunk)
                    size -= len(chunk)
            parts.append(part)
    path.unlink()
    return parts
