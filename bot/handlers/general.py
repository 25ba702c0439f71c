"""/start, /help and /lang."""

from __future__ import annotations

from telegram import Update

from bot.chat_refusal import ChatRefusal
from bot.context import (
    Context,
    argument_words,
    chat_state,
    is_chat_admin,
    message_of,
    services,
    update_lang,
)
from bot.i18n import HELP, LANGS, t
from bot.replies import reply


async def help_command(update: Update, context: Context) -> None:
    """/help (and /start): short, with examples that work when pasted."""
    lang = await update_lang(update, context)
    await reply(message_of(update), HELP[lang])


async def lang(update: Update, context: Context) -> None:
    """/lang zh|en: this chat's reply language; in a group it is /settings 语言, so only an
    admin changes it (one player's /lang en would switch everyone's replies)."""
    message = message_of(update)
    words = argument_words(message)
    choice = words[0].lower() if words else ""
    if choice not in LANGS:
        raise ChatRefusal("lang_usage")
    if not await is_chat_admin(context, message, message.from_user):
        raise ChatRefusal("lang_admins_only")
    svc = services(context)
    await svc.db.chats.ensure(message.chat.id)
    await svc.db.chats.set_lang(message.chat.id, choice)
    chat_state(context, message.chat.id).lang = choice
    await reply(message, t("lang_set", choice))
