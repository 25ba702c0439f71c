"""Tile faces: one size for all, drawn once, each face its own, wilds marked in gold."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.pictures.fonts import Fonts, faces_loaded
from bot.pictures.style import BLUE, GREEN, IVORY, RED, TILE_BACK, WILD_BADGE, WILD_GOLD
from bot.pictures.tile_faces import tile_back, tile_image, tile_size
from scoring.tiles import GREEN as GREEN_DRAGON
from scoring.tiles import JOKER, TILE_KINDS, WHITE, tile_from
from scoring.tiles import RED as RED_DRAGON

from .pixels import blobs, near

ALL_TILES = range(TILE_KINDS + 1)  # the 34 faces and the faceless wild


def face_mask(image: Image.Image, size: int, saturated: int = 60) -> list[list[bool]]:
    """Strongly coloured pixels of the face, away from its edge."""
    face_h = round(size * 1.32)
    inset = max(3, size // 20)
    return [
        [
            max(p) - min(p) > saturated
            for p in (image.getpixel((x, y)) for x in range(inset, size - inset))
        ]
        for y in range(inset, face_h - inset)
    ]


@pytest.mark.parametrize("size", [32, 64, 100], ids=["32px", "64px", "100px"])
def test_every_tile_has_the_same_size(cjk: Fonts, size: int) -> None:
    sizes = {tile_image(t, size, wild, cjk).size for t in ALL_TILES for wild in (False, True)}
    assert sizes == {tile_size(size)} == {tile_back(size).size}
    width, height = tile_size(size)
    assert width == size and 1.3 < height / width < 1.6


def test_faces_are_drawn_once_and_shared(cjk: Fonts) -> None:
    assert tile_image(4, 64, False, cjk) is tile_image(4, 64, False, cjk)
    assert tile_back(64) is tile_back(64)


@pytest.mark.parametrize("fonts_name", ["cjk", "latin"])
def test_every_face_is_distinct(fonts_name: str, request: pytest.FixtureRequest) -> None:
    fonts: Fonts = request.getfixturevalue(fonts_name)
    pictures = {tile_image(t, 64, False, fonts).tobytes() for t in ALL_TILES}
    assert len(pictures) == len(ALL_TILES)


@pytest.mark.parametrize(
    ("tile", "coins"),
    [pytest.param(tile_from(n, "p"), n, id=f"{n}筒") for n in range(2, 10)],
)
def test_dots_show_their_number_of_coins(cjk: Fonts, tile: int, coins: int) -> None:
    # each coin is a coloured ring around a coloured centre: two blobs per coin
    assert blobs(face_mask(tile_image(tile, 96, False, cjk), 96)) == 2 * coins


@pytest.mark.parametrize(
    ("tile", "sticks"),
    [pytest.param(tile_from(n, "s"), n, id=f"{n}条") for n in (2, 3, 4, 5, 6, 7, 9)],
)
def test_bamboo_shows_its_number_of_sticks(cjk: Fonts, tile: int, sticks: int) -> None:
    assert blobs(face_mask(tile_image(tile, 96, False, cjk), 96)) == sticks


def dominant_ink(image: Image.Image, size: int) -> tuple[int, int, int]:
    inks = [
        p
        for y in range(size // 8, round(size * 1.2))
        for x in range(size // 8, size - size // 8)
        if max(p := image.getpixel((x, y))) - min(p) > 60
    ]
    return max(set(inks), key=inks.count)


@pytest.mark.parametrize(
    ("tile", "color"),
    [
        pytest.param(RED_DRAGON, RED, id="中-red"),
        pytest.param(GREEN_DRAGON, GREEN, id="发-green"),
        pytest.param(tile_from(5, "m"), RED, id="五万-red-萬"),
    ],
)
def test_face_colours(cjk: Fonts, tile: int, color: tuple[int, int, int]) -> None:
    assert near(dominant_ink(tile_image(tile, 96, False, cjk), 96), color, 30)


def test_white_dragon_is_an_empty_blue_frame(cjk: Fonts) -> None:
    image = tile_image(WHITE, 96, False, cjk)
    assert near(image.getpixel((48, 63)), IVORY, 4)  # the middle is empty
    assert near(dominant_ink(image, 96), BLUE, 30)


@pytest.mark.parametrize("fonts_name", ["cjk", "latin"])
@pytest.mark.parametrize(
    "tile", [pytest.param(t, id=n) for t, n in ((4, "5m"), (WHITE, "白"), (22, "5s"))]
)
def test_a_wild_tile_has_a_gold_border_and_badge(
    tile: int, fonts_name: str, request: pytest.FixtureRequest
) -> None:
    fonts: Fonts = request.getfixturevalue(fonts_name)
    size = 64
    wild = tile_image(tile, size, True, fonts)
    plain = tile_image(tile, size, False, fonts)
    mid = round(size * 1.32) // 2
    border = [(x, mid) for x in range(1, 8)] + [(size - 1 - x, mid) for x in range(1, 8)]
    assert any(near(wild.getpixel(p), WILD_GOLD, 8) for p in border[:7])  # left edge
    assert any(near(wild.getpixel(p), WILD_GOLD, 8) for p in border[7:])  # right edge
    assert not any(near(plain.getpixel(p), WILD_GOLD, 40) for p in border)
    badge = [wild.getpixel((x, y)) for x in range(size // 2, size) for y in range(size // 3)]
    assert sum(near(p, WILD_BADGE, 20) for p in badge) > 20


def test_the_faceless_wild_is_always_gold(cjk: Fonts) -> None:
    joker = tile_image(JOKER, 64, False, cjk)
    assert near(joker.getpixel((3, 42)), WILD_GOLD, 8)


def test_face_down_tile_shows_the_green_back() -> None:
    back = tile_back(64)
    assert near(back.getpixel((32, 42)), TILE_BACK, 8)


def test_tile_labels_at_any_size_share_one_font_face(cjk: Fonts) -> None:
    # FreeType gives each size its own face (about 1 MiB of heap for Noto CJK); the labels
    # are rasterised once at the master size and scaled, so new tile sizes add no face.
    tile_image(0, 45, False, cjk)  # the master face and the coverage probe are loaded
    before = faces_loaded()
    for size in (47, 59, 71, 83):
        for tile in ALL_TILES:
            tile_image(tile, size, tile == 0, cjk)
    assert faces_loaded() == before
