"""Cards shared outside the chat: the season page's 「分享」 prepares the season card
(savePreparedInlineMessage, checked against the Bot API spec by the emulator), the card's
signed address serves the picture, and the bot's inline mode offers a person only the cards
of the chats they play in."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image
from telegram import Update

from bot.pictures.style import FELT
from rigs.webapp import init_data, token_for, web_server
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness
from tests.webapp.browser import open_in_telegram, signed_telegram, wait_until

BOT_TOKEN = "123:TEST"
PUBLIC = "https://cards.example"
OTHER_GROUP = -1002


@pytest.fixture
async def shared(tmp_path: Path) -> AsyncIterator[tuple[Harness, str]]:
    async with running_harness(tmp_path / "m.db", webapp_url=PUBLIC) as harness:
        harness.api.add_chat(OTHER_GROUP, "周末麻将", kind="supergroup")
        await harness.open_table()
        await harness.say("甲", "/hu 乙 自摸 三财飘")
        async with web_server(harness.app) as base:
            yield harness, base


async def test_share_prepares_the_season_card_for_the_viewer(
    shared: tuple[Harness, str],
) -> None:
    harness, base = shared
    auth = "tma " + init_data(PLAYERS["乙"], "乙", BOT_TOKEN)
    async with httpx.AsyncClient() as client:
        answer = await client.post(
            f"{base}/api/share?start={token_for(GROUP, BOT_TOKEN)}",
            headers={"Authorization": auth},
        )
        assert answer.status_code == 200, answer.text
        prepared_id = answer.json()["id"]
        user, result = harness.api.prepared[prepared_id]
        assert user == PLAYERS["乙"] and result["type"] == "photo"
        assert result["photo_url"].startswith(f"{PUBLIC}/cards/")
        [(_, params)] = [r for r in harness.api.requests if r[0] == "savePreparedInlineMessage"]
        assert params["allow_group_chats"] and params["allow_user_chats"]

        # Telegram fetches the photo by its address: the card, without initData.
        path = result["photo_url"].removeprefix(PUBLIC)
        picture = await client.get(base + path)
        assert picture.status_code == 200 and picture.headers["Content-Type"] == "image/png"
        card = Image.open(io.BytesIO(picture.content)).convert("RGB")
        assert card.getpixel((2, 2)) == FELT
        forged = path[:-8] + ("A" if path[-5] != "A" else "B") + path[-4:]
        assert (await client.get(base + forged)).status_code == 404
        page_token = token_for(GROUP, BOT_TOKEN)  # a page's link is not a card's address
        assert (await client.get(f"{base}/cards/{page_token}.png")).status_code == 404


async def inline_answer(harness: Harness, who: str) -> list[dict[str, object]]:
    before = len(harness.api.sent)
    update = harness.make.inline_query(PLAYERS[who], "")
    await harness.app.process_update(Update.de_json(update, harness.app.bot))
    [answer] = [s for s in harness.api.sent[before:] if s.method == "answerInlineQuery"]
    results: list[dict[str, object]] = answer.params["results"]
    return results


@pytest.mark.parametrize(
    ("who", "chats"),
    # the chat with the latest hand first (OTHER_GROUP has only just opened a table)
    [("甲", [GROUP]), ("丙", [GROUP, OTHER_GROUP]), ("戊", [])],
    ids=["one-chat", "two-chats", "plays-nowhere"],
)
async def test_inline_mode_offers_only_the_askers_chats(
    shared: tuple[Harness, str], who: str, chats: list[int]
) -> None:
    harness, _ = shared
    await harness.say("丙", "/hu 丙 自摸", chat=GROUP)  # 丙 records in the first group
    harness.api.set_status(OTHER_GROUP, PLAYERS["丙"], "creator")
    await harness.say("丙", "/new 杭州 1 丙 乙 丁 戊", chat=OTHER_GROUP)
    results = await inline_answer(harness, who)
    assert [r["id"] for r in results] == [f"card-{chat}" for chat in chats]
    for result in results:
        assert str(result["photo_url"]).startswith(f"{PUBLIC}/cards/")


@pytest.mark.browser
async def test_the_pages_share_button_hands_the_prepared_id_to_telegram(
    shared: tuple[Harness, str], browser: Any
) -> None:
    harness, base = shared
    start = token_for(GROUP, BOT_TOKEN)
    shares = "window.Telegram.WebApp.shareMessage = (id) => { window.sharedId = id; };"
    telegram = signed_telegram("乙", start) + shares
    page = await open_in_telegram(browser, f"{base}/app/?start={start}", telegram)
    await page.wait_for_selector("body[data-ready='1']")
    await page.click("#share")
    await wait_until(page, "window.sharedId !== undefined")
    shared_id = await page.evaluate("window.sharedId")
    assert harness.api.prepared[shared_id][0] == PLAYERS["乙"]
