"""Properties over random hands: every result settles to zero, and typed == parsed scoring."""

from collections import Counter

from hypothesis import assume
from hypothesis import strategies as st

import scoring
from scoring.errors import ScoringError
from scoring.rulesets import RULESETS
from scoring.tiles import SEAT_ORDER, mpsz
from tests.property_runs import quick_and_deep

SUITED_STARTS = [suit * 9 + rank for suit in range(3) for rank in range(7)]


@st.composite
def winning_lines(draw: st.DrawFn) -> tuple[str, str, str]:
    """A four-sets-and-a-pair hand, some sets exposed, some tiles written as wilds."""
    groups = []
    for _ in range(4):
        if draw(st.booleans()):
            start = draw(st.sampled_from(SUITED_STARTS))
            groups.append([start, start + 1, start + 2])
        else:
            groups.append([draw(st.integers(0, 33))] * 3)
    pair = [draw(st.integers(0, 33))] * 2
    exposed = draw(st.integers(0, 2))
    kong = exposed > 0 and groups[0][0] == groups[0][1] and draw(st.booleans())
    if kong:
        groups[0] = groups[0] + [groups[0][0]]
    tiles = [tile for group in groups for tile in group] + pair
    assume(max(Counter(tiles).values()) <= 4)
    melds = [
        ("(" if kong and draw(st.booleans()) else "[")
        + "".join(mpsz(tile)[0] for tile in group)
        + mpsz(group[0])[1]
        for group in groups[:exposed]
    ]
    melds = [meld + (")" if meld[0] == "(" else "]") for meld in melds]
    concealed = [mpsz(tile) for group in groups[exposed:] for tile in group] + [mpsz(pair[0])] * 2
    concealed = draw(st.permutations(concealed))
    wilds = draw(st.integers(0, min(3, len(concealed) - 1)))
    concealed = ["*"] * wilds + list(concealed[wilds:])
    winning = concealed.pop()
    rules = draw(st.sampled_from(list(RULESETS)))
    words = [draw(st.sampled_from(["自摸", "点炮S", "放冲W", "抢杠N"]))]
    if kong and words == ["自摸"] and draw(st.booleans()):
        words = ["杠开"]
    if rules == "hangzhou" and draw(st.booleans()):
        words.append("承包W")
    if rules != "hangzhou":
        words.append("翻" + mpsz(draw(st.integers(0, 33))))
    line = " ".join([*melds, "".join(concealed), "+" + winning, *words])
    return line, rules, draw(st.sampled_from("ESWN"))


def every_scored_hand_settles_to_zero(case: tuple[str, str, str], base: int) -> None:
    line, rules, winner = case
    try:
        result = scoring.score(line, rules, base, winner)
    except ScoringError as error:
        assert error.message("zh") and error.message("en")
        return
    assert sum(result.payments.values()) == 0
    assert result.payments[result.winner] > 0
    assert set(result.payments) == set(SEAT_ORDER)
    parsed = scoring.score_hand(scoring.parse(line), rules, base, winner)
    assert (parsed.value, parsed.payments) == (result.value, result.payments)


test_every_scored_hand_settles_to_zero, test_every_scored_hand_settles_to_zero_deep = (
    quick_and_deep(
        every_scored_hand_settles_to_zero,
        winning_lines(),
        st.integers(1, 80_000),
        quick=100,
        deep=400,
    )
)
