"""The real PTB application polls a fake Bot API server on 127.0.0.1 for a whole evening."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from telegram.ext import AIORateLimiter

from bot.app import ANY_APP, build_application
from bot.config import Config
from bot.console.local_api import Sent
from rigs.fake_server import TOKEN, FakeBotApiServer
from storage import Ledger

GROUP = -100777
USERS = {"甲": 21, "乙": 22, "丙": 23, "丁": 24}


@pytest.fixture
async def server() -> AsyncIterator[FakeBotApiServer]:
    fake = FakeBotApiServer()
    await fake.start()
    fake.api.add_chat(GROUP, "周五麻将", kind="supergroup")
    for name, user_id in USERS.items():
        fake.api.add_user(user_id, name, username=f"p{user_id}")
    fake.api.set_status(GROUP, USERS["甲"], "creator")
    try:
        yield fake
        assert not fake.api.spec_refusals, f"calls Telegram refuses: {fake.api.spec_refusals}"
    finally:
        await fake.stop()


def app_for(server: FakeBotApiServer, tmp_path: Path, **env: str) -> ANY_APP:
    config = Config.from_env(
        {
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": server.base_url,
            "DATABASE_PATH": str(tmp_path / "evening.db"),
            **env,
        }
    )
    # The production limiter with its limits switched off: a test evening is faster than 20/min.
    return build_application(
        config, rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0)
    )


class Table:
    """Players typing into the group; each call waits for the bot's answers."""

    def __init__(self, server: FakeBotApiServer) -> None:
        self.server = server

    async def send(self, update: dict[str, Any], answers: int) -> list[Sent]:
        before = len(self.server.sent)
        self.server.push(update)
        sent = await self.server.wait_sent(before + answers)
        return sent[before:]

    async def say(self, who: str, text: str, answers: int = 1) -> list[Sent]:
        return await self.send(self.server.updates.message(GROUP, USERS[who], text), answers)

    async def press(self, who: str, message: Sent, answers: int) -> list[Sent]:
        assert message.message_id is not None
        update = self.server.updates.press(
            GROUP, USERS[who], message.message_id, message.buttons[0][1]
        )
        return await self.send(update, answers)


async def balances(ledger: Ledger, session_id: int) -> dict[str, int]:
    tally = await ledger.reports.tally(GROUP, session_id)
    return {row.player.name: row.balance for row in tally.rows}


