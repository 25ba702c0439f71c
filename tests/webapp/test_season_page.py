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
from rigs.webapp import BOT_TOKEN, init_data, token_for, web_server
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness
from tests.webapp.browser import (
    THEMES,
    horizontal_overflow,
    open_in_telegram,
    screenshot,
    signed_telegram,
    telegram_calls,
    telegram_stub,
    wait_until,
)

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
    script: str | None = None,
    start: str | None = "",
    **phone: Any,
) -> Any:
    """The season page as ``who`` opens the group's 📊 赛季页面 link (initData signed by
    ``token``; ``start`` None: the private chat's menu button, no token), once it has drawn
    itself (``script``: Telegram's stand-in, the signed stub unless given; ``phone``: the
    phone's ``width`` and ``phone_scheme`` as ``open_in_telegram`` takes them)."""
    theme = "dark" if dark else "light"
    link = token_for(GROUP, BOT_TOKEN) if start == "" else start
    telegram = script or signed_telegram(who, link, bot_token=token, theme=theme)
    page = await open_in_telegram(browser, f"{base}/app/", telegram, theme, **phone)
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


EVENING = (
    "/kong 甲 明杠 乙",
    "/kong 丙 暗杠",
    "/penalty 甲 30 诈胡",
    "/pay 甲 乙 20",
    "/fee 40",
    "/undo",
    "/hu 甲 123m456m789m123p5z +5s 点炮 乙",
)


async def card_texts(page: Any) -> dict[str, str]:
    """Each history card's title (what it is) by its entry id."""
    cards = await page.locator("#history .entry").all()
    return {
        await card.get_attribute("data-entry"): " ".join(
            (await card.locator(".what").inner_text()).split()
        )
        for card in cards
    }


async def open_history(page: Any) -> None:
    await page.locator("#tabs button[data-tab='history']").click()
    await page.wait_for_selector("#history .entry")


async def test_the_history_reads_like_the_chat(site: tuple[Harness, str], browser: Any) -> None:
    """Every kind labelled as the chat says it, seats and winds in the viewer's words: on
    main 流局 and 台费 were empty cards, 撤销 罚 转账 bare numbers, and lines read 座W 圈S."""
    harness, base = site
    for line in EVENING:
        await harness.say("甲", line)
    await harness.draw()
    page = await open_page(browser, base)
    await open_history(page)
    titles = await card_texts(page)
    assert titles == {
        "12": "流局",
        "11": "胡 甲",
        "10": "撤销 #9",
        "9": "台费 40.00 元",
        "8": "转账 甲 → 乙 20",
        "7": "罚 甲 30 诈胡",
        "6": "杠 丙 暗杠",
        "5": "杠 甲 明杠 ← 乙",
        "4": "胡 丁",
        "3": "胡 丙",
        "2": "胡 乙",
        "1": "胡 甲",
    }
    text = await page.locator("#history").inner_text()
    assert not re.search(r"[座圈][ESWN]|点炮[ESWN]", text)
    win = page.locator("#history .entry[data-entry='11']")
    assert "点炮 乙" in await win.locator(".line").inner_text()
    assert await win.locator(".patterns").inner_text() == "爆头 = 2 番"
    recorded = (await harness.ledger.reports.entry(GROUP, 11)).hand_line or ""
    seat, round_wind = (re.search(f"{word}([ESWN])", recorded).group(1) for word in "座圈")  # type: ignore[union-attr]
    zh = dict(zip("ESWN", "东南西北", strict=True))
    assert await win.locator(".winds").inner_text() == f"{zh[seat]}家 · {zh[round_wind]}风圈"
    assert "已撤销" in await page.locator("#history .entry[data-entry='9']").inner_text()
    await snap(page, "history")


async def fetched_pictures(page: Any) -> dict[str, int]:
    """The pictures the page has fetched so far: URL → bytes."""
    found: dict[str, int] = await page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('resource')"
        ".filter(e => e.name.includes('/api/picture/')).map(e => [e.name, e.decodedBodySize]))"
    )
    return found


