"""The webhook route on the bot's one aiohttp server: the secret before the body, 1 MB at
most, 400 for what is not an update, and the 200 only after the update was kept."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.transport.web_lifecycle import open_webhook
from bot.transport.web_server import WebServer
from bot.transport.webhook import MAX_BODY, SECRET_HEADER
from bot.webapp.server import Webhook, build
from rigs.webapp import free_port
from tests.bot.conftest import GROUP, PLAYERS, running_harness

SECRET = "s3cret_token"


class Kept:
    """The receiver: keeps what it is given (fails when told to, as a full disk would)."""

    def __init__(self) -> None:
        self.updates: list[dict[str, Any]] = []
        self.failing = False

    async def __call__(self, update: dict[str, Any]) -> None:
        if self.failing:
            raise OSError("disk full")
        self.updates.append(update)


@pytest.fixture
async def hook() -> AsyncIterator[tuple[str, Kept, int]]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    kept = Kept()
    server = WebServer(build(webhook=Webhook("tg/hook", kept, SECRET)), port, "127.0.0.1")
    await server.start()
    try:
        yield f"http://127.0.0.1:{port}/tg/hook", kept, port
    finally:
        await server.close()


async def status_after_headers(port: int, headers: dict[str, str]) -> bytes:
    """The status line the server sends after the headers alone: it must not wait for the
    95 MB the headers announce."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [
        "POST /tg/hook HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: application/json",
        "Content-Length: 99614720",
    ]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + b"{" * 1000)
    await writer.drain()
    try:
        return await asyncio.wait_for(reader.readline(), 5)
    finally:
        writer.close()


@pytest.mark.parametrize(
    ("headers", "status"),
    [({}, b"403"), ({SECRET_HEADER: "nope"}, b"403"), ({SECRET_HEADER: SECRET}, b"413")],
    ids=["no-secret", "wrong-secret", "too-large"],
)
async def test_the_headers_decide_before_the_body_is_read(
    hook: tuple[str, Kept, int], headers: dict[str, str], status: bytes
) -> None:
    _, kept, port = hook
    line = await status_after_headers(port, headers)
    assert line.split()[1] == status
    assert kept.updates == []


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b'{"update_id": 5, "message"', 400),
        (b"[1, 2]", 400),
        (b'{"message": {}}', 400),
        (b"\xff\xfe", 400),
        (b'{"update_id": 5}', 200),
    ],
    ids=["truncated-json", "not-an-object", "no-update-id", "not-utf8", "an-update"],
)
async def test_what_is_not_an_update_gets_400(
    hook: tuple[str, Kept, int], body: bytes, status: int
) -> None:
    url, kept, _ = hook
    async with httpx.AsyncClient() as client:
        answer = await client.post(url, content=body, headers={SECRET_HEADER: SECRET})
    assert answer.status_code == status
    assert len(kept.updates) == (status == 200)


async def test_a_body_over_the_cap_gets_413_and_a_kept_failure_500(
    hook: tuple[str, Kept, int],
) -> None:
    url, kept, _ = hook
    async with httpx.AsyncClient() as client:
        too_big = b'{"update_id": 5, "pad": "' + b"x" * MAX_BODY + b'"}'
        answer = await client.post(url, content=too_big, headers={SECRET_HEADER: SECRET})
        assert answer.status_code == 413
        kept.failing = True  # not kept: Telegram must send it again
        answer = await client.post(url, json={"update_id": 6}, headers={SECRET_HEADER: SECRET})
        assert answer.status_code == 500
    assert kept.updates == []


async def test_post_init_serves_the_webhook_and_holds_it_until_the_replay_is_done(
    tmp_path: Path,
) -> None:
    """An update posted while the last run's undone updates are replayed waits: its 200 comes
    once the webhook opens, after the inbox has it."""
    port = free_port()
    settings = {
        "webhook_url": "https://mj.example.org/tg/hook",
        "webhook_secret": SECRET,
        "port": port,
    }
    async with running_harness(tmp_path / "m.db", **settings) as harness:
        update = harness.make.message(GROUP, PLAYERS["甲"], "/tally")
        async with httpx.AsyncClient() as client:
            posting = asyncio.create_task(
                client.post(
                    f"http://127.0.0.1:{port}/tg/hook", json=update, headers={SECRET_HEADER: SECRET}
                )
            )
            await asyncio.sleep(0.3)
            assert not posting.done()  # held: the replay is not done
            open_webhook(harness.app)
            answer = await asyncio.wait_for(posting, 5)
        assert answer.status_code == 200
        assert [
            u.update_id
            for u in await harness.app.bot_data["services"].inbox.undone(harness.app.bot)
        ] == [update["update_id"]]
