"""The tile keyboard's API over the real bot and its real server: a tapped hand scores and
records exactly as the line a group types after /hu, once per request id, refused in the chat's
language; nothing answers without Telegram's signature for a member of the token's chat."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from telegram import Update

from bot.console.local_api import Sent
from bot.webapp.keyboard_hand import page_words
from bot.webapp.start_token import Screen
from rigs.webapp import BOT_TOKEN, free_port, init_data, token_for, web_server
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness
from tests.webapp.keyboard_payloads import tapped


class Keyboard:
    """What the keyboard page does: /api/keyboard/<route> with ``Authorization: tma <initData>``,
    the user's initData signed by the bot and carrying the start token of the chat's 🀄 整手牌
    button (a test may sign otherwise: another bot's token, an old date, another chat)."""

    def __init__(self, base: str, http: httpx.AsyncClient) -> None:
        self.base = base
        self.http = http

    async def get(self, route: str, who: str = "甲") -> httpx.Response:
        return await self.send("GET", route, self.signed(who))

    async def post(
        self, route: str, body: Any = None, who: str = "甲", *, raw: bytes | None = None
    ) -> httpx.Response:
        """``body`` as JSON, or ``raw`` bytes as they are."""
        return await self.send("POST", route, self.signed(who), body, raw)

    async def send(
        self,
        method: str,
        route: str,
        authorization: str,
        body: Any = None,
        raw: bytes | None = None,
    ) -> httpx.Response:
        return await self.http.request(
            method,
            f"{self.base}/api/keyboard/{route}",
            json=body,
            content=raw,
            headers={"Authorization": authorization},
        )

    @staticmethod
    def signed(
        who: str,
        *,
        bot_token: str = BOT_TOKEN,
        chat: int = GROUP,
        start: str | None = None,
        auth_date: int | None = None,
    ) -> str:
        start = start if start is not None else token_for(chat, BOT_TOKEN, Screen.KEYBOARD)
        raw = init_data(PLAYERS[who], who, bot_token, start_param=start, auth_date=auth_date)
        return f"tma {raw}"


@asynccontextmanager
async def keyboard_api(harness: Harness) -> AsyncIterator[Keyboard]:
    """The bot's server (its guard checking every signature) over ``harness``'s bot."""
    async with web_server(harness.app) as base, httpx.AsyncClient() as http:
        yield Keyboard(base, http)


async def speak(harness: Harness, lang: str) -> None:
    """The chat's language, set as a group sets it (the server answers in it)."""
    if lang != "zh":
        await harness.say("甲", f"/lang {lang}")


NEW = {
    "hangzhou": "/new 杭州 1 甲 乙 丙 丁",
    "qiangdao": "/new 强盗胡 1 甲 乙 丙 丁",
    "yingpiao": "/new 硬飘花 1 甲 乙 丙 丁",
    "ruanpiao": "/new 软飘花 1 甲 乙 丙 丁",
    "shuangla": "/new 双辣 1 甲 乙 丙 丁",
    "platform": "/new 平台 1 甲 乙 丙 丁",
}

# (ruleset, what the keyboard sends, what the group would type after /hu)
SAME_AS_TYPED = [
    pytest.param(
        "hangzhou",
        tapped("123m456m789m123p5s", "5s"),
        "甲 123m456m789m123p5s +5s 自摸",
        id="hz-pinghu",
    ),
    pytest.param(
        "hangzhou",
        tapped("123m456m789m123p5z", "5s"),
        "甲 123m456m789m123p白 +5s 自摸",
        id="hz-baotou",
    ),
    pytest.param(
        "hangzhou",
        tapped("123m456m789m5s", "5s", "kong_draw", (("kong", "5555p"),)),
        "甲 [5555p] 123m456m789m5s +5s 杠开",
        id="hz-gangkai",
    ),
    pytest.param(
        "hangzhou",
        tapped("1133m5577p99s11z5z", "3s", "discard", **{"from": "S"}),
        "甲 1133m5577p99s东东白 +3s 点炮 乙",
        id="hz-seven-pairs-discard",
    ),
    pytest.param(
        "hangzhou",
        tapped("456m789m123p5s", "5s", melds=(("chi", "123m"),), winner="S"),
        "乙 [123m] 456m789m123p5s +5s 自摸",
        id="hz-chi-by-south",
    ),
    pytest.param(
        "hangzhou",
        tapped("456m123p5s", "5s", melds=(("pon", "999m"), ("concealed_kong", "7777s"))),
        "甲 [999m] (7777s) 456m123p5s +5s 自摸",
        id="hz-pon-and-concealed-kong",
    ),
    pytest.param(
        "qiangdao",
        tapped("123p456p789p111z1s", "1s", indicator="1m"),
        "甲 123p456p789p东东东1s +1s 自摸 翻1m",
        id="qd-no-wild",
    ),
    pytest.param(
        "qiangdao",
        tapped("123p456p789p111z2m", "1s", indicator="1m"),
        "甲 123p456p789p东东东2m +1s 自摸 翻1m",
        id="qd-wild",
    ),
    pytest.param(
        "qiangdao",
        tapped("123p456p789p111z1s", "1s", "discard", indicator="1m", **{"from": "W"}),
        "甲 123p456p789p东东东1s +1s 翻1m 放冲 丙",
        id="qd-discard",
    ),
    pytest.param(
        "yingpiao",
        tapped("123p456p789p111z2m", "1s", indicator="1m"),
        "甲 123p456p789p东东东2m +1s 自摸 翻1m",
        id="yp-self-draw",
    ),
    pytest.param(
        "ruanpiao",
        tapped("123p456p789p111z1s", "1s", indicator="1m"),
        "甲 123p456p789p东东东1s +1s 自摸 翻1m",
        id="rp-self-draw",
    ),
    pytest.param(
        "shuangla",
        tapped("111m234m567m789m9m", "9m", indicator="5p"),
        "甲 111m234m567m789m9m +9m 自摸 翻5p",
        id="sl-pure-suit",
    ),
    pytest.param(
        "platform",
        tapped("123p456p789p111z2m", "1s", indicator="1m"),
        "甲 123p456p789p东东东2m +1s 自摸 翻1m",
        id="pt-baotou",
    ),
    pytest.param(
        "platform",
        tapped("123p456p789p111z1s", "1s", "rob", indicator="1m", **{"from": "N"}),
        "甲 123p456p789p东东东1s +1s 翻1m 抢杠 丁",
        id="pt-robbed-kong",
    ),
]


async def _postings_by_name(harness: Harness) -> dict[str, int]:
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    entry = await harness.ledger.reports.last_entry(GROUP, session.id)
    assert entry is not None and entry.kind == "win"
    names = {p.id: p.name for p in await harness.ledger.players.all(GROUP)}
    return {names[player]: delta for player, delta in entry.postings.items() if delta}


def _by_name(answer: dict[str, Any]) -> dict[str, int]:
    return {row["name"]: row["delta"] for row in answer["payments"] if row["delta"]}


def _recording_replies(sent: list[Sent]) -> list[Sent]:
    return [s for s in sent if s.method == "sendMessage" and s.chat_id == GROUP]


@pytest.mark.parametrize(("ruleset", "payload", "typed"), SAME_AS_TYPED)
async def test_a_tapped_hand_scores_as_the_typed_line(
    harness: Harness, ruleset: str, payload: dict[str, Any], typed: str
) -> None:
    await harness.open_table(NEW[ruleset])
    async with keyboard_api(harness) as client:
        response = await client.post("score", payload)
        answer = response.json()
    assert response.status_code == 200, answer
    await harness.say("甲", f"/hu {typed}")
    assert _by_name(answer) == await _postings_by_name(harness)


WEBAPP = {"webapp_url": "https://mahjong.example.org", "webapp_short_name": "season"}


@pytest.mark.parametrize(("ruleset", "payload", "typed"), SAME_AS_TYPED[:4] + SAME_AS_TYPED[-3:])
async def test_recording_posts_the_typed_reply(
    tmp_path: Path, ruleset: str, payload: dict[str, Any], typed: str
) -> None:
    """With the Mini App configured: the same text under the keyboard's line, the same
    buttons (↩️ 撤销, 📋 详情 and the 🀄 整手牌 row), the same picture."""
    settings = {**WEBAPP, "port": free_port()}
    async with running_harness(tmp_path / "tapped.db", **settings) as harness:
        await harness.open_table(NEW[ruleset])
        async with keyboard_api(harness) as client:
            before = len(harness.api.sent)
            response = await client.post("record", {**payload, "request_id": "tap-0001"})
            answer = response.json()
        posted = harness.api.sent[before:]
    assert response.status_code == 200, answer
    assert answer["replay"] is False
    async with running_harness(tmp_path / "typed.db", **settings) as other:
        await other.open_table(NEW[ruleset])
        typed_sent = await other.say("甲", f"/hu {typed}")
    [reply] = _recording_replies(posted)
    [typed_reply] = _recording_replies(typed_sent)
    first, _, rest = reply.text.partition("\n")
    assert "甲" in first and rest == typed_reply.text
    assert reply.reply_markup == typed_reply.reply_markup
    assert any("整手牌" in label for label, _ in reply.buttons)
    pictures = [s for s in posted if s.method == "sendPhoto"]
    typed_pictures = [s for s in typed_sent if s.method == "sendPhoto"]
    assert [p.text for p in pictures] == [p.text for p in typed_pictures] != []


async def test_a_recording_takes_its_turn_behind_the_chats_earlier_update(
    harness: Harness,
) -> None:
    """A typed /hu (its picture drawn off the loop, slow) is on the bot's queue when ✅ comes:
    the keyboard's hand waits for it to finish, reply and picture, and is recorded after it."""
    await harness.open_table()
    typed = harness.make.message(GROUP, PLAYERS["乙"], "/hu 乙 123m456m789m123p白白 自摸")
    body = {**tapped("123m456m789m123p5s", "5s"), "request_id": "in-turn-01"}
    async with keyboard_api(harness) as client:
        before = len(harness.api.sent)
        await harness.app.update_queue.put(Update.de_json(typed, harness.app.bot))
        answer = (await client.post("record", body)).json()
    sent = [(s.method, s.text) for s in harness.api.sent[before:] if s.chat_id == GROUP]
    kinds = [method for method, _ in sent]
    assert kinds == ["sendMessage", "sendPhoto", "sendMessage", "sendPhoto"], sent
    assert "整手牌键盘" in sent[2][1] and "整手牌键盘" not in sent[0][1]
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    last = await harness.ledger.reports.last_entry(GROUP, session.id)
    assert last is not None and answer["entries"] == [last.id]  # the keyboard's hand is last


async def test_the_recorder_is_found_as_a_typed_hu_finds_its_sender(harness: Harness) -> None:
    """乙 typed before (the chat knows them by Telegram id); 戊 never wrote: each recording is
    authored by the one player the chat has, or gets, for that Telegram user."""
    await harness.open_table()
    await harness.say("乙", "/hu 乙 自摸")
    async with keyboard_api(harness) as client:
        for who, request_id in (("乙", "author-yi-01"), ("戊", "author-wu-01")):
            body = {**tapped("123m456m789m123p5s", "5s"), "request_id": request_id}
            assert (await client.post("record", body, who=who)).status_code == 200
    players = await harness.ledger.players.all(GROUP)
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    history = await harness.ledger.reports.history(GROUP, page=1, page_size=10)
    authors = [entry.author for entry in history.entries[:2]]  # newest first: 戊's, 乙's
    for who, author in zip(("戊", "乙"), authors, strict=True):
        [player] = [p for p in players if p.user_id == PLAYERS[who]]  # one, not two
        assert (author, player.name) == (player.id, who)


async def test_a_reply_lost_after_the_write_is_posted_by_the_retry(harness: Harness) -> None:
    """Telegram does not take the recording reply: the page hears the hand is recorded and
    its reply lost; the same request again records nothing and posts the reply, once."""
    await harness.open_table()
    body = {**tapped("123m456m789m123p5s", "5s"), "request_id": "lost-reply-1"}
    async with keyboard_api(harness) as client:
        harness.api.lose_next("sendMessage")
        before = len(harness.api.sent)
        lost = await client.post("record", body)
        session = await harness.ledger.sessions.current(GROUP)
        assert session is not None
        entry = await harness.ledger.reports.last_entry(GROUP, session.id)
        assert entry is not None and _recording_replies(harness.api.sent[before:]) == []
        retried = (await client.post("record", body)).json()
        [reposted] = _recording_replies(harness.api.sent[before:])
        again = (await client.post("record", body)).json()
    assert lost.status_code == 502 and lost.json()["error"] == "reply_lost"
    assert f"#{entry.id}" in lost.json()["message"]
    assert retried == {"line": retried["line"], "entries": [entry.id], "replay": True}
    assert f"#{entry.id}" in reposted.text and any("撤销" in b for b, _ in reposted.buttons)
    assert again["replay"] is True
    assert len(_recording_replies(harness.api.sent[before:])) == 1  # not again
    tally = await harness.ledger.reports.tally(GROUP, session.id)
    assert {row.player.name: row.balance for row in tally.rows}["甲"] == 24  # one hand


async def test_a_ledger_refusal_goes_through_the_error_handler(harness: Harness) -> None:
    """The session was closed under the bot (its cached table still open): the write is
    refused by the ledger, and the error handler forgets the stale table, as for /hu."""
    await harness.open_table()
    body = {**tapped("123m456m789m123p5s", "5s"), "request_id": "stale-table-1"}
    async with keyboard_api(harness) as client:
        assert (await client.get("table")).status_code == 200  # the table is remembered
        await harness.ledger.sessions.close(GROUP)
        before = len(harness.api.sent)
        refused = await client.post("record", body)
        table = await client.get("table")
    assert refused.status_code == 422 and refused.json()["error"] == "refused"
    assert table.status_code == 422 and "/new" in table.json()["message"]  # read afresh
    assert harness.api.sent[before:] == []  # the page hears it, the group does not


async def test_recording_twice_records_once(harness: Harness) -> None:
    await harness.open_table()
    body = {**tapped("123m456m789m123p5s", "5s"), "request_id": "double-tap-1"}
    async with keyboard_api(harness) as client:
        before = len(harness.api.sent)
        first = (await client.post("record", body)).json()
        again = (await client.post("record", body)).json()
        other = {**body, "request_id": "double-tap-2"}
        third = (await client.post("record", other)).json()
    assert first["replay"] is False and again["replay"] is True
    assert again["entries"] == first["entries"]
    assert third["entries"] != first["entries"]
    assert len(_recording_replies(harness.api.sent[before:])) == 2  # not three
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    tally = await harness.ledger.reports.tally(GROUP, session.id)
    # 平胡 自摸 under Hangzhou ×8 at 底分 1: 甲 +24 a hand, two hands
    assert {row.player.name: row.balance for row in tally.rows}["甲"] == 48


async def test_a_double_tap_in_flight_records_once(harness: Harness) -> None:
    """Both requests arrive before either is answered: one recording, one reply."""
    await harness.open_table()
    body = {**tapped("123m456m789m123p5s", "5s"), "request_id": "in-flight-1"}
    async with keyboard_api(harness) as client:
        before = len(harness.api.sent)
        responses = await asyncio.gather(*(client.post("record", body) for _ in "ab"))
        answers = [response.json() for response in responses]
    assert sorted(answer["replay"] for answer in answers) == [False, True]
    assert answers[0]["entries"] == answers[1]["entries"]
    assert len(_recording_replies(harness.api.sent[before:])) == 1


NOTATION = re.compile(r"[1-9][mpsz]")
REFUSALS = [
    pytest.param("hangzhou", {**tapped("123m456m789m123p5s", "0m")}, "zh", "0m", id="no-such-tile"),
    pytest.param(
        "hangzhou",
        {**tapped("123m456m789m123p5s", "5s"), "winner": "X"},
        "en",
        "X",
        id="no-such-seat",
    ),
    pytest.param(
        "hangzhou",
        {**tapped("123m456m789m123p5s", "5s"), "words": ["DROP"]},
        "zh",
        "DROP",
        id="word-not-offered",
    ),
    pytest.param(
        "qiangdao",
        {**tapped("123p456p789p111z1s", "1s", indicator="1m"), "words": ["财飘"]},
        "en",
        "财飘",
        id="no-piao-in-qiangdao",
    ),
    pytest.param("hangzhou", tapped("123m456m789m12p5s", "5s"), "zh", "13", id="too-few-tiles"),
    pytest.param("hangzhou", tapped("123m456m789m123p55s", "5s"), "en", "14", id="too-many-tiles"),
    pytest.param(
        "hangzhou",
        tapped("123m456m789m55s", "5s", melds=(("kong", "5555p"),)),
        "zh",
        "16",
        id="too-many-with-a-kong",
    ),
    pytest.param(
        "hangzhou", tapped("123m456m789m123p55s"), "zh", "胡的牌", id="fourteen-without-winning"
    ),
    pytest.param(
        "hangzhou",
        tapped("456m789m123p55s", melds=(("kong", "5555p"),)),
        "en",
        "Winning tile",
        id="fifteen-with-a-kong-without-winning",
    ),
    pytest.param(
        "hangzhou",
        tapped("456m789m123p5s", "5s", melds=(("chi", "135m"),)),
        "zh",
        "一万 三万 五万",
        id="chi-not-a-run",
    ),
    pytest.param(
        "hangzhou",
        tapped("456m789m123p5s", "5s", melds=(("pon", "99999m"),)),
        "zh",
        "5 张",
        id="five-tile-meld",
    ),
    pytest.param(
        "hangzhou",
        {**tapped("123m456m789m123p5s", "5s"), "melds": "[999m]"},
        "zh",
        "九万 九万 九万",
        id="melds-not-a-list",
    ),
    pytest.param(
        "hangzhou",
        tapped("123m456m789m123p5s", "5s", "discard", **{"from": "E"}),
        "zh",
        "甲",
        id="own-discard",
    ),
    pytest.param(
        "yingpiao",
        tapped("123p456p789p111z1s", "1s", "discard", indicator="1m", **{"from": "S"}),
        "zh",
        "",
        id="yingpiao-self-draw-only",
    ),
    pytest.param(
        "qiangdao",
        tapped("123p456p789p111z1s", "2m", "discard", indicator="1m", **{"from": "S"}),
        "en",
        "2 Characters",
        id="discarded-wild",
    ),
]


@pytest.mark.parametrize(("ruleset", "payload", "lang", "token"), REFUSALS)
async def test_refusals_name_the_token_in_the_chats_language(
    harness: Harness, ruleset: str, payload: dict[str, Any], lang: str, token: str
) -> None:
    await harness.open_table(NEW[ruleset])
    await speak(harness, lang)
    async with keyboard_api(harness) as client:
        for route in ("score", "record"):
            body = {**payload, "request_id": "refused-01"}
            response = await client.post(route, body)
            answer = response.json()
            assert response.status_code == 422, answer
            assert set(answer) == {"error", "message"} and answer["error"] == "refused"
            message = answer["message"]
            assert message.startswith("❌") and token in message
            has_chinese = any("\u4e00" <= c <= "\u9fff" for c in message.replace(token, ""))
            assert has_chinese == (lang == "zh"), message
            assert not NOTATION.search(message), message  # the page's tile names, never 5s
    session = await harness.ledger.sessions.current(GROUP)
    assert (
        session is not None and await harness.ledger.reports.last_entry(GROUP, session.id) is None
    )


async def test_thirteen_tiles_list_the_waits_as_the_typed_lines_score(harness: Harness) -> None:
    await harness.open_table()
    async with keyboard_api(harness) as client:
        response = await client.post("score", tapped("123m456m789m123p5s"))
        answer = response.json()
    assert response.status_code == 200, answer
    waits = {wait["tile"]: wait for wait in answer["waits"]}
    assert set(waits) == {"5s", "5z"}  # the pair's mate, and 白 (Hangzhou's wild) for 爆头
    refused = waits["5z"]["discard"]["refused"]  # 白 discarded opens 飘: nobody wins on it
    assert "白板" in refused and not NOTATION.search(refused), refused
    await harness.say("甲", "/hu 甲 123m456m789m123p5s +5s 自摸")
    assert waits["5s"]["self_draw"]["gain"] == (await _postings_by_name(harness))["甲"]


async def test_the_table_names_seats_wilds_and_words(harness: Harness) -> None:
    await harness.open_table(NEW["qiangdao"])
    async with keyboard_api(harness) as client:
        answer = (await client.get("table")).json()
        guest = (await client.get("table", "戊")).json()  # in the group, never seated
    assert [seat["name"] for seat in answer["seats"]] == ["甲", "乙", "丙", "丁"]
    assert (answer["me"], guest["me"]) == ("E", None)  # 甲 sent /new; 戊 watches
    assert answer["ruleset"]["uses_indicator"] is True
    assert answer["wilds_by_indicator"]["9m"] == ["1m"]
    assert answer["wilds_by_indicator"]["7z"] == ["6z"]  # 翻出中，花就是发
    assert "财飘" not in answer["words"]


async def test_no_open_session_is_said(harness: Harness) -> None:
    await speak(harness, "en")
    async with keyboard_api(harness) as client:
        response = await client.get("table")
        answer = response.json()
    assert response.status_code == 422
    assert "/new" in answer["message"]


async def test_a_body_over_the_cap_is_refused(harness: Harness) -> None:
    await harness.open_table()
    async with keyboard_api(harness) as client:
        response = await client.post("score", raw=b"{" + b" " * 5000 + b"}")
    assert response.status_code == 413
    assert response.json()["error"] == "too_large"


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 2000 + b"]" * 2000,
        b'{"tiles": ' + b"[" * 40 + b"]" * 40 + b"}",
        b"not json",
        b"[1, 2]",
        b"\xff\xfe",
    ],
    ids=["2000-deep", "40-deep-inside-an-object", "not-json", "not-an-object", "not-utf8"],
)
async def test_a_body_that_is_not_a_shallow_json_object_is_400(
    harness: Harness, raw: bytes
) -> None:
    await harness.open_table()
    async with keyboard_api(harness) as client:
        for route in ("score", "record"):
            response = await client.post(route, raw=raw)
            assert response.status_code == 400, response.text
            assert response.json()["error"] == "body"


