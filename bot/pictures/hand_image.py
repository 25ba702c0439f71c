"""A winning hand as the players would lay it down, on the felt, with a header and footer.

Left to right: the concealed tiles in order (wilds first, where players keep them), a gap,
the winning tile, a wider gap, each declared meld (captioned 吃/碰/杠/暗杠), and for Huzhou
the indicator (翻) beyond a divider. Tiles come from the face cache and are pasted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures.encode import png_bytes
from bot.pictures.fonts import Fonts, default_fonts
from bot.pictures.hand_text import CELL_SEPARATOR, footer_for, header_for
from bot.pictures.style import FELT, FELT_LIGHT, RGB, TEXT_DIM, TEXT_GAIN, TEXT_LIGHT
from bot.pictures.text import draw_text, shorten, width_of
from bot.pictures.tile_faces import tile_back, tile_image, tile_size
from scoring.hand import Hand, MeldKind
from scoring.reading import Shape
from scoring.result import ScoreResult
from scoring.tiles import Seat, Tile, is_wild

DEFAULT_SIZE = 64
_MELD_CAPTIONS = {
    MeldKind.CHI: ("吃", "chow"),
    MeldKind.PON: ("碰", "pung"),
    MeldKind.KONG: ("杠", "kong"),
    MeldKind.CONCEALED_KONG: ("暗杠", "concealed kong"),
}
_WIN_CAPTION = ("胡", "win")
_INDICATOR_CAPTION = ("翻", "flip")


@dataclass(frozen=True)
class _Group:
    """Tiles pasted side by side, the space before them, and a caption underneath."""

    tiles: tuple[Image.Image, ...]
    gap_before: int
    caption: str = ""
    divider: bool = False  # a thin line in the gap (sets the indicator apart from the hand)


def seven_pairs_order(concealed: tuple[Tile, ...], wild_faces: frozenset[int]) -> list[list[Tile]]:
    """The concealed tiles of a 七对 as pairs: wild pairs first, then real pairs in order with
    each lone tile beside the wild that completes it; the tile left over (waiting for the
    winning tile) comes last, on its own."""
    wilds = [t for t in concealed if is_wild(t, wild_faces)]
    counts = Counter(t for t in concealed if not is_wild(t, wild_faces))
    pairs: list[list[Tile]] = []
    for tile in sorted(counts):
        pairs.extend([[tile, tile]] * (counts[tile] // 2))
        if counts[tile] % 2:
            pairs.append([wilds.pop(), tile] if wilds else [tile])
    leftover = [p for p in pairs if len(p) == 1]
    pairs = [p for p in pairs if len(p) == 2]
    wild_pairs = [wilds[i : i + 2] for i in range(0, len(wilds), 2)]
    leftover += [p for p in wild_pairs if len(p) == 1]
    return [p for p in wild_pairs if len(p) == 2] + pairs + leftover


def _groups(
    hand: Hand, wild_faces: frozenset[int], size: int, fonts: Fonts, zh: bool, pairs: bool
) -> list[_Group]:
    def face(tile: Tile) -> Image.Image:
        return tile_image(tile, size, is_wild(tile, wild_faces), fonts)

    if pairs:
        pair_gap = round(size * 0.18)
        groups = [
            _Group(tuple(face(t) for t in pair), pair_gap if i else 0)
            for i, pair in enumerate(seven_pairs_order(hand.concealed, wild_faces))
        ]
    else:
        concealed = sorted(hand.concealed, key=lambda t: (not is_wild(t, wild_faces), t))
        groups = [_Group(tuple(face(t) for t in concealed), 0)]
    groups.append(_Group((face(hand.winning_tile),), round(size * 0.45), _WIN_CAPTION[not zh]))
    for index, meld in enumerate(hand.melds):
        tiles = [face(t) for t in meld.tiles]
        if meld.kind is MeldKind.CONCEALED_KONG:
            tiles[0] = tiles[-1] = tile_back(size)
        gap = round(size * (0.7 if index == 0 else 0.3))
        groups.append(_Group(tuple(tiles), gap, _MELD_CAPTIONS[meld.kind][not zh]))
    if hand.context.indicator is not None:
        indicator = tile_image(hand.context.indicator, size, False, fonts)
        groups.append(_Group((indicator,), round(size * 0.9), _INDICATOR_CAPTION[not zh], True))
    return groups


def render_hand(
    hand: Hand,
    wild_faces: frozenset[int],
    *,
    header: str,
    footer: str = "",
    size: int = DEFAULT_SIZE,
    lang: str = "zh",
    pairs: bool = False,
    fonts: Fonts | None = None,
) -> Image.Image:
    """The picture of ``hand``; ``size`` is one tile's width in pixels; ``pairs`` lays the
    concealed tiles out as the pairs of a 七对.

    ``header`` and ``footer`` may span lines; tab-separated cells of a footer line are
    spread evenly across the width. Without a CJK font, captions are English and any glyph
    the font lacks is drawn as '?'.
    """
    fonts = fonts or default_fonts()
    zh = lang == "zh" and fonts.cjk
    tile_w, tile_h = tile_size(size)
    spacing = max(1, size // 32)
    pad = round(size * 0.4)
    header_font = fonts.get(round(size * 0.42))
    footer_font = fonts.get(round(size * 0.32))
    caption_font = fonts.get(round(size * 0.28))

    groups = _groups(hand, wild_faces, size, fonts, zh, pairs)
    row_w = sum(g.gap_before + len(g.tiles) * (tile_w + spacing) - spacing for g in groups)
    header_lines = [fonts.printable(line, "?") for line in header.splitlines() if line.strip()]
    footer_lines = [fonts.printable(line, "?") for line in footer.splitlines() if line.strip()]
    cell_gap = round(size * 0.4)

    def footer_width(line: str) -> int:
        cells = line.split(CELL_SEPARATOR)
        return max(width_of(footer_font, c, bold=len(cells) > 1) for c in cells) * len(
            cells
        ) + cell_gap * (len(cells) - 1)

    text_w = max(
        [
            0,
            *map(footer_width, footer_lines),
            *(width_of(header_font, h, bold=True) for h in header_lines),
        ]
    )
    # Text may widen the picture up to 24 tiles; past that it is shortened with an ellipsis.
    content_w = max(row_w, min(text_w, size * 24))

    header_step = round(header_font.size * 1.35)
    footer_step = round(footer_font.size * 1.45)
    captions = any(g.caption for g in groups)
    caption_h = round(caption_font.size * 1.5) if captions else 0
    top = pad + header_step * len(header_lines) + (round(size * 0.2) if header_lines else 0)
    footer_top = top + tile_h + caption_h + round(size * 0.25)
    height = footer_top + footer_step * len(footer_lines) + pad
    image = Image.new("RGB", (content_w + 2 * pad, height), FELT)
    draw = ImageDraw.Draw(image)

    for i, line in enumerate(header_lines):
        line = shorten(fonts, header_font, line, content_w, bold=i == 0)
        draw_text(image, (pad, pad + i * header_step), line, header_font, TEXT_LIGHT, bold=i == 0)

    x = pad
    for group in groups:
        if group.divider:
            mid = x + group.gap_before // 2
            draw.line([(mid, top), (mid, top + tile_h)], fill=FELT_LIGHT, width=max(2, size // 24))
        x += group.gap_before
        start = x
        for tile in group.tiles:
            image.paste(tile, (x, top))
            x += tile_w + spacing
        x -= spacing
        if group.caption:
            caption = shorten(fonts, caption_font, group.caption, max(x - start, size * 2))
            centre = (start + x) / 2
            draw_text(
                image, (centre, top + tile_h + 4), caption, caption_font, TEXT_DIM, anchor="ma"
            )

    for i, line in enumerate(footer_lines):
        y = footer_top + i * footer_step
        cells = line.split(CELL_SEPARATOR)
        if len(cells) == 1:
            text = shorten(fonts, footer_font, line, content_w)
            draw_text(image, (pad, y), text, footer_font, TEXT_LIGHT if i == 0 else TEXT_DIM)
            continue
        cell_w = (content_w - cell_gap * (len(cells) - 1)) // len(cells)
        for j, cell in enumerate(cells):
            text = shorten(fonts, footer_font, cell, cell_w, bold=True)
            cell_x = pad + j * (cell_w + cell_gap)
            draw_text(image, (cell_x, y), text, footer_font, _cell_colour(cell), bold=True)
    return image


def _cell_colour(cell: str) -> RGB:
    """A cell ending in a signed amount: winners in gold, losers in white, the rest dimmed
    (the sign itself is always written, so colour is only a help)."""
    last = cell.rsplit(" ", 1)[-1]
    try:
        amount = int(last)
    except ValueError:
        return TEXT_LIGHT
    return TEXT_GAIN if amount > 0 else TEXT_LIGHT if amount < 0 else TEXT_DIM


def hand_png(
    result: ScoreResult,
    names: Mapping[Seat, str],
    lang: str = "zh",
    *,
    size: int = DEFAULT_SIZE,
    fonts: Fonts | None = None,
) -> bytes:
    """The PNG the bot sends for a scored hand: tiles, the result header, every delta.

    ``names`` maps seats to the players' display names (a missing one shows the seat).
    Raises ValueError for a quick-entry result, which has no tiles to draw.
    """
    if result.hand is None:
        raise ValueError("a quick-entry result has no tiles to draw")
    fonts = fonts or default_fonts()
    if not fonts.cjk:
        lang = "en"
    printable_names = {seat: fonts.printable(name) for seat, name in names.items()}
    image = render_hand(
        result.hand,
        result.wild_faces,
        header=header_for(result, printable_names, lang),
        footer=footer_for(result, printable_names, lang),
        size=size,
        lang=lang,
        pairs=result.shape is Shape.SEVEN_PAIRS,
        fonts=fonts,
    )
    return png_bytes(image, FELT)
