"""A ruleset registered from outside the product (tests/extra_ruleset.py, a toy 宁波麻将) is
served by the bot, its pictures and its rules Q&A with no product file changed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import scoring
from bot import pictures, rules_qa
from bot.pictures.hand_text import header_for
from scoring import rulesets
from scoring.tiles import Seat
from tests.bot.conftest import GROUP, Harness
from tests.extra_ruleset import NINGBO

NAMES = {Seat.E: "甲", Seat.S: "乙", Seat.W: "丙", Seat.N: "丁"}
BAOTOU_LINE = "123m456m789m123p白 +5s 自摸"  # 白 is the wild (Hangzhou's, reused): 爆头


@pytest.fixture
def ningbo() -> Iterator[rulesets.Ruleset]:
    rulesets.register(NINGBO)
    try:
        yield NINGBO
    finally:
        rulesets.unregister(NINGBO.id)


async def balances(harness: Harness) -> dict[str, int]:
    session = await harness.ledger.sessions.current(GROUP)
    tally = await harness.ledger.reports.tally(GROUP, session.id if session else None)
    return {row.player.name: row.balance for row in tally.rows}


async def test_a_session_records_hands_kongs_and_draws(
    harness: Harness, ningbo: rulesets.Ruleset
) -> None:
    [opened] = await harness.say("甲", "/new 宁波 1 甲 乙 丙 丁")
    assert "宁波麻将" in opened.text and "底分 1" in opened.text
    recorded, photo = await harness.say("甲", f"/hu 东 {BAOTOU_LINE}")
    assert "自摸、爆头 = 6 台" in recorded.text
    assert photo.method == "sendPhoto" and photo.text == "#1"
    _, details = await harness.press("乙", recorded, 1)
    assert "宁波麻将" in details.text and "自摸 3 × 爆头 2 = 6 台" in details.text
    assert await balances(harness) == {"甲": 18, "乙": -6, "丙": -6, "丁": -6}
    [kong] = await harness.say("甲", "/kong 乙 暗杠")  # ningbo settles kongs as Hangzhou does
    assert "暗杠" in kong.text and "乙 +6" in kong.text
    draw = await harness.draw()
    assert "下一局：甲（东）坐庄" in draw.text  # its rotation: the dealer keeps the deal
    [discard] = await harness.say("甲", "/hu 乙 点炮 丙")
    assert "放炮 = 1 台" in discard.text
    assert await balances(harness) == {"甲": 16, "乙": 1, "丙": -9, "丁": -8}
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and session.ruleset == "ningbo"
    assert session.rotation == "dealer_stays"


async def test_the_hand_picture_carries_its_label_and_discard_word(
    harness: Harness, ningbo: rulesets.Ruleset
) -> None:
    await harness.say("甲", "/new ningbo 1 甲 乙 丙 丁")
    _, photo = await harness.say("甲", f"/hu 东 {BAOTOU_LINE}")
    result = scoring.score(BAOTOU_LINE, "ningbo", 1, Seat.E)
    assert header_for(result, NAMES) == "宁波 · 自摸、爆头 6台 · 自摸"
    assert header_for(result, NAMES, "en") == "Ningbo · Self-draw, Baotou 6 tai · self-draw"
    assert photo.content == pictures.hand_png(result, NAMES, "zh")
    on_discard = scoring.score("1133m5577p99s东东白 +3s 点炮S", "ningbo", 1, Seat.E)
    assert header_for(on_discard, NAMES) == "宁波 · 放炮 1台 · 乙放炮"  # its family's word


async def test_rules_menu_and_answers_know_it(harness: Harness, ningbo: rulesets.Ruleset) -> None:
    await harness.say("甲", "/new 宁波麻将 1 甲 乙 丙 丁")
    [menu] = await harness.say("甲", "/rules")
    assert menu.text.startswith("📖 规则问答（宁波麻将）")
    assert menu.buttons[0] == ("宁波麻将怎么算", "rule:ruleset-ningbo")
    [full] = (await harness.press("甲", menu))[1:]
    assert "· 自摸：3 台（三家各付）" in full.text and "· 暗杠：2 底分" in full.text
    [short] = await harness.say("乙", "/rules 宁波麻将自摸几台")
    assert short.text.startswith("宁波麻将怎么算") and "自摸 3" in short.text


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("宁波麻将自摸几台", "zh"),
        ("甬 爆头怎么算", "zh"),
        ("how does ningbo mahjong score a self-draw", "en"),
    ],
    ids=["chinese-name", "alias", "english"],
)
def test_a_question_naming_it_is_answered_from_its_tables(
    ningbo: rulesets.Ruleset, question: str, lang: str
) -> None:
    found = rules_qa.answer(question, lang)
    assert found is not None and found.topic == "ruleset-ningbo"
    assert ("Self-draw 3" if lang == "en" else "自摸 3") in found.short


def test_general_topics_and_its_family_include_it(ningbo: rulesets.Ruleset) -> None:
    topics = rules_qa.content.topics_by_id()
    assert "ningbo" in topics["rulesets"].rulesets  # a topic about every ruleset
    assert "ningbo" not in topics["wild-huzhou"].rulesets
    here, other = rules_qa.menu_pages("zh", "ningbo")
    assert ("qiangdao", "湖州·强盗胡（推倒胡）") in other  # another family's topic: page two
    assert "rulesets" in dict(here)


def test_taking_it_away_again_forgets_it() -> None:
    rulesets.register(NINGBO)
    rulesets.unregister(NINGBO.id)
    assert "ruleset-ningbo" not in rules_qa.content.topics_by_id()
    found = rules_qa.answer("宁波麻将自摸几台", "zh")
    assert found is None or found.topic != "ruleset-ningbo"
    with pytest.raises(scoring.errors.ScoringError):
        rulesets.get("宁波")


async def test_a_kong_refused_elsewhere_names_every_ruleset_that_pays_kongs(
    harness: Harness, ningbo: rulesets.Ruleset
) -> None:
    await harness.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    [refused] = await harness.say("甲", "/kong 甲 暗杠")
    assert "湖州·强盗胡的杠不另外结算；只有杭州麻将、宁波麻将的明杠" in refused.text
    assert await balances(harness) == {}
