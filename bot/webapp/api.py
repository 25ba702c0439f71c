"""The season page's JSON API: what /top, /stats, /trend and /history show, as data.

Every number comes from the same ledger calls the commands make (``period_boards``, ``ranked``,
``head_to_head``, ``trend``, ``history``), so the page and the chat cannot disagree.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final
from urllib.parse import parse_qsl

from aiohttp import web

from bot.context import Services, services_of
from bot.grammar import GrammarError
from bot.grammar.periods import ALL_TIME, Period
from bot.i18n import t
from bot.refusals.chat import ChatRefusal
from bot.replies.awards import BY_ID
from bot.replies.leaderboard_rows import biggest_hand_name, ranked
from bot.replies.period_stats import period_boards, period_from_key, period_label, take_window
from bot.replies.table import ruleset_name
from bot.webapp import start_token
from bot.webapp.contract import ApiError
from bot.webapp.history_entries import history_json
from bot.webapp.start_token import Screen
from bot.webapp.viewer import APPLICATION, Viewer, viewer_of
from storage import Board, Ledger, StorageError

PAGE_SIZE: Final = 20
MAX_NAMED: Final = 6  # names a chat in the list of one's chats is known by
RELATIVE: Final = ("week", "month", "last_month", "year", "all")


def add_routes(app: web.Application) -> None:
    app.router.add_get("/api/periods", periods)
    app.router.add_get("/api/standings", standings)
    app.router.add_get("/api/person", person)
    app.router.add_get("/api/biggest", biggest_hands)
    app.router.add_get("/api/trend", trend)
    app.router.add_get("/api/h2h", head_to_head)
    app.router.add_get("/api/history", history)
    app.router.add_get("/api/start", start)
    app.router.add_get("/api/chats", chats)


def _ledger(request: web.Request) -> Ledger:
    svc: Services = services_of(request.app[APPLICATION])
    return svc.ledger


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


async def _boards(request: web.Request) -> tuple[str, list[dict[str, Any]]]:
    """The period's label and its boards, one per ruleset played in it (``?ruleset=``: that
    one alone), each /top's rows for it folded by person, as JSON values."""
    viewer = viewer_of(request)
    period = await _period(request)
    ledger = _ledger(request)
    money = await ledger.stats.money(viewer.chat_id, period.since, period.until)
    wanted = request.query.get("ruleset")
    boards = []
    for board in await period_boards(ledger, viewer.chat_id, period):
        if wanted is None or board.ruleset == wanted:
            players = await _board_rows(ledger, viewer, board, money)
            name = ruleset_name(board.ruleset, viewer.language)
            boards.append({"ruleset": board.ruleset, "name": name, "players": players})
    return period_label(period, viewer.language), boards


async def _board_rows(
    ledger: Ledger, viewer: Viewer, board: Board, money: dict[int, int] | None
) -> list[dict[str, Any]]:
    players = []
    for row in ranked(board.players):
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
    return players


async def standings(request: web.Request) -> web.Response:
    """The Contract's standings, folded by person as /stats and /top fold them, a board per
    ruleset (``players``: the first board's rows, or the ``?ruleset=`` one's)."""
    label, boards = await _boards(request)
    players = boards[0]["players"] if boards else []
    return web.json_response({"period": label, "boards": boards, "players": players})


async def person(request: web.Request) -> web.Response:
    """One person's row of the period (any of their records names them): of the first board
    they are on, or of ``?ruleset=``; ``rulesets`` lists every board they are on."""
    viewer = viewer_of(request)
    player = _int(request, "player")
    folding = await _ledger(request).people.of_chat(viewer.chat_id)
    label, boards = await _boards(request)
    on = [
        (board["ruleset"], row)
        for board in boards
        for row in board["players"]
        if row["id"] == folding.person(player)
    ]
    found = [row for _, row in on]
    if not found:
        raise ApiError(404, "no_player", token=str(player))
    period = await _period(request)
    records = set(folding.records(folding.person(player)))
    awarded = await _ledger(request).awards.of_players(
        viewer.chat_id, records, period.since, period.until
    )
    awards = [
        {"id": row.award, "name": BY_ID[row.award].name(viewer.language), "entry": row.entry_id}
        for row in awarded
    ]
    return web.json_response(
        {
            "period": label,
            "ruleset": on[0][0],
            "rulesets": [ruleset for ruleset, _ in on],
            "player": found[0],
            "awards": awards,
        }
    )


