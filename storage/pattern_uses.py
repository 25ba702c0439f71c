"""How often a chat names each pattern word in its wins: a counter per chat and word, read
in one indexed query (flat as the ledger grows) to order the button flow's patterns."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .database import Database
from .rows import fetch_all


class PatternUseStore(Database):
    async def pattern_uses(self, chat_id: int) -> dict[str, int]:
        """Each pattern word the chat has used and how many times."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn, "SELECT word, uses FROM pattern_uses WHERE chat_id = ?", [chat_id]
            )
        return {str(row[0]): int(row[1]) for row in rows}

    async def count_patterns(self, chat_id: int, words: Iterable[str]) -> None:
        """Count one use of each word (a word said by two winners counts twice)."""
        counted = Counter(words)
        if not counted:
            return
        async with self._write() as conn:
            await conn.executemany(
                "INSERT INTO pattern_uses (chat_id, word, uses) VALUES (?, ?, ?)"
                " ON CONFLICT (chat_id, word) DO UPDATE SET uses = uses + excluded.uses",
                [(chat_id, word, uses) for word, uses in counted.items()],
            )
