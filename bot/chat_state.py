"""What the bot remembers of one chat between updates.

PTB keeps one ``ChatState`` per chat id (``ContextTypes(chat_data=ChatState)``, see
``bot.context.chat_state``), so nothing else holds per-chat dicts. Everything here is a copy of
the ledger or of Telegram: forgetting any of it costs one read, never a wrong answer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from telegram import CallbackQuery, Message

from storage import Chat, Player

if TYPE_CHECKING:
    from bot.seated_table import SeatedTable
    from bot.tap.flow import Flow


@dataclass(frozen=True)
class ChatSettings:
    """/settings beside the language: how long recording replies are, which pictures go out."""

    replies: str = "compact"  # storage.chats.REPLIES
    pictures: str = "always"  # storage.chats.PICTURES

    @classmethod
    def of(cls, chat: Chat | None) -> ChatSettings:
        """The chat row's choices, the defaults where it made none."""
        if chat is None:
            return cls()
        return cls(chat.replies or cls.replies, chat.pictures or cls.pictures)

    @property
    def full_replies(self) -> bool:
        return self.replies == "full"

    @property
    def hand_pictures(self) -> bool:
        """A picture of each hand typed with its tiles."""
        return self.pictures != "never"

    @property
    def charts(self) -> bool:
        """The /tally chart and the /settle picture."""
        return self.pictures == "always"


@dataclass(frozen=True)
class PendingOpening:
    """A /new that asked a question (which of 湖州's systems, or 「和上次一样」): its message
    (the sender and 我 are its sender's), its update (the stake's source), the words after
    the ruleset, and the question's message, whose buttons answer it (bot.handlers.sessions)."""

    message: Message
    update_id: int
    rest: tuple[str, ...]
    asked_id: int


@dataclass(frozen=True)
class PendingPress:
    """A press refused while its presser was not seated, waiting for 「你是哪位？」 (its message
    ``asked_id``) to be answered: ``resume`` presses it again, answering the claim's own
    press (bot.handlers.claim)."""

    asked_id: int
    resume: Callable[[CallbackQuery], Awaitable[None]]


class ChatState:
    """One chat's copies: its language, open table, admins and the players its users are."""

    def __init__(self) -> None:
        self.lang: str | None = None  # /lang's choice, once read from the ledger
        self.settings: ChatSettings | None = None  # /settings, once read from the ledger
        self.table: SeatedTable | None = None  # the open session, see bot.table
        # user → (until when, whether they are an admin), from the Bot API
        self.admins: dict[int, tuple[float, bool]] = {}
        # user → (the Telegram name and username last written to the ledger, the player);
        # keyed by what Telegram sent, since the ledger stores the name cleaned.
        self.members: dict[int, tuple[str, str | None, Player]] = {}
        # flow id → a button flow recording a hand (bot.tap): taps so far, not the ledger's
        self.flows: dict[str, Flow] = {}
        # a /new waiting for its answer (which 湖州 system, 「和上次一样」): bot.handlers.sessions
        self.opening: PendingOpening | None = None
        # user → their press refused while not seated, waiting for 「你是哪位？」's answer
        self.claims: dict[int, PendingPress] = {}
        # (session, user) already asked 「你是哪位？」: a line asks once a session
        self.asked: set[tuple[int, int]] = set()

    def keep(self, table: SeatedTable) -> SeatedTable:
        """The table a write returned; a closed session is forgotten."""
        self.table = table if table.session.is_open else None
        return table

    def forget_table(self) -> None:
        """After a write that changes the session in ways it does not return, or an error
        that may have left the copy behind the ledger."""
        self.table = None

    def migrated(self) -> None:
        """The group became a supergroup: its players, admins and session are read again
        under the new id; the language moves along."""
        self.table = None
        self.admins.clear()
        self.members.clear()
        self.flows.clear()  # their messages stay in the old chat
