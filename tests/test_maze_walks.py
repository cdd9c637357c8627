"""Aldous-Broder and Wilson at both levels of detail: perfect, uniform, and their coarse events exact.

The coarse level walks a lazy random walk made by numpy on square and torus
graphs (`solvers.mazes.walks`); these tests check that it is still a random
walk on the grid, that its trees are uniform spanning trees (a chi-square
test over the 192 spanning trees of the 3 x 3 grid), and that the scene
model steps back over its events exactly.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import numpy as np
import pytest
from test_maze_shapes import SHAPE_SIZES, assert_perfect, shape_graph

from solvers.events import Carve, Visit
from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes import walks
from visualizer.scenes.mazes.model import shape_model

WALKERS: dict[str, Callable[..., gen.Events]] = {"wilson": gen.wilson, "aldous-broder": gen.aldous_broder}
Tree = frozenset[tuple[int, int]]


def spanning_trees(graph: g.CellGraph) -> set[Tree]:
    """Every spanning tree of a small graph, by trying every set of cells - 1 edges."""
    return {
        frozenset(edges)
        for edges in itertools.combinations(graph.edges(), graph.size - 1)
        if g.perfect_problem(graph, list(edges)) is None
    }


def tree_of(events: gen.Events) -> Tree:
    """The passages a run carves, smaller id first."""
    return frozenset((min(e.cell, e.other), max(e.cell, e.other)) for e in events if type(e) is Carve)


def chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with chance 0.001 (z = 3.09), by the Wilson-Hilferty approximation."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def chi_square(counts: dict[Tree, int], trees: set[Tree], runs: int) -> float:
    """Pearson's statistic of the counts against every tree equally likely."""
    expected = runs / len(trees)
    return sum((counts.get(tree, 0) - expected) ** 2 / expected for tree in trees)


def counts_of(make: Callable[[int], gen.Events], runs: int) -> dict[Tree, int]:
    """How often each tree comes out of `runs` runs, seeds 0..runs-1 (fixed: the test cannot flake)."""
    counts: dict[Tree, int] = {}
    for seed in range(runs):
        tree = tree_of(make(seed))
        counts[tree] = counts.get(tree, 0) + 1
    return counts


GRID = g.square(3, 3)
RUNS = 192 * 25


def test_the_3_by_3_grid_has_192_spanning_trees() -> None:
    """The published count (Kirchhoff's matrix-tree theorem for the 3 x 3 grid graph)."""
    assert len(spanning_trees(GRID)) == 192


