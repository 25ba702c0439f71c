"""The structure of a name people give: a guest's (/new, /join, /seat, /rename, /iam, a
ledger CSV) and a season's. One pure rule, held by the ledger CSV import and by the bot's
``check_name``; the bot adds the words it knows (scoring words, seats, periods), which the
ledger cannot (docs/rules.md, 名字).

A Telegram member's name is not given but follows Telegram: it is kept up to
``STORED_NAME_LIMIT`` whatever it holds."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

NAME_LIMIT: Final = 32  # visible characters
# What a member's Telegram name is shortened to (Telegram allows 129); the schema's limit.
STORED_NAME_LIMIT: Final = 64
# What the grammar splits a line on: /hu's winners (；|), a name and its words (：), /new's
# list (，、,). A name holding one would be read as two (`/hu a;b` names two winners).
SEPARATORS: Final = ";；|:：,，、"
_SEPARATOR: Final = re.compile(f"[{re.escape(SEPARATORS)}]")
# Cc controls (line breaks and tabs too), Cf format characters (zero-width, bidi marks, BOM),
# the line and paragraph separators: they make two names look alike, or one look like none.
INVISIBLE_CATEGORIES: Final = frozenset({"Cc", "Cf", "Zl", "Zp"})


class NameRule(StrEnum):
    """Which part of the rule a name breaks."""

    EMPTY = "empty"  # nothing visible at all
    INVISIBLE = "invisible"  # a control, zero-width or bidi character inside
    TOO_LONG = "too_long"
    SEPARATOR = "separator"


@dataclass(frozen=True)
class NameProblem:
    """Why a name is refused: ``rule``, and what a message needs (``length``, ``limit``,
    ``character``: the separator, or the invisible character as U+XXXX)."""

    rule: NameRule
    params: dict[str, object] = field(default_factory=dict)


def is_invisible(char: str) -> bool:
    return unicodedata.category(char) in INVISIBLE_CATEGORIES


def name_problem(name: str) -> NameProblem | None:
    """What is wrong with ``name`` as a name is kept (no invisible characters, single
    spaces), or None: something visible, no invisible character, at most ``NAME_LIMIT``
    characters, none of the ``SEPARATORS``. Pure."""
    if all(is_invisible(char) or char.isspace() for char in name):  # "" too
        return NameProblem(NameRule.EMPTY)
    if not name.isprintable():  # the common case needs no scan
        hidden = next((char for char in name if is_invisible(char)), None)
        if hidden is not None:
            return NameProblem(NameRule.INVISIBLE, {"character": f"U+{ord(hidden):04X}"})
    if len(name) > NAME_LIMIT:
        return NameProblem(NameRule.TOO_LONG, {"length": len(name), "limit": NAME_LIMIT})
    separator = _SEPARATOR.search(name)
    if separator is not None:
        return NameProblem(NameRule.SEPARATOR, {"character": separator.group()})
    return None


def name_key(name: str) -> str:
    """What two names are compared by: two names with one key show as one name to the people
    at a table (the seating rule in ``people.py`` compares by it alone)."""
    return name.casefold()
