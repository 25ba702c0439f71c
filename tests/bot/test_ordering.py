"""Each chat's updates in arrival order; different chats side by side."""

from __future__ import annotations

import asyncio
import random

from telegram import Update

from bot.console.local_api import LocalBotApi, UpdateMaker
from bot.transport.ordering import ChatOrderedProcessor


async def test_one_chat_in_order_two_chats_at_once() -> None:
    api = LocalBotApi()
    makes = UpdateMaker(api)
    for chat in (-1, -2):
        api.add_chat(chat)
    api.add_user(7, "甲")
    processor = ChatOrderedProcessor(max_concurrent_updates=8)
    done: list[tuple[int, int]] = []
    running = 0
    most = 0
    rng = random.Random(4)

    async def handle(chat: int, number: int) -> None:
        nonlocal running, most
        running += 1
        most = max(most, running)
        await asyncio.sleep(rng.random() / 200)  # a handler waiting on the ledger or Telegram
        done.append((chat, number))
        running -= 1

    tasks = []
    for number in range(20):
        for chat in (-1, -2):
            update = Update.de_json(makes.message(chat, 7, f"/hu {number}"), None)
            tasks.append(
                asyncio.create_task(processor.process_update(update, handle(chat, number)))
            )
    await asyncio.gather(*tasks)
    for chat in (-1, -2):
        assert [n for c, n in done if c == chat] == list(range(20))
    assert most == 2  # the two chats overlapped, never two updates of one chat
