"""Text on pictures: measured and drawn under the font lock, never with a missing glyph."""

from __future__ import annotations

from PIL import ImageDraw, ImageFont

from bot.pictures.fonts import FONT_LOCK, Fonts
from bot.pictures.style import RGB


def width_of(font: ImageFont.FreeTypeFont, text: str) -> int:
    with FONT_LOCK:
        return round(font.getlength(text))


def shorten(fonts: Fonts, font: ImageFont.FreeTypeFont, text: str, max_width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width`` pixels."""
    if width_of(font, text) <= max_width:
        return text
    ellipsis = "…" if fonts.covers("…") else "..."
    while text and width_of(font, text + ellipsis) > max_width:
        text = text[:-1]
    return text + ellipsis


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Draw ``text``; ``bold`` thickens a regular face with a stroke of its own colour."""
    stroke = max(1, round(font.size / 28)) if bold else 0
    with FONT_LOCK:
        draw.text(
            xy, text, font=font, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill
        )
