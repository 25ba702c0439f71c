"""Small drawing pieces the charts share: tick steps, dashed polylines, markers, the canvas.

Charts are drawn at ``SUPER`` times their size and scaled down once, for smooth lines.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import ImageDraw

from bot.pictures.style import RGB

SUPER = 2
Point = tuple[float, float]

# Per series: a dash pattern (on, off in line widths; () = solid) and a marker shape, so that
# lines stay apart in black and white too.
DASHES: tuple[tuple[float, ...], ...] = ((), (4, 2), (1, 1.6), (4, 1.6, 1, 1.6))
MARKERS = ("circle", "square", "triangle", "diamond", "triangle_down", "cross")


def nice_step(span: float, target_ticks: int) -> int:
    """A step of 1, 2 or 5 × 10^k giving about ``target_ticks`` ticks over ``span``."""
    if span <= 0:
        return 1
    raw = span / max(1, target_ticks)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return max(1, int(factor * magnitude))
    return max(1, int(10 * magnitude))


def polyline(
    draw: ImageDraw.ImageDraw,
    points: Sequence[Point],
    color: RGB,
    width: int,
    dash: tuple[float, ...] = (),
) -> None:
    """A polyline; a dash pattern carries on across the corners."""
    if not dash:
        draw.line(list(points), fill=color, width=width, joint="curve")
        return
    pattern = [d * width for d in dash]
    index, left, on = 0, pattern[0], True
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                t0, t1 = done / length, (done + step) / length
                start = (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0)
                end = (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)
                draw.line([start, end], fill=color, width=width)
                r = width / 2  # round caps keep short dashes and dots visible
                for cx, cy in (start, end):
                    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=color)
            done += step
            left -= step
            if left <= 1e-9:
                index = (index + 1) % len(pattern)
                left, on = pattern[index], not on


def marker(draw: ImageDraw.ImageDraw, center: Point, shape: str, r: float, color: RGB) -> None:
    x, y = center
    outline = (255, 255, 255)
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=color, outline=outline, width=2)
    elif shape == "square":
        s = r * 0.9
        draw.rectangle((x - s, y - s, x + s, y + s), fill=color, outline=outline, width=2)
    elif shape == "diamond":
        draw.polygon(
            [(x, y - r * 1.2), (x + r * 1.2, y), (x, y + r * 1.2), (x - r * 1.2, y)],
            fill=color,
            outline=outline,
        )
    elif shape in ("triangle", "triangle_down"):
        sign = 1 if shape == "triangle" else -1
        draw.polygon(
            [
                (x, y - sign * r * 1.25),
                (x + r * 1.15, y + sign * r * 0.8),
                (x - r * 1.15, y + sign * r * 0.8),
            ],
            fill=color,
            outline=outline,
        )
    else:
        w = max(2, round(r / 2))
        draw.line([(x - r, y - r), (x + r, y + r)], fill=color, width=w)
        draw.line([(x - r, y + r), (x + r, y - r)], fill=color, width=w)
