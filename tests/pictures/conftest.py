"""Fonts for the picture tests: the machine's CJK font, and a Latin-only one for the fallback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.pictures import fonts as fonts_module
from bot.pictures.fonts import WELL_KNOWN_LATIN, Fonts, discover


@pytest.fixture(scope="session")
def cjk() -> Fonts:
    found = discover({})
    if not found.cjk:
        pytest.skip("no CJK font on this machine (.ci/run installs fonts-wqy-zenhei)")
    return found


@pytest.fixture(scope="session")
def latin() -> Fonts:
    """A Latin-only font, whatever the machine has: DejaVu, else Pillow's built-in font."""
    path = next((p for p in WELL_KNOWN_LATIN if Path(p).is_file()), None)
    return Fonts(path, cjk=False)


@pytest.fixture
def fresh_default_fonts() -> Iterator[None]:
    fonts_module.default_fonts.cache_clear()
    yield
    fonts_module.default_fonts.cache_clear()
