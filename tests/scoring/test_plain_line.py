"""The plain line (MPSZ groups, +T, words) is read by one pattern; every other line, and
every plain one with something to refuse, by the scanner. Both readings must agree."""

from __future__ import annotations

import pytest
from hypothesis import example
from hypothesis import strategies as st

from scoring import format_mpsz, parse_line
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.hand import Hand
from scoring.notation import scanned_line
from tests.property_runs import quick_and_deep
from tests.scoring.test_notation_properties import NOTATION_CHARS, hands


def reading(line: str) -> object:
    """What the scanner makes of ``line``: its parse, or its error's code, token, position."""
    try:
        return scanned_line(line)
    except ScoringError as error:
        return (error.code, error.token, error.position)


def parsed(line: str) -> object:
    try:
        return parse_line(line)
    except ScoringError as error:
        return (error.code, error.token, error.position)


def formatted_hand_reads_the_same_both_ways(hand: Hand) -> None:
    line = format_mpsz(hand)
    assert parsed(line) == reading(line)


test_a_formatted_hand_reads_the_same_both_ways, test_a_formatted_hand_deep = quick_and_deep(
    formatted_hand_reads_the_same_both_ways, hands(), quick=100, deep=400
)


def damaged_line_reads_the_same_both_ways(hand: Hand, data: st.DataObject) -> None:
    line = list(format_mpsz(hand))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(line)))
        if data.draw(st.booleans()) and at < len(line):
            del line[at]
        else:
            line.insert(at, data.draw(st.sampled_from(NOTATION_CHARS + "+ 89z")))
    assert parsed("".join(line)) == reading("".join(line))


test_a_damaged_line_reads_the_same_both_ways, test_a_damaged_line_deep = quick_and_deep(
    damaged_line_reads_the_same_both_ways, hands(), st.data(), quick=150, deep=600
)


@example("123m456m789m123p5s +5s 自摸 自摸 点炮S")
def arbitrary_text_reads_the_same_both_ways(text: str) -> None:
    assert parsed(text) == reading(text)


test_arbitrary_text_reads_the_same_both_ways, test_arbitrary_text_deep = quick_and_deep(
    arbitrary_text_reads_the_same_both_ways,
    st.text(alphabet=st.sampled_from(NOTATION_CHARS + "+ "), max_size=40),
    quick=100,
    deep=300,
)


# Plain-looking lines the scanner must read, each refused with the error it names.
REFUSED = [
    ("1111m456m789m123p +1m 自摸", ScoringErrorCode.FIFTH_COPY, "+1m", 18, "fifth-copy-winning"),
    ("1111m456m789m123p +5s 翻1m", ScoringErrorCode.FIFTH_COPY, "1m", 3, "fifth-copy-indicator"),
    ("123m456m789m123p5s +5s 杠开", ScoringErrorCode.CONFLICTING_WORDS, "杠开", 23, "kong-chain"),
    ("123m456m789m123p5s +8z", ScoringErrorCode.UNKNOWN_TOKEN, "8z", 20, "no-8z"),
    ("123m456m789m123p58z +5s", ScoringErrorCode.UNKNOWN_TOKEN, "8z", 17, "no-8z-in-hand"),
    ("123m456m789m123p +5s", ScoringErrorCode.TILE_COUNT, "+5s", 17, "thirteen"),
    (
        "123m456m789m123p5s +5s 自摸 点炮S",
        ScoringErrorCode.CONFLICTING_WORDS,
        "点炮S",
        26,
        "conflict",
    ),
    ("123m456m789m123p5s +5s 自摸 5s", ScoringErrorCode.TILE_COUNT, "5s", 26, "tile-after-words"),
    ("123m456m789m123p5s +5s 飘12", ScoringErrorCode.UNKNOWN_TOKEN, "飘12", 23, "bad-word"),
]


@pytest.mark.parametrize(
    ("line", "code", "token", "position"), [pytest.param(*r[:4], id=r[4]) for r in REFUSED]
)
def test_a_plain_line_with_something_wrong_is_refused_by_the_scanner(
    line: str, code: ScoringErrorCode, token: str, position: int
) -> None:
    with pytest.raises(ScoringError) as caught:
        parse_line(line)
    assert (caught.value.code, caught.value.token, caught.value.position) == (
        code,
        token,
        position,
    )
