"""Recording the evening: /hu (also 一炮多响), /kong, /draw, /undo, the 撤销 button, edits."""

from __future__ import annotations

import html
from typing import Final

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.buttons import undo_confirm
from bot.buttons.registry import WIDEST_HAND_IDS, ButtonRoute
from bot.commands import Command
from bot.context import (
    Context,
    argument_text,
    author_to_record,
    is_chat_admin,
    known_player,
    message_of,
    press_of,
    services,
    update_lang,
)
from bot.grammar import (
    GrammarError,
    parse_entry_id,
    parse_kong,
    text_command,
)
from bot.handlers import people
from bot.i18n import t
from bot.recording.arguments import button_numbers, speaker_roster
from bot.recording.claims import refuse_unsettled_kongs, score_claims, win_specs
from bot.recording.replies import (
    RecordedWins,
    reply_draw,
    reply_hu,
    reply_kong,
    send_win_reply,
    table_dealer_text,
)
from bot.recording.table import forget, open_table, standings, table_of
from bot.recording.typed_reading import may_be_result, offer, read_line, suggested
from bot.recording.writes import (
    answered_as_replay,
    entry_named,
    ids_text,
    message_source,
    numbers_text,
    record_hu,
    record_kong,
    recording_author,
)
from bot.refusals.chat import ChatRefusal
from bot.replies.hand import (
    UNDO_PREFIX,
)
from bot.replies.table import empty_seats, tally_block
from bot.table.seated import SeatedTable
from bot.text_limits import answer, edit, reply
from scoring.errors import ScoringError
from storage import Entry, Ledger, Recorded, Source


async def hu(
    update: Update, context: Context, table: SeatedTable | None = None, text: str | None = None
) -> None:
    """/hu WINNER [HAND] WORDS, or a result typed as people say it (``text``: a line without a
    command): read by the one grammar (``bot.grammar.typed``), recorded once when every
    piece was read, else ONE suggested reading offered with ✅ (``table``: the chat's table,
    when the /hu router has opened it)."""
    message, lang, table = await _full_table(update, context, table)
    said = argument_text(message) if text is None else text
    roster = await speaker_roster(context, message, table, said)
    try:
        reading, command = read_line(said, table, roster)
        if reading.exact:
            author = recording_author(context, message)
            source = message_source(update, message)
            scored, recorded = await record_hu(context, table, command, source, author)
            if await answered_as_replay(message, recorded, lang, table):
                return
            await reply_hu(context, message, table, (scored, recorded), lang)
            return
        score_claims(command, table)  # a guess is offered only if it scores
    except (GrammarError, ScoringError) as refusal:
        fixed = suggested(said, table, roster)
        if fixed is None:
            raise
        await offer(update, context, (message, table), fixed, lang, refusal)
        return
    await offer(update, context, (message, table), suggested(said, table, roster) or reading, lang)


async def kong(update: Update, context: Context, table: SeatedTable | None = None) -> None:
    """/kong OWNER 明杠|暗杠|补杠 [DISCARDER]: kongs settle at once where the ruleset says so
    (Hangzhou)."""
    message, lang, table = await _full_table(update, context, table)
    command = parse_kong(argument_text(message), await speaker_roster(context, message, table))
    refuse_unsettled_kongs(table, lang)
    author = recording_author(context, message)
    recorded = await record_kong(context, table, command, message_source(update, message), author)
    if await answered_as_replay(message, recorded, lang, table):
        return
    await reply_kong(context, message, table, recorded, lang)


async def draw(update: Update, context: Context) -> None:
    """/draw: a 流局; the deal moves on by the ruleset's rotation. It takes no arguments: a
    /draw 甲 自摸 meant something else, and recording a 流局 for it would be wrong."""
    extra = argument_text(message_of(update))
    if extra:
        raise ChatRefusal("draw_args", token=extra)
    message, lang, table = await _full_table(update, context)
    session = table.session
    recorded = await services(context).ledger.entries.record_draw(
        session.chat_id,
        session.id,
        message_source(update, message),
        await recording_author(context, message)(),
    )
    if await answered_as_replay(message, recorded, lang):
        return
    await reply_draw(context, message, table, recorded, lang)


