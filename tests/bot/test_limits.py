"""Issue 10 items 4 and 5 through the real Application: numbers, buttons, names, sizes.

Every case is a line or a button press and what the chat must hear; nothing the emulator
refuses (it refuses what Telegram refuses), no apology, and nothing recorded by a refusal.
"""

from __future__ import annotations

import json

import pytest

from bot.console.local_api import Sent
from storage import Source, WinSpec
from tests.bot.conftest import GROUP, PLAYERS, Harness

LANGS = {"zh": "/lang zh", "en": "/lang en"}


async def entries_count(h: Harness) -> int:
    return (await h.ledger.reports.history(GROUP, None, page=1, page_size=1)).total


def no_fault(h: Harness, sent: list[Sent]) -> None:
    assert h.api.refusals == [], h.api.refusals
    assert not any("抱歉" in s.text or "Sorry" in s.text for s in sent), [s.text for s in sent]


# (command, the words of the zh reply, the words of the en reply)
NUMBER_CASES = [
    pytest.param("/undo ²", "「²」不是记录编号", "² is not an entry number", id="undo-superscript"),
    pytest.param(
        "/undo #²", "「#²」不是记录编号", "#² is not an entry number", id="undo-hash-superscript"
    ),
    pytest.param(
        "/why #²", "「#²」不是记录编号", "#² is not an entry number", id="why-superscript"
    ),
    pytest.param("/why ①", "「①」不是记录编号", "① is not an entry number", id="why-circled-one"),
    pytest.param(
        "/undo ٣", "「٣」不是记录编号", "٣ is not an entry number", id="undo-arabic-indic"
    ),
    pytest.param("/undo 0", "「0」不是记录编号", "0 is not an entry number", id="undo-zero"),
    pytest.param("/undo -3", "「-3」不是记录编号", "-3 is not an entry number", id="undo-negative"),
    pytest.param(
        "/undo 18446744073709551616",
        "「18446744073709551616」不是记录编号",
        "18446744073709551616 is not an entry number",
        id="undo-beyond-64-bit",
    ),
    pytest.param(
        "/why 9223372036854775808",
        "不是记录编号",
        "is not an entry number",
        id="why-just-beyond-64-bit",
    ),
    pytest.param(
        "/undo 9223372036854775807",
        "没有第 9223372036854775807 条记录",
        "no entry #9223372036854775807",
        id="undo-largest-id-unknown",
    ),
    pytest.param("/history ²", "「²」不是页码", "² is not a page number", id="history-superscript"),
    pytest.param("/history 0", "「0」不是页码", "0 is not a page number", id="history-zero"),
    pytest.param("/history abc", "「abc」不是页码", "abc is not a page number", id="history-word"),
    pytest.param(
        "/stats ²", "没有叫「²」的玩家", "No player ² in this chat", id="stats-superscript"
    ),
    pytest.param(
        "/stats #99999999999999999999",
        "没有叫「#99999999999999999999」的玩家",
        "No player #99999999999999999999",
        id="stats-id-beyond-64-bit",
    ),
    pytest.param(
        "/new 杭州 NaN 甲 乙 丙 丁", "底分「NaN」不对", "Base NaN must be", id="new-nan-base"
    ),
    pytest.param("/new 杭州 inf 甲 乙", "底分「inf」不对", "Base inf must be", id="new-inf-base"),
    pytest.param("/new 杭州 ² 甲 乙", "底分「²」不对", "Base ² must be", id="new-superscript-base"),
    pytest.param(
        "/new 杭州 1e3 甲 乙 丙 丁", "底分「1e3」不对", "Base 1e3 must be", id="new-exponent-base"
    ),
]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("line", "zh", "en"), NUMBER_CASES)
async def test_a_number_that_is_not_one_is_named(
    harness: Harness, lang: str, line: str, zh: str, en: str
) -> None:
    await harness.say("甲", LANGS[lang])
    if not line.startswith("/new"):
        await harness.open_table()
        await harness.say("甲", "/hu 甲 自摸 爆头")
    before = await entries_count(harness)
    sent = await harness.say("甲", line)
    assert (zh if lang == "zh" else en) in sent[-1].text, sent[-1].text
    assert await entries_count(harness) == before
    no_fault(harness, sent)


