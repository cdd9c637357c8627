"""Where the N-queens demo's cards and board go: a pure function of the stage, theme and N."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from visualizer.scenes.exact_cover.layout import card_inner, side_legend, split_bottom, split_side
from visualizer.theme import Theme


@dataclass(frozen=True)
class QueensLayout:
    """The stage's cards, and the board's squares inside the board card."""

    board_card: pygame.Rect
    strip: pygame.Rect
    now: pygame.Rect
    solutions: pygame.Rect
    legend: pygame.Rect
    board: pygame.Rect  # the n x n squares
    side: int  # one square's side
    n: int

    def square_rect(self, square: tuple[int, int]) -> pygame.Rect:
        """Where a square is drawn (rank 1 at the bottom, file a at the left)."""
        rank, file = square
        side = self.side
        return pygame.Rect(self.board.x + file * side, self.board.y + (self.n - 1 - rank) * side, side, side)


WIDE = 1.8
SIDE_MIN = 230
"""The narrowest the cards beside the board may be (the key's and the solutions' lines want it)."""
"""A stage this many times as wide as it is tall (the shell's side column folded) gets `wide_layout`."""


def layout(rect: pygame.Rect, theme: Theme, n: int) -> QueensLayout:
    """Board and strip at the left; the side column: now, solutions, legend."""
    px = theme.px
    gap = px(10)
    if rect.w >= WIDE * rect.h:
        return wide_layout(rect, theme, n)
    left, side = split_side(theme, rect, SIDE_MIN, 0.3)
    strip_h = min(px(150), max(rect.h // 4, rect.h // 3))  # a short stage: room for bars, counts, labels
    board_card, strip = split_bottom(theme, left, strip_h)
    legend_h = px(122) if rect.h >= px(470) else 0  # a short stage keeps the solutions instead
    rest, legend = side_legend(theme, side, legend_h)
    now = pygame.Rect(rest.x, rest.y, rest.w, px(128))
    solutions = pygame.Rect(rest.x, now.bottom + gap, rest.w, rest.bottom - now.bottom - gap)
    board, square = board_area(card_inner(theme, board_card), theme, n)
    return QueensLayout(board_card, strip, now, solutions, legend, board, square, n)


def wide_layout(rect: pygame.Rect, theme: Theme, n: int) -> QueensLayout:
    """A wide stage: the board card as tall as the stage at the left; at the right the strip across
    the top, and under it "now" (with the key when there is room) beside or above the solutions."""
    px = theme.px
    gap = px(10)
    board_w = max((rect.w + 1) // 2, min(rect.h + px(40), rect.w * 3 // 5))
    board_card = pygame.Rect(rect.x, rect.y, board_w, rect.h)
    right = pygame.Rect(board_card.right + gap, rect.y, rect.right - board_card.right - gap, rect.h)
    strip = pygame.Rect(right.x, right.y, right.w, min(px(150), right.h // 3))
    below = pygame.Rect(right.x, strip.bottom + gap, right.w, right.bottom - strip.bottom - gap)
    if below.w >= 2 * px(SIDE_MIN) + gap:  # "now" (and the key) beside the solutions
        column = (below.w - gap) // 2
        words = pygame.Rect(below.x, below.y, column, below.h)
        solutions = pygame.Rect(words.right + gap, below.y, below.right - words.right - gap, below.h)
    else:  # "now" above the solutions
        words = pygame.Rect(below.x, below.y, below.w, px(128))
        solutions = pygame.Rect(below.x, words.bottom + gap, below.w, below.bottom - words.bottom - gap)
    roomy = words.h >= px(128) + gap + px(122)
    now, legend = side_legend(theme, words, px(122) if roomy else 0)
    board, square = board_area(card_inner(theme, board_card), theme, n)
    return QueensLayout(board_card, strip, now, solutions, legend, board, square, n)


def board_area(inner: pygame.Rect, theme: Theme, n: int) -> tuple[pygame.Rect, int]:
    """The squares' area inside the board card's `inner` (room left for edge labels) and a square's side."""
    px = theme.px
    left, right, top, bottom = px(22), px(34), px(26), px(22)
    side = max(4, min((inner.w - left - right) // n, (inner.h - top - bottom) // n))
    board = pygame.Rect(0, 0, side * n, side * n)
    board.center = (
        inner.x + left + (inner.w - left - right) // 2,
        inner.y + top + (inner.h - top - bottom) // 2,
    )
    return board, side