async def test_a_whole_evening_over_long_polling(server: FakeBotApiServer, tmp_path: Path) -> None:
    app = app_for(server, tmp_path)
    await app.initialize()
    assert app.post_init is not None and app.post_shutdown is not None
    await app.post_init(app)
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=1)
    await app.start()
    table = Table(server)
    ledger: Ledger = app.bot_data["services"].db
    try:
        assert {"zh", "en", ""} <= set(server.api.commands)

        [opened] = await table.say("甲", "/new 杭州 1 甲 乙 丙 丁")
        assert "第 1 场开始 · 杭州麻将 · 底分 1" in opened.text
        full, photo = await table.say("甲", "/hu 东 123m456m789m123p白 +5s 自摸", answers=2)
        assert "爆头" in full.text and "甲 +48" in full.text and full.buttons[0][0].endswith("撤销")
        assert photo.method == "sendPhoto" and photo.content and photo.content[:4] == b"\x89PNG"

        quick_update = server.updates.message(GROUP, USERS["乙"], "/hu 乙 点炮 丙 七对 有花")
        # 乙 and 丁 sit by name, as guests: each is asked once who they are (issue 30)
        [quick, who] = await table.send(quick_update, answers=2)
        assert who.text.startswith("乙，你是哪位？")
        assert "财神七对" in quick.text and "乙 +16" in quick.text and "丙 −16" in quick.text
        assert "下一局：乙（南）坐庄" in quick.text  # 杭州: the dealer lost, the deal moves on

        [kong, _who] = await table.say("丁", "/kong 丁 暗杠", answers=2)
        assert "暗杠" in kong.text and "丁 +6" in kong.text
        [draw] = await table.say("乙", "/流局")  # typed: recorded at once
        assert "流局" in draw.text

        [refused] = await table.press("丙", draw, answers=1)
        assert refused.method == "answerCallbackQuery" and "群管理员" in refused.text
        answer, edited = await table.press("乙", draw, answers=2)
        assert answer.method == "answerCallbackQuery" and edited.method == "editMessageText"
        assert "已由 乙 撤销" in edited.text and edited.buttons == []

        # Telegram delivering the same update again: the inbox holds it already, so it is
        # neither recorded nor answered twice (the /tally behind it is the one answer).
        server.push(quick_update)
        tally, chart = await table.say("甲", "/tally", answers=2)
        assert "乙" in tally.text and chart.method == "sendPhoto"
        assert not [sent for sent in server.sent if "已经记过了" in sent.text]

        session = await ledger.sessions.current(GROUP)
        assert session is not None
        assert await balances(ledger, session.id) == {"甲": 46, "乙": -2, "丁": -10, "丙": -34}

        [denied] = await table.say("丙", "/settle")
        assert "开局的人或群管理员" in denied.text
        settled, picture = await table.say("甲", "/settle", answers=2)
        assert "第 1 场结算" in settled.text and "丙 → 甲：34" in settled.text
        assert picture.method == "sendPhoto"
        assert await ledger.sessions.current(GROUP) is None

        # A second ruleset the same evening: 湖州强盗胡, 底分 2, with a typed hand and 一炮多响.
        await table.say("乙", "/new 强盗胡 2 甲 乙 丙 丁")
        huzhou, _ = await table.say("甲", "/hu 甲 123p456p789p东东东2m +1s 自摸 翻1m", answers=2)
        assert "有花" in huzhou.text and "甲 +12" in huzhou.text
        [double] = await table.say("丙", "/hu 乙 丙 点炮 丁")
        assert "乙 +2" in double.text and "丙 +2" in double.text and "丁 −4" in double.text
        second = await ledger.sessions.current(GROUP)
        assert second is not None and second.ruleset == "huzhou-qiangdao"
        assert await balances(ledger, second.id) == {"甲": 12, "乙": -2, "丙": -2, "丁": -8}
        whole = await ledger.reports.tally(GROUP)
        assert sum(row.balance for row in whole.rows) == 0
    finally:
        await app.updater.stop()
        await app.stop()
        await app.post_shutdown(app)
        await app.shutdown()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def test_webhook_needs_the_secret_token(server: FakeBotApiServer, tmp_path: Path) -> None:
    app = app_for(server, tmp_path)
    port = free_port()
    await app.initialize()
    assert app.post_init is not None and app.post_shutdown is not None and app.updater is not None
    await app.post_init(app)
    await app.updater.start_webhook(
        listen="127.0.0.1",
        port=port,
        url_path="telegram",
        secret_token="s3cret-token",
        webhook_url="https://mahjong.example.invalid/telegram",
    )
    await app.start()
    try:
        assert server.api.webhook == {
            "url": "https://mahjong.example.invalid/telegram",
            "secret_token": "s3cret-token",
        }
        update = server.updates.message(GROUP, USERS["甲"], "/help")
        async with httpx.AsyncClient() as client:
            url = f"http://127.0.0.1:{port}/telegram"
            forged = await client.post(url, json=update)
            wrong = await client.post(
                url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "nope"}
            )
            assert (forged.status_code, wrong.status_code) == (403, 403)
            assert server.sent == []
            good = await client.post(
                url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret-token"}
            )
            assert good.status_code == 200
        [help_reply] = await server.wait_sent(1)
        assert "麻将计分助手" in help_reply.text
    finally:
        await app.updater.stop()
        await app.stop()
        await app.post_shutdown(app)
        await app.shutdown()
