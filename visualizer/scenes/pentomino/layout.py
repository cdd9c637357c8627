"""Where the pentomino demo's cards, board and tray go: a pure function of the stage, theme and board."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from solvers import pentomino
from visualizer.scenes.exact_cover.layout import card_inner, split_bottom, split_side
from visualizer.theme import Theme


@dataclass(frozen=True)
class PentominoLayout:
    """The stage's cards, the board's cells, the words' area and the tray's slots."""

    board_card: pygame.Rect
    strip: pygame.Rect
    tray: pygame.Rect
    board: pygame.Rect  # the cells
    side: int  # one cell's side
    words: pygame.Rect  # what happens now, and the tilings found
    tray_slots: tuple[pygame.Rect, ...]  # one per piece
    width: int  # cells across

    def cell_rect(self, cell: int) -> pygame.Rect:
        """Where a cell (y * width + x) is drawn."""
        y, x = divmod(cell, self.width)
        return pygame.Rect(self.board.x + x * self.side, self.board.y + y * self.side, self.side, self.side)


def layout(rect: pygame.Rect, theme: Theme, width: int, height: int) -> PentominoLayout:
    """Board card on top (with the words and the tilings found), the strip, the tray.

    A short stage puts the strip beside the tray in one band, rather than
    squeezing three cards into its height (the strip kept only its title).
    """
    px = theme.px
    if rect.h >= px(460):
        rest, tray = split_bottom(theme, rect, min(px(100), int(rect.h * 0.18)))
        board_card, strip = split_bottom(theme, rest, min(px(130), int(rect.h * 0.22)))
    else:
        board_card, band = split_bottom(theme, rect, min(px(110), int(rect.h * 0.3)))
        tray, strip = split_side(theme, band, 200, 0.42)
    board, side, words = board_area(card_inner(theme, board_card), theme, width, height)
    return PentominoLayout(board_card, strip, tray, board, side, words, tray_slots(tray, theme), width)


def board_area(inner: pygame.Rect, theme: Theme, w: int, h: int) -> tuple[pygame.Rect, int, pygame.Rect]:
    """Inside the board card: the cells' area, one cell's side, and the area for the words.

    The words go beside the board when that leaves the cells as large as
    putting them above would (6 x 10), else above it (3 x 20).
    """
    gap = theme.px(20)
    text_w = theme.px(280)
    beside = min((inner.w - text_w - gap) // w, inner.h // h)
    words_h = 3 * theme.line_height("large") + theme.px(8)
    above = min(inner.w // w, (inner.h - words_h) // h)
    if beside >= above:
        side = max(4, min(beside, theme.px(64)))
        board = pygame.Rect(inner.x, inner.y, side * w, side * h)
        board.centery = inner.centery
        words = pygame.Rect(board.right + gap, inner.y, inner.right - board.right - gap, inner.h)
    else:
        side = max(4, min(above, theme.px(64)))
        board = pygame.Rect(0, 0, side * w, side * h)
        board.midtop = (inner.centerx, inner.y + words_h + (inner.h - words_h - board.h) // 2)
        words = pygame.Rect(inner.x, inner.y, inner.w, board.y - inner.y - theme.px(8))
    return board, side, words


def tray_slots(tray: pygame.Rect, theme: Theme) -> tuple[pygame.Rect, ...]:
    """Where each of the twelve pieces sits in the tray card."""
    inner = card_inner(theme, tray)
    slot_w = inner.w // len(pentomino.PIECES)
    return tuple(
        pygame.Rect(inner.x + i * slot_w + theme.px(3), inner.y, slot_w - theme.px(6), inner.h)
        for i in range(len(pentomino.PIECES))
    )
