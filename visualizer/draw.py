"""Drawing primitives every scene shares: dashes, hatching, cut marks, tags, arrows, legend rows.

Each is a small function of a surface and the theme; none keeps state.  A
scene that wants a second cue beside colour (colour-blind safety) finds it
here: a dash, a hatch, a mark.
"""

from __future__ import annotations

import math

import pygame

from visualizer import theme as th
from visualizer.theme import Theme

Point = tuple[float, float]


def dashed_line(
    surface: pygame.Surface,
    colour: th.Color,
    start: Point,
    end: Point,
    width: int,
    dash: int,
    gap: int | None = None,
) -> None:
    """A straight line in dashes `dash` long with `gap` between (default: gap = dash); dash 1 gives dots."""
    gap = dash if gap is None else gap
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    position = 0.0
    while position < length:
        stop = min(length, position + dash)
        a = (round(x0 + dx * position), round(y0 + dy * position))
        if dash <= 1:
            pygame.draw.circle(surface, colour, a, max(1, width // 2 + 1))
        else:
            b = (round(x0 + dx * stop), round(y0 + dy * stop))
            pygame.draw.line(surface, colour, a, b, width)
        position += dash + max(1, gap)


def hatch(surface: pygame.Surface, rect: pygame.Rect, colour: th.Color, spacing: int, width: int = 1) -> None:
    """Diagonal lines across `rect` (a second cue beside colour)."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for offset in range(-rect.h, rect.w, max(2, spacing)):
        start = (rect.x + offset, rect.bottom)
        end = (rect.x + offset + rect.h, rect.y)
        pygame.draw.line(surface, colour, start, end, width)
    surface.set_clip(clip)


def cut_mark(surface: pygame.Surface, theme: Theme, start: Point, end: Point, size: int) -> None:
    """Two short strokes across the middle of an edge: this branch was cut."""
    mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1.0, math.hypot(dx, dy))
    nx, ny = -dy / length * size, dx / length * size  # across the edge
    ux, uy = dx / length * theme.px(3), dy / length * theme.px(3)  # along it
    for shift in (-1, 1):
        cx, cy = mx + ux * shift, my + uy * shift
        pygame.draw.line(surface, th.PRUNED, (cx - nx, cy - ny), (cx + nx, cy + ny), theme.px(3))


def tag(
    surface: pygame.Surface,
    theme: Theme,
    text: str,
    centre: tuple[int, int],
    colour: th.Color,
    *,
    size: str = "tiny",
    ink: th.Color = th.INK,
) -> pygame.Rect:
    """A small rounded tag with bold text, centred at `centre`; returns its rectangle."""
    image = theme.text(text, size, ink, "bold")
    box = image.get_rect(center=centre).inflate(theme.px(8), theme.px(2))
    pygame.draw.rect(surface, colour, box, border_radius=theme.px(4))
    surface.blit(image, image.get_rect(center=box.center))
    return box


def arrow(surface: pygame.Surface, colour: th.Color, start: Point, end: Point, width: int, head: int) -> None:
    """A straight arrow from `start` to `end` with a filled head `head` pixels long."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, colour, start, base, width)
    left = (base[0] - uy * head / 2, base[1] + ux * head / 2)
    right = (base[0] + uy * head / 2, base[1] - ux * head / 2)
    pygame.draw.polygon(surface, colour, (end, left, right))


def legend_row(
    surface: pygame.Surface,
    theme: Theme,
    at: tuple[int, int],
    swatch: th.Color,
    words: str,
    *,
    hatched: bool = False,
    size: str = "small",
) -> int:
    """A colour swatch (hatched when that is the second cue) and its words; returns the row's width."""
    line = theme.line_height(size)
    box = pygame.Rect(at[0], at[1] + (line - theme.px(12)) // 2, theme.px(18), theme.px(12))
    pygame.draw.rect(surface, swatch, box, border_radius=theme.px(2))
    if hatched:
        hatch(surface, box, th.INK, theme.px(4))
    image = theme.text(words, size, th.INK)
    surface.blit(image, (box.right + theme.px(6), at[1]))
    return box.w + theme.px(6) + image.get_width()
