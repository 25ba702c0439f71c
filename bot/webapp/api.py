"""The season page's JSON API: what /top, /stats, /trend and /history show, as data.

Every number comes from the same ledger calls the commands make (``period_rows``, ``ranked``,
``head_to_head``, ``trend``, ``history``), so the page and the chat cannot disagree.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final

from aiohttp import web

from bot.chat_refusal import ChatRefusal
from bot.context import Services
from bot.grammar import GrammarError
from bot.grammar.periods import ALL_TIME, Period
from bot.i18n import t
from bot.leaderboard_rows import biggest_hand_name, ranked
from bot.period_stats import period_from_key, period_label, period_rows, take_window
from bot.webapp.contract import ApiError
from bot.webapp.viewer import APPLICATION, viewer_of
from scoring.vocabulary import holds_tiles
from storage import Ledger, StorageError

PAGE_SIZE: Final = 20
RELATIVE: Final = ("week", "month", "last_month", "year", "all")


def add_routes(app: web.Application) -> None:
    app.router.add_get("/api/periods", periods)
    app.router.add_get("/api/standings", standings)
    app.router.add_get("/api/person", person)
    app.router.add_get("/api/biggest", biggest_hands)
    app.router.add_get("/api/trend", trend)
    app.router.add_get("/api/h2h", head_to_head)
    app.router.add_get("/api/history", history)


def _ledger(request: web.Request) -> Ledger:
    svc: Services = request.app[APPLICATION].bot_data["services"]
    return svc.db


def _now() -> datetime:
    return datetime.now(UTC)


async def _period(request: web.Request) -> Period:
    """``period``: a key (month, s3 …) or what a command takes (本月, 2026-11, a season)."""
    word = request.query.get("period", "").strip()
    if not word or word == "all":
        return ALL_TIME
    ledger, chat_id = _ledger(request), viewer_of(request).chat_id
    try:
        if word in RELATIVE or (word[0] == "s" and word[1:].isdigit()):
            return await period_from_key(ledger, chat_id, word, _now())
        period, rest = await take_window(ledger, chat_id, [word], _now())
    except (ChatRefusal, GrammarError) as error:
        raise _bad("period", word) from error
    if period is None or rest:
        raise _bad("period", word)
    return period


def _bad(what: str, token: str) -> ApiError:
    """400 naming the parameter the API cannot read and the value sent."""
    return ApiError(400, what, token=token)


def _int(request: web.Request, name: str, default: int | None = None) -> int:
    text = request.query.get(name, "")
    if not text and default is not None:
        return default
    if not text.lstrip("-").isdigit() or len(text) > 20:
        raise _bad("player" if name in ("a", "b") else name, text)  # a, b: head-to-head's two
    return int(text)


async def periods(request: web.Request) -> web.Response:
    """The switcher: 本周 本月 上月 今年 全部, then the chat's seasons, newest first."""
    viewer = viewer_of(request)
    lang = viewer.language
    ledger = _ledger(request)
    found: list[dict[str, Any]] = [
        {"key": kind, "label": t(f"period_{kind}", lang)} for kind in RELATIVE
    ]
    for season in reversed(await ledger.seasons.all(viewer.chat_id)):
        found.append({"key": f"s{season.id}", "label": season.name, "open": season.is_open})
    return web.json_response({"lang": lang, "periods": found, "me": viewer.user_id})


async def _standing_rows(request: web.Request) -> tuple[str, list[dict[str, Any]]]:
    """The period's label and /top's rows for it, folded by person, as JSON values."""
    viewer = viewer_of(request)
    period = await _period(request)
    ledger = _ledger(request)
    money = await ledger.stats.money(viewer.chat_id, period.since, period.until)
    players = []
    for row in ranked(await period_rows(ledger, viewer.chat_id, period)):
        stats = row.stats
        biggest = None
        if stats.biggest_win_entry is not None:
            name = await biggest_hand_name(
                ledger, viewer.chat_id, stats.biggest_win_entry, viewer.language
            )
            biggest = {"entry": stats.biggest_win_entry, "points": stats.biggest_win, "name": name}
        players.append(
            {
                "id": stats.player.id,
                "name": stats.player.name,
                "guest": stats.player.is_guest,
                "rank": row.rank,
                "points": stats.net,
                # What /settle charged for the period's entries; None: nothing priced in it.
                "money_fen": None if money is None else money.get(stats.player.id, 0),
                "hands": stats.hands,
                "wins": stats.wins,
                "self_draws": stats.self_draws,
                "dealt_in": stats.dealt_in,
                "biggest": biggest,
            }
        )
    return period_label(period, viewer.language), players