async def undo(update: Update, context: Context) -> None:
    """/undo [#ID]: reverse the session's last hand (every win of a 一炮多响) or the entry named."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    event_id = people.event_id_in(argument_text(message))
    if event_id is not None:  # /undo P3: an identity link or rename, with or without a table
        await people.undo_event(update, context, event_id)
        return
    table = await open_table(context, message.chat.id)
    done_before = await ledger.reports.entries_by_message(message.chat.id, message.message_id)
    if done_before:  # the same /undo delivered again: it already reversed what it meant to
        await reply(message, t("replay", lang, entries=numbers_text(tuple(done_before))))
        return
    number = parse_entry_id(argument_text(message))
    old = ""
    if number is None:
        last = await ledger.reports.last_entry(message.chat.id, table.session.id)
        if last is None:
            raise ChatRefusal("nothing_to_undo")
        entries = await _same_hand(ledger, last)
    else:
        named = await entry_named(ledger, message.chat.id, number)
        old = t("old_number", lang) if named.old else ""
        entries = [named.entry]
        if entries[0].is_reversed:  # said before asking who may undo it: there is nothing to do
            raise ChatRefusal("already_undone")
        latest = await _latest_hand(ledger, message.chat.id, table.session.id)
        if entries[0].id not in {entry.id for entry in latest}:
            await _ask_to_confirm(context, update, message, table, entries, latest, lang)
            return
    recorded = await _reverse(context, message, update, table, entries)
    if await answered_as_replay(message, recorded, lang):
        return
    tally = await ledger.reports.tally(message.chat.id, table.session.id)
    lines = [
        t(
            "undone",
            lang,
            entry=numbers_text(tuple(entries)),
            reversal=numbers_text(recorded.entries),
        )
        + old,
        tally_block(tally, lang),
    ]
    await reply(message, "\n".join(lines))


async def _latest_hand(ledger: Ledger, chat_id: int, session_id: int) -> list[Entry]:
    """The entries of the session's latest hand that still counts (none in an empty session)."""
    last = await ledger.reports.last_entry(chat_id, session_id)
    return await _same_hand(ledger, last) if last is not None else []


async def _ask_to_confirm(
    context: Context,
    update: Update,
    message: Message,
    table: SeatedTable,
    entries: list[Entry],
    latest: list[Entry],
    lang: str,
) -> None:
    """An /undo of an entry older than the latest hand: easy to mistype, so it waits for a tap
    of the asker (or an admin). Refused at once for someone who may not undo it at all."""
    if not await may_reverse(context, message, update, table, entries):
        raise ChatRefusal("undo_denied")
    user = update.effective_user
    asker = user.id if user is not None and message.sender_chat is None else 0
    ids, shown = ids_text(tuple(entries)), numbers_text(tuple(entries))
    confirm, cancel = undo_confirm.confirm_data(context.bot.token, message.chat.id, asker, ids)
    markup = InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    t("undo_confirm_button", lang, entry=shown), callback_data=confirm
                ),
                InlineKeyboardButton(t("undo_cancel_button", lang), callback_data=cancel),
            ]
        ]
    )
    latest_numbers = numbers_text(tuple(latest))
    await reply(message, t("undo_confirm", lang, entry=shown, latest=latest_numbers), markup)


async def _same_hand(ledger: Ledger, last: Entry) -> list[Entry]:
    """The last entry with the wins recorded by the same message (a 一炮多响 is undone whole)."""
    if last.kind != "win" or last.source is None or last.source.message_id is None:
        return [last]
    together = await ledger.reports.entries_by_message(last.chat_id, last.source.message_id)
    return [
        entry
        for entry in together
        if entry.kind == "win" and not entry.is_reversed and entry.session_id == last.session_id
    ] or [last]


