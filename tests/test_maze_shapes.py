"""Every shape x every generator gives perfect mazes; events nest and are the carving's whole story."""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import maze as square_maze
from solvers.events import Carve, Note, Pop, Push, Visit
from solvers.mazes import carving, generators
from solvers.mazes import graph as g
from solvers.mazes.generators import ALGORITHMS, SHARED_BUG, Walk, algorithm, generate, narrate

SHAPE_SIZES = {
    "square": (9, 7),
    "hex": (8, 6),
    "triangle": (10, 6),
    "polar": (0, 6),
    "3d": (5, 4),
    "torus": (6, 5),
}


def shape_graph(shape: str, width: int, height: int) -> g.CellGraph:
    """The shape at a size (3-D with three floors, polar with `height` rings)."""
    return g.build(shape, width, height, 3 if shape == "3d" else None)


def connected_by_bfs(size: int, passages: list[tuple[int, int]]) -> bool:
    """An independent check (breadth-first, not union-find): every cell reachable from cell 0."""
    near: list[list[int]] = [[] for _ in range(size)]
    for a, b in passages:
        near[a].append(b)
        near[b].append(a)
    seen = {0}
    queue = deque([0])
    while queue:
        for nxt in near[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return len(seen) == size


def assert_perfect(graph: g.CellGraph, passages: list[tuple[int, int]]) -> None:
    """cells - 1 passages, each between neighbours, no pair twice, connected."""
    assert len(passages) == graph.size - 1
    assert len({frozenset(p) for p in passages}) == len(passages)
    assert all(b in graph.adjacency[a] for a, b in passages)
    assert connected_by_bfs(graph.size, passages)
    assert g.perfect_problem(graph, passages) is None


@pytest.mark.parametrize("shape", g.SHAPES)
@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_every_shape_and_generator_gives_perfect_mazes_over_many_seeds(shape: str, name: str) -> None:
    graph = shape_graph(shape, *SHAPE_SIZES[shape])
    mazes = set()
    for seed in range(30):
        passages = generate(graph, name, seed)
        assert_perfect(graph, passages)
        mazes.add(frozenset(frozenset(p) for p in passages))
    assert len(mazes) > 20  # seeds make different mazes


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(g.SHAPES),
    st.sampled_from(list(ALGORITHMS)),
    st.integers(3, 12),
    st.integers(3, 12),
    st.integers(0, 2**32 - 1),
)
def test_perfect_at_any_size(shape: str, name: str, width: int, height: int, seed: int) -> None:
    graph = shape_graph(shape, width, height)
    assert_perfect(graph, generate(graph, name, seed))


def test_the_same_seed_gives_the_same_events() -> None:
    graph = g.hexagonal(7, 5)
    for which in ALGORITHMS.values():
        assert list(which.run(graph, 4)) == list(which.run(graph, 4))


class Replay:
    """The generators' state as their events leave it: passages, stack, current cell, roots."""

    def __init__(self, pushes: bool, walks: bool = False) -> None:
        self.pushes = pushes
        self.walks = walks  # a walker carves from where it stands
        self.passages: set[frozenset[int]] = set()
        self.stack: list[int] = []
        self.popped: list[tuple[int, int]] = []
        self.current = -1
        self.roots: list[int] = []

    def apply(self, event: Any) -> None:
        """Do what the event says."""
        kind = type(event)
        if kind is Carve:
            pair = frozenset((event.cell, event.other))
            assert pair not in self.passages
            self.passages.add(pair)
            assert not self.walks or self.current == event.cell
            self.current = event.other
            if self.pushes:
                self.stack.append(event.other)
        elif kind is Walk:
            self.current = event.cell
        elif kind is Push:
            self.stack.append(event.node)
        elif kind is Pop:
            index = len(self.stack) - 1 if event.value is None else event.value
            assert self.stack[index] == event.node
            last = self.stack.pop()  # the last cell takes the removed one's place
            if index < len(self.stack):
                self.stack[index] = last
            self.popped.append((event.node, index))
        elif kind is Visit:
            self.roots.append(event.where)
            self.current = event.where

    def state(self) -> tuple[object, ...]:
        """Everything, comparable."""
        return (frozenset(self.passages), tuple(self.stack), tuple(self.popped), tuple(self.roots))


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_events_tell_the_whole_carving_and_the_stack_empties(name: str) -> None:
    """Replaying the events gives the passages; every stack push is popped; each line is on the code."""
    which = ALGORITHMS[name]
    graph = g.polar(5)
    events = list(which.run(graph, 2))
    replay = Replay(which.carve_pushes, walks=name in ("aldous-broder", "hunt-and-kill"))
    for event in events:
        replay.apply(event)
        assert 1 <= event.line <= len(which.code)
    assert replay.stack == []
    assert replay.passages == {frozenset(p) for p in generate(graph, name, 2)}
    kinds = [type(e) for e in events]
    assert kinds.count(Carve) == graph.size - 1
    if which.carve_pushes:  # one event a step: a Carve pushes, a Pop backtracks; the root: a Push, a Visit
        assert kinds.count(Pop) == graph.size and kinds.count(Carve) + 2 == len(events) - graph.size
        assert kinds[:2] == [Push, Visit] and kinds.count(Push) == kinds.count(Visit) == 1


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_every_event_has_words_or_is_a_quiet_note(name: str) -> None:
    which = ALGORITHMS[name]
    graph = g.square(5, 4)
    for event in which.run(graph, 1):
        words = narrate(event, which, graph)
        assert words or type(event) is Note or (type(event) is Pop and not event.backtrack), event


