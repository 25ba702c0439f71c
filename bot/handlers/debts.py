"""Debts kept until paid: /debts (欠账, 欠款), /paid (还), and the ✅ 已付 / ↩ 撤销 / 📋 详情
buttons under /settle's transfers and /debts' lines (``ledger.debts``, docs/money.md).

Who may mark a debt paid: its payer, its payee (either's records, guest or member) or an
admin; who may undo a mark: an admin. The message a button sits under is edited to say who
marked what, so the other party sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update, User

from bot.buttons import debts as debt_buttons
from bot.buttons.registry import ButtonRoute
from bot.commands import Command
from bot.context import (
    ButtonPress,
    Context,
    argument_words,
    is_chat_admin,
    known_player,
    member_to_record,
    message_of,
    press_of,
    services,
    update_lang,
)
from bot.grammar.money import read_amount
from bot.handlers.reports import players_called
from bot.i18n import t
from bot.refusals.chat import ChatRefusal
from bot.replies.money import debt_day, yuan
from bot.text_limits import answer, edit, reply
from storage import Ledger, NewMember, Player
from storage.debts import DebtLine, OpenDebt

# Telegram shows up to 100 buttons under a message; a chat with more open debts than this
# sees the oldest ones first and is told how many more there are.
SHOWN_DEBTS: Final = 30


async def debts(update: Update, context: Context) -> None:
    """/debts: what each pair still owes, netted across sessions, oldest first."""
    message = message_of(update)
    lang = await update_lang(update, context)
    text, markup = await debts_view(context, message.chat.id, lang, details=False)
    await reply(message, text, reply_markup=markup)


async def debts_view(
    context: Context, chat_id: int, lang: str, *, details: bool
) -> tuple[str, InlineKeyboardMarkup | None]:
    ledger = services(context).ledger
    found = await ledger.debts.open_debts(chat_id)
    if not found:
        return t("debts_none", lang), None
    names = await _names(ledger, chat_id)
    lines = [f"<b>{t('debts_title', lang, count=len(found))}</b>"]
    rows = []
    for debt in found[:SHOWN_DEBTS]:
        lines.append(
            t(
                "debt_line",
                lang,
                payer=names[debt.payer],
                payee=names[debt.payee],
                amount=yuan(debt.fen, lang),
                since=debt_day(debt.since),
            )
        )
        if details:
            lines.extend(_detail(line, debt, names, lang) for line in debt.lines)
        owed = (debt.payer, debt.payee, debt.fen)
        rows.append(debt_buttons.pay_row(context.bot.token, chat_id, owed, names, lang))
    if len(found) > SHOWN_DEBTS:
        lines.append(t("debts_more", lang, count=len(found) - SHOWN_DEBTS))
    if not details:
        more = debt_buttons.DETAILS_PREFIX
        rows.append([InlineKeyboardButton(t("debts_details", lang), callback_data=more)])
    return "\n".join(lines), InlineKeyboardMarkup(rows)


def _detail(line: DebtLine, debt: OpenDebt, names: dict[int, str], lang: str) -> str:
    """One line under a debt in 📋 详情: a session's debt, a payment, or an undo of one."""
    amount = yuan(line.fen, lang)
    payer, payee = names.get(line.payer, "?"), names.get(line.payee, "?")
    day = debt_day(line.created_at)
    if line.kind == "debt":
        key = "debt_from_session"
    elif line.kind == "payment":
        key = "debt_from_payment_undone" if line.undone_by else "debt_from_payment"
    else:
        key = "debt_from_reversal"
    return "　" + t(
        key, lang, session=line.session_id, payer=payer, payee=payee, amount=amount, day=day
    )


async def _names(ledger: Ledger, chat_id: int) -> dict[int, str]:
    return {player.id: player.name for player in await ledger.players.all(chat_id)}


async def open_debts_note(ledger: Ledger, chat_id: int, lang: str) -> str | None:
    """The one line /new adds when the chat still has open debts."""
    found = await ledger.debts.open_debts(chat_id)
    if not found:
        return None
    total = yuan(sum(debt.fen for debt in found), lang)
    return t("debts_open_note", lang, count=len(found), amount=total)


