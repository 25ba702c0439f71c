"""One person, one record through the real Application: /join over a same-named guest, /iam,
/merge, /rename, their 撤销 button and /undo P3, /history, and never one person twice."""

from __future__ import annotations

from typing import Any

import pytest

from bot.console.local_api import Sent
from tests.bot.conftest import GROUP, PLAYERS, Harness

AMING = 21  # a member who sends /join after the scorekeeper wrote 阿明 down as a guest


async def _aming(harness: Harness, text: str, **extra: Any) -> list[Sent]:
    if AMING not in harness.api.users:
        harness.api.add_user(AMING, "阿明", "aming")
    return await harness.feed(harness.make.message(GROUP, AMING, text, **extra))


async def _speak_up(harness: Harness, *names: str) -> None:
    """Members the bot has seen before (as a message of theirs would have made them)."""
    for name in names:
        if name == "阿明":
            harness.api.add_user(AMING, "阿明", "aming")
            await harness.ledger.players.upsert_user(GROUP, AMING, "阿明", "aming")
        else:
            await harness.ledger.players.upsert_user(GROUP, PLAYERS[name], name)


async def _guest_played(harness: Harness) -> None:
    """The issue's evening: 阿明 written down as a guest, one hand won on 甲's discard."""
    await _speak_up(harness, "乙", "丙", "丁")
    await harness.open_table("/new 杭州 1 甲 乙 阿明 丁")
    sent = await harness.say("甲", "/hu 阿明 点炮 甲")
    assert "阿明" in sent[0].text


async def _stats_names(harness: Harness, lang_words: str = "/stats") -> list[str]:
    text = (await harness.say("乙", lang_words))[-1].text
    return [line.split("：")[0].split(":")[0] for line in text.splitlines()[1:]]


async def test_join_takes_the_same_named_guests_seat_and_record(harness: Harness) -> None:
    await _guest_played(harness)
    sent = await _aming(harness, "/join")
    reply = sent[-1]
    assert "「阿明（客）」和「阿明」是同一个人了" in reply.text and "西位" in reply.text, reply.text
    assert "坐满" not in reply.text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    member = await harness.ledger.players.find(GROUP, "@aming")
    assert member is not None and session.player_at("W") == member.id
    names = await _stats_names(harness)
    assert names.count("阿明") == 1 and not any("客" in name for name in names), names
    tally = (await harness.say("乙", "/tally"))[0].text
    assert tally.count("阿明") == 1, tally
    # the member's next hand adds to the same record
    await harness.say("甲", "/hu 阿明 自摸")
    stats = (await harness.say("乙", "/stats 阿明"))[-1].text
    assert stats.count("阿明") == 1, stats


async def test_undo_button_splits_them_again_and_gives_the_seat_back(harness: Harness) -> None:
    await _guest_played(harness)
    linked = (await _aming(harness, "/join"))[-1]
    assert linked.buttons and linked.buttons[0][1].startswith("pundo:")
    denied = await harness.press("乙", linked)  # neither its author, the creator nor an admin
    assert "只有" in denied[-1].text
    assert len((await harness.ledger.people.of_chat(GROUP)).links) == 1
    undone = await harness.press("甲", linked)  # the session's creator
    assert any("已撤销 P1" in s.text for s in undone), [s.text for s in undone]
    assert (await harness.ledger.people.of_chat(GROUP)).links == {}
    session = await harness.ledger.sessions.current(GROUP)
    guests = [p for p in await harness.ledger.players.all(GROUP) if p.is_guest]
    assert session is not None and [g.name for g in guests] == ["阿明"]
    assert session.player_at("W") == guests[0].id


