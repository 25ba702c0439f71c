"""Award rows (migration 0013): what the bot decided a win earned, kept as facts about its
entry. Every read joins the entry and skips a reversed one, so an undo takes the award back
without a write; the reads walk the session's entries or the (chat, award) and (chat,
player) indexes, never the chat's whole history."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .database import Store
from .records import Entry
from .rows import fetch_all, load_entries, parse_time, time_text

_LIVE = "NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = a.entry_id)"


@dataclass(frozen=True)
class SessionHand:
    """A standing entry of a session with what an award reads of it: the stored scoring
    result (patterns, value, ruleset; None but for a win) and the dealer it was played under."""

    entry: Entry
    result: dict[str, Any] | None
    dealer_player: int | None  # who dealt it (None for an entry written without a deal)


@dataclass(frozen=True)
class AwardRow:
    """An award one win earned: the entry, the award's id, the winner and the hand's value."""

    entry_id: int
    award: str
    player_id: int
    value: int | None
    created_at: datetime


class AwardStore(Store):
    async def session_hands(self, chat_id: int, session_id: int) -> list[SessionHand]:
        """The session's standing entries (neither reversed nor reversals), oldest first."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT e.id, e.state_before, e.seat_e, e.seat_s, e.seat_w, e.seat_n "
                "FROM entries AS e "
                "WHERE +e.chat_id = ? AND e.session_id = ? AND e.kind <> 'reversal' "
                "AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id) "
                "ORDER BY e.id",
                [chat_id, session_id],
            )
            entries = await load_entries(conn, chat_id, [row["id"] for row in rows])
        dealers = {row["id"]: _dealer(row) for row in rows}
        return [
            SessionHand(
                entry,
                json.loads(entry.result_json) if entry.result_json else None,
                dealers[entry.id],
            )
            for entry in entries
        ]

    async def earned(
        self, chat_id: int, award: str, since: datetime, before_entry: int
    ) -> list[AwardRow]:
        """The standing rows of ``award`` in the chat since ``since``, before an entry."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT a.* FROM awards AS a WHERE a.chat_id = ? AND a.award = ? "
                f"AND a.created_at >= ? AND a.entry_id < ? AND {_LIVE} ORDER BY a.entry_id",
                [chat_id, award, time_text(since), before_entry],
            )
        return [_row(row) for row in rows]

    async def keep(self, chat_id: int, rows: list[AwardRow]) -> None:
        """Write the awards (again for a replayed hand: kept once)."""
        if not rows:
            return
        async with self._write() as conn:
            await conn.executemany(
                "INSERT OR IGNORE INTO awards "
                "(entry_id, award, chat_id, player_id, value, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (r.entry_id, r.award, chat_id, r.player_id, r.value, time_text(r.created_at))
                    for r in rows
                ],
            )

    async def of_entries(self, chat_id: int, entry_ids: list[int]) -> list[AwardRow]:
        """The standing awards of these entries (a hand's reply shown again)."""
        if not entry_ids:
            return []
        marks = ",".join("?" * len(entry_ids))
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                f"SELECT a.* FROM awards AS a WHERE a.entry_id IN ({marks}) AND a.chat_id = ? "
                f"AND {_LIVE} ORDER BY a.entry_id",
                [*entry_ids, chat_id],
            )
        return [_row(row) for row in rows]

    async def of_session(self, chat_id: int, session_id: int) -> list[AwardRow]:
        """The standing awards of a session's hands, oldest first."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT a.* FROM entries AS e JOIN awards AS a ON a.entry_id = e.id "
                f"WHERE +e.chat_id = ? AND e.session_id = ? AND {_LIVE} ORDER BY a.entry_id",
                [chat_id, session_id],
            )
        return [_row(row) for row in rows]

    async def of_players(
        self,
        chat_id: int,
        players: set[int],
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> list[AwardRow]:
        """The standing awards of these players (one person's records) in a period, oldest
        first."""
        if not players:
            return []
        marks = ",".join("?" * len(players))
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT a.* FROM awards AS a WHERE a.chat_id = ? "
                f"AND a.player_id IN ({marks}) AND a.created_at >= ? AND a.created_at < ? "
                f"AND {_LIVE} ORDER BY a.entry_id",
                [
                    chat_id,
                    *sorted(players),
                    time_text(since) if since else "",
                    time_text(until) if until else "9999",
                ],
            )
        return [_row(row) for row in rows]


def _dealer(row: Any) -> int | None:
    """The player in the dealer's seat when the entry was written."""
    if not row["state_before"]:
        return None
    dealer = json.loads(row["state_before"]).get("dealer")
    return row[f"seat_{dealer.lower()}"] if dealer in ("E", "S", "W", "N") else None


def _row(row: Any) -> AwardRow:
    return AwardRow(
        entry_id=row["entry_id"],
        award=row["award"],
        player_id=row["player_id"],
        value=row["value"],
        created_at=parse_time(row["created_at"]),
    )
