"""/why names the players who won and paid, not only their seats."""

from __future__ import annotations

import json

import pytest

import scoring
from bot import rules_qa
from tests.bot.conftest import GROUP, Harness

NAMES = {"E": "老王", "S": "老李", "W": "大刘", "N": "Amy"}

# (line, ruleset, names given, what the zh text says, what it must not say)
NAMED = [
    (
        "1133m5577p99s东东白 +3s 点炮S",
        "hangzhou",
        NAMES,
        ["老王胡，收 32", "老李一家付 32", "放炮者一人付一份（南 老李）"],
        ["南一家付", "东胡", "一份（南）"],
    ),
    (
        "123p456p789p东东东2m +1s 放冲S 翻1m",
        "huzhou-platform",
        NAMES,
        ["放冲者老李付 2", "其余两家各付小份（南 老李）"],
        ["放冲者南"],
    ),
    (
        "123m456m789m123p白 +5s 自摸",
        "hangzhou",
        NAMES,
        ["老王胡，收 48", "其他三家各付 16"],
        ["东胡"],
    ),
    (
        "1133m5577p99s东东白 +3s 点炮S",
        "hangzhou",
        {"E": "老王"},
        ["老王胡", "南一家付 32", "放炮者一人付一份（南）"],
        ["老李"],
    ),
]


@pytest.mark.parametrize(
    ("line", "rules", "names", "says", "absent"),
    NAMED,
    ids=["discard", "platform-discarder", "self-draw", "one-name-only"],
)
def test_why_names_players(
    line: str, rules: str, names: dict[str, str], says: list[str], absent: list[str]
) -> None:
    stored = json.dumps(scoring.score(line, rules).to_json(), ensure_ascii=False)
    text = rules_qa.why(stored, "zh", names)
    for phrase in says:
        assert phrase in text, (phrase, text)
    for phrase in absent:
        assert phrase not in text, (phrase, text)


def test_without_names_the_seats_are_shown_as_before() -> None:
    stored = scoring.score("1133m5577p99s东东白 +3s 点炮S", "hangzhou").to_json()
    assert rules_qa.why(stored, "zh") == rules_qa.why(stored, "zh", {})
    assert "东胡，收 32" in rules_qa.why(stored, "zh")


def test_english_names_players_too() -> None:
    stored = scoring.score("1133m5577p99s东东白 +3s 点炮S", "hangzhou").to_json()
    text = rules_qa.why(stored, "en", NAMES)
    assert "老王 won 32; 老李 alone paid 32." in text
    assert "the discarder alone pays one share (S 老李)" in text


# (payments, postings by player id, who sits where now, the seats that get a player)
SEATINGS = [
    (
        {"E": 48, "S": -16, "W": -16, "N": -16},
        {1: 48, 2: -16, 3: -16, 4: -16},
        {"E": 1, "S": 2, "W": 3, "N": 4},
        {"E": 1, "S": 2, "W": 3, "N": 4},
    ),
    (  # seats swapped since: unique amounts still find the players, ties are left unnamed
        {"E": 48, "S": -16, "W": -16, "N": -16},
        {1: 48, 2: -16, 3: -16, 4: -16},
        {"E": 2, "S": 1, "W": 3, "N": 4},
        {"E": 1, "W": 3, "N": 4},
    ),
    (
        {"E": 0, "S": 40, "W": 0, "N": -40},
        {2: 40, 4: -40},
        {},
        {"S": 2, "N": 4},
    ),
]


@pytest.mark.parametrize(
    ("payments", "postings", "seated", "expected"),
    SEATINGS,
    ids=["as-seated", "swapped-since", "no-seats-known"],
)
def test_seat_players_reads_the_ledger_back(
    payments: dict[str, int],
    postings: dict[int, int],
    seated: dict[str, int | None],
    expected: dict[str, int],
) -> None:
    stored = {"ruleset": "hangzhou", "value": 1, "patterns": [], "payments": payments}
    assert rules_qa.seat_players(stored, postings, seated) == expected


async def test_why_in_the_chat_names_who_paid_even_after_a_seat_swap(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 老王 老李 大刘 丁")
    await harness.say("甲", "/hu 老王 点炮 大刘 七对 有花")
    await harness.say("甲", "/seat 老王 南")
    entry = await harness.ledger.reports.entry(GROUP, 1)
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and entry.winner is not None
    assert session.seat_of(entry.winner) == "S"  # 老王 won in the east and sits south now
    [why] = await harness.say("乙", "/why 1")
    assert why.text.startswith("#1 老王 胡\n")
    assert "老王胡，收" in why.text and "大刘一家付" in why.text
    assert "东胡" not in why.text and "西一家付" not in why.text


@pytest.mark.parametrize(
    ("line", "rules", "zh", "en"),
    [
        ("123m456m789m123p5s +5s 承包W 自摸", "hangzhou", "（西 大刘）", "(W 大刘)"),
        ("123p456p789p东东东2m +1s 抢杠N 翻1m", "huzhou-qiangdao", "（北 Amy）", "(N Amy)"),
    ],
    ids=["contract", "robbed-kong"],
)
def test_payer_rule_names_the_paying_player(line: str, rules: str, zh: str, en: str) -> None:
    stored = scoring.score(line, rules).to_json()
    [zh_rule] = [
        x for x in rules_qa.why(stored, "zh", NAMES).splitlines() if x.startswith("付款：")
    ]
    [en_rule] = [x for x in rules_qa.why(stored, "en", NAMES).splitlines() if x.startswith("Who")]
    assert zh_rule.endswith(zh) and en_rule.endswith(en)
