"""The one error handler: a user's mistake gets one short message naming it; a bug an apology."""

from __future__ import annotations

import html
import json
import logging
from collections.abc import Sequence
from typing import Final

from telegram import Update
from telegram.error import Forbidden

from bot.context import Context, Refusal, chat_lang, chat_state, services
from bot.delivery import is_delivery_failure
from bot.grammar import GrammarError, Roster
from bot.i18n import Html, t
from bot.replies import answer, quote, reply, send
from bot.scoring_refusal import refusal_text
from bot.storage_refusal import in_language
from bot.suggest import KONG_WORDS, entry_words, room_words, ruleset_words, seat_words, suggest
from scoring.errors import ErrorCode as ScoringCode
from scoring.errors import ScoringError
from scoring.tiles import Seat
from storage import ErrorCode, StorageError

log = logging.getLogger(__name__)
LOGGED_UPDATE_LIMIT: Final = 4000  # characters of an update's JSON in the error's log line

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
        if error.code is ScoringCode.UNKNOWN_RULESET:
            return ruleset_words()
        return entry_words(players) if error.code is ScoringCode.UNKNOWN_TOKEN else ()
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
    if isinstance(error, Refusal):
        return "❌ " + t(error.key, lang, **{k: _quoted(v) for k, v in error.params.items()})
    if isinstance(error, ScoringError):
        return "❌ " + refusal_text(error, lang)
    if isinstance(error, StorageError):
        error = in_language(error, lang)
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


async def on_error(update: object, context: Context) -> None:
    """Answer the chat in one line; log what is not the user's mistake, with the update.

    A reply Telegram did not take (after minutes of retries) leaves the update undone in the
    inbox, to be answered at the next start; an apology says nothing was recorded only when
    the ledger holds nothing from this update. It never raises: a failure of its own is one
    log line (PTB would log it as a second traceback)."""
    try:
        await _answer_error(update, context)
    except Exception as failure:
        update_id = update.update_id if isinstance(update, Update) else None
        if update_id is not None and is_delivery_failure(failure):
            services(context).inbox.hold(update_id)
        log.warning("update %s: the error's answer failed too: %r", update_id, failure)


async def _answer_error(update: object, context: Context) -> None:
    error = context.error
    if error is None:
        return
    chat = update.effective_chat if isinstance(update, Update) else None
    if isinstance(update, Update) and is_delivery_failure(error):
        services(context).inbox.hold(update.update_id)
        log.warning("update %s: the reply did not go through: %s", update.update_id, error)
        return
    lang = await _lang(context, update)
    players = _players(context, chat.id if chat else None)
    if chat is not None and not isinstance(error, (GrammarError, Refusal, ScoringError)):
        # The ledger refused or something broke: read the session afresh next time.
        chat_state(context, chat.id).forget_table()
    text = user_message(error, lang, players)
    if text is None:
        payload = update.to_dict() if isinstance(update, Update) else str(update)
        logged = json.dumps(payload, ensure_ascii=False)[:LOGGED_UPDATE_LIMIT]  # a huge one cut
        log.error("update %s caused an error", logged, exc_info=error)
        if isinstance(error, Forbidden) or chat is None or not isinstance(update, Update):
            return
        text = await _apology(context, update, chat.id, lang)
    if isinstance(update, Update) and update.callback_query is not None:
        await answer(update.callback_query, text, alert=True)
    elif isinstance(update, Update) and update.effective_message is not None:
        await reply(update.effective_message, text)
    elif chat is not None:
        await send(context.bot, chat.id, text)


async def _apology(context: Context, update: Update, chat_id: int, lang: str) -> str:
    """The apology, true to the ledger: what this update committed is named, not denied."""
    try:
        committed = await services(context).db.reports.entries_by_update(chat_id, update.update_id)
    except Exception:  # the ledger cannot tell: say neither that it was nor that it was not
        return t("apology_unknown", lang)
    if committed:
        return t("apology_recorded", lang, entries=",".join(str(e.id) for e in committed))
    return t("apology", lang)


def _players(context: Context, chat_id: int | None) -> list[str]:
    """The names at the chat's open table, as far as the handlers have read it."""
    table = chat_state(context, chat_id).table if chat_id is not None else None
    return [player.name for player in table.players.values()] if table else []


async def _lang(context: Context, update: object) -> str:
    try:
        return await chat_lang(
            context, update.effective_chat if isinstance(update, Update) else None
        )
    except Exception:  # the language lookup must not hide the original error
        return "zh"
