"""One seating rule on every path that seats (issue 27 item 1): no table shows two people of
one name, whether they sit down by /new, /join, /seat, /iam, /merge, or come back by the undo
of one of those or of a /rename. An undo that would break the rule is refused, saying what to
do, and writes nothing; the table stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console.local_api import Sent
from tests.bot.conftest import GROUP, PLAYERS, Harness
from tests.bot.test_refusals_write_nothing import ledger_tables

XIAOWANG = 16  # a member whose Telegram name is 小王, as a guest written down earlier


async def _xiaowang(harness: Harness, text: str) -> list[Sent]:
    if XIAOWANG not in harness.api.users:
        harness.api.add_user(XIAOWANG, "小王")
    return await harness.feed(harness.make.message(GROUP, XIAOWANG, text))


def _last(sent: list[Sent]) -> str:
    return [s for s in sent if s.method == "sendMessage"][-1].text


def _database(harness: Harness) -> Path:
    return Path(harness.app.bot_data["services"].config.database_path)


# Each way a guest 小王 leaves the table and the member 小王 sits down in its place's
# neighbourhood, then the undo that would seat the guest 小王 back beside the member.
AWAY_AND_BACK = [
    pytest.param(("戊", "/iam 小王"), "P1", id="undo-of-an-iam"),
    pytest.param(("甲", "/rename 小王 老王"), "P1", id="undo-of-a-rename"),
    pytest.param(("丁", "/merge 小王 戊"), "P1", id="undo-of-an-admins-merge"),
]


@pytest.mark.parametrize(("away", "undo"), AWAY_AND_BACK)
async def test_an_undo_that_would_seat_two_of_one_name_is_refused(
    harness: Harness, away: tuple[str, str], undo: str
) -> None:
    await harness.open_table("/new 杭州 1 甲 小王 小李")
    for name in ("丁", "戊"):  # members the chat has seen
        await harness.ledger.players.upsert_user(GROUP, PLAYERS[name], name)
    who, line = away
    assert not _last(await harness.say(who, line)).startswith("❌")
    joined = _last(await _xiaowang(harness, "/join"))
    assert "小王" in joined and "北" in joined, joined
    before = ledger_tables(_database(harness))
    refused = _last(await harness.say(who, f"/undo {undo}"))
    assert refused.startswith("❌"), refused
    assert "小王" in refused and "/rename" in refused, refused
    assert ledger_tables(_database(harness)) == before
    # The table is as it was: one 小王 (the member), and a hand's points say so.
    hand = _last(await harness.say("甲", "/hu 小王 自摸"))
    [points] = [line for line in hand.splitlines() if line.startswith("本局")]
    assert points.count("小王") == 1, hand


async def test_the_undo_goes_ahead_once_the_guest_has_another_name(harness: Harness) -> None:
    """What the refusal says to do works: the member leaves, or the guest is renamed."""
    await harness.open_table("/new 杭州 1 甲 小王 小李")
    await harness.say("戊", "/iam 小王")
    await _xiaowang(harness, "/join")
    assert _last(await harness.say("戊", "/undo P1")).startswith("❌")
    assert not _last(await harness.say("甲", "/rename 小王 小王二")).startswith("❌")
    undone = _last(await harness.say("戊", "/undo P1"))
    assert not undone.startswith("❌"), undone
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    names = [
        (await harness.ledger.players.get(GROUP, record)).name
        for record in session.seats
        if record is not None
    ]
    assert sorted(names) == sorted(["甲", "小王二", "小李", "小王"]), names


async def test_the_undo_button_is_refused_the_same(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 甲 小王 小李")
    [claimed] = [s for s in await harness.say("戊", "/iam 小王") if s.method == "sendMessage"]
    await _xiaowang(harness, "/join")
    before = ledger_tables(_database(harness))
    await harness.press("戊", claimed)
    alert = [s for s in harness.api.sent if s.method == "answerCallbackQuery"][-1]
    assert "小王" in alert.text and "/rename" in alert.text, alert.text
    assert ledger_tables(_database(harness)) == before


async def test_a_member_of_a_seated_guests_name_still_takes_the_guests_seat(
    harness: Harness,
) -> None:
    """The rule does not stand in the way of the takeover it exists for."""
    await harness.open_table("/new 杭州 1 甲 小王 小李")
    joined = _last(await _xiaowang(harness, "/join"))
    assert "「小王」和「小王」" in joined or "小王（客）" in joined, joined
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and session.player_at("S") is not None
    member = await harness.ledger.players.of_user(GROUP, XIAOWANG)
    assert member is not None and session.player_at("S") == member.id
