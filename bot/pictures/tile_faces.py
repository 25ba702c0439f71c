"""One picture per tile face and size, drawn once and cached; hands are pasted from these.

A face is drawn at ``_SUPER`` times its size and scaled down, which gives smooth circles and
strokes without an anti-aliasing library. Layouts are fractions of the face, so every size
draws the same tile. The cached images are shared between threads: never draw on them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.pictures.fonts import FONT_LOCK, Fonts
from bot.pictures.style import (
    BLUE,
    FELT,
    GREEN,
    INK,
    IVORY,
    IVORY_EDGE,
    ORANGE,
    OUTLINE,
    RED,
    RGB,
    TILE_BACK,
    TILE_BACK_DARK,
    WILD_BADGE,
    WILD_GOLD,
)
from scoring.tiles import GREEN as GREEN_DRAGON
from scoring.tiles import JOKER, WHITE, ascii_label, rank_of, suit_of
from scoring.tiles import RED as RED_DRAGON

_SUPER = 4
_TEXT_MASTER = 128  # px: tile labels are rasterised at this size and scaled to fit
_FACE_RATIO = 1.32  # face height / width, like a real tile
_ZH_NUMERALS = "一二三四五六七八九"
_WIND_GLYPHS = ("東", "南", "西", "北")
_WIND_SIMPLE = ("东", "南", "西", "北")

Point = tuple[float, float]
# The 财 badge (radius and top, fractions of the face width) hides nothing: a wild tile's face
# is drawn scaled into the area below it (left, top, scale as fractions of the face).
_BADGE_RADIUS = 0.12
_BADGE_TOP = 0.01
_WILD_FACE_AREA = (0.14, 0.2, 0.72)


@lru_cache(maxsize=512)
def _text_mask(text: str, fonts: Fonts) -> Image.Image:
    """``text`` in the master size as an ink mask cropped to its ink (slightly bold)."""
    with FONT_LOCK:
        font = fonts.get(_TEXT_MASTER)
        stroke = max(1, _TEXT_MASTER // 40)
        x0, y0, x1, y1 = font.getbbox(text, stroke_width=stroke)
        mask = Image.new("L", (max(1, math.ceil(x1 - x0)), max(1, math.ceil(y1 - y0))), 0)
        ImageDraw.Draw(mask).text(
            (-x0, -y0), text, font=font, fill=255, stroke_width=stroke, stroke_fill=255
        )
    return mask


def tile_size(size: int) -> tuple[int, int]:
    """(width, height) of one tile picture, the tile's visible thickness included."""
    return size, _face_height(size) + _depth(size)


def _face_height(size: int) -> int:
    return round(size * _FACE_RATIO)


