"""Flood fill's grid on screen: one pure geometry for drawing and clicks, the painted grid, its hint.

The geometry (`grid_geometry`) is a pure function of the card and the
grid's size, so the click that paints a cell and the drawing of that cell
agree.  Colour has a second cue: walls are dark, filled cells green with a
dot, the start cell carries a blue triangle, the running cell is ringed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from solvers.i18n import _
from visualizer import theme as th
from visualizer.panels import card, card_content, fit_text
from visualizer.scenes.trace.paint import WALL, Cell, GridPainter
from visualizer.theme import Theme

FILLED = th.blend(th.PANEL, th.DONE, 0.55)
WALL_INK = th.INK
START = th.ACTIVE


@dataclass(frozen=True, slots=True)
class GridGeometry:
    """Where a grid of `rows` x `cols` square cells of side `side` sits, its top left at (left, top)."""

    left: int
    top: int
    side: int
    rows: int
    cols: int

    def box(self, cell: Cell) -> pygame.Rect:
        """The square of `cell`."""
        return pygame.Rect(
            self.left + cell[1] * self.side, self.top + cell[0] * self.side, self.side, self.side
        )

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The cell under `pos`, or None off the grid."""
        col, row = (pos[0] - self.left) // self.side, (pos[1] - self.top) // self.side
        return (row, col) if 0 <= row < self.rows and 0 <= col < self.cols else None


def grid_geometry(inner: pygame.Rect, theme: Theme, rows: int, cols: int) -> GridGeometry:
    """Square cells as large as fit `inner` (at most 44 theme pixels), the grid centred."""
    side = max(2, min(theme.px(44), inner.w // max(cols, 1), inner.h // max(rows, 1)))
    return GridGeometry(
        inner.x + (inner.w - side * cols) // 2, inner.y + (inner.h - side * rows) // 2, side, rows, cols
    )


def draw_cells(
    surface: pygame.Surface, geometry: GridGeometry, theme: Theme, cells: tuple[tuple[int, ...], ...]
) -> None:
    """Walls dark, filled cells (2) green with a dot, open cells white; thin lines between."""
    for r, line in enumerate(cells):
        for c, value in enumerate(line):
            box = geometry.box((r, c))
            pygame.draw.rect(surface, WALL_INK if value == WALL else FILLED if value == 2 else th.PANEL, box)
            pygame.draw.rect(surface, th.MUTED, box, max(1, theme.px(1)))
            if value == 2:
                pygame.draw.circle(surface, th.DONE, box.center, max(2, geometry.side // 6))


def draw_start(surface: pygame.Surface, geometry: GridGeometry, start: Cell) -> None:
    """A triangle in the start cell's top-left corner (a shape, not only a colour)."""
    box = geometry.box(start)
    size = max(4, geometry.side // 2)
    pygame.draw.polygon(surface, START, [box.topleft, (box.x + size, box.y), (box.x, box.y + size)])


def painting_title(painter: GridPainter) -> str:
    """The card's heading while painting: where the fill will start."""
    row, col = painter.grid.start
    return _("your grid: the fill starts at ({row}, {col})").format(row=row, col=col)


def painting_hint() -> str:
    """How to paint, under the grid."""
    return _("drag: walls · right-click: start · Enter: run")


def hint_height(theme: Theme) -> int:
    """The room the hint line takes under the grid."""
    return theme.line_height("tiny") + theme.px(4)


def painter_geometry(rect: pygame.Rect, theme: Theme, painter: GridPainter) -> GridGeometry:
    """Where the painted grid sits in the picture card `rect` (the same for clicks and drawing)."""
    inner = card_content(rect, theme, painting_title(painter))
    room = pygame.Rect(inner.x, inner.y, inner.w, max(0, inner.h - hint_height(theme)))
    return grid_geometry(room, theme, painter.grid.rows, painter.grid.cols)


def draw_painter(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, painter: GridPainter) -> None:
    """The grid being painted, its start cell, and how to paint it."""
    heading = fit_text(theme, painting_title(painter), rect.w - theme.px(24), "tiny", "bold")
    inner = card(surface, rect, theme, heading)
    geometry = painter_geometry(rect, theme, painter)
    draw_cells(surface, geometry, theme, tuple(tuple(row) for row in painter.grid.cells))
    draw_start(surface, geometry, painter.grid.start)
    hint = fit_text(theme, painting_hint(), inner.w, "tiny")
    surface.blit(
        theme.text(hint, "tiny", th.MUTED), (inner.x, inner.bottom - hint_height(theme) + theme.px(4))
    )
