"""One person, one record: /iam, /merge, /rename, a /join that takes a same-named guest's
seat, their 撤销 button and /undo P3, and the identity events /history shows.

Who may do what is ``bot.identity_policy``'s to say (docs/rules.md, "One person, one record"):
every command here reads the facts, asks it, and refuses with the key it gives.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update, User

from bot import identity_policy as policy
from bot.buttons import signature
from bot.buttons.registry import WIDEST_ENTRY_ID, ButtonRoute
from bot.cleaning import as_number
from bot.commands import Command
from bot.context import (
    Context,
    argument_words,
    is_chat_admin,
    known_player,
    member_to_record,
    message_of,
    press_of,
    sender_player,
    services,
    update_lang,
)
from bot.grammar import check_name
from bot.grammar.names import GUEST_MARK
from bot.i18n import Html, t
from bot.recording.table import forget, table_of
from bot.refusals.chat import ChatRefusal
from bot.replies.table import describe_table, seat_label
from bot.table.seated import SeatedTable
from bot.text_limits import answer, edit, reply
from scoring.tiles import Seat
from storage import (
    ErrorCode,
    HistoryPage,
    IdentityChange,
    IdentityEvent,
    Ledger,
    LinkRequest,
    NewMember,
    PageKey,
    Player,
    Session,
    StorageError,
)
from storage.names import name_key

IDENTITY_UNDO_PREFIX: Final = "pundo:"
IDENTITY_UNDO_PURPOSE: Final = "identity-undo"  # what the 撤销 button's signature is for
# How an identity event is named (P3), as /history shows it and /undo P3 takes it.
EVENT_ID: Final = re.compile(r"^\s*[Pp](\d+)\s*$")
_INSTANT: Final = timedelta(microseconds=1)  # the ledger's times are to the microsecond


async def iam(update: Update, context: Context) -> None:
    """/iam 阿明 (我是 阿明): the sender claims the guest record 阿明 (and its seat)."""
    message = message_of(update)
    lang = await update_lang(update, context)
    words = argument_words(message)
    if len(words) != 1:
        raise ChatRefusal("iam_usage")
    asker = await _asker(context, message)
    ledger = services(context).ledger
    guest = await record_called(ledger, message.chat.id, words[0], prefer_guest=True)
    if not guest.is_guest:
        raise ChatRefusal("iam_member", token=words[0])
    claimed = (await _people(ledger, message.chat.id, guest.id))[0]
    refusal = policy.may_claim(await _actor(context, message, asker), claimed)
    if refusal is not None:
        raise ChatRefusal(refusal, token=words[0])
    sender = await _sender(context, message)
    request = LinkRequest(guest.id, _given(sender), "iam", take_seat=True)
    change = await _link(context, update, request, sender)
    await _reply_linked(context, message, change, guest, await _recorded(context, message), lang)


async def claim_guest(
    context: Context, update: Update, message: Message, guest_id: int
) -> tuple[IdentityChange, Player, Player]:
    """The /iam claim a press makes (「你是哪位？」's buttons): the presser becomes the guest
    ``guest_id`` and takes its seat, on /iam's rules; ChatRefusal when it may not be done.
    Returns the change, the guest and the presser's record."""
    ledger = services(context).ledger
    guest = await ledger.players.get(message.chat.id, guest_id)
    if not guest.is_guest:
        raise ChatRefusal("iam_member", token=guest.name)
    claimed = (await _people(ledger, message.chat.id, guest.id))[0]
    asker = await _asker(context, message, update)
    refusal = policy.may_claim(await _actor(context, message, asker, update), claimed)
    if refusal is not None:
        raise ChatRefusal(refusal, token=guest.name)
    sender = await _sender(context, message, update)
    request = LinkRequest(guest.id, _given(sender), "iam", take_seat=True)
    change = await _link(context, update, request, sender)
    return change, guest, await _recorded(context, message, update)


async def announce_link(
    context: Context,
    message: Message,
    claimed: tuple[IdentityChange, Player, Player],
    lang: str,
) -> None:
    """The chat told of a claim, as /iam tells it (with its ↩️ 撤销: the P-event's undo)."""
    change, guest, member = claimed
    await _reply_linked(context, message, change, guest, member, lang)


async def join_as_guest(
    context: Context, update: Update, table: SeatedTable, sender: Player | NewMember
) -> IdentityChange | None:
    """/join by a member while a guest of the same name sits at the table: the member takes
    the guest's seat and becomes that guest (None when there is no such guest, or the two
    sat at one table before: then they are two people, and /join seats as usual). A member
    never seen before (or renamed on Telegram since) is recorded by the claim's write."""
    message = message_of(update)
    if isinstance(sender, Player):
        known: Player | None = sender
    else:
        known = await _asker(context, message, update)
    if known is not None and table.seat_of(known.id) is not None:
        return None
    name = name_key(sender.name)
    guests = [p for p in table.players.values() if p.is_guest and name_key(p.name) == name]
    if len(guests) != 1:
        return None
    claimed = (await _people(services(context).ledger, table.session.chat_id, guests[0].id))[0]
    # A claim needs no standing.
    actor = policy.Actor(known.id if known else None, admin=False, creator=False)
    if policy.may_claim(actor, claimed) is not None:
        return None  # someone else's already: /join seats the member as usual
    request = LinkRequest(guests[0].id, _given(sender), "join", take_seat=True)
    try:
        return await _link(context, update, request, sender)
    except StorageError as error:
        if error.code is ErrorCode.SAT_TOGETHER:
            return None
        raise


async def reply_joined_as_guest(
    context: Context, message: Message, change: IdentityChange, lang: str
) -> None:
    assert change.event.player_id is not None and change.event.person_id is not None
    ledger = services(context).ledger
    guest = await ledger.players.get(message.chat.id, change.event.player_id)
    member = await ledger.players.get(message.chat.id, change.event.person_id)
    await _reply_linked(context, message, change, guest, member, lang)


async def merge(update: Update, context: Context) -> None:
    """/merge 阿明（客） @aming (合并): two records of one person become one (admin or the
    session's creator). A guest folds into a member; otherwise the first into the second."""
    message = message_of(update)
    lang = await update_lang(update, context)
    words = argument_words(message)
    if len(words) != 2:
        raise ChatRefusal("merge_usage")
    ledger = services(context).ledger
    first, second = [
        await record_called(ledger, message.chat.id, word, prefer_guest=index == 0)
        for index, word in enumerate(words)
    ]
    asker = await _asker(context, message)
    persons = await _people(ledger, message.chat.id, first.id, second.id)
    refusal = policy.may_merge(await _actor(context, message, asker), *persons)
    if refusal is not None:
        raise ChatRefusal(refusal, a=first.name, b=second.name)
    sender = await _sender(context, message)
    if not first.is_guest and second.is_guest:
        first, second = second, first
    # The person's record takes the seat, so the table only ever seats people's roots (the
    # standings the bot keeps move by the seated ids).
    request = LinkRequest(first.id, second.id, "merge", take_seat=True)
    change = await _link(context, update, request, sender)
    await _reply_linked(context, message, change, first, second, lang)


async def rename(update: Update, context: Context) -> None:
    """/rename 阿明 老明 (改名): a guest's new name (admin or the session's creator)."""
    message = message_of(update)
    lang = await update_lang(update, context)
    words = argument_words(message)
    if len(words) != 2:
        raise ChatRefusal("rename_usage")
    ledger = services(context).ledger
    guest = await record_called(ledger, message.chat.id, words[0], prefer_guest=True)
    refusal = policy.may_rename(await _actor(context, message, await _asker(context, message)))
    if refusal is not None:
        raise ChatRefusal(refusal)
    new_name = check_name(words[1])  # the rule /new holds a guest's name to
    if not guest.is_guest:  # the ledger refuses it too; said before the sender is recorded
        raise StorageError(ErrorCode.MEMBER_NAME, name=guest.name)
    sender = await _sender(context, message)
    change = await ledger.people.rename_guest(
        message.chat.id, guest.id, new_name, author=_given(sender), update_id=update.update_id
    )
    forget(context, message.chat.id)
    text = t(
        "renamed",
        lang,
        event=change.event.number,
        old=change.event.old_name or "",
        new=change.event.new_name or "",
    )
    await reply(message, text, reply_markup=_undo_markup(context, message.chat.id, change, lang))


async def undo_event(update: Update, context: Context, number: int) -> None:
    """/undo P3: take back an identity event (its author, the creator or an admin), named by
    the chat's own number (or, when the chat has no such number, an old message's row id)."""
    message = message_of(update)
    lang = await update_lang(update, context)
    found = await services(context).ledger.people.event_by_number(message.chat.id, number)
    if found is None:
        raise StorageError(ErrorCode.UNKNOWN_IDENTITY_EVENT, event_id=number)
    change = await _undo(context, update, message, found.event.id)
    text = await _undone_text(context, message.chat.id, change, lang)
    await reply(message, text + (t("old_number", lang) if found.old else ""))


async def undo_button(update: Update, context: Context) -> None:
    """The 撤销 button under a link or rename: take it back, strike the reply through."""
    button = await press_of(update, context)
    if button is None:
        return
    query, message, lang = button.query, button.message, button.lang
    shown = signature.verified(
        context.bot.token, IDENTITY_UNDO_PURPOSE, message.chat.id, button.data
    )
    event_id = as_number(shown.removeprefix(IDENTITY_UNDO_PREFIX)) if shown else None
    try:
        if event_id is None:  # not a button the bot showed here (or one shown before signing)
            raise ChatRefusal("identity_undo_unsigned")
        change = await _undo(context, update, message, event_id)
    except ChatRefusal as refusal:
        await answer(query, t(refusal.key, lang, **refusal.params), alert=True)
        return
    except StorageError as error:
        await answer(query, error.message(lang), alert=True)
        return
    done = await _undone_text(context, message.chat.id, change, lang)
    await answer(query, done)
    await edit(message, f"<s>{message.text_html}</s>\n{done}", reply_markup=None)


BUTTONS: Final = (
    ButtonRoute(
        IDENTITY_UNDO_PREFIX,
        undo_button,
        WIDEST_ENTRY_ID + "x" * signature.SIGNATURE_CHARS,
    ),
)


def event_id_in(text: str) -> int | None:
    """The identity event an /undo names (P3), or None for anything else."""
    found = EVENT_ID.match(text)
    return int(found.group(1)) if found else None


async def record_called(ledger: Ledger, chat_id: int, word: str, *, prefer_guest: bool) -> Player:
    """The one existing record ``word`` names (no guest is created): @username, a name (a
    guest and a member sharing it: the guest with ``prefer_guest`` or the mark 阿明（客）,
    else the member), #id; ChatRefusal naming the word when there is none."""
    mark = GUEST_MARK.search(word)
    bare = word[: mark.start()] if mark else word
    prefer_guest = prefer_guest or mark is not None
    players = await ledger.players.all(chat_id)
    if bare.startswith("@"):
        handle = bare[1:].casefold()
        found = [p for p in players if (p.username or "").casefold() == handle]
        same = found or [p for p in players if name_key(p.name) == name_key(handle)]
    else:
        same = [p for p in players if name_key(p.name) == name_key(bare)]
    guests = [p for p in same if p.is_guest]
    members = [p for p in same if not p.is_guest]
    pick = (guests if prefer_guest and guests else members) or guests
    if len(pick) > 1:
        raise StorageError(ErrorCode.AMBIGUOUS_PLAYER, name=bare)
    if pick:
        return pick[0]
    found_id = None if bare.startswith("@") else await ledger.players.find(chat_id, bare)
    if found_id is None:
        raise ChatRefusal("unknown_record", token=word)
    return found_id


def identity_line(event: IdentityEvent, names: dict[int, str], lang: str) -> str:
    """'P3 身份 阿明（客）= 阿明（入座）' as /history shows an identity event."""
    head = f"<b>P{event.number}</b> "
    if event.kind == "link":
        person = names.get(event.person_id or 0, "?")
        record = _marked(names.get(event.player_id or 0, "?"), person, lang)
        head += t(
            "history_link", lang, record=record, person=person, how=t(f"link_how_{event.how}", lang)
        )
    elif event.kind == "rename":
        head += t("history_rename", lang, old=event.old_name or "", new=event.new_name or "")
    else:
        head += t("history_identity_undo", lang, event=event.undoes_number)
    if event.undone_by is not None:
        head += " " + t("reversed_tag", lang)
    return head


async def history_window(
    ledger: Ledger, chat_id: int, found: HistoryPage, session: Session | None
) -> tuple[datetime | None, datetime | None]:
    """The times whose identity events a history page shows among its entries: from just
    after the next older entry (the session's start on the last page of a session) up to its
    newest entry (on the first page: up to now), so each event shows on one page."""
    if not found.entries:
        return (session.opened_at if session else None), None
    newest, oldest = found.entries[0], found.entries[-1]
    until = None if found.page == 1 else newest.created_at + _INSTANT
    if found.page >= found.pages:
        return (session.opened_at if session else None), until
    older = await ledger.reports.history(
        chat_id, session.id if session else None, 1, 1, key=PageKey(before=oldest.id)
    )
    since = older.entries[0].created_at + _INSTANT if older.entries else None
    return since, until


async def identity_lines_between(
    ledger: Ledger,
    chat_id: int,
    window: tuple[datetime | None, datetime | None],
    names: dict[int, str],
    lang: str,
) -> list[tuple[datetime, str]]:
    """The identity events made in [since, until), each with its time, for /history to
    place among the entries of one page."""
    events = await ledger.people.identity_events(chat_id, window[0], window[1])
    return [(event.created_at, identity_line(event, names, lang)) for event in events]


async def _link(
    context: Context, update: Update, request: LinkRequest, sender: Player | NewMember
) -> IdentityChange:
    message = message_of(update)
    change = await services(context).ledger.people.link_records(
        message.chat.id, request, author=_given(sender), update_id=update.update_id
    )
    forget(context, message.chat.id)
    return change


async def _reply_linked(
    context: Context,
    message: Message,
    change: IdentityChange,
    record: Player,
    person: Player,
    lang: str,
) -> None:
    shown = _marked(record.name, person.name, lang)
    lines = [t("linked", lang, event=change.event.number, record=shown, person=person.name)]
    if change.event.seat is not None:
        lines.append(t("linked_seat", lang, seat=seat_label(Seat(change.event.seat), lang)))
    if change.session is not None:
        lines.append(describe_table(await table_of(context, change.session), lang))
    await reply(
        message, "\n".join(lines), reply_markup=_undo_markup(context, message.chat.id, change, lang)
    )


def _marked(record: str, person: str, lang: str) -> str:
    """The linked record's name, marked 阿明（客） when it is the person's name too (a guest
    folds into a member of its name, and 「阿明」=「阿明」 would say nothing)."""
    return record + t("guest_mark", lang) if name_key(record) == name_key(person) else record


def _undo_markup(
    context: Context, chat_id: int, change: IdentityChange, lang: str
) -> InlineKeyboardMarkup:
    """撤销 under a link or rename: signed, so a client cannot make one for another event."""
    data = signature.signed(
        context.bot.token,
        IDENTITY_UNDO_PURPOSE,
        chat_id,
        f"{IDENTITY_UNDO_PREFIX}{change.event.id}",
    )
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton("↩️ " + t("undo_button", lang), callback_data=data)]]
    )


