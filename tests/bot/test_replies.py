"""Telegram's limits: the emulator refuses what Telegram refuses; bot.text_limits cuts to fit."""

from __future__ import annotations

import json

import pytest

from bot.console.local_api import ApiError, LocalBotApi, parse_html
from bot.text_limits import ALERT_LIMIT, CAPTION_LIMIT, TEXT_LIMIT, fit_html, fit_plain, units

CHAT = -5


def api_with_message() -> tuple[LocalBotApi, int]:
    api = LocalBotApi()
    api.add_chat(CHAT)
    sent = api.call("sendMessage", {"chat_id": str(CHAT), "text": "hi"})
    return api, sent["message_id"]


def call_params(method: str, params: dict[str, str]) -> dict[str, str]:
    """The call's parameters with the chat, for the methods that take one."""
    return params if method == "answerCallbackQuery" else {"chat_id": str(CHAT), **params}


def keyboard(data: str) -> str:
    return json.dumps({"inline_keyboard": [[{"text": "x", "callback_data": data}]]})


@pytest.mark.parametrize(
    ("method", "params", "refusal"),
    [
        pytest.param("sendMessage", {"text": "a" * 4097}, "message is too long", id="text-4097"),
        pytest.param(
            "sendMessage", {"text": "🀄" * 2049}, "message is too long", id="text-4098-utf16-units"
        ),
        pytest.param(
            "sendMessage",
            {"text": "<b>" + "a" * 4097 + "</b>", "parse_mode": "HTML"},
            "message is too long",
            id="text-4097-after-html",
        ),
        pytest.param("sendMessage", {"text": " \n"}, "message text is empty", id="text-blank"),
        pytest.param(
            "sendMessage",
            {"text": "<b></b>", "parse_mode": "HTML"},
            "message text is empty",
            id="text-empty-after-html",
        ),
        pytest.param(
            "sendMessage",
            {"text": "x", "reply_markup": keyboard("d" * 65)},
            "BUTTON_DATA_INVALID",
            id="button-data-65-bytes",
        ),
        pytest.param(
            "sendMessage",
            {"text": "x", "reply_markup": keyboard("页" * 22)},
            "BUTTON_DATA_INVALID",
            id="button-data-66-bytes-in-22-characters",
        ),
        pytest.param(
            "sendMessage",
            {"text": "x", "reply_markup": keyboard("")},
            "BUTTON_DATA_INVALID",
            id="button-data-empty",
        ),
        pytest.param(
            "sendDocument",
            {"caption": "c" * 1025},
            "message caption is too long",
            id="caption-1025",
        ),
        pytest.param(
            "answerCallbackQuery",
            {"callback_query_id": "1", "text": "a" * 201},
            "MESSAGE_TOO_LONG",
            id="alert-201",
        ),
    ],
)
def test_the_emulator_refuses_what_telegram_refuses(
    method: str, params: dict[str, str], refusal: str
) -> None:
    api, _ = api_with_message()
    files = {"document": ("a.csv", b"x", "text/csv")} if method == "sendDocument" else None
    with pytest.raises(ApiError, match=refusal) as raised:
        api.call(method, call_params(method, params), files)
    assert raised.value.code == 400
    assert [(m, e.description) for m, e in api.refusals] == [(method, raised.value.description)]


@pytest.mark.parametrize(
    ("method", "params"),
    [
        pytest.param("sendMessage", {"text": "a" * 4096}, id="text-4096"),
        pytest.param("sendMessage", {"text": "🀄" * 2048}, id="text-4096-utf16-units"),
        pytest.param(
            "sendMessage", {"text": "x", "reply_markup": keyboard("d" * 64)}, id="button-data-64"
        ),
        pytest.param("sendDocument", {"caption": "c" * 1024}, id="caption-1024"),
        pytest.param(
            "answerCallbackQuery", {"callback_query_id": "1", "text": "a" * 200}, id="alert-200"
        ),
    ],
)
def test_the_emulator_takes_what_is_at_the_limit(method: str, params: dict[str, str]) -> None:
    api, _ = api_with_message()
    files = {"document": ("a.csv", b"x", "text/csv")} if method == "sendDocument" else None
    api.call(method, call_params(method, params), files)
    assert api.refusals == []


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        pytest.param("a" * 4097, "message is too long", id="too-long"),
        pytest.param("", "message text is empty", id="empty"),
        pytest.param("hi", "message is not modified", id="unchanged"),
    ],
)
def test_the_emulator_refuses_a_bad_edit(text: str, refusal: str) -> None:
    api, message_id = api_with_message()
    with pytest.raises(ApiError, match=refusal):
        api.call(
            "editMessageText", {"chat_id": str(CHAT), "message_id": str(message_id), "text": text}
        )


@pytest.mark.parametrize(
    ("html", "limit", "shown"),
    [
        pytest.param("<b>甲</b> +48", 10, "甲 +48", id="fits"),
        pytest.param("a" * 20, 10, "a" * 9 + "…", id="plain-cut"),
        pytest.param("<b>" + "a" * 20 + "</b>", 10, "a" * 9 + "…", id="cut-inside-a-tag"),
        pytest.param("&lt;" * 20, 10, "<" * 9 + "…", id="entities-count-once"),
        pytest.param("🀄" * 20, 10, "🀄" * 4 + "…", id="astral-counts-two"),
        pytest.param(
            "line one\nline two\n" + "x" * 30, 25, "line one\nline two\n…", id="cut-at-a-line"
        ),
        pytest.param("<s>" + "甲\n" * 40 + "</s>", 30, "甲\n" * 14 + "…", id="struck-recording"),
    ],
)
def test_fit_html_cuts_to_the_limit_and_closes_tags(html: str, limit: int, shown: str) -> None:
    fitted = fit_html(html, limit)
    text, _ = parse_html(fitted)  # raises on a tag left open or cut in half
    assert text == shown
    assert units(text) <= limit


def test_fit_html_of_a_huge_reply_fits_telegram() -> None:
    html = "\n".join(f"<b>#{n}</b> <code>{'爆头' * 50}</code> 🀄" for n in range(200))
    text, _ = parse_html(fit_html(html))
    assert TEXT_LIMIT - 200 < units(text) <= TEXT_LIMIT and text.endswith("…")
    caption, _ = parse_html(fit_html(html, CAPTION_LIMIT))
    assert units(caption) <= CAPTION_LIMIT


@pytest.mark.parametrize(
    ("text", "limit", "fitted"),
    [
        ("abc", 3, "abc"),
        ("abcd", 3, "ab…"),
        ("🀄🀄🀄", 5, "🀄🀄…"),
        ("a" * 500, ALERT_LIMIT, "a" * 199 + "…"),
    ],
    ids=["fits", "cut", "astral", "alert"],
)
def test_fit_plain(text: str, limit: int, fitted: str) -> None:
    assert fit_plain(text, limit) == fitted