@pytest.mark.parametrize(
    ("ruleset", "payload", "typed"),
    [
        pytest.param(
            "hangzhou",
            {**tapped("123m456m789m123p5s", "5s"), "indicator": "1m"},
            "/hu 甲 123m456m789m123p5s +5s 自摸 翻1m",
            id="indicator-in-hangzhou",
        ),
        pytest.param(
            "qiangdao",
            {**tapped("123p456p789p111z1s", "1s", indicator="1m"), "contract": "S"},
            "/hu 甲 123p456p789p东东东1s +1s 自摸 翻1m 承包 乙",
            id="contract-in-qiangdao",
        ),
    ],
)
async def test_a_fact_the_ruleset_lacks_is_answered_as_the_typed_line(
    harness: Harness, ruleset: str, payload: dict[str, Any], typed: str
) -> None:
    await harness.open_table(NEW[ruleset])
    async with keyboard_api(harness) as client:
        response = await client.post("score", payload)
        answer = response.json()
    [reply] = await harness.say("甲", typed)
    if response.status_code == 422:  # the chat's words, its notation as the page's tiles
        assert answer["message"] == page_words(reply.text, "zh")
        assert not NOTATION.search(answer["message"])
    else:
        assert _by_name(answer) == await _postings_by_name(harness)


