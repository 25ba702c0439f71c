"""The structure of a name people give: a guest's (/new, /join, /seat, /rename, /iam, a
ledger CSV) and a season's. One pure rule, held by the ledger CSV import and by the bot's
``check_name``; the bot adds the words it knows (scoring words, seats, periods, 我 / me, the
guest mark), which the ledger cannot (docs/rules.md, 名字).

A name is what a person sees. ``normal_name`` is the form a given name is kept in (NFKC, so
a compatibility ideograph, a full-width letter or a decomposed accent is written one way);
``name_problem`` refuses what draws nothing (default-ignorable code points, fillers, blanks);
``name_key`` is what two names are compared by everywhere (the table, seasons, /rename, the
CSV import): normalised, case folded and reduced to the Unicode TR39 confusable skeleton, so
that two names that render alike (Latin a and Cyrillic а, 乙 and 乙 + U+FE00) are one name.

A Telegram member's name is not given but follows Telegram: it is kept up to
``STORED_NAME_LIMIT`` whatever it holds (the bot shows a cleaned one: docs/rules.md)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, lru_cache
from typing import Final

import regex

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
# What an emoji keyboard types after a symbol (❤️): it picks how the symbol is drawn, not
# which; kept in a name, dropped from its key (❤ and ❤️ are one name).
PRESENTATION_SELECTORS: Final = frozenset({"\ufe0e", "\ufe0f"})
# What draws nothing: Unicode's Default_Ignorable_Code_Point (variation selectors, the
# combining grapheme joiner U+034F, the Hangul fillers U+3164 U+115F U+1160 U+FFA0, tags …),
# the categories above, and the blanks Unicode counts as symbols (U+2800 BRAILLE PATTERN
# BLANK, U+1D159 MUSICAL SYMBOL NULL NOTEHEAD). A name's key drops all of them.
_DRAWS_NOTHING: Final = (
    r"[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u2800\U0001D159]"
)
_KEY_DROPS: Final = regex.compile(_DRAWS_NOTHING + "+")
# ... and what a name may not hold: the same, an emoji's presentation selector aside.
_HIDDEN: Final = regex.compile(r"(?V1)[" + _DRAWS_NOTHING + r"--[\uFE0E\uFE0F]]")
# How many names' keys are remembered: a few chats' players, at ~0.2 kB each.
_KEYS_KEPT: Final = 1 << 16


class NameRule(StrEnum):
    """Which part of the rule a name breaks."""

    EMPTY = "empty"  # nothing visible at all
    INVISIBLE = "invisible"  # a control, zero-width, bidi, ignorable or blank character inside
    TOO_LONG = "too_long"
    SEPARATOR = "separator"


@dataclass(frozen=True)
class NameProblem:
    """Why a name is refused: ``rule``, and what a message needs (``length``, ``limit``,
    ``character``: the separator, or the invisible character as U+XXXX)."""

    rule: NameRule
    params: dict[str, object] = field(default_factory=dict)


def is_invisible(char: str) -> bool:
    """A code point that draws nothing: a control or format character, a default-ignorable
    one (variation selectors, U+034F, Hangul fillers), a blank (U+2800). An emoji's
    presentation selector is not: it only styles the symbol before it."""
    return _HIDDEN.match(char) is not None


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that draws nothing (``is_invisible``), or None."""
    found = _HIDDEN.search(text)
    return found.group() if found else None


def without_hidden(text: str) -> str:
    """``text`` without the characters that draw nothing (a presentation selector stays)."""
    return _HIDDEN.sub("", text)


def _shows_nothing(char: str) -> bool:
    # A combining mark alone sits on nothing: a name of marks shows no letter.
    return is_invisible(char) or char.isspace() or unicodedata.category(char).startswith("M")


def code_point(char: str) -> str:
    """How a refusal names a character people cannot see: U+FE00."""
    return f"U+{ord(char):04X}"


def normal_name(name: str) -> str:
    """``name`` as it is kept: NFKC (U+F90A is 金, ｆｕｌｌ is full, e + U+0301 is é), spaces
    single and trimmed. Pure."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def name_problem(name: str) -> NameProblem | None:
    """What is wrong with ``name`` as a name is kept (``normal_name``; nothing invisible), or
    None: something visible, no invisible character (named by its code point), at most
    ``NAME_LIMIT`` characters, none of the ``SEPARATORS``. Pure."""
    if all(_shows_nothing(char) for char in name):  # "" too
        return NameProblem(NameRule.EMPTY)
    hidden = hidden_character(name)
    if hidden is not None:
        return NameProblem(NameRule.INVISIBLE, {"character": code_point(hidden)})
    if len(name) > NAME_LIMIT:
        return NameProblem(NameRule.TOO_LONG, {"length": len(name), "limit": NAME_LIMIT})
    separator = _SEPARATOR.search(name)
    if separator is not None:
        return NameProblem(NameRule.SEPARATOR, {"character": separator.group()})
    return None


@lru_cache(maxsize=_KEYS_KEPT)
def name_key(name: str) -> str:
    """What two names are compared by: the same key means one name, for every rule (the
    table's same-name rule, seasons, /rename, a guest's lookup, the CSV import). ``name``
    normalised (NFKC, spaces single), case folded, without what draws nothing, reduced to
    its Unicode TR39 confusable skeleton: 乙 and 乙 + U+FE00, 金 and U+F90A, Amy and Аmy
    (Cyrillic А), l and 1 give one key. Pure; a name's key is remembered (names repeat: a
    chat's players are compared again at every lookup)."""
    folded = unicodedata.normalize("NFKC", normal_name(name).casefold())
    shown = _KEY_DROPS.sub("", folded)
    # Folded first, so case never parts two names (Ian is ian, though I alone looks like
    # l); folded again, as a prototype may be a capital (0 is O).
    return _skeleton(_skeleton(shown).casefold())


def same_name(first: str, second: str) -> bool:
    """Whether two names are one name (``name_key``)."""
    return name_key(first) == name_key(second)


def _skeleton(text: str) -> str:
    """TR39's skeleton: NFD, each character by its prototype, NFD. Taken twice by
    ``name_key``, which also reads a character inside a prototype of several (m is rn) as
    its class's representative (``_representatives``)."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", decomposed.translate(_representatives()))


@cache
def _representatives() -> dict[int, str]:
    """Each confusable character of Unicode's confusables.txt (UTS #39) to the one
    representative of its class, from the data ``confusable_homoglyphs`` ships (read once,
    on the first comparison). The package keeps each line of the file both ways: a source's
    list holds just its prototype, a prototype's its sources; where a prototype has a single
    source the two lists name each other and the direction is lost, so the smaller code
    point stands for the pair: the classes, which is all a comparison needs, are TR39's."""
    from confusable_homoglyphs.confusables import confusables_data

    def plain(text: str) -> str:  # the package wraps right-to-left characters in U+200E
        return text.replace("\u200e", "")

    links = {
        plain(key): [plain(homoglyph["c"]) for homoglyph in homoglyphs]
        for key, homoglyphs in confusables_data.items()
    }
    table: dict[int, str] = {}  # for str.translate
    for char, others in links.items():
        if len(char) != 1 or len(others) != 1:
            continue  # a prototype (of one character or several)
        [other] = others
        if len(other) == 1 and links.get(other) == [char]:
            table[ord(char)] = min(char, other)  # a pair: which is the prototype is not kept
        else:
            table[ord(char)] = other
    return table
