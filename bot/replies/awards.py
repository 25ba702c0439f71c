"""Awards a Hangzhou/Huzhou table cheers (本季第一个三财飘, 杠开, 三连胜 …): a table of ids,
names and small pure predicates over a hand and the session it was played in.

A hand's awards are decided when its reply is written, from the session's standing entries
(bounded by one evening) and two values read from the kept award rows by index: the awards
already earned this season and the month's record. They are kept as rows about the hand's
entry (``storage.awards``), read back only while the entry stands, so undoing the hand takes
them back. See docs/rules.md, "Awards".
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from bot.i18n import Html, t
from storage import AwardRow, Ledger, SessionHand

# A hand worth the month's record: a scored value (番/倍, before the base) of at least this.
MONTH_BEST_MINIMUM: Final = 8
# The comeback counts once the evening has gone this many hands with the winner last.
COMEBACK_AFTER: Final = 4


@dataclass(frozen=True)
class HandWindow:
    """One win and what its awards may look at: the session's standing hands before it, the
    other wins written with it (on one discard), the awards the chat earned this season
    before it and the month's record value (None: no record yet)."""

    hand: SessionHand
    before: Sequence[SessionHand]
    together: Sequence[SessionHand]
    season_awards: frozenset[str] = frozenset()
    month_record: int | None = None

    @property
    def winner(self) -> int | None:
        return self.hand.entry.winner

    @property
    def patterns(self) -> set[str]:
        return _patterns(self.hand)


@dataclass(frozen=True)
class Award:
    id: str
    zh: str
    en: str
    earned: Callable[[HandWindow], bool]

    def name(self, lang: str) -> str:
        return self.en if lang == "en" else self.zh


def _patterns(hand: SessionHand) -> set[str]:
    return {str(p.get("name")) for p in (hand.result or {}).get("patterns", [])}


def _deals(hands: Sequence[SessionHand]) -> list[SessionHand]:
    """The hands played (wins and 流局), a kong or adjustment being part of a hand."""
    return [h for h in hands if h.entry.kind in ("win", "draw")]


def _run_of_wins(window: HandWindow, also: Callable[[SessionHand], bool]) -> int:
    """How many deals in a row, ending with this one, the winner won (each passing ``also``);
    wins on the same discard by others are not deals of their own."""
    deals = [*_deals(window.before), window.hand]
    run = 0
    for deal in reversed(deals):
        if deal.entry.kind != "win" or deal.entry.winner != window.winner or not also(deal):
            break
        run += 1
    return run


def _named(*words: str) -> Callable[[HandWindow], bool]:
    """A pattern of the hand holds one of ``words`` (十三不搭（自摸）, 财神豪华七对 …)."""
    return lambda w: any(word in pattern for pattern in w.patterns for word in words)


def _first_three_float(w: HandWindow) -> bool:
    return "三财飘" in w.patterns and "first_three_float" not in w.season_awards


def _three_in_a_row(w: HandWindow) -> bool:
    return _run_of_wins(w, lambda _: True) == 3


def _dealer_thrice(w: HandWindow) -> bool:
    return _run_of_wins(w, lambda deal: deal.dealer_player == deal.entry.winner) == 3


def _burst_streak(w: HandWindow) -> bool:
    return _run_of_wins(w, lambda deal: any("爆头" in p for p in _patterns(deal))) >= 2


def _double_ron(w: HandWindow) -> bool:
    discarder = w.hand.entry.discarder
    return discarder is not None and any(o.entry.discarder == discarder for o in w.together)


def _comeback(w: HandWindow) -> bool:
    """First place after this hand, for the first time since being last once the evening had
    gone ``COMEBACK_AFTER`` deals."""
    totals: dict[int, int] = {}
    deals = 0
    was_last = False
    for hand in [*w.before, *w.together, w.hand]:
        for player, delta in hand.entry.postings.items():
            totals[player] = totals.get(player, 0) + delta
        deals += hand.entry.kind in ("win", "draw")
        if w.winner not in totals or len(totals) < 4:
            continue
        mine = totals[w.winner]
        others = [v for p, v in totals.items() if p != w.winner]
        if hand is w.hand:
            return was_last and all(mine > v for v in others)
        if was_last and all(mine > v for v in others):
            return False  # came back before: once an evening
        if deals >= COMEBACK_AFTER and all(mine < v for v in others):
            was_last = True
    return False


def _month_best(w: HandWindow) -> bool:
    value = w.hand.entry.value or 0
    return value >= MONTH_BEST_MINIMUM and value > (w.month_record or 0)


