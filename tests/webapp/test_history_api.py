"""The season page's history, start and chat-list routes and its pictures, over HTTP with
signed initData: every entry kind says what it is in the viewer's words (never 座W 圈S or
点炮S), the page learns its screen from the server, one's chats are found by Telegram id,
and a hand's picture at the card's width stays within 40 KB."""

from __future__ import annotations

import io
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image

from bot.webapp.start_token import Screen
from rigs.webapp import BOT_TOKEN, init_data, token_for, web_server
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness

OTHER_GROUP = -1002
EVENING = (
    "/hu 甲 自摸 财飘",
    "/hu 乙 点炮 甲 七对 有花",
    "/hu 丁 123m456m789m123p白白 自摸",
    "/kong 甲 明杠 乙",
    "/kong 丙 暗杠",
    "/penalty 甲 30 诈胡",
    "/pay 甲 乙 20",
    "/fee 40",
    "/undo",
    "/hu 甲 123m456m789m123p5z +5s 点炮 乙",
)
BAOTOU = "123m456m789m123p5z +5s"
KEYBOARD_TOKEN = token_for(GROUP, BOT_TOKEN, Screen.KEYBOARD)
NOTATION = re.compile(r"[座圈][ESWN]|点炮[ESWN]|放冲[ESWN]")


async def get(
    base: str, path: str, who: str = "甲", *, start: str | None = "", in_init: bool = False
) -> httpx.Response:
    """GET /api/<path> as ``who``; ``start`` None: no token at all (the private menu), ""
    the group's season token; ``in_init``: the token as the link's startapp, not the query."""
    token = token_for(GROUP, BOT_TOKEN) if start == "" else start
    raw = init_data(PLAYERS[who], who, BOT_TOKEN, start_param=token if in_init else None)
    query = {} if token is None or in_init else {"start": token}
    async with httpx.AsyncClient() as client:
        return await client.get(
            f"{base}/api/{path}", params=query, headers={"Authorization": f"tma {raw}"}
        )


@pytest.fixture
async def evening(tmp_path: Path) -> AsyncIterator[tuple[Harness, str]]:
    async with running_harness(tmp_path / "m.db") as harness:
        await harness.open_table()
        for line in EVENING:
            await harness.say("甲", line)
        await harness.draw()
        async with web_server(harness.app) as base:
            yield harness, base


async def history_by_id(base: str, who: str = "甲") -> dict[int, dict[str, Any]]:
    answer = await get(base, "history")
    assert answer.status_code == 200, answer.text
    return {entry["id"]: entry for entry in answer.json()["entries"]}


@pytest.mark.parametrize(
    ("entry_id", "expected"),
    [
        pytest.param(1, {"kind": "win", "who": "甲", "seat_wind": "E"}, id="win"),
        pytest.param(2, {"who": "乙", "from": "甲", "line": "点炮 甲 七对 有花"}, id="discard"),
        pytest.param(4, {"kind": "kong", "who": "甲", "kong": "明杠", "from": "乙"}, id="exposed"),
        pytest.param(5, {"kind": "kong", "kong": "暗杠", "from": None}, id="concealed-kong"),
        pytest.param(
            6, {"kind": "penalty", "who": "甲", "points": 30, "reason": "诈胡"}, id="fine"
        ),
        pytest.param(7, {"kind": "pay", "who": "甲", "to": "乙", "points": 20}, id="payment"),
        pytest.param(8, {"kind": "fee", "fen": 4000, "undone": True}, id="fee-undone"),
        pytest.param(9, {"kind": "undo", "reverses": 8}, id="undo"),
        pytest.param(10, {"patterns": "爆头 = 2 番", "line": "点炮 乙 " + BAOTOU}, id="patterns"),
        pytest.param(11, {"kind": "draw"}, id="draw"),
    ],
)
async def test_each_entry_says_what_it_is(
    evening: tuple[Harness, str], entry_id: int, expected: dict[str, Any]
) -> None:
    """On main 流局 and 台费 came as empty cards, 撤销 罚 转账 as bare numbers."""
    _, base = evening
    entry = (await history_by_id(base))[entry_id]
    assert {key: entry.get(key) for key in expected} == expected


