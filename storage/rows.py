"""Row-to-record conversion and the shared lookups every part of the ledger uses.

All lookups take the chat id and filter on it, so a wrong id from another chat reads as
"unknown" rather than leaking that chat's rows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, cast

import aiosqlite

from .errors import ErrorCode, StorageError
from .records import SEATS, Chat, Entry, EntryKind, Player, Rotation, SeatName, Session, Source

SESSION_COLUMNS = (
    "id, chat_id, ruleset, base, room, rotation, seat_e, seat_s, seat_w, seat_n, dealer, "
    "round_wind, hand_number, deals_in_round, creator, is_open, opened_at, closed_at, number"
)
ENTRY_COLUMNS = (
    "e.id, e.chat_id, e.session_id, e.kind, e.author, e.created_at, e.winner, e.self_draw, "
    "e.discarder, e.value, e.hand_line, e.result_json, e.note, e.hand_number, e.reverses, "
    "s.update_id, s.message_id, r.id AS reversed_by, e.number, t.number AS reverses_number, "
    "r.number AS reversed_by_number"
)
ENTRY_FROM = (
    "entries AS e LEFT JOIN sources AS s ON s.id = e.source_id "
    "LEFT JOIN entries AS r ON r.reverses = e.id LEFT JOIN entries AS t ON t.id = e.reverses"
)


# An entry's postings as ``[[player, delta], ...]`` (see ``postings_from``), in one column.
POSTINGS_COLUMN = (
    "(SELECT json_group_array(json_array(p.player_id, p.delta)) "
    "FROM postings AS p WHERE p.entry_id = e.id) AS postings"
)


def now_text() -> str:
    """The current UTC time as stored (ISO 8601, microseconds; sorts as text)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def time_text(moment: datetime) -> str:
    """A datetime as stored; naive datetimes are taken as UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def chat_from(row: aiosqlite.Row) -> Chat:
    return Chat(
        chat_id=row["chat_id"],
        lang=row["lang"],
        ruleset=row["ruleset"],
        base=row["base"],
        created_at=parse_time(row["created_at"]),
        replies=row["replies"],
        pictures=row["pictures"],
    )


def player_from(row: aiosqlite.Row) -> Player:
    return Player(
        id=row["id"],
        chat_id=row["chat_id"],
        name=row["name"],
        user_id=row["user_id"],
        username=row["username"],
    )


def session_from(row: aiosqlite.Row) -> Session:
    return Session(
        id=row["id"],
        chat_id=row["chat_id"],
        ruleset=row["ruleset"],
        base=row["base"],
        room=row["room"],
        rotation=cast(Rotation, row["rotation"]),
        seats=(row["seat_e"], row["seat_s"], row["seat_w"], row["seat_n"]),
        dealer=cast(SeatName, row["dealer"]),
        round_wind=cast(SeatName, row["round_wind"]),
        hand_number=row["hand_number"],
        deals_in_round=row["deals_in_round"],
        creator=row["creator"],
        is_open=bool(row["is_open"]),
        opened_at=parse_time(row["opened_at"]),
        closed_at=parse_time(row["closed_at"]) if row["closed_at"] else None,
        number=row["number"],
    )


def entry_from(row: aiosqlite.Row, postings: dict[int, int]) -> Entry:
    update_id = row["update_id"]
    return Entry(
        id=row["id"],
        chat_id=row["chat_id"],
        session_id=row["session_id"],
        kind=cast(EntryKind, row["kind"]),
        postings=postings,
        created_at=parse_time(row["created_at"]),
        author=row["author"],
        source=Source(update_id, row["message_id"]) if update_id is not None else None,
        winner=row["winner"],
        self_draw=None if row["self_draw"] is None else bool(row["self_draw"]),
        discarder=row["discarder"],
        value=row["value"],
        hand_line=row["hand_line"],
        result_json=row["result_json"],
        note=row["note"],
        hand_number=row["hand_number"],
        reverses=row["reverses"],
        reversed_by=row["reversed_by"],
        number=row["number"],
        reverses_number=row["reverses_number"],
        reversed_by_number=row["reversed_by_number"],
    )


async def fetch_all(
    conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
) -> list[aiosqlite.Row]:
    # One trip to the connection's thread (a cursor would take three: execute, fetch, close).
    return list(await conn.execute_fetchall(sql, params))


async def fetch_one(
    conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
) -> aiosqlite.Row | None:
    rows = await conn.execute_fetchall(sql, params)
    return next(iter(rows), None)


async def load_entries(conn: aiosqlite.Connection, chat_id: int, ids: Iterable[int]) -> list[Entry]:
    """Entries of this chat by id (in the order given), with postings; one query."""
    wanted = list(ids)
    if not wanted:
        return []
    marks = ",".join("?" * len(wanted))
    rows = await fetch_all(
        conn,
        f"SELECT {ENTRY_COLUMNS}, {POSTINGS_COLUMN} FROM {ENTRY_FROM} "
        f"WHERE e.chat_id = ? AND e.id IN ({marks})",
        [chat_id, *wanted],
    )
    by_id = {row["id"]: entry_from(row, postings_from(row["postings"])) for row in rows}
    return [by_id[entry_id] for entry_id in wanted if entry_id in by_id]


def postings_from(text: str) -> dict[int, int]:
    """``[[player, delta], ...]`` (JSON) as postings ordered by player id."""
    return {int(player): int(delta) for player, delta in sorted(json.loads(text))}


async def chat_row(conn: aiosqlite.Connection, chat_id: int) -> Chat:
    row = await fetch_one(conn, "SELECT * FROM chats WHERE chat_id = ?", [chat_id])
    if row is None:
        raise StorageError(ErrorCode.UNKNOWN_CHAT, chat_id=chat_id)
    return chat_from(row)


async def player_row(conn: aiosqlite.Connection, chat_id: int, player_id: int) -> Player:
    """A player of this chat, else UNKNOWN_PLAYER (also for another chat's player)."""
    if isinstance(player_id, bool) or not isinstance(player_id, int):
        raise StorageError(ErrorCode.UNKNOWN_PLAYER, player=repr(player_id))
    row = await fetch_one(
        conn, "SELECT * FROM players WHERE id = ? AND chat_id = ?", [player_id, chat_id]
    )
    if row is None:
        raise StorageError(ErrorCode.UNKNOWN_PLAYER, player=f"#{player_id}")
    return player_from(row)


async def require_players(
    conn: aiosqlite.Connection, chat_id: int, player_ids: Iterable[int | None]
) -> None:
    """Every id (None skipped) is a player of this chat, else UNKNOWN_PLAYER; one query."""
    wanted = {p for p in player_ids if p is not None}
    for player in wanted:
        if isinstance(player, bool) or not isinstance(player, int):
            raise StorageError(ErrorCode.UNKNOWN_PLAYER, player=repr(player))
    if not wanted:
        return
    marks = ",".join("?" * len(wanted))
    rows = await fetch_all(
        conn, f"SELECT id FROM players WHERE chat_id = ? AND id IN ({marks})", [chat_id, *wanted]
    )
    missing = sorted(wanted - {row["id"] for row in rows})
    if missing:
        raise StorageError(ErrorCode.UNKNOWN_PLAYER, player=f"#{missing[0]}")


async def players_by_id(conn: aiosqlite.Connection, chat_id: int) -> dict[int, Player]:
    rows = await fetch_all(conn, "SELECT * FROM players WHERE chat_id = ?", [chat_id])
    return {row["id"]: player_from(row) for row in rows}


async def session_row(conn: aiosqlite.Connection, chat_id: int, session_id: int) -> Session:
    row = await fetch_one(
        conn,
        f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id = ? AND chat_id = ?",
        [session_id, chat_id],
    )
    if row is None:
        raise StorageError(ErrorCode.UNKNOWN_SESSION, session_id=session_id)
    return session_from(row)


async def open_session_row(conn: aiosqlite.Connection, chat_id: int) -> Session | None:
    row = await fetch_one(
        conn, f"SELECT {SESSION_COLUMNS} FROM sessions WHERE chat_id = ? AND is_open = 1", [chat_id]
    )
    return session_from(row) if row else None


def seat_name(value: object) -> SeatName:
    """Validate a seat name ('E', 'S', 'W' or 'N')."""
    if value not in SEATS:
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"seat {value!r} (use E S W N)")
    return value


def state_json(session: Session) -> str:
    return json.dumps(
        {
            "dealer": session.dealer,
            "round_wind": session.round_wind,
            "hand_number": session.hand_number,
            "deals_in_round": session.deals_in_round,
        },
        sort_keys=True,
    )
