"""The sudoku demo: Algorithm X fills a grid, placing and withdrawing digits.

Every blank cell and every "row / column / box needs digit d" is a column
of the exact-cover matrix, every candidate "d in this cell" a row.  The
board shows the digits of the rows on the stack (blue: being tried, orange:
earlier choices still standing), a withdrawn digit struck out in red, the
constraint being decided framed with its candidates, each cell's live
candidates as pencil marks, and below, the column sizes as a strip.

Givens are typed into the grid (click a cell, type a digit) or come from
the bundled library (assets/puzzles/sudoku) or a file.  Every change of
the grid is one edit in the demo's `EditHistory` (Z undoes, Y redoes) and
starts a new run.  Clashing givens are marked and not solved; the search
stops at two solutions, which the board then compares.  While a cell is
selected the demo owns the keyboard, so F and G type 15 and 16 on 16×16.

Here: the controller (options, keys, edits) and the pure `layout`; the
model, the edits and the narration are in `model.py`, the drawing in
`board.py` (the grid) and `view.py` (the cards around it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from solvers import dlx, sudoku
from solvers.events import Event
from solvers.i18n import N_, _, ngettext
from visualizer import theme as th
from visualizer.assets import asset
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.history import Edit, EditHistory, Undoable
from visualizer.player import Player
from visualizer.scenes.exact_cover.demo import COVER_BINDINGS, ExactCoverDemo
from visualizer.scenes.exact_cover.model import CoverModel
from visualizer.scenes.sudoku.board import SudokuLook, pencil_shown
from visualizer.scenes.sudoku.layout import SudokuLayout, layout
from visualizer.scenes.sudoku.model import (
    COLLECTION_WORDS,
    LESSON_PUZZLE_WORDS,
    LIBRARY,
    OWN_GRID_WORDS,
    SOLUTION_LIMIT,
    Board,
    Origin,
    ReplaceGrid,
    SetGiven,
    SudokuModel,
    cell_name,
    constraint_name,
    library,
    narrate,
    symbol,
)
from visualizer.scenes.sudoku.view import SudokuView
from visualizer.widgets import Button, Choice, Label, Widget

if TYPE_CHECKING:
    from solvers.exercise.cover import CoverRules


SUDOKU_BINDINGS = (
    Bindings(
        Gesture(
            N_("click a cell, type 1-9"),
            N_("set a given (0, . or Backspace clears it; 16×16: A-G, or 1 then 0-6)"),
        ),
        Binding(("z", "ctrl+z"), "undo", N_("undo the last change to the grid")),
        Binding(("y", "ctrl+y"), "redo", N_("redo it")),
        Binding(("[",), "step_puzzle", N_("previous puzzle of the library"), args=(-1,)),
        Binding(("]",), "step_puzzle", N_("next puzzle of the library"), args=(1,)),
        Binding(("e",), "empty_grid", N_("an empty grid of this size, to type your own")),
        Binding(("l",), "ask_file", N_("load a puzzle file (grid or one-line form)")),
        Binding(("m",), "toggle_marks", N_("pencil marks on / off")),
    )
    + COVER_BINDINGS
    + Bindings(
        Binding((",",), "browse_by", N_("with two solutions: show the first"), args=(-1,)),
        Binding((".",), "browse_by", N_("with two solutions: show the second"), args=(1,)),
    )
)
"""Sudoku's keys: the grid's edits and the library first, then the shared C, then browsing."""


class SudokuDemo(Undoable[Board], ExactCoverDemo[SudokuModel]):
    """Sudoku by dancing links: type or load givens, watch digits placed and withdrawn."""

    name = "sudoku"
    title = N_("Sudoku: exact cover by dancing links")
    default_speed = 15.0
    picture_boxes = ("board_card",)
    panels = (("legend", N_("key")),)
    bindings = SUDOKU_BINDINGS

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.board = Board.loaded(Origin("easy", "easy", library("easy"), 0))
        self.history: EditHistory[Board] = EditHistory(self.board)
        self.selected: int | None = None
        self.pending = ""  # a typed "1" on 16x16, waiting for a second digit
        self.marks = True
        self.browse = 0
        self.last_file = str(asset("puzzles", "sudoku", "hard.txt"))
        self._encodings: dict[tuple[int, ...], sudoku.Encoding] = {}
        self.view = SudokuView(self.theme)

    # --- the grid as it reads -----------------------------------------------------

    @property
    def givens(self) -> list[int]:
        """The givens on the board, cell by cell (0 = blank)."""
        return self.board.cells

    @property
    def size(self) -> int:
        """Cells a side: 4, 9 or 16."""
        return self.board.size

    @property
    def edited(self) -> bool:
        """True when the givens differ from the puzzle they were loaded from."""
        return self.board.edited

    @property
    def collection(self) -> str:
        """The bundled set the grid comes from ('' for a file)."""
        return self.board.origin.collection

    @property
    def source_name(self) -> str:
        """The set's name as the label shows it."""
        return self.board.origin.name

    def puzzle(self) -> sudoku.Puzzle:
        """The givens on the board as a Puzzle."""
        return self.board.puzzle()

    def encoding(self) -> sudoku.Encoding:
        """The exact-cover matrix of the current givens (cached)."""
        key = tuple(self.givens)
        found = self._encodings.get(key)
        if found is None:
            if len(self._encodings) > 16:
                self._encodings.clear()
            found = self._encodings[key] = sudoku.encode(self.puzzle())
        return found

    def clashes(self) -> list[sudoku.Clash]:
        """Pairs of equal givens in one unit."""
        return sudoku.clashes(self.puzzle())

    def puzzle_label(self) -> str:
        """'easy 3/10' or 'your own grid', with a pencil when the givens were edited."""
        origin = self.board.origin
        tail = " ✎" if self.edited else ""
        if origin.blank:
            return _(OWN_GRID_WORDS) + tail
        name = _(COLLECTION_WORDS.get(origin.name, origin.name))
        return f"{name} {origin.index + 1}/{len(origin.puzzles)}{tail}"

    # --- edits: every change of the grid goes through the history ---------------------

    def edit(self, edit: Edit[Board]) -> None:
        """Make one edit of the grid and start a new run on it."""
        self.history.do(edit)
        self.after_edit()

    def after_edit(self) -> None:
        """A changed grid: forget a half-typed digit and the browsed solution; a new run."""
        self.pending = ""
        self.browse = 0
        if self.selected is not None and self.selected >= self.size * self.size:
            self.selected = None
        self.new_run()

    def replace(self, size: int, cells: tuple[int, ...], origin: Origin, words: str) -> None:
        """Replace the whole grid, as one edit."""
        self.selected = None
        self.edit(ReplaceGrid(self.board.state(), (size, cells, origin), words))

    def load_origin(self, origin: Origin) -> None:
        """Put the origin's puzzle on the board."""
        puzzle = origin.puzzle
        name = _(COLLECTION_WORDS.get(origin.name, origin.name))
        self.replace(
            puzzle.size,
            puzzle.cells,
            origin,
            _("load {name} {number}").format(name=name, number=origin.index + 1),
        )

    def set_given(self, cell: int, digit: int) -> None:
        """Write (or with 0 clear) a given, then start a new run on the new puzzle."""
        old = self.givens[cell]
        if old == digit:
            return
        words = (
            _("{digit} in {cell}").format(digit=symbol(digit), cell=cell_name(cell, self.size))
            if digit
            else _("clear a cell")
        )
        self.edit(SetGiven(cell, old, digit, words))

    def merge_pending_one(self, cell: int) -> None:
        """Take back the '1' just typed into `cell`: with the next key it makes one edit (1 then 6: 16)."""
        done = self.history.done
        last = done[-1] if done else None
        if isinstance(last, SetGiven) and last.cell == cell and last.new == 1:
            self.history.undo()

    def edit_history(self) -> EditHistory[Board]:
        """The grid's changes, which Z and Y walk."""
        return self.history

    def after_walk(self, edits: Sequence[Edit[Board]]) -> None:
        """After an undo or redo: a new run on the grid."""
        self.after_edit()

    # --- the library and files -------------------------------------------------------

    def set_collection(self, name: str) -> None:
        """Switch to a bundled set of puzzles, at its first one."""
        self.load_origin(Origin(name, name, library(name), 0))

    def set_puzzle(self, text: str) -> None:
        """Put one puzzle written out (a lesson's `puzzle` setting: lines of digits) on the board."""
        self.load_origin(Origin("", LESSON_PUZZLE_WORDS, (sudoku.parse_puzzle(text),), 0))

    def puzzle_text(self) -> str:
        """The givens on the board as a lesson writes them: a row of numbers a line, 0 for a blank."""
        puzzle = dataclasses.replace(self.puzzle(), form="grid", label="")
        return sudoku.format_cells(puzzle, puzzle.cells)

    def step_puzzle(self, step: int) -> None:
        """The previous (-1) or next (+1) puzzle of the current set."""
        origin = self.board.origin
        index = (origin.index + step) % len(origin.puzzles)
        self.load_origin(Origin(origin.collection, origin.name, origin.puzzles, index))  # never blank

    def empty_grid(self) -> None:
        """A blank grid of the current size, to type givens into."""
        size = self.size
        blank = dataclasses.replace(self.board.origin, blank=True)
        self.replace(size, (0,) * (size * size), blank, _("empty the grid"))
        self.selected = 0
        self.notify(_("type givens: click a cell, type a digit"))

    def ask_file(self) -> None:
        """Choose a puzzle file in the file dialog and load its first puzzle."""
        self.shell.choose_file("sudoku", save=False, suggested="", done=self.load_file)

    def load_file(self, path: Path | str) -> None:
        """Read a file of puzzles off the frame; a bad one is reported in one line."""
        path = Path(path).expanduser()
        self.shell.load_file(
            path,
            lambda text: tuple(sudoku.parse_puzzles(text, path.name)),
            lambda found: self.loaded(path, found),
        )

    def loaded(self, path: Path, puzzles: tuple[sudoku.Puzzle, ...]) -> None:
        """The file's puzzles arrived: show the first."""
        self.last_file = str(path)
        self.load_origin(Origin("", path.name, puzzles, 0))
        loaded = ngettext(
            "loaded {count} puzzle from {path}", "loaded {count} puzzles from {path}", len(puzzles)
        )
        self.notify(loaded.format(count=len(puzzles), path=path))

    # --- options -------------------------------------------------------------------

    def toggle_marks(self) -> None:
        """Pencil marks on or off."""
        self.marks = not self.marks

    def browse_by(self, step: int) -> None:
        """With two solutions: show the other one."""
        model: SudokuModel = self.shell.run.model
        if len(model.solutions) < 2:
            self.notify(_("only one solution to show") if model.solutions else _("no solution yet"))
            return
        self.browse = max(0, min(len(model.solutions) - 1, self.browse + step))

    def shown_solution(self, model: SudokuModel, player: Player) -> int | None:
        """Once the search is over, the board shows a solution found (the browsed one)."""
        if model.stack or not model.solutions or not player.at_end:
            return None
        return min(self.browse, len(model.solutions) - 1)

    # --- what runs -----------------------------------------------------------------

    def source(self) -> Iterator[Event]:
        """Algorithm X on a private copy of the matrix; nothing at all when givens clash."""
        if self.clashes():
            return iter(())
        matrix = self.encoding().matrix.copy()
        return dlx.search(matrix, strategy=self.strategy, limit=SOLUTION_LIMIT)

    def exercise_rules(self) -> CoverRules:
        """Algorithm X's steps, a row named by its cell and digit (solvers/exercise/cover.py)."""
        from solvers.exercise.cover import CoverRules, sudoku_digit

        encoding = self.encoding()
        return CoverRules(encoding.matrix, sudoku_digit(encoding), fewest=self.strategy == "fewest")

    def row_box(self, row: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """A row is a digit in a cell: its pencil mark there, or the cell when marks are too small to show."""
        cell, digit = self.encoding().options[row]
        lay = self.layout(rect)
        if pencil_shown(self.theme, lay.side, self.size):
            return lay.pencil_rect(cell, digit)
        return lay.cell_rect(cell)

    def column_box(self, column: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """A cell's column is the cell; a digit's column in a row, column or box is that unit."""
        kind, unit, _digit = self.encoding().constraints[column]
        lay = self.layout(rect)
        return lay.cell_rect(unit) if kind == "cell" else lay.unit_rect(kind, unit)

    def make_model(self) -> SudokuModel:
        """The givens alone."""
        return SudokuModel(self.encoding())

    # --- how it reads ----------------------------------------------------------------

    def constraint_name(self, column: int) -> str:
        """A column in sudoku words: 'cell r4c7', '5 in row 3'."""
        return constraint_name(self.encoding(), column, self.size)

    def narrate(self, event: Event) -> str | None:
        """The event in sudoku words (see `model.narrate`)."""
        return narrate(event, self.encoding(), self.size)

    def counters(self, model: SudokuModel) -> list[tuple[str, str]]:
        """Knuth's counters, digits placed, the column choice."""
        return self.placing_counters(model, N_("placed"), self.givens.count(0))

    # --- controls and input --------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """The library, the puzzle browser, the editor's buttons, the column choice."""
        return [
            Choice(
                [(_(label), value) for label, value in LIBRARY],
                lambda: self.collection,
                self.set_collection,
                hint=_("bundled puzzles (assets/puzzles/sudoku)"),
            ),
            Button("◀", lambda: self.step_puzzle(-1), hint=_("[ previous puzzle")),
            Label(self.puzzle_label, th.INK),
            Button("▶", lambda: self.step_puzzle(1), hint=_("] next puzzle")),
            Button(_("empty grid"), self.empty_grid, hint=_("E: type your own givens")),
            Button(_("load file…"), self.ask_file, hint="L"),
            Button(
                _("marks"),
                self.toggle_marks,
                hint=_("M: pencil marks (live candidates)"),
                active=lambda: self.marks,
            ),
            self.strategy_choice(N_("C: which constraint Algorithm X decides first")),
        ]

    def owns_keyboard(self) -> bool:
        """While a cell is selected, keys type into it before the app's own (F, G: 15, 16)."""
        return self.selected is not None

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Clicks select a cell; keys type into the selected cell, else the key table."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click_cell(self.layout(rect).cell_at(event.pos))
        if event.type == pygame.KEYDOWN and self.selected is not None and self.type_into_cell(event):
            return True
        return self.bindings.dispatch(self, event)

    def click_cell(self, cell: int | None) -> bool:
        """Select a cell (it stays selected when clicked again), or unselect beside the grid; True when used.

        E selects the first cell, ready to type: a click on it must not take the selection away.
        """
        if cell is None:
            if self.selected is None:
                return False
            self.selected = None
            return True
        self.selected, self.pending = cell, ""
        return True

    def type_into_cell(self, event: pygame.event.Event) -> bool:
        """A digit, letter or clearing key for the selected cell; True when used."""
        assert self.selected is not None
        char = (event.unicode or "").upper()
        if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) or (char in (".", "0") and not self.pending):
            self.pending = ""
            self.set_given(self.selected, 0)
            return True
        if self.size == 16 and self.pending == "1" and char in "0123456":
            self.pending = ""
            self.merge_pending_one(self.selected)
            self.set_given(self.selected, 10 + int(char))
            return True
        if char and char in sudoku.SYMBOLS[: self.size] and (char.isdigit() or self.size == 16):
            digit = sudoku.SYMBOLS.index(char) + 1
            pending = "1" if self.size == 16 and char == "1" else ""
            self.set_given(self.selected, digit)
            self.pending = pending
            return True
        return False

    # --- layout and drawing ----------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> SudokuLayout:
        """The stage's layout for the current grid size."""
        return layout(rect, self.theme, self.size)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Board, column strip, what happens now, the key."""
        self.view.draw(surface, self.layout(rect), self.look(player), player)

    def look(self, player: Player[SudokuModel]) -> SudokuLook:
        """What the view reads this frame besides the model: the grid, the selection, options, words."""
        model = player.model
        return SudokuLook(
            self.waiting_now(),
            self.choice_rule(N_("the leftmost open one")),
            self.size,
            self.givens,
            self.encoding(),
            self.clashes(),
            self.selected,
            self.marks,
            self.shown_solution(model, player),
            self.browse,
        )

    def draw_panel(self, name: str, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The key, beside the stage when the stage had no room for it."""
        self.view.draw_legend(surface, rect)
