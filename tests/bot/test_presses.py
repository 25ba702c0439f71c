"""Every press is answered (unknown, malformed, old and inline-mode buttons), only a confirm the
bot showed may undo, the typing indicator stays in its forum topic, and a greeting in a
private chat is greeted (issue 21 items 2, 3 and 5)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from bot.buttons.undo_confirm import CONFIRM_SECONDS, confirm_data
from bot.console.local_api import JSONDict
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness

PRIVATE = PLAYERS["甲"]
TOKEN = "123:TEST"  # the harness's bot token (tests/bot/conftest.py)
EXPIRED = {"zh": "这个按钮已经过期了", "en": "This button has expired"}


async def set_lang(harness: Harness, lang: str, chat: int = GROUP) -> None:
    if lang != "zh":
        await harness.say("甲", f"/lang {lang}", chat=chat)


async def ledger_size(harness: Harness) -> int:
    return (await harness.ledger.reports.history(GROUP, None, page=1, page_size=1)).total


def press_update(harness: Harness, data: str, chat: int, message_id: int) -> JSONDict:
    return harness.make.press(chat, PLAYERS["丁"], message_id, data)


# What old or hand-made clients send: data matching no handler of the bot.
UNKNOWN = {
    "abc": "abc",
    "P1": "P1",
    "64 x": "x" * 64,
    "a removed feature's button": "rematch:3",
    "empty-ish": " ",
}


@pytest.mark.parametrize("data", UNKNOWN.values(), ids=UNKNOWN.keys())
@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_press_no_handler_takes_is_answered_expired(
    harness: Harness, data: str, lang: str
) -> None:
    await set_lang(harness, lang)
    await harness.open_table()
    await harness.say("乙", "/hu 乙 自摸")
    entries = await ledger_size(harness)
    [shown] = await harness.say("甲", "/help")
    assert shown.message_id is not None
    [answered] = await harness.feed(press_update(harness, data, GROUP, shown.message_id))
    assert answered.method == "answerCallbackQuery"
    assert answered.text == EXPIRED[lang]
    assert await ledger_size(harness) == entries


def inline_press(harness: Harness, data: str) -> JSONDict:
    """A press on a message sent through inline mode: no message, an inline_message_id."""
    query = {
        "id": str(next(harness.api.update_ids)),
        "from": harness.api.users[PLAYERS["丙"]],
        "chat_instance": "inline-1",
        "inline_message_id": "AAEAAAB-inline",
        "data": data,
    }
    return {"update_id": next(harness.api.update_ids), "callback_query": query}


INLINE = {"unknown": "abc", "undo": "undo:1", "tap": "tap:1:ok", "settings": "set:lang:en"}


@pytest.mark.parametrize("data", INLINE.values(), ids=INLINE.keys())
async def test_a_press_on_an_inline_message_is_answered(harness: Harness, data: str) -> None:
    await harness.open_table()
    await harness.say("乙", "/hu 乙 自摸")
    entries = await ledger_size(harness)
    sent = await harness.feed(inline_press(harness, data))
    assert [s.method for s in sent] == ["answerCallbackQuery"]
    assert await ledger_size(harness) == entries


async def two_hands(harness: Harness) -> None:
    """甲 opens; 乙 records #1 and #2; 丁 is an admin of the group."""
    await harness.open_table()
    await harness.say("乙", "/hu 乙 自摸")
    await harness.say("乙", "/hu 丙 自摸")


def altered(data: str, **change: Any) -> str:
    """A confirm's data with one field changed as a client could send it."""
    prefix, asker, ids, expires, mac = data.split(":")
    fields = {"asker": asker, "ids": ids, "expires": expires, "mac": mac, **change}
    return ":".join([prefix, *(fields[k] for k in ("asker", "ids", "expires", "mac"))])


def forgeries(confirm: str) -> dict[str, str]:
    return {
        "the old unsigned form": "undook:12:1",
        "another entry": altered(confirm, ids="2"),
        "a later expiry": altered(confirm, expires="zzzzzz"),
        "another asker": altered(confirm, asker="14"),
        "a made-up mac": altered(confirm, mac="A" * 12),
        "no mac": confirm.rpartition(":")[0],
        "signed for another chat": confirm_data(TOKEN, -2002, 12, "1")[0],
        "signed with another token": confirm_data("999:OTHER", GROUP, 12, "1")[0],
    }


FORGERIES = list(forgeries(confirm_data(TOKEN, GROUP, PLAYERS["乙"], "1")[0]))