async def test_iam_claims_a_guest_and_history_shows_it(harness: Harness) -> None:
    await _guest_played(harness)
    harness.api.add_user(AMING, "Ming", "aming")  # a Telegram name unlike the guest's
    reply = (await _aming(harness, "/iam 阿明"))[-1]
    assert "P1" in reply.text and "Ming" in reply.text, reply.text
    history = (await harness.say("乙", "/history"))[-1].text
    assert "P1 身份 「阿明」=「Ming」（本人认领）" in history, history
    assert history.index("P1") < history.index("#1")  # newest first, among the entries
    undone = await harness.say("甲", "/undo P1")
    assert "已撤销 P1" in undone[-1].text
    history = (await harness.say("乙", "/history"))[-1].text
    assert "P2 撤销 P1" in history and "（已撤销）" in history, history


async def test_plain_text_words_work_in_chinese(harness: Harness) -> None:
    await _guest_played(harness)
    harness.api.add_user(AMING, "Ming", "aming")
    reply = (await _aming(harness, "我是 阿明"))[-1]
    assert "同一个人" in reply.text, reply.text


async def test_merge_by_an_admin_and_rename(harness: Harness) -> None:
    await _guest_played(harness)
    await _speak_up(harness, "阿明")
    merged = (await harness.say("丁", "/merge 阿明（客） @aming"))[-1]
    assert "同一个人" in merged.text, merged.text
    assert (await _stats_names(harness)).count("阿明") == 1
    member = await harness.ledger.players.find(GROUP, "@aming")
    session = await harness.ledger.sessions.current(GROUP)
    assert member is not None and session is not None and session.player_at("W") == member.id
    recorded = (await harness.say("甲", "/hu 阿明 自摸"))[0].text
    assert recorded.count("阿明") >= 1 and "阿明（客）" not in recorded, recorded
    tally = (await harness.say("乙", "/tally"))[0].text
    assert tally.count("阿明") == 1, tally
    await harness.ledger.players.add_guest(GROUP, "小李")
    renamed = (await harness.say("甲", "/rename 小李 老李"))[-1]
    assert "「小李」改名为「老李」" in renamed.text, renamed.text
    assert (await harness.ledger.players.find(GROUP, "老李")) is not None
    undone = await harness.press("甲", renamed)
    assert any("已撤销 P2" in s.text for s in undone)
    assert (await harness.ledger.players.find(GROUP, "小李")) is not None


@pytest.mark.parametrize(
    ("who", "line", "expected"),
    [
        pytest.param("乙", "/merge 阿明 丙", "只有群管理员或开这一场的人可以合并", id="not-admin"),
        pytest.param("丁", "/merge 阿明 阿明", "和自己不能合并", id="itself"),
        pytest.param("丁", "/merge 阿明 甲", "同桌坐过", id="sat-together"),
        pytest.param("丁", "/merge 阿明 路人", "本群没有叫「路人」的玩家", id="unknown"),
        pytest.param("丁", "/merge 阿明", "写法：/merge", id="one-name"),
        pytest.param("乙", "/iam 甲", "是群成员，不是客人", id="iam-member"),
        pytest.param("乙", "/iam 路人", "本群没有叫「路人」的玩家", id="iam-unknown"),
        pytest.param(
            "乙", "/rename 阿明 老明", "只有群管理员或开这一场的人可以改名", id="rename-denied"
        ),
        pytest.param("甲", "/rename 乙 小乙", "是群成员", id="rename-member"),
        pytest.param("甲", "/rename 阿明 乙", "已有玩家叫「乙」", id="rename-taken"),
        pytest.param("甲", "/undo P9", "没有第 P9 条身份记录", id="undo-unknown"),
    ],
)
async def test_refusals_name_what_is_wrong_and_write_nothing(
    harness: Harness, who: str, line: str, expected: str
) -> None:
    await _guest_played(harness)
    sent = await harness.say(who, line)
    assert expected in sent[-1].text, sent[-1].text
    assert await harness.ledger.people.identity_events(GROUP) == []


async def test_refusals_in_english(harness: Harness) -> None:
    await _guest_played(harness)
    await harness.say("甲", "/lang en")
    sent = await harness.say("丁", "/merge 阿明 甲")
    assert "one person cannot sit twice" in sent[-1].text, sent[-1].text
    sent = await harness.say("乙", "/iam 甲")
    assert "is a chat member, not a guest" in sent[-1].text, sent[-1].text


