"""Colours, sizes and fonts: the only place with colour or size literals.

Colours come from the Okabe-Ito palette, which stays distinct for the common
kinds of colour blindness; every state they mark also has a second cue
(a shape, a dash, a symbol) drawn by the scenes.  Every size goes through
`Theme.px`, so the presenter scale (Ctrl +/-) enlarges text and lines alike.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame

from solvers.i18n import _, format_number
from visualizer import MIN_WINDOW
from visualizer.assets import asset
from visualizer.glyphs import FallbackFont

Color = tuple[int, int, int]

# Okabe-Ito
ORANGE: Color = (230, 159, 0)
SKY: Color = (86, 180, 233)
GREEN: Color = (0, 158, 115)
YELLOW: Color = (240, 228, 66)
BLUE: Color = (0, 114, 178)
VERMILLION: Color = (213, 94, 0)
PURPLE: Color = (204, 121, 167)

# The paper the app is drawn on: light, so it reads on a classroom projector.
BACKGROUND: Color = (246, 244, 239)
PANEL: Color = (255, 255, 255)
PANEL_EDGE: Color = (214, 210, 200)
INK: Color = (31, 36, 48)
MUTED: Color = (112, 117, 128)
FAINT: Color = (226, 223, 215)
LIT_LINE: Color = (252, 242, 160)
TITLE_BAR: Color = (37, 44, 61)
TITLE_INK: Color = (246, 244, 239)
OVERLAY: tuple[int, int, int, int] = (20, 24, 33, 215)

# What the colours mean, everywhere.
ACTIVE = BLUE  # the call, cell or row being worked on now
WAITING = ORANGE  # frames on the stack that wait for an inner call
DONE = GREEN  # returned, solved, part of the answer
DEAD = VERMILLION  # dead end, abandoned, overflow
PRUNED = PURPLE  # cut without being searched
VISITED = SKY  # seen before

SIZES = {"tiny": 12, "small": 14, "body": 16, "large": 20, "title": 24, "huge": 40}
"""Font sizes in points at presenter scale 1."""

SCALES: tuple[float, ...] = (0.75, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
"""Presenter scales that Ctrl +/- walks."""

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
}
FALLBACK_FILES = {
    "sans": ("NotoSansCJKsc-Regular-subset.otf",),
    "bold": ("NotoSansCJKsc-Bold-subset.otf",),
    "mono": ("DejaVuSans.ttf", "NotoSansCJKsc-Regular-subset.otf"),
}
"""Fonts drawing the glyphs a face lacks, per glyph (Hangul, Chinese): see visualizer.glyphs."""

TEXT_CACHE_SIZE = 4000
TEXT_CACHE_BYTES = 24 * 2**20
"""Pixels of cached text kept: a frame at 3840x2160 and scale 2 draws about 6 MB of text, while
narration and counters render new strings every step (4000 of them held 110 MB there)."""
FONT_CACHE_SIZE = 40
"""Fonts kept: every face and size at two scales; resizing through many scales cannot grow it."""


class Theme:
    """Fonts, cached text and the presenter scale."""

    def __init__(self, scale: float = 1.0) -> None:
        self.presenter = scale  # the scale asked for (Ctrl + / Ctrl -, --scale)
        self.fit = False  # grow with the window beyond the design size
        self.scale = scale  # the scale in force: the presenter's, fitted to the window
        self._fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
        self._texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._text_bytes = 0  # pixels held by _texts
        self.cut: list[tuple[pygame.Rect, str]] = []  # this frame's shortened texts: where, and in full
        self.ceiling: Callable[[tuple[int, int]], float] | None = None
        """The screen's largest scale for a window (a demo's: where its picture stops growing), if any."""

    def px(self, size: float) -> int:
        """A length in pixels at the current presenter scale."""
        return max(1, round(size * self.scale))

    @contextmanager
    def scaled(self, scale: float) -> Iterator[None]:
        """Measure at another scale for a moment (a layout at step 1, to compare); nothing is drawn."""
        kept = self.scale
        self.scale = scale
        try:
            yield
        finally:
            self.scale = kept

    def font(self, size: str = "body", face: str = "sans") -> pygame.font.Font:
        """The font of a named size and face ('sans', 'bold', 'mono'), cached."""
        points = self.px(SIZES[size])
        key = (face, points)
        font = self._fonts.get(key)
        if font is None:
            fallbacks = tuple(asset("fonts", name) for name in FALLBACK_FILES[face])
            font = FallbackFont(asset("fonts", FONT_FILES[face]), points, fallbacks)
            self._fonts[key] = font
            if len(self._fonts) > FONT_CACHE_SIZE:
                self._fonts.popitem(last=False)
        else:
            self._fonts.move_to_end(key)
        return font

    def text(self, text: str, size: str = "body", color: Color = INK, face: str = "sans") -> pygame.Surface:
        """Rendered text, cached: scenes redraw the same labels every frame."""
        key = (text, size, color, face, self.scale)
        surface = self._texts.get(key)
        if surface is None:
            surface = self.font(size, face).render(text, True, color)
            self._texts[key] = surface
            self._text_bytes += surface_bytes(surface)
            while len(self._texts) > TEXT_CACHE_SIZE or self._text_bytes > TEXT_CACHE_BYTES:
                self._text_bytes -= surface_bytes(self._texts.popitem(last=False)[1])
        else:
            self._texts.move_to_end(key)
        return surface

    def line_height(self, size: str = "body", face: str = "sans") -> int:
        """Pixels from one line of text to the next."""
        return self.font(size, face).get_linesize()

    def zoom(self, steps: int) -> None:
        """Move the presenter scale `steps` rungs up (or down); `fit_window` then applies it."""
        nearest = min(range(len(SCALES)), key=lambda i: abs(SCALES[i] - self.presenter))
        self.presenter = SCALES[max(0, min(len(SCALES) - 1, nearest + steps))]
        self.scale = self.presenter

    def fit_window(self, size: tuple[int, int]) -> bool:
        """Set the scale in force for a window of `size`; True when it changed."""
        scale = effective_scale(self.presenter, size, self.fit)
        if self.ceiling is not None:
            scale = min(scale, self.ceiling(size))
        changed = scale != self.scale
        self.scale = scale
        if changed:
            self._texts.clear()  # text drawn at the old scale is not drawn again soon
            self._text_bytes = 0
        return changed

    def step(self) -> int:
        """The presenter step, 1 for the normal size (1.0) and up from there."""
        nearest = min(range(len(SCALES)), key=lambda i: abs(SCALES[i] - self.presenter))
        return nearest - SCALES.index(1.0) + 1

    def describe(self) -> str:
        """The scale in words, for the message shown while it changes."""
        step, size, shown = self.step(), percent(self.presenter), percent(self.scale)
        fitted = round(self.scale, 2) != round(self.presenter, 2)
        if self.fit and fitted:
            words = _("presenter step {step}: text at {size}, fitted to the window (shown at {shown} in it)")
        elif self.fit:
            words = _("presenter step {step}: text at {size}, fitted to the window")
        elif fitted:
            words = _("presenter step {step}: text at {size} (shown at {shown} in this window)")
        else:
            words = _("presenter step {step}: text at {size}")
        return words.format(step=step, size=size, shown=shown)


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of a surface's pixels."""
    return surface.get_height() * surface.get_pitch()


