"""A rule term beside a generic question word (谁付 / who pays / 多少) is what is asked about."""

from __future__ import annotations

import pytest

from bot import rules_qa

# (question, the group's ruleset, the topic of the rule term)
TERM_BESIDE_GENERIC: list[tuple[str, str, str]] = [
    ("杠开谁付", "hangzhou", "gang-chain"),
    ("杠开谁付钱", "hangzhou", "gang-chain"),
    ("杠开多少", "hangzhou", "gang-chain"),
    ("承包谁付", "hangzhou", "contract"),
    ("暗杠谁付钱", "hangzhou", "kong-payments"),
    ("who pays for 杠开", "hangzhou", "gang-chain"),
    ("who pays for 承包", "hangzhou", "contract"),
    ("who pays for 承包", "huzhou-qiangdao", "contract"),
    ("who pays when three chows", "huzhou-qiangdao", "contract"),
    ("who pays for a concealed kong", "hangzhou", "kong-payments"),
    ("who pays in 一炮多响", "huzhou-qiangdao", "multi-ron"),
    ("who pays for bao tou", "hangzhou", "baotou"),
    ("how much is a concealed kong", "hangzhou", "kong-payments"),
]
# The generic word alone still finds the generic topic.
GENERIC_ALONE: list[tuple[str, str, str]] = [
    ("who pays", "hangzhou", "who-pays"),
    ("who pays", "huzhou-qiangdao", "who-pays"),
    ("点炮谁付钱", "huzhou-qiangdao", "who-pays"),
]


@pytest.mark.parametrize(
    ("question", "ruleset", "expected"),
    TERM_BESIDE_GENERIC + GENERIC_ALONE,
    ids=[f"{q}-{r}" for q, r, _ in TERM_BESIDE_GENERIC + GENERIC_ALONE],
)
def test_the_rule_term_decides_the_topic(question: str, ruleset: str, expected: str) -> None:
    found = rules_qa.answer(question, "zh", ruleset)
    ranked = [a.topic for a in rules_qa.search(question, "zh", ruleset)]
    assert found is not None and found.topic == expected, f"{question!r} → {ranked}"
