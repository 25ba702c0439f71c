"""What the bot takes as a number and as a name from what people type.

``str.isdigit`` is true for '²', '٣' and '①', which ``int`` refuses or reads as another
number; and anything near SQLite's 64-bit limit overflows it. A number here is ASCII or
full-width digits (1,000 allowed), within the ledger's range. A name loses the invisible
characters (controls, zero-width and bidi marks) that make two names look alike. A
member's Telegram name, which the bot cannot refuse, is shown cleaned (``member_name``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from storage.names import INVISIBLE_CATEGORIES, STORED_NAME_LIMIT, normal_name, without_hidden

LARGEST_ID: Final = 2**63 - 1  # SQLite's INTEGER
_DIGITS: Final = re.compile(r"[0-9]+")
_WORD: Final = re.compile(r"\S+")
_FULL_WIDTH: Final = str.maketrans("０１２３４５６７８９，", "0123456789,")
# Cc controls, Cf format characters (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069, U+FEFF …),
# and the line and paragraph separators: the ones the ledger's name rule refuses.
_INVISIBLE: Final = INVISIBLE_CATEGORIES


def as_number(word: str, largest: int = LARGEST_ID) -> int | None:
    """The whole number ``word`` writes (12, １２, 1,000), or None: not digits, or above
    ``largest``."""
    text = word.translate(_FULL_WIDTH).replace(",", "")
    if not _DIGITS.fullmatch(text) or len(text) > len(str(largest)):
        return None
    number = int(text)
    return number if number <= largest else None


def visible(text: str) -> str:
    """``text`` without invisible characters; line breaks and tabs stay."""
    return "".join(
        char for char in text if char in "\t\n\r" or unicodedata.category(char) not in _INVISIBLE
    )


def visible_words(text: str) -> str:
    """``text`` with the invisible characters inside its words taken out; a word of nothing
    but invisible characters stays, for the name check to refuse by name."""
    if text.isprintable():  # no Cc, Cf, Zl, Zp in it: the common case, without a scan
        return text
    return _WORD.sub(lambda word: visible(word.group()) or word.group(), text)


def clean_name(name: str) -> str:
    """The name without invisible characters, its spaces made single ('' if nothing shows)."""
    return " ".join(visible(name).split())


def member_name(full_name: str, username: str | None, user_id: int) -> str:
    """How the chat shows a Telegram member: their Telegram name normalised as a given name
    is (NFKC, spaces single) without what draws nothing (controls, zero-width, variation
    selectors, fillers, blanks: docs/rules.md, 名字); a name of nothing but those is shown
    as the @username, else as the user id. Shortened to what the ledger keeps (Telegram
    allows 129 characters)."""
    shown = normal_name(without_hidden(full_name))
    name = shown or (f"@{username}" if username else str(user_id))
    return name if len(name) <= STORED_NAME_LIMIT else name[: STORED_NAME_LIMIT - 1] + "…"
