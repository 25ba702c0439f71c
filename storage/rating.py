"""A rating from placements (``ledger.rating``; docs/rating.md): after each /settle the
session's players, placed by their points (ties share a place), update one rating per person
and family of rulesets with OpenSkill's Plackett–Luce model.

The ledger keeps which sessions count and for which family (``rating_games``, written once by
the settle); everything else is kept beside it and rebuilt from those and the postings: the
standing ratings (``ratings``) and each game's change (``rating_changes``). The maths is pure
(``rate_game``); storage holds it because the numbers are kept and rebuilt here, and it needs
no Telegram and no scoring (the bot names the family as it settles).

Cost: a settle reads the session's postings and the few players' ratings and writes a few
rows: flat as history grows. A person's records are folded by the identity links as they are
when the game is rated; when the links change (an /iam, a /merge or their undo) the chat's
ratings are replayed once from its games, so they always equal a rebuild.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

import aiosqlite
from openskill.models import PlackettLuce

from .database import Store
from .people import People, read_people
from .rows import fetch_all, fetch_one

# Shown rating: 1500 + SCALE × (μ − 25): the mean skill on a 1500-centred scale (docs/rating.md).
CENTRE: Final = 1500
SCALE: Final = 20
_MODEL: Final = PlackettLuce()
_START_MU: Final = _MODEL.mu
_START_SIGMA: Final = _MODEL.sigma


@dataclass(frozen=True)
class Skill:
    """One person's standing rating: μ, σ and the games it counts."""

    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> int:
        return shown(self.mu)


def shown(mu: float) -> int:
    return round(CENTRE + SCALE * (mu - _START_MU))


NEW: Final = Skill(_START_MU, _START_SIGMA, 0)


def placements(points: Mapping[int, int]) -> dict[int, int]:
    """Each person's place by points, best 1; equal points share the better place (1, 2, 2, 4)."""
    ordered = sorted(points.values(), reverse=True)
    return {person: ordered.index(value) + 1 for person, value in points.items()}


