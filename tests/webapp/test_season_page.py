"""The season page in a real browser (Debian's Chromium through Playwright, launched by
browser.py): a populated ledger, Telegram.WebApp stubbed with initData signed by the test token;
the page's numbers are /tally's, /stats' and /top's, and a bad signature shows a page that says
so. Screenshots of each screen (390×844) go to docs/images with WEBAPP_SCREENSHOTS=1.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.webapp.start_token import Screen
from rigs.webapp import BOT_TOKEN, token_for, web_server
from tests.bot.conftest import GROUP, Harness, running_harness
from tests.webapp.browser import open_in_telegram, screenshot, signed_telegram

pytestmark = pytest.mark.browser
HANDS = (
    "/hu 甲 自摸 财飘",
    "/hu 乙 点炮 甲 七对 有花",
    "/hu 丙 自摸",
    "/hu 丁 123m456m789m123p白白 自摸",
)


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[tuple[Harness, str]]:
    async with running_harness(tmp_path / "m.db") as harness:
        await harness.open_table()
        for line in HANDS:
            await harness.say("甲", line)
        async with web_server(harness.app) as base:
            yield harness, base


async def open_page(
    browser: Any,
    base: str,
    *,
    who: str = "甲",
    token: str = BOT_TOKEN,
    dark: bool = False,
) -> Any:
    """The season page as ``who`` opens the group's 📊 赛季页面 link (initData signed by
    ``token``), once it has drawn itself."""
    theme = "dark" if dark else "light"
    start = token_for(GROUP, BOT_TOKEN)
    telegram = signed_telegram(who, start, bot_token=token, theme=theme)
    page = await open_in_telegram(browser, f"{base}/app/", telegram, theme)
    await page.wait_for_selector("body[data-ready='1']")
    return page


async def snap(page: Any, name: str) -> None:
    await screenshot(page, f"webapp-{name}")


def chat_points(text: str) -> dict[str, int]:
    """'甲 +64' lines (/tally) or '1. 甲 +64 ·' lines (/top) as name → points."""
    found = re.findall(r"^(?:\d+\. )?(\S+) ([+−]?\d+)(?: ·|$)", text, re.M)
    return {name: int(points.replace("−", "-")) for name, points in found}


async def page_rows(page: Any) -> dict[str, str]:
    rows = await page.locator("#standings .row").all()
    return {
        await row.locator(".name").inner_text(): await row.locator(".points").inner_text()
        for row in rows
    }


async def test_the_page_says_what_the_chat_says(site: tuple[Harness, str], browser: Any) -> None:
    harness, base = site
    tally = (await harness.say("甲", "/tally"))[0]
    [top] = await harness.say("甲", "/top")
    [stats] = await harness.say("甲", "/stats")
    page = await open_page(browser, base)
    shown = {
        name: int(points.replace("−", "-")) for name, points in (await page_rows(page)).items()
    }
    assert shown == chat_points(tally.text) == chat_points(top.text)
    details = await page.locator("#standings .detail").all_inner_texts()
    for name, detail in zip(
        await page.locator("#standings .name").all_inner_texts(), details, strict=True
    ):
        hands, wins = re.match(r"(\d+) 局 · 胡 (\d+)", detail).groups()  # type: ignore[union-attr]
        assert f"{name}：{hands} 局 胡 {wins}" in stats.text
    assert await page.locator("#standings h2").inner_text() == "最大一手"
    biggest = await page.locator("#standings .biggest").all_inner_texts()
    assert biggest[0].split() == ["甲", "#1", "96", "·", "财飘"]  # the first hand
    await snap(page, "standings")


async def test_a_person_head_to_head_and_history(site: tuple[Harness, str], browser: Any) -> None:
    _, base = site
    page = await open_page(browser, base)
    await page.locator("#standings .row", has_text="甲").click()
    await page.wait_for_selector("#person svg.trend polyline")
    assert "+64" in await page.locator("#person h2").first.inner_text()
    await snap(page, "person")
    await page.locator("#tabs button[data-tab='h2h']").click()
    await page.wait_for_selector("#h2h-result .entry")
    assert "4" in await page.locator("#h2h-result").inner_text()
    await snap(page, "h2h")
    await page.locator("#tabs button[data-tab='history']").click()
    await page.wait_for_selector("#history .entry img")
    assert await page.locator("#history .entry").count() == 4
    await snap(page, "history")


async def test_the_period_switcher(site: tuple[Harness, str], browser: Any) -> None:
    _, base = site
    page = await open_page(browser, base, dark=True)
    labels = await page.locator("#periods button").all_inner_texts()
    assert labels[:5] == ["本周", "本月", "上月", "今年", "全部"]
    await page.locator("#periods button", has_text="上月").click()
    await page.wait_for_selector("#standings p.hint")
    assert await page.locator("#standings").inner_text() == "这段时间还没有记录"
    await page.locator("#periods button", has_text="本月").click()
    await page.wait_for_selector("#standings .row")
    await snap(page, "standings-dark")


async def test_a_bad_signature_shows_a_clear_page(site: tuple[Harness, str], browser: Any) -> None:
    _, base = site
    page = await open_page(browser, base, token="999:another-bot")
    problem = page.locator("#problem")
    assert await problem.is_visible()
    assert "无法确认你的身份" in await problem.inner_text()
    await snap(page, "bad-signature")


async def test_an_english_chat_gets_an_english_page(
    site: tuple[Harness, str], browser: Any
) -> None:
    harness, base = site
    await harness.say("甲", "/lang en")
    page = await open_page(browser, base)
    labels = await page.locator("#periods button").all_inner_texts()
    assert labels[:5] == ["this week", "this month", "last month", "this year", "all time"]
    assert await page.locator("#tabs button").all_inner_texts() == [
        "Standings",
        "Head to head",
        "History",
    ]
    assert "4 hands" in await page.locator("#standings .detail").first.inner_text()
    assert await page.locator("#standings h2").inner_text() == "Biggest hands"


async def test_a_keyboard_link_opens_the_keyboard_page(
    site: tuple[Harness, str], browser: Any
) -> None:
    """The 🀄 整手牌 token's screen byte sends the page on to keyboard.html, the same token
    with it, and the keyboard opens the chat's table behind the same guard."""
    _, base = site
    start = token_for(GROUP, BOT_TOKEN, Screen.KEYBOARD)
    page = await open_in_telegram(
        browser, f"{base}/app/?start={start}", signed_telegram("甲", start)
    )
    await page.wait_for_selector("#hand-step:not([hidden])")
    assert page.url == f"{base}/app/keyboard.html?start={start}"
    assert await page.text_content("#ruleset") == "杭州"


async def test_money_shows_beside_points_in_the_chats_words(
    site: tuple[Harness, str], browser: Any
) -> None:
    """With a stake, each row shows its 元 as /tally writes them; none without one."""
    harness, base = site
    page = await open_page(browser, base)
    assert await page.locator("#standings .money").count() == 0  # points only so far
    await harness.say("甲", "/stake 0.5")
    tally = (await harness.say("甲", "/tally"))[0].text
    page = await open_page(browser, base)
    for name, shown in (await page_rows(page)).items():
        money = shown.split(" ", 1)[1]
        assert f"{name} {money}" in tally, (name, shown)  # '甲 +32.00 元'
    await snap(page, "standings-money")
    await harness.say("甲", "/lang en")
    page = await open_page(browser, base)
    assert (await page.locator("#standings .money").first.inner_text()).endswith(" yuan")
