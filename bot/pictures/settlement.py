"""The settle-up picture: one row per transfer, ``payer ——amount——▶ payee``."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.pictures.chart_kit import SUPER
from bot.pictures.encode import MAX_SIDES_SUM, png_bytes
from bot.pictures.fonts import Fonts, default_fonts
from bot.pictures.style import AXIS, CHART_TEXT, GRID, PAPER, SERIES
from bot.pictures.text import draw_text, shorten

WIDTH = 900
_ROW = 78
_HEAD = 96
_FOOT = 64
MAX_ROWS = (MAX_SIDES_SUM - WIDTH - _HEAD - _FOOT) // _ROW - 1  # the rest is summed up in a line
_ZEBRA = (246, 247, 249)


def render_settlement(
    transfers: Sequence[tuple[str, str, int]],
    lang: str = "zh",
    *,
    fonts: Fonts | None = None,
    title: str | None = None,
) -> Image.Image:
    """``transfers``: (payer, payee, amount) with positive integer amounts; ``title``
    replaces the default (结算 · 谁付给谁).

    Raises ValueError for an amount that is not positive.
    """
    for payer, payee, amount in transfers:
        if amount <= 0:
            raise ValueError(f"{payer} → {payee}: amount must be positive, got {amount}")
    fonts = fonts or default_fonts()
    zh = lang == "zh" and fonts.cjk
    shown = list(transfers[:MAX_ROWS])
    hidden = transfers[MAX_ROWS:]

    w = WIDTH * SUPER
    rows = max(1, len(shown)) + (1 if hidden else 0)
    h = (_HEAD + rows * _ROW + _FOOT) * SUPER
    image = Image.new("RGB", (w, h), PAPER)
    draw = ImageDraw.Draw(image)
    title_font = fonts.get(30 * SUPER)
    name_font = fonts.get(26 * SUPER)
    amount_font = fonts.get(24 * SUPER)
    note_font = fonts.get(19 * SUPER)
    margin = 36 * SUPER

    if title is None:
        title = "结算 · 谁付给谁" if zh else "Settle-up: who pays whom"
    title = shorten(fonts, title_font, fonts.printable(title, "?"), w - 2 * margin, bold=True)
    draw_text(image, (margin, 28 * SUPER), title, title_font, CHART_TEXT, bold=True)

    name_w = (w - 2 * margin) * 3 // 8
    arrow_left, arrow_right = margin + name_w + 24 * SUPER, w - margin - name_w - 24 * SUPER
    y = _HEAD * SUPER
    if not transfers:
        text = "都结清了，无需转账" if zh else "All square: nobody owes anything"
        draw_text(image, (w / 2, y + _ROW * SUPER / 2), text, name_font, CHART_TEXT, anchor="mm")
    for i, (payer, payee, amount) in enumerate(shown):
        if i % 2 == 0:
            draw.rectangle((margin // 2, y, w - margin // 2, y + _ROW * SUPER), fill=_ZEBRA)
        mid = y + _ROW * SUPER / 2
        payer_text = shorten(fonts, name_font, fonts.printable(payer, "?"), name_w, bold=True)
        payee_text = shorten(fonts, name_font, fonts.printable(payee, "?"), name_w, bold=True)
        draw_text(
            image,
            (arrow_left - 16 * SUPER, mid),
            payer_text,
            name_font,
            CHART_TEXT,
            anchor="rm",
            bold=True,
        )
        draw_text(
            image,
            (arrow_right + 16 * SUPER, mid),
            payee_text,
            name_font,
            CHART_TEXT,
            anchor="lm",
            bold=True,
        )
        _arrow(draw, arrow_left, arrow_right, mid + 12 * SUPER)
        draw_text(
            image,
            ((arrow_left + arrow_right) / 2, mid + 4 * SUPER),
            str(amount),
            amount_font,
            SERIES[1],
            anchor="md",
            bold=True,
        )
        y += _ROW * SUPER
    if hidden:
        more = f"…还有 {len(hidden)} 笔" if zh else f"… and {len(hidden)} more"
        draw_text(
            image,
            (w / 2, y + _ROW * SUPER / 2),
            fonts.printable(more, "."),
            name_font,
            CHART_TEXT,
            anchor="mm",
        )
        y += _ROW * SUPER
    draw.line([(margin, y + 10 * SUPER), (w - margin, y + 10 * SUPER)], fill=GRID, width=SUPER)
    total = sum(amount for _, _, amount in transfers)
    note = (
        f"共 {len(transfers)} 笔，合计 {total}"
        if zh
        else f"{len(transfers)} transfers, {total} in all"
    )
    draw_text(image, (margin, y + 22 * SUPER), note, note_font, AXIS)
    return image.resize((w // SUPER, h // SUPER), Image.Resampling.LANCZOS, reducing_gap=2.0)


def _arrow(draw: ImageDraw.ImageDraw, left: float, right: float, y: float) -> None:
    width = 4 * SUPER
    head = 16 * SUPER
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
) -> bytes:
    """The settle-up picture as PNG bytes for a Telegram photo."""
    return png_bytes(render_settlement(transfers, lang, fonts=fonts, title=title), PAPER)
