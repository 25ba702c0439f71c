"""/backup: a group admin gets the group's own records as a SQLite file (only this chat's
rows), privately when the bot may write to them, else in the group."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from telegram import Message, Update
from telegram.constants import ChatAction, ChatType
from telegram.error import BadRequest, Forbidden

from bot.commands import Command
from bot.context import Context, is_chat_admin, message_of, services, update_lang
from bot.i18n import t
from bot.refusals.chat import ChatRefusal


async def backup(update: Update, context: Context) -> None:
    message = message_of(update)
    lang = await update_lang(update, context)
    if not await is_chat_admin(context, message, message.from_user):
        raise ChatRefusal("backup_admins_only")
    chat = message.chat
    await message.reply_chat_action(ChatAction.UPLOAD_DOCUMENT)
    name = f"mahjong-{abs(chat.id)}-{datetime.now(UTC):%Y%m%d-%H%M%S}.db"
    with tempfile.TemporaryDirectory() as folder:
        entries = await services(context).ledger.chat_copy.backup(chat.id, Path(folder) / name)
        data = (Path(folder) / name).read_bytes()
    caption = t("backup_caption", lang, chat=chat.effective_name or "", entries=entries)
    if await _sent_privately(context, message, data, name, caption):
        await message.reply_text(t("backup_sent_privately", lang))
        return
    if chat.type != ChatType.PRIVATE:
        caption += "\n" + t("backup_private_hint", lang)
    await message.reply_document(data, filename=name, caption=caption)


async def _sent_privately(
    context: Context, message: Message, data: bytes, name: str, caption: str
) -> bool:
    """Send the file to the admin's private chat; False when the bot may not write there
    (they never started it) or the admin posted anonymously, as the group."""
    user = message.from_user
    if message.chat.type == ChatType.PRIVATE or message.sender_chat is not None or user is None:
        return False
    try:
        await context.bot.send_document(user.id, data, filename=name, caption=caption)
    except (Forbidden, BadRequest):
        return False
    return True


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (Command("backup", backup),)