def test_the_shared_state_bug_stops_at_the_first_backtrack() -> None:
    """With one loop state for every call, the first return unwinds every frame: rock is left."""
    for shape in g.SHAPES:
        graph = shape_graph(shape, *SHAPE_SIZES[shape])
        partial = 0
        for seed in range(10):
            events = list(SHARED_BUG.run(graph, seed))
            kinds = [type(e) for e in events]
            first_pop = kinds.index(Pop)
            assert all(kind is Pop for kind in kinds[first_pop:])  # nothing carved after it
            carved = kinds.count(Carve)
            assert kinds.count(Pop) == carved + 1
            partial += carved < graph.size - 1  # a walk that never got stuck is the rare exception
            right = list(algorithm("backtracker").run(graph, seed))
            assert [type(e) for e in right].count(Carve) == graph.size - 1
        assert partial >= 8, shape


def test_the_bug_and_the_correct_run_agree_until_the_first_backtrack() -> None:
    graph = g.square(12, 9)
    bug = list(SHARED_BUG.run(graph, 7))
    right = list(ALGORITHMS["backtracker"].run(graph, 7))
    first_pop = [type(e) for e in bug].index(Pop)
    assert [tuple(e)[:2] for e in bug[:first_pop]] == [tuple(e)[:2] for e in right[:first_pop]]
    assert type(right[first_pop]) is Pop and type(right[first_pop + 1]) is Carve


@pytest.mark.parametrize(
    ("maker", "message"),
    [
        (lambda: g.build("cube", 5, 5), "unknown shape"),
        (lambda: g.build("3d", 5, 5, 0), "levels go from 1 to 20"),
        (lambda: g.build("3d", 5, 5, 1), "at least 2 levels"),
        (lambda: g.build("square", 5, 5, 2), "--levels goes with"),
        (lambda: g.build("torus", 2, 5), "at least 3"),
        (lambda: g.build("hex", 1, 5), "2 to 2000"),
        (lambda: g.build("polar", 5, 1), "2 to 2000 rings"),
    ],
)
def test_bad_shapes_and_sizes_say_why(maker: Any, message: str) -> None:
    with pytest.raises(g.MazeError, match=message):
        maker()


def test_shapes_have_the_neighbours_they_should() -> None:
    assert g.square(3, 3).adjacency[4] == (1, 5, 7, 3)
    assert sorted(g.torus(3, 3).adjacency[0]) == [1, 2, 3, 6]
    assert len(g.hexagonal(5, 5).adjacency[12]) == 6  # an inner hex
    tri = g.triangular(4, 3)
    assert all(len(near) <= 3 for near in tri.adjacency)
    assert g.ring_sizes(5) == (1, 6, 12, 24, 24)
    cube = g.cubic(3, 3, 2)
    assert 4 + 9 in cube.adjacency[4] and len(cube.adjacency[4]) == 5  # stairs up from the middle
    polar = g.polar(4)
    assert all(a in polar.adjacency[b] for a in range(polar.size) for b in polar.adjacency[a])


@pytest.mark.parametrize(("width", "height", "seed"), [(4, 3, 1), (12, 9, 7), (30, 20, 5)])
def test_the_square_graphs_backtracker_is_the_square_maze(width: int, height: int, seed: int) -> None:
    """One backtracker: on the square graph it carves the square demo's maze, event for event."""
    square_run = list(square_maze.carve(width, height, seed))
    assert list(ALGORITHMS["backtracker"].run(g.square(width, height), seed)) == square_run


# --- the End worker on every shape: carving the rest of a drawing -------------------------------------


