"""Mazes on any shape as the events leave them, and two runs side by side (no pygame).

`ShapeModel` follows one run on a `CellGraph`: any of the eight generators
(or the shared-state bug) carving, or the backtracking solver searching a
finished maze.  It keeps plain data only (passages, cells in the maze, the
stack, Prim's frontier, dead ends, the path) and lists the cells each event touched in
`dirty`, so the painter redraws just those, and among them the cells whose
walls changed in `walled` (only carving and drawing change walls: a cell
that only changed colour, such as the ~15,000 cells a solution lights at
once, costs the painter no wall work).  After a keyframe is restored
`take_dirty` says None: repaint everything.

Its keyframes are the square maze's (`frames`, one scheme for both): every
per-cell array copied but not the passages, nor the current cell before each
event: a set of up to 272,000 passages took 15-60 ms to copy (and as long to
inspect) in the frame that ends a run.  Passages are opened and closed
strictly last in, first out, so the ones carved are a prefix of the run's
longest carving, kept once in a `keyframes.Ledger` that all the run's frames
share; a frame holds only how many.  `PairModel` is two of them fed
by `Sided` events from `lockstep`, for the bug beside the correct run and
for two generators side by side.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from solvers.events import Carve, DeadEnd, Note, Pop, Push, Solution, Visit, event_type
from solvers.mazes.generators import Leap, Walk
from solvers.mazes.graph import CellGraph, Passage
from visualizer.scenes.mazes import frames
from visualizer.scenes.mazes.cells import CellFrame, CellModel, PassageWalls
from visualizer.scenes.mazes.run import MazeRun

CARVE, SOLVE, BUG, COMPARE, WALK = "carve", "solve", "bug", "compare", "walk"
"""What the stage shows: one carving, a search, the bug beside the correct run, two generators, the game."""
TEXTURE = "texture"
"""The stage shows the texture chart: every generator measured over many mazes."""

LEFT, RIGHT = 0, 1


def passage(a: int, b: int) -> Passage:
    """A passage with the smaller id first."""
    return (a, b) if a < b else (b, a)


def shape_model(
    graph: CellGraph,
    *,
    pushes: bool = False,
    frontier: bool = False,
    passages: Iterable[Passage] | None = None,
) -> CellModel:
    """A run on a cell graph: a carving (Carves pushing, Prim's frontier kept), or a search of `passages`."""
    if passages is not None:
        return CellModel(graph.size, PassageWalls(passages), solving=True)
    return CellModel(
        graph.size, PassageWalls(), pushes=pushes, frontier=graph.adjacency if frontier else None
    )


class ShapeModel(MazeRun):
    """One run on a cell graph: passages, cells in the maze, the stack, dead ends, the path.

    The stack, its deepest depth and the keyframes are every maze model's (`run.MazeRun`).
    """

    FRAME_PLAN = frames.Plan(
        copies=("inside", "beside_maze", "seen", "dead", "on_path", "stack", "on_stack"),
        growing=("carves", "trail", "depth_maxima"),
        values=("path", "current", "max_depth", "walked", "frontier_cells", "unreachable"),
    )
    """What a keyframe keeps (`frames`): the counts per cell copied, the lists that grow along the run's
    ledger (the passages carved, the current cell before each event, the deepest stack before each push)."""

    def __init__(
        self,
        graph: CellGraph,
        *,
        pushes: bool = False,
        frontier: bool = False,
        passages: Iterable[Passage] = (),
    ) -> None:
        super().__init__()
        self.graph = graph
        self.pushes = pushes  # a Carve pushes its cell (backtracker, growing tree, the bug)
        self.opened: set[Passage] = {passage(a, b) for a, b in passages}
        self.carves: list[Passage] = []  # the passages events carved, in order (a prefix of the ledger's)
        self.solving = bool(self.opened)
        n = graph.size
        self.inside = bytearray([1] * n if self.solving else n)  # counts: > 0 is in the maze
        # Prim's frontier: per cell, how many neighbours are in the maze (a cell out with one is on it)
        self.beside_maze: bytearray | None = bytearray(n) if frontier else None
        self.frontier_cells = 0  # cells out of the maze beside it (Prim's frontier)
        self.seen = bytearray(n)  # the solver reached it
        self.dead = bytearray(n)  # the solver left it as a dead end
        self.on_path = bytearray(n)  # on the solution's path (the painter reads it as one array)
        self.on_stack = bytearray(n)  # counts, so a painter need not search the stack
        self.current = -1
        self.trail = array("i")  # the current cell before each event, for revert
        self.walked = 0  # random-walk steps so far (Aldous-Broder, Wilson's coarse level)
        self.unreachable = False  # the search ended without reaching the goal
        self.depth_maxima = array("i")  # 4 bytes a push, not a list's 8 and an int
        self.dirty: list[int] = []
        self.walled: list[int] = []  # the cells of `dirty` whose walls changed
        self.repaint = False  # a keyframe was restored: every cell may have changed

    @property
    def carved(self) -> int:
        """Passages opened so far."""
        return len(self.opened)

    @property
    def cells_in(self) -> int:
        """Cells in the maze so far."""
        return len(self.inside) - self.inside.count(0)

    @property
    def cells_reached(self) -> int:
        """Cells the solver has reached so far (a count in C: `sum` took 2 ms a frame on 300 rings)."""
        return len(self.seen) - self.seen.count(0)

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        self.trail.append(self.current)
        kind = type(event)
        if kind is Carve:
            self._carve(event.cell, event.other, 1)
            if self.pushes:
                self._mark_pushed(event.other)
            self._move(event.other)
        elif kind is Push:
            self._mark(event.node, 1)
            self._mark_pushed(event.node)
            self._move(event.node)
        elif kind is Pop:
            self._pop(event.node, event.value if not self.solving else None)
            self._move(self.stack[-1] if self.stack else -1)
        elif kind is Visit:
            self._count_in(event.where, 1)
            self._move(event.where)
        elif kind is Walk:
            self.walked += 1
            self._move(event.cell)
        elif kind is Leap:
            self.walked += event.steps
            self._move(event.cell)
        elif kind is DeadEnd:
            self.dead[event.where] += 1
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
            if self.pushes:
                self._unmark_pushed()
            self._carve(event.cell, event.other, -1)
        elif kind is Push:
            self._unmark_pushed()
            self._mark(event.node, -1)
        elif kind is Pop:
            self._unpop(event.node, event.value if not self.solving else None)
        elif kind is Visit:
            self._count_in(event.where, -1)
        elif kind is Walk:
            self.walked -= 1
        elif kind is Leap:
            self.walked -= event.steps
        elif kind is DeadEnd:
            self.dead[event.where] -= 1
            self.dirty.append(event.where)
        elif kind is Solution:
            self._light_path(0)
            self.path = None
        elif kind is Note and event.what == "unreachable":
            self.unreachable, self.repaint = False, True
        self._move(self.trail.pop())

    def _light_path(self, on: int) -> None:
        """Mark (1) or unmark (0) the path's cells: a colour change only, no wall changes."""
        on_path = self.on_path
        for cell in self.path or ():
            on_path[cell] = on
        self.dirty += self.path or ()

    def _carve(self, a: int, b: int, sign: int) -> None:
        """Open (sign 1) or close (-1) the wall a | b."""
        if sign > 0:
            self.carves.append(passage(a, b))
            self.opened.add(self.carves[-1])
        else:
            self.opened.discard(self.carves.pop())
        self._count_in(a, sign)
        self._count_in(b, sign)
        self.dirty += (a, b)
        self.walled += (a, b)

    def _mark(self, cell: int, sign: int) -> None:
        """A push marks the cell: in the maze (a carving that pushes) or reached (the solver)."""
        if self.solving:
            self.seen[cell] += sign
        elif self.pushes:
            self._count_in(cell, sign)

    def _count_in(self, cell: int, sign: int) -> None:
        """Count a cell in once more (1) or less (-1); as it comes in or goes out, so does its frontier."""
        inside = self.inside
        was_in = inside[cell] > 0
        inside[cell] += sign
        beside = self.beside_maze
        if beside is None or was_in == (inside[cell] > 0):
            return
        around = self.graph.adjacency[cell]
        if beside[cell]:
            self.frontier_cells -= sign  # it leaves the frontier for the maze (or goes back to it)
        for other in around:
            beside[other] += sign
            if not inside[other] and beside[other] == (sign > 0):  # it just joined (left) the frontier
                self.frontier_cells += sign
        self.dirty += around

    def _mark_pushed(self, cell: int) -> None:
        """Push a cell (`MazeRun._push`) and count it on the stack."""
        self._push(cell)
        self.on_stack[cell] += 1
        self.dirty.append(cell)

    def _unmark_pushed(self) -> None:
        """Take back the last push and its count."""
        cell = self._unpush()
        self.on_stack[cell] -= 1
        self.dirty.append(cell)

    def _pop(self, cell: int, index: int | None) -> None:
        """Remove a cell: from the top, or (growing tree) from `index`, the last cell filling the gap."""
        last = self.stack.pop()
        if index is not None and index < len(self.stack):
            self.stack[index] = last
        self.on_stack[cell] -= 1
        self.dirty += (cell, last)

    def _unpop(self, cell: int, index: int | None) -> None:
        """Put a removed cell back where it was."""
        if index is None or index >= len(self.stack):
            self.stack.append(cell)
        else:
            self.stack.append(self.stack[index])
            self.stack[index] = cell
        self.on_stack[cell] += 1
        self.dirty.append(cell)

    def _move(self, cell: int) -> None:
        """The current cell becomes `cell`."""
        if cell != self.current:
            self.dirty += (self.current, cell)
            self.current = cell

    def carved_whole(self, passages: Iterable[Passage]) -> None:
        """Become the carving as its last event leaves it: every passage open, every cell in, none waiting.

        End's picture of a finished carve (scenes/mazes/finale.py), from the passages its plain path
        returns; a fresh carving model only (counts are 1 where the run's may be more: the painter reads
        in or out).
        """
        self.carves = [passage(a, b) for a, b in passages]
        self.opened = set(self.carves)
        self.inside = bytearray([1]) * self.graph.size
        self.frontier_cells, self.current = 0, -1
        self.repaint_all()

    def set_passage(self, a: int, b: int, opened: bool) -> None:
        """A wall drawn by hand (not an event: the run starts again when the stroke ends)."""
        if opened:
            self.opened.add(passage(a, b))
        else:
            self.opened.discard(passage(a, b))
        self.dirty += (a, b)
        self.walled += (a, b)

    def take_dirty(self) -> list[int] | None:
        """The cells touched since the last call, emptying the list (-1, no cell, may be in it).

        None after a keyframe was restored: every cell may have changed.
        """
        found, self.dirty = self.dirty, []
        if self.repaint:
            self.repaint = False
            return None
        return found

    def take_walled(self) -> list[int]:
        """The cells whose walls changed since the last call, emptying the list (take it with `dirty`)."""
        found, self.walled = self.walled, []
        return found

    def restore(self, frame: frames.MazeFrame) -> None:
        """Become the keyframe's state (the passages walk along the ledger); every cell is repainted."""
        carves, opened = self.carves, self.opened
        kept = frame.lengths[self.FRAME_PLAN.growing.index("carves")]
        opened.difference_update(carves[kept:])
        before = len(carves)
        super().restore(frame)
        opened.update(carves[before:])

    def repaint_all(self) -> None:
        """Every cell is repainted (after a keyframe is restored)."""
        self.dirty, self.walled, self.repaint = [], [], True

    def snapshot(self) -> tuple[object, ...]:
        """Everything a revert must restore, as one comparable value."""
        return (
            tuple(sorted(self.opened)),
            bytes(self.inside),
            bytes(self.beside_maze or b""),
            self.frontier_cells,
            bytes(self.seen),
            bytes(self.dead),
            tuple(self.stack),
            bytes(self.on_stack),
            self.path,
            self.current,
            self.max_depth,
            self.walked,
            self.unreachable,
        )


@event_type
class Sided(NamedTuple):
    """An event of one of two runs shown side by side (side 0 left, 1 right)."""

    side: int
    event: Any
    line: int = 0


def lockstep(left: Iterator[Any], right: Iterator[Any]) -> Iterator[Sided]:
    """Both runs' events, one from each in turn; the longer one goes on alone."""
    runs = [(LEFT, left), (RIGHT, right)]
    while runs:
        for entry in list(runs):
            side, events = entry
            event = next(events, None)
            if event is None:
                runs.remove(entry)
            else:
                yield Sided(side, event, getattr(event, "line", 0))


class PairModel:
    """Two runs side by side, fed by `Sided` events."""

    def __init__(self, left: CellModel, right: CellModel) -> None:
        self.sides = (left, right)

    def apply(self, event: Sided) -> None:
        """Pass the wrapped event to its side."""
        self.sides[event.side].apply(event.event)

    def revert(self, event: Sided) -> None:
        """Take the wrapped event back from its side."""
        self.sides[event.side].revert(event.event)

    def keyframe(self) -> tuple[CellFrame, CellFrame]:
        """Both sides' keyframes."""
        return self.sides[LEFT].keyframe(), self.sides[RIGHT].keyframe()

    def restore(self, frame: tuple[CellFrame, CellFrame]) -> None:
        """Both sides back to their keyframes."""
        for side, saved in zip(self.sides, frame, strict=True):
            side.restore(saved)

    def snapshot(self) -> tuple[object, ...]:
        """Both sides as one value."""
        return (self.sides[LEFT].snapshot(), self.sides[RIGHT].snapshot())
