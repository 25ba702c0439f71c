"""``python -m benchmarks.webapp``: what the Mini App weighs and what each API call costs as
history grows.

First the weights, over the real server: the first screen (the page, its style sheets and
ES modules, and the JSON it asks for to draw the standings), raw and compressed with gzip as
served (the server's own encoding when it sends one, else gzip -6 of what it sent), and one
page of history (20 full hands: the JSON and the 20 pictures at a 390 px phone's card width
at 2×).

Then the API: builds chats of 1k, 100k and 1M entries as ``benchmarks.storage_scale`` does
(imported history, an evening recorded hand by hand, guests claimed by members, and 20 full
hands for the pictures), starts the bot's real web server over each, and times every API call
the season page makes through HTTP with signed initData (the guard, the ledger reads, JSON,
aiohttp): p50 and p95 per size and the growth of the p95 from the first size to the last
(target: p95 ≤ 20 ms, within 2×). The ledgers take turns call by call, so a slow moment of the
machine does not land on one size. A built ledger is kept in ``--cache`` (the 1M one takes
minutes to build) and copied for each run.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import shutil
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import httpx

from benchmarks.storage_scale import CHAT, LINKED_HANDS, build_chat
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
FULL_HANDS = (  # the last page of history: full hands, each with its picture
    "123m456m789m123p白白 自摸",
    "123m456m789m123p5z +5s 自摸",
    "111m234m567m789p55s 自摸",
    "123p456p789p东东东2m +2m 自摸",
)
PAGE_SIZE = 20  # bot.webapp.api.PAGE_SIZE
CARD_WIDTH = 720  # a 390 px phone's history card at 2× (what app.js asks, snapped to 120s)
SIZES = (1_000, 100_000, 1_000_000)
FIRST_SCREEN = (  # what index.html loads before it draws the standings
    "/app/",
    "/app/common.css",
    "/app/app.css",
    "/app/app.js",
    "/app/api.js",
    "/app/telegram.js",
    "/app/texts.js",
)
FIRST_CALLS = (
    "/api/start",
    "/api/periods",
    "/api/standings?period=month",
    "/api/biggest?period=month",
)


async def build(path: Path, entries: int) -> None:
    """The ledger, its last ``PAGE_SIZE`` entries full hands."""
    async with await Ledger.open(path) as ledger:
        session = await build_chat(ledger, CHAT, entries - PAGE_SIZE, links=LINKED_HANDS)
        for hand in range(PAGE_SIZE):
            winner = session.seats[hand % 4]
            assert winner is not None
            postings = {p: (24 if p == winner else -8) for p in session.seats if p is not None}
            line = FULL_HANDS[hand % len(FULL_HANDS)]
            spec = WinSpec(winner, postings, line, self_draw=True, value=8)
            await ledger.entries.record_win(CHAT, session.id, spec, None, winner)


async def players_of(path: Path) -> tuple[int, int]:
    """Two players of the built chat (a head-to-head's pair)."""
    async with await Ledger.open(path) as ledger:
        a, b, *_ = [p.id for p in await ledger.players.all(CHAT) if p.user_id is not None]
        return a, b


async def cached(cache: Path, entries: int, folder: Path) -> Path:
    """A copy in ``folder`` of the chat of ``entries`` entries, built into ``cache`` once."""
    kept = cache / f"webapp-{entries}.db"
    if not kept.exists():
        cache.mkdir(parents=True, exist_ok=True)
        building = kept.with_suffix(".building")
        building.unlink(missing_ok=True)
        began = time.perf_counter()
        await build(building, entries)
        building.rename(kept)
        print(f"built {entries:,} entries in {time.perf_counter() - began:.0f} s → {kept}")
    copy = folder / kept.name
    shutil.copyfile(kept, copy)
    return copy


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


def as_served(answer: httpx.Response) -> tuple[int, int]:
    """(raw bytes, bytes on the wire with gzip): the server's encoding if it used one."""
    raw = len(answer.content)
    if answer.headers.get("Content-Encoding") == "gzip":
        return raw, answer.num_bytes_downloaded
    return raw, len(gzip.compress(answer.content, 6))


async def weigh(path: Path) -> None:
    """The first screen's and one history page's bytes, printed."""
    headers = {"Authorization": "tma " + init_data(USER, "p1", BOT_TOKEN)}
    start = token_for(CHAT, BOT_TOKEN)
    async with serving(path) as base, httpx.AsyncClient(headers=headers, timeout=120) as client:
        # httpx decodes gzip itself and counts what came over the wire
        encoding = {"Accept-Encoding": "gzip"}
        files = [
            as_served(await client.get(f"{base}{url}", headers=encoding)) for url in FIRST_SCREEN
        ]
        calls = [
            as_served(
                await client.get(
                    f"{base}{url}{'&' if '?' in url else '?'}start={start}", headers=encoding
                )
            )
            for url in FIRST_CALLS
        ]
        page = await client.get(f"{base}/api/history?page=1&start={start}", headers=encoding)
        entries = page.json()["entries"]
        pictures = [
            len(
                (
                    await client.get(
                        f"{base}/api/picture/{e['id']}.webp?w={CARD_WIDTH}&start={start}"
                    )
                ).content
            )
            for e in entries
            if e.get("picture")
        ]
    file_raw, file_gz = map(sum, zip(*files, strict=True))
    call_raw, call_gz = map(sum, zip(*calls, strict=True))
    page_raw, page_gz = as_served(page)
    print("| what | raw | gzip as served |")
    print("|---|---|---|")
    what = f"first screen: page, CSS, ES modules ({len(files)} files)"
    print(f"| {what} | {file_raw:,} B | {file_gz:,} B |")
    print(f"| first screen: its JSON ({len(calls)} calls) | {call_raw:,} B | {call_gz:,} B |")
    print(f"| first screen in all | {file_raw + call_raw:,} B | {file_gz + call_gz:,} B |")
    print(f"| history page: JSON ({len(entries)} entries) | {page_raw:,} B | {page_gz:,} B |")
    print(
        f"| history page: {len(pictures)} pictures (WebP, {CARD_WIDTH} px) | {sum(pictures):,} B "
        f"(largest {max(pictures, default=0):,} B) | (already compressed) |"
    )
    print(
        f"| history page in all | {page_raw + sum(pictures):,} B | {page_gz + sum(pictures):,} B |"
    )
    print()


async def measure(
    sizes: list[int], folder: Path, cache: Path, runs: int
) -> dict[int, dict[str, list[float]]]:
    times: dict[int, dict[str, list[float]]] = {size: {} for size in sizes}
    headers = {"Authorization": "tma " + init_data(USER, "p1", BOT_TOKEN)}
    start = token_for(CHAT, BOT_TOKEN)
    async with AsyncExitStack() as stack:
        client = await stack.enter_async_context(httpx.AsyncClient(headers=headers, timeout=120))
        paths: dict[int, dict[str, str]] = {}
        bases: dict[int, str] = {}
        for size in sizes:
            path = await cached(cache, size, folder)
            if size == sizes[0]:
                await weigh(path)
            a, b = await players_of(path)
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
    parser.add_argument("--dir", type=Path, default=None, help="where the copies go")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "mahjong-webapp-bench",
        help="where built ledgers are kept between runs",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        times = asyncio.run(measure(list(args.sizes), Path(folder), args.cache, args.runs))
    print_table(times)


if __name__ == "__main__":
    main()
