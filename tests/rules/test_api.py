"""The functions the bot's /rules handlers call: answer, topic, menu, search."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot import rules_qa
from bot.rules_qa.content import load_topics


def test_answer_carries_title_short_text_and_topic_id() -> None:
    found = rules_qa.answer("爆头是什么", "zh", "hangzhou")
    assert found is not None
    assert found.topic == "baotou"
    assert found.title == "爆头"
    assert "爆头" in found.short
    assert found.has_long


def test_answer_follows_the_language_asked() -> None:
    zh = rules_qa.answer("爆头", "zh", None)
    en = rules_qa.answer("爆头", "en", None)
    assert zh is not None and en is not None
    assert zh.topic == en.topic
    assert zh.short != en.short
    assert "wild" in en.short


def test_the_groups_ruleset_decides_between_families() -> None:
    hangzhou = rules_qa.answer("杠爆多少", "zh", "hangzhou")
    assert hangzhou is not None and hangzhou.topic == "gang-chain"
    found = rules_qa.answer("财神是哪张", "zh", "huzhou-qiangdao")
    assert found is not None and found.topic == "wild-huzhou"
    found = rules_qa.answer("财神是哪张", "zh", "hangzhou")
    assert found is not None and found.topic == "wild-hangzhou"


def test_a_ruleset_named_in_the_question_beats_the_groups() -> None:
    found = rules_qa.answer("双辣几台起胡", "zh", "hangzhou")
    assert found is not None and found.topic == "shuangla"


def test_synonyms_reach_the_same_topic() -> None:
    topics = {
        rules_qa.answer(q, "zh", "huzhou-qiangdao").topic  # type: ignore[union-attr]
        for q in ("百搭能胡吗 别人打的", "赖子能胡吗 别人打的", "财神能胡吗 别人打的")
    }
    assert topics == {"wild-discard"}


def test_traditional_characters_and_full_width_are_understood() -> None:
    found = rules_qa.answer("槓上開花幾番", "zh", "hangzhou")
    assert found is not None and found.topic == "gang-chain"


def test_html_escapes() -> None:
    found = rules_qa.answer("承包反过来", "zh", "hangzhou")
    assert found is not None
    html = found.html()
    assert html.startswith("<b>三摊承包</b>\n")
    assert "<" not in html.removeprefix("<b>三摊承包</b>")


def test_topic_returns_the_long_text_under_its_title() -> None:
    text = rules_qa.topic("contract", "zh")
    assert text.startswith("三摊承包\n\n")
    assert "反过来" in text
    assert "三摊承包" in rules_qa.topic("contract", "en")


def test_an_unknown_topic_says_so() -> None:
    assert "/rules" in rules_qa.topic("no-such-topic", "zh")


def test_menu_lists_every_topic_once_with_titles_in_the_language() -> None:
    zh = rules_qa.menu("zh")
    en = rules_qa.menu("en")
    assert [i for i, _ in zh] == [i for i, _ in en]
    assert len(zh) == len(load_topics()) == len({i for i, _ in zh})
    assert dict(zh)["contract"] == "三摊承包"


def test_menu_puts_the_groups_ruleset_first() -> None:
    first = rules_qa.menu("zh", "huzhou-shuangla")[0][0]
    assert "huzhou-shuangla" in rules_qa.content.topics_by_id()[first].rulesets
    hangzhou_only = {t.id for t in load_topics() if t.rulesets == {"hangzhou"}}
    order = [i for i, _ in rules_qa.menu("zh", "huzhou-shuangla")]
    assert all(order.index(h) > order.index("shuangla") for h in hangzhou_only)


def test_search_ranks_and_limits() -> None:
    found = rules_qa.search("爆头", "zh", None, limit=2)
    assert len(found) == 2
    assert found[0].score >= found[1].score


def test_the_package_does_not_need_telegram() -> None:
    """The bot engineer wires the handlers; the knowledge base stands alone."""
    code = "import sys, bot.rules_qa; assert 'telegram' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


SYNONYM_SETS = [
    ("{}是哪张", "hangzhou", ["财神", "花", "百搭", "赖子"]),
    ("{}谁付钱", None, ["点炮", "放冲", "放炮", "放铳"]),
    ("{}几番", "hangzhou", ["杠开", "杠上开花"]),
    ("{}是什么", "hangzhou", ["飘", "财飘"]),
    ("{} 谁付", None, ["自摸", "tsumo", "self-draw"]),
    ("what is a {}", "huzhou-qiangdao", ["wild", "joker", "laizi"]),
]


@pytest.mark.parametrize(
    ("template", "ruleset", "words"),
    SYNONYM_SETS,
    ids=[f"set{n}" for n in range(len(SYNONYM_SETS))],
)
def test_synonyms_are_one_term(template: str, ruleset: str | None, words: list[str]) -> None:
    found = [rules_qa.answer(template.format(w), "zh", ruleset) for w in words]
    assert found[0] is not None
    assert {a.topic if a else None for a in found} == {found[0].topic}
