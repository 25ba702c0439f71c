"""SPEC's worked examples written out as result objects, so that the picture tests do not
depend on the scoring core: their figures follow SPEC §3 and §4."""

from __future__ import annotations

from scoring.hand import Hand, LineContext, Meld, MeldKind
from scoring.reading import Shape
from scoring.result import Explanation, Pattern, ScoreResult
from scoring.tiles import EAST, WHITE, Seat, tile_from

NAMES = {Seat.E: "老王", Seat.S: "小李", Seat.W: "阿明", Seat.N: "大刘"}


def tiles(text: str) -> tuple[int, ...]:
    """'123m5s' → tile ints (a tiny MPSZ reader for fixed sample data; the parser is scoring's)."""
    out: list[int] = []
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            out.extend(tile_from(d, ch) for d in digits)
            digits = []
    return tuple(out)


def _self_draw_explanation(value: int, unit: str, factor: int, base: int) -> Explanation:
    share = value * factor * base
    times = f" × {factor}" if factor != 1 else ""
    return Explanation(
        factors=(),
        formula_zh=f"{value} {unit}{times} × 底分 {base} = {share}",
        formula_en=f"{value}{times} × base {base} = {share}",
        payer_rule="self_draw",
        payer_rule_zh="自摸：其他三家各付一份",
        payer_rule_en="self-draw: each of the other three pays one share",
    )


def hangzhou_baotou() -> ScoreResult:
    """``123m456m789m123p白 +5s 自摸``: 爆头 2 番, −16 each."""
    hand = Hand((*tiles("123456789m123p"), WHITE), tiles("5s")[0], (), LineContext(self_draw=True))
    return ScoreResult(
        ruleset="hangzhou",
        shape=Shape.STANDARD,
        value=2,
        unit_zh="番",
        unit_en="fan",
        patterns=(Pattern("爆头", "Bao Tou", 2),),
        payments={Seat.E: 48, Seat.S: -16, Seat.W: -16, Seat.N: -16},
        explanation=_self_draw_explanation(2, "番", 8, 1),
        winner=Seat.E,
        base=1,
        hand=hand,
        wild_faces=frozenset({WHITE}),
    )


def hangzhou_seven_pairs() -> ScoreResult:
    """``1133m5577p99s东东白 +3s 点炮S``: 七对爆头 4 番, S pays 32."""
    hand = Hand(
        (*tiles("1133m5577p99s"), EAST, EAST, WHITE),
        tiles("3s")[0],
        (),
        LineContext(discarder=Seat.S),
    )
    return ScoreResult(
        ruleset="hangzhou",
        shape=Shape.SEVEN_PAIRS,
        value=4,
        unit_zh="番",
        unit_en="fan",
        patterns=(Pattern("七对爆头", "Seven Pairs Bao Tou", 4),),
        payments={Seat.E: 32, Seat.S: -32, Seat.W: 0, Seat.N: 0},
        explanation=Explanation(
            factors=(),
            formula_zh="4 番 × 8 × 底分 1 = 32",
            formula_en="4 × 8 × base 1 = 32",
            payer_rule="discard",
            payer_rule_zh="点炮：放炮者一人付一份",
            payer_rule_en="discard: the discarder alone pays one share",
        ),
        winner=Seat.E,
        base=1,
        hand=hand,
        wild_faces=frozenset({WHITE}),
    )


def huzhou_with_indicator() -> ScoreResult:
    """``(东东东东) [345p] 2m345m678s +9m 自摸 翻1m`` under 硬飘花: the 2m is wild, 爆头 2 倍."""
    hand = Hand(
        tiles("2345m678s"),
        tiles("9m")[0],
        (
            Meld(MeldKind.CONCEALED_KONG, (EAST,) * 4),
            Meld(MeldKind.CHI, tiles("345p")),
        ),
        LineContext(self_draw=True, indicator=tiles("1m")[0]),
    )
    return ScoreResult(
        ruleset="huzhou-yingpiao",
        shape=Shape.STANDARD,
        value=2,
        unit_zh="倍",
        unit_en="x",
        patterns=(Pattern("爆头", "Bao Tou", 2),),
        payments={Seat.E: 6, Seat.S: -2, Seat.W: -2, Seat.N: -2},
        explanation=_self_draw_explanation(2, "倍", 1, 1),
        winner=Seat.E,
        base=1,
        hand=hand,
        wild_faces=frozenset(tiles("2m")),
    )