async def standings(request: web.Request) -> web.Response:
    """The Contract's standings, folded by person as /stats and /top fold them."""
    label, players = await _standing_rows(request)
    return web.json_response({"period": label, "players": players})


async def person(request: web.Request) -> web.Response:
    """One person's row of the period (any of their records names them)."""
    viewer = viewer_of(request)
    player = _int(request, "player")
    folding = await _ledger(request).people.of_chat(viewer.chat_id)
    label, players = await _standing_rows(request)
    found = [p for p in players if p["id"] == folding.person(player)]
    if not found:
        raise ApiError(404, "no_player", token=str(player))
    return web.json_response({"period": label, "player": found[0]})


async def biggest_hands(request: web.Request) -> web.Response:
    """The period's biggest hands, one per person (what /top names), biggest first."""
    label, players = await _standing_rows(request)
    hands = [
        {"player": p["name"], "hand": big["name"], "points": big["points"], "entry": big["entry"]}
        for p in players
        if (big := p["biggest"])
    ]
    hands.sort(key=lambda hand: -int(hand["points"]))
    return web.json_response({"period": label, "hands": hands})


async def trend(request: web.Request) -> web.Response:
    """One person's running balance over the period, every record of theirs together."""
    viewer = viewer_of(request)
    period = await _period(request)
    ledger = _ledger(request)
    player = _int(request, "player")
    folding = await ledger.people.of_chat(viewer.chat_id)
    records = sorted(folding.records(folding.person(player)))
    found = await ledger.trend.balance(viewer.chat_id, records, period.since, period.until)
    return web.json_response(
        {"by_month": found.by_month, "steps": list(found.steps), "balances": list(found.balances)}
    )


async def head_to_head(request: web.Request) -> web.Response:
    viewer = viewer_of(request)
    ledger = _ledger(request)
    a, b = _int(request, "a"), _int(request, "b")
    try:
        met = await ledger.stats.head_to_head(viewer.chat_id, a, b)
    except StorageError as error:
        raise _bad("player", f"{a},{b}") from error
    return web.json_response(
        {
            "a": met.a.name,
            "b": met.b.name,
            "hands": met.hands_together,
            "a_wins": met.a_wins,
            "b_wins": met.b_wins,
            "a_dealt_in_to_b": met.a_dealt_in_to_b,
            "b_dealt_in_to_a": met.b_dealt_in_to_a,
            "a_net": met.a_net,
            "b_net": met.b_net,
        }
    )


async def history(request: web.Request) -> web.Response:
    """A page of entries, newest first; a full hand names its picture."""
    viewer = viewer_of(request)
    ledger = _ledger(request)
    page = _int(request, "page", 1)
    if page < 1:
        raise _bad("page", str(page))
    found = await ledger.reports.history(viewer.chat_id, page=page, page_size=PAGE_SIZE)
    names = {p.id: p.name for p in await ledger.players.all(viewer.chat_id)}
    entries = [
        {
            "id": entry.id,  # the key the picture's address uses
            "number": entry.number,  # #N as the chat reads it
            "kind": str(entry.kind),
            "at": entry.created_at.isoformat(),
            "line": entry.hand_line,
            "value": entry.value,
            "winner": names.get(entry.winner) if entry.winner is not None else None,
            "postings": [
                {"name": names.get(player, "?"), "delta": delta}
                for player, delta in entry.postings.items()
            ],
            "picture": bool(entry.hand_line and holds_tiles(entry.hand_line) and entry.winner),
        }
        for entry in found.entries
    ]
    return web.json_response(
        {"page": found.page, "pages": found.pages, "total": found.total, "entries": entries}
    )
