"""Cards shared outside the chat: the season card at a signed address, the season page's
「分享」 (``POST /api/share``: a prepared inline message for ``Telegram.WebApp.shareMessage``)
and the bot's inline mode (``@bot`` in any chat: the asker's own chats' cards).

Telegram fetches a shared photo by its address, so ``GET /cards/<token>.png`` answers
without initData: the token is the start token of the chat (``Screen.CARD``), signed with a
key from the bot token — only the bot makes one, and it names one chat's card, nothing more.
The card shows the chat's running season, else this month (the players' clock).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from aiohttp import web
from telegram import Bot, InlineQueryResultPhoto, Update
from telegram.error import TelegramError

from bot.context import Context, Services, services_of
from bot.grammar.periods import Period, read_period
from bot.replies.cards import card_bytes, season_card
from bot.replies.period_stats import season_period
from bot.webapp import start_token
from bot.webapp.contract import ApiError
from bot.webapp.start_token import ForgedToken, Screen
from bot.webapp.viewer import APPLICATION, viewer_of
from storage import Ledger

CARD_CACHE: Final = "public, max-age=300"  # a shared card may lag a hand by five minutes
MAX_INLINE_CARDS: Final = 10  # the chats an inline answer offers, most recently played first
CARD_PATH: Final = "/cards/{token}.png"


def add_routes(app: web.Application) -> None:
    app.router.add_get("/cards/{token:[A-Za-z0-9_-]{34}}.png", card)
    app.router.add_post("/api/share", share)


def card_url(webapp_url: str, chat_id: int, bot_token: str) -> str:
    token = start_token.make(chat_id, bot_token, Screen.CARD)
    return webapp_url + CARD_PATH.format(token=token)


async def current_period(ledger: Ledger, chat_id: int) -> Period:
    """The chat's running season, else this month."""
    season = await ledger.seasons.current(chat_id)
    if season is not None:
        return season_period(season)
    month = read_period("本月", datetime.now(UTC))
    assert month is not None  # a word the period grammar always reads
    return month


async def chat_card_png(ledger: Ledger, chat_id: int, title: str) -> bytes:
    chat = await ledger.chats.get(chat_id)
    lang = (chat.lang if chat else None) or "zh"
    card = await season_card(ledger, chat_id, title, await current_period(ledger, chat_id), lang)
    return await card_bytes(card, lang)


def _services(app: web.Application) -> Services:
    services: Services = services_of(app[APPLICATION])
    return services


async def card(request: web.Request) -> web.StreamResponse:
    """GET /cards/<token>.png: the chat's season card, or 404 for a token the bot did not make."""
    services = _services(request.app)
    try:
        target = start_token.read(request.match_info["token"], services.config.token or "")
    except ForgedToken:
        raise web.HTTPNotFound() from None
    if target.screen != Screen.CARD:
        raise web.HTTPNotFound()
    title = await chat_title(request.app[APPLICATION].bot, target.chat_id)
    png = await chat_card_png(services.ledger, target.chat_id, title)
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": CARD_CACHE})


async def chat_title(bot: Bot, chat_id: int) -> str:
    """The chat's title as Telegram names it (empty when Telegram will not say: the card
    without its chat's title is still the card)."""
    try:
        chat = await bot.get_chat(chat_id)
    except TelegramError:
        return ""
    return chat.title or ""


def card_result(result_id: str, url: str, title: str) -> InlineQueryResultPhoto:
    return InlineQueryResultPhoto(result_id, url, url, title=title, photo_width=600)


async def share(request: web.Request) -> web.Response:
    """POST /api/share: the viewer's chat's season card prepared for them to send anywhere;
    the page passes the id to ``Telegram.WebApp.shareMessage``."""
    viewer = viewer_of(request)
    services = _services(request.app)
    config = services.config
    if not config.webapp_url or not config.token:
        raise ApiError(409, "share")
    title = await chat_title(request.app[APPLICATION].bot, viewer.chat_id)
    url = card_url(config.webapp_url, viewer.chat_id, config.token)
    prepared = await request.app[APPLICATION].bot.save_prepared_inline_message(
        viewer.user_id,
        card_result(f"card-{viewer.chat_id}", url, title),
        allow_user_chats=True,
        allow_group_chats=True,
        allow_channel_chats=True,
    )
    return web.json_response({"id": prepared.id})


async def inline_cards(update: Update, context: Context) -> None:
    """``@bot`` in any chat: the cards of the chats the asker plays in (by their Telegram user
    id: a player record of theirs in that chat), nothing of anyone else's."""
    query = update.inline_query
    if query is None:
        return
    services: Services = services_of(context.application)
    config = services.config
    results = []
    if config.webapp_url and config.token:
        chats = await services.ledger.players.chats_of_user(query.from_user.id)
        for chat_id, _ in chats[:MAX_INLINE_CARDS]:
            title = await chat_title(context.bot, chat_id)
            url = card_url(config.webapp_url, chat_id, config.token)
            results.append(card_result(f"card-{chat_id}", url, title))
    await query.answer(results, cache_time=60, is_personal=True)
