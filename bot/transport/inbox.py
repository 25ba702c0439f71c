"""Telegram's side of the durable inbox (``storage.inbox`` keeps the rows).

Every update is in SQLite before Telegram is told it arrived: ``InboxBot.get_updates`` stores
the batch before returning it, and PTB confirms a batch (the next getUpdates offset) only
after that; the webhook answers 200 only after ``Inbox.take`` stored it. An update is
marked done when its handling finished, unless its reply could not be delivered: then it
stays undone and is handled again at the next start, where the ledger's per-chat update-id
idempotency turns the replay into an answer naming what was recorded.

Updates are read one by one from the JSON Telegram sent (``bot.transport.update_reading``): one the
library cannot read is logged in one line, kept as done and skipped, and the offset moves on
past it; a batch read whole would stop at it forever.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from typing import Any

from telegram import Bot, Update
from telegram.error import ChatMigrated
from telegram.ext import ExtBot

from bot.transport.delivery import to_new_chat
from bot.transport.update_reading import JSONDict, Unreadable, move_of, read_update, update_id_of
from storage import InboxItem, Ledger

log = logging.getLogger(__name__)


class Inbox:
    """Stores what arrives, marks what finished, holds back what was not answered.

    Done-marks ride along with the next batch's write (no transaction of their own while
    updates keep coming); when it is quiet they are written after ``DONE_DELAY`` seconds.
    A crash before that only makes the last few updates answer again ("already recorded")."""

    DONE_DELAY = 0.5
    PRUNE_EVERY = 500  # done-mark writes between two prunes of old done rows

    def __init__(self) -> None:
        self.ledger: Ledger | None = None  # set once the ledger is open (``attach``)
        self.moves: dict[int, int] = {}  # group id → the supergroup it became
        self._finished: set[int] = set()
        self._held: set[int] = set()
        self._timer: asyncio.Task[None] | None = None
        self._writes = 0

    async def attach(self, ledger: Ledger) -> None:
        """Use the opened ledger, and the group moves it remembers."""
        self.ledger = ledger
        self.moves = await ledger.chats.moves()

    def chat_key(self, chat_id: int) -> int:
        """The chat whose order an update of ``chat_id`` keeps: a moved group's is its
        supergroup's, so its move and the updates still carrying its old id keep one order."""
        return self.moves.get(chat_id, chat_id)

    def read(self, raw: object, bot: Bot) -> Update | None:
        """One update as the handlers get it; None (logged in one line) for one this bot
        cannot read. Telegram's news of a group's move is learnt here, before any update
        after it is read."""
        try:
            update = read_update(raw, bot, self.moves)
        except Unreadable as error:
            log.warning("update %s skipped: %s", update_id_of(raw), error.reason)
            return None
        move = move_of(update)
        if move is not None:
            self.moves[move[0]] = move[1]
        return update

    async def take(self, batch: Sequence[object], bot: Bot) -> list[Update]:
        """Read each update of a batch and keep those with a chat or a press (their JSON as sent);
        one this bot cannot read is kept as done, for a look after an incident. Returns the
        readable updates new to the inbox, in order."""
        kept: list[tuple[Update, InboxItem]] = []
        skipped: list[InboxItem] = []
        for raw in batch:
            update = self.read(raw, bot)
            update_id = update_id_of(raw)
            if update is None and update_id is not None:
                skipped.append(InboxItem(update_id, None, json.dumps(raw)))
            elif update is not None and _answerable(update):
                chat = update.effective_chat
                item = InboxItem(update.update_id, chat.id if chat else None, json.dumps(raw))
                kept.append((update, item))
        if self.ledger is None:
            return [update for update, _ in kept]
        if not kept and not skipped:
            return []
        done, self._finished = self._finished, set()
        items = [item for _, item in kept] + skipped
        try:
            fresh = await self.ledger.inbox.store(items, done | {i.update_id for i in skipped})
        except BaseException:
            self._finished |= done
            raise
        return [update for update, _ in kept if update.update_id in fresh]

    async def undone(self, bot: Bot) -> list[Update]:
        """The updates left undone by the last run, oldest first; one this bot cannot read
        is marked done and left out."""
        assert self.ledger is not None
        updates, skipped = [], []
        for item in await self.ledger.inbox.undone():
            update = self.read(json.loads(item.payload), bot)
            if update is None:
                skipped.append(item.update_id)
            else:
                updates.append(update)
        await self.ledger.inbox.done(skipped)
        return updates

    def hold(self, update_id: int) -> None:
        """The update's answer did not get through: leave it undone for the next start."""
        self._held.add(update_id)

    def finished(self, update: object) -> None:
        """The update's handling ended: mark it done with the next write."""
        if not isinstance(update, Update):
            return
        if update.update_id in self._held:
            self._held.discard(update.update_id)
            return
        self._finished.add(update.update_id)
        if self._timer is None or self._timer.done():
            self._timer = asyncio.create_task(self._flush_later())

    async def _flush_later(self) -> None:
        await asyncio.sleep(self.DONE_DELAY)
        await self.flush()

    async def flush(self) -> None:
        """Write the pending done-marks in one transaction."""
        if not self._finished or self.ledger is None:
            return
        batch, self._finished = self._finished, set()
        try:
            await self.ledger.inbox.done(batch)
        except Exception as error:  # handled again at the next start: replays are safe
            log.warning("could not mark %d updates done: %s", len(batch), error)
            return
        self._writes += 1
        if self._writes % self.PRUNE_EVERY == 0:
            await self.ledger.inbox.prune()

    async def close(self) -> None:
        """Write the pending done-marks now (before the ledger closes)."""
        if self._timer is not None:
            self._timer.cancel()
            await asyncio.gather(self._timer, return_exceptions=True)
        await self.flush()


