"""The square maze: the square shape of the cell graph, held as wall grids; its files and the rooms maze.

One maze stack serves every shape (`solvers.mazes`): a maze is a set of
passages on a `CellGraph`, carved by one backtracker and solved by one search
(`walk.search`).  `Maze` is the square shape's *view* of those passages, not a
second kind of maze: the same passages, stored as two H x W wall grids
(`right`, `bottom`), with `from_passages` and `passages()` converting exactly
either way.  Why a view and not the graph's passage set: the square demo
paints a million cells with whole-array numpy operations on these grids, the
text-art and JSON files are these grids, and a 1000 x 1000 maze is 2 MB of
grids against 178 MB as a set of a million pairs, plus 256 MB for the square
graph's neighbour table (tracemalloc peaks; four times that at 2000 x 2000).
What runs on a Maze is the cell graph's code: `solve`, `find_path` and
`reachable` hand the one search the square's corridors; `carve`,
`carve_rest`, `complete` and `generate` hand the one backtracker
(`solvers.mazes.carving.carve`, every shape's loop) the square's choices and
turn what it carves back into wall grids.

The model follows the "Mysterious Maze" text: a grid of W x H cells where each
cell knows whether it has a wall on its RIGHT and on its BOTTOM; the outer
border is always closed.  A *perfect* maze joins any two cells by exactly one
path; the recursive backtracker (a depth-first search from a random cell)
carves one.  Solving is the text's CheckRoom: enter a cell, try each corridor
in turn, give up at dead ends and back up to the last cell with an untried
corridor.

Vocabulary, each with an example::

    Cell  = (row, col)                         (0, 0) is the top-left cell
    Maze(right, bottom)                        numpy uint8 arrays, shape (H, W)
    maze.right[r, c] == 1                      wall between (r, c) and (r, c + 1)
    maze.bottom[r, c] == 1                     wall between (r, c) and (r + 1, c)
    maze.passages() / Maze.from_passages(...)   the same maze as square-graph passages [(0, 1), ...]
    carve(w, h, seed)  -> events               generation, drawn step by step
    generate(w, h, seed) -> Maze               the same maze, no events, faster
    carve_rest(maze, seed) -> events           the backtracker through closed cells only
    solve(maze, start, goal) -> events         backtracking search for a path
    find_path(maze, start, goal) -> SolveResult
    check_room() -> events                     the text's rooms maze (A, 1..8, B)

Generators speak the events of `solvers.events`, and name cells as every
shape of `solvers.mazes` does: by flat id ``row * width + col``.  Solving is
the one search of `solvers.mazes.walk` on this maze's corridors (one loop and
one set of events for every shape); only its returned path is (row, col)
cells.

Maze files
==========
A maze file is plain text art that a person can read and edit::

    # comment lines start with '#'
    +--+--+--+
    |S |     |
    +  +  +  +
    |     | G|
    +--+--+--+

* Every cell is two characters wide, every wall one: a maze W cells wide has
  lines of 3 * W + 1 characters and a maze H cells high has 2 * H + 1 lines.
* Odd lines (1st, 3rd, ...) hold the horizontal walls: ``--`` is a wall below
  the cell above, two spaces an opening.  Every corner is a ``+``.
* Even lines hold the cells and the vertical walls: ``|`` is a wall, a space
  an opening.  Inside a cell, ``S`` marks the start and ``G`` the goal (default:
  top-left and bottom-right); ``.`` (a path mark) and spaces are ignored.
* The outer border must be closed; sizes go from 2 to 2000 cells each way.
  Blank lines around the art, trailing spaces, a UTF-8 byte order mark and
  Windows (CR LF) or old Mac (CR) line ends are fine.

`Maze.from_text` also accepts the JSON object printed by ``maze generate
--json``.  Anything else raises `MazeError` with a one-line reason.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from solvers import i18n, textio
from solvers.events import DeadEnd, Note, Pop, Push, Solution, Visit
from solvers.mazes import carving, graph, walk
from solvers.mazes.walk import SolveResult
from solvers.messages import MAX_NUMBER_CHARS, shown
from solvers.runstats import run_to_end

Cell = tuple[int, int]

MIN_SIZE, MAX_SIZE = graph.MIN_SIDE, graph.MAX_SIDE
# A 2000 x 2000 maze file is 4001 lines of 6001 characters (24 MB); allow
# comments and CRLF line ends on top, refuse anything far larger unread.
MAX_FILE_BYTES = 32 * 1024 * 1024


MazeError = graph.MazeError
"""A maze size, file or cell that cannot be used (one error for every shape); the message is one line."""


def check_size(width: int, height: int) -> None:
    """Raise MazeError unless both sides are within MIN_SIZE..MAX_SIZE (the cell graph's own check)."""
    graph.check_sides(width, height)


# --- the maze ---------------------------------------------------------------


@dataclass(eq=False)
class Maze:
    """A grid maze: `right[r, c]` / `bottom[r, c]` are 1 where cell (r, c) has that wall."""

    right: np.ndarray
    bottom: np.ndarray
    start: Cell = (0, 0)
    goal: Cell | None = None

    def __post_init__(self) -> None:
        """Normalise the arrays, close the border and default the goal."""
        self.right = np.asarray(self.right, dtype=np.uint8)
        self.bottom = np.asarray(self.bottom, dtype=np.uint8)
        if self.right.ndim != 2 or self.right.shape != self.bottom.shape:
            raise MazeError(i18n._("right and bottom walls must be two grids of the same shape"))
        check_size(self.width, self.height)
        self.right[:, -1] = 1
        self.bottom[-1, :] = 1
        if self.goal is None:
            self.goal = (self.height - 1, self.width - 1)
        self.start = self.checked_cell(self.start, i18n.N_("start"))
        self.goal = self.checked_cell(self.goal, i18n.N_("goal"))

    @classmethod
    def full(cls, width: int, height: int) -> Maze:
        """A grid with every wall standing (where carving starts)."""
        check_size(width, height)
        shape = (height, width)
        return cls(np.ones(shape, np.uint8), np.ones(shape, np.uint8))

    @classmethod
    def from_passages(cls, width: int, height: int, passages: Iterable[tuple[int, int]]) -> Maze:
        """The W x H maze whose open walls are `passages` of the square cell graph (ids row * W + col)."""
        maze = cls.full(width, height)
        for a, b in passages:
            maze.set_wall(divmod(a, width), divmod(b, width), False)
        return maze

    @classmethod
    def empty(cls, width: int, height: int) -> Maze:
        """A grid with no wall inside the closed border (where drawing starts)."""
        check_size(width, height)
        shape = (height, width)
        return cls(np.zeros(shape, np.uint8), np.zeros(shape, np.uint8))

    @property
    def width(self) -> int:
        """Number of columns."""
        return int(self.right.shape[1])

    @property
    def height(self) -> int:
        """Number of rows."""
        return int(self.right.shape[0])

    @property
    def goal_cell(self) -> Cell:
        """The goal (never None after construction)."""
        assert self.goal is not None
        return self.goal

    def copy(self) -> Maze:
        """An independent copy."""
        return Maze(self.right.copy(), self.bottom.copy(), self.start, self.goal)

    def __eq__(self, other: object) -> bool:
        """Same walls, start and goal."""
        return (
            isinstance(other, Maze)
            and self.right.shape == other.right.shape
            and bool(np.array_equal(self.right, other.right))
            and bool(np.array_equal(self.bottom, other.bottom))
            and self.start == other.start
            and self.goal == other.goal
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def contains(self, cell: Cell) -> bool:
        """True if `cell` lies on the grid."""
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def checked_cell(self, cell: Sequence[int], name: str = i18n.N_("cell")) -> Cell:
        """`cell` as a (row, col) tuple, or MazeError if it is off the grid."""
        try:
            row, col = (int(v) for v in cell)
        except (TypeError, ValueError):
            raise MazeError(
                i18n._("{name} must be two numbers row,col, not {given}").format(
                    name=i18n._(name), given=shown(repr(cell))
                )
            ) from None
        if not self.contains((row, col)):
            raise MazeError(
                i18n._("{name} ({row}, {col}) is off the {width} x {height} grid").format(
                    name=i18n._(name), row=row, col=col, width=self.width, height=self.height
                )
            )
        return (row, col)

    def _wall_slot(self, a: Cell, b: Cell) -> tuple[np.ndarray, int, int]:
        """The array and index holding the wall between neighbours a and b."""
        (r1, c1), (r2, c2) = sorted((a, b))
        if r1 == r2 and c2 == c1 + 1:
            return self.right, r1, c1
        if c1 == c2 and r2 == r1 + 1:
            return self.bottom, r1, c1
        raise MazeError(i18n._("cells {a} and {b} are not neighbours").format(a=a, b=b))

    def has_wall(self, a: Cell, b: Cell) -> bool:
        """True if a wall stands between neighbouring cells a and b."""
        grid, r, c = self._wall_slot(a, b)
        return bool(grid[r, c])

    def set_wall(self, a: Cell, b: Cell, wall: bool) -> bool:
        """Build or knock down the wall between neighbours; return True if it changed."""
        grid, r, c = self._wall_slot(a, b)
        old = bool(grid[r, c])
        grid[r, c] = 1 if wall else 0
        return old != wall

    def opened(self) -> np.ndarray:
        """Bool grid: True where a cell has at least one opening."""
        inner_right = self.right[:, :-1] == 0
        inner_bottom = self.bottom[:-1, :] == 0
        mask = np.zeros(self.right.shape, bool)
        mask[:, :-1] |= inner_right
        mask[:, 1:] |= inner_right
        mask[:-1, :] |= inner_bottom
        mask[1:, :] |= inner_bottom
        return mask

    def openings(self) -> int:
        """Number of inner walls knocked down (W*H - 1 in a perfect maze)."""
        return int((self.right[:, :-1] == 0).sum() + (self.bottom[:-1, :] == 0).sum())

    def passages(self) -> list[tuple[int, int]]:
        """The openings as passages of the square cell graph: pairs of flat ids (row * width + col)."""
        w = self.width
        rows, cols = np.nonzero(self.right[:, :-1] == 0)
        across = (rows * w + cols).tolist()
        rows, cols = np.nonzero(self.bottom[:-1, :] == 0)
        down = (rows * w + cols).tolist()
        return [(a, a + 1) for a in across] + [(a, a + w) for a in down]

    # --- text and JSON ---------------------------------------------------

    def to_text(self, path: Iterable[Cell] = ()) -> str:
        """The maze as the documented text art; `path` cells are marked with '.'."""
        h, w = self.height, self.width
        art = np.full((2 * h + 1, 3 * w + 1), ord(" "), np.uint8)
        art[0::2, 0::3] = ord("+")
        art[0, :] = ord("-")
        art[0, 0::3] = ord("+")
        walls_below = np.where(self.bottom == 1, ord("-"), ord(" ")).astype(np.uint8)
        art[2::2, 1::3] = walls_below
        art[2::2, 2::3] = walls_below
        art[1::2, 0] = ord("|")
        art[1::2, 3::3] = np.where(self.right == 1, ord("|"), ord(" "))
        for r, c in path:
            art[2 * r + 1, 3 * c + 1] = ord(".")
        # S on a cell's left half, G on its right half: both fit in one cell.
        (r, c), (gr, gc) = self.start, self.goal_cell
        art[2 * r + 1, 3 * c + 1] = ord("S")
        art[2 * gr + 1, 3 * gc + 2] = ord("G")
        return "\n".join(row.tobytes().decode("ascii") for row in art) + "\n"

    def to_json_data(self) -> dict[str, Any]:
        """The maze as JSON-ready data (keys width, height, right, bottom, start, goal)."""
        return {
            "width": self.width,
            "height": self.height,
            "right": self.right.tolist(),
            "bottom": self.bottom.tolist(),
            "start": list(self.start),
            "goal": list(self.goal_cell),
        }

    @classmethod
    def from_text(cls, text: str) -> Maze:
        """Parse text art or the JSON object of `maze generate --json`; MazeError if bad."""
        text = textio.normalise(text)  # a byte order mark, CR LF or CR-only line ends
        if text.lstrip().startswith("{"):
            return _maze_from_json(text)
        return _maze_from_art(text)

    def save(self, path: str | Path) -> None:
        """Write the maze as text art, atomically: a failed write leaves an old file intact."""
        textio.write_atomic(path, self.to_text(), encoding="ascii")

    @classmethod
    def load(cls, path: str | Path) -> Maze:
        """Read a maze file; MazeError with a one-line reason if it cannot be used."""
        try:
            text, source = textio.read_text(path, MAX_FILE_BYTES, dash=False)
        except textio.InputError as error:
            raise MazeError(str(error)) from None
        return cls.parse(text, source)

    @classmethod
    def parse(cls, text: str, source: str) -> Maze:
        """`from_text` with errors naming `source`."""
        try:
            return cls.from_text(text)
        except MazeError as error:
            raise MazeError(f"{source}: {error}") from None


def _art_lines(text: str) -> list[tuple[int, str]]:
    """The art's lines with their 1-based numbers: comments and blank edges dropped."""
    lines = [
        (number, line.rstrip()) for number, line in enumerate(text.split("\n"), 1) if not line.startswith("#")
    ]
    while lines and not lines[0][1]:
        lines.pop(0)
    while lines and not lines[-1][1]:
        lines.pop()
    return lines


def _first_bad(mask: np.ndarray) -> tuple[int, int] | None:
    """Row and column of the first True in a 2-D mask, or None."""
    hits = np.argwhere(mask)
    return (int(hits[0][0]), int(hits[0][1])) if len(hits) else None


def _maze_from_art(text: str) -> Maze:
    """Parse the text-art format (see the module docstring)."""
    lines = _art_lines(text)
    if not lines:
        raise MazeError(i18n._("no maze in the file"))
    if not all(line.isascii() for _, line in lines):
        raise MazeError(i18n._("a maze file holds only ASCII characters"))
    if len(lines) % 2 == 0:
        raise MazeError(
            i18n._("{count} lines of art: a maze H cells high has 2 * H + 1 lines").format(count=len(lines))
        )
    width_chars = len(lines[0][1])
    if width_chars % 3 != 1:
        raise MazeError(
            i18n._("line {line} has {count} characters: a maze W cells wide has 3 * W + 1").format(
                line=lines[0][0], count=width_chars
            )
        )
    check_size((width_chars - 1) // 3, (len(lines) - 1) // 2)
    for number, line in lines:
        if len(line) != width_chars:
            raise MazeError(
                f"line {number} has {len(line)} characters, expected {width_chars} like line {lines[0][0]}"
            )
    art = np.frombuffer("".join(line for _, line in lines).encode("ascii"), np.uint8)
    art = art.reshape(len(lines), width_chars)

    def where(kind: str, row: int, col: int) -> str:
        """A location in the file for an error message."""
        return i18n._("line {line}, column {column}: {problem}").format(
            line=lines[row][0], column=col + 1, problem=kind
        )

    bad = _first_bad(art[0::2, 0::3] != ord("+"))
    if bad:
        found = chr(art[2 * bad[0], 3 * bad[1]])
        corner = i18n._("a corner between walls is '+', not {found}").format(found=repr(found))
        raise MazeError(where(corner, 2 * bad[0], 3 * bad[1]))
    left, right_half = art[0::2, 1::3], art[0::2, 2::3]
    ok_horizontal = ((left == ord("-")) & (right_half == ord("-"))) | (
        (left == ord(" ")) & (right_half == ord(" "))
    )
    bad = _first_bad(~ok_horizontal)
    if bad:
        raise MazeError(
            where(i18n._("a wall below a cell is '--' or two spaces"), 2 * bad[0], 3 * bad[1] + 1)
        )
    vertical = art[1::2, 0::3]
    bad = _first_bad((vertical != ord("|")) & (vertical != ord(" ")))
    if bad:
        raise MazeError(where(i18n._("a wall beside a cell is '|' or a space"), 2 * bad[0] + 1, 3 * bad[1]))
    closed = np.concatenate([left[0], left[-1]]) == ord("-")
    if not closed.all() or (vertical[:, 0] != ord("|")).any() or (vertical[:, -1] != ord("|")).any():
        raise MazeError(i18n._("the outer border must be closed all round"))
    start, goal = _markers(art, where)
    walls_below = (left[1:] == ord("-")).astype(np.uint8)
    walls_right = (vertical[:, 1:] == ord("|")).astype(np.uint8)
    return Maze(walls_right, walls_below, start or (0, 0), goal)


def _markers(art: np.ndarray, where: Any) -> tuple[Cell | None, Cell | None]:
    """The S and G cells of the art, checking that cell insides hold nothing else."""
    insides = np.stack([art[1::2, 1::3], art[1::2, 2::3]], axis=-1)
    allowed = np.isin(insides, np.frombuffer(b" .SGsg", np.uint8))
    bad = _first_bad(np.asarray(~allowed.all(axis=-1)))
    if bad:
        inside = i18n._("a cell holds only spaces, '.', S or G")
        raise MazeError(where(inside, 2 * bad[0] + 1, 3 * bad[1] + 1))
    found: dict[str, Cell | None] = {}
    for letter in "SG":
        hits = np.argwhere(
            (insides == ord(letter)).any(axis=-1) | (insides == ord(letter.lower())).any(axis=-1)
        )
        if len(hits) > 1:
            raise MazeError(i18n._("the maze marks more than one {letter} cell").format(letter=letter))
        found[letter] = (int(hits[0][0]), int(hits[0][1])) if len(hits) else None
    return found["S"], found["G"]


def _maze_from_json(text: str) -> Maze:
    """Parse the JSON object printed by `maze generate --json`."""
    try:
        data = json.loads(text, parse_float=NotWhole, parse_constant=NotWhole, parse_int=_json_whole)
    except MazeError:
        raise
    except (ValueError, RecursionError) as error:
        raise MazeError(i18n._("bad JSON: {error}").format(error=error)) from None
    if not isinstance(data, dict) or not {"width", "height", "right", "bottom"} <= data.keys():
        raise MazeError(i18n._("a JSON maze is an object with width, height, right and bottom"))
    width, height = data["width"], data["height"]
    if not all(isinstance(side, int) and not isinstance(side, bool) for side in (width, height)):
        raise MazeError(
            i18n._("width and height must be whole numbers, not {width} x {height}").format(
                width=shown(str(width)), height=shown(str(height))
            )
        )
    check_size(width, height)
    grids = []
    for key in ("right", "bottom"):
        try:
            grid = np.array(data[key], dtype=np.int64)
        except (TypeError, ValueError, OverflowError):
            raise MazeError(i18n._("'{key}' must be rows of 0 and 1").format(key=key)) from None
        if grid.shape != (height, width) or not np.isin(grid, (0, 1)).all():
            raise MazeError(
                i18n._("'{key}' must be {height} rows of {width} values 0 or 1").format(
                    key=key, height=height, width=width
                )
            )
        grids.append(grid.astype(np.uint8))
    right, bottom = grids
    if not (right[:, -1].all() and bottom[-1, :].all()):
        raise MazeError(i18n._("the outer border must be closed all round"))
    start = _json_cell(data.get("start", [0, 0]), i18n.N_("start"), width, height)
    goal = data.get("goal")
    goal = None if goal is None else _json_cell(goal, i18n.N_("goal"), width, height)
    return Maze(right, bottom, start, goal)


class NotWhole:
    """A JSON number that is not whole (a fraction, Infinity, NaN), kept as its text.

    `generate --json` adds keys such as "seconds" that a maze does not need;
    they may hold fractions.  The maze's own keys are checked to be ints, and
    this is no int, so a fraction there is refused with the key's message.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _json_whole(text: str) -> int:
    """json's hook for integers: refuse absurdly long ones before int() reads them."""
    if len(text) > MAX_NUMBER_CHARS:
        raise MazeError(
            i18n._("a JSON maze holds small whole numbers, not one of {count} digits").format(
                count=i18n.format_number(len(text))
            )
        )
    return int(text)


def _json_cell(value: Any, name: str, width: int, height: int) -> Cell:
    """A [row, col] pair, or a flat cell id row * width + col (the generic form), inside the grid."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < width * height:
        return divmod(value, width)
    fraction = next((v for v in value if isinstance(v, NotWhole)), None) if isinstance(value, list) else None
    if fraction is not None:
        raise MazeError(
            i18n._("{name} takes whole numbers only, not {given}").format(
                name=i18n._(name), given=shown(fraction.text)
            )
        )
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        given = shown(json.dumps(value, default=repr))
        raise MazeError(
            i18n._("{name} must be [row, col], two whole numbers, or a cell id, not {given}").format(
                name=i18n._(name), given=given
            )
        )
    row, col = value
    if not (0 <= row < height and 0 <= col < width):
        raise MazeError(
            i18n._("{name} ({row}, {col}) is off the {width} x {height} grid").format(
                name=i18n._(name), row=row, col=col, width=width, height=height
            )
        )
    return (row, col)


# --- generation: the one backtracker on the square's choices ----------------

PSEUDOCODE = carving.CARVE_PSEUDOCODE
"""The module's main pseudocode (carving); SOLVE_ and ROOMS_PSEUDOCODE go with the others."""


def carve_rest(maze: Maze, seed: int | None = None, told: bool = True) -> Generator[Any, None, Maze]:
    """Yield the backtracker's events through the cells of `maze` with no opening yet.

    `carving.carve` on the square's choices, cells as flat ids ``row *
    width + col``: a root is a `Push` (and a `Visit` if it was closed);
    ``Carve(cell, next)`` on LINE_CARVE_KNOCK knocks the wall down *and*
    marks `next` visited and pushes it; a `Pop` backtracks.  Walls already
    drawn are kept; on a full grid this is plain generation.  Parts the
    drawing left apart are then joined through one carved wall each (`Carve`
    on LINE_CARVE_JOIN, which pushes nothing), so the result is connected
    wherever fresh cells touch.  The input is not changed: apply the events,
    or take the finished Maze returned by the generator (StopIteration.value).
    Untold, the same loop yields nothing and builds no event: that is
    `complete`, the plain answer.
    """
    rng = np.random.default_rng(seed)
    choices = carving.square_choices(maze.width, maze.height, rng)
    return carving.carve(choices, maze.passages(), rng, lambda carved: _knocked_through(maze, carved), told)


def _knocked_through(maze: Maze, carved: carving.Carved) -> Maze:
    """A copy of `maze` with the carved passages and the joins opened (whole-array numpy, no loop a cell)."""
    result = maze.copy()
    width = maze.width
    right, bottom = result.right.reshape(-1), result.bottom.reshape(-1)  # views of the copy's grids
    step = np.frombuffer(carved.parent, np.int32) - np.arange(width * maze.height, dtype=np.int32)
    # A cell's parent is beside it: left (-1), right (+1), above (-width), below (+width); -1 (none)
    # minus the cell is -1 only for cell 0 and -width only for cell width - 1, both outside the slices.
    right[:-1][step[1:] == -1] = 0
    right[step == 1] = 0
    bottom[:-width][step[width:] == -width] = 0
    bottom[step == width] = 0
    for a, b in carved.joins:
        result.set_wall(divmod(a, width), divmod(b, width), False)
    return result


def carve(width: int, height: int, seed: int | None = None) -> Generator[Any, None, Maze]:
    """Yield the events of carving a perfect W x H maze from a full grid (`carve_rest` of it).

    This is the recursive backtracker of the square cell graph
    (`solvers.mazes.generators.backtracker` on `graph.square(width, height)`
    runs the same loop on the same choices): one loop, `carving.carve`, for
    every shape.
    """
    return carve_rest(Maze.full(width, height), seed)


def complete(maze: Maze, seed: int | None = None) -> Maze:
    """The maze with every closed cell carved through (no events): `carve_rest`'s loop, untold."""
    return run_to_end(carve_rest(maze, seed, told=False))


def generate(width: int, height: int, seed: int | None = None) -> Maze:
    """A perfect W x H maze, the same one `carve(width, height, seed)` draws."""
    return complete(Maze.full(width, height), seed)


# --- solving: the square view of the one search ------------------------------


def corridors(maze: Maze) -> walk.OpenNear:
    """The square's open neighbours of a flat cell id, right, down, left, up: the solver's order here.

    Read from the wall bytes as the search reaches a cell, not built for every
    cell first (see `solvers.mazes.walk`).
    """
    width = maze.width
    right, bottom = maze.right.tobytes(), maze.bottom.tobytes()

    def open_near(cell: int) -> list[int]:
        """The cells one step from `cell` through an opening."""
        found = []
        if not right[cell]:
            found.append(cell + 1)
        if not bottom[cell]:
            found.append(cell + width)
        if cell % width and not right[cell - 1]:
            found.append(cell - 1)
        if cell >= width and not bottom[cell - width]:
            found.append(cell - width)
        return found

    return open_near


def _search(
    maze: Maze, start: Cell | None, goal: Cell | None, told: bool
) -> Generator[Any, None, SolveResult]:
    """The one search (`walk.search`) on the square's corridors, after checking the cells."""
    first = maze.checked_cell(maze.start if start is None else start, i18n.N_("start"))
    last = maze.checked_cell(maze.goal_cell if goal is None else goal, i18n.N_("goal"))
    width = maze.width
    cells = maze.width * maze.height
    return walk.search(corridors(maze), cells, first[0] * width + first[1], last[0] * width + last[1], told)


def square_result(result: SolveResult, width: int) -> SolveResult:
    """A search's result with its path as (row, col) cells."""
    if result.path is None:
        return result
    path = tuple(divmod(cell, width) for cell in result.path)
    return SolveResult(path, result.visited, result.dead_ends, result.max_depth)


def solve(
    maze: Maze, start: Cell | None = None, goal: Cell | None = None
) -> Generator[Any, None, SolveResult]:
    """Yield the events of the one backtracking search (`walk.search`) from start to goal.

    Cells in the events are flat ids row * width + col, as on every shape;
    the returned SolveResult's path is (row, col) cells.  Works on any maze,
    loops included (visited cells are never entered twice).
    """
    return square_result((yield from _search(maze, start, goal, True)), maze.width)


def find_path(maze: Maze, start: Cell | None = None, goal: Cell | None = None) -> SolveResult:
    """The path `solve` finds, without events (the same loop, untold)."""
    return square_result(run_to_end(_search(maze, start, goal, False)), maze.width)


def reachable(maze: Maze, start: Cell | None = None) -> np.ndarray:
    """Bool grid of the cells a walk from `start` can reach."""
    first = maze.checked_cell(maze.start if start is None else start, i18n.N_("start"))
    width, cells = maze.width, maze.width * maze.height
    open_near = corridors(maze)
    seen = bytearray(cells)
    origin = first[0] * width + first[1]
    seen[origin] = 1
    todo = [origin]
    while todo:
        for nxt in open_near(todo.pop()):
            if not seen[nxt]:
                seen[nxt] = 1
                todo.append(nxt)
    return np.frombuffer(bytes(seen), np.uint8).reshape(maze.height, width).astype(bool)


# --- the rooms maze of the text ---------------------------------------------

ROOMS: tuple[str, ...] = ("A", "1", "2", "3", "4", "5", "6", "7", "8", "B")
# In the text's order: each room tries its corridors in this order.
# fmt: off
CORRIDORS: tuple[tuple[str, str], ...] = (
    ("A", "2"), ("2", "1"), ("2", "3"), ("3", "4"), ("4", "6"),
    ("4", "5"), ("6", "7"), ("6", "8"), ("5", "B"),
)
# fmt: on
ROOM_MAPS: dict[str, tuple[tuple[str, str], ...]] = {
    "text": CORRIDORS,
    "loop": (*CORRIDORS, ("8", "5")),
    "no way out": tuple(pair for pair in CORRIDORS if pair != ("5", "B")),
}
"""The text's maze; the same with a corridor 8-5 that makes a loop; without 5-B (the rooms demo's maps)."""

ROOMS_PSEUDOCODE = (
    "function CheckRoom(room)",
    "    " + i18n.N_("if room was visited, return"),
    "    " + i18n.N_("mark room visited"),
    "    " + i18n.N_("for each room next joined to room:"),
    "        " + i18n.N_("if next == B: maze solved!"),
    "        else CheckRoom(next)",
    "    " + i18n.N_("(none left: dead end, go back)"),
    "end function",
)
LINE_ROOMS_CALL, LINE_ROOMS_SKIP, LINE_ROOMS_MARK, LINE_ROOMS_TRY, LINE_ROOMS_SEES_B = 1, 2, 3, 4, 5
LINE_ROOMS_DEAD_END, LINE_ROOMS_END = 7, 8
"""CheckRoom's pseudocode lines, 1-based."""


def room_corridors(
    corridors: Sequence[tuple[str, str]] = CORRIDORS,
) -> dict[str, list[str]]:
    """Each room's neighbours, in the order the room tries them."""
    links: dict[str, list[str]] = {}
    for a, b in corridors:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    return links


def check_room(
    corridors: Sequence[tuple[str, str]] = CORRIDORS, start: str = "A", goal: str = "B"
) -> Generator[Any, None, tuple[str, ...] | None]:
    """Yield the events of the text's CheckRoom walk from `start` to `goal`.

    Node ids are room indexes in the order rooms are first named.  Returns
    the path of rooms, or None if the goal cannot be reached.
    """
    links = room_corridors(corridors)
    if start not in links:
        raise MazeError(i18n._("room {room} has no corridor").format(room=start))
    ids = {room: number for number, room in enumerate(links)}
    visited = {start}
    path, tries = [start], [iter(links[start])]
    yield Push(ids[start], -1, start, LINE_ROOMS_CALL)
    yield Visit(start, LINE_ROOMS_MARK)
    while path:
        room = path[-1]
        for nxt in tries[-1]:
            yield Note((room, nxt), LINE_ROOMS_TRY)
            if nxt == goal:
                answer = (*path, nxt)
                yield Visit(nxt, LINE_ROOMS_SEES_B)
                yield Solution(1, answer, LINE_ROOMS_SEES_B)
                while path:
                    yield Pop(ids[path.pop()], None, False, LINE_ROOMS_END)
                return answer
            if nxt in visited:
                yield Note(nxt, LINE_ROOMS_SKIP)
                continue
            visited.add(nxt)
            yield Push(ids[nxt], ids[room], nxt, LINE_ROOMS_CALL)
            yield Visit(nxt, LINE_ROOMS_MARK)
            path.append(nxt)
            tries.append(iter(links[nxt]))
            break
        else:
            yield DeadEnd(room, LINE_ROOMS_DEAD_END)
            yield Pop(ids[path.pop()], None, True, LINE_ROOMS_DEAD_END)
            tries.pop()
    yield Note("unreachable", LINE_ROOMS_END)
    return None


def narrate_room(
    event: Any, path: Sequence[str], links: dict[str, list[str]], detail: bool = False
) -> str | None:
    """One sentence for a CheckRoom event, given the rooms on the path before it.

    With `detail`, corridors skipped because they lead to a visited room are
    told too (the text's narration leaves them out).
    """
    kind = type(event)
    if kind is Push:
        if not path:
            return i18n._("The player starts in room {room}.").format(room=event.what)
        return i18n._("He moves from room {origin} to room {room}.").format(origin=path[-1], room=event.what)
    if kind is Note and event.line == 2 and detail:
        return i18n._("(The corridor to room {room} leads to a visited room: skip it.)").format(
            room=event.what
        )
    if kind is DeadEnd:
        if len(links.get(event.where, ())) <= 1:
            return i18n._("Dead end in room {room}.").format(room=event.where)
        return i18n._("Room {room}: no corridor left to try.").format(room=event.where)
    if kind is Pop and event.backtrack:
        if len(path) >= 2:
            return i18n._("He goes back to room {room}.").format(room=path[-2])
        return i18n._("He is back at the start with nothing left to try: no way out.")
    if kind is Solution:
        return i18n._("He sees room {room}, moves to it, and solves the maze.").format(room=event.answer[-1])
    return None


def rooms_walk(
    corridors: Sequence[tuple[str, str]] = CORRIDORS, start: str = "A", goal: str = "B"
) -> tuple[list[str], list[str], tuple[str, ...] | None]:
    """The rooms in the order visited, the narration and the path found."""
    links = room_corridors(corridors)
    path: list[str] = []
    visits: list[str] = []
    story: list[str] = []
    events = check_room(corridors, start, goal)
    while True:
        try:
            event = next(events)
        except StopIteration as stop:
            return visits, story, stop.value
        sentence = narrate_room(event, path, links)
        if sentence:
            story.append(sentence)
        if type(event) is Visit:
            visits.append(event.where)
        elif type(event) is Push:
            path.append(event.what)
        elif type(event) is Pop:
            path.pop()
