"""Rules every Huzhou system shares: wilds from 翻T, who pays, and the 飘花 series.

The four 倍 systems and the platform table live in their own modules and build on this.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Final

from scoring.reading import Reading
from scoring.result import Pattern
from scoring.rulesets import base
from scoring.rulesets.base import (
    Family,
    PayerRule,
    Row,
    Ruleset,
    Table,
    Valuation,
    Win,
    WinKind,
)
from scoring.tiles import Tile, next_tile


def wild_faces(indicator: Tile | None) -> frozenset[Tile]:
    """花 = the tile after the indicator (翻1m → 2m; 翻中 → 发), four copies."""
    return frozenset() if indicator is None else frozenset({next_tile(indicator)})


def payer_rule(win: Win) -> PayerRule:
    """放冲: the discarder pays; 抢杠胡: the 杠家 pays all three shares of the self-draw value."""
    return _PAYER_RULES[win.kind]


_PAYER_RULES: Final = {
    WinKind.SELF_DRAW: PayerRule.SELF_DRAW,
    WinKind.DISCARD: PayerRule.DISCARD,
    WinKind.ROBBED_KONG: PayerRule.ROBBED_KONG,
}


PIAO_NAMES = ("飘一花", "飘两花", "飘三花")  # 飘 chain of 1, 2, 3

# 硬飘花's figures; 软飘花 doubles all of them.
PIAO_SERIES_ROWS = (
    Row("小胡", "Small win", 1, "普通自摸"),
    Row("爆头", "Baotou", 2, "财神配对的牌恰好是胡的那张真牌"),
    Row("杠开", "Win on a kong replacement", 2, "杠上开花"),
    Row("杠爆", "Kong bloom with baotou", 4, "杠开 + 爆头"),
    Row("飘一花", "One wild float", 4, "打出一张财神后自摸"),
    Row("飘两花", "Two wild floats", 8, "连飘两张财神后自摸"),
    Row("飘三花", "Three wild floats", 16, "连飘三张财神后自摸"),
    Row("杠飘", "Kong and float", 8, "杠上翻飘的倍数：杠开 × 飘（杠开 + 飘一花 = 8）"),
)


# 湖州 or 湖州麻将 alone opens 强盗胡, the plainest of the systems.
FAMILY = Family(
    "huzhou", ("湖州", "湖州麻将", "huzhou"), default="huzhou-qiangdao", discard_win_zh="放冲"
)

# A Huzhou system: what every one shares (wilds from 翻T, 十三不搭, no 三摊承包, the winner
# deals next); each module adds its own name, tables and valuation.
ruleset = partial(
    Ruleset,
    family=FAMILY,
    unit_zh="倍",
    unit_en="bei",
    rotation="winner_deals",
    wild_faces=wild_faces,
    wild_copies=4,
    thirteen_unrelated=True,
    has_contract=False,
    uses_indicator=True,
)


def piao_series_table(title: str, title_en: str, factor: int) -> Table:
    rows = tuple(
        Row(row.name, row.name_en, row.value * factor, row.note, row.note_en)
        for row in PIAO_SERIES_ROWS
    )
    return Table(title, title_en, "倍", "bei", rows)


_COMBINED = {("爆头", "杠开"): "杠爆", ("飘一花", "杠开"): "杠飘"}


def piao_series(reading: Reading, win: Win, rules: Ruleset) -> tuple[Pattern, ...]:
    """硬飘花's named entries for a self-drawn win (or 抢杠胡): wild series × 杠开.

    Consecutive kongs add nothing more in Huzhou: any 杠开 counts once.
    """
    wild = PIAO_NAMES[win.piao - 1] if win.piao else "爆头" if reading.baotou else None
    kong = "杠开" if win.kong_chain else None
    if wild and kong:
        if (wild, kong) in _COMBINED:
            return (rules.pattern(_COMBINED[wild, kong]),)
        return (rules.pattern(kong), rules.pattern(wild))
    named = wild or kong or "小胡"
    return (rules.pattern(named),)


_BAOTOU_ON_DISCARD: Final = (
    "爆头只在自摸时计，放冲不算",
    "baotou counts only on a self-draw, not on a discard",
)
_EARTHLY_ON_DISCARD: Final = (
    "地胡只在自摸时计，放冲只按放冲计",
    "an earthly hand counts only when self-drawn",
)


def with_discard_notes(
    valuation: Valuation, reading: Reading, win: Win, *, earthly: bool = False
) -> Valuation:
    """``valuation`` with, on a discard win, notes on the self-draw-only items the hand had
    and the score leaves out (爆头; 地胡 where a ruleset prices it), so players see they
    were not lost."""
    if win.kind is not WinKind.DISCARD:
        return valuation
    notes: tuple[tuple[str, str], ...] = ()
    if reading.baotou:
        notes += (_BAOTOU_ON_DISCARD,)
    if earthly and win.earthly:
        notes += (_EARTHLY_ON_DISCARD,)
    return replace(valuation, notes=notes) if notes else valuation


def product_valuation(patterns: tuple[Pattern, ...], win: Win) -> Valuation:
    """The value is the product of the named patterns, paid by the Huzhou payer rule."""
    return base.product_valuation(patterns, payer_rule(win), "倍", "bei")