async def biggest_hands(request: web.Request) -> web.Response:
    """The period's biggest hands, one per person (what /top names), biggest first."""
    label, boards = await _boards(request)
    hands = [
        {
            "player": p["name"],
            "hand": big["name"],
            "points": big["points"],
            "entry": big["entry"],
            "ruleset": board["ruleset"],
        }
        for board in boards
        for p in board["players"]
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
    root = folding.person(player)
    records = sorted(folding.records(root))
    # One ruleset's balance (``?ruleset=``, else the first the person played in the period):
    # two rulesets' points never add up.
    played = [
        board.ruleset
        for board in await period_boards(ledger, viewer.chat_id, period)
        if any(row.player.id == root and (row.hands or row.net) for row in board.players)
    ]
    ruleset = request.query.get("ruleset") or (played[0] if played else None)
    if ruleset is None:
        return web.json_response(
            {"by_month": False, "steps": [], "balances": [], "ruleset": None, "rulesets": []}
        )
    found = await ledger.trend.balance(
        viewer.chat_id, records, period.since, period.until, ruleset=ruleset
    )
    return web.json_response(
        {
            "by_month": found.by_month,
            "steps": list(found.steps),
            "balances": list(found.balances),
            "ruleset": ruleset,
            "rulesets": played,
        }
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
    """A page of entries, newest first, each as what it is (``history_entries``); a full
    hand names its picture."""
    viewer = viewer_of(request)
    ledger = _ledger(request)
    page = _int(request, "page", 1)
    if page < 1:
        raise _bad("page", str(page))
    found = await ledger.reports.history(viewer.chat_id, page=page, page_size=PAGE_SIZE)
    entries = await history_json(ledger, viewer.chat_id, found.entries, viewer.language)
    return web.json_response(
        {"page": found.page, "pages": found.pages, "total": found.total, "entries": entries}
    )


async def start(request: web.Request) -> web.Response:
    """What the page opens on, from the start token the guard verified (not its bytes read by
    the page): ``season`` or ``keyboard`` for a chat's link, ``chats`` for the menu button of
    one's private chat with the bot (no token)."""
    viewer = viewer_of(request)
    token = request.query.get("start") or _signed_start_param(request)
    if not token:
        screen = "chats"
    else:
        target = start_token.read(token, request.app[APPLICATION].bot.token)
        screen = "keyboard" if target.screen is Screen.KEYBOARD else "season"
    return web.json_response({"screen": screen, "chat": viewer.chat_id, "lang": viewer.language})


def _signed_start_param(request: web.Request) -> str:
    """The startapp of the initData the guard verified (a link opened with ``startapp``)."""
    raw = request.headers.get("Authorization", "").partition(" ")[2].strip()
    return dict(parse_qsl(raw, keep_blank_values=True)).get("start_param", "")


async def chats(request: web.Request) -> web.Response:
    """The chats the viewer plays in (by their Telegram id, never a name), most recently
    played first, each with the token that opens its season page and who plays there."""
    viewer = viewer_of(request)
    ledger = _ledger(request)
    bot_token = request.app[APPLICATION].bot.token
    found = []
    for chat_id, last in await ledger.players.chats_of_user(viewer.user_id):
        if chat_id == viewer.user_id:
            continue  # the private chat itself: this list is what it leads to
        others = [p.name for p in await ledger.players.all(chat_id) if p.user_id != viewer.user_id]
        found.append(
            {
                "start": start_token.make(chat_id, bot_token, Screen.SEASON),
                "players": others[:MAX_NAMED],
                "more": max(0, len(others) - MAX_NAMED),
                "last": last.isoformat() if last else None,
            }
        )
    return web.json_response({"lang": viewer.language, "chats": found})
