"""Properties of the notation: formats round-trip, and no text makes the parser crash."""

import contextlib
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scoring import format_mpsz, format_zh, parse, parse_line
from scoring.errors import ScoringError
from scoring.hand import Hand, LineContext, Meld, MeldKind
from scoring.lexicon import NUMERALS, fold
from scoring.tiles import JOKER, TILE_KINDS, Seat, Tile
from tests.property_runs import quick_and_deep

seats = st.sampled_from(list(Seat))
_CHI_STARTS = [suit * 9 + rank for suit in range(3) for rank in range(7)]


@st.composite
def contexts(draw: st.DrawFn, kongs: int, indicator: Tile | None) -> LineContext:
    """Contexts a line can say: one way of winning, and the words that fit it (天胡 and 地胡
    have no 飘, 天胡 no 杠开: those wins cannot happen)."""
    fields: dict[str, Any] = {
        "indicator": indicator,
        "contract_payer": draw(st.none() | seats),
        "seat_wind": draw(st.none() | seats),
        "round_wind": draw(seats),
    }
    mode = draw(st.sampled_from(["unsaid", "self_draw", "discard", "robbed"]))
    if mode == "self_draw":
        special = draw(st.sampled_from([None, "heavenly", "earthly"]))
        fields |= {
            "self_draw": True,
            "kong_chain": 0 if special == "heavenly" else draw(st.integers(0, min(4, kongs))),
            "piao": 0 if special else draw(st.integers(0, 3)),
            "heavenly": special == "heavenly",
            "earthly": special == "earthly",
        }
    elif mode == "discard":
        fields |= {"discarder": draw(seats), "earthly": draw(st.booleans())}
    elif mode == "robbed":
        fields["robbed_kong_of"] = draw(seats)
    return LineContext(**fields)


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Valid hands: 14 tiles with melds as 3, at most four of a tile (three beside 翻T)."""
    indicator = draw(st.none() | st.integers(0, TILE_KINDS - 1))
    left = [4] * TILE_KINDS
    if indicator is not None:
        left[indicator] -= 1
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        if kind is MeldKind.CHI:
            start = draw(st.sampled_from(_CHI_STARTS))
            tiles: tuple[Tile, ...] = (start, start + 1, start + 2)
        else:
            tiles = (draw(st.integers(0, TILE_KINDS - 1)),) * (3 if kind is MeldKind.PON else 4)
        if all(left[tile] >= tiles.count(tile) for tile in tiles):
            for tile in tiles:
                left[tile] -= 1
            melds.append(Meld(kind, tiles))
    pool = [tile for tile in range(TILE_KINDS) for _ in range(left[tile])] + [JOKER] * 8
    size = 14 - 3 * len(melds)
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    held = [pool[index] for index in picks]
    kongs = sum(meld.kind.is_kong for meld in melds)
    context = draw(contexts(kongs, indicator))
    return Hand(tuple(sorted(held[:-1])), held[-1], tuple(melds), context)


def mpsz_round_trips(hand: Hand) -> None:
    assert parse(format_mpsz(hand)) == hand


def chinese_round_trips(hand: Hand) -> None:
    assert parse(format_zh(hand)) == hand


test_mpsz_round_trips, test_mpsz_round_trips_deep = quick_and_deep(
    mpsz_round_trips, hands(), quick=100, deep=400
)
test_chinese_round_trips, test_chinese_round_trips_deep = quick_and_deep(
    chinese_round_trips, hands(), quick=100, deep=400
)


@given(hands(), st.booleans())
def test_tokens_point_at_what_was_written(hand: Hand, zh: bool) -> None:
    line = format_zh(hand) if zh else format_mpsz(hand)
    parsed = parse_line(line)
    folded = fold(line)
    tokens = [parsed.winning, *parsed.melds, *parsed.words.values()]
    # a numbered tile's token is its numeral and suit ('2m' of '123m'); names are verbatim
    tokens += [token for _, token in parsed.concealed if token.text[0] not in NUMERALS]
    for token in tokens:
        assert folded[token.position : token.position + len(token.text)] == token.text
    assert len(parsed.melds) == len(parsed.hand.melds)
    assert len(parsed.concealed) == len(parsed.hand.concealed)


NOTATION_CHARS = (
    "0123456789mpszMPSZ[]()+*财白板发中东南西北一二三四五万条筒饼自摸点炮杠开飘翻座圈 ，【】"
)


@settings(max_examples=1000)
@given(st.text(alphabet=st.sampled_from(NOTATION_CHARS) | st.characters(), max_size=60))
@example("翻")
@example("+")
@example("[")
@example("点炮")
@example("1111111111111111m")
def test_arbitrary_text_raises_only_scoring_errors(text: str) -> None:
    try:
        parse(text)
    except ScoringError as error:
        assert error.code and error.zh and error.en
        if error.position is not None:
            assert 0 <= error.position < len(text)


@given(hands(), st.data())
def test_damaged_lines_raise_only_scoring_errors(hand: Hand, data: st.DataObject) -> None:
    line = list(format_mpsz(hand))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(line)))
        if data.draw(st.booleans()) and at < len(line):
            del line[at]
        else:
            line.insert(at, data.draw(st.sampled_from(NOTATION_CHARS)))
    with contextlib.suppress(ScoringError):
        parse("".join(line))
