"""「是不是想写…？」: the nearest words to a token the bot refused, and none for garbage."""

from __future__ import annotations

import pytest

import scoring
from bot.grammar import GrammarError, Member, Roster, parse_kong
from bot.refusals.user_errors import did_you_mean, user_message
from bot.suggest import (
    KONG_WORDS,
    SLIPS,
    entry_words,
    room_words,
    ruleset_words,
    suggest,
)
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.tiles import Seat
from tests.bot.conftest import GROUP, Harness

PLAYERS = ("老王", "老李", "大刘", "Amy")

# (typed, what the bot offers) over everything a /hu line may hold at a table of PLAYERS
ENTRY_SLIPS = [
    ("自模", ["自摸"]),
    ("点跑", ["点炮"]),
    ("点泡", ["点炮"]),
    ("放充", ["放冲"]),
    ("爆投", ["爆头"]),
    ("七队", ["七对"]),
    ("飘二", ["飘2"]),
    ("两连杠", ["二连杠"]),
    ("杠上开画", ["杠上开花"]),
    ("杠凯", ["杠开"]),
    ("清一涩", ["清一色"]),
    ("十三不达", ["十三不搭"]),
    ("有华", ["有花"]),
    ("吴花", ["无花"]),
    ("豪化", ["豪华"]),
    ("老汪", ["老王"]),
    ("大流", ["大刘"]),
    ("amyy", ["Amy"]),
    ("tsmo", ["tsumo"]),
    ("TSUMOO", ["tsumo"]),
    ("dianpo", ["dianpao"]),
    ("qiduii", ["qidui"]),
    ("五完", ["五万"]),
    # words typed together, a slip among them: the whole token respelled
    ("自模爆头", ["自摸爆头"]),
    ("七队有花", ["七对有花"]),
    ("老汪自模", ["老王自摸"]),
]

GARBAGE = [
    "asdfgh",
    "hello",
    "ok",
    "xyz",
    "12345",
    "哈哈哈",
    "哈哈爆头",
    "我们",
    "花",  # one character is too little to guess from
    "胡",
    "好花",  # as near to 有花, 无花 and 没花: a guess, not a suggestion
    "5x",  # one letter from 5m, 5p, 5s and 5z
    "自摸",  # a word the bot knows was refused for another reason
    "老王",
]


@pytest.mark.parametrize(("typed", "meant"), ENTRY_SLIPS, ids=[t for t, _ in ENTRY_SLIPS])
def test_a_slip_gets_the_word_meant(typed: str, meant: list[str]) -> None:
    assert suggest(typed, entry_words(PLAYERS)) == meant


@pytest.mark.parametrize("typed", GARBAGE, ids=GARBAGE)
def test_garbage_gets_no_suggestion(typed: str) -> None:
    assert suggest(typed, entry_words(PLAYERS)) == []


OTHER_VOCABULARIES = [
    ("杭洲", ruleset_words(), ["杭州"]),
    ("航州", ruleset_words(), ["杭州"]),
    ("强盗", ruleset_words(), ["强盗胡"]),
    ("双拉", ruleset_words(), ["双辣"]),
    ("shuangle", ruleset_words(), ["shuangla"]),
    ("乱打", ruleset_words(), []),
    ("暗扛", KONG_WORDS, ["暗杠"]),
    ("按杠", KONG_WORDS, ["暗杠"]),
    ("初级厂", room_words(), ["初级场"]),
]


@pytest.mark.parametrize(
    ("typed", "vocabulary", "meant"), OTHER_VOCABULARIES, ids=[t for t, *_ in OTHER_VOCABULARIES]
)
def test_rulesets_kongs_and_rooms(
    typed: str, vocabulary: tuple[str, ...], meant: list[str]
) -> None:
    assert suggest(typed, vocabulary) == meant


def test_two_names_equally_near_are_both_offered_best_first() -> None:
    assert suggest("小敏", ("小明", "小民", "老王")) == ["小明", "小民"]


