"""Players' questions, as they would type them, and the topic each must be answered from."""

from __future__ import annotations

import pytest

from bot import rules_qa

# (question, lang, the group's ruleset or None, expected topic)
QUESTIONS: list[tuple[str, str, str | None, str]] = [
    # --- Chinese ---
    ("湖州财神是白板吗", "zh", "huzhou-qiangdao", "myth-huzhou-baiban"),
    ("湖州麻将白板是不是财神？", "zh", None, "myth-huzhou-baiban"),
    ("湖州打麻将必须缺一门吗", "zh", "huzhou-qiangdao", "myth-queyimen"),
    ("要不要定缺", "zh", "hangzhou", "myth-queyimen"),
    ("杭州要翻牌定财神吗", "zh", "hangzhou", "myth-hangzhou-indicator"),
    ("杭州的财神是哪张", "zh", None, "wild-hangzhou"),
    ("白板能碰吗", "zh", "hangzhou", "wild-hangzhou"),
    ("翻出来是九万，花是哪张", "zh", "huzhou-qiangdao", "wild-huzhou"),
    ("翻到北风财神是什么", "zh", "huzhou-yingpiao", "wild-huzhou"),
    ("双辣有几张花", "zh", "huzhou-shuangla", "wild-shuangla"),
    ("点炮谁付钱", "zh", None, "who-pays"),
    ("杭州点炮谁付钱", "zh", "hangzhou", "hangzhou-money"),
    ("放冲是一家付还是三家付", "zh", "huzhou-qiangdao", "who-pays"),
    ("可以吃下家的牌吗", "zh", "hangzhou", "actions"),
    ("碰和吃同时要，谁优先", "zh", "huzhou-qiangdao", "actions"),
    ("飘是什么意思", "zh", "hangzhou", "piao"),
    ("双财飘几番", "zh", "hangzhou", "piao"),
    ("三连杠多少番", "zh", "hangzhou", "gang-chain"),
    ("杠上开花算几番", "zh", "hangzhou", "gang-chain"),
    ("什么叫爆头", "zh", "hangzhou", "baotou"),
    ("吃了同一家三次会怎样", "zh", "hangzhou", "contract"),
    ("承包反过来怎么结算", "zh", "hangzhou", "contract"),
    ("暗杠每家给多少", "zh", "hangzhou", "kong-payments"),
    ("财神双豪华七对带爆头算几番", "zh", "hangzhou", "seven-pairs-hangzhou"),
    ("七对子为什么只取最高", "zh", "hangzhou", "seven-pairs-hangzhou"),
    ("强盗胡自摸几倍", "zh", "huzhou-qiangdao", "qiangdao"),
    ("硬飘花能不能点炮胡", "zh", "huzhou-yingpiao", "yingpiao"),
    ("软飘花放冲多少", "zh", "huzhou-ruanpiao", "ruanpiao"),
    ("双辣几台起胡", "zh", "huzhou-shuangla", "shuangla"),
    ("清一色几台", "zh", "huzhou-shuangla", "shuangla"),
    ("三百胡是什么", "zh", "huzhou-shuangla", "sanbaihu"),
    ("平台计分4财神多少分", "zh", "huzhou-platform", "platform"),
    ("平台七对放冲为什么有财神反而多", "zh", "huzhou-platform", "platform-seven-pairs"),
    ("十三不搭怎么算", "zh", "huzhou-qiangdao", "thirteen"),
    ("一炮多响怎么算", "zh", "huzhou-qiangdao", "multi-ron"),
    ("流局之后谁坐庄", "zh", "huzhou-qiangdao", "draw-dealer"),
    ("初级场底分多少", "zh", "hangzhou", "rooms"),
    ("什么时候该飘", "zh", "hangzhou", "strategy-hangzhou"),
    ("杭州麻将和湖州麻将有什么区别", "zh", None, "variants"),
    ("金华麻将跟湖州有啥不同", "zh", None, "variants"),
    ("怎么输入一手牌", "zh", None, "notation"),
    ("麻将一共多少张牌，有没有花牌", "zh", None, "tiles"),
    ("抢杠胡谁付钱", "zh", "huzhou-qiangdao", "robbing-kong"),
    ("能胡别人打出来的财神吗", "zh", "huzhou-qiangdao", "wild-discard"),
    ("无花是什么意思", "zh", "huzhou-qiangdao", "youhua"),
    ("天胡多少分", "zh", "huzhou-platform", "tianhu"),
    ("机器人支持哪几种玩法", "zh", None, "rulesets"),
    ("豪华七对是什么牌型", "zh", None, "shapes"),
    # --- English ---
    ("Is the White Dragon the wild in Huzhou?", "en", None, "myth-huzhou-baiban"),
    ("do we have to be missing a suit in huzhou", "en", "huzhou-qiangdao", "myth-queyimen"),
    ("Does Hangzhou flip an indicator for the wild?", "en", "hangzhou", "myth-hangzhou-indicator"),
    ("which tile is wild in hangzhou", "en", None, "wild-hangzhou"),
    ("how is the wild picked from the indicator", "en", "huzhou-qiangdao", "wild-huzhou"),
    ("if 9 bamboo is flipped what is the wild", "en", "huzhou-qiangdao", "wild-huzhou"),
    ("how many wilds in 双辣?", "en", "huzhou-shuangla", "wild-shuangla"),
    ("who pays on a discard win?", "en", "huzhou-platform", "who-pays"),
    ("can I chow from anyone?", "en", "hangzhou", "actions"),
    ("pung or chow, which goes first?", "en", "huzhou-qiangdao", "actions"),
    ("what is piao", "en", "hangzhou", "piao"),
    ("how much is a kong bloom after three kongs", "en", "hangzhou", "gang-chain"),
    ("what's baotou", "en", "hangzhou", "baotou"),
    ("I chowed from the same player three times, what happens?", "en", "hangzhou", "contract"),
    ("how much does a concealed kong pay", "en", "hangzhou", "kong-payments"),
    ("why does seven pairs only take the highest entry", "en", "hangzhou", "seven-pairs-hangzhou"),
    ("how much is 杠爆 in 硬飘花?", "en", None, "yingpiao"),
    ("can you win on a discard in hard float", "en", "huzhou-yingpiao", "yingpiao"),
    ("how does soft float differ from hard float", "en", "huzhou-ruanpiao", "ruanpiao"),
    ("robber win self draw value", "en", "huzhou-qiangdao", "qiangdao"),
    ("how many tai do I need to win in shuangla", "en", "huzhou-shuangla", "shuangla"),
    ("can I win with three wilds in shuangla", "en", "huzhou-shuangla", "sanbaihu"),
    ("platform table points for a self-draw", "en", "huzhou-platform", "platform"),
    (
        "why are the platform seven pairs discard figures backwards",
        "en",
        None,
        "platform-seven-pairs",
    ),
    ("what is thirteen unrelated", "en", "huzhou-qiangdao", "thirteen"),
    ("can two players win on the same discard", "en", "huzhou-qiangdao", "multi-ron"),
    ("who deals next after a draw", "en", "hangzhou", "draw-dealer"),
    ("what's the base in the beginner room", "en", "hangzhou", "rooms"),
    ("tips: when should I discard the white", "en", "hangzhou", "strategy-hangzhou"),
    ("huzhou strategy tips for beginners", "en", "huzhou-qiangdao", "strategy-huzhou"),
    ("difference between hangzhou and jinhua mahjong", "en", None, "variants"),
    ("how do I type a hand, what is the notation", "en", None, "notation"),
    ("how many tiles are there, any flowers?", "en", None, "tiles"),
    ("who pays when you rob a kong", "en", "huzhou-qiangdao", "robbing-kong"),
    ("can I win on a discarded wild", "en", "huzhou-qiangdao", "wild-discard"),
    ("what does 无花 mean", "en", "huzhou-qiangdao", "youhua"),
    ("heavenly win points", "en", "huzhou-platform", "tianhu"),
    ("which rulesets does the bot support", "en", None, "rulesets"),
    ("how much does hangzhou pay, fan times 8?", "en", "hangzhou", "hangzhou-money"),
    ("how is hangzhou fan counted, do 爆头 and 飘 stack", "en", "hangzhou", "hangzhou-fan"),
]