async def undo_button(update: Update, context: Context) -> None:
    """The 撤销 button under a recording: reverse its entries, mark the message. Entries
    older than the session's latest hand are not reversed at once: the press asks the signed
    ✅ an /undo #N asks (a button under an older recording, or data a client made up)."""
    button = await press_of(update, context)
    if button is None:
        return
    query, message, lang = button.query, button.message, button.lang
    ids_data = button.data.removeprefix(UNDO_PREFIX)
    if not await _latest_or_confirm(update, context, message, ids_data):
        return
    undone = await _undo_pressed(update, context, message, ids_data)
    if undone is None:
        return
    _, live, recorded = undone
    presser = update.effective_user.full_name if update.effective_user else "?"
    old_ids = numbers_text(tuple(live))
    new_ids = numbers_text(recorded.entries)
    mark = t("undone_mark", lang, name=presser, reversal=new_ids)
    after = await open_table(context, message.chat.id)
    tally = await standings(context, after)
    await answer(query, t("undone", lang, entry=old_ids, reversal=new_ids))
    # The recording struck through (its standings and next dealer no longer hold), what holds
    # now below.
    now = "\n".join([mark, tally_block(tally, lang), table_dealer_text(after, lang)])
    await edit(message, f"<s>{_html_of(message)}</s>\n{now}", reply_markup=None)


async def _latest_or_confirm(
    update: Update, context: Context, message: Message, ids_data: str
) -> bool:
    """Whether the pressed 撤销 names (part of) the session's latest hand, to be reversed at
    once; otherwise False once the press is answered: the confirm asked, or the refusal."""
    query = update.callback_query
    assert query is not None
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    try:
        ids = button_numbers(ids_data)
        table = await open_table(context, message.chat.id)
        latest = await _latest_hand(ledger, message.chat.id, table.session.id)
        if set(ids) <= {entry.id for entry in latest}:
            return True
        entries = [await ledger.reports.entry(message.chat.id, entry_id) for entry_id in ids]
        live = [entry for entry in entries if not entry.is_reversed]
        if not live:
            raise ChatRefusal("already_undone")
        await _ask_to_confirm(context, update, message, table, live, latest, lang)
    except ChatRefusal as refusal:
        await answer(query, t(refusal.key, lang, **refusal.params), alert=True)
        return False
    await answer(query)
    return False


async def _undo_pressed(
    update: Update, context: Context, message: Message, ids_data: str
) -> tuple[SeatedTable, list[Entry], Recorded] | None:
    """Reverse the entries a pressed button names (``ids_data``) that are not undone yet:
    the table, those entries and the reversal; None once the press is answered instead
    (forged data, nothing left to undo, no right to, or a replayed press)."""
    query = update.callback_query
    assert query is not None
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    try:
        ids = button_numbers(ids_data)
        table = await open_table(context, message.chat.id)
        entries = [await ledger.reports.entry(message.chat.id, entry_id) for entry_id in ids]
        live = [entry for entry in entries if not entry.is_reversed]
        recorded = await _reverse(context, message, update, table, live) if live else None
    except ChatRefusal as refusal:
        await answer(query, t(refusal.key, lang, **refusal.params), alert=True)
        return None
    if recorded is None or recorded.replay:
        await answer(query, t("already_undone", lang), alert=True)
        return None
    return table, live, recorded