def drawing(graph: g.CellGraph, seed: int) -> list[g.Passage]:
    """Two pieces drawn apart: the first third of a carving, and one passage between untouched cells."""
    carved = generate(graph, "backtracker", seed)
    first = carved[: len(carved) // 3]
    touched = {cell for pair in first for cell in pair}
    apart = next((a, b) for a, b in graph.edges() if a not in touched and b not in touched)
    return [*first, apart]


@pytest.mark.parametrize("shape", g.SHAPES)
def test_the_rest_of_a_drawing_is_carved_on_every_shape(shape: str) -> None:
    """The drawn passages stay, every cell joins, the pieces are joined once each: a perfect maze; the
    backtracker's events nest (a knock pushes, a Pop backtracks) and the joins come last."""
    graph = shape_graph(shape, *SHAPE_SIZES[shape])
    drawn = drawing(graph, 2)
    stream = list(generators.carve_rest(graph, drawn, 9))
    finished = generators.complete(graph, drawn, 9)
    assert finished[: len(drawn)] == drawn
    assert g.perfect_problem(graph, finished) is None
    carved = [(e.cell, e.other) for e in stream if type(e) is Carve]
    assert [*drawn, *carved] == finished
    joins = [e for e in stream if type(e) is Carve and e.line == carving.LINE_CARVE_JOIN]
    assert joins and stream[-len(joins) :] == joins
    depth = 0
    for event in stream[: len(stream) - len(joins)]:
        depth += {Push: 1, Pop: -1}.get(type(event), 0) + (type(event) is Carve)
        assert depth >= 0
    assert depth == 0


@pytest.mark.parametrize("shape", g.SHAPES)
def test_carving_the_rest_of_nothing_is_the_backtracker(shape: str) -> None:
    """With no passage drawn, the End worker's carving is the backtracker's, event for event."""
    graph = shape_graph(shape, *SHAPE_SIZES[shape])
    assert list(generators.carve_rest(graph, [], 4)) == list(generators.backtracker(graph, 4))


def test_the_square_graph_carves_the_rest_as_the_square_maze_does() -> None:
    """On a square graph the End worker runs the square maze's own loop: the same events and maze."""
    graph = g.square(9, 7)
    drawn = drawing(graph, 5)
    maze = square_maze.Maze.from_passages(9, 7, drawn)
    assert list(generators.carve_rest(graph, drawn, 3)) == list(square_maze.carve_rest(maze, 3))
    finished = generators.complete(graph, drawn, 3)
    assert square_maze.Maze.from_passages(9, 7, finished) == square_maze.complete(maze, 3)


@pytest.mark.parametrize("shape", g.SHAPES)
def test_one_carving_loop_serves_every_shape_and_the_square_maze(shape: str) -> None:
    """The backtracker, carving the rest and its plain answer are all `carving.carve`'s one generator: on
    every shape, and for the square maze's carve, carve_rest, complete and generate (no twin loop)."""
    graph = shape_graph(shape, *SHAPE_SIZES[shape])
    drawn = drawing(graph, 1)
    runs = [generators.backtracker(graph, 2), generators.carve_rest(graph, drawn, 2)]
    runs.append(generators.carve_rest(graph, drawn, 2, told=False))
    if shape == "square":
        maze = square_maze.Maze.from_passages(graph.width, graph.height, drawn)
        runs += [square_maze.carve(graph.width, graph.height, 2), square_maze.carve_rest(maze, 2)]
        runs.append(square_maze.carve_rest(maze, 2, told=False))
    assert all(getattr(run, "gi_code", None) is carving.carve.__code__ for run in runs)


@pytest.mark.parametrize("shape", g.SHAPES)
def test_untold_carving_ends_with_the_passages_its_events_carve_in_their_order(shape: str) -> None:
    """The End worker's answer on any shape is the loop untold (no event built), and it is the told run's:
    the drawing, then every Carve's passage in the order the events carve them, the joins last."""
    graph = shape_graph(shape, *SHAPE_SIZES[shape])
    drawn = drawing(graph, 6)
    stream = generators.carve_rest(graph, drawn, 8)
    carved = [(e.cell, e.other) for e in stream if type(e) is Carve]
    untold = generators.carve_rest(graph, drawn, 8, told=False)
    assert next(untold, None) is None
    assert generators.complete(graph, drawn, 8) == [*drawn, *carved]


def test_the_square_choices_are_each_cells_four_steps_in_a_drawn_order() -> None:
    """Each cell of the square tries its right, down, left and up neighbours (off the grid: the sentinel id
    W * H, always visited) in one of the 24 orders, drawn per cell; the first cell is drawn after them."""
    width, height = 7, 5
    size = width * height
    choices = carving.square_choices(width, height, np.random.default_rng(4))
    assert (choices.degree, choices.size, len(choices.near)) == (4, size, 4 * size)
    orders = set()
    for cell in range(size):
        row, col = divmod(cell, width)
        steps = [(row, col + 1), (row + 1, col), (row, col - 1), (row - 1, col)]
        targets = [r * width + c if 0 <= r < height and 0 <= c < width else size for r, c in steps]
        tried = list(choices.near[4 * cell : 4 * cell + 4])
        assert sorted(tried) == sorted(targets)
        orders.add(tuple(targets.index(t) if t != size else -1 for t in tried))
    assert len(orders) > 12  # drawn per cell, not one order for all
    first = next(square_maze.carve(width, height, 4))
    assert type(first) is Push and first.node == choices.root()  # the same draws, in the same order


def test_one_union_find_counts_parts_and_refuses_a_loop() -> None:
    """graph.Parts, the union-find of the maze checks and of the End worker's joins on every shape."""
    parts = g.Parts(6)
    assert [parts.join(a, b) for a, b in [(0, 1), (1, 2), (2, 0), (4, 5)]] == [True, True, False, True]
    assert parts.root(0) == parts.root(2) != parts.root(3) != parts.root(4) == parts.root(5)
    assert g.components(6, [(0, 1), (1, 2), (2, 0), (4, 5)]) == 3
