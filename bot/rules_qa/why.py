"""``/why``: a recorded hand's score explained from its stored breakdown.

The ledger keeps ``ScoreResult.to_json()`` with every win: the ruleset, the named patterns
with their values, the total value, 双辣's 台 and every seat's payment. That is enough to
say what counted, how much, who paid and under which rule, and to point each pattern at
the topic that explains it. The hand's own figures are quoted as stored, so a later change
to the tables cannot rewrite the story of a hand already settled; only the unit and the
money multiplier come from the ruleset.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping
from typing import Any

from bot.rules_qa.content import lang_code, topics_by_id
from scoring import rulesets
from scoring.tiles import SEAT_ORDER

_SEAT_NAMES = {seat.value: (seat.zh, seat.value) for seat in SEAT_ORDER}
_SHAPES = {  # the standard shape goes without saying
    "seven_pairs": ("七对子", "seven pairs"),
    "thirteen_unrelated": ("十三不搭", "thirteen unrelated"),
}


def pattern_topic(name: str, ruleset: str | None = None) -> str | None:
    """The id of the topic that explains the pattern ``name``, preferring ``ruleset``'s."""
    candidates = [t for t in topics_by_id().values() if name in t.patterns]
    if not candidates:
        return None
    candidates.sort(
        key=lambda t: (ruleset is not None and ruleset not in t.rulesets, len(t.rulesets))
    )
    return candidates[0].id


def _load(result_json: str | Mapping[str, Any]) -> Mapping[str, Any]:
    data = json.loads(result_json) if isinstance(result_json, str) else result_json
    if not isinstance(data, Mapping) or "patterns" not in data or "payments" not in data:
        raise ValueError("not a stored score breakdown")
    return data


def why_topics(result_json: str | Mapping[str, Any]) -> list[str]:
    """Topic ids for the hand's patterns, in pattern order, without repeats (for buttons)."""
    data = _load(result_json)
    ids: list[str] = []
    for pattern in data["patterns"]:
        found = pattern_topic(pattern["name"], data.get("ruleset"))
        if found and found not in ids:
            ids.append(found)
    return ids


def _unit(rules: rulesets.Ruleset | None, name: str, en: bool, counts_tai: bool) -> str:
    """The unit of the table that names ``name`` (双辣 mixes 台 and 倍); in a hand that
    counts 台, a pattern no table names is a 台 total typed as such (台5)."""
    if rules is None:
        return ""
    for table in rules.tables:
        if any(row.name == name for row in table.rows):
            return table.unit_en if en else table.unit
    if counts_tai:
        return "tai" if en else "台"
    return rules.unit_en if en else rules.unit_zh


Names = Mapping[str, str]  # seat letter (E S W N) → the player's display name


def _seat(code: str, en: bool, names: Names) -> str:
    """The player sitting at ``code`` when known, else the seat (东 / E)."""
    if names.get(code):
        return names[code]
    zh, ascii_name = _SEAT_NAMES.get(code, (code, code))
    return ascii_name if en else zh


# The payer rule as stored ends with the paying seat: "放炮者一人付一份（西）" / "... (W)".
_PAYER_SEAT = {
    False: re.compile(r"（([东南西北])）$"),
    True: re.compile(r" \(([ESWN])\)$"),
}
_SEAT_OF_ZH = {zh: code for code, (zh, _) in _SEAT_NAMES.items()}


def _name_payer(rule: str, en: bool, names: Names) -> str:
    """The stored payer rule with the paying player's name beside the seat, when known."""
    found = _PAYER_SEAT[en].search(rule)
    if found is None:
        return rule
    seat = found.group(1)
    name = names.get(seat if en else _SEAT_OF_ZH[seat])
    if not name:
        return rule
    return rule[: found.start()] + (f" ({seat} {name})" if en else f"（{seat} {name}）")


def _who_paid(payments: Mapping[str, int], en: bool, names: Names) -> str:
    """The payer rule read back from the payments themselves."""
    payers = {seat: -amount for seat, amount in payments.items() if amount < 0}
    if len(payers) == 3 and len(set(payers.values())) == 1:
        each = next(iter(payers.values()))
        return f"each of the other three paid {each}" if en else f"其他三家各付 {each}"
    amounts = sorted(payers.values())
    if len(payers) == 3 and amounts[0] == amounts[1] < amounts[2]:
        main = next(seat for seat, amount in payers.items() if amount == amounts[2])
        if en:
            main_name = _seat(main, en, names)
            return f"the discarder {main_name} paid {amounts[2]}, the other two {amounts[0]} each"
        return f"放冲者{_seat(main, en, names)}付 {amounts[2]}，其余两家各付 {amounts[0]}"
    if len(payers) == 1:
        ((seat, amount),) = payers.items()
        who = _seat(seat, en, names)
        return f"{who} alone paid {amount}" if en else f"{who}一家付 {amount}"
    parts = [f"{_seat(seat, en, names)} {amount}" for seat, amount in payers.items()]
    return ("paid: " if en else "付款：") + ("; " if en else "，").join(parts)


