"""/stats, /top and head to head, read from the totals the schema keeps (migration 0004,
months at UTC+8 since 0006).

All-time reads a row per player; a window reads its whole months from the totals and counts
the entries of its ragged ends by the ``(chat_id, created_at)`` index (``storage.periods``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import aiosqlite

from .database import Store
from .errors import ErrorCode, StorageError
from .money import TABLE
from .money_totals import in_fen, money_between
from .people import People, read_people
from .periods import totals_between
from .records import HeadToHead, Player, PlayerStats
from .rows import fetch_all, player_row, players_by_id
from .totals import Totals, player_totals, rulesets_played


@dataclass(frozen=True)
class Board:
    """One ruleset's players over a window, best net first: points of one ruleset only."""

    ruleset: str
    players: list[PlayerStats]


class StatsStore(Store):
    async def players(
        self,
        chat_id: int,
        since: datetime | None = None,
        until: datetime | None = None,
        ruleset: str | None = None,
    ) -> list[PlayerStats]:
        """Per-player statistics over [since, until) (a period or a season), best net first:
        the one place per-player figures are added up (see ``periods.totals_between``); of
        one ``ruleset``'s sessions when given, else across all (what ``boards`` never does)."""
        async with self._read() as conn:
            players = await players_by_id(conn, chat_id)
            people = await read_people(conn, chat_id)
            totals = await _window_totals(conn, chat_id, since, until, ruleset)
        return _ranked(players, people, totals)

    async def boards(
        self, chat_id: int, since: datetime | None = None, until: datetime | None = None
    ) -> list[Board]:
        """One board per ruleset played in [since, until) (by the ruleset's name), each
        person's records folded into one row: points of two rulesets are never added up."""
        async with self._read() as conn:
            players = await players_by_id(conn, chat_id)
            people = await read_people(conn, chat_id)
            found = []
            for ruleset in await rulesets_played(conn, chat_id):
                totals = await _window_totals(conn, chat_id, since, until, ruleset)
                if any(t.hands or t.points or t.wins for t in totals.values()):
                    found.append(Board(ruleset, _ranked(players, people, totals)))
        return found

    async def money(
        self, chat_id: int, since: datetime | None = None, until: datetime | None = None
    ) -> dict[int, int] | None:
        """Fen per person over [since, until): each session's points at its stake plus its
        fees, penalties and payments in 元, as /settle charged them, for the entries inside
        the window (``storage/money_totals.py``); None when nothing in it was worth money (no
        session with a stake, no money line). The table fee's account is left out."""
        async with self._read() as conn:
            found = await money_between(conn, chat_id, since, until)
            people = await read_people(conn, chat_id)
        if not found.priced:
            return None
        fen = in_fen(people.fold_sums(found.exact))
        return {person: amount for person, amount in fen.items() if person != TABLE}

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


async def _window_totals(
    conn: aiosqlite.Connection,
    chat_id: int,
    since: datetime | None,
    until: datetime | None,
    ruleset: str | None,
) -> dict[int, Totals]:
    if since is None and until is None:
        return await player_totals(conn, chat_id, None, None, ruleset)
    return await totals_between(conn, chat_id, since, until, ruleset)


def _ranked(
    players: dict[int, Player], people: People, totals: dict[int, Totals]
) -> list[PlayerStats]:
    """One row per person (their records folded, never two), best net first."""
    per_person = people.fold(totals, Totals.plus)
    result = [
        _player_stats(p, per_person.get(p.id, Totals()))
        for p in players.values()
        if people.person(p.id) == p.id
    ]
    result.sort(key=lambda s: (-s.net, -s.wins, s.player.name, s.player.id))
    return result


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
