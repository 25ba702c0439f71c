"""Opening a session and seating the table: /new, /join, /seat; supergroup migration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    MessageEntity,
    Update,
    User,
)

from bot.buttons.registry import ButtonRoute
from bot.commands import Command
from bot.context import (
    Context,
    argument_text,
    argument_words,
    chat_lang,
    chat_state,
    is_chat_admin,
    is_creator_or_admin,
    member_to_record,
    message_of,
    press_of,
    sender_player,
    services,
    update_lang,
)
from bot.grammar import (
    SENDER_WORDS,
    GrammarError,
    check_name,
    parse_dealer,
    parse_new,
    parse_seat_change,
)
from bot.grammar.new import RulesetWords, read_ruleset_words
from bot.handlers import claim, people
from bot.handlers.debts import open_debts_note
from bot.i18n import plain, t
from bot.recording.table import forget, open_table, table_of
from bot.refusals.chat import ChatRefusal
from bot.refusals.user_errors import user_message
from bot.replies.table import describe_table, empty_seats, ruleset_name, seat_label
from bot.table.chat_state import PendingOpening
from bot.table.seated import SeatedTable
from bot.text_limits import answer, edit, reply, send
from scoring import rulesets
from scoring.errors import ScoringError
from scoring.tiles import SEAT_ORDER
from storage import (
    TABLE,
    ErrorCode,
    Ledger,
    MoneySpec,
    NewGuest,
    NewMember,
    Player,
    SessionTerms,
    Source,
    StorageError,
)
from storage.money import split_evenly, stake_text, yuan_text
from storage.names import name_key

# Who sent a seating command: their player, a member to record with the seating, or nobody.
Sender = Player | NewMember | None
Seated = int | NewGuest | NewMember | None  # a seat as storage takes it


OPEN_PREFIX: Final = "open:"  # 「湖州」's systems and 「和上次一样」 under a /new
SAME_AS_LAST: Final = "same"


@dataclass(frozen=True)
class _Terms:
    ruleset: rulesets.Ruleset
    base: int | None
    room: str | None
    stake: int | None  # said in the line (每分0.5元); None: the chat's, carried over


async def new(update: Update, context: Context) -> None:
    """/new RULESET [底分|room] [P1..P4]: open the chat's one session. The family and the
    system in either order (湖州 硬飘花); a family of several systems alone (湖州) asks which
    one; /new alone in a chat that played before offers 「和上次一样」."""
    message = message_of(update)
    lang = await update_lang(update, context)
    words = argument_words(message)
    if not words:
        await _refuse_open_session(context, message.chat.id)
        await _offer_last(context, message, update.update_id, lang)
        return
    read = read_ruleset_words(words)
    if read.ruleset is None and read.family is not None:
        await _refuse_open_session(context, message.chat.id)
        await _ask_system(context, (message, update.update_id), read, lang)
        return
    line = [read.word, *read.rest] if read.ruleset is not None else words
    await _open_from_words(context, (message, update.update_id), line, lang)


async def _refuse_open_session(context: Context, chat_id: int) -> None:
    # Refused before the sender is looked up (a first-time sender would be recorded); the
    # ledger checks again as it opens the session.
    current = await services(context).ledger.sessions.current(chat_id)
    if current is not None:
        raise StorageError(ErrorCode.SESSION_ALREADY_OPEN, session_id=current.id)


async def _open_from_words(
    context: Context, under: tuple[Message, int], words: Sequence[str], lang: str
) -> None:
    """The session a /new line says, its players named as typed."""
    message, _ = under
    ruleset = rulesets.get(words[0]) if words else None
    rooms = {room.name: room.base for room in getattr(ruleset, "rooms", ())} if ruleset else {}
    if ruleset is not None:
        _refuse_foreign_room(list(words), ruleset, lang)
    command = parse_new(words, rooms)
    assert ruleset is not None
    await _refuse_open_session(context, message.chat.id)
    creator = await _sender(context, message)
    seats: list[Seated] = [None, None, None, None]
    for index, word in enumerate(command.players):
        seats[index] = _seated(await _player_for(context, message, word, creator))
    terms = _Terms(ruleset, command.base, command.room, command.stake)
    await _open(context, under, terms, (creator, seats), lang)


async def _open(
    context: Context,
    under: tuple[Message, int],
    terms: _Terms,
    people_: tuple[Sender, list[Seated]],
    lang: str,
) -> None:
    """Open the session, with the chat's stake and 台费 carried over from its last session
    unless the line set a stake (docs/rules.md, "Opening a session"), and answer."""
    message, update_id = under
    ledger = services(context).ledger
    creator, seats = people_
    previous = await ledger.sessions.latest(message.chat.id)
    carried = await ledger.money.of_session(message.chat.id, previous.id) if previous else None
    chat = await ledger.chats.ensure(message.chat.id, lang)
    base = terms.base or chat.base or 1
    ruleset = terms.ruleset
    session = await ledger.sessions.open(
        message.chat.id,
        SessionTerms(ruleset.id, base, ruleset.rotation, room=terms.room),
        (seats[0], seats[1], seats[2], seats[3]),
        creator.id if isinstance(creator, Player) else creator,
    )
    await ledger.chats.set_defaults(message.chat.id, ruleset.id, base)
    stake = terms.stake if terms.stake is not None else (carried.stake if carried else None)
    if stake is not None:  # 每分0.5元, or the last session's: the session's first entry
        spec = MoneySpec("stake", stake=stake)
        source = Source(update_id, message.message_id)
        await ledger.money.record(message.chat.id, session.id, spec, source, session.creator)
    table = await table_of(context, session)
    room = f" · {terms.room}" if terms.room else ""
    lines = [
        t(
            "session_opened",
            lang,
            session=session.number,
            ruleset=ruleset_name(ruleset.id, lang),
            base=base,
            room=room,
        ),
        describe_table(table, lang),
    ]
    if stake is not None:
        kept = terms.stake is None
        lines.append("💰 " + t("stake_is", lang, stake=stake_text(stake)))
        lines[-1] += t("carried_over", lang) if kept else ""
    if carried is not None and carried.fee:
        lines.append(await _carried_fee(context, table, carried.fee, lang))
    if not table.full:
        lines.append(t("session_join_hint", lang, seats=empty_seats(table, lang)))
    guests = claim.unclaimed_guests(table)
    if guests:  # friends seated by name: one tap each to be theirs
        lines.append(t("claim_new", lang))
        if message.from_user is not None:  # the opener saw them here: their lines ask no more
            chat_state(context, message.chat.id).asked.add((session.id, message.from_user.id))
    owed = await open_debts_note(ledger, message.chat.id, lang)
    if owed is not None:
        lines.append(owed)
    markup = claim.claim_markup(guests, lang) if guests else None
    await reply(message, "\n".join(lines), markup)


async def _carried_fee(context: Context, table: SeatedTable, fee: int, lang: str) -> str:
    """The last session's 台费 again: shared by the four at a full table (written now, its
    ↩️ under /history as any fee's), otherwise said for when the table is full."""
    if not table.full:
        return t("fee_carried_later", lang, fee=yuan_text(fee))
    session = table.session
    seated = [table.player_id(seat) for seat in SEAT_ORDER]
    shares = split_evenly(fee, seated)
    lines = {TABLE: fee, **{player: -share for player, share in shares.items()}}
    spec = MoneySpec("fee", fen=lines)
    # No source: the /new's update is the stake's; a /new replayed is refused as already open.
    await services(context).ledger.money.record(session.chat_id, session.id, spec, None, None)
    each = yuan_text(-min(lines.values()))
    return t("fee_carried", lang, fee=yuan_text(fee), each=each)