async def test_the_history_never_shows_the_ledgers_notation(
    evening: tuple[Harness, str],
) -> None:
    _, base = evening
    text = json.dumps(await history_by_id(base), ensure_ascii=False)
    assert not NOTATION.findall(text)


async def test_a_fee_names_who_paid_it_in_yuan(evening: tuple[Harness, str]) -> None:
    _, base = evening
    fee = (await history_by_id(base))[8]
    assert {line["name"]: line["fen"] for line in fee["money"]} == {
        "台费": 4000,
        "甲": -1000,
        "乙": -1000,
        "丙": -1000,
        "丁": -1000,
    }


async def test_an_english_chat_reads_its_kongs_in_english(evening: tuple[Harness, str]) -> None:
    harness, base = evening
    await harness.say("甲", "/lang en")
    entry = (await history_by_id(base))[4]
    assert entry["kong"] == "exposed kong (明杠)"


@pytest.mark.parametrize(
    ("start", "in_init", "screen"),
    [
        pytest.param("", False, "season", id="season-link"),
        pytest.param(KEYBOARD_TOKEN, False, "keyboard", id="keyboard-link"),
        pytest.param(KEYBOARD_TOKEN, True, "keyboard", id="keyboard-startapp"),
        pytest.param(None, False, "chats", id="private-menu"),
    ],
)
async def test_the_page_learns_its_screen_from_the_server(
    evening: tuple[Harness, str], start: str | None, in_init: bool, screen: str
) -> None:
    _, base = evening
    answer = await get(base, "start", start=start, in_init=in_init)
    assert answer.status_code == 200, answer.text
    assert answer.json()["screen"] == screen


async def test_ones_chats_are_found_by_telegram_id_only(evening: tuple[Harness, str]) -> None:
    """甲 plays in two groups and sees both, the latest first; 戊, who never played, sees none
    though a guest of the group is named with 戊's Telegram id."""
    harness, base = evening
    harness.api.add_chat(OTHER_GROUP, "周六麻将", kind="supergroup")
    await harness.open_table("/new 杭州 1 甲 乙 丙 丁")  # the first group again: no change
    sent = await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁", chat=OTHER_GROUP)
    assert sent
    await harness.say("甲", "/hu 乙 自摸", chat=OTHER_GROUP)
    await harness.say("甲", f"/new 杭州 1 甲 乙 丙 {PLAYERS['戊']}")  # a guest named 15
    found = (await get(base, "chats", start=None)).json()["chats"]
    assert [chat["start"] for chat in found] == [
        token_for(OTHER_GROUP, BOT_TOKEN),
        token_for(GROUP, BOT_TOKEN),
    ]
    assert "甲" not in found[0]["players"] and "乙" in found[0]["players"]
    assert (await get(base, "chats", "戊", start=None)).json()["chats"] == []


async def picture(base: str, entry: int, suffix: str, width: str | None = None) -> httpx.Response:
    raw = init_data(PLAYERS["甲"], "甲", BOT_TOKEN)
    params = {"start": token_for(GROUP, BOT_TOKEN), **({"w": width} if width else {})}
    async with httpx.AsyncClient() as client:
        return await client.get(
            f"{base}/api/picture/{entry}.{suffix}",
            params=params,
            headers={"Authorization": f"tma {raw}"},
        )


@pytest.mark.parametrize(
    ("asked", "width"),
    [
        pytest.param("780", 840, id="390-at-2x"),
        pytest.param("1125", 1001, id="375-at-3x"),
        pytest.param("99999", 1001, id="too-wide"),
        pytest.param("nonsense", 1001, id="not-a-number"),
    ],
)
async def test_a_picture_at_the_cards_width_stays_within_40_kb(
    evening: tuple[Harness, str], asked: str, width: int
) -> None:
    """On main a picture was the chat's PNG, 80–150 KB, whatever the card's width."""
    _, base = evening
    answer = await picture(base, 10, "webp", asked)
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "image/webp"
    assert len(answer.content) <= 40 * 1024
    with Image.open(io.BytesIO(answer.content)) as image:
        assert image.width == width  # never wider than drawn (1001), snapped to 120s
    png = await picture(base, 10, "png")
    assert png.headers["Content-Type"] == "image/png" and len(png.content) > 40 * 1024
