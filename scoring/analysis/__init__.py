"""Wild-aware hand analysis (SPEC §2): the fast gate and every reading of a hand.

``analyze`` returns the distinct, non-dominated ``Reading``\\ s a hand admits; a ruleset
values each and keeps the best. "Non-dominated": of two readings that differ only in
爆头, 对对胡 or the set of honor triplets, the one with fewer of these is left out,
because under every ruleset these facts only ever add value (SPEC §3-§4). Suits, honors,
shape, 豪华 count and wild count are never traded away: every combination of them that
some decomposition reaches is returned.
"""

from __future__ import annotations

from functools import lru_cache

from scoring.analysis.counts import split_wilds
from scoring.analysis.decompose import real_readings, standard_readings
from scoring.analysis.gate import completing_tiles, is_winning
from scoring.analysis.shapes import seven_pairs_readings, thirteen_unrelated_readings
from scoring.hand import Hand, Meld
from scoring.reading import Reading
from scoring.tiles import JOKER, Tile, is_wild

__all__ = ["analyze", "completing_tiles", "forget_hands", "is_winning"]


def analyze(
    hand: Hand, wild_faces: frozenset[Tile], *, thirteen_unrelated: bool
) -> tuple[Reading, ...]:
    """Every reading of ``hand`` (winning tile included); empty when it does not win.

    Wilds are the ``JOKER`` tiles and every concealed or winning tile whose face is in
    ``wild_faces``; each may stand for any tile, its own face included. Exposed melds
    hold real tiles only (rulesets refuse wilds there before calling). 十三不搭 is tried
    only when ``thirteen_unrelated`` (the Huzhou rulesets). The context words play no
    part, so the answer is remembered per tiles: scoring one hand both ways (waits:
    自摸 and 点炮) analyses it once.
    """
    return _readings(hand.concealed, hand.winning_tile, hand.melds, wild_faces, thirteen_unrelated)


@lru_cache(maxsize=4096)
def _readings(
    concealed: tuple[Tile, ...],
    winning_tile: Tile,
    melds: tuple[Meld, ...],
    wild_faces: frozenset[Tile],
    thirteen_unrelated: bool,
) -> tuple[Reading, ...]:
    tiles = len(concealed) + 1
    if tiles % 3 != 2:
        return ()
    real = (*concealed, winning_tile)
    if JOKER not in real and wild_faces.isdisjoint(real):
        without_wilds = _without_wilds(tuple(sorted(real)), melds, thirteen_unrelated)
        if without_wilds is not None:
            return without_wilds
    counts, wilds = split_wilds(real, wild_faces)
    winning_face = None if is_wild(winning_tile, wild_faces) else winning_tile
    readings = standard_readings(counts, wilds, winning_face, melds)
    if not melds and tiles == 14:
        readings += seven_pairs_readings(counts, wilds, winning_face)
        if thirteen_unrelated:
            readings += thirteen_unrelated_readings(counts, wilds)
    return tuple(dict.fromkeys(readings)) if len(readings) > 1 else tuple(readings)


def _without_wilds(
    tiles: tuple[Tile, ...], melds: tuple[Meld, ...], thirteen_unrelated: bool
) -> tuple[Reading, ...] | None:
    """``_readings`` of sorted ``tiles`` none of which is wild (most hands), read without
    a count vector where no special shape can fit; None to leave them to the general walk."""
    special = not melds and len(tiles) == 14
    # 七对子 needs every face an even count; 十三不搭 no face twice
    if special and (tiles[::2] == tiles[1::2] or (thirteen_unrelated and len(set(tiles)) == 14)):
        return None
    return real_readings(tiles, melds)


def forget_hands() -> None:
    """Drop the remembered per-hand answers (the per-suit tables stay): the benchmark
    times the analysis of hands it has not seen."""
    _readings.cache_clear()
