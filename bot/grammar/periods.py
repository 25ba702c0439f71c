"""Periods as players name them: 本周 本月 上月 今年 全部 2026-11 2026 (and this week …).

A period is a window [since, until) of the players' clock (China Standard Time, UTC+8: see
``storage.periods``), relative to the moment the message was sent. Period words are never
player names: a player called 本月 is written @本月 or quoted (「本月」), and ``unquoted``
gives the name inside the quotes back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from bot.grammar.errors import GrammarError
from storage.periods import local, month_start

# One word (or an English phrase of two) per period kind.
PERIOD_WORDS: Final[dict[str, str]] = {
    "本周": "week", "这周": "week", "本星期": "week", "this week": "week", "week": "week",
    "本月": "month", "这个月": "month", "this month": "month", "month": "month",
    "上月": "last_month", "上个月": "last_month", "last month": "last_month",
    "今年": "year", "this year": "year", "year": "year",
    "全部": "all", "所有": "all", "总": "all", "all": "all", "all time": "all",
    "all-time": "all",
}  # fmt: skip
_MONTH: Final = re.compile(r"(\d{4})\s*[-./年]\s*(\d{1,2})\s*月?")
_YEAR: Final = re.compile(r"(\d{4})\s*年?")
_QUOTES: Final = ("「」", "『』", "“”", '""', "''", "‘’")
_FIRST_YEAR: Final = 2000


@dataclass(frozen=True)
class Period:
    """A window of the ledger: ``kind`` (week, month, last_month, year, all, a month
    'YYYY-MM' as ``month_of``, a year as ``year_of``, or ``season``) and its bounds (None:
    open). ``name`` is 'YYYY-MM', 'YYYY' or the season's name."""

    kind: str
    since: datetime | None
    until: datetime | None
    name: str = ""


ALL_TIME: Final = Period("all", None, None)


def unquoted(word: str) -> str | None:
    """The text inside quotes (「本月」 → 本月), None when ``word`` is not quoted."""
    for opening, closing in _QUOTES:
        if len(word) > len(opening + closing) and word[0] == opening and word[-1] == closing:
            return word[1:-1]
    return None


def read_period(word: str, now: datetime) -> Period | None:
    """The period ``word`` names at ``now``, None when it names none; a month or year that
    cannot be (2026-13, 1999) is a GrammarError naming it."""
    kind = PERIOD_WORDS.get(word.casefold())
    if kind is not None:
        return _relative(kind, now)
    month = _MONTH.fullmatch(word)
    if month is not None:
        year, number = int(month.group(1)), int(month.group(2))
        if not 1 <= number <= 12:
            raise GrammarError("bad_period_month", token=word)
        _check_year(year, word, now)
        start = month_start(year, number)
        return Period("month_of", start, month_start(year, number + 1), f"{year:04d}-{number:02d}")
    year_match = _YEAR.fullmatch(word)
    if year_match is not None:
        year = int(year_match.group(1))
        _check_year(year, word, now)
        return Period("year_of", month_start(year, 1), month_start(year + 1, 1), f"{year:04d}")
    return None


def take_period(words: list[str], now: datetime) -> tuple[Period | None, list[str]]:
    """The period among ``words`` (an English phrase may take two) and the other words (a
    quoted word among them, quotes kept); two periods are a GrammarError naming the second."""
    found: Period | None = None
    rest: list[str] = []
    index = 0
    while index < len(words):
        if unquoted(words[index]) is not None:
            rest.append(words[index])
            index += 1
            continue
        pair = " ".join(words[index : index + 2]).casefold()
        period = (
            _relative(PERIOD_WORDS[pair], now) if " " in pair and pair in PERIOD_WORDS else None
        )
        width = 2 if period is not None else 1
        if period is None:
            period = read_period(words[index], now)
        if period is None:
            rest.append(words[index])
        elif found is not None:
            raise GrammarError("period_twice", token=" ".join(words[index : index + width]))
        else:
            found = period
        index += width
    return found, rest


def _relative(kind: str, now: datetime) -> Period:
    at = local(now)
    if kind == "week":  # weeks start on Monday, as Chinese calendars print them
        monday = (at - timedelta(days=at.weekday())).replace(
            hour=0, minute=0, second=0, microsecond=0
        )
        return Period(kind, monday, None)
    if kind == "month":
        return Period(kind, month_start(at.year, at.month), None)
    if kind == "last_month":
        return Period(kind, month_start(at.year, at.month - 1), month_start(at.year, at.month))
    if kind == "year":
        return Period(kind, month_start(at.year, 1), None)
    return ALL_TIME


def _check_year(year: int, word: str, now: datetime) -> None:
    """Years from 2000 to next year (a date typed ahead is a player's, not a mistake); the
    refusal names the same range it checks."""
    last = local(now).year + 1
    if not _FIRST_YEAR <= year <= last:
        raise GrammarError("bad_period_year", token=word, first=_FIRST_YEAR, last=last)
