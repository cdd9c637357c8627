"""Text in Latin, Hangul and Chinese alike: a pygame font that falls back per glyph.

pygame-ce's `Font` has no fallback chain, and its `metrics()` reports the
.notdef box for a missing glyph instead of None, so which characters a font
file has is asked of FreeType (`pygame.freetype`, whose `get_metrics` gives
None for them), a character at a time as text comes, and kept (`Coverage`).
A `FallbackFont` is a `pygame.font.Font` whose `render` and `size` split text
into runs by which font has the glyphs, so every caller that measures or
renders through the theme gets the fallback without knowing.  Pure ASCII (most
of the English text) takes the plain path.  Runs sit on the first font's
baseline inside its line box.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Protocol

import pygame
import pygame.freetype

Color = tuple[int, int, int]
SURROGATES = ("\ud800", "\udfff")
"""Lone surrogates (a file name's undecodable bytes) have no glyph, and FreeType cannot take them."""


class CodePoints(Protocol):
    """Anything that answers `point in it` for code points: a `Coverage`, a set of ints."""

    def __contains__(self, point: object, /) -> bool:
        """True when code point `point` has a glyph."""
        ...


class Coverage:
    """The characters one font file has glyphs for, asked of FreeType as they come, then known.

    FreeType reads the font's own character map, so the answer is the one
    reading the whole map would give (tests/test_glyphs.py compares it with
    fontTools for every shipped font), without reading it all at launch: that
    took ~100 ms, the largest part of the time to the first frame.  Known
    characters are answered by a set test at C speed.
    """

    POINTS = 8
    """The size the face is opened at to ask (any size has the same glyphs)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._has: set[str] = set()
        self._lacks: set[str] = set()
        self._face: pygame.freetype.Font | None = None

    def __contains__(self, point: object) -> bool:
        """True when the font has a glyph for code point `point`."""
        return isinstance(point, int) and 0 <= point <= 0x10FFFF and self.covers(chr(point))

    def covers(self, text: str) -> bool:
        """True when the font has a glyph for every character of `text`."""
        if self._has.issuperset(text):
            return True
        self._learn(text)
        return self._has.issuperset(text)

    def _learn(self, text: str) -> None:
        """Ask FreeType about the characters of `text` not yet known, in one call."""
        new = set(text) - self._has - self._lacks
        self._lacks.update(char for char in new if SURROGATES[0] <= char <= SURROGATES[1])
        asked = "".join(new - self._lacks)
        if asked:
            for char, metrics in zip(asked, self._metrics(asked), strict=True):
                (self._has if metrics is not None else self._lacks).add(char)

    def _metrics(self, text: str) -> list[object]:
        """FreeType's glyph metrics of `text` (None: no glyph), the face reopened if FreeType restarted."""
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        try:
            return list(self._open().get_metrics(text))
        except pygame.error:  # FreeType was quit since the face was opened: its faces are gone
            self._face = None
            return list(self._open().get_metrics(text))

    def _open(self) -> pygame.freetype.Font:
        """The font file as a FreeType face, opened once."""
        if self._face is None:
            self._face = pygame.freetype.Font(self.path, self.POINTS)
        return self._face


@cache
def coverage(path: str) -> Coverage:
    """The characters font file `path` has glyphs for (one `Coverage` per file)."""
    return Coverage(path)


def splits_into_runs(text: str, chain: Sequence[CodePoints]) -> list[tuple[int, str]]:
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
        if text.isascii() or coverage(str(self._paths[0])).covers(text):
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
