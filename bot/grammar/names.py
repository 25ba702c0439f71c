"""The one name rule: every way a name enters (/new, /join, /seat, /rename, a season's name,
a CSV import) checks it here before anyone is known by it."""

from __future__ import annotations

import re
from typing import Final

from bot.cleaning import clean_name
from bot.grammar.errors import GrammarError
from scoring.vocabulary import is_scoring_word
from scoring.words import parse_seat

MAX_NAME_LENGTH: Final = 32
# What the grammar splits a line on: /hu's winners (；|), a name and its words (：), /new's
# list (，、,). A name holding one would be read as two (`/hu a;b` names two winners).
SEPARATORS: Final = ";；|:：,，、"
_SEPARATOR: Final = re.compile(f"[{re.escape(SEPARATORS)}]")
_SHOWN: Final = 12  # how much of an over-long name a refusal repeats


def check_name(name: str) -> str:
    """A guest's or player's name as typed, cleaned (``bot.cleaning.clean_name``): something
    visible, no seat words, no scoring words, no separators, not too long. Pure: the CSV
    import and the season commands call it as the chat commands do."""
    typed = name
    name = clean_name(typed)
    if not name:
        raise GrammarError("name_invisible", token=" ".join(f"U+{ord(c):04X}" for c in typed))
    if len(name) > MAX_NAME_LENGTH:
        shown = name if len(name) <= _SHOWN else name[:_SHOWN] + "…"
        raise GrammarError("bad_name", token=shown, length=len(name))
    separator = _SEPARATOR.search(name)
    if separator is not None:
        raise GrammarError("name_separator", token=name, separator=separator.group())
    if parse_seat(name) is not None:
        raise GrammarError("name_is_seat", token=name)
    if is_scoring_word(name.lstrip("@")):
        raise GrammarError("name_is_word", token=name)
    return name
