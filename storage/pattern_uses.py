"""The lines of a chat's latest wins, for the button flow to order its patterns by the
chat's habits: a bounded walk down the (chat_id, id) index, so the read costs the same
however long the ledger grows, and nothing is written for it."""

from __future__ import annotations

from typing import Final

from .database import Store
from .rows import fetch_all

RECENT_ENTRIES: Final = 200  # about a month of evenings at one table


class PatternUseStore(Store):
    async def recent_win_lines(self, chat_id: int, entries: int = RECENT_ENTRIES) -> list[str]:
        """The hand lines of the wins among the chat's latest ``entries`` entries."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT hand_line FROM ("
                " SELECT kind, hand_line FROM entries WHERE chat_id = ? ORDER BY id DESC LIMIT ?"
                ") WHERE kind = 'win' AND hand_line IS NOT NULL",
                [chat_id, entries],
            )
        return [str(row[0]) for row in rows]
