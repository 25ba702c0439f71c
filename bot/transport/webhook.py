"""Webhook mode's route on the bot's one aiohttp server (``bot.webapp.server``): the secret
header is checked before a byte of the body is read, the body is capped at 1 MB (413) and
must arrive within ``BODY_TIMEOUT`` seconds (408; the headers' deadline is the server's, see
``bot.transport.web_server``), JSON that is malformed or nested too deep to read gets 400
(one log line, no traceback), a client that leaves mid-body one line, and the 200 goes back
only once the update is in the inbox (a failed write gets 500, and Telegram sends it again).
Updates without a chat are answered 200 and ignored; one out of the reading's bounds
(``bot.transport.update_reading``) is kept as done and answered 200.

It listens on plain HTTP: TLS ends at a reverse proxy in front (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

from aiohttp import ClientPayloadError, web

log = logging.getLogger(__name__)

MAX_BODY: Final = 1 << 20  # Telegram's updates are kilobytes
BODY_TIMEOUT: Final = 10.0  # seconds for the whole body: Telegram sends kilobytes at once
SECRET_HEADER: Final = "X-Telegram-Bot-Api-Secret-Token"
_CHUNK: Final = 64 * 1024
Receiver = Callable[[dict[str, Any]], Awaitable[None]]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def update_handler(receive: Receiver, secret: str) -> Handler:
    """The POST handler Telegram's updates arrive at."""

    async def handle(request: web.Request) -> web.StreamResponse:
        token = request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(token.encode(), secret.encode()):
            return _refuse(403)
        if (request.content_length or 0) > MAX_BODY:
            return _refuse(413)
        try:
            async with asyncio.timeout(BODY_TIMEOUT):
                body = await _capped_body(request)
        except TimeoutError:
            log.warning("webhook: the body did not arrive within %.0f s", BODY_TIMEOUT)
            return _refuse(408)
        except (ConnectionError, ClientPayloadError) as error:
            log.warning("webhook: the client left before its body arrived: %s", error)
            return _refuse(400)
        if body is None:
            return _refuse(413)
        try:
            update = json.loads(body)
        except (ValueError, RecursionError) as error:
            log.warning("webhook: a body that is not JSON this bot reads: %.100s", error)
            return _refuse(400)
        if not isinstance(update, dict) or not isinstance(update.get("update_id"), int):
            return _refuse(400)
        try:
            await receive(update)
        except Exception as error:  # not kept: Telegram must send it again
            log.warning("update %s not stored: %s", update["update_id"], error)
            return _refuse(500)
        return web.Response()

    return handle


async def _capped_body(request: web.Request) -> bytes | None:
    """The body, or None once it passes MAX_BODY (a chunked body announces no length)."""
    chunks: list[bytes] = []
    size = 0
    while chunk := await request.content.read(_CHUNK):
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _refuse(status: int) -> web.Response:
    response = web.Response(status=status)
    response.force_close()  # the rest of a refused body is not read
    return response
