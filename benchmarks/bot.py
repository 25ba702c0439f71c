"""``python -m benchmarks.bot``: recorded hands through the whole stack against a reply-only bot.

All bots are real PTB applications long-polling the same fake Bot API server on
127.0.0.1. The reference answers every message with one short reply ("ok") and does
nothing else: the ceiling of PTB + HTTP on this machine. It runs as the product runs, chats
side by side in arrival order (``ChatOrderedProcessor``), so the two differ only in the
handler; the same bot in PTB's one-update-at-a-time default is measured too, since that
mode is faster for every bot here, and the product's ratio to it is printed beside. A third
reference sends a fixed reply of a recording's size with its 撤销 and 详情 buttons, so the
gap to it is only the deciding (parsing, scoring, the ledger). The product scores each /hu,
writes it to SQLite and replies with the phone-sized reply (patterns, deltas, next dealer).
The ratios, from one run, are the figures (target ≥ 0.5); pictures are measured separately
because they are Pillow work.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ParseMode
from telegram.ext import ApplicationBuilder, Defaults, MessageHandler, filters

from bot.app import ANY_APP, GIL_SWITCH_INTERVAL, build_application
from bot.config import Config
from bot.transport.ordering import ChatOrderedProcessor
from rigs.fake_server import TOKEN, FakeBotApiServer

GROUPS = tuple(-100_500 - number for number in range(8))  # a busy evening: eight tables
PLAYERS = {"甲": 31, "乙": 32, "丙": 33, "丁": 34}
QUICK_HANDS = (
    "/hu 甲 自摸 爆头",
    "/hu 乙 点炮 丙 七对 有花",
    "/hu 丙 自摸 财飘",
    "/hu 丁 点炮 甲",
    "/hu 甲 杠开 无花",
    "/hu 乙 丙 点炮 丁",
)
FULL_HANDS = (
    "/hu 东 123m456m789m123p白 +5s 自摸",
    "/hu 南 1133m5577p99s东东白 +3s 点炮W",
    "/hu 西 [5555p] 123m456m789m5s +5s 杠开",
)


# What a recording reply looks like on the wire: the second reference sends this, so the
# difference to the product is the work of deciding it (parsing, scoring, the ledger).
RECORDING_SIZED_REPLY = (
    "🀄 #12 · 第 3 局\n<b>甲</b>（东）胡 · 爆头 = 2 番\n"
    "本局：甲 +48 · 乙 −16 · 丙 −16 · 丁 −16\n下一局：甲（东）坐庄 · 圈风 东"
)  # the phone-sized reply (bot.hand_reply), under its two buttons
UNDO_BUTTON = InlineKeyboardMarkup(
    [
        [
            InlineKeyboardButton("↩️ 撤销", callback_data="undo:12"),
            InlineKeyboardButton("📋 详情", callback_data="full:12"),
        ]
    ]
)


async def _reply_only(update: Update, _: Any) -> None:
    """The reference handler: one short reply, nothing else."""
    assert update.effective_message is not None
    await update.effective_message.reply_text("ok")


async def _reply_recording_sized(update: Update, _: Any) -> None:
    """The second reference: a fixed reply of a recording's size, with its two buttons."""
    assert update.effective_message is not None
    await update.effective_message.reply_text(RECORDING_SIZED_REPLY, reply_markup=UNDO_BUTTON)


def reference_app(server: FakeBotApiServer, concurrent: bool, sized: bool = False) -> ANY_APP:
    """A reply-only bot, sequential (PTB's default) or with the product's chat ordering."""
    app: ANY_APP = (
        ApplicationBuilder()
        .token(TOKEN)
        .base_url(server.base_url)
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .concurrent_updates(ChatOrderedProcessor() if concurrent else False)
        .build()
    )
    app.add_handler(MessageHandler(filters.ALL, _reply_recording_sized if sized else _reply_only))
    return app


