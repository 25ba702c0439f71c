"""Windows of time in the players' clock, and the per-player totals over one.

The group lives in China: its months and weeks are China Standard Time (UTC+8, no daylight
saving since 1991, so Asia/Shanghai is a fixed offset), the same offset migration 0006 keys
the monthly totals with. A window [since, until) reads the whole months inside it from
``player_totals`` and counts the entries of its ragged ends (at most a month on each side) by
the ``(chat_id, created_at)`` index: the cost follows the window's edges, not the history.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any, Final, Generic, TypeVar

import aiosqlite

from .rows import fetch_all, time_text
from .totals import Totals, player_totals

T = TypeVar("T")

CHINA: Final = timezone(timedelta(hours=8), "Asia/Shanghai")
_STANDING_HAND = (
    "e.kind IN ('win', 'draw') AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id)"
)
_HAND_KEY = "e.session_id || ':' || e.hand_number"


def local(moment: datetime) -> datetime:
    """``moment`` on the players' clock (naive datetimes are taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(CHINA)


def month_key(moment: datetime) -> str:
    """'YYYY-MM': the players' month of ``moment`` (the totals' period key)."""
    at = local(moment)
    return f"{at.year:04d}-{at.month:02d}"


def month_start(year: int, month: int) -> datetime:
    """The first instant of a month on the players' clock (months past 12 roll over)."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return datetime(year, month, 1, tzinfo=CHINA)


def whole_months(
    since: datetime | None, until: datetime | None
) -> tuple[datetime | None, datetime | None] | None:
    """The whole months inside [since, until) as their bounds, None when none fits."""
    first = last = None
    if since is not None:
        at = local(since)
        first = month_start(at.year, at.month)
        if first < since:
            first = month_start(at.year, at.month + 1)
    if until is not None:
        at = local(until)
        last = month_start(at.year, at.month)
    if first is not None and last is not None and first >= last:
        return None
    return first, last


async def totals_between(
    conn: aiosqlite.Connection,
    chat_id: int,
    since: datetime | None,
    until: datetime | None,
    ruleset: str | None = None,
) -> dict[int, Totals]:
    """Each player's totals over [since, until) (either open), of one ``ruleset``'s sessions
    when given. A hand whose standing entries fall on both sides of a month's edge (one win
    of a 一炮多响 edited later) counts on each."""

    async def kept(
        conn: aiosqlite.Connection, chat_id: int, since: str | None, until: str | None
    ) -> dict[int, Totals]:
        return await player_totals(conn, chat_id, since, until, ruleset)

    async def counted(
        conn: aiosqlite.Connection, chat_id: int, since: datetime | None, until: datetime | None
    ) -> dict[int, Totals]:
        return await counted_between(conn, chat_id, since, until, ruleset)

    return await read_window(conn, chat_id, since, until, WindowReading(kept, counted, combined))


@dataclass(frozen=True)
class WindowReading(Generic[T]):
    """How one kind of figure is read over a window: the kept months, the counted ends, and
    how two readings add up."""

    kept: Callable[[aiosqlite.Connection, int, str | None, str | None], Awaitable[T]]
    counted: Callable[[aiosqlite.Connection, int, datetime | None, datetime | None], Awaitable[T]]
    plus: Callable[[T, T], T]


async def read_window(
    conn: aiosqlite.Connection,
    chat_id: int,
    since: datetime | None,
    until: datetime | None,
    reading: WindowReading[T],
) -> T:
    """[since, until) (either open): the whole months from the kept totals, the ragged ends
    counted from the entries, so the cost follows the window's ends, not the history."""
    months = whole_months(since, until)
    if months is None:
        return await reading.counted(conn, chat_id, since, until)
    first, last = months
    found = await reading.kept(
        conn,
        chat_id,
        month_key(first) if first is not None else None,
        month_key(last) if last is not None else None,
    )
    if since is not None and first is not None and since < first:
        found = reading.plus(found, await reading.counted(conn, chat_id, since, first))
    if until is not None and last is not None and last < until:
        found = reading.plus(found, await reading.counted(conn, chat_id, last, until))
    return found