@pytest.mark.parametrize(
    ("name", "hybrid"),
    [("aldous-broder", None), ("wilson", 0), ("wilson", 3)],
    ids=["aldous-broder numpy", "wilson numpy from the start", "wilson python then numpy"],
)
def test_the_coarse_walks_give_every_spanning_tree_equally_often(
    name: str, hybrid: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """4,800 coarse runs on the 3 x 3 grid hit all 192 trees; chi-square below its 0.1 % point.

    Wilson's walks switch to numpy after HYBRID_STEPS moves, which on a grid
    this small they hardly ever make: it is lowered so the numpy chunks and
    the last-exit erasure (and the switch mid-walk) are what is tested.
    """
    if hybrid is not None:
        monkeypatch.setattr(walks, "HYBRID_STEPS", hybrid)
        monkeypatch.setattr(walks, "FIRST_CHUNK", 64)  # walks here are short: small chunks save time
    trees = spanning_trees(GRID)
    counts = counts_of(lambda seed: WALKERS[name](GRID, seed, steps=False), RUNS)
    assert set(counts) == trees
    assert chi_square(counts, trees, RUNS) < chi_square_limit(len(trees) - 1)


def test_the_uniformity_test_fails_a_generator_that_is_not_uniform() -> None:
    """The same test on the backtracker (long corridors favoured) is far over the limit: it can fail."""
    trees = spanning_trees(GRID)
    counts = counts_of(lambda seed: gen.backtracker(GRID, seed), RUNS)
    assert chi_square(counts, trees, RUNS) > 3 * chi_square_limit(len(trees) - 1)


@pytest.mark.parametrize("shape", g.SHAPES)
@pytest.mark.parametrize("name", list(WALKERS))
@pytest.mark.parametrize("steps", [True, False], ids=["per step", "coarse"])
def test_both_levels_give_perfect_mazes_on_every_shape(shape: str, name: str, steps: bool) -> None:
    graph = shape_graph(shape, *SHAPE_SIZES[shape])
    mazes = set()
    for seed in range(30):
        passages = [(e.cell, e.other) for e in WALKERS[name](graph, seed, steps=steps) if type(e) is Carve]
        assert_perfect(graph, passages)
        mazes.add(frozenset(map(frozenset, passages)))
    assert len(mazes) > 20


def test_the_level_follows_the_size_unless_forced() -> None:
    """Up to STEP_LIMIT cells a walk step is an event (Walk); above, only Leaps and Carves."""
    small, large = g.square(20, 20), g.square(201, 200)
    assert large.size > gen.STEP_LIMIT >= small.size
    assert gen.Walk in {type(e) for e in gen.aldous_broder(small, 1)}
    assert {type(e) for e in gen.aldous_broder(large, 1)} == {Visit, gen.Leap, Carve}
    assert {type(e) for e in gen.wilson(large, 1)} == {Visit, gen.Leap, Carve}
    assert {type(e) for e in gen.wilson(small, 1, steps=False)} == {Visit, gen.Leap, Carve}


@pytest.mark.parametrize("grid", [g.square(14, 9), g.torus(8, 7), g.hexagonal(9, 7)], ids=lambda x: x.shape)
@pytest.mark.parametrize("name", list(WALKERS))
def test_coarse_events_tell_the_walk(grid: g.CellGraph, name: str) -> None:
    """Each Carve joins a new cell beside the maze; a Leap moves at least one step and keeps what it erased.

    Aldous-Broder carves from where its walk stands; Wilson carves each
    walk's path from the maze back to where the walk began, the Leap's `frm`.
    """
    events = list(WALKERS[name](grid, 4, steps=False))
    inside, current, start = {events[0].where}, events[0].where, -1
    for event in events[1:]:
        if type(event) is gen.Leap:
            assert event.steps >= 1 and 0 <= event.erased < event.steps
            if name == "aldous-broder":
                assert event.frm == current and event.erased == 0
            current, start = event.cell, event.frm
            continue
        assert event.cell in inside and event.other not in inside
        assert event.other in grid.adjacency[event.cell]
        assert name == "wilson" or event.cell == current
        inside.add(event.other)
        current = event.other
    assert len(inside) == grid.size
    assert name == "aldous-broder" or current == start


@pytest.mark.parametrize("name", list(WALKERS))
def test_the_scene_model_steps_back_over_coarse_events_exactly(name: str) -> None:
    """Apply every coarse event, then revert each newest first: every earlier snapshot comes back."""
    graph = g.square(12, 10)
    model = shape_model(graph)
    events = list(WALKERS[name](graph, 7, steps=False))
    snapshots = []
    for event in events:
        snapshots.append(model.snapshot())
        model.apply(event)
    assert model.cells_in == graph.size and model.walked == sum(
        e.steps for e in events if type(e) is gen.Leap
    )
    for event, before in zip(reversed(events), reversed(snapshots), strict=True):
        model.revert(event)
        assert model.snapshot() == before


@pytest.mark.parametrize("grid", [g.square(7, 5), g.torus(6, 4)], ids=lambda x: x.shape)
def test_the_numpy_walk_steps_to_a_neighbour_or_stays_at_an_edge(grid: g.CellGraph) -> None:
    """Every step of the folded walk goes to a neighbour, each about 1/4 of the time, or stays off an edge."""
    walk = walks.GridWalk(grid, np.random.default_rng(3))
    cells = walk.chunk(0, 40_000).tolist()
    moves: dict[tuple[int, int], int] = {}
    for a, b in itertools.pairwise([0, *cells]):
        assert b == a or b in grid.adjacency[a]
        if b == a:
            assert len(grid.adjacency[a]) < 4  # only an edge cell (never on the torus)
        moves[(a, b)] = moves.get((a, b), 0) + 1
    visits: dict[int, int] = {}
    for a in [0, *cells[:-1]]:
        visits[a] = visits.get(a, 0) + 1
    for (a, _b), count in moves.items():
        if _b != a:
            assert abs(count / visits[a] - 0.25) < 0.1


def chronological(walk: list[int]) -> list[int]:
    """Loop erasure the textbook way: walk on, and when the walk meets itself, cut the loop."""
    path: list[int] = []
    for cell in walk:
        if cell in path:
            del path[path.index(cell) + 1 :]
        else:
            path.append(cell)
    return path


def test_following_last_exits_erases_loops_as_the_walk_would() -> None:
    """The numpy tail's last-exit path equals chronological loop erasure, on many random walks."""
    graph = g.square(6, 6)
    rand = random.Random(11)
    for _ in range(300):
        inside = bytearray(graph.size)
        target = rand.randrange(graph.size)
        inside[target] = 1
        walk = [rand.choice([c for c in range(graph.size) if c != target])]
        while walk[-1] != target:
            walk.append(rand.choice(graph.adjacency[walk[-1]]))
        walker = walks.WilsonWalks(graph, np.random.default_rng(0), inside)
        walker._last_exits(np.array(walk))
        assert walker._follow(walk[0]) == chronological(walk[:-1])
