"""The dancing-links run as plain data (no pygame): the problems, the model, the narration.

A `Problem` is a matrix small enough to draw whole, with labels for its
rows and columns: Knuth's 7-column example, 4 queens, a 4 x 4 sudoku, or a
matrix the user types (`parse_typed`).  The problem on show is the user's
choice, kept in a `Workbench` and changed only by `ProblemEdit`s through the
demo's edit history (so Z takes a replacement back).  Narration lives here,
in `narrate`: every event in matrix words, a function of the event and the
problem alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solvers import dlx, queens, sudoku
from solvers.events import Choose, Cover, DeadEnd, Event, Pop, Push, Solution, Uncover
from solvers.i18n import _, format_number, ngettext
from visualizer.scenes.exact_cover.model import CoverModel, cover_words

KNUTH = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
SUDOKU_4X4 = "2....3..143232.."
"""A 4 x 4 sudoku with 8 blanks: 32 columns and 16 rows, small enough to draw."""

TYPED_EXAMPLE = "A B C D | x ; A B ; C D ; A C x ; B D x ; A ; B C D"
MAX_COLUMNS, MAX_ROWS = 40, 30
"""A typed matrix larger than this is refused: it could not be drawn legibly."""

FILES = "abcdefghijklmnop"


@dataclass(frozen=True)
class Problem:
    """A matrix to draw, with a label for each row and each column."""

    key: str
    title: str
    matrix: dlx.Matrix
    row_labels: tuple[str, ...]  # at the left of each row: '1: C E F'
    column_labels: tuple[str, ...]
    note: str
    row_names: tuple[str, ...] = ()  # in sentences: '1'; the labels when empty

    def row_name(self, row: int) -> str:
        """A row's short name."""
        return self.row_names[row] if self.row_names else self.row_labels[row]


def knuth_problem() -> Problem:
    """Knuth's example: columns A-G, six rows, one solution."""
    title = _("Knuth's example")
    parsed = dlx.parse_matrix(KNUTH, title)
    note = _("the 7-column matrix of Knuth's paper 'Dancing Links'")
    return typed_problem(parsed.matrix, "knuth", title, note)


def typed_problem(matrix: dlx.Matrix, key: str, title: str, note: str) -> Problem:
    """Rows labelled by their columns: '1: C E F'."""
    labels = tuple(
        f"{r + 1}: " + " ".join(matrix.names[c] for c in cols) for r, cols in enumerate(matrix.rows)
    )
    names = tuple(str(r + 1) for r in range(len(matrix.rows)))
    return Problem(key, title, matrix, labels, tuple(matrix.names), note, names)


def queens_problem() -> Problem:
    """4 queens: ranks and files primary, diagonals secondary."""
    encoding = queens.encode(4)
    labels = tuple(f"{FILES[f]}{r + 1}" for r, f in encoding.squares)
    names = []
    for name in encoding.matrix.names:
        kind, number = name[0], int(name[1:])
        names.append(
            {"r": f"R{number}", "f": f"F{FILES[number - 1]}", "a": f"↗{number}", "b": f"↘{number}"}[kind]
        )
    return Problem(
        "queens",
        _("4 queens"),
        encoding.matrix,
        labels,
        tuple(names),
        _("a row per square; ranks R and files F primary, diagonals secondary"),
    )


def sudoku_problem() -> Problem:
    """A 4 x 4 sudoku: open cells, and row/column/box digits still needed."""
    encoding = sudoku.encode(sudoku.parse_puzzle(SUDOKU_4X4, "4x4"))
    labels = tuple(f"r{cell // 4 + 1}c{cell % 4 + 1}={digit}" for cell, digit in encoding.options)
    names = []
    for kind, index, digit in encoding.constraints:
        names.append(f"{index // 4 + 1}{index % 4 + 1}" if kind == "cell" else f"{kind[0]}{index + 1}{digit}")
    return Problem(
        "sudoku",
        _("4×4 sudoku"),
        encoding.matrix,
        labels,
        tuple(names),
        _("{puzzle}: columns 'rc' = a cell, r/c/b + two digits = row/column/box needs a digit").format(
            puzzle=SUDOKU_4X4
        ),
    )


