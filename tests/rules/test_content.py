"""The knowledge base: well formed, complete, and every figure it shows is the scorer's."""

from __future__ import annotations

import re

import pytest

import scoring
from bot.rules_qa import content
from bot.rules_qa.values import PLACEHOLDER, PlaceholderError, lookup, resolve_text
from scoring import rulesets

TOPICS = content.load_topics()
TOPIC_IDS = [t.id for t in TOPICS]
ALL_ROW_NAMES = sorted(
    {row.name for rules in rulesets.RULESETS.values() for t in rules.tables for row in t.rows},
    key=len,
    reverse=True,
)
# A row name, an optional gloss in brackets or "each", then the figure shown for it.
SHOWN = re.compile(
    "(" + "|".join(map(re.escape, ALL_ROW_NAMES)) + r")"
    r"(?:\s*[（(][^()（）]*[)）])?(?:\s*(?:每家|each))?[ \t:：]*(\d[\d,]*)(?![\d万条筒mps])"
)


def _named_just_before(text: str, start: int) -> list[rulesets.Ruleset]:
    """A ruleset named right before a figure ("强盗胡放冲 1") is the one that figure is from."""
    before = text[max(0, start - 6) : start]
    return [rules for rules in rulesets.RULESETS.values() if rules.short_zh in before]


def _allowed(name: str, topic: content.Topic, named: list[rulesets.Ruleset]) -> set[int]:
    """Every figure the scoring tables give the row ``name`` in the rulesets in question."""
    scope = named or [rulesets.RULESETS[r] for r in topic.rulesets]
    owners = [rules for rules in scope if name in _names(rules)] or [
        rules for rules in rulesets.RULESETS.values() if name in _names(rules)
    ]
    figures: set[int] = set()
    for rules in owners:
        row = rules.row(name)
        figures.add(row.value)
        if row.others is not None:
            figures.add(row.others)
    return figures


def _names(rules: rulesets.Ruleset) -> set[str]:
    return {row.name for table in rules.tables for row in table.rows}


@pytest.mark.parametrize("topic", TOPICS, ids=TOPIC_IDS)
@pytest.mark.parametrize("lang", content.LANGS)
def test_every_figure_shown_is_the_scoring_tables(topic: content.Topic, lang: str) -> None:
    for text in (topic.short[lang], topic.long[lang]):
        for match in SHOWN.finditer(text):
            name, shown = match.group(1), int(match.group(2).replace(",", ""))
            named = _named_just_before(text, match.start())
            assert shown in _allowed(name, topic, named), f"{topic.id}: “{match.group(0)}”"


def test_the_figure_check_sees_many_figures() -> None:
    """Guards the check above against silently matching nothing."""
    pairs = sum(
        len(SHOWN.findall(text)) for t in TOPICS for text in (*t.short.values(), *t.long.values())
    )
    assert pairs > 300


@pytest.mark.parametrize("topic", TOPICS, ids=TOPIC_IDS)
def test_no_figure_is_typed_into_the_text(topic: content.Topic) -> None:
    """A row name followed by a bare number in the source text would bypass the tables."""
    for section, text in topic.raw.items():
        for name in ALL_ROW_NAMES:
            typed = re.search(re.escape(name) + r"[ \t:：=]+\d", PLACEHOLDER.sub("{}", text))
            assert typed is None, f"{topic.id} {section}: “{typed.group(0)}”"


@pytest.mark.parametrize("topic", TOPICS, ids=TOPIC_IDS)
def test_no_amount_is_typed_into_the_text(topic: content.Topic) -> None:
    """A bare number with a unit (2 倍, 8 fan) in the source text would bypass the tables."""
    amount = re.compile(r"(?<![\d\w{])\d[\d,]*\s*(?:番|倍|台|分|fan|points?|tai)(?![a-z])")
    for section, text in topic.raw.items():
        typed = amount.search(PLACEHOLDER.sub("{}", text))
        assert typed is None, f"{topic.id} {section}: “{typed.group(0)}”"


@pytest.mark.parametrize("topic", TOPICS, ids=TOPIC_IDS)
def test_every_placeholder_resolves(topic: content.Topic) -> None:
    for section, text in topic.raw.items():
        for match in PLACEHOLDER.finditer(text):
            assert isinstance(lookup(match.group(1), match.group(2)), int), section
        assert "{" not in resolve_text(text), f"{topic.id} {section}: a brace was left"


@pytest.mark.parametrize(
    "placeholder",
    ["{hangzhou:没有这一项}", "{mystery:爆头}", "{hangzhou:爆头/others}", "{hangzhou:@room/大厅}"],
    ids=["unknown-row", "unknown-ruleset", "no-others-figure", "unknown-room"],
)
def test_a_wrong_placeholder_is_an_error(placeholder: str) -> None:
    with pytest.raises(PlaceholderError):
        resolve_text(placeholder)


