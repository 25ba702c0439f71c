"""The tally chart and the settle-up picture, checked on their pixels and against Telegram."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.pictures.encode import MAX_BYTES, MAX_RATIO, MAX_SIDES_SUM, fit_telegram
from bot.pictures.fonts import Fonts
from bot.pictures.settlement import MAX_ROWS, render_settlement, settlement_png
from bot.pictures.style import AXIS, PAPER, SERIES
from bot.pictures.tally_chart import HEIGHT, WIDTH, render_tally_chart, tally_chart_png

from .pixels import color_mask, open_png


def last_point(image: Image.Image, color: tuple[int, int, int]) -> tuple[int, int]:
    """The rightmost place a series' colour appears (its end marker), as (x, y)."""
    mask = color_mask(image, color, 6)
    box = mask.getbbox()
    assert box is not None, f"no pixel of {color}"
    right = box[2]
    strip = mask.crop((right - 4, 0, right, image.height)).getbbox()
    assert strip is not None
    return right, (strip[1] + strip[3]) // 2


@pytest.mark.parametrize(
    "series",
    [
        pytest.param(
            {"老王": [48, 40, 90], "小李": [-16, 30, 20], "阿明": [-32, -70, -110]}, id="3p"
        ),
        pytest.param(
            {"A": [-8, -16, 200], "B": [24, 48, 100], "C": [-8, -16, -150], "D": [-8, -16, -150]},
            id="late-lead",
        ),
    ],
)
def test_the_top_players_last_point_is_the_highest(
    cjk: Fonts, series: dict[str, list[int]]
) -> None:
    image = render_tally_chart(series, fonts=cjk)
    ends = {name: last_point(image, SERIES[i]) for i, name in enumerate(series)}
    top = max(series, key=lambda name: series[name][-1])
    assert min(ends.values(), key=lambda xy: xy[1]) == ends[top]
    xs = [x for x, _ in ends.values()]
    assert max(xs) - min(xs) <= 4  # every line ends on the last hand


def test_the_zero_line_is_drawn_between_winners_and_losers(cjk: Fonts) -> None:
    series = {"W": [10, 20], "L": [-10, -20]}
    image = render_tally_chart(series, fonts=cjk)
    (_, y_win), (_, y_lose) = last_point(image, SERIES[0]), last_point(image, SERIES[1])
    dark = color_mask(image, AXIS, 45)
    zero_rows = [
        y
        for y in range(image.height)
        if dark.crop((0, y, image.width, y + 1)).histogram()[255] > image.width // 2
    ]
    assert any(y_win < y < y_lose for y in zero_rows)


def test_lines_differ_by_more_than_colour(cjk: Fonts) -> None:
    # Grey-scale the chart: a solid and a dashed line of the same values still differ.
    same = [5, -5, 5, -5]
    solid_first = render_tally_chart({"A": same, "B": [0, 0, 0, 0]}, fonts=cjk).convert("L")
    dashed_first = render_tally_chart({"B": [0, 0, 0, 0], "A": same}, fonts=cjk).convert("L")
    assert solid_first.tobytes() != dashed_first.tobytes()


def test_unequal_series_are_refused(cjk: Fonts) -> None:
    with pytest.raises(ValueError, match="one total per hand"):
        render_tally_chart({"A": [1, 2], "B": [1]}, fonts=cjk)


def test_a_session_without_hands_still_draws(cjk: Fonts) -> None:
    image = open_png(tally_chart_png({"A": [], "B": []}, fonts=cjk))
    assert image.size == (WIDTH, HEIGHT)


def test_settlement_rows_grow_with_transfers(cjk: Fonts) -> None:
    one = render_settlement([("大刘", "老王", 88)], fonts=cjk)
    three = render_settlement(
        [("大刘", "老王", 88), ("阿明", "老王", 40), ("小李", "老王", 8)], fonts=cjk
    )
    assert three.width == one.width and three.height > one.height
    empty = render_settlement([], fonts=cjk)
    assert empty.height == one.height  # "nobody owes anything" takes one row


def test_settlement_refuses_a_non_positive_amount(cjk: Fonts) -> None:
    with pytest.raises(ValueError, match="positive"):
        render_settlement([("A", "B", 0)], fonts=cjk)


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(
            lambda f: tally_chart_png({f"P{i}": list(range(2000)) for i in range(12)}, fonts=f),
            id="2000-hands-12-players",
        ),
        pytest.param(
            lambda f: settlement_png(
                [("A" * 80, "B", i + 1) for i in range(MAX_ROWS + 50)], fonts=f
            ),
            id="many-transfers",
        ),
    ],
)
def test_pictures_stay_within_telegram_photo_limits(cjk: Fonts, make: object) -> None:
    assert callable(make)
    data = make(cjk)
    image = open_png(data)
    width, height = image.size
    assert width + height <= MAX_SIDES_SUM
    assert max(width, height) <= MAX_RATIO * min(width, height)
    assert len(data) <= MAX_BYTES


@pytest.mark.parametrize(
    ("size", "expect_changed"),
    [
        pytest.param((1200, 720), False, id="ordinary"),
        pytest.param((9000, 3000), True, id="too-big"),
        pytest.param((4000, 100), True, id="too-thin"),
        pytest.param((100, 4000), True, id="too-tall"),
    ],
)
def test_fit_telegram(size: tuple[int, int], expect_changed: bool) -> None:
    image = Image.new("RGB", size, (1, 2, 3))
    fitted = fit_telegram(image, PAPER)
    width, height = fitted.size
    assert width + height <= MAX_SIDES_SUM
    assert max(width, height) <= MAX_RATIO * min(width, height)
    assert (fitted is not image) == expect_changed


def test_charts_fall_back_to_english_without_cjk(latin: Fonts, cjk: Fonts) -> None:
    # Chinese names the font cannot draw become P1, P2; the picture still renders.
    chart = render_tally_chart({"老王": [5], "小李": [-5]}, "zh", fonts=latin)
    ascii_chart = render_tally_chart({"P1": [5], "P2": [-5]}, "en", fonts=latin)
    assert chart.tobytes() == ascii_chart.tobytes()
    settle = render_settlement([("老王", "Li", 3)], "zh", fonts=latin)
    marked = render_settlement([("??", "Li", 3)], "en", fonts=latin)
    assert settle.tobytes() == marked.tobytes()


def test_a_custom_title_replaces_the_default(cjk: Fonts) -> None:
    series = {"A": [3, 5], "B": [-3, -5]}
    default = render_tally_chart(series, fonts=cjk)
    titled = render_tally_chart(series, fonts=cjk, title="第 3 场 · 11 月 29 日")
    assert default.size == titled.size and default.tobytes() != titled.tobytes()
    plain = render_settlement([("A", "B", 1)], fonts=cjk)
    renamed = render_settlement([("A", "B", 1)], fonts=cjk, title="今晚结算")
    assert plain.tobytes() != renamed.tobytes()
