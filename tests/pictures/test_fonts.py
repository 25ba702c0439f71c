"""Font discovery and the no-CJK fallback: ASCII labels, one warning, never a tofu box."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.pictures import fonts as fonts_module
from bot.pictures.fonts import (
    FONT_ENV,
    Fonts,
    bundled_font,
    default_fonts,
    discover,
    face_index,
    has_cjk,
)
from bot.pictures.tile_faces import tile_image
from scoring.tiles import TILE_KINDS, ascii_label


def test_a_latin_only_override_turns_chinese_off(latin: Fonts) -> None:
    assert discover({FONT_ENV: latin.path}) == Fonts(latin.path, cjk=False)


def test_a_cjk_override_is_used(cjk: Fonts) -> None:
    assert cjk.path is not None
    assert discover({FONT_ENV: cjk.path}) == Fonts(cjk.path, cjk=True, index=cjk.index)


def test_the_bundled_font_is_noto_sans_cjk_with_its_simplified_chinese_face() -> None:
    bundled = bundled_font()
    assert bundled is not None, "the noto-cjk-sans-otc dependency is not installed"
    index = face_index(bundled)
    assert Fonts(bundled, cjk=True, index=index).get(20).getname()[0] == "Noto Sans CJK SC"
    assert has_cjk(bundled, index)


def test_the_bundled_font_is_found_when_the_machine_has_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fonts_module, "_fontconfig_candidates", lambda: iter(()))
    monkeypatch.setattr(fonts_module, "WELL_KNOWN_CJK", ())
    found = discover({})
    assert found.path == bundled_font() and found.cjk
    assert found.get(20).getname()[0] == "Noto Sans CJK SC"


@pytest.mark.parametrize(
    ("family", "face"),
    [
        pytest.param("Noto Sans CJK SC", 2, id="noto-collection-sc-not-jp"),
        pytest.param("Noto Sans CJK JP", 0, id="noto-collection-first-face"),
    ],
)
def test_a_collection_face_is_drawn_by_its_own_index(family: str, face: int) -> None:
    bundled = bundled_font()
    assert bundled is not None
    assert Fonts(bundled, cjk=True, index=face).get(24).getname()[0] == family


def test_a_missing_override_is_reported_and_the_search_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = str(tmp_path / "nope.ttf")
    with caplog.at_level(logging.WARNING):
        found = discover({FONT_ENV: missing})
    assert found.path != missing
    assert missing in caplog.text


def test_no_cjk_font_warns_once(
    latin: Fonts,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    fresh_default_fonts: None,
) -> None:
    assert latin.path is not None
    monkeypatch.setenv(FONT_ENV, latin.path)
    with caplog.at_level(logging.WARNING, logger="bot.pictures.fonts"):
        for _ in range(3):
            assert not default_fonts().cjk
    assert [r.levelno for r in caplog.records] == [logging.WARNING]
    assert "noto-cjk-sans-otc" in caplog.records[0].getMessage()


def test_coverage_tells_glyphs_from_the_notdef_box(cjk: Fonts, latin: Fonts) -> None:
    assert latin.covers("A") and not latin.covers("萬") and not latin.covers("东")
    assert cjk.covers("萬") and cjk.covers("A")
    assert latin.printable("老王 Li", "?") == "?? Li"


def test_every_ascii_label_has_real_glyphs_in_the_latin_font(latin: Fonts) -> None:
    assert all(latin.covers(c) for t in range(TILE_KINDS) for c in ascii_label(t))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param(27, 28, id="E-vs-S"),
        pytest.param(29, 30, id="W-vs-N"),
        pytest.param(0, 1, id="1m-vs-2m"),
        pytest.param(32, 33, id="G-vs-R"),
    ],
)
def test_fallback_faces_draw_labels_not_tofu(latin: Fonts, a: int, b: int) -> None:
    # Two missing glyphs would draw the same notdef box; distinct labels draw distinct ink.
    face_a, face_b = tile_image(a, 64, False, latin), tile_image(b, 64, False, latin)
    assert face_a.tobytes() != face_b.tobytes()
    ink = sum(face_a.convert("L").histogram()[:110])  # dark strokes of the label
    assert ink > 40


@pytest.mark.parametrize("text", ["2 × 8 × 底分 1 = 16", "老王 → 小李 …", "−16"])
def test_printable_text_never_leaves_a_glyph_the_font_lacks(latin: Fonts, text: str) -> None:
    for fonts in (latin, Fonts(None, cjk=False)):
        shown = fonts.printable(text, "?")
        assert all(c.isspace() or fonts.covers(c) for c in shown)
        assert "x" in shown or "×" in shown or "×" not in text  # symbols get ASCII stand-ins
