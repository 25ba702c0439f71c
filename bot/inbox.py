"""Telegram's side of the durable inbox (``storage.inbox`` keeps the rows).

Every update is in SQLite before Telegram is told it arrived: ``InboxBot.get_updates`` stores
the batch before returning it, and PTB confirms a batch (the next getUpdates offset) only
after that; the webhook answers 200 only after ``Inbox.receive`` stored it. An update is
marked done when its handling finished, unless its reply could not be delivered: then it
stays undone and is handled again at the next start, where the ledger's per-chat update-id
idempotency turns the replay into an answer naming what was recorded.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from telegram import Bot, Update
from telegram.ext import ExtBot

from storage import InboxItem, Ledger

log = logging.getLogger(__name__)


JSONDict = dict[str, Any]


def inbox_item(update: Update, raw: JSONDict) -> InboxItem:
    """The update as Telegram sent it (PTB's ``to_dict`` costs ten times the dumping)."""
    chat = update.effective_chat
    return InboxItem(update.update_id, chat.id if chat else None, json.dumps(raw))


class Inbox:
    """Stores what arrives, marks what finished, holds back what was not answered.

    Done-marks ride along with the next batch's write (no transaction of their own while
    updates keep coming); when it is quiet they are written after ``DONE_DELAY`` seconds.
    A crash before that only makes the last few updates answer again ("already recorded")."""

    DONE_DELAY = 0.5
    PRUNE_EVERY = 500  # done-mark writes between two prunes of old done rows

    def __init__(self) -> None:
        self.ledger: Ledger | None = None  # set once the ledger is open
        self._finished: set[int] = set()
        self._held: set[int] = set()
        self._timer: asyncio.Task[None] | None = None
        self._writes = 0

    async def store(self, updates: Sequence[Update], raw: Mapping[int, JSONDict]) -> list[Update]:
        """Keep the updates that have a chat (``raw``: each one's JSON by update id); returns
        those new to the inbox, in order."""
        kept = [update for update in updates if update.effective_chat is not None]
        if not kept or self.ledger is None:
            return kept
        done, self._finished = self._finished, set()
        items = [inbox_item(update, raw[update.update_id]) for update in kept]
        try:
            fresh = await self.ledger.inbox_store(items, done)
        except BaseException:
            self._finished |= done
            raise
        return [update for update in kept if update.update_id in fresh]

    async def undone(self, bot: Bot) -> list[Update]:
        """The updates left undone by the last run, oldest first."""
        assert self.ledger is not None
        updates = []
        for item in await self.ledger.inbox_undone():
            update = Update.de_json(json.loads(item.payload), bot)
            if update is not None:
                updates.append(update)
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
            await self.ledger.inbox_done(batch)
        except Exception as error:  # handled again at the next start: replays are safe
            log.warning("could not mark %d updates done: %s", len(batch), error)
            return
        self._writes += 1
        if self._writes % self.PRUNE_EVERY == 0:
            await self.ledger.inbox_prune()

    async def close(self) -> None:
        """Write the pending done-marks now (before the ledger closes)."""
        if self._timer is not None:
            self._timer.cancel()
            await asyncio.gather(self._timer, return_exceptions=True)
        await self.flush()


class InboxBot(ExtBot[Any]):
    """PTB's bot whose getUpdates keeps each batch in the inbox before returning it.

    Updates kept by an earlier run (Telegram sends unconfirmed ones again) are not returned
    twice, but their ids still move the offset on, so Telegram forgets them."""

    __slots__ = ("_inbox", "_next_offset", "_raw")

    def __init__(self, *args: Any, inbox: Inbox, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._inbox = inbox
        self._next_offset = 0
        self._raw: dict[int, JSONDict] = {}

    async def _do_post(
        self, endpoint: str, data: JSONDict, **timeouts: Any
    ) -> bool | JSONDict | list[JSONDict]:
        """PTB's one way out to Telegram; getUpdates' answer is kept as it came."""
        result = await super()._do_post(endpoint, data, **timeouts)
        if endpoint == "getUpdates" and isinstance(result, list):
            self._raw = {item["update_id"]: item for item in result}
        return result

    async def get_updates(  # the same parameters, passed on
        self, offset: int | None = None, *args: Any, **kwargs: Any
    ) -> tuple[Update, ...]:
        if self._next_offset and (offset is None or offset < self._next_offset):
            offset = self._next_offset
        updates = await super().get_updates(offset, *args, **kwargs)
        if not updates:
            return updates
        fresh = await self._inbox.store(updates, self._raw)
        self._next_offset = updates[-1].update_id + 1
        return tuple(fresh)
