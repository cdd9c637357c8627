"""The one maze model (`mazes.cells.CellModel`) against the two it replaces, event by event (no pygame).

The same event streams go to the square demo's `MazeModel` or the shapes'
`ShapeModel` and to a `CellModel`; after every event (and after every revert
back to the start) both are read the way their painters and counters read
them, and must agree.  One moment is left out of the shapes' comparison: the
old model marked a cell at its Push, the new one at the Visit that always
follows it (as the square model did).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from solvers import maze as mz
from solvers.events import Push, Visit
from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.walk import corridors, solve
from visualizer.scenes.maze.model import CARVE, REST, SOLVE, MazeModel
from visualizer.scenes.mazes.cells import CellModel, GridWalls, PassageWalls
from visualizer.scenes.mazes.model import ShapeModel


def square_view(old: MazeModel) -> tuple[object, ...]:
    """What the square's canvas and counters read of the old model, on flat ids."""
    width = old.maze.width
    return (
        old.maze.right.tobytes(),
        old.maze.bottom.tobytes(),
        old.visited.tobytes(),
        old.on_stack.tobytes(),
        old.dead.tobytes(),
        old.on_path.tobytes(),
        tuple(row * width + col for row, col in old.stack),
        None if old.path is None else tuple(row * width + col for row, col in old.path),
        old.unreachable,
        old.carved,
        old.visits,
        old.dead_ends,
        old.max_depth,
    )


def square_view_new(new: CellModel) -> tuple[object, ...]:
    """The same, read from the one model."""
    walls = new.walls
    assert isinstance(walls, GridWalls)
    return (
        walls.maze.right.tobytes(),
        walls.maze.bottom.tobytes(),
        bytes(new.marks),
        bytes(new.on_stack),
        bytes(new.dead),
        bytes(new.on_path),
        tuple(new.stack),
        new.path,
        new.unreachable,
        new.carved,
        new.visits,
        new.dead_ends,
        new.max_depth,
    )


def shape_view(old: ShapeModel) -> tuple[object, ...]:
    """What the shapes' painter and panels read of the old model (counts as in or out)."""
    return (
        frozenset(old.opened),
        bytes(min(count, 1) for count in old.inside),
        bytes(old.beside_maze or b""),
        old.frontier_cells,
        bytes(min(count, 1) for count in old.seen),
        bytes(old.dead),
        bytes(old.on_path),
        bytes(old.on_stack),
        tuple(old.stack),
        old.path,
        old.current,
        old.max_depth,
        old.walked,
        old.unreachable,
        old.cells_in,
        old.cells_reached,
    )


def shape_view_new(new: CellModel) -> tuple[object, ...]:
    """The same, read from the one model."""
    return (
        frozenset(new.opened),
        bytes(new.inside),
        bytes(new.beside_maze or b""),
        new.frontier_cells,
        bytes(new.seen),
        bytes(new.dead),
        bytes(new.on_path),
        bytes(new.on_stack),
        tuple(new.stack),
        new.path,
        new.current,
        new.max_depth,
        new.walked,
        new.unreachable,
        new.cells_in,
        new.cells_reached,
    )


def compare(
    events: list[Any],
    old: Any,
    new: CellModel,
    old_view: Callable[[Any], tuple[object, ...]],
    new_view: Callable[[CellModel], tuple[object, ...]],
    skip_push: bool = False,
) -> None:
    """Both models agree after every event and after every revert; the new one comes back exactly."""
    assert old_view(old) == new_view(new)
    start = new.snapshot()
    snapshots = [start]
    for index, event in enumerate(events):
        old.apply(event)
        new.apply(event)
        snapshots.append(new.snapshot())
        following = events[index + 1] if index + 1 < len(events) else None
        if skip_push and type(event) is Push and type(following) is Visit and following.where == event.node:
            continue  # the old shapes' model marked the cell one event earlier
        assert old_view(old) == new_view(new), (index, event)
    for index in range(len(events) - 1, -1, -1):
        old.revert(events[index])
        new.revert(events[index])
        assert new.snapshot() == snapshots[index], (index, events[index])
        if not (skip_push and type(events[index - 1]) is Push and index > 0):
            assert old_view(old) == new_view(new), (index, events[index])
    assert new.snapshot() == start


def test_a_square_carve_is_the_same_in_both() -> None:
    """The backtracker carving 12 x 8 from a full grid."""
    events = list(mz.carve(12, 8, 3))
    base = mz.Maze.full(12, 8)
    old = MazeModel(base.copy(), CARVE)
    new = CellModel(96, GridWalls(base.copy()), pushes=True)
    compare(events, old, new, square_view, square_view_new)


