"""``python -m benchmarks.scoring``: how fast the scoring core answers, measured in one run.

Fixed corpora (seeded) of winning hands built from random sets and a pair:
  * 0 wilds — scored under 杭州 (no 白板 in the hands) from the typed line (``score``:
    notation, checks, readings, result), and the same hands through the ``mahjong``
    package's ``HandCalculator.estimate_hand_value`` (riichi rules, closed self-draw) as
    the reference, in the same process; also from the parsed hand (``score_hand``) and the
    best-score core alone (every reading valued, the best kept: no result object or
    explanation);
  * 2 wilds — 双辣 (翻1m): the richest facts that ruleset still lets win;
  * 4 wilds — 杭州 with all four 白板;
  * 7 wilds — 双辣 with every wild (三百胡: the full path ends in that refusal) and the
    hand analysis alone, which is where the seven wilds cost;
and ready hands for waits: the 0- and 1-wild (杭州) and 2-wild (双辣) hands, winning
tile taken out.
Each corpus is timed after a warm-up on a different corpus of the same kind (the bot is
a long-running process whose per-suit tables and remembered valuations — one per set of
facts and way of winning — fill up and stay filled; "none remembered" times the 0-wild
hands with no valuation remembered, the cost of the scoring code itself); each hand's time
is the best of three passes, the per-hand memory of the analysis dropped before each.
"First sight" lines time one pass over yet another corpus: hands whose suits the
per-suit tables may not have met yet.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.analysis import analyze, forget_hands
from scoring.errors import ScoringError
from scoring.hand import Hand, LineContext
from scoring.notation import format_mpsz, format_tiles
from scoring.rulesets import get
from scoring.rulesets.base import Win, WinKind
from scoring.score import best_valuation, forget_valuations, score, score_hand
from scoring.tiles import WHITE, Seat, Tile, mpsz, next_tile
from scoring.waits import waits

SIZE = 300
INDICATOR = 0  # 翻1m: in 双辣 the three other 1m and the four 2m are wild


@dataclass(frozen=True)
class Timing:
    median_us: float
    mean_us: float

    def __str__(self) -> str:
        return f"median {self.median_us:8.1f} µs   mean {self.mean_us:8.1f} µs"


def timed(call: Callable[[Any], object], items: Sequence[Any], passes: int = 3) -> Timing:
    """Per-item wall time of ``call`` over ``items``: the best of ``passes`` passes for
    each item (other processes on the machine only ever add time). Before each pass the
    per-hand memory of the analysis is dropped, so no pass is served from the last."""
    best = [float("inf")] * len(items)
    for _ in range(passes):
        forget_hands()
        for index, item in enumerate(items):
            start = time.perf_counter()
            call(item)
            best[index] = min(best[index], time.perf_counter() - start)
    return Timing(statistics.median(best) * 1e6, statistics.mean(best) * 1e6)


def winning_tiles(rng: random.Random, banned: frozenset[Tile]) -> list[Tile]:
    """14 tiles forming four sets and a pair, at most four copies of a tile, none banned."""
    while True:
        tiles: list[Tile] = []
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        if not banned.intersection(tiles) and all(tiles.count(t) <= 4 for t in tiles):
            rng.shuffle(tiles)
            return tiles


def with_wilds(rng: random.Random, tiles: list[Tile], faces: Sequence[Tile]) -> list[Tile]:
    """``tiles`` with ``len(faces)`` of them (not the last, the winning tile) made wild."""
    out = list(tiles)
    for position, face in zip(rng.sample(range(13), len(faces)), faces, strict=True):
        out[position] = face
    return out


def as_hand(tiles: list[Tile], indicator: Tile | None = None) -> Hand:
    context = LineContext(self_draw=True, indicator=indicator)
    return Hand(tuple(sorted(tiles[:-1])), tiles[-1], context=context)


def corpus(seed: int, wilds: int, size: int = SIZE) -> list[Hand]:
    """``size`` winning hands with ``wilds`` wilds: 白板 for up to 4 (杭州), else 翻1m's 1m/2m."""
    rng = random.Random(seed)
    if wilds <= 4 and wilds != 2:
        faces = [WHITE] * wilds
        return [
            as_hand(with_wilds(rng, winning_tiles(rng, frozenset({WHITE})), faces))
            for _ in range(size)
        ]
    shuangla = frozenset({INDICATOR, next_tile(INDICATOR)})
    faces = ([next_tile(INDICATOR)] * 4 + [INDICATOR] * 3)[:wilds]
    return [
        as_hand(with_wilds(rng, winning_tiles(rng, shuangla), faces), INDICATOR)
        for _ in range(size)
    ]


