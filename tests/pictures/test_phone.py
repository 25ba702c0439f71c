"""Pictures read on a phone, measured on their pixels: Telegram shows a photo 390 px wide, and
there every text line must stand at least 11 px tall; the 财 badge hides none of a wild
tile's face; the settle-up has no big empty bands. With the CJK font and the Latin fallback."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

import scoring
from benchmarks.picture_samples import NAMES, TALLY, TRANSFERS
from bot.pictures.fonts import Fonts
from bot.pictures.hand_image import hand_png
from bot.pictures.legible import MIN_TEXT_PX, PHONE_WIDTH
from bot.pictures.settlement import settlement_png
from bot.pictures.style import (
    BLUE,
    GREEN,
    INK,
    OUTLINE,
    PAPER,
    RED,
    RGB,
    SERIES,
    TEXT_DIM,
    TEXT_GAIN,
    TEXT_LIGHT,
    WILD_BADGE,
)
from bot.pictures.tally_chart import tally_chart_png
from bot.pictures.tile_faces import tile_image
from scoring.tiles import JOKER

from .pixels import Box, color_mask, components, open_png, text_lines

FONTS = ["cjk", "latin"]
HANDS = {
    "baotou": ("123m456m789m123p白 +5s 自摸", "hangzhou"),
    "indicator-wild": ("(东东东东) [345p] 2345m678s +9m 自摸 翻1m", "huzhou-yingpiao"),
    "seven-pairs": ("1133m5577p99s东东白 +3s 点炮S", "hangzhou"),
    "four-kongs": ("(1111m) (2222p) [3333s] [东东东东] 5m +5m 自摸", "hangzhou"),
}
LONG_NAMES = [("一位名字特别特别长的玩家", "Bartholomew Montgomery", 1234567), ("小李", "老王", 8)]


def fonts_named(request: pytest.FixtureRequest, name: str) -> Fonts:
    found = request.getfixturevalue(name)
    assert isinstance(found, Fonts)
    return found


def any_of(image: Image.Image, colours: list[RGB], tolerance: int) -> Image.Image:
    mask = Image.new("1", image.size, 0)
    for colour in colours:
        mask = ImageChops.logical_or(mask, color_mask(image, colour, tolerance))
    return mask


def dark(image: Image.Image, below: int = 110) -> Image.Image:
    """Pixels whose every channel is dark: chart text, axes and arrows (not the series)."""
    red, green, blue = image.split()
    brightest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return brightest.point(lambda v: 255 if v < below else 0).convert("1")


def hand_text_mask(image: Image.Image) -> Image.Image:
    """The hand picture's text (header, captions, footer): its text colours outside the tiles,
    whose ivory is close to the light text colour (the tiles' outline marks their rows)."""
    mask = any_of(image, [TEXT_LIGHT, TEXT_DIM, TEXT_GAIN], 40)
    tile_rows = color_mask(image, OUTLINE, 10).getbbox()
    assert tile_rows is not None
    mask.paste(0, (0, tile_rows[1], image.width, tile_rows[3]))
    return mask


def shortest_on_a_phone(image: Image.Image, mask: Image.Image) -> tuple[float, list[Box]]:
    lines = text_lines(mask)
    assert lines, "no text found"
    shortest = min(bottom - top for _, top, _, bottom in lines)
    return shortest * PHONE_WIDTH / image.width, lines


@pytest.mark.parametrize("fonts_name", FONTS)
@pytest.mark.parametrize("hand", list(HANDS), ids=str)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_hand_picture_text_is_readable_on_a_phone(
    request: pytest.FixtureRequest, fonts_name: str, hand: str, lang: str
) -> None:
    result = scoring.score(*HANDS[hand])
    image = open_png(hand_png(result, NAMES, lang, fonts=fonts_named(request, fonts_name)))
    height, lines = shortest_on_a_phone(image, hand_text_mask(image))
    assert height >= MIN_TEXT_PX, f"{height:.1f} px at {PHONE_WIDTH} px wide; lines {lines}"
    assert len(lines) >= 5  # header, captions, four seats' amounts, the formula


@pytest.mark.parametrize("fonts_name", FONTS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tally_chart_text_is_readable_on_a_phone(
    request: pytest.FixtureRequest, fonts_name: str, lang: str
) -> None:
    image = open_png(tally_chart_png(TALLY, lang, fonts=fonts_named(request, fonts_name)))
    height, lines = shortest_on_a_phone(image, dark(image))
    assert height >= MIN_TEXT_PX, f"{height:.1f} px at {PHONE_WIDTH} px wide; lines {lines}"
    assert len(lines) >= 1 + 4 + 1  # the title, four names, the axis name (and the ticks)


def settlement_mask(image: Image.Image) -> Image.Image:
    return ImageChops.logical_or(dark(image), color_mask(image, SERIES[1], 40))


@pytest.mark.parametrize("fonts_name", FONTS)
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(
    "transfers", [TRANSFERS, LONG_NAMES, []], ids=["sample", "long-names", "all-square"]
)
def test_settlement_text_is_readable_on_a_phone(
    request: pytest.FixtureRequest,
    fonts_name: str,
    lang: str,
    transfers: list[tuple[str, str, int]],
) -> None:
    fonts = fonts_named(request, fonts_name)
    image = open_png(settlement_png(transfers, lang, fonts=fonts))
    height, lines = shortest_on_a_phone(image, settlement_mask(image))
    assert height >= MIN_TEXT_PX, f"{height:.1f} px at {PHONE_WIDTH} px wide; lines {lines}"


def empty_run(flags: list[bool]) -> int:
    """The longest run of False in ``flags``."""
    longest = current = 0
    for flag in flags:
        current = 0 if flag else current + 1
        longest = max(longest, current)
    return longest


@pytest.mark.parametrize("fonts_name", FONTS)
@pytest.mark.parametrize(
    "transfers",
    [TRANSFERS, TRANSFERS[:1], [("A", "B", 5)], LONG_NAMES],
    ids=["sample", "one", "short-names", "long-names"],
)
def test_settlement_has_no_big_empty_areas(
    request: pytest.FixtureRequest, fonts_name: str, transfers: list[tuple[str, str, int]]
) -> None:
    image = open_png(settlement_png(transfers, "zh", fonts=fonts_named(request, fonts_name)))
    ink = settlement_mask(image)
    box = ink.getbbox()
    assert box is not None
    rows = ink.crop((0, box[1], image.width, box[3]))  # from the title to the note
    columns = [
        rows.crop((x, 0, x + 1, rows.height)).getbbox() is not None for x in range(rows.width)
    ]
    lines = [rows.crop((0, y, rows.width, y + 1)).getbbox() is not None for y in range(rows.height)]
    # Margins and the gaps between the rows, but no band a fifth of the picture wide (or a
    # quarter of it tall: one transfer makes a short picture) without anything in it.
    assert empty_run(columns) < image.width / 5, f"{empty_run(columns)} of {image.width} px"
    assert empty_run(lines) < image.height / 4, f"{empty_run(lines)} of {image.height} px"
    assert image.getpixel((0, 0)) == PAPER


# The face's own colours (the bird's orange is left out: gold blends into it at the border).
def largest(mask: Image.Image) -> Box | None:
    """The component with the most pixels: the badge's disc, not a blend that happens to come
    near its colour where two of a face's colours meet (red on blue in 1筒)."""
    boxes = components(mask)
    return max(boxes, key=lambda box: mask.crop(box).histogram()[-1], default=None)


FACE_INKS: list[RGB] = [INK, RED, GREEN, BLUE]
WILD_TILES = [tile for tile in range(34)]


@pytest.mark.parametrize("fonts_name", FONTS)
@pytest.mark.parametrize("tile", WILD_TILES, ids=[f"tile{tile}" for tile in WILD_TILES])
def test_the_wild_badge_hides_no_part_of_the_face(
    request: pytest.FixtureRequest, fonts_name: str, tile: int
) -> None:
    image = tile_image(tile, 128, True, fonts_named(request, fonts_name)).convert("RGB")
    badge = largest(color_mask(image, WILD_BADGE, 30))
    face = any_of(image, FACE_INKS, 20).getbbox()  # not the badge's own blends
    assert badge is not None and face is not None
    # The face's drawing, every part of it, is below the badge.
    assert face[1] >= badge[3], f"face {face} reaches into the badge {badge}"


def test_the_faceless_wild_has_no_badge(cjk: Fonts) -> None:
    image = tile_image(JOKER, 128, True, cjk).convert("RGB")
    assert color_mask(image, WILD_BADGE, 30).getbbox() is None
    assert components(any_of(image, FACE_INKS, 30)) == []
