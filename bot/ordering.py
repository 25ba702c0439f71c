"""Updates of one chat in order, different chats side by side.

PTB's default runs every update one after another, so one slow group (a picture being
drawn, a write waiting for the disk) holds up all the others. This processor lets up to
``max_concurrent_updates`` updates run at once but queues each chat's updates behind one
lock per chat; asyncio locks and PTB's semaphore wake waiters first-in first-out, so a
chat's hands are scored and recorded in the order they arrived.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Concurrent across chats, sequential (in arrival order) within a chat."""

    def __init__(self, max_concurrent_updates: int = 64) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}
        self._queued: dict[int, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        lock = self._locks.setdefault(chat.id, asyncio.Lock())
        self._queued[chat.id] = self._queued.get(chat.id, 0) + 1
        try:
            async with lock:
                await coroutine
        finally:
            self._queued[chat.id] -= 1
            if not self._queued[chat.id]:  # keep the tables small: forget idle chats
                del self._queued[chat.id], self._locks[chat.id]

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
