"""One name rule for every way a name enters (issue 20 item 3, issue 21 item 5), as a group
would type it: each refusal names the name and why, in the chat's language, and writes
nothing."""

from __future__ import annotations

import pytest
from conftest import GROUP, Harness


async def _players(harness: Harness) -> list[str]:
    return sorted(p.name for p in await harness.ledger.players.all(GROUP))


@pytest.mark.parametrize(
    ("new_name", "said"),
    [
        ("自摸", "计分用词"),
        ("点炮", "计分用词"),
        ("爆头", "计分用词"),
        ("东", "是座位"),
        ("长" * 40, "太长了（40 个字）"),
        ("a;b", "里有「;」"),
    ],
    ids=["zimo", "dianpao", "baotou", "seat", "forty", "separator"],
)
async def test_rename_refuses_what_new_refuses(harness: Harness, new_name: str, said: str) -> None:
    await harness.open_table()
    await harness.ledger.players.add_guest(GROUP, "小李")
    before = await _players(harness)
    refused = (await harness.say("甲", f"/rename 小李 {new_name}"))[-1].text
    assert said in refused, refused
    assert await _players(harness) == before
    assert await harness.ledger.people.identity_events(GROUP) == []


async def test_a_200_character_name_is_refused_wholly_in_chinese(harness: Harness) -> None:
    await harness.open_table()
    await harness.ledger.players.add_guest(GROUP, "小李")
    refused = (await harness.say("甲", "/rename 小李 " + "x" * 200))[-1].text
    assert "太长了（200 个字）" in refused and "characters" not in refused, refused
    assert len(refused) < 100, refused


@pytest.mark.parametrize(
    "line",
    ["/new 杭州 1 甲 a;b 丙 丁", "/new 杭州 1 甲 乙 丙 a|b", "/new 杭州 1 甲 乙 a:b 丁"],
    ids=["semicolon", "bar", "colon"],
)
async def test_a_guest_name_cannot_hold_a_separator(harness: Harness, line: str) -> None:
    refused = (await harness.say("甲", line))[-1].text
    assert "不能放在名字里" in refused, refused
    assert await harness.ledger.sessions.current(GROUP) is None


@pytest.mark.parametrize(
    ("line", "said"),
    [("/seat a;b 北", "里有「;」"), ("/seat " + "长" * 200 + " 北", "太长了（200 个字）")],
    ids=["separator", "two-hundred"],
)
async def test_seat_holds_a_newcomer_to_the_same_rule(
    harness: Harness, line: str, said: str
) -> None:
    await harness.open_table("/new 杭州 1 甲 乙 丙")
    before = await _players(harness)
    refused = (await harness.say("甲", line))[-1].text
    assert said in refused and "characters" not in refused, refused
    assert await _players(harness) == before


async def test_a_separator_in_english(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    refused = (await harness.say("甲", "/new 杭州 1 甲 a;b 丙 丁"))[-1].text
    assert "separates players" in refused, refused


@pytest.mark.parametrize(
    "name", ["甲", "丁", "小李"], ids=["seated", "seated-admin", "known-guest"]
)
async def test_a_season_cannot_take_a_players_name(harness: Harness, name: str) -> None:
    await harness.open_table()
    await harness.ledger.players.add_guest(GROUP, "小李")
    refused = (await harness.say("甲", f"/season {name}"))[-1].text
    assert f"「{name}」是本群一位玩家的名字" in refused, refused
    assert await harness.ledger.seasons.current(GROUP) is None
    stats = (await harness.say("甲", "/stats 甲"))[-1].text
    assert "甲" in stats and "赛季" not in stats, stats


async def test_a_season_of_another_name_starts(harness: Harness) -> None:
    await harness.open_table()
    started = (await harness.say("甲", "/season 春季赛"))[-1].text
    assert "春季赛" in started, started


@pytest.mark.parametrize(
    ("line", "expect"),
    [
        ("/hu 甲 点炮 乙", "甲 +8 · 戊 −8"),
        ("/hu 乙 自摸", "戊（南）胡"),
        ("/hu 乙：自摸", "戊（南）胡"),
        ("/hu 乙自摸", "戊（南）胡"),
    ],
    ids=["discarder", "winner", "colon", "glued"],
)
async def test_a_claimed_alias_names_its_person_at_the_table(
    harness: Harness, line: str, expect: str
) -> None:
    await harness.open_table()
    claimed = (await harness.say("戊", "/iam 乙"))[-1].text
    assert "「乙」和「戊」是同一个人了" in claimed, claimed
    recorded = (await harness.say("甲", line))[0].text
    assert expect in recorded, recorded
    session = await harness.ledger.sessions.current(GROUP)
    assert (
        session is not None
        and await harness.ledger.reports.last_entry(GROUP, session.id) is not None
    )
