"""The webhook route on the bot's one aiohttp server: the secret before the body, 1 MB at
most, 400 for what is not an update, and the 200 only after the update was kept."""

from __future__ import annotations

import asyncio
import contextlib
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


# The webhook's edge (issue 28, item 4): clients that are slow, gone, or send JSON too deep.


@pytest.fixture
async def impatient_hook(
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[tuple[str, Kept, int]]:
    """The webhook with its deadlines cut to half a second."""
    monkeypatch.setattr("bot.transport.web_server.HEADERS_TIMEOUT", 0.5)
    monkeypatch.setattr("bot.transport.webhook.BODY_TIMEOUT", 0.5)
    port = free_port()
    kept = Kept()
    server = WebServer(build(webhook=Webhook("tg/hook", kept, SECRET)), port, "127.0.0.1")
    await server.start()
    try:
        yield f"http://127.0.0.1:{port}/tg/hook", kept, port
    finally:
        await server.close()


def _head(length: int) -> bytes:
    lines = [
        "POST /tg/hook HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: application/json",
        f"Content-Length: {length}",
        f"{SECRET_HEADER}: {SECRET}",
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def _tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info]


@pytest.mark.parametrize("trickle", [False, True], ids=["then-nothing", "a-byte-at-a-time"])
async def test_headers_that_never_end_are_cut_off(
    impatient_hook: tuple[str, Kept, int], trickle: bool
) -> None:
    """A client sending half its headers and then nothing, or the rest a byte at a time, is
    disconnected at the deadline, not held for the keep-alive hour."""
    _, _, port = impatient_hook
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /tg/hook HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    await writer.drain()
    began = asyncio.get_running_loop().time()
    try:
        while trickle and not reader.at_eof():
            writer.write(b"X")
            with contextlib.suppress(ConnectionError):
                await writer.drain()
            await asyncio.sleep(0.05)
            assert asyncio.get_running_loop().time() - began < 5, "still held"
        assert await asyncio.wait_for(reader.read(), 5) == b""  # closed by the server
    finally:
        writer.close()


async def test_a_body_that_never_ends_gets_408(
    impatient_hook: tuple[str, Kept, int], caplog: pytest.LogCaptureFixture
) -> None:
    _, kept, port = impatient_hook
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(_head(100) + b'{"update_id": 5')
    await writer.drain()
    try:
        line = await asyncio.wait_for(reader.readline(), 5)
    finally:
        writer.close()
    assert line.split()[1] == b"408"
    assert kept.updates == [] and _tracebacks(caplog) == []


async def test_a_client_that_leaves_mid_body_is_one_line(
    hook: tuple[str, Kept, int], caplog: pytest.LogCaptureFixture
) -> None:
    _, kept, port = hook
    _, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(_head(1000) + b'{"update_id": 5, "message": {"text": "')
    await writer.drain()
    await asyncio.sleep(0.2)
    writer.transport.abort()
    await asyncio.sleep(0.5)
    assert kept.updates == []
    assert _tracebacks(caplog) == []
    [line] = [r.getMessage() for r in caplog.records if r.levelno >= 30]
    assert "left" in line and "\n" not in line


@pytest.mark.parametrize("depth", [100, 5_000, 200_000], ids=["100", "5000", "200000"])
async def test_json_nested_too_deep_gets_400_in_one_line(
    hook: tuple[str, Kept, int], depth: int, caplog: pytest.LogCaptureFixture
) -> None:
    """Deep enough to stop Python's JSON reader (or PTB's reading): 400, not 500 with a
    traceback. Within the reader's reach it is an update out of bounds: the receiver (the
    inbox) refuses it."""
    url, kept, _ = hook
    body = b'{"update_id": 5, "x": ' + b"[" * depth + b"]" * depth + b"}"
    async with httpx.AsyncClient() as client:
        answer = await client.post(url, content=body, headers={SECRET_HEADER: SECRET})
    assert answer.status_code == (200 if depth < 900 else 400)
    assert len(kept.updates) == (depth < 900)
    assert _tracebacks(caplog) == []
    assert len([r for r in caplog.records if r.levelno >= 30]) == (depth >= 900)
