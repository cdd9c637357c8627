"""The fast generators keep the textbook behaviour they stand for (issue 14's speed work).

Hunt-and-kill's hunt is a C-speed find from a cursor, growing tree keeps a
tried-count per cell, Kruskal shuffles numpy id columns: each is checked here
against what the plain textbook algorithm would do, step by step.
"""

from __future__ import annotations

import pytest

from solvers.events import Carve, Note, Pop, Push, Visit
from solvers.mazes import generators as gen
from solvers.mazes import graph as g

SHAPES = [
    g.square(12, 9),
    g.hexagonal(9, 8),
    g.triangular(11, 6),
    g.polar(6),
    g.cubic(5, 4, 3),
    g.torus(7, 6),
]


@pytest.mark.parametrize("grid", SHAPES, ids=lambda grid: grid.shape)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 99])
def test_each_hunt_finds_the_first_new_cell_beside_the_maze(grid: g.CellGraph, seed: int) -> None:
    """At every hunt, the cell found is the smallest id not in the maze with a neighbour in it."""
    inside = bytearray(grid.size)
    hunts = 0
    hunting = False
    for event in gen.hunt_and_kill(grid, seed):
        if type(event) is gen.Walk:
            hunting = True
        elif type(event) is Carve:
            found = event.other
            if hunting:
                first = min(
                    cell
                    for cell in range(grid.size)
                    if not inside[cell] and any(inside[other] for other in grid.adjacency[cell])
                )
                assert found == first
                hunts += 1
                hunting = False
            inside[event.cell] = inside[found] = 1
        elif type(event) is not Note:
            inside[event[0]] = 1  # the starting Visit
    assert hunts > 0 and all(inside)


@pytest.mark.parametrize("grid", SHAPES, ids=lambda grid: grid.shape)
@pytest.mark.parametrize("mix", [1.0, 0.5, 0.0])
def test_growing_tree_grows_from_an_active_cell_and_removes_it_in_place(
    grid: g.CellGraph, mix: float
) -> None:
    """Replaying Carve (append) and Pop (remove; the last cell fills the gap) keeps the active list exact.

    With mix 1 every step grows from the newest cell and every removal is the
    top (the backtracker's stack); a cell is removed only with no new neighbour.
    """
    inside = bytearray(grid.size)
    active: list[int] = []
    for event in gen.growing_tree(grid, 8, mix=mix):
        if type(event) is Push:
            active.append(event.node)
            inside[event.node] = 1
        elif type(event) is Carve:
            assert event.cell in active and not inside[event.other]
            assert mix < 1 or event.cell == active[-1]
            inside[event.other] = 1
            active.append(event.other)
        elif type(event) is Pop:
            assert not any(not inside[other] for other in grid.adjacency[event.node])
            index = len(active) - 1 if event.value is None else event.value
            assert active[index] == event.node
            assert mix < 1 or event.value is None
            last = active.pop()
            if index < len(active):
                active[index] = last
    assert active == [] and all(inside)


@pytest.mark.parametrize("grid", SHAPES, ids=lambda grid: grid.shape)
def test_kruskal_tries_walls_in_one_order_and_joins_only_separate_sets(grid: g.CellGraph) -> None:
    """Every wall tried is a real edge, tried once; a Carve never closes a loop, a skip always would."""
    edges = set(grid.edges())
    parent = list(range(grid.size))

    def root(cell: int) -> int:
        """Plain find, no halving: an independent check."""
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    tried = []
    for event in gen.kruskal(grid, 5):
        if type(event) is Carve:
            a, b = event.cell, event.other
            assert root(a) != root(b)
            parent[root(a)] = root(b)
        elif type(event) is Note and event.line == gen.KR_SKIP:
            a, b = event.what
            assert root(a) == root(b)
        else:
            continue
        tried.append((a, b))
        assert (min(a, b), max(a, b)) in edges
    assert len(tried) == len(set(tried))
    assert len({root(cell) for cell in range(grid.size)}) == 1