async def _ask_system(
    context: Context, under: tuple[Message, int], read: RulesetWords, lang: str
) -> None:
    """湖州 alone: which of its systems, one button each (the line's other words kept)."""
    message, update_id = under
    assert read.family is not None
    members = rulesets.family_members(read.family)
    buttons = [
        InlineKeyboardButton(ruleset_name(member, lang), callback_data=OPEN_PREFIX + member)
        for member in members
    ]
    rows = [buttons[i : i + 2] for i in range(0, len(buttons), 2)]
    name = read.family.names[0]
    text = t("new_which_system", lang, family=name, count=len(members))
    asked = await reply(message, text, InlineKeyboardMarkup(rows))
    state = chat_state(context, message.chat.id)
    state.opening = PendingOpening(message, update_id, read.rest, asked.message_id)


async def _offer_last(context: Context, message: Message, update_id: int, lang: str) -> None:
    """/new alone: how to write it, and 「和上次一样」 (the last session's ruleset, 底分, room,
    players, with its stake and 台费) in one tap where the chat played before."""
    ledger = services(context).ledger
    previous = await ledger.sessions.latest(message.chat.id)
    if previous is None:
        raise GrammarError("new_usage")
    table = await table_of(context, previous)
    players = " ".join(table.name(seat) for seat in SEAT_ORDER if seat in table.players)
    label = t(
        "new_same_as_last",
        lang,
        ruleset=ruleset_name(previous.ruleset, lang),
        base=previous.base,
        players=players,
    )
    button = InlineKeyboardButton(label[:64], callback_data=OPEN_PREFIX + SAME_AS_LAST)
    usage = t("new_usage", lang)
    asked = await reply(message, usage, InlineKeyboardMarkup([[button]]))
    state = chat_state(context, message.chat.id)
    state.opening = PendingOpening(message, update_id, (), asked.message_id)


