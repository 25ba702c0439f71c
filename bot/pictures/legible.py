"""Text that stays readable on a phone, whatever the picture's width.

Telegram shows a photo as wide as the chat, about 390 px on a phone, so a picture 1,000 px
wide is shown at 0.39×. Every font size is chosen so that a digit (the shortest glyph a text
line is made of: capitals and Chinese characters stand taller) is at least ``MIN_TEXT_PX``
tall there. Lowercase-only text would be shorter still, so picture labels start with a capital.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from bot.pictures.fonts import FONT_LOCK, Fonts

PHONE_WIDTH: Final = 390  # px a phone shows a photo across
MIN_TEXT_PX: Final = 11  # a digit's height there
_PROBE: Final = "0"
_DIGIT_GUESS: Final = 0.76  # a digit's height as a share of the size: most fonts' a little less
_MARGIN: Final = 1.0  # px: anti-aliased edge rows count for less than a whole pixel


# The sizes a picture's text takes, about 8 % apart: each size is a FreeType face of its own
# (about 1 MiB), so hands of every width share a handful of them.
SIZE_LADDER: Final = tuple(sorted({round(8 * 1.08**step) for step in range(50)}))


def min_font_size(fonts: Fonts, image_width: float, scale: float = 1.0) -> int:
    """The smallest font size of ``SIZE_LADDER`` whose digits are at least ``MIN_TEXT_PX``
    (times ``scale``, for a heading) tall when the picture is shown ``PHONE_WIDTH`` wide.

    Sizes are tried from a first guess upwards, so only faces the pictures use get loaded:
    loading a face of a large font collection holds the GIL a while."""
    digit_height = (MIN_TEXT_PX + _MARGIN) * image_width / PHONE_WIDTH * scale
    guess = digit_height / _DIGIT_GUESS
    for size in SIZE_LADDER:
        if size >= guess and _digit_height(fonts, size) >= digit_height:
            return size
    return math.ceil(guess)


@lru_cache(maxsize=256)
def _digit_height(fonts: Fonts, size: int) -> int:
    with FONT_LOCK:
        _, top, _, bottom = fonts.get(size).getbbox(_PROBE)
    return round(bottom - top)


def ladder_size(size: float) -> int:
    """The largest size of ``SIZE_LADDER`` not above ``size`` (at least the smallest)."""
    return max((step for step in SIZE_LADDER if step <= size), default=SIZE_LADDER[0])