async def test_pictures_load_as_they_come_near_at_the_size_shown(
    site: tuple[Harness, str], browser: Any
) -> None:
    """On main a page of history fetched every picture at once, each the chat's 80–150 KB
    PNG; now each comes as its card nears the screen, as WebP at the card's width."""
    harness, base = site
    for _ in range(8):
        await harness.say("甲", "/hu 丁 123m456m789m123p白白 自摸")
    page = await open_page(browser, base)
    await open_history(page)
    await wait_until(page, "document.querySelector('#history img.pic[src]')")
    await page.wait_for_timeout(500)
    pictures = page.locator("#history img.pic")
    total = await pictures.count()
    assert total == 9
    assert await page.locator("#history img.pic[loading='lazy']").count() == total
    assert 1 <= len(await fetched_pictures(page)) < total
    await page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    await wait_until(page, f"document.querySelectorAll('#history img.pic[src]').length === {total}")
    sizes = await fetched_pictures(page)
    assert len(sizes) == total
    assert all(".webp?" in url and "w=" in url for url in sizes)
    assert max(sizes.values()) <= 40 * 1024


async def test_a_429_shows_when_it_retries_and_retries(
    site: tuple[Harness, str], browser: Any
) -> None:
    """On main a 429 blanked the page; now it counts down Retry-After and asks again."""
    _, base = site
    page = await open_page(browser, base)
    refused: list[str] = []

    async def once_too_many(route: Any) -> None:
        if refused:
            await route.continue_()
            return
        refused.append(route.request.url)
        await route.fulfill(
            status=429,
            headers={"Retry-After": "2"},
            content_type="application/json",
            body='{"error": "rate", "message": "请求太频繁", "retry_after": 2}',
        )

    await page.route("**/api/history*", once_too_many)
    await page.locator("#tabs button[data-tab='history']").click()
    banner = page.locator("#retrying")
    await banner.wait_for(state="visible")
    assert "秒后自动重试" in await banner.inner_text()
    assert await banner.get_attribute("data-seconds") in ("1", "2")
    await page.wait_for_selector("#history .entry", timeout=10_000)
    assert await banner.is_hidden()
    assert len(refused) == 1


async def test_the_private_menu_lists_the_chats_one_plays_in(
    site: tuple[Harness, str], browser: Any
) -> None:
    """On main the menu button of one's private chat opened an empty page."""
    _, base = site
    page = await open_page(browser, base, start=None)
    chats = page.locator("#chats .chat")
    assert await chats.count() == 1
    assert (await chats.first.locator(".names").inner_text()).split(" · ") == ["丁", "丙", "乙"]
    await snap(page, "chats")
    await chats.first.click()
    await page.wait_for_selector("#standings .row")
    assert await page.locator("#standings").is_visible()
    assert await page.evaluate("Telegram.WebApp.BackButton.isVisible")
    await page.evaluate("Telegram.WebApp.BackButton.press()")
    await page.wait_for_selector("#chats:not([hidden])")
    assert not await page.evaluate("Telegram.WebApp.BackButton.isVisible")


async def test_a_stranger_sees_no_chats(site: tuple[Harness, str], browser: Any) -> None:
    _, base = site
    page = await open_page(browser, base, who="戊", start=None)
    assert "还没有在任何群里打过牌" in await page.locator("#chats").inner_text()


@pytest.mark.parametrize("width", [360, 390, 430])
async def test_every_screen_fits_the_phone(
    site: tuple[Harness, str], browser: Any, width: int
) -> None:
    """No screen scrolls sideways from 360 to 430 px (on main head-to-head was 539 px)."""
    harness, base = site
    await harness.say("甲", "/new 杭州 1 甲 乙 丙 Maximilian_Featherstonehaugh_Wellington")
    await harness.say("甲", "/hu Maximilian_Featherstonehaugh_Wellington 自摸")
    page = await open_page(browser, base, width=width)
    assert await horizontal_overflow(page) == 0, "standings"
    await page.locator("#standings .row").first.click()
    await page.wait_for_selector("#person svg.trend")
    assert await horizontal_overflow(page) == 0, "person"
    await page.locator("#tabs button[data-tab='h2h']").click()
    await page.wait_for_selector("#h2h-result .entry")
    assert await horizontal_overflow(page) == 0, "head to head"
    if width == 360:
        await snap(page, "h2h-360")
    await open_history(page)
    assert await horizontal_overflow(page) == 0, "history"
    page = await open_page(browser, base, width=width, start=None)
    assert await horizontal_overflow(page) == 0, "one's chats"