def seat_players(
    result_json: str | Mapping[str, Any],
    postings: Mapping[int, int],
    seated: Mapping[str, int | None] | None = None,
) -> dict[str, int]:
    """Who sat where for this hand: seat letter → player id, read back from the ledger.

    The breakdown pays seats and the ledger's postings pay players the same amounts, so a
    seat whose amount only one player got is that player's. When amounts tie (three payers
    of a self-draw), the seat's occupant now (``seated``) is taken if the amounts agree;
    otherwise the seat stays unnamed rather than guessed (seats may have been swapped since).
    """
    found: dict[str, int] = {}
    for seat, amount in _load(result_json)["payments"].items():
        players = [player for player, posted in postings.items() if posted == amount]
        occupant = (seated or {}).get(seat)
        if len(players) == 1:
            found[seat] = players[0]
        elif occupant is not None and occupant in players:
            found[seat] = occupant
    return found


def why(result_json: str | Mapping[str, Any], lang: str = "zh", names: Names | None = None) -> str:
    """A few lines: the patterns and their values, the total, who paid, and where to read more.

    ``names`` (seat letter → display name) names the players where it can; a seat without
    a name is shown as the seat (东 / E)."""
    en = lang_code(lang) == "en"
    names = names or {}
    data = _load(result_json)
    ruleset_id = data.get("ruleset")
    rules = rulesets.RULESETS.get(ruleset_id) if isinstance(ruleset_id, str) else None
    name = (rules.name_en if en else rules.name_zh) if rules else str(ruleset_id)
    unit = (rules.unit_en if en else rules.unit_zh) if rules else ""
    lines = [f"{name}: {data['value']} {unit}" if en else f"{name}：{data['value']} {unit}"]
    shape = _SHAPES.get(data.get("shape") or "")
    if shape:
        lines.append(f"Shape: {shape[1]}" if en else f"牌型：{shape[0]}")
    topics = topics_by_id()
    linked: set[str] = set()
    for pattern in data["patterns"]:
        label = pattern["name"]
        if rules and en:
            with contextlib.suppress(KeyError):
                label = f"{rules.row(label).name_en} ({label})"
        unit = _unit(rules, pattern["name"], en, counts_tai=data.get("tai") is not None)
        line = f"· {label} {pattern['value']} {unit}".rstrip()
        topic_id = pattern_topic(pattern["name"], ruleset_id)
        if topic_id and topic_id not in linked:
            linked.add(topic_id)
            title = topics[topic_id].title["en" if en else "zh"]
            line += f" — see “{title}”" if en else f"（见话题「{title}」）"
        lines.append(line)
    if data.get("tai") is not None:
        lines.append(f"Tai: {data['tai']}" if en else f"共 {data['tai']} 台")
    payments: Mapping[str, int] = data["payments"]
    winners = [seat for seat, amount in payments.items() if amount > 0]
    paid = _who_paid(payments, en, names)
    if winners:
        winner = _seat(winners[0], en, names)
        won = payments[winners[0]]
        lines.append(f"{winner} won {won}; {paid}." if en else f"{winner}胡，收 {won}；{paid}。")
    explained = data.get("explanation")
    if isinstance(explained, Mapping):  # the formula and the payer rule, as the reply said
        code = "en" if en else "zh"
        formula = explained[f"formula_{code}"]
        payer = _name_payer(explained[f"payer_rule_{code}"], en, names)
        lines.append(f"Formula: {formula}" if en else f"算法：{formula}")
        lines.append(f"Who pays: {payer}" if en else f"付款：{payer}")
        lines.extend(note[1] if en else note[0] for note in explained.get("notes", []))
    elif rules and rules.multiplier != 1:  # a breakdown stored before it carried the formula
        lines.append(
            f"One share = {unit} × {rules.multiplier} × base."
            if en
            else f"一份 = {unit} × {rules.multiplier} × 底分。"
        )
    return "\n".join(lines)
