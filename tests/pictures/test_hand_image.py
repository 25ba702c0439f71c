"""Hand pictures, checked on their pixels: layout, wild marking, melds, fallback text."""

from __future__ import annotations

import dataclasses
import itertools
import threading

import pytest
from PIL import Image

import scoring
from bot.pictures.fonts import Fonts
from bot.pictures.hand_image import Layout, hand_png, render_hand, seven_pairs_order
from bot.pictures.hand_text import footer_for, header_for
from bot.pictures.style import FELT, TEXT_GAIN, TILE_BACK, WILD_GOLD
from bot.pictures.tile_faces import tile_size
from scoring.hand import Hand, LineContext, Meld, MeldKind
from scoring.result import ScoreResult
from scoring.tiles import JOKER, WHITE, Seat, mpsz

from .pixels import busiest_row, near, open_png, runs
from .results import (
    NAMES,
    hangzhou_baotou,
    hangzhou_seven_pairs,
    huzhou_with_indicator,
    tiles,
)

SIZE = 48
NO_WILDS: frozenset[int] = frozenset()


def plain_hand(**changes: object) -> Hand:
    hand = Hand(tiles("1112345678999m")[:13], tiles("9m")[0], (), LineContext(self_draw=True))
    return dataclasses.replace(hand, **changes)


def draw(hand: Hand, fonts: Fonts, wild_faces: frozenset[int] = NO_WILDS) -> Image.Image:
    return render_hand(
        hand, wild_faces, header="杭州 · 平胡 1番 · 自摸", layout=Layout(SIZE), fonts=fonts
    )


