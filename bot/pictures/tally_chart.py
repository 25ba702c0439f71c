"""The running total of each player over the hands of a session, as a line chart.

Every line starts at 0 before hand 1 and ends at the player's name and total. Lines differ
by colour, dash pattern and marker, so the chart reads in black and white too.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.pictures.chart_kit import DASHES, MARKERS, SUPER, marker, nice_step, polyline
from bot.pictures.encode import png_bytes
from bot.pictures.fonts import Fonts, default_fonts
from bot.pictures.legible import min_font_size
from bot.pictures.style import AXIS, CHART_TEXT, GRID, PAPER, SERIES
from bot.pictures.text import draw_text, shorten, width_of

WIDTH, HEIGHT = 800, 560  # about twice a phone's width: its text is sized to read there
_MARK_EVERY_POINT_UP_TO = 30  # hands; beyond that only the last point gets a marker


def render_tally_chart(
    series: Mapping[str, Sequence[int]],
    lang: str = "zh",
    *,
    fonts: Fonts | None = None,
    size: tuple[int, int] = (WIDTH, HEIGHT),
    title: str | None = None,
    at_hands: Sequence[int] | None = None,
) -> Image.Image:
    """``series`` maps a player's name to their running total after each hand (or, for a
    long session sampled, after each of ``at_hands``); ``title`` replaces the default
    (本场累计（N 局）).

    Raises ValueError when the players' lists differ in length.
    """
    fonts = fonts or default_fonts()
    zh = lang == "zh" and fonts.cjk
    lengths = {len(values) for values in series.values()}
    if len(lengths) > 1:
        raise ValueError(f"every player needs one total per hand; got lengths {sorted(lengths)}")
    points_given = lengths.pop() if lengths else 0
    xs = list(at_hands) if at_hands is not None else list(range(1, points_given + 1))
    if len(xs) != points_given:
        raise ValueError(f"{len(xs)} hand numbers for {points_given} totals")
    hands = xs[-1] if xs else 0

    w, h = size[0] * SUPER, size[1] * SUPER
    image = Image.new("RGB", (w, h), PAPER)
    draw = ImageDraw.Draw(image)
    legible = min_font_size(fonts, size[0]) * SUPER
    title_font = fonts.get(round(legible * 1.3))
    tick_font = fonts.get(legible)
    label_font = fonts.get(round(legible * 1.1))

    names = [fonts.printable(name).strip() or f"P{i + 1}" for i, name in enumerate(series)]
    totals = [list(values) for values in series.values()]
    labels = [
        shorten(fonts, label_font, name, w // 5, bold=True)
        + (f" {values[-1]:+d}" if values else "")
        for name, values in zip(names, totals, strict=True)
    ]

    every = [0, *(v for values in totals for v in values)]
    y_step = nice_step(max(every) - min(every), 6)
    y_lo = math.floor(min(every) / y_step) * y_step
    y_hi = math.ceil(max(every) / y_step) * y_step
    if y_hi == y_lo:
        y_hi = y_lo + y_step
    y_ticks = list(range(y_lo, y_hi + 1, y_step))

    if title is None:
        title = f"本场累计（{hands} 局）" if zh else f"Running totals ({hands} hands)"
    title = shorten(fonts, title_font, fonts.printable(title, "?"), w - 80 * SUPER, bold=True)
    top = 14 * SUPER + round(title_font.size * 1.4 + tick_font.size * 0.6)
    left = 28 * SUPER + max(width_of(tick_font, f"{t:+d}") for t in y_ticks)
    right = w - 36 * SUPER - max([width_of(label_font, lb, bold=True) for lb in labels] + [0])
    bottom = h - 12 * SUPER - round(tick_font.size * 2.75)
    x_span = max(1, hands)

    def px(hand: float, value: float) -> tuple[float, float]:
        return (
            left + (right - left) * hand / x_span,
            bottom - (bottom - top) * (value - y_lo) / (y_hi - y_lo),
        )

    draw_text(image, (left, 14 * SUPER), title, title_font, CHART_TEXT, bold=True)
    for tick in y_ticks:
        _, y = px(0, tick)
        zero = tick == 0
        draw.line(
            [(left, y), (right, y)], fill=AXIS if zero else GRID, width=SUPER * (3 if zero else 1)
        )
        draw_text(
            image,
            (left - 10 * SUPER, y),
            f"{tick:+d}" if tick else "0",
            tick_font,
            CHART_TEXT,
            anchor="rm",
        )
    x_step = nice_step(x_span, 12)
    for hand in range(0, x_span + 1, x_step):
        x, _ = px(hand, y_lo)
        draw.line([(x, bottom), (x, bottom + 6 * SUPER)], fill=AXIS, width=SUPER)
        draw_text(image, (x, bottom + 10 * SUPER), str(hand), tick_font, CHART_TEXT, anchor="ma")
    draw.line([(left, bottom), (right, bottom)], fill=AXIS, width=SUPER)
    axis_name = "第几局" if zh else "Hand"  # capitalised: see bot.pictures.legible
    axis_pos = ((left + right) / 2, bottom + 8 * SUPER + round(tick_font.size * 1.2))
    draw_text(image, axis_pos, axis_name, tick_font, AXIS, anchor="ma")
    if hands == 0:
        empty = "还没有记录的牌局" if zh else "No hands recorded yet"
        draw_text(image, (w / 2, (top + bottom) / 2), empty, label_font, CHART_TEXT, anchor="mm")

    ends: list[tuple[float, int]] = []
    for index, values in enumerate(totals):
        if not values:
            continue
        color = SERIES[index % len(SERIES)]
        points = [px(hand, value) for hand, value in zip([0, *xs], [0, *values], strict=True)]
        polyline(draw, points, color, 4 * SUPER, DASHES[index % len(DASHES)])
        shape = MARKERS[index % len(MARKERS)]
        marked = points[1:] if points_given <= _MARK_EVERY_POINT_UP_TO else points[-1:]
        for point in marked:
            marker(draw, point, shape, 5 * SUPER, color)
        marker(draw, points[-1], shape, 7 * SUPER, color)
        ends.append((points[-1][1], index))
    _end_labels(image, ends, labels, (right, top, bottom), label_font)
    return image.resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)


def _end_labels(
    image: Image.Image,
    ends: list[tuple[float, int]],
    labels: list[str],
    plot_edges: tuple[float, float, float],
    font: ImageFont.FreeTypeFont,
) -> None:
    """Each label beside its line's end, pushed apart (keeping their order) when they collide;
    ``plot_edges`` are the plot's right, top and bottom."""
    right, top, bottom = plot_edges
    step = font.size * 1.25
    ends.sort()
    placed: list[float] = []
    for y, _ in ends:
        placed.append(max(y, placed[-1] + step) if placed else y)
    overflow = (placed[-1] - bottom) if placed else 0
    if overflow > 0:  # shift the stack up, never above the plot's top
        placed = [max(top + i * step, y - overflow) for i, y in enumerate(placed)]
    x = right + 16 * SUPER
    draw = ImageDraw.Draw(image)
    for (y, index), label_y in zip(ends, placed, strict=True):
        if abs(label_y - y) > 2:
            draw.line([(right + 9 * SUPER, y), (x - 3 * SUPER, label_y)], fill=GRID, width=SUPER)
        draw_text(image, (x, label_y), labels[index], font, CHART_TEXT, anchor="lm", bold=True)


def tally_chart_png(
    series: Mapping[str, Sequence[int]],
    lang: str = "zh",
    *,
    fonts: Fonts | None = None,
    title: str | None = None,
    at_hands: Sequence[int] | None = None,
) -> bytes:
    """The running-total chart as PNG bytes for a Telegram photo."""
    chart = render_tally_chart(series, lang, fonts=fonts, title=title, at_hands=at_hands)
    return png_bytes(chart, PAPER)
