"""PNG bytes that Telegram accepts as a photo.

Telegram's limits for sendPhoto: width + height at most 10000, aspect ratio at most 20,
at most 10 MB. Telegram recompresses photos anyway, so the PNG is tuned for speed:
``python -m benchmarks.pictures`` measures the compression levels (level 1 is several times
faster than the default 6 for a file a little larger).
"""

from __future__ import annotations

import io

from PIL import Image

PNG_COMPRESS_LEVEL = 1
MAX_SIDES_SUM = 10_000
MAX_RATIO = 20
MAX_BYTES = 10 * 1024 * 1024


def fit_telegram(image: Image.Image, background: tuple[int, int, int]) -> Image.Image:
    """Scale down past the size limit and pad past the ratio limit; else the same image."""
    width, height = image.size
    if width + height > MAX_SIDES_SUM:
        scale = MAX_SIDES_SUM / (width + height)
        width, height = max(1, int(width * scale)), max(1, int(height * scale))
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    if max(width, height) > MAX_RATIO * min(width, height):
        padded = (
            (width, -(-width // MAX_RATIO)) if width > height else (-(-height // MAX_RATIO), height)
        )
        canvas = Image.new("RGB", padded, background)
        canvas.paste(image, ((padded[0] - width) // 2, (padded[1] - height) // 2))
        image = canvas
    return image


def png_bytes(
    image: Image.Image,
    background: tuple[int, int, int],
    compress_level: int = PNG_COMPRESS_LEVEL,
) -> bytes:
    image = fit_telegram(image, background)
    while True:
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=compress_level)
        data = buffer.getvalue()
        if len(data) <= MAX_BYTES:
            return data
        image = image.resize((image.width * 3 // 4, image.height * 3 // 4))
