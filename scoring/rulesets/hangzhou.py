"""杭州麻将: 白板 is the fixed wild; fan = wild series × kong chain; 七对子 takes its highest entry.

Money: one share = 番 × 8 × 底分 (SPEC §3). The tables below are the seed's, row for row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoring.reading import Reading, Shape
from scoring.result import Pattern
from scoring.rulesets.base import (
    Family,
    PayerRule,
    Room,
    Row,
    Ruleset,
    Table,
    Valuation,
    Win,
    WinKind,
    product_valuation,
)
from scoring.tiles import WHITE, Tile

SEVEN_PAIRS = Table(
    "七对子系列（互斥取最高）",
    "Seven pairs series (exclusive: the highest applies)",
    "番",
    "fan",
    (
        Row("三豪华清七对", "Triple-luxury pure seven pairs", 32, "七对 + 无财神 + 3 个四归一"),
        Row("七对子双财飘", "Seven pairs, double wild float", 16, "七对 + 2 连飘"),
        Row("双豪华清七对", "Double-luxury pure seven pairs", 16, "七对 + 无财神 + 2 个四归一"),
        Row(
            "财神三豪华七对",
            "Triple-luxury seven pairs with wilds",
            16,
            "七对 + 有财神 + 3 个四归一",
        ),
        Row("豪华七对爆头", "Luxury seven pairs, baotou", 8, "七对 + 爆头 + ≥1 个四归一"),
        Row("豪华清七对", "Luxury pure seven pairs", 8, "七对 + 无财神 + 1 个四归一"),
        Row("七对子财飘", "Seven pairs, wild float", 8, "七对 + 1 连飘"),
        Row(
            "财神双豪华七对",
            "Double-luxury seven pairs with wilds",
            8,
            "七对 + 有财神 + 2 个四归一",
        ),
        Row("七对爆头", "Seven pairs, baotou", 4, "七对 + 爆头"),
        Row("清七对", "Pure seven pairs", 4, "七对 + 无财神"),
        Row("财神豪华七对", "Luxury seven pairs with wilds", 4, "七对 + 有财神 + 1 个四归一"),
        Row("财神七对", "Seven pairs with wilds", 2, "七对 + 有财神"),
    ),
)

PIAO = Table(
    "飘牌系列",
    "Wild float (飘) series",
    "番",
    "fan",
    (
        Row("三财飘", "Triple wild float", 16, "连赢 3 次飘"),
        Row("双财飘", "Double wild float", 8, "连赢 2 次飘"),
        Row("杠飘", "Kong, then float", 8, "飘前杠过 + 杠上开花 + 1 连飘"),
        Row("飘杠", "Float, then kong", 8, "飘后杠 + 杠上开花 + 1 连飘"),
        Row("财飘", "Wild float", 4, "基础 1 连飘胡"),
    ),
)

KONG_CHAIN = Table(
    "杠串系列",
    "Kong chain series",
    "番",
    "fan",
    (
        Row("四连杠", "Four chained kongs", 16, "4 连杠 + 杠上开花"),
        Row("三连杠", "Three chained kongs", 8, "3 连杠 + 杠上开花"),
        Row("二连杠", "Two chained kongs", 4, "2 连杠 + 杠上开花"),
        Row("杠爆", "Kong bloom with baotou", 4, "杠上开花 + 爆头"),
        Row("杠上开花", "Win on a kong replacement", 2, "基础杠上开花"),
    ),
)

OTHER = Table(
    "其他",
    "Other",
    "番",
    "fan",
    (
        Row("爆头", "Baotou", 2, "财神配对的牌恰好是胡的那张真牌"),
        Row("平胡", "Plain win", 1, "基础胡牌"),
    ),
)

SETTLEMENT = Table(
    "结算",
    "Settlement",
    "倍",
    "times",
    (
        Row(
            "基础倍数",
            "Base multiplier",
            8,
            "每人结算分 = 番值 × 8 × 底分",
            "each share = fan × 8 × base",
        ),
    ),
)

KONGS = Table(
    "杠（当场结算）",
    "Kongs (settled at once)",
    "底分",
    "× base",
    (
        Row("明杠", "Exposed kong", 3, "别人打出 + 你手中 3 张：出牌者付 3 × 底分"),
        Row("暗杠", "Concealed kong", 2, "手中 4 张相同：其他 3 人各付 2 × 底分"),
        Row("补杠", "Added kong", 1, "已碰 + 再摸第 4 张：其他 3 人各付 1 × 底分"),
    ),
)

ROOMS = (
    Room("初级场", "Beginner room", 400, 2_000, 100_000),
    Room("平民场", "Commoner room", 1_000, 5_000, 300_000),
    Room("官甲场", "Official room", 3_000, 20_000, None),
    Room("土豪场", "Tycoon room", 9_000, 50_000, None),
    Room("富商场", "Merchant room", 30_000, 150_000, None),
    Room("尊爵场", "Noble room", 80_000, 400_000, None),
)


@dataclass(frozen=True)
class _Needs:
    """What a 七对子 entry asks of the hand (luxury and 飘 are minimums)."""

    wild: bool | None = None  # True 财神 (≥1 wild), False 清 (no wild), None either
    luxury: int = 0
    baotou: bool = False
    piao: int = 0

    def met(self, reading: Reading, win: Win) -> bool:
        return (
            (self.wild is None or self.wild == reading.has_wild)
            and reading.luxury >= self.luxury
            and (reading.baotou or not self.baotou)
            and win.piao >= self.piao
        )


_SEVEN_PAIRS_NEEDS: dict[str, _Needs] = {
    "三豪华清七对": _Needs(wild=False, luxury=3),
    "七对子双财飘": _Needs(piao=2),
    "双豪华清七对": _Needs(wild=False, luxury=2),
    "财神三豪华七对": _Needs(wild=True, luxury=3),
    "豪华七对爆头": _Needs(baotou=True, luxury=1),
    "豪华清七对": _Needs(wild=False, luxury=1),
    "七对子财飘": _Needs(piao=1),
    "财神双豪华七对": _Needs(wild=True, luxury=2),
    "七对爆头": _Needs(baotou=True),
    "清七对": _Needs(wild=False),
    "财神豪华七对": _Needs(wild=True, luxury=1),
    "财神七对": _Needs(wild=True),
}

PIAO_NAMES = ("财飘", "双财飘", "三财飘")  # chain of 1, 2, 3
KONG_NAMES = ("杠上开花", "二连杠", "三连杠", "四连杠")  # after 1..4 consecutive kongs
# Named combinations of one entry from each series (the seed's own rows).
_COMBINED = {("爆头", "杠上开花"): "杠爆", ("财飘", "杠上开花"): "杠飘"}


def _seven_pairs(reading: Reading, win: Win, rules: Ruleset) -> tuple[Pattern, ...]:
    met = [row for row in SEVEN_PAIRS.rows if _SEVEN_PAIRS_NEEDS[row.name].met(reading, win)]
    # 清七对 or 财神七对 always applies, so ``met`` is never empty.
    best = max(met, key=lambda row: row.value)
    return (rules.pattern(best.name),)


def _standard(reading: Reading, win: Win, rules: Ruleset) -> tuple[Pattern, ...]:
    wild = PIAO_NAMES[win.piao - 1] if win.piao else "爆头" if reading.baotou else None
    kong = KONG_NAMES[win.kong_chain - 1] if win.kong_chain else None
    if wild and kong and (wild, kong) in _COMBINED:
        return (rules.pattern(_COMBINED[wild, kong]),)
    named = tuple(rules.pattern(name) for name in (kong, wild) if name)
    return named or (rules.pattern("平胡"),)


_PAYER_RULES: Final = {
    WinKind.SELF_DRAW: PayerRule.SELF_DRAW,
    WinKind.DISCARD: PayerRule.DISCARD,
    WinKind.ROBBED_KONG: PayerRule.ROBBED_KONG_AS_DISCARD,
}


def _payer_rule(win: Win) -> PayerRule:
    if win.contract is not None:
        return PayerRule.CONTRACT
    return _PAYER_RULES[win.kind]


def valuate(reading: Reading, win: Win, rules: Ruleset) -> Valuation:
    """番 of one reading: 七对子 takes its highest entry; otherwise wild series × kong chain."""
    if reading.shape is Shape.SEVEN_PAIRS:
        patterns = _seven_pairs(reading, win, rules)
    else:
        patterns = _standard(reading, win, rules)
    return product_valuation(patterns, _payer_rule(win), "番", "fan")


_WHITE_ONLY: Final = frozenset({WHITE})


def wild_faces(indicator: Tile | None) -> frozenset[Tile]:
    """白板, always: Hangzhou turns no indicator."""
    return _WHITE_ONLY


FAMILY = Family("hangzhou", ("杭州", "hangzhou"), default="hangzhou", discard_win_zh="点炮")

RULESET = Ruleset(
    id="hangzhou",
    name_zh="杭州麻将",
    name_en="Hangzhou mahjong",
    short_zh="杭州",
    label_zh="杭州",
    label_en="Hangzhou",
    family=FAMILY,
    unit_zh="番",
    unit_en="fan",
    rotation="dealer_stays",
    tables=(SEVEN_PAIRS, PIAO, KONG_CHAIN, OTHER, SETTLEMENT, KONGS),
    valuate=valuate,
    wild_faces=wild_faces,
    wild_copies=4,
    allows_discard_win=True,
    thirteen_unrelated=False,
    has_piao=True,
    unpriced=("天胡", "地胡", "4财神"),  # SPEC §3 names no such entry
    has_contract=True,
    uses_indicator=False,
    multiplier=SETTLEMENT.rows[0].value,
    rooms=ROOMS,
    settles_kongs=True,
)
