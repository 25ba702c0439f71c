"""湖州·双辣: 7 wilds; 台 add up, 4 台 = 一辣 1 倍, 5 台 or more = 双辣 2 倍; 三百胡不能胡."""

from __future__ import annotations

from scoring.errors import ScoringErrorCode
from scoring.reading import Reading, Shape
from scoring.result import Pattern
from scoring.rulesets import huzhou
from scoring.rulesets.base import Refusal, Row, Ruleset, Table, Valuation, Win
from scoring.tiles import GREEN, RED, WHITE, Tile, next_tile

TAI = Table(
    "计台",
    "Tai items",
    "台",
    "tai",
    (
        Row("清一色", "Pure one suit", 4, "一门数牌，没有字牌"),
        Row("混一色", "Mixed one suit", 2, "一门数牌加字牌"),
        Row("对对胡", "All triplets", 2, "四副刻子（或杠）加一对"),
        Row("无花", "No wilds", 1, "手里没有花（财神）"),
        Row("座风刻", "Seat wind triplet", 1, "座风刻字（或杠）"),
        Row("圈风刻", "Round wind triplet", 1, "风圈刻字（或杠）"),
        Row("中刻", "Red dragon triplet", 1, "中发白刻字，每副 1 台"),
        Row("发刻", "Green dragon triplet", 1, "中发白刻字，每副 1 台"),
        Row("白刻", "White dragon triplet", 1, "中发白刻字，每副 1 台"),
    ),
)

BEI = Table(
    "倍数",
    "Multiplier",
    "倍",
    "bei",
    (
        Row("一辣", "Single spicy", 1, "正好 4 台，起胡 1 倍", "exactly 4 tai: 1×"),
        Row("双辣", "Double spicy", 2, "5 台以上，2 倍", "5 tai or more: 2×"),
    ),
)

LIMITS = Table(
    "起胡与限制",
    "Thresholds",
    "台 / 张",
    "tai / tiles",
    (
        Row("一辣起胡", "Minimum to win", 4, "不到 4 台不能胡", "under 4 tai is no win"),
        Row("双辣台数", "Tai for double spicy", 5, "5 台以上为双辣"),
        Row(
            "三百胡", "Three wilds", 3, "手里有 3 张或以上的花不能胡", "3 or more wilds may not win"
        ),
    ),
)

_DRAGON_ITEMS: dict[Tile, str] = {RED: "中刻", GREEN: "发刻", WHITE: "白刻"}


def wild_faces(indicator: Tile | None) -> frozenset[Tile]:
    """The indicator's own 3 remaining copies and the 4 of the tile after it: 7 wilds."""
    return frozenset() if indicator is None else frozenset({indicator, next_tile(indicator)})


def tai_items(reading: Reading, win: Win, rules: Ruleset) -> tuple[Pattern, ...]:
    """Every 台 the reading earns, in table order. A seat wind that is also the round wind
    earns both (双东)."""
    names: list[str] = []
    if reading.pure_one_suit:
        names.append("清一色")
    elif reading.mixed_one_suit:
        names.append("混一色")
    if reading.shape is Shape.STANDARD and reading.all_triplets:
        names.append("对对胡")
    if not reading.has_wild:
        names.append("无花")
    if win.seat_wind in reading.honor_triplets:
        names.append("座风刻")
    if win.round_wind in reading.honor_triplets:
        names.append("圈风刻")
    names.extend(name for tile, name in _DRAGON_ITEMS.items() if tile in reading.honor_triplets)
    return tuple(rules.pattern(name) for name in names)


