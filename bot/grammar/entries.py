"""A ledger entry as /undo and /why name it: #12, 12, or nothing."""

from __future__ import annotations

from bot.cleaning import as_number
from bot.grammar.errors import GrammarError


def parse_entry_id(text: str) -> int | None:
    """'#12', '12' or '' (None)."""
    word = text.strip().lstrip("#＃")
    if not word:
        return None
    number = as_number(word)
    if number is None or number <= 0:
        raise GrammarError("bad_entry_id", token=text.strip())
    return number
