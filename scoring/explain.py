"""A ``ScoreResult`` for people: what the CLI prints and the bot shows, Chinese or English."""

from __future__ import annotations

from scoring.result import ScoreResult
from scoring.rulesets import get
from scoring.tiles import SEAT_ORDER, Seat


def render(result: ScoreResult, lang: str = "zh") -> str:
    """Patterns, the formula, who pays under which rule, and every seat's delta."""
    en = lang == "en"
    rules = get(result.ruleset)
    title = rules.name_en if en else rules.name_zh
    first, *rest = summary(result, lang)
    seats = ("  " if en else "　").join(_seat(seat, result, en) for seat in SEAT_ORDER)
    return "\n".join([f"{title}: {first}" if en else f"{title}：{first}", *rest, seats])


def summary(result: ScoreResult, lang: str = "zh") -> list[str]:
    """The patterns with the value, the 台 (Huzhou), the formula and who pays: what a table
    that already knows its ruleset and sees the deltas by name still needs to read."""
    en = lang == "en"
    unit = result.unit_en if en else result.unit_zh
    names = "、".join(p.name for p in result.patterns)
    if en:
        names = ", ".join(f"{p.name_en} ({p.name})" for p in result.patterns)
    lines = [f"{names} = {result.value} {unit}"]
    if result.tai is not None:
        lines.append(f"Tai: {result.tai}" if en else f"台数：{result.tai} 台")
    explanation = result.explanation
    if en:
        lines.append(f"Formula: {explanation.formula_en}")
        lines.append(f"Who pays: {explanation.payer_rule_en}")
    else:
        lines.append(f"算法：{explanation.formula_zh}")
        lines.append(f"付款：{explanation.payer_rule_zh}")
    lines.extend(en_note if en else zh_note for zh_note, en_note in explanation.notes)
    return lines


def _seat(seat: Seat, result: ScoreResult, en: bool) -> str:
    amount = result.payments.get(seat, 0)
    sign = "+" if amount > 0 else "−" if amount < 0 else "±"
    mark = ("*" if en else "（胡）") if seat == result.winner else ""
    name = seat.value if en else seat.zh
    return f"{name}{mark} {sign}{abs(amount)}"
