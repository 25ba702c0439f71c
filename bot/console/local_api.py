"""The Bot API served from memory: console mode, the fake HTTP server and the benchmark use it.

``LocalBotApi.call(method, params, files)`` answers the methods the bot uses the way
Telegram does (HTML turned into text + entities, message ids, chat members) and keeps
every message the bot sent. ``UpdateMaker`` builds the updates a chat would produce.
Parameters arrive as on the wire: strings, JSON for nested values, files as tuples; every
call is first checked against the checked-in Bot API spec (``bot.console.api_spec``).
"""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from bot.console.api_spec import ApiError, check_call, parse_html, utf16_len

__all__ = [
    "ApiError",
    "LocalBotApi",
    "RawUpdate",
    "Sent",
    "UpdateMaker",
    "parse_html",
    "updates_json",
    "utf16_len",
]

JSONDict = dict[str, Any]
FileTuple = tuple[Any, ...]  # (filename, content, mime type) as PTB uploads it

BOT_USER: Final[JSONDict] = {
    "id": 7000000001,
    "is_bot": True,
    "first_name": "麻将计分助手",
    "username": "mahjong_score_bot",
    "can_join_groups": True,
    "can_read_all_group_messages": False,
    "supports_inline_queries": False,
}


@dataclass
class Sent:
    """One thing the bot did in a chat: a message, a photo, a document, an edit or an answer."""

    method: str
    chat_id: int | None
    message_id: int | None
    text: str  # plain text (HTML already turned into entities), or the caption
    reply_markup: JSONDict | None = None
    file_name: str | None = None
    content: bytes | None = None
    params: JSONDict = field(default_factory=dict)

    @property
    def buttons(self) -> list[tuple[str, str]]:
        """(label, callback_data) of every inline button, row by row."""
        rows = (self.reply_markup or {}).get("inline_keyboard", [])
        return [(b.get("text", ""), b.get("callback_data", "")) for row in rows for b in row]


_BOT_COMMAND: Final = re.compile(r"/[A-Za-z0-9_]{1,64}(@[A-Za-z0-9_]+)?")


def _decode(key: str, value: Any) -> Any:
    """A wire value as the handlers read it: JSON objects and ids decoded, the rest as sent
    (the spec check has made sure each has its type)."""
    if not isinstance(value, str):
        return value
    if key in _JSON_KEYS:
        return json.loads(value)
    if key in _INT_KEYS and value.lstrip("-").isdigit():  # not a chat's @username
        return int(value)
    return value


_JSON_KEYS: Final = frozenset(
    {
        "reply_markup",
        "commands",
        "scope",
        "entities",
        "allowed_updates",
        "reply_parameters",
        "link_preview_options",
        "result",
        "results",
        "button",
    }
)
_INT_KEYS: Final = frozenset(
    {"chat_id", "message_id", "message_thread_id", "user_id", "offset", "limit", "timeout"}
)


