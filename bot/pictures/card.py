"""Cards to share: the evening card (what /settle sends) and the season card (the season
page's 「分享」 and the bot's inline mode). One layout for both: a felt header with the title,
the standings (points, and money when the evening was staked), the biggest hand, the awards,
the transfers, and any lines a caller adds (the rating change) — every section optional.

Drawn ``WIDTH`` wide at ``SUPER`` times and scaled down once, in the pictures' colours and
fonts; a font size no smaller than what reads on a phone; long names shortened; the rows a
card shows are capped so a big chat's card stays within Telegram's limits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.pictures.chart_kit import SUPER
from bot.pictures.encode import png_bytes
from bot.pictures.fonts import Fonts, default_fonts
from bot.pictures.legible import min_font_size
from bot.pictures.style import (
    AXIS,
    CHART_TEXT,
    FELT,
    GRID,
    PAPER,
    SERIES,
    TEXT_DIM,
    TEXT_LIGHT,
)
from bot.pictures.text import Font, draw_text, shorten, width_of, wrap

WIDTH = 600
MAX_STANDINGS = 12
MAX_LINES = 8  # per section: awards, transfers, added lines
_ZEBRA = (246, 247, 249)
_LOSS = (200, 30, 40)
# The headings' colour: the winners' gold darkened to read on paper.
_HEADING = (184, 153, 65)


@dataclass(frozen=True)
class Standing:
    """One row: the name, the points, and the money as text when there is a stake."""

    name: str
    points: int
    money: str | None = None


@dataclass(frozen=True)
class Card:
    """What a card shows; ``lines`` is the slot for what others add (实力分 changes)."""

    title: str
    subtitle: str = ""
    standings: Sequence[Standing] = ()
    biggest: str | None = None
    awards: Sequence[str] = ()
    transfers: Sequence[str] = ()
    lines: Sequence[str] = field(default_factory=tuple)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "−")


@dataclass(frozen=True)
class _Sizes:
    title: Font
    text: Font
    small: Font


def _sizes(fonts: Fonts) -> _Sizes:
    text = max(min_font_size(fonts, WIDTH), 18) * SUPER
    return _Sizes(fonts.get(round(text * 1.35)), fonts.get(text), fonts.get(round(text * 0.85)))


def _sections(card: Card, fonts: Fonts, zh: bool) -> list[tuple[str, list[str]]]:
    """(heading, items) under the standings, each section capped at ``MAX_LINES``."""
    sections: list[tuple[str, list[str]]] = []
    if card.biggest:
        sections.append(("最大一手" if zh else "Biggest hand", [card.biggest]))
    for heading, items in (
        ("奖项" if zh else "Awards", card.awards),
        ("转账" if zh else "Transfers", card.transfers),
        ("", card.lines),
    ):
        if items:
            shown = list(items[:MAX_LINES])
            if len(items) > MAX_LINES:
                more = len(items) - MAX_LINES
                shown.append(f"…还有 {more} 条" if zh else f"… and {more} more")
            sections.append((heading, shown))
    return [(heading, [fonts.printable(i, "?") for i in items]) for heading, items in sections]


def render_card(card: Card, lang: str = "zh", *, fonts: Fonts | None = None) -> Image.Image:
    """The card, ``WIDTH`` wide and as tall as its sections."""
    fonts = fonts or default_fonts()
    sizes = _sizes(fonts)
    em = sizes.text.size
    w = WIDTH * SUPER
    margin = round(0.9 * em)
    wrapped = [
        (heading, [part for item in items for part in wrap(sizes.small, item, w - 2 * margin)])
        for heading, items in _sections(card, fonts, lang == "zh" and fonts.cjk)
    ]
    standings = list(card.standings[:MAX_STANDINGS])
    header_h = round((3.5 if card.subtitle else 2.3) * em)
    body_h = len(standings) * round(1.8 * em) + round(0.6 * em)
    for heading, items in wrapped:
        body_h += round((1.7 if heading else 0.6) * em) + len(items) * round(1.35 * em)
    image = Image.new("RGB", (w, header_h + body_h + round(0.8 * em)), PAPER)
    _header(image, fonts, sizes, card, header_h)
    y = _standings(image, fonts, sizes, standings, header_h + round(0.3 * em))
    _draw_sections(image, sizes, wrapped, y + round(0.6 * em))
    h = image.height
    return image.resize((w // SUPER, h // SUPER), Image.Resampling.LANCZOS, reducing_gap=2.0)


def _header(image: Image.Image, fonts: Fonts, sizes: _Sizes, card: Card, height: int) -> None:
    em, w = sizes.text.size, image.width
    margin = round(0.9 * em)
    ImageDraw.Draw(image).rectangle((0, 0, w, height), fill=FELT)
    title = shorten(fonts, sizes.title, fonts.printable(card.title, "?"), w - 2 * margin, True)
    draw_text(image, (margin, round(0.45 * em)), title, sizes.title, TEXT_LIGHT, bold=True)
    if card.subtitle:
        subtitle = shorten(fonts, sizes.small, fonts.printable(card.subtitle, "?"), w - 2 * margin)
        draw_text(image, (margin, round(2.2 * em)), subtitle, sizes.small, TEXT_DIM)


def _standings(
    image: Image.Image, fonts: Fonts, sizes: _Sizes, rows: list[Standing], y: int
) -> int:
    """Rank, name, points (and money) per row, zebra-striped; the y below them."""
    em, w = sizes.text.size, image.width
    margin, row_h = round(0.9 * em), round(1.8 * em)
    draw = ImageDraw.Draw(image)
    money_w = max([width_of(sizes.small, s.money or "") for s in rows] + [0])
    points_right = w - margin - (money_w + round(0.8 * em) if money_w else 0)
    name_w = points_right - margin - round(5.5 * em)
    for rank, row in enumerate(rows, 1):
        if rank % 2 == 1:
            draw.rectangle((margin // 2, y, w - margin // 2, y + row_h), fill=_ZEBRA)
        mid = y + row_h / 2
        colour = SERIES[0] if row.points > 0 else _LOSS if row.points < 0 else AXIS
        name = shorten(fonts, sizes.text, fonts.printable(row.name, "?"), name_w, bold=True)
        points = _signed(row.points)
        draw_text(image, (margin, mid), str(rank), sizes.small, AXIS, anchor="lm")
        name_x = margin + round(1.6 * em)
        draw_text(image, (name_x, mid), name, sizes.text, CHART_TEXT, anchor="lm", bold=True)
        draw_text(image, (points_right, mid), points, sizes.text, colour, anchor="rm", bold=True)
        if row.money:
            draw_text(image, (w - margin, mid), row.money, sizes.small, AXIS, anchor="rm")
        y += row_h
    return y


def _draw_sections(
    image: Image.Image, sizes: _Sizes, sections: list[tuple[str, list[str]]], y: int
) -> None:
    em, w = sizes.text.size, image.width
    margin = round(0.9 * em)
    draw = ImageDraw.Draw(image)
    for heading, items in sections:
        draw.line([(margin, y), (w - margin, y)], fill=GRID, width=SUPER)
        y += round(0.3 * em)
        if heading:
            draw_text(image, (margin, y), heading, sizes.small, _HEADING, bold=True)
            y += round(1.4 * em)
        for item in items:
            draw_text(image, (margin, y), item, sizes.small, CHART_TEXT)
            y += round(1.35 * em)


def card_png(card: Card, lang: str = "zh", *, fonts: Fonts | None = None) -> bytes:
    """The card as PNG bytes for a Telegram photo."""
    return png_bytes(render_card(card, lang, fonts=fonts), PAPER)
