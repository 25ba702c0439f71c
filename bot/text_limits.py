"""Every message the bot sends goes through here, cut to what Telegram accepts.

Telegram refuses a text over 4,096 characters (counted after the HTML is parsed), a caption
over 1,024, an alert over 200 and button data over 64 bytes, and a refused reply leaves the
chat in silence. Long lists page themselves (see ``bot.paging``); this is the last guard: a
text still too long is cut at a line with an ellipsis, its open tags closed.
"""

from __future__ import annotations

import re
from typing import IO, Final

from telegram import Bot, CallbackQuery, InlineKeyboardMarkup, Message
from telegram.error import BadRequest

from bot.i18n import plain

TEXT_LIMIT: Final = 4096
CAPTION_LIMIT: Final = 1024
ALERT_LIMIT: Final = 200
CALLBACK_DATA_LIMIT: Final = 64  # bytes of UTF-8
START_PAYLOAD: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what ?start= and ?startgroup= take
QUOTE_LIMIT: Final = 60  # a user's word quoted back in a refusal
ELLIPSIS: Final = "…"
_HTML_PIECE: Final = re.compile(r"<(/?)([a-zA-Z-]+)[^>]*>|&#?\w+;|[^<&]+|&")


def units(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A user's text to quote back: whole, or its start and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def fit_html(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` (HTML) whole if its visible text fits ``limit``; else cut to fit with an
    ellipsis, at the last line break when there is one in the later half, tags closed."""
    # Markup only shortens the visible text and a character is at most two units: most
    # replies need no parsing to know they fit.
    if 2 * len(text) <= limit or units(_visible(text)) <= limit:
        return text
    budget = limit - units(ELLIPSIS)
    kept: list[str] = []
    open_tags: list[str] = []
    for piece in _HTML_PIECE.finditer(text):
        token = piece.group()
        if piece.group(2):  # a tag: no visible length
            _track(open_tags, piece.group(2).lower(), closing=bool(piece.group(1)))
            kept.append(token)
            continue
        seen = _visible(token)
        if units(seen) > budget:
            kept.append(_cut_text(token, budget))
            break
        kept.append(token)
        budget -= units(seen)
    return "".join(kept) + ELLIPSIS + "".join(f"</{tag}>" for tag in reversed(open_tags))


def fit_plain(text: str, limit: int) -> str:
    """Plain ``text`` whole if it fits ``limit``; else its start and an ellipsis."""
    if units(text) <= limit:
        return text
    return _start(text, limit - units(ELLIPSIS)) + ELLIPSIS


def _start(text: str, budget: int) -> str:
    """The longest start of ``text`` within ``budget`` UTF-16 units."""
    used = 0
    for index, char in enumerate(text):
        used += units(char)
        if used > budget:
            return text[:index]
    return text


def _visible(html_text: str) -> str:
    return plain(html_text, limit=None)


def _track(open_tags: list[str], tag: str, closing: bool) -> None:
    if not closing:
        open_tags.append(tag)
    elif open_tags and open_tags[-1] == tag:
        open_tags.pop()


def _cut_text(token: str, budget: int) -> str:
    """The start of a run of text or an entity (&amp;: all or nothing) within ``budget``."""
    if token.startswith("&"):
        return ""
    cut = _start(token, budget)
    line_end = cut.rfind("\n")
    return cut[: line_end + 1] if line_end >= len(cut) // 2 else cut


def checked(markup: InlineKeyboardMarkup | None) -> InlineKeyboardMarkup | None:
    """The keyboard, after making sure Telegram will take every button's data."""
    for row in markup.inline_keyboard if markup else ():
        for button in row:
            data = button.callback_data
            if isinstance(data, str) and not 1 <= len(data.encode()) <= CALLBACK_DATA_LIMIT:
                raise ValueError(f"button data of {len(data.encode())} bytes: {data[:80]!r}")
    return markup


def start_group_url(bot_username: str, payload: str) -> str:
    """The link that opens Telegram's "add to group" picker for the bot, ``payload`` handed
    back with the /start it sends there (Telegram takes 1-64 of A-Z a-z 0-9 _ -)."""
    if not START_PAYLOAD.fullmatch(payload):
        raise ValueError(f"a start payload takes 1-64 of A-Z a-z 0-9 _ -: {payload[:80]!r}")
    return f"https://t.me/{bot_username}?startgroup={payload}"


async def reply(
    message: Message, text: str, reply_markup: InlineKeyboardMarkup | None = None
) -> Message:
    """A reply to ``message`` (HTML)."""
    return await message.reply_text(fit_html(text), reply_markup=checked(reply_markup))


async def send(bot: Bot, chat_id: int, text: str) -> Message:
    """A message to a chat, not in reply to anything (HTML)."""
    return await bot.send_message(chat_id, fit_html(text))


async def edit(
    message: Message, text: str, reply_markup: InlineKeyboardMarkup | None = None
) -> None:
    """Replace the text of the bot's ``message``; showing what it shows already is no error."""
    try:
        await message.edit_text(fit_html(text), reply_markup=checked(reply_markup))
    except BadRequest as error:
        if "not modified" not in error.message:
            raise


async def edit_sent(bot: Bot, chat_id: int, message_id: int, text: str) -> None:
    """Replace the text of a message the bot sent earlier (known by id), its buttons gone."""
    try:
        await bot.edit_message_text(fit_html(text), chat_id, message_id, reply_markup=None)
    except BadRequest as error:
        if "not modified" not in error.message:
            raise


async def answer(query: CallbackQuery, text: str | None = None, alert: bool = False) -> None:
    """Answer a button press: nothing, a toast, or an alert (``text`` is HTML, shown plain)."""
    if text is None:
        await query.answer()
        return
    await query.answer(fit_plain(plain(text, limit=None), ALERT_LIMIT), show_alert=alert)


async def reply_photo(
    message: Message, png: bytes, filename: str, caption: str | None = None
) -> Message:
    return await message.reply_photo(
        png, caption=fit_html(caption, CAPTION_LIMIT) if caption else None, filename=filename
    )


async def reply_document(message: Message, data: IO[bytes], filename: str, caption: str) -> Message:
    return await message.reply_document(
        data, filename=filename, caption=fit_html(caption, CAPTION_LIMIT)
    )
