"""The bot's one HTTP server (aiohttp, in the bot's event loop): the webhook, the Mini App's
files under /app/ and its JSON API under /api/.

Route-adders are a tuple: each feature module registers its own routes (the season API, the
hand pictures, the tile keyboard).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from aiohttp import web

from bot.transport.webhook import MAX_BODY, Receiver, update_handler
from bot.webapp import api, cards_api, contract, keyboard_api, pictures_api
from bot.webapp.guard import GuardOptions, guard
from bot.webapp.viewer import APPLICATION, WRITES

STATIC: Final = Path(__file__).parent / "static"
RouteAdder = Callable[[web.Application], None]
ROUTE_ADDERS: Final[tuple[RouteAdder, ...]] = (
    api.add_routes,
    pictures_api.add_routes,
    keyboard_api.add_routes,
    cards_api.add_routes,
)


@dataclass(frozen=True)
class Webhook:
    path: str  # without the leading slash, as Config.webhook_path
    receive: Receiver
    secret: str


def build(
    *,
    application: Any | None = None,
    webhook: Webhook | None = None,
    options: GuardOptions | None = None,
) -> web.Application:
    """The routes: the webhook's when given one, the Mini App's when given the Application
    (behind the API's contract and the guard, ``bot.webapp.contract``)."""
    app = web.Application(
        client_max_size=MAX_BODY,
        middlewares=contract.middlewares(guard(options or GuardOptions()))
        if application is not None
        else [],
    )
    contract.install(app)
    if webhook is not None:
        app.router.add_post(f"/{webhook.path}", update_handler(webhook.receive, webhook.secret))
    if application is not None:
        app[APPLICATION] = application
        app[WRITES] = set()
        app.router.add_get("/app", _to_page)
        app.router.add_get("/app/", _page)
        app.router.add_static("/app/", STATIC)
        for add_routes in ROUTE_ADDERS:
            add_routes(app)
    return app


async def _to_page(request: web.Request) -> web.StreamResponse:
    raise web.HTTPFound(f"/app/?{request.query_string}" if request.query_string else "/app/")


async def _page(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})
