"""Benchmark: recordings per second through the Ledger next to plain sqlite3.

``python -m benchmarks.storage [--hands N] [--rounds R] [--dir DIR]``. Both sides write the same
rows (a source, four postings, an entry, the session's dealer state) into the same schema
with the same pragmas (WAL, synchronous=FULL), one transaction per hand. The two sides take
turns in R rounds within one run, so a disk whose fsync speed drifts treats both alike; the
ratio shows what the async layer, its checks and its lock cost over the bare inserts.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path

from storage.database import PRAGMAS, migrations
from storage.ledger import Ledger
from storage.records import Session, SessionTerms, Source, WinSpec

CHAT = 1
LINE = "123m456m789m123p5s +5s"
RESULT = '{"fan": 1}'
STATE = '{"dealer": "E"}'
NOW = "2026-01-01T00:00:00+00:00"


class LedgerSide:
    """Records self-drawn wins with ``ledger.entries.record_win``."""

    def __init__(self, ledger: Ledger, players: list[int], session: Session) -> None:
        self.ledger, self.players, self.session = ledger, players, session
        self.hand = 0

    @classmethod
    async def start(cls, path: Path) -> LedgerSide:
        ledger = await Ledger.open(path)
        players = [(await ledger.players.upsert_user(CHAT, i, f"p{i}")).id for i in range(4)]
        seats = (players[0], players[1], players[2], players[3])
        session = await ledger.sessions.open(
            CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), seats, None
        )
        return cls(ledger, players, session)

    async def record(self, hands: int) -> float:
        start = time.perf_counter()
        for _ in range(hands):
            self.hand += 1
            winner = self.players[self.hand % 4]
            postings = {p: (24 if p == winner else -8) for p in self.players}
            await self.ledger.entries.record_win(
                CHAT,
                self.session.id,
                WinSpec(winner, postings, LINE, RESULT, self_draw=True, value=1),
                Source(self.hand, self.hand),
                winner,
            )
        return time.perf_counter() - start


class PlainSide:
    """The same inserts with the sqlite3 module and nothing around them."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        for pragma in PRAGMAS:
            self.db.execute(pragma)
        for migration in migrations():
            self.db.executescript(migration.sql)
        self.db.execute("INSERT INTO chats (chat_id, created_at) VALUES (?, ?)", [CHAT, NOW])
        self.players = [
            self.db.execute(
                "INSERT INTO players (chat_id, user_id, name, created_at) VALUES (?, ?, ?, ?)",
                [CHAT, i, f"p{i}", NOW],
            ).lastrowid
            for i in range(4)
        ]
        self.session = self.db.execute(
            "INSERT INTO sessions (chat_id, ruleset, base, rotation, seat_e, seat_s, seat_w, "
            "seat_n, dealer, round_wind, hand_number, deals_in_round, is_open, opened_at) "
            "VALUES (?, 'hangzhou', 1, 'dealer_stays', ?, ?, ?, ?, 'E', 'E', 1, 0, 1, ?)",
            [CHAT, *self.players, NOW],
        ).lastrowid
        self.hand = 0

    def record(self, hands: int) -> float:
        db = self.db
        start = time.perf_counter()
        for _ in range(hands):
            self.hand += 1
            winner = self.players[self.hand % 4]
            db.execute("BEGIN IMMEDIATE")
            source = db.execute(
                "INSERT INTO sources (chat_id, update_id, message_id) VALUES (?, ?, ?)",
                [CHAT, self.hand, self.hand],
            ).lastrowid
            db.executemany(
                "INSERT INTO postings (entry_id, player_id, delta) VALUES (?, ?, ?)",
                [(self.hand, p, 24 if p == winner else -8) for p in self.players],
            )
            db.execute(
                "INSERT INTO entries (id, chat_id, session_id, kind, author, source_id, "
                "created_at, winner, self_draw, value, hand_line, result_json, hand_number, "
                "seat_e, seat_s, seat_w, seat_n, state_before, state_after) "
                "VALUES (?, ?, ?, 'win', ?, ?, ?, ?, 1, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [self.hand, CHAT, self.session, winner, source, NOW, winner, LINE, RESULT,
                 self.hand, *self.players, STATE, STATE],
            )  # fmt: skip
            db.execute(
                "UPDATE sessions SET hand_number = hand_number + 1 WHERE id = ?", [self.session]
            )
            db.execute("COMMIT")
        return time.perf_counter() - start

    def close(self) -> None:
        self.db.close()


async def run(folder: Path, hands: int, rounds: int) -> tuple[float, float]:
    """Seconds spent by each side (Ledger, plain) on ``hands`` recordings, taking turns."""
    ledger_side = await LedgerSide.start(folder / "ledger.db")
    plain_side = PlainSide(folder / "plain.db")
    ledger_seconds = plain_seconds = 0.0
    try:
        for turn in range(rounds):
            batch = hands // rounds + (1 if turn < hands % rounds else 0)
            ledger_seconds += await ledger_side.record(batch)
            plain_seconds += plain_side.record(batch)
    finally:
        await ledger_side.ledger.close()
        plain_side.close()
    return ledger_seconds, plain_seconds


def main() -> None:
    """Run both sides once and print their rates and the ratio."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.storage", description=__doc__)
    parser.add_argument("--hands", type=int, default=1000, help="recordings per side")
    parser.add_argument("--rounds", type=int, default=10, help="turns the sides take")
    parser.add_argument("--dir", type=Path, default=None, help="where the two databases go")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        ledger_seconds, plain_seconds = asyncio.run(run(Path(folder), args.hands, args.rounds))
    ledger_rate = args.hands / ledger_seconds
    plain_rate = args.hands / plain_seconds
    print(f"hands per side:            {args.hands} in {args.rounds} alternating rounds")
    print(f"Ledger.record_win:         {ledger_rate:9.0f} recordings/s")
    print(f"plain sqlite3, same rows:  {plain_rate:9.0f} recordings/s")
    print(f"ratio Ledger / sqlite3:    {ledger_rate / plain_rate:9.2f}")


if __name__ == "__main__":
    main()
