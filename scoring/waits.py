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
A lone wild waits on all 34 tiles, in a handful of groups.
"""

from __future__ import annotations

from dataclasses import replace

from scoring import notation
from scoring.analysis import analyze, completing_tiles, is_winning
from scoring.errors import ErrorCode, ScoringError
from scoring.hand import Context
from scoring.reading import Reading
from scoring.result import ScoreResult, Wait
from scoring.rulesets import get
from scoring.score import score_hand
from scoring.tiles import JOKER, Seat, Tile
from scoring.words import seat_or_error

# Errors that refuse one particular win rather than the line: that side of a Wait is None.
_REFUSALS = frozenset(
    {
        ErrorCode.NOT_WINNING,
        ErrorCode.DISCARD_WIN_FORBIDDEN,
        ErrorCode.DISCARDED_WILD,
        ErrorCode.THREE_WILDS,
        ErrorCode.UNDER_FOUR_TAI,
    }
)


def waits(
    line: str, rules: str = "hangzhou", base: int = 1, winner: str | Seat = "E"
) -> tuple[Wait, ...]:
    """Every tile that completes the ready hand in ``line``, scored by 自摸 and by 点炮.

    A faceless wild (``*``) is listed as a wait of its own when the line's wilds are
    written only as ``*`` (no 翻T), since drawing any wild completes a ready hand.
    """
    ruleset = get(rules)
    seat = seat_or_error(winner)
    ready = notation.parse_ready(line)
    ctx = ready.context
    if ruleset.uses_indicator and ctx.indicator is None and JOKER not in ready.concealed:
        raise ScoringError(
            ErrorCode.MISSING_INDICATOR,
            "湖州麻将问听牌也要知道哪张是花：加上翻出的牌（如 翻1m，花就是 2m），或把花写成 财 / *",
            "Huzhou waits need the wild too: add the turned-up indicator (e.g. 翻1m makes 2m "
            "wild), or write the wilds as 财 / *",
        )
    wild_faces = ruleset.wild_faces(ctx.indicator)
    thirteen = ruleset.thirteen_unrelated
    tiles = list(
        completing_tiles(
            ready.concealed,
            ready.melds,
            wild_faces,
            thirteen_unrelated=thirteen,
            unavailable=() if ctx.indicator is None else (ctx.indicator,),
        )
    )
    if not wild_faces and is_winning(
        ready.complete(JOKER), wild_faces, thirteen_unrelated=thirteen
    ):
        tiles.append(JOKER)

    sides = (
        replace(ctx, self_draw=True, discarder=None, robbed_kong_of=None),
        replace(
            ctx,
            self_draw=False,
            discarder=None if ctx.robbed_kong_of else ctx.discarder or seat.after(),
            kong_chain=0,
            piao=0,
            heavenly=False,
        ),
    )
    scored: dict[tuple[tuple[Reading, ...], bool], tuple[ScoreResult | None, ...]] = {}
    out = []
    for tile in tiles:
        wild = tile == JOKER or tile in wild_faces
        key = (analyze(ready.complete(tile), wild_faces, thirteen_unrelated=thirteen), wild)
        if key not in scored:
            scored[key] = tuple(_scored(ready, tile, side, rules, base, seat) for side in sides)
        self_draw, discard = (
            None if result is None else replace(result, hand=ready.complete(tile, side))
            for result, side in zip(scored[key], sides, strict=True)
        )
        out.append(Wait(tile=tile, self_draw=self_draw, discard=discard))
    return tuple(out)


def _scored(
    ready: notation.ReadyLine, tile: Tile, ctx: Context, rules: str, base: int, winner: Seat
) -> ScoreResult | None:
    try:
        return score_hand(ready.complete(tile, ctx), rules, base, winner)
    except ScoringError as error:
        if error.code in _REFUSALS:
            return None
        raise
