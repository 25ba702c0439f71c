"""Periods and seasons as the stats commands read them, and the one per-player aggregation.

``take_window`` finds the period (本月, 2026-11 …) or season (秋季赛) among a command's
words; ``period_boards`` is the one function /stats and /top add players up through
(``ledger.stats.boards`` over the window, one board per ruleset): folding one person's records
together belongs there.
"""

from __future__ import annotations

import html
from datetime import datetime

from bot.grammar.periods import ALL_TIME, Period, read_period, take_period, unquoted
from bot.i18n import t
from bot.refusals.chat import ChatRefusal
from bot.replies.table import ruleset_name
from storage import Board, Ledger, Season

SEASON_KIND = "season"
_SEASON_KEY = "s"


async def take_window(
    ledger: Ledger, chat_id: int, words: list[str], now: datetime
) -> tuple[Period | None, list[str]]:
    """The period or season the words name (None: none named) and the other words, a quoted
    word without its quotes (a quoted word is never a period or season: 「本月」 is a name)."""
    period, rest = take_period(words, now)
    if period is None:
        for index, word in enumerate(rest):
            season = None if unquoted(word) else await ledger.seasons.find(chat_id, word)
            if season is not None:
                period = season_period(season)
                del rest[index]
                break
    return period, [unquoted(word) or word for word in rest]


def season_period(season: Season) -> Period:
    return Period(SEASON_KIND, season.started_at, season.ended_at, season.name)


async def period_boards(ledger: Ledger, chat_id: int, period: Period) -> list[Board]:
    """One board per ruleset played in ``period`` (never two rulesets' points added up), each
    with every player's record, best net first (those with nothing in it too)."""
    return await ledger.stats.boards(chat_id, period.since, period.until)


def board_heading(ruleset: str, lang: str) -> str:
    """The line above one ruleset's board when a window holds more than one."""
    return f"<b>{t('board_heading', lang, ruleset=html.escape(ruleset_name(ruleset, lang)))}</b>"


def period_label(period: Period, lang: str) -> str:
    """本月 / 2026-11 / 秋季赛（赛季） as a title names the window."""
    if period.kind == SEASON_KIND:
        return t("period_season", lang, name=period.name)
    if period.name:
        return period.name
    return t(f"period_{period.kind}", lang)


async def period_key(ledger: Ledger, chat_id: int, period: Period) -> str:
    """The window as a button carries it: a period's word, or s + a season's id."""
    if period.kind != SEASON_KIND:
        return period.name or period.kind
    season = await ledger.seasons.find(chat_id, period.name)
    return f"{_SEASON_KEY}{season.id if season else 0}"


async def period_from_key(ledger: Ledger, chat_id: int, key: str, now: datetime) -> Period:
    """What ``period_key`` wrote, read back at ``now`` (a relative period moves with it)."""
    if key.startswith(_SEASON_KEY) and key[1:].isdigit():
        found = [s for s in await ledger.seasons.all(chat_id) if s.id == int(key[1:])]
        if not found:
            raise ChatRefusal("bad_button", token=key)
        return season_period(found[0])
    period = read_period(_KIND_WORDS.get(key, key), now)
    if period is None:
        raise ChatRefusal("bad_button", token=key)
    return period


_KIND_WORDS = {
    "week": "this week",
    "month": "this month",
    "last_month": "last month",
    "year": "this year",
    "all": "all",
}


def or_all_time(period: Period | None) -> Period:
    return period if period is not None else ALL_TIME
