"""The one name rule: every way a name enters (/new, /join, /seat, /rename, a season's name,
a CSV import) checks it here before anyone is known by it. Its structure (length,
separators, invisible characters) is ``storage.names.name_problem``, which the ledger CSV
import holds names to as well; the words are the bot's."""

from __future__ import annotations

from typing import Final

from bot.cleaning import clean_name
from bot.grammar.errors import GrammarError
from scoring.vocabulary import is_scoring_word
from scoring.words import parse_seat
from storage.names import NAME_LIMIT, NameProblem, NameRule, name_problem

_SHOWN: Final = 12  # how much of an over-long name a refusal repeats


def check_name(name: str) -> str:
    """A guest's or player's name as typed, cleaned (``bot.cleaning.clean_name``): the
    ledger's structural rule (something visible, no separators, not too long), then no seat
    words and no scoring words. Pure."""
    cleaned = clean_name(name)
    problem = name_problem(cleaned)
    if problem is not None:
        raise _refusal(problem, typed=name, cleaned=cleaned)
    if parse_seat(cleaned) is not None:
        raise GrammarError("name_is_seat", token=cleaned)
    if is_scoring_word(cleaned.lstrip("@")):
        raise GrammarError("name_is_word", token=cleaned)
    return cleaned


def _refusal(problem: NameProblem, typed: str, cleaned: str) -> GrammarError:
    if problem.rule is NameRule.TOO_LONG:
        shown = cleaned if len(cleaned) <= _SHOWN else cleaned[:_SHOWN] + "…"
        return GrammarError("bad_name", token=shown, length=len(cleaned), limit=NAME_LIMIT)
    if problem.rule is NameRule.SEPARATOR:
        return GrammarError("name_separator", token=cleaned, separator=problem.params["character"])
    # Cleaning took every invisible character out (so INVISIBLE cannot be left): nothing shows.
    return GrammarError("name_invisible", token=" ".join(f"U+{ord(c):04X}" for c in typed))
