"""What every maze model keeps alike: the stack and its deepest depth, the path, the keyframes (no pygame).

The square demo's `maze.model.MazeModel` and the shapes' `mazes.model.ShapeModel`
are two storages of one run: the square keeps its walls and cell layers as
H x W grids its canvas paints in whole-array operations (up to 1000 x 1000),
a shape keeps passages and per-cell counts on a cell graph.  What they share
is written here once: pushing a cell (the deepest depth remembered for
revert), taking the push back, and the keyframes, which follow the model's
`FRAME_PLAN` (`frames`) along the run's one ledger.  `search_result` says a
finished search in the same words on every shape.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, ClassVar

from solvers.i18n import format_number, ngettext
from visualizer.keyframes import Ledger
from visualizer.scenes.mazes import frames


class MazeRun:
    """The stack, its deepest depth, the path and the keyframes of a maze model (a subclass keeps cells)."""

    FRAME_PLAN: ClassVar[frames.Plan]
    """What a keyframe keeps of the model, by attribute name."""

    def __init__(self) -> None:
        self.stack: list[Any] = []
        self.max_depth = 0  # deepest stack so far
        self.depth_maxima: MutableSequence[int] = []  # max_depth before each push, for revert
        self.path: tuple[Any, ...] | None = None
        self.ledger = Ledger()  # the run's history, shared by its keyframes

    def _push(self, cell: Any) -> None:
        """Put a cell on the stack, keeping the deepest depth (the subclass marks the cell)."""
        self.stack.append(cell)
        self.depth_maxima.append(self.max_depth)
        self.max_depth = max(self.max_depth, len(self.stack))

    def _unpush(self) -> Any:
        """Take back the last push; the cell it pushed (the subclass unmarks it)."""
        self.max_depth = self.depth_maxima.pop()
        return self.stack.pop()

    def keyframe(self) -> frames.MazeFrame:
        """The state for the player's keyframes, as the model's plan says (`frames`)."""
        return frames.capture(self, self.FRAME_PLAN, self.ledger)

    def restore(self, frame: frames.MazeFrame) -> None:
        """Become the keyframe's state; every cell is repainted."""
        frames.restore(self, self.FRAME_PLAN, frame)
        self.ledger = frame.ledger  # the same run's history: a model made by a replay shares it
        self.repaint_all()

    def repaint_all(self) -> None:
        """Note that every cell may have changed (the painter's hint, not the state)."""
        raise NotImplementedError


def search_result(
    path_length: int, explored: int, dead_ends: int, unreachable: bool
) -> tuple[str, str] | None:
    """A finished search in words and its tone ('done'; 'dead': the goal is out of reach); None under way."""
    if path_length:
        return ngettext(
            "solved: a path of {length} cell (explored: {explored}, dead ends: {dead})",
            "solved: a path of {length} cells (explored: {explored}, dead ends: {dead})",
            path_length,
        ).format(
            length=format_number(path_length), explored=format_number(explored), dead=format_number(dead_ends)
        ), "done"
    if unreachable:
        return ngettext(
            "the goal cannot be reached: {count} cell is reachable from the start (shaded blue)",
            "the goal cannot be reached: {count} cells are reachable from the start (shaded blue)",
            explored,
        ).format(count=format_number(explored)), "dead"
    return None
