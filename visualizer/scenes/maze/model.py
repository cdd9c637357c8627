"""The square maze's run on the one maze model, its cells' states, and the words for what happens (no pygame).

What the player moves is every shape's model (`mazes.cells.CellModel`):
`square_model` makes one whose walls are the maze's own right/bottom arrays.
`states` and `state_grid` read its layers as H x W grids (views, no copy),
so the canvas paints the whole grid in a few numpy operations; `narrate`
and `status` turn events and states into the plain words the log and the
status line show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from solvers import maze as mz
from solvers.events import Carve, Pop, Push, Visit
from solvers.i18n import N_, _, format_number, ngettext
from solvers.mazes import carving, walk
from solvers.mazes import generators as gen
from visualizer.scenes.mazes.cells import CellModel, GridWalls
from visualizer.scenes.mazes.run import search_result

Cell = tuple[int, int]

CARVE, REST, SOLVE, DRAW = "carve", "rest", "solve", "draw"
"""What the stage shows: a carving from a full grid, the rest of a drawing carved, a search, a drawing."""

GUI_MIN, GUI_MAX = 5, 1000
"""Sizes the size chooser offers (files up to LOAD_MAX load too)."""
LOAD_MAX = 1000

SIZES: tuple[tuple[int, int], ...] = (
    (5, 5),
    (8, 6),
    (12, 8),
    (16, 10),
    (24, 16),
    (36, 24),
    (54, 36),
    (80, 54),
    (120, 80),
    (200, 200),
    (300, 300),
    (500, 500),
    (1000, 1000),
)
"""The ladder [ and ] walk; "size…" asks for any W x H."""
DEFAULT_SIZE = (16, 10)

# Cell states, in the order they win when several apply.
UNSEEN, SEEN, STACKED, DEAD, PATH, REACHED, ROCK = range(7)

# Pseudocode lines the model and the narration tell apart.
CARVE_JOIN_LINE = carving.LINE_CARVE_JOIN  # "finally join parts left apart (rest)"
SOLVE_VISITED_LINE = walk.LINE_SOLVE_VISITED  # "if cell was visited: return"


PATH_TOUCH_MAX = 4096
"""A path longer than this repaints everything rather than cell by cell."""


def square_model(maze: mz.Maze, action: str, opened: np.ndarray | None = None) -> CellModel:
    """The one maze model (`mazes.cells`) for the action, its walls the maze's own arrays.

    A carving's Carve pushes the cell it opens; `opened` marks the cells a drawing already
    opened (the rest is carved around them); a search starts with every cell in the maze.
    """
    walls, size = GridWalls(maze), maze.width * maze.height
    if action == SOLVE:
        return CellModel(size, walls, solving=True, path_repaint=PATH_TOUCH_MAX)
    inside = None if opened is None else opened.astype(np.uint8).tobytes()
    return CellModel(size, walls, pushes=action != DRAW, inside=inside)


def square_maze(model: CellModel) -> mz.Maze:
    """The maze whose walls a square run keeps."""
    walls = model.walls
    assert isinstance(walls, GridWalls), "a square run keeps its walls in a Maze"
    return walls.maze


def path_cells(model: CellModel) -> tuple[Cell, ...] | None:
    """The search's path as (row, col) cells, as `solvers.maze` returns it (None: not found yet)."""
    if model.path is None:
        return None
    width = square_maze(model).width
    return tuple(divmod(cell, width) for cell in model.path)  # type: ignore[misc]


