"""Mazes: generation is perfect and seeded, solving finds valid paths, events nest."""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from itertools import pairwise
from typing import Any, TypeVar

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.events import Carve, DeadEnd, Note, Pop, Push, Solution, Visit
from solvers.maze import (
    Maze,
    MazeError,
    carve,
    carve_rest,
    complete,
    find_path,
    generate,
    reachable,
    solve,
)
from solvers.mazes.carving import CARVE_PSEUDOCODE, LINE_CARVE_KNOCK
from solvers.mazes.walk import SOLVE_PSEUDOCODE
from solvers.runstats import run_to_end

Cell = tuple[int, int]
R = TypeVar("R")


# --- independent helpers (they do not reuse the module's search code) ------


def neighbours(maze: Maze, cell: Cell) -> list[Cell]:
    """Open neighbours computed straight from the wall arrays."""
    r, c = cell
    found = []
    if c + 1 < maze.width and not maze.right[r, c]:
        found.append((r, c + 1))
    if r + 1 < maze.height and not maze.bottom[r, c]:
        found.append((r + 1, c))
    if c > 0 and not maze.right[r, c - 1]:
        found.append((r, c - 1))
    if r > 0 and not maze.bottom[r - 1, c]:
        found.append((r - 1, c))
    return found


def bfs_parents(maze: Maze, start: Cell) -> dict[Cell, Cell | None]:
    """Breadth-first tree from start: each reachable cell's parent."""
    parents: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nxt in neighbours(maze, cell):
            if nxt not in parents:
                parents[nxt] = cell
                queue.append(nxt)
    return parents


def tree_path(parents: dict[Cell, Cell | None], goal: Cell) -> list[Cell]:
    """Walk parents back from goal."""
    path: list[Cell] = []
    cell: Cell | None = goal
    while cell is not None:
        path.append(cell)
        cell = parents[cell]
    return path[::-1]


def assert_perfect(maze: Maze) -> None:
    """Exactly W*H - 1 inner openings, all cells reachable, border closed."""
    w, h = maze.width, maze.height
    inner = int((maze.right[:, :-1] == 0).sum() + (maze.bottom[:-1, :] == 0).sum())
    assert inner == w * h - 1
    assert len(bfs_parents(maze, (0, 0))) == w * h  # connected + n-1 edges: no loop
    assert maze.right[:, -1].all() and maze.bottom[-1, :].all()


def assert_valid_path(maze: Maze, path: tuple[Cell, ...], start: Cell, goal: Cell) -> None:
    """Starts and ends right, never repeats, every step goes through an opening."""
    assert path[0] == start and path[-1] == goal
    assert len(set(path)) == len(path)
    for a, b in pairwise(path):
        assert b in neighbours(maze, a)


def assert_lifo(events: list[object]) -> None:
    """Every Push (and carving's Carve, which pushes the cell it opens) has its Pop, in LIFO order."""
    stack: list[int] = []
    for event in events:
        if type(event) is Push:
            stack.append(event.node)
        elif type(event) is Carve and event.line == LINE_CARVE_KNOCK:
            stack.append(event.other)
        elif type(event) is Pop:
            assert stack and stack.pop() == event.node
    assert stack == []


class CarveModel:
    """A minimal model of the carving events (flat cell ids), to check apply/revert round trips."""

    def __init__(self, maze: Maze) -> None:
        self.maze = maze
        self.stack: list[Cell] = []
        self.visited: set[Cell] = set()
        self.popped: list[Cell] = []

    def cell(self, flat: int) -> Cell:
        """A flat id as (row, col)."""
        row, col = divmod(flat, self.maze.width)
        return (row, col)

    def apply(self, event: object) -> None:
        """Do what the event says: a Carve on the knock line also marks and pushes its cell."""
        if type(event) is Carve:
            a, b = self.cell(event.cell), self.cell(event.other)
            assert self.maze.set_wall(a, b, False)
            if event.line == LINE_CARVE_KNOCK:
                assert b not in self.visited
                self.visited.add(b)
                self.stack.append(b)
        elif type(event) is Push:
            self.stack.append(self.cell(event.what))
        elif type(event) is Pop:
            assert self.cell(event.node) == self.stack[-1]
            self.popped.append(self.stack.pop())
        elif type(event) is Visit:
            assert self.cell(event.where) not in self.visited
            self.visited.add(self.cell(event.where))

    def revert(self, event: object) -> None:
        """Undo what the event did."""
        if type(event) is Carve:
            a, b = self.cell(event.cell), self.cell(event.other)
            assert self.maze.set_wall(a, b, True)
            if event.line == LINE_CARVE_KNOCK:
                self.visited.remove(b)
                assert self.stack.pop() == b
        elif type(event) is Push:
            assert self.stack.pop() == self.cell(event.what)
        elif type(event) is Pop:
            self.stack.append(self.popped.pop())
        elif type(event) is Visit:
            self.visited.remove(self.cell(event.where))


