"""Presses no other handler takes: an old button of a removed feature, malformed or forged
data, a button from inline mode. Each is answered, so the presser's button never spins."""

from __future__ import annotations

from telegram import Update

from bot.context import Context, update_lang
from bot.i18n import t
from bot.text_limits import answer


async def unknown_press(update: Update, context: Context) -> None:
    """Any press no other handler took: answered 「这个按钮已经过期了」 in the chat's language."""
    query = update.callback_query
    assert query is not None, "button handlers only"
    # A press on an inline-mode message has no chat: the bot's default language then.
    lang = await update_lang(update, context)
    await answer(query, t("button_expired", lang))
