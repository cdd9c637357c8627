"""The one maze model (`mazes.cells.CellModel`), square and shapes: event by event and back (no pygame).

The streams both demos play (a square carve, a drawing's rest, a square
search with a wall drawn either way, hex backtracker, polar Prim, triangle
growing tree, Wilson's Leaps, a hex search) go through one model: at the end
it holds the solvers' own answers, every revert brings back the snapshot
before its event, and the render hints name every cell whose look changed.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from solvers import maze as mz
from solvers.events import Solution
from solvers.mazes import carving
from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.walk import corridors, solve
from solvers.runstats import run_to_end
from visualizer import keyframes
from visualizer.scenes.maze.model import CARVE, REST, SOLVE, path_cells, square_maze, square_model
from visualizer.scenes.mazes.cells import CellModel, GridWalls
from visualizer.scenes.mazes.model import shape_model

LAYERS = ("inside", "seen", "dead", "on_path", "on_stack")


def looks(model: CellModel) -> np.ndarray:
    """Each cell's layers and whether it is the current cell, one row a cell."""
    rows = [np.frombuffer(getattr(model, name), np.uint8) for name in LAYERS]
    current = np.zeros(model.size, np.uint8)
    if model.current >= 0:
        current[model.current] = 1
    return np.stack([*rows, current], axis=1)


def walls_of(model: CellModel) -> object:
    """The walls as one comparable value."""
    walls = model.walls
    if isinstance(walls, GridWalls):
        return (walls.maze.right.tobytes(), walls.maze.bottom.tobytes())
    return frozenset(model.opened)


def told(model: CellModel, before: np.ndarray, walls_before: object) -> None:
    """The cells whose look changed are in `dirty` (or all are repainted); changed walls touch `walled`."""
    walled = model.take_walled()
    dirty = model.take_dirty()
    if dirty is None:
        return
    changed = set(np.flatnonzero((looks(model) != before).any(axis=1)).tolist())
    assert changed <= set(dirty)
    if walls_of(model) != walls_before:
        assert walled and set(walled) <= set(dirty)


def there_and_back(model: CellModel, events: list[Any]) -> None:
    """Apply every event (hints checked), then revert them all: each revert restores its snapshot."""
    model.take_dirty()
    snapshots = []
    for event in events:
        snapshots.append(model.snapshot())
        before, walls = looks(model), walls_of(model)
        model.apply(event)
        told(model, before, walls)
    end = model.snapshot()
    for event, snapshot in zip(reversed(events), reversed(snapshots), strict=True):
        before, walls = looks(model), walls_of(model)
        model.revert(event)
        assert model.snapshot() == snapshot, event
        told(model, before, walls)
    for event in events:
        model.apply(event)
    assert model.snapshot() == end


def test_a_square_carve_leaves_the_generated_maze_and_steps_back_to_a_full_grid() -> None:
    events = list(mz.carve(12, 8, 3))
    model = square_model(mz.Maze.full(12, 8), CARVE)
    there_and_back(model, events)
    assert square_maze(model) == mz.generate(12, 8, 3)
    assert model.visits == model.cells_in == 96 and model.carved == 95 and not model.stack
    assert max(model.on_stack) == 0 and model.max_depth > 10


def test_a_drawings_rest_is_carved_and_joined_as_the_solver_returns_it() -> None:
    base = mz.Maze.full(10, 7)
    for a, b in [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((3, 3), (4, 3)), ((6, 8), (6, 9))]:
        base.set_wall(a, b, False)
    events = list(mz.carve_rest(base, 4))
    assert any(getattr(event, "line", 0) == carving.LINE_CARVE_JOIN for event in events)
    model = square_model(base.copy(), REST, base.opened())
    there_and_back(model, events)
    assert square_maze(model) == run_to_end(mz.carve_rest(base, 4))
    assert model.visits == 70 - int(base.opened().sum()) and not model.stack


@pytest.mark.parametrize("wall", [False, True], ids=["a loop knocked through", "a wall across the way"])
def test_a_square_search_on_a_drawn_maze_ends_as_the_plain_search(wall: bool) -> None:
    maze = mz.generate(9, 7, 5)
    path = mz.find_path(maze).path
    assert path is not None
    if wall:
        maze.set_wall(path[3], path[4], True)
    else:
        maze.set_wall((2, 2), (2, 3), False)
    result = mz.find_path(maze)
    model = square_model(maze.copy(), SOLVE)
    there_and_back(model, list(mz.solve(maze)))
    assert path_cells(model) == result.path and model.unreachable == wall
    assert (model.visits, model.dead_ends, model.max_depth) == (
        result.visited,
        result.dead_ends,
        result.max_depth,
    )
    if wall:
        assert model.visits == int(mz.reachable(maze).sum()) < 63


