"""The bot's one HTTP server on 0.0.0.0:``port`` (aiohttp, in the bot's event loop), started
in post_init and stopped with the bot; what it serves is built by ``bot.webapp.server``."""

from __future__ import annotations

import socket
from typing import Final

from aiohttp import web

# Seconds a connection may sit without a whole request's headers (aiohttp's keep-alive
# timer runs from the connection's start and closes one still waiting for a request): a
# client sending its headers a byte at a time does not hold a connection for an hour.
HEADERS_TIMEOUT: Final = 15.0


class WebServer:
    """One aiohttp app on 0.0.0.0:``port``, started and stopped with the bot."""

    def __init__(self, app: web.Application, port: int, host: str = "0.0.0.0") -> None:
        self.runner = web.AppRunner(
            app, access_log=None, shutdown_timeout=2.0, keepalive_timeout=HEADERS_TIMEOUT
        )
        self.port = port
        self.host = host
        self.site: web.SockSite | None = None

    async def start(self) -> None:
        await self.runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.site = web.SockSite(self.runner, sock)
        await self.site.start()

    async def stop_listening(self) -> None:
        """No new connections (the stop signal): Telegram keeps what it could not deliver."""
        if self.site is not None:
            await self.site.stop()
            self.site = None

    async def close(self) -> None:
        await self.stop_listening()
        await self.runner.cleanup()
