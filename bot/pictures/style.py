"""Colours shared by every picture; the ones a test looks for are named here."""

from __future__ import annotations

RGB = tuple[int, int, int]

FELT: RGB = (20, 84, 62)  # the table: every hand image's background
FELT_LIGHT: RGB = (34, 108, 80)
TEXT_LIGHT: RGB = (244, 240, 226)
TEXT_DIM: RGB = (182, 206, 190)
TEXT_GAIN: RGB = (255, 212, 90)  # a winner's amount

IVORY: RGB = (251, 248, 238)
IVORY_EDGE: RGB = (214, 206, 186)
TILE_BACK: RGB = (28, 128, 96)  # the green back of a tile
TILE_BACK_DARK: RGB = (18, 92, 68)
OUTLINE: RGB = (120, 112, 96)

INK: RGB = (24, 30, 60)  # numerals and winds
RED: RGB = (200, 30, 40)
GREEN: RGB = (20, 124, 66)
BLUE: RGB = (30, 74, 160)
ORANGE: RGB = (236, 140, 30)

WILD_GOLD: RGB = (255, 184, 0)  # the wild (财神) border: tests look for exactly this colour
WILD_BADGE: RGB = (120, 24, 96)  # plum: no face uses it, so a test can tell the badge apart

PAPER: RGB = (255, 255, 255)  # charts
GRID: RGB = (226, 226, 226)
AXIS: RGB = (60, 60, 60)
CHART_TEXT: RGB = (30, 30, 30)
# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
SERIES: tuple[RGB, ...] = (
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (86, 180, 233),
    (230, 159, 0),
    (0, 0, 0),
    (150, 150, 150),
)
