"""The first minute: /start in a private chat, the welcome when added to a group, and what a
private chat does with a hand (scores it) or a recording command (says where it records)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatMemberStatus, ChatType

from bot.context import Context, message_of, update_lang
from bot.handlers import evaluate, general
from bot.i18n import t
from bot.replies import reply, send, start_group_url

Handler = Callable[[Update, Context], Coroutine[Any, Any, None]]

# What the ➕ button's link carries; Telegram hands it back as "/start@bot added" in the group.
START_GROUP_PAYLOAD: Final = "added"
_PRESENT: Final = frozenset(
    {ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.RESTRICTED}
)


def _private(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type == ChatType.PRIVATE


async def start(update: Update, context: Context) -> None:
    """/start: in a private chat what the bot does and a button to add it to a group; in a
    group the help."""
    if not _private(update):
        await general.help_command(update, context)
        return
    lang = await update_lang(update, context)
    url = start_group_url(context.bot.username, START_GROUP_PAYLOAD)
    button = InlineKeyboardButton(t("add_to_group_button", lang), url=url)
    await reply(message_of(update), t("private_intro", lang), InlineKeyboardMarkup([[button]]))


async def added(update: Update, context: Context) -> None:
    """The bot was added to a group (``my_chat_member``): say how to start, once."""
    change = update.my_chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return
    was_in = change.old_chat_member.status in _PRESENT
    is_in = change.new_chat_member.status in _PRESENT
    if was_in or not is_in:  # promoted, restricted, or removed: nothing to welcome
        return
    lang = await update_lang(update, context)
    await send(context.bot, change.chat.id, t("group_welcome", lang))


async def private_text(update: Update, context: Context) -> None:
    """A hand pasted into a private chat is scored as /score scores it; nothing is recorded."""
    await evaluate.score(update, context)


def group_only(handler: Handler) -> Handler:
    """A recording command: in a private chat it says where it records and what works here."""

    async def in_groups(update: Update, context: Context) -> None:
        if _private(update):
            lang = await update_lang(update, context)
            await reply(message_of(update), t("records_in_groups", lang))
            return
        await handler(update, context)

    in_groups.__doc__ = handler.__doc__
    return in_groups
