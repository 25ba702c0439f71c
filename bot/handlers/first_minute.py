"""The first minute: /start in a private chat, the welcome when added to a group, and what a
private chat does with a hand (scores it) or a recording command (says where it records)."""

from __future__ import annotations

from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatMemberStatus, ChatType

from bot.commands import Command
from bot.context import Context, UpdateHandler, message_of, update_lang
from bot.handlers import evaluate, general
from bot.i18n import t
from bot.text_limits import reply, send, start_group_url
from scoring.lexicon import fold, starts_tile
from scoring.vocabulary import starts_with_word

# What the ➕ button's link carries; Telegram hands it back as "/start@bot added" in the group.
START_GROUP_PAYLOAD: Final = "added"
# Marks only a hand carries besides its tiles: a wild, a winning tile, a meld's brackets.
_HAND_MARKS: Final = frozenset("*+[]()")
_PRESENT: Final = frozenset(
    {ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.RESTRICTED}
)


def _private(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type == ChatType.PRIVATE


async def start(update: Update, context: Context) -> None:
    """/start: in a private chat what the bot does, whether it will read a group's plain lines
    (privacy mode, from getMe) and a button to add it to a group; in a group the help."""
    if not _private(update):
        await general.help_command(update, context)
        return
    lang = await update_lang(update, context)
    url = start_group_url(context.bot.username, START_GROUP_PAYLOAD)
    button = InlineKeyboardButton(t("add_to_group_button", lang), url=url)
    text = f"{t('private_intro', lang)}\n{privacy_text(context, lang)}"
    await reply(message_of(update), text, InlineKeyboardMarkup([[button]]))


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
    admin = change.new_chat_member.status == ChatMemberStatus.ADMINISTRATOR
    text = f"{t('group_welcome', lang)}\n{privacy_text(context, lang, admin=admin)}"
    await send(context.bot, change.chat.id, text)


def privacy_text(context: Context, lang: str, *, admin: bool = False) -> str:
    """Whether the bot reads a group's plain lines, as getMe says (``can_read_all_group_messages``:
    privacy mode off) or being the group's admin makes it; and, if not, how to let it."""
    reads_all = admin or bool(context.bot.can_read_all_group_messages)
    return t("privacy_off" if reads_all else "privacy_on", lang)


async def private_text(update: Update, context: Context) -> None:
    """A hand pasted into a private chat is scored as /score scores it; nothing is recorded.
    Small talk (你好, hi) is greeted instead of refused as a malformed hand."""
    message = message_of(update)
    if is_small_talk(message.text or ""):
        await reply(message, t("private_greeting", await update_lang(update, context)))
        return
    await evaluate.score(update, context)


def is_small_talk(text: str) -> bool:
    """Words that cannot be a hand: no character that starts a tile (digits, 东, 白, 五万 …)
    and no word the scorer reads (自摸, 七对, ron …). A hand with a typo still has those, so
    it is scored and its mistake named."""
    folded = fold(text)
    if any(starts_tile(char) or char in _HAND_MARKS for char in folded):
        return False
    words = folded.split()
    return bool(words) and not any(starts_with_word(word) for word in words)


def group_only(handler: UpdateHandler) -> UpdateHandler:
    """A recording command: in a private chat it says where it records and what works here."""

    async def in_groups(update: Update, context: Context) -> None:
        if _private(update):
            lang = await update_lang(update, context)
            await reply(message_of(update), t("records_in_groups", lang))
            return
        await handler(update, context)

    in_groups.__doc__ = handler.__doc__
    return in_groups


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (Command("start", start, in_menu=False),)