AWARDS: Final = (
    Award("first_three_float", "本季第一个三财飘！", "Season's first 三财飘!", _first_three_float),
    Award("heavenly", "天胡/地胡！", "Heavenly/earthly hand!", _named("天胡", "地胡")),
    Award("thirteen_unrelated", "十三不搭！", "十三不搭!", _named("十三不搭")),
    Award("double_spicy", "双辣！", "双辣 (double spicy)!", _named("双辣")),
    Award("month_best", "本月最大一手", "The month's biggest hand", _month_best),
    Award("comeback", "逆转：从垫底到第一", "Comeback: from last to first", _comeback),
    Award("double_ron", "一炮双响", "Two winners on one discard", _double_ron),
    Award("dealer_thrice", "连庄 ×3", "Dealer kept three times", _dealer_thrice),
    Award("three_in_a_row", "三连胜", "Three wins in a row", _three_in_a_row),
    Award("burst_streak", "爆头连击", "爆头 streak", _burst_streak),
    Award("kong_bloom", "杠开！", "Win on a kong's replacement!", _named("杠上开花", "杠开")),
    Award("luxury_pairs", "豪华七对", "Luxury seven pairs", _named("豪华七对")),
)  # fmt: skip
BY_ID: Final = {award.id: award for award in AWARDS}


def earned(window: HandWindow) -> list[Award]:
    """The awards a win earned, most cheered first."""
    return [award for award in AWARDS if award.earned(window)]


def season_start(moment: datetime, season_started: datetime | None) -> datetime:
    """Where "the season" of a first starts: the chat's running season, else the year."""
    return season_started or datetime(moment.year, 1, 1, tzinfo=UTC)


def month_start(moment: datetime) -> datetime:
    return datetime(moment.year, moment.month, 1, tzinfo=UTC)


async def award_new_wins(
    ledger: Ledger, chat_id: int, session_id: int, entry_ids: Sequence[int]
) -> list[AwardRow]:
    """Decide and keep the awards of the wins just written (``entry_ids``); the rows kept."""
    hands = await ledger.awards.session_hands(chat_id, session_id)
    new = [h for h in hands if h.entry.id in entry_ids and h.entry.kind == "win"]
    if not new:
        return []
    first = new[0].entry
    season = await ledger.seasons.current(chat_id)
    since = season_start(first.created_at, season.started_at if season else None)
    firsts = await ledger.awards.earned(chat_id, "first_three_float", since, first.id)
    month = await ledger.awards.earned(
        chat_id, "month_best", month_start(first.created_at), first.id
    )
    record = max((row.value or 0 for row in month), default=None)
    before = [h for h in hands if h.entry.id < first.id]
    rows: list[AwardRow] = []
    for hand in new:
        window = HandWindow(
            hand,
            before,
            [o for o in new if o is not hand],
            frozenset({"first_three_float"} if firsts else ()),
            record,
        )
        for award in earned(window):
            rows.append(
                AwardRow(
                    hand.entry.id,
                    award.id,
                    hand.entry.winner or 0,
                    hand.entry.value,
                    hand.entry.created_at,
                )
            )
        if any(row.award == "first_three_float" for row in rows):
            firsts = [rows[-1]]
    await ledger.awards.keep(chat_id, rows)
    return rows


def awards_line(rows: Sequence[AwardRow], names: dict[int, str], lang: str) -> str:
    """The reply's one line: 「🏅 甲 本季第一个三财飘！ · 乙 一炮双响」 (empty for none)."""
    if not rows:
        return ""
    parts = [
        html.escape(f"{names.get(row.player_id, '')} {BY_ID[row.award].name(lang)}".strip())
        for row in rows
    ]
    return "🏅 " + " · ".join(parts)


def award_names(rows: Sequence[AwardRow], lang: str) -> list[str]:
    """A person's awards as a list: each award once, with a count when earned again."""
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.award] = counts.get(row.award, 0) + 1
    ordered = [a for a in AWARDS if a.id in counts]
    return [a.name(lang) + (f" ×{counts[a.id]}" if counts[a.id] > 1 else "") for a in ordered]


async def session_awards_line(ledger: Ledger, chat_id: int, session_id: int, lang: str) -> str:
    """/settle's one line of the evening's awards (empty for none): 「🏅 今晚：丁 逆转 · …」."""
    rows = await ledger.awards.of_session(chat_id, session_id)
    if not rows:
        return ""
    names = {player.id: player.name for player in await ledger.players.all(chat_id)}
    order = {award.id: index for index, award in enumerate(AWARDS)}
    rows = sorted(rows, key=lambda row: (row.entry_id, order[row.award]))
    return t("settle_awards", lang, awards=Html(awards_line(rows, names, lang).removeprefix("🏅 ")))


async def hand_cheer(ledger: Ledger, chat_id: int, entry_ids: list[int], lang: str) -> str:
    """The awards line of a hand already recorded (its reply shown again by 详情 / 收起)."""
    rows = await ledger.awards.of_entries(chat_id, entry_ids)
    if not rows:
        return ""
    names = {player.id: player.name for player in await ledger.players.all(chat_id)}
    order = {award.id: index for index, award in enumerate(AWARDS)}
    return awards_line(sorted(rows, key=lambda row: (row.entry_id, order[row.award])), names, lang)
