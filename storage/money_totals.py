"""Each person's money over a window of time: what /settle charged them, summed over the
sessions' entries inside it (``storage/sql/money.sql`` keeps it per account and month).

A window [since, until) reads its whole months from ``money_totals`` and counts its ragged
ends (at most a month on each side) from the entries by the ``(chat_id, created_at)`` index,
as ``storage.periods`` reads the points: the cost follows the window's edges, not the history.
Money is summed exactly, in 1/100 fen (a point times a stake), and rounded to fen once, over
the window (``in_fen``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

import aiosqlite

from .money import priced
from .periods import WindowReading, entries_in, read_window
from .rows import fetch_all
from .totals import kept_months

_STANDING = "NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = {}.id)"
_SESSION_STAKE = (
    "(SELECT x.stake FROM stake_entries AS x WHERE x.session_id = e.session_id "
    f"AND {_STANDING.format('x')} ORDER BY x.id DESC LIMIT 1)"
)


@dataclass(frozen=True)
class WindowMoney:
    """Money per account (players, and ``TABLE`` for fees) in 1/100 fen, exact, summing to 0;
    ``priced``: how many priced postings and money lines it comes from (0: none)."""

    exact: dict[int, int] = field(default_factory=dict)
    priced: int = 0

    def plus(self, other: WindowMoney) -> WindowMoney:
        exact = dict(self.exact)
        for account, money in other.exact.items():
            exact[account] = exact.get(account, 0) + money
        return WindowMoney(exact, self.priced + other.priced)


def _read(rows: list[aiosqlite.Row]) -> WindowMoney:
    return WindowMoney(
        {row["account"]: row["money"] for row in rows}, sum(row["priced"] for row in rows)
    )


async def kept_money(
    conn: aiosqlite.Connection, chat_id: int, since: str | None, until: str | None
) -> WindowMoney:
    """All-time (no bounds), else the months in [since, until) ('YYYY-MM', either None)."""
    sql, params = kept_months(since, until)
    return _read(
        await fetch_all(
            conn,
            "SELECT account, sum(money) AS money, sum(priced) AS priced FROM money_totals "
            f"WHERE chat_id = ? AND {sql} GROUP BY account",
            [chat_id, *params],
        )
    )


async def counted_money(
    conn: aiosqlite.Connection, chat_id: int, since: datetime | None, until: datetime | None
) -> WindowMoney:
    """The money of the entries in [since, until), counted from them: each posting at its
    session's standing stake, each standing money line."""
    window, params = entries_in(chat_id, since, until)
    return _read(
        await fetch_all(
            conn,
            "SELECT account, sum(money) AS money, sum(priced) AS priced FROM ("
            "SELECT p.player_id AS account, p.delta * s.stake AS money, 1 AS priced FROM ("
            f"SELECT e.id, {_SESSION_STAKE} AS stake FROM entries AS e "
            f"WHERE {window} AND e.session_id IS NOT NULL) AS s "
            "JOIN postings AS p ON p.entry_id = s.id WHERE s.stake IS NOT NULL "
            "UNION ALL SELECT e.account, 100 * e.fen, 1 FROM money_lines AS e "
            f"WHERE {window} AND {_STANDING.format('e')}"
            ") GROUP BY account",
            [*params, *params],
        )
    )


async def money_between(
    conn: aiosqlite.Connection, chat_id: int, since: datetime | None, until: datetime | None
) -> WindowMoney:
    """The money of [since, until) (either open), read as /stats reads points."""
    return await read_window(
        conn, chat_id, since, until, WindowReading(kept_money, counted_money, WindowMoney.plus)
    )


def in_fen(exact: Mapping[int, int]) -> dict[int, int]:
    """Exact amounts (1/100 fen, summing to 0) as whole fen summing to 0, rounded as /settle
    rounds a stake finer than a fen (``money.priced``: largest remainder, equal fractions to
    the higher balance first)."""
    ordered = dict(sorted(exact.items(), key=lambda item: (-item[1], item[0])))
    return priced(ordered, 1)
