"""A guest's or player's name as typed, checked before anyone sits down under it."""

from __future__ import annotations

from typing import Final

from bot.cleaning import clean_name
from bot.grammar.errors import GrammarError
from scoring.vocabulary import is_scoring_word
from scoring.words import parse_seat

MAX_NAME_LENGTH: Final = 32


def check_name(name: str) -> str:
    """A guest's or player's name as typed, cleaned (``bot.cleaning.clean_name``): something
    visible, no seat words, no scoring words, not too long."""
    typed = name
    name = clean_name(typed)
    if not name:
        raise GrammarError("name_invisible", token=" ".join(f"U+{ord(c):04X}" for c in typed))
    if parse_seat(name) is not None:
        raise GrammarError("name_is_seat", token=name)
    if is_scoring_word(name.lstrip("@")):
        raise GrammarError("name_is_word", token=name)
    if len(name) > MAX_NAME_LENGTH:
        raise GrammarError("bad_name", token=name)
    return name
