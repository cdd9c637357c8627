"""Write assets/fonts/coverage.json: which characters each shipped font has, read by fontTools.

    python tools/font_coverage.py          # after adding or re-subsetting a font (subset_fonts.py runs it)

The app's text falls back per glyph (`visualizer/glyphs.py`) and so needs each
font's character map at its first non-ASCII text, at launch.  fontTools reads a
map in about 100 ms (its import and the whole table); the app reads this file's
ranges in about a millisecond.  `tests/test_glyphs.py` checks the file against
fontTools' reading of every shipped font, so it cannot go stale unnoticed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "assets" / "fonts"
COVERAGE = FONTS / "coverage.json"


def ranges(points: Iterable[int]) -> list[list[int]]:
    """Code points as sorted inclusive [first, last] runs."""
    runs: list[list[int]] = []
    for point in sorted(points):
        if runs and runs[-1][1] == point - 1:
            runs[-1][1] = point
        else:
            runs.append([point, point])
    return runs


def best_map(path: Path) -> set[int]:
    """The code points fontTools' best Unicode character map of `path` gives a glyph."""
    with TTFont(path, lazy=True) as font:
        return set(font.getBestCmap())


def coverage_table(folder: Path = FONTS) -> dict[str, list[list[int]]]:
    """Every font file of `folder` by name, its character map as runs."""
    fonts = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".ttf", ".otf"))
    return {font.name: ranges(best_map(font)) for font in fonts}


def main() -> int:
    """Write the coverage file beside the fonts."""
    COVERAGE.write_text(json.dumps(coverage_table(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {COVERAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
