"""Finding a font that has Chinese glyphs, and never drawing a glyph the font lacks.

Order: ``MAHJONG_FONT`` (used as it is, even when it is Latin-only), fontconfig's list of
fonts that cover Chinese, well-known system paths, then Noto Sans CJK from the
``noto-cjk-sans-otc`` package (a dependency, so a bare machine still draws Chinese).
``fc-match`` alone is not trusted: it always answers with *some* font (DejaVu on a bare
machine), so every candidate is checked for real glyphs. In a collection (``.ttc``/``.otc``)
the Simplified Chinese face is chosen (Noto's collection starts with the Japanese one, whose
glyph forms differ). Without a CJK font the pictures switch to ASCII labels and English text,
and say so once in the log.

Each size is a FreeType face (about 1 MiB of heap for Noto CJK) mapping the file by path;
the file's pages are shared through the page cache. So sizes are few: tile labels are drawn
from one master size and scaled (``tile_faces``), leaving a face per text size of the
captions and charts. Handing Pillow the file's bytes instead would be worse: it copies them
into every face (1.4 GiB measured for 72 faces of the 19 MiB collection).
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from PIL import ImageFont

log = logging.getLogger(__name__)

FONT_ENV = "MAHJONG_FONT"
BUNDLED_PACKAGE, BUNDLED_FILE = "noto_cjk_sans_otc", "NotoSansCJK-Regular.ttc"
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
_SIMPLIFIED = re.compile(r"\b(SC|GB|Simplified)\b")  # Noto/Source Han "… SC", PingFang SC
_MAX_FACES = 32

# FreeType faces are not safe to rasterise from two threads at once, and the bot renders
# in worker threads (asyncio.to_thread): every drawing that touches a font holds this lock.
FONT_LOCK = threading.RLock()


@dataclass(frozen=True)
class Fonts:
    """The font the pictures draw with; ``cjk`` says whether it has Chinese glyphs.

    ``path`` None means Pillow's built-in scalable Latin font; ``index`` is the face in a
    collection.
    """

    path: str | None
    cjk: bool
    index: int = 0

    def get(self, size: int) -> ImageFont.FreeTypeFont:
        return _load(self.path, self.index, size)

    def covers(self, char: str) -> bool:
        return _covers(self.path, self.index, char)

    def printable(self, text: str, missing: str = "") -> str:
        """``text`` with every character the font cannot draw replaced: a symbol by its ASCII
        stand-in, anything else by ``missing``."""
        return "".join(
            c if c.isspace() or self.covers(c) else _ASCII_STAND_INS.get(c, missing) for c in text
        )


@lru_cache(maxsize=256)
def _load(path: str | None, index: int, size: int) -> ImageFont.FreeTypeFont:
    if path is None:
        font = ImageFont.load_default(size)
        assert isinstance(font, ImageFont.FreeTypeFont)  # Pillow ships FreeType wheels
        return font
    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.BASIC)


def faces_loaded() -> int:
    """How many font faces (one per font and size) the process holds."""
    return _load.cache_info().currsize


@lru_cache(maxsize=16)
def _notdef(path: str | None, index: int) -> tuple[tuple[int, int], bytes]:
    """The size and pixels of the font's notdef box, rasterised once per font."""
    with FONT_LOCK:
        mask = _load(path, index, 32).getmask(_NOTDEF_PROBE)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def _covers(path: str | None, index: int, char: str) -> bool:
    """True when the font has a real glyph for ``char`` (not its notdef box)."""
    font = _load(path, index, 32)
    with FONT_LOCK:
        mask = font.getmask(char)
    if mask.getbbox() is None:
        return False
    notdef_size, notdef_pixels = _notdef(path, index)
    return mask.size != notdef_size or bytes(mask) != notdef_pixels


def has_cjk(path: str, index: int = 0) -> bool:
    try:
        _load(path, index, 32)
    except OSError:
        return False
    return all(_covers(path, index, c) for c in CJK_PROBE)


def face_index(path: str) -> int:
    """The face to draw with: in a collection the Simplified Chinese one, else the first
    face that is not monospaced, else 0. Raises OSError when ``path`` is not a font."""
    names: list[str] = []
    for index in range(_MAX_FACES):
        try:
            family = ImageFont.truetype(path, 8, index=index).getname()[0] or ""
        except OSError:
            if index == 0:
                raise
            break
        names.append(family)
    simplified = [i for i, n in enumerate(names) if _SIMPLIFIED.search(n) and "Mono" not in n]
    proportional = [i for i, n in enumerate(names) if "Mono" not in n]
    return (simplified or proportional or [0])[0]


def bundled_font() -> str | None:
    """Noto Sans CJK from the ``noto-cjk-sans-otc`` package (a dependency), when installed."""
    try:
        path = Path(str(resources.files(BUNDLED_PACKAGE) / BUNDLED_FILE))
    except ModuleNotFoundError:
        return None
    return str(path) if path.is_file() else None


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
        chosen = _readable(override)
        if chosen is not None:
            return chosen
        log.warning("%s=%s is not a readable font; looking for another", FONT_ENV, override)
    bundled = bundled_font()
    for path in (*_fontconfig_candidates(), *WELL_KNOWN_CJK, *([bundled] if bundled else [])):
        found = _readable(path)
        if found is not None and found.cjk:
            return found
    latin = next((p for p in WELL_KNOWN_LATIN if Path(p).is_file()), None)
    return Fonts(latin, False)


def _readable(path: str) -> Fonts | None:
    """``path`` as Fonts (its best face, whether it has Chinese), or None if it is no font."""
    if not Path(path).is_file():
        return None
    try:
        index = face_index(path)
        _load(path, index, 32)
    except OSError:
        return None
    return Fonts(path, has_cjk(path, index), index)


@lru_cache(maxsize=1)
def default_fonts() -> Fonts:
    """The process-wide choice, made once; warns once when there are no Chinese glyphs."""
    fonts = discover()
    if not fonts.cjk:
        log.warning(
            "No CJK font found (reinstall noto-cjk-sans-otc or set %s): "
            "pictures use ASCII labels and English text",
            FONT_ENV,
        )
    return fonts