def test_a_drawings_rest_carved_is_the_same_in_both() -> None:
    """Some walls knocked down by hand, the rest carved and the parts joined."""
    base = mz.Maze.full(10, 7)
    for a, b in [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((3, 3), (4, 3)), ((6, 8), (6, 9))]:
        base.set_wall(a, b, False)
    events = list(mz.carve_rest(base, 4))
    assert any(getattr(event, "line", 0) == mz.LINE_CARVE_JOIN for event in events)
    old = MazeModel(base.copy(), REST, base.opened())
    opened = base.opened().astype(np.uint8).tobytes()
    new = CellModel(70, GridWalls(base.copy()), pushes=True, inside=opened)
    compare(events, old, new, square_view, square_view_new)


@pytest.mark.parametrize("wall", [False, True], ids=["a loop knocked through", "a wall across the way"])
def test_a_square_solve_on_a_drawn_maze_is_the_same_in_both(wall: bool) -> None:
    """The one search on a carved maze after one wall was drawn: found, or out of reach."""
    maze = mz.generate(9, 7, 5)
    path = mz.find_path(maze).path
    assert path is not None
    if wall:
        maze.set_wall(path[3], path[4], True)
    else:
        maze.set_wall((2, 2), (2, 3), False)
    events = list(mz.solve(maze))
    old = MazeModel(maze.copy(), SOLVE)
    new = CellModel(63, GridWalls(maze.copy()), solving=True)
    for event in events:
        new.apply(event)
    assert (new.path is None) == wall and new.unreachable == wall
    for event in reversed(events):
        new.revert(event)
    compare(events, old, new, square_view, square_view_new)


@pytest.mark.parametrize(
    ("shape", "name"), [("hex", "backtracker"), ("polar", "prim"), ("triangle", "growing-tree")]
)
def test_a_shapes_carving_is_the_same_in_both(shape: str, name: str) -> None:
    """Generators that push, keep a frontier, or pop from the middle of their list."""
    graph = g.build(shape, 8, 7)
    which = gen.ALGORITHMS[name]
    events = list(which.run(graph, 6))
    frontier = graph.adjacency if which.frontier else None
    old = ShapeModel(graph, pushes=which.carve_pushes, frontier=which.frontier)
    new = CellModel(graph.size, PassageWalls(), pushes=which.carve_pushes, frontier=frontier)
    compare(events, old, new, shape_view, shape_view_new, skip_push=True)
    assert new.cells_in == 0 and old.carved == 0


def test_wilsons_leaps_are_the_same_in_both() -> None:
    """Wilson's coarse walk: Leaps of many steps, then the Carves along the loop-erased path."""
    graph = g.square(12, 10)
    events = list(gen.wilson(graph, 7, steps=False))
    assert any(type(event) is gen.Leap for event in events)
    compare(events, ShapeModel(graph), CellModel(graph.size, PassageWalls()), shape_view, shape_view_new)


def test_a_shapes_search_is_the_same_in_both() -> None:
    """The one search on a carved hex maze."""
    graph = g.build("hex", 9, 8)
    passages = gen.generate(graph, "backtracker", 2)
    events = list(solve(corridors(graph, passages), graph.start, graph.goal))
    old = ShapeModel(graph, passages=passages)
    new = CellModel(graph.size, PassageWalls(passages), solving=True)
    compare(events, old, new, shape_view, shape_view_new, skip_push=True)
    assert new.cells_reached == 0


@pytest.mark.parametrize("run", ["square carve", "square solve", "hex carve"])
def test_keyframes_restore_exactly_from_ahead_and_behind(run: str) -> None:
    """Any keyframe restored from the end, then from an earlier one, gives that moment's snapshot."""
    from visualizer import keyframes

    if run == "hex carve":
        graph = g.build("hex", 9, 8)
        events = list(gen.backtracker(graph, 5))
        model = CellModel(graph.size, PassageWalls(), pushes=True)
    elif run == "square carve":
        events = list(mz.carve(11, 9, 2))
        model = CellModel(99, GridWalls(mz.Maze.full(11, 9)), pushes=True)
    else:
        maze = mz.generate(11, 9, 2)
        maze.set_wall((4, 4), (4, 5), False)
        events = list(mz.solve(maze))
        model = CellModel(99, GridWalls(maze), solving=True)
    snapshots, frames = [model.snapshot()], {0: keyframes.capture(model)}
    for index, event in enumerate(events, start=1):
        model.apply(event)
        snapshots.append(model.snapshot())
        if index % 17 == 0:
            frames[index] = keyframes.capture(model)
    assert len(frames) > 4
    for index in sorted(frames, reverse=True) + sorted(frames)[1::2]:
        keyframes.restore(model, frames[index])
        assert model.snapshot() == snapshots[index]
        assert model.take_dirty() is None and model.take_dirty() == []  # one full repaint, then cell by cell
