"""Opening a session and seating the table: /new, /join, /seat; supergroup migration."""

from __future__ import annotations

from telegram import Message, MessageEntity, Update, User

from bot.chat_refusal import ChatRefusal
from bot.context import (
    Context,
    argument_text,
    argument_words,
    chat_lang,
    chat_state,
    is_creator_or_admin,
    member_to_seat,
    message_of,
    sender_player,
    services,
    update_lang,
)
from bot.grammar import SENDER_WORDS, check_name, parse_dealer, parse_new, parse_seat_change
from bot.handlers import people
from bot.handlers.debts import open_debts_note
from bot.i18n import t
from bot.replies import reply, send
from bot.table import forget, open_table, table_of
from bot.table_html import describe_table, empty_seats, ruleset_name, seat_label
from scoring import rulesets
from storage import (
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
from storage.money import stake_text
from storage.names import name_key

# Who sent a seating command: their player, a member to record with the seating, or nobody.
Sender = Player | NewMember | None


async def new(update: Update, context: Context) -> None:
    """/new RULESET [底分|room] [P1..P4]: open the chat's one session."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).db
    words = argument_words(message)
    ruleset = rulesets.get(words[0]) if words else None
    rooms = {room.name: room.base for room in getattr(ruleset, "rooms", ())} if ruleset else {}
    if ruleset is not None:
        _refuse_foreign_room(words, ruleset, lang)
    command = parse_new(words, rooms)
    assert ruleset is not None
    # Refused before the sender is looked up (a first-time sender would be recorded); the
    # ledger checks again as it opens the session.
    current = await ledger.sessions.current(message.chat.id)
    if current is not None:
        raise StorageError(ErrorCode.SESSION_ALREADY_OPEN, session_id=current.id)
    creator = await _sender(context, message)
    seats: list[int | NewGuest | NewMember | None] = [None, None, None, None]
    for index, word in enumerate(command.players):
        seats[index] = _seated(await _player_for(context, message, word, creator))
    chat = await ledger.chats.ensure(message.chat.id, lang)
    base = command.base or chat.base or 1
    session = await ledger.sessions.open(
        message.chat.id,
        SessionTerms(ruleset.id, base, ruleset.rotation, room=command.room),
        (seats[0], seats[1], seats[2], seats[3]),
        creator.id if isinstance(creator, Player) else creator,
    )
    await ledger.chats.set_defaults(message.chat.id, ruleset.id, base)
    if command.stake is not None:  # 每分0.5元: the session's first entry
        source = Source(update.update_id, message.message_id)
        stake = MoneySpec("stake", stake=command.stake)
        await ledger.money.record(message.chat.id, session.id, stake, source, session.creator)
    table = await table_of(context, session)
    room = f" · {command.room}" if command.room else ""
    lines = [
        t(
            "session_opened",
            lang,
            session=session.id,
            ruleset=ruleset_name(ruleset.id, lang),
            base=base,
            room=room,
        ),
        describe_table(table, lang),
    ]
    if command.stake is not None:
        lines.append("💰 " + t("stake_is", lang, stake=stake_text(command.stake)))
    if not table.full:
        lines.append(t("session_join_hint", lang, seats=empty_seats(table, lang)))
    owed = await open_debts_note(ledger, message.chat.id, lang)
    if owed is not None:
        lines.append(owed)
    await reply(message, "\n".join(lines))


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
    ledger = services(context).db
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
        player = await member_to_seat(context, message.chat, message.reply_to_message.from_user)
    elif sender is not None:
        taken_over = await people.join_as_guest(context, update, table, sender)
        if taken_over is not None:  # the member took a same-named guest's seat: one person
            await people.reply_joined_as_guest(context, message, taken_over, lang)
            return
        player = sender
    else:
        raise ChatRefusal("no_sender")
    already = table.seat_of(player.id) if isinstance(player, Player) else None
    session = await ledger.sessions.join_seat(message.chat.id, _seated(player))
    player = await _recorded(context, message, player, sender)
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
    ledger = services(context).db
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
        session = await services(context).db.sessions.set_state(
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
    await services(context).db.chats.migrate(message.chat.id, message.migrate_to_chat_id)
    chat_state(context, message.chat.id).migrated()
    context.application.migrate_chat_data(message=message)
    await send(context.bot, message.migrate_to_chat_id, t("migrated", lang))


async def _sender(context: Context, message: Message) -> Player | NewMember | None:
    """The sender to seat or name as the session's opener; someone never seen is recorded by
    that write only (a refused /new, /join or /seat records nobody)."""
    if message.from_user is None:
        return None
    return await member_to_seat(context, message.chat, message.from_user)


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
        or found.id not in (await services(context).db.people.of_chat(message.chat.id)).links
    ):
        return found
    return await services(context).db.people.person_of(message.chat.id, found.id)


async def _record_for(
    context: Context, message: Message, word: str, sender: Sender
) -> Player | NewGuest | NewMember:
    ledger: Ledger = services(context).db
    chat_id = message.chat.id
    if word.casefold() in SENDER_WORDS and sender is not None:
        return sender
    for entity, text in message.parse_entities([MessageEntity.TEXT_MENTION]).items():
        if text == word and entity.user is not None:
            return await member_to_seat(context, message.chat, entity.user)
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