async def test_the_default_trend_is_hand_by_hand(site: tuple[Harness, str], browser: Any) -> None:
    """On main the trend opened on 全部, one point a month: a straight line."""
    _, base = site
    page = await open_page(browser, base)
    await page.locator("#standings .row", has_text="甲").click()
    await page.wait_for_selector("#person svg.trend polyline")
    assert await page.locator("#person .trend-title").inner_text() == "走势 · 每手"
    points = (await page.locator("#person polyline").get_attribute("points") or "").split()
    heights = {point.split(",")[1] for point in points}
    assert len(points) == 5 and len(heights) >= 3  # 0, then each of 甲's four hands


async def test_telegrams_back_button_walks_back(site: tuple[Harness, str], browser: Any) -> None:
    """No in-page 「‹ 返回」: Telegram's BackButton shows on a person's screen and leads back."""
    _, base = site
    page = await open_page(browser, base)
    assert not await page.evaluate("Telegram.WebApp.BackButton.isVisible")
    await page.locator("#standings .row", has_text="乙").click()
    await page.wait_for_selector("#person:not([hidden])")
    assert await page.locator("#person a, #person .back").count() == 0
    assert await page.evaluate("Telegram.WebApp.BackButton.isVisible")
    await page.evaluate("Telegram.WebApp.BackButton.press()")
    await page.wait_for_selector("#standings:not([hidden])")
    assert await page.locator("#person").is_hidden()
    assert not await page.evaluate("Telegram.WebApp.BackButton.isVisible")
    haptics = await telegram_calls(page, "HapticFeedback")
    assert ["HapticFeedback", "impactOccurred", "light"] in haptics  # the row's tap
    assert ["HapticFeedback", "selectionChanged", None] in haptics  # the way back


async def test_dark_mode_follows_telegram_not_the_phone(
    site: tuple[Harness, str], browser: Any
) -> None:
    """A phone in dark mode with Telegram in its light theme shows the light page, and the
    page repaints when Telegram's theme changes (on main: the phone's scheme, and no
    themeChanged handler)."""
    _, base = site
    page = await open_page(browser, base, phone_scheme="dark")
    background = "getComputedStyle(document.body).backgroundColor"
    assert await page.evaluate(background) == "rgb(255, 255, 255)"
    await page.evaluate(
        """(dark) => {
          Telegram.WebApp.themeParams = dark;
          Telegram.WebApp.colorScheme = "dark";
          Telegram.WebApp.emit("themeChanged");
        }""",
        THEMES["dark"],
    )
    assert await page.evaluate(background) == "rgb(23, 33, 43)"
    assert await page.evaluate("document.documentElement.dataset.scheme") == "dark"


async def test_the_page_keeps_clear_of_the_safe_areas(
    site: tuple[Harness, str], browser: Any
) -> None:
    _, base = site
    start = token_for(GROUP, BOT_TOKEN)
    raw = init_data(PLAYERS["甲"], "甲", BOT_TOKEN, start_param=start, language_code="zh")
    script = telegram_stub(
        raw,
        user={"id": PLAYERS["甲"], "first_name": "甲", "language_code": "zh"},
        start=start,
        theme="light",
        insets={"top": 47, "bottom": 34},
    )
    page = await open_page(browser, base, script=script)
    padding = await page.evaluate(
        "(({paddingTop, paddingBottom}) => [paddingTop, paddingBottom])"
        "(getComputedStyle(document.body))"
    )
    assert padding == ["47px", "34px"]