DESIGN_SIZE = (1280, 800)
"""The window the layout is drawn for at scale 1; "fit to window" scales from it."""

ROOM_PER_SCALE = MIN_WINDOW
"""Window pixels each unit of scale needs: the smallest window the layout is made for.

Every layout is drawn on a canvas of at least this many scaled pixels, so a
1024x640 projector shows at most 128 %, 1280x800 160 % and 1920x1080 216 %.
"""

SMALLEST_SCALE = 0.6


def effective_scale(presenter: float, size: tuple[int, int], fit: bool) -> float:
    """The scale in force: the presenter's (times the window's growth when fitting), as large as fits."""
    width, height = size
    grow = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1]) if fit else 1.0
    room = min(width / ROOM_PER_SCALE[0], height / ROOM_PER_SCALE[1])
    return round(max(SMALLEST_SCALE, min(presenter * grow, room)), 3)


def percent(fraction: float) -> str:
    """`fraction` as a whole percentage, written as the language writes it ('128%')."""
    return _("{number}%").format(number=format_number(round(fraction * 100)))


def blend(a: Color, b: Color, t: float) -> Color:
    """The colour a fraction `t` of the way from `a` to `b`."""
    t = max(0.0, min(1.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def ease(t: float) -> float:
    """Smoothstep: motion that starts and ends gently."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)
