"""Where the sudoku demo's cards and cells go: a pure function of the stage, theme and grid size."""

from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

import pygame

from visualizer.scenes.exact_cover.layout import card_inner, side_legend, split_bottom, split_side
from visualizer.theme import Theme


def pencil_spot(cell: pygame.Rect, digit: int, size: int) -> pygame.Rect:
    """Where a digit's pencil mark sits in a cell: the digits fill a box-shaped grid, row by row."""
    box_n = isqrt(size)
    sub = cell.w // box_n
    r, c = divmod(digit - 1, box_n)
    return pygame.Rect(cell.x + c * sub, cell.y + r * sub, sub, sub)


@dataclass(frozen=True)
class SudokuLayout:
    """The stage's cards and the grid's square inside the board card."""

    board_card: pygame.Rect
    strip: pygame.Rect
    now: pygame.Rect
    legend: pygame.Rect
    grid: pygame.Rect  # the size x size cells
    side: int  # one cell's side
    size: int

    def cell_rect(self, cell: int) -> pygame.Rect:
        """Where a cell is drawn."""
        row, col = divmod(cell, self.size)
        return pygame.Rect(self.grid.x + col * self.side, self.grid.y + row * self.side, self.side, self.side)

    def pencil_rect(self, cell: int, digit: int) -> pygame.Rect:
        """Where a digit's pencil mark sits in its cell: digits fill the cell's box-shaped grid row by row."""
        return pencil_spot(self.cell_rect(cell), digit, self.size)

    def unit_rect(self, kind: str, unit: int) -> pygame.Rect:
        """The cells of a row, column or box (numbered from 0) as one rectangle."""
        n, box_n = self.size, isqrt(self.size)
        if kind == "row":
            cells = [unit * n, unit * n + n - 1]
        elif kind == "column":
            cells = [unit, (n - 1) * n + unit]
        else:
            top, left = (unit // box_n) * box_n, (unit % box_n) * box_n
            cells = [top * n + left, (top + box_n - 1) * n + left + box_n - 1]
        return self.cell_rect(cells[0]).union(self.cell_rect(cells[1]))

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under a point, if any."""
        if not self.grid.collidepoint(pos):
            return None
        return ((pos[1] - self.grid.y) // self.side) * self.size + (pos[0] - self.grid.x) // self.side


def layout(rect: pygame.Rect, theme: Theme, size: int) -> SudokuLayout:
    """The board card with the column strip below it and the side column (now, key).

    A stage too short for the key gives the strip the key's place under "now",
    so the board keeps its height and the strip keeps room for its chart.
    """
    px = theme.px
    left, side = split_side(theme, rect, 230, 0.3)
    if rect.h >= px(460):
        board_card, strip = split_bottom(theme, left, min(px(130), rect.h // 5))
        now, legend = side_legend(theme, side, px(170))
    else:
        board_card = left
        now, strip = side_legend(theme, side, min(px(130), side.h // 2))
        legend = pygame.Rect(side.x, side.bottom, side.w, 0)
    inner = card_inner(theme, board_card)
    cell = max(4, min(inner.w, inner.h) // size)
    grid = pygame.Rect(0, 0, cell * size, cell * size)
    grid.center = inner.center
    return SudokuLayout(board_card, strip, now, legend, grid, cell, size)