def _depth(size: int) -> int:
    return max(3, size // 9)


class _Canvas:
    """A supersampled tile being drawn; coordinates are fractions of the face."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.w = size * _SUPER
        self.h = _face_height(size) * _SUPER
        self.depth = _depth(size) * _SUPER
        self.image = Image.new("RGB", (self.w, self.h + self.depth), FELT)
        self.draw = ImageDraw.Draw(self.image)
        self.area = (0.0, 0.0, 1.0)  # where the face's drawing goes: left, top, scale

    @property
    def unit(self) -> float:
        """The face width lengths are fractions of, scaled with the drawing area."""
        return self.w * self.area[2]

    def px(self, x: float, y: float) -> Point:
        left, top, scale = self.area
        return (left + x * scale) * self.w, (top + y * scale) * self.h

    def body(self, face: RGB, side: RGB) -> None:
        radius = self.w * 0.12
        self.draw.rounded_rectangle(
            (0, self.depth * 0.6, self.w - 1, self.h + self.depth - 1),
            radius,
            fill=side,
            outline=OUTLINE,
            width=_SUPER,
        )
        self.draw.rounded_rectangle(
            (0, 0, self.w - 1, self.h - 1), radius, fill=face, outline=OUTLINE, width=_SUPER
        )

    def border(self, color: RGB) -> None:
        """A thick frame just inside the face's edge (the wild marking)."""
        inset = _SUPER
        self.draw.rounded_rectangle(
            (inset, inset, self.w - 1 - inset, self.h - 1 - inset),
            self.w * 0.11,
            outline=color,
            width=max(3 * _SUPER, round(self.w * 0.085)),
        )

    def disc(self, x: float, y: float, r: float, color: RGB) -> None:
        cx, cy = self.px(x, y)
        rr = r * self.unit
        self.draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=color)

    def coin(self, x: float, y: float, r: float, color: RGB) -> None:
        """One 筒 circle: a coin with a square-holed centre look."""
        self.disc(x, y, r, color)
        self.disc(x, y, r * 0.78, IVORY)
        self.disc(x, y, r * 0.62, color)
        self.disc(x, y, r * 0.26, IVORY)

    def stick(self, x: float, y: float, length: float, color: RGB, angle: float = 0) -> None:
        """One bamboo stick (条) centred at (x, y), ``length`` a fraction of the face height,
        its rounded ends included."""
        cx, cy = self.px(x, y)
        half_w = self.unit * 0.08
        half = length * self.h * self.area[2] / 2 - half_w
        dx, dy = math.sin(math.radians(angle)), -math.cos(math.radians(angle))
        nx, ny = -dy, dx

        def at(t: float, s: float) -> Point:
            return cx + dx * half * t + nx * half_w * s, cy + dy * half * t + ny * half_w * s

        self.draw.polygon([at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)], fill=color)
        for t in (-1, 1):
            ex, ey = at(t, 0)
            self.draw.ellipse((ex - half_w, ey - half_w, ex + half_w, ey + half_w), fill=color)
        dark = tuple(c * 2 // 3 for c in color)
        for node in (-0.7, 0.0, 0.7):
            self.draw.line([at(node, -1), at(node, 1)], fill=dark, width=round(half_w * 0.45))
        self.draw.line([at(-0.9, -0.35), at(0.9, -0.35)], fill=IVORY, width=round(half_w / 3))

    def text(
        self, text: str, fonts: Fonts, box: tuple[float, float, float, float], color: RGB
    ) -> None:
        """Draw ``text`` as large as fits the box (fractions of the face), centred.

        The text is rasterised once at ``_TEXT_MASTER`` px and scaled to the box, so every
        fitted size shares one font face instead of loading a face per size (the face is
        then scaled down ``_SUPER`` times with the tile, so the master is never enlarged
        on screen for tiles up to ``_TEXT_MASTER`` px)."""
        left, top, right, bottom = (*self.px(box[0], box[1]), *self.px(box[2], box[3]))
        mask = _text_mask(text, fonts)
        scale = min((right - left) / mask.width, (bottom - top) / mask.height)
        fitted = mask.resize(
            (max(1, round(mask.width * scale)), max(1, round(mask.height * scale))),
            Image.Resampling.LANCZOS,
        )
        origin = (
            round(left + (right - left - fitted.width) / 2),
            round(top + (bottom - top - fitted.height) / 2),
        )
        self.image.paste(Image.new("RGB", fitted.size, color), origin, fitted)

    def star(self, x: float, y: float, r: float, color: RGB) -> None:
        cx, cy = self.px(x, y)
        points = [
            (
                cx + r * self.unit * (1 if i % 2 == 0 else 0.45) * math.sin(math.pi * i / 5),
                cy - r * self.unit * (1 if i % 2 == 0 else 0.45) * math.cos(math.pi * i / 5),
            )
            for i in range(10)
        ]
        self.draw.polygon(points, fill=color)

    def finish(self) -> Image.Image:
        return self.image.resize(
            (self.size, self.image.height // _SUPER), Image.Resampling.LANCZOS, reducing_gap=2.0
        )


# 筒: (x, y, colour) per circle, and the circle radius as a fraction of the face width.
_DOTS: dict[int, tuple[float, tuple[tuple[float, float, RGB], ...]]] = {
    2: (0.2, ((0.5, 0.27, GREEN), (0.5, 0.73, BLUE))),
    3: (0.165, ((0.26, 0.2, BLUE), (0.5, 0.5, RED), (0.74, 0.8, GREEN))),
    4: (0.175, ((0.29, 0.28, BLUE), (0.71, 0.28, GREEN), (0.29, 0.72, GREEN), (0.71, 0.72, BLUE))),
    5: (
        0.15,
        (
            (0.27, 0.21, BLUE),
            (0.73, 0.21, GREEN),
            (0.5, 0.5, RED),
            (0.27, 0.79, GREEN),
            (0.73, 0.79, BLUE),
        ),
    ),
    6: (
        0.15,
        (
            (0.3, 0.18, GREEN),
            (0.7, 0.18, GREEN),
            (0.3, 0.53, RED),
            (0.7, 0.53, RED),
            (0.3, 0.82, RED),
            (0.7, 0.82, RED),
        ),
    ),
    7: (
        0.13,
        (
            (0.23, 0.13, GREEN),
            (0.5, 0.25, GREEN),
            (0.77, 0.37, GREEN),
            (0.3, 0.62, RED),
            (0.7, 0.62, RED),
            (0.3, 0.86, RED),
            (0.7, 0.86, RED),
        ),
    ),
    8: (0.13, tuple((x, y, BLUE) for y in (0.14, 0.38, 0.62, 0.86) for x in (0.3, 0.7))),
    9: (
        0.135,
        tuple(
            (x, y, c) for y, c in ((0.19, BLUE), (0.5, RED), (0.81, GREEN)) for x in (0.2, 0.5, 0.8)
        ),
    ),
}

# 条: (x, y, angle, colour) per stick, and the stick length as a fraction of the face height.
_STICKS: dict[int, tuple[float, tuple[tuple[float, float, float, RGB], ...]]] = {
    2: (0.4, ((0.5, 0.27, 0, GREEN), (0.5, 0.73, 0, BLUE))),
    3: (0.4, ((0.5, 0.27, 0, BLUE), (0.3, 0.73, 0, GREEN), (0.7, 0.73, 0, GREEN))),
    4: (
        0.4,
        ((0.3, 0.27, 0, GREEN), (0.7, 0.27, 0, BLUE), (0.3, 0.73, 0, BLUE), (0.7, 0.73, 0, GREEN)),
    ),
    5: (
        0.4,
        (
            (0.22, 0.27, 0, GREEN),
            (0.78, 0.27, 0, BLUE),
            (0.5, 0.5, 0, RED),
            (0.22, 0.73, 0, BLUE),
            (0.78, 0.73, 0, GREEN),
        ),
    ),
    6: (
        0.4,
        tuple((x, y, 0, GREEN if y < 0.5 else BLUE) for y in (0.27, 0.73) for x in (0.2, 0.5, 0.8)),
    ),
    7: (
        0.27,
        ((0.5, 0.17, 0, RED), *((x, y, 0, GREEN) for y in (0.5, 0.82) for x in (0.2, 0.5, 0.8))),
    ),
    8: (
        0.4,
        (
            (0.15, 0.27, 0, GREEN),
            (0.38, 0.27, 22, GREEN),
            (0.62, 0.27, -22, GREEN),
            (0.85, 0.27, 0, GREEN),
            (0.15, 0.73, 0, BLUE),
            (0.37, 0.73, -18, BLUE),
            (0.63, 0.73, 18, BLUE),
            (0.85, 0.73, 0, BLUE),
        ),
    ),
    9: (
        0.27,
        tuple(
            (x, y, 0, c)
            for y in (0.17, 0.5, 0.83)
            for x, c in ((0.2, GREEN), (0.5, RED), (0.8, BLUE))
        ),
    ),
}


def _one_dot(c: _Canvas) -> None:
    c.disc(0.5, 0.5, 0.4, GREEN)
    c.disc(0.5, 0.5, 0.34, IVORY)
    for i in range(12):
        angle = math.tau * i / 12
        c.disc(0.5 + 0.37 * math.cos(angle), 0.5 + 0.37 * math.sin(angle) / _FACE_RATIO, 0.028, RED)
    c.coin(0.5, 0.5, 0.29, BLUE)
    c.disc(0.5, 0.5, 0.1, RED)


def _bird(c: _Canvas) -> None:
    """1条: a sparrow on a bamboo twig."""
    draw = c.draw
    for dx, color in ((-0.04, GREEN), (0.04, BLUE), (0.12, GREEN)):
        draw.polygon([c.px(0.45, 0.55), c.px(0.12 + dx, 0.86), c.px(0.26 + dx, 0.9)], fill=color)
    bx0, by0 = c.px(0.2, 0.36)
    bx1, by1 = c.px(0.78, 0.68)
    draw.ellipse((bx0, by0, bx1, by1), fill=GREEN)
    draw.ellipse((*c.px(0.42, 0.5), *c.px(0.76, 0.66)), fill=ORANGE)
    draw.ellipse((*c.px(0.26, 0.4), *c.px(0.56, 0.56)), fill=BLUE)
    draw.ellipse((*c.px(0.56, 0.2), *c.px(0.86, 0.42)), fill=GREEN)
    draw.polygon([c.px(0.84, 0.27), c.px(0.98, 0.32), c.px(0.84, 0.36)], fill=ORANGE)
    draw.polygon([c.px(0.6, 0.22), c.px(0.66, 0.1), c.px(0.72, 0.21)], fill=RED)
    c.disc(0.75, 0.29, 0.045, IVORY)
    c.disc(0.76, 0.29, 0.022, INK)
    width = max(2, round(c.unit / 40))
    for x in (0.5, 0.6):
        draw.line([c.px(x, 0.66), c.px(x - 0.03, 0.8)], fill=INK, width=width)
    draw.line([c.px(0.3, 0.8), c.px(0.9, 0.8)], fill=TILE_BACK_DARK, width=width * 2)


def _white_frame(c: _Canvas) -> None:
    """白: an empty face in a blue double frame."""
    outer = (*c.px(0.14, 0.1), *c.px(0.86, 0.9))
    inner = (*c.px(0.22, 0.16), *c.px(0.78, 0.84))
    c.draw.rectangle(outer, outline=BLUE, width=round(c.unit * 0.06))
    c.draw.rectangle(inner, outline=BLUE, width=round(c.unit * 0.02))


def _glyph(fonts: Fonts, preferred: str, simple: str) -> str:
    """The traditional face as printed on real tiles (萬, 東, 發) when the font has it."""
    return preferred if fonts.covers(preferred) else simple


def _joker(c: _Canvas, rank: int, fonts: Fonts) -> None:
    """A faceless wild: 财, or a star without a CJK font."""
    if fonts.cjk:
        c.text("财", fonts, (0.14, 0.14, 0.86, 0.86), WILD_GOLD)
    else:
        c.star(0.5, 0.5, 0.4, WILD_GOLD)


def _characters(c: _Canvas, rank: int, fonts: Fonts) -> None:
    """萬: the numeral above the red 萬 (or the digit above a red m)."""
    if fonts.cjk:
        c.text(_ZH_NUMERALS[rank - 1], fonts, (0.1, 0.06, 0.86, 0.42), INK)
        c.text(_glyph(fonts, "萬", "万"), fonts, (0.12, 0.5, 0.88, 0.94), RED)
    else:
        c.text(str(rank), fonts, (0.12, 0.06, 0.86, 0.5), INK)
        c.text("m", fonts, (0.2, 0.56, 0.8, 0.92), RED)


def _dots(c: _Canvas, rank: int, fonts: Fonts) -> None:
    """筒: the big one-dot, or the coins of the rank."""
    if rank == 1:
        _one_dot(c)
        return
    radius, dots = _DOTS[rank]
    for x, y, color in dots:
        c.coin(x, y, radius, color)


def _bamboo(c: _Canvas, rank: int, fonts: Fonts) -> None:
    """条: the bird of the one, or the sticks of the rank."""
    if rank == 1:
        _bird(c)
        return
    length, sticks = _STICKS[rank]
    for x, y, angle, color in sticks:
        c.stick(x, y, length, color, angle)


def _honor_label(tile: int, rank: int, fonts: Fonts) -> str:
    if not fonts.cjk:
        return ascii_label(tile)
    if tile == GREEN_DRAGON:
        return _glyph(fonts, "發", "发")
    if tile == RED_DRAGON:
        return "中"
    return _glyph(fonts, _WIND_GLYPHS[rank - 1], _WIND_SIMPLE[rank - 1])


_SUIT_FACES: Final[dict[str, Callable[[_Canvas, int, Fonts], None]]] = {
    "m": _characters,
    "p": _dots,
    "s": _bamboo,
}


def _draw_face(c: _Canvas, tile: int, fonts: Fonts) -> None:
    suit, rank = suit_of(tile), rank_of(tile)
    if tile == JOKER:
        _joker(c, rank, fonts)
    elif suit in _SUIT_FACES:
        _SUIT_FACES[suit](c, rank, fonts)
    elif tile == WHITE:
        _white_frame(c)
    else:
        color = {RED_DRAGON: RED, GREEN_DRAGON: GREEN}.get(tile, INK)
        c.text(_honor_label(tile, rank, fonts), fonts, (0.1, 0.1, 0.9, 0.9), color)


def _badge(c: _Canvas, fonts: Fonts) -> None:
    """The small 财 badge on the top edge of a wild tile, above its (shrunk) face."""
    r = _BADGE_RADIUS
    x, y = 0.5, (r + _BADGE_TOP) * c.w / c.h
    c.disc(x, y, r, WILD_GOLD)
    c.disc(x, y, r * 0.8, WILD_BADGE)
    rr = r * 0.6
    if fonts.cjk:
        c.text("财", fonts, (x - rr, y - rr * c.w / c.h, x + rr, y + rr * c.w / c.h), WILD_GOLD)
    else:
        c.star(x, y, rr, WILD_GOLD)


@lru_cache(maxsize=1024)
def tile_image(tile: int, size: int, wild: bool, fonts: Fonts) -> Image.Image:
    """The picture of one face-up tile on the felt; ``wild`` adds the gold border and badge.

    A faceless wild (``JOKER``) is always drawn as wild.
    """
    wild = wild or tile == JOKER
    canvas = _Canvas(size)
    canvas.body(IVORY, IVORY_EDGE)
    badged = wild and tile != JOKER
    if badged:  # the face shrinks to the lower part, the badge takes the top edge
        canvas.area = _WILD_FACE_AREA
    _draw_face(canvas, tile, fonts)
    canvas.area = (0.0, 0.0, 1.0)
    if wild:
        canvas.border(WILD_GOLD)
    if badged:
        _badge(canvas, fonts)
    return canvas.finish()


@lru_cache(maxsize=64)
def tile_back(size: int) -> Image.Image:
    """A face-down tile (the middle of a concealed kong shows two faces down)."""
    canvas = _Canvas(size)
    canvas.body(TILE_BACK, IVORY_EDGE)
    inset = 0.09
    canvas.draw.rounded_rectangle(
        (*canvas.px(inset, inset * 0.8), *canvas.px(1 - inset, 1 - inset * 0.8)),
        canvas.w * 0.08,
        outline=TILE_BACK_DARK,
        width=_SUPER * 2,
    )
    return canvas.finish()