def ruleset_of(wilds: int) -> str:
    return "hangzhou" if wilds <= 4 and wilds != 2 else "huzhou-shuangla"


def best_score(rules: str) -> Callable[[Hand], object]:
    def call(hand: Hand) -> object:
        try:
            return score_hand(hand, rules)
        except ScoringError as refusal:  # 三百胡, under 4 台: the answer the user gets
            return refusal

    return call


def from_text(rules: str) -> Callable[[str], object]:
    """``scoring.score`` on the typed line: the notation read, then ``best_score``'s work."""

    def call(line: str) -> object:
        try:
            return score(line, rules)
        except ScoringError as refusal:
            return refusal

    return call


def typed(hands: Sequence[Hand]) -> list[str]:
    """Each hand as a player types it: ``46m555p12345688s +5m 自摸``."""
    return [format_mpsz(hand) for hand in hands]


def unremembered(rules: str) -> Callable[[Hand], object]:
    """``best_score`` with no valuation remembered from earlier hands: what the scoring
    code itself costs when every hand's facts are new to it."""
    score = best_score(rules)

    def call(hand: Hand) -> object:
        forget_valuations()
        return score(hand)

    return call


def best_reading(rules: str) -> Callable[[Hand], object]:
    """The best-score core alone: every reading, each valued, the best kept — what the
    reference's ``estimate_hand_value`` does — without the result object, explanation
    and error bookkeeping of ``score_hand``."""
    ruleset = get(rules)
    win = Win(kind=WinKind.SELF_DRAW, winner=Seat.E)

    def call(hand: Hand) -> object:
        wild_faces = ruleset.wild_faces(hand.context.indicator)
        readings = analyze(hand, wild_faces, thirteen_unrelated=ruleset.thirteen_unrelated)
        return best_valuation(readings, win, ruleset)

    return call


def analysis_only(rules: str) -> Callable[[Hand], object]:
    ruleset = get(rules)

    def call(hand: Hand) -> object:
        wild_faces = ruleset.wild_faces(hand.context.indicator)
        return analyze(hand, wild_faces, thirteen_unrelated=ruleset.thirteen_unrelated)

    return call


def waits_under(rules: str) -> Callable[[str], object]:
    def call(line: str) -> object:
        return waits(line, rules)

    return call


def ready_line(hand: Hand) -> str:
    """The 13 tiles before the winning tile, with the indicator word when there is one."""
    indicator = hand.context.indicator
    words = "" if indicator is None else f" 翻{mpsz(indicator)}"
    return format_tiles(hand.concealed) + words


