"""QA findings on the chat grammar, as tables: names that are scoring words, stakes, lists
typed with Chinese commas, English seat words, 抢杠 as the robbed player's discard, typos
glued to names, 我 in /hu, @guests, and the /dealer and /kong refusals."""

from __future__ import annotations

import pytest

from bot.grammar import (
    GrammarError,
    Member,
    Roster,
    parse_dealer,
    parse_hu,
    parse_new,
)
from scoring.tiles import Seat
from tests.bot.conftest import GROUP, Harness

ROSTER = Roster(
    {Seat.E: Member("甲"), Seat.S: Member("乙"), Seat.W: Member("丙"), Seat.N: Member("丁")}
)
# A Telegram member whose display name is a scoring word, and a guest seated from @alice.
WORDY = Roster(
    {
        Seat.E: Member("甲"),
        Seat.S: Member("自摸", "zm"),
        Seat.W: Member("丙"),
        Seat.N: Member("alice"),
    }
)
ENGLISH = Roster(
    {Seat.E: Member("Amy"), Seat.S: Member("Bob"), Seat.W: Member("Cat"), Seat.N: Member("Dan Wu")}
)
ME_SOUTH = Roster(dict(ROSTER.members), me=Seat.S, me_known=True)
ME_AWAY = Roster(dict(ROSTER.members), me=None, me_known=True)

Claims = list[tuple[Seat, str]]


@pytest.mark.parametrize(
    ("roster", "text", "claims", "discarder"),
    [
        (WORDY, "甲 自摸", [(Seat.E, "自摸")], None),
        (WORDY, "甲 自摸 爆头", [(Seat.E, "自摸 爆头")], None),
        (WORDY, "@zm 自摸", [(Seat.S, "自摸")], None),
        (WORDY, "南 点炮 甲", [(Seat.S, "")], Seat.E),
        (WORDY, "@alice 自摸", [(Seat.N, "自摸")], None),
        (WORDY, "甲 点炮 @alice", [(Seat.E, "")], Seat.N),
        (ENGLISH, "Bob ron Cat", [(Seat.S, "")], Seat.W),
        (ENGLISH, "Bob RON Dan Wu", [(Seat.S, "")], Seat.N),
        (ENGLISH, "Bob discard Cat", [(Seat.S, "")], Seat.W),
        (ENGLISH, "Bob rob Amy", [(Seat.S, "")], Seat.E),
        (ENGLISH, "Bob chankan Amy", [(Seat.S, "")], Seat.E),
        (ENGLISH, "Bob tsumo contract Cat", [(Seat.S, "tsumo")], None),
        (ENGLISH, "Amy: tsumo", [(Seat.E, "tsumo")], None),
        (ENGLISH, "Bob discarded by Cat", [(Seat.S, "")], Seat.W),
        (ENGLISH, "Bob rob kong Amy", [(Seat.S, "")], Seat.E),
        (ROSTER, "乙 抢杠胡 甲", [(Seat.S, "")], Seat.E),
        (ROSTER, "乙 抢杠胡甲", [(Seat.S, "")], Seat.E),
        (ROSTER, "乙 丙 抢杠 甲", [(Seat.S, ""), (Seat.W, "")], Seat.E),
        (
            ROSTER,
            "乙 七对 有花；丙 抢杠 甲",
            [(Seat.S, "七对 有花"), (Seat.W, "")],
            Seat.E,
        ),
        (ROSTER, "甲：自摸 爆头", [(Seat.E, "自摸 爆头")], None),
        (ROSTER, "甲:自摸", [(Seat.E, "自摸")], None),
        (ROSTER, "甲自摸爆头", [(Seat.E, "自摸爆头")], None),
        (ME_SOUTH, "我 自摸", [(Seat.S, "自摸")], None),
        (ME_SOUTH, "me tsumo", [(Seat.S, "tsumo")], None),
        (ME_SOUTH, "甲 点炮 我", [(Seat.E, "")], Seat.S),
    ],
    ids=[
        "scoring-word-member-not-a-second-winner",
        "scoring-word-member-then-two-words",
        "scoring-word-member-by-username",
        "scoring-word-member-by-seat",
        "at-guest-as-winner",
        "at-guest-as-discarder",
        "ron-name",
        "ron-spaced-name-any-case",
        "discard-name",
        "rob-name-is-the-discarder",
        "chankan-name",
        "contract-name",
        "ascii-colon-after-name",
        "discarded-by-name",
        "rob-kong-name",
        "qianggang-hu-apart",
        "qianggang-hu-glued",
        "two-winners-one-robbed-kong",
        "robbed-kong-named-once-for-two",
        "full-width-colon",
        "colon-glued",
        "glued-name-still-splits-on-words",
        "me-is-the-sender",
        "me-english",
        "me-as-discarder",
    ],
)
def test_hu_reads(roster: Roster, text: str, claims: Claims, discarder: Seat | None) -> None:
    command = parse_hu(text, roster)
    assert [(claim.winner, claim.words) for claim in command.claims] == claims
    assert command.discarder == discarder
    assert command.robbed == any(word in text for word in ("抢杠", "rob", "chankan"))