def richest_items(shape: Shape, wild_free: bool, win: Win, rules: Ruleset) -> tuple[Pattern, ...]:
    """The 台 items of the richest hand of ``shape`` won as ``win`` (its winds), holding no
    wild when ``wild_free``: quick entry refuses a declared total above their sum.

    A 十三不搭 spans all three suits and the honors, so no suit item; a 七对子 has no
    triplets, so 清一色 at best. A standard hand is 4 sets and a pair: four honor triplets
    around a suited pair (混一色 + 对对胡 + the honor items; a wind that is both seat and round
    wind counts twice) or 清一色 + 对对胡, whichever is more.
    """
    if shape is Shape.THIRTEEN_UNRELATED:
        best: tuple[str, ...] = ()
    elif shape is Shape.SEVEN_PAIRS:
        best = ("清一色",)
    else:
        winds = ("座风刻", "圈风刻") if win.seat_wind == win.round_wind else ("座风刻",)
        honors = ("混一色", "对对胡", *winds, *_DRAGON_ITEMS.values())
        best = max(honors, ("清一色", "对对胡"), key=lambda names: _tai(names, rules))
    if wild_free:
        best += ("无花",)
    in_table_order = sorted(best, key=[row.name for row in TAI.rows].index)
    return tuple(rules.pattern(name) for name in in_table_order)


def _tai(names: tuple[str, ...], rules: Ruleset) -> int:
    return sum(rules.value_of(name) for name in names)


def value_of_tai(items: tuple[Pattern, ...], tai: int, win: Win, rules: Ruleset) -> Valuation:
    """一辣 or 双辣 from a 台 total (quick entry may give the total alone)."""
    if tai < rules.value_of("一辣起胡"):
        listed = " + ".join(f"{p.name} {p.value}" for p in items) or "没有台"
        listed_en = " + ".join(f"{p.name_en} {p.value}" for p in items) or "no tai"
        raise Refusal(
            ScoringErrorCode.UNDER_FOUR_TAI,
            f"只有 {tai} 台（{listed}），一辣起胡要 4 台，不能胡",
            f"only {tai} tai ({listed_en}); a win needs at least 4 tai (一辣起胡)",
            closeness=tai,
        )
    level = rules.pattern("双辣" if tai >= rules.value_of("双辣台数") else "一辣")
    sum_zh = " + ".join(f"{p.name} {p.value}" for p in items)
    sum_en = " + ".join(f"{p.name_en} {p.value}" for p in items)
    zh = f"{sum_zh} = {tai} 台 → {level.name} {level.value} 倍"
    en = f"{sum_en} = {tai} tai → {level.name_en} {level.value} bei"
    return Valuation(
        level.value,
        (*items, level),
        huzhou.payer_rule(win),
        level.value,
        tai=tai,
        formula_zh=zh,
        formula_en=en,
    )


def check_three_wilds(wilds: int, rules: Ruleset) -> None:
    """三百胡不能胡: three or more wilds in the hand refuse the win, whatever the 台."""
    if wilds >= rules.value_of("三百胡"):
        raise Refusal(
            ScoringErrorCode.THREE_WILDS,
            f"三百胡不能胡：手里有 {wilds} 张花，双辣玩法 3 张或以上的花不能胡",
            f"三百胡: the hand holds {wilds} wilds; in 双辣 three or more may not win",
        )


def from_tai_total(tai: int, wilds: int, win: Win, rules: Ruleset) -> Valuation:
    """A 台 total declared as such (quick entry's 台N); 三百胡 still applies when the wilds
    are said."""
    check_three_wilds(wilds, rules)
    return value_of_tai((Pattern("台数", "tai", tai),), tai, win, rules)


def valuate(reading: Reading, win: Win, rules: Ruleset) -> Valuation:
    """三百胡 first, then the 台 total."""
    check_three_wilds(reading.wilds, rules)
    items = tai_items(reading, win, rules)
    return value_of_tai(items, sum(p.value for p in items), win, rules)


RULESET = huzhou.ruleset(
    id="huzhou-shuangla",
    name_zh="湖州·双辣",
    name_en="Huzhou: double spicy",
    short_zh="双辣",
    label_zh="湖州·双辣",
    label_en="Huzhou Shuangla",
    aliases=("shuangla", "长章", "double spicy"),
    tables=(TAI, BEI, LIMITS),
    valuate=valuate,
    wild_faces=wild_faces,
    wild_copies=7,
    allows_discard_win=True,
    has_piao=False,
    unpriced=("天胡", "地胡", "爆头", "杠开"),  # only 台 count (4财神 is 三百胡)
    tai_total=from_tai_total,
    richest_tai=richest_items,
)
