"""Plain-text verbs (胡 甲 自摸 → /hu 甲 自摸) and the words of an argument string."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

# Verbs that work without the slash when the bot can see plain text (privacy mode off,
# a reply to the bot, or a private chat): the first word maps to a command.
TEXT_VERBS: Final[Mapping[str, str]] = {
    "胡": "hu",
    "和": "hu",
    "杠": "kong",
    "流局": "draw",
    "荒庄": "draw",
    "撤销": "undo",
    "开局": "new",
    "加入": "join",
    "座位": "seat",
    "积分": "tally",
    "战绩": "tally",
    "历史": "history",
    "结算": "settle",
    "欠账": "debts",
    "欠款": "debts",
    "还": "paid",
    "实力": "rating",
    "段位": "rating",
    "统计": "stats",
    "导出": "export",
    "算分": "score",
    "听牌": "ting",
    "规则": "rules",
    "为什么": "why",
    "帮助": "help",
    "我是": "iam",
    "合并": "merge",
    "改名": "rename",
}
# A slash before a Chinese verb (/流局) is no bot command for Telegram (those are Latin), but it
# reaches a bot in privacy mode all the same: read it as the verb.
TEXT_VERB_PATTERN: Final = re.compile(
    r"^\s*/?(" + "|".join(sorted(map(re.escape, TEXT_VERBS), key=len, reverse=True)) + r")(\s|$)"
)


def text_command(text: str) -> tuple[str, str] | None:
    """(command, rest) for a plain-text line that starts with a verb (胡 甲 自摸 → hu, 甲 自摸)."""
    match = TEXT_VERB_PATTERN.match(text)
    if match is None:
        return None
    return TEXT_VERBS[match.group(1)], text[match.end() :].strip()


def split_args(text: str) -> list[str]:
    """Words of an argument string; full-width spaces count as spaces."""
    return text.replace("\u3000", " ").split()


# What separates the words of a result as people type them: spaces of either width, 、 and
# commas of either width (docs/rules.md), but not a comma between digits (1,000 is one amount).
_WORD_GAP: Final = re.compile(r"[\s\u3000、]+|(?<![0-9０-９])[,，]|[,，](?![0-9０-９])")


def split_words(text: str) -> list[str]:
    """Words of a result line (/hu, a typed result or money line): spaces (full-width too),
    commas and 、 separate them."""
    return [word for word in _WORD_GAP.split(text) if word]
