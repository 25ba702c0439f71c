"""听牌: every tile that completes a ready hand, and what each win would score.

The ready line is 13 tiles (melds count 3) plus context words. Each completing tile is
scored twice through the ordinary scoring path, ``score_hand``: as a self-draw, and as a
win on a discard (by the seat the line names with 点炮X, else the seat after the winner).
A side the ruleset refuses (硬飘花 discards, a discarded wild, 三百胡, under 4 台 …) is
None; an error about the line itself (a missing 翻T, a wild in a meld) is raised.

A ruleset sees a hand only through its readings, its wild count and whether the winning
tile is a wild (the ``Reading``/``Win`` split of ``scoring.rulesets.base``). So tiles that
give the same readings and the same wildness score alike: each such group is scored
once and its results are handed to every tile of the group with that tile's own hand.
A lone wild waits on all 34 tiles, in a handful of groups. A hand that already holds
every wild of its ruleset (counting those its 飘 discarded) cannot draw another: no wild
face and no ``*`` is listed then.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from scoring import notation
from scoring.analysis import analyze, completing_tiles, is_winning
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.hand import LineContext
from scoring.reading import Reading
from scoring.result import ScoreResult, Wait
from scoring.score import checked_table, score_hand, wild_faces_for
from scoring.tiles import JOKER, Seat, Tile, is_wild

# Errors that refuse one particular win rather than the line: that side of a Wait is None.
_REFUSALS = frozenset(
    {
        ScoringErrorCode.NOT_WINNING,
        ScoringErrorCode.DISCARD_WIN_FORBIDDEN,
        ScoringErrorCode.DISCARDED_WILD,
        ScoringErrorCode.THREE_WILDS,
        ScoringErrorCode.UNDER_FOUR_TAI,
    }
)


def waits(
    line: str, rules: str = "hangzhou", base: int = 1, winner: str | Seat = "E"
) -> tuple[Wait, ...]:
    """Every tile that completes the ready hand in ``line``, scored by 自摸 and by 点炮.

    A faceless wild (``*``) is listed as a wait of its own when the line's wilds are
    written only as ``*`` (no 翻T), since drawing any wild completes a ready hand.
    """
    ruleset, seat = checked_table(rules, base, winner)
    ready = notation.parse_ready(line)
    ctx = ready.context
    wild_faces = wild_faces_for(
        ruleset, ctx.indicator, ready.concealed, lambda kind: ready.words.get(kind.value)
    )
    thirteen = ruleset.thirteen_unrelated
    tiles = completing_tiles(
        ready.concealed,
        ready.melds,
        wild_faces,
        thirteen_unrelated=thirteen,
        unavailable=() if ctx.indicator is None else (ctx.indicator,),
    )
    if not wild_faces and is_winning(
        ready.complete(JOKER), wild_faces, thirteen_unrelated=thirteen
    ):
        tiles += (JOKER,)
    if _wilds_gone(ready, wild_faces, ruleset.wild_copies):
        tiles = tuple(tile for tile in tiles if not is_wild(tile, wild_faces))

    sides = win_contexts(ctx, seat)
    scored: dict[tuple[tuple[Reading, ...], bool], tuple[ScoreResult | ScoringError, ...]] = {}
    out = []
    for tile in tiles:
        key = (
            analyze(ready.complete(tile), wild_faces, thirteen_unrelated=thirteen),
            is_wild(tile, wild_faces),
        )
        first = key not in scored  # the group's first tile: its results are its own already
        if first:
            scored[key] = tuple(_scored(ready, tile, side, rules, base, seat) for side in sides)
        (self_draw, self_refusal), (discard, discard_refusal) = (
            (None, outcome)
            if isinstance(outcome, ScoringError)
            else (outcome if first else replace(outcome, hand=ready.complete(tile, side)), None)
            for outcome, side in zip(scored[key], sides, strict=True)
        )
        out.append(Wait(tile, self_draw, discard, self_refusal, discard_refusal))
    return tuple(out)


def _wilds_gone(ready: notation.ReadyLine, wild_faces: frozenset[Tile], copies: int) -> bool:
    """Whether the hand holds (or its 飘 discarded) every wild of the ruleset already."""
    held = sum(is_wild(tile, wild_faces) for tile in ready.concealed)
    return held + ready.context.piao >= copies


@lru_cache(maxsize=256)
def win_contexts(context: LineContext, winner: Seat) -> tuple[LineContext, LineContext]:
    """The two wins a wait is scored as: self-drawn, and on the named discard (点炮X), or
    on the next seat's when the line names none (a 抢杠X line keeps its robbed kong).
    Remembered: a few contexts make up nearly every line, and ``replace`` is slow."""
    return (
        replace(context, self_draw=True, discarder=None, robbed_kong_of=None),
        replace(
            context,
            self_draw=False,
            discarder=None if context.robbed_kong_of else context.discarder or winner.after(),
            kong_chain=0,
            piao=0,
            heavenly=False,
        ),
    )


def _scored(
    ready: notation.ReadyLine, tile: Tile, ctx: LineContext, rules: str, base: int, winner: Seat
) -> ScoreResult | ScoringError:
    """The win's result, or the ruleset's refusal of it; an error about the line is raised."""
    try:
        return score_hand(ready.complete(tile, ctx), rules, base, winner)
    except ScoringError as error:
        if error.code in _REFUSALS:
            return error
        raise