# --- the text's own example ---------------------------------------------------

# "Mysterious Maze", The Data Structure: Maze[r][c][RIGHTWALL], [BOTTOMWALL].
TEXT_RIGHT = [[0, 1, 1], [1, 1, 1], [0, 0, 1]]
TEXT_BOTTOM = [[1, 0, 0], [0, 0, 0], [1, 1, 1]]


def test_the_texts_three_by_three_maze_is_perfect_and_round_trips() -> None:
    maze = Maze(np.array(TEXT_RIGHT), np.array(TEXT_BOTTOM))
    assert_perfect(maze)
    assert Maze.from_text(maze.to_text()) == maze
    result = find_path(maze)
    assert result.path is not None
    assert list(result.path) == tree_path(bfs_parents(maze, (0, 0)), (2, 2))


# --- generation -----------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 24), st.integers(2, 24), st.integers(0, 2**32 - 1))
def test_generated_mazes_are_perfect(width: int, height: int, seed: int) -> None:
    assert_perfect(generate(width, height, seed))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 16), st.integers(2, 16), st.integers(0, 10**6))
def test_event_stream_rebuilds_the_same_maze_and_nests(width: int, height: int, seed: int) -> None:
    events = carve(width, height, seed)
    stream: list[Any] = []
    returned = run_to_end(recording(events, stream))
    model = CarveModel(Maze.full(width, height))
    for event in stream:
        model.apply(event)
    plain = generate(width, height, seed)
    assert model.maze == plain == returned
    assert_lifo(stream)
    kinds = [type(e) for e in stream]
    # one event a step: the root's Push and Visit, a Carve per new cell (it pushes), a Pop per backtrack
    assert kinds.count(Carve) == width * height - 1
    assert kinds.count(Visit) == kinds.count(Push) == 1
    assert kinds.count(Pop) == width * height and len(stream) == 2 * width * height + 1
    assert all(e.backtrack for e in stream if type(e) is Pop)
    assert all(1 <= e.line <= len(CARVE_PSEUDOCODE) for e in stream)
    for event in reversed(stream):
        model.revert(event)
    assert model.maze == Maze.full(width, height)
    assert model.stack == [] and model.visited == set()


def recording(events: Generator[Any, None, R], into: list[object]) -> Generator[Any, None, R]:
    """Record every event and return the generator's value."""
    while True:
        try:
            event = next(events)
        except StopIteration as stop:
            return stop.value
        into.append(event)
        yield event


def test_each_carve_leaves_the_cell_on_top_of_the_stack() -> None:
    stack: list[int] = []
    for event in carve(12, 9, 5):
        if type(event) is Carve:
            assert stack[-1] == event.cell
            (r1, c1), (r2, c2) = divmod(event.cell, 12), divmod(event.other, 12)
            assert abs(r1 - r2) + abs(c1 - c2) == 1
            stack.append(event.other)
        elif type(event) is Push:
            stack.append(event.what)
        elif type(event) is Pop:
            assert stack.pop() == event.node


def test_the_same_seed_gives_the_same_maze_and_seeds_differ() -> None:
    assert generate(30, 20, 99) == generate(30, 20, 99)
    assert list(carve(6, 5, 4)) == list(carve(6, 5, 4))
    distinct = {generate(10, 10, seed).to_text() for seed in range(8)}
    assert len(distinct) == 8


def test_a_two_thousand_square_maze_generates_without_recursion_errors() -> None:
    maze = generate(2000, 2000, 1)
    assert maze.openings() == 2000 * 2000 - 1
    assert reachable(maze).all()


def test_deep_event_streams_do_not_crash() -> None:
    depth = max_depth = 0
    for event in carve(500, 500, 2):
        if type(event) in (Push, Carve):
            depth += 1
            max_depth = max(max_depth, depth)
        elif type(event) is Pop:
            depth -= 1
    assert depth == 0 and max_depth > 30_000  # far past nested-generator limits