async def undo_confirm_button(update: Update, context: Context) -> None:
    """✅ under an /undo of an earlier entry: the asker (or an admin) confirms; undone once."""
    query, message, lang, shown = await _confirm_press(update, context)
    if message is None or shown is None:
        return
    if shown.expired():
        named = await _numbers_named(context, message.chat.id, shown.ids)
        await answer(query, t("undo_confirm_expired", lang, entry=named), alert=True)
        return
    undone = await _undo_pressed(update, context, message, shown.ids)
    if undone is None:
        return
    table, live, recorded = undone
    ledger = services(context).ledger
    done = t(
        "undone", lang, entry=numbers_text(tuple(live)), reversal=numbers_text(recorded.entries)
    )
    tally = await ledger.reports.tally(message.chat.id, table.session.id)
    await answer(query, done)
    await edit(message, "\n".join([done, tally_block(tally, lang)]), reply_markup=None)


async def undo_cancel_button(update: Update, context: Context) -> None:
    """✖ under an /undo of an earlier entry: nothing is undone."""
    query, message, lang, shown = await _confirm_press(update, context)
    if message is None or shown is None:
        return
    await answer(query)
    named = await _numbers_named(context, message.chat.id, shown.ids)
    await edit(message, t("undo_cancelled", lang, entry=named), reply_markup=None)


async def _numbers_named(context: Context, chat_id: int, ids_data: str) -> str:
    """The numbers people read of the entries a button's data names by row id."""
    ledger = services(context).ledger
    entries = [
        await ledger.reports.entry(chat_id, entry_id) for entry_id in button_numbers(ids_data)
    ]
    return numbers_text(tuple(entries))


BUTTONS: Final = (
    ButtonRoute(UNDO_PREFIX, undo_button, WIDEST_HAND_IDS),
    # asker (a Telegram id: up to 16 digits), the entry, the expiry in base 36, the signature
    ButtonRoute(undo_confirm.CONFIRM_PREFIX, undo_confirm_button, undo_confirm.WIDEST_SIGNED),
    ButtonRoute(undo_confirm.CANCEL_PREFIX, undo_cancel_button, undo_confirm.WIDEST_SIGNED),
)


async def _confirm_press(
    update: Update, context: Context
) -> tuple[CallbackQuery, Message | None, str, undo_confirm.UndoConfirm | None]:
    """The press, the message under it, the chat's language and the confirm the bot showed
    there (message and confirm None once answered: no message, data the bot never wrote for
    this chat, or someone else's button). Only the asker or a chat admin may press."""
    query = update.callback_query
    assert query is not None and query.data is not None
    message = query.message
    if not isinstance(message, Message):
        await answer(query)
        return query, None, "zh", None
    lang = await update_lang(update, context)
    shown = undo_confirm.read_confirm(context.bot.token, message.chat.id, query.data)
    if shown is None:  # forged, altered or from another chat: nothing to act on
        await answer(query, t("button_expired", lang), alert=True)
        return query, None, lang, None
    user = update.effective_user
    if not (
        (user is not None and user.id == shown.asker) or await is_chat_admin(context, message, user)
    ):
        await answer(query, t("undo_confirm_denied", lang), alert=True)
        return query, None, lang, None
    return query, message, lang, shown


async def may_reverse(
    context: Context, message: Message, update: Update, table: SeatedTable, entries: list[Entry]
) -> bool:
    """Whoever recorded all of them, the session's creator or a chat admin may undo entries
    (asked without recording the sender: someone never seen recorded nothing)."""
    user = update.effective_user
    anonymous = update.message is not None and update.message.sender_chat is not None
    author = await known_player(context, message.chat, user) if user and not anonymous else None
    mine = author is not None and all(entry.author == author.id for entry in entries)
    creator = author is not None and table.session.creator == author.id
    return (
        mine or creator or await is_chat_admin(context, _permission_message(update, message), user)
    )


