"""/settings through the real Application and the emulator: who may change what, typed and
tapped, and every reply honouring it."""

from __future__ import annotations

import pytest

from tests.bot.conftest import GROUP, PLAYERS, Harness

FULL_HAND = "/hu 甲 123m456m789m123p白 +5s 自摸"


async def test_anyone_may_look_and_sees_the_defaults(harness: Harness) -> None:
    [shown] = await harness.say("乙", "/settings")  # 乙 is no admin
    assert "回复：简短" in shown.text and "图片：全部" in shown.text and "语言：中文" in shown.text
    ticked = [data for label, data in shown.buttons if label.startswith("✅")]
    assert ticked == ["set:replies:compact", "set:pictures:always", "set:lang:zh"]


@pytest.mark.parametrize(
    ("line", "column", "stored"),
    [
        pytest.param("/settings 图片 从不", "pictures", "never", id="图片-从不"),
        pytest.param("/settings pictures full", "pictures", "full_hands", id="pictures-full-en"),
        pytest.param("/settings 回复 完整", "replies", "full", id="回复-完整"),
        pytest.param("/settings replies short", "replies", "compact", id="replies-short-en"),
        pytest.param("/settings 语言 英文", "lang", "en", id="语言-英文"),
    ],
)
async def test_an_admin_types_a_setting(
    harness: Harness, line: str, column: str, stored: str
) -> None:
    [done] = await harness.say("丁", line)  # 丁 is an admin
    assert done.text.startswith(("已改：", "Set: "))
    chat = await harness.ledger.chats.get(GROUP)
    assert chat is not None and getattr(chat, column) == stored
    assert f"set:{column}:{stored}" in [d for label, d in done.buttons if label.startswith("✅")]


@pytest.mark.parametrize(
    ("line", "says"),
    [
        pytest.param("/settings 颜色 红", "没有「颜色」这项设置", id="unknown-setting"),
        pytest.param(
            "/settings 图片 蓝",
            "「蓝」不是图片的选项：可以写 全部 / 整手牌 / 从不",
            id="bad-choice",
        ),
        pytest.param("/settings 图片", "图片要写成什么？", id="no-choice"),
        pytest.param("/settings 图片 从不 现在", "「现在」不是图片的选项", id="extra-word"),
    ],
)
async def test_a_bad_setting_names_the_word_and_changes_nothing(
    harness: Harness, line: str, says: str
) -> None:
    [refused] = await harness.say("丁", line)
    assert says in refused.text
    chat = await harness.ledger.chats.get(GROUP)
    assert chat is None or (chat.pictures, chat.replies) == (None, None)


async def test_a_bad_setting_in_english(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    [refused] = await harness.say("丁", "/settings pictures blue")
    assert "blue is not a choice for pictures: write always / full_hands / never" in refused.text


async def test_only_admins_change_typed_or_tapped(harness: Harness) -> None:
    [typed] = await harness.say("乙", "/settings 图片 从不")
    assert "只有群管理员可以改设置" in typed.text
    [shown] = await harness.say("乙", "/settings")
    never = [label for label, data in shown.buttons].index("不发图")
    [alert] = await harness.press("乙", shown, never)
    assert alert.method == "answerCallbackQuery" and "只有群管理员" in alert.text
    assert alert.params.get("show_alert") in (True, "true")
    chat = await harness.ledger.chats.get(GROUP)
    assert chat is None or chat.pictures is None
    toast, edited = await harness.press("丁", shown, never)
    assert "已改：不发图" in toast.text and edited.message_id == shown.message_id
    assert "图片：不发图" in edited.text and ("✅ 不发图", "set:pictures:never") in edited.buttons
    chat = await harness.ledger.chats.get(GROUP)
    assert chat is not None and chat.pictures == "never"


async def test_a_forged_settings_button_is_refused(harness: Harness) -> None:
    [shown] = await harness.say("丁", "/settings")
    assert shown.message_id is not None
    forged = harness.make.press(GROUP, PLAYERS["丁"], shown.message_id, "set:pictures:sometimes")
    [alert] = await harness.feed(forged)
    assert alert.method == "answerCallbackQuery" and "set:pictures:sometimes" in alert.text
    chat = await harness.ledger.chats.get(GROUP)
    assert chat is None or chat.pictures is None


async def test_the_language_button_answers_in_the_new_language_and_lang_agrees(
    harness: Harness,
) -> None:
    [shown] = await harness.say("丁", "/settings")
    english = [data for _, data in shown.buttons].index("set:lang:en")
    toast, edited = await harness.press("丁", shown, english)
    assert toast.text == "Set: English" and "Language: English" in edited.text
    [refused] = await harness.say("乙", "/lang zh")  # /lang is /settings 语言: an admin's
    assert refused.text.startswith("❌ Only chat admins can change this group's language")
    [helped] = await harness.say("丁", "/lang zh")
    [again] = await harness.say("乙", "/settings")
    assert "语言：中文" in again.text and ("✅ 中文", "set:lang:zh") in again.buttons
    assert helped.text.startswith("好的")


@pytest.mark.parametrize(
    ("choice", "hand_picture", "chart"),
    [
        pytest.param("全部", True, True, id="always"),
        pytest.param("整手牌", True, False, id="full-hands"),
        pytest.param("从不", False, False, id="never"),
    ],
)
async def test_pictures_follow_the_setting(
    harness: Harness, choice: str, hand_picture: bool, chart: bool
) -> None:
    await harness.say("丁", f"/settings 图片 {choice}")
    await harness.open_table()
    recorded = await harness.say("甲", FULL_HAND)
    assert ("sendPhoto" in [s.method for s in recorded]) is hand_picture
    await harness.say("甲", "/hu 乙 自摸")
    tallied = await harness.say("甲", "/tally")
    assert ("sendPhoto" in [s.method for s in tallied]) is chart
    settled = await harness.say("甲", "/settle")
    assert ("sendPhoto" in [s.method for s in settled]) is chart
