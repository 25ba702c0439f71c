"""The settle-up picture: one row per transfer, ``payer ——amount——▶ payee``.

The picture is ``WIDTH`` wide and its text fills it: the font grows until the widest row (or
the title) spans the width, never below what reads on a phone (``bot.pictures.legible``);
long names are shortened instead. The arrows stretch between the names, so there are no
empty bands beside the rows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures.chart_kit import SUPER
from bot.pictures.encode import png_bytes
from bot.pictures.fonts import Fonts, default_fonts
from bot.pictures.legible import ladder_size, min_font_size
from bot.pictures.style import AXIS, CHART_TEXT, GRID, PAPER, SERIES
from bot.pictures.text import Font, draw_text, shorten, width_of

WIDTH = 600
MAX_ROWS = 30  # a settle-up needs at most one transfer fewer than there are players
# Lengths in ems (the name font's size): row height, arrow, gaps, the margins.
_ROW, _HEAD, _FOOT = 2.2, 2.0, 1.9
_ARROW, _GAP, _MARGIN = 3.6, 0.45, 0.9
_MIN_EMS = 11.0  # short names do not blow the text up past this share of the width
_SMALL = 0.82  # the amount's and the note's size, in ems
_ZEBRA = (246, 247, 249)
_PROBE = 100


@dataclass(frozen=True)
class _Fonts:
    title: Font
    name: Font
    small: Font


def _sizes(fonts: Fonts, title: str, names: list[str]) -> _Fonts:
    """The name font as large as the content allows across ``WIDTH``, at least legible."""
    probe = fonts.get(_PROBE)
    name_ems = max([width_of(probe, n, bold=True) / _PROBE for n in names] + [2.0])
    name_ems = min(name_ems, 6.0)  # longer names are shortened
    row_ems = 2 * name_ems + _ARROW + 4 * _GAP
    title_ems = width_of(probe, title, bold=True) / _PROBE * 1.2
    content_ems = max(row_ems, title_ems, _MIN_EMS) + 2 * _MARGIN
    smallest = math.ceil(min_font_size(fonts, WIDTH) / _SMALL)
    em = max(smallest, ladder_size(WIDTH / content_ems)) * SUPER  # a few sizes: faces cost
    return _Fonts(fonts.get(round(em * 1.2)), fonts.get(round(em)), fonts.get(round(em * _SMALL)))


def render_settlement(
    transfers: Sequence[tuple[str, str, int]],
    lang: str = "zh",
    *,
    fonts: Fonts | None = None,
    title: str | None = None,
    amount_text: Callable[[int], str] = str,
) -> Image.Image:
    """``transfers``: (payer, payee, amount) with positive integer amounts, written by
    ``amount_text`` (fen as 元: ``storage.money.yuan_text``); ``title`` replaces the default
    (结算 · 谁付给谁).

    Raises ValueError for an amount that is not positive.
    """
    for payer, payee, amount in transfers:
        if amount <= 0:
            raise ValueError(f"{payer} → {payee}: amount must be positive, got {amount}")
    fonts = fonts or default_fonts()
    zh = lang == "zh" and fonts.cjk
    shown = [
        (fonts.printable(payer, "?"), fonts.printable(payee, "?"), amount)
        for payer, payee, amount in transfers[:MAX_ROWS]
    ]
    hidden = transfers[MAX_ROWS:]
    if title is None:
        title = "结算 · 谁付给谁" if zh else "Settle-up: who pays whom"
    title = fonts.printable(title, "?")
    sizes = _sizes(fonts, title, [name for row in shown for name in row[:2]])
    em = sizes.name.size

    w = WIDTH * SUPER
    margin = round(_MARGIN * em)
    rows = max(1, len(shown)) + (1 if hidden else 0)
    h = round((_HEAD + rows * _ROW + _FOOT) * em)
    image = Image.new("RGB", (w, h), PAPER)
    draw = ImageDraw.Draw(image)
    title = shorten(fonts, sizes.title, title, w - 2 * margin, bold=True)
    draw_text(image, (margin, round(0.4 * em)), title, sizes.title, CHART_TEXT, bold=True)

    y = round(_HEAD * em)
    if not transfers:
        text = "都结清了，无需转账" if zh else "All square: nobody owes anything"
        draw_text(image, (w / 2, y + _ROW * em / 2), text, sizes.name, CHART_TEXT, anchor="mm")
    columns = _columns(sizes.name, shown, w - 2 * margin)
    for i, row in enumerate(shown):
        if i % 2 == 0:
            draw.rectangle((margin // 2, y, w - margin // 2, y + round(_ROW * em)), fill=_ZEBRA)
        _draw_row(
            image, fonts, sizes, (row[0], row[1], amount_text(row[2])), columns, y + _ROW * em / 2
        )
        y += round(_ROW * em)
    if hidden:
        more = f"…还有 {len(hidden)} 笔" if zh else f"… and {len(hidden)} more"
        position = (w / 2, y + _ROW * em / 2)
        draw_text(image, position, fonts.printable(more, "."), sizes.name, CHART_TEXT, anchor="mm")
        y += round(_ROW * em)
    line_y = y + round(0.25 * em)
    draw.line([(margin, line_y), (w - margin, line_y)], fill=GRID, width=SUPER)
    total = sum(amount for _, _, amount in transfers)
    note = (
        f"共 {len(transfers)} 笔，合计 {amount_text(total)}"
        if zh
        else f"{len(transfers)} transfers, {amount_text(total)} in all"
    )
    draw_text(image, (margin, line_y + round(0.35 * em)), note, sizes.small, AXIS)
    return image.resize((w // SUPER, h // SUPER), Image.Resampling.LANCZOS, reducing_gap=2.0)


@dataclass(frozen=True)
class _Columns:
    name_w: int  # the widest name, or what names are shortened to
    payer_right: float
    arrow_left: float
    arrow_right: float
    payee_left: float


def _columns(font: Font, rows: list[tuple[str, str, int]], width: int) -> _Columns:
    """payer | arrow | payee across ``width`` (inside the margins): the arrow stretches."""
    em = font.size
    names = [name for row in rows for name in row[:2]]
    gap = _GAP * em
    widest = max([width_of(font, name, bold=True) for name in names] + [0])
    name_w = int(min(widest, (width - _ARROW * em - 4 * gap) / 2))
    arrow = width - 2 * name_w - 4 * gap  # the arrow takes what the names leave
    payer_right = round(_MARGIN * em) + name_w
    arrow_left = payer_right + 2 * gap
    return _Columns(
        name_w, payer_right, arrow_left, arrow_left + arrow, arrow_left + arrow + 2 * gap
    )


def _draw_row(
    image: Image.Image,
    fonts: Fonts,
    sizes: _Fonts,
    row: tuple[str, str, str],
    at: _Columns,
    mid: float,
) -> None:
    payer, payee, amount = row
    em = sizes.name.size
    payer = shorten(fonts, sizes.name, payer, at.name_w, bold=True)
    payee = shorten(fonts, sizes.name, payee, at.name_w, bold=True)
    draw_text(image, (at.payer_right, mid), payer, sizes.name, CHART_TEXT, anchor="rm", bold=True)
    draw_text(image, (at.payee_left, mid), payee, sizes.name, CHART_TEXT, anchor="lm", bold=True)
    arrow_y = mid + 0.42 * em
    _arrow(ImageDraw.Draw(image), at.arrow_left, at.arrow_right, arrow_y, em)
    centre = (at.arrow_left + at.arrow_right) / 2
    amount_font = sizes.small
    draw_text(
        image,
        (centre, arrow_y - 0.2 * em),
        amount,
        amount_font,
        SERIES[1],
        anchor="md",
        bold=True,
    )


def _arrow(draw: ImageDraw.ImageDraw, left: float, right: float, y: float, em: float) -> None:
    width = max(SUPER, round(em * 0.12))
    head = em * 0.45
    draw.line([(left, y), (right - head, y)], fill=AXIS, width=width)
    draw.polygon(
        [(right, y), (right - head * 1.3, y - head * 0.6), (right - head * 1.3, y + head * 0.6)],
        fill=AXIS,
    )


def settlement_png(
    transfers: Sequence[tuple[str, str, int]],
    lang: str = "zh",
    *,
    fonts: Fonts | None = None,
    title: str | None = None,
    amount_text: Callable[[int], str] = str,
) -> bytes:
    """The settle-up picture as PNG bytes for a Telegram photo."""
    image = render_settlement(transfers, lang, fonts=fonts, title=title, amount_text=amount_text)
    return png_bytes(image, PAPER)
