"""Webhook mode's HTTP server (tornado, as PTB's own): the secret header is checked before a
byte of the body is read, the body is capped at 1 MB (413), malformed JSON gets 400, and the
200 goes back only once the update is in the inbox (a failed write gets 500, and Telegram
sends it again). Updates without a chat are answered 200 and ignored.

It listens on plain HTTP: TLS ends at a reverse proxy in front (see the README).
"""

from __future__ import annotations

import hmac
import json
import logging
import socket
from collections.abc import Awaitable, Callable
from typing import Any, Final

import tornado.httpserver
import tornado.web

log = logging.getLogger(__name__)

MAX_BODY: Final = 1 << 20  # Telegram's updates are kilobytes
SECRET_HEADER: Final = "X-Telegram-Bot-Api-Secret-Token"
Receiver = Callable[[dict[str, Any]], Awaitable[None]]


@tornado.web.stream_request_body
class UpdateHandler(tornado.web.RequestHandler):
    def initialize(self, receive: Receiver, secret: str) -> None:
        self.receive = receive
        self.secret = secret
        self.chunks: list[bytes] = []
        self.size = 0

    def prepare(self) -> None:
        # Runs once the headers are in, before the body is read.
        token = self.request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(token.encode(), self.secret.encode()):
            self._refuse(403, "Forbidden")
        elif int(self.request.headers.get("Content-Length") or 0) > MAX_BODY:
            self._refuse(413, "Payload Too Large")

    def data_received(self, chunk: bytes) -> None:
        if self._finished:
            return
        self.size += len(chunk)
        if self.size > MAX_BODY:
            self._refuse(413, "Payload Too Large")
            return
        self.chunks.append(chunk)

    async def post(self) -> None:
        try:
            update = json.loads(b"".join(self.chunks))
        except ValueError:
            update = None
        if not isinstance(update, dict) or not isinstance(update.get("update_id"), int):
            self._refuse(400, "Bad Request")
            return
        try:
            await self.receive(update)
        except Exception as error:  # not kept: Telegram must send it again
            log.warning("update %s not stored: %s", update["update_id"], error)
            self._refuse(500, "Internal Server Error")
            return
        self.finish()

    def _refuse(self, status: int, reason: str) -> None:
        self.chunks = []
        self.set_status(status, reason)
        self.set_header("Connection", "close")
        self.finish()


def start_server(
    path: str, port: int, receive: Receiver, secret: str
) -> tornado.httpserver.HTTPServer:
    """Listen on 0.0.0.0:``port`` for POSTs to ``/path``."""
    app = tornado.web.Application(
        [(f"/{path}", UpdateHandler, {"receive": receive, "secret": secret})]
    )
    server = tornado.httpserver.HTTPServer(app, max_body_size=MAX_BODY)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("0.0.0.0", port))
    sock.listen(128)
    sock.setblocking(False)
    server.add_sockets([sock])
    return server
