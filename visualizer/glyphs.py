"""Text in Latin, Hangul and Chinese alike: a pygame font that falls back per glyph.

pygame-ce's `Font` has no fallback chain, and its `metrics()` reports the
.notdef box for a missing glyph instead of None, so coverage comes from the
fonts' character maps, read by fontTools when the fonts are made and shipped
beside them (assets/fonts/coverage.json, `tools/font_coverage.py`): the
launch reads ranges in a millisecond where fontTools took ~100 ms.  A
`FallbackFont` is a `pygame.font.Font` whose `render` and `size` split text
into runs by which font has the glyphs, so every caller that measures or
renders through the theme gets the fallback without knowing.  Pure ASCII
(most of the English text) takes the plain path.  Runs sit on the first
font's baseline inside its line box.
"""

from __future__ import annotations

import json
from functools import cache
from itertools import chain
from pathlib import Path

import pygame

Color = tuple[int, int, int]
COVERAGE_FILE = "coverage.json"
"""Beside the fonts: each font file's code points as [first, last] runs (tools/font_coverage.py)."""


@cache
def coverage_runs(folder: str) -> dict[str, list[list[int]]]:
    """The coverage file of the font folder `folder`, by font file name."""
    runs: dict[str, list[list[int]]] = json.loads((Path(folder) / COVERAGE_FILE).read_text(encoding="utf-8"))
    return runs


@cache
def coverage(path: str) -> frozenset[int]:
    """The code points font file `path` has glyphs for (KeyError: not in the coverage file)."""
    font = Path(path)
    runs = coverage_runs(str(font.parent))[font.name]
    return frozenset(chain.from_iterable(range(first, last + 1) for first, last in runs))


@cache
def covered_characters(path: str) -> frozenset[str]:
    """The characters font file `path` has glyphs for (for a set test at C speed)."""
    return frozenset(map(chr, coverage(path)))


def splits_into_runs(text: str, chain: list[frozenset[int]]) -> list[tuple[int, str]]:
    """`text` as (font index, run) pairs: each character in the first font of `chain` that has it.

    Spaces stay in the run they are in (fewer runs).  A character no font has
    stays in the run (it draws as that font's box).  Latin inside Hangul or
    Chinese so keeps the first font's shapes and line box: the CJK font's
    underscore, drawn below that box, was cut off ("LLL_RRR" read "LLL RRR").
    """
    runs: list[tuple[int, str]] = []
    for char in text:
        point = ord(char)
        if runs and (char.isspace() or point not in chain[0]) and point in chain[runs[-1][0]]:
            index = runs[-1][0]
        else:
            index = next(
                (i for i, covered in enumerate(chain) if point in covered), runs[-1][0] if runs else 0
            )
        if runs and runs[-1][0] == index:
            runs[-1] = (index, runs[-1][1] + char)
        else:
            runs.append((index, char))
    return runs


class FallbackFont(pygame.font.Font):
    """A font file and its fallbacks: text is measured and drawn in runs, each in a font that has it."""

    def __init__(self, path: Path, points: int, fallbacks: tuple[Path, ...] = ()) -> None:
        super().__init__(str(path), points)
        self._paths = (path, *fallbacks)
        self._points = points
        self._fonts: dict[int, pygame.font.Font] = {}
        self._runs: dict[str, list[tuple[int, str]]] = {}

    def runs(self, text: str) -> list[tuple[int, str]]:
        """The (font index, run) pairs of `text`, cached."""
        runs = self._runs.get(text)
        if runs is None:
            runs = splits_into_runs(text, [coverage(str(path)) for path in self._paths])
            if len(self._runs) > 2000:
                self._runs.clear()
            self._runs[text] = runs
        return runs

    def _font(self, index: int) -> pygame.font.Font:
        """Font `index` of the chain (0: a plain copy of this one), opened on first use."""
        font = self._fonts.get(index)
        if font is None:
            font = self._fonts[index] = pygame.font.Font(str(self._paths[index]), self._points)
        return font

    def _plain(self, text: str) -> bool:
        """True when the first font draws all of `text` itself."""
        if text.isascii() or covered_characters(str(self._paths[0])).issuperset(text):
            return True
        return len(self.runs(text)) == 1 and self.runs(text)[0][0] == 0

    def size(self, text: str | bytes) -> tuple[int, int]:  # type: ignore[override]
        """Width and height of `text` as `render` draws it."""
        if isinstance(text, bytes) or self._plain(text):
            return super().size(text)
        return self._box(text)[:2]

    def _box(self, text: str) -> tuple[int, int, int]:
        """Width, height and baseline of `text` drawn run by run.

        The line box is the first font's, grown to its own runs' drawn height
        (its '_' can sit one pixel below `get_height`); the Chinese font's ink
        fits inside that box, though its own, taller box would not.
        """
        runs = [(index, run, self._font(index).size(run)) for index, run in self.runs(text)]
        height = max([super().get_height()] + [h for index, _, (_, h) in runs if index == 0])
        return sum(w for _, _, (w, _) in runs), height, super().get_ascent()

    def render(  # type: ignore[override]
        self,
        text: str | bytes | None,
        antialias: bool,
        color: Color | pygame.Color,
        bgcolor: Color | pygame.Color | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        """`text` drawn run by run on the first font's baseline (one line; `wraplength` is not used)."""
        if not text or isinstance(text, bytes) or self._plain(text):
            return super().render(text, antialias, color, bgcolor)
        width, height, baseline = self._box(text)
        surface = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        if bgcolor is not None:
            surface.fill(bgcolor)
        x = 0
        for index, run in self.runs(text):
            font = self._font(index)
            piece = font.render(run, antialias, color)
            surface.blit(piece, (x, baseline - font.get_ascent()))
            x += piece.get_width()
        return surface
