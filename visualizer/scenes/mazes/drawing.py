"""Drawing on a maze of any shape: walls opened and closed by hand, under one edit history (no pygame).

The maze on show in solve mode is a `Drawing`: the generator's passages, then
whatever the user changed.  Each change is a `SetPassage` edit; a `Pen`
turns a press, the cells the pointer crosses and the release into one
`EditGroup`: a click toggles the wall nearest the pointer, a drag gives
every wall it crosses the state the first crossing chose (open or closed).
Positions arrive as cells and sides: the screen stays with the painter.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.i18n import _
from solvers.mazes.graph import CellGraph, Passage
from visualizer.history import Edit, EditGroup, EditHistory


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

    def set_open(self, a: int, b: int, opened: bool) -> None:
        """Open or close the wall between two neighbours (noted in `changes`)."""
        if opened:
            self.opened.add(ordered(a, b))
        else:
            self.opened.discard(ordered(a, b))
        self.changes.append((a, b, opened))

    def take_changes(self) -> list[tuple[int, int, bool]]:
        """The changes since the last call, emptying the list."""
        found, self.changes = self.changes, []
        return found


@dataclass(frozen=True)
class SetPassage:
    """Open (or close) the wall between two neighbouring cells."""

    a: int
    b: int
    opened: bool

    @property
    def words(self) -> str:
        """What the edit did."""
        return _("knocked down a wall") if self.opened else _("built a wall")

    def apply(self, target: Drawing) -> None:
        """Make the change."""
        target.set_open(self.a, self.b, self.opened)

    def revert(self, target: Drawing) -> None:
        """Put the wall back as it was."""
        target.set_open(self.a, self.b, not self.opened)


class Pen:
    """One press-drag-release on a drawing, applied as it goes and recorded as one edit."""

    def __init__(self) -> None:
        self.history: EditHistory[Drawing] | None = None
        self.cell: int | None = None
        self.state: bool | None = None
        self.edits: list[Edit[Drawing]] = []

    @property
    def down(self) -> bool:
        """True between a press and its release."""
        return self.cell is not None

    def press(self, history: EditHistory[Drawing], cell: int) -> None:
        """The button goes down over a cell of the drawing `history` edits."""
        self.history, self.cell, self.state, self.edits = history, cell, None, []

    def move(self, cell: int | None) -> None:
        """The pointer is over `cell`: the wall between it and the last cell takes the stroke's state."""
        last = self.cell
        if self.history is None or last is None or cell is None or cell == last:
            return
        drawing = self.history.target
        if cell in drawing.graph.adjacency[last]:
            if self.state is None:
                self.state = not drawing.is_open(last, cell)
            if drawing.is_open(last, cell) != self.state:
                self._do(SetPassage(last, cell, self.state))
        self.cell = cell

    def release(self, side: Passage | None) -> bool:
        """The button comes up; a click (no wall crossed) toggles `side`.  True if anything changed."""
        if self.history is None:
            return False
        drawing = self.history.target
        if not self.edits and side is not None:
            a, b = side
            self._do(SetPassage(a, b, not drawing.is_open(a, b)))
        self.cell = None
        if not self.edits:
            return False
        words = self.edits[0].words if len(self.edits) == 1 else _("drew over several walls")
        self.history.record(EditGroup(tuple(self.edits), words))
        self.edits = []
        return True

    def _do(self, edit: SetPassage) -> None:
        """Apply one edit now; it joins the stroke."""
        assert self.history is not None
        edit.apply(self.history.target)
        self.edits.append(edit)
