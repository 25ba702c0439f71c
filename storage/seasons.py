"""Named seasons (/season 秋季赛): a window of the ledger's entries, one open per chat.

Starting a season ends the open one at the same instant; ending sets ``ended_at`` once (the
schema refuses any other change, and deleting). A season's figures are ``ledger.stats.players`` over
[started_at, ended_at): seasons write nothing into the ledger itself.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import aiosqlite

from .chats import ensure_chat_row
from .database import Store
from .errors import ErrorCode, StorageError
from .names import name_key
from .players import NewMember, recorded_id
from .rows import fetch_all, fetch_one, now_text, parse_time


@dataclass(frozen=True)
class Season:
    """A chat's named season; ``ended_at`` None while it runs."""

    id: int
    chat_id: int
    name: str
    started_at: datetime
    ended_at: datetime | None = None

    @property
    def is_open(self) -> bool:
        return self.ended_at is None


def _season(row: aiosqlite.Row | dict[str, Any]) -> Season:
    return Season(
        id=row["id"],
        chat_id=row["chat_id"],
        name=row["name"],
        started_at=parse_time(row["started_at"]),
        ended_at=parse_time(row["ended_at"]) if row["ended_at"] else None,
    )


class SeasonStore(Store):
    async def start(self, chat_id: int, name: str, by: int | NewMember | None) -> Season:
        """Open season ``name`` now (``by``: the player starting it, a Telegram user recorded
        by this write), ending the open one at the same instant. DUPLICATE_SEASON when the
        chat had a season of that name."""
        now = now_text()
        async with self._write() as conn:
            await ensure_chat_row(conn, chat_id)
            if await _named(conn, chat_id, name) is not None:
                raise StorageError(ErrorCode.DUPLICATE_SEASON, name=name)
            by_id = await recorded_id(conn, chat_id, by)
            await _end_open(conn, chat_id, by_id, now)
            try:
                cursor = await conn.execute(
                    "INSERT INTO seasons (chat_id, name, started_at, started_by) "
                    "VALUES (?, ?, ?, ?)",
                    [chat_id, name, now, by_id],
                )
            except sqlite3.IntegrityError as error:  # the name's length check
                raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=str(error)) from None
            season_id = cursor.lastrowid
        assert season_id is not None
        return Season(season_id, chat_id, name, parse_time(now))

    async def end(self, chat_id: int, by: int | NewMember | None) -> Season:
        """End the open season now; NO_OPEN_SEASON when none runs (``by`` recorded by this
        write only when it ends one)."""
        async with self._write() as conn:
            ended = await _end_open(conn, chat_id, await recorded_id(conn, chat_id, by), now_text())
            if ended is None:
                raise StorageError(ErrorCode.NO_OPEN_SEASON)
        return ended

    async def current(self, chat_id: int) -> Season | None:
        async with self._read() as conn:
            row = await fetch_one(
                conn, "SELECT * FROM seasons WHERE chat_id = ? AND ended_at IS NULL", [chat_id]
            )
        return _season(row) if row is not None else None

    async def find(self, chat_id: int, name: str) -> Season | None:
        """The chat's season called ``name`` (as typed, case-folded), or None."""
        async with self._read() as conn:
            return await _named(conn, chat_id, name)

    async def all(self, chat_id: int) -> list[Season]:
        """The chat's seasons, newest first."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn, "SELECT * FROM seasons WHERE chat_id = ? ORDER BY id DESC", [chat_id]
            )
        return [_season(row) for row in rows]


async def _named(conn: aiosqlite.Connection, chat_id: int, name: str) -> Season | None:
    rows = await fetch_all(conn, "SELECT * FROM seasons WHERE chat_id = ?", [chat_id])
    wanted = name_key(name)  # one name as people see it (storage.names)
    return next((_season(row) for row in rows if name_key(row["name"]) == wanted), None)


async def _end_open(
    conn: aiosqlite.Connection, chat_id: int, by: int | None, now: str
) -> Season | None:
    row = await fetch_one(
        conn, "SELECT * FROM seasons WHERE chat_id = ? AND ended_at IS NULL", [chat_id]
    )
    if row is None:
        return None
    await conn.execute(
        "UPDATE seasons SET ended_at = ?, ended_by = ? WHERE id = ?", [now, by, row["id"]]
    )
    return _season({**dict(row), "ended_at": now})
