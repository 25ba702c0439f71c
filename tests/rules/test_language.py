"""A rules question is answered in the language it is written in, when that is clear."""

from __future__ import annotations

import pytest

from bot import rules_qa

# (question, the chat's language, the language to answer in)
LANGS = [
    ("can I chow from the player opposite me?", "zh", "en"),
    ("能吃对家吗", "en", "zh"),
    ("what does 无花 mean", "zh", "en"),
    ("how much is 杠爆 in 硬飘花?", "zh", "en"),
    ("湖州 cap 多少", "en", "zh"),
    ("杭州有封顶吗", "zh", "zh"),
    ("who pays", "en", "en"),
    ("七对 chiitoi", "zh", "zh"),  # one piece each: unclear, the chat's language
    ("七对 chiitoi", "en", "en"),
    ("123", "en", "en"),
    ("翻1m花是什么", "en", "zh"),  # a tile's suit letter is no English word
]


@pytest.mark.parametrize(
    ("question", "chat", "expected"), LANGS, ids=[f"{n}-{c}" for n, (_, c, _) in enumerate(LANGS)]
)
def test_question_lang(question: str, chat: str, expected: str) -> None:
    assert rules_qa.question_lang(question, chat) == expected
