"""Looking at pixels: colour matches, background runs along a row, connected blobs."""

from __future__ import annotations

import io
from collections.abc import Callable

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


Box = tuple[int, int, int, int]  # left, top, right, bottom (exclusive)


def components(mask: Image.Image, min_area: int = 3) -> list[Box]:
    """Bounding boxes of the 8-connected set pixels of a mode-1 ``mask`` (specks left out)."""
    width, height = mask.size
    data = mask.tobytes("raw", "L") if mask.mode == "L" else mask.convert("L").tobytes()
    seen = bytearray(len(data))
    boxes: list[Box] = []
    for start, value in enumerate(data):
        if not value or seen[start]:
            continue
        seen[start] = 1
        stack = [start]
        left, top, right, bottom, area = width, height, 0, 0, 0
        while stack:
            index = stack.pop()
            y, x = divmod(index, width)
            area += 1
            left, right = min(left, x), max(right, x + 1)
            top, bottom = min(top, y), max(bottom, y + 1)
            for dy in (-1, 0, 1):
                ny = y + dy
                if not 0 <= ny < height:
                    continue
                for dx in (-1, 0, 1):
                    nx = x + dx
                    neighbour = ny * width + nx
                    if 0 <= nx < width and data[neighbour] and not seen[neighbour]:
                        seen[neighbour] = 1
                        stack.append(neighbour)
        if area >= min_area:
            boxes.append((left, top, right, bottom))
    return boxes


def text_lines(mask: Image.Image, rule_ratio: float = 2.5) -> list[Box]:
    """The text lines of an ink ``mask``: its glyph parts (components, less rules, arrows and
    thin strokes far wider than tall), a small part first joined to the glyph just above or
    below it (the dot of an i or a ?), then glyphs joined into lines while any stand side by
    side sharing most of their height. A line's height is then what a reader sees of it."""
    parts = [box for box in components(mask) if box[2] - box[0] < rule_ratio * (box[3] - box[1])]
    return sorted(_joined(_joined(parts, _dotted), _side_by_side), key=lambda b: (b[1], b[0]))


def _joined(boxes: list[Box], together: Callable[[Box, Box], bool]) -> list[Box]:
    boxes = list(boxes)
    joined = True
    while joined:
        joined = False
        for i, a in enumerate(boxes):
            partner = next((j for j in range(i + 1, len(boxes)) if together(a, boxes[j])), None)
            if partner is not None:
                b = boxes.pop(partner)
                boxes[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                joined = True
                break
    return boxes


def _side_by_side(a: Box, b: Box) -> bool:
    taller = max(a[3] - a[1], b[3] - b[1])
    shorter = min(a[3] - a[1], b[3] - b[1])
    v_overlap = min(a[3], b[3]) - max(a[1], b[1])
    h_gap = max(a[0], b[0]) - min(a[2], b[2])
    return v_overlap >= shorter / 3 and h_gap <= 1.5 * taller  # a comma hangs below


def _dotted(a: Box, b: Box) -> bool:
    small, large = sorted((a, b), key=lambda box: box[3] - box[1])
    height = large[3] - large[1]
    inside = large[0] <= small[0] and small[2] <= large[2]
    gap = max(small[1] - large[3], large[1] - small[3])
    tiny = max(small[2] - small[0], small[3] - small[1]) <= 0.45 * height
    return inside and tiny and 0 <= gap <= 0.3 * height
