"""/rules answers in the question's language; /why finds the hand to explain."""

from __future__ import annotations

import pytest

from tests.bot.conftest import Harness


async def test_english_question_in_a_chinese_chat_gets_english(harness: Harness) -> None:
    [short] = await harness.say("甲", "/rules can I chow from the player opposite me?")
    assert "never from the player across" in short.text
    assert short.buttons and short.buttons[0][0] == "Full text"
    [full] = (await harness.press("甲", short))[1:]
    assert "Chow (吃): only the discard of the previous player" in full.text


async def test_chinese_question_in_an_english_chat_gets_chinese(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    [short] = await harness.say("甲", "/rules 能吃对家吗")
    assert "对家、下家打的不能吃" in short.text
    assert short.buttons[0][0] == "详细说明"
    [full] = (await harness.press("甲", short))[1:]
    assert "吃：只能吃上家" in full.text


async def test_a_question_in_the_chat_language_keeps_plain_buttons(harness: Harness) -> None:
    [short] = await harness.say("甲", "/rules 能吃对家吗")
    assert short.buttons[0][0] == "详细说明"
    [full] = (await harness.press("甲", short))[1:]
    assert "吃：只能吃上家" in full.text


async def test_unanswered_english_question_gets_an_english_menu(harness: Harness) -> None:
    [said] = await harness.say("甲", "/rules what should we eat tonight")
    assert said.text.startswith("That does not look like a mahjong rules question")
    assert [label for label, _ in said.buttons] == ["📖 All topics"]
    [menu] = [s for s in await harness.press("甲", said) if s.method == "editMessageText"]
    assert any(title == "Is there a cap (封顶)?" for title, _ in menu.buttons)


@pytest.mark.parametrize("chat", ["今天晚上吃什么", "晚上吃火锅还是吃烧烤", "今晚吃什么"])
async def test_food_talk_is_not_a_rules_question(harness: Harness, chat: str) -> None:
    """Issue 30: 「规则 今晚吃什么」 answered with 31 topic buttons; now one line, one button."""
    [said] = await harness.say("甲", f"/rules {chat}")
    assert said.text.startswith("这不像是麻将规则的问题"), chat
    assert [label for label, _ in said.buttons] == ["📖 全部题目"]


async def test_a_vague_rules_question_gets_a_few_suggestions(harness: Harness) -> None:
    [said] = await harness.say("甲", "/rules 怎么胡牌")
    assert said.text.startswith("这个问题我答不准")
    assert 2 <= len(said.buttons) <= 4 and said.buttons[-1][0] == "📖 全部题目"


async def test_why_alone_explains_the_sessions_last_win_that_counts(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/hu 乙 点炮 丙 七对 有花")
    await harness.say("甲", "/undo")  # the 七对 no longer counts: /why goes back to #1
    await harness.say("甲", "/kong 甲 暗杠")
    [why] = await harness.say("乙", "/why")
    assert why.text.startswith("#1 甲 胡") and "爆头" in why.text


async def test_why_alone_with_no_win_says_how_to_ask(harness: Harness) -> None:
    await harness.open_table()
    [why] = await harness.say("甲", "/why")
    assert "还没有胡牌" in why.text and "/why 12" in why.text
