"""A ledger entry in the reader's words: its recorded line with seats as names (点炮 乙, not
点炮W) and without the winds the bot added, a kong's kind, and a win's patterns and value.
What /history writes in the chat and the season page's history shows."""

from __future__ import annotations

import json
import re
from typing import Final

from bot.grammar import DISCARD_PREFIXES, SEAT_WORD_CODE, SEAT_WORDS_EN
from scoring import rulesets
from scoring.errors import ScoringError
from scoring.payments import KongKind
from storage import Entry

KONG_BY_NAME: Final = {kind.zh: kind for kind in KongKind}  # a kong entry's note is its kind
_WIND_WORD: Final = re.compile(r"[座圈][ESWN]")


def shown_line(
    entry: Entry, names: dict[int, str], lang: str, seated: dict[str, str] | None = None
) -> str:
    """The recorded line as players write it: a seat the grammar wrote (点炮W, 承包N) by the
    player's name — the discarder as recorded, anyone else as seated now — after the word in
    the reader's language (a win on a discard in the table's own word: 点炮 in 杭州, 放冲 in
    湖州), and without the session's winds the bot added (座N 圈E)."""
    discard_word = _discard_word(entry.result_json)
    shown: list[str] = []
    for word in (entry.hand_line or "").split():
        if _WIND_WORD.fullmatch(word):
            continue
        code = SEAT_WORD_CODE.fullmatch(word)
        if code:
            prefix, seat = code.groups()
            name = (seated or {}).get(seat)
            if prefix in DISCARD_PREFIXES and entry.discarder in names:
                name = names[entry.discarder]
            if lang == "en":
                prefix = SEAT_WORDS_EN.get(prefix, prefix)
            elif prefix in DISCARD_PREFIXES:
                prefix = discard_word or prefix
            word = f"{prefix} {name}" if name else word
        shown.append(word)
    return " ".join(shown)


def _discard_word(result_json: str | None) -> str | None:
    """What the players of the entry's ruleset call a win on a discard (点炮, 放冲): the
    stored line always writes 点炮, the one spelling every reader of it parses."""
    try:
        return rulesets.get(json.loads(result_json or "")["ruleset"]).family.discard_win_zh
    except (ValueError, KeyError, TypeError, ScoringError):
        return None  # no breakdown (a kong), or one from another version: keep the stored word


def patterns_of(result_json: str | None, lang: str) -> str:
    """'三连杠、爆头 = 16 番' from the breakdown stored with a win ('' for anything else): the
    patterns and the value, as the recording reply's first line (how they combine differs by
    ruleset — a product in 杭州, a sum of 台 in 双辣 — and is /why's to tell)."""
    if not result_json:
        return ""
    try:
        data = json.loads(result_json)
        ruleset = rulesets.get(data["ruleset"])
    except (ValueError, KeyError, ScoringError):
        return ""  # a breakdown from another version of the bot: show the rest
    en = lang == "en"
    unit = ruleset.unit_en if en else ruleset.unit_zh
    labels = [_pattern_label(ruleset, p["name"], en) for p in data.get("patterns", [])]
    value = f"{data.get('value')} {unit}"
    if data.get("tai") is not None:
        value += f" ({data['tai']} tai)" if en else f"（{data['tai']} 台）"
    return f"{(', ' if en else '、').join(labels)} = {value}" if labels else value


def _pattern_label(ruleset: rulesets.Ruleset, name: str, en: bool) -> str:
    if not en:
        return name
    try:
        return f"{ruleset.row(name).name_en} ({name})"
    except KeyError:
        return name