class LocalBotApi:
    """The Bot API methods the bot calls, answered from memory."""

    def __init__(self, first_id: int = 1, on_sent: Callable[[Sent], None] | None = None) -> None:
        self.message_ids = itertools.count(first_id)
        self.update_ids = itertools.count(first_id)
        self.chats: dict[int, JSONDict] = {}
        self.users: dict[int, JSONDict] = {}
        self.statuses: dict[tuple[int, int], str] = {}
        self.may_send: dict[tuple[int, int], bool] = {}  # a restricted member's can_send_messages
        self.messages: dict[tuple[int, int], JSONDict] = {}
        self.sent: list[Sent] = []
        self.commands: dict[str, list[JSONDict]] = {}
        self.webhook: JSONDict = {"url": ""}
        # What getMe answers: BotFather's settings (can_read_all_group_messages: privacy mode off)
        self.bot_user: JSONDict = dict(BOT_USER)
        self.menu_buttons: dict[int | None, JSONDict] = {}  # setChatMenuButton: None = default
        self.calls: list[str] = []  # every method called, in order
        self.requests: list[tuple[str, JSONDict]] = []  # every call with its parameters
        self.refusals: list[tuple[str, ApiError]] = []  # every call refused, with its method
        # The calls refused by the Bot API spec: a test that made one fails (tests/bot/conftest).
        self.spec_refusals: list[tuple[str, ApiError]] = []
        self.moved: dict[int, int] = {}  # a group that became a supergroup → the supergroup
        self.lost: list[str] = []  # methods whose next call Telegram's servers will not take
        self.on_sent = on_sent
        self.inline_queries: set[str] = set()  # inline queries sent and not yet answered
        self.prepared: dict[str, tuple[int, JSONDict]] = {}  # id → (user, InlineQueryResult)

    # the world the bot lives in
    def add_chat(self, chat_id: int, title: str | None = None, kind: str = "group") -> JSONDict:
        chat: JSONDict = {"id": chat_id, "type": kind}
        if kind == "private":
            chat["first_name"] = title or "you"
        else:
            chat["title"] = title or "麻将群"
        self.chats[chat_id] = chat
        return chat

    def add_user(self, user_id: int, first_name: str, username: str | None = None) -> JSONDict:
        user: JSONDict = {"id": user_id, "is_bot": False, "first_name": first_name}
        if username:
            user["username"] = username
        self.users[user_id] = user
        return user

    def set_status(
        self, chat_id: int, user_id: int, status: str, *, can_send_messages: bool = False
    ) -> None:
        """'creator', 'administrator', 'member' (the default for a user the world knows),
        'left', 'kicked' (banned), or 'restricted' (muted unless ``can_send_messages``)."""
        self.statuses[(chat_id, user_id)] = status
        self.may_send[(chat_id, user_id)] = can_send_messages

    def lose_next(self, method: str) -> None:
        """The next call of ``method`` fails as Telegram's servers fail one (502 Bad Gateway):
        nothing happens in the chat, the caller hears a network error."""
        self.lost.append(method)

    # the Bot API
    def call(
        self, method: str, params: Mapping[str, str], files: Mapping[str, FileTuple] | None = None
    ) -> Any:
        """The ``result`` of a Bot API method; raises ApiError like Telegram would refuse."""
        self.calls.append(method)
        uploads = dict(files or {})
        try:
            check_call(method, params, uploads)
        except ApiError as refusal:
            self.spec_refusals.append((method, refusal))
            self.refusals.append((method, refusal))
            raise
        values = {key: _decode(key, value) for key, value in params.items()}
        self.requests.append((method, values))
        handler = getattr(self, "_" + method, None)
        try:
            if method in self.lost:
                self.lost.remove(method)
                raise ApiError(502, "Bad Gateway")
            if handler is None:
                raise ApiError(404, "Not Found: method not found")
            return handler(values, uploads)
        except ApiError as error:
            self.refusals.append((method, error))
            raise

    def _getMe(self, p: JSONDict, f: JSONDict) -> JSONDict:
        return self.bot_user

    def _setMyCommands(self, p: JSONDict, f: JSONDict) -> bool:
        self.commands[p.get("language_code", "")] = p["commands"]
        return True

    def _deleteWebhook(self, p: JSONDict, f: JSONDict) -> bool:
        self.webhook = {"url": ""}
        return True

    def _setWebhook(self, p: JSONDict, f: JSONDict) -> bool:
        self.webhook = {"url": p["url"], "secret_token": p.get("secret_token")}
        return True

    def _setChatMenuButton(self, p: JSONDict, f: JSONDict) -> bool:
        button = p.get("menu_button") or {"type": "default"}
        self.menu_buttons[p.get("chat_id")] = (
            json.loads(button) if isinstance(button, str) else button
        )
        return True

    def _getWebhookInfo(self, p: JSONDict, f: JSONDict) -> JSONDict:
        return {
            "url": self.webhook["url"],
            "has_custom_certificate": False,
            "pending_update_count": 0,
        }

    def _sendChatAction(self, p: JSONDict, f: JSONDict) -> bool:
        self._chat(p)
        return True

    def _sendMessage(self, p: JSONDict, f: JSONDict) -> JSONDict:
        text, entities = self._formatted(p, "text")
        message = self._new_message(p, {"text": text, "entities": entities})
        self._record("sendMessage", message, text, p)
        return message

    def _sendPhoto(self, p: JSONDict, f: JSONDict) -> JSONDict:
        return self._send_file("sendPhoto", "photo", p, f)

    def _sendDocument(self, p: JSONDict, f: JSONDict) -> JSONDict:
        return self._send_file("sendDocument", "document", p, f)

    def _editMessageText(self, p: JSONDict, f: JSONDict) -> JSONDict:
        key = self._edited(p)
        text, entities = self._formatted(p, "text")
        old = self.messages[key]
        if (text, entities, p.get("reply_markup")) == (
            old.get("text"),
            old.get("entities", []),
            old.get("reply_markup"),
        ):
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message content and reply "
                "markup are exactly the same as a current content and reply markup of the message",
            )
        message = dict(old, text=text, entities=entities, edit_date=int(time.time()))
        message.pop("reply_markup", None)
        if p.get("reply_markup"):
            message["reply_markup"] = p["reply_markup"]
        self.messages[key] = message
        self._record("editMessageText", message, text, p)
        return message

    def _editMessageReplyMarkup(self, p: JSONDict, f: JSONDict) -> JSONDict:
        key = self._edited(p)
        message = dict(self.messages[key])
        message.pop("reply_markup", None)
        if p.get("reply_markup"):
            message["reply_markup"] = p["reply_markup"]
        self.messages[key] = message
        return message

    def _answerCallbackQuery(self, p: JSONDict, f: JSONDict) -> bool:
        self._record_sent(Sent("answerCallbackQuery", None, None, str(p.get("text", "")), params=p))
        return True

    def _answerInlineQuery(self, p: JSONDict, f: JSONDict) -> bool:
        """The answer to an inline query (``@bot …`` typed in any chat): its results are
        what the person who typed it sees; Telegram refuses a query answered twice or late."""
        query_id = str(p["inline_query_id"])
        if query_id not in self.inline_queries:
            raise ApiError(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
            )
        self.inline_queries.discard(query_id)
        self._record_sent(Sent("answerInlineQuery", None, None, "", params=p))
        return True

    def _savePreparedInlineMessage(self, p: JSONDict, f: JSONDict) -> JSONDict:
        """A message a Mini App may share (``Telegram.WebApp.shareMessage(id)``): kept under
        an id for the user it was prepared for, for a day as Telegram keeps it."""
        user_id = int(p["user_id"])
        if user_id not in self.users:
            raise ApiError(400, "Bad Request: user not found")
        if not any(p.get(f"allow_{kind}_chats") for kind in ("user", "bot", "group", "channel")):
            raise ApiError(400, "Bad Request: at least one chat type must be allowed")
        prepared_id = f"prepared-{len(self.prepared) + 1}"
        self.prepared[prepared_id] = (user_id, p["result"])
        return {"id": prepared_id, "expiration_date": int(time.time()) + 86400}

    def _getChatMember(self, p: JSONDict, f: JSONDict) -> JSONDict:
        chat = self._chat(p)
        user_id = int(p["user_id"])
        user = self.users.get(user_id)
        # A user this world never made was never in any chat: Telegram answers 'left'.
        status = self.statuses.get((chat["id"], user_id), "member" if user else "left")
        user = user or {"id": user_id, "is_bot": False, "first_name": str(user_id)}
        member = _member(status, user)
        if status == "restricted":
            member.update(_RESTRICTED)
            member["can_send_messages"] = self.may_send.get((chat["id"], user_id), False)
        return member

    def _getChatAdministrators(self, p: JSONDict, f: JSONDict) -> list[JSONDict]:
        chat = self._chat(p)
        return [
            self._getChatMember({"chat_id": chat["id"], "user_id": user_id}, {})
            for (chat_id, user_id), status in self.statuses.items()
            if chat_id == chat["id"] and status in ("creator", "administrator")
        ]

    def _close(self, p: JSONDict, f: JSONDict) -> bool:
        return True

    # helpers
    def _edited(self, p: JSONDict) -> tuple[int, int]:
        """The (chat, message) an edit names; messages sent via inline mode are not kept."""
        if "chat_id" not in p or (int(p["chat_id"]), int(p["message_id"])) not in self.messages:
            raise ApiError(400, "Bad Request: message to edit not found")
        return int(p["chat_id"]), int(p["message_id"])

    def _chat(self, p: JSONDict) -> JSONDict:
        chat_id = int(p["chat_id"])
        if chat_id in self.moved:  # Telegram names the supergroup, for the caller to retry
            raise ApiError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                {"migrate_to_chat_id": self.moved[chat_id]},
            )
        if chat_id in self.users and chat_id not in self.chats:
            # A user who never opened a private chat with the bot (add_chat(..., "private")).
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        if chat_id not in self.chats:
            raise ApiError(400, "Bad Request: chat not found")
        return self.chats[chat_id]

    def _formatted(self, p: JSONDict, key: str) -> tuple[str, list[JSONDict]]:
        text = str(p.get(key, ""))
        if p.get("parse_mode") == "HTML":
            return parse_html(text)
        return text, list(p.get("entities") or [])

    def _new_message(self, p: JSONDict, content: JSONDict) -> JSONDict:
        chat = self._chat(p)
        message: JSONDict = {
            "message_id": next(self.message_ids),
            "date": int(time.time()),
            "chat": chat,
            "from": BOT_USER,
            **{k: v for k, v in content.items() if v},
        }
        reply = p.get("reply_parameters")
        if reply and (chat["id"], int(reply["message_id"])) in self.messages:
            message["reply_to_message"] = self.messages[(chat["id"], int(reply["message_id"]))]
        if p.get("reply_markup"):
            message["reply_markup"] = p["reply_markup"]
        self.messages[(chat["id"], message["message_id"])] = message
        return message

    def _send_file(self, method: str, key: str, p: JSONDict, f: JSONDict) -> JSONDict:
        upload = f.get(key)
        if upload is None:
            raise ApiError(400, f"Bad Request: there is no {key} in the request")
        name, content = upload[0], upload[1]
        data = content if isinstance(content, bytes) else content.read()
        caption, entities = self._formatted(p, "caption")
        file_id = f"{key}-{len(self.sent)}"
        if key == "photo":
            media: JSONDict = {
                "photo": [{"file_id": file_id, "file_unique_id": file_id, "width": 1, "height": 1}]
            }
        else:
            media = {"document": {"file_id": file_id, "file_unique_id": file_id, "file_name": name}}
        message = self._new_message(p, {**media, "caption": caption, "caption_entities": entities})
        sent = Sent(
            method,
            message["chat"]["id"],
            message["message_id"],
            caption,
            p.get("reply_markup"),
            name,
            data,
            p,
        )
        self._record_sent(sent)
        return message

    def _record(self, method: str, message: JSONDict, text: str, p: JSONDict) -> None:
        self._record_sent(
            Sent(
                method,
                message["chat"]["id"],
                message["message_id"],
                text,
                p.get("reply_markup"),
                params=p,
            )
        )

    def _record_sent(self, sent: Sent) -> None:
        self.sent.append(sent)
        if self.on_sent is not None:
            self.on_sent(sent)


