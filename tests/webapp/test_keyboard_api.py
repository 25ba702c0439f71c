"""The tile keyboard's API over the real bot: a tapped hand scores and records exactly as the
line a group types after /hu, once per request id, refused in the chat's language."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.console.local_api import Sent
from tests.bot.conftest import GROUP, Harness
from tests.webapp.keyboard_payloads import tapped
from tests.webapp.keyboard_rig import rig_client, viewer_headers

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
    async with rig_client(harness) as client:
        response = await client.post("/api/keyboard/score", json=payload, headers=viewer_headers())
        answer = await response.json()
    assert response.status == 200, answer
    await harness.say("甲", f"/hu {typed}")
    assert _by_name(answer) == await _postings_by_name(harness)


@pytest.mark.parametrize(("ruleset", "payload", "typed"), SAME_AS_TYPED[:4] + SAME_AS_TYPED[-3:])
async def test_recording_posts_the_typed_reply(
    harness: Harness, tmp_path: Any, ruleset: str, payload: dict[str, Any], typed: str
) -> None:
    from tests.bot.conftest import running_harness

    await harness.open_table(NEW[ruleset])
    async with rig_client(harness) as client:
        before = len(harness.api.sent)
        response = await client.post(
            "/api/keyboard/record",
            json={**payload, "request_id": "tap-0001"},
            headers=viewer_headers(),
        )
        answer = await response.json()
    assert response.status == 200, answer
    assert answer["replay"] is False
    [posted] = _recording_replies(harness.api.sent[before:])
    async with running_harness(tmp_path / "typed.db") as other:
        await other.open_table(NEW[ruleset])
        [typed_reply] = _recording_replies(await other.say("甲", f"/hu {typed}"))
    first, _, rest = posted.text.partition("\n")
    assert "甲" in first and rest == typed_reply.text
    assert posted.buttons == typed_reply.buttons


async def test_recording_twice_records_once(harness: Harness) -> None:
    await harness.open_table()
    body = {**tapped("123m456m789m123p5s", "5s"), "request_id": "double-tap-1"}
    async with rig_client(harness) as client:
        before = len(harness.api.sent)
        first = await (
            await client.post("/api/keyboard/record", json=body, headers=viewer_headers())
        ).json()
        again = await (
            await client.post("/api/keyboard/record", json=body, headers=viewer_headers())
        ).json()
        other = {**body, "request_id": "double-tap-2"}
        third = await (
            await client.post("/api/keyboard/record", json=other, headers=viewer_headers())
        ).json()
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
    async with rig_client(harness) as client:
        before = len(harness.api.sent)
        responses = await asyncio.gather(
            *(
                client.post("/api/keyboard/record", json=body, headers=viewer_headers())
                for _ in "ab"
            )
        )
        answers = [await response.json() for response in responses]
    assert sorted(answer["replay"] for answer in answers) == [False, True]
    assert answers[0]["entries"] == answers[1]["entries"]
    assert len(_recording_replies(harness.api.sent[before:])) == 1


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
    pytest.param("hangzhou", tapped("123m456m789m12p5s", "5s"), "zh", "", id="too-few-tiles"),
    pytest.param("hangzhou", tapped("123m456m789m123p55s", "5s"), "en", "14", id="too-many-tiles"),
    pytest.param(
        "hangzhou",
        tapped("456m789m123p5s", "5s", melds=(("chi", "135m"),)),
        "zh",
        "135m",
        id="chi-not-a-run",
    ),
    pytest.param(
        "hangzhou",
        tapped("456m789m123p5s", "5s", melds=(("pon", "99999m"),)),
        "zh",
        "9m 9m 9m 9m 9m",
        id="five-tile-meld",
    ),
    pytest.param(
        "hangzhou",
        {**tapped("123m456m789m123p5s", "5s"), "melds": "[999m]"},
        "zh",
        "[999m]",
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
        "",
        id="discarded-wild",
    ),
]


@pytest.mark.parametrize(("ruleset", "payload", "lang", "token"), REFUSALS)
async def test_refusals_name_the_token_in_the_chats_language(
    harness: Harness, ruleset: str, payload: dict[str, Any], lang: str, token: str
) -> None:
    await harness.open_table(NEW[ruleset])
    async with rig_client(harness, lang) as client:
        for route in ("score", "record"):
            body = {**payload, "request_id": "refused-01"}
            response = await client.post(
                f"/api/keyboard/{route}", json=body, headers=viewer_headers()
            )
            answer = await response.json()
            assert response.status == 422, answer
            assert answer["error"].startswith("❌")
            assert token in answer["error"]
            has_chinese = any("\u4e00" <= c <= "\u9fff" for c in answer["error"].replace(token, ""))
            assert has_chinese == (lang == "zh"), answer["error"]
    session = await harness.ledger.sessions.current(GROUP)
    assert (
        session is not None and await harness.ledger.reports.last_entry(GROUP, session.id) is None
    )


async def test_thirteen_tiles_list_the_waits_as_the_typed_lines_score(harness: Harness) -> None:
    await harness.open_table()
    async with rig_client(harness) as client:
        response = await client.post(
            "/api/keyboard/score", json=tapped("123m456m789m123p5s"), headers=viewer_headers()
        )
        answer = await response.json()
    assert response.status == 200, answer
    waits = {wait["tile"]: wait for wait in answer["waits"]}
    assert set(waits) == {"5s", "5z"}  # the pair's mate, and 白 (Hangzhou's wild) for 爆头
    await harness.say("甲", "/hu 甲 123m456m789m123p5s +5s 自摸")
    assert waits["5s"]["self_draw"]["gain"] == (await _postings_by_name(harness))["甲"]


async def test_the_table_names_seats_wilds_and_words(harness: Harness) -> None:
    await harness.open_table(NEW["qiangdao"])
    async with rig_client(harness) as client:
        answer = await (await client.get("/api/keyboard/table", headers=viewer_headers())).json()
        guest = await (await client.get("/api/keyboard/table", headers=viewer_headers("戊"))).json()
    assert [seat["name"] for seat in answer["seats"]] == ["甲", "乙", "丙", "丁"]
    assert (answer["me"], guest["me"]) == ("E", None)  # 甲 sent /new; 戊 watches
    assert answer["ruleset"]["uses_indicator"] is True
    assert answer["wilds_by_indicator"]["9m"] == ["1m"]
    assert answer["wilds_by_indicator"]["7z"] == ["6z"]  # 翻出中，花就是发
    assert "财飘" not in answer["words"]


async def test_no_open_session_is_said(harness: Harness) -> None:
    async with rig_client(harness, "en") as client:
        response = await client.get("/api/keyboard/table", headers=viewer_headers())
        answer = await response.json()
    assert response.status == 422
    assert "/new" in answer["error"]


async def test_a_body_over_the_cap_is_refused(harness: Harness) -> None:
    await harness.open_table()
    async with rig_client(harness) as client:
        response = await client.post(
            "/api/keyboard/score", data=b"{" + b" " * 5000 + b"}", headers=viewer_headers()
        )
    assert response.status == 413


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
    async with rig_client(harness) as client:
        response = await client.post("/api/keyboard/score", json=payload, headers=viewer_headers())
        answer = await response.json()
    [reply] = await harness.say("甲", typed)
    if response.status == 422:
        assert answer["error"] == reply.text
    else:
        assert _by_name(answer) == await _postings_by_name(harness)
