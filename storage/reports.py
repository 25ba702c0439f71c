"""Reads: single entries, tallies, paged history, a session's running totals.

Balances are always sums of postings; the all-time tally and the history's entry count are
the totals the schema keeps (migration 0004), so they cost the same at any ledger length.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

import aiosqlite

from .database import Store
from .errors import ErrorCode, StorageError
from .people import People, read_people
from .records import (
    Entry,
    EntryKind,
    HandSeating,
    HistoryPage,
    PageKey,
    RunningTotals,
    Session,
    Tally,
    TallyRow,
)
from .rows import fetch_all, fetch_one, load_entries, players_by_id, session_row

STANDING = (
    "e.kind <> 'reversal' AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id)"
)
MAX_PAGE: Final = 500
CHART_POINTS: Final = 300


# The entries whose source is one message, or one update (both indexed on sources).
_FROM_SOURCES: Final = (
    "SELECT e.id FROM sources AS s JOIN entries AS e ON e.source_id = s.id "
    "WHERE s.chat_id = ? AND s.{} = ? ORDER BY e.id"
)
_BY_MESSAGE: Final = _FROM_SOURCES.format("message_id")
_BY_UPDATE: Final = _FROM_SOURCES.format("update_id")


@dataclass(frozen=True)
class NumberedEntry:
    """An entry found by the number a user typed; ``old`` when that was its pre-0014 row id."""

    entry: Entry
    old: bool


class ReportStore(Store):
    async def entry(self, chat_id: int, entry_id: int) -> Entry:
        """One entry of this chat with its postings and breakdown."""
        async with self._read() as conn:
            found = await load_entries(conn, chat_id, [entry_id])
        if not found:
            raise StorageError(ErrorCode.UNKNOWN_ENTRY, entry_id=entry_id)
        return found[0]

    async def entry_by_number(self, chat_id: int, number: int) -> NumberedEntry | None:
        """The entry a user names #``number``: the chat's entry of that number, else (the chat
        has none) the chat's entry whose row id it is when that row was written before
        entries had numbers (an old message named row ids): ``old`` then. None when neither."""
        async with self._read() as conn:
            row = await fetch_one(
                conn,
                "SELECT coalesce((SELECT id FROM entries WHERE chat_id = ?1 AND number = ?2), "
                "(SELECT e.id FROM entries AS e, numbered_since AS n "
                "WHERE e.id = ?2 AND e.chat_id = ?1 AND e.id <= n.last_entry_id)) AS id, "
                "NOT EXISTS (SELECT 1 FROM entries WHERE chat_id = ?1 AND number = ?2) AS old",
                [chat_id, number],
            )
            if row is None or row["id"] is None:
                return None
            found = await load_entries(conn, chat_id, [row["id"]])
        return NumberedEntry(found[0], bool(row["old"])) if found else None

    async def hand_seating(self, chat_id: int, entry_id: int) -> HandSeating:
        """The seats of the entry's hand and the deal after it, as written with the entry."""
        async with self._read() as conn:
            row = await fetch_one(
                conn,
                "SELECT seat_e, seat_s, seat_w, seat_n, state_after FROM entries "
                "WHERE chat_id = ? AND id = ?",
                [chat_id, entry_id],
            )
        if row is None:
            raise StorageError(ErrorCode.UNKNOWN_ENTRY, entry_id=entry_id)
        after = json.loads(row["state_after"]) if row["state_after"] else {}
        return HandSeating(
            seats=(row["seat_e"], row["seat_s"], row["seat_w"], row["seat_n"]),
            dealer_after=after.get("dealer"),
            round_wind_after=after.get("round_wind"),
        )

    async def entries_by_message(self, chat_id: int, message_id: int) -> list[Entry]:
        """Every entry recorded from one chat message (reversals included), oldest first."""
        return await self._entries_from_sources(chat_id, _BY_MESSAGE, message_id)

    async def entries_by_update(self, chat_id: int, update_id: int) -> list[Entry]:
        """Every entry one update committed (none: whatever it wrote was rolled back)."""
        return await self._entries_from_sources(chat_id, _BY_UPDATE, update_id)

    async def _entries_from_sources(self, chat_id: int, query: str, key: int) -> list[Entry]:
        async with self._read() as conn:
            rows = await fetch_all(conn, query, [chat_id, key])
            return await load_entries(conn, chat_id, [row["id"] for row in rows])

    async def last_entry(self, chat_id: int, session_id: int) -> Entry | None:
        """The session's newest entry that is neither reversed nor a reversal."""
        async with self._read() as conn:
            row = await fetch_one(
                conn,
                f"SELECT e.id FROM entries AS e WHERE {IN_SESSION} "
                f"AND {STANDING} ORDER BY e.id DESC LIMIT 1",
                [chat_id, session_id],
            )
            if row is None:
                return None
            return (await load_entries(conn, chat_id, [row["id"]]))[0]

    async def tally(self, chat_id: int, session_id: int | None = None) -> Tally:
        """Balances from postings: of a session, or all-time for the chat (highest first),
        one row per person (records folded: ``storage/people.py``).

        All-time balances are the totals the schema keeps (one row per player)."""
        async with self._read() as conn:
            if session_id is not None:
                await session_row(conn, chat_id, session_id)
            players = await players_by_id(conn, chat_id)
            if session_id is None:
                sql = (
                    "SELECT player_id, points AS balance FROM player_totals "
                    "WHERE chat_id = ? AND period = 'all' AND moves > 0"
                )
                params: list[Any] = [chat_id]
            else:
                sql = (
                    "SELECT p.player_id, sum(p.delta) AS balance FROM postings AS p "
                    "JOIN entries AS e ON e.id = p.entry_id "
                    f"WHERE {IN_SESSION} GROUP BY p.player_id"
                )
                params = [chat_id, session_id]
            rows = await fetch_all(conn, sql, params)
            people = await read_people(conn, chat_id)
        balances = people.fold_sums({row["player_id"]: row["balance"] for row in rows})
        tally_rows = (TallyRow(players[person], amount) for person, amount in balances.items())
        return Tally.ranked(chat_id, session_id, tally_rows)

    async def history(
        self,
        chat_id: int,
        session_id: int | None = None,
        page: int = 1,
        page_size: int = 10,
        kinds: tuple[EntryKind, ...] | None = None,
        *,
        key: PageKey | None = None,
    ) -> HistoryPage:
        """Entries newest first, one page at a time, each with postings and breakdown.

        Page by ``key``: ``PageKey(before=...)`` with the oldest id shown gives the next older
        page, ``PageKey(after=...)`` with the newest id shown the next newer one (``page`` is
        then the number to show).
        Without a key, ``page`` counts from the newest (past the end: the last page), read
        from the nearer end of the index: the first and the last page cost the same at any
        length. The total is the count the schema keeps."""
        if page < 1 or not 1 <= page_size <= MAX_PAGE:
            raise StorageError(
                ErrorCode.INVALID_ARGUMENT, detail=f"page {page} / page size {page_size}"
            )
        if key == PageKey():  # a key naming no entry pages by number
            key = None
        scope, params = _scope(chat_id, session_id)
        if kinds:
            scope += f" AND e.kind IN ({','.join('?' * len(kinds))})"
            params = [*params, *kinds]
        async with self._read() as conn:
            if session_id is not None:
                await session_row(conn, chat_id, session_id)
            total = await _entry_count(conn, chat_id, session_id, kinds)
            if key is None:
                page = min(page, max(1, -(-total // page_size)))
            ids = await fetch_all(conn, *_page_query(scope, params, total, page, page_size, key))
            entries = await load_entries(conn, chat_id, [row["id"] for row in ids])
        return HistoryPage(tuple(entries), page, page_size, total)

    async def running_totals(
        self, chat_id: int, session_id: int, points: int = CHART_POINTS
    ) -> RunningTotals:
        """Each player's balance after every hand of a session (its kongs and every win of a
        一炮多响 together; an undone entry and its reversal left out), in one SQL pass; a
        session of more hands than ``points`` is sampled evenly, its last hand exact."""
        async with self._read() as conn:
            session = await session_row(conn, chat_id, session_id)
            rows = await fetch_all(conn, _RUNNING, [chat_id, session_id, max(1, points)])
            people = await read_people(conn, chat_id)
        return _folded(running_from(session, rows), people)


def running_from(session: Session, rows: list[aiosqlite.Row]) -> RunningTotals:
    """``_RUNNING``'s rows (player, sample point, amount moved up to it since the previous
    point) as balances at every point: seated players first, then others as they appear."""
    total, step = rows[0]["total"], rows[0]["step"]  # one row even for an empty session
    hands = tuple(sorted({min(n, total) for n in range(step, total + step, step)}))
    seated = [player for player in session.seats if player is not None]
    first_seen: dict[int, int] = {}
    moved: dict[int, dict[int, int]] = {}
    for row in rows:
        player = row["player_id"]
        if player is None:  # no money moved in the whole session
            continue
        first_seen[player] = min(first_seen.get(player, row["first_hand"]), row["first_hand"])
        moved.setdefault(player, {})[row["point"]] = row["moved"]
    others = sorted(set(moved) - set(seated), key=lambda player: (first_seen[player], player))
    balances = {}
    for player in [*seated, *others]:
        balance, series = 0, []
        for hand in hands:
            balance += moved.get(player, {}).get(hand, 0)
            series.append(balance)
        balances[player] = tuple(series)
    return RunningTotals(tuple([*seated, *others]), hands, balances)


def _folded(found: RunningTotals, people: People) -> RunningTotals:
    """One line per person: the balances of a person's records added point by point."""
    order = list(dict.fromkeys(people.person(player) for player in found.players))
    balances = people.fold(
        found.balances, lambda a, b: tuple(x + y for x, y in zip(a, b, strict=True))
    )
    return RunningTotals(tuple(order), found.hands, balances)


# Hands numbered in the order they were first recorded; each player's moves per hand summed,
# then per sample point (every ``step``-th hand and the last one). The session's index leads
# (``+e.chat_id`` keeps the planner off the chat's), and the postings are found from it.
# A hand is a hand number, as /stats counts them: an entry written between hands (a penalty
# in points) counts in the hand before it (the first, before any), and one that moves no
# points (a stake, a fee in 元) is no hand at all.
_RUNNING = """
WITH standing AS MATERIALIZED (
    SELECT e.id, e.hand_number
    FROM entries AS e
    WHERE +e.chat_id = ?1 AND e.session_id = ?2 AND e.kind <> 'reversal'
      AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id)
), live AS (
    SELECT s.id, coalesce(s.hand_number, (
        SELECT o.hand_number FROM standing AS o
        WHERE o.hand_number IS NOT NULL AND o.id < s.id ORDER BY o.id DESC LIMIT 1
    ), (SELECT min(o.hand_number) FROM standing AS o), 0) AS hand
    FROM standing AS s
    WHERE s.hand_number IS NOT NULL OR EXISTS (SELECT 1 FROM postings AS p WHERE p.entry_id = s.id)
), hands AS (
    SELECT hand, row_number() OVER (ORDER BY min(id)) AS n FROM live GROUP BY hand
), size AS (
    SELECT count(*) AS total, max(1, (count(*) + ?3 - 1) / ?3) AS step FROM hands
), moves AS (
    SELECT p.player_id, h.n, sum(p.delta) AS moved
    FROM live CROSS JOIN postings AS p ON p.entry_id = live.id JOIN hands AS h USING (hand)
    GROUP BY p.player_id, h.n
)
SELECT m.player_id, min(((m.n - 1) / size.step + 1) * size.step, size.total) AS point,
    sum(m.moved) AS moved, min(m.n) AS first_hand, size.total, size.step
FROM size LEFT JOIN moves AS m GROUP BY m.player_id, point
"""


async def _entry_count(
    conn: aiosqlite.Connection,
    chat_id: int,
    session_id: int | None,
    kinds: tuple[EntryKind, ...] | None,
) -> int:
    sql = "SELECT coalesce(sum(entries), 0) FROM entry_counts WHERE chat_id = ? AND session_id = ?"
    params: list[Any] = [chat_id, session_id or 0]
    if kinds:
        sql += f" AND kind IN ({','.join('?' * len(kinds))})"
        params.extend(kinds)
    row = await fetch_one(conn, sql, params)
    return int(row[0]) if row else 0


def _page_query(
    scope: str,
    params: list[Any],
    total: int,
    page: int,
    size: int,
    key: PageKey | None,
) -> tuple[str, list[Any]]:
    """The ids of one page, newest first, by key or from the nearer end of the index."""
    ids = f"SELECT e.id FROM entries AS e WHERE {scope}"
    if key is not None and key.before is not None:
        return f"{ids} AND e.id < ? ORDER BY e.id DESC LIMIT ?", [*params, key.before, size]
    if key is not None and key.after is not None:
        newer = f"{ids} AND e.id > ? ORDER BY e.id LIMIT ?"
        return f"SELECT id FROM ({newer}) ORDER BY id DESC", [*params, key.after, size]
    newest_to_here = page * size
    oldest_to_here = total - (page - 1) * size
    if newest_to_here <= oldest_to_here:
        run = f"SELECT id FROM ({ids} ORDER BY e.id DESC LIMIT ?) ORDER BY id LIMIT ?"
        return f"SELECT id FROM ({run}) ORDER BY id DESC", [*params, newest_to_here, size]
    run = f"{ids} ORDER BY e.id LIMIT ?"
    return f"SELECT id FROM ({run}) ORDER BY id DESC LIMIT ?", [*params, oldest_to_here, size]


# A session's entries are read on the session's index: ``+e.chat_id`` keeps the planner off
# the chat's, which would walk the whole chat for an old session.
IN_SESSION: Final = "+e.chat_id = ? AND e.session_id = ?"


def _scope(chat_id: int, session_id: int | None) -> tuple[str, list[Any]]:
    if session_id is None:
        return "e.chat_id = ?", [chat_id]
    return IN_SESSION, [chat_id, session_id]
