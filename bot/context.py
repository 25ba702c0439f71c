"""What every handler shares: the ledger, each chat's state and language, arguments, permissions."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from telegram import CallbackQuery, Chat, Message, Update, User
from telegram.constants import ChatMemberStatus, ChatType
from telegram.ext import CallbackContext, ContextTypes, ExtBot

from bot.chat_state import ChatSettings, ChatState
from bot.cleaning import member_name, visible_words
from bot.config import Config
from bot.grammar import split_args, text_command
from bot.i18n import lang_of
from bot.replies import answer
from bot.transport.inbox import Inbox
from bot.transport.ordering import ChatOrderedProcessor
from storage import Ledger, NewMember, Player

if TYPE_CHECKING:
    from bot.transport.web_server import WebServer

ADMIN_CACHE_SECONDS: Final = 120.0
# Each chat's ``context.chat_data`` is its ChatState: PTB creates it and keeps it per chat id.
CONTEXT_TYPES: Final = ContextTypes(chat_data=ChatState)
Context = CallbackContext[ExtBot[None], dict[Any, Any], ChatState, dict[Any, Any]]
# What a command or a button press runs (PTB's callback).
UpdateHandler = Callable[[Update, Context], Coroutine[Any, Any, None]]


@dataclass
class Services:
    """Resources opened in post_init; one per Application, kept in ``bot_data``."""

    config: Config
    ledger: Ledger | None = None
    web: WebServer | None = (
        None  # the aiohttp server (bot.transport.web_lifecycle), when there is one
    )
    web_open: asyncio.Event = field(default_factory=asyncio.Event)  # the webhook takes updates
    inbox: Inbox = field(default_factory=Inbox)
    processor: ChatOrderedProcessor = field(default_factory=ChatOrderedProcessor)

    @property
    def db(self) -> Ledger:
        if self.ledger is None:
            raise RuntimeError("the ledger is opened in post_init")
        return self.ledger


def services(context: Context) -> Services:
    found: Any = context.bot_data["services"]
    assert isinstance(found, Services)
    return found


def chat_state(context: Context, chat_id: int) -> ChatState:
    """What the bot remembers of this chat (created empty the first time)."""
    return context.application.chat_data[chat_id]


async def chat_lang(context: Context, chat: Chat | None) -> str:
    """The chat's reply language: /lang's choice, else BOT_LANG."""
    svc = services(context)
    if chat is None:
        return svc.config.lang
    state = chat_state(context, chat.id)
    if state.lang is None:
        row = await svc.db.chats.get(chat.id)
        state.lang = lang_of(row.lang if row else None, svc.config.lang)
    return state.lang


async def chat_settings(context: Context, chat_id: int) -> ChatSettings:
    """The chat's /settings (reply length, pictures), read from the ledger once."""
    state = chat_state(context, chat_id)
    if state.settings is None:
        state.settings = ChatSettings.of(await services(context).db.chats.get(chat_id))
    return state.settings


async def update_lang(update: Update, context: Context) -> str:
    return await chat_lang(context, update.effective_chat)


@dataclass(frozen=True)
class ButtonPress:
    """A button press with the message it sits under and the chat's language."""

    query: CallbackQuery
    data: str
    message: Message
    lang: str


async def press_of(update: Update, context: Context) -> ButtonPress | None:
    """The press of a button; None, the press answered, when Telegram no longer sends the
    message under it (too old), so there is nothing to edit."""
    query = update.callback_query
    assert query is not None and query.data is not None, "button handlers only"
    message = query.message
    if not isinstance(message, Message):
        await answer(query)
        return None
    return ButtonPress(query, query.data, message, await update_lang(update, context))


def message_of(update: Update) -> Message:
    """The message a command came in (new or edited)."""
    message = update.effective_message
    assert message is not None, "message handlers only"
    return message


