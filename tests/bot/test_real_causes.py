"""Errors that name the real cause: a room a ruleset has not, an /undo of an earlier entry
that waits for a confirming tap, a rule term beside a generic question word."""

from __future__ import annotations

import pytest

from bot.text_limits import CALLBACK_DATA_LIMIT
from tests.bot.conftest import GROUP, Harness


async def balances(h: Harness) -> dict[str, int]:
    session = await h.ledger.sessions.current(GROUP)
    tally = await h.ledger.reports.tally(GROUP, session.id if session else None)
    return {row.player.name: row.balance for row in tally.rows}


async def set_lang(harness: Harness, lang: str) -> None:
    if lang != "zh":
        await harness.say("甲", f"/lang {lang}")


# (the /new line, lang, what the refusal must say, what it must not)
ROOMS = [
    (
        "/new 软飘 初级场 甲 乙 丙 丁",
        "zh",
        ["「初级场」是房间名", "软飘花", "/new 软飘 2"],
        "多出了",
    ),
    ("/new 软飘 初级场 甲 乙 丙", "zh", ["「初级场」是房间名"], "第"),
    ("/new 双辣 平民场 甲 乙 丙", "zh", ["「平民场」是房间名", "/new 双辣 2"], "第"),
    ("/new 软飘 初级场 甲 乙 丙 丁", "en", ["初级场 is a room", "has no rooms"], "too many"),
    ("/new 杭州 中级场 甲 乙 丙 丁", "zh", ["没有「中级场」这个房间", "初级场、平民场"], "多出了"),
    ("/new hangzhou 中级场 Amy Bob Cat Dan", "en", ["no room 中级场", "初级场, 平民场"], "too"),
]


@pytest.mark.parametrize(
    ("line", "lang", "says", "never"), ROOMS, ids=[f"{r[0]}-{r[1]}" for r in ROOMS]
)
async def test_a_room_the_ruleset_has_not_is_named(
    harness: Harness, line: str, lang: str, says: list[str], never: str
) -> None:
    await set_lang(harness, lang)
    [refusal] = await harness.say("甲", line)
    assert refusal.text.startswith("❌")
    for words in says:
        assert words in refusal.text, refusal.text
    assert never not in refusal.text
    assert await harness.ledger.sessions.current(GROUP) is None


async def test_a_room_of_the_ruleset_still_opens_it(harness: Harness) -> None:
    [opened] = await harness.say("甲", "/new 杭州 初级场 甲 乙 丙 丁")
    assert "底分 400 · 初级场" in opened.text


# lang → (the confirm question, the confirm button, the cancel button, cancelled, denied)
CONFIRM = {
    "zh": ("#1 不是最近一手（最近的是 #2）", "✅ 确认撤销 #1", "✖ 取消", "已取消", "提出撤销的人"),
    "en": (
        "#1 is not the latest hand (that is #2)",
        "✅ Undo #1",
        "✖ Cancel",
        "Cancelled",
        "asked",
    ),
}


async def two_hands(harness: Harness) -> None:
    """甲 opens; 乙 records #1 and #2 (乙 may undo them, 丙 and 戊 may not, 丁 is an admin)."""
    await harness.open_table()
    await harness.say("乙", "/hu 乙 自摸")
    await harness.say("乙", "/hu 丙 自摸")


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_undo_of_an_earlier_entry_waits_for_the_askers_tap(
    harness: Harness, lang: str
) -> None:
    await set_lang(harness, lang)
    await two_hands(harness)
    before = await balances(harness)
    [question] = await harness.say("乙", "/undo #1")
    asked, confirm, cancel, _, denied = CONFIRM[lang]
    assert asked in question.text
    assert [label for label, _ in question.buttons] == [confirm, cancel]
    assert await balances(harness) == before  # nothing undone yet
    [refused] = await harness.press("丙", question)  # neither the asker nor an admin
    assert refused.method == "answerCallbackQuery" and denied in refused.text
    assert refused.params.get("show_alert") in (True, "true", "True")
    assert await balances(harness) == before
    toast, edited = await harness.press("乙", question)
    assert toast.method == "answerCallbackQuery" and "#1" in toast.text
    assert edited.method == "editMessageText" and "#1" in edited.text and not edited.buttons
    assert await balances(harness) == {"乙": -8, "丙": 24, "甲": -8, "丁": -8}
    [again] = await harness.press("乙", question)  # a double press undoes nothing more
    assert again.method == "answerCallbackQuery"
    assert ("已经撤销" if lang == "zh" else "already been undone") in again.text
    assert await balances(harness) == {"乙": -8, "丙": 24, "甲": -8, "丁": -8}


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_undo_of_an_earlier_entry_can_be_cancelled(harness: Harness, lang: str) -> None:
    await set_lang(harness, lang)
    await two_hands(harness)
    before = await balances(harness)
    [question] = await harness.say("乙", "/undo 1")
    _, edited = await harness.press("乙", question, index=1)
    assert CONFIRM[lang][3] in edited.text and not edited.buttons
    assert await balances(harness) == before


async def test_an_admin_may_confirm_for_the_asker(harness: Harness) -> None:
    await two_hands(harness)
    [question] = await harness.say("乙", "/undo #1")
    _, edited = await harness.press("丁", question)
    assert "已撤销 #1" in edited.text


async def test_undo_of_the_latest_hand_needs_no_tap(harness: Harness) -> None:
    await two_hands(harness)
    [done] = await harness.say("乙", "/undo #2")
    assert "已撤销 #2" in done.text and not done.buttons


async def test_undo_of_an_earlier_entry_by_whoever_may_not_is_refused_at_once(
    harness: Harness,
) -> None:
    await two_hands(harness)
    [refused] = await harness.say("戊", "/undo #1")
    assert "群管理员" in refused.text and not refused.buttons


async def test_confirm_button_data_fits_telegram_for_a_long_user_id(harness: Harness) -> None:
    harness.api.add_user(9_999_999_999_999, "庚")
    await two_hands(harness)
    for _ in range(3):
        await harness.say("乙", "/hu 乙 自摸")
    harness.api.set_status(GROUP, 9_999_999_999_999, "administrator")
    update = harness.make.message(GROUP, 9_999_999_999_999, "/undo #1")
    [question] = await harness.feed(update)
    assert all(len(data.encode()) <= CALLBACK_DATA_LIMIT for _, data in question.buttons)
    assert str(9_999_999_999_999) in question.buttons[0][1]


@pytest.mark.parametrize(
    ("question", "lang", "says"),
    [
        ("/rules 杠开谁付", "zh", "杠"),
        ("/rules who pays for 杠开", "en", "kong"),
        ("/rules who pays for 承包", "en", "contract"),
    ],
    ids=["杠开谁付", "who pays for 杠开", "who pays for 承包"],
)
async def test_a_rule_term_beside_who_pays_answers_the_term(
    harness: Harness, question: str, lang: str, says: str
) -> None:
    [generic] = await harness.say("甲", "/rules " + ("谁付钱" if lang == "zh" else "who pays"))
    [answer] = await harness.say("甲", question)
    assert answer.text.splitlines()[0] != generic.text.splitlines()[0]
    assert says in answer.text.splitlines()[0].lower()
