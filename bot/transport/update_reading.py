"""One update read from the JSON Telegram sent, on its own: an update the library cannot read
(a field missing, a wrong type) is refused alone, never with the rest of its batch; an update
still carrying the id of a group that became a supergroup is read as the supergroup's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from telegram import Bot, Update

JSONDict = dict[str, Any]

REASON_LIMIT: Final = 200  # characters of the library's complaint in the one log line
_CHAT_KEYS: Final = frozenset({"chat", "sender_chat"})  # where a message names its chat


class Unreadable(Exception):
    """An update this bot cannot use; ``reason`` says why, in one short line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason[:REASON_LIMIT]


def update_id_of(raw: object) -> int | None:
    """The update's id as Telegram numbers them; None when it has none."""
    found = raw.get("update_id") if isinstance(raw, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def read_update(raw: object, bot: Bot, moves: Mapping[int, int]) -> Update:
    """The update as PTB reads it, with a moved group's id replaced by its supergroup's
    (``moves``: old chat id → new); raises Unreadable."""
    update = _parsed(raw, bot)
    chat = update.effective_chat
    if chat is None or chat.id not in moves or move_of(update) is not None:
        return update  # the move itself stays in the old chat: it is what moves the ledger
    assert isinstance(raw, dict)
    return _parsed(_moved(raw, chat.id, moves[chat.id]), bot)


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
    texts and names are strings, entities are where integers say."""
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat is not None and not _is_int(chat.id):
        return f"chat id {chat.id!r} is not an integer"
    if user is not None and not _is_int(user.id):
        return f"user id {user.id!r} is not an integer"
    if user is not None and not (
        isinstance(user.first_name, str) and _is_text(user.last_name) and _is_text(user.username)
    ):
        return f"user {user.id}'s name is not text"
    if message is not None:
        if not _is_int(message.message_id):  # every reply quotes it
            return f"message id {message.message_id!r} is not an integer"
        for field in ("text", "caption"):
            value = getattr(message, field)
            if value is not None and not isinstance(value, str):
                return f"message {field} is {type(value).__name__}, not a string"
        for entity in (*message.entities, *message.caption_entities):
            if not (_is_int(entity.offset) and _is_int(entity.length)):
                return f"an entity's offset or length is not an integer: {entity.offset!r}"
    query = update.callback_query
    if query is not None and query.data is not None and not isinstance(query.data, str):
        return f"callback data is {type(query.data).__name__}, not a string"
    return None


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
