"""Every Bot API call (but getUpdates) goes through PTB's AIORateLimiter and is retried until
Telegram takes it: flood control (429) waits its ``retry_after``, a 5xx, a timeout or a
dropped connection backs off (1 s, 2 s, 4 s … 30 s), for up to ``patience`` seconds. A reply
may then arrive twice (a connection dropped after Telegram took it); it is never lost
silently. Each retry logs one line, without a traceback.

A call into a group that became a supergroup (Telegram's ``ChatMigrated``) is made once more
with the supergroup's id (``to_new_chat``; ``bot.transport.inbox.InboxBot`` makes it, for
every call).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Final

from telegram.error import BadRequest, ChatMigrated, NetworkError, RetryAfter
from telegram.ext import AIORateLimiter

log = logging.getLogger(__name__)

PATIENCE: Final = 900.0  # seconds: Telegram's outages are minutes long
MAX_BACKOFF: Final = 30.0
JSONResult = bool | dict[str, Any] | list[dict[str, Any]]
# What points into the old group's history or topics: the supergroup has neither.
_OLD_CHAT_ONLY: Final = frozenset({"reply_parameters", "reply_to_message_id", "message_thread_id"})


def is_delivery_failure(error: BaseException) -> bool:
    """Telegram did not take the call, through no fault of the call itself. PTB reports any
    failure inside its HTTP client as a NetworkError, one that never left this process too:
    a text that cannot be encoded (a lone surrogate) fails the same way every time, and is
    never retried as if the network were down."""
    if isinstance(error, RetryAfter):
        return True
    return (
        isinstance(error, NetworkError)
        and not isinstance(error, BadRequest)
        and not _failed_here(error)
    )


def _failed_here(error: BaseException) -> bool:
    """The call failed in this process before any byte went out (what it carried cannot be
    written), not on the way to Telegram."""
    cause = error.__cause__
    while cause is not None:
        if isinstance(cause, (ValueError, TypeError)):  # UnicodeEncodeError among them
            return True
        cause = cause.__cause__
    return False


def to_new_chat(data: dict[str, Any], error: ChatMigrated) -> dict[str, Any] | None:
    """The call's parameters for the supergroup the group became; None when the call names
    no chat by id or already named the supergroup (one retry, never a loop)."""
    if data.get("chat_id") in (None, error.new_chat_id):
        return None
    again = {key: value for key, value in data.items() if key not in _OLD_CHAT_ONLY}
    again["chat_id"] = error.new_chat_id
    return again


def retry_delay(error: BaseException, failures: int) -> float:
    """Flood control says how long; anything else backs off by the failures so far."""
    if isinstance(error, RetryAfter):
        after = error.retry_after  # a timedelta (bot/__init__ opts in), an int if opted out
        return float(after) if isinstance(after, int) else after.total_seconds()
    return min(MAX_BACKOFF, 2.0 ** (failures - 1))


class PatientRateLimiter(AIORateLimiter):
    """AIORateLimiter's per-chat and per-group limits, with retries measured in minutes."""

    def __init__(self, patience: float = PATIENCE) -> None:
        super().__init__(max_retries=0)
        self.patience = patience

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, JSONResult]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> JSONResult:
        deadline = time.monotonic() + self.patience
        chat, group = _chat_and_group(data)
        attempt = failures = 0
        while True:
            attempt += 1
            try:
                return await self._run_request(chat, group, False, callback, args, kwargs)
            except (RetryAfter, NetworkError) as error:
                failures += not isinstance(error, RetryAfter)
                delay = retry_delay(error, failures)
                if not is_delivery_failure(error) or time.monotonic() + delay > deadline:
                    raise
                log.warning(
                    "%s did not go through (%s); try %d in %.0f s", endpoint, error, attempt + 1,
                    delay,
                )  # fmt: skip
                await asyncio.sleep(delay)


def _chat_and_group(data: dict[str, Any]) -> tuple[bool, int | str | bool]:
    """As AIORateLimiter reads them: a chat id limits per chat; a group's also per group."""
    chat_id = data.get("chat_id")
    if chat_id is None:
        return False, False
    with contextlib.suppress(ValueError, TypeError):
        chat_id = int(chat_id)
    if (isinstance(chat_id, int) and chat_id < 0) or isinstance(chat_id, str):
        return True, chat_id
    return True, False