PROBLEMS = {"knuth": knuth_problem, "queens": queens_problem, "sudoku": sudoku_problem}


def parse_typed(text: str) -> dlx.Matrix:
    """A matrix typed on one line: columns (| secondary), then rows, separated by ';'."""
    parsed = dlx.parse_matrix("\n".join(text.split(";")), _("your matrix"))
    matrix = parsed.matrix
    if matrix.n_columns > MAX_COLUMNS or len(matrix.rows) > MAX_ROWS:
        too_big = _(
            "your matrix has {columns} columns and {rows} rows: "
            "at most {max_columns} and {max_rows} can be drawn"
        )
        raise ValueError(
            too_big.format(
                columns=matrix.n_columns, rows=len(matrix.rows), max_columns=MAX_COLUMNS, max_rows=MAX_ROWS
            )
        )
    if not matrix.rows:
        raise ValueError(_("your matrix: no rows after the column line (separate rows with ';')"))
    return matrix


class MatrixModel(CoverModel):
    """Algorithm X's run on a private copy of the matrix, whose links the view draws."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.matrix.copy())
        self.problem = problem

    def hidden(self, node: dlx.Node) -> bool:
        """A row's node that a cover has unlinked from its column's list."""
        return node.U.D is not node

    def header_linked(self, column: int) -> bool:
        """A primary header still in the root's list."""
        header = self.matrix.header(column)
        return header.L.R is header


@dataclass
class Workbench:
    """The problem on show and what the user last typed: the target of the demo's edits."""

    problem: Problem
    choice: str  # 'knuth', 'queens', 'sudoku' or 'typed'
    typed: str = TYPED_EXAMPLE


@dataclass(frozen=True)
class ProblemEdit:
    """Put another problem on show (a built-in one or a typed matrix); revert puts the old one back."""

    before: tuple[Problem, str, str]
    after: tuple[Problem, str, str]
    words: str  # the problem put on show, as the undo and redo messages name it

    def apply(self, bench: Workbench) -> None:
        """Show the new problem."""
        bench.problem, bench.choice, bench.typed = self.after

    def revert(self, bench: Workbench) -> None:
        """Show the old problem again."""
        bench.problem, bench.choice, bench.typed = self.before


def row_list(problem: Problem, rows: Sequence[int]) -> str:
    """'rows 1, 4' / 'row a2' / 'no row'."""
    if not rows:
        return _("no row")
    names = _(", ").join(problem.row_name(r) for r in rows)
    return ngettext("row {names}", "rows {names}", len(rows)).format(names=names)


def narrate(event: Event, problem: Problem, strategy: str) -> str | None:
    """The event in matrix words."""
    names = problem.column_labels
    if type(event) is Choose:
        return choose_words(names[event.column], event.size, strategy)
    if type(event) is Cover or type(event) is Uncover:
        return cover_words(event, names[event.column]) + _(": ") + cover_why(event)
    if type(event) is Push:
        return _("try row {row}").format(row=problem.row_labels[event.what])
    if type(event) is Pop:
        row = problem.row_labels[event.value]
        if event.backtrack:
            return _("withdraw row {row} (dead end below)").format(row=row)
        return _("withdraw row {row} (a solution was found below)").format(row=row)
    if type(event) is DeadEnd:
        return _("dead end: column {column} has no rows").format(column=names[event.where])
    if type(event) is Solution:
        return _("solution: {rows}").format(rows=row_list(problem, sorted(event.answer)))
    return None


def choose_words(column: str, size: int, strategy: str) -> str:
    """Which column Algorithm X decides, why, and how many rows can cover it."""
    if strategy == "fewest":
        words = ngettext(
            "choose column {column} (fewest 1s): {count} row",
            "choose column {column} (fewest 1s): {count} rows",
            size,
        )
    else:
        words = ngettext(
            "choose column {column} (leftmost): {count} row",
            "choose column {column} (leftmost): {count} rows",
            size,
        )
    return words.format(column=column, count=format_number(size))


def cover_why(event: Cover | Uncover) -> str:
    """What a cover or an uncover does to the links."""
    if type(event) is Cover:
        return _("unlink it, hide the rows meeting it")
    return _("relink, bottom row first")