@pytest.mark.parametrize("size", [(1, 5), (5, 1), (2001, 3), (0, 0), (-4, 10)])
def test_bad_sizes_are_refused(size: tuple[int, int]) -> None:
    with pytest.raises(MazeError, match="2 to 2000"):
        generate(*size, seed=1)


# --- carving the rest -----------------------------------------------------------


def test_carving_the_rest_of_a_full_grid_is_generation() -> None:
    assert run_to_end(carve_rest(Maze.full(9, 7), 3)) == generate(9, 7, 3)
    assert complete(Maze.full(9, 7), 3) == generate(9, 7, 3)


def test_carving_the_rest_of_an_open_grid_changes_nothing() -> None:
    maze = Maze.empty(6, 6)
    assert list(carve_rest(maze, 1)) == []
    assert complete(maze, 1) == maze


def test_carving_the_rest_keeps_a_drawn_corridor_and_joins_separate_ones() -> None:
    maze = Maze.full(10, 8)
    drawn = [((0, c), (0, c + 1)) for c in range(5)] + [((5, 3), (6, 3)), ((6, 3), (6, 4))]
    for a, b in drawn:
        maze.set_wall(a, b, False)
    result = complete(maze, 11)
    assert_perfect(result)
    assert all(not result.has_wall(a, b) for a, b in drawn)
    assert run_to_end(carve_rest(maze, 11)) == result


def test_the_plain_answer_is_the_carving_loop_untold() -> None:
    """One carving loop: untold it yields nothing and ends with the maze its events build (`complete`)."""
    maze = Maze.full(10, 8)
    for c in range(5):
        maze.set_wall((0, c), (0, c + 1), False)
    maze.set_wall((5, 3), (6, 3), False)
    untold = carve_rest(maze, 11, told=False)
    assert list(untold) == []
    finished = run_to_end(carve_rest(maze, 11))
    assert run_to_end(carve_rest(maze, 11, told=False)) == finished == complete(maze, 11)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(3, 14),
    st.integers(3, 14),
    st.integers(0, 10**6),
    st.tuples(st.integers(0, 13), st.integers(0, 13), st.integers(1, 14), st.integers(1, 14)),
)
def test_carving_the_rest_of_a_cleared_block_gives_a_perfect_maze(
    width: int, height: int, seed: int, block: tuple[int, int, int, int]
) -> None:
    maze = generate(width, height, seed)
    top, left = block[0] % height, block[1] % width
    bottom, right = min(height, top + block[2]), min(width, left + block[3])
    maze.right[top:bottom, max(0, left - 1) : right] = 1
    maze.bottom[max(0, top - 1) : bottom, left:right] = 1
    before_open = maze.opened()
    kept = [
        (r, c)
        for r in range(height)
        for c in range(width - 1)
        if maze.right[r, c] and before_open[r, c] and before_open[r, c + 1]
    ]
    stream: list[Any] = []
    result = run_to_end(recording(carve_rest(maze, seed + 1), stream))
    assert_perfect(result)
    assert result == complete(maze, seed + 1)
    assert all(result.right[r, c] for r, c in kept)  # walls between open cells stay
    assert_lifo(stream)
    model = CarveModel(maze.copy())
    for event in stream:
        model.apply(event)
    assert model.maze == result


# --- solving --------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 20), st.integers(2, 20), st.integers(0, 10**6), st.data())
def test_the_solved_path_is_the_unique_path_of_a_perfect_maze(
    width: int, height: int, seed: int, data: st.DataObject
) -> None:
    maze = generate(width, height, seed)
    cells = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    start, goal = data.draw(cells), data.draw(cells)
    stream: list[Any] = []
    result = run_to_end(recording(solve(maze, start, goal), stream))
    assert result == find_path(maze, start, goal)
    assert result.path is not None
    assert list(result.path) == tree_path(bfs_parents(maze, start), goal)
    assert_lifo(stream)
    solutions = [e for e in stream if type(e) is Solution]
    assert len(solutions) == 1 and [divmod(cell, width) for cell in solutions[0].answer] == list(result.path)
    assert result.visited == sum(type(e) is Visit for e in stream)
    assert result.dead_ends == sum(type(e) is DeadEnd for e in stream)
    assert all(1 <= e.line <= len(SOLVE_PSEUDOCODE) for e in stream)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.integers(2, 12), st.integers(0, 10**6), st.floats(0.0, 1.0))
