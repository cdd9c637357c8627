"""The N-queens demo: Algorithm X places and takes back queens on a chess board.

Ranks and files are the matrix's primary columns (each needs exactly one
queen), the diagonals its secondary ones (at most one).  The board shows the
queens of the rows on the stack, the rank or file being decided and its free
squares, the squares under attack (shaded and hatched), and beside it the
live column sizes; every solution found can be browsed.

Here: the controller (options, keys) and the pure `layout`; the model and
the narration are in `model.py`, the drawing in `view.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from solvers import budgeted, dlx, queens
from solvers.events import Event
from solvers.i18n import N_, _
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.player import Player
from visualizer.scenes.exact_cover.demo import BrowsingDemo
from visualizer.scenes.exact_cover.finale import FastCount
from visualizer.scenes.exact_cover.layout import card_inner, side_legend, split_bottom, split_side
from visualizer.scenes.exact_cover.model import CoverModel
from visualizer.scenes.queens.model import QueensModel, column_names, line_squares, narrate, square_name
from visualizer.scenes.queens.view import QueensView
from visualizer.theme import Theme
from visualizer.widgets import Stepper, Widget

if TYPE_CHECKING:
    from solvers.exercise.cover import CoverRules

MIN_N, MAX_N = 1, 16


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


class QueensDemo(BrowsingDemo):
    """N queens by dancing links: the board, the decisions, the column sizes, every solution."""

    name = "queens"
    title = N_("N queens: exact cover by dancing links")
    default_speed = 8.0
    picture_boxes = ("board_card", "strip")  # the board and its columns' sizes below it (see `picture`)
    panels = (("legend", N_("key")),)
    bindings = (
        Bindings(
            Binding(("[",), "step_n", N_("N smaller (down to 1)"), args=(-1,)),
            Binding(("]",), "step_n", N_("N larger (up to 16)"), args=(1,)),
        )
        + BrowsingDemo.bindings
        + Bindings(Gesture("End", N_("finish the search: then every solution can be browsed")))
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.n = 6
        self.encoding = queens.encode(self.n)
        self.names = column_names(self.encoding)
        self.view = QueensView(self)

    # --- what runs -----------------------------------------------------------------

    def source(self) -> Iterator[Event]:
        """Algorithm X on a private copy of the matrix (the player runs two at once)."""
        return dlx.search(self.encoding.matrix.copy(), strategy=self.strategy)

    def exercise_rules(self) -> CoverRules:
        """Algorithm X's steps, squares and columns named as on the board (solvers/exercise/cover.py)."""
        from solvers.exercise.cover import CoverRules

        squares = self.encoding.squares
        return CoverRules(
            self.encoding.matrix,
            lambda row: square_name(squares[row]),
            column_words=self.names,
            fewest=self.strategy == "fewest",
        )

    def make_model(self) -> QueensModel:
        """An empty board."""
        return QueensModel(self.encoding)

    def set_n(self, n: int) -> None:
        """A new board size, a new run."""
        self.n = max(MIN_N, min(MAX_N, n))
        self.encoding = queens.encode(self.n)
        self.names = column_names(self.encoding)
        self.restart()

    def fast_count(self) -> FastCount:
        """End's card counts with the bitmask counter of `queens N --count`."""
        return budgeted.queens_within, (self.n,)

    def step_n(self, step: int) -> None:
        """N one smaller (-1) or larger (+1)."""
        self.set_n(self.n + step)

    # --- how it reads ---------------------------------------------------------------------

    def column_name(self, column: int) -> str:
        """A matrix column in board words: 'rank 3', 'file c', 'diagonal a1-c3'."""
        return self.names[column]

    def narrate(self, event: Event) -> str | None:
        """The event in board words (see `model.narrate`)."""
        return narrate(event, self.encoding, self.names, self.strategy)

    def counters(self, model: QueensModel) -> list[tuple[str, str]]:
        """Knuth's counters, the queens on the board, the column choice."""
        return self.placing_counters(model, N_("queens"), self.n)

    # --- controls, layout, drawing --------------------------------------------------------

    def controls(self) -> list[Widget]:
        """N, the column choice, and the solution browser."""
        return [
            Stepper("N", lambda: self.n, self.set_n, MIN_N, MAX_N, hint=_("[ and ]")),
            self.strategy_choice(),
            *self.browse_controls(),
        ]

    def row_box(self, row: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """A row is a queen on a square: that square."""
        return self.layout(rect).square_rect(self.encoding.squares[row])

    def column_box(self, column: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """A rank or file column is its line of squares (a diagonal has no line on the board)."""
        if column >= model.matrix.n_primary:
            return None
        lay = self.layout(rect)
        squares = [lay.square_rect(square) for square in line_squares(self.encoding, column)]
        return squares[0].unionall(squares[1:])

    def layout(self, rect: pygame.Rect) -> QueensLayout:
        """The stage's layout for the current N."""
        return layout(rect, self.theme, self.n)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Board with its edge counts, column strip, what happens now, solutions, legend."""
        self.view.draw(surface, self.layout(rect), player)

    def picture(self, rect: pygame.Rect) -> pygame.Rect:
        """The board's card, with the strip of column sizes when it lies under the board."""
        lay = self.layout(rect)
        below = lay.strip.x == lay.board_card.x
        return lay.board_card.union(lay.strip) if below else lay.board_card

    def draw_panel(self, name: str, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The key, beside the stage when the stage had no room for it."""
        self.view.draw_legend(surface, rect)