async def open_button(update: Update, context: Context) -> None:
    """A system under 「湖州」 or 「和上次一样」: the /new goes on as its sender meant it (their
    press or an admin's); the question's message then says what was chosen."""
    button = await press_of(update, context)
    if button is None:
        return
    query, message, lang = button.query, button.message, button.lang
    state = chat_state(context, message.chat.id)
    pending = state.opening
    if pending is None or pending.asked_id != message.message_id:
        await answer(query, t("button_expired", lang), alert=True)
        return
    asker = pending.message.from_user
    if (asker is None or asker.id != query.from_user.id) and not await is_chat_admin(
        context, message, query.from_user
    ):
        await answer(query, t("open_not_yours", lang), alert=True)
        return
    choice = button.data.removeprefix(OPEN_PREFIX)
    under = (pending.message, pending.update_id)
    try:
        if choice == SAME_AS_LAST:
            chosen = await _open_as_last(context, under, lang)
        else:
            if choice not in rulesets.RULESETS:
                raise ChatRefusal("bad_button", token=button.data)
            chosen = ruleset_name(choice, lang)
            await _open_from_words(context, under, [choice, *pending.rest], lang)
    except (ChatRefusal, GrammarError, ScoringError, StorageError) as error:
        await answer(query, plain(user_message(error, lang) or ""), alert=True)
        return
    state.opening = None
    await answer(query)
    await edit(message, t("new_chosen", lang, name=query.from_user.full_name, chosen=chosen))


async def _open_as_last(context: Context, under: tuple[Message, int], lang: str) -> str:
    """「和上次一样」: the chat's last session again, the same players in the same seats."""
    message, _ = under
    await _refuse_open_session(context, message.chat.id)
    previous = await services(context).ledger.sessions.latest(message.chat.id)
    if previous is None:
        raise GrammarError("new_usage")
    terms = _Terms(rulesets.get(previous.ruleset), previous.base, previous.room, None)
    creator = await _sender(context, message)
    seats: list[Seated] = list(previous.seats)
    await _open(context, under, terms, (creator, seats), lang)
    return t("new_same_chosen", lang)


BUTTONS: Final = (ButtonRoute(OPEN_PREFIX, open_button, max(rulesets.RULESETS, key=len)),)