async def timed_run(
    server: FakeBotApiServer, app: ANY_APP, lines: list[str], answers_each: int
) -> float:
    """Updates per second for ``lines`` pushed at once, until every answer has been sent."""
    assert app.updater is not None
    await app.initialize()
    if app.post_init is not None:
        await app.post_init(app)
    await app.updater.start_polling(poll_interval=0, timeout=1)
    await app.start()
    try:
        before = len(server.sent)
        # Each player sits as themselves (/join), as the hands' senders: a sender seated by
        # name only would be asked once who they are (「你是哪位？」), an answer the timed
        # lines do not count.
        for group in GROUPS:
            server.push(server.updates.message(group, PLAYERS["甲"], "/new 杭州 1 甲"))
        await server.wait_sent(before + len(GROUPS))
        for name in list(PLAYERS)[1:]:
            for group in GROUPS:
                server.push(server.updates.message(group, PLAYERS[name], "/join"))
        await server.wait_sent(before + len(PLAYERS) * len(GROUPS))
        before = len(server.sent)
        start = time.perf_counter()
        for index, line in enumerate(lines):
            group = GROUPS[index % len(GROUPS)]
            who = list(PLAYERS)[index // len(GROUPS) % 4]
            server.push(server.updates.message(group, PLAYERS[who], line))
        await server.wait_sent(before + answers_each * len(lines), timeout=600)
        elapsed = time.perf_counter() - start
    finally:
        await app.updater.stop()
        await app.stop()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)
        await app.shutdown()
    return len(lines) / elapsed


async def measure(count: int, rounds: int, with_pictures: bool) -> dict[str, float]:
    """Best rate of each configuration over ``rounds`` alternating rounds (the machine is
    shared: alternating gives every side the same background load, the best run the least)."""
    server = FakeBotApiServer()
    await server.start()
    for group in GROUPS:
        server.api.add_chat(group, f"bench {group}", kind="supergroup")
    for name, user_id in PLAYERS.items():
        server.api.add_user(user_id, name)
    rates: dict[str, float] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            databases = (Path(tmp) / f"{number}.db" for number in range(1_000_000))

            def product() -> ANY_APP:
                config = Config(
                    token=TOKEN, database_path=str(next(databases)), api_base_url=server.base_url
                )
                return build_application(config, rate_limiter=None)

            quick = [QUICK_HANDS[i % len(QUICK_HANDS)] for i in range(count)]
            runs: list[tuple[str, Callable[[], ANY_APP], list[str], int]] = [
                ("reply-only sequential", lambda: reference_app(server, False), quick, 1),
                ("reply-only", lambda: reference_app(server, True), quick, 1),
                ("reply-sized", lambda: reference_app(server, True, sized=True), quick, 1),
                ("quick", product, quick, 1),
            ]
            if with_pictures:
                full = [FULL_HANDS[i % len(FULL_HANDS)] for i in range(max(count // 4, 3))]
                runs.append(("full-hand", product, full, 2))
            for _ in range(rounds):
                for name, make, lines, answers in runs:
                    rate = await timed_run(server, make(), lines, answers)
                    rates[name] = max(rates.get(name, 0.0), rate)
    finally:
        await server.stop()
    return rates


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bot", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--hands", type=int, default=300, help="recorded hands per run (default 300)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--no-pictures", action="store_true", help="skip the full-hand run")
    args = parser.parse_args(argv)
    sys.setswitchinterval(GIL_SWITCH_INTERVAL)  # as ``python -m bot`` runs, for every side
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("httpx").setLevel(logging.WARNING)
    rates = asyncio.run(measure(args.hands, args.rounds, not args.no_pictures))
    ceiling, sequential, sized = (
        rates["reply-only"],
        rates["reply-only sequential"],
        rates["reply-sized"],
    )
    labels = {
        "reply-only": "reply-only 'ok', chats side by side (as the product)",
        "reply-only sequential": "reply-only 'ok', one update at a time",
        "reply-sized": "reply-only, a recording-sized reply + button",
        "quick": "quick-entry /hu (scoring + SQLite + reply)",
        "full-hand": "full-hand /hu + picture",
    }
    for name, label in labels.items():
        if name not in rates:
            continue
        rate = rates[name]
        ratio = ""
        if not name.startswith("reply"):
            ratio = (
                f"  ratio {rate / ceiling:.2f}"
                f" (vs one at a time {rate / sequential:.2f},"
                f" vs same-size reply {rate / sized:.2f})"
            )
        print(f"{label:<53} {rate:8.1f} updates/s{ratio}")


if __name__ == "__main__":
    main()