def states(model: CellModel, action: str, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """The state (UNSEEN ... ROCK) of each cell (rows[i], cols[i]) of a square run."""
    maze = square_maze(model)
    flat = rows * maze.width + cols

    def layer(values: bytearray) -> np.ndarray:
        """The layer's value at each cell, as True or False."""
        return np.frombuffer(values, np.uint8)[flat] != 0

    return _combine(
        action,
        model.unreachable,
        layer(model.marks),
        layer(model.on_stack),
        layer(model.dead),
        layer(model.on_path),
        lambda: closed_cells(maze, rows, cols),
    )


def state_grid(model: CellModel, action: str) -> np.ndarray:
    """The state of every cell of a square run, as an H x W grid."""
    maze = square_maze(model)
    width = maze.width
    return _combine(
        action,
        model.unreachable,
        model.grid(model.marks, width) != 0,
        model.grid(model.on_stack, width) != 0,
        model.grid(model.dead, width) != 0,
        model.grid(model.on_path, width) != 0,
        lambda: closed_grid(maze),
    )


def _combine(
    action: str,
    unreachable: bool,
    visited: np.ndarray,
    stacked: np.ndarray,
    dead: np.ndarray,
    path: np.ndarray,
    closed: Callable[[], np.ndarray],
) -> np.ndarray:
    """States from the layers, in order of precedence (path wins)."""
    state = np.where(visited, SEEN, UNSEEN).astype(np.uint8)
    if action in (CARVE, REST):
        state[~visited] = ROCK
    elif action == DRAW:
        state[closed()] = ROCK
    if unreachable:
        state[visited] = REACHED
    else:
        state[dead] = DEAD
    state[stacked] = STACKED
    state[path] = PATH
    return state


def visited_grid(model: CellModel) -> np.ndarray:
    """The cells a carving brought in (a search: reached), as an H x W grid over the model's bytes."""
    return model.grid(model.marks, square_maze(model).width)


def closed_cells(maze: mz.Maze, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """True for each cell with all four walls standing."""
    right = maze.right[rows, cols] == 1
    bottom = maze.bottom[rows, cols] == 1
    left = np.ones_like(right)
    inside = cols > 0
    left[inside] = maze.right[rows[inside], cols[inside] - 1] == 1
    top = np.ones_like(right)
    inside = rows > 0
    top[inside] = maze.bottom[rows[inside] - 1, cols[inside]] == 1
    return right & bottom & left & top


def closed_grid(maze: mz.Maze) -> np.ndarray:
    """All four walls up, for every cell, from whole-array slices."""
    right = maze.right == 1
    bottom = maze.bottom == 1
    left = np.ones_like(right)
    left[:, 1:] = right[:, :-1]
    top = np.ones_like(bottom)
    top[1:, :] = bottom[:-1, :]
    return right & bottom & left & top


def carve_events(width: int, height: int) -> int:
    """Events of carving a full W x H grid: the first cell's Push and Visit, one Carve for each
    other cell (it implies the visit and the push), and a Pop for every cell."""
    cells = width * height
    return 2 + (cells - 1) + cells


# --- words -------------------------------------------------------------------------------


def at(cell: Cell) -> str:
    """A cell as people read it."""
    return f"({cell[0]},{cell[1]})"


def grid_cell(where: Cell | int, width: int) -> Cell:
    """A flat id row * width + col (carving) or a (row, col) pair (solving) as (row, col)."""
    if isinstance(where, int):
        row, col = divmod(where, width)
        return (row, col)
    return where


class SquareLabels:
    """The square grid's cell names for `generators.narrate`: flat id row * width + col as '(row,col)'."""

    def __init__(self, width: int) -> None:
        self.width = width

    def label(self, cell: int) -> str:
        """'(2,3)'."""
        return at(grid_cell(cell, self.width))


def narrate(event: Any, action: str, width: int) -> str | None:
    """The event in words, for the log (a function of the event, the action and the width).

    Carving speaks the backtracker's words on every shape (`generators.narrate`): one text for one loop.
    """
    kind = type(event)
    if kind is Carve and event.line == CARVE_JOIN_LINE:
        a, b = at(grid_cell(event.cell, width)), at(grid_cell(event.other, width))
        return _("join two parts: knock down {a} | {b}").format(a=a, b=b)
    if action != SOLVE and kind in (Carve, Push, Visit, Pop):
        return gen.narrate(event, gen.ALGORITHMS["backtracker"], SquareLabels(width))
    return walk.narrate(event, SquareLabels(width).label)


DRAW_HINT = N_(
    "drawing: left-drag traces walls, right-drag knocks them down, drag S or G; T carves the grey cells"
)


def status(model: CellModel, action: str, size: str, at_end: bool, playing: bool) -> tuple[str, str]:
    """The status line and its tone ('ink', 'done' or 'dead') for the action on show."""
    if action == DRAW:
        return _(DRAW_HINT), "ink"
    if action == SOLVE:
        return _solve_status(model, size, playing)
    count = model.carved
    if at_end and action == REST:
        return ngettext(
            "carved the rest: {count} wall knocked down; V solves it",
            "carved the rest: {count} walls knocked down; V solves it",
            count,
        ).format(count=format_number(count)), "done"
    if at_end:
        return ngettext(
            "carved {size}: {count} wall knocked down, every cell reachable by exactly one path; V solves it",
            "carved {size}: {count} walls knocked down, every cell reachable by exactly one path;"
            " V solves it",
            count,
        ).format(size=size, count=format_number(count)), "done"
    if playing:
        return _("carving {size} with the recursive backtracker: Space pauses").format(size=size), "ink"
    return _("carving {size} with the recursive backtracker: Space plays, Right steps").format(
        size=size
    ), "ink"


def _solve_status(model: CellModel, size: str, playing: bool) -> tuple[str, str]:
    """The status line of a search: solved, unreachable (in every shape's words), or under way."""
    finished = search_result(len(model.path or ()), model.visits, model.dead_ends, model.unreachable)
    if finished is not None:
        return finished
    if playing:
        return _("solving {size}: Space pauses").format(size=size), "ink"
    return _("solving {size}: Space plays, Right steps").format(size=size), "ink"


def counters(model: CellModel, action: str, size: str, seed: int) -> list[tuple[str, str]]:
    """Cells visited, walls removed, dead ends, path length, size, seed."""
    path = len(model.path) if model.path else (len(model.stack) if action == SOLVE else 0)
    return [
        (_("depth"), format_number(len(model.stack))),
        (_("max depth"), format_number(model.max_depth)),
        (_("cells visited"), format_number(model.visits)),
        (_("walls removed"), format_number(model.carved)),
        (_("dead ends"), format_number(model.dead_ends)),
        (_("path length"), format_number(path)),
        (_("size"), size),
        (_("seed"), str(seed)),
    ]


def parse_size(text: str) -> tuple[int, int] | str:
    """'40 x 30' as (40, 30), or the words saying what is wrong."""
    parts = text.lower().replace("×", "x").replace(",", "x").split("x")
    try:
        width, height = (int(part) for part in parts)
    except ValueError:
        return _("a size looks like 40 x 30, not {text}").format(text=repr(text))
    if not (GUI_MIN <= width <= GUI_MAX and GUI_MIN <= height <= GUI_MAX):
        return _("sizes go from {low} to {high} each way").format(low=GUI_MIN, high=GUI_MAX)
    return width, height


def ladder_step(width: int, height: int, step: int) -> tuple[int, int]:
    """The size `step` rungs up (or down) the ladder from the rung nearest width x height."""
    area = [w * h for w, h in SIZES]
    index = min(range(len(SIZES)), key=lambda i: abs(area[i] - width * height))
    return SIZES[max(0, min(len(SIZES) - 1, index + step))]