def tile_spans(image: Image.Image) -> list[tuple[int, int]]:
    """Where tiles are along the row through their middles (not the thin divider line)."""
    spans = runs(image, busiest_row(image, FELT), FELT)
    return [(a, b) for a, b in spans if b - a > SIZE // 2]


def gaps(spans: list[tuple[int, int]]) -> list[int]:
    return [b[0] - a[1] for a, b in itertools.pairwise(spans)]


def test_the_winning_tile_sits_apart(cjk: Fonts) -> None:
    spans = tile_spans(draw(plain_hand(), cjk))
    assert len(spans) == 14
    between = gaps(spans)
    assert max(between[:-1]) <= 3  # concealed tiles sit side by side
    assert between[-1] >= SIZE * 0.4  # background columns before the winning tile
    width = tile_size(SIZE)[0]
    assert all(abs((end - start) - width) <= 2 for start, end in spans)


def test_melds_are_grouped_after_a_gap_and_the_indicator_beyond(cjk: Fonts) -> None:
    hand = Hand(
        tiles("2345m678s"),
        tiles("9m")[0],
        (Meld(MeldKind.PON, tiles("555p")), Meld(MeldKind.CHI, tiles("123s"))),
        LineContext(self_draw=True, indicator=tiles("1m")[0]),
    )
    image = draw(hand, cjk)
    spans = tile_spans(image)
    assert len(spans) == 7 + 1 + 3 + 3 + 1
    divider = [
        (a, b)
        for a, b in runs(image, busiest_row(image, FELT), FELT)
        if spans[-2][1] <= a and b <= spans[-1][0]
    ]
    assert len(divider) == 1  # a thin line sets the indicator apart
    between = gaps(spans)
    concealed, win, pon, chi = between[:6], between[6], between[7:10], between[10:13]
    assert max(concealed + pon[1:] + chi[1:]) <= 3
    assert win >= SIZE * 0.4
    assert pon[0] > win  # the first meld is further away than the winning tile
    assert chi[0] >= SIZE * 0.25  # melds apart from each other
    assert between[-1] > pon[0]  # the indicator stands beyond everything


@pytest.mark.parametrize(
    ("narrow", "wide"),
    [
        pytest.param(
            Meld(MeldKind.PON, tiles("555p")), Meld(MeldKind.KONG, tiles("5555p")), id="kong"
        ),
        pytest.param(
            Meld(MeldKind.CHI, tiles("123s")),
            Meld(MeldKind.CONCEALED_KONG, tiles("1111s")),
            id="concealed-kong",
        ),
    ],
)
def test_a_wider_hand_gives_a_wider_image(cjk: Fonts, narrow: Meld, wide: Meld) -> None:
    base = plain_hand(concealed=tiles("1234567899m")[:10])
    small = draw(dataclasses.replace(base, melds=(narrow,)), cjk)
    large = draw(dataclasses.replace(base, melds=(wide,)), cjk)
    assert large.width - small.width == tile_size(SIZE)[0] + max(1, SIZE // 32)
    # the text grows with the width (it is sized for a phone), so the picture grows a little
    assert small.height <= large.height <= small.height * large.width / small.width


def test_the_indicator_makes_the_image_wider(cjk: Fonts) -> None:
    without = draw(plain_hand(), cjk)
    with_indicator = draw(plain_hand(context=LineContext(self_draw=True, indicator=0)), cjk)
    assert with_indicator.width > without.width + tile_size(SIZE)[0]


def count(image: Image.Image, color: tuple[int, int, int], tolerance: int = 8) -> int:
    return sum(
        near(image.getpixel((x, y)), color, tolerance)
        for x in range(image.width)
        for y in range(0, image.height, 2)
    )


def test_wild_tiles_are_outlined_in_gold(cjk: Fonts) -> None:
    hand = plain_hand(concealed=(*tiles("111234567899m"), WHITE))
    marked = draw(hand, cjk, frozenset({WHITE}))
    unmarked = draw(hand, cjk)
    assert count(unmarked, WILD_GOLD) == 0
    gold = count(marked, WILD_GOLD)
    assert gold > 50
    # the wild is kept first, where players hold it: its left border is gold
    start, _ = tile_spans(marked)[0]
    row = busiest_row(marked, FELT)
    assert any(near(marked.getpixel((x, row)), WILD_GOLD, 8) for x in range(start, start + 6))
    # a faceless wild is marked without being named in wild_faces
    joker = draw(plain_hand(concealed=(*tiles("111234567899m"), JOKER)), cjk)
    assert count(joker, WILD_GOLD) > 50


def test_a_concealed_kong_shows_two_faces_down(cjk: Fonts) -> None:
    base = plain_hand(concealed=tiles("1234567899m")[:10])
    exposed = draw(dataclasses.replace(base, melds=(Meld(MeldKind.KONG, tiles("5555p")),)), cjk)
    concealed = draw(
        dataclasses.replace(base, melds=(Meld(MeldKind.CONCEALED_KONG, tiles("5555p")),)), cjk
    )
    assert count(exposed, TILE_BACK) == 0
    one_back = count(draw(plain_hand(), cjk), TILE_BACK)
    backs = count(concealed, TILE_BACK)
    assert backs > 200 and one_back == 0
    row = busiest_row(concealed, FELT)
    kong = tile_spans(concealed)[-4:]
    faces_down = [near(concealed.getpixel(((a + b) // 2, row)), TILE_BACK, 10) for a, b in kong]
    assert faces_down == [True, False, False, True]


@pytest.mark.parametrize(
    ("result", "lang", "header"),
    [
        pytest.param(hangzhou_baotou(), "zh", "杭州 · 爆头 2番 · 自摸", id="杭州爆头"),
        pytest.param(hangzhou_baotou(), "en", "Hangzhou · Bao Tou 2 fan · self-draw", id="en"),
        pytest.param(hangzhou_seven_pairs(), "zh", "杭州 · 七对爆头 4番 · 小李点炮", id="点炮"),
        pytest.param(huzhou_with_indicator(), "zh", "湖州·硬飘花 · 爆头 2倍 · 自摸", id="湖州"),
        pytest.param(
            scoring.score("111m234m567m789m9m +9m 自摸 翻5p", "huzhou-shuangla"),
            "en",
            "Huzhou Shuangla · Pure one suit, No wilds, Double spicy 5 tai → 2 bei · self-draw",
            id="several-patterns-en",
        ),
        pytest.param(
            scoring.score("111m234m567m789m9m +9m 自摸 翻5p", "huzhou-shuangla"),
            "zh",
            "湖州·双辣 · 清一色、无花、双辣 5台 → 2倍 · 自摸",
            id="several-patterns-zh",
        ),
    ],
)
def test_header_names_the_ruleset_result_and_win(
    result: ScoreResult, lang: str, header: str
) -> None:
    assert header_for(result, NAMES, lang) == header


def test_footer_has_every_seat_and_the_formula() -> None:
    cells, formula = footer_for(hangzhou_baotou(), NAMES, "zh").split("\n")
    assert cells.split("\t") == ["东 老王 +48", "南 小李 -16", "西 阿明 -16", "北 大刘 -16"]
    assert formula.startswith("2 番 × 8 × 底分 1 = 16")
    unnamed = footer_for(hangzhou_seven_pairs(), {}, "en").split("\n")[0]
    assert unnamed.split("\t") == ["E +32", "S -32", "W 0", "N 0"]


def test_hand_png_is_a_png_of_the_rendered_hand(cjk: Fonts) -> None:
    result = huzhou_with_indicator()
    hand = result.hand
    assert hand is not None
    image = open_png(hand_png(result, NAMES, size=SIZE, fonts=cjk))
    expected = render_hand(
        hand,
        result.wild_faces,
        header=header_for(result, NAMES),
        footer=footer_for(result, NAMES),
        layout=Layout(SIZE),
        fonts=cjk,
    )
    assert image.size == expected.size
    assert image.tobytes() == expected.tobytes()


def test_a_quick_entry_has_no_picture(cjk: Fonts) -> None:
    with pytest.raises(ValueError, match="quick-entry"):
        hand_png(dataclasses.replace(hangzhou_baotou(), hand=None), NAMES, fonts=cjk)


def test_without_cjk_the_text_is_english_and_never_tofu(latin: Fonts) -> None:
    result = hangzhou_baotou()
    hand = result.hand
    assert hand is not None
    image = open_png(hand_png(result, NAMES, "zh", size=SIZE, fonts=latin))
    # Chinese names cannot be drawn: the seat letters stand in for them.
    english = render_hand(
        hand,
        result.wild_faces,
        header=header_for(result, {}, "en"),
        footer=footer_for(result, {}, "en"),
        layout=Layout(SIZE),
        lang="en",
        fonts=latin,
    )
    assert image.tobytes() == english.tobytes()
    # Text the font cannot draw becomes '?', not a notdef box.
    chinese = render_hand(hand, NO_WILDS, header="杭州", layout=Layout(SIZE), fonts=latin)
    marks = render_hand(hand, NO_WILDS, header="??", layout=Layout(SIZE), fonts=latin)
    assert chinese.tobytes() == marks.tobytes()


def test_rendering_from_threads_gives_the_same_picture(cjk: Fonts) -> None:
    result = hangzhou_baotou()
    expected = hand_png(result, NAMES, size=40, fonts=cjk)
    outputs: list[bytes] = []

    def work() -> None:
        for size in (41, 40, 42):
            data = hand_png(result, {Seat.E: "老王", **NAMES}, size=size, fonts=cjk)
            if size == 40:
                outputs.append(data)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outputs == [expected] * 6


def test_the_winners_amount_stands_out_in_gold(cjk: Fonts) -> None:
    image = open_png(hand_png(hangzhou_seven_pairs(), NAMES, size=SIZE, fonts=cjk))
    # The footer's cells: 东 老王 +32 (gold) first, the others (−32, 0, 0) not in gold.
    below_tiles = image.crop((0, image.height // 2, image.width, image.height))
    left = below_tiles.crop((0, 0, image.width // 3, below_tiles.height))
    rest = below_tiles.crop((image.width // 3, 0, image.width, below_tiles.height))
    assert count(left, TEXT_GAIN, 20) > 20
    assert count(rest, TEXT_GAIN, 20) == 0


@pytest.mark.parametrize(
    ("concealed", "expected"),
    [
        pytest.param(
            "1133m5577p99s3s11z",
            "1m1m 3m3m 5p5p 7p7p 9s9s 1z1z 3s",
            id="waiting-on-a-real-tile",
        ),
        pytest.param(
            "1133m5577p99s11z5z",
            "1m1m 3m3m 5p5p 7p7p 9s9s 1z1z 5z",
            id="爆头-the-lone-wild-waits",
        ),
        pytest.param("1111m35p99s55z", "1m1m 1m1m 5z3p 5z5p 9s9s", id="wilds-complete-singles"),
        pytest.param("5z5z1133m", "5z5z 1m1m 3m3m", id="two-wilds-make-a-pair"),
    ],
)
def test_seven_pairs_are_laid_out_as_pairs(concealed: str, expected: str) -> None:
    got = seven_pairs_order(tiles(concealed), frozenset({WHITE}))
    assert " ".join("".join(mpsz(t) for t in pair) for pair in got) == expected


def test_a_seven_pairs_picture_spaces_its_pairs(cjk: Fonts) -> None:
    image = open_png(hand_png(hangzhou_seven_pairs(), NAMES, size=SIZE, fonts=cjk))
    between = gaps(tile_spans(image))
    assert len(between) == 13
    inside, apart = between[0:12:2], between[1:12:2]
    assert max(inside) <= 3 and min(apart) >= SIZE * 0.15
    assert between[-1] > max(apart)  # the winning tile is further still
