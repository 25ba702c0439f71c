"""The season page in a real browser (Debian's Chromium through Playwright): a populated
ledger, Telegram.WebApp stubbed with initData signed by the test token; the page's numbers
are /tally's, /stats' and /top's, and a bad signature shows a page that says so.

Skipped where Chromium is missing, except in CI (CI=true), where that is a failure.
Screenshots of each screen (390×844) go to docs/images with WEBAPP_SCREENSHOTS=1.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.pictures.fonts import bundled_font
from bot.webapp import start_token
from bot.webapp.start_token import Screen
from rigs.webapp import init_data, web_server
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
BOT_TOKEN = "123:TEST"
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
HANDS = (
    "/hu 甲 自摸 财飘",
    "/hu 乙 点炮 甲 七对 有花",
    "/hu 丙 自摸",
    "/hu 丁 123m456m789m123p白白 自摸",
)
DARK = {"bg_color": "#17212b", "text_color": "#f5f5f5", "hint_color": "#708499",
        "link_color": "#6ab3f3", "button_color": "#5288c1", "button_text_color": "#ffffff",
        "secondary_bg_color": "#232e3c"}  # fmt: skip

try:
    from playwright import async_api as playwright
except ImportError:  # the dev extras are not installed here
    playwright = None
MISSING = [
    what
    for what, there in (
        (CHROMIUM, Path(CHROMIUM).exists()),
        ("playwright (pip)", playwright is not None),
    )
    if not there
]
if MISSING:
    if os.environ.get("CI") == "true":
        raise RuntimeError(f"CI runs the browser tests: {', '.join(MISSING)} missing")
    pytest.skip(f"{', '.join(MISSING)} not installed here", allow_module_level=True)
pytestmark = pytest.mark.browser


def telegram_stub(raw_init_data: str, start: str, theme: dict[str, str] | None) -> str:
    """telegram-web-app.js as the page needs it: initData, start_param and the theme's CSS
    variables (what Telegram's script sets on the document)."""
    variables = "".join(
        f"document.documentElement.style.setProperty('--tg-theme-{k.replace('_', '-')}', '{v}');"
        for k, v in (theme or {}).items()
    )
    webapp = {
        "initData": raw_init_data,
        "initDataUnsafe": {"start_param": start},
        "colorScheme": "dark" if theme else "light",
    }
    return (
        f"window.Telegram = {{WebApp: Object.assign({json.dumps(webapp)},"
        " {ready() {}, expand() {}})};" + variables
    )


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[tuple[Harness, str]]:
    async with running_harness(tmp_path / "m.db") as harness:
        await harness.open_table()
        for line in HANDS:
            await harness.say("甲", line)
        async with web_server(harness.app) as base:
            yield harness, base


def fontconfig(folder: Path) -> dict[str, str]:
    """The system's fonts plus the Noto Sans CJK the bot ships for its pictures: a phone has
    Chinese fonts, a CI container may not (the screenshots would show boxes)."""
    conf = folder / "fonts.conf"
    bundled = bundled_font()
    extra = f"<dir>{Path(bundled).parent}</dir>" if bundled else ""
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<include ignore_missing='yes'>/etc/fonts/fonts.conf</include>{extra}"
        f"<cachedir>{folder}</cachedir></fontconfig>"
    )
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


@pytest.fixture
async def browser(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Any]:
    env = fontconfig(tmp_path_factory.mktemp("fonts"))
    async with playwright.async_playwright() as driver:
        launched = await driver.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], env=env
        )
        try:
            yield launched
        finally:
            await launched.close()


async def open_page(
    browser: Any,
    base: str,
    *,
    who: str = "甲",
    token: str = BOT_TOKEN,
    dark: bool = False,
) -> Any:
    context = await browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme="dark" if dark else "light"
    )
    page = await context.new_page()
    start = start_token.make(GROUP, BOT_TOKEN)
    raw = init_data(PLAYERS[who], who, token, start_param=start)
    stub = telegram_stub(raw, start, DARK if dark else None)
    await page.route(
        "https://telegram.org/js/telegram-web-app.js",
        lambda route: route.fulfill(body=stub, content_type="text/javascript"),
    )
    await page.goto(f"{base}/app/")
    await page.wait_for_selector("body[data-ready='1']")
    return page


async def snap(page: Any, name: str) -> None:
    if os.environ.get("WEBAPP_SCREENSHOTS") == "1":
        await page.screenshot(path=str(IMAGES / f"webapp-{name}.png"))


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
    """The 🀄 整手牌 token's screen byte sends the page on to keyboard.html (the keyboard's
    own page, stood in for here), the same token with it."""
    _, base = site
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    start = start_token.make(GROUP, BOT_TOKEN, Screen.KEYBOARD)
    stub = telegram_stub(init_data(PLAYERS["甲"], "甲", BOT_TOKEN, start_param=start), start, None)
    await page.route(
        "https://telegram.org/js/telegram-web-app.js",
        lambda route: route.fulfill(body=stub, content_type="text/javascript"),
    )
    await page.route(
        "**/app/keyboard.html*",
        lambda route: route.fulfill(body="<p id=keyboard>🀄</p>", content_type="text/html"),
    )
    await page.goto(f"{base}/app/?start={start}")
    await page.wait_for_selector("#keyboard")
    assert page.url == f"{base}/app/keyboard.html?start={start}"
