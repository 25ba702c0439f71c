"""The one error handler: a user's mistake gets one short message naming it; a bug an apology."""

from __future__ import annotations

import json
import logging
from typing import Final

from telegram import Update
from telegram.error import Forbidden

from bot.context import Context, chat_lang, chat_state, services
from bot.grammar import GrammarError
from bot.i18n import t
from bot.refusals.chat import ChatRefusal
from bot.refusals.user_errors import user_message
from bot.text_limits import answer, reply, send
from bot.transport.delivery import is_delivery_failure
from bot.transport.ordering import ChatUpdate
from scoring.errors import ScoringError

log = logging.getLogger(__name__)
LOGGED_UPDATE_LIMIT: Final = 4000  # characters of an update's JSON in the error's log line


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
    if isinstance(update, ChatUpdate):
        _answer_own_update(update, context, error)
        return
    chat = update.effective_chat if isinstance(update, Update) else None
    if isinstance(update, Update) and is_delivery_failure(error):
        services(context).inbox.hold(update.update_id)
        log.warning("update %s: the reply did not go through: %s", update.update_id, error)
        return
    lang = await _lang(context, update)
    players = _players(context, chat.id if chat else None)
    if chat is not None and not isinstance(error, (GrammarError, ChatRefusal, ScoringError)):
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


def _answer_own_update(update: ChatUpdate, context: Context, error: Exception) -> None:
    """An update the bot made for a chat (a Mini App's recording): the same judgement as for
    Telegram's, told to the one waiting for it, not to the chat."""
    if is_delivery_failure(error):
        log.warning("chat %s: a reply did not go through: %s", update.chat_id, error)
        update.failed()
        return
    if not isinstance(error, (GrammarError, ChatRefusal, ScoringError)):
        chat_state(context, update.chat_id).forget_table()
    text = user_message(error, update.lang, _players(context, update.chat_id))
    if text is None:
        name = type(update).__name__
        log.error("%s for chat %s caused an error", name, update.chat_id, exc_info=error)
        update.failed()
        return
    update.refused(text)


async def _apology(context: Context, update: Update, chat_id: int, lang: str) -> str:
    """The apology, true to the ledger: what this update committed is named, not denied."""
    try:
        committed = await services(context).ledger.reports.entries_by_update(
            chat_id, update.update_id
        )
    except Exception:  # the ledger cannot tell: say neither that it was nor that it was not
        return t("apology_unknown", lang)
    if committed:
        return t("apology_recorded", lang, entries=",".join(str(e.number) for e in committed))
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
