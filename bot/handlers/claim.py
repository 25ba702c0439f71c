"""One tap to be yourself (issue 30): a friend seated by name (`/new 杭州 1 老王 小李 阿明 大刘`)
who presses a button only the seated may press, or types a line, is asked 「你是哪位？」 with a
button per unclaimed guest at the table and 「只是看看」. One tap is their /iam (the same rules,
``bot.identity_policy``; announced with its ↩️ 撤销, undone as any P-event), and the press they
meant goes on. /new's reply carries the same buttons. Nobody is claimed by a name matching.

The press waiting for the answer is kept in the chat's ``ChatState.claims`` by user, as the
callable that presses it again (made by the feature that was refused, ``bot.handlers.tap``):
forgetting it (a restart) costs the player one more press, never a wrong write.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Final

from telegram import (
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
    User,
)

from bot.buttons import WIDEST_ENTRY_ID, ButtonRoute
from bot.chat_refusal import ChatRefusal
from bot.chat_state import PendingPress
from bot.cleaning import as_number
from bot.context import Context, chat_state, known_player, press_of
from bot.handlers import people
from bot.i18n import plain, t
from bot.replies import answer, edit, reply
from bot.seated_table import SeatedTable
from bot.table import open_table
from scoring.tiles import SEAT_ORDER
from storage import Player, StorageError

PREFIX: Final = "iam:"  # iam:<guest's player id>, or iam:x for 「只是看看」
_WATCHING: Final = "x"

# Presses the refused press again once its presser has claimed their guest (answering the
# claim's own press: the first one was answered with the question).
Resume = Callable[[CallbackQuery], Awaitable[None]]


def unclaimed_guests(table: SeatedTable) -> list[Player]:
    """The guests seated at the table, in seat order: a claimed guest's seat holds its member
    (the table seats each person's root record), so a seated guest is one nobody claimed."""
    seated = [table.players[seat] for seat in SEAT_ORDER if seat in table.players]
    return [player for player in seated if player.is_guest]


def claim_markup(guests: list[Player], lang: str) -> InlineKeyboardMarkup:
    """A button per unclaimed guest and 「只是看看」."""
    buttons = [
        InlineKeyboardButton(guest.name, callback_data=f"{PREFIX}{guest.id}") for guest in guests
    ]
    rows = [buttons[i : i + 2] for i in range(0, len(buttons), 2)]
    rows.append(
        [InlineKeyboardButton(t("claim_watching_button", lang), callback_data=PREFIX + _WATCHING)]
    )
    return InlineKeyboardMarkup(rows)


async def ask_for_press(
    context: Context, message: Message, query: CallbackQuery, lang: str, resume: Resume
) -> bool:
    """A press refused for not being seated: when the table has unclaimed guests, the presser
    is asked who they are (True; their press waits); False where there is no one to be."""
    table = await open_table(context, message.chat.id)
    guests = unclaimed_guests(table)
    if not guests:
        return False
    user = query.from_user
    text = t("claim_who", lang, name=user.full_name)
    asked = await reply(message, text, claim_markup(guests, lang))
    state = chat_state(context, message.chat.id)
    state.claims[user.id] = PendingPress(asked.message_id, resume)
    state.asked.add((table.session.id, user.id))
    await answer(query, t("claim_who_toast", lang))
    return True


async def ask_after_line(context: Context, message: Message, lang: str) -> None:
    """A line from someone not seated at a table with unclaimed guests (their line went on as
    typed): asked once a session who they are, 「只是看看」 an answer too."""
    user = message.from_user
    if user is None or user.is_bot or message.sender_chat is not None:
        return
    state = chat_state(context, message.chat.id)
    try:
        table = await open_table(context, message.chat.id)
    except ChatRefusal:
        return  # no open session: no one to be
    if (table.session.id, user.id) in state.asked or await _seated(context, message, user, table):
        return
    guests = unclaimed_guests(table)
    if not guests:
        return
    state.asked.add((table.session.id, user.id))
    await reply(message, t("claim_who", lang, name=user.full_name), claim_markup(guests, lang))


async def _seated(context: Context, message: Message, user: User, table: SeatedTable) -> bool:
    player = await known_player(context, message.chat, user)
    return player is not None and table.seat_of(player.id) is not None


async def claim_button(update: Update, context: Context) -> None:
    """A guest's name under 「你是哪位？」 (or /new's reply): the presser's /iam, announced; then
    the press they were asked for goes on. 「只是看看」: nothing, and not asked again."""
    button = await press_of(update, context)
    if button is None:
        return
    query, message, lang = button.query, button.message, button.lang
    state = chat_state(context, message.chat.id)
    wanted = button.data.removeprefix(PREFIX)
    if wanted == _WATCHING:
        pending = state.claims.get(query.from_user.id)
        if pending is not None and pending.asked_id == message.message_id:
            del state.claims[query.from_user.id]
        await answer(query, t("claim_watching", lang))
        return
    guest_id = as_number(wanted)
    try:
        if guest_id is None:
            raise ChatRefusal("bad_button", token=button.data)
        claimed = await people.claim_guest(context, update, message, guest_id)
    except ChatRefusal as refusal:
        await answer(query, plain(t(refusal.key, lang, **refusal.params)), alert=True)
        return
    except StorageError as error:
        await answer(query, plain(error.message(lang)), alert=True)
        return
    await people.announce_link(context, message, claimed, lang)
    await _drop_button(context, message, lang)
    pending = state.claims.pop(query.from_user.id, None)
    if pending is None:
        await answer(query)
        return
    await pending.resume(query)


async def _drop_button(context: Context, message: Message, lang: str) -> None:
    """The asking message without the guests claimed since: only the unclaimed stay."""
    try:
        guests = unclaimed_guests(await open_table(context, message.chat.id))
    except ChatRefusal:
        guests = []
    markup = claim_markup(guests, lang) if guests else None
    await edit(message, message.text_html, markup)


BUTTONS: Final = (ButtonRoute(PREFIX, claim_button, WIDEST_ENTRY_ID),)
