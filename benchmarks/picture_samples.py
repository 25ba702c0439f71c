"""The README's sample pictures, from the real scoring core.

``python -m benchmarks.picture_samples [DIR]``.

Also the benchmark's input. The hands are SPEC's worked examples plus a Huzhou hand with an
exposed chow, a concealed kong, a wild and its indicator.
"""

from __future__ import annotations

import sys
from pathlib import Path

import scoring
from bot.pictures.fonts import Fonts
from bot.pictures.hand_image import hand_png
from bot.pictures.settlement import settlement_png
from bot.pictures.tally_chart import tally_chart_png
from scoring.result import ScoreResult
from scoring.tiles import Seat

NAMES = {Seat.E: "老王", Seat.S: "小李", Seat.W: "阿明", Seat.N: "大刘"}
HANDS = {
    "hand-hangzhou-baotou.png": ("123m456m789m123p白 +5s 自摸", "hangzhou"),
    "hand-huzhou-indicator.png": ("(东东东东) [345p] 2345m678s +9m 自摸 翻1m", "huzhou-yingpiao"),
    "hand-seven-pairs.png": ("1133m5577p99s东东白 +3s 点炮S", "hangzhou"),
}
TALLY = {
    "老王": [48, 40, 32, 80, 72, 56, 88, 120, 104, 136],
    "小李": [-16, 16, 8, -8, -16, 16, 8, -24, -32, -8],
    "阿明": [-16, -24, -8, -24, 8, 0, -24, -32, -8, -40],
    "大刘": [-16, -32, -32, -48, -64, -72, -72, -64, -64, -88],
}
TRANSFERS = [("大刘", "老王", 88), ("阿明", "老王", 40), ("小李", "老王", 8)]


def baotou() -> ScoreResult:
    """The 14-tile Hangzhou 爆头 hand the benchmark draws."""
    return scoring.score(*HANDS["hand-hangzhou-baotou.png"])


def write_all(directory: Path, fonts: Fonts | None = None) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    pictures = {
        name: hand_png(scoring.score(line, rules), NAMES, fonts=fonts)
        for name, (line, rules) in HANDS.items()
    }
    pictures["tally.png"] = tally_chart_png(TALLY, fonts=fonts)
    pictures["settlement.png"] = settlement_png(TRANSFERS, fonts=fonts)
    written = []
    for name, data in pictures.items():
        path = directory / name
        path.write_bytes(data)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")):
        print(path)
