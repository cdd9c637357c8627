"""The sudoku demo: Algorithm X fills a grid, placing and withdrawing digits.

Every blank cell and every "row / column / box needs digit d" is a column
of the exact-cover matrix, every candidate "d in this cell" a row.  The
board shows the digits of the rows on the stack (blue: being tried, orange:
earlier choices still standing), a withdrawn digit struck out in red, the
constraint being decided framed with its candidates, each cell's live
candidates as pencil marks, and below, the column sizes as a strip.

Givens are typed into the grid (click a cell, type a digit) or come from
the bundled library (assets/puzzles/sudoku) or a file.  Clashing givens are
marked and not solved; the search stops at two solutions, which the board
then compares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from math import isqrt
from pathlib import Path
from typing import Any

import pygame

from solvers import dlx, sudoku
from solvers.events import Choose, Cover, DeadEnd, Pop, Push, Solution, Uncover
from visualizer import theme as th
from visualizer.assets import asset
from visualizer.draw import hatch
from visualizer.panels import card, fit_text, wrap
from visualizer.player import Player
from visualizer.scenes.exact_cover.demo import (
    STRATEGY_KEY,
    CoverModel,
    ExactCoverDemo,
    card_inner,
    cover_words,
    draw_headline,
    plural,
    side_legend,
    split_bottom,
    split_side,
)
from visualizer.widgets import Button, Choice, Label, Widget

LIBRARY: tuple[tuple[str, str], ...] = (
    ("easy", "easy"),
    ("hard", "hard"),
    ("17 clues", "17-clue"),
    ("2 or 0 solutions", "odd"),
    ("4×4", "4x4"),
    ("16×16", "16x16"),
)
"""(label, file name in assets/puzzles/sudoku without .txt)."""

SOLUTION_LIMIT = 2
"""Search for at most this many solutions: enough to say 'more than one'."""

GIVEN_FILL = th.blend(th.PANEL, th.FAINT, 0.8)
CLASH_FILL = th.blend(th.PANEL, th.DEAD, 0.22)
PLACED_INK = th.blend(th.WAITING, th.INK, 0.35)  # orange, dark enough to read as text
SELECTED = th.YELLOW


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
        """Digits still possible in a blank, undecided cell (none once it is decided)."""
        column = self.cell_column.get(cell)
        if column is None or self.cover_count[column]:
            return []
        return [self.encoding.options[row][1] for row in self.matrix.column_rows(column)]

    def solution_cells(self, index: int) -> tuple[int, ...]:
        """The full grid of solution number `index` (0-based)."""
        return self.encoding.cells(self.solutions[index])


class SudokuDemo(ExactCoverDemo):
    """Sudoku by dancing links: type or load givens, watch digits placed and withdrawn."""

    name = "sudoku"
    title = "Sudoku: exact cover by dancing links"
    blurb = "Algorithm X fills a sudoku: place, withdraw, retry"
    default_speed = 15.0
    keys = (
        ("click a cell, type 1-9", "set a given (0, . or Backspace clears it; 16×16: A-E, or 1 then 0-6)"),
        ("[ / ]", "previous / next puzzle of the library"),
        ("E", "an empty grid of this size, to type your own"),
        ("L", "load a puzzle file (grid or one-line form)"),
        ("M", "pencil marks on / off"),
        STRATEGY_KEY,
        (", / .", "with two solutions: show the first / the second"),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.collection = "easy"
        self.puzzles: tuple[sudoku.Puzzle, ...] = library("easy")
        self.index = 0
        self.source_name = "easy"
        self.edited = False
        self.givens: list[int] = list(self.puzzles[0].cells)
        self.size = 9
        self.selected: int | None = None
        self.entry = ""  # a pending "1" on 16x16, waiting for a second digit
        self.marks = True
        self.browse = 0
        self.last_file = str(asset("puzzles", "sudoku", "hard.txt"))
        self._encodings: dict[tuple[int, ...], sudoku.Encoding] = {}

    # --- the puzzle --------------------------------------------------------------

    def puzzle(self) -> sudoku.Puzzle:
        """The givens on the board as a Puzzle."""
        return sudoku.Puzzle(self.size, tuple(self.givens))

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

    def load(self, puzzle: sudoku.Puzzle) -> None:
        """Put a puzzle on the board and start a new run."""
        self.size = puzzle.size
        self.givens = list(puzzle.cells)
        self.selected = None
        self.entry = ""
        self.edited = False
        self.browse = 0
        self.new_run()

    def set_collection(self, name: str) -> None:
        """Switch to a bundled set of puzzles, at its first one."""
        self.collection = self.source_name = name
        self.puzzles = library(name)
        self.index = 0
        self.load(self.puzzles[0])

    def step_puzzle(self, step: int) -> None:
        """The previous (-1) or next (+1) puzzle of the current set."""
        self.index = (self.index + step) % len(self.puzzles)
        self.load(self.puzzles[self.index])

    def empty_grid(self) -> None:
        """A blank grid of the current size, to type givens into."""
        self.load(sudoku.Puzzle(self.size, (0,) * (self.size * self.size)))
        self.edited = True
        self.selected = 0
        self.notify("type givens: click a cell, type a digit")

    def ask_file(self) -> None:
        """Ask for a puzzle file and load its first puzzle."""
        self.shell.ask(
            "puzzle file (9 lines of 9 numbers, or 81-character lines)", self.last_file, self.load_file
        )

    def load_file(self, path_text: str) -> None:
        """Read a file of puzzles; a bad one is reported in one line."""
        path = Path(path_text.strip()).expanduser()
        try:
            puzzles = sudoku.parse_puzzles(path.read_text(encoding="utf-8"), path.name)
        except (OSError, UnicodeDecodeError) as error:
            self.notify(f"cannot read {path}: {getattr(error, 'strerror', None) or error}")
            return
        except ValueError as error:
            self.notify(str(error))
            return
        self.last_file = str(path)
        self.puzzles, self.index, self.source_name = tuple(puzzles), 0, path.name
        self.collection = ""
        self.load(puzzles[0])
        self.notify(f"loaded {plural(len(puzzles), 'puzzle')} from {path.name}")

    def set_given(self, cell: int, digit: int) -> None:
        """Write (or with 0 clear) a given, then start a new run on the new puzzle."""
        if self.givens[cell] == digit:
            return
        self.givens[cell] = digit
        self.edited = True
        self.browse = 0
        self.new_run()

    def puzzle_label(self) -> str:
        """'easy 3/10', with a pencil when the givens were edited."""
        tail = " ✎" if self.edited else ""
        return f"{self.source_name} {self.index + 1}/{len(self.puzzles)}{tail}"

    def toggle_marks(self) -> None:
        """Pencil marks on or off."""
        self.marks = not self.marks

    def browse_by(self, step: int) -> None:
        """With two solutions: show the other one."""
        model: SudokuModel = self.shell.run.model  # type: ignore[assignment]
        if len(model.solutions) < 2:
            self.notify("only one solution to show" if model.solutions else "no solution yet")
            return
        self.browse = max(0, min(len(model.solutions) - 1, self.browse + step))

    # --- what runs -----------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """Algorithm X on a private copy of the matrix; nothing at all when givens clash."""
        if self.clashes():
            return iter(())
        matrix = self.encoding().matrix.copy()
        return dlx.search(matrix, strategy=self.strategy, limit=SOLUTION_LIMIT)

    def make_model(self) -> SudokuModel:
        """The givens alone."""
        return SudokuModel(self.encoding())

    # --- how it reads ----------------------------------------------------------------

    def constraint_name(self, column: int) -> str:
        """A column in sudoku words: 'cell r4c7', '5 in row 3'."""
        kind, index, digit = self.encoding().constraints[column]
        if kind == "cell":
            return f"cell {cell_name(index, self.size)}"
        return f"{symbol(digit)} in {kind} {index + 1}"

    def narrate(self, event: Any) -> str | None:
        """The event in sudoku words."""
        kind = type(event)
        options = self.encoding().options
        if kind is Choose:
            what = "candidate" if self.encoding().constraints[event.column][0] == "cell" else "place"
            return f"choose {self.constraint_name(event.column)}: {plural(event.size, what)}"
        if kind is Cover or kind is Uncover:
            return cover_words(event, self.constraint_name(event.column))
        if kind is Push:
            cell, digit = options[event.what]
            return f"try {symbol(digit)} in {cell_name(cell, self.size)}"
        if kind is Pop:
            cell, digit = options[event.value]
            why = "it led to a dead end" if event.backtrack else "look for another solution"
            return f"withdraw {symbol(digit)} from {cell_name(cell, self.size)}: {why}"
        if kind is DeadEnd:
            return f"dead end: {self.constraint_name(event.where)} has no candidate left"
        if kind is Solution:
            return f"solution {event.number}: every cell filled"
        return None

    def counters(self, model: SudokuModel) -> list[tuple[str, str]]:
        """Knuth's counters, digits placed, the column choice."""
        blanks = self.givens.count(0)
        return self.placing_counters(model, "placed", blanks)

    # --- controls and input --------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """The library, the puzzle browser, the editor's buttons, the column choice."""
        return [
            Choice(
                list(LIBRARY),
                lambda: self.collection,
                self.set_collection,
                hint="bundled puzzles (assets/puzzles/sudoku)",
            ),
            Button("◀", lambda: self.step_puzzle(-1), hint="[ previous puzzle"),
            Label(self.puzzle_label, th.INK),
            Button("▶", lambda: self.step_puzzle(1), hint="] next puzzle"),
            Button("empty grid", self.empty_grid, hint="E: type your own givens"),
            Button("load file…", self.ask_file, hint="L"),
            Button(
                "marks",
                self.toggle_marks,
                hint="M: pencil marks (live candidates)",
                active=lambda: self.marks,
            ),
            self.strategy_choice("C: which constraint Algorithm X decides first"),
        ]

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Clicks select a cell; digits set givens; the demo's letter keys."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.cell_at(rect, event.pos)
            if cell is None:
                if self.selected is None:
                    return False
                self.selected = None
                return True
            self.selected = None if cell == self.selected else cell
            self.entry = ""
            return True
        if event.type == pygame.KEYDOWN and self.selected is not None and self._type_into_cell(event):
            return True
        return self.run_key(event, self.key_actions())

    def key_actions(self) -> dict[int, Callable[[], object]]:
        """[ ] for puzzles, E, L and M, C for the column choice, , . for the other solution."""
        return {
            **super().key_actions(),
            pygame.K_LEFTBRACKET: lambda: self.step_puzzle(-1),
            pygame.K_RIGHTBRACKET: lambda: self.step_puzzle(1),
            pygame.K_e: self.empty_grid,
            pygame.K_l: self.ask_file,
            pygame.K_m: self.toggle_marks,
            pygame.K_COMMA: lambda: self.browse_by(-1),
            pygame.K_PERIOD: lambda: self.browse_by(1),
        }

    def _type_into_cell(self, event: pygame.event.Event) -> bool:
        """A digit, letter or clearing key for the selected cell; True when used."""
        assert self.selected is not None
        char = (event.unicode or "").upper()
        if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) or (char in (".", "0") and not self.entry):
            self.entry = ""
            self.set_given(self.selected, 0)
            return True
        if self.size == 16 and self.entry == "1" and char in "0123456":
            self.entry = ""
            self.set_given(self.selected, 10 + int(char))
            return True
        if char and char in sudoku.SYMBOLS[: self.size] and (char.isdigit() or self.size == 16):
            digit = sudoku.SYMBOLS.index(char) + 1
            self.entry = "1" if self.size == 16 and char == "1" else ""
            self.set_given(self.selected, digit)
            return True
        return False

    # --- layout ----------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """The board card with the strip below it; the side column (now, key)."""
        theme = self.theme
        px = theme.px
        left, side = split_side(theme, rect, 230, 0.3)
        board, strip = split_bottom(theme, left, min(px(130), rect.h // 5))
        now, legend = side_legend(theme, side, px(170) if rect.h >= px(460) else 0)
        return {"board": board, "strip": strip, "now": now, "legend": legend}

    def board_geometry(self, rect: pygame.Rect) -> tuple[pygame.Rect, int]:
        """The grid's square and one cell's side, for a stage `rect`."""
        inner = card_inner(self.theme, self.layout(rect)["board"])
        side = max(4, min(inner.w, inner.h) // self.size)
        grid = pygame.Rect(0, 0, side * self.size, side * self.size)
        grid.center = inner.center
        return grid, side

    def cell_rect(self, rect: pygame.Rect, cell: int) -> pygame.Rect:
        """Where a cell is drawn on a stage `rect`."""
        grid, side = self.board_geometry(rect)
        row, col = divmod(cell, self.size)
        return pygame.Rect(grid.x + col * side, grid.y + row * side, side, side)

    def cell_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> int | None:
        """The cell under a point of the stage, if any."""
        grid, side = self.board_geometry(rect)
        if not grid.collidepoint(pos):
            return None
        return ((pos[1] - grid.y) // side) * self.size + (pos[0] - grid.x) // side

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Board, column strip, what happens now, the key."""
        model: SudokuModel = player.model  # type: ignore[assignment]
        parts = self.layout(rect)
        self._draw_board(surface, rect, parts["board"], model, player)
        if not self._draw_verdict(surface, parts["strip"], model, player):
            self._draw_strip(surface, parts["strip"], model)
        self._draw_now(surface, parts["now"], model, player)
        if parts["legend"].h:
            self._draw_legend(surface, parts["legend"])

    def shown_solution(self, model: SudokuModel, player: Player) -> int | None:
        """Once the search is over, the board shows a solution found (the browsed one)."""
        if model.stack or not model.solutions or not player.at_end:
            return None
        return min(self.browse, len(model.solutions) - 1)

    def _draw_board(
        self,
        surface: pygame.Surface,
        stage: pygame.Rect,
        frame: pygame.Rect,
        model: SudokuModel,
        player: Player,
    ) -> None:
        """Cells, the constraint being decided, digits, pencil marks, grid lines, a banner."""
        theme = self.theme
        final = self.shown_solution(model, player)
        clash_cells = {c for clash in self.clashes() for c in (clash.first, clash.second)}
        title = f"{self.size}×{self.size} board"
        if final is not None:
            title += f": solution {final + 1} of {len(model.solutions)}"
        card(surface, frame, theme, title)
        grid, side = self.board_geometry(stage)
        choosing = model.choosing if final is None else None
        lit = self._lit_cells(model, choosing)
        for cell in range(self.size * self.size):
            box = self.cell_rect(stage, cell)
            fill = th.PANEL
            if self.givens[cell]:
                fill = GIVEN_FILL
            if cell in lit:
                fill = th.LIT_LINE
            if cell == self.selected:
                fill = SELECTED
            pygame.draw.rect(surface, fill, box)
            if cell in clash_cells:
                pygame.draw.rect(surface, CLASH_FILL, box)
                hatch(surface, box, th.blend(th.PANEL, th.DEAD, 0.5), max(4, side // 5))
        self._draw_digits(surface, stage, model, player, final, clash_cells)
        self._draw_lines(surface, grid, side)
        if choosing is not None:
            self._draw_choice(surface, stage, model, choosing)
        if final is not None and len(model.solutions) > 1:
            self._mark_differences(surface, stage, model)

    def _lit_cells(self, model: SudokuModel, column: int | None) -> set[int]:
        """The cells of the constraint being decided: one cell, or a whole unit."""
        if column is None:
            return set()
        kind, index, _ = model.encoding.constraints[column]
        if kind == "cell":
            return {index}
        return set(sudoku.unit_cells(kind, index, self.size))

    def _draw_digits(
        self,
        surface: pygame.Surface,
        stage: pygame.Rect,
        model: SudokuModel,
        player: Player,
        final: int | None,
        clash_cells: set[int],
    ) -> None:
        """Givens, placed digits (blue newest, orange earlier, green solved), marks, a withdrawn ghost."""
        theme = self.theme
        side = self.board_geometry(stage)[1]
        size = "huge" if side >= theme.px(58) else ("title" if side >= theme.px(34) else "small")
        for cell, digit in enumerate(self.givens):
            if digit:
                ink = th.DEAD if cell in clash_cells else th.INK
                self._digit(surface, self.cell_rect(stage, cell), digit, ink, size, "bold")
        if final is not None:
            solved = model.solution_cells(final)
            for cell, digit in enumerate(solved):
                if not self.givens[cell]:
                    self._digit(surface, self.cell_rect(stage, cell), digit, th.DONE, size, "bold")
            return
        event = player.last_event
        solved_now = type(event) is Solution
        placed = model.placed()
        for i, (cell, digit) in enumerate(placed):
            newest = i == len(placed) - 1
            ink = th.DONE if solved_now else (th.ACTIVE if newest else PLACED_INK)
            box = self.cell_rect(stage, cell)
            if newest and type(event) is Push:
                drop = round((1 - th.ease(player.progress())) * box.h * 0.5)
                box = box.move(0, -drop)
            self._digit(surface, box, digit, ink, size, "bold" if newest else "sans")
        if type(event) is Pop:
            self._withdrawn(surface, stage, event.value, size)
        if self.marks and not solved_now:
            filled = {cell for cell, _ in placed}
            for cell in range(self.size * self.size):
                if not self.givens[cell] and cell not in filled:
                    self._pencil(surface, self.cell_rect(stage, cell), model.cell_candidates(cell))

    def _digit(
        self, surface: pygame.Surface, box: pygame.Rect, digit: int, ink: th.Color, size: str, face: str
    ) -> None:
        """One digit centred in its cell."""
        image = self.theme.text(symbol(digit), size, ink, face)
        surface.blit(image, image.get_rect(center=box.center))

    def _withdrawn(self, surface: pygame.Surface, stage: pygame.Rect, row: int, size: str) -> None:
        """The digit just withdrawn: red and struck through."""
        cell, digit = self.encoding().options[row]
        box = self.cell_rect(stage, cell)
        self._digit(surface, box, digit, th.DEAD, size, "sans")
        width = max(1, self.theme.px(2))
        inset = box.w // 4
        pygame.draw.line(
            surface, th.DEAD, (box.x + inset, box.bottom - inset), (box.right - inset, box.y + inset), width
        )

    def _pencil(self, surface: pygame.Surface, box: pygame.Rect, digits: list[int]) -> None:
        """Live candidates as small digits in their places; on 16×16, just how many."""
        theme = self.theme
        if not digits:
            image = theme.text("✗", "small", th.DEAD, "bold")
            surface.blit(image, image.get_rect(center=box.center))
            return
        box_n = isqrt(self.size)
        sub = box.w // box_n
        if self.size == 16 or sub < theme.px(11):
            image = theme.text(str(len(digits)), "tiny", th.MUTED)
            surface.blit(image, image.get_rect(topright=(box.right - theme.px(2), box.y + theme.px(1))))
            return
        for digit in digits:
            r, c = divmod(digit - 1, box_n)
            spot = pygame.Rect(box.x + c * sub, box.y + r * sub, sub, sub)
            image = theme.text(symbol(digit), "tiny", th.MUTED)
            surface.blit(image, image.get_rect(center=spot.center))

    def _draw_lines(self, surface: pygame.Surface, grid: pygame.Rect, side: int) -> None:
        """Thin lines between cells, thick ones between boxes."""
        box_n = isqrt(self.size)
        thick = max(2, self.theme.px(3))
        for i in range(self.size + 1):
            heavy = i % box_n == 0
            colour, width = (th.INK, thick) if heavy else (th.PANEL_EDGE, 1)
            x = grid.x + i * side
            y = grid.y + i * side
            pygame.draw.line(surface, colour, (x, grid.y), (x, grid.bottom), width)
            pygame.draw.line(surface, colour, (grid.x, y), (grid.right, y), width)

    def _draw_choice(
        self, surface: pygame.Surface, stage: pygame.Rect, model: SudokuModel, column: int
    ) -> None:
        """The constraint being decided: a blue frame (red at a dead end)."""
        theme = self.theme
        cells = sorted(self._lit_cells(model, column))
        boxes = [self.cell_rect(stage, cell) for cell in cells]
        frame = boxes[0].unionall(boxes[1:]) if len(boxes) > 1 else boxes[0]
        colour = th.DEAD if model.size(column) == 0 else th.ACTIVE
        pygame.draw.rect(
            surface, colour, frame.inflate(theme.px(2), theme.px(2)), theme.px(4), border_radius=theme.px(3)
        )
        kind, _, digit = model.encoding.constraints[column]
        if kind == "cell":
            return
        # "5 in row 3": ring the cells where 5 may still go.
        for row in model.candidates(column):
            cell = model.encoding.options[row][0]
            box = self.cell_rect(stage, cell)
            if row != model.trying:
                pygame.draw.circle(surface, th.ACTIVE, box.center, max(4, box.w // 3), max(1, theme.px(2)))
        label = theme.text(f"{symbol(digit)}?", "small", th.PANEL, "bold")
        tag = label.get_rect(bottomleft=(frame.x, frame.y - theme.px(2))).inflate(theme.px(8), 0)
        pygame.draw.rect(surface, colour, tag, border_radius=theme.px(3))
        surface.blit(label, label.get_rect(center=tag.center))

    def _mark_differences(self, surface: pygame.Surface, stage: pygame.Rect, model: SudokuModel) -> None:
        """Cells where the two solutions differ: a purple frame with a dot."""
        first, second = model.solution_cells(0), model.solution_cells(1)
        for cell, (a, b) in enumerate(zip(first, second, strict=True)):
            if a != b:
                box = self.cell_rect(stage, cell).inflate(-self.theme.px(4), -self.theme.px(4))
                pygame.draw.rect(surface, th.PRUNED, box, max(2, self.theme.px(3)))
                pygame.draw.circle(
                    surface, th.PRUNED, (box.right - box.w // 6, box.y + box.h // 6), max(2, box.w // 12)
                )

    def _draw_verdict(
        self, surface: pygame.Surface, rect: pygame.Rect, model: SudokuModel, player: Player
    ) -> bool:
        """In place of the strip once there is a verdict: clash, none, one, more; True if drawn."""
        clashes = self.clashes()
        if clashes:
            big, small, colour = (
                "clashing givens: not solved",
                sudoku.describe_clash(clashes[0], self.size),
                th.DEAD,
            )
        elif not player.at_end or model.stack:
            return False
        elif not model.solutions:
            big, small, colour = "no solution exists", "every branch ended at a dead end", th.DEAD
        elif len(model.solutions) > 1:
            big, small, colour = (
                "more than one solution",
                f"the search stopped at {SOLUTION_LIMIT}: cells that differ are marked; , and . switch",
                th.PRUNED,
            )
        else:
            big, small, colour = ("exactly one solution", "every other branch was tried and failed", th.DONE)
        theme = self.theme
        pygame.draw.rect(surface, colour, rect, border_radius=theme.px(8))
        title = theme.text(
            fit_text(theme, big, rect.w - theme.px(16), "title", "bold"), "title", th.PANEL, "bold"
        )
        line = theme.text(fit_text(theme, small, rect.w - theme.px(16)), "small", th.PANEL)
        total = title.get_height() + theme.px(4) + line.get_height()
        top = rect.centery - total // 2
        surface.blit(title, title.get_rect(midtop=(rect.centerx, top)))
        surface.blit(line, line.get_rect(midtop=(rect.centerx, top + title.get_height() + theme.px(4))))
        return True

    def _draw_strip(self, surface: pygame.Surface, rect: pygame.Rect, model: SudokuModel) -> None:
        """The column sizes, one thin bar each: cells, then row, column and box digits.

        Hundreds of columns share the strip, so bars are a pixel or two wide and
        carry no labels; the column being decided gets a blue band and its size.
        """
        theme = self.theme
        inner = card(surface, rect, theme, "the matrix's columns: candidates left for each constraint")
        kinds = [kind for kind, _, _ in model.encoding.constraints]
        groups = [
            (name, [c for c, k in enumerate(kinds) if k == kind])
            for name, kind in (
                ("cells", "cell"),
                ("row · digit", "row"),
                ("column · digit", "column"),
                ("box · digit", "box"),
            )
        ]
        groups = [(name, cols) for name, cols in groups if cols]
        label_h = theme.line_height("tiny")
        if not groups or inner.h < 3 * label_h:
            return
        gap = theme.px(12)
        width = (inner.w - gap * (len(groups) - 1)) / sum(len(cols) for _, cols in groups)
        top, bottom = inner.y + label_h, inner.bottom - label_h - theme.px(2)
        choosing = model.choosing
        x = float(inner.x)
        for name, cols in groups:
            start = x
            scale = max(max(model.initial_sizes[c] for c in cols), 1)
            for col in cols:
                self._strip_bar(
                    surface,
                    pygame.Rect(round(x), top, max(1, round(x + width) - round(x)), bottom - top),
                    model,
                    col,
                    scale,
                    col == choosing,
                )
                x += width
            caption = theme.text(fit_text(theme, name, max(1, round(x - start)), "tiny"), "tiny", th.MUTED)
            surface.blit(caption, caption.get_rect(midtop=(round((start + x) / 2), bottom + theme.px(2))))
            x += gap

    def _strip_bar(
        self,
        surface: pygame.Surface,
        slot: pygame.Rect,
        model: SudokuModel,
        col: int,
        scale: int,
        chosen: bool,
    ) -> None:
        """One column: grey by size, red at 0, faint when covered, blue band when chosen."""
        size = model.size(col)
        if chosen:
            pygame.draw.rect(surface, th.blend(th.PANEL, th.ACTIVE, 0.25), slot.inflate(self.theme.px(4), 0))
        if model.cover_count[col] and not chosen:  # covered: an empty, pale slot
            pygame.draw.rect(surface, th.blend(th.PANEL, th.FAINT, 0.6), slot)
            return
        colour = th.ACTIVE if chosen else th.blend(th.INK, th.PANEL, 0.55)
        if size == 0:
            colour = th.DEAD
        h = max(1, round(slot.h * size / scale))
        pygame.draw.rect(surface, colour, (slot.x, slot.bottom - h, slot.w, h))
        if chosen:
            image = self.theme.text(str(size), "tiny", th.DEAD if not size else th.ACTIVE, "bold")
            surface.blit(image, image.get_rect(midbottom=(slot.centerx, slot.y)))

    def _draw_now(
        self, surface: pygame.Surface, rect: pygame.Rect, model: SudokuModel, player: Player
    ) -> None:
        """In big words: what is being decided, how many candidates, the verdict."""
        theme = self.theme
        inner = card(surface, rect, theme, "now")
        y = draw_headline(
            surface, theme, inner, self._now_text(model, player), big_lines=3, small_lines=6, gap=theme.px(4)
        )
        placed = model.placed()
        if placed and y + 3 * theme.line_height("small") < inner.bottom:
            y += theme.px(10)
            heading = f"the stack: {plural(len(placed), 'choice')}, newest last"
            surface.blit(theme.text(heading, "tiny", th.MUTED, "bold"), (inner.x, y))
            y += theme.line_height("tiny") + theme.px(2)
            words = " ".join(f"{cell_name(cell, self.size)}={symbol(digit)}" for cell, digit in placed)
            lines = wrap(theme, words, inner.w, "small", "mono")
            room = max(0, (inner.bottom - y) // theme.line_height("small", "mono") - 3)
            for line in lines[-room:] if room else []:
                surface.blit(theme.text(line, "small", th.INK, "mono"), (inner.x, y))
                y += theme.line_height("small", "mono")
        if self.selected is not None and y + 2 * theme.line_height("small") < inner.bottom:
            y += theme.px(8)
            hint = (
                f"editing {cell_name(self.selected, self.size)}: type a digit, 0 clears, "
                "click it again to stop"
            )
            for line in wrap(theme, hint, inner.w):
                surface.blit(theme.text(line, "small", th.MUTED), (inner.x, y))
                y += theme.line_height("small")

    def _now_text(self, model: SudokuModel, player: Player) -> tuple[str, str, th.Color]:
        """The headline, the line under it, the headline's colour."""
        clashes = self.clashes()
        if clashes:
            return (
                "clashing givens",
                f"{sudoku.describe_clash(clashes[0], self.size)}: fix them (click, type 0) before solving",
                th.DEAD,
            )
        event = player.last_event
        if type(event) is Solution:
            return f"solution {event.number}!", "every cell, row, column and box is covered once", th.DONE
        if player.at_end and not model.stack:
            return self._verdict(model)
        if type(event) is Pop:
            cell, digit = model.encoding.options[event.value]
            why = (
                "nothing below it worked: try the next candidate"
                if event.backtrack
                else "a solution was found below it: look for another"
            )
            return f"withdraw {symbol(digit)} from {cell_name(cell, self.size)}", why, th.DEAD
        column = model.choosing
        if column is None:
            blanks = self.givens.count(0)
            return "ready", f"{blanks} blank cells; Space plays, Right steps", th.INK
        name = self.constraint_name(column)
        rows = model.candidates(column)
        kind = model.encoding.constraints[column][0]
        if not rows:
            return f"{name}: no candidate", "dead end: withdraw the last digit", th.DEAD
        options = model.encoding.options
        if kind == "cell":
            listed = ", ".join(symbol(options[r][1]) for r in rows)
            what = f"{plural(len(rows), 'candidate')}: {listed}"
        else:
            listed = ", ".join(cell_name(options[r][0], self.size) for r in rows)
            what = f"{plural(len(rows), 'place')}: {listed}"
        trying = model.trying
        if trying is None:
            return f"decide {name}", f"{what} ({self.choice_rule('the leftmost open one')})", th.ACTIVE
        cell, digit = options[trying]
        number = rows.index(trying) + 1 if trying in rows else 1
        return (
            f"try {symbol(digit)} in {cell_name(cell, self.size)}",
            f"{name}: choice {number} of {len(rows)}; {what}",
            th.ACTIVE,
        )

    def _verdict(self, model: SudokuModel) -> tuple[str, str, th.Color]:
        """The end of the run in words."""
        count = len(model.solutions)
        if count == 0:
            return "no solution", "no grid completes these givens", th.DEAD
        if count == 1:
            return "one solution", "the search tried every branch: it is unique", th.DONE
        return (
            "more than one solution",
            f"the search stops at {SOLUTION_LIMIT}; showing solution {self.browse + 1}: , and . switch",
            th.PRUNED,
        )

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What colours and marks mean."""
        theme = self.theme
        inner = card(surface, rect, theme, "key")
        line = theme.line_height("small")
        items = (
            (GIVEN_FILL, th.INK, "5", "given"),
            (th.PANEL, th.ACTIVE, "5", "digit being tried"),
            (th.PANEL, PLACED_INK, "5", "earlier choice, still standing"),
            (th.PANEL, th.DEAD, "5", "withdrawn (struck out)"),
            (th.PANEL, th.DONE, "5", "solution"),
            (th.LIT_LINE, th.MUTED, "12", "being decided; pencil marks"),
        )
        for i, (fill, ink, text, meaning) in enumerate(items):
            y = inner.y + i * (line + theme.px(3))
            if y + line > inner.bottom:
                break
            box = pygame.Rect(inner.x, y, line, line)
            pygame.draw.rect(surface, fill, box)
            pygame.draw.rect(surface, th.PANEL_EDGE, box, 1)
            image = theme.text(text, "tiny", ink, "bold")
            surface.blit(image, image.get_rect(center=box.center))
            if ink == th.DEAD:  # struck out, as on the board
                pygame.draw.line(surface, th.DEAD, box.bottomleft, box.topright, max(1, theme.px(2)))
            surface.blit(theme.text(meaning, "small", th.INK), (box.right + theme.px(8), y))
