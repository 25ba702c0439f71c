"""A recorded full hand's picture as PNG: the same Pillow image the chat gets.

Entries are append-only, so an entry's picture is cached by the browser (private: it belongs
to one chat) and drawn off the event loop.
"""

from __future__ import annotations

import asyncio
from typing import Final

from aiohttp import web

from bot import pictures
from bot.context import Services, services_of
from bot.webapp.contract import ApiError
from bot.webapp.viewer import APPLICATION, viewer_of
from scoring import score
from scoring.errors import ScoringError
from scoring.tiles import SEAT_ORDER, Seat
from scoring.vocabulary import holds_tiles
from storage import StorageError

CACHE: Final = "private, max-age=86400"


def add_routes(app: web.Application) -> None:
    app.router.add_get(r"/api/picture/{entry:\d{1,12}}.png", picture)


async def picture(request: web.Request) -> web.StreamResponse:
    """GET /api/picture/<entry>.png: the entry's hand, or 404 for one without tiles."""
    viewer = viewer_of(request)
    svc: Services = services_of(request.app[APPLICATION])
    ledger = svc.ledger
    entry_id = int(request.match_info["entry"])
    etag = f'"{viewer.chat_id}-{entry_id}-{viewer.language}"'
    if request.headers.get("If-None-Match") == etag:
        return web.Response(status=304, headers={"ETag": etag, "Cache-Control": CACHE})
    try:
        entry = await ledger.reports.entry(viewer.chat_id, entry_id)
        if not (entry.hand_line and holds_tiles(entry.hand_line)) or entry.session_id is None:
            raise ApiError(404, "picture")
        session = await ledger.sessions.get(viewer.chat_id, entry.session_id)
        seating = await ledger.reports.hand_seating(viewer.chat_id, entry_id)
    except StorageError:
        raise ApiError(404, "picture") from None
    names = {p.id: p.name for p in await ledger.players.all(viewer.chat_id)}
    by_seat: dict[Seat, str] = {
        seat: names.get(player, "")
        for seat, player in zip(SEAT_ORDER, seating.seats, strict=True)
        if player is not None
    }
    winner = next(
        (s for s, p in zip(SEAT_ORDER, seating.seats, strict=True) if p == entry.winner), Seat.E
    )
    try:
        result = score(entry.hand_line, session.ruleset, session.base, winner)
        png = await asyncio.to_thread(pictures.hand_png, result, by_seat, viewer.language)
    except (ScoringError, ValueError):  # a line from another version, or quick entry
        raise ApiError(404, "picture") from None
    return web.Response(
        body=png, content_type="image/png", headers={"Cache-Control": CACHE, "ETag": etag}
    )
