"""One maze run as its events leave it, on flat cell ids, for every shape the square included (no pygame).

`CellModel` follows a carving (the square's backtracker, a drawing's rest
carved, any of the shapes' eight generators, the shared-state bug) or the
one search (`solvers.mazes.walk.search`) on any cell graph.  Cells are the
solvers' flat ids; each per-cell layer is a bytearray, so an event writes a
byte in C and the square's canvas reads a layer as an H x W grid with no copy
(`grid`).  The walls live where each shape keeps them best, behind one small
interface (`Walls`: open or close the wall between two cells): the square's
`Maze.right/bottom` arrays (a passage set would be 178 MB at 1000 x 1000),
a passage set on the other graphs.

Render hints, read by both painters and not part of the state: `dirty` lists
the cells an event touched (-1, no cell, may be among them), `walled` those
of them whose walls changed, and `repaint` says every cell may have changed
(a keyframe restored, the goal found out of reach, a path longer than the
painter likes lit, or more touched cells than a full paint costs).

Keyframes follow `frames`: the layers as bits, the stack copied, the lists
that only grow at their end (the current cell before each event, which cells
each event brought in, the deepest stack before each push, and the passages
of a passage set) kept once in the run's ledger.  A carving's frame holds no
search layers and a search's no carving layers: each keeps what can change.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import numpy as np

from solvers import maze as mz
from solvers.events import Carve, DeadEnd, Note, Pop, Push, Solution, Visit
from solvers.mazes import carving
from solvers.mazes.generators import Leap, Walk
from solvers.mazes.graph import Passage
from visualizer.keyframes import Ledger
from visualizer.scenes.mazes import frames

DIRTY_CAP = 200_000
"""Past this many touched cells a full repaint is cheaper than the list (and the list stops growing)."""

CARVING_LAYERS = ("inside", "on_stack")
SEARCH_LAYERS = ("seen", "dead", "on_path", "on_stack")
GROWING = ("trail", "entered", "depth_maxima")
VALUES = ("path", "current", "max_depth", "walked", "frontier_cells", "unreachable")
COUNTERS = ("carved", "visits", "dead_ends")


CellFrame = tuple[frames.MazeFrame, frames.MazeFrame]
"""A model's keyframe: its own state, then its walls'."""


def passage(a: int, b: int) -> Passage:
    """A passage with the smaller id first."""
    return (a, b) if a < b else (b, a)


class Walls(Protocol):
    """Where a run keeps its walls: open or close the one between two neighbouring cells."""

    PLAN: frames.Plan
    """What of the walls a keyframe keeps (`frames`)."""

    def open(self, a: int, b: int) -> None:
        """Knock down the wall between neighbours a and b (a carving event)."""

    def close(self, a: int, b: int) -> None:
        """Build the wall between a and b again (the event taken back: last opened, first closed)."""

    def set(self, a: int, b: int, opened: bool) -> None:
        """A wall drawn or knocked down by hand (not an event)."""

    def restore(self, frame: frames.MazeFrame) -> None:
        """Become the walls the keyframe kept."""

    def snapshot(self) -> object:
        """The walls as one comparable value."""


class GridWalls:
    """The square's walls: the maze's own `right` and `bottom` H x W arrays (1 = wall), seen flat."""

    PLAN = frames.Plan(bits=("right", "bottom"))

    def __init__(self, maze: mz.Maze) -> None:
        self.maze = maze
        maze.right = np.ascontiguousarray(maze.right)  # the same walls, laid out so a flat view exists
        maze.bottom = np.ascontiguousarray(maze.bottom)
        self.right = maze.right.reshape(-1)  # views: writes go to the maze
        self.bottom = maze.bottom.reshape(-1)

    def open(self, a: int, b: int) -> None:
        """Knock down the wall a | b (as `Maze.set_wall`, without its checks)."""
        if a > b:
            a, b = b, a
        if b == a + 1 and b % self.maze.width:
            self.right[a] = 0
        else:
            self.bottom[a] = 0

    def close(self, a: int, b: int) -> None:
        """Build the wall a | b again."""
        self.set(a, b, False)

    def set(self, a: int, b: int, opened: bool) -> None:
        """The wall a | b open or standing."""
        if a > b:
            a, b = b, a
        layer = self.right if b == a + 1 and b % self.maze.width else self.bottom
        layer[a] = 0 if opened else 1

    def restore(self, frame: frames.MazeFrame) -> None:
        """Write the kept walls into the maze's arrays."""
        frames.restore(self, self.PLAN, frame)

    def snapshot(self) -> object:
        """Both wall arrays' bytes."""
        return (self.right.tobytes(), self.bottom.tobytes())


