"""``python -m benchmarks.webapp``: what each Mini App API call costs as history grows.

Builds chats of 1k, 10k and 100k entries as ``benchmarks.storage_scale`` does (imported
history, an evening recorded hand by hand, guests claimed by members, and one full hand for
its picture), starts the bot's real web server over each, and times every API call the season
page makes through HTTP with signed initData (the guard, the ledger reads, JSON, aiohttp):
p50 and p95 per size and the growth of the p95 from the first size to the last (target:
p95 ≤ 20 ms, within 2×). The ledgers take turns call by call, so a slow moment of the machine
does not land on one size.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import httpx

from benchmarks.storage_scale import CHAT, LINKED_HANDS, SIZES, build_chat
from bot.app import build_application
from bot.config import Config
from bot.console import ConsoleRequest
from bot.console.local_api import LocalBotApi
from bot.webapp.guard import GuardOptions
from rigs.webapp import init_data, token_for, web_server
from storage.ledger import Ledger
from storage.records import WinSpec

BOT_TOKEN = "123:BENCH"
USER = 1  # p1, a player of the chat (benchmarks.storage_scale.USERS)
FULL_HAND = "123m456m789m123p白白 自摸"


async def build(path: Path, entries: int) -> tuple[int, int]:
    """The ledger, plus one full hand at the end; returns (a player id, another's)."""
    async with await Ledger.open(path) as ledger:
        session = await build_chat(ledger, CHAT, entries, links=LINKED_HANDS)
        winner = session.seats[0]
        assert winner is not None
        postings = {p: (24 if p == winner else -8) for p in session.seats if p is not None}
        spec = WinSpec(winner, postings, FULL_HAND, self_draw=True, value=8)
        await ledger.entries.record_win(CHAT, session.id, spec, None, winner)
        a, b = session.seats[0], session.seats[1]
        assert a is not None and b is not None
        return a, b


def calls(a: int, b: int, last_page: int, picture: int) -> dict[str, str]:
    """Each call the page makes: the path and its query."""
    return {
        "periods": "/api/periods",
        "standings (all)": "/api/standings?period=all",
        "standings (本月)": "/api/standings?period=本月",
        "standings (year)": "/api/standings?period=year",
        "person (本月)": f"/api/person?player={a}&period=month",
        "biggest hands (all)": "/api/biggest?period=all",
        "trend (all)": f"/api/trend?player={a}&period=all",
        "trend (本月)": f"/api/trend?player={a}&period=month",
        "head to head": f"/api/h2h?a={a}&b={b}",
        "history (first page)": "/api/history?page=1",
        "history (last page)": f"/api/history?page={last_page}",
        "picture (cached: 304)": f"/api/picture/{picture}.png",
    }


@asynccontextmanager
async def serving(path: Path) -> AsyncIterator[str]:
    api = LocalBotApi()
    api.add_chat(CHAT, "bench", kind="supergroup")
    api.add_user(USER, "p1")  # a member of the chat, as getChatMember tells the guard
    config = Config(token=BOT_TOKEN, database_path=str(path))
    app = build_application(config, request=ConsoleRequest(api), rate_limiter=None)
    await app.initialize()
    assert app.post_init is not None and app.post_shutdown is not None
    await app.post_init(app)
    try:
        async with web_server(app, GuardOptions(rate=10**9)) as base:
            yield base
    finally:
        await app.post_shutdown(app)
        await app.shutdown()


async def measure(sizes: list[int], folder: Path, runs: int) -> dict[int, dict[str, list[float]]]:
    times: dict[int, dict[str, list[float]]] = {size: {} for size in sizes}
    headers = {"Authorization": "tma " + init_data(USER, "p1", BOT_TOKEN)}
    start = token_for(CHAT, BOT_TOKEN)
    async with AsyncExitStack() as stack:
        client = await stack.enter_async_context(httpx.AsyncClient(headers=headers))
        paths: dict[int, dict[str, str]] = {}
        bases: dict[int, str] = {}
        for size in sizes:
            path = folder / f"webapp-{size}.db"
            a, b = await build(path, size)
            bases[size] = await stack.enter_async_context(serving(path))
            first = (await client.get(f"{bases[size]}/api/history?start={start}")).json()
            newest = first["entries"][0]["id"]
            paths[size] = calls(a, b, first["pages"], newest)
        etags: dict[int, str] = {}
        for size in sizes:  # the picture is drawn once; the page's later asks are 304s
            url = f"{bases[size]}{paths[size]['picture (cached: 304)']}&start={start}"
            url = url.replace(".png&", ".png?")
            etags[size] = (await client.get(url)).headers["ETag"]
        for _ in range(runs):
            for name in paths[sizes[0]]:
                for size in sizes:
                    call = paths[size][name]
                    sep = "&" if "?" in call else "?"
                    extra = {"If-None-Match": etags[size]} if "picture" in name else {}
                    began = time.perf_counter()
                    answer = await client.get(
                        f"{bases[size]}{call}{sep}start={start}", headers=extra
                    )
                    elapsed = time.perf_counter() - began
                    assert answer.status_code in (200, 304), (name, answer.status_code)
                    times[size].setdefault(name, []).append(elapsed)
    return times


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def print_table(times: dict[int, dict[str, list[float]]]) -> None:
    sizes = list(times)
    first, last = sizes[0], sizes[-1]
    heads = " | ".join(f"{size:,} p50 / p95" for size in sizes)
    print(f"| call | {heads} | p95 {last:,} / {first:,} |")
    print(f"|---|{'---|' * len(sizes)}---|")
    for name in times[first]:
        cells = [
            f"{statistics.median(times[s][name]) * 1000:.1f} / {p95(times[s][name]) * 1000:.1f} ms"
            for s in sizes
        ]
        growth = p95(times[last][name]) / p95(times[first][name])
        print(f"| `{name}` | {' | '.join(cells)} | {growth:.2f}× |")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.webapp", description=__doc__)
    parser.add_argument("--runs", type=int, default=60, help="timed calls per API call and size")
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES, help="entries per chat")
    parser.add_argument("--dir", type=Path, default=None, help="where the databases go")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        times = asyncio.run(measure(list(args.sizes), Path(folder), args.runs))
    print_table(times)


if __name__ == "__main__":
    main()
