"""Rows a feature adds under a hand's recording reply, registered once at composition time
(``bot.app``): the replies import no feature, the features hand them their buttons (the tap
flow's ➕ 记一手, the Mini App's 🀄 整手牌)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from telegram import Chat, InlineKeyboardButton
from telegram.ext import CallbackContext

# The context a reply is made in: PTB's, as every handler has it (``bot.context.Context``).
AnyContext = CallbackContext[Any, Any, Any, Any]
# A row's one button for this chat in this language, or None when the feature has none here.
HandRow = Callable[[AnyContext, Chat, str], InlineKeyboardButton | None]

_HAND_ROWS: list[HandRow] = []


def decorate_hand_replies(*rows: HandRow) -> None:
    """The rows under every hand's reply, in order (a second call replaces the first's)."""
    _HAND_ROWS[:] = rows


def hand_rows(context: AnyContext, chat: Chat, lang: str) -> list[list[InlineKeyboardButton]]:
    """The registered rows that have a button for this chat."""
    found = (row(context, chat, lang) for row in _HAND_ROWS)
    return [[button] for button in found if button is not None]
