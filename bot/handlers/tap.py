"""Recording by buttons: /hu, /kong and /draw without their words open a flow (``bot.tap``);
its presses edit the one message until ✅ records through ``bot.recording``."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any, Final

from telegram import CallbackQuery, Chat, InlineKeyboardButton, Message, Update
from telegram.constants import ChatType

from bot.buttons.registry import ButtonRoute
from bot.commands import Command
from bot.context import (
    Context,
    UpdateHandler,
    argument_text,
    author_to_record,
    chat_lang,
    chat_state,
    is_chat_admin,
    known_player,
    message_of,
    press_of,
    services,
    update_lang,
)
from bot.grammar import GrammarError, Roster, split_args, take_player
from bot.handlers import claim, hands
from bot.i18n import t
from bot.recording.claims import refuse_unsettled_kongs
from bot.recording.replies import reply_draw, reply_hu, reply_kong
from bot.recording.table import open_table
from bot.recording.writes import AuthorOf, record_hu, record_kong
from bot.refusals.chat import ChatRefusal
from bot.refusals.user_errors import user_message
from bot.replies.table import empty_seats
from bot.table.seated import SeatedTable
from bot.tap import choices, prompt, steps
from bot.tap.flow import (
    LIFETIME_SECONDS,
    MOST_WINNERS,
    NEXT_HAND,
    PREFIX,
    Flow,
    Kind,
    Press,
    Step,
    flow_id,
    flows_of,
    hu_command,
    kong_command,
    read_press,
)
from bot.text_limits import answer, edit, edit_sent, reply
from scoring.errors import ScoringError
from scoring.tiles import Seat
from storage import NewMember, Recorded, Source

_JOB_PREFIX: Final = "tap-expiry"
_WARMING: set[asyncio.Future[None]] = set()  # warm-ups running: kept until done
# Sends the recording reply (and pictures) to the message given, once the write is done.
_Reply = Callable[[Message], Coroutine[Any, Any, None]]


def next_hand_button(context: Context, chat: Chat, lang: str) -> InlineKeyboardButton:
    """➕ 记一手 under a hand's reply: a new /hu flow (registered in ``bot.app``, see
    ``bot.replies.decorations``)."""
    return InlineKeyboardButton(t("tap_next_hand", lang), callback_data=NEXT_HAND)


def _asks_who(handler: UpdateHandler) -> UpdateHandler:
    """A recording command that, once done, asks a sender who is not seated at a table with
    unclaimed guests who they are (``bot.handlers.claim``): their line went on as typed."""

    @functools.wraps(handler)
    async def handled(update: Update, context: Context) -> None:
        await handler(update, context)
        message = message_of(update)
        await claim.ask_after_line(context, message, await update_lang(update, context))

    return handled


@_asks_who
async def hu(update: Update, context: Context) -> None:
    """/hu, the one door: with no words (the menu's tap) or names only a flow (from how they
    won); anything more is the typed command, recorded with the table opened here."""
    text = argument_text(message_of(update))
    if not text:
        await _open(update, context, Kind.HU, [])
        return
    table = await open_table(context, message_of(update).chat.id)
    winners = _players_in(split_args(text), table.roster)
    if winners is None or len(winners) > MOST_WINNERS:
        await hands.hu(update, context, table)
        return
    await _open(update, context, Kind.HU, winners, table)


@_asks_who
async def kong(update: Update, context: Context) -> None:
    """/kong: with no words a flow from whose kong it is; /kong 甲 one from which kind."""
    text = argument_text(message_of(update))
    table = await open_table(context, message_of(update).chat.id) if text else None
    winners = _players_in(split_args(text), table.roster) if table is not None else []
    if winners is None or len(winners) > 1:
        await hands.kong(update, context, table)
        return
    await _open(update, context, Kind.KONG, winners, table)


@_asks_who
async def draw(update: Update, context: Context) -> None:
    """/draw (what the menu sends) asks for a ✅ first; 流局 (or /流局) typed records at once."""
    message = message_of(update)
    command = (message.text or "").split(maxsplit=1)[0].split("@")[0] if message.text else ""
    if argument_text(message) or command != "/draw":
        await hands.draw(update, context)
        return
    await _open(update, context, Kind.DRAW, [])


def _players_in(words: list[str], roster: Roster) -> list[Seat] | None:
    seats: list[Seat] = []
    while words:
        taken = take_player(words, roster)
        if taken is None or taken[0] in seats:
            return None
        seats.append(taken[0])
        words = words[taken[1] :]
    return seats


async def _open(
    update: Update,
    context: Context,
    kind: Kind,
    winners: list[Seat],
    table: SeatedTable | None = None,
) -> None:
    """A flow on a message of its own, answering the command."""
    message = message_of(update)
    lang = await update_lang(update, context)
    await start_flow(context, (message, update.update_id), kind, winners, table, lang)


async def start_flow(
    context: Context,
    under: tuple[Message, int],
    kind: Kind,
    winners: list[Seat],
    table: SeatedTable | None,
    lang: str,
) -> None:
    """Open a flow as a reply to ``under``'s message, its id and source ``under``'s update."""
    message, update_id = under
    table = table or await open_table(context, message.chat.id)
    if not table.full:
        raise ChatRefusal("seats_incomplete", seats=empty_seats(table, lang))
    if kind is Kind.KONG:
        refuse_unsettled_kongs(table, lang)
    step = Step.PREVIEW if kind is Kind.DRAW else Step.HOW if winners else Step.WHO
    flow = Flow(
        id=flow_id(update_id),
        kind=kind,
        session_id=table.session.id,
        update_id=update_id,
        deadline=time.monotonic() + LIFETIME_SECONDS,
        step=step,
        winners=winners,
    )
    if kind is Kind.HU:
        flow.usage = choices.usage(
            await services(context).ledger.pattern_uses.recent_win_lines(message.chat.id)
        )
    text, markup = prompt.render(table, flow, lang)
    sent = await reply(message, text, markup)
    flow.message_id = sent.message_id
    flows_of(chat_state(context, message.chat.id))[flow.id] = flow
    _warm(table, flow)
    if context.job_queue is not None:
        context.job_queue.run_once(
            expire,
            LIFETIME_SECONDS,
            chat_id=message.chat.id,
            data=flow.id,
            name=job_name(message.chat.id, flow.id),
        )


def _warm(table: SeatedTable, flow: Flow) -> None:
    """The next step's questions asked in a worker thread while the players look (the press
    that opens the patterns step then finds them answered); fire and forget, on a copy."""
    if flow.step in (Step.HOW, Step.FROM):
        ahead = replace(flow, winners=list(flow.winners), words={}, wild={}, trail=[])
        task = asyncio.get_running_loop().run_in_executor(None, choices.warm, table, ahead)
        _WARMING.add(task)
        task.add_done_callback(_WARMING.discard)


def job_name(chat_id: int, flow: str) -> str:
    """The name of the job that expires a flow (one per flow)."""
    return f"{_JOB_PREFIX}:{chat_id}:{flow}"


async def expire(context: Context) -> None:
    """A flow left alone for 15 minutes: forgotten, and its message says so."""
    job = context.job
    if job is None or job.chat_id is None or not isinstance(job.data, str):
        return
    flow = flows_of(chat_state(context, job.chat_id)).pop(job.data, None)
    if flow is None or flow.message_id is None:
        return
    lang = await chat_lang(context, Chat(job.chat_id, ChatType.GROUP))
    text = t("tap_expired", lang, command=flow.kind.value)
    await edit_sent(context.bot, job.chat_id, flow.message_id, text)


def _drop(context: Context, chat_id: int, flow: Flow) -> None:
    flows_of(chat_state(context, chat_id)).pop(flow.id, None)
    if context.job_queue is not None:
        for job in context.job_queue.get_jobs_by_name(job_name(chat_id, flow.id)):
            job.schedule_removal()


async def pressed(update: Update, context: Context) -> None:
    """A button of a flow: checked (the flow, its step, who pressed), then applied."""
    button = await press_of(update, context)
    if button is None:
        return
    query, message, lang = button.query, button.message, button.lang
    if button.data == NEXT_HAND:
        await _next_hand(update, context, query, message, lang)
        return
    press = read_press(button.data)
    flow = flows_of(chat_state(context, message.chat.id)).get(press.flow_id) if press else None
    if press is None or flow is None or flow.message_id != message.message_id:
        await _unknown(context, query, message, lang)
        return
    if time.monotonic() > flow.deadline:
        _drop(context, message.chat.id, flow)
        await answer(query, t("tap_expired", lang, command=flow.kind.value), alert=True)
        await edit(message, t("tap_expired", lang, command=flow.kind.value))
        return
    try:
        table = await open_table(context, message.chat.id)
    except ChatRefusal:
        table = None
    if table is None or table.session.id != flow.session_id:
        _drop(context, message.chat.id, flow)
        await answer(query, t("tap_session_changed", lang), alert=True)
        await edit(message, t("tap_session_changed", lang))
        return
    if not table.full:
        seats = empty_seats(table, lang)
        await answer(query, t("seats_incomplete", lang, seats=seats), alert=True)
        return
    if not await _may_press(context, message, query, table):

        async def press_again(claimed: CallbackQuery) -> None:
            await _press_again(context, claimed, message, press, lang)

        if not await claim.ask_for_press(context, message, query, lang, press_again):
            await answer(query, t("tap_denied", lang), alert=True)
        return
    await _apply(context, query, (message, table, flow, press), lang)


async def _press_again(
    context: Context, query: CallbackQuery, message: Message, press: Press, lang: str
) -> None:
    """A press refused before its presser claimed their seat (「你是哪位？」), pressed again:
    the flow as it is now (moved on meanwhile: the press is stale, as any would be)."""
    flow = flows_of(chat_state(context, message.chat.id)).get(press.flow_id)
    table = await open_table(context, message.chat.id)
    if flow is None or flow.message_id != message.message_id:
        await _unknown(context, query, message, lang)
        return
    if table.session.id != flow.session_id or not table.full:
        await answer(query, t("tap_session_changed", lang), alert=True)
        return
    await _apply(context, query, (message, table, flow, press), lang)


# the flow (an update id in base 36), its revision and the widest action (a way won with a seat)
BUTTONS: Final = (ButtonRoute(PREFIX, pressed, "zzzzzzz:9999:h99"),)


async def _next_hand(
    update: Update, context: Context, query: CallbackQuery, message: Message, lang: str
) -> None:
    """➕ 记一手 under a recording reply: a new /hu flow for whoever may record."""
    try:
        table = await open_table(context, message.chat.id)
        if not table.full:
            raise ChatRefusal("seats_incomplete", seats=empty_seats(table, lang))
        if not await _may_press(context, message, query, table):

            async def open_after_claim(claimed: CallbackQuery) -> None:
                await answer(claimed)
                await start_flow(context, (message, update.update_id), Kind.HU, [], None, lang)

            if not await claim.ask_for_press(context, message, query, lang, open_after_claim):
                raise ChatRefusal("tap_denied")
            return
        await answer(query)
        await start_flow(context, (message, update.update_id), Kind.HU, [], table, lang)
    except ChatRefusal as refusal:
        await answer(query, t(refusal.key, lang, **refusal.params), alert=True)


async def _unknown(context: Context, query: CallbackQuery, message: Message, lang: str) -> None:
    """A press on a flow the bot does not hold: recorded already (the flow's message is the
    entries' source), or gone (expired, cancelled, or the bot restarted)."""
    recorded = await services(context).ledger.reports.entries_by_message(
        message.chat.id, message.message_id
    )
    if recorded:
        numbers = ",".join(str(entry.number) for entry in recorded)
        await answer(query, t("tap_already", lang, entries=numbers), alert=True)
        return
    await answer(query, t("tap_unknown", lang), alert=True)


async def _may_press(
    context: Context, message: Message, query: CallbackQuery, table: SeatedTable
) -> bool:
    """A seated player or an admin of the chat (asked without recording the presser)."""
    user = query.from_user
    player = await known_player(context, message.chat, user)
    seated = player is not None and table.seat_of(player.id) is not None
    return seated or await is_chat_admin(context, message, user)


Pressing = tuple[Message, SeatedTable, Flow, Press]


async def _apply(context: Context, query: CallbackQuery, pressing: Pressing, lang: str) -> None:
    message, table, flow, press = pressing
    if press.action == "x":
        _drop(context, message.chat.id, flow)
        await answer(query)
        await edit(message, t("tap_cancelled", lang, name=query.from_user.full_name))
        return
    if press.revision != flow.revision:  # drawn before the last change: it means older taps
        changed = press.action == "ok"
        await answer(query, t("tap_changed" if changed else "tap_stale", lang), alert=changed)
        return
    if press.action == "ok" and flow.step in (Step.PATTERNS, Step.PREVIEW):
        await _confirm(context, query, pressing, lang)
        return
    if not steps.take(table, flow, press.action):
        await answer(query, t("tap_stale", lang))
        return
    flow.revision += 1
    text, markup = prompt.render(table, flow, lang)
    await answer(query)
    await edit(message, text, markup)
    _warm(table, flow)


async def _confirm(context: Context, query: CallbackQuery, pressing: Pressing, lang: str) -> None:
    """✅: the flow's line recorded once, its source the flow (a second press, or the same
    press delivered again, finds it recorded); the reply is the typed line's."""
    message, table, flow, _ = pressing

    async def author() -> int | NewMember:  # asked only once the line was scored
        return await author_to_record(context, message.chat, query.from_user)

    source = Source(update_id=flow.update_id, message_id=message.message_id)
    try:
        line, recorded, send_reply = await _record(context, table, flow, (source, author), lang)
    except (GrammarError, ScoringError, ChatRefusal) as error:
        await answer(query, user_message(error, lang) or "", alert=True)
        return
    _drop(context, message.chat.id, flow)
    numbers = ",".join(str(entry.number) for entry in recorded.entries)
    if recorded.replay:
        await answer(query, t("tap_already", lang, entries=numbers), alert=True)
        return
    await answer(query)
    done = t("tap_done", lang, name=query.from_user.full_name, line=line)
    await edit(message, done)
    await send_reply(message)


async def _record(
    context: Context, table: SeatedTable, flow: Flow, by: tuple[Source, AuthorOf], lang: str
) -> tuple[str, Recorded, _Reply]:
    """Write what the flow stands for; the typed line, the write, and how to reply to it."""
    source, author = by
    line = prompt.typed_line(flow, table)
    if flow.kind is Kind.HU:
        written = await record_hu(context, table, hu_command(flow), source, author)

        async def hu_reply(message: Message) -> None:
            await reply_hu(context, message, table, written, lang)

        return line, written[1], hu_reply
    if flow.kind is Kind.KONG:
        refuse_unsettled_kongs(table, lang)
        recorded = await record_kong(context, table, kong_command(flow), source, author)

        async def kong_reply(message: Message) -> None:
            await reply_kong(context, message, table, recorded, lang)

        return line, recorded, kong_reply
    session = table.session
    drawn = await services(context).ledger.entries.record_draw(
        session.chat_id, session.id, source, await author()
    )

    async def draw_reply(message: Message) -> None:
        await reply_draw(context, message, table, drawn, lang)

    return line, drawn, draw_reply


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (
    Command("hu", hu, verbs=("胡", "和"), group_only=True),
    Command("kong", kong, verbs=("杠",), group_only=True),
    Command("draw", draw, verbs=("流局", "荒庄"), group_only=True),
)
