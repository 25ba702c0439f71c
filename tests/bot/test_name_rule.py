"""One name rule for every way a name enters (issue 20 item 3, issue 21 item 5), as a group
would type it: each refusal names the name and why, in the chat's language, and writes
nothing."""

from __future__ import annotations

import pytest

from bot.grammar import check_name
from bot.grammar.errors import GrammarError
from storage import NAME_LIMIT, StorageError
from storage.names import SEPARATORS
from tests.bot.conftest import GROUP, Harness


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


# What check_name refuses by the structure the ledger shares (storage.names), not by its words.
_STRUCTURAL = frozenset({"bad_name", "name_separator", "name_invisible"})
_SOURCE, _TARGET = -3001, -3002  # chats of the export and of the import


@pytest.mark.parametrize(
    ("name", "refused"),
    [
        pytest.param("小李", False, id="plain"),
        pytest.param("Amy Chen", False, id="two-words"),
        pytest.param("长" * NAME_LIMIT, False, id="at-the-limit"),
        pytest.param("长" * (NAME_LIMIT + 1), True, id="one-past"),
        pytest.param("长" * 64, True, id="an-old-64"),
        *(pytest.param(f"阿{sep}明", True, id=f"sep-U+{ord(sep):04X}") for sep in SEPARATORS),
        pytest.param("\u200b", True, id="only-zero-width"),
        pytest.param("\u2066\u2069", True, id="only-bidi"),
        pytest.param("自摸", False, id="scoring-word"),
        pytest.param("东", False, id="seat-word"),
    ],
)
async def test_the_bot_and_the_csv_import_hold_a_name_to_one_structure(
    harness: Harness, name: str, refused: bool
) -> None:
    try:
        check_name(name)
        bot_refused = False
    except GrammarError as error:
        bot_refused = error.key in _STRUCTURAL
    ledger = harness.ledger
    await ledger.players.add_guest(_SOURCE, name)  # the ledger API keeps up to 64, as before
    try:
        await ledger.exchange.import_csv(_TARGET, await ledger.export.csv(_SOURCE))
        import_refused = False
    except StorageError as error:
        assert error.params["line"] == 2, error
        import_refused = error.code.startswith("csv_name")
    assert (bot_refused, import_refused) == (refused, refused)


async def test_an_imported_guest_called_by_a_scoring_word_can_be_renamed(harness: Harness) -> None:
    await harness.open_table()
    ledger = harness.ledger
    await ledger.players.add_guest(_SOURCE, "自摸")
    await ledger.exchange.import_csv(GROUP, await ledger.export.csv(_SOURCE))
    stats = (await harness.say("甲", "/stats 「自摸」"))[-1].text
    assert "自摸：0 局" in stats, stats  # the player's line, not the word
    renamed = (await harness.say("甲", "/rename 自摸 阿自"))[-1].text
    assert "阿自" in renamed, renamed
    assert "阿自" in await _players(harness) and "自摸" not in await _players(harness)


@pytest.mark.parametrize(
    ("line", "said"),
    [("/season 春,夏", "里有「,」"), ("/season " + "季" * (NAME_LIMIT + 1), "最多 32 个字")],
    ids=["separator", "one-past"],
)
async def test_a_season_name_keeps_the_same_structure(
    harness: Harness, line: str, said: str
) -> None:
    await harness.open_table()
    refused = (await harness.say("甲", line))[-1].text
    assert said in refused, refused
    assert await harness.ledger.seasons.current(GROUP) is None
