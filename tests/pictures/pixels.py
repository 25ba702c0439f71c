"""Looking at pixels: colour matches, background runs along a row, connected blobs."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.pictures.style import RGB


def near(pixel: tuple[int, ...] | float, color: RGB, tolerance: int = 12) -> bool:
    assert isinstance(pixel, tuple)
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, color, strict=False))


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def runs(image: Image.Image, y: int, background: RGB) -> list[tuple[int, int]]:
    """The [start, end) spans of non-background pixels along row ``y``."""
    spans: list[tuple[int, int]] = []
    start = None
    for x in range(image.width):
        inside = not near(image.getpixel((x, y)), background, 16)
        if inside and start is None:
            start = x
        elif not inside and start is not None:
            spans.append((start, x))
            start = None
    if start is not None:
        spans.append((start, image.width))
    return spans


def busiest_row(image: Image.Image, background: RGB) -> int:
    """The row with the most non-background pixels (through the middle of the tiles)."""

    def count(y: int) -> int:
        return sum(not near(image.getpixel((x, y)), background, 16) for x in range(image.width))

    return max(range(image.height), key=count)


def blobs(mask: list[list[bool]]) -> int:
    """Connected components (4-neighbour) of the True cells."""
    height, width = len(mask), len(mask[0])
    seen = [[False] * width for _ in range(height)]
    count = 0
    for y in range(height):
        for x in range(width):
            if mask[y][x] and not seen[y][x]:
                count += 1
                stack = [(y, x)]
                seen[y][x] = True
                while stack:
                    cy, cx = stack.pop()
                    for ny, nx in ((cy + 1, cx), (cy - 1, cx), (cy, cx + 1), (cy, cx - 1)):
                        if (
                            0 <= ny < height
                            and 0 <= nx < width
                            and mask[ny][nx]
                            and not seen[ny][nx]
                        ):
                            seen[ny][nx] = True
                            stack.append((ny, nx))
    return count


def color_mask(image: Image.Image, color: RGB, tolerance: int = 12) -> Image.Image:
    """A mode-1 image: set where ``image`` is within ``tolerance`` of ``color`` in every channel."""
    diff = ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, color))
    red, green, blue = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return worst.point(lambda v: 255 if v <= tolerance else 0).convert("1")
