"""The N-queens demo: Algorithm X places and takes back queens on a chess board.

Ranks and files are the matrix's primary columns (each needs exactly one
queen), the diagonals its secondary ones (at most one).  The board shows the
queens of the rows on the stack, the rank or file being decided and its free
squares, the squares under attack (shaded and hatched), and beside it the
live column sizes; every solution found can be browsed.

Here: the controller (options, keys); the pure layout is in `layout.py`,
the model and the narration in `model.py`, the drawing in `view.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame

from solvers import budgeted, dlx, queens
from solvers.events import Event
from solvers.i18n import N_, _
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.player import Player
from visualizer.scenes.exact_cover.demo import BrowsingDemo
from visualizer.scenes.exact_cover.finale import FastCount
from visualizer.scenes.exact_cover.model import CoverModel
from visualizer.scenes.queens.layout import QueensLayout, layout
from visualizer.scenes.queens.model import QueensModel, column_names, line_squares, narrate, square_name
from visualizer.scenes.queens.view import QueensLook, QueensView
from visualizer.widgets import Stepper, Widget

if TYPE_CHECKING:
    from solvers.exercise.cover import CoverRules

MIN_N, MAX_N = 1, 16


class QueensDemo(BrowsingDemo[QueensModel]):
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
        self.view = QueensView(self.theme)

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
        self.view.draw(surface, self.layout(rect), self.look(player), player)

    def look(self, player: Player) -> QueensLook:
        """What the view reads this frame besides the model: N, the matrix, column names, the common look."""
        veiled = self.veils_newest_try(("cover.columns", "cover.knockout"))
        return QueensLook(self.cover_look(player), self.n, self.encoding, self.names, veiled)

    def picture(self, rect: pygame.Rect) -> pygame.Rect:
        """The board's card, with the strip of column sizes when it lies under the board."""
        lay = self.layout(rect)
        below = lay.strip.x == lay.board_card.x
        return lay.board_card.union(lay.strip) if below else lay.board_card

    def draw_panel(self, name: str, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The key, beside the stage when the stage had no room for it."""
        self.view.draw_legend(surface, rect)
