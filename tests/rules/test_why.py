"""/why: a recorded hand explained from the breakdown the ledger stored (ScoreResult.to_json)."""

from __future__ import annotations

import json

import pytest

import scoring
from bot import rules_qa

# (ruleset, line, what the zh explanation must say, the topics its patterns link to)
HANDS = [
    (
        "hangzhou",
        "123m456m789m123p白 +5s 自摸",
        ["爆头 2 番", "其他三家各付 16", "× 8 × 底分"],
        ["baotou"],
    ),
    (
        "hangzhou",
        "1133m5577p99s东东白 +3s 点炮S",
        ["牌型：七对子", "七对爆头 4 番", "南一家付 32", "东胡，收 32"],
        ["seven-pairs-hangzhou"],
    ),
    (
        "huzhou-shuangla",
        "111m234m567m789m9m +9m 自摸 翻5p",
        ["清一色 4 台", "无花 1 台", "双辣 2 倍", "共 5 台"],
        ["shuangla"],
    ),
    (
        "huzhou-platform",
        "123p456p789p东东东2m +1s 放冲S 翻1m",
        ["放冲（有财神） 2 分", "放冲者南付 2，其余两家各付 1"],
        ["platform"],
    ),
    ("huzhou-qiangdao", "123p456p789p东东东1s +1s 自摸 翻1m", ["自摸无花 3 倍"], ["qiangdao"]),
]


@pytest.mark.parametrize(
    ("rules", "line", "says", "topics"), HANDS, ids=[f"{h[0]}-{n}" for n, h in enumerate(HANDS)]
)
def test_why_explains_a_stored_hand(
    rules: str, line: str, says: list[str], topics: list[str]
) -> None:
    stored = json.dumps(scoring.score(line, rules).to_json(), ensure_ascii=False)
    text = rules_qa.why(stored, "zh")
    for phrase in says:
        assert phrase in text, (phrase, text)
    assert rules_qa.why_topics(stored) == topics
    for topic_id in topics:
        assert rules_qa.content.topics_by_id()[topic_id].title["zh"] in text


def test_why_in_english_names_patterns_both_ways() -> None:
    stored = scoring.score("123m456m789m123p白 +5s 自摸", "hangzhou").to_json()
    text = rules_qa.why(stored, "en")
    assert "Baotou (爆头) 2 fan" in text
    assert "each of the other three paid 16" in text


def test_why_quotes_the_stored_figures_not_todays_tables() -> None:
    """A settled hand keeps its story even if a table changed later."""
    stored = {
        "ruleset": "hangzhou",
        "value": 3,
        "patterns": [{"name": "爆头", "value": 3}],
        "payments": {"E": 72, "S": -24, "W": -24, "N": -24},
    }
    assert "爆头 3 番" in rules_qa.why(stored, "zh")


def test_a_pattern_without_a_topic_is_shown_without_a_link() -> None:
    stored = {
        "ruleset": "hangzhou",
        "value": 1,
        "patterns": [{"name": "未知番", "value": 1}],
        "payments": {"E": 8, "S": -8, "W": 0, "N": 0},
    }
    text = rules_qa.why(stored, "zh")
    assert "未知番 1" in text
    assert "见话题" not in text
    assert rules_qa.why_topics(stored) == []


def test_not_a_breakdown_is_an_error() -> None:
    with pytest.raises(ValueError):
        rules_qa.why('{"ok": false}', "zh")


PATTERN_TOPICS = [
    ("爆头", "hangzhou", "baotou"),
    ("杠爆", "hangzhou", "gang-chain"),
    ("杠爆", "huzhou-yingpiao", "yingpiao"),
    ("七对子（有财神）放冲", "huzhou-platform", "platform-seven-pairs"),
    ("十三不搭（自摸）", "huzhou-platform", "thirteen"),
    ("三百胡", "huzhou-shuangla", "sanbaihu"),
    ("天胡", "huzhou-platform", "tianhu"),
]


@pytest.mark.parametrize(
    ("name", "ruleset", "topic_id"), PATTERN_TOPICS, ids=[f"{r}-{t}" for _, r, t in PATTERN_TOPICS]
)
def test_pattern_links_to_the_topic_of_its_ruleset(name: str, ruleset: str, topic_id: str) -> None:
    assert rules_qa.pattern_topic(name, ruleset) == topic_id


def test_every_scoring_row_has_a_topic() -> None:
    """Any pattern the scorer can name is explained somewhere in the knowledge base."""
    missing = [
        (rules.id, row.name)
        for rules in scoring.rulesets.RULESETS.values()
        for table in rules.tables
        for row in table.rows
        if rules_qa.pattern_topic(row.name, rules.id) is None
    ]
    assert not missing


def test_why_explains_a_quick_entry_too() -> None:
    """A quick entry stores no shape and no tiles; the patterns and payments still tell it."""
    stored = scoring.quick("自摸 清一色 无花", "huzhou-shuangla").to_json()
    text = rules_qa.why(stored, "en")
    assert "Pure one suit (清一色) 4 tai" in text
    assert "Tai: 5" in text and "台 in all" not in text
    assert "Shape" not in text


@pytest.mark.parametrize(
    ("lang", "said", "wrong"),
    [("zh", "· 台数 5 台", "台数 5 倍"), ("en", "· 台数 5 tai", "台数 5 bei")],
    ids=["zh", "en"],
)
def test_why_counts_a_typed_tai_total_in_tai(lang: str, said: str, wrong: str) -> None:
    """台5 typed in quick entry is 5 台 (then 双辣 2 倍), not 5 倍."""
    text = rules_qa.why(scoring.quick("自摸 台5", "huzhou-shuangla").to_json(), lang)
    assert said in text and wrong not in text


# (ruleset, quick line, winner, lang, what /why must say beyond the patterns)
EXPLAINED = [
    pytest.param(
        "hangzhou", "点炮S 承包N 爆头", "W", "zh",
        ["算法：爆头 2 番 × 8 × 底分 1 = 16 / 份 × 3 份 = 48", "付款：三摊承包"],
        id="contract-zh",
    ),
    pytest.param(
        "hangzhou", "点炮S 承包N 爆头", "W", "en",
        ["3 shares = 48", "Who pays: three-chow contract"],
        id="contract-en",
    ),
    pytest.param(
        "huzhou-ruanpiao", "点炮S 爆头", "E", "zh", ["爆头只在自摸时计"], id="discard-note-zh"
    ),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "line", "winner", "lang", "says"), EXPLAINED)
def test_why_gives_the_formula_and_payer_rule_the_reply_gave(
    rules: str, line: str, winner: str, lang: str, says: list[str]
) -> None:
    """A 承包 hand's money adds up in /why: three shares, and who pays them under which rule."""
    stored = json.dumps(scoring.quick(line, rules, 1, winner).to_json(), ensure_ascii=False)
    text = rules_qa.why(stored, lang)
    for phrase in says:
        assert phrase in text, (phrase, text)
    assert "一份 = " not in text and "One share = " not in text


def test_why_of_a_breakdown_stored_without_its_formula_still_says_what_a_share_is() -> None:
    stored = scoring.quick("自摸 爆头", "hangzhou").to_json()
    del stored["explanation"]
    assert "一份 = 番 × 8 × 底分" in rules_qa.why(stored, "zh")
