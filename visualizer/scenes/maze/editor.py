"""Drawing a maze by hand: the sketch, its edits, and drags that become one edit (no pygame).

The `Sketch` is the user's maze: its walls and the S and G markers.  Every
change to it is an edit in one `EditHistory`: a wall built or knocked down
(`SetWall`, the edit of every maze shape: `mazes/drawing.py`), a marker moved
(`MoveMarker`), or the whole grid replaced (`ReplaceSketch`: W, E, D, a new
size, a file opened) which keeps the old grid so undo restores it exactly.  A
drag is applied as it goes and recorded as one edit when the button comes up
(the shapes' `Stroke`).  Positions arrive as grid cells and grid corners
("posts"): the screen geometry stays with the canvas; the gestures (tracing
along grid lines, knocking down across cells, dragging S and G) are the square's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from solvers import maze as mz
from solvers.i18n import _
from visualizer.history import Edit, EditGroup, EditHistory
from visualizer.scenes.mazes.drawing import Stroke

Cell = tuple[int, int]
Post = tuple[int, int]  # a grid corner: (row line, column line)
START, GOAL = "start", "goal"


class Sketch:
    """The user's maze: walls, start and goal; it notes the cells its edits touch (for repainting)."""

    def __init__(self, maze: mz.Maze) -> None:
        self.maze = maze
        self.start: Cell = maze.start
        self.goal: Cell = maze.goal_cell
        self.touched: list[Cell] = []
        self.replaced = 0  # counts whole-grid replacements: the shown maze must follow

    def set_wall(self, a: Cell, b: Cell, wall: bool) -> bool:
        """Build or knock down one wall; True if it changed."""
        changed = self.maze.set_wall(a, b, wall)
        if changed:
            self.touched += (a, b)
        return changed

    def state(self) -> tuple[mz.Maze, Cell, Cell]:
        """A copy of the whole sketch (what a replacement keeps)."""
        return self.maze.copy(), self.start, self.goal

    def restore(self, state: tuple[mz.Maze, Cell, Cell]) -> None:
        """Put a kept state back (a copy, so the kept one stays as it was)."""
        maze, self.start, self.goal = state
        self.maze = maze.copy()
        self.replaced += 1

    def saved_maze(self) -> mz.Maze:
        """The maze with its markers, as a file holds it."""
        maze = self.maze.copy()
        maze.start, maze.goal = self.start, self.goal
        return maze

    @property
    def pristine(self) -> bool:
        """True for a full grid with the markers in their corners (nothing drawn)."""
        full = mz.Maze.full(self.maze.width, self.maze.height)
        return self.saved_maze() == full


@dataclass(frozen=True, slots=True)
class MoveMarker:
    """S or G moved from one cell to another."""

    which: str  # START or GOAL
    old: Cell
    new: Cell

    @property
    def words(self) -> str:
        """What it did."""
        return _("move S") if self.which == START else _("move G")

    def apply(self, target: Sketch) -> None:
        """Move the marker to its new cell."""
        setattr(target, self.which, self.new)

    def revert(self, target: Sketch) -> None:
        """Move it back."""
        setattr(target, self.which, self.old)


@dataclass(frozen=True, slots=True)
class ReplaceSketch:
    """The whole grid and markers replaced; the old ones are kept for undo.

    `drawn` is False for a replacement that is not drawing (a new size):
    it alone does not make the sketch worth saving.
    """

    old: tuple[mz.Maze, Cell, Cell]
    new: tuple[mz.Maze, Cell, Cell]
    words: str
    drawn: bool = True

    def apply(self, target: Sketch) -> None:
        """Put the new grid in."""
        target.restore(self.new)

    def revert(self, target: Sketch) -> None:
        """Put the old grid back."""
        target.restore(self.old)


def changes_walls(edit: Edit[Sketch]) -> bool:
    """True when an edit changes walls or the grid (not only where S and G are)."""
    if isinstance(edit, EditGroup):
        return any(changes_walls(part) for part in edit.edits)
    return not isinstance(edit, MoveMarker)


def is_drawing(edit: Edit[Sketch]) -> bool:
    """True when an edit is the user's drawing (worth saving), not only a new size."""
    if isinstance(edit, EditGroup):
        return any(is_drawing(part) for part in edit.edits)
    return getattr(edit, "drawn", True)


