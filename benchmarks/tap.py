"""``python -m benchmarks.tap``: a hand recorded by buttons against the same hand typed.

Both run in one process through the real Application and the in-memory Bot API
(``bot.console``), in chats of their own. The typed hand is one update (`/hu 甲 点炮 丙 七对
有花`); the tapped one is the bare /hu and the eight presses that reach ✅ for the same line,
each press edit rendering its step (the patterns step asks the core ~60 times what each
pattern would pay). Prints the time per hand of each and their ratio, and the slowest press.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from telegram import Update

from bot.app import ANY_APP, build_application
from bot.config import Config
from bot.console import ConsoleRequest
from bot.console.local_api import LocalBotApi, Sent, UpdateMaker

PLAYERS = {"甲": 41, "乙": 42, "丙": 43, "丁": 44}
TYPED = "/hu 甲 点炮 丙 七对 有花"
TAPS = ("甲", "▶ 下一步", "点炮", "丙", "七对", "有花", "▶ 下一步", "✅ 记账")


class Table:
    """One chat of the benchmark: its own session, its messages pressed by 甲."""

    def __init__(self, app: ANY_APP, api: LocalBotApi, chat: int) -> None:
        self.app, self.api, self.make, self.chat = app, api, UpdateMaker(api), chat

    async def feed(self, update: dict[str, Any]) -> list[Sent]:
        before = len(self.api.sent)
        await self.app.process_update(Update.de_json(update, self.app.bot))
        return self.api.sent[before:]

    async def say(self, text: str) -> list[Sent]:
        return await self.feed(self.make.message(self.chat, PLAYERS["甲"], text))

    async def tap_hand(self, slowest: list[float]) -> None:
        [shown] = await self.say("/hu")
        for label in TAPS:
            data = next(d for text, d in shown.buttons if text.removeprefix("✓ ") == label)
            assert shown.message_id is not None
            start = time.perf_counter()
            sent = await self.feed(
                self.make.press(self.chat, PLAYERS["甲"], shown.message_id, data)
            )
            slowest.append(time.perf_counter() - start)
            shown = next((s for s in sent if s.method == "editMessageText"), shown)


async def run(hands: int, folder: Path) -> None:
    api = LocalBotApi()
    for name, user_id in PLAYERS.items():
        api.add_user(user_id, name)
    config = Config(token="123:BENCH", database_path=str(folder / "tap.db"))
    app = build_application(config, request=ConsoleRequest(api), rate_limiter=None)
    await app.initialize()
    assert app.post_init is not None and app.post_shutdown is not None
    await app.post_init(app)
    try:
        typed, tapped = Table(app, api, -100_701), Table(app, api, -100_702)
        for table in (typed, tapped):
            api.add_chat(table.chat, "bench", kind="supergroup")
            await table.say("/new 杭州 1 甲 乙 丙 丁")
        presses: list[float] = []
        start = time.perf_counter()
        for _ in range(hands):
            await typed.say(TYPED)
        typed_time = (time.perf_counter() - start) / hands
        start = time.perf_counter()
        for _ in range(hands):
            await tapped.tap_hand(presses)
        tapped_time = (time.perf_counter() - start) / hands
    finally:
        await app.post_shutdown(app)
        await app.shutdown()
    print(f"typed hand   {typed_time * 1000:8.1f} ms  ({TYPED})")
    print(f"tapped hand  {tapped_time * 1000:8.1f} ms  (/hu + {len(TAPS)} presses)")
    print(f"ratio tapped/typed {tapped_time / typed_time:.1f}")
    median = sorted(presses)[len(presses) // 2]
    print(f"presses: median {median * 1000:.1f} ms, slowest {max(presses) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(args.hands, Path(folder)))


if __name__ == "__main__":
    main()