GATE = [
    pytest.param("甲", None, 401, "signature", id="no-init-data"),
    pytest.param("甲", {"bot_token": "999:another-bot"}, 401, "signature", id="another-bots-hash"),
    pytest.param("甲", {"auth_date": 1_700_000_000}, 401, "signature", id="stale"),
    pytest.param(
        "甲",
        {"start": token_for(GROUP, "999:another-bot", Screen.KEYBOARD)},
        404,
        "token",
        id="forged-token",
    ),
    pytest.param("甲", {"chat": -5555}, 403, "member", id="a-chat-not-theirs"),
    pytest.param("戊", {}, 403, "member", id="left-the-group"),
]


@pytest.mark.parametrize("route", ["table", "score", "record"])
@pytest.mark.parametrize(("who", "signing", "status", "code"), GATE)
async def test_nothing_answers_without_a_signed_member(
    harness: Harness, route: str, who: str, signing: dict[str, Any] | None, status: int, code: str
) -> None:
    """The server's guard, not the keyboard, refuses: nothing scored, recorded or posted."""
    await harness.open_table()
    harness.api.set_status(GROUP, PLAYERS["戊"], "left")
    body = {**tapped("123m456m789m123p5s", "5s"), "request_id": "gate-0001"}
    method = "GET" if route == "table" else "POST"
    async with keyboard_api(harness) as client:
        authorization = "tma" if signing is None else client.signed(who, **signing)
        before = len(harness.api.sent)
        response = await client.send(method, route, authorization, body)
    answer = response.json()
    assert (response.status_code, answer["error"], set(answer)) == (
        status,
        code,
        {"error", "message"},
    )
    assert _recording_replies(harness.api.sent[before:]) == []
    session = await harness.ledger.sessions.current(GROUP)
    assert (
        session is not None and await harness.ledger.reports.last_entry(GROUP, session.id) is None
    )
