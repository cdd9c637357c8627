"""The sudoku demo as plain data (no pygame): the user's grid and its edits, the run, the narration.

`Board` is the grid the user works on (its size, its givens, where it came
from); it changes only through edits (`SetGiven`, `ReplaceGrid`) kept in
the demo's one `EditHistory`, so typing, clearing, an empty grid and a
loaded puzzle can all be undone.  `SudokuModel` is Algorithm X's run on the
givens, read as a board.  Narration lives here, in `narrate`: every event in
sudoku words, a function of the event and the encoding alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from solvers import sudoku
from solvers.events import Choose, Cover, DeadEnd, Event, Pop, Push, Solution, Uncover
from solvers.i18n import N_, _, ngettext
from visualizer.assets import asset
from visualizer.scenes.exact_cover.model import CoverModel, cover_words

LIBRARY: tuple[tuple[str, str], ...] = (
    (N_("easy"), "easy"),
    (N_("hard"), "hard"),
    (N_("17 clues"), "17-clue"),
    (N_("2 or 0 solutions"), "odd"),
    ("4×4", "4x4"),
    ("16×16", "16x16"),
)
"""(label, file name in assets/puzzles/sudoku without .txt)."""
COLLECTION_WORDS = {"easy": N_("easy"), "hard": N_("hard"), "17-clue": N_("17-clue"), "odd": N_("odd")}
"""The bundled sets' names in words, for the puzzle label ('easy 3/10')."""

LESSON_PUZZLE_WORDS = N_("the lesson's puzzle")
"""The puzzle label of a puzzle a lesson step sets."""

OWN_GRID_WORDS = N_("your own grid")
"""The puzzle label of an empty grid (E) and the givens typed into it."""

SOLUTION_LIMIT = 2
"""Search for at most this many solutions: enough to say 'more than one'."""


@cache
def library(name: str) -> tuple[sudoku.Puzzle, ...]:
    """The puzzles of one bundled file."""
    path = asset("puzzles", "sudoku", f"{name}.txt")
    return tuple(sudoku.parse_puzzles(path.read_text(encoding="utf-8"), path.name))


def cell_name(cell: int, size: int) -> str:
    """0 -> 'r1c1'."""
    return f"r{cell // size + 1}c{cell % size + 1}"


def symbol(digit: int) -> str:
    """The digit as written: 1-9, then A-G for 10-16."""
    return sudoku.SYMBOLS[digit - 1]


# --- the user's grid and its edits --------------------------------------------------------


@dataclass(frozen=True)
class Origin:
    """Where the grid came from: a set of puzzles (bundled or a file) and which one of it."""

    collection: str  # the bundled set's file name, '' for a file of the user's
    name: str  # what the label calls the set: 'easy', 'mine.txt'
    puzzles: tuple[sudoku.Puzzle, ...]
    index: int
    blank: bool = False  # an empty grid for the user's own givens, made while at this puzzle of the set

    @property
    def puzzle(self) -> sudoku.Puzzle:
        """The puzzle of the set the grid was loaded from (an empty one for the user's own grid)."""
        puzzle = self.puzzles[self.index]
        if self.blank:
            return sudoku.Puzzle(puzzle.size, (0,) * (puzzle.size * puzzle.size))
        return puzzle


GridState = tuple[int, tuple[int, ...], Origin]
"""A whole grid as one value: size, givens, origin."""


@dataclass
class Board:
    """The grid the user works on: its size, its givens (0 = blank) and where it came from."""

    size: int
    cells: list[int]
    origin: Origin

    @classmethod
    def loaded(cls, origin: Origin) -> Board:
        """The grid of the origin's puzzle, untouched."""
        return cls(origin.puzzle.size, list(origin.puzzle.cells), origin)

    def puzzle(self) -> sudoku.Puzzle:
        """The givens as a Puzzle."""
        return sudoku.Puzzle(self.size, tuple(self.cells))

    @property
    def edited(self) -> bool:
        """True when the givens differ from the puzzle they were loaded from."""
        loaded = self.origin.puzzle
        return (self.size, tuple(self.cells)) != (loaded.size, loaded.cells)

    def state(self) -> GridState:
        """The whole grid as one value."""
        return self.size, tuple(self.cells), self.origin

    def restore(self, state: GridState) -> None:
        """Make the grid exactly `state`."""
        self.size, cells, self.origin = state
        self.cells = list(cells)


