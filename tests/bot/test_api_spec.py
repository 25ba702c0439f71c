"""The emulator's Bot API spec check: a call Telegram would refuse is refused (and fails the
test that made it), a call Telegram takes is taken (a false refusal is a bug too)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from telegram.error import BadRequest

from bot.console.api_spec import ApiError, check_call, parse_html, spec
from bot.console.local_api import LocalBotApi
from tests.bot.conftest import GROUP, running_harness

CHAT = "-5"


def markup(*buttons: dict[str, Any]) -> str:
    return json.dumps({"inline_keyboard": [list(buttons)]})


REFUSED = {
    "a method Telegram has not": ("sendMahjong", {"chat_id": CHAT}, "method not found"),
    "a misspelt parameter": (
        "sendMessage",
        {"chat_id": CHAT, "text": "x", "message_thread": "7"},
        "unknown parameter 'message_thread'",
    ),
    "no text": ("sendMessage", {"chat_id": CHAT}, "'text' is required"),
    "no chat": ("sendMessage", {"text": "x"}, "'chat_id' is required"),
    "a thread that is no number": (
        "sendMessage",
        {"chat_id": CHAT, "text": "x", "message_thread_id": "topic"},
        "'message_thread_id' must be Integer",
    ),
    "a flag that is no boolean": (
        "sendMessage",
        {"chat_id": CHAT, "text": "x", "disable_notification": "yes"},
        "must be Boolean",
    ),
    "an unknown parse mode": (
        "sendMessage",
        {"chat_id": CHAT, "text": "x", "parse_mode": "html"},
        "not one of",
    ),
    "a button that does nothing": (
        "sendMessage",
        {"chat_id": CHAT, "text": "x", "reply_markup": markup({"text": "ok"})},
        "give exactly one of",
    ),
    "a button with two jobs": (
        "sendMessage",
        {
            "chat_id": CHAT,
            "text": "x",
            "reply_markup": markup({"text": "ok", "callback_data": "a", "url": "https://t.me"}),
        },
        "give exactly one of",
    ),
    "a keyboard that is no list of rows": (
        "sendMessage",
        {"chat_id": CHAT, "text": "x", "reply_markup": json.dumps({"inline_keyboard": [{}]})},
        "must be Array of InlineKeyboardButton",
    ),
    "a reply to no message": (
        "sendMessage",
        {"chat_id": CHAT, "text": "x", "reply_parameters": json.dumps({"chat_id": -5})},
        "'message_id' is required",
    ),
    "an action Telegram has not": (
        "sendChatAction",
        {"chat_id": CHAT, "action": "shuffling"},
        "not one of",
    ),
    "an edit naming no message": ("editMessageText", {"text": "x"}, "give exactly one of"),
    "an edit naming two messages": (
        "editMessageText",
        {"chat_id": CHAT, "message_id": "1", "inline_message_id": "AA", "text": "x"},
        "give exactly one of",
    ),
    "an upper-case command": (
        "setMyCommands",
        {"commands": json.dumps([{"command": "Help", "description": "help"}])},
        "does not match",
    ),
    "a command without a description": (
        "setMyCommands",
        {"commands": json.dumps([{"command": "help", "description": ""}])},
        "shorter than 1",
    ),
    "101 updates at once": ("getUpdates", {"limit": "101"}, "out of 1-100"),
    "a webhook secret with a space": (
        "setWebhook",
        {"url": "https://example.org/hook", "secret_token": "a b"},
        "does not match",
    ),
}


@pytest.mark.parametrize(("method", "params", "refusal"), REFUSED.values(), ids=REFUSED.keys())
def test_a_call_telegram_refuses_is_refused(
    method: str, params: dict[str, str], refusal: str
) -> None:
    with pytest.raises(ApiError, match=refusal) as raised:
        check_call(method, params, {})
    assert raised.value.code in (400, 404)


HTML_REFUSED = {
    "a tag Telegram has not": ("<div>x</div>", 'unsupported start tag "div"'),
    "a span that is no spoiler": ('<span class="red">x</span>', "must have attribute class"),
    "a link without its address": ("<a>x</a>", "must have attribute href"),
    "bold inside code": ("<code><b>x</b></code>", "bold can't be inside code"),
    "code inside code": ("<pre><code><code>x</code></code></pre>", "can't be inside code"),
    "a quote in a quote": ("<blockquote><blockquote>x</blockquote></blockquote>", "nested"),
    "crossed tags": ("<b><i>x</b></i>", "unexpected end tag"),
}


@pytest.mark.parametrize(("html", "refusal"), HTML_REFUSED.values(), ids=HTML_REFUSED.keys())
def test_html_telegram_refuses_is_refused(html: str, refusal: str) -> None:
    with pytest.raises(ApiError, match=refusal):
        check_call("sendMessage", {"chat_id": CHAT, "text": html, "parse_mode": "HTML"}, {})


TAKEN = {
    "a reply in a topic": (
        "sendMessage",
        {
            "chat_id": CHAT,
            "text": "<b>甲</b> <s><code>1m</code></s>",
            "parse_mode": "HTML",
            "message_thread_id": "77",
            "reply_parameters": json.dumps({"message_id": 3, "allow_sending_without_reply": True}),
        },
    ),
    "a channel by its username": ("sendMessage", {"chat_id": "@mahjong", "text": "x"}),
    "a code block with its language": (
        "sendMessage",
        {
            "chat_id": CHAT,
            "text": '<pre><code class="language-text">x</code></pre>',
            "parse_mode": "HTML",
        },
    ),
    "bold code and a link around bold": (
        "sendMessage",
        {
            "chat_id": CHAT,
            "text": '<b><code>x</code></b> <a href="https://t.me"><b>y</b></a> '
            '<span class="tg-spoiler">z</span> &lt;&amp;&gt;',
            "parse_mode": "HTML",
        },
    ),
    "buttons of every kind the bot shows": (
        "sendMessage",
        {
            "chat_id": CHAT,
            "text": "x",
            "reply_markup": markup(
                {"text": "a", "callback_data": "d" * 64},
                {"text": "b", "url": "https://t.me/bot?startgroup=added"},
            ),
        },
    ),
    "an inline-mode edit": ("editMessageText", {"inline_message_id": "AA", "text": "x"}),
    "the keyboard taken away": ("editMessageReplyMarkup", {"chat_id": CHAT, "message_id": "1"}),
    "a typing indicator in a topic": (
        "sendChatAction",
        {"chat_id": CHAT, "action": "upload_photo", "message_thread_id": "77"},
    ),
    "commands in Chinese for a language": (
        "setMyCommands",
        {
            "commands": json.dumps([{"command": "hu", "description": "记一手：谁胡、怎么胡"}]),
            "language_code": "zh",
        },
    ),
    "a long poll": ("getUpdates", {"offset": "12", "timeout": "30", "allowed_updates": "[]"}),
}


@pytest.mark.parametrize(("method", "params"), TAKEN.values(), ids=TAKEN.keys())
def test_a_call_telegram_takes_is_taken(method: str, params: dict[str, str]) -> None:
    check_call(method, params, {})


def test_an_upload_counts_as_its_parameter() -> None:
    photo = {"photo": ("hand.png", b"\x89PNG", "image/png")}
    decoded = check_call("sendPhoto", {"chat_id": CHAT, "caption": "c" * 1024}, photo)
    assert decoded == {"chat_id": -5, "caption": "c" * 1024}
    with pytest.raises(ApiError, match="'photo' is required"):
        check_call("sendPhoto", {"chat_id": CHAT}, {})


def test_wire_values_are_decoded_by_their_type() -> None:
    decoded = check_call(
        "sendMessage",
        {"chat_id": "-5", "text": "x", "disable_notification": "true", "message_thread_id": "7"},
        {},
    )
    assert decoded == {
        "chat_id": -5,
        "text": "x",
        "disable_notification": True,
        "message_thread_id": 7,
    }


def test_every_method_the_emulator_answers_is_in_the_spec() -> None:
    # The emulator's handlers are named _<method>: camelCase (_sendMessage), or _close.
    names = [name.removeprefix("_") for name in vars(LocalBotApi) if name.startswith("_")]
    emulated = {name for name in names if name != name.lower() or name == "close"}
    assert {"sendMessage", "getMe", "close"} <= emulated
    assert emulated <= set(spec()["methods"]), emulated - set(spec()["methods"])


def test_the_spec_says_where_it_came_from() -> None:
    about = spec()["about"]
    assert about["bot_api"] and "core.telegram.org/bots/api" in about["source"]


def test_parse_html_keeps_the_text_as_shown() -> None:
    assert parse_html("<b>甲</b> &lt;5&gt;") == (
        "甲 <5>",
        [{"type": "bold", "offset": 0, "length": 1}],
    )


async def test_a_refused_call_fails_the_test_that_made_it(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="calls Telegram refuses"):
        async with running_harness(tmp_path / "m.db") as harness:
            with pytest.raises(BadRequest, match="not one of"):
                await harness.app.bot.send_chat_action(GROUP, "shuffling")
