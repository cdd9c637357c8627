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
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from solvers.mazes.generators import generate
from solvers.mazes.graph import CellGraph, Passage
from solvers.mazes.walk import corridors, find_path


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


def mean_texture(graph: CellGraph, algorithm: str, samples: int, seed: int = 0) -> Texture:
    """The mean texture of `samples` mazes of one algorithm, seeds seed, seed + 1, ..."""
    found = [texture(graph, generate(graph, algorithm, seed + k)) for k in range(samples)]
    return Texture(
        statistics.fmean(t.dead_ends for t in found),
        statistics.fmean(t.branching for t in found),
        statistics.fmean(t.solution_share for t in found),
        statistics.fmean(t.corridor for t in found),
    )
