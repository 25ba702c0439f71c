"""Reads: tallies, paged history, single entries, statistics, head-to-head.

Balances are always sums of postings. Statistics count only standing entries: neither
reversed nor reversals (a reversed win never happened, as far as the record goes).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .database import Database
from .errors import ErrorCode, StorageError
from .records import Entry, EntryKind, HeadToHead, HistoryPage, PlayerStats, Tally, TallyRow
from .rows import (
    fetch_all,
    fetch_one,
    load_entries,
    player_row,
    players_by_id,
    session_row,
    time_text,
)

STANDING = (
    "e.kind <> 'reversal' AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id)"
)
SEATED = "? IN (e.seat_e, e.seat_s, e.seat_w, e.seat_n)"
HANDS = "SELECT count(DISTINCT e.session_id || ':' || e.hand_number) FROM entries AS e"


class ReportStore(Database):
    async def entry(self, chat_id: int, entry_id: int) -> Entry:
        """One entry of this chat with its postings and breakdown."""
        async with self._read() as conn:
            found = await load_entries(conn, chat_id, [entry_id])
        if not found:
            raise StorageError(ErrorCode.UNKNOWN_ENTRY, entry_id=entry_id)
        return found[0]

    async def entries_by_message(self, chat_id: int, message_id: int) -> list[Entry]:
        """Every entry recorded from one chat message (reversals included), oldest first."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT e.id FROM sources AS s JOIN entries AS e ON e.source_id = s.id "
                "WHERE s.chat_id = ? AND s.message_id = ? ORDER BY e.id",
                [chat_id, message_id],
            )
            return await load_entries(conn, chat_id, [row["id"] for row in rows])

    async def last_entry(self, chat_id: int, session_id: int) -> Entry | None:
        """The session's newest entry that is neither reversed nor a reversal."""
        async with self._read() as conn:
            row = await fetch_one(
                conn,
                f"SELECT e.id FROM entries AS e WHERE e.chat_id = ? AND e.session_id = ? "
                f"AND {STANDING} ORDER BY e.id DESC LIMIT 1",
                [chat_id, session_id],
            )
            if row is None:
                return None
            return (await load_entries(conn, chat_id, [row["id"]]))[0]

    async def tally(self, chat_id: int, session_id: int | None = None) -> Tally:
        """Balances from postings: of a session, or all-time for the chat (highest first)."""
        scope, params = _scope(chat_id, session_id)
        async with self._read() as conn:
            if session_id is not None:
                await session_row(conn, chat_id, session_id)
            players = await players_by_id(conn, chat_id)
            rows = await fetch_all(
                conn,
                f"SELECT p.player_id, sum(p.delta) AS balance FROM postings AS p "
                f"JOIN entries AS e ON e.id = p.entry_id WHERE {scope} GROUP BY p.player_id",
                params,
            )
        tally_rows = (TallyRow(players[row["player_id"]], row["balance"]) for row in rows)
        return Tally.ranked(chat_id, session_id, tally_rows)

    async def history(
        self,
        chat_id: int,
        session_id: int | None = None,
        page: int = 1,
        page_size: int = 10,
        kinds: tuple[EntryKind, ...] | None = None,
    ) -> HistoryPage:
        """Entries newest first, one page at a time, each with postings and breakdown."""
        if page < 1 or not 1 <= page_size <= 500:
            raise StorageError(
                ErrorCode.INVALID_ARGUMENT, detail=f"page {page} / page size {page_size}"
            )
        scope, params = _scope(chat_id, session_id)
        if kinds:
            scope += f" AND e.kind IN ({','.join('?' * len(kinds))})"
            params = [*params, *kinds]
        async with self._read() as conn:
            if session_id is not None:
                await session_row(conn, chat_id, session_id)
            total_row = await fetch_one(
                conn, f"SELECT count(*) FROM entries AS e WHERE {scope}", params
            )
            rows = await fetch_all(
                conn,
                f"SELECT e.id FROM entries AS e WHERE {scope} ORDER BY e.id DESC LIMIT ? OFFSET ?",
                [*params, page_size, (page - 1) * page_size],
            )
            entries = await load_entries(conn, chat_id, [row["id"] for row in rows])
        total = int(total_row[0]) if total_row else 0
        return HistoryPage(tuple(entries), page, page_size, total)

    async def stats(
        self, chat_id: int, since: datetime | None = None, until: datetime | None = None
    ) -> list[PlayerStats]:
        """Per-player statistics over [since, until) (a season), best net first."""
        period = "e.chat_id = ?"
        params: list[Any] = [chat_id]
        if since is not None:
            period += " AND e.created_at >= ?"
            params.append(time_text(since))
        if until is not None:
            period += " AND e.created_at < ?"
            params.append(time_text(until))
        async with self._read() as conn:
            players = await players_by_id(conn, chat_id)
            result = []
            for player in players.values():
                hands = await _count(
                    conn,
                    f"{HANDS} WHERE {period} AND {STANDING} "
                    f"AND e.kind IN ('win', 'draw') AND {SEATED}",
                    [*params, player.id],
                )
                wins = await fetch_one(
                    conn,
                    f"SELECT count(*) AS wins, coalesce(sum(e.self_draw), 0) AS self_draws "
                    f"FROM entries AS e WHERE {period} AND {STANDING} AND e.kind = 'win' "
                    f"AND e.winner = ?",
                    [*params, player.id],
                )
                dealt_in = await _count(
                    conn,
                    f"{HANDS} WHERE {period} AND {STANDING} AND e.kind = 'win' AND e.discarder = ?",
                    [*params, player.id],
                )
                biggest = await fetch_one(
                    conn,
                    f"SELECT e.id, p.delta FROM entries AS e JOIN postings AS p "
                    f"ON p.entry_id = e.id AND p.player_id = e.winner WHERE {period} "
                    f"AND {STANDING} AND e.kind = 'win' AND e.winner = ? "
                    f"ORDER BY p.delta DESC, e.id LIMIT 1",
                    [*params, player.id],
                )
                net = await _count(
                    conn,
                    f"SELECT coalesce(sum(p.delta), 0) FROM postings AS p JOIN entries AS e "
                    f"ON e.id = p.entry_id WHERE {period} AND p.player_id = ?",
                    [*params, player.id],
                )
                assert wins is not None
                result.append(
                    PlayerStats(
                        player=player,
                        hands=hands,
                        wins=wins["wins"],
                        self_draws=wins["self_draws"],
                        dealt_in=dealt_in,
                        biggest_win=biggest["delta"] if biggest else 0,
                        biggest_win_entry=biggest["id"] if biggest else None,
                        net=net,
                    )
                )
        result.sort(key=lambda s: (-s.net, -s.wins, s.player.name, s.player.id))
        return result

    async def head_to_head(self, chat_id: int, a: int, b: int) -> HeadToHead:
        """Two players compared over the hands they sat in together."""
        if a == b:
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="head-to-head needs two players")
        # ?1 and ?2 are the two players, ?3 the chat, ?4 and ?5 what a query adds.
        together = (
            f"e.chat_id = ?3 AND {STANDING} AND {SEATED.replace('?', '?1')} "
            f"AND {SEATED.replace('?', '?2')}"
        )
        async with self._read() as conn:
            player_a = await player_row(conn, chat_id, a)
            player_b = await player_row(conn, chat_id, b)

            async def count(sql: str, *extra: int) -> int:
                return await _count(conn, sql, [a, b, chat_id, *extra])

            hands = await count(f"{HANDS} WHERE {together} AND e.kind IN ('win', 'draw')")
            wins = f"SELECT count(*) FROM entries AS e WHERE {together} AND e.kind = 'win'"
            paid = (
                f"SELECT coalesce(-sum(p.delta), 0) FROM entries AS e JOIN postings AS p "
                f"ON p.entry_id = e.id WHERE {together} AND e.kind = 'win' "
                f"AND e.winner = ?4 AND p.player_id = ?5"
            )
            net = (
                f"SELECT coalesce(sum(p.delta), 0) FROM entries AS e JOIN postings AS p "
                f"ON p.entry_id = e.id WHERE {together} AND p.player_id = ?4"
            )
            return HeadToHead(
                a=player_a,
                b=player_b,
                hands_together=hands,
                a_wins=await count(wins + " AND e.winner = ?1"),
                b_wins=await count(wins + " AND e.winner = ?2"),
                a_dealt_in_to_b=await count(wins + " AND e.winner = ?2 AND e.discarder = ?1"),
                b_dealt_in_to_a=await count(wins + " AND e.winner = ?1 AND e.discarder = ?2"),
                a_from_b=await count(paid, a, b),
                b_from_a=await count(paid, b, a),
                a_net=await count(net, a),
                b_net=await count(net, b),
            )


def _scope(chat_id: int, session_id: int | None) -> tuple[str, list[Any]]:
    if session_id is None:
        return "e.chat_id = ?", [chat_id]
    return "e.chat_id = ? AND e.session_id = ?", [chat_id, session_id]


async def _count(conn: Any, sql: str, params: list[Any]) -> int:
    row = await fetch_one(conn, sql, params)
    return int(row[0]) if row and row[0] is not None else 0
