"""A chat of 100,000 hands, built fast: bulk inserts into a schema-3 database (before the
totals existed), then ``Ledger.open`` runs migration 0004, which builds the totals at once."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from storage.database import migrations

PLAYERS = {"甲": 11, "乙": 12, "丙": 13, "丁": 14}
HANDS_PER_SESSION = 200
STATE = json.dumps({"dealer": "E", "deals_in_round": 0, "hand_number": 1, "round_wind": "E"})


def build(path: Path, chat_id: int, hands: int) -> None:
    """``hands`` self-drawn wins in sessions of 200 (the last one open) by the four players
    of ``PLAYERS`` (player ids 1..4)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("BEGIN")
        for migration in migrations()[:3]:
            _run(db, migration.sql)  # executescript would commit the transaction
        db.execute("PRAGMA user_version = 3")
        db.execute(
            "INSERT INTO chats (chat_id, created_at) VALUES (?, '2024-01-01T00:00:00+00:00')",
            [chat_id],
        )
        db.executemany(
            "INSERT INTO players (id, chat_id, user_id, name, created_at) "
            "VALUES (?, ?, ?, ?, '2024-01-01T00:00:00+00:00')",
            [(n, chat_id, user, name) for n, (name, user) in enumerate(PLAYERS.items(), start=1)],
        )
        sessions = -(-hands // HANDS_PER_SESSION)
        db.executemany(
            "INSERT INTO sessions (id, chat_id, ruleset, base, rotation, seat_e, seat_s, seat_w, "
            "seat_n, dealer, round_wind, hand_number, deals_in_round, is_open, opened_at) "
            "VALUES (?, ?, 'hangzhou', 1, 'dealer_stays', 1, 2, 3, 4, 'E', 'E', ?, 0, ?, "
            "'2024-01-01T00:00:00+00:00')",
            [
                (s, chat_id, HANDS_PER_SESSION + 1, int(s == sessions))
                for s in range(1, sessions + 1)
            ],
        )
        db.execute(_POSTINGS, [hands])
        db.execute(_ENTRIES, [hands, chat_id, HANDS_PER_SESSION, STATE])
        db.execute("COMMIT")
    finally:
        db.close()


# Entry i: a 自摸 by player i % 4 + 1 worth i % 7 + 1 from each other player, ten minutes
# after entry i - 1, from 2024-01-01 on.
_NUMBERS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1) "
_POSTINGS = (
    _NUMBERS + "INSERT INTO postings (entry_id, player_id, delta) "
    "SELECT i, p, CASE WHEN p = i % 4 + 1 THEN 3 * (i % 7 + 1) ELSE -(i % 7 + 1) END "
    "FROM n, (SELECT 1 AS p UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4)"
)
_ENTRIES = (
    _NUMBERS + "INSERT INTO entries (id, chat_id, session_id, kind, created_at, winner, "
    "self_draw, value, hand_line, hand_number, seat_e, seat_s, seat_w, seat_n, state_before, "
    "state_after) SELECT i, ?2, (i - 1) / ?3 + 1, 'win', "
    "strftime('%Y-%m-%dT%H:%M:%S+00:00', '2024-01-01', ((i - 1) * 10) || ' minutes'), "
    "i % 4 + 1, 1, i % 7 + 1, '自摸', (i - 1) % ?3 + 1, 1, 2, 3, 4, ?4, ?4 FROM n"
)


def _run(db: sqlite3.Connection, script: str) -> None:
    statement = ""
    for line in script.splitlines():
        statement += line + "\n"
        if sqlite3.complete_statement(statement):
            db.execute(statement)
            statement = ""
