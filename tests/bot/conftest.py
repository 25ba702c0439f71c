"""A real Application over the in-memory Bot API: updates go in through process_update."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from telegram.ext import CallbackQueryHandler, CommandHandler

from bot.app import ANY_APP
from bot.config import Config
from bot.console import ConsoleRequest
from bot.console.local_api import LocalBotApi, Sent, UpdateMaker
from bot.handlers.presses import unknown_press
from bot.launch.compose import compose
from rigs.emulated_bot import EmulatedBot
from rigs.ledger_template import fresh_ledger_file

GROUP = -1001
PLAYERS = {"甲": 11, "乙": 12, "丙": 13, "丁": 14, "戊": 15}


class Harness(EmulatedBot):
    """The bot a test talks to: members' lines and presses, and the table opened."""

    async def say(self, who: str, text: str, chat: int = GROUP, **extra: Any) -> list[Sent]:
        return await self.feed(self.make.message(chat, PLAYERS[who], text, **extra))

    async def press(self, who: str, sent: Sent, index: int = 0) -> list[Sent]:
        assert sent.message_id is not None and sent.chat_id is not None
        data = sent.buttons[index][1]
        return await self.feed(self.make.press(sent.chat_id, PLAYERS[who], sent.message_id, data))

    async def draw(self, who: str = "甲", chat: int = GROUP) -> Sent:
        """/draw and its ✅ (what the menu's /draw asks for): the recording reply."""
        [ask] = await self.say(who, "/draw", chat=chat)
        [ok] = [index for index, (_, data) in enumerate(ask.buttons) if data.endswith(":ok")]
        sent = await self.press(who, ask, ok)
        return [s for s in sent if s.method == "sendMessage"][-1]

    async def open_table(self, line: str = "/new 杭州 1 甲 乙 丙 丁") -> None:
        sent = await self.say("甲", line)
        assert "第" in sent[-1].text or "Session" in sent[-1].text, sent[-1].text


FAULT_COMMAND = "/fault"  # and the button data "fault": see inject_faults


def inject_faults(app: ANY_APP) -> None:
    """An internal fault on demand, as a bug in a handler would raise it: the command /fault
    and a button whose data is 'fault' (no handler of the bot answers either)."""

    async def broken(update: object, context: object) -> None:
        raise RuntimeError("injected fault")

    # Before the bot's last handler, the one that answers every press nobody else took.
    presses = app.handlers[0]
    assert isinstance(presses[-1], CallbackQueryHandler)
    assert presses[-1].callback is unknown_press
    presses.insert(len(presses) - 1, CallbackQueryHandler(broken, pattern="^fault$"))
    app.add_handler(CommandHandler(FAULT_COMMAND.removeprefix("/"), broken))


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with running_harness(tmp_path / "m.db") as running:
        yield running


@asynccontextmanager
async def running_harness(
    database: Path, api: LocalBotApi | None = None, **settings: Any
) -> AsyncIterator[Harness]:
    """The bot over the emulator: the group, its five players (甲 the creator, 丁 an admin),
    faults on demand (``inject_faults``). Given the ``api`` of an earlier run, the bot starts
    again over the same chats and messages (a restart); ``settings``: more Config fields."""
    if api is None:
        api = LocalBotApi()
        api.add_chat(GROUP, "周五麻将", kind="supergroup")
        api.add_chat(PLAYERS["甲"], "甲", kind="private")
        for name, user_id in PLAYERS.items():
            api.add_user(user_id, name)
        api.set_status(GROUP, PLAYERS["甲"], "creator")
        api.set_status(GROUP, PLAYERS["丁"], "administrator")
    config = Config(token="123:TEST", database_path=str(fresh_ledger_file(database)), **settings)
    app = compose(config, request=ConsoleRequest(api), rate_limiter=None)
    inject_faults(app)
    await app.initialize()
    assert app.post_init is not None and app.post_shutdown is not None
    await app.post_init(app)
    try:
        yield Harness(app, api, UpdateMaker(api))
        # A call Telegram would refuse fails the test that made it, even if the bot carried on.
        assert not api.spec_refusals, f"calls Telegram refuses: {api.spec_refusals}"
    finally:
        await app.post_shutdown(app)
        await app.shutdown()


@contextmanager
def module_bot(
    factory: pytest.TempPathFactory, name: str
) -> Iterator[tuple[asyncio.Runner, Harness]]:
    """One running bot and its ledger for a whole module of synchronous (hypothesis) tests:
    the ledger grows as the examples go on."""
    database = Path(factory.mktemp(name)) / f"{name}.db"
    with asyncio.Runner() as runner:
        running = running_harness(database)
        harness = runner.run(running.__aenter__())
        try:
            yield runner, harness
        finally:
            runner.run(running.__aexit__(None, None, None))