NO_MATCH = [
    ("今天天气怎么样", "zh"),
    ("明天几点上班", "zh"),
    ("what is the capital of France", "en"),
    ("how do I bake bread", "en"),
    ("asdfgh qwerty", "en"),
    ("", "zh"),
]


@pytest.mark.parametrize(
    "case", QUESTIONS, ids=[f"{case[3]}-{case[1]}{n}" for n, case in enumerate(QUESTIONS)]
)
def test_question_is_answered_from_its_topic(case: tuple[str, str, str | None, str]) -> None:
    question, lang, ruleset, expected = case
    found = rules_qa.answer(question, lang, ruleset)
    assert found is not None, f"no answer for {question!r}"
    top = [a.topic for a in rules_qa.search(question, lang, ruleset)]
    assert found.topic == expected, f"{question!r} → {found.topic}; ranked {top}"


@pytest.mark.parametrize(
    ("question", "lang"), NO_MATCH, ids=[f"{lang}{n}" for n, (_, lang) in enumerate(NO_MATCH)]
)
def test_unrelated_question_gets_no_answer(question: str, lang: str) -> None:
    assert rules_qa.answer(question, lang, "hangzhou") is None


def test_the_set_is_big_and_half_chinese() -> None:
    zh = sum(1 for case in QUESTIONS if case[1] == "zh")
    en = len(QUESTIONS) - zh
    assert len(QUESTIONS) >= 60
    assert abs(zh - en) <= len(QUESTIONS) // 10


def test_every_ruleset_is_asked_about() -> None:
    asked = {case[2] for case in QUESTIONS}
    assert set(rules_qa.content.ALL_RULESETS) <= asked


def test_every_topic_is_reachable_by_some_question() -> None:
    expected = {case[3] for case in QUESTIONS}
    missing = {t.id for t in rules_qa.content.load_topics()} - expected
    assert not missing, f"topics no test question reaches: {sorted(missing)}"