def test_a_malformed_topic_file_is_an_error() -> None:
    with pytest.raises(content.ContentError):
        content.parse_topic("id: x\ngroup: basics\n--- short.zh\n只有一节", "broken.md")


# What the bot charges for a worked example (SPEC §5) is what the answer says.
CHARGED = [
    ("hangzhou", "123m456m789m123p白 +5s 自摸", "baotou", "爆头"),
    ("hangzhou", "1133m5577p99s东东白 +3s 点炮S", "seven-pairs-hangzhou", "七对爆头"),
    ("hangzhou", "1111m2222p3333s5s +5s 自摸", "seven-pairs-hangzhou", "三豪华清七对"),
    ("hangzhou", "[5555p] 123m456m789m5s +5s 杠开", "gang-chain", "杠上开花"),
    ("huzhou-qiangdao", "123p456p789p东东东1s +1s 自摸 翻1m", "qiangdao", "自摸无花"),
    ("huzhou-qiangdao", "123p456p789p东东东2m +1s 自摸 翻1m", "qiangdao", "自摸有花"),
    ("huzhou-platform", "123p456p789p东东东2m +1s 自摸 翻1m", "platform", "爆头"),
    ("huzhou-shuangla", "111m234m567m789m9m +9m 自摸 翻5p", "shuangla", "双辣"),
]


@pytest.mark.parametrize(
    ("rules", "line", "topic_id", "name"),
    CHARGED,
    ids=[f"{c[0]}-{c[2]}-{n}" for n, c in enumerate(CHARGED)],
)
def test_answer_quotes_what_the_scorer_charges(
    rules: str, line: str, topic_id: str, name: str
) -> None:
    result = scoring.score(line, rules)
    charged = {p.name: p.value for p in result.patterns}[name]
    text = content.topics_by_id()[topic_id].long["zh"]
    shown = {int(figure) for found, figure in SHOWN.findall(text) if found == name}
    assert charged in shown, (name, charged, shown)


# Everything the issue and SPEC name, and where the knowledge base says it.
REQUIRED = [
    ("tiles", "136"),
    ("wild-hangzhou", "白板"),
    ("wild-huzhou", "9→1"),
    ("wild-huzhou", "北→东"),
    ("wild-huzhou", "中→发→白→中"),
    ("wild-shuangla", "七张"),
    ("actions", "上家"),
    ("actions", "胡 > 碰/杠 > 吃"),
    ("actions", "白板不能碰、不能杠"),
    ("piao", "只能摸"),
    ("contract", "反过来"),
    ("contract", "不实现"),
    ("kong-payments", "补杠"),
    ("seven-pairs-hangzhou", "互斥取最高"),
    ("platform-seven-pairs", "反"),
    ("shuangla", "一辣起胡"),
    ("sanbaihu", "三百胡"),
    ("thirteen", "相差 3"),
    ("multi-ron", "一炮多响"),
    ("draw-dealer", "抢庄制"),
    ("rooms", "尊爵场"),
    ("variants", "金华"),
    ("myth-huzhou-baiban", "误传"),
    ("myth-queyimen", "四川"),
    ("myth-hangzhou-indicator", "固定"),
    ("strategy-hangzhou", "三种用法"),
    ("strategy-huzhou", "记住花"),
    ("robbing-kong", "杠家"),
    ("wild-discard", "不能胡"),
    ("notation", "MPSZ"),
]


@pytest.mark.parametrize(
    ("topic_id", "phrase"), REQUIRED, ids=[f"{t}-{n}" for n, (t, _) in enumerate(REQUIRED)]
)
def test_the_knowledge_base_covers(topic_id: str, phrase: str) -> None:
    topic = content.topics_by_id()[topic_id]
    assert phrase in topic.short["zh"] + topic.long["zh"]


@pytest.mark.parametrize(
    "topic_id", ["myth-huzhou-baiban", "myth-queyimen", "myth-hangzhou-indicator"]
)
def test_myths_are_answered_plainly(topic_id: str) -> None:
    topic = content.topics_by_id()[topic_id]
    assert topic.short["zh"].startswith(("不是", "不用"))
    assert topic.short["en"].startswith("No")


@pytest.mark.parametrize("topic", TOPICS, ids=TOPIC_IDS)
@pytest.mark.parametrize("lang", content.LANGS)
def test_short_answers_are_short(topic: content.Topic, lang: str) -> None:
    limit = 420 if lang == "zh" else 700
    assert len(topic.short[lang]) <= limit
    assert len(topic.long[lang]) > len(topic.short[lang])


def test_english_text_is_english() -> None:
    for topic in TOPICS:
        latin = sum(c.isascii() and c.isalpha() for c in topic.long["en"])
        assert latin > len(topic.long["en"]) / 3, topic.id
