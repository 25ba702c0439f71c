"""The Mini App's rig: initData signed as Telegram signs it, start tokens as the bot makes them,
and the bot's web server (its real guard) over a test harness's Application on a free port."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import quote, urlencode

from bot.transport.web_server import WebServer
from bot.webapp import start_token
from bot.webapp.auth import sign
from bot.webapp.guard import GuardOptions
from bot.webapp.server import build

BOT_TOKEN = "123:TEST"  # the harness's (tests/bot/conftest.py)


def init_data(
    user_id: int,
    first_name: str,
    bot_token: str,
    *,
    start_param: str | None = None,
    auth_date: int | None = None,
    language_code: str | None = None,
) -> str:
    """initData as Telegram hands it to the page: URL-encoded fields and their hash."""
    person: dict[str, Any] = {"id": user_id, "first_name": first_name}
    if language_code is not None:
        person["language_code"] = language_code
    user = json.dumps(person, ensure_ascii=False)
    fields = {"auth_date": str(auth_date or int(time.time())), "user": user}
    if start_param is not None:
        fields["start_param"] = start_param
    return urlencode({**fields, "hash": sign(fields, bot_token)}, quote_via=quote)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@asynccontextmanager
async def web_server(application: Any, options: GuardOptions | None = None) -> AsyncIterator[str]:
    """The bot's server for ``application``; yields its base URL. The Application runs
    meanwhile (as it does in production), so what the pages put on its update queue (the
    tile keyboard's recordings) is handled."""
    port = free_port()
    server = WebServer(build(application=application, options=options), port, "127.0.0.1")
    started = not application.running
    if started:
        await application.start()
    await server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await server.close()
        if started:
            await application.stop()


def token_for(
    chat_id: int, bot_token: str, screen: start_token.Screen = start_token.Screen.SEASON
) -> str:
    return start_token.make(chat_id, bot_token, screen)