def _refuse_foreign_room(words: list[str], ruleset: rulesets.Ruleset, lang: str) -> None:
    """A room name (初级场) in the 底分's place that this ruleset has not: refused naming the
    room, before it could be read as a player's name (or a fifth player)."""
    word = words[1] if len(words) > 1 else ""
    own = {name for room in ruleset.rooms for name in (room.name, room.name_en)}
    if not word or word in own or not _is_room_word(word):
        return
    name = ruleset_name(ruleset.id, lang)
    if not ruleset.rooms:
        raise ChatRefusal("room_not_in_ruleset", token=word, ruleset=name, typed=words[0])
    listed = ("、" if lang == "zh" else ", ").join(room.name for room in ruleset.rooms)
    raise ChatRefusal("room_unknown", token=word, ruleset=name, rooms=listed)


def _is_room_word(word: str) -> bool:
    """A room of any ruleset (初级场, Beginner room), or a word shaped like one (中级场)."""
    known = {
        name
        for rules in rulesets.RULESETS.values()
        for room in rules.rooms
        for name in (room.name, room.name_en)
    }
    return word in known or (len(word) > 1 and word.endswith("场"))


async def join(update: Update, context: Context) -> None:
    """/join [NAME]: the sender (or the replied-to user, or a guest) takes the next free seat."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    table = await open_table(context, message.chat.id)
    sender = await _sender(context, message)
    text = argument_text(message)
    if text:
        player = await _player_for(context, message, text, sender)
    elif (
        message.reply_to_message
        and message.reply_to_message.from_user
        and not message.reply_to_message.from_user.is_bot
    ):
        player = await member_to_record(context, message.chat, message.reply_to_message.from_user)
    elif sender is not None:
        taken_over = await people.join_as_guest(context, update, table, sender)
        if taken_over is not None:  # the member took a same-named guest's seat: one person
            await people.reply_joined_as_guest(context, message, taken_over, lang)
            return
        player = sender
    else:
        raise ChatRefusal("no_sender")
    seated_before = table.session.seats
    session = await ledger.sessions.join_seat(message.chat.id, _seated(player))
    player = await _recorded(context, message, player, sender)
    already = player.id in seated_before
    table = await table_of(context, session)
    seat = table.seat_of(player.id)
    assert seat is not None
    await reply(
        message,
        t(
            "joined_already" if already else "joined",
            lang,
            name=player.name,
            seat=seat_label(seat, lang),
        )
        + "\n"
        + describe_table(table, lang),
    )


async def seat(update: Update, context: Context) -> None:
    """/seat shows the table; /seat NAME SEAT swaps two players or seats a newcomer (换人)."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    table = await open_table(context, message.chat.id)
    words = argument_words(message)
    if words:
        change = parse_seat_change(words, table.roster)
        if not await is_creator_or_admin(context, message, table.session.creator):
            raise ChatRefusal("seat_denied")
        forget(context, message.chat.id)
        to = change.to
        if change.newcomer is not None:  # 换人: the newcomer takes the seat, its player leaves
            sender = await _sender(context, message)
            newcomer = await _player_for(context, message, change.newcomer, sender)
            if isinstance(newcomer, Player) and table.seat_of(newcomer.id) is not None:
                raise ChatRefusal("seat_usage_taken", token=change.newcomer)
            session = await ledger.sessions.set_seat(message.chat.id, to.value, _seated(newcomer))
        else:
            assert change.mover is not None
            session = await ledger.sessions.swap_seats(
                message.chat.id, change.mover.value, to.value
            )
        table = await table_of(context, session)
    await reply(message, describe_table(table, lang))


async def dealer(update: Update, context: Context) -> None:
    """/dealer shows who deals; /dealer 乙 [圈南] corrects it when the table says otherwise."""
    message = message_of(update)
    lang = await update_lang(update, context)
    table = await open_table(context, message.chat.id)
    words = argument_words(message)
    if words:
        change = parse_dealer(words, table.roster)
        if not await is_creator_or_admin(context, message, table.session.creator):
            raise ChatRefusal("dealer_denied")
        session = await services(context).ledger.sessions.set_state(
            message.chat.id,
            dealer=change.dealer.value if change.dealer else None,
            round_wind=change.round_wind.value if change.round_wind else None,
        )
        table = await table_of(context, session)
    await reply(message, describe_table(table, lang))


