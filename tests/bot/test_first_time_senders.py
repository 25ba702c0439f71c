"""A member's first command that writes records them, as it always did (their refusals record
nobody: see test_refusals_write_nothing): the author of their first hand, the seat /join or
/new gives them, the session they open, their /iam."""

from __future__ import annotations

from bot.console.local_api import Sent
from tests.bot.conftest import GROUP, PLAYERS, Harness

NEWCOMER = 950


async def _newcomer(harness: Harness, text: str) -> list[Sent]:
    if NEWCOMER not in harness.api.users:
        harness.api.add_user(NEWCOMER, "小周", "zhou")
    return await harness.feed(harness.make.message(GROUP, NEWCOMER, text))


async def _recorded(harness: Harness) -> int:
    player = await harness.ledger.players.of_user(GROUP, NEWCOMER)
    assert player is not None and player.name == "小周" and player.username == "zhou"
    return player.id


async def test_a_first_hu_records_its_author(harness: Harness) -> None:
    await harness.open_table()
    sent = await _newcomer(harness, "/hu 甲 自摸")
    assert not sent[0].text.startswith("❌"), sent[0].text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    last = await harness.ledger.reports.last_entry(GROUP, session.id)
    assert last is not None and last.author == await _recorded(harness)


async def test_a_first_join_seats_and_records_the_newcomer(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 甲 乙 丙")
    sent = await _newcomer(harness, "/join")
    assert "小周" in sent[-1].text and "北" in sent[-1].text, sent[-1].text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and session.player_at("N") == await _recorded(harness)


async def test_a_first_new_seats_and_names_its_creator(harness: Harness) -> None:
    sent = await _newcomer(harness, "/new 杭州 1 小周 乙 丙 丁 每分1元")
    assert "小周" in sent[-1].text and "（客）" not in sent[-1].text, sent[-1].text
    session = await harness.ledger.sessions.current(GROUP)
    me = await _recorded(harness)
    assert session is not None and session.creator == me and session.player_at("E") == me
    stake = await harness.ledger.reports.last_entry(GROUP, session.id)
    assert stake is not None and stake.kind == "adjustment" and stake.author == me


async def test_a_first_iam_claims_the_guest(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 甲 乙 丙 阿周")
    sent = await _newcomer(harness, "/iam 阿周")
    assert "「阿周」和「小周」是同一个人了" in sent[-1].text, sent[-1].text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and session.player_at("N") == await _recorded(harness)


async def test_a_renamed_members_first_hand_records_their_new_name(harness: Harness) -> None:
    """A member who changed their Telegram name is renamed by their first command that
    writes (the hand), in that write; their refusals before it rename nobody."""
    await harness.open_table()
    harness.api.add_user(PLAYERS["戊"], "小戊")
    refused = await harness.say("戊", "/hu 甲 19x")
    assert refused[-1].text.startswith("❌"), refused[-1].text
    before = await harness.ledger.players.of_user(GROUP, PLAYERS["戊"])
    assert before is None or before.name == "戊"
    sent = await harness.say("戊", "/hu 甲 自摸")
    assert not sent[-1].text.startswith("❌"), sent[-1].text
    player = await harness.ledger.players.of_user(GROUP, PLAYERS["戊"])
    assert player is not None and player.name == "小戊"
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    last = await harness.ledger.reports.last_entry(GROUP, session.id)
    assert last is not None and last.author == player.id
