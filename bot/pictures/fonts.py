"""Finding a font that has Chinese glyphs, and never drawing a glyph the font lacks.

Order: ``MAHJONG_FONT`` (used as it is, even when it is Latin-only), fontconfig's list of
fonts that cover Chinese, then well-known Debian paths. ``fc-match`` alone is not trusted:
it always answers with *some* font (DejaVu on a bare machine), so every candidate is checked
for real glyphs. Without a CJK font the pictures switch to ASCII labels and English text,
and say so once in the log.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

log = logging.getLogger(__name__)

FONT_ENV = "MAHJONG_FONT"
CJK_PROBE = "一二三四五六七八九万东南西北中发白财翻胡吃碰杠暗"  # 萬 東 發 are optional
WELL_KNOWN_CJK = (
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "C:/Windows/Fonts/msyh.ttc",
)
WELL_KNOWN_LATIN = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
)
# Stand-ins for typographic symbols a small Latin font may lack.
_ASCII_STAND_INS = {"×": "x", "·": "-", "−": "-", "→": "->", "…": "...", "（": "(", "）": ")"}
_NOTDEF_PROBE = chr(0x10FFFD)  # a private-use code point no real font maps

# FreeType faces are not safe to rasterise from two threads at once, and the bot renders
# in worker threads (asyncio.to_thread): every drawing that touches a font holds this lock.
FONT_LOCK = threading.RLock()


@dataclass(frozen=True)
class Fonts:
    """The font the pictures draw with; ``cjk`` says whether it has Chinese glyphs.

    ``path`` None means Pillow's built-in scalable Latin font.
    """

    path: str | None
    cjk: bool

    def get(self, size: int) -> ImageFont.FreeTypeFont:
        return _load(self.path, size)

    def covers(self, char: str) -> bool:
        return _covers(self.path, char)

    def printable(self, text: str, missing: str = "") -> str:
        """``text`` with every character the font cannot draw replaced: a symbol by its ASCII
        stand-in, anything else by ``missing``."""
        return "".join(
            c if c.isspace() or self.covers(c) else _ASCII_STAND_INS.get(c, missing) for c in text
        )


@lru_cache(maxsize=256)
def _load(path: str | None, size: int) -> ImageFont.FreeTypeFont:
    if path is None:
        font = ImageFont.load_default(size)
        assert isinstance(font, ImageFont.FreeTypeFont)  # Pillow ships FreeType wheels
        return font
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16)
def _notdef(path: str | None) -> tuple[tuple[int, int], bytes]:
    """The size and pixels of the font's notdef box, rasterised once per font."""
    with FONT_LOCK:
        mask = _load(path, 32).getmask(_NOTDEF_PROBE)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def _covers(path: str | None, char: str) -> bool:
    """True when the font has a real glyph for ``char`` (not its notdef box)."""
    font = _load(path, 32)
    with FONT_LOCK:
        mask = font.getmask(char)
    if mask.getbbox() is None:
        return False
    notdef_size, notdef_pixels = _notdef(path)
    return mask.size != notdef_size or bytes(mask) != notdef_pixels


def has_cjk(path: str) -> bool:
    try:
        _load(path, 32)
    except OSError:
        return False
    return all(_covers(path, c) for c in CJK_PROBE)


def _fontconfig_candidates() -> Iterator[str]:
    if shutil.which("fc-list") is None:
        return
    try:
        out = subprocess.run(
            ["fc-list", ":lang=zh", "file"], capture_output=True, text=True, timeout=10
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return
    files = sorted({line.split(":")[0].strip() for line in out.splitlines() if line.strip()})
    # Prefer sans faces (黑体): they stay legible at small sizes.
    yield from sorted(files, key=lambda f: not any(k in f for k in ("Sans", "Hei", "hei")))


def discover(env: Mapping[str, str] | None = None) -> Fonts:
    """Pick the font; ``env`` is consulted for ``MAHJONG_FONT`` (defaults to os.environ)."""
    env = os.environ if env is None else env
    override = env.get(FONT_ENV)
    if override:
        if Path(override).is_file():
            try:
                _load(override, 32)
                return Fonts(override, has_cjk(override))
            except OSError:
                pass
        log.warning("%s=%s is not a readable font; looking for another", FONT_ENV, override)
    for path in (*_fontconfig_candidates(), *WELL_KNOWN_CJK):
        if Path(path).is_file() and has_cjk(path):
            return Fonts(path, True)
    latin = next((p for p in WELL_KNOWN_LATIN if Path(p).is_file()), None)
    return Fonts(latin, False)


@lru_cache(maxsize=1)
def default_fonts() -> Fonts:
    """The process-wide choice, made once; warns once when there are no Chinese glyphs."""
    fonts = discover()
    if not fonts.cjk:
        log.warning(
            "No CJK font found (install fonts-wqy-zenhei or set %s): "
            "pictures use ASCII labels and English text",
            FONT_ENV,
        )
    return fonts
