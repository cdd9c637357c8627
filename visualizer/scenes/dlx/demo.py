"""The dancing-links demo: the whole 0-1 matrix as Knuth draws it, links and all.

Along the top, the root h and the column headers, each with its size, in
one circular list; under every header, its column's 1s in a circular list
running down; the 1s of a row are linked left to right.  Covering a column
unlinks its header from the top list (it rises out of the line) and then,
row by row from the top, unlinks every row that meets it from the other
columns (those nodes step off their rails); uncovering puts them back from
the bottom row up, the header last, exactly in reverse.  The column being
decided and the row being tried are lit; the stack of rows chosen reads
along the bottom.

Problems small enough to draw whole: Knuth's 7-column example, 4 queens,
a 4 x 4 sudoku, and any matrix the user types.  Putting another problem on
show is a user edit (one `ProblemEdit` in the edit history: Z takes it
back, Y does it again), and each starts a new run.

Here: the controller (options, keys, edits); the pure layout is in
`layout.py`, the model, the problems and the narration in `model.py`, the
drawing in `view.py`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from solvers import dlx
from solvers.events import Event
from solvers.i18n import N_, _, format_number
from visualizer.bindings import Binding, Bindings
from visualizer.history import Edit, EditHistory, Undoable
from visualizer.player import Player
from visualizer.scenes.dlx.layout import MatrixLayout, layout
from visualizer.scenes.dlx.model import (
    PROBLEMS,
    MatrixModel,
    Problem,
    ProblemEdit,
    Workbench,
    knuth_problem,
    narrate,
    parse_typed,
    row_list,
    typed_problem,
)
from visualizer.scenes.dlx.view import MatrixLook, MatrixView
from visualizer.scenes.exact_cover.demo import COVER_BINDINGS, ExactCoverDemo
from visualizer.scenes.exact_cover.model import CoverModel
from visualizer.widgets import Button, Choice, Widget

if TYPE_CHECKING:
    from solvers.exercise.cover import CoverRules


class MatrixDemo(Undoable[Workbench], ExactCoverDemo[MatrixModel]):
    """Dancing links drawn whole: cover unlinks, uncover relinks in reverse."""

    name = "dlx"
    title = N_("Dancing links: the matrix that dances")
    default_speed = 2.0
    picture_boxes = ("matrix",)
    bindings = (
        Bindings(
            Binding(("1",), "set_choice", N_("Knuth's example"), args=("knuth",)),
            Binding(("2",), "set_choice", N_("4 queens"), args=("queens",)),
            Binding(("3",), "set_choice", N_("4×4 sudoku"), args=("sudoku",)),
            Binding(("m",), "ask_matrix", N_("type your own matrix: columns | secondary ; row ; row ...")),
            Binding(("z", "ctrl+z"), "undo", N_("undo: the problem shown before")),
            Binding(("y", "ctrl+y"), "redo", N_("redo")),
        )
        + COVER_BINDINGS
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.bench = Workbench(knuth_problem(), "knuth")
        self.history: EditHistory[Workbench] = EditHistory(self.bench)
        self.view = MatrixView(self.theme)

    @property
    def problem(self) -> Problem:
        """The problem on show."""
        return self.bench.problem

    @property
    def choice(self) -> str:
        """Which problem is on show: 'knuth', 'queens', 'sudoku' or 'typed'."""
        return self.bench.choice

    # --- what runs ---------------------------------------------------------------

    def source(self) -> Iterator[Event]:
        """Algorithm X on a private copy (the player runs two generators at once)."""
        return dlx.search(self.problem.matrix.copy(), strategy=self.strategy)

    def exercise_rules(self) -> CoverRules:
        """Algorithm X's steps on the matrix on show (solvers/exercise/cover.py)."""
        from solvers.exercise.cover import CoverRules

        problem = self.problem
        return CoverRules(
            problem.matrix,
            problem.row_name,
            column_words=problem.column_labels,
            fewest=self.strategy == "fewest",
        )

    def make_model(self) -> MatrixModel:
        """The matrix before any cover."""
        return MatrixModel(self.problem)

    # --- the user's edits: which problem is on show ----------------------------------

    def show(self, problem: Problem, choice: str, typed: str) -> None:
        """Put a problem on show, as one edit, and start a new run."""
        bench = self.bench
        before = (bench.problem, bench.choice, bench.typed)
        self.history.do(ProblemEdit(before, (problem, choice, typed), problem.title))
        self.new_run()

    def set_choice(self, key: str) -> None:
        """One of the built-in problems, or 'typed' to ask for a matrix."""
        if key == "typed":
            self.ask_matrix()
            return
        self.show(PROBLEMS[key](), key, self.bench.typed)

    def ask_matrix(self) -> None:
        """Ask for a matrix on one line."""
        prompt = _("columns | secondary ; row ; row ...  (e.g. A B C ; A B ; C)")
        self.shell.ask(prompt, self.bench.typed, self.use_typed)

    def use_typed(self, text: str) -> None:
        """Read the typed matrix; a bad one is explained in one line."""
        try:
            matrix = parse_typed(text)
        except ValueError as error:
            self.notify(str(error))
            return
        self.show(typed_problem(matrix, "typed", _("your matrix"), text), "typed", text)

    def edit_history(self) -> EditHistory[Workbench]:
        """The problems shown, which Z and Y walk."""
        return self.history

    def walk_words(self, edits: Sequence[Edit[Workbench]]) -> str:
        """'show {problem}': the problem an undo or redo put on show."""
        return _("show {problem}").format(problem=edits[0].words)

    def after_walk(self, edits: Sequence[Edit[Workbench]]) -> None:
        """A new run on the problem now shown."""
        self.new_run()

    # --- how it reads ----------------------------------------------------------------

    def column_label(self, column: int) -> str:
        """A column's short name."""
        return self.problem.column_labels[column]

    def row_list(self, rows: list[int]) -> str:
        """'rows 1, 4' / 'row a2' / 'no row'."""
        return row_list(self.problem, rows)

    def narrate(self, event: Event) -> str | None:
        """The event in matrix words (see `model.narrate`)."""
        return narrate(event, self.problem, self.strategy)

    def counters(self, model: MatrixModel) -> list[tuple[str, str]]:
        """Knuth's counters and the matrix's size."""
        m = model.matrix
        return self.knuth_counters(
            model,
            (_("columns"), f"{format_number(m.n_primary)} + {format_number(m.n_secondary)}"),
            (_("rows"), format_number(len(m.rows))),
        )

    # --- controls, layout, drawing --------------------------------------------------------

    def controls(self) -> list[Widget]:
        """The problem, typing a matrix, the column choice."""
        return [
            Choice(
                [
                    (_("Knuth's example"), "knuth"),
                    (_("4 queens"), "queens"),
                    (_("4×4 sudoku"), "sudoku"),
                    (_("your matrix…"), "typed"),
                ],
                lambda: self.choice,
                self.set_choice,
                hint=_("1 / 2 / 3, M to type a matrix"),
            ),
            Button(_("type a matrix…"), self.ask_matrix, hint=_("M: columns | secondary ; row ; row")),
            self.strategy_choice(),
        ]

    def column_box(self, column: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """A column is its header in the top list."""
        geo = self.layout(rect).geo
        box = pygame.Rect(0, 0, geo.header_w, geo.header_h)
        box.center = (round(geo.xs[column]), round(geo.header_y))
        return box

    def row_box(self, row: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """A row is its band across the matrix, from its label to the last column."""
        lay = self.layout(rect)
        geo = lay.geo
        top = round(geo.ys[row] - geo.row_h / 2) + 1
        right = round(geo.xs[-1] + geo.col_w / 2) if geo.xs else lay.matrix.right
        left = geo.label_x - self.theme.px(4)
        return pygame.Rect(left, top, right - left, max(4, round(geo.row_h) - 2))

    def layout(self, rect: pygame.Rect) -> MatrixLayout:
        """The stage's layout for the problem on show."""
        return layout(rect, self.theme, self.problem)

    def look(self) -> MatrixLook:
        """What the view reads this frame besides the model: the problem, the column rule, waiting words."""
        return MatrixLook(self.problem, self.strategy, self.waiting_now())

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The matrix with its links, what happens now, the key."""
        self.view.draw(surface, self.layout(rect), self.look(), player)
