"""Drawing on a maze of any shape: walls built and knocked down by hand, under one edit history (no pygame).

The edits are the same for every maze, the square demo's sketch included
(`maze/editor.py`): one wall between two neighbouring cells built or knocked
down is a `SetWall` on any target that can `set_wall`, and a `Stroke` turns
the walls one press-drag-release set into one `EditGroup`, named for what it
did ("draw walls", "knock down walls").  Only the gestures differ, as the
pictures do: the square traces walls along grid lines, here a click toggles
the wall nearest the pointer and a drag gives every wall it crosses the
state the first crossing chose.

The maze on show in solve mode is a `Drawing`: the generator's passages, then
whatever the user changed; a `Pen` is its gesture.  Positions arrive as cells
and sides: the screen stays with the painter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from solvers.i18n import N_, _
from solvers.mazes.graph import CellGraph, Passage
from visualizer.history import EditGroup, EditHistory


class WallTarget(Protocol):
    """What a wall edit changes: the square's sketch or a drawing on any shape."""

    def set_wall(self, a: Any, b: Any, wall: bool) -> bool:
        """Build (True) or knock down the wall between neighbours a and b; True if it changed."""
        ...


@dataclass(frozen=True, slots=True)
class SetWall:
    """The wall between two neighbouring cells built (wall=True) or knocked down."""

    a: Any
    b: Any
    wall: bool

    @property
    def words(self) -> str:
        """What it did."""
        return _("draw a wall") if self.wall else _("knock down a wall")

    def apply(self, target: WallTarget) -> None:
        """Set the wall."""
        target.set_wall(self.a, self.b, self.wall)

    def revert(self, target: WallTarget) -> None:
        """Put the wall back as it was."""
        target.set_wall(self.a, self.b, not self.wall)


STROKE_WORDS = {True: N_("draw walls"), False: N_("knock down walls")}
"""A stroke of several walls, by what it did to them."""


@dataclass
class Stroke:
    """The walls one press-drag-release sets, applied as it goes and recorded as one edit."""

    edits: list[SetWall] = field(default_factory=list)

    def set_wall(self, target: WallTarget, a: Any, b: Any, wall: bool) -> None:
        """Set one wall now; if it changed, it joins the stroke."""
        if target.set_wall(a, b, wall):
            self.edits.append(SetWall(a, b, wall))

    def edit(self) -> EditGroup[Any] | None:
        """The stroke as one edit (None if it changed nothing): a wall's own words, or the stroke's."""
        if not self.edits:
            return None
        words = self.edits[0].words if len(self.edits) == 1 else _(STROKE_WORDS[self.edits[0].wall])
        return EditGroup(tuple(self.edits), words)


def ordered(a: int, b: int) -> Passage:
    """A passage with the smaller id first."""
    return (a, b) if a < b else (b, a)


class Drawing:
    """The passages of the maze being drawn on, and the changes not yet shown."""

    def __init__(self, graph: CellGraph, passages: list[Passage]) -> None:
        self.graph = graph
        self.opened = {ordered(a, b) for a, b in passages}
        self.changes: list[tuple[int, int, bool]] = []

    def is_open(self, a: int, b: int) -> bool:
        """True where a passage joins a and b."""
        return ordered(a, b) in self.opened

    def set_wall(self, a: int, b: int, wall: bool) -> bool:
        """Build or knock down the wall between two neighbours (noted in `changes`); True if it changed."""
        if self.is_open(a, b) != wall:
            return False
        if wall:
            self.opened.discard(ordered(a, b))
        else:
            self.opened.add(ordered(a, b))
        self.changes.append((a, b, not wall))
        return True

    def take_changes(self) -> list[tuple[int, int, bool]]:
        """The changes since the last call, emptying the list."""
        found, self.changes = self.changes, []
        return found


class Pen:
    """One press-drag-release on a drawing, applied as it goes and recorded as one edit."""

    def __init__(self) -> None:
        self.history: EditHistory[Drawing] | None = None
        self.cell: int | None = None
        self.state: bool | None = None  # the stroke's walls: built (True) or knocked down
        self.stroke = Stroke()

    @property
    def down(self) -> bool:
        """True between a press and its release."""
        return self.cell is not None

    def press(self, history: EditHistory[Drawing], cell: int) -> None:
        """The button goes down over a cell of the drawing `history` edits."""
        self.history, self.cell, self.state, self.stroke = history, cell, None, Stroke()

    def move(self, cell: int | None) -> None:
        """The pointer is over `cell`: the wall between it and the last cell takes the stroke's state."""
        last = self.cell
        if self.history is None or last is None or cell is None or cell == last:
            return
        drawing = self.history.target
        if cell in drawing.graph.adjacency[last]:
            if self.state is None:
                self.state = drawing.is_open(last, cell)
            self.stroke.set_wall(drawing, last, cell, self.state)
        self.cell = cell

    def release(self, side: Passage | None) -> bool:
        """The button comes up; a click (no wall crossed) toggles `side`.  True if anything changed."""
        if self.history is None:
            return False
        drawing = self.history.target
        if not self.stroke.edits and side is not None:
            a, b = side
            self.stroke.set_wall(drawing, a, b, drawing.is_open(a, b))
        self.cell = None
        edit, self.stroke = self.stroke.edit(), Stroke()
        if edit is None:
            return False
        self.history.record(edit)
        return True
