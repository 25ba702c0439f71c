"""Who may claim, merge, rename and undo whom (issue 20 item 1), as a group would type it:
a member's points never move by another member's word, only by an admin's /merge."""

from __future__ import annotations

from bot.console.local_api import Sent
from tests.bot.conftest import GROUP, PLAYERS, Harness


def _text(sent: list[Sent]) -> str:
    return [s for s in sent if s.method == "sendMessage"][-1].text


async def _issue_evening(harness: Harness) -> None:
    """乙 written down as a guest, wins a hand, then sends /join and becomes that guest."""
    await harness.open_table("/new 杭州 1 甲 乙 丙 丁 每分0.5元")
    await harness.say("甲", "/hu 乙 自摸 爆头")
    joined = (await harness.say("乙", "/join"))[-1].text
    assert "「乙（客）」和「乙」是同一个人了" in joined, joined


async def test_a_member_cannot_claim_a_guest_another_member_already_is(harness: Harness) -> None:
    await _issue_evening(harness)
    refused = (await harness.say("戊", "/iam 乙"))[-1].text
    assert "乙" in refused and "没有改动" in refused, refused
    settle = _text(await harness.say("甲", "/settle"))
    assert "戊" not in settle and "乙 +24.00 元" in settle, settle
    assert len((await harness.ledger.people.of_chat(GROUP)).links) == 1


async def test_the_reverse_order_does_not_pull_the_first_member_in(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 甲 乙 丙 丁 每分0.5元")
    await harness.say("甲", "/hu 乙 自摸 爆头")
    claimed = (await harness.say("戊", "/iam 乙"))[-1].text  # 戊 claims the guest first
    assert "「乙」和「戊」是同一个人了" in claimed, claimed
    joined = (await harness.say("乙", "/join"))[-1].text  # the real 乙 is seated as usual
    assert "同一个人" not in joined, joined
    people = await harness.ledger.people.of_chat(GROUP)
    member = await harness.ledger.players.find(GROUP, "@乙")
    assert len(people.links) == 1 and (member is None or member.id not in people.links)


async def test_an_admins_merge_of_two_members_names_both(harness: Harness) -> None:
    await _issue_evening(harness)
    await harness.ledger.players.upsert_user(
        GROUP, PLAYERS["戊"], "戊"
    )  # a member the bot has seen
    merged = (await harness.say("丁", "/merge 乙 戊"))[-1].text
    assert "「乙」和「戊」是同一个人了" in merged, merged


async def test_the_sessions_creator_cannot_merge_two_members(harness: Harness) -> None:
    harness.api.set_status(GROUP, 11, "member")  # 甲 opens the session but is no admin
    await _issue_evening(harness)
    await harness.ledger.players.upsert_user(GROUP, PLAYERS["戊"], "戊")
    refused = (await harness.say("甲", "/merge 乙 戊"))[-1].text
    assert "只有群管理员可以合并" in refused, refused
    assert len((await harness.ledger.people.of_chat(GROUP)).links) == 1


async def test_the_creator_cannot_undo_another_members_claim(harness: Harness) -> None:
    harness.api.set_status(GROUP, 11, "member")
    await _issue_evening(harness)
    refused = (await harness.say("甲", "/undo P1"))[-1].text
    assert "只有" in refused, refused
    assert len((await harness.ledger.people.of_chat(GROUP)).links) == 1
    undone = (await harness.say("乙", "/undo P1"))[-1].text  # its author may
    assert "已撤销 P1" in undone, undone


async def test_an_undo_restores_exactly_the_people_before_it(harness: Harness) -> None:
    await _issue_evening(harness)
    await harness.ledger.players.upsert_user(GROUP, PLAYERS["戊"], "戊")
    await harness.say("丁", "/merge 乙 戊")  # P2, by an admin
    refused = (await harness.say("丁", "/undo P1"))[-1].text
    assert "请先撤销 P2" in refused, refused
    assert len((await harness.ledger.people.of_chat(GROUP)).links) == 2
    await harness.say("丁", "/undo P2")
    await harness.say("丁", "/undo P1")
    assert (await harness.ledger.people.of_chat(GROUP)).links == {}


async def test_two_people_at_one_table_never_share_a_name(harness: Harness) -> None:
    """The issue's 丁 and 丁: member 丁 claims guest 丙 while guest 丁 sits at 北."""
    await harness.open_table("/new 杭州 1 我 乙 丙 丁")
    refused = (await harness.say("丁", "/iam 丙"))[-1].text
    assert "同桌不能有两个人都叫「丁」（西位和北位）" in refused, refused
    assert await harness.ledger.people.identity_events(GROUP) == []
    claimed = (await harness.say("丁", "/iam 丁"))[-1].text  # the right guest
    assert "「丁（客）」和「丁」是同一个人了" in claimed, claimed
    await harness.say("甲", "/hu 丁 自摸")
    tally = _text(await harness.say("甲", "/tally"))
    assert tally.count("丁") == 1, tally


async def test_the_refusals_in_english(harness: Harness) -> None:
    await _issue_evening(harness)
    await harness.say("甲", "/lang en")
    refused = (await harness.say("戊", "/iam 乙"))[-1].text
    assert "has already been claimed" in refused, refused
    await harness.say("甲", "/settle")
    await harness.open_table("/new 杭州 1 我 乙 丙 丁")
    harness.api.add_user(PLAYERS["戊"], "丁")  # a member called 丁 too (their Telegram name)
    await harness.ledger.players.upsert_user(GROUP, PLAYERS["戊"], "丁")
    refused = (await harness.say("戊", "/iam 丙"))[-1].text
    assert "Two people named '丁' cannot sit at one table (seats W and N)" in refused, refused


async def test_the_chats_standings_mark_a_guest_who_shares_a_members_name(
    harness: Harness,
) -> None:
    """A guest 丁 and a member 丁 who never sat at one table: two people, told apart."""
    await harness.open_table("/new 杭州 1 甲 乙 丙 丁")
    await harness.say("甲", "/hu 丁 自摸")
    await harness.say("甲", "/settle")
    await harness.ledger.players.upsert_user(GROUP, PLAYERS["丁"], "丁")
    await harness.ledger.players.upsert_user(GROUP, PLAYERS["戊"], "戊")
    await harness.say("丁", "/new 杭州 1 甲 乙 戊 我")
    await harness.say("甲", "/hu 北 点炮 甲")
    await harness.say("甲", "/settle")
    tally = _text(await harness.say("甲", "/tally"))
    assert "丁（客） +24" in tally and "\n丁 +8" in tally, tally
