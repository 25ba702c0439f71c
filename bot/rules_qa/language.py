"""Which language a rules question is written in, so the answer comes back in it."""

from __future__ import annotations

import re

_CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def question_lang(question: str, chat_lang: str) -> str:
    """ "en" or "zh" when the question is clearly written in that language, else ``chat_lang``.

    Latin words and no Chinese: English. Chinese and no Latin words: Chinese. Mixed, the side
    with more pieces wins (``what does 无花 mean`` is English with a term in it, ``湖州 cap
    多少`` Chinese with one); a tie, or neither (``/rules 123``), keeps the chat's language.
    """
    latin = len(_LATIN_WORD.findall(question))
    chinese = len(_CJK_RUN.findall(question))
    if latin > chinese:
        return "en"
    if chinese > latin:
        return "zh"
    return chat_lang
