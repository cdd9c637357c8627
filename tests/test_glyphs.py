"""The fonts' shipped character maps: what fontTools reads in every font file, and used for fallback."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from visualizer.assets import asset
from visualizer.glyphs import coverage, splits_into_runs
from visualizer.theme import FALLBACK_FILES, FONT_FILES

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted({*FONT_FILES.values(), *(name for names in FALLBACK_FILES.values() for name in names)})


def fonttools_map(path: Path) -> set[int]:
    """fontTools' best Unicode character map of `path` (the reading tools/font_coverage.py ships)."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(path, lazy=True) as font:
        return set(font.getBestCmap())


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_font_has_its_character_map_in_the_coverage_file(name: str) -> None:
    """Code point for code point what fontTools reads: the file is not stale for any font the theme uses."""
    path = asset("fonts", name)
    assert coverage(str(path)) == fonttools_map(path)


def test_the_coverage_file_is_what_the_tool_writes_now() -> None:
    """Every font file in assets/fonts is listed, and nothing else: tools/font_coverage.py was run."""
    pytest.importorskip("fontTools.ttLib")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import font_coverage
    finally:
        sys.path.remove(str(ROOT / "tools"))
    from visualizer.glyphs import coverage_runs

    assert coverage_runs(str(asset("fonts"))) == font_coverage.coverage_table(asset("fonts"))


def test_ranges_are_inclusive_runs() -> None:
    """The tool's run encoding, which the app expands: gaps split runs, neighbours join."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import font_coverage
    except ImportError:
        pytest.skip("fontTools is not installed")
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert font_coverage.ranges([5, 1, 2, 3, 7, 8]) == [[1, 3], [5, 5], [7, 8]]


def test_mixed_text_falls_back_to_the_font_that_has_each_run() -> None:
    """Latin stays in DejaVu, Hangul and Chinese go to the CJK subset, by the shipped maps."""
    chain = [coverage(str(asset("fonts", name))) for name in (FONT_FILES["sans"], *FALLBACK_FILES["sans"])]
    assert splits_into_runs("stack 스택 栈", chain) == [(0, "stack "), (1, "스택 栈")]
