"""A ledger refusal's free-text ``detail`` (of INVALID_ARGUMENT, BAD_CSV and BAD_BACKUP) in
Chinese. Callers write the detail in English; ``StorageError`` keeps a zh and an en message,
so each detail the ledger writes is matched here by its shape and said in Chinese; a detail
no pattern knows (a new one, or a nested error's English) is replaced by a plain Chinese
reason, never shown half in English inside a Chinese line (the bot's reply and
``python -m storage import`` alike)."""

from __future__ import annotations

import re
from typing import Final

# (the ledger's English detail, its Chinese), \1 … the values the detail names.
_DETAILS_ZH: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(english), chinese)
    for english, chinese in (
        # what a command can reach
        (r"one player in two seats", r"同一位玩家不能同时坐两个位子"),
        (r"a name longer than (\S+) characters", r"名字超过 \1 个字"),
        (r"an empty name", r"名字是空的"),
        (r"a guest name (.+)", r"客人的名字 \1 不能用"),
        (r"head-to-head needs two players", r"对比要写两位不同的玩家"),
        (r"seats must be 4 \(E S W N\)", r"要四个座位（东 南 西 北）"),
        (r"nobody to share among", r"没有人可以分摊"),
        # a ledger CSV (/import) or a backup file
        (r"not a ledger export \(header\)", r"不是本机器人导出的账本文件（表头不对）"),
        (r"too many fields", r"这一行的栏数太多"),
        (r"seats needs 4 fields", r"座位要写 4 栏"),
        (r"a player without a name", r"有一位玩家没有名字"),
        (r"unknown record (.+)", r"不认识的记录类型 \1"),
        (r"player #(\S+) unknown", r"前面没有第 \1 号玩家"),
        (r"entry kind (.+)", r"不认识的记录种类 \1"),
        (r"identity kind (.+)", r"不认识的身份记录 \1"),
        (r"postings sum to (.+)", r"收支合计是 \1，应该是 0"),
        (r"seat (.+) \(use E S W N\)", r"座位 \1 不对（要写 E S W N）"),
        (r"seat[= ](.+)", r"座位 \1 不对（要写 E S W N）"),
        (r"how=(.+)", r"身份记录的方式 \1 不对"),
        (r"(\w+)=(.+) is not an integer", r"\1 栏的 \2 不是整数"),
        (r"(\w+)=(.+) is not a time", r"\1 栏的 \2 不是时间"),
        (r"(\w+) #(\S+) is not defined above", r"\1 #\2 在前面没有出现过"),
        (r"(\w+) is empty", r"\1 栏是空的"),
        (r"season (.+) ends before it starts", r"赛季 \1 的结束早于开始"),
        (r"this chat already has a season called (.+)", r"本群已经有叫 \1 的赛季"),
        (r"a season without a name", r"有一个赛季没有名字"),
        (r"season name (.+): one word", r"赛季名 \1 要是一个词（不带空格）"),
        (r"(.+) does not exist", r"\1 不存在"),
        (r"integrity check: (.+)", r"完整性检查没有通过（\1）"),
        (r"no ledger tables in it", r"里面没有账本"),
    )
)
# An English word: a detail no pattern knows that has one is not shown in a Chinese line.
_ENGLISH: Final = re.compile(r"[A-Za-z]{2,}")


def detail_zh(detail: str, unknown: str) -> str:
    """``detail`` said in Chinese; ``unknown``, the reason in general words, when no pattern
    knows a detail that holds English."""
    for pattern, chinese in _DETAILS_ZH:
        if pattern.fullmatch(detail):
            return pattern.sub(chinese, detail)
    if _ENGLISH.search(detail):
        return unknown
    return detail  # already Chinese, or a value with no words (a number, a name)
