"""湖州·硬飘花: self-draw only; wild series (小胡 1 · 爆头 2 · 飘 4/8/16) × 杠开 2."""

from __future__ import annotations

from scoring.reading import Reading
from scoring.rulesets import huzhou
from scoring.rulesets.base import Ruleset, Valuation, Win

TABLE = huzhou.piao_series_table("硬飘花", "Hard float", 1)


def valuate(reading: Reading, win: Win, rules: Ruleset) -> Valuation:
    """Self-draws and 抢杠胡 only (discard wins are refused before this is asked)."""
    return huzhou.product_valuation(huzhou.piao_series(reading, win, rules), win)


RULESET = huzhou.ruleset(
    id="huzhou-yingpiao",
    name_zh="湖州·硬飘花",
    name_en="Huzhou: hard float",
    short_zh="硬飘花",
    label_zh="湖州·硬飘花",
    label_en="Huzhou Hard Piao",
    aliases=("yingpiao", "硬飘", "飘花"),
    tables=(TABLE,),
    valuate=valuate,
    allows_discard_win=False,
    has_piao=True,
    unpriced=("天胡", "地胡", "4财神"),
)
