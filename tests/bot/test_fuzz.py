"""Fuzz: thousands of command lines and button presses through the real Application.

Hypothesis writes chat traffic from the bot's own vocabulary, look-alike numbers ('²', '①',
2**64), invisible characters, 4,000-character words and random text, and presses buttons
with their data forged. After every update: the emulator refused nothing (it refuses what
Telegram refuses: too long, empty, bad button data), and the chat heard the generic apology
exactly when the update hit an injected internal fault (``inject_faults``), never else.

FUZZ_EXAMPLES (default 200 chat sessions of 8-24 updates: some 3,000 updates) runs more.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.console.local_api import Sent
from tests.bot.conftest import FAULT_COMMAND, GROUP, PLAYERS, Harness, module_bot

pytestmark = pytest.mark.slow  # see pyproject's markers: skipped in the fast loop, always in CI

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "200"))
COMMANDS = (
    "/hu", "/hu", "/hu", "/kong", "/draw", "/undo", "/undo", "/why", "/history", "/stats",
    "/tally", "/seat", "/join", "/dealer", "/new", "/new", "/score", "/ting", "/rules", "/help",
    "/lang", "/settle", "/start", "胡", "杠", "流局", "撤销", "历史", "统计", "开局", "加入",
    "为什么", "/hu@mahjong_score_bot", FAULT_COMMAND, "/stake", "/fee", "/penalty", "/pay",
)  # fmt: skip
WORDS = (
    "甲", "乙", "丙", "丁", "戊", "东", "南", "西", "北", "E", "S", "我", "me", "@甲",
    "自摸", "爆头", "点炮", "放冲", "杠开", "财飘", "双飘", "七对", "有花", "清一色", "天胡",
    "明杠", "暗杠", "补杠", "抢杠", "承包", "圈南", "座西", "翻", "1m", "杭州", "湖州", "强盗胡",
    "双辣", "初级场", "底分", "en", "zh", "1", "５", "2", "48", "#1", "#2", "＃3", "0", "-1",
    "²", "#²", "①", "٣", "NaN", "inf", "1e3", "1.5", "2**64", "18446744073709551616",
    "9223372036854775807", "9223372036854775808", "123m456m789m123p白白", "+5s", "白", "财",
    "1m1m1m2m3m4m5m6m7m8m9m9m9m", "；", "|", ":", "，", "\u200b", "\u202e", "\u2066", "\x00",
    "甲\u200b", "\u202a乙\u202c", "\ufeff", "\u3000", "5毛", "0.0005", "20元", "赢家", "五毛",
    "0.5分", "¥40", "每分0.5元",
)  # fmt: skip
BUTTON_PREFIXES = (
    "undo:", "hist:", "stats:", "tally:", "full:", "short:", "set:", "set:lang:", "topic:",
    "topic:en:", "tap:", "tap:2:0:", "fault", "", "x:",
)  # fmt: skip
# Lines the bot records, so that undo, /why, /history and the buttons have entries to work on.
WELL_FORMED = (
    "/new 杭州 1 甲 乙 丙 丁", "/new 硬飘 5 甲 乙 丙 丁", "/hu 甲 自摸 爆头", "/hu 乙 点炮 丙 七对",
    "/hu 丙 自摸 杠开 财飘", "/hu 东 123m456m789m123p白 +5s 自摸", "/hu 甲 乙 点炮 丙",
    "/kong 甲 明杠 丙", "/kong 乙 暗杠", "/draw", "/undo", "/history", "/stats", "/tally",
    "/why", "/settle", "/seat 戊 南", "/dealer 乙", "/ting 123m456m789m12p白白", "/rules 爆头",
    "/lang en", "/lang zh", "/new 杭州 1 甲 乙 丙 丁 每分0.5元", "/stake 0.05", "/fee 40",
    "/fee 40 赢家", "/penalty 甲 30 诈胡", "/pay 甲 乙 20元",
    "/lang en", "/lang zh", "/settings", "/settings 回复 完整", "/settings 图片 从不",
)  # fmt: skip
_word = st.one_of(
    *[st.sampled_from(WORDS)] * 6,
    st.sampled_from(WORDS).flatmap(
        lambda word: st.integers(1, 3000).map(lambda times: (word + " ") * times)
    ),
    st.text(max_size=12),
    st.text(max_size=4500, alphabet=st.characters(codec="utf-8")),
    st.integers(-(2**70), 2**70).map(str),
)
_line = st.one_of(
    st.sampled_from(WELL_FORMED),
    st.sampled_from(WELL_FORMED),
    st.builds(
        lambda line, words: " ".join([line, *words]),
        st.sampled_from(WELL_FORMED),
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
    ),
    st.builds(
        lambda command, words: " ".join([command, *words]),
        st.sampled_from(COMMANDS),
        st.lists(_word, max_size=8),
    ),
)
_data = st.builds(
    lambda prefix, rest: (prefix + rest)[:64],
    st.sampled_from(BUTTON_PREFIXES),
    st.one_of(
        st.sampled_from(("1", "2", "0", "-1", "²", "1,2", "abc", "2**64", "here", "other", "")),
        st.integers(-(2**70), 2**70).map(str),
        st.text(max_size=30),
    ),
)


@dataclass(frozen=True)
class Say:
    who: str
    text: str


@dataclass(frozen=True)
class Press:
    who: str
    data: str
    pick: int  # which of the bot's messages with buttons (counted from the newest)


_players = st.sampled_from(sorted(PLAYERS))
_update = st.one_of(
    st.builds(Say, _players, _line),
    st.builds(Say, _players, _line),
    st.builds(Press, _players, _data, st.integers(0, 3)),
    st.builds(Press, _players, st.just("fault"), st.integers(0, 3)),
)


@pytest.fixture(scope="module")
def bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, Harness]]:
    """One bot for the whole fuzz: its ledger grows as the traffic goes on."""
    with module_bot(tmp_path_factory, "fuzz") as running:
        yield running


@settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
@given(traffic=st.lists(_update, min_size=8, max_size=24))
def test_no_reply_breaks_a_limit_and_no_apology_without_a_fault(
    bot: tuple[asyncio.Runner, Harness], traffic: list[Say | Press]
) -> None:
    runner, harness = bot
    runner.run(_play(harness, traffic))


async def _play(harness: Harness, traffic: list[Say | Press]) -> None:
    harness.api.refusals.clear()  # an example that failed before (hypothesis runs it again)
    if await harness.ledger.sessions.current(GROUP) is None:
        await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁")
    for update in traffic:
        sent = await _feed(harness, update)
        if sent is None:
            continue
        refused = [(m, e.description) for m, e in harness.api.refusals if _breaks_a_rule(e)]
        assert refused == [], (update, refused)
        harness.api.refusals.clear()
        faulty = _is_fault(update)
        apologies = [s.text for s in sent if "抱歉" in s.text or "Sorry, something" in s.text]
        assert bool(apologies) == faulty, (update, [s.text[:300] for s in sent])


async def _feed(harness: Harness, update: Say | Press) -> list[Sent] | None:
    """What the bot sent for the update; None when a press found no button to press."""
    if isinstance(update, Say):
        return await harness.say(update.who, update.text)
    with_buttons = [s for s in harness.api.sent if s.buttons and s.message_id is not None]
    if not with_buttons:
        return None
    target = with_buttons[-1 - min(update.pick, len(with_buttons) - 1)]
    assert target.message_id is not None
    return await harness.feed(
        harness.make.press(GROUP, PLAYERS[update.who], target.message_id, update.data)
    )


def _breaks_a_rule(error: Exception) -> bool:
    """Every refusal but an edit to what the message shows already (a press on the page it
    is at), which the reply helper knows to be harmless."""
    return "message is not modified" not in str(error)


def _is_fault(update: Say | Press) -> bool:
    if isinstance(update, Press):
        return update.data == "fault"
    return update.text.split(" ", 1)[0] == FAULT_COMMAND
