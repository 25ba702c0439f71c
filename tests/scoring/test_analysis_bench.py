"""The benchmark's corpora are what it says they are, and the script runs end to end."""

from __future__ import annotations

import pytest

from benchmarks.scoring import corpus, main, ready_line, reference, ruleset_of
from scoring.analysis import analyze
from scoring.notation import parse_ready
from scoring.rulesets import get
from scoring.tiles import JOKER


@pytest.mark.parametrize("wilds", [0, 1, 2, 4, 7])
def test_corpus_hands_win_with_the_stated_number_of_wilds(wilds: int) -> None:
    ruleset = get(ruleset_of(wilds))
    for hand in corpus(7, wilds, 40):
        faces = ruleset.wild_faces(hand.context.indicator)
        readings = analyze(hand, faces, thirteen_unrelated=ruleset.thirteen_unrelated)
        assert readings
        assert {r.wilds for r in readings} == {wilds}
        assert JOKER not in hand.concealed


def test_ready_lines_parse_back_to_the_thirteen_tiles() -> None:
    for hand in corpus(7, 2, 40):
        ready = parse_ready(ready_line(hand))
        assert ready.concealed == hand.concealed
        assert ready.context.indicator == hand.context.indicator


def test_reference_sees_the_same_hands() -> None:
    hands = corpus(7, 0, 20)
    call, inputs = reference(hands)
    for hand, (tiles136, win136) in zip(hands, inputs, strict=True):
        assert sorted(t // 4 for t in tiles136) == sorted((*hand.concealed, hand.winning_tile))
        assert win136 // 4 == hand.winning_tile
        assert call((tiles136, win136)).error is None  # type: ignore[attr-defined]


def test_bench_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--size", "6"])
    out = capsys.readouterr().out
    for label in (
        "0 wilds  best score",
        "mahjong estimate_hand_value",
        "ratio ours / reference",
        "ratio core / reference",
        "7 wilds  best score",
        "waits, 2 wilds",
    ):
        assert label in out
