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
from bot.tap import choices

PLAYERS = {"甲": 41, "乙": 42, "丙": 43, "丁": 44}
TYPED = "/hu 甲 点炮 丙 七对 有花"
PAUSE = 0.5  # a player finding the next button: the next step is asked ahead meanwhile
RECORD = "✅ 记账"
TAPS = ("甲", "点炮", "丙", "七对", "有花", RECORD)
# The hands issue 23 counts, from the menu's /hu (or /kong) to ✅.
COUNTED = (
    ("/hu", ("甲", "自摸", RECORD)),
    ("/hu", ("甲", "自摸", "爆头", RECORD)),
    ("/hu", ("乙", "点炮", "丙", RECORD)),
    ("/kong", ("甲", "明杠 丙", RECORD)),
    ("/hu", TAPS),
)


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

    async def tap_hand(
        self,
        slowest: list[tuple[str, float]],
        command: str = "/hu",
        taps: tuple[str, ...] = TAPS,
        pause: float = 0.0,
    ) -> None:
        """The hand by ``taps``, each press's time added to ``slowest``; ``pause`` seconds
        between presses, a player finding the next button (not counted)."""
        [shown] = await self.say(command)
        for label in taps:
            await asyncio.sleep(pause)
            data = next(d for text, d in shown.buttons if text.removeprefix("✓ ") == label)
            assert shown.message_id is not None
            start = time.perf_counter()
            sent = await self.feed(
                self.make.press(self.chat, PLAYERS["甲"], shown.message_id, data)
            )
            slowest.append((label, time.perf_counter() - start))
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
        presses: list[tuple[str, float]] = []
        await tapped.tap_hand([])  # the first hand asks what later ones remember
        start = time.perf_counter()
        for _ in range(hands):
            await typed.say(TYPED)
        typed_time = (time.perf_counter() - start) / hands
        start = time.perf_counter()
        for _ in range(hands):
            await tapped.tap_hand(presses)
        tapped_time = (time.perf_counter() - start) / hands
        cold: list[tuple[str, float]] = []
        for command, taps in COUNTED:  # each reaches ✅ (or the lookup of a label fails)
            choices.forget()  # nothing remembered: as after a restart
            await tapped.tap_hand(cold, command, taps, pause=PAUSE)
    finally:
        await app.post_shutdown(app)
        await app.shutdown()
    print(f"typed hand   {typed_time * 1000:8.1f} ms  ({TYPED})")
    print(f"tapped hand  {tapped_time * 1000:8.1f} ms  (/hu + {len(TAPS)} presses)")
    print(f"ratio tapped/typed {tapped_time / typed_time:.1f}")
    for command, taps in COUNTED:
        print(f"{len(taps)} presses  {command} → {' → '.join(taps)}")
    for name, timed in (("warm", presses), (f"cold, {PAUSE} s between presses", cold)):
        for which, times in (
            ("a step", [t for label, t in timed if label != RECORD]),
            ("✅, the write and reply", [t for label, t in timed if label == RECORD]),
        ):
            median = sorted(times)[len(times) // 2] * 1000
            worst = max(times) * 1000
            print(f"per press ({name}), {which}: median {median:.1f} ms, worst {worst:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(args.hands, Path(folder)))


if __name__ == "__main__":
    main()
