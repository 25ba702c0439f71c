"""One person's running balance over a window, for /trend's chart.

A window of up to two months reads the entries in it (by the ``(chat_id, created_at)``
index, the postings found from the entries), sampled to at most ``points`` points, the last
exact; a longer one (a year, all time) reads the monthly totals and draws a point per month,
counting a month the window cuts from its entries. Either way the last point is the window's
net and the cost follows the window's edges, not the ledger's length.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

import aiosqlite

from .database import Store
from .periods import counted_between, entries_in, month_key, whole_months
from .rows import fetch_all
from .totals import kept_months

TREND_POINTS: Final = 300
_BY_HAND_SPAN: Final = timedelta(days=62)


@dataclass(frozen=True)
class Trend:
    """Running balances: ``steps[i]`` is the hand count (``by_month`` False) or the month
    'YYYY-MM' (True) after which ``balances[i]`` is taken."""

    by_month: bool
    steps: tuple[int | str, ...]
    balances: tuple[int, ...]


class TrendStore(Store):
    async def balance(
        self,
        chat_id: int,
        players: list[int],
        since: datetime | None,
        until: datetime | None,
        points: int = TREND_POINTS,
        ruleset: str | None = None,
    ) -> Trend:
        """The running balance of ``players`` (one person's records) over [since, until),
        starting at 0: hand by hand over a short window, month by month over a long one; of
        one ``ruleset``'s sessions when given (a balance never adds two rulesets' points)."""
        ids = ",".join(str(int(player)) for player in players) or "NULL"
        short = since is not None and (until or datetime.now(since.tzinfo)) - since <= _BY_HAND_SPAN
        async with self._read() as conn:
            if short:
                return await _by_hand(conn, chat_id, ids, (since, until), max(1, points), ruleset)
            return await _by_month(conn, chat_id, ids, (since, until), ruleset)


async def _by_hand(
    conn: aiosqlite.Connection,
    chat_id: int,
    ids: str,
    window: tuple[datetime | None, datetime | None],
    points: int,
    ruleset: str | None,
) -> Trend:
    """Every hand in the window that moved the players' points (its kongs and wins together;
    an entry of no hand alone), in order; an entry undone and its reversal both inside the
    window are left out (they cancel), either alone counts as /stats counts it, so the last
    balance is the window's net."""
    since, until = window
    where, params = entries_in(chat_id, since, until, ruleset)
    inside = where.replace("e.", "x.")  # the same window, for the undo or the undone
    rows = await fetch_all(
        conn,
        "SELECT min(e.id) AS first, sum(p.delta) AS moved FROM entries AS e "
        f"JOIN postings AS p ON p.entry_id = e.id WHERE {where} AND p.player_id IN ({ids}) "
        "AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = e.id AND "
        f"{inside}) AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.id = e.reverses AND "
        f"{inside}) GROUP BY coalesce(e.session_id || ':' || e.hand_number, 'e' || e.id) "
        "ORDER BY first",
        [*params, *params, *params],
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
    ruleset: str | None,
) -> Trend:
    """A point per month: the whole months from the totals, a month cut by the window's
    start or end counted from its entries (as /stats adds them up), so the last balance is
    the window's net."""
    since, until = window
    months = whole_months(since, until)
    first, last = months if months is not None else (since, since)
    moved: dict[str, int] = {}
    if first is None or last is None or first < last:
        kept, params = kept_months(
            month_key(first) if first else "", month_key(last) if last else "~", ruleset
        )
        rows = await fetch_all(
            conn,
            "SELECT substr(period, -7) AS month, sum(points) AS moved FROM player_totals "
            f"WHERE chat_id = ? AND player_id IN ({ids}) AND {kept} GROUP BY period",
            [chat_id, *params],
        )
        moved.update((row["month"], row["moved"]) for row in rows)
    players = {int(player) for player in ids.split(",") if player != "NULL"}
    for start, end in ((since, first), (last, until)):
        if start is not None and end is not None and start < end:
            counted = await counted_between(conn, chat_id, start, end, ruleset)
            points = sum(counted[p].points for p in players if p in counted)
            key = month_key(start)
            moved[key] = moved.get(key, 0) + points
    balance = 0
    balances = []
    for key in sorted(moved):
        balance += moved[key]
        balances.append(balance)
    return Trend(True, tuple(sorted(moved)), tuple(balances))