async def _undo(
    context: Context, update: Update, message: Message, event_id: int
) -> IdentityChange:
    ledger = services(context).ledger
    event = await ledger.people.identity_event(message.chat.id, event_id)
    asker = await _asker(context, message, update)
    touched = () if event.kind != "link" or event.person_id is None else (event.person_id,)
    persons = await _people(ledger, message.chat.id, *touched)
    actor = await _actor(context, message, asker, update)
    refusal = policy.may_undo(actor, event.author, persons)
    if refusal is not None:
        raise ChatRefusal(refusal, event=event.number)
    sender = await _sender(context, message, update)
    change = await ledger.people.undo_identity(
        message.chat.id, event_id, author=_given(sender), update_id=update.update_id
    )
    forget(context, message.chat.id)
    return change


async def _undone_text(context: Context, chat_id: int, change: IdentityChange, lang: str) -> str:
    undone = change.undone
    if undone is None:  # a replayed undo: the event it undid
        assert change.event.undoes is not None
        undone = await services(context).ledger.people.identity_event(chat_id, change.event.undoes)
    names = {p.id: p.name for p in await services(context).ledger.players.all(chat_id)}
    return t("identity_undone", lang, event=undone.number, what=_plain_line(undone, names, lang))


def _plain_line(event: IdentityEvent, names: dict[int, str], lang: str) -> Html:
    """The event's line without its tags, still HTML (its names escaped once): ``t`` takes
    it as it is, a message shows it, and a popup (``answer``) unescapes it to plain text."""
    line = re.sub(r"<[^>]+>", "", identity_line(event, names, lang))
    return Html(line.removeprefix(f"P{event.number} "))


