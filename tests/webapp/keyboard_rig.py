"""A TEST RIG, not the product: the keyboard's routes on a small aiohttp app whose stand-in for
the server's authentication takes the viewer from test headers. The real server checks
Telegram's signature instead (bot/webapp, the webapp branch); the lead switches these tests to
it at merge. Static files are served under /app/ as the real server serves them."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final
from urllib.parse import parse_qs

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.webapp import keyboard_api
from bot.webapp.viewer import APPLICATION, VIEWER, Viewer
from tests.bot.conftest import GROUP, PLAYERS, Harness

STATIC: Final = Path(keyboard_api.__file__).parent / "static"
USER_HEADER: Final = "X-Test-User"  # the rig's whole "authentication": a user id


def _user_in_init_data(request: web.Request) -> str | None:
    """The page's user id from ``Authorization: tma <initData>``, signature NOT checked (rig)."""
    auth = request.headers.get("Authorization", "")
    if not auth.startswith("tma "):
        return None
    user = parse_qs(auth.removeprefix("tma ")).get("user")
    return str(json.loads(user[0])["id"]) if user else None


def viewer_headers(who: str = "甲") -> dict[str, str]:
    return {USER_HEADER: str(PLAYERS[who])}


def rig_app(harness: Harness, lang: str = "zh", chat: int = GROUP) -> web.Application:
    """The keyboard's routes and pages over the harness's bot, a viewer per request."""

    @web.middleware
    async def test_viewer(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        user = request.headers.get(USER_HEADER) or _user_in_init_data(request)
        if request.path.startswith("/api/"):
            if user is None:  # as the real gate answers unsigned initData
                return web.json_response({"error": "signature"}, status=401)
            name = next(n for n, uid in PLAYERS.items() if uid == int(user))
            request[VIEWER] = Viewer(int(user), name, None, chat, lang)
        return await handler(request)

    app = web.Application(middlewares=[test_viewer])
    app[APPLICATION] = harness.app
    keyboard_api.add_routes(app)
    app.router.add_static("/app/", STATIC)
    return app


@asynccontextmanager
async def rig_client(
    harness: Harness, lang: str = "zh"
) -> AsyncIterator[TestClient[web.Request, web.Application]]:
    async with TestClient(TestServer(rig_app(harness, lang))) as client:
        yield client
