"""Rebuild the shipped Hangul/CJK fonts: subsets of Noto Sans CJK SC (SIL OFL 1.1) made with fontTools.

    apt-get install fonts-noto-cjk      # or pass --source-dir with NotoSansCJK-*.ttc / NotoSansCJKsc-*.otf
    python tools/subset_fonts.py

The subset covers every character the catalogs (assets/locale/*/LC_MESSAGES/unwind.po) use,
all 11,172 Hangul syllables and the compatibility jamo (typed Korean), the 3,755 common
ideographs of GB2312 level 1, CJK punctuation, the full-width forms and ASCII
(so a run of Hangul words stays in one font).  DejaVu stays the
first font; the theme falls back to these per glyph.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
from pathlib import Path

import font_coverage
from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "assets" / "fonts"
LOCALE = ROOT / "assets" / "locale"
SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
FACE = "Noto Sans CJK SC"
WEIGHTS = ("Regular", "Bold")
OUTPUT = "NotoSansCJKsc-{weight}-subset.otf"

HANGUL_SYLLABLES = range(0xAC00, 0xD7A4)
HANGUL_JAMO = range(0x3131, 0x318F)
CJK_PUNCTUATION = range(0x3000, 0x3040)
FULL_WIDTH = range(0xFF01, 0xFF5F)
LATIN = range(0x20, 0x7F)
"""ASCII too: the file dialog (pygame_gui, one font per element) draws whole file names in this face."""


def gb2312_level1() -> set[int]:
    """The 3,755 common ideographs: GB2312 rows 16 to 55, read through Python's own codec."""
    found = set()
    for row in range(0xB0, 0xD8):
        for cell in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):  # the last row stops short
                found.add(ord(bytes((row, cell)).decode("gb2312")))
    return found


def catalog_characters() -> set[int]:
    """Every character in the translations (msgstr lines) of every catalog."""
    found: set[int] = set()
    for po in LOCALE.glob("*/LC_MESSAGES/*.po"):
        for line in po.read_text(encoding="utf-8").splitlines():
            if re.match(r"^(msgstr(\[\d+\])?\s|\")", line):
                found.update(ord(ch) for ch in line)
    return found


def wanted() -> set[int]:
    """The code points the subset keeps."""
    blocks = (LATIN, HANGUL_SYLLABLES, HANGUL_JAMO, CJK_PUNCTUATION, FULL_WIDTH)
    points = {0xA0}.union(*blocks)
    return points | gb2312_level1() | {p for p in catalog_characters() if p > 0x7F}


def source_font(folder: Path, weight: str) -> TTFont:
    """The SC face of `weight` from a .ttc collection or a single .otf."""
    single = folder / f"NotoSansCJKsc-{weight}.otf"
    if single.is_file():
        return TTFont(single)
    for font in TTCollection(folder / f"NotoSansCJK-{weight}.ttc").fonts:
        if font["name"].getDebugName(1) == FACE or font["name"].getDebugName(16) == FACE:
            return font
    raise SystemExit(f"no {FACE} {weight} in {folder}")


def build(folder: Path, weight: str, points: set[int]) -> Path:
    """Write one weight's subset; returns its path."""
    font = source_font(folder, weight)
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence names
    options.notdef_outline = True
    options.hinting = False  # FreeType's autohinter does as well at these sizes, and it halves the size
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(points & set(font.getBestCmap())))
    subsetter.subset(font)
    target = FONTS / OUTPUT.format(weight=weight)
    partial = target.with_name(f".{target.name}.part")
    font.save(partial)
    os.replace(partial, target)  # a running app or test never reads half a font
    return target


def main() -> None:
    """Build both weights and print their sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR)
    args = parser.parse_args()
    points = wanted()
    for weight in WEIGHTS:
        path = build(args.source_dir, weight, points)
        print(f"{path.relative_to(ROOT)}: {len(points):,} code points asked, {path.stat().st_size:,} bytes")
    font_coverage.main()  # the app reads the new fonts' character maps from this file


if __name__ == "__main__":
    main()