async def paid(update: Update, context: Context) -> None:
    """/paid 乙 20: the sender paid 乙 20 元 of what they owe; /paid 甲 乙 20 (an admin): 甲
    paid 乙."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    words = argument_words(message)
    if len(words) not in (2, 3):
        raise ChatRefusal("paid_usage")
    amount = read_amount(words[-1], decimals=2)
    user = message.from_user
    if len(words) == 3:
        if not await is_chat_admin(context, message, user):
            raise ChatRefusal("paid_admin_only")
        payers = await players_called(ledger, message.chat.id, words[0])
    else:
        me = None if user is None else await known_player(context, message.chat, user)
        if me is None:
            raise ChatRefusal("paid_nothing_owed", payee=words[0])
        payers = [me]
    payees = await players_called(ledger, message.chat.id, words[-2])
    owed = [
        (payer, payee, await ledger.debts.owed(message.chat.id, payer.id, payee.id))
        for payer in payers
        for payee in payees
    ]
    payer, payee, most = max(owed, key=lambda found: found[2])
    if most <= 0:
        raise ChatRefusal("paid_nothing_owed_by", payer=payer.name, payee=payee.name)
    if amount.value > most:
        raise ChatRefusal(
            "paid_too_much",
            token=words[-1],
            payer=payer.name,
            payee=payee.name,
            owed=yuan(most, lang),
        )
    author = None if user is None else await member_to_record(context, message.chat, user)
    line = await ledger.debts.pay(message.chat.id, payer.id, payee.id, amount.value, _given(author))
    if line is None:  # paid meanwhile by a press: say what is owed now
        raise ChatRefusal("debt_already_paid")
    left = await ledger.debts.owed(message.chat.id, payer.id, payee.id)
    names = await _names(ledger, message.chat.id)
    text = t(
        "paid_recorded",
        lang,
        payer=names[line.payer],
        payee=names[line.payee],
        amount=yuan(line.fen, lang),
    )
    text += "\n" + (
        t("paid_left", lang, amount=yuan(left, lang)) if left > 0 else t("paid_square", lang)
    )
    data = debt_buttons.undo_data(context.bot.token, message.chat.id, line.id)
    markup = InlineKeyboardMarkup(
        [[InlineKeyboardButton(t("debt_undo_button", lang), callback_data=data)]]
    )
    await reply(message, text, reply_markup=markup)


async def pay_button(update: Update, context: Context) -> None:
    """✅ under a debt line: its payer, its payee or an admin marks it paid."""
    signed = await _signed_press(update, context, debt_buttons.read_pay)
    if signed is None:
        return
    button, shown = signed
    message, lang = button.message, button.lang
    chat_id = message.chat.id
    ledger = services(context).ledger
    user = update.effective_user
    presser = await _party(context, message, user, (shown.payer, shown.payee))
    names = await _names(ledger, chat_id)
    if presser is None and not await is_chat_admin(context, message, user):
        denied = t("debt_press_denied", lang, payer=names[shown.payer], payee=names[shown.payee])
        await answer(button.query, denied, alert=True)
        return
    author = presser or (
        None if user is None else await member_to_record(context, message.chat, user)
    )
    line = await ledger.debts.pay(chat_id, shown.payer, shown.payee, shown.fen, _given(author))
    if line is None:
        await answer(button.query, t("debt_already_paid", lang), alert=True)
        return
    await answer(button.query, t("debt_marked_toast", lang))
    marker = author.name if author is not None else t("debt_an_admin", lang)
    done = t(
        "debt_marked",
        lang,
        who=marker,
        payer=names[line.payer],
        payee=names[line.payee],
        amount=yuan(line.fen, lang),
    )
    undo = debt_buttons.undo_data(context.bot.token, chat_id, line.id)
    rows = _replaced(message, button.data, t("debt_undo_button", lang), undo)
    await edit(message, f"{message.text_html}\n{done}", reply_markup=rows)


async def undo_button(update: Update, context: Context) -> None:
    """↩ under a marked payment: an admin undoes the mark (the debt stands again)."""
    signed = await _signed_press(update, context, debt_buttons.read_undo)
    if signed is None:
        return
    button, payment = signed
    message, lang = button.message, button.lang
    chat_id = message.chat.id
    user = update.effective_user
    if not await is_chat_admin(context, message, user):
        await answer(button.query, t("debt_undo_denied", lang), alert=True)
        return
    ledger = services(context).ledger
    author = None if user is None else await member_to_record(context, message.chat, user)
    reversal = await ledger.debts.undo_payment(chat_id, payment, _given(author))
    if reversal is None:
        await answer(button.query, t("debt_undo_done_already", lang), alert=True)
        return
    await answer(button.query)
    names = await _names(ledger, chat_id)
    done = t(
        "debt_unmarked",
        lang,
        who=author.name if author is not None else t("debt_an_admin", lang),
        payer=names[reversal.payer],
        payee=names[reversal.payee],
        amount=yuan(reversal.fen, lang),
    )
    again = debt_buttons.pay_data(
        context.bot.token, chat_id, reversal.payer, reversal.payee, reversal.fen
    )
    label = debt_buttons.pay_label(names[reversal.payer], names[reversal.payee], lang)
    rows = _replaced(message, button.data, label, again)
    await edit(message, f"{message.text_html}\n{done}", reply_markup=rows)


Signed = TypeVar("Signed")  # what a button's signed data says: a debt line's ✅, a payment


async def _signed_press(
    update: Update, context: Context, read: Callable[[str, int, str], Signed | None]
) -> tuple[ButtonPress, Signed] | None:
    """The press and what its signed data says (``read``: the ✅'s or the ↩'s reader); None,
    answered, for data the bot did not write for this chat."""
    button = await press_of(update, context)
    if button is None:
        return None
    found = read(context.bot.token, button.message.chat.id, button.data)
    if found is None:
        await answer(button.query, t("button_expired", button.lang), alert=True)
        return None
    return button, found


def _given(author: Player | NewMember | None) -> int | NewMember | None:
    """The presser as the ledger takes them: a known player's id, or the member its write
    records (a refused press records nobody)."""
    return author.id if isinstance(author, Player) else author


async def details_button(update: Update, context: Context) -> None:
    """📋 详情 under /debts: the same list with where each debt came from."""
    button = await press_of(update, context)
    if button is None:
        return
    await answer(button.query)
    text, markup = await debts_view(context, button.message.chat.id, button.lang, details=True)
    await edit(button.message, text, reply_markup=markup)


async def _party(
    context: Context, message: Message, user: User | None, records: Sequence[int]
) -> Player | None:
    """The presser's player if they are one of the pair (any record of either person)."""
    if user is None:
        return None
    me = await known_player(context, message.chat, user)
    if me is None:
        return None
    people = await services(context).ledger.people.of_chat(message.chat.id)
    if people.person(me.id) in {people.person(record) for record in records}:
        return me
    return None


def _replaced(
    message: Message, data: str, label: str, new_data: str
) -> InlineKeyboardMarkup | None:
    """The message's buttons with the one carrying ``data`` swapped for ``label``/``new_data``."""
    markup = message.reply_markup
    if markup is None:
        return None
    rows = [
        [
            InlineKeyboardButton(label, callback_data=new_data)
            if button.callback_data == data
            else button
            for button in row
        ]
        for row in markup.inline_keyboard
    ]
    return InlineKeyboardMarkup(rows)


COMMANDS: Final = (
    Command("debts", debts, verbs=("欠账", "欠款")),
    Command("paid", paid, verbs=("还",), group_only=True),
)
BUTTONS: Final = (
    ButtonRoute(debt_buttons.PAY_PREFIX, pay_button, debt_buttons.WIDEST_PAY),
    ButtonRoute(debt_buttons.UNDO_PREFIX, undo_button, debt_buttons.WIDEST_UNDO),
    ButtonRoute(debt_buttons.DETAILS_PREFIX, details_button, ""),
)
