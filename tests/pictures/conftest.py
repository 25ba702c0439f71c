"""Fonts for the picture tests: the machine's CJK font (the bundled Noto Sans CJK at least),
and a Latin-only one for the fallback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import ImageFont

from bot.pictures import fonts as fonts_module
from bot.pictures.fonts import WELL_KNOWN_LATIN, Fonts, discover


@pytest.fixture(scope="session")
def cjk() -> Fonts:
    found = discover({})
    assert found.cjk, "no CJK font found: is the noto-cjk-sans-otc dependency installed?"
    return found


@pytest.fixture(scope="session")
def latin(tmp_path_factory: pytest.TempPathFactory) -> Fonts:
    """A Latin-only font file, whatever the machine has: DejaVu, else Pillow's built-in font
    written out to a file."""
    path = next((p for p in WELL_KNOWN_LATIN if Path(p).is_file()), None)
    if path is None:
        builtin = ImageFont.load_default(32)
        assert isinstance(builtin, ImageFont.FreeTypeFont)
        written = tmp_path_factory.mktemp("fonts") / "pillow-builtin.ttf"
        written.write_bytes(builtin.font_bytes)
        path = str(written)
    return Fonts(path, cjk=False)


@pytest.fixture
def fresh_default_fonts() -> Iterator[None]:
    fonts_module.default_fonts.cache_clear()
    yield
    fonts_module.default_fonts.cache_clear()
