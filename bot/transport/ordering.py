"""Updates of one chat in order, different chats side by side; a stop that leaves the rest.

PTB's default runs every update one after another, so one slow group (a picture being
drawn, a write waiting for the disk) holds up all the others. This processor lets up to
``max_concurrent_updates`` updates run at once but queues each chat's updates behind one
lock per chat; asyncio locks and PTB's semaphore wake waiters first-in first-out, so a
chat's hands are scored and recorded in the order they arrived.

Besides Telegram's updates, the bot feeds itself ``ChatUpdate``s (a Mini App's recording,
put on PTB's update queue as PTB's custom-webhook examples do): they take their chat's turn
like a message of that chat.

``on_finished`` hears of every update whose handling ran to its end (the inbox marks it
done). ``wind_down`` is the clean stop: updates still waiting for their chat are not started
(they stay in the inbox), those in hand get a grace period, then are cancelled.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor


class ChatUpdate(abc.ABC):
    """An update the bot makes itself for one chat (not Telegram's): handled by a
    ``TypeHandler`` in the chat's turn and through the error handler, whose answer goes back
    to the one who made it (who waits for it) instead of into the chat."""

    chat_id: int
    user_id: int
    lang: str  # the chat's language, as the maker read it

    @abc.abstractmethod
    def refused(self, text: str) -> None:
        """The sender's mistake, told in the chat's words (HTML): nothing was written."""

    @abc.abstractmethod
    def failed(self) -> None:
        """Something broke: the ledger, a bug, or a reply Telegram did not take."""


def chat_of(update: object) -> int | None:
    """The chat whose turn ``update`` takes: a Telegram update's chat, a ChatUpdate's."""
    if isinstance(update, ChatUpdate):
        return update.chat_id
    chat = update.effective_chat if isinstance(update, Update) else None
    return chat.id if chat is not None else None


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Concurrent across chats, sequential (in arrival order) within a chat."""

    def __init__(self, max_concurrent_updates: int = 64) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}
        self._queued: dict[int, int] = {}
        self._in_hand: set[asyncio.Task[Any]] = set()
        self.stopping = False
        self.on_finished: Callable[[object], None] | None = None
        self.chat_key: Callable[[int], int] = lambda chat_id: chat_id  # whose order to keep

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat_id = chat_of(update)
        if chat_id is None:
            await self._handle(update, coroutine)
            return
        async with self.chat_turn(chat_id):
            await self._handle(update, coroutine)

    @contextlib.asynccontextmanager
    async def chat_turn(self, chat_id: int) -> AsyncIterator[None]:
        """Wait for the chat's turn behind the chat's updates that came before."""
        key = self.chat_key(chat_id)
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._queued[key] = self._queued.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._queued[key] -= 1
            if not self._queued[key]:  # keep the tables small: forget idle chats
                del self._queued[key], self._locks[key]

    async def _handle(self, update: object, coroutine: Awaitable[Any]) -> None:
        if self.stopping:  # not started: it stays undone in the inbox
            if isinstance(coroutine, Coroutine):
                coroutine.close()
            return
        task = asyncio.current_task()
        assert task is not None
        self._in_hand.add(task)
        try:
            await coroutine
        finally:
            self._in_hand.discard(task)
        if self.on_finished is not None:
            self.on_finished(update)

    async def wind_down(self, grace: float) -> None:
        """Start nothing more; give the updates in hand ``grace`` seconds, then cancel them."""
        self.stopping = True
        in_hand = set(self._in_hand)
        if not in_hand:
            return
        _, late = await asyncio.wait(in_hand, timeout=grace)
        for task in late:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*late, return_exceptions=True)

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
