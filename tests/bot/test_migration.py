"""A group that became a supergroup, all the way (issue 21, item 4): an update still carrying
the old group id is recorded and answered as the supergroup's, across a restart too; a call
Telegram refuses with ChatMigrated goes once more to the supergroup; the error handler
never raises, whatever its own reply meets."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from bot_process import PLAYERS, asked, populated_server, replied_to, until

from bot.app import ANY_APP, build_application
from bot.config import Config
from bot.console.local_api import ApiError, LocalBotApi, UpdateMaker
from bot.context import services_of
from bot.launch.runner import go_live, wind_down
from rigs.fake_server import TOKEN, FakeBotApiServer, FaultKind
from storage import InboxItem, Ledger
from tests.bot.conftest import FAULT_COMMAND, inject_faults

OLD = -7201  # a basic group
NEW = -1007201  # the supergroup it became
RECORDED = "本局：甲 +"


@pytest.fixture
async def server() -> AsyncIterator[FakeBotApiServer]:
    async with populated_server() as fake:
        fake.api.add_chat(OLD, "周五麻将", kind="group")
        fake.api.set_status(OLD, PLAYERS["甲"], "creator")
        fake.api.add_chat(NEW, "周五麻将", kind="supergroup")
        fake.api.set_status(NEW, PLAYERS["甲"], "creator")
        yield fake


async def live_bot(server: FakeBotApiServer, tmp_path: Path) -> ANY_APP:
    """The bot without retries, polling the fake Bot API, /fault on demand."""
    config = Config(
        token=TOKEN, database_path=str(tmp_path / "moved.db"), api_base_url=server.base_url
    )
    app = build_application(config, rate_limiter=None)
    inject_faults(app)
    await go_live(app, config)
    return app


def say(server: FakeBotApiServer, chat: int, text: str) -> dict[str, Any]:
    return server.push(server.updates.message(chat, PLAYERS["甲"], text))


def sent_to(server: FakeBotApiServer, chat: int) -> list[str]:
    return [s.text for s in server.sent if s.chat_id == chat]


async def entries(app: ANY_APP, chat: int, update: dict[str, Any]) -> int:
    return len(await services_of(app).ledger.reports.entries_by_update(chat, update["update_id"]))


def quiet(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Errors, tracebacks and warnings the bot logged."""
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