async def _actor(
    context: Context, message: Message, asker: Player | None, update: Update | None = None
) -> policy.Actor:
    """The sender as the identity policy sees them (``asker``: their record, None when never
    seen): a chat admin, the open session's creator."""
    session = await services(context).ledger.sessions.current(message.chat.id)
    user = update.effective_user if update is not None else message.from_user
    record = asker.id if asker is not None else None
    creator = session is not None and record is not None and session.creator == record
    return policy.Actor(record, await is_chat_admin(context, message, user), creator)


async def _people(ledger: Ledger, chat_id: int, *record_ids: int) -> list[policy.Person]:
    """The people ``record_ids`` belong to, as the policy sees them."""
    people = await ledger.people.of_chat(chat_id)
    players = await ledger.players.all(chat_id)
    return [policy.person_of(people, players, record_id) for record_id in record_ids]


async def _asker(context: Context, message: Message, update: Update | None = None) -> Player | None:
    """Who is asking, without recording them (None: never seen), for the policy's checks."""
    return await known_player(context, message.chat, _user(message, update))


async def _sender(
    context: Context, message: Message, update: Update | None = None
) -> Player | NewMember:
    """The sender as the identity event's author (or the person claiming): someone never
    seen, or renamed on Telegram since, is recorded by the event's write, so a refused
    command records and renames nobody."""
    return await member_to_record(context, message.chat, _user(message, update))


async def _recorded(context: Context, message: Message, update: Update | None = None) -> Player:
    """The sender's player once the write recorded them (no write of its own then)."""
    return await sender_player(context, message.chat, _user(message, update))


def _given(sender: Player | NewMember) -> int | NewMember:
    """The sender as the ledger takes them: a known player's id, or the member to record."""
    return sender.id if isinstance(sender, Player) else sender


def _user(message: Message, update: Update | None) -> User:
    user = update.effective_user if update is not None else message.from_user
    if user is None or user.is_bot:  # an anonymous admin posts as GroupAnonymousBot
        raise ChatRefusal("no_sender")
    return user


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (
    Command("iam", iam, verbs=("我是",), group_only=True),
    Command("merge", merge, verbs=("合并",), group_only=True),
    Command("rename", rename, verbs=("改名",), group_only=True),
)
