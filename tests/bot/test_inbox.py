"""The bot's side of the inbox, in process against the fake Bot API: an unanswered recording
stays undone and is answered at the next start; a broken reply after the write never says
the hand was not recorded; the webhook receiver ignores updates without a chat."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_process import (
    GROUPS,
    asked,
    hand_update,
    open_tables,
    populated_server,
    replied_to,
    until,
)

from bot.app import ANY_APP, build_application
from bot.config import Config
from bot.context import services_of
from bot.launch.runner import go_live, wind_down
from bot.launch.web_lifecycle import webhook_receiver
from rigs.fake_server import TOKEN, FakeBotApiServer
from storage import Ledger

GROUP = GROUPS[0]


@pytest.fixture
async def server() -> AsyncIterator[FakeBotApiServer]:
    async with populated_server() as fake:
        yield fake


def config_for(server: FakeBotApiServer, tmp_path: Path) -> Config:
    return Config(
        token=TOKEN, database_path=str(tmp_path / "inbox.db"), api_base_url=server.base_url
    )


async def live_bot(server: FakeBotApiServer, config: Config) -> ANY_APP:
    """The bot without retries (a fault reaches the handler at once), taking updates."""
    app = build_application(config, rate_limiter=None)
    await go_live(app, config)
    return app


async def test_an_unanswered_recording_is_answered_at_the_next_start(
    server: FakeBotApiServer, tmp_path: Path
) -> None:
    config = config_for(server, tmp_path)
    app = await live_bot(server, config)
    try:
        server.push(open_tables(server)[0])
        await until(lambda: len(server.sent) == 1, 30, "table opened")
        server.faults.queue["sendMessage"] = ["500"]
        hand = server.push(hand_update(server, GROUP, 0))
        await until(lambda: server.faults.injected[("sendMessage", "500")] == 1, 30, "fault")
        await asyncio.sleep(0.5)  # the error handler and the done-marks of the others
    finally:
        await wind_down(app, None)
    assert asked(hand) not in replied_to(server)
    async with await Ledger.open(config.database_path) as ledger:
        assert [i.update_id for i in await ledger.inbox.undone()] == [hand["update_id"]]
        [entry] = await ledger.reports.entries_by_update(GROUP, hand["update_id"])
    app = await live_bot(server, config)
    try:
        await until(lambda: asked(hand) in replied_to(server), 30, "answered after restart")
    finally:
        await wind_down(app, None)
    answer = server.sent[-1]
    assert f"#{entry.id}" in answer.text and "没有重复记账" in answer.text
    assert "本局：甲 +" in answer.text  # the record itself, not only its number
    async with await Ledger.open(config.database_path) as ledger:
        assert len(await ledger.reports.entries_by_update(GROUP, hand["update_id"])) == 1
        assert await ledger.inbox.undone() == []


async def test_a_reply_refused_after_the_write_says_it_was_recorded(
    server: FakeBotApiServer, tmp_path: Path
) -> None:
    app = await live_bot(server, config_for(server, tmp_path))
    try:
        server.push(open_tables(server)[0])
        await until(lambda: len(server.sent) == 1, 30, "table opened")
        server.faults.queue["sendMessage"] = ["400"]  # the recording's reply only
        hand = server.push(hand_update(server, GROUP, 0))
        await until(lambda: asked(hand) in replied_to(server), 30, "an answer")
        ledger = services_of(app).ledger
        [entry] = await ledger.reports.entries_by_update(GROUP, hand["update_id"])
    finally:
        await wind_down(app, None)
    answer = server.sent[-1].text
    assert f"已经记账（#{entry.id}）" in answer
    assert "没有记账" not in answer


@pytest.mark.parametrize(
    "payload",
    [
        {"update_id": 90, "message": {"message_id": 1, "date": 0}},
        {"update_id": 91},
        {
            "update_id": 92,
            "inline_query": {
                "id": "1",
                "from": {"id": 5, "is_bot": False, "first_name": "甲"},
                "query": "",
                "offset": "",
            },
        },
    ],
    ids=["message-without-chat", "empty", "inline-query"],
)
async def test_webhook_updates_without_a_chat_are_ignored_quietly(
    server: FakeBotApiServer,
    tmp_path: Path,
    payload: dict[str, object],
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = await live_bot(server, config_for(server, tmp_path))
    try:
        with caplog.at_level(logging.INFO):
            await webhook_receiver(app)(payload)
        assert app.update_queue.empty()
        ledger = services_of(app).ledger
        assert await ledger.inbox.undone() == []
    finally:
        await wind_down(app, None)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
