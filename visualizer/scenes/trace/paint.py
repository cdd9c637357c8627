"""The grid a student paints for flood fill: cells, a start cell, and every change an undoable edit.

No pygame.  A `GridPainter` holds one `PaintedGrid` in an `EditHistory`: a
stroke of the pointer paints walls (or opens cells) as it goes and is
recorded as one `EditGroup`; picking the start cell is an edit too.  The
grid becomes the run's arguments as literals (`call_args`), which the
tracer reads back with `ast.literal_eval` only.  Painters are kept per file
(`painter_for`), so the painted grid survives a reload of the file and a
return to the screen.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from solvers.i18n import _, format_number, ngettext
from visualizer.history import EditGroup, EditHistory

OPEN, WALL = 0, 1
MAX_SIDE = 16
"""Rows and columns at most: the tracer writes lists of up to 16 items in full, so the picture reads back."""
PAINTABLE = ("flood_fill",)
"""Functions whose (grid, row, col) arguments the student can paint."""
Cell = tuple[int, int]


@dataclass(slots=True)
class PaintedGrid:
    """The grid being painted (0 open, 1 wall) and the cell the fill starts from."""

    cells: list[list[int]]
    start: Cell

    @property
    def rows(self) -> int:
        """How many rows."""
        return len(self.cells)

    @property
    def cols(self) -> int:
        """How many columns."""
        return len(self.cells[0])

    def inside(self, cell: Cell) -> bool:
        """True when `cell` is on the grid."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def call_args(self) -> tuple[str, str, str]:
        """The run's arguments as literals: the grid, the start row, the start column."""
        return repr(self.cells), str(self.start[0]), str(self.start[1])


@dataclass(frozen=True, slots=True)
class PaintCell:
    """One cell set to `new` (it was `old`)."""

    cell: Cell
    new: int
    old: int

    @property
    def words(self) -> str:
        """What it did."""
        return _("painted a wall") if self.new == WALL else _("opened a cell")

    def apply(self, grid: PaintedGrid) -> None:
        """Set the cell."""
        grid.cells[self.cell[0]][self.cell[1]] = self.new

    def revert(self, grid: PaintedGrid) -> None:
        """Put the old value back."""
        grid.cells[self.cell[0]][self.cell[1]] = self.old


@dataclass(frozen=True, slots=True)
class MoveStart:
    """The start cell moved from `old` to `new`."""

    new: Cell
    old: Cell

    @property
    def words(self) -> str:
        """What it did."""
        return _("moved the start")

    def apply(self, grid: PaintedGrid) -> None:
        """Start at the new cell."""
        grid.start = self.new

    def revert(self, grid: PaintedGrid) -> None:
        """Start at the old cell again."""
        grid.start = self.old


class GridPainter:
    """One painted grid and its edit history; `changed` says the last run no longer shows it."""

    def __init__(self, grid: PaintedGrid) -> None:
        self.history: EditHistory[PaintedGrid] = EditHistory(grid)
        self.changed = False
        self._stroke: list[PaintCell] | None = None
        self._paint = WALL

    @property
    def grid(self) -> PaintedGrid:
        """The grid as painted now."""
        return self.history.target

    def begin_stroke(self, cell: Cell) -> None:
        """Press on `cell`: paint walls from an open cell, open cells from a wall."""
        if not self.grid.inside(cell):
            return
        self._paint = OPEN if self.grid.cells[cell[0]][cell[1]] == WALL else WALL
        self._stroke = []
        self.extend_stroke(cell)

    def extend_stroke(self, cell: Cell) -> None:
        """The pointer moved onto `cell` while pressed: paint it (once)."""
        if self._stroke is None or not self.grid.inside(cell):
            return
        old = self.grid.cells[cell[0]][cell[1]]
        if old != self._paint:
            edit = PaintCell(cell, self._paint, old)
            edit.apply(self.grid)
            self._stroke.append(edit)

    def end_stroke(self) -> int:
        """Release: the stroke becomes one edit; returns how many cells it painted."""
        stroke, self._stroke = self._stroke, None
        if not stroke:
            return 0
        words = ngettext("painted {count} cell", "painted {count} cells", len(stroke))
        self.history.record(EditGroup(tuple(stroke), words.format(count=format_number(len(stroke)))))
        self.changed = True
        return len(stroke)

    @property
    def stroking(self) -> bool:
        """True while the pointer is pressed on the grid."""
        return self._stroke is not None

    def pick_start(self, cell: Cell) -> bool:
        """Start the fill at `cell`; False when it is off the grid or already the start."""
        if not self.grid.inside(cell) or cell == self.grid.start:
            return False
        self.history.do(MoveStart(cell, self.grid.start))
        self.changed = True
        return True


def as_grid(value: object) -> list[list[int]] | None:
    """`value` as a paintable grid (rows of equal length, 1 to 16 of 0s and 1s), else None."""
    if not (isinstance(value, list) and 0 < len(value) <= MAX_SIDE):
        return None
    if not all(isinstance(row, list) and 0 < len(row) <= MAX_SIDE for row in value):
        return None
    if len({len(row) for row in value}) != 1:
        return None
    if not all(type(cell) is int and cell in (OPEN, WALL) for row in value for cell in row):
        return None
    return [list(row) for row in value]


def grid_in_source(source: str, name: str = "GRID") -> list[list[int]] | None:
    """The literal a file assigns to `name` at its top level, as a paintable grid (never run)."""
    try:
        body = ast.parse(source).body
    except (SyntaxError, ValueError):
        return None
    for node in body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == name for target in node.targets
        ):
            try:
                return as_grid(ast.literal_eval(node.value))
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                return None
    return None


def grid_from_args(func: str, args: tuple[str, ...]) -> PaintedGrid | None:
    """A paintable grid from a call's literal arguments, like flood_fill([[0, 1], [0, 0]], 0, 0)."""
    if func not in PAINTABLE or len(args) != 3:
        return None
    try:
        cells, row, col = (ast.literal_eval(text.strip()) for text in args)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    grid = as_grid(cells)
    if grid is None or type(row) is not int or type(col) is not int:
        return None
    painted = PaintedGrid(grid, (row, col))
    return painted if painted.inside(painted.start) else None


PAINTERS: dict[tuple[Path, str], GridPainter] = {}
"""The painter of each file and function: the painted grid outlives reloads and visits to the screen."""


def painter_for(path: Path, func: str, args: tuple[str, ...], *, fresh: bool = False) -> GridPainter | None:
    """The file's painter (made from the call's arguments the first time, or when `fresh`), else None."""
    key = (path, func)
    if fresh or key not in PAINTERS:
        grid = grid_from_args(func, args)
        if grid is None:
            return PAINTERS.get(key) if not fresh else None
        PAINTERS[key] = GridPainter(grid)
    return PAINTERS[key]


def painted_args(path: Path, func: str) -> tuple[str, ...]:
    """The arguments of the grid painted for `func` of `path` (none when it has no painter yet)."""
    painter = PAINTERS.get((path.expanduser().resolve(), func))
    return painter.grid.call_args() if painter is not None else ()


def seeded_args(source: str, name: str) -> tuple[str, ...]:
    """(grid, 0, 0) from the grid the file assigns to `name`; () when it has none that can be painted."""
    grid = grid_in_source(source, name)
    return PaintedGrid(grid, (0, 0)).call_args() if grid is not None else ()
