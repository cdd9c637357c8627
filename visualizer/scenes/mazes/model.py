"""The shapes demo's runs on the one maze model, and two runs side by side (no pygame).

`shape_model` makes the one model every maze runs on (`cells.CellModel`)
for a run on a `CellGraph`: any of the eight generators (or the shared-state
bug) carving, or the backtracking solver searching a finished maze, its walls
a passage set (`cells.PassageWalls`).  The painter redraws the cells each
event touched (`dirty`), and walls only where they changed (`walled`: a cell
that only changed colour, such as the ~15,000 cells a solution lights at
once, costs it no wall work).  `PairModel` is two of them fed by `Sided`
events from `lockstep`, for the bug beside the correct run and for two
generators side by side.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from solvers.events import event_type
from solvers.mazes.graph import CellGraph, Passage
from visualizer.scenes.mazes.cells import CellFrame, CellModel, PassageWalls

CARVE, SOLVE, BUG, COMPARE, WALK = "carve", "solve", "bug", "compare", "walk"
"""What the stage shows: one carving, a search, the bug beside the correct run, two generators, the game."""
TEXTURE = "texture"
"""The stage shows the texture chart: every generator measured over many mazes."""

LEFT, RIGHT = 0, 1


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
