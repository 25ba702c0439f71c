"""Players of a chat: Telegram users (renamed as they rename) and named guests."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

import aiosqlite

from .chats import ensure_chat_row
from .database import Store
from .errors import ErrorCode, StorageError
from .names import STORED_NAME_LIMIT, name_key
from .records import Player
from .rows import fetch_all, fetch_one, now_text, player_from, player_row

# An id as typed: ASCII digits ('²'.isdigit() is true, int('²') fails) within SQLite's range.
_ID: Final = re.compile(r"-?[0-9]{1,19}")
_LARGEST_ID: Final = 2**63 - 1


def _is_id(text: str) -> bool:
    return _ID.fullmatch(text) is not None and abs(int(text)) <= _LARGEST_ID


def clean_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="an empty name")
    cleaned = " ".join(name.split())
    if len(cleaned) > STORED_NAME_LIMIT:
        raise StorageError(
            ErrorCode.INVALID_ARGUMENT, detail=f"a name longer than {STORED_NAME_LIMIT} characters"
        )
    return cleaned


@dataclass(frozen=True)
class NewGuest:
    """A guest to be created inside the write that seats them, after its every check: a
    refused /new, /join or /seat then adds nobody."""

    name: str


@dataclass(frozen=True)
class NewMember:
    """A Telegram user the chat has not recorded yet (or has, under an older Telegram name),
    to be recorded (or renamed) inside the write that names them (seats them, opens the
    session they created, or takes them as its author or as a guest's claimer), in the
    write's transaction: a refused command then records and renames nobody."""

    user_id: int
    name: str
    username: str | None = None


async def upsert_member(conn: aiosqlite.Connection, chat_id: int, member: NewMember) -> Player:
    """The Telegram user's player inside the caller's write, created or renamed."""
    name = clean_name(member.name)
    handle = (member.username.lstrip("@") or None) if member.username else None
    await ensure_chat_row(conn, chat_id)
    await conn.execute(
        "INSERT INTO players (chat_id, user_id, name, username, created_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (chat_id, user_id) "
        "DO UPDATE SET name = excluded.name, username = excluded.username",
        [chat_id, member.user_id, name, handle, now_text()],
    )
    row = await fetch_one(
        conn, "SELECT * FROM players WHERE chat_id = ? AND user_id = ?", [chat_id, member.user_id]
    )
    assert row is not None
    return player_from(row)


async def players_named(
    conn: aiosqlite.Connection, chat_id: int, name: str, *, guests: bool = False
) -> list[Player]:
    """The chat's players (with ``guests``: its guests) whose name is ``name`` as people see
    it (``storage.names.name_key``: case, look-alikes and invisible characters aside). The
    key is no column (that would take a migration): the chat's names are compared here, a
    bounded set whose keys are remembered."""
    only = " AND user_id IS NULL" if guests else ""
    names = await conn.execute_fetchall(
        f"SELECT id, name FROM players WHERE chat_id = ?{only}", [chat_id]
    )
    wanted = name_key(name)
    return [
        await player_row(conn, chat_id, player_id)
        for player_id, other in names
        if name_key(other) == wanted
    ]


async def insert_guest(conn: aiosqlite.Connection, chat_id: int, name: str) -> int:
    """Add a named guest inside the caller's write (a guest's name is no other player's in
    the chat, look-alikes included: ``players_named``)."""
    cleaned = clean_name(name)
    if cleaned.startswith("@") or cleaned.startswith("#"):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"a guest name {cleaned!r}")
    await ensure_chat_row(conn, chat_id)
    if await players_named(conn, chat_id, cleaned):
        raise StorageError(ErrorCode.DUPLICATE_NAME, name=cleaned)
    cursor = await conn.execute(
        "INSERT INTO players (chat_id, user_id, name, created_at) VALUES (?, NULL, ?, ?)",
        [chat_id, cleaned, now_text()],
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def seated_id(
    conn: aiosqlite.Connection, chat_id: int, who: int | NewGuest | NewMember
) -> int:
    """The player id to seat: a known player's, or a new guest's or member's recorded now."""
    if isinstance(who, NewGuest):
        return await insert_guest(conn, chat_id, who.name)
    if isinstance(who, NewMember):
        return (await upsert_member(conn, chat_id, who)).id
    return who


async def recorded_id(
    conn: aiosqlite.Connection, chat_id: int, who: int | NewMember | None
) -> int | None:
    """The player id of a command's sender inside the write that needs them: a known
    player's, or a Telegram user's recorded (or renamed) now, in the same transaction as
    the write's checks, so that a refusal records nobody."""
    return None if who is None else await seated_id(conn, chat_id, who)


class PlayerStore(Store):
    async def upsert_user(
        self, chat_id: int, user_id: int, display_name: str, username: str | None = None
    ) -> Player:
        """The Telegram user's player in this chat, created or renamed to ``display_name``."""
        name = clean_name(display_name)
        handle = (username.lstrip("@") or None) if username else None
        # The bot calls this on every message: an unchanged player needs no write.
        async with self._read() as conn:
            row = await fetch_one(
                conn, "SELECT * FROM players WHERE chat_id = ? AND user_id = ?", [chat_id, user_id]
            )
        if row is not None and row["name"] == name and row["username"] == handle:
            return player_from(row)
        async with self._write() as conn:
            row = await fetch_one(
                conn, "SELECT * FROM players WHERE chat_id = ? AND user_id = ?", [chat_id, user_id]
            )
            if row is not None and row["name"] == name and row["username"] == handle:
                return player_from(row)
            return await upsert_member(conn, chat_id, NewMember(user_id, name, handle))

    async def of_user(self, chat_id: int, user_id: int) -> Player | None:
        """The Telegram user's player in this chat, if the chat has recorded them (no write)."""
        async with self._read() as conn:
            row = await fetch_one(
                conn, "SELECT * FROM players WHERE chat_id = ? AND user_id = ?", [chat_id, user_id]
            )
        return player_from(row) if row is not None else None

    async def add_guest(self, chat_id: int, name: str) -> Player:
        """A named guest without a Telegram account (guest names are unique per chat)."""
        async with self._write() as conn:
            return await player_row(conn, chat_id, await insert_guest(conn, chat_id, name))

    async def find(self, chat_id: int, text: str) -> Player | None:
        """A player of this chat by name, @username, #player-id or Telegram user id.

        A guest and a member sharing the name mean the member (the guest was written down
        before that member spoke up in the chat); any other shared name is ambiguous."""
        query = " ".join(text.split())
        if not query:
            return None
        async with self._read() as conn:
            if query.startswith("@"):
                rows = await fetch_all(
                    conn,
                    "SELECT * FROM players WHERE chat_id = ? AND username = ? COLLATE NOCASE",
                    [chat_id, query[1:]],
                )
                found = [player_from(row) for row in rows]
            else:
                found = await players_named(conn, chat_id, query)
                digits = query.removeprefix("#")
                if not found and _is_id(digits):
                    column = "id" if query.startswith("#") else "user_id"
                    rows = await fetch_all(
                        conn,
                        f"SELECT * FROM players WHERE chat_id = ? AND {column} = ?",
                        [chat_id, int(digits)],
                    )
                    found = [player_from(row) for row in rows]
        if len(found) > 1:
            members = [player for player in found if not player.is_guest]
            if len(members) != 1:
                raise StorageError(ErrorCode.AMBIGUOUS_PLAYER, name=query)
            found = members
        return found[0] if found else None

    async def chats_of_user(self, user_id: int, limit: int) -> list[int]:
        """The chats where a Telegram user has a player record, the latest created first."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT chat_id FROM players WHERE user_id = ? ORDER BY id DESC LIMIT ?",
                [user_id, limit],
            )
        return [int(row["chat_id"]) for row in rows]

    async def get(self, chat_id: int, player_id: int) -> Player:
        """A player of this chat by id (StorageError UNKNOWN_PLAYER otherwise)."""
        async with self._read() as conn:
            return await player_row(conn, chat_id, player_id)

    async def all(self, chat_id: int) -> list[Player]:
        """Every player of this chat, by name."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn, "SELECT * FROM players WHERE chat_id = ? ORDER BY name, id", [chat_id]
            )
        return [player_from(row) for row in rows]
