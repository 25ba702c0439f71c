"""The durable inbox: updates as received, kept until their handling finished.

The payload is opaque JSON (storage never reads it); ``chat_id`` is only for the caller's
ordering. Storing a batch is one transaction, so a batch is either wholly kept or not at all,
and the caller tells its source (Telegram) the batch arrived only after this returned.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from .database import Store, begin_with, commit_with
from .rows import now_text, time_text

KEEP_DONE: Final = timedelta(days=7)  # done rows kept this long, for a look after an incident


@dataclass(frozen=True)
class InboxItem:
    update_id: int
    chat_id: int | None
    payload: str  # JSON text


_STORE: Final = (
    "INSERT INTO inbox (update_id, chat_id, payload, received_at) "
    "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), "
    "json_extract(value, '$[2]'), ? FROM json_each(?) WHERE true "
    "ON CONFLICT (update_id) DO NOTHING RETURNING update_id"
)

_DONE: Final = (
    "UPDATE inbox SET done_at = ? WHERE done_at IS NULL "
    "AND update_id IN (SELECT value FROM json_each(?))"
)


class InboxStore(Store):
    async def store(self, items: Sequence[InboxItem], done: Iterable[int] = ()) -> set[int]:
        """Keep a batch in one transaction; returns the ids new to the inbox (a batch
        delivered again returns only what was not kept before). ``done`` are marked done in
        the same transaction: the caller saves a transaction of its own for them."""
        finished = sorted(set(done))
        if not items:
            await self.done(finished)
            return set()
        batch = json.dumps([[i.update_id, i.chat_id, i.payload] for i in items])
        now = now_text()
        async with self._write(begin=False, commit=False) as conn:
            rows = await begin_with(conn, _STORE, [now, batch])
            if finished:
                await conn.execute(_DONE, [now, json.dumps(finished)])
        return {int(row[0]) for row in rows}

    async def undone(self) -> list[InboxItem]:
        """Every update not yet handled, oldest first."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT update_id, chat_id, payload FROM inbox WHERE done_at IS NULL "
                "ORDER BY update_id"
            )
        return [InboxItem(int(r[0]), r[1], str(r[2])) for r in rows]

    async def done(self, update_ids: Iterable[int]) -> None:
        """Mark updates handled, all in one transaction."""
        ids = sorted(set(update_ids))
        if not ids:
            return
        async with self._write(commit=False) as conn:
            await commit_with(conn, _DONE, [now_text(), json.dumps(ids)])

    async def prune(self, keep: timedelta = KEEP_DONE) -> int:
        """Forget done updates older than ``keep``; returns how many went."""
        cutoff = time_text(datetime.now(UTC) - keep)
        async with self._write() as conn:
            cursor = await conn.execute(
                "DELETE FROM inbox WHERE done_at IS NOT NULL AND done_at < ?", [cutoff]
            )
            return cursor.rowcount
