"""A maze's texture: how many dead ends, how branched, how long its corridors and its solution.

Measured on any perfect maze of any shape (see the figures Jamis Buck
publishes in *Mazes for Programmers*: on square grids the recursive
backtracker leaves about 10 % dead ends, Prim and Kruskal about 30 %).

    dead_ends        share of cells with one passage
    branching        share of cells with three passages or more (junctions)
    solution_share   cells on the path from start to goal, as a share of all cells
    corridor         mean corridor length in passages: a corridor runs between two
                     cells that are not plain corridor cells (passages != 2); in a
                     tree that is (cells - 1) / (such cells - 1)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field

from solvers.mazes.generators import generate
from solvers.mazes.graph import CellGraph, Passage
from solvers.mazes.walk import corridors, find_path

PUBLISHED_DEAD_ENDS = {
    "backtracker": 0.10,
    "hunt-and-kill": 0.10,
    "aldous-broder": 0.29,
    "wilson": 0.29,
    "kruskal": 0.30,
    "prim": 0.36,
}
"""Dead-end shares on square grids as Jamis Buck tabulates them (*Mazes for Programmers*, ch. 10)."""
FIGURES = ("dead_ends", "branching", "solution_share", "corridor")
"""The texture's figures, in the order charts and tables show them."""


@dataclass(frozen=True)
class Texture:
    """The four figures of one maze, or their means over many."""

    dead_ends: float
    branching: float
    solution_share: float
    corridor: float

    def as_dict(self) -> dict[str, float]:
        """JSON-ready, rounded to 4 places."""
        return {key: round(value, 4) for key, value in asdict(self).items()}


def texture(graph: CellGraph, passages: Sequence[Passage]) -> Texture:
    """The texture of one perfect maze on `graph`."""
    degree = [0] * graph.size
    for a, b in passages:
        degree[a] += 1
        degree[b] += 1
    n = graph.size
    dead = sum(1 for d in degree if d == 1)
    junctions = sum(1 for d in degree if d >= 3)
    ends = dead + junctions
    path = find_path(corridors(graph, passages), graph.start, graph.goal)
    return Texture(
        dead / n,
        junctions / n,
        len(path or ()) / n,
        len(passages) / max(1, ends - 1),
    )


def mean_texture(
    graph: CellGraph, algorithm: str, samples: int, seed: int = 0, measured: Callable[[], None] | None = None
) -> Texture:
    """The mean texture of `samples` mazes of one algorithm, seeds seed, seed + 1, ...

    `measured()` is called after each maze (a progress line).
    """
    found = []
    for k in range(samples):
        found.append(texture(graph, generate(graph, algorithm, seed + k)))
        if measured is not None:
            measured()
    return mean_of(found)


def mean_of(found: Sequence[Texture]) -> Texture:
    """The figure-by-figure mean of several textures (at least one)."""
    return Texture(*(statistics.fmean(getattr(t, name) for t in found) for name in FIGURES))


@dataclass
class TextureSampler:
    """Texture figures of several generators, measured a few mazes at a time (seeds seed, seed + 1, ...).

    `step(count)` measures `count` more mazes, one generator after another,
    so a caller spreads the work over frames and never waits for all of it.
    """

    graph: CellGraph
    algorithms: Sequence[str]
    samples: int
    seed: int = 0
    found: dict[str, list[Texture]] = field(default_factory=dict)
    _next: int = 0

    @property
    def done(self) -> bool:
        """True once every generator has all its samples."""
        return self._next >= self.samples * len(self.algorithms)

    def step(self, count: int) -> int:
        """Measure up to `count` more mazes; how many were measured."""
        measured = 0
        while measured < count and not self.done:
            round_, which = divmod(self._next, len(self.algorithms))
            name = self.algorithms[which]
            maze = generate(self.graph, name, (self.seed + round_) % 2**32)
            self.found.setdefault(name, []).append(texture(self.graph, maze))
            self._next += 1
            measured += 1
        return measured

    def mean(self, name: str) -> Texture | None:
        """A generator's mean texture so far (None before its first maze)."""
        found = self.found.get(name)
        return mean_of(found) if found else None
