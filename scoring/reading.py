"""A reading of a winning hand: the facts a ruleset scores, for one decomposition.

Hand analysis (``scoring.analysis``) turns a hand into every distinct ``Reading`` it
admits (wilds standing for whatever they can); a ruleset values each and keeps the
best. Quick entry builds a ``Reading`` from declared facts instead of tiles, so both
paths share one scoring function per ruleset.

Contract with the analysis: among readings equal in shape, 豪华, suits and honors it keeps
only those not beaten in all of 爆头, 对对胡 and honor triplets (these facts may only ever
add value in a ruleset's valuation); every other combination it reaches is returned.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.tiles import Tile


class Shape(StrEnum):
    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_UNRELATED = "thirteen_unrelated"


@dataclass(frozen=True)
class Reading:
    shape: Shape
    wilds: int  # wild tiles held (faceless or by face), a self-drawn wild winning tile included
    baotou: bool = False  # 爆头: a wild and the real winning tile form the pair
    luxury: int = 0  # 七对子 only: 四归一 count (豪华 1, 双豪华 2, 三豪华 3)
    suits: frozenset[str] = frozenset()  # 'm' 'p' 's' used, wilds counted as what they stand for
    honors: bool = False  # any wind or dragon in this reading
    all_triplets: bool = False  # 对对胡: standard shape, every meld a triplet or kong
    honor_triplets: frozenset[Tile] = frozenset()  # winds/dragons held as triplet or kong
    kongs: int = 0  # declared kongs (exposed or concealed)

    @property
    def has_wild(self) -> bool:
        """有花 / 有财神: holding a wild, even one that stands for its own face."""
        return self.wilds > 0

    @property
    def pure_one_suit(self) -> bool:
        """清一色: one suit, no honors."""
        return len(self.suits) == 1 and not self.honors

    @property
    def mixed_one_suit(self) -> bool:
        """混一色: one suit plus honors."""
        return len(self.suits) == 1 and self.honors
