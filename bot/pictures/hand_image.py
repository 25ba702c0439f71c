"""A winning hand as the players would lay it down, on the felt, with a header and footer.

Left to right: the concealed tiles in order (wilds first, where players keep them), a gap,
the winning tile, a wider gap, each declared meld (captioned 吃/碰/杠/暗杠), and for Huzhou
the indicator (翻) beyond a divider. Tiles come from the face cache and are pasted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, NamedTuple

from PIL import Image, ImageDraw

from bot.pictures.encode import png_bytes
from bot.pictures.fonts import Fonts, default_fonts
from bot.pictures.hand_text import CELL_SEPARATOR, footer_for, header_for
from bot.pictures.legible import min_font_size
from bot.pictures.style import FELT, FELT_LIGHT, RGB, TEXT_DIM, TEXT_GAIN, TEXT_LIGHT
from bot.pictures.text import Font, draw_text, shorten, width_of, wrap
from bot.pictures.tile_faces import tile_back, tile_image, tile_size
from scoring.hand import Hand, MeldKind
from scoring.reading import Shape
from scoring.result import ScoreResult
from scoring.tiles import Seat, Tile, is_wild

DEFAULT_SIZE = 64
# English captions start with a capital: a lowercase-only word is shorter than the digits
# the legible size is measured by (see bot.pictures.legible).
_MELD_CAPTIONS = {
    MeldKind.CHI: ("吃", "Chow"),
    MeldKind.PON: ("碰", "Pung"),
    MeldKind.KONG: ("杠", "Kong"),
    MeldKind.CONCEALED_KONG: ("暗杠", "Hidden"),
}
_WIN_CAPTION = ("胡", "Win")
_INDICATOR_CAPTION = ("翻", "Flip")


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


class Layout(NamedTuple):
    """How a hand picture lays its tiles out: one tile's width in pixels, and whether the
    concealed tiles stand as the pairs of a 七对."""

    size: int = DEFAULT_SIZE
    pairs: bool = False


DEFAULT_LAYOUT: Final = Layout()


def render_hand(
    hand: Hand,
    wild_faces: frozenset[int],
    *,
    header: str,
    footer: str = "",
    layout: Layout = DEFAULT_LAYOUT,
    lang: str = "zh",
    fonts: Fonts | None = None,
) -> Image.Image:
    """The picture of ``hand`` laid out as ``layout`` says (tile width, 七对 pairs).

    The tiles set the width; text is sized to read on a phone at that width
    (``bot.pictures.legible``) and wraps onto more lines rather than widening the picture.
    ``header`` and ``footer`` may span lines; tab-separated cells of a footer line are set in
    columns (four, or two rows of two when four do not fit). Without a CJK font, captions are
    English and any glyph the font lacks is drawn as '?'.
    """
    fonts = fonts or default_fonts()
    size, pairs = layout
    zh = lang == "zh" and fonts.cjk
    tile_w, tile_h = tile_size(size)
    spacing = max(1, size // 32)
    pad = round(size * 0.4)
    groups = _groups(hand, wild_faces, size, fonts, zh, pairs)
    content_w = sum(g.gap_before + len(g.tiles) * (tile_w + spacing) - spacing for g in groups)
    width = content_w + 2 * pad
    text_font = fonts.get(min_font_size(fonts, width))
    header_font = fonts.get(min_font_size(fonts, width, scale=1.2))

    header_lines = _header_lines(fonts, header_font, header, content_w)
    footer_rows = _footer_rows(fonts, text_font, footer, content_w)
    header_step = round(header_font.size * 1.3)
    text_step = round(text_font.size * 1.35)
    caption_h = text_step if any(g.caption for g in groups) else 0
    top = pad + header_step * len(header_lines) + (round(size * 0.3) if header_lines else 0)
    footer_top = top + tile_h + caption_h + round(size * 0.25)
    height = footer_top + text_step * len(footer_rows) + pad
    image = Image.new("RGB", (width, height), FELT)

    for i, (line, bold) in enumerate(header_lines):
        draw_text(image, (pad, pad + i * header_step), line, header_font, TEXT_LIGHT, bold=bold)
    _draw_tiles(image, groups, (pad, top), size, fonts, text_font)
    for i, row in enumerate(footer_rows):
        y = footer_top + i * text_step
        for x, cell, colour, bold in row:
            draw_text(image, (pad + x, y), cell, text_font, colour, bold=bold)
    return image


def _header_lines(fonts: Fonts, font: Font, header: str, width: int) -> list[tuple[str, bool]]:
    """Each header line wrapped to ``width``; the first line (and its continuation) bold."""
    lines: list[tuple[str, bool]] = []
    for index, line in enumerate(h for h in header.splitlines() if h.strip()):
        bold = index == 0
        lines.extend((part, bold) for part in wrap(font, fonts.printable(line, "?"), width, bold))
    return lines


Row = list[tuple[int, str, RGB, bool]]  # (x, text, colour, bold) of each piece of a line


def _footer_rows(fonts: Fonts, font: Font, footer: str, width: int) -> list[Row]:
    """A cells line in columns (4, else 2 per row), other lines wrapped: the first in the
    light text colour, the rest dimmed."""
    rows: list[Row] = []
    for index, line in enumerate(f for f in footer.splitlines() if f.strip()):
        line = fonts.printable(line, "?")
        cells = line.split(CELL_SEPARATOR)
        if len(cells) > 1:
            rows.extend(_cell_rows(fonts, font, cells, width))
            continue
        colour = TEXT_LIGHT if index == 0 else TEXT_DIM
        rows.extend([(0, part, colour, False)] for part in wrap(font, line, width))
    return rows


def _cell_rows(fonts: Fonts, font: Font, cells: list[str], width: int) -> list[Row]:
    gap = round(font.size)
    widest = max(width_of(font, cell, bold=True) for cell in cells)
    per_row = len(cells)
    while per_row > 1 and widest * per_row + gap * (per_row - 1) > width:
        per_row //= 2
    cell_w = (width - gap * (per_row - 1)) // per_row
    return [
        [
            (
                j * (cell_w + gap),
                shorten(fonts, font, cell, cell_w, bold=True),
                _cell_colour(cell),
                True,
            )
            for j, cell in enumerate(cells[start : start + per_row])
        ]
        for start in range(0, len(cells), per_row)
    ]


def _draw_tiles(
    image: Image.Image,
    groups: list[_Group],
    origin: tuple[int, int],
    size: int,
    fonts: Fonts,
    caption_font: Font,
) -> None:
    """The tile row from ``origin`` (its top-left), each group's caption under it."""
    draw = ImageDraw.Draw(image)
    tile_w, tile_h = tile_size(size)
    spacing = max(1, size // 32)
    x, top = origin
    gaps_after = [g.gap_before for g in groups[1:]] + [x]  # the last group has the padding
    caption_end = float(x)  # where the caption before ends: captions never run into each other
    for group, gap_after in zip(groups, gaps_after, strict=True):
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
            centre = (start + x) / 2
            room = min(x - start + (group.gap_before + gap_after) * 0.8, 2 * (centre - caption_end))
            caption = shorten(fonts, caption_font, group.caption, int(room))
            draw_text(
                image, (centre, top + tile_h + 4), caption, caption_font, TEXT_DIM, anchor="ma"
            )
            caption_end = centre + width_of(caption_font, caption) / 2 + size * 0.1


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
        layout=Layout(size, pairs=result.shape is Shape.SEVEN_PAIRS),
        lang=lang,
        fonts=fonts,
    )
    return png_bytes(image, FELT)
