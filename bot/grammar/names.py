"""The one name rule: every way a name enters (/new, /join, /seat, /rename, a season's name,
a CSV import) checks it here before anyone is known by it. Its structure (length,
separators, what draws nothing) is ``storage.names.name_problem``, which the ledger CSV
import holds names to as well; the words are the bot's: seats, scoring words, the words that
mean the sender (我, me) and the mark that tells a guest (阿明（客）)."""

from __future__ import annotations

import re
from typing import Final

from bot.cleaning import clean_name
from bot.grammar.errors import GrammarError
from bot.grammar.roster import SENDER_WORDS
from scoring.vocabulary import is_scoring_word
from scoring.words import parse_seat
from storage.names import (
    NAME_LIMIT,
    NameProblem,
    NameRule,
    code_point,
    name_key,
    name_problem,
    normal_name,
)

_SHOWN: Final = 12  # how much of an over-long name a refusal repeats
# How a message tells a guest from a member of one name: 阿明（客）, Amy (guest).
GUEST_MARK: Final = re.compile(r"\s*[（(](客|guest)[)）]$", re.IGNORECASE)
# Words that point at a person, not name one: a guest called 我 would be the sender in /hu.
PRONOUNS: Final = frozenset({*SENDER_WORDS, "本人", "自己", "myself"})
_PRONOUN_KEYS: Final = frozenset(name_key(word) for word in PRONOUNS)


def check_name(name: str) -> str:
    """A guest's or player's name as typed, as it is kept: cleaned (``bot.cleaning``), then
    held to the ledger's structural rule (something visible, no character that draws nothing,
    no separators, not too long) and normalised (``storage.names.normal_name``: NFKC); then
    no seat words, scoring words, pronouns or guest marks. Pure."""
    cleaned = clean_name(name)
    hidden = name_problem(cleaned)
    if hidden is not None and hidden.rule is NameRule.INVISIBLE:
        # Named as typed, before NFKC (which would show U+3164 as U+1160).
        raise _refusal(hidden, typed=name, cleaned=cleaned)
    normal = normal_name(cleaned)
    problem = name_problem(normal)
    if problem is not None:
        raise _refusal(problem, typed=name, cleaned=normal)
    if parse_seat(normal) is not None:
        raise GrammarError("name_is_seat", token=normal)
    if is_scoring_word(normal.lstrip("@")):
        raise GrammarError("name_is_word", token=normal)
    if name_key(normal) in _PRONOUN_KEYS:
        raise GrammarError("name_is_pronoun", token=normal)
    if GUEST_MARK.search(normal):
        raise GrammarError("name_guest_mark", token=normal)
    return normal


def _refusal(problem: NameProblem, typed: str, cleaned: str) -> GrammarError:
    if problem.rule is NameRule.TOO_LONG:
        shown = cleaned if len(cleaned) <= _SHOWN else cleaned[:_SHOWN] + "…"
        return GrammarError("bad_name", token=shown, length=len(cleaned), limit=NAME_LIMIT)
    if problem.rule is NameRule.SEPARATOR:
        return GrammarError("name_separator", token=cleaned, separator=problem.params["character"])
    if problem.rule is NameRule.INVISIBLE:
        return GrammarError("name_hidden", token=cleaned, character=problem.params["character"])
    return GrammarError("name_invisible", token=" ".join(code_point(char) for char in typed))
