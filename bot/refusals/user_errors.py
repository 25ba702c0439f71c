"""The short reply for a mistake the user can fix (grammar, a refusal, the scoring core, the
ledger), naming the offending word in the chat's language, with the words they may have meant.
Shared by the error handler, the tap flows and the Mini App's keyboard."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Final

from bot.grammar import GrammarError, Roster
from bot.i18n import Html, t
from bot.refusals.chat import ChatRefusal
from bot.refusals.scoring import refusal_text
from bot.suggest import KONG_WORDS, entry_words, room_words, ruleset_words, seat_words, suggest
from bot.text_limits import quote
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.tiles import Seat
from storage import ErrorCode, StorageError

# How to write it right, after the ledger's own message of what is wrong.
STORAGE_HINTS: Final[dict[ErrorCode, str]] = {
    ErrorCode.SESSION_ALREADY_OPEN: "hint_settle_first",
    ErrorCode.NO_OPEN_SESSION: "hint_open_session",
    ErrorCode.SEAT_TAKEN: "hint_seat_swap",
    ErrorCode.ALREADY_SEATED: "hint_seat_swap",
    ErrorCode.TABLE_FULL: "hint_replace",
    ErrorCode.UNKNOWN_ENTRY: "hint_history",
    ErrorCode.ALREADY_REVERSED: "hint_history",
    ErrorCode.NOTHING_TO_REVERSE: "hint_history",
    ErrorCode.UNKNOWN_PLAYER: "hint_players",
    ErrorCode.DUPLICATE_NAME: "hint_players",
}


def user_message(error: BaseException, lang: str, players: Sequence[str] = ()) -> str | None:
    """The short reply for a refusal the user can fix; None for anything else.

    ``players`` are the names at the table: a mistyped name is matched against them."""
    text = _refusal(error, lang)
    if text is None:
        return None
    nearest = did_you_mean(error, players)
    if not nearest:
        return text
    quoted = [f"「{w}」" if lang == "zh" else f"“{w}”" for w in map(_escape, nearest)]
    words = ("或" if lang == "zh" else " or ").join(quoted)
    return f"{text}\n{t('did_you_mean', lang, words=Html(words))}"


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def did_you_mean(error: BaseException, players: Sequence[str] = ()) -> list[str]:
    """The words the user may have meant instead of the error's token (none if unsure)."""
    token: str | None = getattr(error, "token", None)
    if not token:
        return []
    return suggest(token, _vocabulary(error, players))


def _vocabulary(error: BaseException, players: Sequence[str]) -> Sequence[str]:
    """What the bot would have understood where the error's token stands."""
    if isinstance(error, ScoringError):
        if error.code is ScoringErrorCode.UNKNOWN_RULESET:
            return ruleset_words()
        return entry_words(players) if error.code is ScoringErrorCode.UNKNOWN_TOKEN else ()
    if not isinstance(error, GrammarError):
        return ()
    roster = error.params.get("roster")
    if isinstance(roster, Roster):
        players = [member.name for member in roster.members.values()]
    if error.key in _NAME_ERRORS:
        return players
    if error.key == "bad_seat":
        return (*seat_words(), *players)
    if error.key == "kong_kind":
        return KONG_WORDS
    return room_words() if error.key == "bad_base" else ()


# Refusals whose token is meant to be a player at the table.
_NAME_ERRORS: Final = frozenset({"unknown_player", "unknown_winner", "winner_unclear"})


def _refusal(error: BaseException, lang: str) -> str | None:
    if isinstance(error, GrammarError):
        # The table is named in the reader's language: 东 甲 · 南 乙, or E 甲 · S 乙; a seat
        # as its player: 甲（东）.
        roster = error.params.get("roster")
        params = {
            k: v.describe(lang)
            if isinstance(v, Roster)
            else roster.label(v, lang)
            if isinstance(v, Seat) and isinstance(roster, Roster)
            else _quoted(v)
            for k, v in error.params.items()
        }
        return "❌ " + t(error.key, lang, **params)
    if isinstance(error, ChatRefusal):
        return "❌ " + t(error.key, lang, **{k: _quoted(v) for k, v in error.params.items()})
    if isinstance(error, ScoringError):
        return "❌ " + refusal_text(error, lang)
    if isinstance(error, StorageError):
        error = StorageError(error.code, **{k: _quoted(v) for k, v in error.params.items()})
        text = "❌ " + html.escape(error.message(lang), quote=False)
        hint = STORAGE_HINTS.get(error.code)
        if hint is None:
            return text
        return f"{text}{'。' if lang == 'zh' else '. '}{t(hint, lang)}"
    return None


def _quoted(value: object) -> object:
    """A word the user typed, cut to quote back (markup the bot built stays whole)."""
    return quote(value) if isinstance(value, str) and not isinstance(value, Html) else value