async def _reverse(
    context: Context, message: Message, update: Update, table: SeatedTable, entries: list[Entry]
) -> Recorded:
    """Reverse entries in one transaction after the permission check."""
    user = update.effective_user
    ledger = services(context).ledger
    if not await may_reverse(context, message, update, table, entries):
        raise ChatRefusal("undo_denied")
    anonymous = update.message is not None and update.message.sender_chat is not None
    author = await author_to_record(context, message.chat, user) if user and not anonymous else None
    recorded = await ledger.entries.reverse_many(
        message.chat.id,
        [entry.id for entry in entries],
        author=author,
        source=Source(update.update_id, update.message.message_id if update.message else None),
    )
    forget(context, message.chat.id)
    return recorded


async def _full_table(
    update: Update, context: Context, table: SeatedTable | None = None
) -> tuple[Message, str, SeatedTable]:
    """The message, the chat's language and its open table (opened here unless given),
    refused unless all four sit."""
    message = message_of(update)
    lang = await update_lang(update, context)
    table = table or await open_table(context, message.chat.id)
    if not table.full:
        raise ChatRefusal("seats_incomplete", seats=empty_seats(table, lang))
    return message, lang, table


def _permission_message(update: Update, fallback: Message) -> Message:
    """The message whose sender asks: the command itself, not the bot's message under a button."""
    return update.message or fallback


async def edited(update: Update, context: Context) -> None:
    """An edited /hu (or a result typed without one, once recorded): re-score it as a
    correction (reversal + new entry), never count it twice."""
    message = update.edited_message
    if message is None or not message.text:
        return
    typed = not message.text.startswith("/") and text_command(message.text) is None
    if typed and not may_be_result(message.text):
        return  # an edited chat line that said no result recorded nothing
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    session = await ledger.sessions.current(message.chat.id)
    if session is None:
        return
    recorded_by_it = await ledger.reports.entries_by_message(message.chat.id, message.message_id)
    if any(entry.session_id != session.id for entry in recorded_by_it):
        return  # a hand of an earlier session: that session is closed
    before = [entry for entry in recorded_by_it if entry.kind != "reversal"]
    if not before:
        # A /hu that was refused and then fixed by editing it: record it now (but never a
        # message older than the session, which belongs to an earlier one).
        # A typed line is not: its reading may wait under a ✅, which would record it again.
        fresh = message.date >= session.opened_at.replace(microsecond=0)
        if not typed and _is_hu(message.text) and fresh:
            await hu(update, context)
        return
    live = [entry for entry in before if not entry.is_reversed]
    if not live:
        await reply(message, t("edit_after_undo", lang))
        return
    if len(live) != 1 or live[0].kind != "win" or not (typed or _is_hu(message.text)):
        await reply(message, t("edit_note", lang, entries=numbers_text(tuple(live))))
        return
    table = await table_of(context, session)
    roster = await speaker_roster(context, message, table)
    reading, command = read_line(argument_text(message), table, roster)
    if len(command.claims) != 1 or not reading.exact:
        await reply(message, t("edit_note", lang, entries=numbers_text(tuple(live))))
        return
    scored = score_claims(command, table)
    spec = win_specs(scored, command, table)[0]
    recorded = await ledger.entries.edit_win(
        message.chat.id,
        live[0].id,
        spec,
        author=await recording_author(context, message)(),
        source=message_source(update, message),
    )
    forget(context, message.chat.id)
    if recorded.replay:
        return
    new = recorded.entries[-1]
    prefix = t("edit_corrected", lang, old=live[0].number, new=new.number) + "\n"
    after = SeatedTable(recorded.session or session, table.players)
    wins = RecordedWins(after, scored, Recorded((new,), False, recorded.session))
    await send_win_reply(context, message, wins, lang, prefix)


def _is_hu(text: str) -> bool:
    verb = text_command(text)
    if verb is not None:  # 胡 / 和, by grammar.TEXT_VERBS
        return verb[0] == "hu"
    word = text.split(maxsplit=1)[0] if text.strip() else ""
    return word.split("@")[0] == "/hu"


def _html_of(message: Message) -> str:
    return message.text_html if message.text else html.escape(message.caption or "")


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (Command("undo", undo, verbs=("撤销",)),)
