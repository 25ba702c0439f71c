"""A hand recorded on the tile keyboard enters the bot as an update, as PTB's custom-webhook
examples feed theirs: a ``KeyboardRecording`` put on the Application's update queue, taking
its chat's turn (``bot.transport.ordering``) and handled by ``record_tapped`` (a
``TypeHandler``) with the typed /hu's own recording function, error handler and reply. The
HTTP request waits for the update's outcome and answers with it.

A web request has no Telegram update: the recording's source is the page's request id, kept
as a negative update id (Telegram's are positive, so the two never meet) — the ledger's
per-source idempotency then makes a double tap or a retried request record once. A retry
after a reply Telegram did not take posts that reply then.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Final, cast

from telegram import Chat
from telegram.constants import ChatType
from telegram.ext import Application, CallbackContext

from bot.context import Context, author_to_record
from bot.grammar import GrammarError
from bot.i18n import plain, t
from bot.recording.replies import RecordedWins, reply_hu, send_win_reply
from bot.recording.table import open_table
from bot.recording.writes import record_hu
from bot.refusals.chat import ChatRefusal
from bot.replies.table import empty_seats
from bot.table.seated import SeatedTable
from bot.transport.ordering import ChatUpdate
from bot.webapp.contract import ApiError
from bot.webapp.keyboard_hand import page_words, tapped_hand
from bot.webapp.viewer import Viewer
from storage import NewMember, Source

REQUEST_ID: Final = re.compile(r"[A-Za-z0-9_-]{8,64}")
OWED: Final = "keyboard_replies_owed"  # bot_data: (chat, source) whose reply did not go out


@dataclass(frozen=True)
class KeyboardRecorded:
    """What the page hears of its recording: the line a group would type, the entries."""

    line: str
    entries: tuple[int, ...]
    replay: bool


@dataclass(eq=False)
class KeyboardRecording(ChatUpdate):
    """The update a ✅ 记账 becomes: who tapped which hand for which chat, and the outcome the
    HTTP request waits for (set once: the recording, or the ApiError to answer with)."""

    chat_id: int
    user_id: int
    lang: str
    viewer: Viewer
    payload: dict[str, Any]
    source: Source
    outcome: asyncio.Future[KeyboardRecorded] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    written: tuple[int, ...] | None = None  # the entries (#N of the chat), once in the ledger

    def refused(self, text: str) -> None:
        self._answer(ApiError(422, "refused", text=page_words(plain(text, limit=None), self.lang)))

    def failed(self) -> None:
        if self.written is not None:  # the hand is in the ledger, its reply not in the group
            entries = ",".join(map(str, self.written))
            self._answer(ApiError(502, "reply_lost", entries=entries))
        else:
            self._answer(ApiError(500, "internal"))

    def done(self, recorded: KeyboardRecorded) -> None:
        if not self.outcome.done():
            self.outcome.set_result(recorded)

    def _answer(self, error: ApiError) -> None:
        if not self.outcome.done():
            self.outcome.set_exception(error)


@dataclass(frozen=True)
class Seated:
    """What a keyboard read works with: a context for the chat, its language and open table."""

    context: Context
    lang: str
    table: SeatedTable


def context_for(application: Application[Any, Any, Any, Any, Any, Any], viewer: Viewer) -> Context:
    """A handler's context for the viewer's chat, as PTB makes one for an update of it."""
    return cast(Context, CallbackContext(application, viewer.chat_id, viewer.user_id))


async def seated(application: Application[Any, Any, Any, Any, Any, Any], viewer: Viewer) -> Seated:
    """The viewer's chat (in its language, as the server read it) with its open table
    (ChatRefusal 'no_session' without one): what the table and the score are read from."""
    context = context_for(application, viewer)
    return Seated(context, viewer.language, await open_table(context, viewer.chat_id))


def request_source(request_id: object) -> Source:
    """The ledger source of a keyboard request: its id as a negative update id."""
    if not isinstance(request_id, str) or not REQUEST_ID.fullmatch(request_id):
        raise GrammarError("keyboard_bad_value", token=str(request_id)[:20])
    digest = hashlib.sha256(f"webapp:{request_id}".encode()).digest()
    return Source(update_id=-(int.from_bytes(digest[:7], "big") + 1))


def full_table(table: SeatedTable, lang: str) -> SeatedTable:
    """The table, refused unless all four seats are taken (as a typed /hu is)."""
    if not table.full:
        raise ChatRefusal("seats_incomplete", seats=empty_seats(table, lang))
    return table


async def record_tapped(update: KeyboardRecording, context: Context) -> None:
    """The TypeHandler's callback: score and record the tapped /hu once, against the table
    the chat's previous update left, and post the typed /hu's reply in the chat (again, on a
    retry, when the first did not go out). A refusal or a failure goes to the error handler,
    which answers the waiting request through ``update``."""
    viewer, lang = update.viewer, update.lang
    chat = Chat(viewer.chat_id, ChatType.PRIVATE if viewer.chat_id > 0 else ChatType.SUPERGROUP)
    table = full_table(await open_table(context, viewer.chat_id), lang)
    hand = tapped_hand(update.payload, table)
    scored, recorded = await record_hu(
        context, table, hand.command, update.source, lambda: _author(context, chat, viewer)
    )
    update.written = tuple(entry.number for entry in recorded.entries)
    owed: set[tuple[int, int | None]] = context.bot_data.setdefault(OWED, set())
    key = (viewer.chat_id, update.source.update_id)
    prefix = t("keyboard_recorded_by", lang, name=viewer.first_name) + "\n"
    if not recorded.replay:
        owed.add(key)  # until Telegram takes the reply
        await reply_hu(context, chat, table, (scored, recorded), lang, prefix)
    elif key in owed:  # the table now is the one after these entries
        await send_win_reply(context, chat, RecordedWins(table, scored, recorded), lang, prefix)
    owed.discard(key)
    update.done(KeyboardRecorded(hand.typed, update.written, recorded.replay))


async def _author(context: Context, chat: Chat, viewer: Viewer) -> int | NewMember:
    """The viewer as the hand's author, found and named as a typed /hu finds its sender
    (initData's user is the one Telegram puts in their messages), recorded inside the hand's
    own write when new or renamed (a refused hand records nobody)."""
    return await author_to_record(context, chat, viewer.user)
