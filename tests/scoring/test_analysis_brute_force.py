"""Hand analysis against a slow, obviously-correct reference.

The reference gives every wild a concrete face (all combinations), decomposes the
concrete hand the textbook way and collects its facts; ``analyze`` must return exactly
the non-dominated ones. Hypothesis drives random hands through both, plus the gate.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations_with_replacement, pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import blocks

from scoring.analysis import analyze, completing_tiles, is_winning
from scoring.errors import ScoringError
from scoring.hand import Hand, Meld, MeldKind
from scoring.notation import parse
from scoring.reading import Reading, Shape
from scoring.rulesets import RULESETS
from scoring.rulesets.base import Ruleset, Win, WinKind
from scoring.score import best_valuation
from scoring.tiles import JOKER, SUITS, WHITE, Seat, Tile, is_honor, suit_of

pytestmark = pytest.mark.slow  # see pyproject's markers: skipped in the fast loop, always in CI

Fact = tuple[Shape, int, bool, frozenset[str], bool, bool, frozenset[Tile]]


def _groups(counts: list[int], pair_left: bool) -> Iterator[tuple[tuple[str, int], ...]]:
    """Every decomposition of ``counts`` into triplets, sequences and (once) a pair."""
    first = next((t for t, c in enumerate(counts) if c), None)
    if first is None:
        if not pair_left:
            yield ()
        return
    if counts[first] >= 3:
        counts[first] -= 3
        for rest in _groups(counts, pair_left):
            yield (("triplet", first), *rest)
        counts[first] += 3
    if pair_left and counts[first] >= 2:
        counts[first] -= 2
        for rest in _groups(counts, False):
            yield (("pair", first), *rest)
        counts[first] += 2
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for t in (first, first + 1, first + 2):
            counts[t] -= 1
        for rest in _groups(counts, pair_left):
            yield (("sequence", first), *rest)
        for t in (first, first + 1, first + 2):
            counts[t] += 1


def _categories(total: list[int], melds: tuple[Meld, ...]) -> tuple[frozenset[str], bool]:
    faces = {t for t, c in enumerate(total) if c} | {m.tiles[0] for m in melds}
    return frozenset(suit_of(t) for t in faces if not is_honor(t)), any(map(is_honor, faces))


def reference_facts(hand: Hand, wild_faces: frozenset[Tile], thirteen: bool) -> set[Fact]:
    tiles = (*hand.concealed, hand.winning_tile)
    real = [0] * 34
    wilds = 0
    for t in tiles:
        if t == JOKER or t in wild_faces:
            wilds += 1
        else:
            real[t] += 1
    win = (
        None if hand.winning_tile == JOKER or hand.winning_tile in wild_faces else hand.winning_tile
    )
    chi = any(m.kind is MeldKind.CHI for m in hand.melds)
    meld_honors = {
        m.tiles[0] for m in hand.melds if m.kind is not MeldKind.CHI and is_honor(m.tiles[0])
    }
    facts: set[Fact] = set()
    for faces in combinations_with_replacement(range(34), wilds):
        stood = [0] * 34
        for f in faces:
            stood[f] += 1
        total = [r + s for r, s in zip(real, stood, strict=True)]
        suits, honors = _categories(total, hand.melds)
        for groups in _groups(list(total), True):
            (pair,) = [t for kind, t in groups if kind == "pair"]
            baotou = pair == win and real[pair] >= 1 and stood[pair] >= 1
            triplets = frozenset(t for kind, t in groups if kind == "triplet" and is_honor(t))
            all_triplets = not chi and all(kind != "sequence" for kind, _ in groups)
            facts.add(
                (Shape.STANDARD, 0, baotou, suits, honors, all_triplets, triplets | meld_honors)
            )
        if hand.melds or len(tiles) != 14:
            continue
        if all(c in (0, 2, 4) for c in total):
            baotou = win is not None and real[win] >= 1 and stood[win] >= 1
            luxury = sum(1 for c in total if c == 4)
            facts.add((Shape.SEVEN_PAIRS, luxury, baotou, suits, honors, False, frozenset()))
        if thirteen and all(c <= 1 for c in total):
            held = [t for t, c in enumerate(total) if c]
            if all(b - a >= 3 for a, b in pairwise(held) if b < 27 and a // 9 == b // 9):
                facts.add((Shape.THIRTEEN_UNRELATED, 0, False, suits, honors, False, frozenset()))
    return facts


def _dominates(a: Fact, b: Fact) -> bool:
    """a is at least b in 爆头, 对对胡 and honor triplets, equal in everything else."""
    return a[:2] == b[:2] and a[3:5] == b[3:5] and a[2] >= b[2] and a[5] >= b[5] and a[6] >= b[6]


def non_dominated(facts: set[Fact]) -> set[Fact]:
    return {f for f in facts if not any(g != f and _dominates(g, f) for g in facts)}


def as_fact(reading: Reading) -> Fact:
    return (
        reading.shape,
        reading.luxury,
        reading.baotou,
        reading.suits,
        reading.honors,
        reading.all_triplets,
        reading.honor_triplets,
    )


# A hand: a few random "blocks" (triplets, sequences, pairs, singles) cut to the right
# size, some tiles turned wild, so that winning and non-winning hands both come up.
_blocks = blocks(6, 9)


@st.composite
def hands(draw: st.DrawFn, max_wilds: int, melds: int = 0) -> tuple[Hand, frozenset[Tile]]:
    size = 14 - 3 * melds
    tiles: list[Tile] = []
    for block in draw(_blocks) + [[t] for t in draw(st.permutations(range(34)))]:
        if len(tiles) + len(block) <= size and all(
            tiles.count(t) + block.count(t) <= 4 for t in block
        ):
            tiles.extend(block)
    tiles = draw(st.permutations(tiles))
    wilds = draw(st.integers(0, max_wilds))
    positions = draw(
        st.lists(st.integers(0, size - 1), min_size=wilds, max_size=wilds, unique=True)
    )
    wild_face = draw(st.sampled_from([31, 1, 33]))  # 白 (杭州), 2m, 中
    for p in positions:
        tiles[p] = draw(st.sampled_from([JOKER, wild_face]))
    declared = tuple(
        Meld(MeldKind.PON, (t, t, t))
        if t >= 27 or draw(st.booleans())
        else Meld(MeldKind.CHI, (t, t + 1, t + 2))
        for t in draw(
            st.lists(st.sampled_from([0, 10, 20, 28, 32]), min_size=melds, max_size=melds)
        )
    )
    hand = Hand(tuple(sorted(tiles[:-1])), tiles[-1], declared)
    return hand, frozenset({wild_face})


_settings = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_settings
@given(hands(max_wilds=2), st.booleans())
def test_analyze_returns_the_non_dominated_reference_facts(
    case: tuple[Hand, frozenset[Tile]], thirteen: bool
) -> None:
    hand, wild_faces = case
    got = {as_fact(r) for r in analyze(hand, wild_faces, thirteen_unrelated=thirteen)}
    assert got == non_dominated(reference_facts(hand, wild_faces, thirteen))


@_settings
@given(st.integers(1, 2).flatmap(lambda m: hands(max_wilds=2, melds=m)))
def test_analyze_with_declared_melds_matches_the_reference(
    case: tuple[Hand, frozenset[Tile]],
) -> None:
    hand, wild_faces = case
    got = {as_fact(r) for r in analyze(hand, wild_faces, thirteen_unrelated=True)}
    assert got == non_dominated(reference_facts(hand, wild_faces, True))
    kongs = {r.kongs for r in analyze(hand, wild_faces, thirteen_unrelated=True)}
    assert kongs <= {0}


@_settings
@given(hands(max_wilds=7), st.booleans())
def test_gate_agrees_with_analyze(case: tuple[Hand, frozenset[Tile]], thirteen: bool) -> None:
    hand, wild_faces = case
    readings = analyze(hand, wild_faces, thirteen_unrelated=thirteen)
    assert is_winning(hand, wild_faces, thirteen_unrelated=thirteen) == bool(readings)
    assert len(set(readings)) == len(readings)
    assert {r.wilds for r in readings} <= {
        sum(1 for t in (*hand.concealed, hand.winning_tile) if t == JOKER or t in wild_faces)
    }


@_settings
@given(hands(max_wilds=6), st.data())
def test_a_wild_in_place_of_any_tile_keeps_a_winning_hand_winning(
    case: tuple[Hand, frozenset[Tile]], data: st.DataObject
) -> None:
    hand, wild_faces = case
    if not is_winning(hand, wild_faces, thirteen_unrelated=False):
        return
    tiles = [*hand.concealed, hand.winning_tile]
    tiles[data.draw(st.integers(0, len(tiles) - 1))] = JOKER
    wilder = Hand(tuple(sorted(tiles[:-1])), tiles[-1], hand.melds)
    assert is_winning(wilder, wild_faces, thirteen_unrelated=False)
    assert analyze(wilder, wild_faces, thirteen_unrelated=False)


@_settings
@given(hands(max_wilds=3), st.booleans())
def test_completing_tiles_agrees_with_analyze_over_all_34_tiles(
    case: tuple[Hand, frozenset[Tile]], thirteen: bool
) -> None:
    hand, wild_faces = case
    ready = hand.concealed  # 13 tiles: the drawn tile taken away
    held = [*ready]
    expected = tuple(
        t
        for t in range(34)
        if held.count(t) < 4 and analyze(Hand(ready, t), wild_faces, thirteen_unrelated=thirteen)
    )
    assert completing_tiles(ready, (), wild_faces, thirteen_unrelated=thirteen) == expected
    if is_winning(hand, wild_faces, thirteen_unrelated=thirteen) and hand.winning_tile != JOKER:
        assert hand.winning_tile in expected or held.count(hand.winning_tile) >= 4


def test_reference_suits_cover_every_suit_letter() -> None:
    assert {suit_of(t) for t in range(27)} == set(SUITS)


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("111m234m567m9m*** +9m", id="三财神-自成一副"),
        pytest.param("123m456m789m12p** +*", id="三财神-自摸财神"),
        pytest.param("11m222p东东东55s*** +5s", id="三财神-对对或爆头"),
        pytest.param("1133m5577p9s东*** +9s", id="三财神-七对或标准"),
        pytest.param("[123m] 东东南南5s66s*** +5s", id="吃后三财神"),
        pytest.param("147m258p3s东南西*** +白", id="三财神-十三不搭"),
        pytest.param("11m234p东东5s6s**** +5s", id="四财神"),
    ],
)
def test_free_wild_groups_match_the_reference(line: str) -> None:
    hand = parse(line)
    got = {as_fact(r) for r in analyze(hand, frozenset(), thirteen_unrelated=True)}
    assert got == non_dominated(reference_facts(hand, frozenset(), True))


def _best(readings: Iterable[Reading], win: Win, rules: Ruleset) -> tuple[int, int] | str:
    try:
        valuation = best_valuation(readings, win, rules)[1]
    except ScoringError as refusal:
        return refusal.code.value
    return valuation.winner_total, valuation.value


def _as_reading(fact: Fact, wilds: int) -> Reading:
    shape, luxury, baotou, suits, honors, all_triplets, triplets = fact
    return Reading(shape, wilds, baotou, luxury, suits, honors, all_triplets, triplets)


@_settings
@given(hands(max_wilds=2), st.sampled_from(sorted(RULESETS)), st.booleans())
def test_dropping_dominated_readings_never_changes_a_score(
    case: tuple[Hand, frozenset[Tile]], rules_id: str, self_draw: bool
) -> None:
    """The contract behind the pruning, checked against every ruleset's own valuation."""
    hand, _ = case
    rules = RULESETS[rules_id]
    wild_faces = rules.wild_faces(WHITE if rules.uses_indicator else None)  # 白 → 中 wild
    readings = analyze(hand, wild_faces, thirteen_unrelated=rules.thirteen_unrelated)
    if not readings:
        return
    wilds = readings[0].wilds
    every = [
        _as_reading(f, wilds) for f in reference_facts(hand, wild_faces, rules.thirteen_unrelated)
    ]
    win = Win(
        kind=WinKind.SELF_DRAW if self_draw else WinKind.DISCARD,
        winner=Seat.E,
        payer=None if self_draw else Seat.S,
    )
    assert _best(readings, win, rules) == _best(every, win, rules)