def test_solving_works_on_mazes_with_loops_and_walls_anywhere(
    width: int, height: int, seed: int, density: float
) -> None:
    rng = np.random.default_rng(seed)
    maze = Maze(
        (rng.random((height, width)) < density).astype(np.uint8),
        (rng.random((height, width)) < density).astype(np.uint8),
    )
    result = find_path(maze)
    parents = bfs_parents(maze, (0, 0))
    goal = (height - 1, width - 1)
    assert run_to_end(solve(maze)) == result
    if goal in parents:
        assert result.path is not None
        assert_valid_path(maze, result.path, (0, 0), goal)
    else:
        assert result.path is None
        assert result.visited == len(parents)
        mask = reachable(maze)
        assert {tuple(map(int, cell)) for cell in np.argwhere(mask)} == set(parents)


def test_an_open_grid_with_loops_is_solved() -> None:
    maze = Maze.empty(30, 30)
    result = find_path(maze)
    assert result.path is not None
    assert_valid_path(maze, result.path, (0, 0), (29, 29))


def test_a_walled_off_goal_is_reported() -> None:
    maze = generate(8, 8, 3)
    maze.set_wall((7, 7), (6, 7), True)
    maze.set_wall((7, 7), (7, 6), True)
    events = list(solve(maze))
    assert events[-1] == Note("unreachable", 2)
    assert not any(type(e) is Solution for e in events)
    assert_lifo(events)
    result = find_path(maze)
    reached = len(bfs_parents(maze, (0, 0)))
    assert result.path is None and result.visited == reached < 64
    assert sum(type(e) is DeadEnd for e in events) == reached


def test_dead_ends_come_with_a_backtrack() -> None:
    events = list(solve(generate(15, 15, 8)))
    for event, after in pairwise(events):
        if type(event) is DeadEnd:
            assert type(after) is Pop and after.backtrack


def test_solving_a_large_maze_needs_no_recursion() -> None:
    maze = generate(600, 600, 4)
    result = find_path(maze)
    assert result.path is not None and result.max_depth > 10_000
    assert_valid_path(maze, result.path, (0, 0), (599, 599))


def test_bad_start_or_goal_is_refused() -> None:
    with pytest.raises(MazeError, match="off the"):
        find_path(generate(4, 4, 1), (4, 0))
    with pytest.raises(MazeError, match="off the"):
        list(solve(generate(4, 4, 1), (0, 0), (0, -1)))


@pytest.mark.parametrize(("width", "height", "seed"), [(9, 6, 2), (5, 5, 7)])
def test_the_square_search_is_the_one_search_of_every_shape(width: int, height: int, seed: int) -> None:
    """One loop, one set of events: the square's solve is the shapes' search on the square graph's
    corridors tried right, down, left, up; cells are flat ids in both; the plain answer is it untold."""
    from solvers.mazes import walk
    from solvers.mazes.graph import square

    maze = generate(width, height, seed)
    maze.set_wall((1, 1), (1, 2), False)  # a loop, so a corridor to a visited cell is tried too
    order = (1, width, -1, -width)  # right, down, left, up
    corridors = walk.corridors(square(width, height), maze.passages())
    near = [
        sorted(cell_near, key=lambda other: order.index(other - cell))
        for cell, cell_near in enumerate(corridors)
    ]
    goal = width * height - 1
    events = list(solve(maze))
    assert events == list(walk.solve(near, 0, goal))
    assert {type(e) for e in events} >= {Push, Visit, Note, Pop, Solution}
    found = run_to_end(walk.solve(near, 0, goal))
    assert found == walk.result_of(near, 0, goal)
    assert found.path is not None and find_path(maze).path == tuple(
        divmod(cell, width) for cell in found.path
    )


def test_the_square_maze_is_a_view_of_the_square_graphs_passages() -> None:
    """A Maze is the square cell graph's passages held as wall grids: exact both ways, the same maze the
    square graph's backtracker carves for a seed, and one error for a bad size of any shape."""
    from solvers.mazes import generators
    from solvers.mazes import graph as g

    maze = generate(7, 5, 3)
    passages = maze.passages()
    assert g.perfect_problem(g.square(7, 5), passages) is None
    assert Maze.from_passages(7, 5, passages) == maze
    assert Maze.from_passages(7, 5, generators.generate(g.square(7, 5), "backtracker", 3)) == maze
    with pytest.raises(MazeError, match="cells each way"):
        g.build("hex", 1, 5)
    with pytest.raises(g.MazeError, match="cells each way"):
        Maze.full(1, 5)