_ADMIN_RIGHTS: Final[JSONDict] = {
    "can_be_edited": False,
    "is_anonymous": False,
    "can_manage_chat": True,
    "can_delete_messages": True,
    "can_manage_video_chats": True,
    "can_restrict_members": True,
    "can_promote_members": False,
    "can_change_info": True,
    "can_invite_users": True,
    "can_post_stories": False,
    "can_edit_stories": False,
    "can_delete_stories": False,
}


# ChatMemberRestricted's fields: still in the chat, everything but speaking as Telegram's
# "mute" leaves it (can_send_messages is set per member).
_RESTRICTED: Final[JSONDict] = {
    "is_member": True,
    "until_date": 0,
    "can_change_info": False,
    "can_invite_users": True,
    "can_pin_messages": False,
    "can_manage_topics": False,
    "can_send_audios": False,
    "can_send_documents": False,
    "can_send_photos": False,
    "can_send_videos": False,
    "can_send_video_notes": False,
    "can_send_voice_notes": False,
    "can_send_polls": False,
    "can_send_other_messages": False,
    "can_add_web_page_previews": False,
    "can_edit_tag": False,
    "can_react_to_messages": True,
}


def _member(status: str, user: JSONDict) -> JSONDict:
    """A ChatMember of ``status`` with the fields Telegram sends for it."""
    member: JSONDict = {"status": status, "user": user}
    if status == "administrator":
        member.update(_ADMIN_RIGHTS)
    elif status == "creator":
        member["is_anonymous"] = False
    elif status == "kicked":
        member["until_date"] = 0
    return member


