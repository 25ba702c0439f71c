"""One chat's history as a SQLite file of its own (a group's ``/backup``)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path
from typing import Final

import aiosqlite

from .database import PRAGMAS, Store, migrate

# Parents before children, postings before their entry (the schema's triggers check each
# entry against its postings as it arrives), entries in id order (a reversal after what it
# reverses). Every other table (the inbox) is the running bot's business, not the group's.
_COPY_STATEMENTS: Final = (
    "INSERT INTO chats SELECT * FROM src.chats WHERE chat_id = :chat",
    "INSERT INTO players SELECT * FROM src.players WHERE chat_id = :chat ORDER BY id",
    "INSERT INTO sessions SELECT * FROM src.sessions WHERE chat_id = :chat ORDER BY id",
    "INSERT INTO sources SELECT * FROM src.sources WHERE chat_id = :chat ORDER BY id",
    "INSERT INTO postings SELECT p.* FROM src.postings AS p"
    " JOIN src.entries AS e ON e.id = p.entry_id WHERE e.chat_id = :chat",
    "INSERT INTO entries SELECT * FROM src.entries WHERE chat_id = :chat ORDER BY id",
    "INSERT INTO awards SELECT * FROM src.awards WHERE chat_id = :chat",
    # Which imported file's entry each is: restored, the chat still takes a file once.
    "INSERT INTO entry_origins SELECT * FROM src.entry_origins WHERE chat_id = :chat",
    "INSERT INTO seasons SELECT * FROM src.seasons WHERE chat_id = :chat ORDER BY id",
    # In id order: each event's trigger keeps person_links as the live ledger's did.
    "INSERT INTO identity_events SELECT * FROM src.identity_events WHERE chat_id = :chat"
    " ORDER BY id",
    # In id order too: each line's trigger keeps debt_balances (a reversal after its payment).
    "INSERT INTO debt_lines SELECT * FROM src.debt_lines WHERE chat_id = :chat ORDER BY id",
)


class ChatCopyStore(Store):
    async def backup(self, chat_id: int, path: str | Path) -> int:
        """Write a ledger file holding only this chat's rows; returns how many entries it has.

        The file has the full schema (it opens as a ``Ledger``, and ``restore`` accepts it)
        and is copied from one snapshot of the live database, which stays writable
        meanwhile. It appears at ``path`` whole or not at all.
        """
        self._check_open()
        target_path = Path(path)
        partial = target_path.with_name(target_path.name + ".partial")
        partial.unlink(missing_ok=True)
        source_uri = f"{Path(self.path).resolve().as_uri()}?mode=ro"
        target = await aiosqlite.connect(partial.resolve().as_uri(), uri=True, isolation_level=None)
        try:
            for pragma in PRAGMAS:
                await target.execute(pragma)
            await migrate(target)
            await target.execute("ATTACH DATABASE ? AS src", (source_uri,))
            await target.execute("BEGIN IMMEDIATE")
            try:
                for statement in _COPY_STATEMENTS:
                    await target.execute(statement, {"chat": chat_id})
                await target.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    await target.execute("ROLLBACK")
                raise
            await target.execute("DETACH DATABASE src")
            async with target.execute("SELECT count(*) FROM entries") as cursor:
                row = await cursor.fetchone()
        finally:
            await target.close()
        os.replace(partial, target_path)
        return int(row[0]) if row else 0
