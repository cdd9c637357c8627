"""Which characters a font has: FreeType's answer, asked lazily, is the font's character map."""

from __future__ import annotations

import pygame
import pygame.freetype
import pytest

from visualizer.assets import asset
from visualizer.glyphs import Coverage
from visualizer.theme import FALLBACK_FILES, FONT_FILES

SHIPPED = sorted({*FONT_FILES.values(), *(name for names in FALLBACK_FILES.values() for name in names)})
PROBE_STEP = 7
"""Every 7th code point outside a font's map is asked too: each must be missing."""


def character_map(path: str) -> set[int]:
    """The code points font file `path` maps to a glyph, read whole by fontTools (the slow way)."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(path, lazy=True) as font:
        return set(font.getBestCmap())


@pytest.mark.parametrize("name", SHIPPED)
def test_coverage_is_the_fonts_character_map(name: str) -> None:
    """Every mapped character is covered; unmapped ones (a sample through all planes in use) are not."""
    path = str(asset("fonts", name))
    mapped = character_map(path)
    coverage = Coverage(path)
    assert coverage.covers("".join(map(chr, sorted(mapped))))
    unmapped = [p for p in range(0, max(mapped) + 1, PROBE_STEP) if p not in mapped]
    assert len(unmapped) > 1000
    assert not any(point in coverage for point in unmapped)


def test_text_is_covered_only_when_every_character_is() -> None:
    """A string is covered when all its characters are; lone surrogates and odd values never are."""
    hangul = Coverage(str(asset("fonts", FALLBACK_FILES["sans"][0])))
    assert hangul.covers("재귀 递归 maze_1.txt")
    assert not hangul.covers("재귀 \ue000")
    assert hangul.covers("재귀")  # what is known stays known
    assert not hangul.covers("bad\udc80name")  # a file name's undecodable byte
    assert ord("재") in hangul and 0xE000 not in hangul
    assert -1 not in hangul and 0x110000 not in hangul and "재" not in hangul


def test_coverage_survives_freetype_restarting() -> None:
    """After FreeType is quit and started again (pygame.quit does so), new characters are still asked."""
    latin = Coverage(str(asset("fonts", FONT_FILES["sans"])))
    assert latin.covers("é")
    pygame.freetype.quit()
    assert latin.covers("ß") and not latin.covers("재")
    pygame.freetype.quit()
    pygame.freetype.init()
    assert latin.covers("ñ")