@dataclass(frozen=True)
class RawUpdate:
    """An update served as the JSON text given: one Python's JSON writer would not write
    (nested thousands deep), as a hostile or broken server might send it."""

    update_id: int
    text: str


def updates_json(updates: list[JSONDict | RawUpdate]) -> str:
    """getUpdates' answer: raw updates as given, the others as JSON with every character
    outside ASCII escaped (a lone surrogate in a broken update is written, as \\ud800)."""
    parts = [u.text if isinstance(u, RawUpdate) else json.dumps(u) for u in updates]
    return '{"ok": true, "result": [' + ", ".join(parts) + "]}"


def nested(depth: int, inside: str = "{}") -> str:
    """JSON nested ``depth`` lists deep (as text: past Python's writer at about 1,000)."""
    return "[" * depth + inside + "]" * depth


class UpdateMaker:
    """Updates as Telegram would deliver them: messages (commands get their entity), button
    presses, edits. Messages are remembered in the api so replies and edits can point at them."""

    def __init__(self, api: LocalBotApi) -> None:
        self.api = api

    def message(
        self, chat_id: int, user_id: int, text: str, reply_to: int | None = None, **extra: Any
    ) -> JSONDict:
        message: JSONDict = {
            "message_id": next(self.api.message_ids),
            "date": int(time.time()),
            "chat": self.api.chats[chat_id],
            "from": self.api.users[user_id],
            "text": text,
            **extra,
        }
        entities = command_entities(text)
        if entities:
            message["entities"] = entities
        if reply_to is not None:
            message["reply_to_message"] = self.api.messages[(chat_id, reply_to)]
        self.api.messages[(chat_id, message["message_id"])] = message
        return {"update_id": next(self.api.update_ids), "message": message}

    def edit(self, chat_id: int, message_id: int, text: str) -> JSONDict:
        message = dict(
            self.api.messages[(chat_id, message_id)], text=text, edit_date=int(time.time())
        )
        message.pop("entities", None)
        entities = command_entities(text)
        if entities:
            message["entities"] = entities
        self.api.messages[(chat_id, message_id)] = message
        return {"update_id": next(self.api.update_ids), "edited_message": message}

    def press(self, chat_id: int, user_id: int, message_id: int, data: str) -> JSONDict:
        query = {
            "id": str(next(self.api.update_ids)),
            "from": self.api.users[user_id],
            "chat_instance": str(chat_id),
            "message": self.api.messages[(chat_id, message_id)],
            "data": data,
        }
        return {"update_id": next(self.api.update_ids), "callback_query": query}

    def inline_query(
        self, user_id: int, query: str = "", chat_type: str = "supergroup"
    ) -> JSONDict:
        """``@bot query`` typed by ``user_id`` in a chat of ``chat_type``."""
        query_id = str(next(self.api.update_ids))
        self.api.inline_queries.add(query_id)
        inline = {
            "id": query_id,
            "from": self.api.users[user_id],
            "query": query,
            "offset": "",
            "chat_type": chat_type,
        }
        return {"update_id": next(self.api.update_ids), "inline_query": inline}

    def deep_message(self, chat_id: int, user_id: int, text: str, depth: int) -> RawUpdate:
        """A message whose extra field nests ``depth`` levels deep (no client sends one)."""
        update = self.message(chat_id, user_id, text)
        body = json.dumps(update)[:-2]  # without the message's and the update's closing "}}"
        return RawUpdate(update["update_id"], f'{body}, "x": {nested(depth)}}}}}')

    def bot_status(self, chat_id: int, user_id: int, old: str, new: str) -> JSONDict:
        """The bot's own membership changed (``my_chat_member``): 'left' → 'member' when
        ``user_id`` adds it to the chat, 'member' → 'left' or 'kicked' when it is removed."""
        change = {
            "chat": self.api.chats[chat_id],
            "from": self.api.users[user_id],
            "date": int(time.time()),
            "old_chat_member": _member(old, BOT_USER),
            "new_chat_member": _member(new, BOT_USER),
        }
        return {"update_id": next(self.api.update_ids), "my_chat_member": change}

    def migrate(self, old_id: int, new_id: int, user_id: int) -> JSONDict:
        """Telegram's news that the group became the supergroup ``new_id`` (which must be
        added first); from now on the group refuses what is sent to it."""
        self.api.moved[old_id] = new_id
        message: JSONDict = {
            "message_id": next(self.api.message_ids),
            "date": int(time.time()),
            "chat": self.api.chats[old_id],
            "from": self.api.users[user_id],
            "migrate_to_chat_id": new_id,
        }
        return {"update_id": next(self.api.update_ids), "message": message}


def command_entities(text: str) -> list[JSONDict]:
    """The bot_command entity Telegram puts on a leading /command (Latin letters, digits and
    _, then @bot: /流局 gets none)."""
    found = _BOT_COMMAND.match(text)
    if found is None:
        return []
    return [{"type": "bot_command", "offset": 0, "length": utf16_len(found.group())}]
