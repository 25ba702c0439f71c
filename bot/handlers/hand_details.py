"""📋 详情 and 🔼 收起 under a recording reply: the same message, edited to the other form.

The text is written again from the ledger (the entries, their session, the seats written with
them), never from memory, so the buttons work on any reply the bot ever sent, after restarts.
A hand undone since (by /undo or an edit) is shown struck through with what holds now, as
the 撤销 button leaves it.
"""

from __future__ import annotations

from typing import Final

from telegram import Update

from bot.buttons.registry import WIDEST_HAND_IDS, ButtonRoute
from bot.context import Context, press_of, services
from bot.i18n import t
from bot.recording.arguments import button_numbers
from bot.refusals.chat import ChatRefusal
from bot.replies.awards import hand_cheer
from bot.replies.decorations import hand_rows
from bot.replies.hand import (
    FULL_PREFIX,
    SHORT_PREFIX,
    HandScene,
    hand_markup,
    hand_text,
    next_dealer_text,
    scene_from_ledger,
    with_cheer,
)
from bot.replies.table import tally_block
from bot.text_limits import answer, edit
from scoring.tiles import SEAT_ORDER, Seat
from storage import Entry, Ledger, Session, StorageError


async def toggle_button(update: Update, context: Context) -> None:
    """Show the reply's full form (详情) or its short one (收起)."""
    button = await press_of(update, context)
    if button is None:
        return
    query, message, lang = button.query, button.message, button.lang
    full = button.data.startswith(FULL_PREFIX)
    ids_data = button.data.removeprefix(FULL_PREFIX if full else SHORT_PREFIX)
    ledger = services(context).ledger
    try:
        entries = await _hand_entries(ledger, message.chat.id, ids_data)
    except ChatRefusal as refusal:
        await answer(query, t(refusal.key, lang, **refusal.params), alert=True)
        return
    assert entries[0].session_id is not None  # _hand_entries keeps recordings only
    session = await ledger.sessions.get(message.chat.id, entries[0].session_id)
    scene = await _scene(ledger, session, entries, full)
    corrected = await _correction_line(ledger, entries, lang)
    await answer(query)
    if any(entry.is_reversed for entry in entries):
        text = await _undone_text(ledger, session, scene, lang, corrected)
        await edit(message, text, reply_markup=None)
        return
    cheer = await hand_cheer(ledger, message.chat.id, [entry.id for entry in entries], lang)
    text = with_cheer(corrected + hand_text(scene, lang, full), cheer, full)
    markup = hand_markup(entries, lang, full, hand_rows(context, message.chat, lang))
    await edit(message, text, reply_markup=markup)


BUTTONS: Final = (
    ButtonRoute(FULL_PREFIX, toggle_button, WIDEST_HAND_IDS),
    ButtonRoute(SHORT_PREFIX, toggle_button, WIDEST_HAND_IDS),
)


async def _hand_entries(ledger: Ledger, chat_id: int, ids_data: str) -> tuple[Entry, ...]:
    """The recordings a button names, of this chat; ChatRefusal('bad_button') for anything else."""
    try:
        entries = tuple(
            [await ledger.reports.entry(chat_id, entry_id) for entry_id in button_numbers(ids_data)]
        )
    except StorageError:
        raise ChatRefusal("bad_button", token=ids_data) from None
    if any(
        entry.kind not in ("win", "kong", "draw") or entry.session_id is None for entry in entries
    ):
        raise ChatRefusal("bad_button", token=ids_data)
    return entries


async def _scene(
    ledger: Ledger, session: Session, entries: tuple[Entry, ...], full: bool
) -> HandScene:
    chat_id = session.chat_id
    seating = await ledger.reports.hand_seating(chat_id, entries[0].id)
    players = {player.id: player for player in await ledger.players.all(chat_id)}
    tally = await ledger.reports.tally(chat_id, session.id) if full else None
    return scene_from_ledger(entries, (session.ruleset, session.base), seating, players, tally)


async def _correction_line(ledger: Ledger, entries: tuple[Entry, ...], lang: str) -> str:
    """The line a reply to an edited /hu starts with (已更正：撤销 #1，重记为 #3), read again
    from the ledger: the edit wrote the reversal and the new win from the same message, the
    reversal just before the win; '' for a hand recorded any other way."""
    entry = entries[0]
    if len(entries) != 1 or entry.source is None or entry.source.message_id is None:
        return ""
    same_message = await ledger.reports.entries_by_message(entry.chat_id, entry.source.message_id)
    reversal = next(
        (e for e in reversed(same_message) if e.kind == "reversal" and e.id < entry.id), None
    )
    if reversal is None:
        return ""
    return t("edit_corrected", lang, old=reversal.reverses_number, new=entry.number) + "\n"


async def _undone_text(
    ledger: Ledger, session: Session, scene: HandScene, lang: str, corrected: str
) -> str:
    """The short form (after the correction line of an edit's reply) struck through, and what
    holds now: the standings and the next dealer."""
    reversals = ",".join(
        str(entry.reversed_by_number) for entry in scene.entries if entry.reversed_by_number
    )
    now = [
        f"<s>{corrected}{hand_text(scene, lang, full=False)}</s>",
        t("undone_since", lang, reversal=reversals),
        tally_block(await ledger.reports.tally(session.chat_id, session.id), lang),
    ]
    current = await ledger.sessions.get(session.chat_id, session.id)
    if current.is_open:
        dealer = Seat(current.dealer)
        dealer_id = current.seats[SEAT_ORDER.index(dealer)]
        names = {p.id: p.name for p in await ledger.players.all(session.chat_id)}
        name = names.get(dealer_id) if dealer_id is not None else None
        now.append(next_dealer_text(dealer, name or dealer.zh, Seat(current.round_wind), lang))
    return "\n".join(now)