FORGED_BUTTONS = [
    pytest.param("undo:abc", id="undo-word"),
    pytest.param("undo:", id="undo-empty"),
    pytest.param("undo:1,,2", id="undo-empty-id"),
    pytest.param("undo:²", id="undo-superscript"),
    pytest.param("undo:18446744073709551616", id="undo-beyond-64-bit"),
    pytest.param("hist:2**64", id="history-expression"),
    pytest.param("hist:18446744073709551616", id="history-beyond-64-bit"),
    pytest.param("hist:0", id="history-zero"),
    pytest.param("hist:-1", id="history-negative"),
    pytest.param("stats:x", id="stats-word"),
    pytest.param("tally:x", id="tally-word"),
    pytest.param("full:abc", id="details-word"),
    pytest.param("full:999", id="details-of-no-entry"),
    pytest.param("short:1,,2", id="short-empty-id"),
    pytest.param("set:pictures:sometimes", id="settings-unknown-choice"),
    pytest.param("set:", id="settings-empty"),
]


@pytest.mark.parametrize("data", FORGED_BUTTONS)
async def test_forged_button_data_gets_a_plain_refusal(harness: Harness, data: str) -> None:
    await harness.open_table()
    [recorded] = await harness.say("甲", "/hu 甲 自摸 爆头")
    assert recorded.message_id is not None
    before = await entries_count(harness)
    sent = await harness.feed(harness.make.press(GROUP, PLAYERS["甲"], recorded.message_id, data))
    assert [s.method for s in sent] == ["answerCallbackQuery"]
    assert "按钮的数据不对" in sent[0].text and sent[0].params.get("show_alert") == "true"
    assert await entries_count(harness) == before
    no_fault(harness, sent)


@pytest.mark.parametrize(
    ("data", "shown"),
    [
        pytest.param("hist:2", "第 2/", id="history-next-page"),
        pytest.param("hist:9223372036854775807", "第 3/3 页", id="history-past-the-end"),
    ],
)
async def test_a_page_button_within_range_shows_a_page(
    harness: Harness, data: str, shown: str
) -> None:
    await harness.open_table()
    for _ in range(11):
        await harness.draw()
    [page] = await harness.say("甲", "/history")
    assert page.message_id is not None
    sent = await harness.feed(harness.make.press(GROUP, PLAYERS["甲"], page.message_id, data))
    assert shown in sent[-1].text and sent[-1].method == "editMessageText"
    no_fault(harness, sent)


NAME_CASES = [
    pytest.param(
        "/new 杭州 1 \u200b 乙 丙 丁", "名字里没有看得见的字（U+200B）", id="zero-width-space-alone"
    ),
    pytest.param(
        "/new 杭州 1 \u202e\u2066 乙 丙 丁",
        "名字里没有看得见的字（U+202E U+2066）",
        id="bidi-alone",
    ),
    pytest.param("/new 杭州 1 甲 甲\u200b 丙 丁", "「甲」写了两次", id="zero-width-twin"),
    pytest.param("/new 杭州 1 甲 \u202a甲\u202c 丙 丁", "「甲」写了两次", id="bidi-embedding-twin"),
    pytest.param("/new 杭州 1 乙 \u2067乙\u2069 丙 丁", "「乙」写了两次", id="bidi-isolate-twin"),
    pytest.param("/new 杭州 1 丙 丙\u200d 甲 丁", "「丙」写了两次", id="zero-width-joiner-twin"),
    pytest.param("/new 杭州 1 丁 丁\ufeff 甲 乙", "「丁」写了两次", id="byte-order-mark-twin"),
    pytest.param("/new 杭州 1 甲 甲\x07 丙 丁", "「甲」写了两次", id="control-character-twin"),
]


@pytest.mark.parametrize(("line", "refusal"), NAME_CASES)
async def test_an_invisible_name_or_a_twin_is_refused(
    harness: Harness, line: str, refusal: str
) -> None:
    sent = await harness.say("甲", line)
    assert refusal in sent[-1].text, sent[-1].text
    assert await harness.ledger.sessions.current(GROUP) is None
    no_fault(harness, sent)


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        pytest.param("/join \u200b\u200c", "名字里没有看得见的字", id="join-invisible"),
        pytest.param("/seat \u200f 南", "名字里没有看得见的字", id="seat-invisible"),
    ],
)
async def test_an_invisible_newcomer_is_refused(harness: Harness, line: str, refusal: str) -> None:
    await harness.open_table("/new 杭州 1 甲 乙 丙")
    sent = await harness.say("甲", line)
    assert refusal in sent[-1].text, sent[-1].text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and session.seats[3] is None
    no_fault(harness, sent)


