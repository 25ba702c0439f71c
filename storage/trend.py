"""One person's running balance over a window, for /trend's chart.

A window inside two months reads the hands in it (by the ``(chat_id, created_at)`` index, the
postings found from the entries), sampled to at most ``points`` points, the last exact; a
longer one (a year, all time) reads the monthly totals and draws a point per month. Either
way the cost follows the window's edges, not the ledger's length.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

import aiosqlite

from .database import Database
from .periods import month_key
from .rows import fetch_all, time_text
from .totals import ALL_TIME

TREND_POINTS: Final = 300
_BY_HAND_SPAN: Final = timedelta(days=62)


@dataclass(frozen=True)
class Trend:
    """Running balances: ``steps[i]`` is the hand count (``by_month`` False) or the month
    'YYYY-MM' (True) after which ``balances[i]`` is taken."""

    by_month: bool
    steps: tuple[int | str, ...]
    balances: tuple[int, ...]


class TrendStore(Database):
    async def trend(
        self,
        chat_id: int,
        players: list[int],
        since: datetime | None,
        until: datetime | None,
        points: int = TREND_POINTS,
    ) -> Trend:
        """The running balance of ``players`` (one person's records) over [since, until),
        starting at 0: hand by hand over a short window, month by month over a long one."""
        ids = ",".join(str(int(player)) for player in players) or "NULL"
        short = since is not None and (until or datetime.now(since.tzinfo)) - since <= _BY_HAND_SPAN
        async with self._read() as conn:
            if short:
                return await _by_hand(conn, chat_id, ids, (since, until), max(1, points))
            return await _by_month(conn, chat_id, ids, (since, until))


async def _by_hand(
    conn: aiosqlite.Connection,
    chat_id: int,
    ids: str,
    window: tuple[datetime | None, datetime | None],
    points: int,
) -> Trend:
    since, until = window
    bounds, params = "e.chat_id = ?", [chat_id]
    extra: list[Any] = []
    if since is not None:
        bounds += " AND e.created_at >= ?"
        extra.append(time_text(since))
    if until is not None:
        bounds += " AND e.created_at < ?"
        extra.append(time_text(until))
    rows = await fetch_all(
        conn,
        "SELECT e.id, sum(p.delta) AS moved FROM entries AS e "
        "JOIN postings AS p ON p.entry_id = e.id "
        f"WHERE {bounds} AND p.player_id IN ({ids}) AND e.kind <> 'reversal' "
        "AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id) "
        "GROUP BY e.id ORDER BY e.id",
        [*params, *extra],
    )
    step = max(1, -(-len(rows) // points))
    steps: list[int | str] = []
    balances: list[int] = []
    balance = 0
    for count, row in enumerate(rows, start=1):
        balance += row["moved"]
        if count % step == 0 or count == len(rows):
            steps.append(count)
            balances.append(balance)
    return Trend(False, tuple(steps), tuple(balances))


async def _by_month(
    conn: aiosqlite.Connection,
    chat_id: int,
    ids: str,
    window: tuple[datetime | None, datetime | None],
) -> Trend:
    since, until = window
    first = month_key(since) if since is not None else ""
    last = month_key(until - timedelta(microseconds=1)) if until is not None else "~"
    rows = await fetch_all(
        conn,
        "SELECT period, sum(points) AS moved FROM player_totals "
        f"WHERE chat_id = ? AND player_id IN ({ids}) AND period <> ? "
        "AND period >= ? AND period <= ? GROUP BY period ORDER BY period",
        [chat_id, ALL_TIME, first, last],
    )
    balance = 0
    balances = []
    for row in rows:
        balance += row["moved"]
        balances.append(balance)
    return Trend(True, tuple(row["period"] for row in rows), tuple(balances))
