""" "Your code"'s pictures beyond the tree, drawn: cells in a row (a list) or a grid; drawing only reads.

Colour always has a second cue: the searched interval is framed and the rest
hatched grey, the middle ringed and tagged 'mid', merge sort's running slice
bracketed, flood fill's walls dark and filled cells green with a dot, the
running cell ringed.
"""

from __future__ import annotations

from typing import Any

import pygame

from solvers.i18n import _, format_number, ngettext, pgettext
from visualizer import theme as th
from visualizer.panels import card, card_content, fit_text
from visualizer.scenes.trace.paintview import FILLED, draw_cells, draw_start, grid_geometry
from visualizer.scenes.trace.pictures import Filling, Interval, Merging, Picture
from visualizer.theme import Theme

OUT = th.blend(th.PANEL, th.MUTED, 0.35)
"""A cell outside the interval searched."""
LIT = th.blend(th.PANEL, th.ACTIVE, 0.3)
"""A cell of the running call's interval or slice."""


def title(picture: Picture) -> str:
    """The card's heading: what the picture shows now."""
    if isinstance(picture, Interval):
        if picture.middle is None:
            words = _("search for {target}: low {low}, high {high}")
        else:
            words = _("search for {target}: low {low}, high {high}, middle {middle}")
        return words.format(
            target=repr(picture.target), low=picture.low, high=picture.high, middle=picture.middle
        )
    if isinstance(picture, Merging):
        if picture.done:
            return _("sorted!")
        return _("the list; this call sorts [{start}:{stop}]").format(start=picture.start, stop=picture.stop)
    filled = sum(line.count(2) for line in picture.grid)
    words = ngettext("the grid: {count} cell filled", "the grid: {count} cells filled", filled)
    return words.format(count=format_number(filled))


def draw_picture(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, picture: Picture) -> None:
    """The picture in its card, fitted to it."""
    heading = fit_text(theme, title(picture), rect.w - theme.px(24), "tiny", "bold")
    card(surface, rect, theme, heading)
    inner = card_content(rect, theme, heading)
    if isinstance(picture, Filling):
        draw_grid(surface, inner, theme, picture)
    else:
        draw_row(surface, inner, theme, picture)


def cell_size(theme: Theme, inner: pygame.Rect, cols: int, rows: int) -> int:
    """The side of a square cell: as large as fits, at most 44 theme pixels."""
    return max(2, min(theme.px(44), inner.w // max(cols, 1), inner.h // max(rows, 1)))


def draw_row(surface: pygame.Surface, inner: pygame.Rect, theme: Theme, picture: Interval | Merging) -> None:
    """A list as a row of cells with the interval (or slice) lit and marked under it."""
    items = picture.items
    marks = theme.line_height("tiny") + theme.px(4)
    side = cell_size(theme, pygame.Rect(inner.x, inner.y, inner.w, inner.h - marks), len(items), 1)
    left = inner.x + (inner.w - side * len(items)) // 2
    top = inner.y + max(0, (inner.h - marks - side) // 2)
    low, high = (
        (picture.low, picture.high) if isinstance(picture, Interval) else (picture.start, picture.stop - 1)
    )
    for index, value in enumerate(items):
        box = pygame.Rect(left + index * side, top, side, side)
        inside = low <= index <= high
        done = isinstance(picture, Merging) and picture.done
        fill = FILLED if done else LIT if inside else OUT if isinstance(picture, Interval) else th.PANEL
        pygame.draw.rect(surface, fill, box)
        pygame.draw.rect(surface, th.MUTED, box, max(1, theme.px(1)))
        value_text(surface, theme, box, value)
    if low <= high and items:
        frame = pygame.Rect(left + low * side, top, (high - low + 1) * side, side)
        pygame.draw.rect(surface, th.ACTIVE, frame, theme.px(3))
    if isinstance(picture, Interval) and picture.middle is not None and 0 <= picture.middle < len(items):
        mid = pygame.Rect(left + picture.middle * side, top, side, side).inflate(theme.px(6), theme.px(6))
        pygame.draw.rect(surface, th.WAITING, mid, theme.px(3), border_radius=theme.px(4))
        label = theme.text(pgettext("the middle of a binary search", "mid"), "tiny", th.INK, "bold")
        surface.blit(label, label.get_rect(midtop=(mid.centerx, mid.bottom + theme.px(1))))


def value_text(surface: pygame.Surface, theme: Theme, box: pygame.Rect, value: Any) -> None:
    """A cell's value, centred, when it fits."""
    text = theme.text(str(value), "tiny", th.INK, "mono")
    if text.get_width() <= box.w - 2 and text.get_height() <= box.h:
        surface.blit(text, text.get_rect(center=box.center))


def draw_grid(surface: pygame.Surface, inner: pygame.Rect, theme: Theme, picture: Filling) -> None:
    """The grid: walls dark, filled cells green with a dot, the start marked, the running cell ringed."""
    rows, cols = len(picture.grid), max(len(line) for line in picture.grid)
    geometry = grid_geometry(inner, theme, rows, cols)
    draw_cells(surface, geometry, theme, picture.grid)
    if picture.start is not None and geometry.cell_at(geometry.box(picture.start).center) is not None:
        draw_start(surface, geometry, picture.start)
    if picture.cell is not None and geometry.cell_at(geometry.box(picture.cell).center) is not None:
        ring = geometry.box(picture.cell).inflate(theme.px(4), theme.px(4))
        pygame.draw.rect(surface, th.ACTIVE, ring, theme.px(3), border_radius=theme.px(3))
