"""The pentomino demo: Algorithm X tiles a rectangle with the twelve pieces.

Each piece and each cell is a primary column of the matrix; a row is one
piece in one orientation at one place.  The board shows the pieces of the
rows on the stack (in colour, each with its letter), the cell or piece being
decided, and in every empty cell how many placements could still cover it;
the tray shows which pieces are used, the strip every column's live size;
the tilings found can be browsed.

Here: the controller (options, keys); the pure layout is in `layout.py`,
the model and the narration in `model.py`, the drawing in `view.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame

from solvers import budgeted, dlx, pentomino
from solvers.events import Event
from solvers.i18n import N_, _, format_number
from visualizer.bindings import Binding, Bindings
from visualizer.player import Player
from visualizer.scenes.exact_cover.demo import COVER_BINDINGS, BrowsingDemo, browse_bindings
from visualizer.scenes.exact_cover.finale import FastCount
from visualizer.scenes.exact_cover.model import CoverModel
from visualizer.scenes.pentomino.layout import PentominoLayout, layout
from visualizer.scenes.pentomino.model import PentominoModel, Tilings, narrate
from visualizer.scenes.pentomino.view import PentominoLook, PentominoView
from visualizer.widgets import Choice, Widget

if TYPE_CHECKING:
    from solvers.exercise.cover import CoverRules

BOARDS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("6×10", (10, 6)),
    ("5×12", (12, 5)),
    ("4×15", (15, 4)),
    ("3×20", (20, 3)),
)
"""Board choices as rows x columns, with the (width, height) the encoding takes: landscape."""

BOARD_HELP = (N_("board 6×10"), N_("board 5×12"), N_("board 4×15"), N_("board 3×20"))
"""What keys 1-4 do, in the help (one whole message per board)."""


class PentominoDemo(BrowsingDemo[PentominoModel]):
    """Twelve pentominoes tile a rectangle: pieces in and out, the tray, the strip, the tilings."""

    name = "pentomino"
    title = N_("Pentominoes: tiling by dancing links")
    default_speed = 500.0
    solution_noun = "tiling"
    nothing_to_browse = N_("no tiling found yet: play on, or press S to run to the next one")
    picture_boxes = ("board_card",)
    bindings = (
        Bindings(
            *(
                Binding((str(number),), "set_board", words, args=(board,))
                for number, ((_label, board), words) in enumerate(zip(BOARDS, BOARD_HELP, strict=True), 1)
            )
        )
        + COVER_BINDINGS
        + browse_bindings("tiling")
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.board = BOARDS[0][1]
        self._encodings: dict[tuple[int, int], pentomino.Encoding] = {}
        self.encoding = self._encoding(self.board)
        self.tilings = Tilings(self.encoding)
        self.view = PentominoView(self.theme)

    def _encoding(self, board: tuple[int, int]) -> pentomino.Encoding:
        """The matrix for a board, built once (its rows never change)."""
        if board not in self._encodings:
            self._encodings[board] = pentomino.encode(*board)
        return self._encodings[board]

    # --- what runs -----------------------------------------------------------------

    def source(self) -> Iterator[Event]:
        """Algorithm X on a private copy of the matrix (the player runs two at once)."""
        return dlx.search(self.encoding.matrix.copy(), strategy=self.strategy)

    def exercise_rules(self) -> CoverRules:
        """Algorithm X's steps, a row named by its piece and top-left cell (solvers/exercise/cover.py)."""
        from solvers.exercise.cover import CoverRules, pentomino_placement

        return CoverRules(
            self.encoding.matrix, pentomino_placement(self.encoding), fewest=self.strategy == "fewest"
        )

    def make_model(self) -> PentominoModel:
        """An empty board, every piece in the tray."""
        return PentominoModel(self.encoding)

    def fast_count(self) -> FastCount:
        """End's card counts the classic tilings on bitsets, as `pentomino WxH --count` does."""
        return budgeted.pentomino_within, self.board

    def set_board(self, board: tuple[int, int]) -> None:
        """Another rectangle, a new run."""
        self.board = board
        self.encoding = self._encoding(board)
        self.tilings = Tilings(self.encoding)
        self.restart()

    # --- telling tilings apart -------------------------------------------------------------

    def grid(self, answer: tuple[int, ...]) -> list[str]:
        """A solution as rows of letters."""
        return self.encoding.grid(answer)

    def distinct(self, model: PentominoModel) -> int:
        """Tilings found that are not turns or flips of one another."""
        return self.tilings.distinct(model.solutions)

    # --- how it reads ---------------------------------------------------------------------

    def narrate(self, event: Event) -> str | None:
        """The event in board words (see `model.narrate`)."""
        return narrate(event, self.encoding, self.strategy)

    def counters(self, model: PentominoModel) -> list[tuple[str, str]]:
        """Knuth's counters, pieces placed, tilings, the column choice."""
        return self.placing_counters(
            model, N_("pieces"), len(pentomino.PIECES), (_("distinct"), format_number(self.distinct(model)))
        )

    # --- controls, layout, drawing --------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Board, column choice, and the tiling browser."""
        return [
            Choice(list(BOARDS), lambda: self.board, self.set_board, hint="1 2 3 4"),
            self.strategy_choice(),
            *self.browse_controls(),
        ]

    def column_box(self, column: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """A piece's column is its slot in the tray, a cell's column the cell."""
        lay = self.layout(rect)
        pieces = len(pentomino.PIECES)
        return lay.tray_slots[column] if column < pieces else lay.cell_rect(column - pieces)

    def row_box(self, row: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """A placement is the first cell its name gives ('X@r1c2'; placements sharing it stay in the bar)."""
        _piece, cells = self.encoding.placements[row]
        return self.layout(rect).cell_rect(min(cells))

    def layout(self, rect: pygame.Rect) -> PentominoLayout:
        """The stage's layout for the current board."""
        return layout(rect, self.theme, self.encoding.width, self.encoding.height)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Board and words, strip, tray, tilings found."""
        self.view.draw(surface, self.layout(rect), self.look(player), player)

    def look(self, player: Player) -> PentominoLook:
        """What the view reads this frame besides the model: the matrix, the tilings, the common look."""
        return PentominoLook(self.cover_look(player), self.encoding, self.tilings, self.veils_newest_try())
