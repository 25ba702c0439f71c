"""Lines typed in a group without a command: a result said as people say it (老王自摸爆头,
阿明点的炮 小李胡了, Tom tsumo baotou) or a money line (台费40, 罚 老王 30, 老王给小李20) is read
by the one grammar (``bot.grammar.typed``) and recorded, or offered as ONE reading with ✅;
everything else is chatter and gets no answer. The ✅ records exactly the reading shown."""

from __future__ import annotations

from typing import Final

from telegram import Message, Update

from bot.buttons import typed_confirm
from bot.buttons.registry import ButtonRoute
from bot.context import (
    Context,
    author_to_record,
    is_chat_admin,
    message_of,
    services,
    update_lang,
)
from bot.grammar import GrammarError, HuCommand
from bot.grammar.typed import read_money
from bot.handlers import hands, money
from bot.i18n import t
from bot.recording.arguments import speaker_roster
from bot.recording.claims import score_claims, win_specs
from bot.recording.replies import RecordedWins, reply_hu, send_win_reply
from bot.recording.table import forget, open_table
from bot.recording.typed_reading import (
    VERB,
    is_typed_result,
    may_be_result,
    read_line,
    reading_in,
)
from bot.recording.writes import record_hu
from bot.refusals.chat import ChatRefusal
from bot.refusals.user_errors import user_message
from bot.replies.table import empty_seats
from bot.table.seated import SeatedTable
from bot.text_limits import answer, edit
from scoring.errors import ScoringError
from storage import NewMember, Recorded, Source, StorageError


async def line(update: Update, context: Context) -> None:
    """A group's line without a command: recorded, offered with ✅, or (chatter) left alone."""
    message = message_of(update)
    text = message.text or ""
    if not may_be_result(text):
        return
    try:
        table = await open_table(context, message.chat.id)
    except ChatRefusal:
        return  # no open session: nothing to record a result in, and no one asked
    roster = await speaker_roster(context, message, table, text)
    said = read_money(text, roster)
    if said is not None:
        handler = {"fee": money.fee, "penalty": money.penalty, "pay": money.pay}[said.command]
        await handler(update, context, said.words)
        return
    if not is_typed_result(text, table, roster):
        return
    await hands.hu(update, context, table, text)


async def confirm_button(update: Update, context: Context) -> None:
    """✅ under a suggested reading: the one who typed the line (or an admin) records exactly
    the reading shown, once (as the typed line's update: a second press finds it recorded)."""
    query = update.callback_query
    assert query is not None and query.data is not None
    message = query.message
    if not isinstance(message, Message):
        await answer(query)
        return
    lang = await update_lang(update, context)
    shown = reading_in(message.text)
    promise = (
        typed_confirm.read_confirm(context.bot.token, message.chat.id, query.data, shown)
        if shown is not None
        else None
    )
    if shown is None or promise is None:
        await answer(query, t("button_expired", lang), alert=True)
        return
    if promise.expired():
        await answer(query, t("typed_expired", lang), alert=True)
        return
    user = query.from_user
    if user.id != promise.asker and not await is_chat_admin(context, message, user):
        await answer(query, t("typed_denied", lang), alert=True)
        return
    try:
        table = await open_table(context, message.chat.id)
        if not table.full:
            raise ChatRefusal("seats_incomplete", seats=empty_seats(table, lang))
        _, command = read_line(shown.removeprefix(VERB), table, table.roster)
        source = Source(update_id=promise.update_id, message_id=message.message_id)
        if promise.corrects is not None:
            replacing = (promise.corrects, source)
            await _correct(update, context, (message, table), command, replacing)
            return

        async def author() -> int | NewMember:  # recorded by the hand's write
            return await author_to_record(context, message.chat, user)

        written = await record_hu(context, table, command, source, author)
    except (GrammarError, ScoringError, ChatRefusal, StorageError) as error:
        await answer(query, user_message(error, lang) or "", alert=True)
        return
    recorded = written[1]
    if recorded.replay:
        numbers = ",".join(str(entry.number) for entry in recorded.entries)
        await answer(query, t("typed_already", lang, entries=numbers), alert=True)
        return
    await answer(query)
    await edit(message, t("typed_done", lang, name=user.full_name, line=shown), reply_markup=None)
    await reply_hu(context, message, table, written, lang)


async def _correct(
    update: Update,
    context: Context,
    at: tuple[Message, SeatedTable],
    command: HuCommand,
    replacing: tuple[int, Source],
) -> None:
    """✅ under a correction (不对 …): the hand it names reversed and the reading recorded in
    its place, in one transaction (as an edited /hu is), by someone who may undo that hand."""
    query = update.callback_query
    assert query is not None
    message, table = at
    entry_id, source = replacing
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    old = await ledger.reports.entry(message.chat.id, entry_id)
    if not await hands.may_reverse(context, message, update, table, [old]):
        raise ChatRefusal("undo_denied")
    scored = score_claims(command, table)
    spec = win_specs(scored, command, table)[0]
    author = await author_to_record(context, message.chat, query.from_user)
    recorded = await ledger.entries.edit_win(
        message.chat.id, entry_id, spec, author=author, source=source
    )
    forget(context, message.chat.id)
    if recorded.replay:
        numbers = ",".join(str(entry.number) for entry in recorded.entries)
        await answer(query, t("typed_already", lang, entries=numbers), alert=True)
        return
    await answer(query)
    shown = reading_in(message.text) or ""
    done = t("typed_done", lang, name=query.from_user.full_name, line=shown)
    await edit(message, done, reply_markup=None)
    new = recorded.entries[-1]
    after = SeatedTable(recorded.session or table.session, table.players)
    wins = RecordedWins(after, scored, Recorded((new,), False, recorded.session))
    prefix = t("edit_corrected", lang, old=old.number, new=new.number) + "\n"
    await send_win_reply(context, message, wins, lang, prefix)


BUTTONS: Final = (ButtonRoute(typed_confirm.PREFIX, confirm_button, typed_confirm.WIDEST),)