def combined(a: dict[int, Totals], b: dict[int, Totals]) -> dict[int, Totals]:
    """Two disjoint windows' totals as one: counts added, the bigger biggest win kept (the
    earlier entry of equals)."""
    out = dict(a)
    for player, more in b.items():
        have = out.get(player)
        out[player] = more if have is None else have.plus(more)
    return out


async def counted_between(
    conn: aiosqlite.Connection,
    chat_id: int,
    since: datetime | None,
    until: datetime | None,
    ruleset: str | None = None,
) -> dict[int, Totals]:
    """Every player's totals counted from the entries in [since, until) (of one ``ruleset``'s
    sessions when given), one grouped query per figure, each reading the window by the
    ``(chat_id, created_at)`` index."""
    window, params = entries_in(chat_id, since, until, ruleset)
    found: dict[int, Totals] = {}

    def add(rows: list[aiosqlite.Row], **fields: str) -> None:
        for row in rows:
            have = found.get(row["player"], Totals())
            found[row["player"]] = replace(have, **{k: row[v] for k, v in fields.items()})

    add(
        await fetch_all(
            conn,
            f"SELECT j.value AS player, count(DISTINCT {_HAND_KEY}) AS hands FROM entries AS e, "
            "json_each(json_array(e.seat_e, e.seat_s, e.seat_w, e.seat_n)) AS j "
            f"WHERE {window} AND {_STANDING_HAND} AND j.type = 'integer' GROUP BY j.value",
            params,
        ),
        hands="hands",
    )
    add(
        await fetch_all(
            conn,
            "SELECT e.winner AS player, count(*) AS wins, coalesce(sum(e.self_draw), 0) AS self "
            f"FROM entries AS e WHERE {window} AND {_STANDING_HAND} AND e.kind = 'win' "
            "GROUP BY e.winner",
            params,
        ),
        wins="wins",
        self_draws="self",
    )
    add(
        await fetch_all(
            conn,
            f"SELECT e.discarder AS player, count(DISTINCT {_HAND_KEY}) AS dealt FROM entries AS e "
            f"WHERE {window} AND {_STANDING_HAND} AND e.kind = 'win' AND e.discarder IS NOT NULL "
            "GROUP BY e.discarder",
            params,
        ),
        dealt_in="dealt",
    )
    add(
        await fetch_all(
            conn,
            "SELECT player, delta, id FROM (SELECT e.winner AS player, p.delta, e.id, "
            "row_number() OVER (PARTITION BY e.winner ORDER BY p.delta DESC, e.id) AS rank "
            "FROM entries AS e JOIN postings AS p ON p.entry_id = e.id AND p.player_id = e.winner "
            f"WHERE {window} AND {_STANDING_HAND} AND e.kind = 'win') WHERE rank = 1",
            params,
        ),
        biggest_win="delta",
        biggest_entry="id",
    )
    add(
        await fetch_all(
            conn,
            "SELECT p.player_id AS player, sum(p.delta) AS points FROM entries AS e "
            f"JOIN postings AS p ON p.entry_id = e.id WHERE {window} GROUP BY p.player_id",
            params,
        ),
        points="points",
    )
    return found


def entries_in(
    chat_id: int, since: datetime | None, until: datetime | None, ruleset: str | None = None
) -> tuple[str, list[Any]]:
    """The condition on ``entries AS e`` for a chat's entries in [since, until) (either open;
    of one ``ruleset``'s sessions when given, each entry's session read by its key), and its
    parameters: what the ``(chat_id, created_at)`` index reads."""
    where = "e.chat_id = ?"
    params: list[Any] = [chat_id]
    if ruleset is not None:
        where += " AND (SELECT s.ruleset FROM sessions AS s WHERE s.id = e.session_id) = ?"
        params.append(ruleset)
    if since is not None:
        where += " AND e.created_at >= ?"
        params.append(time_text(since))
    if until is not None:
        where += " AND e.created_at < ?"
        params.append(time_text(until))
    return where, params