@pytest.mark.parametrize(
    ("roster", "text", "key", "token"),
    [
        (ENGLISH, "Amyy 自摸", "unknown_winner", "Amyy"),
        (ENGLISH, "Amy 点炮Catt", "unknown_player", "Catt"),
        (ME_AWAY, "我 自摸", "me_not_seated", "我"),
        (ROSTER, "乙 点炮 丙；丁 抢杠 丙", "discard_and_rob", "抢杠 丙"),
    ],
    ids=["typo-glued-to-name", "typo-glued-to-discarder", "me-not-seated", "discard-and-rob"],
)
def test_hu_refusals(roster: Roster, text: str, key: str, token: str) -> None:
    with pytest.raises(GrammarError) as caught:
        parse_hu(text, roster)
    assert (caught.value.key, caught.value.token) == (key, token)


@pytest.mark.parametrize(
    ("args", "base", "players"),
    [
        ("杭州 底分5 甲 乙", 5, ("甲", "乙")),
        ("杭州 底分 5 甲 乙", 5, ("甲", "乙")),
        ("杭州 1 甲，乙，丙，丁", 1, ("甲", "乙", "丙", "丁")),
        ("杭州 1 甲、乙、丙、丁", 1, ("甲", "乙", "丙", "丁")),
        ("杭州 1 甲,乙,丙,丁", 1, ("甲", "乙", "丙", "丁")),
        ("杭州 1，甲，乙", 1, ("甲", "乙")),
    ],
    ids=[
        "difen-glued",
        "difen-apart",
        "full-width-commas",
        "enumeration-commas",
        "ascii-commas",
        "comma-after-stake",
    ],
)
def test_new_reads(args: str, base: int, players: tuple[str, ...]) -> None:
    command = parse_new(args.split(), {})
    assert (command.base, command.players) == (base, players)


@pytest.mark.parametrize(
    ("args", "key", "token"),
    [
        ("杭州 -1 甲 乙 丙 丁", "bad_base", "-1"),
        ("杭州 1.5 甲 乙 丙 丁", "bad_base", "1.5"),
        ("杭州 底分0 甲 乙 丙 丁", "bad_base", "底分0"),
        ("杭州 底分五 甲", "bad_base", "底分五"),
        ("杭州 5块 甲 乙 丙 丁", "bad_base", "5块"),
        ("杭州 1 甲 乙 自摸 丁", "name_is_word", "自摸"),
        ("杭州 1 甲 七对", "name_is_word", "七对"),
        ("杭州 1 爆头", "name_is_word", "爆头"),
        ("杭州 1 点炮 甲", "name_is_word", "点炮"),
        ("杭州 1 甲 @自摸", "name_is_word", "@自摸"),
        ("杭州 1 Tsumo", "name_is_word", "Tsumo"),
    ],
    ids=[
        "negative",
        "fraction",
        "difen-zero",
        "difen-not-a-number",
        "yuan",
        "zimo",
        "qidui",
        "baotou",
        "dianpao",
        "at-zimo",
        "tsumo",
    ],
)
def test_new_refusals(args: str, key: str, token: str) -> None:
    with pytest.raises(GrammarError) as caught:
        parse_new(args.split(), {})
    assert (caught.value.key, caught.value.token) == (key, token)


@pytest.mark.parametrize("word", ["圈X", "圈", "圈风中"], ids=["bad-letter", "bare", "dragon"])
def test_dealer_round_wind_refusals(word: str) -> None:
    with pytest.raises(GrammarError) as caught:
        parse_dealer([word], ROSTER)
    assert (caught.value.key, caught.value.token) == ("bad_round_wind", word)


async def test_robbed_kong_is_the_robbed_players_discard_in_stats(harness: Harness) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", "/hu 乙 丙 抢杠 甲")
    assert "甲 −16 · 乙 +8 · 丙 +8" in reply.text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    wins = [entry for entry in (await harness.ledger.reports.history(GROUP, session.id)).entries]
    assert all("点炮" not in (entry.hand_line or "") for entry in wins)
    [stats] = await harness.say("甲", "/stats")
    assert "甲：1 局 胡 0（自摸 0）点炮 1" in stats.text
    assert "乙：1 局 胡 1（自摸 0）" in stats.text


@pytest.mark.parametrize(
    ("who", "line", "expected"),
    [
        ("甲", "/hu 我 自摸", "甲（东）胡"),
        ("戊", "/hu 我 自摸", "你不在本桌"),
        ("乙", "/dealer 丙", "可以改庄家和圈风"),
        ("甲", "/dealer 圈X", "圈后面写 东 南 西 北"),
        ("甲", "/kong 甲 明杠 甲", "点杠的人不能是杠牌的甲（东）自己"),
        ("甲", "/hu 乙乙 自摸", "「乙乙」不是本桌玩家"),
    ],
    ids=[
        "me-seated",
        "me-not-seated",
        "dealer-not-creator",
        "dealer-bad-wind",
        "kong-self",
        "typo",
    ],
)
async def test_replies(harness: Harness, who: str, line: str, expected: str) -> None:
    await harness.open_table()
    sent = await harness.say(who, line)
    assert expected in sent[0].text


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/new 杭州 -1 甲 乙 丙 丁", "底分「-1」不对"),
        ("/new 杭州 1 甲 乙 丙 自摸", "「自摸」是计分用词"),
    ],
    ids=["negative-stake", "scoring-word-guest"],
)
async def test_new_refused_opens_nothing(harness: Harness, line: str, expected: str) -> None:
    [reply] = await harness.say("甲", line)
    assert expected in reply.text
    assert await harness.ledger.sessions.current(GROUP) is None


async def test_guest_seated_from_at_name_wins_by_at_name(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 甲，乙，丙，@alice")
    [reply] = await harness.say("甲", "/hu @alice 自摸")
    assert "alice（北）胡" in reply.text
