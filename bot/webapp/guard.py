"""The Mini App's gate: every /api/ request is Telegram-signed, for a chat its user is in.

401 for initData that is missing, forged or stale; 429 past the per-user rate; 404 for a start
token this bot did not make (the server does not tell which chats exist); 403 for a user
Telegram does not count in the token's chat. Only then does a route run, with
``request[VIEWER]`` set.

Telegram alone decides who is in, by the user's Telegram id (never a name in the ledger: a
guest may be called anything, digits too). A write asks ``getChatMember`` at the time of the
write; a read may use an answer at most ``member_seconds`` old. Left, banned, or restricted
without the right to send messages is out, whatever the ledger remembers of them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final

from aiohttp import hdrs, web
from aiohttp.typedefs import Middleware
from telegram import ChatMember, ChatMemberRestricted
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot.context import Services, services_of
from bot.i18n import lang_of
from bot.webapp import start_token
from bot.webapp.auth import BadInitData, verify
from bot.webapp.contract import API_PREFIX, USER_LANG, ApiError
from bot.webapp.viewer import APPLICATION, VIEWER, WRITES, Viewer

_GONE: Final = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
_KEPT_ANSWERS: Final = 10_000  # membership answers remembered at most (then forgotten at once)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class GuardOptions:
    max_age: int = 24 * 3600  # seconds initData stays good
    member_seconds: float = 60.0  # how old a membership answer a read may use
    rate: int = 120  # requests per user ...
    rate_window: float = 60.0  # ... per this many seconds
    clock: Callable[[], float] = time.monotonic  # tests move it to age the answers


@dataclass
class _Memory:
    """Membership answers and request counts, kept per process (both are only caches)."""

    members: dict[tuple[int, int], tuple[bool, float]] = field(default_factory=dict)
    counts: dict[int, int] = field(default_factory=dict)
    window_start: float = 0.0


def guard(options: GuardOptions) -> Middleware:
    """The middleware for /api/ routes (other paths pass untouched)."""
    memory = _Memory()

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        application = request.app[APPLICATION]
        token = application.bot.token
        header = request.headers.get(hdrs.AUTHORIZATION, "")
        scheme, _, raw = header.partition(" ")
        try:
            if scheme.lower() != "tma":
                raise BadInitData("no tma authorization")
            init = verify(raw.strip(), token, max_age=options.max_age)
        except BadInitData:
            raise ApiError(401, "signature") from None
        request[USER_LANG] = "en" if (init.language_code or "").startswith("en") else "zh"
        wait = _over_rate(memory, options, init.user_id)
        if wait is not None:
            raise ApiError(429, "rate", retry_after=wait, seconds=wait)
        start = request.query.get("start") or init.start_param
        try:
            # No token: the menu button of the viewer's own private chat with the bot.
            chat_id = start_token.read(start, token).chat_id if start else init.user_id
        except start_token.ForgedToken:
            raise ApiError(404, "token") from None
        writes = request.method != hdrs.METH_GET and request.path in request.app[WRITES]
        if not await _is_member(memory, options, application.bot, chat_id, init.user_id, writes):
            raise ApiError(403, "member")
        svc: Services = services_of(application)
        request[VIEWER] = Viewer(
            user_id=init.user_id,
            first_name=init.first_name,
            last_name=init.last_name,
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
        row = await svc.ledger.chats.get(chat_id)
        state.lang = lang_of(row.lang if row else None, svc.config.lang)
    lang: str = state.lang
    return lang


def _over_rate(memory: _Memory, options: GuardOptions, user_id: int) -> int | None:
    """None within the rate; past it, the whole seconds until the window opens again."""
    now = options.clock()
    if now - memory.window_start >= options.rate_window:
        memory.window_start = now
        memory.counts.clear()  # one window at a time: the dict never outgrows its users
    memory.counts[user_id] = memory.counts.get(user_id, 0) + 1
    if memory.counts[user_id] <= options.rate:
        return None
    return max(1, math.ceil(memory.window_start + options.rate_window - now))


async def _is_member(
    memory: _Memory, options: GuardOptions, bot: Any, chat_id: int, user_id: int, writes: bool
) -> bool:
    """Whether Telegram counts ``user_id`` in ``chat_id``: asked now for a write, a read may
    take an answer of the last ``member_seconds``."""
    if chat_id == user_id:  # a user's private chat with the bot is theirs
        return True
    key = (chat_id, user_id)
    now = options.clock()
    known = memory.members.get(key)
    if not writes and known is not None and now - known[1] < options.member_seconds:
        return known[0]
    try:
        member = _counts_in(await bot.get_chat_member(chat_id, user_id))
    except TelegramError:  # no such chat, the bot was removed, or no answer: nobody is let in
        memory.members.pop(key, None)
        return False
    if len(memory.members) >= _KEPT_ANSWERS:
        memory.members.clear()
    memory.members[key] = (member, now)
    return member


def _counts_in(member: ChatMember) -> bool:
    """In the chat and allowed to speak there: what recording or reading its games needs."""
    if member.status in _GONE:
        return False
    if isinstance(member, ChatMemberRestricted):
        return member.is_member and member.can_send_messages
    return True
