"""The reply to a hand just recorded: the short or full text with [↩️ 撤销] [📋 详情] and,
as the chat's /settings say, a picture of each hand typed with its tiles.

It answers the command's message, or — for a recording that came with none (the Mini App's
tile keyboard) — is sent to the chat: the same text, buttons and pictures either way."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from telegram import Chat, Message
from telegram.constants import ChatAction

from bot import pictures
from bot.context import Context, chat_settings, services
from bot.recording.claims import ScoredClaim
from bot.recording.table import remember, standings
from bot.replies.awards import award_new_wins, awards_line
from bot.replies.decorations import hand_rows
from bot.replies.hand import hand_markup, hand_text, next_dealer_text, scene_after, with_cheer
from bot.table.seated import SeatedTable, after_entries
from bot.text_limits import CAPTION_LIMIT, checked, fit_html, reply, reply_photo
from scoring.result import ScoreResult
from storage import Entry, Recorded

# Where a recording reply goes: in reply to the command, or into the chat it was made for.
Answering = Message | Chat


@dataclass(frozen=True)
class RecordedWins:
    """What a recording reply tells: the table after the write (its dealer deals next),
    the claims as scored and the entries the ledger wrote for them."""

    table: SeatedTable
    scored: list[ScoredClaim]
    recorded: Recorded


async def reply_hu(
    context: Context,
    message: Answering,
    table: SeatedTable,
    written: tuple[list[ScoredClaim], Recorded],
    lang: str,
    prefix: str = "",
) -> None:
    """The recording reply (and pictures) to ``message`` for a /hu ``record_hu`` wrote."""
    scored, recorded = written
    after = remember(
        context, after_entries(table, recorded.session or table.session, recorded.entries)
    )
    await send_win_reply(context, message, RecordedWins(after, scored, recorded), lang, prefix)


async def send_win_reply(
    context: Context, message: Answering, wins: RecordedWins, lang: str, prefix: str = ""
) -> None:
    """The recording reply (short or full as the chat's /settings say) and, unless they say
    no pictures, a picture of each hand typed with its tiles."""
    table, recorded = wins.table, wins.recorded
    cheer = await _awards_line(context, table, recorded, lang)
    await send_hand_reply(context, message, table, recorded.entries, lang, prefix, cheer)
    if not (await chat_settings(context, _chat(message).id)).hand_pictures:
        return
    for item, entry in zip(wins.scored, recorded.entries, strict=False):
        if item.full_hand:
            await _send_hand_picture(context, message, table, item.result, entry, lang)


async def send_hand_reply(
    context: Context,
    message: Answering,
    table: SeatedTable,
    entries: tuple[Entry, ...],
    lang: str,
    prefix: str = "",
    cheer: str = "",
) -> None:
    """The reply to a hand just recorded (``table`` is the table after the write, its dealer
    deals next), with [↩️ 撤销] [📋 详情]: short unless the chat chose full replies."""
    chat = _chat(message)
    full = (await chat_settings(context, chat.id)).full_replies
    tally = await standings(context, table) if full else None
    text = with_cheer(
        prefix + hand_text(scene_after(table, entries, tally), lang, full), cheer, full
    )
    markup = hand_markup(entries, lang, full, hand_rows(context, chat, lang))
    if isinstance(message, Message):
        await reply(message, text, reply_markup=markup)
    else:
        await context.bot.send_message(chat.id, fit_html(text), reply_markup=checked(markup))


async def _awards_line(context: Context, table: SeatedTable, recorded: Recorded, lang: str) -> str:
    """The awards the wins just written earned, kept and told in one line (none: empty)."""
    if recorded.replay:
        return ""
    session = table.session
    rows = await award_new_wins(
        services(context).ledger,
        session.chat_id,
        session.id,
        [entry.id for entry in recorded.entries],
    )
    return awards_line(rows, {p.id: p.name for p in table.players.values()}, lang)


def _chat(message: Answering) -> Chat:
    return message.chat if isinstance(message, Message) else message


async def _send_hand_picture(
    context: Context,
    message: Answering,
    table: SeatedTable,
    result: ScoreResult,
    entry: Entry,
    lang: str,
) -> None:
    """The hand as a picture; its caption names the entry so a reply /why finds it."""
    caption, filename = f"#{entry.number}", f"hand-{entry.number}.png"
    if isinstance(message, Message):
        await message.reply_chat_action(ChatAction.UPLOAD_PHOTO)
        png = await asyncio.to_thread(pictures.hand_png, result, table.names(), lang)
        await reply_photo(message, png, caption=caption, filename=filename)
        return
    await context.bot.send_chat_action(message.id, ChatAction.UPLOAD_PHOTO)
    png = await asyncio.to_thread(pictures.hand_png, result, table.names(), lang)
    await context.bot.send_photo(
        message.id, png, caption=fit_html(caption, CAPTION_LIMIT), filename=filename
    )


def table_dealer_text(table: SeatedTable, lang: str) -> str:
    """Who deals the table's next hand, and the round wind."""
    return next_dealer_text(table.dealer, table.name(table.dealer), table.round_wind, lang)


async def reply_kong(
    context: Context, message: Message, table: SeatedTable, recorded: Recorded, lang: str
) -> None:
    """The recording reply to ``message`` for a kong ``record_kong`` wrote."""
    session = table.session
    after = remember(context, after_entries(table, recorded.session or session, recorded.entries))
    await send_hand_reply(context, message, after, recorded.entries, lang)


async def reply_draw(
    context: Context, message: Message, table: SeatedTable, recorded: Recorded, lang: str
) -> None:
    """The recording reply to ``message`` for a 流局 the ledger wrote."""
    session = table.session
    after = remember(context, after_entries(table, recorded.session or session, ()))
    await send_hand_reply(context, message, after, recorded.entries, lang)
