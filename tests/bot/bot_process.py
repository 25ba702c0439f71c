"""``python -m bot`` as a child process against the fake Bot API, for the delivery tests:
start it, SIGKILL it, stop it with SIGTERM, and read what its ledger recorded."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from rigs.fake_server import TOKEN, FakeBotApiServer
from storage import Ledger

GROUPS = (-7001, -7002, -7003, -7004)
PLAYERS = {"甲": 41, "乙": 42, "丙": 43, "丁": 44}
HANDS = ("/hu 甲 自摸 爆头", "/hu 乙 点炮 丙 七对 有花", "/hu 丙 自摸 财飘", "/hu 丁 点炮 甲")
SECRET = "s3cret_token"


def populate(server: FakeBotApiServer) -> None:
    """The four groups and their players, 甲 each group's creator."""
    for group in GROUPS:
        server.api.add_chat(group, f"桌 {group}", kind="supergroup")
        server.api.set_status(group, PLAYERS["甲"], "creator")
    for name, user_id in PLAYERS.items():
        server.api.add_user(user_id, name)


@asynccontextmanager
async def populated_server() -> AsyncIterator[FakeBotApiServer]:
    """The fake Bot API over HTTP on 127.0.0.1, holding ``populate``'s groups."""
    fake = FakeBotApiServer()
    await fake.start()
    populate(fake)
    try:
        yield fake
        assert not fake.api.spec_refusals, f"calls Telegram refuses: {fake.api.spec_refusals}"
    finally:
        await fake.stop()


class BotProcess:
    """One bot over its runs: the same database and log file every time it starts."""

    def __init__(self, server: FakeBotApiServer, tmp_path: Path, **env: str) -> None:
        self.database = tmp_path / "bot.db"
        self.log = tmp_path / "bot.log"
        self.env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": server.base_url,
            "DATABASE_PATH": str(self.database),
            "LOG_LEVEL": "WARNING",
            **env,
        }
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", env=self.env, stdout=log, stderr=log
            )

    async def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        await self.process.wait()

    async def stop(self, sig: int = signal.SIGTERM) -> float:
        """Seconds from the signal to the exit; the exit code must be 0."""
        assert self.process is not None
        began = time.monotonic()
        self.process.send_signal(sig)
        code = await asyncio.wait_for(self.process.wait(), 30)
        assert code == 0, self.log.read_text()
        return time.monotonic() - began

    async def ensure_stopped(self) -> None:
        if self.process is not None and self.process.returncode is None:
            await self.kill()


async def until(check: Callable[[], bool], timeout: float, what: str) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.02)
    assert check(), what


def replied_to(server: FakeBotApiServer) -> set[tuple[int, int]]:
    """(chat, message) of every message the bot answered by a reply."""
    found = set()
    for sent in server.sent:
        reply: Any = sent.params.get("reply_parameters")
        if sent.chat_id is not None and isinstance(reply, dict):
            found.add((sent.chat_id, int(reply["message_id"])))
    return found


def hand_update(server: FakeBotApiServer, group: int, number: int) -> dict[str, Any]:
    return server.updates.message(group, PLAYERS["甲"], HANDS[number % len(HANDS)])


def open_tables(server: FakeBotApiServer) -> list[dict[str, Any]]:
    return [
        server.updates.message(group, PLAYERS["甲"], "/new 杭州 1 甲 乙 丙 丁") for group in GROUPS
    ]


def asked(update: dict[str, Any]) -> tuple[int, int]:
    message = update["message"]
    return message["chat"]["id"], message["message_id"]


async def entries_per_update(database: Path, updates: list[dict[str, Any]]) -> list[int]:
    """How many ledger entries each update recorded (1 each: none lost, none doubled)."""
    async with await Ledger.open(database) as ledger:
        return [
            len(await ledger.reports.entries_by_update(asked(u)[0], u["update_id"]))
            for u in updates
        ]
