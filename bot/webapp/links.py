"""The buttons that open the Mini App from a reply.

Telegram allows no ``web_app`` button in a group, so a group's reply carries a URL button to
``https://t.me/<bot>/<WEBAPP_SHORT_NAME>?startapp=<token>``; a private chat gets a ``web_app``
button straight to the page. Nothing is added while the Mini App is not configured.
"""

from __future__ import annotations

from telegram import Chat, InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo
from telegram.constants import ChatType

from bot.context import Context, services
from bot.i18n import t
from bot.webapp import start_token
from bot.webapp.start_token import Screen

_LABELS = {Screen.SEASON: "webapp_season_button", Screen.KEYBOARD: "webapp_keyboard_button"}


def webapp_button(
    context: Context, chat: Chat, lang: str, screen: Screen = Screen.SEASON
) -> InlineKeyboardButton | None:
    """The button that opens ``screen`` for this chat, or None when there is no Mini App."""
    config = services(context).config
    if not config.webapp_url or not config.token:
        return None
    token = start_token.make(chat.id, config.token, screen)
    label = t(_LABELS[screen], lang)
    if chat.type == ChatType.PRIVATE:
        return InlineKeyboardButton(
            label, web_app=WebAppInfo(f"{config.webapp_url}/app/?start={token}")
        )
    username = context.bot.username
    if not config.webapp_short_name or not username:
        return None
    return InlineKeyboardButton(
        label, url=f"https://t.me/{username}/{config.webapp_short_name}?startapp={token}"
    )


def keyboard_button(context: Context, chat: Chat, lang: str) -> InlineKeyboardButton | None:
    """🀄 整手牌 under a hand's reply (registered in ``bot.app``, see
    ``bot.replies.decorations``)."""
    return webapp_button(context, chat, lang, Screen.KEYBOARD)


def with_webapp(
    markup: InlineKeyboardMarkup | None,
    context: Context,
    chat: Chat,
    lang: str,
    screen: Screen = Screen.SEASON,
) -> InlineKeyboardMarkup | None:
    """``markup`` with the Mini App's button as a row of its own under it."""
    button = webapp_button(context, chat, lang, screen)
    if button is None:
        return markup
    rows = [list(row) for row in markup.inline_keyboard] if markup is not None else []
    return InlineKeyboardMarkup([*rows, [button]])