async def test_a_late_hand_with_the_old_group_id_is_the_supergroups(
    server: FakeBotApiServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The issue's case: a /hu typed before the client heard of the move arrives after
    migrate_to_chat_id. It is recorded in the moved session and answered in the supergroup,
    and a restart remembers the move."""
    app = await live_bot(server, tmp_path)
    try:
        say(server, OLD, "/new 杭州 1 甲 乙 丙 丁")
        first = say(server, OLD, "/hu 甲 自摸 爆头")
        await until(lambda: asked(first) in replied_to(server), 30, "the first hand")
        with caplog.at_level(logging.INFO):
            server.push(server.updates.migrate(OLD, NEW, PLAYERS["甲"]))
            late = say(server, OLD, "/hu 甲 自摸 爆头")
            await until(lambda: sum(RECORDED in t for t in sent_to(server, NEW)) == 1, 30, "late")
        assert await entries(app, NEW, late) == 1
        assert await entries(app, OLD, late) == 0
        tally = await services_of(app).ledger.reports.tally(NEW)
        assert sorted(tally.balances.values())[-1] == 96  # both hands, one session
    finally:
        await wind_down(app, None)
    assert server.api.refusals == []  # nothing was even tried in the old group
    assert quiet(caplog) == []
    app = await live_bot(server, tmp_path)
    try:
        later = say(server, OLD, "/hu 甲 自摸 爆头")
        await until(lambda: sum(RECORDED in t for t in sent_to(server, NEW)) == 2, 30, "later")
        assert await entries(app, NEW, later) == 1
    finally:
        await wind_down(app, None)
    assert server.api.refusals == []


async def test_a_move_and_a_late_hand_left_undone_are_replayed_in_order(
    server: FakeBotApiServer, tmp_path: Path
) -> None:
    """The run that took the move and the late hand stopped before handling either: the
    next start moves the ledger first, then records the hand in the supergroup."""
    app = await live_bot(server, tmp_path)
    try:
        say(server, OLD, "/new 杭州 1 甲 乙 丙 丁")
        await until(lambda: len(sent_to(server, OLD)) == 1, 30, "table opened")
    finally:
        await wind_down(app, None)
    move = server.updates.migrate(OLD, NEW, PLAYERS["甲"])
    late = server.updates.message(OLD, PLAYERS["甲"], "/hu 甲 自摸 爆头")
    async with await Ledger.open(tmp_path / "moved.db") as ledger:
        await ledger.inbox.store(
            [InboxItem(u["update_id"], OLD, json.dumps(u)) for u in (move, late)]
        )
    app = await live_bot(server, tmp_path)
    try:
        await until(lambda: any(RECORDED in t for t in sent_to(server, NEW)), 30, "replayed")
        assert await entries(app, NEW, late) == 1
    finally:
        await wind_down(app, None)
    assert server.api.refusals == []


@pytest.mark.parametrize(
    ("line", "says"),
    [("/hu 甲 自摸 爆头", RECORDED), ("/hu 戊 自摸", "戊"), ("/tally", "还没有记录")],
    ids=["a-hand", "a-mistake", "a-view"],
)
async def test_a_reply_refused_with_chat_migrated_goes_to_the_supergroup(
    server: FakeBotApiServer, tmp_path: Path, line: str, says: str
) -> None:
    """The bot never heard of the move (Telegram's news of it was lost): the group's ledger
    is still under the old id, but what the bot says reaches the group where it is now."""
    app = await live_bot(server, tmp_path)
    try:
        say(server, OLD, "/new 杭州 1 甲 乙 丙 丁")
        await until(lambda: len(sent_to(server, OLD)) == 1, 30, "table opened")
        server.api.moved[OLD] = NEW
        update = say(server, OLD, line)
        await until(lambda: any(says in t for t in sent_to(server, NEW)), 30, "answered")
        await until(lambda: app.update_queue.empty(), 30, "idle")
        if line.startswith("/hu 甲"):
            assert await entries(app, OLD, update) == 1
    finally:
        await wind_down(app, None)
    refusals = server.api.refusals  # each call once to the old group, then to the new
    assert refusals and all(r.parameters == {"migrate_to_chat_id": NEW} for _, r in refusals)
    answers = [s for s in server.sent if s.chat_id == NEW]
    assert [s.method for s in answers] == [method for method, _ in refusals]
    assert not [s for s in answers if "reply_parameters" in s.params]  # the asking message
    # stayed in the old group


FAILURES: dict[str, tuple[FaultKind | None, bool]] = {
    # what the error handler's own reply meets: (a fault of the fake Bot API, or a move to a
    # chat that is gone), and whether the update stays undone for the next start
    "migrated-to-a-chat-gone": (None, False),
    "refused": ("400", False),
    "server-error": ("500", True),
    "dropped-connection": ("drop", True),
}


@pytest.mark.parametrize(("fault", "held"), list(FAILURES.values()), ids=list(FAILURES.keys()))
async def test_the_error_handler_never_raises(
    server: FakeBotApiServer,
    tmp_path: Path,
    fault: FaultKind | None,
    held: bool,
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = await live_bot(server, tmp_path)
    try:
        say(server, NEW, "/new 杭州 1 甲 乙 丙 丁")
        await until(lambda: len(sent_to(server, NEW)) == 1, 30, "table opened")
        if fault is None:
            server.api.moved[NEW] = -1009404  # never added: "chat not found"
        else:
            server.faults.queue["sendMessage"] = [fault]
        with caplog.at_level(logging.INFO):
            broken = say(server, NEW, FAULT_COMMAND)
            await until(lambda: any("failed too" in m for m in quiet(caplog)), 30, "logged")
        server.api.moved.clear()
        hand = say(server, NEW, "/hu 甲 自摸 爆头")
        await until(lambda: asked(hand) in replied_to(server), 30, "the bot goes on")
    finally:
        await wind_down(app, None)
    async with await Ledger.open(tmp_path / "moved.db") as ledger:
        undone = [item.update_id for item in await ledger.inbox.undone()]
    assert undone == ([broken["update_id"]] if held else [])
    logged = quiet(caplog)
    assert not [m for m in logged if "uncaught error" in m]  # PTB's second traceback
    assert sum("failed too" in m for m in logged) == 1
    assert len([r for r in caplog.records if r.exc_info]) == 1  # the fault's own


def test_the_emulator_refuses_the_old_group_as_telegram_does() -> None:
    """After the move every call naming the group is refused with the supergroup's id in
    ``parameters`` (PTB raises ChatMigrated from it); the supergroup takes them."""
    api = LocalBotApi()
    api.add_chat(OLD, "周五麻将", kind="group")
    api.add_chat(NEW, "周五麻将", kind="supergroup")
    api.add_user(PLAYERS["甲"], "甲")
    UpdateMaker(api).migrate(OLD, NEW, PLAYERS["甲"])
    for method, params in [
        ("sendMessage", {"chat_id": str(OLD), "text": "你好"}),
        ("sendChatAction", {"chat_id": str(OLD), "action": "typing"}),
        ("getChatMember", {"chat_id": str(OLD), "user_id": str(PLAYERS["甲"])}),
    ]:
        with pytest.raises(ApiError) as refused:
            api.call(method, params)
        assert refused.value.body() == {
            "ok": False,
            "error_code": 400,
            "description": "Bad Request: group chat was upgraded to a supergroup chat",
            "parameters": {"migrate_to_chat_id": NEW},
        }
    assert api.call("sendMessage", {"chat_id": str(NEW), "text": "你好"})["chat"]["id"] == NEW