async def migrate(update: Update, context: Context) -> None:
    """A group became a supergroup: move its ledger, and what the bot remembers of it, to the
    new chat id."""
    message = message_of(update)
    if message.migrate_to_chat_id is None:
        return
    lang = await chat_lang(context, message.chat)
    try:
        await services(context).ledger.chats.migrate(message.chat.id, message.migrate_to_chat_id)
    except StorageError as error:
        if error.code is not ErrorCode.UNKNOWN_CHAT:
            raise
        return  # a group the ledger never saw: nothing moved, nothing to tell the players
    chat_state(context, message.chat.id).migrated()
    context.application.migrate_chat_data(message=message)
    await send(context.bot, message.migrate_to_chat_id, t("migrated", lang))


async def _sender(context: Context, message: Message) -> Player | NewMember | None:
    """The sender to seat or name as the session's opener; someone never seen (or renamed on
    Telegram since) is recorded by that write only (a refused /new, /join or /seat records
    and renames nobody)."""
    if message.from_user is None:
        return None
    return await member_to_record(context, message.chat, message.from_user)


def _seated(player: Player | NewGuest | NewMember) -> int | NewGuest | NewMember:
    return player.id if isinstance(player, Player) else player


async def _recorded(
    context: Context, message: Message, seated: Player | NewGuest | NewMember, sender: Sender
) -> Player:
    """The player a seating recorded (a new guest or member is a player now)."""
    if isinstance(seated, Player):
        return seated
    if isinstance(seated, NewMember):
        return await sender_player(context, message.chat, _user(message, seated.user_id))
    found = await _record_for(context, message, seated.name, sender)
    assert isinstance(found, Player)
    return found


def _names(word: str, member: NewMember) -> bool:
    """``word`` is the member's name or @username."""
    if word.startswith("@"):
        return word[1:].casefold() == (member.username or "").casefold() != ""
    return name_key(word) == name_key(member.name)


def _user(message: Message, user_id: int) -> User:
    """The Telegram user ``user_id`` this message names: its sender, replied-to or mentioned."""
    reply_to = message.reply_to_message
    candidates = [message.from_user, reply_to.from_user if reply_to else None]
    candidates += [entity.user for entity in message.parse_entities([MessageEntity.TEXT_MENTION])]
    return next(user for user in candidates if user is not None and user.id == user_id)


async def _player_for(
    context: Context, message: Message, word: str, sender: Sender
) -> Player | NewGuest | NewMember:
    """A named player: 我, a text mention, an @username, a known name, or a new guest (made
    by the seating, once it passed its checks); a record linked to another
    (storage/people.py) seats its person."""
    found = await _record_for(context, message, word, sender)
    if (
        not isinstance(found, Player)
        or found.id not in (await services(context).ledger.people.of_chat(message.chat.id)).links
    ):
        return found
    return await services(context).ledger.people.person_of(message.chat.id, found.id)


async def _record_for(
    context: Context, message: Message, word: str, sender: Sender
) -> Player | NewGuest | NewMember:
    ledger: Ledger = services(context).ledger
    chat_id = message.chat.id
    if word.casefold() in SENDER_WORDS and sender is not None:
        return sender
    for entity, text in message.parse_entities([MessageEntity.TEXT_MENTION]).items():
        if text == word and entity.user is not None:
            return await member_to_record(context, message.chat, entity.user)
    if isinstance(sender, NewMember) and _names(word, sender):
        return sender  # a first-time sender naming themselves, as a member already recorded
    if not word.startswith("@"):
        # A guest written in an earlier /new may share a name with the member who later spoke
        # up: the Telegram member is the one meant.
        same = [p for p in await ledger.players.all(chat_id) if name_key(p.name) == name_key(word)]
        members = [p for p in same if not p.is_guest]
        if len(members) == 1 or len(same) == 1:
            return members[0] if members else same[0]
    found = await ledger.players.find(chat_id, word)
    if found is not None:
        return found
    return NewGuest(check_name(word.lstrip("@")))


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (
    Command("new", new, verbs=("开局",)),
    Command("join", join, verbs=("加入",)),
    Command("seat", seat, verbs=("座位",)),
    Command("dealer", dealer),
)
