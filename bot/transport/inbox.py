"""Telegram's side of the durable inbox (``storage.inbox`` keeps the rows).

Every update is in SQLite before Telegram is told it arrived: ``InboxBot.get_updates`` stores
the batch before returning it, and PTB confirms a batch (the next getUpdates offset) only
after that; the webhook answers 200 only after ``Inbox.take`` stored it. An update is
marked done when its handling finished, unless its reply could not be delivered: then it
stays undone and is handled again at the next start, where the ledger's per-chat update-id
idempotency turns the replay into an answer naming what was recorded.

Updates are read one by one from the JSON Telegram sent (``bot.transport.update_reading``): one the
library cannot read, or out of the bounds the bot reads at all, is logged in one line, kept as
done and skipped, and the offset moves on past it; a batch read whole would stop at it
forever. This is the one boundary polling, the webhook and the replay at start share: nothing
an update holds escapes ``Inbox.read``. A batch the ledger cannot store is tried again with
PTB's backoff (``InboxUnavailable``) ``STORE_TRIES`` times, then stored update by update: one
that cannot be stored alone is logged and dropped, so the offset still moves.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from typing import Any

from telegram import Bot, Update
from telegram.error import ChatMigrated, TelegramError
from telegram.ext import ExtBot
from telegram.request import HTTPXRequest

from bot.transport.delivery import to_new_chat
from bot.transport.update_reading import (
    JSONDict,
    Refused,
    Unreadable,
    move_of,
    read_batch,
    read_update,
    storable_id,
    update_id_of,
)
from storage import InboxItem, Ledger

log = logging.getLogger(__name__)


class InboxUnavailable(TelegramError):
    """The ledger did not take a batch: PTB's polling loop backs off and asks again (the
    offset has not moved, so Telegram sends the same batch)."""


class UpdatesRequest(HTTPXRequest):
    """getUpdates' HTTP client: the answer read update by update (``read_batch``), never by
    PTB's whole-batch JSON reading, which one update nested thousands deep stops."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> JSONDict:
        return read_batch(payload)


class Inbox:
    """Stores what arrives, marks what finished, holds back what was not answered.

    Done-marks ride along with the next batch's write (no transaction of their own while
    updates keep coming); when it is quiet they are written after ``DONE_DELAY`` seconds.
    A crash before that only makes the last few updates answer again ("already recorded")."""

    DONE_DELAY = 0.5
    PRUNE_EVERY = 500  # done-mark writes between two prunes of old done rows
    STORE_TRIES = 4  # PTB backs off 1 s, 1.5 s, 2.25 s between them

    def __init__(self) -> None:
        self.ledger: Ledger | None = None  # set once the ledger is open (``attach``)
        self.moves: dict[int, int] = {}  # group id → the supergroup it became
        self._finished: set[int] = set()
        self._held: set[int] = set()
        self._timer: asyncio.Task[None] | None = None
        self._writes = 0
        self._store_failures: dict[int, int] = {}  # a batch's first update id → failed writes

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
        except Exception as error:  # the boundary: a bug of the reading costs one update
            log.warning(
                "update %s skipped: %s: %.150s", update_id_of(raw), type(error).__name__, error
            )
            return None
        move = move_of(update)
        if move is not None:
            self.moves[move[0]] = move[1]
        return update

    async def take(self, batch: Sequence[object], bot: Bot) -> list[Update]:
        """Read each update of a batch and keep those with a chat or a press (their JSON as sent);
        one this bot cannot read is kept as done, for a look after an incident (an id outside
        SQLite's range cannot be kept: it is only logged). Returns the readable updates new to
        the inbox, in order; raises InboxUnavailable when the ledger did not take the batch
        and it may be tried again."""
        kept: list[tuple[Update, InboxItem]] = []
        skipped: list[InboxItem] = []
        for raw in batch:
            update = self.read(raw, bot)
            update_id = update_id_of(raw)
            if update is None and storable_id(update_id):
                assert update_id is not None
                skipped.append(InboxItem(update_id, None, _kept_payload(raw)))
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
        skipped_ids = {item.update_id for item in skipped}
        try:
            fresh = await self.ledger.inbox.store(items, done | skipped_ids)
        except Exception as error:
            self._finished |= done
            fresh = await self._store_apart(items, skipped_ids, error)
        except BaseException:  # cancelled (the stop): the done-marks go with the next write
            self._finished |= done
            raise
        else:
            self._store_failures.clear()
        return [update for update, _ in kept if update.update_id in fresh]

    async def _store_apart(
        self, items: list[InboxItem], skipped: set[int], error: Exception
    ) -> set[int]:
        """After a batch failed to store: InboxUnavailable until it failed ``STORE_TRIES``
        times, then each update stored alone; one the ledger refuses alone is logged in one
        line and dropped (the offset moves past it). The ids stored, new to the inbox."""
        assert self.ledger is not None
        first = items[0].update_id
        tries = self._store_failures.get(first, 0) + 1
        self._store_failures = {first: tries}
        if tries < self.STORE_TRIES:
            raise InboxUnavailable(f"updates {first}… not stored (try {tries}): {error}") from error
        self._store_failures.clear()
        fresh: set[int] = set()
        for item in items:
            try:
                done = {item.update_id} & skipped
                fresh |= await self.ledger.inbox.store([item], done)
            except Exception as alone:
                log.warning(
                    "update %s dropped: the inbox cannot keep it: %.150s", item.update_id, alone
                )
        return fresh

    async def undone(self, bot: Bot) -> list[Update]:
        """The updates left undone by the last run, oldest first; one this bot cannot read
        (or that no handler answers) is marked done and left out."""
        assert self.ledger is not None
        updates, skipped = [], []
        for item in await self.ledger.inbox.undone():
            update = self.read(_stored(item), bot)
            if update is None or not _answerable(update):  # as ``take`` would not keep it
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
            if batch:  # nothing to move the offset past: asked again, PTB backs off
                raise InboxUnavailable(f"{len(batch)} updates without an update_id")
            return ()
        try:
            fresh = await self._inbox.take(batch, self)
        except TelegramError:
            raise
        except Exception as error:  # a bug: PTB would log it and ask again at once, forever
            raise InboxUnavailable(f"batch not taken: {type(error).__name__}: {error}") from error
        self._next_offset = max(ids) + 1  # past every update of the batch, read or not
        return tuple(fresh)


def _stored(item: InboxItem) -> object:
    """An update as the inbox kept it, read as JSON (one a version without the bounds kept,
    too deep to read, is refused)."""
    try:
        return json.loads(item.payload)
    except (ValueError, RecursionError) as error:
        return Refused(item.update_id, f"kept JSON unreadable: {type(error).__name__}")


def _kept_payload(raw: object) -> str:
    """What the inbox keeps of an update it skipped: its JSON as sent, or for one refused
    before it was read (too deep to read), the reason."""
    if not isinstance(raw, Refused):
        try:
            return json.dumps(raw)
        except (ValueError, RecursionError):  # nested too deep to write back
            pass
    reason = raw.reason if isinstance(raw, Refused) else "nested too deep to keep"
    return json.dumps({"update_id": update_id_of(raw), "refused": reason})


def _answerable(update: Update) -> bool:
    """An update some handler answers: one in a chat, or a press (a button under a message
    sent through inline mode has no chat, and its spinner still waits for an answer)."""
    return update.effective_chat is not None or update.callback_query is not None
