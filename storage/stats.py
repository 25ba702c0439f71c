"""/stats and head to head, read from the totals the schema keeps (migration 0004).

All-time and whole-month windows read a few rows per player; any other window counts the
entries in it (by the ``(chat_id, created_at)`` index), as before the totals existed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import aiosqlite

from .database import Database
from .errors import ErrorCode, StorageError
from .people import read_people
from .records import HeadToHead, Player, PlayerStats
from .reports import STANDING
from .rows import fetch_all, fetch_one, player_row, players_by_id, time_text
from .totals import Totals, month_of, player_totals

SEATED = "? IN (e.seat_e, e.seat_s, e.seat_w, e.seat_n)"
HANDS = "SELECT count(DISTINCT e.session_id || ':' || e.hand_number) FROM entries AS e"


class StatsStore(Database):
    async def stats(
        self, chat_id: int, since: datetime | None = None, until: datetime | None = None
    ) -> list[PlayerStats]:
        """Per-player statistics over [since, until) (a season), best net first.

        A window of whole UTC months reads the monthly totals; a hand whose standing wins
        fall in two months (one win of a 一炮多响 edited a month later) counts in each."""
        bounds = (since, until)
        months = [month_of(bound) if bound is not None else None for bound in bounds]
        whole_months = all(
            bound is None or month is not None for bound, month in zip(bounds, months, strict=True)
        )
        async with self._read() as conn:
            players = await players_by_id(conn, chat_id)
            people = await read_people(conn, chat_id)
            if whole_months:
                totals = await player_totals(conn, chat_id, months[0], months[1])
            else:
                totals = {p: await _scanned(conn, chat_id, p, since, until) for p in players}
        per_person = people.fold(totals, Totals.plus)  # one row per person, never two
        result = [
            _player_stats(p, per_person.get(p.id, Totals()))
            for p in players.values()
            if people.person(p.id) == p.id
        ]
        result.sort(key=lambda s: (-s.net, -s.wins, s.player.name, s.player.id))
        return result

    async def head_to_head(self, chat_id: int, a: int, b: int) -> HeadToHead:
        """Two people compared over the hands they sat in together (each folded from all
        their records: ``a`` and ``b`` may name any record of either person)."""
        if a == b:
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="head-to-head needs two players")
        async with self._read() as conn:
            record_a = await player_row(conn, chat_id, a)
            record_b = await player_row(conn, chat_id, b)
            people = await read_people(conn, chat_id)
            a, b = people.person(a), people.person(b)
            if a == b:
                raise StorageError(ErrorCode.ALREADY_ONE_PERSON, a=record_a.name, b=record_b.name)
            player_a = await player_row(conn, chat_id, a)
            player_b = await player_row(conn, chat_id, b)
            records = [*people.records(a), *people.records(b)]
            marks = ",".join("?" * len(records))
            rows = await fetch_all(
                conn,
                "SELECT player_id, other_id, hands, wins, dealt_in, won_from, net "
                f"FROM pair_totals WHERE player_id IN ({marks}) AND other_id IN ({marks}) "
                "AND chat_id = ?",
                [*records, *records, chat_id],
            )
        columns = ("hands", "wins", "dealt_in", "won_from", "net")
        pair = {a: dict.fromkeys(columns, 0), b: dict.fromkeys(columns, 0)}
        for row in rows:
            one, other = people.person(row["player_id"]), people.person(row["other_id"])
            if one != other:  # one person's records never sat together (people.py)
                for column in columns:
                    pair[one][column] += row[column]
        of_a, of_b = pair[a], pair[b]
        return HeadToHead(
            a=player_a,
            b=player_b,
            hands_together=of_a["hands"],
            a_wins=of_a["wins"],
            b_wins=of_b["wins"],
            a_dealt_in_to_b=of_a["dealt_in"],
            b_dealt_in_to_a=of_b["dealt_in"],
            a_from_b=of_a["won_from"],
            b_from_a=of_b["won_from"],
            a_net=of_a["net"],
            b_net=of_b["net"],
        )


def _player_stats(player: Player, totals: Totals) -> PlayerStats:
    return PlayerStats(
        player=player,
        hands=totals.hands,
        wins=totals.wins,
        self_draws=totals.self_draws,
        dealt_in=totals.dealt_in,
        biggest_win=totals.biggest_win,
        biggest_win_entry=totals.biggest_entry,
        net=totals.points,
    )


async def _scanned(
    conn: aiosqlite.Connection,
    chat_id: int,
    player: int,
    since: datetime | None,
    until: datetime | None,
) -> Totals:
    """One player's totals counted from the entries of a window that is not whole months."""
    period = "e.chat_id = ?"
    params: list[Any] = [chat_id]
    if since is not None:
        period += " AND e.created_at >= ?"
        params.append(time_text(since))
    if until is not None:
        period += " AND e.created_at < ?"
        params.append(time_text(until))
    hands = await _count(
        conn,
        f"{HANDS} WHERE {period} AND {STANDING} AND e.kind IN ('win', 'draw') AND {SEATED}",
        [*params, player],
    )
    wins = await fetch_one(
        conn,
        f"SELECT count(*) AS wins, coalesce(sum(e.self_draw), 0) AS self_draws "
        f"FROM entries AS e WHERE {period} AND {STANDING} AND e.kind = 'win' AND e.winner = ?",
        [*params, player],
    )
    dealt_in = await _count(
        conn,
        f"{HANDS} WHERE {period} AND {STANDING} AND e.kind = 'win' AND e.discarder = ?",
        [*params, player],
    )
    biggest = await fetch_one(
        conn,
        f"SELECT e.id, p.delta FROM entries AS e JOIN postings AS p "
        f"ON p.entry_id = e.id AND p.player_id = e.winner WHERE {period} "
        f"AND {STANDING} AND e.kind = 'win' AND e.winner = ? ORDER BY p.delta DESC, e.id LIMIT 1",
        [*params, player],
    )
    net = await _count(
        conn,
        f"SELECT coalesce(sum(p.delta), 0) FROM postings AS p JOIN entries AS e "
        f"ON e.id = p.entry_id WHERE {period} AND p.player_id = ?",
        [*params, player],
    )
    assert wins is not None
    return Totals(
        hands=hands,
        wins=wins["wins"],
        self_draws=wins["self_draws"],
        dealt_in=dealt_in,
        points=net,
        biggest_win=biggest["delta"] if biggest else 0,
        biggest_entry=biggest["id"] if biggest else None,
    )


async def _count(conn: aiosqlite.Connection, sql: str, params: list[Any]) -> int:
    row = await fetch_one(conn, sql, params)
    return int(row[0]) if row and row[0] is not None else 0
