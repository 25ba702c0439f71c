"""The tile keyboard's one adapter onto the typed /hu: score and record a tapped hand with the
functions ``bot.recording`` records a typed line with, and post the same reply in the
group. Everything the keyboard does to the ledger or the chat goes through here.

A web request has no Telegram update: the recording's source is the page's request id, kept
as a negative update id (Telegram's are positive, so the two never meet) — the ledger's
per-source idempotency then makes a double tap or a retried request record once.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Final, cast

from telegram.ext import Application, CallbackContext

from bot import pictures
from bot.chat_refusal import ChatRefusal
from bot.cleaning import member_name
from bot.context import Context, chat_settings, services
from bot.grammar import GrammarError, HuCommand
from bot.hand_reply import hand_markup, hand_text, scene_after
from bot.i18n import t
from bot.recording.claims import ScoredClaim
from bot.recording.writes import record_hu
from bot.replies import CAPTION_LIMIT, checked, fit_html
from bot.seated_table import SeatedTable, after_entries
from bot.table import open_table, remember, standings
from bot.table_html import empty_seats
from bot.transport.ordering import ChatOrderedProcessor
from bot.webapp.viewer import Viewer
from storage import Recorded, Source

REQUEST_ID: Final = re.compile(r"[A-Za-z0-9_-]{8,64}")


@dataclass(frozen=True)
class Seated:
    """What a keyboard call works with: a context for the chat, its language and open table."""

    context: Context
    lang: str
    table: SeatedTable


def context_for(application: Application[Any, Any, Any, Any, Any, Any], viewer: Viewer) -> Context:
    """A handler's context for the viewer's chat, as PTB makes one for an update of it."""
    return cast(Context, CallbackContext(application, viewer.chat_id, viewer.user_id))


def chat_turn(
    application: Application[Any, Any, Any, Any, Any, Any], viewer: Viewer
) -> AbstractAsyncContextManager[None]:
    """The chat's turn among its updates: a recording is scored against the table the chat's
    previous hand left, never between a typed /hu's scoring and its write."""
    processor = application.bot_data["services"].processor
    assert isinstance(processor, ChatOrderedProcessor)
    return processor.chat_turn(viewer.chat_id)


async def seated(application: Application[Any, Any, Any, Any, Any, Any], viewer: Viewer) -> Seated:
    """The viewer's chat (in its language, as the server read it) with its open table
    (ChatRefusal 'no_session' without one)."""
    context = context_for(application, viewer)
    return Seated(context, viewer.language, await open_table(context, viewer.chat_id))


def full_table(at: Seated) -> SeatedTable:
    """The table, refused unless all four seats are taken (as a typed /hu is)."""
    if not at.table.full:
        raise ChatRefusal("seats_incomplete", seats=empty_seats(at.table, at.lang))
    return at.table


def request_source(request_id: object) -> Source:
    """The ledger source of a keyboard request: its id as a negative update id."""
    if not isinstance(request_id, str) or not REQUEST_ID.fullmatch(request_id):
        raise GrammarError("keyboard_bad_value", token=str(request_id)[:20])
    digest = hashlib.sha256(f"webapp:{request_id}".encode()).digest()
    return Source(update_id=-(int.from_bytes(digest[:7], "big") + 1))


async def record_tapped(at: Seated, viewer: Viewer, command: HuCommand, source: Source) -> Recorded:
    """Score and record the tapped /hu once; post the recording reply in the group unless
    this request was recorded before."""
    table = full_table(at)
    scored, recorded = await record_hu(
        at.context, table, command, source, lambda: _author(at.context, viewer)
    )
    if not recorded.replay:
        await _post_reply(at, viewer, (scored, recorded))
    return recorded


async def _author(context: Context, viewer: Viewer) -> int:
    """The viewer's player in the chat (known by Telegram id, created if new, never renamed:
    initData carries the first name only, and a player's name is the chat's business)."""
    ledger = services(context).db
    for player in await ledger.players.all(viewer.chat_id):
        if player.user_id == viewer.user_id:
            return player.id
    shown = member_name(viewer.first_name, viewer.username, viewer.user_id)
    created = await ledger.players.upsert_user(
        viewer.chat_id, viewer.user_id, shown, viewer.username
    )
    return created.id


async def _post_reply(
    at: Seated, viewer: Viewer, written: tuple[list[ScoredClaim], Recorded]
) -> None:
    """The typed /hu's recording reply, sent to the group (there is no message to reply to),
    under a line naming who recorded it; then the hand's picture, as the chat's settings say."""
    context, lang = at.context, at.lang
    scored, recorded = written
    table = at.table
    after = remember(
        context, after_entries(table, recorded.session or table.session, recorded.entries)
    )
    settings = await chat_settings(context, viewer.chat_id)
    tally = await standings(context, after) if settings.full_replies else None
    text = t("keyboard_recorded_by", lang, name=viewer.first_name) + "\n"
    text += hand_text(scene_after(after, recorded.entries, tally), lang, settings.full_replies)
    markup = checked(hand_markup(recorded.entries, lang, settings.full_replies))
    await context.bot.send_message(viewer.chat_id, fit_html(text), reply_markup=markup)
    if not settings.hand_pictures:
        return
    for item, entry in zip(scored, recorded.entries, strict=False):
        png = await asyncio.to_thread(pictures.hand_png, item.result, after.names(), lang)
        caption = fit_html(f"#{entry.id}", CAPTION_LIMIT)
        await context.bot.send_photo(
            viewer.chat_id, png, caption=caption, filename=f"hand-{entry.id}.png"
        )