class InboxBot(ExtBot[Any]):
    """PTB's bot whose getUpdates keeps each batch in the inbox before returning it.

    Updates kept by an earlier run (Telegram sends unconfirmed ones again) are not returned
    twice, but their ids still move the offset on, so Telegram forgets them; so do the ids of
    updates this bot cannot read."""

    __slots__ = ("_batch", "_inbox", "_next_offset")

    def __init__(self, *args: Any, inbox: Inbox, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._inbox = inbox
        self._next_offset = 0
        self._batch: list[JSONDict] = []

    async def _do_post(
        self, endpoint: str, data: JSONDict, **timeouts: Any
    ) -> bool | JSONDict | list[JSONDict]:
        """PTB's one way out to Telegram. A call into a group that became a supergroup goes
        once more, to the supergroup. getUpdates' answer is kept as it came and PTB is given
        none of it: PTB reads a batch whole, and one update it cannot read would stop it."""
        try:
            result = await super()._do_post(endpoint, data, **timeouts)
        except ChatMigrated as error:
            again = to_new_chat(data, error)
            if again is None:
                raise
            log.info(
                "%s to %s sent to its supergroup %s", endpoint, data["chat_id"], again["chat_id"]
            )
            result = await super()._do_post(endpoint, again, **timeouts)
        if endpoint == "getUpdates" and isinstance(result, list):
            self._batch = result
            return []
        return result

    async def get_updates(  # the same parameters, passed on
        self, offset: int | None = None, *args: Any, **kwargs: Any
    ) -> tuple[Update, ...]:
        if self._next_offset and (offset is None or offset < self._next_offset):
            offset = self._next_offset
        self._batch = []
        await super().get_updates(offset, *args, **kwargs)
        batch, self._batch = self._batch, []
        ids = [update_id for update_id in map(update_id_of, batch) if update_id is not None]
        if not ids:
            return ()
        fresh = await self._inbox.take(batch, self)
        self._next_offset = max(ids) + 1
        return tuple(fresh)


def _answerable(update: Update) -> bool:
    """An update some handler answers: one in a chat, or a press (a button under a message
    sent through inline mode has no chat, and its spinner still waits for an answer)."""
    return update.effective_chat is not None or update.callback_query is not None
