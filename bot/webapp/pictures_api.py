"""A recorded full hand's picture: the same Pillow image the chat gets, as PNG, or as WebP at
the width the page shows it (``/api/picture/<entry>.webp?w=``: at most 40 KB, where the chat's
PNG is 80–150 KB).

Entries are append-only, so an entry's picture is cached by the browser (private: it belongs
to one chat) and drawn off the event loop.
"""

from __future__ import annotations

import asyncio
import io
from typing import Final

from aiohttp import web
from PIL import Image

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


# The page asks for its card's width in device pixels; widths snap to steps so that a
# picture is drawn for a few widths, not one per phone.
WIDTH_STEP: Final = 120
MIN_WIDTH: Final = 240
MAX_WIDTH: Final = 1080
MAX_BYTES: Final = 40 * 1024
WEBP_QUALITIES: Final = (80, 70, 60, 50)


def add_routes(app: web.Application) -> None:
    app.router.add_get(r"/api/picture/{entry:\d{1,12}}.{format:png|webp}", picture)


def shown_width(text: str) -> int:
    """The width asked for (``w``, device pixels) within bounds, rounded up to a step."""
    wanted = int(text) if text.isdigit() and len(text) <= 5 else MAX_WIDTH
    stepped = -(-wanted // WIDTH_STEP) * WIDTH_STEP
    return max(MIN_WIDTH, min(MAX_WIDTH, stepped))


def webp_at(png: bytes, width: int) -> bytes:
    """The PNG scaled down to ``width`` (never up) as WebP, the first quality within 40 KB."""
    with Image.open(io.BytesIO(png)) as image:
        picture = image.convert("RGB")
    if picture.width > width:
        height = round(picture.height * width / picture.width)
        picture = picture.resize((width, height), Image.Resampling.LANCZOS)
    for quality in WEBP_QUALITIES:
        buffer = io.BytesIO()
        picture.save(buffer, "WEBP", quality=quality, method=4)
        if buffer.tell() <= MAX_BYTES:
            break
    return buffer.getvalue()


async def picture(request: web.Request) -> web.StreamResponse:
    """GET /api/picture/<entry>.png: the entry's hand, or 404 for one without tiles."""
    viewer = viewer_of(request)
    svc: Services = services_of(request.app[APPLICATION])
    ledger = svc.ledger
    entry_id = int(request.match_info["entry"])
    webp = request.match_info["format"] == "webp"
    width = shown_width(request.query.get("w", "")) if webp else None
    etag = f'"{viewer.chat_id}-{entry_id}-{viewer.language}-{width or "png"}"'
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
    headers = {"Cache-Control": CACHE, "ETag": etag}
    if width is None:
        return web.Response(body=png, content_type="image/png", headers=headers)
    small = await asyncio.to_thread(webp_at, png, width)
    return web.Response(body=small, content_type="image/webp", headers=headers)