class PassageWalls:
    """A passage set on any graph: `opened` answers 'is a | b open?', `carves` lists the carving's order.

    Passages are opened and closed strictly last in, first out, so the ones
    carved are a prefix of the run's longest carving, kept once in the ledger
    (a set of 272,000 passages took 15-60 ms to copy).
    """

    PLAN = frames.Plan(growing=("carves",))

    def __init__(self, passages: Iterable[Passage] = ()) -> None:
        self.opened: set[Passage] = {passage(a, b) for a, b in passages}
        self.carves: list[Passage] = []  # the passages events carved, in order

    def open(self, a: int, b: int) -> None:
        """Carve the passage a | b."""
        carved = (a, b) if a < b else (b, a)  # `passage`, inline: called for every Carve
        self.carves.append(carved)
        self.opened.add(carved)

    def close(self, a: int, b: int) -> None:
        """Take the last carve back."""
        self.opened.discard(self.carves.pop())

    def set(self, a: int, b: int, opened: bool) -> None:
        """A passage drawn open or walled up by hand."""
        if opened:
            self.opened.add(passage(a, b))
        else:
            self.opened.discard(passage(a, b))

    def restore(self, frame: frames.MazeFrame) -> None:
        """Carve or close along the ledger to the kept length."""
        carves, opened = self.carves, self.opened
        kept = frame.lengths[0]
        opened.difference_update(carves[kept:])
        before = len(carves)
        frames.restore(self, self.PLAN, frame)
        opened.update(carves[before:])

    def snapshot(self) -> object:
        """The open passages, sorted."""
        return tuple(sorted(self.opened))

    def carve_all(self, passages: Iterable[Passage]) -> None:
        """Every passage of a finished carving open (End's picture)."""
        self.carves = [passage(a, b) for a, b in passages]
        self.opened = set(self.carves)


