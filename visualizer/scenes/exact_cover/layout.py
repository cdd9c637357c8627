"""Pure rectangle arithmetic the exact-cover demos' layouts share: cards split into areas.

Each function takes the theme (for its scale) and rectangles and returns
rectangles; nothing here draws, so a demo's `layout()` built from them can
serve both input and drawing.
"""

from __future__ import annotations

import pygame

from visualizer.theme import Theme


def card_inner(theme: Theme, rect: pygame.Rect) -> pygame.Rect:
    """The inside of a titled card at `rect`, below its heading: where `card()` will have room."""
    pad = theme.px(10)
    heading = theme.line_height("tiny", "bold") + theme.px(6)
    return pygame.Rect(rect.x + pad, rect.y + pad + heading, rect.w - 2 * pad, rect.h - 2 * pad - heading)


def split_side(
    theme: Theme, rect: pygame.Rect, min_width: int, share: float
) -> tuple[pygame.Rect, pygame.Rect]:
    """`rect` cut into a main area and a column at its right: `share` of the width, `min_width` at least."""
    gap = theme.px(10)
    side_w = max(theme.px(min_width), int(rect.w * share))
    main = pygame.Rect(rect.x, rect.y, rect.w - side_w - gap, rect.h)
    return main, pygame.Rect(main.right + gap, rect.y, side_w, rect.h)


def split_bottom(theme: Theme, rect: pygame.Rect, height: int) -> tuple[pygame.Rect, pygame.Rect]:
    """`rect` cut into an area and, a gap below it, a band `height` tall at its bottom."""
    gap = theme.px(10)
    top = pygame.Rect(rect.x, rect.y, rect.w, rect.h - height - gap)
    return top, pygame.Rect(rect.x, top.bottom + gap, rect.w, height)


def side_legend(theme: Theme, side: pygame.Rect, height: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The side column cut into the rest and a legend `height` tall at its bottom.

    A height of 0 (a stage too short for a legend) leaves the whole column
    to the rest and an empty legend at its foot.
    """
    if not height:
        return side, pygame.Rect(side.x, side.bottom, side.w, 0)
    return split_bottom(theme, side, height)
