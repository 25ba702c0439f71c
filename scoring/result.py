"""Result objects: a scored win, its explanation, and the waits of a ready hand.

These are the only shapes the bot, the CLI, storage (as JSON) and the rules Q&A see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.errors import ScoringError
from scoring.hand import Hand
from scoring.reading import Shape
from scoring.tiles import SEAT_ORDER, Seat, Tile, mpsz


@dataclass(frozen=True)
class Pattern:
    """One named scoring item as the seed names it (爆头, 财飘, 清一色 …) and its value."""

    name: str  # Chinese name exactly as the seed writes it
    name_en: str
    value: int  # in the ruleset's unit (番, 倍, 台 or 分)


@dataclass(frozen=True)
class Explanation:
    """How the value became money: factors, the formula and who pays under which rule."""

    factors: tuple[tuple[str, str, int], ...]  # (zh label, en label, number), multiplied in order
    formula_zh: str  # e.g. "2 番 × 8 × 底分 1 = 16"
    formula_en: str
    payer_rule: str  # stable code: self_draw, discard, contract, robbed_kong, discard_split
    payer_rule_zh: str  # e.g. "自摸：其他三家各付一份"
    payer_rule_en: str
    # (zh, en) lines on what the win had that this ruleset does not count here, e.g.
    # 爆头 on a discard win in 软飘花, so nobody thinks it was lost by mistake
    notes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ScoreResult:
    ruleset: str
    shape: Shape | None  # None for a quick entry that did not say
    value: int  # in the ruleset's unit
    unit_zh: str  # 番 倍 分
    unit_en: str
    patterns: tuple[Pattern, ...]
    payments: dict[Seat, int]  # every seat's integer delta; sums to 0
    explanation: Explanation
    winner: Seat
    base: int
    tai: int | None = None  # 双辣 only
    hand: Hand | None = None  # None for quick entry
    wild_faces: frozenset[Tile] = field(default_factory=frozenset)  # for drawing the hand
    seat_wind: Seat | None = None  # the winner's 门风 it was scored with (a typed 座X wins)
    # Given facts (scoring.WinFacts): the line the string API scores the same, the facts
    # written in (点炮W 七对 有花 座S 圈E); None when the caller wrote the whole line.
    line: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``--json`` object (also what storage keeps with a win)."""
        out: dict[str, Any] = {
            "ok": True,
            "ruleset": self.ruleset,
            "shape": self.shape.value if self.shape else None,
            "value": self.value,
            "patterns": [
                {"name": p.name, "name_en": p.name_en, "value": p.value} for p in self.patterns
            ],
            "payments": {seat.value: self.payments.get(seat, 0) for seat in SEAT_ORDER},
        }
        if self.tai is not None:
            out["tai"] = self.tai
        explanation = self.explanation
        out["explanation"] = {
            "formula_zh": explanation.formula_zh,
            "formula_en": explanation.formula_en,
            "payer_rule": explanation.payer_rule,
            "payer_rule_zh": explanation.payer_rule_zh,
            "payer_rule_en": explanation.payer_rule_en,
            "notes": [list(note) for note in explanation.notes],
        }
        return out


@dataclass(frozen=True)
class Wait:
    """One tile that completes a ready hand, and what the win would score each way.

    A side the ruleset refuses (硬飘花 discards, a discarded wild, 三百胡, under 4 台 …) has
    no result and carries the refusal instead, so a reply can say why.
    """

    tile: Tile
    self_draw: ScoreResult | None  # None where the ruleset would refuse that win
    discard: ScoreResult | None
    self_draw_refusal: ScoringError | None = field(default=None, compare=False)
    discard_refusal: ScoringError | None = field(default=None, compare=False)

    def to_json(self, lang: str = "zh") -> dict[str, Any]:
        """The tile and each side's result; a refused side is null, with its reason."""
        out: dict[str, Any] = {
            "tile": mpsz(self.tile),
            "self_draw": self.self_draw.to_json() if self.self_draw else None,
            "discard": self.discard.to_json() if self.discard else None,
        }
        for side, refusal in (
            ("self_draw", self.self_draw_refusal),
            ("discard", self.discard_refusal),
        ):
            if refusal is not None:
                out[f"{side}_refusal"] = {
                    "code": refusal.code.value,
                    "message": refusal.message(lang),
                }
        return out