@pytest.mark.parametrize("kind", FORGERIES)
async def test_an_admins_forged_undo_confirm_writes_nothing(harness: Harness, kind: str) -> None:
    await two_hands(harness)
    [question] = await harness.say("乙", "/undo #1")
    confirm = question.buttons[0][1]
    entries = await ledger_size(harness)
    assert question.message_id is not None
    forged = forgeries(confirm)[kind]
    [answered] = await harness.feed(press_update(harness, forged, GROUP, question.message_id))
    assert answered.method == "answerCallbackQuery" and answered.text == EXPIRED["zh"]
    assert await ledger_size(harness) == entries
    assert not (await harness.ledger.reports.entry(GROUP, 1)).is_reversed


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_an_expired_undo_confirm_writes_nothing(harness: Harness, lang: str) -> None:
    await set_lang(harness, lang)
    await two_hands(harness)
    [question] = await harness.say("乙", "/undo #1")
    assert question.message_id is not None
    # The same confirm as the bot drew it, but shown just over its time ago.
    shown_at = time.time() - CONFIRM_SECONDS - 1
    old, _ = confirm_data(TOKEN, GROUP, PLAYERS["乙"], "1", now=shown_at)
    entries = await ledger_size(harness)
    press = harness.make.press(GROUP, PLAYERS["乙"], question.message_id, old)
    [answered] = await harness.feed(press)
    assert answered.method == "answerCallbackQuery"
    assert ("过期" if lang == "zh" else "expired") in answered.text
    assert "/undo #1" in answered.text
    assert await ledger_size(harness) == entries


async def test_an_undo_confirm_still_works_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "m.db"
    async with running_harness(database) as before:
        await two_hands(before)
        [question] = await before.say("乙", "/undo #1")
    async with running_harness(database, before.api) as after:
        toast, edited = await after.press("乙", question)
        assert toast.method == "answerCallbackQuery" and "已撤销 #1" in toast.text
        assert "已撤销 #1" in edited.text and not edited.buttons
        assert (await after.ledger.reports.entry(GROUP, 1)).is_reversed


async def test_the_undo_confirm_fits_telegram_for_the_longest_ids() -> None:
    confirm, cancel = confirm_data(TOKEN, -1_000_000_000_000, 2**53, "999999999")
    assert len(confirm.encode()) <= 64 and len(cancel.encode()) <= 64


# Commands that show "sending a photo/file…" before their picture or file.
ACTIONS = {
    "a scored hand": "/score 123m456m789m123p白 +5s 自摸",
    "the backup": "/backup",
}


@pytest.mark.parametrize("command", ACTIONS.values(), ids=ACTIONS.keys())
async def test_the_typing_indicator_stays_in_its_forum_topic(
    harness: Harness, command: str
) -> None:
    harness.api.chats[GROUP]["is_forum"] = True
    topic = {"message_thread_id": 77, "is_topic_message": True}
    await harness.say("丁", command, **topic)
    actions = [params for method, params in harness.api.requests if method == "sendChatAction"]
    assert actions and all(params.get("message_thread_id") == 77 for params in actions)


async def test_the_typing_indicator_outside_topics_names_no_thread(harness: Harness) -> None:
    await harness.say("甲", ACTIONS["a scored hand"])
    actions = [params for method, params in harness.api.requests if method == "sendChatAction"]
    assert actions and all("message_thread_id" not in params for params in actions)


GREETINGS = ["你好", "hi", "Hello!", "在吗", "谢谢 机器人", "good morning"]


@pytest.mark.parametrize("greeting", GREETINGS)
@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_greeting_in_private_is_welcomed(
    harness: Harness, greeting: str, lang: str
) -> None:
    await set_lang(harness, lang, PRIVATE)
    [welcome] = await harness.say("甲", greeting, chat=PRIVATE)
    assert ("你好！我是麻将计分助手" if lang == "zh" else "Hello! I am") in welcome.text
    assert "/help" in welcome.text and not welcome.text.startswith("❌")


# Not small talk: a hand with a mistake is still scored and its mistake named.
NOT_GREETINGS = {
    "a hand short of tiles": "123m456m789m12p 自摸",
    "words the scorer reads": "自摸 七对",
    "a tile name": "白板",
}


@pytest.mark.parametrize("line", NOT_GREETINGS.values(), ids=NOT_GREETINGS.keys())
async def test_a_hand_with_a_mistake_is_not_taken_for_a_greeting(
    harness: Harness, line: str
) -> None:
    [answer, *_] = await harness.say("甲", line, chat=PRIVATE)
    assert "我是麻将计分助手" not in answer.text