@pytest.mark.parametrize(
    ("shape", "name"), [("hex", "backtracker"), ("polar", "prim"), ("triangle", "growing-tree")]
)
def test_a_shapes_carving_leaves_a_perfect_maze_and_steps_back(shape: str, name: str) -> None:
    """Generators that push, keep a frontier, or pop from the middle of their list."""
    graph = g.build(shape, 8, 7)
    which = gen.ALGORITHMS[name]
    model = shape_model(graph, pushes=which.carve_pushes, frontier=which.frontier)
    there_and_back(model, list(which.run(graph, 6)))
    assert g.perfect_problem(graph, sorted(model.opened)) is None
    assert model.cells_in == graph.size and not model.stack and model.frontier_cells == 0


def test_wilsons_leaps_walk_the_steps_they_say() -> None:
    graph = g.square(12, 10)
    events = list(gen.wilson(graph, 7, steps=False))
    leaps = [event.steps for event in events if type(event) is gen.Leap]
    model = shape_model(graph)
    there_and_back(model, events)
    assert leaps and model.walked == sum(leaps) and model.cells_in == graph.size


def test_a_shapes_search_ends_on_the_plain_path() -> None:
    graph = g.build("hex", 9, 8)
    passages = gen.generate(graph, "backtracker", 2)
    events = solve(corridors(graph, passages), graph.start, graph.goal)
    told_events = list(events)
    result = run_to_end(solve(corridors(graph, passages), graph.start, graph.goal))
    model = shape_model(graph, passages=passages)
    there_and_back(model, told_events)
    assert model.path == result.path and model.cells_reached == model.visits == result.visited


@pytest.mark.parametrize("run", ["square carve", "square solve", "hex carve"])
def test_keyframes_restore_exactly_from_ahead_and_behind(run: str) -> None:
    """Any keyframe restored from the end, then from an earlier one, gives that moment's snapshot."""
    if run == "hex carve":
        graph = g.build("hex", 9, 8)
        events = list(gen.backtracker(graph, 5))
        model = shape_model(graph, pushes=True)
    elif run == "square carve":
        events = list(mz.carve(11, 9, 2))
        model = square_model(mz.Maze.full(11, 9), CARVE)
    else:
        maze = mz.generate(11, 9, 2)
        maze.set_wall((4, 4), (4, 5), False)
        events = list(mz.solve(maze))
        model = square_model(maze, SOLVE)
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


def test_a_square_keyframe_packs_the_layers_a_carving_changes_to_bits() -> None:
    """A carving's frame: walls, cells in and the stack's marks, a bit a cell each (no search layers)."""
    model = square_model(mz.Maze.full(40, 30), CARVE)
    for event in mz.carve(40, 30, 1):
        model.apply(event)
    own, walls = model.keyframe()
    assert own.packed and walls.packed
    assert own.bits.size == (2 * 1200 + 7) // 8 and walls.bits.size == (2 * 1200 + 7) // 8


def test_a_long_path_is_lit_cell_by_cell_on_a_shape_and_whole_on_the_square() -> None:
    """5,000 path cells: the shapes' painter gets them as a list (a full polar repaint costs ~150 ms),
    the square's canvas a full repaint (one whole-grid paint beats 5,000 cells)."""
    path = tuple(range(5000))
    shape = shape_model(g.build("hex", 80, 80), passages=[])
    square = square_model(mz.Maze.full(80, 80), SOLVE)
    for model in (shape, square):
        model.take_dirty()
        model.apply(Solution(1, path))
    dirty = shape.take_dirty()
    assert dirty is not None and set(path) <= set(dirty)
    assert square.take_dirty() is None


def test_a_square_run_writes_its_walls_into_a_maze_whose_arrays_were_not_laid_out_flat() -> None:
    """A maze built from transposed arrays: the run's carving still lands in the maze itself."""
    full = mz.Maze.full(6, 4)
    maze = mz.Maze(np.asfortranarray(full.right), np.asfortranarray(full.bottom))
    model = square_model(maze, CARVE)
    for event in mz.carve(6, 4, 2):
        model.apply(event)
    assert square_maze(model) is maze and maze == mz.generate(6, 4, 2)
