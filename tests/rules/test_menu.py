"""/rules alone: the group's ruleset decides which topics are on the menu's first page."""

from __future__ import annotations

import pytest

from bot import rules_qa
from bot.rules_qa.content import load_topics, topics_by_id
from scoring import rulesets
from tests.bot.conftest import Harness

ALL_RULESETS = tuple(rulesets.RULESETS)
HUZHOU = tuple(r for r in ALL_RULESETS if r.startswith("huzhou-"))

# (ruleset, topics that must be on the first page, topics behind 其他玩法)
PAGES = [
    (
        "hangzhou",
        ["baotou", "contract", "piao", "wild-hangzhou", "kong-payments", "tiles", "multi-ron"],
        ["qiangdao", "shuangla", "platform", "wild-huzhou", "youhua", "thirteen"],
    ),
    (
        "huzhou-qiangdao",
        ["qiangdao", "wild-huzhou", "youhua", "shuangla", "platform", "tiles", "rooms"],
        ["contract", "piao", "wild-hangzhou", "kong-payments", "gang-chain", "hangzhou-fan"],
    ),
    (
        "huzhou-shuangla",
        ["shuangla", "sanbaihu", "wild-shuangla", "yingpiao", "variants"],
        ["contract", "seven-pairs-hangzhou", "strategy-hangzhou"],
    ),
]


def _ids(page: list[tuple[str, str]]) -> list[str]:
    return [topic_id for topic_id, _ in page]


@pytest.mark.parametrize(("ruleset", "here", "other"), PAGES, ids=[p[0] for p in PAGES])
def test_the_other_familys_topics_go_to_the_second_page(
    ruleset: str, here: list[str], other: list[str]
) -> None:
    first, second = (_ids(page) for page in rules_qa.menu_pages("zh", ruleset))
    assert set(here) <= set(first)
    assert set(other) <= set(second)
    assert sorted(first + second) == sorted(t.id for t in load_topics())  # each once


@pytest.mark.parametrize("ruleset", ALL_RULESETS)
def test_myths_and_general_topics_are_always_on_the_first_page(ruleset: str) -> None:
    first = set(_ids(rules_qa.menu_pages("en", ruleset)[0]))
    for topic in load_topics():
        if topic.group == "myths" or topic.rulesets == set(ALL_RULESETS):
            assert topic.id in first, (ruleset, topic.id)


@pytest.mark.parametrize("ruleset", ALL_RULESETS)
def test_the_groups_own_topics_lead_the_first_page(ruleset: str) -> None:
    first = _ids(rules_qa.menu_pages("zh", ruleset)[0])
    own = [i for i in first if ruleset in topics_by_id()[i].rulesets]
    general = [i for i in first if topics_by_id()[i].rulesets == set(ALL_RULESETS)]
    specific = [i for i in own if i not in general]
    assert specific and first[: len(specific)] == specific
    assert all(first.index(s) < first.index(g) for s in specific for g in general)


def test_a_huzhou_chat_keeps_every_huzhou_system_on_the_first_page() -> None:
    first = set(_ids(rules_qa.menu_pages("zh", "huzhou-platform")[0]))
    for topic in load_topics():
        if topic.rulesets and topic.rulesets <= set(HUZHOU):
            assert topic.id in first


def test_without_a_ruleset_everything_is_on_one_page() -> None:
    first, second = rules_qa.menu_pages("zh")
    assert first == rules_qa.menu("zh") and second == []


def test_titles_follow_the_language() -> None:
    zh = rules_qa.menu_pages("zh", "hangzhou")
    en = rules_qa.menu_pages("en", "hangzhou")
    assert [_ids(p) for p in zh] == [_ids(p) for p in en]
    assert dict(en[0])["contract"] != dict(zh[0])["contract"]


async def test_the_menu_turns_to_the_other_rulesets_and_back(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 甲 乙 丙 丁")
    [menu] = await harness.say("甲", "/rules")
    assert menu.text.startswith("📖 规则问答（杭州麻将）")
    labels = [label for label, _ in menu.buttons]
    assert labels[-1] == "其他玩法 ›"
    assert "三摊承包" in labels and "湖州·强盗胡（推倒胡）" not in labels
    assert "误区：湖州的财神是白板？不是" in labels
    turned = await harness.press("甲", menu, index=len(labels) - 1)
    edit = next(s for s in turned if s.method == "editMessageText")
    assert edit.message_id == menu.message_id
    assert edit.text.startswith("📖 其他玩法的话题")
    other = [label for label, _ in edit.buttons]
    assert "湖州·强盗胡（推倒胡）" in other and "三摊承包" not in other
    assert other[-1] == "‹ 本群玩法"
    back = next(s for s in await harness.press("甲", edit, index=len(other) - 1) if s.buttons)
    assert [label for label, _ in back.buttons] == labels
    [_, topic] = await harness.press("甲", edit, index=0)
    assert topic.method == "sendMessage" and topic.text.startswith(other[0])


async def test_a_huzhou_chat_sees_huzhou_first(harness: Harness) -> None:
    await harness.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    [menu] = await harness.say("甲", "/rules")
    labels = [label for label, _ in menu.buttons]
    first_topic = topics_by_id()[menu.buttons[0][1].removeprefix("rule:")]
    assert "huzhou-qiangdao" in first_topic.rulesets
    assert first_topic.rulesets != set(ALL_RULESETS)
    assert "湖州·强盗胡（推倒胡）" in labels
    assert "三摊承包" not in labels
