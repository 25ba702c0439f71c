"""One update read from the JSON Telegram sent, on its own: an update the library cannot read
(a field missing, a wrong type) is refused alone, never with the rest of its batch; an update
still carrying the id of a group that became a supergroup is read as the supergroup's.

Bounds at the door, before the library or a handler sees an update (``out_of_bounds``):
nesting deeper than ``MAX_DEPTH``, an integer outside SQLite's (an id the ledger could not
store), text that is not valid Unicode (a lone UTF-16 surrogate cannot be written to SQLite or
sent back to Telegram). A getUpdates answer is read here too (``read_batch``), update by
update, so that one update too deep for Python's JSON reader costs only itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from telegram import Bot, Message, Update, User
from telegram.error import TelegramError

JSONDict = dict[str, Any]

REASON_LIMIT: Final = 200  # characters of the library's complaint in the one log line
# Telegram's deepest updates (a reply quoting a message whose reply has entities with a
# user, inside a callback query) nest about 12 levels; far past that is not Telegram.
MAX_DEPTH: Final = 48
# Characters of one update's JSON: Telegram's are kilobytes (a 4096-character text with its
# entities and a quoted reply stays well under 100 kB).
MAX_UPDATE_CHARS: Final = 4 << 20
SMALLEST_INT: Final = -(2**63)  # SQLite's INTEGER range
LARGEST_INT: Final = 2**63 - 1
_CHAT_KEYS: Final = frozenset({"chat", "sender_chat"})  # where a message names its chat
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
# The Bot API's types of the fields the bot reads, by object (a name: that object; a list of
# one name: a list of them). PTB takes a scalar of the wrong type without a word; a handler
# then fails on it. A field not named here is left to PTB.
_Field = type | str | list[str]
_TYPES: Final[dict[str, dict[str, _Field]]] = {
    "Update": {
        "message": "Message",
        "edited_message": "Message",
        "channel_post": "Message",
        "edited_channel_post": "Message",
        "business_message": "Message",
        "edited_business_message": "Message",
        "callback_query": "CallbackQuery",
        "my_chat_member": "ChatMemberUpdated",
        "chat_member": "ChatMemberUpdated",
    },
    "Message": {
        "message_id": int,
        "message_thread_id": int,
        "date": int,
        "edit_date": int,
        "from": "User",
        "sender_chat": "Chat",
        "chat": "Chat",
        "via_bot": "User",
        "reply_to_message": "Message",
        "text": str,
        "caption": str,
        "entities": ["MessageEntity"],
        "caption_entities": ["MessageEntity"],
        "new_chat_members": ["User"],
        "left_chat_member": "User",
        "new_chat_title": str,
        "migrate_to_chat_id": int,
        "migrate_from_chat_id": int,
        "is_topic_message": bool,
        "is_automatic_forward": bool,
        "has_protected_content": bool,
        "media_group_id": str,
        "author_signature": str,
    },
    "User": {
        "id": int,
        "is_bot": bool,
        "first_name": str,
        "last_name": str,
        "username": str,
        "language_code": str,
        "is_premium": bool,
    },
    "Chat": {
        "id": int,
        "type": str,
        "title": str,
        "username": str,
        "first_name": str,
        "last_name": str,
        "is_forum": bool,
    },
    "MessageEntity": {
        "type": str,
        "offset": int,
        "length": int,
        "url": str,
        "user": "User",
        "language": str,
        "custom_emoji_id": str,
    },
    "CallbackQuery": {
        "id": str,
        "from": "User",
        "message": "Message",
        "inline_message_id": str,
        "chat_instance": str,
        "data": str,
        "game_short_name": str,
    },
    "ChatMemberUpdated": {
        "chat": "Chat",
        "from": "User",
        "date": int,
        "old_chat_member": "ChatMember",
        "new_chat_member": "ChatMember",
    },
    "ChatMember": {"status": str, "user": "User"},
}
# What the Bot API always sends and PTB does not insist on (it builds the object without).
_REQUIRED: Final[dict[str, frozenset[str]]] = {
    # A message's date is compared by the handlers (an edit of a recorded hand): a null one
    # is as absent as a missing one.
    "Message": frozenset({"message_id", "date"}),
    "ChatMemberUpdated": frozenset({"chat", "from", "date", "old_chat_member", "new_chat_member"}),
    "ChatMember": frozenset({"status", "user"}),
}
# A getUpdates answer read without the JSON reader: the strings (skipped whole) and brackets.
_JSON_TOKEN: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_UPDATE_ID_VALUE: Final = re.compile(r"\s*:\s*(-?\d+)")


class Unreadable(Exception):
    """An update this bot cannot use; ``reason`` says why, in one short line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason[:REASON_LIMIT]


@dataclass(frozen=True)
class Refused:
    """An update of a getUpdates answer refused before it was read into Python objects (too
    deep or too long for the JSON reader): its id when one could be found, and why."""

    update_id: int | None
    reason: str


