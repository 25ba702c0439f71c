"""Money at the table: /stake, /fee, /penalty, /pay (the session's creator or a chat admin).

Each writes one adjustment entry of the open session (``ledger.money.record``): undone by
/undo like a hand, listed by /history, explained by /why, counted by /tally and /settle.
How amounts are read and refused is ``bot.grammar.money``'s; how they are rounded and split,
``storage.money``'s (docs/money.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.commands import Command
from bot.context import (
    Context,
    argument_words,
    is_creator_or_admin,
    message_of,
    services,
    update_lang,
)
from bot.grammar.money import Adjustment, parse_fee, parse_pay, parse_penalty, parse_stake
from bot.i18n import Html, t
from bot.recording.arguments import speaker_roster
from bot.recording.table import open_table, remember, standings
from bot.recording.writes import answered_as_replay, message_source, recording_author
from bot.refusals.chat import ChatRefusal
from bot.replies.hand import UNDO_PREFIX
from bot.replies.money import money_lines_text, points_lines_text, stake_label
from bot.replies.table import tally_block
from bot.table.seated import SeatedTable, after_entries
from bot.text_limits import reply
from scoring.tiles import SEAT_ORDER
from storage import TABLE, Entry, MoneySpec, Recorded
from storage.money import AdjustKind, split_evenly, stake_text, yuan_text


async def stake(update: Update, context: Context) -> None:
    """/stake: the session's price of a point; /stake 0.5 sets it (每分 0.5 元)."""
    message, lang, table = await _table(update, context)
    value = parse_stake(argument_words(message))
    ledger = services(context).ledger
    if value is None:
        money = await ledger.money.of_session(message.chat.id, table.session.id)
        await reply(message, stake_label(money, lang))
        return
    recorded = await _record(update, context, table, MoneySpec("stake", stake=value))
    if await answered_as_replay(message, recorded, lang):
        return
    text = t("stake_set", lang, entry=recorded.entry.number, stake=stake_text(value))
    await reply(message, text, reply_markup=undo_markup(recorded.entries, lang))


async def fee(update: Update, context: Context, words: Sequence[str] | None = None) -> None:
    """/fee 40: a table fee shared equally by those seated; /fee 40 赢家: the biggest winner
    pays it (winners level at the top share it)."""
    message, lang, table = await _table(update, context)
    command = parse_fee(argument_words(message) if words is None else words)
    seated = [table.player_id(seat) for seat in SEAT_ORDER if seat in table.players]
    if not seated:
        raise ChatRefusal("fee_no_players")
    payers = seated
    if command.by_winner:
        standings = await services(context).ledger.reports.tally(message.chat.id, table.session.id)
        top = max((row.balance for row in standings.rows), default=0)
        if top <= 0:
            raise ChatRefusal("fee_no_winner", fee=yuan_text(command.fen))
        payers = [row.player.id for row in standings.rows if row.balance == top]
    shares = split_evenly(command.fen, payers)
    lines = {TABLE: command.fen, **{player: -share for player, share in shares.items()}}
    recorded = await _record(update, context, table, MoneySpec("fee", fen=lines))
    if await answered_as_replay(message, recorded, lang):
        return
    names = {player.id: player.name for player in table.players.values()}
    text = t(
        "fee_recorded",
        lang,
        entry=recorded.entry.number,
        fee=yuan_text(command.fen),
        shares=Html(money_lines_text({p: -share for p, share in shares.items()}, names, lang)),
    )
    await reply(message, text, reply_markup=undo_markup(recorded.entries, lang))


async def penalty(update: Update, context: Context, words: Sequence[str] | None = None) -> None:
    """/penalty 甲 30 [理由]: 甲 pays 30 points (30元: money), shared by the other players
    (``words``: a money line typed without the slash, read by ``bot.grammar.typed``)."""
    message, _, table = await _table(update, context)
    said = argument_words(message) if words is None else words
    roster = await speaker_roster(context, message, table, " ".join(said))  # 我 as in /hu
    await _adjust(update, context, table, parse_penalty(said, roster))


