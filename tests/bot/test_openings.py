"""Issue 30, item 3: openings that know the families. The family and the system in either
order, a family of several systems asks which, 「和上次一样」 in one tap, stake and 台费 carried
from session to session, and an empty session closed is no session."""

from __future__ import annotations

import pytest

from bot.console.local_api import Sent
from scoring import rulesets
from tests.bot.conftest import GROUP, Harness


def _opened(sent: list[Sent]) -> Sent:
    [opened] = [s for s in sent if s.method == "sendMessage" and "场开始" in s.text]
    return opened


@pytest.mark.parametrize(
    ("line", "header"),
    [
        ("开局 湖州 硬飘花 1 阿华 小芳 老陈 Tom", "湖州·硬飘花 · 底分 1"),
        ("开局 硬飘花 湖州 1 阿华 小芳 老陈 Tom", "湖州·硬飘花 · 底分 1"),
        ("/new 湖州麻将 双辣 2 阿华 小芳 老陈 Tom", "湖州·双辣 · 底分 2"),
        ("/new 杭州 初级场 阿华 小芳 老陈 Tom", "杭州麻将 · 底分 400 · 初级场"),
        ("/new 初级场 杭州 阿华 小芳 老陈 Tom", "杭州麻将 · 底分 400 · 初级场"),
        ("/new 杭州麻将 杭州 1 阿华 小芳 老陈 Tom", "杭州麻将 · 底分 1"),
    ],
    ids=["family-system", "system-family", "family-alias", "room", "room-first", "hangzhou-twice"],
)
async def test_family_and_system_in_any_order(harness: Harness, line: str, header: str) -> None:
    opened = _opened(await harness.say("甲", line))
    assert header in opened.text, opened.text
    assert "阿华" in opened.text and "Tom" in opened.text


async def test_a_system_of_another_family_is_refused_by_name(harness: Harness) -> None:
    [refused] = await harness.say("甲", "/new 杭州 双辣 1 甲 乙 丙 丁")
    assert refused.text == "❌ 「双辣」不是杭州的玩法：二者选一个"
    assert await harness.ledger.sessions.current(GROUP) is None


async def test_a_family_alone_asks_which_system(harness: Harness) -> None:
    """`开局 湖州 1 …` silently started 强盗胡, one of five systems: now it asks."""
    [asked] = await harness.say("甲", "开局 湖州 1 阿华 小芳 老陈 Tom")
    assert asked.text == "湖州有 5 种玩法，打哪一种？"
    huzhou = next(f for f in rulesets.families() if "湖州" in f.names)
    members = rulesets.family_members(huzhou)
    assert [data for _, data in asked.buttons] == [f"open:{member}" for member in members]
    assert await harness.ledger.sessions.current(GROUP) is None
    [refused] = [s for s in await harness.press("乙", asked, 1) if s.method.startswith("answer")]
    assert refused.text == "只有发 /new 的人或群管理员能选"
    sent = await harness.press("甲", asked, 1)  # 硬飘花
    assert "湖州·硬飘花 · 底分 1" in _opened(sent).text and "Tom" in _opened(sent).text
    [chosen] = [s for s in sent if s.method == "editMessageText"]
    assert chosen.text == "✅ 甲 选了：湖州·硬飘花" and not chosen.buttons
    again = await harness.press("甲", asked, 2)
    assert not [s for s in again if "场开始" in s.text]  # answered once


async def _play_one_session(harness: Harness) -> None:
    await harness.open_table("/new 双辣 2 甲 乙 丙 丁")
    await harness.say("甲", "/stake 0.5")
    await harness.say("甲", "/fee 40")
    await harness.say("甲", "/hu 甲 自摸 清一色 对对胡")
    await harness.say("甲", "/settle")


async def test_new_alone_offers_the_same_as_last_time(harness: Harness) -> None:
    await _play_one_session(harness)
    [offer] = await harness.say("甲", "/new")
    assert offer.text.startswith("写法：/new")
    assert offer.buttons == [("🔁 和上次一样：湖州·双辣 · 底分 2 · 甲 乙 丙 丁", "open:same")]
    opened = _opened(await harness.press("甲", offer))
    assert "第 2 场开始 · 湖州·双辣 · 底分 2" in opened.text
    assert "💰 每分 0.5 元（沿用上一场）" in opened.text
    assert "💰 台费 40.00 元（沿用上一场），每人 10.00 元，已记账" in opened.text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and session.ruleset == "huzhou-shuangla" and session.base == 2
    names = {p.id: p.name for p in await harness.ledger.players.all(GROUP)}
    assert [names[player] for player in session.seats if player] == ["甲", "乙", "丙", "丁"]
    money = await harness.ledger.money.of_session(GROUP, session.id)
    assert money.stake == 5000 and money.fee == 4000


async def test_new_alone_in_a_chat_that_never_played_says_how(harness: Harness) -> None:
    [usage] = await harness.say("甲", "/new")
    assert usage.text.startswith("❌ 写法：/new") and not usage.buttons


async def test_stake_and_fee_are_the_chats_until_changed(harness: Harness) -> None:
    await _play_one_session(harness)
    opened = _opened(await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁"))
    assert "💰 每分 0.5 元（沿用上一场）" in opened.text
    assert "台费 40.00 元（沿用上一场）" in opened.text
    await harness.say("甲", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/settle")
    opened = _opened(await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁 每分1元"))
    assert "💰 每分 1 元\n" in opened.text  # said in the line: not carried over


async def test_an_empty_session_closed_is_no_session(harness: Harness) -> None:
    """`开局 湖州 1 …` by mistake, /settle, then the right one: no phantom 第 2 场."""
    await harness.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    [closed] = [s for s in await harness.say("甲", "/settle") if s.method == "sendMessage"]
    assert closed.text == "第 1 场什么都没记，就当没开过（不算一场）。重新开局发 /new"
    opened = _opened(await harness.say("甲", "/new 硬飘花 1 甲 乙 丙 丁"))
    assert opened.text.startswith("🀄 第 1 场开始")
    assert [s.ruleset for s in await harness.ledger.sessions.all(GROUP)] == ["huzhou-yingpiao"]


async def test_a_session_with_a_hand_undone_is_still_a_session(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/undo")
    [closed] = [s for s in await harness.say("甲", "/settle") if s.method == "sendMessage"]
    assert closed.text.startswith("💰 第 1 场结算")
    assert len(await harness.ledger.sessions.all(GROUP)) == 1