def reference(hands: Sequence[Hand]) -> tuple[Callable[[Any], object], list[tuple[list[int], int]]]:
    """The ``mahjong`` package's calculator and the hands in its 136-tile form (its 34
    tile order is ours: 万 筒 条, winds, 白 发 中)."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig

    config = HandConfig(is_tsumo=True)
    inputs = []
    for hand in hands:
        copies: dict[Tile, int] = {}
        tiles136 = []
        for tile in (*hand.concealed, hand.winning_tile):
            tiles136.append(tile * 4 + copies.get(tile, 0))
            copies[tile] = copies.get(tile, 0) + 1
        inputs.append((tiles136, tiles136[-1]))

    def call(item: tuple[list[int], int]) -> object:
        tiles136, win136 = item
        return HandCalculator.estimate_hand_value(tiles136, win136, config=config)

    return call, inputs


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scoring", description=__doc__)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--size", type=int, default=SIZE, help="hands per corpus")
    args = parser.parse_args(argv)
    seed, size = args.seed, args.size
    print(f"benchmarks.scoring: {size} hands per corpus, seed {seed}, per-hand wall time\n")

    plain = corpus(seed, 0, size)
    ours = best_score("hangzhou")
    theirs, their_inputs = reference(plain)
    timed(ours, corpus(seed + 1, 0, size))
    timed(from_text("hangzhou"), typed(corpus(seed + 1, 0, size)))
    timed(theirs, reference(corpus(seed + 1, 0, size))[1])
    ref_plain = timed(theirs, their_inputs)
    text = timed(from_text("hangzhou"), typed(plain))
    ours_plain = timed(ours, plain)
    print(f"0 wilds  score from text (杭州)         {text}")
    print(f"0 wilds  mahjong estimate_hand_value   {ref_plain}")
    print(
        f"         ratio text / reference        median {text.median_us / ref_plain.median_us:.3f}"
        f"   mean {text.mean_us / ref_plain.mean_us:.3f}   (target ≤ 0.2)"
    )
    print(f"0 wilds  best score (杭州), parsed       {ours_plain}")
    median_ratio = ours_plain.median_us / ref_plain.median_us
    mean_ratio = ours_plain.mean_us / ref_plain.mean_us
    print(
        f"         ratio ours / reference        median {median_ratio:.3f}"
        f"   mean {mean_ratio:.3f}   (target ≤ 0.5)"
    )
    cold = timed(unremembered("hangzhou"), plain)
    print(f"0 wilds  best score, none remembered   {cold}")
    print(
        f"         ratio ours / reference        median {cold.median_us / ref_plain.median_us:.3f}"
        f"   mean {cold.mean_us / ref_plain.mean_us:.3f}"
    )
    core = timed(best_reading("hangzhou"), plain)
    print(f"0 wilds  best reading, valued (core)   {core}")
    print(
        f"         ratio core / reference        median {core.median_us / ref_plain.median_us:.3f}"
        f"   mean {core.mean_us / ref_plain.mean_us:.3f}"
    )
    first = timed(ours, corpus(seed + 2, 0, size), passes=1)
    print(f"0 wilds  best score, first sight     {first}")
    print(f"0 wilds  hand analysis alone         {timed(analysis_only('hangzhou'), plain)}\n")
    for wilds in (2, 4, 7):
        rules = ruleset_of(wilds)
        hands = corpus(seed, wilds, size)
        timed(best_score(rules), corpus(seed + 1, wilds, size))
        full = timed(best_score(rules), hands)
        alone = timed(analysis_only(rules), hands)
        print(f"{wilds} wilds  best score ({rules:<15}) {full}")
        print(f"{wilds} wilds  hand analysis alone         {alone}")
        first = timed(best_score(rules), corpus(seed + 2, wilds, size), passes=1)
        print(f"{wilds} wilds  best score, first sight     {first}")
    print("         (7 wilds target: ≤ 1000 µs median)\n")
    for wilds in (0, 1, 2):
        asker = waits_under(ruleset_of(wilds))
        timed(asker, [ready_line(hand) for hand in corpus(seed + 1, wilds, size)])
        result = timed(asker, [ready_line(hand) for hand in corpus(seed, wilds, size)])
        print(f"waits, {wilds} wilds ({ruleset_of(wilds):<15})     {result}")
        first = timed(asker, [ready_line(hand) for hand in corpus(seed + 2, wilds, size)], passes=1)
        print(f"waits, {wilds} wilds, first sight          {first}")
    print("         (waits target: ≤ 1000 µs median)")


if __name__ == "__main__":
    main()
