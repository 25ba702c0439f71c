"""The tile keyboard's JSON API: the table to tap a hand at, a tapped hand's score (or its
waits), and recording it as a typed /hu would.

Every route runs behind the server's authentication (``request[VIEWER]``); a hand arrives as
values, is checked and written as its /hu line (``keyboard_hand``) and scored or recorded by the
typed /hu's own functions (``keyboard_record``). A refusal answers 422 with the chat's message
(``{"error": "refused", "message": …}``, the server's one error shape).
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

from aiohttp import web

from bot.grammar import GrammarError
from bot.i18n import plain
from bot.recording.claims import score_claims
from bot.refusals.chat import ChatRefusal
from bot.refusals.user_errors import user_message
from bot.webapp import keyboard_record
from bot.webapp.contract import ApiError, read_json
from bot.webapp.keyboard_hand import FACES, TappedHand, offered_words, page_words, tapped_hand
from bot.webapp.keyboard_record import KeyboardRecording, Seated
from bot.webapp.viewer import APPLICATION, WRITES, viewer_of
from scoring import rulesets
from scoring.errors import ScoringError
from scoring.result import ScoreResult
from scoring.tiles import SEAT_ORDER, Seat, mpsz
from scoring.waits import waits
from storage import StorageError

MAX_BODY: Final = 4096  # a hand of 18 tiles and its words is a few hundred bytes
RECORD: Final = "/api/keyboard/record"
RECORD_WAIT: Final = 30.0  # seconds a recording may wait for its chat's turn and its reply
READY_TILES: Final = 13
_USER_ERRORS: Final = (ChatRefusal, GrammarError, ScoringError, StorageError)


def add_routes(app: web.Application) -> None:
    """The keyboard's routes under /api/keyboard/."""
    app.router.add_get("/api/keyboard/table", table_route)
    app.router.add_post("/api/keyboard/score", score_route)
    app.router.add_post(RECORD, record_route)
    app[WRITES].add(RECORD)


async def table_route(request: web.Request) -> web.Response:
    """GET /api/keyboard/table: the chat's open table, its wilds and the words it offers."""
    try:
        at = await _seated(request)
    except _USER_ERRORS as error:
        raise _refused(error, viewer_of(request).language) from error
    return web.json_response(_table_json(at, viewer_of(request).user_id))


async def score_route(request: web.Request) -> web.Response:
    """POST /api/keyboard/score: the tapped hand's score and payments by name, or with 13
    tiles and no winning tile its waits, each with its score."""
    lang = viewer_of(request).language
    try:
        payload = await _payload(request)
        at = await _seated(request)
        hand = tapped_hand(payload, keyboard_record.full_table(at.table, at.lang))
        if _is_ready(payload):
            return web.json_response({"line": hand.typed, "waits": _waits(hand, at)})
        [scored] = score_claims(hand.command, at.table)
    except _USER_ERRORS as error:
        raise _refused(error, lang) from error
    return web.json_response({"line": hand.typed, **_result_json(scored.result, at)})


async def record_route(request: web.Request) -> web.Response:
    """POST /api/keyboard/record: record the tapped hand once per request id, as /hu would:
    the hand enters the bot as an update (``keyboard_record``) and this answers its outcome."""
    viewer = viewer_of(request)
    payload = await _payload(request)
    try:
        source = keyboard_record.request_source(payload.get("request_id"))
    except GrammarError as error:
        raise _refused(error, viewer.language) from error
    update = KeyboardRecording(
        viewer.chat_id, viewer.user_id, viewer.language, viewer, payload, source
    )
    await request.app[APPLICATION].update_queue.put(update)
    try:
        # shield: a page that goes away does not cancel the chat's update
        recorded = await asyncio.wait_for(asyncio.shield(update.outcome), RECORD_WAIT)
    except TimeoutError:
        raise ApiError(503, "busy") from None
    return web.json_response(
        {"line": recorded.line, "entries": list(recorded.entries), "replay": recorded.replay}
    )


