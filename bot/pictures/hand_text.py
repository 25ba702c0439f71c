"""The words around a hand picture: the header (ruleset, result, how it was won) and the
footer (every seat's delta, then the formula), in Chinese or English."""

from __future__ import annotations

from collections.abc import Mapping

from scoring import rulesets
from scoring.result import ScoreResult
from scoring.tiles import SEAT_ORDER, Seat

CELL_SEPARATOR = "\t"  # render_hand spreads tab-separated footer cells across the width


def seat_name(seat: Seat, names: Mapping[Seat, str], lang: str) -> str:
    """The player's name as the bot knows it, else the seat (东 / E)."""
    name = names.get(seat, "").strip()
    if name:
        return name
    return seat.zh if lang == "zh" else seat.value


def header_for(result: ScoreResult, names: Mapping[Seat, str], lang: str = "zh") -> str:
    """E.g. ``杭州 · 爆头 2番 · 自摸`` or ``Hangzhou · Bao Tou 2 fan · self-draw``."""
    zh = lang == "zh"
    # The short label fits the header; the ruleset object carries the long names.
    ruleset = rulesets.get(result.ruleset).label(lang)
    pattern_names = ("、" if zh else ", ").join(
        p.name if zh else p.name_en for p in result.patterns
    )
    amount = f"{result.value}{result.unit_zh}" if zh else f"{result.value} {result.unit_en}"
    if result.tai is not None:
        amount = f"{result.tai}台 → {amount}" if zh else f"{result.tai} tai → {amount}"
    parts = [ruleset, f"{pattern_names} {amount}".strip(), _how_won(result, names, lang)]
    return " · ".join(p for p in parts if p)


def _how_won(result: ScoreResult, names: Mapping[Seat, str], lang: str) -> str:
    zh = lang == "zh"
    context = result.hand.context if result.hand else None
    if context is None:
        return ""
    words = []
    if context.robbed_kong_of is not None:
        who = seat_name(context.robbed_kong_of, names, lang)
        words.append(f"抢{who}的杠" if zh else f"robbed {who}'s kong")
    elif context.discarder is not None:
        who = seat_name(context.discarder, names, lang)
        verb = rulesets.get(result.ruleset).family.discard_win_zh
        words.append(f"{who}{verb}" if zh else f"on {who}'s discard")
    else:
        words.append("自摸" if zh else "self-draw")
    if context.contract_payer is not None:
        who = seat_name(context.contract_payer, names, lang)
        words.append(f"{who}承包" if zh else f"{who} pays (3 chows)")
    return " ".join(words)


def footer_for(result: ScoreResult, names: Mapping[Seat, str], lang: str = "zh") -> str:
    """One cell per seat with its delta, then the formula and who pays."""
    zh = lang == "zh"
    cells = []
    for seat in SEAT_ORDER:
        seat_label = seat.zh if zh else seat.value
        name = names.get(seat, "").strip()
        who = f"{seat_label} {name}" if name else seat_label
        delta = result.payments.get(seat, 0)
        cells.append(f"{who} {delta:+d}" if delta else f"{who} 0")
    explanation = result.explanation
    formula = (
        f"{explanation.formula_zh} · {explanation.payer_rule_zh}"
        if zh
        else f"{explanation.formula_en} · {explanation.payer_rule_en}"
    )
    return CELL_SEPARATOR.join(cells) + "\n" + formula
