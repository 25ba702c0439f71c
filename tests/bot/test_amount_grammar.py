"""One amount grammar for /stake, /fee, /penalty, /pay and /new's 每分X元: a comma only
between groups of three, one decimal point, a leading + — held to a reference parser."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bot.grammar import GrammarError
from bot.grammar.money import read_amount
from tests.bot.conftest import GROUP, Harness

_FULL_WIDTH = str.maketrans("０１２３４５６７８９．，＋", "0123456789.,+")


def _reference(word: str, decimals: int) -> int | str:
    """An amount in 10^-decimals 元 read character by character, or why it is refused:
    'comma' (a comma that is not a thousands separator), 'refused' (anything else)."""
    text = word.translate(_FULL_WIDTH)
    if text.startswith("+"):
        text = text[1:]
    whole, dot, part = text.replace(",", "").partition(".")
    plain = whole != "" and (part != "" or not dot)
    if not plain or any(c not in "0123456789" for c in whole + part):
        return "refused"
    groups = text.partition(".")[0].split(",")
    grouped = 1 <= len(groups[0]) <= 3 and all(len(group) == 3 for group in groups[1:])
    if "," in text.partition(".")[2] or (len(groups) > 1 and not grouped):
        return "comma"
    if len(part) > decimals:
        return "refused"
    value = int(whole) * 10**decimals + int(part.ljust(decimals, "0") or "0")
    return value if 0 < value <= 1_000_000 * 10**decimals else "refused"


def _ours(word: str, decimals: int) -> int | str:
    try:
        amount = read_amount(word, decimals=decimals)
    except GrammarError as error:
        assert error.token == word
        return "comma" if error.key == "amount_decimal_comma" else "refused"
    return amount.value


@given(st.text(alphabet="0123456789.,+０５．，＋", max_size=12), st.sampled_from([2, 4]))
@example("1,000", 2)
@example("0,5", 2)
@example("1,000.5", 4)
@example("+0.5", 4)
def test_the_grammar_is_the_reference_parser(word: str, decimals: int) -> None:
    assert _ours(word, decimals) == _reference(word, decimals)


@pytest.mark.parametrize(
    ("word", "fen"),
    [
        pytest.param("1,000", 100_000, id="thousands"),
        pytest.param("1，000", 100_000, id="full-width-thousands"),
        pytest.param("12,345.67", 1_234_567, id="thousands-and-decimals"),
        pytest.param("+5", 500, id="plus-five"),
        pytest.param("＋５", 500, id="full-width-plus"),
        pytest.param("0．5", 50, id="full-width-point"),
    ],
)
def test_accepted_amounts(word: str, fen: int) -> None:
    assert read_amount(word, decimals=2).value == fen


@pytest.mark.parametrize(
    "word",
    [
        pytest.param("0,5", id="zero-comma-five"),
        pytest.param("2,50", id="two-comma-fifty"),
        pytest.param("1,5", id="one-comma-five"),
        pytest.param("０，５", id="full-width-comma"),
        pytest.param("3,0", id="three-comma-zero"),
        pytest.param("1,0000", id="group-of-four"),
        pytest.param("1,000,00", id="short-last-group"),
    ],
)
def test_a_decimal_comma_is_refused_naming_the_word(word: str) -> None:
    with pytest.raises(GrammarError) as caught:
        read_amount(word, decimals=2)
    assert (caught.value.key, caught.value.token) == ("amount_decimal_comma", word)


@pytest.mark.parametrize(
    ("line", "token"),
    [
        pytest.param("/stake 0,5", "0,5", id="stake"),
        pytest.param("/stake ０，５", "０，５", id="stake-full-width"),
        pytest.param("/fee 1,5", "1,5", id="fee"),
        pytest.param("/penalty 甲 3,0", "3,0", id="penalty"),
        pytest.param("/pay 甲 乙 2,50元", "2,50元", id="pay"),
        pytest.param("/stake 每分2,5元", "2,5元", id="stake-meifen"),
    ],
)
async def test_every_money_command_refuses_a_decimal_comma(
    harness: Harness, line: str, token: str
) -> None:
    await harness.open_table()
    before = (await harness.ledger.reports.history(GROUP)).total
    [sent] = await harness.say("甲", line)
    assert f"「{token}」" in sent.text and "小数点请写 0.5" in sent.text
    assert (await harness.ledger.reports.history(GROUP)).total == before


async def test_new_refuses_a_decimal_comma_stake(harness: Harness) -> None:
    [sent] = await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁 每分0,5元")
    assert "「0,5元」" in sent.text and "小数点请写 0.5" in sent.text
    assert await harness.ledger.sessions.current(GROUP) is None


async def test_english_chat_gets_the_hint_in_english(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/lang en")
    [sent] = await harness.say("甲", "/fee 1,5")
    assert "1,5" in sent.text and "decimal point as 0.5" in sent.text


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        pytest.param("/stake +5", "每分 5 元", id="stake-plus"),
        pytest.param("/stake 1,000", "每分 1000 元", id="stake-thousands"),
        pytest.param("/fee 1,000", "台费 1,000.00 元", id="fee-thousands"),
    ],
)
async def test_plus_and_thousands_are_accepted(harness: Harness, line: str, shown: str) -> None:
    await harness.open_table()
    [sent] = await harness.say("甲", line)
    assert shown in sent.text


async def test_a_thousands_penalty_is_points(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/penalty 甲 1,200")
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    tally = await harness.ledger.reports.tally(GROUP, session.id)
    assert {row.player.name: row.balance for row in tally.rows}["甲"] == -1200


@pytest.mark.parametrize(
    ("line", "said", "accepted"),
    [
        pytest.param("/fee 1000001", "最多 1,000,000 元", "/fee 1000000", id="fee"),
        pytest.param("/stake 1001", "每分最多 1,000 元", "/stake 1000", id="stake"),
        pytest.param(
            "/penalty 甲 10000000001", "积分最多 10,000,000,000", "/penalty 甲 30", id="points"
        ),
        pytest.param(
            "/new 杭州 1000000001", "要 1 到 1,000,000,000 之间", "/new 杭州 1000000000", id="base"
        ),
    ],
)
async def test_a_refusal_for_too_much_names_the_limit_it_checks(
    harness: Harness, line: str, said: str, accepted: str
) -> None:
    if not line.startswith("/new"):
        await harness.open_table()
    [refused] = await harness.say("甲", line)
    assert said in refused.text
    [ok] = await harness.say("甲", accepted)
    assert "❌" not in ok.text


@pytest.mark.parametrize(
    "word",
    [
        pytest.param("5po\u0131nts", id="dotless-i"),
        pytest.param("5pt\u017f", id="long-s"),
        pytest.param("5PO\u0130NTS", id="dotted-capital-i"),
    ],
)
def test_a_unit_is_never_read_from_a_look_alike_letter(word: str) -> None:
    # Unicode case matching takes ı for i and ſ for s: 5poınts was 5 元 while 5points is
    # refused (issue 27).
    with pytest.raises(GrammarError) as caught:
        read_amount(word, decimals=4)
    assert (caught.value.key, caught.value.token) == ("amount_not_number", word)


@pytest.mark.parametrize(
    "line", ["/stake 5po\u0131nts", "/stake 5points"], ids=["dotless-i", "ascii"]
)
async def test_stake_refuses_a_points_unit_however_spelled(harness: Harness, line: str) -> None:
    await harness.open_table()
    [sent] = await harness.say("甲", line)
    assert "❌" in sent.text and line.split()[1] in sent.text, sent.text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    assert (await harness.ledger.money.of_session(GROUP, session.id)).stake is None
