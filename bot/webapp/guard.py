"""The Mini App's gate: every /api/ request is Telegram-signed, for a chat its user is in.

401 for initData that is missing, forged or stale; 404 for a start token this bot did not
make (the server does not tell which chats exist); 403 for a user who is not in the token's
chat (a player of its ledger, else Telegram's getChatMember, remembered for minutes); 429 past
the per-user rate. Only then does a route run, with ``request[VIEWER]`` set.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final

from aiohttp import web
from aiohttp.typedefs import Middleware
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot.context import Services
from bot.i18n import lang_of
from bot.webapp import start_token
from bot.webapp.auth import BadInitData, InitData, verify
from bot.webapp.viewer import APPLICATION, VIEWER, Viewer
from storage import StorageError

API_PREFIX: Final = "/api/"
_GONE: Final = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class GuardOptions:
    max_age: int = 24 * 3600  # seconds initData stays good
    member_seconds: float = 300.0  # how long a membership answer is trusted
    rate: int = 120  # requests per user ...
    rate_window: float = 60.0  # ... per this many seconds


@dataclass
class _Memory:
    """Membership answers and request counts, kept per process (both are only caches)."""

    members: dict[tuple[int, int], tuple[bool, float]] = field(default_factory=dict)
    counts: dict[int, int] = field(default_factory=dict)
    window_start: float = 0.0


def refusal(status: int, code: str) -> web.Response:
    """An API refusal the page can show: the status and one word for why."""
    return web.json_response({"error": code}, status=status)


def guard(options: GuardOptions) -> Middleware:
    """The middleware for /api/ routes (other paths pass untouched)."""
    memory = _Memory()

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        application = request.app[APPLICATION]
        token = application.bot.token
        header = request.headers.get("Authorization", "")
        scheme, _, raw = header.partition(" ")
        try:
            if scheme.lower() != "tma":
                raise BadInitData("no tma authorization")
            init = verify(raw.strip(), token, max_age=options.max_age)
        except BadInitData:
            return refusal(401, "signature")
        if _over_rate(memory, options, init.user_id):
            return refusal(429, "rate")
        start = request.query.get("start") or init.start_param
        try:
            # No token: the menu button of the viewer's own private chat with the bot.
            chat_id = start_token.read(start, token).chat_id if start else init.user_id
        except start_token.ForgedToken:
            return refusal(404, "token")
        svc: Services = application.bot_data["services"]
        if not await _is_member(memory, options, svc, application.bot, chat_id, init):
            return refusal(403, "member")
        request[VIEWER] = Viewer(
            user_id=init.user_id,
            first_name=init.first_name,
            username=init.username,
            chat_id=chat_id,
            language=await _chat_lang(application, svc, chat_id),
        )
        return await handler(request)

    return middleware


async def _chat_lang(application: Any, svc: Services, chat_id: int) -> str:
    """The chat's language as its handlers keep it (/lang changes it there), read once."""
    state = application.chat_data[chat_id]
    if state.lang is None:
        row = await svc.db.chats.get(chat_id)
        state.lang = lang_of(row.lang if row else None, svc.config.lang)
    lang: str = state.lang
    return lang


def _over_rate(memory: _Memory, options: GuardOptions, user_id: int) -> bool:
    now = time.monotonic()
    if now - memory.window_start >= options.rate_window:
        memory.window_start = now
        memory.counts.clear()  # one window at a time: the dict never outgrows its users
    memory.counts[user_id] = memory.counts.get(user_id, 0) + 1
    return memory.counts[user_id] > options.rate


async def _is_member(
    memory: _Memory, options: GuardOptions, svc: Services, bot: Any, chat_id: int, init: InitData
) -> bool:
    if chat_id == init.user_id:  # a user's private chat with the bot is theirs
        return True
    key = (chat_id, init.user_id)
    now = time.monotonic()
    known = memory.members.get(key)
    if known is not None and known[1] > now:
        return known[0]
    try:
        member = await svc.db.players.find(chat_id, str(init.user_id)) is not None
    except StorageError:  # the digits are also two players' name: ask Telegram
        member = False
    if not member:
        try:
            found = await bot.get_chat_member(chat_id, init.user_id)
            member = found.status not in _GONE
        except TelegramError:  # no such chat, or the bot was removed: nobody is let in
            member = False
    if len(memory.members) > 10_000:
        memory.members.clear()
    memory.members[key] = (member, now + options.member_seconds)
    return member