async def test_a_name_typed_with_invisible_characters_finds_the_player(harness: Harness) -> None:
    await harness.open_table()
    sent = await harness.say("乙", "/hu 甲\u200b 自摸 爆头")
    assert "甲 +48" in sent[0].text, sent[0].text
    no_fault(harness, sent)


@pytest.mark.parametrize(
    ("line", "named"),
    [
        pytest.param("/draw 甲 自摸", "看不懂「甲 自摸」", id="draw-win-words"),
        pytest.param("/draw 1", "看不懂「1」", id="draw-number"),
        pytest.param("流局 乙", "看不懂「乙」", id="draw-plain-verb"),
    ],
)
async def test_draw_refuses_arguments(harness: Harness, line: str, named: str) -> None:
    await harness.open_table()
    sent = await harness.say("甲", line)
    assert named in sent[-1].text, sent[-1].text
    assert await entries_count(harness) == 0
    no_fault(harness, sent)


LONG_LINES = [
    pytest.param("/hu 甲 自摸 " + "爆头 " * 5, "「爆头」写了 5 次", id="word-five-times"),
    pytest.param(
        "/hu 甲 自摸 " + "杠开 " * 1000, "「杠开」写了 1000 次", id="word-a-thousand-times"
    ),
    pytest.param(
        "/hu 甲 自摸 " + "爆头" * 2000, "这一手写得太长了（最多 300 个字）", id="4000-characters"
    ),
    pytest.param("/hu 甲 " + "x" * 4000, "…", id="4000-character-token"),
    pytest.param("/new " + "杭" * 4000, "…", id="4000-character-ruleset"),
    pytest.param("/stats " + "名" * 4000, "…", id="4000-character-player"),
    pytest.param("/score " + "q" * 4000, "…", id="4000-character-hand"),
    pytest.param("/ting " + "q" * 4000, "…", id="4000-character-ready-hand"),
]


@pytest.mark.parametrize(("line", "shown"), LONG_LINES)
async def test_a_long_line_is_refused_with_its_quote_cut(
    harness: Harness, line: str, shown: str
) -> None:
    await harness.open_table()
    sent = await harness.say("甲", line)
    assert shown in sent[-1].text and len(sent[-1].text) < 500, sent[-1].text[:600]
    assert await entries_count(harness) == 0
    no_fault(harness, sent)


async def test_a_hand_line_at_the_cap_is_recorded(harness: Harness) -> None:
    await harness.open_table()
    line = "/hu 甲 自摸 爆头" + " " * 280
    sent = await harness.say("甲", line.strip() + " " + "财飘")
    assert "#1" in sent[0].text, sent[0].text
    no_fault(harness, sent)


async def test_history_cuts_a_long_line_stored_before_the_cap(harness: Harness) -> None:
    await harness.open_table()
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and session.seats[0] and session.seats[1]
    winner, payer = session.seats[0], session.seats[1]
    for update_id in range(1, 6):
        await harness.ledger.entries.record_win(
            GROUP,
            session.id,
            WinSpec(
                winner,
                {winner: 1, payer: -1},
                "爆头" * 2000,
                json.dumps({"ruleset": "hangzhou", "value": 1, "patterns": []}),
                self_draw=True,
            ),
            Source(update_id),
            None,
        )
    sent = await harness.say("甲", "/history")
    entries = sent[-1].text.split("\n\n")[1:]
    assert len(entries) == 5 and all(400 < len(e) < 500 and "…" in e for e in entries)
    no_fault(harness, sent)


async def test_stats_of_seventy_players_page_with_the_buttons(harness: Harness) -> None:
    """Seventeen sessions of four new guests each, one hand apiece: 68 players with a record."""
    for number in range(17):
        names = [f"客{number}号{seat}" for seat in "东南西北"]
        await harness.say("甲", "/new 杭州 1 " + " ".join(names))
        await harness.say("甲", f"/hu {names[0]} 自摸")
        await harness.say("甲", "/settle")
    [first] = await harness.say("甲", "/stats")
    assert "第 1/4 页" in first.text and [label for label, _ in first.buttons] == ["下一页 ▶"]
    seen = set(first.text.splitlines()[1:])
    shown = first
    for page in (2, 3, 4):
        sent = await harness.press("甲", shown, index=len(shown.buttons) - 1)
        shown = sent[-1]
        assert f"第 {page}/4 页" in shown.text and len(shown.text) <= 4096
        seen.update(shown.text.splitlines()[1:])
    assert len(seen) == 68
    no_fault(harness, [])