def same_walls(a: mz.Maze, b: mz.Maze) -> bool:
    """True when two mazes have the same size and walls (markers aside)."""
    return a.right.shape == b.right.shape and bool(
        (a.right == b.right).all() and (a.bottom == b.bottom).all()
    )


def lattice_steps(a: tuple[int, int], b: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """Points from a to b, one unit step at a time along the longer axis first."""
    r, c = a
    while (r, c) != b:
        dr, dc = b[0] - r, b[1] - c
        if abs(dc) >= abs(dr):
            c += 1 if dc > 0 else -1
        else:
            r += 1 if dr > 0 else -1
        yield r, c


def segment_cells(a: Post, b: Post, width: int, height: int) -> tuple[Cell, Cell] | None:
    """The two cells a wall segment between neighbouring posts separates.

    None when the segment lies on the border, leaves the grid, or is not one
    unit long (a drag can jump, and the grid can change size under it).
    """
    (r1, c1), (r2, c2) = sorted((a, b))
    if (r2, c2) == (r1, c1 + 1):  # along a row line: the wall under cell (r1 - 1, c1)
        return ((r1 - 1, c1), (r1, c1)) if 0 < r1 < height and 0 <= c1 < width else None
    if (r2, c2) == (r1 + 1, c1):  # along a column line: the wall right of cell (r1, c1 - 1)
        return ((r1, c1 - 1), (r1, c1)) if 0 < c1 < width and 0 <= r1 < height else None
    return None


@dataclass
class Drag:
    """A drag under way: what it does, where it was last, the edits made so far."""

    kind: str  # "draw" | "erase" | START | GOAL
    last: tuple[int, int]  # a post for "draw", else a cell
    first: tuple[int, int]
    stroke: Stroke = field(default_factory=Stroke)


class Editor:
    """The sketch under one edit history, and the drag being made."""

    def __init__(self, sketch: Sketch) -> None:
        self.sketch = sketch
        self.history: EditHistory[Sketch] = EditHistory(sketch)
        self.drag: Drag | None = None

    def begin(self, kind: str, where: tuple[int, int]) -> None:
        """Start a drag at a post (drawing) or a cell (erasing, a marker)."""
        self.drag = Drag(kind, where, where)

    def move(self, where: tuple[int, int]) -> None:
        """Carry the drag on to a post or cell, one grid step at a time."""
        drag, maze = self.drag, self.sketch.maze
        if drag is None:
            return
        if drag.kind in (START, GOAL):
            if maze.contains(where):  # a drag from a grid of another size is ignored
                setattr(self.sketch, drag.kind, where)
                drag.last = where
            return
        for point in lattice_steps(drag.last, where):
            if drag.kind == "draw":
                cells = segment_cells(drag.last, point, maze.width, maze.height)
            else:
                cells = (drag.last, point)
            drag.last = point
            if cells is not None:
                self._set(drag, *cells, drag.kind == "draw")

    def _set(self, drag: Drag, a: Cell, b: Cell, wall: bool) -> None:
        """One wall of a stroke, applied now and kept for the stroke's edit."""
        if self.sketch.maze.contains(a) and self.sketch.maze.contains(b):
            drag.stroke.set_wall(self.sketch, a, b, wall)

    def release(self) -> Edit[Sketch] | None:
        """End the drag: record what it changed as one edit (None if nothing changed)."""
        drag, self.drag = self.drag, None
        if drag is None:
            return None
        edit: Edit[Sketch] | None = drag.stroke.edit()
        if drag.kind in (START, GOAL):
            edit = MoveMarker(drag.kind, drag.first, drag.last) if drag.last != drag.first else None
        if edit is None:
            return None
        self.history.record(edit)
        return edit

    def replace(self, maze: mz.Maze, start: Cell, goal: Cell, words: str, drawn: bool = True) -> bool:
        """Replace the whole sketch as one edit; False (and no edit) when nothing would change."""
        new = (maze.copy(), start, goal)
        old = self.sketch.state()
        if same_walls(new[0], old[0]) and new[1:] == old[1:]:
            return False
        self.history.do(ReplaceSketch(old, new, words, drawn))
        return True

    @property
    def unsaved(self) -> bool:
        """True when the sketch holds drawing not saved since (dirty, and not only a new size)."""
        return self.history.dirty and any(is_drawing(edit) for edit in self.history.done)