def argument_text(message: Message) -> str:
    """What follows the command (/hu@bot …) or the plain-text verb (胡 …), without the
    invisible characters inside words (names are stored without them, see ``bot.cleaning``)."""
    text = visible_words(message.text or message.caption or "").strip()
    if text.startswith("/"):
        _, _, rest = text.partition(" ")
        return rest.replace("\u3000", " ").strip()
    found = text_command(text)
    return found[1] if found else text


def argument_words(message: Message) -> list[str]:
    return split_args(argument_text(message))


async def sender_player(context: Context, chat: Chat, user: User) -> Player:
    """A Telegram user (the sender, or one named by reply or mention) as a player of this chat
    (created, or renamed to their current name): for a command's write path, once its checks
    have passed (``known_player`` asks without recording)."""
    members = chat_state(context, chat.id).members
    known = members.get(user.id)
    # Every command needs its sender; ask the ledger only when the Telegram name changed.
    if known is not None and known[:2] == (user.full_name, user.username):
        return known[2]
    db = services(context).db
    player = await db.players.upsert_user(chat.id, user.id, _display_name(user), user.username)
    members[user.id] = (user.full_name, user.username, player)
    return player


async def known_player(context: Context, chat: Chat, user: User) -> Player | None:
    """The user's player in this chat if the chat has recorded them; None for someone never
    seen. Writes nothing: who is asking, for a command that may still refuse."""
    known = chat_state(context, chat.id).members.get(user.id)
    if known is not None:
        return known[2]
    return await services(context).db.players.of_user(chat.id, user.id)


async def member_to_record(context: Context, chat: Chat, user: User) -> Player | NewMember:
    """A Telegram user as a write names them (seats them, or makes them an identity event's
    author or person), without writing: their player while the ledger holds them under their
    current Telegram name; else (never seen, or renamed on Telegram since) the member the
    write records or renames inside its own transaction, so a refused command records and
    renames nobody."""
    members = chat_state(context, chat.id).members
    known = members.get(user.id)
    if known is not None and known[:2] == (user.full_name, user.username):
        return known[2]
    member = NewMember(user.id, _display_name(user), user.username)
    player = await services(context).db.players.of_user(chat.id, user.id)
    handle = (user.username or "").lstrip("@") or None  # as the ledger keeps it
    if player is not None and (player.name, player.username) == (member.name, handle):
        members[user.id] = (user.full_name, user.username, player)
        return player
    return member


async def author_to_record(context: Context, chat: Chat, user: User) -> int | NewMember:
    """The sender as a write's author: their player's id, or the member the write records
    (``member_to_record``)."""
    author = await member_to_record(context, chat, user)
    return author.id if isinstance(author, Player) else author


def _display_name(user: User) -> str:
    """The user's Telegram name as the chat shows it (``bot.cleaning.member_name``)."""
    return member_name(user.full_name, user.username, user.id)


async def is_chat_admin(context: Context, message: Message, user: User | None) -> bool:
    """Admin or owner of the chat, via the Bot API (cached briefly); anonymous admins count."""
    chat = message.chat
    if chat.type == ChatType.PRIVATE:
        return True
    if message.sender_chat is not None and message.sender_chat.id == chat.id:
        return True  # an anonymous admin posts as the group itself
    if user is None:
        return False
    admins = chat_state(context, chat.id).admins
    now = time.monotonic()
    cached = admins.get(user.id)
    if cached is not None and cached[0] > now:
        return cached[1]
    member = await context.bot.get_chat_member(chat.id, user.id)
    allowed = member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
    admins[user.id] = (now + ADMIN_CACHE_SECONDS, allowed)
    return allowed


async def is_creator_or_admin(context: Context, message: Message, creator: int | None) -> bool:
    """The sender opened the session (``creator``) or is an admin of the chat. Asked by the
    creator's Telegram id, so a refused stranger is not recorded as a player."""
    user = message.from_user
    if user is not None and creator is not None:
        opener = await services(context).db.players.get(message.chat.id, creator)
        if opener.user_id == user.id:
            return True
    return await is_chat_admin(context, message, user)
