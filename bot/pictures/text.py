"""Text on pictures, set from cached glyphs.

FreeType rasterising (a bold stroke especially) costs more than everything else in a hand
picture, so, like tile faces, each glyph is drawn once per font, size and weight and then
pasted. Layout is simple left-to-right advance, which is all Chinese and Latin labels need.
Callers pass text through ``Fonts.printable`` first, so no glyph here is a notdef box.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.pictures.fonts import FONT_LOCK, Fonts
from bot.pictures.style import RGB

Font = ImageFont.FreeTypeFont


class _Glyph:
    __slots__ = ("advance", "mask", "offset")

    def __init__(self, mask: Image.Image | None, offset: tuple[int, int], advance: float) -> None:
        self.mask = mask  # None for a blank (space)
        self.offset = offset  # from the pen position on the baseline to the mask's top-left
        self.advance = advance


def _stroke(font: Font, bold: bool) -> int:
    return max(1, round(font.size / 28)) if bold else 0


@lru_cache(maxsize=8192)
def _glyph(font: Font, char: str, bold: bool) -> _Glyph:
    stroke = _stroke(font, bold)
    with FONT_LOCK:
        advance = font.getlength(char)
        left, top, right, bottom = map(int, font.getbbox(char, anchor="ls", stroke_width=stroke))
        if right <= left or bottom <= top:
            return _Glyph(None, (0, 0), advance)
        mask = Image.new("L", (right - left, bottom - top), 0)
        ImageDraw.Draw(mask).text(
            (-left, -top),
            char,
            font=font,
            fill=255,
            anchor="ls",
            stroke_width=stroke,
            stroke_fill=255,
        )
    return _Glyph(mask, (left, top), advance)


def width_of(font: Font, text: str, bold: bool = False) -> int:
    return round(sum(_glyph(font, c, bold).advance for c in text))


def shorten(fonts: Fonts, font: Font, text: str, max_width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width`` pixels."""
    if width_of(font, text, bold) <= max_width:
        return text
    ellipsis = "…" if fonts.covers("…") else "..."
    while text and width_of(font, text + ellipsis, bold) > max_width:
        text = text[:-1]
    return text + ellipsis


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    font: Font,
    fill: RGB,
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Paste ``text`` at ``xy``; ``anchor`` as Pillow's: l/m/r then a/m/s/d (top/middle/
    baseline/bottom); ``bold`` thickens a regular face with a stroke of its own colour."""
    ascent, descent = font.getmetrics()
    x = xy[0] - {"l": 0, "m": 0.5, "r": 1}[anchor[0]] * width_of(font, text, bold)
    baseline = xy[1] + {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[anchor[1]]
    for char in text:
        glyph = _glyph(font, char, bold)
        if glyph.mask is not None:
            box = (round(x) + glyph.offset[0], round(baseline) + glyph.offset[1])
            image.paste(fill, box, glyph.mask)
        x += glyph.advance


def wrap(font: Font, text: str, max_width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``max_width`` pixels: after a space where one is
    near the end of a line, else between any two characters (Chinese has no spaces)."""
    lines: list[str] = []
    rest = text.strip()
    while rest and width_of(font, rest, bold) > max_width:
        fits, advance = 0, 0.0
        for char in rest:
            advance += _glyph(font, char, bold).advance
            if advance > max_width:
                break
            fits += 1
        fits = max(1, fits)
        space = rest.rfind(" ", 0, fits + 1)
        cut = space if space > fits // 2 else fits
        lines.append(rest[:cut].rstrip(" ·"))  # a separator does not end a line
        rest = rest[cut:].strip()
    if rest:
        lines.append(rest)
    return lines