def update_id_of(raw: object) -> int | None:
    """The update's id as Telegram numbers them; None when it has none (or, refused, one
    could not be found)."""
    if isinstance(raw, Refused):
        return raw.update_id
    found = raw.get("update_id") if isinstance(raw, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def storable_id(update_id: int | None) -> bool:
    """An id the inbox can keep (SQLite's INTEGER)."""
    return update_id is not None and SMALLEST_INT <= update_id <= LARGEST_INT


def read_update(raw: object, bot: Bot, moves: Mapping[int, int]) -> Update:
    """The update as PTB reads it, with a moved group's id replaced by its supergroup's
    (``moves``: old chat id → new); raises Unreadable, and nothing else."""
    if isinstance(raw, Refused):
        raise Unreadable(raw.reason)
    problem = out_of_bounds(raw) or mistyped(raw)
    if problem is not None:
        raise Unreadable(problem)
    update = _parsed(raw, bot)
    chat = update.effective_chat
    if chat is None or chat.id not in moves or move_of(update) is not None:
        return update  # the move itself stays in the old chat: it is what moves the ledger
    assert isinstance(raw, dict)
    return _parsed(_moved(raw, chat.id, moves[chat.id]), bot)


def out_of_bounds(raw: object) -> str | None:
    """Why the JSON value is not an update this bot reads at all, whatever its fields mean:
    nested deeper than MAX_DEPTH, an integer outside SQLite's range, a string (or key) that
    is not valid Unicode; None when it is within bounds. Walked without recursion."""
    pending: list[tuple[object, int]] = [(raw, 0)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return "text that is not valid Unicode (a lone surrogate)"
        elif isinstance(value, bool) or value is None or isinstance(value, float):
            continue
        elif isinstance(value, int):
            if not SMALLEST_INT <= value <= LARGEST_INT:
                return f"an integer outside SQLite's range ({value.bit_length()} bits)"
        elif depth >= MAX_DEPTH:
            return f"nested deeper than {MAX_DEPTH} levels"
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    return "a field name that is not valid Unicode (a lone surrogate)"
                pending.append((item, depth + 1))
        elif isinstance(value, list):
            pending.extend((item, depth + 1) for item in value)
    return None


def mistyped(raw: object) -> str | None:
    """The first field (of those the bot reads, ``_TYPES``) whose value is not of the Bot
    API's type, as "message.from.id is str, not int"; None when all are. Walked without
    recursion; call it on a value within bounds."""
    pending: list[tuple[object, str, str]] = [(raw, "Update", "update")]
    while pending:
        value, kind, where = pending.pop()
        if not isinstance(value, dict):
            return f"{where} is {type(value).__name__}, not an object"
        missing = sorted(k for k in _REQUIRED.get(kind, frozenset()) if value.get(k) is None)
        if missing:
            return f"{where}.{missing[0]} is missing"
        for name, expected in _TYPES[kind].items():
            field = value.get(name)
            if field is None:  # absent (PTB reads a null as absent too)
                continue
            place = f"{where}.{name}"
            if isinstance(expected, str):
                pending.append((field, expected, place))
            elif isinstance(expected, list):
                if not isinstance(field, list):
                    return f"{place} is {type(field).__name__}, not a list"
                pending.extend((item, expected[0], f"{place}[]") for item in field)
            elif type(field) is not expected:  # bool is no int here, nor int a bool
                return f"{place} is {type(field).__name__}, not {expected.__name__}"
    return None


def read_batch(payload: bytes) -> JSONDict:
    """A getUpdates answer as PTB's request reads it (``BaseRequest.parse_json_payload``),
    but each update of its ``result`` either read or ``Refused`` alone: an update the JSON
    reader cannot take (nested thousands deep: RecursionError) does not make the whole answer
    unreadable. Bytes that are not UTF-8 become lone surrogates, which the reading refuses
    update by update. Raises TelegramError (backed off by PTB's polling loop) for an answer
    that is not JSON at all."""
    text = payload.decode("utf-8", "surrogateescape")
    try:
        answer = json.loads(text)
    except (ValueError, RecursionError):
        return _read_apart(text)
    if not isinstance(answer, dict):
        raise TelegramError("Invalid server response: not a JSON object")
    return answer


def _read_apart(text: str) -> JSONDict:
    """The answer read update by update (``read_batch`` when it cannot be read whole)."""
    updates = list(_result_items(text))
    if not updates:
        raise TelegramError("Invalid server response: no readable result")
    return {"ok": True, "result": [_read_item(*found) for found in updates]}


def _read_item(item: str, update_id: int | None, deepest: int) -> object:
    if deepest > MAX_DEPTH:
        return Refused(update_id, f"nested deeper than {MAX_DEPTH} levels")
    if len(item) > MAX_UPDATE_CHARS:
        return Refused(update_id, f"{len(item)} characters of JSON")
    try:
        return json.loads(item)
    except (ValueError, RecursionError) as error:
        return Refused(update_id, f"not JSON: {error}")


def _result_items(text: str) -> Iterator[tuple[str, int | None, int]]:
    """Each object of the answer's top-level ``result`` list: its JSON text, its update_id
    (None when none is found at its top level) and how deep it nests. Strings are skipped
    whole, so brackets inside them do not count."""
    depth, key, start, update_id, deepest, in_result = 0, "", 0, None, 0, False
    for token in _JSON_TOKEN.finditer(text):
        mark = token.group()
        if mark[0] == '"':
            if depth == 1:
                key = mark
            elif depth == 3 and mark == '"update_id"' and in_result:
                found = _UPDATE_ID_VALUE.match(text, token.end())
                update_id = int(found.group(1)) if found else None
            continue
        if mark in "[{":
            depth += 1
            if depth == 2 and mark == "[" and key == '"result"':
                in_result = True
            elif depth == 3 and in_result:
                start, update_id, deepest = token.start(), None, 0
            deepest = max(deepest, depth - 2)
            continue
        if depth == 3 and in_result:
            yield text[start : token.end()], update_id, deepest
        elif depth == 2:
            in_result = False
        depth -= 1


def move_of(update: Update) -> tuple[int, int] | None:
    """(old chat id, new chat id) when the update is Telegram's news of a group's move."""
    message = update.message
    if message is None or message.migrate_to_chat_id is None:
        return None
    return message.chat.id, message.migrate_to_chat_id


def _parsed(raw: object, bot: Bot) -> Update:
    if update_id_of(raw) is None:
        raise Unreadable("no integer update_id")
    try:
        update = Update.de_json(raw, bot)  # type: ignore[arg-type]  # checked: a dict
        problem = _unusable(update)
    except Exception as error:  # whatever the library makes of a malformed field
        raise Unreadable(f"{type(error).__name__}: {error}") from None
    if problem is not None:
        raise Unreadable(problem)
    return update


def _unusable(update: Update) -> str | None:
    """What PTB accepts without checking but every handler relies on: ids are integers,
    texts and names are strings (a first name never empty), entities are where integers say
    and a mentioned user is a user, in the update's message and in the one it replies to; a
    press carries data (or a game: neither is nothing to press)."""
    chat = update.effective_chat
    if chat is not None and not _is_int(chat.id):
        return f"chat id {chat.id!r} is not an integer"
    users = [update.effective_user]
    for index, message in enumerate(_messages(update)):
        if message.chat is None and (index or update.callback_query is not None):
            return "a pressed or replied-to message without a chat"
        problem = _message_problem(message)
        if problem is not None:
            return problem
        users += [entity.user for entity in (*message.entities, *message.caption_entities)]
        users.append(message.from_user)
    for user in users:
        problem = _user_problem(user) if user is not None else None
        if problem is not None:
            return problem
    query = update.callback_query
    if query is not None and query.data is not None and not isinstance(query.data, str):
        return f"callback data is {type(query.data).__name__}, not a string"
    if query is not None and query.data is None and query.game_short_name is None:
        return "a press with neither data nor a game"
    return None


def _message_problem(message: Message) -> str | None:
    if not _is_int(message.message_id):  # every reply quotes it
        return f"message id {message.message_id!r} is not an integer"
    chat = message.chat
    if chat is not None and not _is_int(chat.id):  # (a message without one is ignored)
        return f"chat id {chat.id!r} is not an integer"
    for field in ("text", "caption"):
        value = getattr(message, field)
        if value is not None and not isinstance(value, str):
            return f"message {field} is {type(value).__name__}, not a string"
    for entity in (*message.entities, *message.caption_entities):
        if not (_is_int(entity.offset) and _is_int(entity.length)):
            return f"an entity's offset or length is not an integer: {entity.offset!r}"
    return None


def _user_problem(user: User) -> str | None:
    if not _is_int(user.id):
        return f"user id {user.id!r} is not an integer"
    if not (isinstance(user.first_name, str) and user.first_name):
        return f"user {user.id}'s first name is not text (or is empty)"
    if not (_is_text(user.last_name) and _is_text(user.username)):
        return f"user {user.id}'s name is not text"
    return None


def _messages(update: Update) -> Iterator[Message]:
    """The update's message (a press's included) and the one it replies to."""
    message = update.effective_message
    if isinstance(message, Message):
        yield message
        if isinstance(message.reply_to_message, Message):
            yield message.reply_to_message


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text(value: object) -> bool:
    """An optional text field: absent or a string."""
    return value is None or isinstance(value, str)


def _moved(raw: Any, old: int, new: int) -> Any:
    """A copy of the JSON whose every mention of chat ``old`` names the supergroup ``new``."""
    if isinstance(raw, list):
        return [_moved(item, old, new) for item in raw]
    if not isinstance(raw, dict):
        return raw
    copy = {key: _moved(value, old, new) for key, value in raw.items()}
    for key in _CHAT_KEYS & copy.keys():
        chat = copy[key]
        if isinstance(chat, dict) and chat.get("id") == old:
            copy[key] = {**chat, "id": new, "type": "supergroup"}
    return copy
