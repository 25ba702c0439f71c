"""湖州·平台计分: the seed's 计分明细 table in points; a hand takes its single best-paying row.

Rows written 每家 are self-drawn wins only; a discard win takes the 放冲 figures
(the discarder pays the first figure, the other two the second). 抢杠胡 pays as a
self-draw with the 杠家 paying all three shares: the seed's 9 / 18 / 18 are exactly three
times 自摸有财神 3, 自摸无财神 6 and 爆头 6.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.reading import Reading, Shape
from scoring.result import Pattern
from scoring.rulesets import huzhou
from scoring.rulesets.base import PayerRule, Row, Ruleset, Table, Valuation, Win, WinKind

TABLE = Table(
    "计分明细",
    "Platform points",
    "分",
    "points",
    (
        Row("自摸（有财神）", "Self-draw with a wild", 3, "每家 3 分"),
        Row("自摸（无财神）", "Self-draw without wilds", 6, "每家 6 分"),
        Row(
            "放冲（有财神）", "Discard win with a wild", 2, "放冲者 2 分，另外两家各 1 分", others=1
        ),
        Row(
            "放冲（无财神）",
            "Discard win without wilds",
            4,
            "放冲者 4 分，另外两家各 2 分",
            others=2,
        ),
        Row("爆头", "Baotou", 6, "每家 6 分（自摸）"),
        Row("杠开（有财神）", "Kong bloom with a wild", 6, "每家 6 分"),
        Row("杠开（无财神）", "Kong bloom without wilds", 12, "每家 12 分"),
        Row("杠爆", "Kong bloom with baotou", 12, "每家 12 分"),
        Row("抢杠胡（有财神）", "Robbing a kong, with a wild", 9, "杠牌者付 9 分"),
        Row("抢杠胡（无财神）", "Robbing a kong, without wilds", 18, "杠牌者付 18 分"),
        Row("抢杠胡（爆头）", "Robbing a kong with baotou", 18, "杠牌者付 18 分"),
        Row("4财神（自摸）", "Four wilds, self-draw", 12, "自摸每家 12 分"),
        Row("4财神（放冲）", "Four wilds, discard win", 36, "放冲由放冲者付 36 分"),
        Row("天胡", "Heavenly win", 12, "每家 12 分"),
        Row("地胡", "Earthly win", 12, "每家 12 分"),
        Row("十三不搭（自摸）", "Thirteen unrelated, self-draw", 6, "自摸每家 6 分"),
        Row(
            "十三不搭（放冲）",
            "Thirteen unrelated, discard win",
            4,
            "放冲者 4 分、其余各 2 分",
            others=2,
        ),
        Row("七对子（有财神）自摸", "Seven pairs with a wild, self-draw", 6, "自摸每家 6 分"),
        Row("七对子（无财神）自摸", "Seven pairs without wilds, self-draw", 12, "自摸每家 12 分"),
        Row(
            "七对子（有财神）放冲",
            "Seven pairs with a wild, discard win",
            8,
            "放冲者 8 分，其余各 4 分（照原表；与“无财神加倍”的规律相反）",
            others=4,
        ),
        Row(
            "七对子（无财神）放冲",
            "Seven pairs without wilds, discard win",
            4,
            "放冲者 4 分，其余各 2 分（照原表）",
            others=2,
        ),
        Row("豪华七对子", "Luxury seven pairs", 12, "自摸每家 12 分；放冲按七对子放冲"),
        Row("双豪华七对子", "Double-luxury seven pairs", 24, "自摸每家 24 分；放冲按七对子放冲"),
        Row("三豪华七对子", "Triple-luxury seven pairs", 48, "自摸每家 48 分；放冲按七对子放冲"),
    ),
)


@dataclass(frozen=True)
class _When:
    """When a row applies, and how it is paid."""

    kinds: frozenset[WinKind]
    applies: Callable[[Reading, Win], bool]
    rule: PayerRule


_SELF = frozenset({WinKind.SELF_DRAW})
_SELF_OR_ROBBED = frozenset({WinKind.SELF_DRAW, WinKind.ROBBED_KONG})
_DISCARD = frozenset({WinKind.DISCARD})
_ROBBED = frozenset({WinKind.ROBBED_KONG})
_EACH = PayerRule.SELF_DRAW
_SPLIT = PayerRule.DISCARD_SPLIT


def _four_wilds(r: Reading, w: Win) -> bool:
    return r.wilds >= 4


def _seven(r: Reading, w: Win) -> bool:
    return r.shape is Shape.SEVEN_PAIRS


def _thirteen(r: Reading, w: Win) -> bool:
    return r.shape is Shape.THIRTEEN_UNRELATED


def _kong(r: Reading, w: Win) -> bool:
    return w.kong_chain > 0


_WHEN: dict[str, _When] = {
    "自摸（有财神）": _When(_SELF, lambda r, w: r.has_wild, _EACH),
    "自摸（无财神）": _When(_SELF, lambda r, w: not r.has_wild, _EACH),
    "放冲（有财神）": _When(_DISCARD, lambda r, w: r.has_wild, _SPLIT),
    "放冲（无财神）": _When(_DISCARD, lambda r, w: not r.has_wild, _SPLIT),
    "爆头": _When(_SELF, lambda r, w: r.baotou, _EACH),
    "杠开（有财神）": _When(_SELF, lambda r, w: _kong(r, w) and r.has_wild, _EACH),
    "杠开（无财神）": _When(_SELF, lambda r, w: _kong(r, w) and not r.has_wild, _EACH),
    "杠爆": _When(_SELF, lambda r, w: _kong(r, w) and r.baotou, _EACH),
    "抢杠胡（有财神）": _When(_ROBBED, lambda r, w: r.has_wild, PayerRule.ROBBED_KONG),
    "抢杠胡（无财神）": _When(_ROBBED, lambda r, w: not r.has_wild, PayerRule.ROBBED_KONG),
    "抢杠胡（爆头）": _When(_ROBBED, lambda r, w: r.baotou, PayerRule.ROBBED_KONG),
    "4财神（自摸）": _When(_SELF_OR_ROBBED, _four_wilds, _EACH),
    "4财神（放冲）": _When(_DISCARD, _four_wilds, PayerRule.DISCARD),
    "天胡": _When(_SELF, lambda r, w: w.heavenly, _EACH),
    "地胡": _When(_SELF, lambda r, w: w.earthly, _EACH),
    "十三不搭（自摸）": _When(_SELF_OR_ROBBED, _thirteen, _EACH),
    "十三不搭（放冲）": _When(_DISCARD, _thirteen, _SPLIT),
    "七对子（有财神）自摸": _When(_SELF_OR_ROBBED, lambda r, w: _seven(r, w) and r.has_wild, _EACH),
    "七对子（无财神）自摸": _When(
        _SELF_OR_ROBBED, lambda r, w: _seven(r, w) and not r.has_wild, _EACH
    ),
    "七对子（有财神）放冲": _When(_DISCARD, lambda r, w: _seven(r, w) and r.has_wild, _SPLIT),
    "七对子（无财神）放冲": _When(_DISCARD, lambda r, w: _seven(r, w) and not r.has_wild, _SPLIT),
    "豪华七对子": _When(_SELF_OR_ROBBED, lambda r, w: _seven(r, w) and r.luxury == 1, _EACH),
    "双豪华七对子": _When(_SELF_OR_ROBBED, lambda r, w: _seven(r, w) and r.luxury == 2, _EACH),
    "三豪华七对子": _When(_SELF_OR_ROBBED, lambda r, w: _seven(r, w) and r.luxury >= 3, _EACH),
}


def _candidate(row: Row, when: _When, win: Win) -> Valuation:
    """The row as a valuation; on 抢杠胡 a 每家 row is three shares from the 杠家."""
    pattern = Pattern(row.name, row.name_en, row.value)
    rule, share, others, value = when.rule, row.value, row.others or 0, row.value
    if rule is PayerRule.ROBBED_KONG:  # a named 抢杠胡 row: the 杠家's total, three shares
        share = row.value // 3
    elif win.kind is WinKind.ROBBED_KONG:
        rule, value = PayerRule.ROBBED_KONG, 3 * row.value
    figure = f"{share}+{others}+{others}" if rule is _SPLIT else str(share)
    return Valuation(
        value,
        (pattern,),
        rule,
        share,
        others,
        formula_zh=f"{row.name} {figure} 分",
        formula_en=f"{row.name_en} {figure} points",
    )


def valuate(reading: Reading, win: Win, rules: Ruleset) -> Valuation:
    """The single row that pays the winner most; on a tie the later, more specific row
    (so a discard win on 豪华七对子 is named by the 七对子 放冲 row it falls back to)."""
    rows = [row for table in rules.tables for row in table.rows]
    candidates = [
        (_candidate(row, _WHEN[row.name], win).winner_total, index, row)
        for index, row in enumerate(rows)
        if win.kind in _WHEN[row.name].kinds and _WHEN[row.name].applies(reading, win)
    ]
    # 自摸/放冲/抢杠胡 (有财神 or 无财神) always applies, so there is always a candidate.
    best = max(candidates, key=lambda item: item[:2])[2]
    return huzhou.with_discard_notes(
        _candidate(best, _WHEN[best.name], win), reading, win, earthly=True
    )


RULESET = huzhou.ruleset(
    id="huzhou-platform",
    name_zh="湖州·平台计分",
    name_en="Huzhou: platform points",
    short_zh="平台",
    label_zh="湖州·平台计分",
    label_en="Huzhou Platform",
    aliases=("platform", "平台计分", "计分明细"),
    unit_zh="分",
    unit_en="points",
    tables=(TABLE,),
    valuate=valuate,
    allows_discard_win=True,
    has_piao=False,
)
