"""``python -m benchmarks.storage_scale``: what the looking-back commands cost as history grows.

Builds chats of 1k, 10k and 100k entries through the public API (``import_csv`` of past
sessions, then an evening of ``record_win`` in the open session) and a ledger of 1,000 chats,
then times each read the bot's commands make: /stats, /stats A B, /stats 本月 and 本周 (the
evening falls in both), /top 本月 and /top (the leaderboard's page as the bot builds it,
biggest hands named), /trend 本月, /export 本月 (the readable table written to a file), /tally
(the open session with its chart data, and all-time), /history (first and last page), /undo
(``reverse``, then the hand recorded again) and /export (pages into a file in a worker
thread, with the peak memory growth of a fresh process). By default four guests play part of
the evening and are then claimed by the members (identity links, ``--links 0`` for none), so
/stats, /tally and head to head fold records into people as they do in a real group. Prints
the median of several runs per size and the growth from 1k to 100k (target: within 2×;
/export: under 50 MB more memory).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import io
import multiprocessing
import resource
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.grammar.periods import ALL_TIME, read_period
from bot.handlers.leaderboard import top_view
from bot.replies.awards import award_new_wins
from storage.csv_trailer import signed
from storage.export import COLUMNS, ExportFile
from storage.ledger import Ledger
from storage.people import LinkRequest
from storage.readable import ReadableFile, Window
from storage.records import Session, SessionTerms, WinSpec

CHAT = -100
SIZES = (1_000, 10_000, 100_000)
EVENING = 200  # hands recorded in the open session; the rest is imported history
SESSION = 200  # hands per imported session
NEIGHBOUR = 100  # entries of each other chat in the many-chat ledger
IMPORT_BATCH = 5_000  # entries per import_csv call (the import reads its text whole)
USERS = (1, 2, 3, 4)
LINKED_HANDS = 20  # hands played by guests the members later claim (four identity links)
STATE = '{"dealer": "E", "deals_in_round": 0, "hand_number": 1, "round_wind": "E"}'


def history_csv(first: int, hands: int) -> str:
    """Closed sessions of self-drawn wins, entries ``first``.. ``first + hands - 1``, one
    a day per session from 2024 on (ids are the file's own; import gives new ones)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n", restval="")
    writer.writeheader()
    for user in USERS:
        writer.writerow({"record": "player", "id": user, "name": f"p{user}", "user_id": user})
    for number in range(first, first + hands):
        session = number // SESSION + 1
        if number == first or number % SESSION == 0:
            writer.writerow({
                "record": "session", "id": session, "ruleset": "hangzhou", "base": 1,
                "rotation": "dealer_stays", "seats": "1 2 3 4", "dealer": "E",
                "round_wind": "E", "hand_number": SESSION + 1, "deals_in_round": 0,
                "is_open": 0, "created_at": "2024-01-01T00:00:00+00:00",
            })  # fmt: skip
        winner = number % 4 + 1
        day = number // SESSION
        writer.writerow({
            "record": "entry", "id": number, "session": session, "kind": "win",
            "created_at": f"{2024 + day // 365}-{day % 365 // 31 + 1:02d}-01T20:00:00+00:00",
            "seats": "1 2 3 4", "hand_number": number % SESSION + 1, "winner": winner,
            "self_draw": 1, "value": number % 7 + 1, "hand_line": "自摸",
            "state_before": STATE, "state_after": STATE,
        })  # fmt: skip
        value = number % 7 + 1
        for user in USERS:
            delta = 3 * value if user == winner else -value
            writer.writerow({"record": "posting", "id": number, "player": user, "delta": delta})
    return signed(out.getvalue(), COLUMNS, hands)


async def build_chat(
    ledger: Ledger, chat_id: int, entries: int, evening: int = EVENING, links: int = 0
) -> Session:
    """``entries`` entries: imported history, then an evening recorded hand by hand; with
    ``links``, that many of the evening's hands are played first by guests who are then
    claimed by the members (``link_records``), so every read folds linked records."""
    past = max(0, entries - evening)
    for first in range(0, past, IMPORT_BATCH):
        await ledger.exchange.import_csv(
            chat_id, history_csv(first, min(IMPORT_BATCH, past - first))
        )
    players = [(await ledger.players.upsert_user(chat_id, user, f"p{user}")).id for user in USERS]
    if links:
        await play_as_guests(ledger, chat_id, players, links)
    seats = (players[0], players[1], players[2], players[3])
    session = await ledger.sessions.open(
        chat_id, SessionTerms("hangzhou", 1, "dealer_stays"), seats, None
    )
    for hand in range(entries - past - links):
        await record(ledger, session, hand)
    return session


async def play_as_guests(ledger: Ledger, chat_id: int, members: list[int], hands: int) -> None:
    """A session of four guests (``hands`` hands), then each guest claimed by a member."""
    guests = [(await ledger.players.add_guest(chat_id, f"guest{user}")).id for user in USERS]
    seats = (guests[0], guests[1], guests[2], guests[3])
    session = await ledger.sessions.open(
        chat_id, SessionTerms("hangzhou", 1, "dealer_stays"), seats, None
    )
    for hand in range(hands):
        await record(ledger, session, hand)
    await ledger.sessions.close(chat_id)
    for guest, member in zip(guests, members, strict=True):
        await ledger.people.link_records(
            chat_id, LinkRequest(guest, member, "iam"), author=None, update_id=None
        )


async def record(ledger: Ledger, session: Session, hand: int) -> None:
    winner = session.seats[hand % 4]
    assert winner is not None
    postings = {p: (24 if p == winner else -8) for p in session.seats if p is not None}
    await ledger.entries.record_win(
        session.chat_id,
        session.id,
        WinSpec(winner, postings, "自摸", self_draw=True, value=8),
        None,
        winner,
    )


def commands(ledger: Ledger, session: Session) -> dict[str, Callable[[], Awaitable[Any]]]:
    chat, a, b = session.chat_id, session.seats[0], session.seats[1]
    assert a is not None and b is not None
    now = datetime.now(UTC)
    month, week = read_period("本月", now), read_period("本周", now)
    assert month is not None and week is not None

    async def readable_month() -> None:
        window = Window(month.since, month.until)
        players = await ledger.readable.players(chat, window)
        with tempfile.TemporaryDirectory() as folder:
            out = ReadableFile(Path(folder), "month", players, "zh")
            async for rows in ledger.readable.pages(chat, window):
                await asyncio.to_thread(out.write, rows)
            await asyncio.to_thread(out.finish)

    async def hand_awards() -> None:  # what a hand's reply adds: its awards decided and kept
        last = await ledger.reports.last_entry(chat, session.id)
        assert last is not None
        await award_new_wins(ledger, chat, session.id, [last.id])

    async def tally_current() -> None:
        await ledger.reports.tally(chat, session.id)
        await ledger.reports.running_totals(chat, session.id)

    return {
        "/stats": lambda: ledger.stats.boards(chat),
        "/stats A B": lambda: ledger.stats.head_to_head(chat, a, b),
        "/stats 本月": lambda: ledger.stats.boards(chat, month.since, month.until),
        "/stats 本周": lambda: ledger.stats.boards(chat, week.since, week.until),
        "/top 本月": lambda: top_view(ledger, chat, month, 1, "zh"),
        "/top (all-time)": lambda: top_view(ledger, chat, ALL_TIME, 1, "zh"),
        "/trend 本月": lambda: ledger.trend.balance(
            chat, [a], month.since, month.until, ruleset="hangzhou"
        ),
        "/export 本月 (readable table)": readable_month,
        "/tally (open session + chart data)": tally_current,
        "/tally (all-time)": lambda: ledger.reports.tally(chat),
        "a hand's awards": hand_awards,
        "/history (first page)": lambda: ledger.reports.history(chat, page=1, page_size=5),
        "/history (last page)": lambda: ledger.reports.history(chat, page=10**9, page_size=5),
    }


async def build(path: Path, entries: int, chats: int = 1, links: int = 0) -> None:
    """A ledger with a chat of ``entries`` (and ``chats - 1`` others of ``NEIGHBOUR`` each)."""
    async with await Ledger.open(path) as ledger:
        for other in range(1, chats):
            await build_chat(ledger, CHAT - other, NEIGHBOUR, evening=0)
        await build_chat(ledger, CHAT, entries, links=links)


async def measure(paths: dict[str, Path], runs: int) -> dict[str, dict[str, float]]:
    """Median seconds per command for each ledger, the ledgers taking turns run by run (so
    the machine's load drifting treats every size alike)."""
    ledgers = {label: await Ledger.open(path) for label, path in paths.items()}
    try:
        sessions = {}
        for label, ledger in ledgers.items():
            session = await ledger.sessions.current(CHAT)
            assert session is not None
            sessions[label] = session
        found: dict[str, dict[str, list[float]]] = {label: {} for label in ledgers}
        for _ in range(runs):
            for label, ledger in ledgers.items():
                for name, command in commands(ledger, sessions[label]).items():
                    found[label].setdefault(name, []).append(await timed(command))
                undo = await timed_undo(ledger, sessions[label])
                found[label].setdefault("/undo", []).append(undo)
    finally:
        for ledger in ledgers.values():
            await ledger.close()
    return {
        label: {name: statistics.median(times) for name, times in by_name.items()}
        for label, by_name in found.items()
    }


async def timed(command: Callable[[], Awaitable[Any]]) -> float:
    start = time.perf_counter()
    await command()
    return time.perf_counter() - start


async def timed_undo(ledger: Ledger, session: Session) -> float:
    """``reverse`` timed alone; the hand is recorded again after it."""
    start = time.perf_counter()
    await ledger.entries.reverse(session.chat_id, author=None, source=None)
    seconds = time.perf_counter() - start
    await record(ledger, session, 0)
    return seconds


def export_in_fresh_process(path: Path, whole: bool = False) -> tuple[float, float]:
    """Seconds and peak memory growth (MB) of an export, in a process of its own: streamed
    into a file as /export does, or (``whole``) built as one string by ``export_csv``, the
    way /export worked before, to show what the measure sees when memory does grow."""
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        return pool.apply(_export, (str(path), whole))


def _export(path: str, whole: bool) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    asyncio.run(_whole_export(Path(path)) if whole else _write_export(Path(path)))
    seconds = time.perf_counter() - start
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    return seconds, grown / 1024  # ru_maxrss is in KiB on Linux


async def _whole_export(path: Path) -> None:
    async with await Ledger.open(path) as ledger:
        await ledger.export.csv(CHAT)


async def _write_export(path: Path) -> None:
    async with await Ledger.open(path) as ledger:
        with (
            tempfile.TemporaryDirectory() as folder,
            ExportFile(Path(folder), "export", 8 << 20, 49 << 20) as out,
        ):
            async for page in ledger.export.pages(CHAT):
                await asyncio.to_thread(out.write, page)
            await asyncio.to_thread(out.finish)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.storage_scale", description=__doc__)
    parser.add_argument("--runs", type=int, default=15, help="timed runs per command")
    parser.add_argument("--chats", type=int, default=1000, help="chats in the many-chat ledger")
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES, help="entries per chat")
    parser.add_argument("--dir", type=Path, default=None, help="where the databases go")
    parser.add_argument(
        "--links",
        type=int,
        default=LINKED_HANDS,
        help="hands four guests play before members claim them (0: no identity links)",
    )
    args = parser.parse_args()
    exports: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        paths = {f"{entries:,}": Path(folder) / f"chat-{entries}.db" for entries in args.sizes}
        for entries, path in zip(args.sizes, paths.values(), strict=True):
            asyncio.run(build(path, entries, links=args.links))
        many = f"{args.sizes[0]:,} among {args.chats:,} chats"
        paths[many] = Path(folder) / "many.db"
        asyncio.run(build(paths[many], args.sizes[0], args.chats, links=args.links))
        results = asyncio.run(measure(paths, args.runs))
        for label in paths:
            if label != many:
                exports[label] = export_in_fresh_process(paths[label])
        whole = export_in_fresh_process(paths[f"{args.sizes[-1]:,}"], whole=True)
    print_table(results, exports)
    print(
        f"\n`export_csv` of {args.sizes[-1]:,} entries as one string (as /export was): "
        f"{whole[0]:.2f} s, +{whole[1]:.1f} MB"
    )


def print_table(
    results: dict[str, dict[str, float]], exports: dict[str, tuple[float, float]]
) -> None:
    """A Markdown table: each size, then 100k / 1k, then the many-chat ledger / 1k."""
    sizes = list(exports)
    first, last, many = sizes[0], sizes[-1], list(results)[-1]
    print(f"| command | {' | '.join(sizes)} | {last} / {first} | {many} | / alone |")
    print(f"|---|{'---|' * len(sizes)}---|---|---|")
    for name in results[first]:
        cells = [f"{results[size][name] * 1000:.2f} ms" for size in sizes]
        growth = results[last][name] / results[first][name]
        beside = results[many][name] / results[first][name]
        among = f"{results[many][name] * 1000:.2f} ms"
        print(f"| `{name}` | {' | '.join(cells)} | {growth:.2f}× | {among} | {beside:.2f}× |")
    cells = [f"{exports[size][0]:.2f} s, +{exports[size][1]:.1f} MB" for size in sizes]
    growth = exports[last][0] / exports[first][0]
    print(f"| `/export` (time, peak memory growth) | {' | '.join(cells)} | {growth:.0f}× | – | – |")


if __name__ == "__main__":
    main()
