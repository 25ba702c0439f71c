"""The recording calls: a scored /hu or a /kong written to the ledger once (a replayed source
returns what it wrote), who recorded it and from which message, and the answer to a replay."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Message, Update

from bot.context import Context, author_to_record, services
from bot.grammar import HuCommand, KongCommand
from bot.i18n import Html, t
from bot.recording.claims import ScoredClaim, kong_payments, score_claims, win_specs
from bot.refusals.chat import ChatRefusal
from bot.replies.hand import deltas_by_seat, deltas_text
from bot.table.seated import SeatedTable
from bot.text_limits import reply
from scoring.payments import KongKind
from storage import Entry, ErrorCode, KongSpec, Ledger, NewMember, Recorded, Source, StorageError
from storage.reports import NumberedEntry

# Who records a write, asked for only once the line has been checked and scored: a player's
# id, or a Telegram user (never seen, or renamed since) the write records in its own
# transaction, so a refused line records nobody (None: an anonymous admin).
AuthorOf = Callable[[], Awaitable[int | NewMember | None]]


async def record_hu(
    context: Context, table: SeatedTable, command: HuCommand, source: Source, author: AuthorOf
) -> tuple[list[ScoredClaim], Recorded]:
    """Score a parsed /hu and write it once (a replayed ``source`` returns what it wrote)."""
    scored = score_claims(command, table)
    specs = win_specs(scored, command, table)  # one, or several on one discard: one write
    session = table.session
    recorded = await services(context).ledger.entries.record_wins(
        session.chat_id, session.id, specs, source, await author()
    )
    return scored, recorded


async def record_kong(
    context: Context, table: SeatedTable, command: KongCommand, source: Source, author: AuthorOf
) -> Recorded:
    """Write a parsed /kong once (a replayed ``source`` returns what it wrote)."""
    session = table.session
    payments = kong_payments(table, command)
    note = KongKind(command.kind).zh
    kong = KongSpec(table.player_id(command.owner), table.postings(payments), note=note)
    return await services(context).ledger.entries.record_kong(
        session.chat_id, session.id, kong, source, await author()
    )


async def answered_as_replay(
    message: Message, recorded: Recorded, lang: str, table: SeatedTable | None = None
) -> bool:
    """Whether the update was recorded before; if so the chat hears what was recorded (the
    entries and, given the table, the hand's deltas) and that it was not counted twice. After
    a restart this is the answer a reply lost to the crash becomes."""
    if recorded.replay:
        lines = [t("replay", lang, entries=numbers_text(recorded.entries))]
        total = deltas_by_seat(recorded.entries, table.seat_of) if table is not None else {}
        if table is not None and any(total.values()):
            lines.append(t("deltas", lang, deltas=Html(deltas_text(table, total))))
        await reply(message, "\n".join(lines))
    return recorded.replay


def recording_author(context: Context, message: Message) -> AuthorOf:
    """Who records it, when asked: the sender's player, or the Telegram user the write records
    (never seen, or renamed since); None for an anonymous admin posting as the group."""
    if message.sender_chat is not None:
        return _anonymous
    user = message.from_user
    if user is None:
        raise ChatRefusal("no_sender")

    async def sender_id() -> int | NewMember:
        return await author_to_record(context, message.chat, user)

    return sender_id


async def _anonymous() -> None:
    return None


def message_source(update: Update, message: Message) -> Source:
    """Where a typed command is recorded from: its update and its message (the replay key)."""
    return Source(update_id=update.update_id, message_id=message.message_id)


def ids_text(entries: tuple[Entry, ...]) -> str:
    """The entries' row ids, as button data carries them (never shown)."""
    return ",".join(str(entry.id) for entry in entries)


async def entry_named(ledger: Ledger, chat_id: int, number: int) -> NumberedEntry:
    """The entry a user names #``number`` (/undo, /why): the chat's own number, else an old
    message's row id (``old``: the reply says 旧编号); UNKNOWN_ENTRY naming it when neither."""
    found = await ledger.reports.entry_by_number(chat_id, number)
    if found is None:
        raise StorageError(ErrorCode.UNKNOWN_ENTRY, entry_id=number)
    return found


def numbers_text(entries: tuple[Entry, ...]) -> str:
    """The entries' numbers in their chat (#N as people read and type them)."""
    return ",".join(str(entry.number) for entry in entries)
