"""Opening the Mini App: a t.me link under the group's standings and recordings, a web_app
button and the menu button in a private chat, nothing while it is not configured."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from bot.console.local_api import Sent
from bot.webapp import start_token
from bot.webapp.start_token import Screen
from rigs.webapp import free_port
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness

BOT_TOKEN = "123:TEST"
SITE = "https://mahjong.example.org"


@pytest.fixture
async def configured(tmp_path: Path) -> AsyncIterator[Harness]:
    settings = {"webapp_url": SITE, "webapp_short_name": "season", "port": free_port()}
    async with running_harness(tmp_path / "m.db", **settings) as harness:
        await harness.open_table()
        await harness.say("甲", "/hu 甲 自摸 财飘")
        yield harness


def webapp_buttons(sent: Sent) -> list[dict[str, Any]]:
    rows = (sent.reply_markup or {}).get("inline_keyboard", [])
    return [b for row in rows for b in row if "url" in b or "web_app" in b]


def opened(button: dict[str, Any]) -> tuple[int, Screen]:
    """The chat and screen a t.me link's startapp names."""
    url = urlsplit(button["url"])
    assert (url.netloc, url.path) == ("t.me", "/mahjong_score_bot/season")
    [token] = parse_qs(url.query)["startapp"]
    assert len(token) <= 64
    target = start_token.read(token, BOT_TOKEN)
    return target.chat_id, target.screen


@pytest.mark.parametrize(
    "line", ["/top", "/top 本月", "/stats", "/tally", "/season", "/season 秋季赛"], ids=str
)
async def test_standings_replies_link_the_season_page(configured: Harness, line: str) -> None:
    sent = await configured.say("甲", line)
    [button] = webapp_buttons(sent[0])
    assert button["text"] == "📊 赛季页面"
    assert opened(button) == (GROUP, Screen.SEASON)


async def test_settle_links_the_season_page(configured: Harness) -> None:
    sent = await configured.say("甲", "/settle")
    [button] = webapp_buttons(sent[0])
    assert opened(button) == (GROUP, Screen.SEASON)


async def test_a_recording_links_the_keyboard(configured: Harness) -> None:
    [reply] = await configured.say("甲", "/hu 乙 自摸")
    [button] = webapp_buttons(reply)
    assert button["text"] == "🀄 整手牌"
    assert opened(button) == (GROUP, Screen.KEYBOARD)
    assert [label for label, _ in reply.buttons if label.startswith("↩")]  # undo still there


async def test_a_private_chat_gets_a_web_app_button_and_the_menu(configured: Harness) -> None:
    chat = PLAYERS["甲"]
    [reply] = await configured.say("甲", "/top", chat=chat)
    [button] = webapp_buttons(reply)
    url = urlsplit(button["web_app"]["url"])
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{SITE}/app/"
    [token] = parse_qs(url.query)["start"]
    assert start_token.read(token, BOT_TOKEN).chat_id == chat
    menu = configured.api.menu_buttons[None]
    assert menu["type"] == "web_app" and menu["web_app"]["url"] == f"{SITE}/app/"


async def test_nothing_is_added_without_a_mini_app(harness: Harness) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", "/hu 甲 自摸")
    [top] = await harness.say("甲", "/top")
    assert webapp_buttons(reply) == [] and webapp_buttons(top) == []
    assert harness.api.menu_buttons == {}
