"""Tic-tac-toe boards drawn at any size: grid, marks as shapes (x a cross, o a ring), the winning line."""

from __future__ import annotations

import pygame

from solvers.tictactoe import winning_line
from visualizer import theme as th


def cell_rect(board_rect: pygame.Rect, cell: int) -> pygame.Rect:
    """The square of `cell` inside a board drawn in `board_rect`."""
    step = board_rect.w / 3
    row, col = divmod(cell, 3)
    return pygame.Rect(
        round(board_rect.x + col * step), round(board_rect.y + row * step), round(step), round(step)
    )


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, mark: str, colour: th.Color, width: int) -> None:
    """An x as a cross, an o as a ring: shapes, so colour is never the only cue."""
    if mark == "x":
        pygame.draw.line(surface, colour, rect.topleft, (rect.right - 1, rect.bottom - 1), width)
        pygame.draw.line(surface, colour, (rect.right - 1, rect.top), (rect.left, rect.bottom - 1), width)
    elif mark == "o":
        pygame.draw.circle(surface, colour, rect.center, max(2, rect.w // 2), width)


def draw_board(
    surface: pygame.Surface,
    theme: th.Theme,
    rect: pygame.Rect,
    board: str,
    *,
    last: int | None = None,
    big: bool = False,
    frame: th.Color = th.MUTED,
    frame_width: int = 1,
) -> list[pygame.Rect]:
    """A board: grid, marks (the last move on a lit cell), the winning line; the cell rects."""
    pygame.draw.rect(surface, th.PANEL, rect)
    cells = [cell_rect(rect, cell) for cell in range(9)]
    if last is not None:
        pygame.draw.rect(surface, th.LIT_LINE, cells[last])
    grid = th.INK if big else th.MUTED
    grid_w = theme.px(3) if big else 1
    step = rect.w / 3
    for i in (1, 2):
        x = round(rect.x + i * step)
        y = round(rect.y + i * step)
        pygame.draw.line(surface, grid, (x, rect.y), (x, rect.bottom - 1), grid_w)
        pygame.draw.line(surface, grid, (rect.x, y), (rect.right - 1, y), grid_w)
    pad = max(1, rect.w // (14 if big else 24))
    mark_w = theme.px(7) if big else max(2, rect.w // 16)
    for cell, mark in enumerate(board):
        colour = th.BLUE if mark == "x" else th.VERMILLION
        draw_mark(surface, cells[cell].inflate(-2 * pad, -2 * pad), mark, colour, mark_w)
    line = winning_line(board)
    if line is not None:
        start, end = cells[line[0]].center, cells[line[2]].center
        pygame.draw.line(surface, th.DONE, start, end, theme.px(9) if big else max(2, rect.w // 12))
    if not big:
        pygame.draw.rect(surface, frame, rect, frame_width)
    return cells
