"""The durable inbox: a batch kept in one transaction, kept once, undone until marked done."""

from __future__ import annotations

from datetime import timedelta

from storage import InboxItem, Ledger


def items(*ids: int) -> list[InboxItem]:
    return [InboxItem(i, -5 if i % 2 else None, f'{{"update_id": {i}}}') for i in ids]


async def test_a_batch_is_kept_once_and_returned_in_order(ledger: Ledger) -> None:
    assert await ledger.inbox.store(items(3, 1, 2)) == {1, 2, 3}
    assert await ledger.inbox.store(items(2, 3, 4)) == {4}  # Telegram sent 2 and 3 again
    undone = await ledger.inbox.undone()
    assert [item.update_id for item in undone] == [1, 2, 3, 4]
    assert undone[0] == InboxItem(1, -5, '{"update_id": 1}')
    assert undone[1].chat_id is None


async def test_done_updates_are_not_undone_and_ride_along_with_a_batch(ledger: Ledger) -> None:
    await ledger.inbox.store(items(1, 2, 3))
    await ledger.inbox.done([2])
    assert [i.update_id for i in await ledger.inbox.undone()] == [1, 3]
    await ledger.inbox.store(items(4), done=[1, 3])
    assert [i.update_id for i in await ledger.inbox.undone()] == [4]
    await ledger.inbox.store([], done=[4])
    assert await ledger.inbox.undone() == []


async def test_only_old_done_rows_are_pruned(ledger: Ledger) -> None:
    await ledger.inbox.store(items(1, 2, 3))
    await ledger.inbox.done([1, 2])
    assert await ledger.inbox.prune(keep=timedelta(days=1)) == 0  # done just now: kept
    assert await ledger.inbox.prune(keep=timedelta(0)) == 2
    assert [i.update_id for i in await ledger.inbox.undone()] == [3]  # undone is never pruned


async def test_the_inbox_survives_reopening(db_path: object) -> None:
    async with await Ledger.open(str(db_path)) as ledger:
        await ledger.inbox.store(items(7))
    async with await Ledger.open(str(db_path)) as ledger:
        assert [i.update_id for i in await ledger.inbox.undone()] == [7]
