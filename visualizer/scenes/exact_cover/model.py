"""Algorithm X's run as plain data, shared by the four exact-cover demos (no pygame).

The model keeps its own copy of the dancing-links matrix and covers and
uncovers it as the events say, so the live column sizes are always at hand
(the views read them); since `Matrix.uncover` exactly reverses `cover`, the
model reverts exactly too.  Each demo's model subclasses `CoverModel` with
what its board needs.  The shared words for events (`plural`, `cover_words`)
live here too.
"""

from __future__ import annotations

from typing import Any

from solvers import dlx
from solvers.events import Choose, Cover, DeadEnd, Event, Pop, Push, Solution, Uncover
from solvers.i18n import _


class CoverModel:
    """Algorithm X's state: the matrix's links, the rows tried, the columns being decided."""

    def __init__(self, matrix: dlx.Matrix) -> None:
        self.matrix = matrix
        self.initial_sizes = [matrix.size(col) for col in range(matrix.n_columns)]
        self.cover_count = [0] * matrix.n_columns  # > 0 while a column is covered
        self.others = [len(row) - 1 for row in matrix.rows]  # per row, for Knuth's updates
        self.stack: list[int] = []  # rows tried and not withdrawn, one per level
        self.deciding: list[int] = []  # the column chosen at each level still open
        self.solutions: list[tuple[int, ...]] = []
        self.nodes = 0  # Knuth's search-tree nodes: one per Choose or Solution
        self.updates = 0  # Knuth's updates: nodes unlinked by covers
        self.dead_ends = 0
        self.covered: list[int] = []  # columns covered, in order: what a keyframe restores the links from

    def apply(self, event: Event) -> None:
        """Move one event forward."""
        if type(event) is Cover:
            self.updates += self._cover_cost(event.column)
            self.matrix.cover(event.column)
            self.cover_count[event.column] += 1
            self.covered.append(event.column)
        elif type(event) is Uncover:
            self.matrix.uncover(event.column)
            self.cover_count[event.column] -= 1
            self.covered.pop()
            if event.line == dlx.LINE_UNCOVER_COLUMN:
                self.deciding.pop()
        elif type(event) is Push:
            self.stack.append(event.what)
        elif type(event) is Pop:
            self.stack.pop()
        elif type(event) is Choose:
            self.deciding.append(event.column)
            self.nodes += 1
        elif type(event) is Solution:
            self.solutions.append(event.answer)
            self.nodes += 1
        elif type(event) is DeadEnd:
            self.dead_ends += 1

    def revert(self, event: Event) -> None:
        """Undo exactly what `apply(event)` did."""
        if type(event) is Cover:
            self.matrix.uncover(event.column)
            self.cover_count[event.column] -= 1
            self.covered.pop()
            self.updates -= self._cover_cost(event.column)
        elif type(event) is Uncover:
            # A covered column keeps its own list, so its size is still the
            # one it had when chosen: nothing else needs remembering.
            self.matrix.cover(event.column)
            self.cover_count[event.column] += 1
            self.covered.append(event.column)
            if event.line == dlx.LINE_UNCOVER_COLUMN:
                self.deciding.append(event.column)
        elif type(event) is Push:
            self.stack.pop()
        elif type(event) is Pop:
            self.stack.append(event.value)
        elif type(event) is Choose:
            self.deciding.pop()
            self.nodes -= 1
        elif type(event) is Solution:
            self.solutions.pop()
            self.nodes -= 1
        elif type(event) is DeadEnd:
            self.dead_ends -= 1

    def _cover_cost(self, column: int) -> int:
        """Nodes that covering `column` unlinks, as Knuth counts them.

        A column's own list is the same just before and just after its cover,
        so apply and revert compute the same number.
        """
        others = self.others
        return 1 + sum(others[row] for row in self.matrix.column_rows(column))

    # --- reading ---------------------------------------------------------------

    def size(self, column: int) -> int:
        """The live count of 1s in `column`."""
        return self.matrix.size(column)

    def covered_columns(self) -> set[int]:
        """Every covered column (0-based), primary or secondary."""
        return {col for col, count in enumerate(self.cover_count) if count}

    @property
    def choosing(self) -> int | None:
        """The column being decided at the deepest open level, if any."""
        return self.deciding[-1] if self.deciding else None

    @property
    def trying(self) -> int | None:
        """The row being tried for that column (None between Choose and Push)."""
        if self.deciding and len(self.stack) == len(self.deciding):
            return self.stack[-1]
        return None

    def candidates(self, column: int) -> list[int]:
        """Rows still in `column`'s list, in the order Algorithm X tries them."""
        return self.matrix.column_rows(column)

    def keyframe(self) -> tuple[object, ...]:
        """The state for a keyframe: the lists and counts, and the columns covered in order.

        The links need no copy: uncovering every covered column newest first
        and covering the frame's columns in order rebuilds them exactly,
        stale pointers included (dancing links are exactly LIFO).
        """
        lists = (self.stack[:], self.deciding[:], self.solutions[:], self.cover_count[:], self.covered[:])
        return (*lists, self.nodes, self.updates, self.dead_ends)

    def restore(self, frame: tuple[Any, ...]) -> None:
        """Become the state `frame` holds (see `keyframe`)."""
        stack, deciding, solutions, cover_count, covered, self.nodes, self.updates, self.dead_ends = frame
        for column in reversed(self.covered):
            self.matrix.uncover(column)
        for column in covered:
            self.matrix.cover(column)
        self.stack[:], self.deciding[:], self.solutions[:] = stack, deciding, solutions
        self.cover_count[:], self.covered[:] = cover_count, covered

    def snapshot(self) -> tuple:
        """The whole state as one comparable value."""
        return (
            tuple(self.stack),
            tuple(self.deciding),
            tuple(self.solutions),
            self.nodes,
            self.updates,
            self.dead_ends,
            tuple(self.cover_count),
            self.matrix.snapshot(),
        )


# --- words -------------------------------------------------------------------------


def plural(count: int, noun: str) -> str:
    """'1 way', '3 ways'."""
    return f"{count} {noun}{'s' if count != 1 else ''}"


def cover_words(event: Cover | Uncover, name: str) -> str:
    """'cover X' / 'uncover X' for a Cover or Uncover event of column X.

    The chosen column's own cover and uncover stand flush; those of a tried
    row's other columns are indented under it, as in the pseudocode.
    """
    covering = type(event) is Cover
    own_line = dlx.LINE_COVER_COLUMN if covering else dlx.LINE_UNCOVER_COLUMN
    indent = "" if event.line == own_line else "  "
    words = _("cover {column}") if covering else _("uncover {column}")
    return indent + words.format(column=name)
