"""What the core reads, asked word by word (scoring.vocabulary): the questions a chat
grammar asks instead of reading the core's tables."""

from __future__ import annotations

import pytest

import scoring
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.vocabulary import (
    WILD_CHOICES,
    holds_tiles,
    is_scoring_word,
    is_seat_word,
    pattern_choices,
    seat_word_at,
    spellings,
    starts_with_word,
    takes_argument,
)
from scoring.words import WordKind


@pytest.mark.parametrize(
    ("word", "found"),
    [
        ("点炮丙", ("点炮", WordKind.DISCARDER)),
        ("放冲", ("放冲", WordKind.DISCARDER)),
        ("抢杠胡乙", ("抢杠胡", WordKind.ROBBED_KONG)),
        ("三摊承包", ("三摊承包", WordKind.CONTRACT)),
        ("RON", ("RON", WordKind.DISCARDER)),
        ("discarded by", ("discarded by", WordKind.DISCARDER)),
        ("ronald", None),
        ("自摸", None),
        ("老王", None),
    ],
    ids=[
        "glued-chinese",
        "huzhou-word",
        "longest-form",
        "seed-name",
        "english-any-case",
        "english-phrase",
        "english-only-whole",
        "no-seat",
        "a-name",
    ],
)
def test_where_a_seat_word_stands(word: str, found: tuple[str, WordKind] | None) -> None:
    assert seat_word_at(word) == found
    assert is_seat_word(word) is (found is not None and found[0] == word)


@pytest.mark.parametrize(
    ("word", "scoring"),
    [
        ("自摸", True),
        ("点炮", True),  # a word missing its argument is still a word
        ("七对", True),
        ("seven pairs", True),
        ("翻", True),
        ("老王", False),
        ("Amy", False),
    ],
    ids=["context-word", "needs-a-seat", "quick-word", "english-quick", "indicator", "name", "en"],
)
def test_is_scoring_word(word: str, scoring: bool) -> None:
    assert is_scoring_word(word) is scoring


@pytest.mark.parametrize(
    ("text", "starts"),
    [("自摸爆头", True), ("点炮丙", True), ("七对有花", True), ("123m", True), ("y", False)],
    ids=["context-word", "seat-word", "quick-word", "tiles", "a-typo"],
)
def test_starts_with_word(text: str, starts: bool) -> None:
    assert starts_with_word(text) is starts


@pytest.mark.parametrize(
    ("word", "takes"),
    [("座", True), ("flip", True), ("Seat", True), ("座风刻", False), ("自摸", False)],
    ids=["seat-wind", "indicator", "english-any-case", "a-fact-not-a-wind", "no-argument"],
)
def test_takes_argument(word: str, takes: bool) -> None:
    assert takes_argument(word) is takes


@pytest.mark.parametrize(
    ("line", "tiles"),
    [("123m456m789m123p白 +5s 自摸", True), ("自摸 翻1m", False), ("七对 有花", False)],
    ids=["a-hand", "indicator-is-no-hand-tile", "quick-words"],
)
def test_holds_tiles(line: str, tiles: bool) -> None:
    assert holds_tiles(line) is tiles


def test_every_spelling_is_read() -> None:
    assert all(is_scoring_word(word) for word in spellings())


@pytest.mark.parametrize(("word", "english"), [*pattern_choices(), *WILD_CHOICES], ids=str)
def test_every_pattern_choice_is_a_word_quick_entry_reads(word: str, english: str) -> None:
    assert is_scoring_word(word) and english.isascii()
    try:
        scoring.quick(f"自摸 {word}")
    except ScoringError as error:  # refused as a win perhaps, but read: no unknown token
        assert error.code is not ScoringErrorCode.UNKNOWN_TOKEN, error
