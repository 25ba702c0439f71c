"""``python -m benchmarks.rating``: what /settle's writes (close, debts, rating) cost as
history grows.

Builds chats of 1k, 10k and 100k entries as ``benchmarks.storage_scale`` does (imported past
sessions of 200 hands, four guests claimed by the members), rates every past session (a
rebuild of the ratings: the chat then has one rated game per 200 entries, the identity links
already folded), then times, per run, /settle's one write transaction on a fresh session of
a few hands with a stake (``ledger.debts.settle``: close, three debts, the rating of four
players) and ``/rating``'s board read. Prints the median per size and the growth from 1k to
100k (target: within 2×, flat).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.storage_scale import CHAT, SIZES, build, record
from storage.ledger import Ledger
from storage.records import SessionTerms, Transfer

FAMILY = "hangzhou"
HANDS = 8  # hands of each timed session


def rate_the_past(path: Path) -> None:
    """Every closed session of the built chat counted as a rated game (setup only: the bot
    writes these rows as it settles), so the rating's history grows with the ledger."""
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO rating_games (chat_id, session_id, family, created_at)"
            " SELECT chat_id, id, ?, coalesce(closed_at, opened_at) FROM sessions"
            " WHERE chat_id = ? AND is_open = 0 ORDER BY id",
            [FAMILY, CHAT],
        )


async def prepare(path: Path, entries: int) -> int:
    await build(path, entries, links=20)
    rate_the_past(path)
    async with await Ledger.open(path) as ledger:
        await ledger.rating.rebuild()
        await ledger.debts.settle(CHAT, [], FAMILY)  # the built evening, closed and rated
        games = len(await ledger.rating.board(CHAT, FAMILY, None, None))
    return games


async def timed_settle(ledger: Ledger, players: list[int]) -> float:
    seats = (players[0], players[1], players[2], players[3])
    session = await ledger.sessions.open(CHAT, SessionTerms(FAMILY, 1, "dealer_stays"), seats, None)
    for hand in range(HANDS):
        await record(ledger, session, hand + 1)
    debts = [Transfer(players[i], players[0], 100 * i) for i in (1, 2, 3)]
    start = time.perf_counter()
    await ledger.debts.settle(CHAT, debts, FAMILY)
    return time.perf_counter() - start


async def timed_board(ledger: Ledger) -> float:
    start = time.perf_counter()
    await ledger.rating.board(CHAT, FAMILY, "2026-01-01", None)
    return time.perf_counter() - start


async def measure(path: Path, runs: int) -> dict[str, float]:
    async with await Ledger.open(path) as ledger:
        players = [p.id for p in await ledger.players.all(CHAT) if p.user_id is not None][:4]
        settles = [await timed_settle(ledger, players) for _ in range(runs)]
        boards = [await timed_board(ledger) for _ in range(runs)]
    with sqlite3.connect(path) as db:
        rated = db.execute("SELECT count(*) FROM rating_games").fetchone()[0]
    return {
        "settle+rating ms": statistics.median(settles) * 1000,
        "/rating board ms": statistics.median(boards) * 1000,
        "rated games": rated,
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.rating", description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sizes", type=int, nargs="*", default=list(SIZES))
    args = parser.parse_args()
    results: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="rating-bench-") as folder:
        for size in args.sizes:
            path = Path(folder) / f"{size}.db"
            asyncio.run(prepare(path, size))
            results[size] = asyncio.run(measure(path, args.runs))
    names = list(next(iter(results.values())))
    print(f"{'entries':>10} " + " ".join(f"{name:>18}" for name in names))
    for size, row in results.items():
        print(f"{size:>10} " + " ".join(f"{row[name]:>18.2f}" for name in names))
    first, last = results[args.sizes[0]], results[args.sizes[-1]]
    for name in names[:2]:
        print(f"growth {args.sizes[0]} → {args.sizes[-1]}, {name}: {last[name] / first[name]:.2f}×")


if __name__ == "__main__":
    main()
