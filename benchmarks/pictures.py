"""``python -m benchmarks.pictures``: a 14-tile hand picture against the floor of its work.

The floor is what no hand picture can avoid: pasting 14 pre-rendered tiles onto a canvas of
the same size and encoding the PNG with the same settings. The ratio, from one run on one
machine, says what the header, footer, captions and layout cost on top. Also printed: how the
PNG compression level trades time for bytes, and the cold cost of drawing faces at a new size.
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from benchmarks.picture_samples import NAMES, baotou
from bot.pictures.encode import PNG_COMPRESS_LEVEL, png_bytes
from bot.pictures.fonts import default_fonts, faces_loaded
from bot.pictures.hand_image import DEFAULT_SIZE, Layout, hand_png, render_hand
from bot.pictures.hand_text import footer_for, header_for
from bot.pictures.style import FELT
from bot.pictures.tile_faces import tile_image, tile_size


def paired_ms(
    work: Callable[[], object], reference: Callable[[], object], repeat: int
) -> tuple[float, float, float]:
    """Median ms of ``work`` and of ``reference``, run alternately so that both see the same
    machine load, and the ratio of their fastest runs (the least disturbed)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for fn, out in ((work, times[0]), (reference, times[1])):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return (
        statistics.median(times[0]) * 1000,
        statistics.median(times[1]) * 1000,
        min(times[0]) / min(times[1]),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="tile width in pixels")
    args = parser.parse_args(argv)

    fonts = default_fonts()
    result = baotou()
    hand = result.hand
    assert hand is not None
    tiles = [*hand.concealed, hand.winning_tile]
    header, footer = header_for(result, NAMES), footer_for(result, NAMES)

    def picture() -> bytes:
        return hand_png(result, NAMES, size=args.size, fonts=fonts)

    image = render_hand(
        hand, result.wild_faces, header=header, footer=footer, layout=Layout(args.size), fonts=fonts
    )
    faces = [tile_image(t, args.size, t in result.wild_faces, fonts) for t in tiles]
    tile_w, _ = tile_size(args.size)

    def floor(level: int = PNG_COMPRESS_LEVEL) -> bytes:
        canvas = Image.new("RGB", image.size, FELT)
        for i, face in enumerate(faces):
            canvas.paste(face, (i * tile_w, 0))
        buffer = io.BytesIO()
        canvas.save(buffer, "PNG", compress_level=level)
        return buffer.getvalue()

    picture()  # warm the face cache and the fonts
    floor()
    full, base, best_ratio = paired_ms(picture, floor, args.repeat)
    print(
        f"hand picture: {len(tiles)} tiles, tile width {args.size}px, "
        f"{image.width}x{image.height}, font {fonts.path} (cjk={fonts.cjk})"
    )
    print(f"  hand_png, warm cache:            {full:7.2f} ms  (median of {args.repeat})")
    print(f"  floor, paste {len(tiles)} tiles + PNG:     {base:7.2f} ms")
    print(
        f"  ratio: {full / base:.2f}x of medians, {best_ratio:.2f}x of fastest runs "
        f"(target: within 2x), PNG compress_level={PNG_COMPRESS_LEVEL}"
    )

    print("\n  compress_level  hand_png ms  floor ms  ratio   PNG bytes")
    for level in (0, 1, 3, 6, 9):

        def picture_at(level: int = level) -> bytes:
            drawn = render_hand(
                hand,
                result.wild_faces,
                header=header,
                footer=footer,
                layout=Layout(args.size),
                fonts=fonts,
            )
            return png_bytes(drawn, FELT, level)

        def floor_at(level: int = level) -> bytes:
            return floor(level)

        level_full, level_floor, _ = paired_ms(picture_at, floor_at, max(20, args.repeat // 4))
        size = len(png_bytes(image, FELT, level))
        print(
            f"  {level:>14}  {level_full:11.2f}  {level_floor:8.2f}  "
            f"{level_full / level_floor:5.2f}x  {size:>9,}"
        )

    cold_size = args.size + 1  # a size nothing has drawn yet
    start = time.perf_counter()
    hand_png(result, NAMES, size=cold_size, fonts=fonts)
    cold = (time.perf_counter() - start) * 1000
    print(f"\n  cold: first picture at a new tile size (draws its faces): {cold:.1f} ms")
    print(f"  {font_memory(fonts.path)}")


def font_memory(path: str | None) -> str:
    """How many font faces are loaded, and what their mappings of the font file hold
    (Linux: /proc/self/smaps; shared pages count once in PSS)."""
    faces = faces_loaded()
    try:
        smaps = Path("/proc/self/smaps").read_text().splitlines()
    except OSError:
        return f"font faces loaded: {faces}"
    maps, kib, mine = 0, {"Rss": 0, "Pss": 0}, False
    for line in smaps:
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            mine = path is not None and line.endswith(" " + path)
            maps += mine
        elif mine and line.split(":")[0] in kib:
            kib[line.split(":")[0]] += int(line.split()[1])
    return (
        f"font faces loaded: {faces}, mappings of the font file: {maps} "
        f"(RSS {kib['Rss'] / 1024:.1f} MiB, PSS {kib['Pss'] / 1024:.1f} MiB)"
    )


if __name__ == "__main__":
    main()
