"""湖州·强盗胡 (推倒胡): 放冲 1 倍; 自摸 有花 2 / 无花 3; 杠开 有花 2 / 无花 4."""

from __future__ import annotations

from scoring.reading import Reading
from scoring.rulesets import huzhou
from scoring.rulesets.base import Row, Ruleset, Table, Valuation, Win, WinKind

TABLE = Table(
    "强盗胡",
    "Robber's win (push-down)",
    "倍",
    "bei",
    (
        Row("放冲", "Win on a discard", 1, "放冲（放炮胡）1 倍，放冲者付"),
        Row("自摸有花", "Self-draw with a wild", 2, "自摸：有花 2 倍，三家各付"),
        Row("自摸无花", "Self-draw without wilds", 3, "自摸：无花 3 倍，三家各付"),
        Row("杠开有花", "Kong bloom with a wild", 2, "杠开：有花 2 倍"),
        Row("杠开无花", "Kong bloom without wilds", 4, "杠开：无花 4 倍"),
    ),
)


def valuate(reading: Reading, win: Win, rules: Ruleset) -> Valuation:
    """放冲 1; a self-draw (and 抢杠胡, paid by the 杠家) by 有花/无花 and 杠开."""
    if win.kind is WinKind.DISCARD:
        name = "放冲"
    else:
        kind = "杠开" if win.kong_chain and win.kind is WinKind.SELF_DRAW else "自摸"
        name = kind + ("有花" if reading.has_wild else "无花")
    return huzhou.product_valuation((rules.pattern(name),), win)


RULESET = huzhou.ruleset(
    id="huzhou-qiangdao",
    name_zh="湖州·强盗胡",
    name_en="Huzhou: robber's win",
    short_zh="强盗胡",
    label_zh="湖州·强盗胡",
    label_en="Huzhou Qiangdao",
    aliases=("qiangdao", "推倒胡"),
    tables=(TABLE,),
    valuate=valuate,
    allows_discard_win=True,
    has_piao=False,
    unpriced=("天胡", "地胡", "4财神", "爆头"),  # only 放冲 / 自摸 / 杠开 by 有花/无花
)
