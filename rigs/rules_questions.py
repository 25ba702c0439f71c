"""The players' questions the rules test and the retrieval benchmark both ask."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("rules_questions.json")

# (question, lang, the group's ruleset or None, expected topic)
Question = tuple[str, str, str | None, str]


@cache
def questions() -> tuple[Question, ...]:
    """Every question of every batch, in the file's order."""
    batches = json.loads(DATA.read_text(encoding="utf-8"))["batches"]
    return tuple(
        (text, lang, ruleset, topic)
        for batch in batches
        for text, lang, ruleset, topic in batch["questions"]
    )
