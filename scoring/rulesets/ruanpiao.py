"""湖州·软飘花: 硬飘花 and 强盗胡 combined, every value doubled.

Self-drawn wins (and 抢杠胡) score 硬飘花's series × 2; a win on a discard scores
强盗胡's 放冲 1 × 2 = 2 and nothing else (爆头 and 飘 count on self-draws only).
"""

from __future__ import annotations

from scoring.reading import Reading
from scoring.rulesets import huzhou, qiangdao, yingpiao
from scoring.rulesets.base import Row, Ruleset, Table, Valuation, Win, WinKind

DOUBLING = 2

TABLE = Table(
    "软飘花",
    "Soft float",
    "倍",
    "bei",
    (
        Row(
            "软飘花", "Soft float", DOUBLING, "硬飘花的全部倍数再翻 2 倍", "hard float's values × 2"
        ),
        Row(
            "放冲",
            "Win on a discard",
            qiangdao.TABLE.rows[0].value * DOUBLING,
            "强盗胡放冲 1 倍 × 2，放冲者付；爆头、飘只在自摸时算",
            "robber's discard win 1 × 2; baotou and float count on self-draws only",
        ),
    ),
)

# What players quote: every 硬飘花 entry already doubled.
DOUBLED_SERIES = huzhou.piao_series_table("软飘花倍数（硬飘花 ×2）", "Soft float values", DOUBLING)


def valuate(reading: Reading, win: Win, rules: Ruleset) -> Valuation:
    """放冲 2; otherwise 硬飘花's named entries × 软飘花 2."""
    if win.kind is WinKind.DISCARD:
        valuation = huzhou.product_valuation((rules.pattern("放冲"),), win)
        return huzhou.with_discard_notes(valuation, reading, win)
    series = huzhou.piao_series(reading, win, yingpiao.RULESET)
    return huzhou.product_valuation((*series, rules.pattern("软飘花")), win)


RULESET = huzhou.ruleset(
    id="huzhou-ruanpiao",
    name_zh="湖州·软飘花",
    name_en="Huzhou: soft float",
    short_zh="软飘花",
    label_zh="湖州·软飘花",
    label_en="Huzhou Soft Piao",
    aliases=("ruanpiao", "软飘", "飘花"),
    tables=(TABLE, DOUBLED_SERIES),
    valuate=valuate,
    allows_discard_win=True,
    has_piao=True,
    unpriced=("天胡", "地胡", "4财神"),
)