async def _seated(request: web.Request) -> Seated:
    return await keyboard_record.seated(request.app[APPLICATION], viewer_of(request))


async def _payload(request: web.Request) -> dict[str, Any]:
    """The request's JSON object, at most MAX_BODY bytes."""
    return await read_json(request, MAX_BODY)


def _is_ready(payload: dict[str, Any]) -> bool:
    """13 tiles and no winning tile yet: the page asks what the hand waits for."""
    tiles, melds = payload.get("tiles") or [], payload.get("melds") or []
    return payload.get("winning") is None and len(tiles) + 3 * len(melds) == READY_TILES


def _refused(error: Exception, lang: str) -> ApiError:
    """422 and the chat's message for a refusal (the offending token named, tiles as the page
    shows them)."""
    text = user_message(error, lang) or str(error)
    return ApiError(422, "refused", text=page_words(plain(text, limit=None), lang))


def _table_json(at: Seated, user_id: int) -> dict[str, Any]:
    table, lang = at.table, at.lang
    rules = rulesets.get(table.session.ruleset)
    me = [seat for seat, player in table.players.items() if player.user_id == user_id]
    return {
        "lang": lang,
        "ruleset": {
            "id": rules.id,
            "label": rules.label(lang),
            "unit": rules.unit_en if lang == "en" else rules.unit_zh,
            "uses_indicator": rules.uses_indicator,
            "has_contract": rules.has_contract,
            "allows_discard_win": rules.allows_discard_win,
        },
        "base": table.session.base,
        "seats": [
            {"seat": seat.value, "name": table.name(seat), "wind": table.seat_wind(seat).value}
            for seat in SEAT_ORDER
        ],
        "full": table.full,
        "me": me[0].value if me else None,
        "dealer": table.dealer.value,
        "wilds": sorted(mpsz(tile) for tile in rules.wild_faces(None)),
        "wilds_by_indicator": {
            face: sorted(mpsz(wild) for wild in rules.wild_faces(tile))
            for face, tile in FACES.items()
        }
        if rules.uses_indicator
        else None,
        "words": list(offered_words(rules)),
    }


def _result_json(result: ScoreResult, at: Seated) -> dict[str, Any]:
    lang = at.lang
    return {
        "value": result.value,
        "unit": result.unit_en if lang == "en" else result.unit_zh,
        "patterns": [
            {"name": p.name_en if lang == "en" else p.name, "value": p.value}
            for p in result.patterns
        ],
        "payments": [
            {"seat": seat.value, "name": at.table.name(seat), "delta": result.payments.get(seat, 0)}
            for seat in SEAT_ORDER
        ],
    }


def _waits(hand: TappedHand, at: Seated) -> list[dict[str, Any]]:
    """Each tile the ready hand waits for, what winning on it scores by 自摸 and by 点炮 (the
    winner's gain), or why that win is refused."""
    table, claim = at.table, hand.command.claims[0]
    winds = f"座{table.seat_wind(claim.winner).zh} 圈{table.round_wind.zh}"
    ready = f"{hand.ready} {winds}"
    session = table.session
    found = waits(ready, session.ruleset, session.base, claim.winner)
    return [
        {
            "tile": mpsz(wait.tile),
            "self_draw": _side(wait.self_draw, claim.winner, wait.self_draw_refusal, at.lang),
            "discard": _side(wait.discard, claim.winner, wait.discard_refusal, at.lang),
        }
        for wait in found
    ]


def _side(
    result: ScoreResult | None, winner: Seat, refusal: ScoringError | None, lang: str
) -> dict[str, Any]:
    if result is None:
        text = user_message(refusal, lang) if refusal is not None else None
        return {"refused": page_words(plain(text or "", limit=None), lang)}
    unit = result.unit_en if lang == "en" else result.unit_zh
    return {"value": result.value, "unit": unit, "gain": result.payments.get(winner, 0)}
