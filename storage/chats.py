"""Chats: language, reply settings, default ruleset and 底分, and the group → supergroup
migration."""

from __future__ import annotations

import aiosqlite

from .database import Store
from .errors import ErrorCode, StorageError
from .records import Chat
from .rows import chat_from, chat_row, fetch_one, now_text

LANGS = ("zh", "en")
REPLIES = ("compact", "full")  # the recording reply: phone-sized, or with formula and standings
PICTURES = ("always", "full_hands", "never")  # every picture, hand pictures only, none


def check_lang(lang: str | None) -> None:
    if lang is not None and lang not in LANGS:
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"language {lang!r} (zh or en)")


async def ensure_chat_row(
    conn: aiosqlite.Connection, chat_id: int, lang: str | None = None
) -> Chat:
    """Insert the chat when new (inside the caller's write transaction) and return it."""
    if isinstance(chat_id, bool) or not isinstance(chat_id, int):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"chat id {chat_id!r}")
    check_lang(lang)
    await conn.execute(
        "INSERT INTO chats (chat_id, lang, created_at) VALUES (?, ?, ?) "
        "ON CONFLICT (chat_id) DO NOTHING",
        [chat_id, lang, now_text()],
    )
    return await chat_row(conn, chat_id)


class ChatStore(Store):
    async def ensure(self, chat_id: int, lang: str | None = None) -> Chat:
        """The chat's row, created on first sight (``lang`` only sets a new chat's language)."""
        check_lang(lang)
        # The bot calls this on every message: read first, take the write lock only when new.
        known = await self.get(chat_id)
        if known is not None:
            return known
        async with self._write() as conn:
            return await ensure_chat_row(conn, chat_id, lang)

    async def get(self, chat_id: int) -> Chat | None:
        """The chat's row, or None when the chat was never seen."""
        async with self._read() as conn:
            row = await fetch_one(conn, "SELECT * FROM chats WHERE chat_id = ?", [chat_id])
        return chat_from(row) if row else None

    async def set_lang(self, chat_id: int, lang: str) -> Chat:
        """Set the chat's reply language ('zh' or 'en')."""
        check_lang(lang)
        async with self._write() as conn:
            await ensure_chat_row(conn, chat_id)
            await conn.execute("UPDATE chats SET lang = ? WHERE chat_id = ?", [lang, chat_id])
            return await chat_row(conn, chat_id)

    async def set_replies(self, chat_id: int, replies: str) -> Chat:
        """Set how long the chat's recording replies are (one of ``REPLIES``)."""
        return await self._set_choice(chat_id, "replies", replies, REPLIES)

    async def set_pictures(self, chat_id: int, pictures: str) -> Chat:
        """Set which pictures the chat gets (one of ``PICTURES``)."""
        return await self._set_choice(chat_id, "pictures", pictures, PICTURES)

    async def _set_choice(
        self, chat_id: int, column: str, value: str, choices: tuple[str, ...]
    ) -> Chat:
        if value not in choices:
            raise StorageError(
                ErrorCode.INVALID_ARGUMENT, detail=f"{column} {value!r} ({' or '.join(choices)})"
            )
        async with self._write() as conn:
            await ensure_chat_row(conn, chat_id)
            await conn.execute(f"UPDATE chats SET {column} = ? WHERE chat_id = ?", [value, chat_id])
            return await chat_row(conn, chat_id)

    async def set_defaults(self, chat_id: int, ruleset: str, base: int) -> Chat:
        """Set the chat's default ruleset id and 底分 for new sessions."""
        check_ruleset_and_base(ruleset, base)
        async with self._write() as conn:
            await ensure_chat_row(conn, chat_id)
            await conn.execute(
                "UPDATE chats SET ruleset = ?, base = ? WHERE chat_id = ?", [ruleset, base, chat_id]
            )
            return await chat_row(conn, chat_id)

    async def migrate(self, old_id: int, new_id: int) -> Chat:
        """Move every row of ``old_id`` to ``new_id`` (group → supergroup migration), and
        remember the move (``moves``).

        The new chat may already exist (the bot saw it first) as long as it holds no sessions
        or entries yet: its players who duplicate the old chat's are dropped, the rest join.
        """
        async with self._write() as conn:
            old = await fetch_one(conn, "SELECT 1 FROM chats WHERE chat_id = ?", [old_id])
            if old is None:
                # Already migrated (a replayed migration update) or never seen.
                if await fetch_one(conn, "SELECT 1 FROM chats WHERE chat_id = ?", [new_id]):
                    await _remember_move(conn, old_id, new_id)
                    return await chat_row(conn, new_id)
                raise StorageError(ErrorCode.UNKNOWN_CHAT, chat_id=old_id)
            if old_id == new_id:
                return await chat_row(conn, new_id)
            if await fetch_one(conn, "SELECT 1 FROM chats WHERE chat_id = ?", [new_id]):
                await self._absorb_empty_chat(conn, old_id, new_id)
            await conn.execute("UPDATE chats SET chat_id = ? WHERE chat_id = ?", [new_id, old_id])
            await _remember_move(conn, old_id, new_id)
            return await chat_row(conn, new_id)

    async def moves(self) -> dict[int, int]:
        """Every group that became a supergroup: old chat id → new (a handful of rows)."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall("SELECT old_id, new_id FROM chat_moves")
        return {int(row[0]): int(row[1]) for row in rows}

    @staticmethod
    async def _absorb_empty_chat(conn: aiosqlite.Connection, old_id: int, new_id: int) -> None:
        for table in ("sessions", "entries", "sources", "identity_events"):
            if await fetch_one(conn, f"SELECT 1 FROM {table} WHERE chat_id = ?", [new_id]):
                raise StorageError(ErrorCode.MIGRATION_CONFLICT, new_id=new_id)
        await conn.execute(
            "DELETE FROM players AS p WHERE p.chat_id = ? AND EXISTS ("
            " SELECT 1 FROM players AS o WHERE o.chat_id = ? AND ("
            "  (p.user_id IS NOT NULL AND o.user_id = p.user_id) OR"
            "  (p.user_id IS NULL AND o.user_id IS NULL AND o.name = p.name COLLATE NOCASE)))",
            [new_id, old_id],
        )
        await conn.execute("UPDATE players SET chat_id = ? WHERE chat_id = ?", [old_id, new_id])
        await conn.execute("DELETE FROM chats WHERE chat_id = ?", [new_id])


async def _remember_move(conn: aiosqlite.Connection, old_id: int, new_id: int) -> None:
    await conn.execute(
        "INSERT INTO chat_moves (old_id, new_id, moved_at) VALUES (?, ?, ?) "
        "ON CONFLICT (old_id) DO NOTHING",
        [old_id, new_id, now_text()],
    )


def check_ruleset_and_base(ruleset: str, base: int) -> None:
    if not isinstance(ruleset, str) or not ruleset.strip():
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"ruleset {ruleset!r}")
    if isinstance(base, bool) or not isinstance(base, int) or base <= 0:
        raise StorageError(
            ErrorCode.INVALID_ARGUMENT, detail=f"底分/base {base!r} (a positive integer)"
        )