async def test_a_member_cannot_sit_beside_a_guest_of_their_name(harness: Harness) -> None:
    """Two 阿明 at one table could not be told apart: /seat refuses, /join takes the guest."""
    await _guest_played(harness)
    await _speak_up(harness, "阿明")
    seated = await harness.say("甲", "/seat @aming 北")  # 换人 beside the guest 阿明 at 西
    assert "同桌不能有两个人都叫「阿明」（西位和北位）" in seated[-1].text, seated[-1].text
    session = await harness.ledger.sessions.current(GROUP)
    ding = await harness.ledger.players.find(GROUP, "丁")
    assert session is not None and ding is not None and session.player_at("N") == ding.id
    sent = await _aming(harness, "/join")
    assert "同一个人" in sent[-1].text, sent[-1].text


async def test_a_claimed_guests_name_seats_its_person_at_the_next_session(
    harness: Harness,
) -> None:
    await _guest_played(harness)
    harness.api.add_user(AMING, "Ming", "aming")
    await _aming(harness, "/iam 阿明")
    await harness.say("甲", "/settle")
    await harness.open_table("/new 杭州 1 甲 乙 阿明 丁")
    session = await harness.ledger.sessions.current(GROUP)
    member = await harness.ledger.players.find(GROUP, "@aming")
    assert session is not None and member is not None and session.player_at("W") == member.id
    table = (await harness.say("乙", "/seat"))[0].text
    assert "Ming" in table and "阿明" not in table, table


async def test_an_identity_event_shows_on_one_history_page(harness: Harness) -> None:
    """Five entries a page: the link made after #3 shows on the newest page (below #4), never
    on the older one too."""
    await _guest_played(harness)
    for _ in range(2):
        await harness.draw()
    harness.api.add_user(AMING, "Ming", "aming")
    await _aming(harness, "/iam 阿明")
    for _ in range(5):
        await harness.draw()
    newest = (await harness.say("乙", "/history"))[-1]
    assert "P1" in newest.text and newest.text.index("#4") < newest.text.index("P1"), newest.text
    older = (await harness.press("乙", newest, index=len(newest.buttons) - 1))[-1]
    assert "#3" in older.text and "P1" not in older.text, older.text


async def test_join_over_a_guest_in_english(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    await _guest_played(harness)
    reply = (await _aming(harness, "/join"))[-1]
    assert "阿明 (guest) and 阿明 are one person now" in reply.text, reply.text
    assert reply.buttons[0][0] == "↩️ Undo"
    history = (await harness.say("乙", "/history"))[-1].text
    assert "P1 identity 阿明 (guest) = 阿明 (took the seat at /join)" in history, history


async def test_the_undo_popup_and_message_show_a_name_as_typed(harness: Harness) -> None:
    # A name holding HTML's characters was escaped twice: the popup showed &lt;i&gt;.
    await harness.open_table()
    await harness.ledger.players.add_guest(GROUP, "小李")
    renamed = (await harness.say("甲", "/rename 小李 <i>阿</i>"))[-1]
    assert "<i>阿</i>" in renamed.text, renamed.text
    pressed = await harness.press("甲", renamed)
    [popup] = [sent for sent in pressed if sent.method == "answerCallbackQuery"]
    assert "<i>阿</i>" in popup.text and "&lt;" not in popup.text, popup.text
    [edited] = [sent for sent in pressed if sent.method == "editMessageText"]
    assert "<i>阿</i>" in edited.text and "&lt;" not in edited.text, edited.text
    again = (await harness.say("甲", "/rename 小李 <b>李</b>"))[-1]
    assert "<b>李</b>" in again.text, again.text
    undone = (await harness.say("甲", "/undo P3"))[-1].text
    assert "<b>李</b>" in undone and "&lt;" not in undone, undone
