"""The totals (``storage/sql/totals.sql``: per player and month, per pair, entry counts), read flat.

The schema's ``entries_totals`` trigger keeps them as entries are written; ``REBUILD_STATEMENTS``
are the part of that file after its "rebuild" mark, which recomputes them from the postings,
followed by the same part of ``storage/sql/money.sql`` (the money kept per month, migration 0009).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Final

import aiosqlite

from .database import Store, shared_sql
from .rows import fetch_all

ALL_TIME: Final = "all"
_REBUILD_MARK: Final = "-- rebuild:"


def _rebuild_statements(name: str) -> tuple[str, ...]:
    statements, pending = [], ""
    for line in shared_sql(name).split(_REBUILD_MARK, 1)[1].splitlines()[1:]:
        pending += line + "\n"
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    return tuple(statements)


# One by one: executescript would commit the caller's transaction first.
REBUILD_STATEMENTS: Final = (
    *_rebuild_statements("totals.sql"),
    *_rebuild_statements("money.sql"),
    *_rebuild_statements("debts.sql"),
)


@dataclass(frozen=True)
class Totals:
    """One player's totals over some periods (see ``storage/sql/totals.sql``)."""

    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    dealt_in: int = 0
    points: int = 0
    biggest_win: int = 0
    biggest_entry: int | None = None

    def plus(self, other: Totals) -> Totals:
        """Both added up: counts summed, the bigger of the two biggest wins (the earlier
        entry of equals). Months of one player, or records of one person (``People.fold``)."""
        bigger = other.biggest_entry is not None and (
            self.biggest_entry is None
            or (other.biggest_win, -other.biggest_entry) > (self.biggest_win, -self.biggest_entry)
        )
        return Totals(
            hands=self.hands + other.hands,
            wins=self.wins + other.wins,
            self_draws=self.self_draws + other.self_draws,
            dealt_in=self.dealt_in + other.dealt_in,
            points=self.points + other.points,
            biggest_win=other.biggest_win if bigger else self.biggest_win,
            biggest_entry=other.biggest_entry if bigger else self.biggest_entry,
        )


async def player_totals(
    conn: aiosqlite.Connection,
    chat_id: int,
    since: str | None,
    until: str | None,
    ruleset: str | None = None,
) -> dict[int, Totals]:
    """Each player record's totals all-time (no bounds), else summed over the months in
    [since, until) ('YYYY-MM' each, either may be None): a few rows per player; with a
    ``ruleset``, that ruleset's sessions only. Per record:
    ``People.fold(found, Totals.plus)`` makes them per person (``storage/people.py``)."""
    sql, params = kept_months(since, until, ruleset)
    rows = await fetch_all(
        conn,
        "SELECT player_id, hands, wins, self_draws, dealt_in, points, biggest_win, biggest_entry "
        f"FROM player_totals WHERE chat_id = ? AND {sql}",
        [chat_id, *params],
    )
    found: dict[int, Totals] = {}
    for row in rows:
        have = found.get(row["player_id"], Totals())
        bigger = row["biggest_entry"] is not None and (
            have.biggest_entry is None
            or (row["biggest_win"], -row["biggest_entry"]) > (have.biggest_win, -have.biggest_entry)
        )
        found[row["player_id"]] = Totals(
            hands=have.hands + row["hands"],
            wins=have.wins + row["wins"],
            self_draws=have.self_draws + row["self_draws"],
            dealt_in=have.dealt_in + row["dealt_in"],
            points=have.points + row["points"],
            biggest_win=row["biggest_win"] if bigger else have.biggest_win,
            biggest_entry=row["biggest_entry"] if bigger else have.biggest_entry,
        )
    return found


class TotalsStore(Store):
    async def rebuild(self) -> None:
        """Recompute every total, points and money, from the entries and postings (one write
        transaction)."""
        async with self._write() as conn:
            for statement in REBUILD_STATEMENTS:
                await conn.execute(statement)


def kept_months(
    since: str | None, until: str | None, ruleset: str | None = None
) -> tuple[str, list[str]]:
    """The kept rows' ``period`` condition: the all-time row (no bounds), else the months in
    [since, until) ('YYYY-MM', either None); across every ruleset, or one ``ruleset``'s rows
    ('~' ruleset '|…', ``storage/sql/totals.sql``)."""
    prefix = "" if ruleset is None else ruleset_prefix(ruleset)
    if since is None and until is None:
        return "period = ?", [prefix + ALL_TIME]
    return "period <> ? AND period >= ? AND period < ?", [
        prefix + ALL_TIME,
        prefix + (since or ""),
        prefix + (until or "~"),
    ]


def ruleset_prefix(ruleset: str) -> str:
    """What one ruleset's kept periods start with: '~' ruleset '|' (then 'all' or a month)."""
    return f"~{ruleset}|"


async def rulesets_played(conn: aiosqlite.Connection, chat_id: int) -> list[str]:
    """The rulesets of the chat's kept totals (a row per player and ruleset), by name."""
    rows = await fetch_all(
        conn,
        "SELECT DISTINCT substr(period, 2, length(period) - 5) AS ruleset FROM player_totals "
        "WHERE chat_id = ? AND period >= '~' AND period LIKE '%|all' ORDER BY 1",
        [chat_id],
    )
    return [row["ruleset"] for row in rows]