async def pay(update: Update, context: Context, words: Sequence[str] | None = None) -> None:
    """/pay 甲 乙 20 [理由]: 甲 pays 乙 20 points (20元: money)."""
    message, _, table = await _table(update, context)
    said = argument_words(message) if words is None else words
    roster = await speaker_roster(context, message, table, " ".join(said))
    await _adjust(update, context, table, parse_pay(said, roster))


async def _adjust(
    update: Update, context: Context, table: SeatedTable, command: Adjustment
) -> None:
    message = message_of(update)
    lang = await update_lang(update, context)
    moves = _moves(table, command)
    kind: AdjustKind = "penalty" if command.payee is None else "pay"
    spec = (
        MoneySpec(kind, fen=moves, reason=command.reason)
        if command.amount.money
        else MoneySpec(kind, postings=moves, reason=command.reason)
    )
    recorded = await _record(update, context, table, spec)
    if await answered_as_replay(message, recorded, lang, table):
        return
    names = {player.id: player.name for player in table.players.values()}
    what = t("reason_note", lang, reason=command.reason) if command.reason else ""
    lines = [
        t(
            f"{kind}_recorded",
            lang,
            entry=recorded.entry.number,
            what=Html(what),
            deltas=Html(
                money_lines_text(moves, names, lang)
                if command.amount.money
                else points_lines_text(moves, names)
            ),
        )
    ]
    if not command.amount.money:
        after = remember(context, after_entries(table, table.session, recorded.entries))
        lines.append(tally_block(await standings(context, after), lang))
    await reply(message, "\n".join(lines), reply_markup=undo_markup(recorded.entries, lang))


def _moves(table: SeatedTable, command: Adjustment) -> dict[int, int]:
    """Who pays and who gets what: the payee, or the other seated players in seat order from
    the payer's 下家 (the first of them gets what does not divide evenly)."""
    payer = table.player_id(command.payer)
    amount = command.amount.value
    if command.payee is not None:
        return {payer: -amount, table.player_id(command.payee): amount}
    start = SEAT_ORDER.index(command.payer)
    after = [SEAT_ORDER[(start + step) % 4] for step in range(1, 4)]
    others = [table.player_id(seat) for seat in after if seat in table.players]
    if not others:
        raise ChatRefusal("penalty_alone", who=table.name(command.payer))
    if amount < len(others):  # someone would be listed as receiving 0: say what to write
        raise ChatRefusal(
            "penalty_too_small",
            amount=_amount_text(command),
            receivers=len(others),
            least=_amount_text(command, len(others)),
            payer=table.name(command.payer),
        )
    return {payer: -amount, **split_evenly(amount, others)}


def _amount_text(command: Adjustment, value: int | None = None) -> str:
    """The amount as the reply writes it: points as a number, money in 元 with its fen."""
    value = command.amount.value if value is None else value
    return yuan_text(value) + "元" if command.amount.money else str(value)


def undo_markup(entries: tuple[Entry, ...], lang: str) -> InlineKeyboardMarkup:
    """[↩️ 撤销] under an adjustment: the undo button a hand's reply carries."""
    ids = ",".join(str(entry.id) for entry in entries)
    undo = InlineKeyboardButton("↩️ " + t("undo_button", lang), callback_data=UNDO_PREFIX + ids)
    return InlineKeyboardMarkup([[undo]])


async def _table(update: Update, context: Context) -> tuple[Message, str, SeatedTable]:
    message = message_of(update)
    lang = await update_lang(update, context)
    return message, lang, await open_table(context, message.chat.id)


async def _record(
    update: Update, context: Context, table: SeatedTable, spec: MoneySpec
) -> Recorded:
    """The adjustment written, once the sender may change the session's money."""
    message = message_of(update)
    if not await is_creator_or_admin(context, message, table.session.creator):
        raise ChatRefusal("money_denied")
    return await services(context).ledger.money.record(
        message.chat.id,
        table.session.id,
        spec,
        message_source(update, message),
        await recording_author(context, message)(),
    )


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (
    Command("stake", stake, group_only=True),
    Command("fee", fee, group_only=True),
    Command("penalty", penalty, group_only=True),
    Command("pay", pay, group_only=True),
)