def rate_game(skills: Mapping[int, Skill], places: Mapping[int, int]) -> dict[int, Skill]:
    """The persons' ratings after one game (each a team of one; ties shared): pure and
    deterministic, the same floats in the same order give the same numbers."""
    people = sorted(places)
    before = [skills.get(person, NEW) for person in people]
    teams = [[_MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in before]
    rated = _MODEL.rate(teams, ranks=[float(places[person]) for person in people])
    return {
        person: Skill(team[0].mu, team[0].sigma, skill.games + 1)
        for person, team, skill in zip(people, rated, before, strict=True)
    }


@dataclass(frozen=True)
class RatingRow:
    """A line of the board: ``person`` (a root record), its rating, games and the change
    over the period asked (None: no game in it)."""

    person: int
    shown: int
    games: int
    change: int | None


@dataclass(frozen=True)
class GameChange:
    """What one game did to one person: shown before → after."""

    person: int
    before: int
    after: int


_SAME: Final = "c.chat_id = r.chat_id AND c.family = r.family AND c.person = r.person"


class RatingStore(Store):
    async def board(
        self, chat_id: int, family: str, since: str | None, until: str | None
    ) -> list[RatingRow]:
        """The chat's ratings in ``family``, best first, with each person's change over
        [since, until) (ISO times; None: open)."""
        async with self._read() as conn:
            stale = await _stale(conn, chat_id)
        if stale:  # a change of the links replays the chat once, here or at the next settle
            async with self._write() as conn:
                if await _stale(conn, chat_id):
                    await _replay_chat(conn, chat_id, await read_people(conn, chat_id))
        async with self._read() as conn:
            # Per person, by index seeks (flat however long the history or the period): the
            # shown rating before their first game in the period and after their last one.
            rows = await fetch_all(
                conn,
                "SELECT r.person, r.mu, r.games,"
                " (SELECT c.before FROM rating_changes AS c WHERE " + _SAME + " AND"
                " c.created_at >= ?3 AND c.created_at < ?4 ORDER BY c.created_at, c.rowid"
                " LIMIT 1) AS first,"
                " (SELECT c.after FROM rating_changes AS c WHERE " + _SAME + " AND"
                " c.created_at < ?4 ORDER BY c.created_at DESC, c.rowid DESC LIMIT 1) AS last"
                " FROM ratings AS r WHERE r.chat_id = ?1 AND r.family = ?2",
                [chat_id, family, since or "", until or "~"],
            )
        board = [
            RatingRow(
                row["person"],
                shown(row["mu"]),
                row["games"],
                None if row["first"] is None else row["last"] - row["first"],
            )
            for row in rows
        ]
        return sorted(board, key=lambda row: (-row.shown, -row.games, row.person))

    async def families(self, chat_id: int) -> list[str]:
        """The families the chat has ratings in, the most played first (read from the kept
        ratings: a few rows per person, however long the history)."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT family FROM ratings WHERE chat_id = ? GROUP BY family"
                " ORDER BY sum(games) DESC, family",
                [chat_id],
            )
        return [row["family"] for row in rows]

    async def rebuild(self) -> None:
        """Recompute every kept rating from the rated games and the postings."""
        async with self._write() as conn:
            await conn.execute("DELETE FROM ratings")
            await conn.execute("DELETE FROM rating_changes")
            await conn.execute("DELETE FROM rating_marks")
            for row in await fetch_all(conn, "SELECT DISTINCT chat_id FROM rating_games"):
                await _replay_chat(conn, row["chat_id"], await read_people(conn, row["chat_id"]))


async def rate_session(
    conn: aiosqlite.Connection, chat_id: int, session_id: int, family: str, at: str
) -> list[GameChange]:
    """Rate the session (closing in the caller's transaction: /settle's) for ``family`` and
    keep it; the changes it made, best place first."""
    game = _Game(session_id, family, at)
    await conn.execute(
        "INSERT INTO rating_games (chat_id, session_id, family, created_at) VALUES (?, ?, ?, ?)",
        [chat_id, session_id, family, at],
    )
    people = await read_people(conn, chat_id)
    if await _stale(conn, chat_id):
        await _replay_chat(conn, chat_id, people)
        return await _changes_of(conn, session_id)
    return await _rate_one(conn, chat_id, game, people)


async def _links_mark(conn: aiosqlite.Connection, chat_id: int) -> int:
    row = await fetch_one(
        conn,
        "SELECT coalesce(max(id), 0) AS mark FROM identity_events WHERE chat_id = ?",
        [chat_id],
    )
    return 0 if row is None else int(row["mark"])


async def _stale(conn: aiosqlite.Connection, chat_id: int) -> bool:
    """The chat's identity links changed since its ratings were folded by them."""
    row = await fetch_one(conn, "SELECT mark FROM rating_marks WHERE chat_id = ?", [chat_id])
    kept = 0 if row is None else int(row["mark"])
    return kept != await _links_mark(conn, chat_id)


async def _points(conn: aiosqlite.Connection, session_id: int, people: People) -> dict[int, int]:
    """Each person's points in the session: everyone who sat at one of its hands (0 if no
    points moved their way), folded by the links (one indexed read of the session's rows)."""
    seated = " UNION ALL ".join(
        f"SELECT seat_{seat} AS player_id, 0 AS delta FROM entries"
        f" WHERE session_id = ?1 AND seat_{seat} IS NOT NULL"
        for seat in "eswn"
    )
    rows = await fetch_all(
        conn,
        "SELECT player_id, sum(delta) AS points FROM (SELECT p.player_id, p.delta"
        " FROM postings AS p JOIN entries AS e ON e.id = p.entry_id"
        f" WHERE e.session_id = ?1 UNION ALL {seated}) GROUP BY player_id",
        [session_id],
    )
    return people.fold_sums({row["player_id"]: row["points"] for row in rows})


@dataclass(frozen=True)
class _Game:
    """A rated session: its family and when it was rated (its changes' time)."""

    session_id: int
    family: str
    at: str


async def _rate_one(
    conn: aiosqlite.Connection, chat_id: int, game: _Game, people: People
) -> list[GameChange]:
    session_id, family = game.session_id, game.family
    points = await _points(conn, session_id, people)
    if len(set(points.values())) < 2:  # nobody placed above anybody: nothing to learn
        return []
    persons = sorted(points)
    marks = ",".join("?" * len(persons))
    rows = await fetch_all(
        conn,
        f"SELECT person, mu, sigma, games FROM ratings WHERE chat_id = ? AND family = ?"
        f" AND person IN ({marks})",
        [chat_id, family, *persons],
    )
    skills = {row["person"]: Skill(row["mu"], row["sigma"], row["games"]) for row in rows}
    places = placements(points)
    after = rate_game(skills, places)
    changes = []
    for person in sorted(persons, key=lambda p: (places[p], p)):
        old, new = skills.get(person, NEW), after[person]
        await conn.execute(
            "INSERT INTO ratings (chat_id, family, person, mu, sigma, games)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id, family, person)"
            " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
            [chat_id, family, person, new.mu, new.sigma, new.games],
        )
        await conn.execute(
            "INSERT INTO rating_changes (chat_id, family, session_id, person, before, after,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [chat_id, family, session_id, person, old.shown, new.shown, game.at],
        )
        changes.append(GameChange(person, old.shown, new.shown))
    return changes


async def _replay_chat(conn: aiosqlite.Connection, chat_id: int, people: People) -> None:
    """The chat's kept ratings again from its rated games, in order, folded by today's links."""
    for table in ("ratings", "rating_changes", "rating_marks"):
        await conn.execute(f"DELETE FROM {table} WHERE chat_id = ?", [chat_id])
    games = await fetch_all(
        conn,
        "SELECT session_id, family, created_at FROM rating_games WHERE chat_id = ? ORDER BY id",
        [chat_id],
    )
    for row in games:
        game = _Game(row["session_id"], row["family"], row["created_at"])
        await _rate_one(conn, chat_id, game, people)
    await conn.execute(
        "INSERT INTO rating_marks (chat_id, mark) VALUES (?, ?)",
        [chat_id, await _links_mark(conn, chat_id)],
    )


async def _changes_of(conn: aiosqlite.Connection, session_id: int) -> list[GameChange]:
    rows = await fetch_all(
        conn,
        "SELECT person, before, after FROM rating_changes WHERE session_id = ? ORDER BY rowid",
        [session_id],
    )
    return [GameChange(row["person"], row["before"], row["after"]) for row in rows]
