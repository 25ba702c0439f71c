"""The first minute: /start in private, the welcome on joining a group, a private chat that
scores what it is sent and says where recording happens; in Chinese and English."""

from __future__ import annotations

import pytest

from bot.console.local_api import BOT_USER
from bot.text_limits import start_group_url
from tests.bot.conftest import GROUP, PLAYERS, Harness

PRIVATE = PLAYERS["甲"]
HAND = "123m456m789m123p白 +5s 自摸"

# lang → (a phrase of the private /start, the button, a phrase of the welcome, of privacy mode)
WORDS = {
    "zh": ("我是麻将计分助手", "➕ 添加到群组", "/new 杭州 1 甲 乙 丙 丁", "隐私模式"),
    "en": ("I keep the score", "➕ Add to group", "/new hangzhou 1", "privacy mode"),
}


async def set_lang(harness: Harness, lang: str, chat: int) -> None:
    if lang != "zh":
        await harness.say("甲", f"/lang {lang}", chat=chat)


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_start_in_private_says_what_the_bot_does_and_offers_to_add_it(
    harness: Harness, lang: str
) -> None:
    await set_lang(harness, lang, PRIVATE)
    [intro] = await harness.say("甲", "/start", chat=PRIVATE)
    assert WORDS[lang][0] in intro.text
    assert len(intro.text.splitlines()) == 5  # what it does, where, here; privacy mode (2)
    [[button]] = intro.reply_markup["inline_keyboard"] if intro.reply_markup else [[{}]]
    assert button["text"] == WORDS[lang][1]
    assert button["url"] == f"https://t.me/{BOT_USER['username']}?startgroup=added"


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_start_in_a_group_is_the_help(harness: Harness, lang: str) -> None:
    await set_lang(harness, lang, GROUP)
    [start] = await harness.say("甲", "/start")
    [help_text] = await harness.say("甲", "/help")
    assert start.text == help_text.text and start.reply_markup is None


@pytest.mark.parametrize(
    "payload", ["", "a" * 65, "has space", "中文"], ids=["empty", "65", "space", "cjk"]
)
def test_start_group_url_refuses_what_telegram_would_not_take(payload: str) -> None:
    with pytest.raises(ValueError, match="1-64"):
        start_group_url("mahjong_score_bot", payload)


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_added_to_a_group_posts_a_welcome(harness: Harness, lang: str) -> None:
    await set_lang(harness, lang, GROUP)
    sent = await harness.feed(harness.make.bot_status(GROUP, PRIVATE, "left", "member"))
    [welcome] = sent
    assert welcome.method == "sendMessage" and welcome.chat_id == GROUP
    _, _, opening, privacy = WORDS[lang]
    assert opening in welcome.text and "/hu" in welcome.text and privacy in welcome.text


@pytest.mark.parametrize(
    ("old", "new"),
    [("member", "administrator"), ("member", "left"), ("administrator", "kicked")],
    ids=["promoted", "left", "kicked"],
)
async def test_no_welcome_unless_the_bot_just_arrived(harness: Harness, old: str, new: str) -> None:
    assert await harness.feed(harness.make.bot_status(GROUP, PRIVATE, old, new)) == []


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_hand_pasted_in_private_is_scored_as_score_would(
    harness: Harness, lang: str
) -> None:
    await set_lang(harness, lang, PRIVATE)
    pasted = await harness.say("甲", HAND, chat=PRIVATE)
    scored = await harness.say("甲", f"/score {HAND}", chat=PRIVATE)
    assert [(s.method, s.text) for s in pasted] == [(s.method, s.text) for s in scored]
    assert [s.method for s in pasted] == ["sendMessage", "sendPhoto"]
    assert pasted[1].content == scored[1].content


async def test_a_mistyped_hand_in_private_names_the_token(harness: Harness) -> None:
    [refusal] = await harness.say("甲", "123m456m789m123p白 +5s 自莫", chat=PRIVATE)
    assert refusal.text.startswith("❌") and "自莫" in refusal.text


async def test_text_in_a_group_is_not_scored(harness: Harness) -> None:
    assert await harness.say("甲", HAND) == []


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(
    "line", ["/hu", "/hu 甲 自摸 爆头", "胡 甲 自摸", "/kong 甲 暗杠", "/draw"], ids=str
)
async def test_recording_in_private_says_it_records_in_groups(
    harness: Harness, lang: str, line: str
) -> None:
    await set_lang(harness, lang, PRIVATE)
    [answer] = await harness.say("甲", line, chat=PRIVATE)
    assert ("记账在群里" if lang == "zh" else "recording happens in a group") in answer.text
    assert "/score" in answer.text
    assert await harness.ledger.sessions.current(PRIVATE) is None
