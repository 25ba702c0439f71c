"""The in-memory Bot API: HTML becomes text and UTF-16 entities the way Telegram does it."""

from __future__ import annotations

import pytest

from bot.console.local_api import ApiError, LocalBotApi, parse_html


@pytest.mark.parametrize(
    ("html", "text", "entities"),
    [
        ("<b>甲</b> +48", "甲 +48", [("bold", 0, 1)]),
        ("🀄 <b>#1</b>", "🀄 #1", [("bold", 3, 2)]),  # the tile emoji is two UTF-16 units
        ("a &lt;b&gt; <code>1m</code>", "a <b> 1m", [("code", 6, 2)]),
        ("<s><i>x</i></s>", "x", [("strikethrough", 0, 1), ("italic", 0, 1)]),
    ],
    ids=["bold-cjk", "astral-emoji-offset", "escaped-and-code", "nested"],
)
def test_html_to_entities(html: str, text: str, entities: list[tuple[str, int, int]]) -> None:
    plain, found = parse_html(html)
    assert plain == text
    assert [(e["type"], e["offset"], e["length"]) for e in found] == entities


@pytest.mark.parametrize(
    "html", ["<b>open", "<div>x</div>", "<b>x</i>"], ids=["unclosed", "unknown-tag", "crossed"]
)
def test_bad_html_is_refused_like_telegram(html: str) -> None:
    with pytest.raises(ApiError, match="can't parse entities"):
        parse_html(html)


def test_send_and_edit_keep_the_message() -> None:
    api = LocalBotApi()
    api.add_chat(-5)
    sent = api.call("sendMessage", {"chat_id": "-5", "text": "<b>hi</b>", "parse_mode": "HTML"})
    edited = api.call(
        "editMessageText",
        {
            "chat_id": "-5",
            "message_id": str(sent["message_id"]),
            "text": "bye",
            "parse_mode": "HTML",
        },
    )
    assert (sent["text"], edited["text"]) == ("hi", "bye")
    assert [s.method for s in api.sent] == ["sendMessage", "editMessageText"]
    with pytest.raises(ApiError):
        api.call("sendMessage", {"chat_id": "-6", "text": "x"})
