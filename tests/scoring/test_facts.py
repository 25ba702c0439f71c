"""Facts given as values (scoring.WinFacts): read as the words they stand for, written back
as one line for the string API, and named in errors as seats, not as text."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

import scoring
from scoring.errors import Said, ScoringError, ScoringErrorCode
from scoring.facts import WinFacts
from scoring.result import ScoreResult
from scoring.tiles import Seat

HAND = "123m456m789m123p5s +5s"


@pytest.mark.parametrize(
    ("words", "facts", "line"),
    [
        ("七对 有花", WinFacts(Seat.S, discarder=Seat.W), "点炮W 七对 有花"),
        ("", WinFacts(Seat.E, robbed=Seat.N), "抢杠N"),
        ("自摸", WinFacts(Seat.E, contract=Seat.S), "承包S 自摸"),
        ("自摸", WinFacts(Seat.E, seat_wind=Seat.S, round_wind=Seat.E), "自摸 座S 圈E"),
        ("自摸 座N", WinFacts(Seat.E, seat_wind=Seat.S, round_wind=Seat.W), "自摸 座N 圈W"),
        ("自摸 圈S", WinFacts(Seat.E, seat_wind=Seat.E, round_wind=Seat.E), "自摸 圈S 座E"),
        (
            "自摸 混一色 座风刻 圈风刻 无花",
            WinFacts(Seat.E, seat_wind=Seat.N, round_wind=Seat.S),
            "自摸 混一色 座风刻 圈风刻 无花 座N 圈S",
        ),
        ("自摸 座风西", WinFacts(Seat.E, seat_wind=Seat.N, round_wind=Seat.S), "自摸 座风西 圈S"),
        ("自摸 座 南", WinFacts(Seat.E, seat_wind=Seat.W, round_wind=Seat.E), "自摸 座 南 圈E"),
        ("自摸 seat S", WinFacts(Seat.E, seat_wind=Seat.W, round_wind=Seat.E), "自摸 seat S 圈E"),
        ("自摸 round S", WinFacts(Seat.E, seat_wind=Seat.W, round_wind=Seat.E), "自摸 round S 座W"),
        ("自摸 门风北", WinFacts(Seat.E, seat_wind=Seat.W, round_wind=Seat.E), "自摸 门风北 圈E"),
        ("自摸 圈风 S", WinFacts(Seat.E, seat_wind=Seat.W, round_wind=Seat.E), "自摸 圈风 S 座W"),
    ],
    ids=[
        "discarder-first",
        "robbed-alone",
        "contract",
        "both-winds-added",
        "seat-wind-typed-kept",
        "round-wind-typed-kept",
        "triplet-facts-are-not-winds",
        "long-form",
        "seat-apart",
        "english-seat",
        "english-round",
        "menfeng",
        "round-wind-apart",
    ],
)
def test_the_line_the_string_api_reads_the_same(words: str, facts: WinFacts, line: str) -> None:
    scored = 0
    for rules in ("hangzhou", "huzhou-shuangla"):
        by_facts = _outcome(lambda rules=rules: scoring.quick(words, rules, facts=facts))
        by_line = _outcome(lambda rules=rules: scoring.quick(line, rules, winner=facts.winner))
        if isinstance(by_facts, ScoreResult):
            scored += 1
            assert by_facts.line == line
            by_facts = replace(by_facts, line=None)
        assert by_facts == by_line
    assert scored  # the line is written by a result


def _outcome(score: Callable[[], ScoreResult]) -> ScoreResult | tuple[str, str]:
    """The result, or the refusal's code and message (a typed token has a position)."""
    try:
        return score()
    except ScoringError as error:
        return error.code, error.zh


@pytest.mark.parametrize(
    ("words", "facts", "line"),
    [
        (
            f"{HAND} 自摸",
            WinFacts(Seat.S, seat_wind=Seat.E, round_wind=Seat.S),
            f"{HAND} 自摸 座E 圈S",
        ),
        (f"{HAND}", WinFacts(Seat.S, discarder=Seat.N, seat_wind=Seat.W), f"点炮N {HAND} 座W"),
        (f"{HAND} 座N", WinFacts(Seat.W, robbed=Seat.E, seat_wind=Seat.S), f"抢杠E {HAND} 座N"),
    ],
    ids=["self-drawn-with-winds", "on-a-discard", "robbed-kong-typed-wind-wins"],
)
def test_a_hand_scores_as_its_line(words: str, facts: WinFacts, line: str) -> None:
    result = scoring.score(words, facts=facts)
    assert result.line == line
    assert replace(result, line=None) == scoring.score(line, winner=facts.winner)


@pytest.mark.parametrize(
    ("words", "facts", "seat_wind"),
    [
        ("自摸", WinFacts(Seat.S, seat_wind=Seat.E), Seat.E),
        ("自摸 座N", WinFacts(Seat.S, seat_wind=Seat.E), Seat.N),
        ("自摸", WinFacts(Seat.W), Seat.W),
    ],
    ids=["the-tables", "typed-wins", "none-given-is-the-seat"],
)
def test_the_result_says_the_seat_wind_it_was_scored_with(
    words: str, facts: WinFacts, seat_wind: Seat
) -> None:
    assert scoring.quick(words, facts=facts).seat_wind is seat_wind


def test_a_word_contradicting_a_fact_is_refused_naming_the_fact_as_a_seat() -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick("财飘", facts=WinFacts(Seat.E, discarder=Seat.S))
    error = caught.value
    assert (error.code, error.token, error.position) == (
        ScoringErrorCode.CONFLICTING_WORDS,
        "财飘",
        0,
    )
    assert error.params["other"] == Said("discarder", Seat.S)
    assert "和「点炮S」矛盾" in error.zh


def test_a_refusal_about_a_fact_carries_it_as_said_without_a_position() -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick("无花", "硬飘花", facts=WinFacts(Seat.E, discarder=Seat.S))
    error = caught.value
    assert error.code is ScoringErrorCode.DISCARD_WIN_FORBIDDEN
    assert (error.said, error.token, error.position) == (Said("discarder", Seat.S), "点炮S", None)


def test_the_winner_is_given_once() -> None:
    with pytest.raises(TypeError):
        scoring.quick("自摸", "hangzhou", 1, Seat.E, facts=WinFacts(Seat.E))


def test_empty_words_need_a_fact_that_says_how() -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick("", facts=WinFacts(Seat.E, seat_wind=Seat.E))
    assert caught.value.code is ScoringErrorCode.EMPTY


@pytest.mark.parametrize(
    "line",
    [f"{HAND} 翻9s", "[123m] 456m789m123p5s +5s 翻9s"],
    ids=["plain-line", "scanned-line"],
)
def test_a_hand_line_names_a_word_given_and_a_word_typed_alike(line: str) -> None:
    """Both readings of a hand (the plain pattern and the scanner) carry the facts."""
    given = WinFacts(Seat.E, discarder=Seat.S)
    with pytest.raises(ScoringError) as forbidden:
        scoring.score(line, "硬飘花", facts=given)
    error = forbidden.value
    assert (error.code, error.said) == (
        ScoringErrorCode.DISCARD_WIN_FORBIDDEN,
        Said("discarder", Seat.S),
    )
    assert (error.token, error.position) == ("点炮S", None)
    with pytest.raises(ScoringError) as conflict:
        scoring.score(f"{line} 自摸", facts=given)
    error = conflict.value
    assert (error.token, error.position) == ("自摸", len(line) + 1)
    assert error.params["other"] == Said("discarder", Seat.S)
