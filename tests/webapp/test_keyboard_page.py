"""The tile keyboard in a real browser, served by the bot's server behind its real guard and
opened as the chat's 🀄 整手牌 link opens it (initData signed by the test token): hands tapped
per ruleset show the score the typed /hu line records, ✅ twice records once, a refused
signature gives a clear page, and the phone-size screenshots in docs/images
(WEBAPP_SCREENSHOTS=1)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.webapp.start_token import Screen
from rigs.webapp import BOT_TOKEN, token_for, web_server
from tests.bot.conftest import GROUP, Harness
from tests.webapp.browser import (
    open_in_telegram,
    screenshot,
    signed_telegram,
    telegram_calls,
    wait_until,
)
from tests.webapp.keyboard_payloads import faces

pytestmark = pytest.mark.browser


@asynccontextmanager
async def keyboard_page(
    browser: Any,
    harness: Harness,
    who: str = "甲",
    theme: str = "light",
    bot_token: str = BOT_TOKEN,
    script: str | None = None,
) -> AsyncIterator[Any]:
    """The keyboard page on a phone, opened from the group's 🀄 整手牌 link by ``who``
    (``script``: what loads in place of Telegram's, the signed stub unless given)."""
    start = token_for(GROUP, BOT_TOKEN, Screen.KEYBOARD)
    telegram = (
        script
        if script is not None
        else signed_telegram(who, start, bot_token=bot_token, theme=theme)
    )
    async with web_server(harness.app) as base:
        url = f"{base}/app/keyboard.html?start={start}"
        yield await open_in_telegram(browser, url, telegram, theme)


async def tap(page: Any, mpsz: str, mode: str = "hand") -> None:
    """Tap tiles on the keyboard (a meld or the winning tile: its mode first)."""
    if mode != "hand":
        await page.click(f'#modes [data-value="{mode}"]')
    for face in faces(mpsz) if mode in ("hand", "winning") else faces(mpsz)[:1]:
        await page.click(f'#keys [data-face="{face}"]')


async def choose(page: Any, row: str, value: str) -> None:
    await page.click(f'#{row} [data-value="{value}"]')


async def shown_payments(page: Any) -> dict[str, int]:
    await page.wait_for_selector("#payments")
    rows = await page.eval_on_selector_all(
        "#payments .pay",
        "cells => cells.map(c => [c.querySelector('.who').textContent,"
        " c.querySelector('.amount').textContent])",
    )
    return {name: int(amount) for name, amount in rows if int(amount)}


async def recorded_postings(harness: Harness) -> dict[str, int]:
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    entry = await harness.ledger.reports.last_entry(GROUP, session.id)
    assert entry is not None
    names = {p.id: p.name for p in await harness.ledger.players.all(GROUP)}
    return {names[player]: delta for player, delta in entry.postings.items() if delta}


async def hz_baotou(page: Any) -> None:
    await tap(page, "123m456m789m123p5z")
    await tap(page, "5s", "winning")


async def hz_kong_discard(page: Any) -> None:
    await tap(page, "9m", "pon")
    await tap(page, "456m123p5s")
    await tap(page, "7s", "concealed_kong")
    await choose(page, "hows", "discard")
    await choose(page, "froms", "W")
    await tap(page, "5s", "winning")


async def hz_chi_gangkai(page: Any) -> None:
    await tap(page, "1m", "chi")
    await tap(page, "5p", "kong")
    await tap(page, "456m789m5s")
    await choose(page, "hows", "kong_draw")
    await tap(page, "5s", "winning")


async def qd_wild(page: Any) -> None:
    await page.click('#indicator-grid [data-face="1m"]')
    await tap(page, "123p456p789p111z2m")
    await tap(page, "1s", "winning")


async def sl_pure(page: Any) -> None:
    await page.click('#indicator-grid [data-face="5p"]')
    await tap(page, "111m234m567m789m9m")
    await tap(page, "9m", "winning")


async def pt_rob(page: Any) -> None:
    await page.click('#indicator-grid [data-face="1m"]')
    await tap(page, "123p456p789p111z1s")
    await choose(page, "hows", "rob")
    await choose(page, "froms", "N")
    await tap(page, "1s", "winning")


HANDS = [
    pytest.param(
        "/new 杭州 1 甲 乙 丙 丁", hz_baotou, "甲 123m456m789m123p白 +5s 自摸", id="hz-baotou"
    ),
    pytest.param(
        "/new 杭州 1 甲 乙 丙 丁",
        hz_kong_discard,
        "甲 [999m] (7777s) 456m123p5s +5s 点炮 丙",
        id="hz-pon-kong-discard",
    ),
    pytest.param(
        "/new 杭州 1 甲 乙 丙 丁",
        hz_chi_gangkai,
        "甲 [123m] [5555p] 456m789m5s +5s 杠开",
        id="hz-chi-gangkai",
    ),
    pytest.param(
        "/new 强盗胡 1 甲 乙 丙 丁", qd_wild, "甲 123p456p789p东东东2m +1s 自摸 翻1m", id="qd-wild"
    ),
    pytest.param(
        "/new 双辣 1 甲 乙 丙 丁", sl_pure, "甲 111m234m567m789m9m +9m 自摸 翻5p", id="sl-pure"
    ),
    pytest.param(
        "/new 平台 1 甲 乙 丙 丁", pt_rob, "甲 123p456p789p东东东1s +1s 翻1m 抢杠 丁", id="pt-rob"
    ),
]


@pytest.mark.parametrize(("new", "hand", "typed"), HANDS)
async def test_a_tapped_hand_shows_what_the_typed_line_records(
    harness: Harness, browser: Any, new: str, hand: Any, typed: str
) -> None:
    await harness.open_table(new)
    async with keyboard_page(browser, harness) as page:
        await hand(page)
        shown = await shown_payments(page)
    await harness.say("甲", f"/hu {typed}")
    assert shown == await recorded_postings(harness)


async def main_button(page: Any) -> dict[str, Any]:
    """Telegram's MainButton as the page left it: visible, active, its text and progress."""
    found: dict[str, Any] = await page.evaluate(
        "(({isVisible, isActive, text, isProgressVisible}) =>"
        " ({isVisible, isActive, text, isProgressVisible}))(Telegram.WebApp.MainButton)"
    )
    return found


async def press_record(page: Any) -> None:
    """✅ 记账: Telegram's MainButton, once the page has made it active."""
    await wait_until(page, "Telegram.WebApp.MainButton.isActive")
    await page.evaluate("Telegram.WebApp.MainButton.press()")


async def test_record_twice_records_once(harness: Harness, browser: Any) -> None:
    await harness.open_table()
    async with keyboard_page(browser, harness) as page:
        await hz_baotou(page)
        await shown_payments(page)
        await press_record(page)
        await page.wait_for_selector(".recorded")
        await press_record(page)  # as a double tap, or a retry, sends it again
        await wait_until(
            page, "document.querySelectorAll('.recorded').length === 2", timeout=10_000
        )
        said = await page.eval_on_selector_all(".recorded", "ps => ps.map(p => p.textContent)")
    assert "已记账" in said[0] and "已经记过" in said[1]
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    tally = await harness.ledger.reports.tally(GROUP, session.id)
    assert {row.player.name: row.balance for row in tally.rows}["甲"] == 48  # 爆头 once


async def test_recording_uses_telegrams_main_button_and_closing_confirmation(
    harness: Harness, browser: Any
) -> None:
    """✅ 记账 is Telegram's MainButton, inactive until the hand is scored, with its progress
    while the hand is sent; closing asks first while a hand is half entered, not once it is
    written; taps and the success are felt."""
    await harness.open_table()
    async with keyboard_page(browser, harness) as page:
        await page.wait_for_selector("#hand-step:not([hidden])")
        assert await page.locator("#record").count() == 0  # no button of the page's own
        button = await main_button(page)
        assert button["isVisible"] and button["text"] == "✅ 记账" and not button["isActive"]
        await tap(page, "1m")
        closing = await page.evaluate("Telegram.WebApp.isClosingConfirmationEnabled")
        assert closing, "a half-entered hand is lost on a swipe"
        await tap(page, "23m456m789m123p5z")
        await tap(page, "5s", "winning")
        await shown_payments(page)
        await press_record(page)
        await page.wait_for_selector(".recorded")
        assert not await page.evaluate("Telegram.WebApp.isClosingConfirmationEnabled")
        calls = await telegram_calls(page)
    methods = [call[1] for call in calls if call[0] == "MainButton"]
    assert methods.index("showProgress") < methods.index("hideProgress")
    haptics = [call[1:] for call in calls if call[0] == "HapticFeedback"]
    assert ["selectionChanged", None] in haptics  # a tile tapped
    assert ["notificationOccurred", "success"] in haptics


async def test_a_full_hand_without_its_winning_tile_is_asked_for_not_scored(
    harness: Harness, browser: Any
) -> None:
    """14 tiles and no 胡的牌: the page asks for it and neither scores nor records (on main
    it scored 平胡 1 番 and ✅ recorded that); the tile then tapped in the hand is the winning
    one, and the score is the typed line's (爆头 2 番)."""
    await harness.open_table()
    async with keyboard_page(browser, harness) as page:
        scored: list[str] = []
        page.on("request", lambda r: scored.append(r.url) if "/keyboard/score" in r.url else None)
        await tap(page, "123m456m123p5z5s")  # 11 in the hand ...
        await tap(page, "9m", "pon")  # ... and the pung tapped last: 14, no winning tile
        await page.wait_for_selector("#ask")
        ask = await page.text_content("#ask")
        asked_before = len(scored)
        await page.wait_for_timeout(600)  # past the page's debounce: nothing is sent
        assert len(scored) == asked_before
        assert not (await main_button(page))["isActive"]
        await page.evaluate("Telegram.WebApp.MainButton.press()")  # pressed anyway
        assert await page.locator(".recorded").count() == 0
        assert await page.locator("#keys .tile:not([disabled])").count() == 0
        await page.click('#hand [data-face="5s"]')  # the tile it was won on
        await page.wait_for_selector("#score")
        score = await page.text_content("#score")
    assert ask is not None and "胡的牌" in ask and "14" in ask
    assert score is not None and score.startswith("2 番") and "爆头" in score
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    assert await harness.ledger.reports.last_entry(GROUP, session.id) is None


@pytest.mark.parametrize(
    ("melds", "most"),
    [pytest.param((), 14, id="no-kong"), pytest.param((("1m", "kong"),), 15, id="one-kong")],
)
async def test_the_count_cannot_pass_fourteen_and_one_per_kong(
    harness: Harness, browser: Any, melds: tuple[tuple[str, str], ...], most: int
) -> None:
    await harness.open_table()
    async with keyboard_page(browser, harness) as page:
        for face, mode in melds:
            await tap(page, face, mode)
        for face in faces("2345678p2345678s")[: most - 4 * len(melds)]:
            await page.click(f'#keys [data-face="{face}"]')  # the last one: the winning tile
        count = page.locator("#count")
        await wait_until(page, f"document.querySelector('#count').dataset.count === '{most}'")
        assert await count.get_attribute("data-max") == str(most)
        assert await page.locator("#keys .tile:not([disabled])").count() == 0
        assert f"{most}/{most} 张" in (await count.text_content() or "")


async def test_a_refusal_is_felt_as_an_error(harness: Harness, browser: Any) -> None:
    await harness.open_table()
    async with keyboard_page(browser, harness) as page:
        await tap(page, "123m456m789m12p55s")
        await tap(page, "9s", "winning")
        await page.wait_for_selector("#refusal")
        haptics = await telegram_calls(page, "HapticFeedback")
    assert ["HapticFeedback", "notificationOccurred", "error"] in haptics


async def test_a_refused_hand_says_why_as_the_chat_does(harness: Harness, browser: Any) -> None:
    await harness.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    async with keyboard_page(browser, harness) as page:
        await page.click('#indicator-grid [data-face="1m"]')
        await tap(page, "123p456p789p111z1s")
        await choose(page, "hows", "discard")
        await choose(page, "froms", "S")
        await tap(page, "2m", "winning")  # 翻1m: 2m is the wild, and no one wins on a thrown wild
        await page.wait_for_selector("#refusal")
        shown = await page.text_content("#refusal")
        assert not (await main_button(page))["isActive"]
    [typed] = await harness.say("甲", "/hu 甲 123p456p789p东东东1s +2m 翻1m 点炮 乙")
    assert shown == typed.text.replace("+2m", "二万")  # the page names tiles as it shows them


async def test_an_english_chat_gets_an_english_page(harness: Harness, browser: Any) -> None:
    await harness.say("甲", "/lang en")
    await harness.open_table("/new hangzhou 1 甲 乙 丙 丁")
    async with keyboard_page(browser, harness) as page:
        await page.wait_for_selector("#hand-step:not([hidden])")
        assert (await main_button(page))["text"] == "✅ Record"
        await tap(page, "123m456m789m12p55s")
        await tap(page, "9s", "winning")
        await page.wait_for_selector("#refusal")
        shown = await page.text_content("#refusal")
    [typed] = await harness.say("甲", "/hu 甲 123m456m789m12p55s +9s 自摸")
    assert shown == typed.text.replace("+9s", "9 Bamboo") and shown is not None
    assert not any("\u4e00" <= c <= "\u9fff" for c in shown)


async def test_a_self_draw_only_ruleset_offers_no_discard(harness: Harness, browser: Any) -> None:
    await harness.open_table("/new 硬飘花 1 甲 乙 丙 丁")
    async with keyboard_page(browser, harness) as page:
        await page.click('#indicator-grid [data-face="1m"]')
        assert await page.is_visible('#hows [data-value="self_draw"]')
        assert not await page.is_visible('#hows [data-value="discard"]')


async def test_a_refused_signature_shows_a_clear_page(harness: Harness, browser: Any) -> None:
    await harness.open_table()
    async with keyboard_page(browser, harness, bot_token="999:another-bot") as page:
        await page.wait_for_selector("#notice:not([hidden])")
        text = await page.text_content("#notice")
        assert await page.is_hidden("#hand-step") and await page.is_hidden("#footer")
    assert text is not None and "登录已失效" in text and "整手牌" in text


async def test_without_telegram_the_page_says_how_to_open_it(
    harness: Harness, browser: Any
) -> None:
    await harness.open_table()
    async with keyboard_page(browser, harness, script="") as page:  # opened in a plain browser
        await page.wait_for_selector("#notice:not([hidden])")
        text = await page.text_content("#notice")
    assert text is not None and "🀄" in text


@pytest.mark.parametrize("theme", ["light", "dark"])
async def test_screenshots(harness: Harness, browser: Any, theme: str) -> None:
    """docs/images/keyboard-*.png: a scored hand, the Huzhou indicator step, the waits."""
    await harness.open_table()
    async with keyboard_page(browser, harness, theme=theme) as page:
        await hz_kong_discard(page)
        await shown_payments(page)
        await screenshot(page, f"keyboard-score-{theme}")
        await page.click("#clear")
        await tap(page, "123m456m789m123p5s")
        await page.wait_for_selector("#waits")
        await screenshot(page, f"keyboard-waits-{theme}")


@pytest.mark.parametrize("theme", ["light", "dark"])
async def test_huzhou_screenshots(harness: Harness, browser: Any, theme: str) -> None:
    """docs/images/keyboard-indicator-*.png and keyboard-huzhou-*.png: the flipped tile asked
    first, then a hand with its wilds marked (翻1m: 2m)."""
    await harness.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    async with keyboard_page(browser, harness, theme=theme) as page:
        await page.wait_for_selector("#indicator-step:not([hidden])")
        await screenshot(page, f"keyboard-indicator-{theme}")
        await qd_wild(page)
        await shown_payments(page)
        await screenshot(page, f"keyboard-huzhou-{theme}")