def test_every_generator_carves_the_same_maze_twice_and_a_new_one_for_a_new_seed() -> None:
    """Determinism with the flat neighbour list: same seed, same passages; another seed, others."""
    grid = g.square(20, 15)
    for name in gen.ALGORITHMS:
        assert gen.generate(grid, name, 4) == gen.generate(grid, name, 4)
        assert gen.generate(grid, name, 4) != gen.generate(grid, name, 5)


def test_push_events_name_real_cells() -> None:
    """The backtracker's first event pushes a real cell (flat neighbour rows are read at the right offset)."""
    grid = g.hexagonal(6, 5)
    first = next(iter(gen.backtracker(grid, 3)))
    assert type(first) is Push and 0 <= first.node < grid.size


def _tree_counts(grid: g.CellGraph, name: str, seeds: int) -> dict[frozenset[tuple[int, int]], int]:
    """How often each spanning tree comes out of `seeds` runs of the named generator."""
    counts: dict[frozenset[tuple[int, int]], int] = {}
    for seed in range(seeds):
        tree = frozenset((min(a, b), max(a, b)) for a, b in gen.generate(grid, name, seed))
        counts[tree] = counts.get(tree, 0) + 1
    return counts


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
def test_random_walk_generators_pick_every_spanning_tree_equally_often(name: str) -> None:
    """Wilson and Aldous-Broder give uniform spanning trees: a 3 x 2 grid has 15, each ~1/15 of 1500 runs.

    The seeds are fixed, so this cannot flake; 100 +- 50 is five standard
    deviations, and a walk that erased loops wrongly or stepped unevenly
    (say, toward a padded slot) would favour some trees far beyond it.
    """
    counts = _tree_counts(g.square(3, 2), name, 1500)
    assert len(counts) == 15
    assert all(50 <= count <= 150 for count in counts.values()), sorted(counts.values())


@pytest.mark.parametrize("grid", SHAPES, ids=lambda grid: grid.shape)
def test_wilson_carves_each_walk_onto_the_maze_back_from_where_it_met_it(grid: g.CellGraph) -> None:
    """One Visit, then walks (a Push a step, a Pop an erased cell); each Carve joins a new cell."""
    events = list(gen.wilson(grid, 6))
    assert type(events[0]) is Visit and {type(event) for event in events[1:]} == {Push, Pop, Carve}
    inside, walk = {events[0].where}, []
    for event in events[1:]:
        if type(event) is Push:
            walk.append(event.node)
            continue
        if type(event) is Pop:
            assert event.node == walk.pop()  # erased or carved: always the walk's newest cell
            continue
        assert event.cell in inside and event.other not in inside and event.other == walk[-1]
        assert event.other in grid.adjacency[event.cell]
        inside.add(event.other)
    assert len(inside) == grid.size


@pytest.mark.parametrize("grid", SHAPES, ids=lambda grid: grid.shape)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_eller_takes_every_set_of_a_row_down_before_the_next_row(grid: g.CellGraph, seed: int) -> None:
    """When row r + 1 starts, every set holding a cell of row r also holds a cell of row r + 1.

    Otherwise that set would be cut off for good: Eller never goes back up.
    """
    parent = list(range(grid.size))

    def root(cell: int) -> int:
        """Plain find: an independent check."""
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    rows_started = 0
    for event in gen.eller(grid, seed):
        if type(event) is Note and event.line == gen.EL_ROW:
            number = event.what[1]
            if number > 0:
                above = {root(cell) for cell in grid.rows[number - 1]}
                assert above <= {root(cell) for cell in grid.rows[number]}
            rows_started += 1
        elif type(event) is Carve:
            assert root(event.cell) != root(event.other)
            parent[root(event.cell)] = root(event.other)
    assert rows_started == len(grid.rows)
    assert len({root(cell) for cell in range(grid.size)}) == 1