@dataclass(frozen=True)
class SetGiven:
    """Write a digit into one cell (0 clears it); revert puts the old digit back."""

    cell: int
    old: int
    new: int
    words: str

    def apply(self, board: Board) -> None:
        """Write the new digit."""
        board.cells[self.cell] = self.new

    def revert(self, board: Board) -> None:
        """Write the old digit back."""
        board.cells[self.cell] = self.old


@dataclass(frozen=True)
class ReplaceGrid:
    """Replace the whole grid (an empty grid, a puzzle of the library or of a file)."""

    before: GridState
    after: GridState
    words: str

    def apply(self, board: Board) -> None:
        """Put the new grid in place."""
        board.restore(self.after)

    def revert(self, board: Board) -> None:
        """Put the old grid back."""
        board.restore(self.before)


# --- the run ---------------------------------------------------------------------------


class SudokuModel(CoverModel):
    """Algorithm X's run on one puzzle, read as a board."""

    def __init__(self, encoding: sudoku.Encoding) -> None:
        super().__init__(encoding.matrix.copy())
        self.encoding = encoding
        self.cell_column = {i: col for col, (kind, i, _) in enumerate(encoding.constraints) if kind == "cell"}

    def placed(self) -> list[tuple[int, int]]:
        """(cell, digit) of the rows on the stack, first placed first."""
        return [self.encoding.options[row] for row in self.stack]

    def cell_candidates(self, cell: int) -> list[int]:
        """Digits still possible in a blank cell; a cell being decided keeps those it chooses among.

        A covered column keeps its own rows, so a chosen cell shows its choices,
        not the empty mark of a dead end (the board skips cells with a digit).
        """
        column = self.cell_column.get(cell)
        if column is None:
            return []
        return [self.encoding.options[row][1] for row in self.matrix.column_rows(column)]

    def solution_cells(self, index: int) -> tuple[int, ...]:
        """The full grid of solution number `index` (0-based)."""
        return self.encoding.cells(self.solutions[index])


# --- words -------------------------------------------------------------------------------


def constraint_name(encoding: sudoku.Encoding, column: int, size: int) -> str:
    """A column in sudoku words: 'cell r4c7', '5 in row 3'."""
    kind, index, digit = encoding.constraints[column]
    if kind == "cell":
        return _("cell {cell}").format(cell=cell_name(index, size))
    return _(PLACE_WORDS[kind]).format(digit=symbol(digit), number=index + 1)


def narrate(event: Event, encoding: sudoku.Encoding, size: int) -> str | None:
    """The event in sudoku words."""
    options = encoding.options
    if type(event) is Choose:
        choices = options_words(encoding.constraints[event.column][0], event.size)
        return _("choose {constraint}: {choices}").format(
            constraint=constraint_name(encoding, event.column, size), choices=choices
        )
    if type(event) is Cover or type(event) is Uncover:
        return cover_words(event, constraint_name(encoding, event.column, size))
    if type(event) is Push:
        cell, digit = options[event.what]
        return _("try {digit} in {cell}").format(digit=symbol(digit), cell=cell_name(cell, size))
    if type(event) is Pop:
        cell, digit = options[event.value]
        if event.backtrack:
            words = _("withdraw {digit} from {cell}: it led to a dead end")
        else:
            words = _("withdraw {digit} from {cell}: look for another solution")
        return words.format(digit=symbol(digit), cell=cell_name(cell, size))
    if type(event) is DeadEnd:
        return _("dead end: {constraint} has no candidate left").format(
            constraint=constraint_name(encoding, event.where, size)
        )
    if type(event) is Solution:
        return _("solution {number}: every cell filled").format(number=event.number)
    return None


PLACE_WORDS = {
    "row": N_("{digit} in row {number}"),
    "column": N_("{digit} in column {number}"),
    "box": N_("{digit} in box {number}"),
}
"""A row, column or box constraint in words: '5 in row 3'."""


def options_words(kind: str, count: int) -> str:
    """'3 candidates' for a cell, '2 places' for a digit in a row, column or box."""
    if kind == "cell":
        return ngettext("{count} candidate", "{count} candidates", count).format(count=count)
    return ngettext("{count} place", "{count} places", count).format(count=count)
