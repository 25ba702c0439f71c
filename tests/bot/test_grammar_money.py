"""The money words as a table: what each form reads as, and the refusal naming the rest."""

from __future__ import annotations

import pytest

from bot.grammar import GrammarError, parse_new
from bot.grammar.money import Amount, parse_fee, parse_stake, read_amount


@pytest.mark.parametrize(
    ("words", "stake"),
    [
        pytest.param(["0.5"], 5000, id="half-yuan"),
        pytest.param(["0.05"], 500, id="five-fen"),
        pytest.param(["1"], 10000, id="one-yuan"),
        pytest.param(["5块"], 50000, id="kuai"),
        pytest.param(["5毛"], 5000, id="mao"),
        pytest.param(["5", "元"], 50000, id="unit-apart"),
        pytest.param(["０.５"], 5000, id="full-width"),
        pytest.param(["¥2"], 20000, id="yen-sign"),
        pytest.param(["0.0005"], 5, id="room-stake"),
        pytest.param(["每分0.5元"], 5000, id="meifen"),
        pytest.param([], None, id="none-shows-it"),
    ],
)
def test_stakes(words: list[str], stake: int | None) -> None:
    assert parse_stake(words) == stake


@pytest.mark.parametrize(
    ("word", "points", "amount"),
    [
        pytest.param("30", True, Amount(30, money=False), id="points-by-default"),
        pytest.param("30分", True, Amount(30, money=False), id="fen-word-is-points"),
        pytest.param("20元", True, Amount(2000, money=True), id="yuan-is-money"),
        pytest.param("5毛", True, Amount(50, money=True), id="mao-is-money"),
        pytest.param("40", False, Amount(4000, money=True), id="fee-is-money"),
        pytest.param("13.34", False, Amount(1334, money=True), id="fee-in-fen"),
    ],
)
def test_amounts(word: str, points: bool, amount: Amount) -> None:
    assert read_amount(word, decimals=2, points=points) == amount


@pytest.mark.parametrize(
    ("word", "points", "key"),
    [
        pytest.param("五毛", False, "amount_numerals", id="chinese-numerals"),
        pytest.param("0.5分", False, "amount_fen_unit", id="fen-unit-in-money"),
        pytest.param("-3", True, "amount_not_positive", id="negative"),
        pytest.param("0", True, "amount_not_positive", id="zero"),
        pytest.param("0.001", False, "amount_too_fine", id="below-a-fen"),
        pytest.param("1.5", True, "points_not_whole", id="half-a-point"),
        pytest.param("1e3", False, "amount_not_number", id="exponent"),
        pytest.param("NaN", False, "amount_not_number", id="nan"),
        pytest.param("30pt", False, "amount_not_number", id="points-as-money"),
        pytest.param("9999999999", False, "amount_too_big", id="too-big"),
        pytest.param("9999999999999", True, "points_too_big", id="too-many-points"),
    ],
)
def test_refused_amounts_name_the_word(word: str, points: bool, key: str) -> None:
    with pytest.raises(GrammarError) as caught:
        read_amount(word, decimals=2, points=points)
    assert (caught.value.key, caught.value.token) == (key, word)


@pytest.mark.parametrize(
    ("args", "stake", "players"),
    [
        pytest.param(["杭州", "1", "甲", "乙", "丙", "丁", "每分0.5元"], 5000, 4, id="last"),
        pytest.param(["杭州", "每分5毛", "1", "甲"], 5000, 1, id="before-the-base"),
        pytest.param(["杭州", "1", "0.5元/分"], 5000, 0, id="per-fen-slash"),
        pytest.param(["杭州", "1", "0.5元一分"], 5000, 0, id="yi-fen"),
        pytest.param(["hangzhou", "1", "A", "B", "0.05/pt"], 500, 2, id="english"),
        pytest.param(["杭州", "1", "甲"], None, 1, id="no-stake"),
        pytest.param(["杭州", "1", "张一分"], None, 1, id="a-name-ending-in-yi-fen"),
    ],
)
def test_a_stake_in_new(args: list[str], stake: int | None, players: int) -> None:
    command = parse_new(args, {})
    assert (command.stake, len(command.players), command.base) == (stake, players, 1)


def test_two_stakes_in_new_are_refused_by_the_second() -> None:
    with pytest.raises(GrammarError) as caught:
        parse_new(["杭州", "1", "每分0.5元", "每分1元"], {})
    assert (caught.value.key, caught.value.token) == ("stake_word", "每分1元")


def test_fee_by_the_winner() -> None:
    assert parse_fee(["40", "赢家"]).by_winner and not parse_fee(["40"]).by_winner
    assert parse_fee(["40", "元", "winner"]).fen == 4000
