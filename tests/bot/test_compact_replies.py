"""Phone-sized recording replies and 📋 详情, through the real Application and the emulator."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

import scoring
from bot.hand_reply import stored_summary
from bot.i18n import t
from scoring import rulesets
from scoring.explain import summary
from scoring.facts import WinFacts
from scoring.tiles import Seat
from storage import Entry
from tests.bot.conftest import GROUP, Harness, running_harness

MAX_LINES = 6
FULL_HAND = "/hu 甲 123m456m789m123p白 +5s 自摸"


@dataclass(frozen=True)
class Case:
    line: str
    lang: str
    shows: tuple[str, ...]  # what the short reply must still tell
    table: str = "/new 杭州 1 甲 乙 丙 丁"
    before: str | None = None  # a hand first, so a draw or kong has a table to follow


CASES = [
    pytest.param(
        Case("/hu 甲 自摸 爆头", "zh", ("#1 · 第 1 局", "爆头 = 2 番", "甲 +48", "下一局：甲")),
        id="自摸",
    ),
    pytest.param(
        Case("/hu 乙 点炮 丙 七对 有花", "zh", ("乙（南）胡", "七对", "丙 −", "下一局：乙")),
        id="点炮",
    ),
    pytest.param(
        Case("/hu 甲 乙 点炮 丙", "zh", ("#1,2", "甲（东）胡", "乙（南）胡", "丙 −")),
        id="一炮多响",
    ),
    pytest.param(
        Case("/hu 甲 乙 丁 点炮 丙", "zh", ("#1,2,3", "丁（北）胡", "丙 −24")),
        id="一炮多响-三家",
    ),
    pytest.param(Case("/kong 甲 暗杠", "zh", ("甲（东）暗杠", "甲 +6 · 乙 −2")), id="kong"),
    pytest.param(
        Case("流局", "zh", ("第 2 局流局", "下一局：甲"), before="/hu 甲 自摸"), id="draw"
    ),
    pytest.param(
        Case("/hu 甲 自摸 爆头", "en", ("#1 · hand 1", "Baotou (爆头) = 2 fan", "Next: 甲")),
        id="自摸-en",
    ),
    pytest.param(
        Case("/hu 甲 乙 点炮 丙", "en", ("#1,2", "甲 (E) wins", "乙 (S) wins", "This hand:")),
        id="一炮多响-en",
    ),
    pytest.param(Case("/kong 甲 明杠 丙", "en", ("exposed kong", "丙 −3")), id="kong-en"),
    pytest.param(Case("流局", "en", ("hand 1 drawn", "Next: 甲")), id="draw-en"),  # typed: no ✅
    pytest.param(
        Case("/hu 甲 乙 点炮 丙", "zh", ("#1,2", "乙（南）胡"), table="/new 强盗胡 2 甲 乙 丙 丁"),
        id="一炮多响-湖州",
    ),
]


@pytest.mark.parametrize("case", CASES)
async def test_the_reply_fits_a_phone(harness: Harness, case: Case) -> None:
    await harness.open_table(case.table)
    if case.lang == "en":
        await harness.say("甲", "/lang en")
    if case.before:
        await harness.say("甲", case.before)
    [reply] = await harness.say("甲", case.line)
    lines = reply.text.splitlines()
    assert len(lines) <= MAX_LINES, reply.text
    for shown in case.shows:
        assert shown in reply.text, (shown, reply.text)
    # The formula, the payer rule and the standings wait behind 详情.
    for hidden in ("算法", "付款", "本场积分", "Formula", "Who pays", "standings"):
        assert hidden not in reply.text
    ids = reply.buttons[0][1].removeprefix("undo:")
    assert reply.buttons == [
        ("↩️ " + t("undo_button", case.lang), f"undo:{ids}"),
        (t("details_button", case.lang), f"full:{ids}"),
        (t("tap_next_hand", case.lang), "tap:next"),
    ]


async def test_details_add_the_formula_payer_and_standings_and_fold_back(
    harness: Harness,
) -> None:
    await harness.open_table()
    [short, _who] = await harness.say("乙", "/hu 甲 自摸 爆头")
    answered, edited = await harness.press("丙", short, 1)
    assert answered.method == "answerCallbackQuery" and edited.method == "editMessageText"
    assert edited.message_id == short.message_id
    assert "杭州麻将 · 底分 1" in edited.text
    assert "算法：爆头 2 番 × 8 × 底分 1 = 16 / 家" in edited.text
    assert "付款：自摸：其他三家各付一份" in edited.text
    assert "本场积分\n甲 +48" in edited.text and "下一局：甲（东）坐庄" in edited.text
    assert [label for label, _ in edited.buttons] == ["↩️ 撤销", "🔼 收起", "➕ 记一手"]
    _, folded = await harness.press("丙", edited, 1)
    assert folded.text == short.text and folded.buttons == short.buttons


async def test_details_after_a_restart_are_read_from_the_ledger(tmp_path: Path) -> None:
    database = tmp_path / "m.db"
    async with running_harness(database) as first:
        await first.open_table()
        [reply, _who] = await first.say("乙", "/hu 甲 乙 点炮 丙")
        _, before = await first.press("丁", reply, 1)
        _, folded = await first.press("丁", before, 1)
        api = first.api
    async with running_harness(database, api) as again:
        _, after = await again.press("丁", folded, 1)
    assert after.text == before.text
    assert after.text.count("算法：") == 2 and "本场积分" in after.text
    assert after.buttons == before.buttons


async def test_the_undo_button_strikes_the_short_form_and_says_what_holds(
    harness: Harness,
) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸")
    [reply] = await harness.say("甲", "/hu 乙 自摸 爆头")
    _, edited = await harness.press("甲", reply, 0)
    assert edited.buttons == []
    strike = edited.params["text"]
    assert strike.startswith("<s>🀄 #2 · 第 2 局") and "</s>" in strike
    assert "本场积分\n甲 +24" in edited.text and "下一局：甲（东）坐庄" in edited.text


async def test_details_of_a_hand_undone_meanwhile_show_it_struck(harness: Harness) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/undo")
    _, edited = await harness.press("乙", reply, 1)
    assert edited.buttons == [] and edited.params["text"].startswith("<s>")
    assert "已撤销（#2）" in edited.text and "本场积分" in edited.text and "甲 0" in edited.text
    assert "下一局：甲（东）坐庄" in edited.text  # the deal went back with the undone hand


async def test_a_forged_details_button_is_refused_and_nothing_changes(harness: Harness) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", "/hu 甲 自摸")
    forged = harness.make.press(GROUP, 12, reply.message_id or 0, "full:999")
    [answered] = await harness.feed(forged)
    assert answered.method == "answerCallbackQuery" and "999" in answered.text


async def test_full_replies_when_the_chat_chose_them(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/settings 回复 完整")
    [reply, _who] = await harness.say("乙", "/hu 甲 自摸 爆头")
    assert "算法：" in reply.text and "本场积分" in reply.text
    assert [label for label, _ in reply.buttons] == ["↩️ 撤销", "🔼 收起", "➕ 记一手"]
    _, short = await harness.press("乙", reply, 1)
    assert len(short.text.splitlines()) <= MAX_LINES and "算法" not in short.text


async def test_a_replay_still_says_it_was_recorded_once(harness: Harness) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, 11, "/hu 甲 自摸 爆头")
    [first] = await harness.feed(update)
    [again] = await harness.feed(update)
    assert "已经记过了（#1）" in again.text and "甲 +48" in again.text
    assert first.buttons and not again.buttons


# The breakdown the ledger keeps, read back, says what the scorer said: the 详情 after a
# restart is the reply the hand got.
SUMMARY_CASES = [
    pytest.param("hangzhou", "爆头", "zh", id="杭州-爆头"),
    pytest.param("hangzhou", "七对 有花", "en", id="杭州-七对-en"),
    pytest.param("huzhou-qiangdao", "有花", "zh", id="强盗胡"),
    pytest.param("huzhou-shuangla", "台5 自摸", "zh", id="双辣-台"),
    pytest.param("huzhou-shuangla", "台5 自摸", "en", id="双辣-台-en"),
    pytest.param("huzhou-ruanpiao", "爆头", "zh", id="软飘花-notes"),
]


@pytest.mark.parametrize(("ruleset", "words", "lang"), SUMMARY_CASES)
def test_the_stored_breakdown_reads_as_the_scorer_explained_it(
    ruleset: str, words: str, lang: str
) -> None:
    facts = WinFacts(winner=Seat.S, discarder=None if "自摸" in words else Seat.W)
    result = scoring.quick(words, ruleset, 2, facts=facts)
    stored = Entry(
        id=1,
        chat_id=GROUP,
        session_id=1,
        kind="win",
        postings={},
        created_at=datetime.now(UTC),
        result_json=json.dumps(result.to_json(), ensure_ascii=False),
    )
    assert stored_summary(stored, rulesets.get(ruleset), lang) == summary(result, lang)