def test_at_most_the_limit() -> None:
    assert suggest("abcd", ("abce", "abcf"), limit=1) == ["abce"]


def test_every_slip_group_is_a_set_of_distinct_characters() -> None:
    chars = "".join(SLIPS)
    assert len(chars) == len(set(chars)), "a character in two groups would chain slips"


@pytest.mark.parametrize("word", KONG_WORDS)
def test_every_kong_word_is_one_the_grammar_reads(word: str) -> None:
    """A kong kind may still want a discarder (明杠 大刘); it must not be an unknown kind."""
    roster = Roster({Seat.E: Member("老王")})
    try:
        parse_kong(f"老王 {word}", roster)
    except GrammarError as error:
        assert error.key != "kong_kind", word
    with pytest.raises(GrammarError) as refused:
        parse_kong("老王 暗扛", roster)
    assert refused.value.key == "kong_kind"  # the check above can fail


def test_every_ruleset_and_room_word_opens_a_ruleset_or_room() -> None:
    for name in ruleset_words():
        assert scoring.rulesets.get(name)
    assert "初级场" in room_words()


def test_the_error_reply_adds_the_line_only_when_sure() -> None:
    error = ScoringError(ScoringErrorCode.UNKNOWN_TOKEN, "看不懂这个词", "unknown word", "自模")
    zh = user_message(error, "zh")
    assert zh is not None and zh.endswith("\n是不是想写「自摸」？")
    en = user_message(error, "en")
    assert en is not None and en.endswith("\nDid you mean “自摸”?")
    garbage = ScoringError(ScoringErrorCode.UNKNOWN_TOKEN, "看不懂这个词", "unknown word", "qwerty")
    assert user_message(garbage, "zh") == "❌ 「qwerty」：看不懂这个词"


def test_a_scoring_error_matches_the_tables_names_and_escapes_them() -> None:
    error = ScoringError(ScoringErrorCode.UNKNOWN_TOKEN, "看不懂这个词", "unknown word", "<b>x")
    assert did_you_mean(error, ["<b>xy"]) == ["<b>xy"]
    text = user_message(error, "en", ["<b>xy"])
    assert text is not None and text.endswith("Did you mean “&lt;b&gt;xy”?")


# Through the whole bot: (line, the one reading offered with ✅)
REPLIES = [
    ("/hu 老王 自模 爆头", "胡 老王 自摸 爆头"),
    ("/hu 老汪 自摸", "胡 老王 自摸"),
    ("/hu 老王 点炮 大流", "胡 老王 点炮 大刘"),
    ("/hu 老王 自摸七队有花", "胡 老王 自摸 七对 有花"),
]


@pytest.mark.parametrize(("line", "reading"), REPLIES, ids=[line for line, _ in REPLIES])
async def test_the_reply_offers_the_line_meant(harness: Harness, line: str, reading: str) -> None:
    await harness.open_table("/new 杭州 1 老王 老李 大刘 丁")
    [reply] = await harness.say("甲", line)
    assert reply.text.startswith("❌")
    assert reading in reply.text.splitlines()
    [(button, data)] = reply.buttons
    assert button.startswith("✅") and data.startswith("typedok:")
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    assert await harness.ledger.reports.last_entry(GROUP, session.id) is None  # nothing recorded


async def test_a_kong_reply_names_the_word_meant(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 老王 老李 大刘 丁")
    [reply] = await harness.say("甲", "/kong 老王 暗扛")
    assert reply.text.splitlines()[-1] == "是不是想写「暗杠」？"


async def test_garbage_gets_the_error_alone(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 老王 老李 大刘 丁")
    [reply] = await harness.say("甲", "/hu 老王 自摸 qwerty")
    assert "qwerty" in reply.text
    assert "是不是想写" not in reply.text
    await harness.say("甲", "/lang en")
    [reply] = await harness.say("甲", "/hu 老王 tsmo")
    assert "胡 老王 tsumo" in reply.text.splitlines() and reply.buttons