class CellModel:
    """One maze run on flat cell ids: walls, cells in the maze, the stack, Prim's frontier, the search.

    `pushes`: a carving's Carve also pushes the cell it opens (backtracker,
    growing tree, the bug; not a join of parts).  `frontier`: the graph's
    neighbour lists, to count Prim's frontier.  `solving`: a search, every
    cell in the maze from the start.  `inside`: a carving's cells already in
    (the square's drawing, whose rest is carved).  `path_repaint`: a path
    longer than this asks for a full repaint rather than its cells (the
    square's canvas paints a whole grid at once; the shapes' painter lights
    ~15,000 path cells faster one by one).
    """

    def __init__(
        self,
        size: int,
        walls: Walls,
        *,
        solving: bool = False,
        pushes: bool = False,
        frontier: Sequence[Sequence[int]] | None = None,
        inside: bytes | None = None,
        path_repaint: int | None = None,
    ) -> None:
        self.size = size
        self.walls = walls
        self.solving = solving
        self.pushes = pushes
        self.adjacency = frontier
        self.path_repaint = path_repaint
        if solving:
            self.inside = bytearray(b"\x01") * size  # every cell is in: the search's cells are `seen`
        else:
            self.inside = bytearray(size) if inside is None else bytearray(inside)
        self.marks = self.seen = bytearray(size)  # the solver reached it
        if not solving:
            self.marks = self.inside  # what a Visit marks
        self.beside_maze: bytearray | None = bytearray(size) if frontier is not None else None
        self.frontier_cells = 0  # cells out of the maze beside it (Prim's frontier)
        self.dead = bytearray(size)  # the solver left it as a dead end
        self.on_path = bytearray(size)  # on the solution's path
        self.on_stack = bytearray(size)  # counts, so a painter need not search the stack
        self.stack = array("i")
        self.max_depth = 0  # deepest stack so far
        self.depth_maxima = array("i")  # max_depth before each push, for revert
        self.path: tuple[int, ...] | None = None
        self.current = -1
        self.trail = array("i")  # the current cell before each event, for revert
        self.entered = bytearray()  # per Visit and Carve: which of its cells came in (bit 0 first, 1 second)
        self.walked = 0  # random-walk steps so far (Aldous-Broder, Wilson's coarse level)
        self.unreachable = False  # the search ended without reaching the goal
        self.carved = 0  # walls knocked down by events
        self.visits = 0  # cells the events brought in (carving) or reached (search)
        self.dead_ends = 0
        self.dirty: list[int] = []
        self.walled: list[int] = []  # the cells of `dirty` whose walls changed
        self.repaint = True  # every cell may have changed: paint them all
        self.ledger = Ledger()  # the run's history, shared by its keyframes
        self.open_wall = walls.open  # bound once: called for every Carve
        layers = SEARCH_LAYERS if solving else CARVING_LAYERS
        self.frame_plan = frames.Plan(
            bits=layers,
            copies=("stack", "beside_maze"),
            growing=GROWING,
            values=VALUES + COUNTERS,
        )

    # --- counts the panels show -------------------------------------------------------

    @property
    def cells_in(self) -> int:
        """Cells in the maze so far."""
        return len(self.inside) - self.inside.count(0)

    @property
    def cells_reached(self) -> int:
        """Cells the solver has reached so far (a count in C)."""
        return len(self.seen) - self.seen.count(0)

    @property
    def opened(self) -> set[Passage]:
        """The passages open (a passage-set run: the shapes)."""
        walls = self.walls
        assert isinstance(walls, PassageWalls), "a square run keeps its walls in the maze's arrays"
        return walls.opened

    def grid(self, layer: bytearray, width: int) -> np.ndarray:
        """A layer as a rows x width numpy grid over the same bytes (no copy)."""
        return np.frombuffer(layer, np.uint8).reshape(-1, width)

    # --- events ------------------------------------------------------------------------

    def apply(self, event: Any) -> None:
        """Move one event forward (Carve and Pop written out: a million of each at 1000 x 1000)."""
        current = self.current
        self.trail.append(current)
        kind = type(event)
        if kind is Carve:
            a, b, line = event  # unpacked in C: faster than three attribute reads
            self.open_wall(a, b)
            self.carved += 1
            marks = self.marks
            if marks[a] and not marks[b]:  # most carvings' step: a cell joins the maze beside it
                marks[b] = 1
                self.entered.append(2)
                self.visits += 1
                if self.beside_maze is not None:
                    self._frontier(b, 1)
            else:
                self._enter(a, b)
            if self.pushes and line != carving.LINE_CARVE_JOIN:
                stack = self.stack
                stack.append(b)
                self.depth_maxima.append(self.max_depth)
                if len(stack) > self.max_depth:
                    self.max_depth = len(stack)
                self.on_stack[b] += 1
            self.dirty += (current, a, b) if current != a else (a, b)
            self.walled += (a, b)
            self.current = b
        elif kind is Pop:
            cell, index, _, _ = event
            stack = self.stack
            last = stack.pop()
            if index is not None and not self.solving and index < len(stack):
                stack[index] = last  # the growing tree's list: the last cell fills the gap
            self.on_stack[cell] -= 1
            top = stack[-1] if stack else -1
            dirty = self.dirty
            dirty += (cell, last, current, top) if top != current else (cell, last)
            self.current = top
            if len(dirty) > DIRTY_CAP:
                self.repaint_all()
        elif kind is Push:
            self._push(event.node)
            self._move(event.node)
        elif kind is Visit:
            self._enter(event.where, -1)
            self._move(event.where)
        elif kind is Walk:
            self.walked += 1
            self._move(event.cell)
        elif kind is Leap:
            self.walked += event.steps
            self._move(event.cell)
        elif kind is DeadEnd:
            self.dead[event.where] = 1
            self.dead_ends += 1
            self.dirty.append(event.where)
        elif kind is Solution:
            self.path = tuple(event.answer)
            self._light_path(1)
        elif kind is Note and event.what == "unreachable":
            self.unreachable = self.repaint = True  # every cell reached turns to the reachable tone

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        kind = type(event)
        if kind is Carve:
            a, b = event.cell, event.other
            if self.pushes and event.line != carving.LINE_CARVE_JOIN:
                self._unpush()
            self._leave(a, b)
            self.carved -= 1
            self.walls.close(a, b)
            self.walled += (a, b)
        elif kind is Pop:
            self._unpop(event.node, None if self.solving else event.value)
        elif kind is Push:
            self._unpush()
        elif kind is Visit:
            self._leave(event.where, -1)
        elif kind is Walk:
            self.walked -= 1
        elif kind is Leap:
            self.walked -= event.steps
        elif kind is DeadEnd:
            self.dead[event.where] = 0
            self.dead_ends -= 1
            self.dirty.append(event.where)
        elif kind is Solution:
            self._light_path(0)
            self.path = None
        elif kind is Note and event.what == "unreachable":
            self.unreachable, self.repaint = False, True
        self._move(self.trail.pop())

    def _enter(self, a: int, b: int) -> None:
        """Mark cells a and b (b -1: none) in (a search: reached), noting which were new for revert."""
        marks, dirty = self.marks, self.dirty
        came = 0
        if not marks[a]:
            marks[a] = 1
            came = 1
            if self.beside_maze is not None:
                self._frontier(a, 1)
        dirty.append(a)
        if b >= 0:
            if not marks[b]:
                marks[b] = 1
                came |= 2
                if self.beside_maze is not None:
                    self._frontier(b, 1)
            dirty.append(b)
        self.entered.append(came)
        self.visits += (came & 1) + (came >> 1)

    def _leave(self, a: int, b: int) -> None:
        """Take back what `_enter(a, b)` marked."""
        came = self.entered.pop()
        marks = self.marks
        for cell, bit in ((a, 1), (b, 2)):
            if came & bit:
                marks[cell] = 0
                self.visits -= 1
                if self.beside_maze is not None:
                    self._frontier(cell, -1)
        self.dirty.append(a)
        if b >= 0:
            self.dirty.append(b)

    def _frontier(self, cell: int, sign: int) -> None:
        """A cell came in (1) or went out (-1): its neighbours gain or lose a neighbour in the maze."""
        beside, inside = self.beside_maze, self.inside
        assert beside is not None and self.adjacency is not None
        around = self.adjacency[cell]
        if beside[cell]:
            self.frontier_cells -= sign  # it leaves the frontier for the maze (or goes back to it)
        for other in around:
            beside[other] += sign
            if not inside[other] and beside[other] == (sign > 0):  # it just joined (left) the frontier
                self.frontier_cells += sign
        self.dirty += around

    def _push(self, cell: int) -> None:
        """Put a cell on the stack, keeping the deepest depth."""
        stack = self.stack
        stack.append(cell)
        self.depth_maxima.append(self.max_depth)
        if len(stack) > self.max_depth:
            self.max_depth = len(stack)
        self.on_stack[cell] += 1
        self.dirty.append(cell)

    def _unpush(self) -> None:
        """Take back the last push."""
        self.max_depth = self.depth_maxima.pop()
        cell = self.stack.pop()
        self.on_stack[cell] -= 1
        self.dirty.append(cell)

    def _unpop(self, cell: int, index: int | None) -> None:
        """Put a removed cell back where it was."""
        stack = self.stack
        if index is None or index >= len(stack):
            stack.append(cell)
        else:
            stack.append(stack[index])
            stack[index] = cell
        self.on_stack[cell] += 1
        self.dirty.append(cell)

    def _move(self, cell: int) -> None:
        """The current cell becomes `cell`."""
        if cell != self.current:
            self.dirty += (self.current, cell)
            self.current = cell

    def _light_path(self, on: int) -> None:
        """Mark (1) or unmark (0) the path's cells: a colour change only, no wall changes."""
        path = self.path or ()
        on_path = self.on_path
        for cell in path:
            on_path[cell] = on
        if self.path_repaint is not None and len(path) > self.path_repaint:
            self.repaint_all()
        else:
            self.dirty += path

    # --- not events ----------------------------------------------------------------------

    def set_wall(self, a: int, b: int, opened: bool) -> None:
        """A wall drawn by hand (not an event: the run starts again when the stroke ends)."""
        self.walls.set(a, b, opened)
        self.dirty += (a, b)
        self.walled += (a, b)

    def carved_whole(self, passages: Sequence[Passage]) -> None:
        """Become the carving as its last event leaves it: every passage open, every cell in, none waiting.

        End's picture of a finished carve on a passage set (scenes/mazes/finale.py), from the
        passages its plain path returns; a fresh carving model only.
        """
        walls = self.walls
        assert isinstance(walls, PassageWalls)
        walls.carve_all(passages)
        self.carved = len(passages)
        self.inside[:] = b"\x01" * self.size
        self.frontier_cells, self.current = 0, -1
        self.repaint_all()

    def take_dirty(self) -> list[int] | None:
        """The cells touched since the last call, emptying the list; None: repaint every cell."""
        found, self.dirty = self.dirty, []
        if self.repaint:
            self.repaint = False
            return None
        return found

    def take_walled(self) -> list[int]:
        """The cells whose walls changed since the last call, emptying the list (take it with `dirty`)."""
        found, self.walled = self.walled, []
        return found

    def repaint_all(self) -> None:
        """Every cell is repainted (after a keyframe is restored)."""
        self.dirty, self.walled, self.repaint = [], [], True

    # --- keyframes -----------------------------------------------------------------------

    def keyframe(self) -> CellFrame:
        """The state for the player's keyframes (`frames`): the model's, then its walls'."""
        return (
            frames.capture(self, self.frame_plan, self.ledger),
            frames.capture(self.walls, self.walls.PLAN, self.ledger),
        )

    def restore(self, frame: CellFrame) -> None:
        """Become the keyframe's state; every cell is repainted."""
        own, walls = frame
        frames.restore(self, self.frame_plan, own)
        self.walls.restore(walls)
        self.ledger = own.ledger  # the same run's history: a model made by a replay shares it
        self.repaint_all()

    def snapshot(self) -> tuple[object, ...]:
        """Everything a revert must restore, as one comparable value (render hints left out)."""
        return (
            self.walls.snapshot(),
            bytes(self.inside),
            bytes(self.beside_maze or b""),
            bytes(self.seen),
            bytes(self.dead),
            bytes(self.on_path),
            bytes(self.on_stack),
            tuple(self.stack),
            *(getattr(self, name) for name in VALUES + COUNTERS),
        )
