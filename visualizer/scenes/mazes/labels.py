"""Cells as people read them, fast on any shape: the narration's and the stack card's names for cells.

`solvers.mazes.graph.CellGraph.label` walks a round maze's rings one by one
(300 rings: about 0.2 ms a label, and the log labels a hundred events a
frame); `Labels` finds the ring by bisection and otherwise says the same.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from solvers.i18n import N_, _
from solvers.mazes.geometry import per_graph
from solvers.mazes.graph import CellGraph

SHAPE_NAMES = {
    "square": N_("square"),
    "hex": N_("hexagonal"),
    "triangle": N_("triangular"),
    "polar": N_("round"),
    "3d": N_("3-D"),
    "torus": N_("wrap-around"),
}
"""Each shape's name on screen (the CLI's `--shape` words stay as they are)."""
GENERATOR_NAMES = {
    "backtracker": N_("backtracker"),
    "prim": N_("Prim"),
    "kruskal": N_("Kruskal"),
    "wilson": N_("Wilson"),
    "aldous-broder": N_("Aldous-Broder"),
    "hunt-and-kill": N_("hunt-and-kill"),
    "eller": N_("Eller"),
    "growing-tree": N_("growing tree"),
}
"""Each generator's short name on buttons and counters (`--algorithm` words stay as they are)."""


def shape_name(shape: str) -> str:
    """A shape as people read it, in the current language."""
    return _(SHAPE_NAMES.get(shape, shape))


def generator_name(name: str) -> str:
    """A generator's short name, in the current language."""
    return _(GENERATOR_NAMES[name]) if name in GENERATOR_NAMES else name


class Labels:
    """A graph's cell names: what `gen.narrate` reads (`gen.Labelled`)."""

    def __init__(self, graph: CellGraph) -> None:
        # The graph's sizes, not the graph: the cache below lets a labeller go with its graph.
        self.shape, self.width, self.height = graph.shape, graph.width, graph.height
        self.firsts = list(accumulate(graph.ring_sizes, initial=0))

    def label(self, cell: int) -> str:
        """'(2,3)', 'floor 1 (2,3)' or 'ring 2 #5'."""
        if self.shape == "polar":
            ring = bisect_right(self.firsts, cell) - 1
            return _("ring {ring} #{number}").format(ring=ring, number=cell - self.firsts[ring])
        level, rest = divmod(cell, self.width * self.height)
        row, col = divmod(rest, self.width)
        if self.shape == "3d":
            return _("floor {floor} ({row},{col})").format(floor=level + 1, row=row, col=col)
        return f"({row},{col})"


@per_graph
def labels(graph: CellGraph) -> Labels:
    """The graph's labeller (built once per graph, kept while the graph lives: an lru_cache of four kept the
    last four graphs alive after the demo was left)."""
    return Labels(graph)
