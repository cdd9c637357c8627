"""A seed gives the same maze in every version, and the solvers try neighbours in their documented order.

The pinned mazes (tests/data/maze_pins.json) are small: the square maze of
`solvers.maze` for three seeds, and every generator of `solvers.mazes` on
every shape for one seed.  Each pin is also checked to be a perfect maze, so
a pin is never a broken maze written down.  A change that means to carve
differently rewrites the pins (``python tests/test_maze_pins.py --write``)
and says so in its commit; a change that does not mean to fails here.

The solver orders are worked out by hand on an open 3 x 3 grid, from the
centre to the top-left corner: every neighbour tried, in order, and the path.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from solvers import maze as square_maze
from solvers.events import Note
from solvers.maze import find_path, reachable, solve
from solvers.mazes import generators, walk
from solvers.mazes import graph as g
from solvers.mazes.walk import LINE_SOLVE_TRY, LINE_SOLVE_VISITED

PINS = Path(__file__).resolve().parent / "data" / "maze_pins.json"
SQUARE_SEEDS = [(4, 3, 1), (5, 4, 2), (6, 2, 3)]
"""(width, height, seed) of the pinned square mazes."""
SHAPE_SEED = 5
SHAPE_SIZE = {
    "square": (4, 3),
    "hex": (4, 3),
    "triangle": (4, 3),
    "polar": (1, 3),
    "3d": (3, 2),
    "torus": (4, 3),
}
"""Each shape's pinned size (polar: 3 rings; 3d: 3 x 2 on two floors)."""
CASES = [(shape, name) for shape in g.SHAPES for name in generators.ALGORITHMS]


def shape_graph(shape: str) -> g.CellGraph:
    """The pinned size of `shape`."""
    width, height = SHAPE_SIZE[shape]
    return g.build(shape, width, height, 2 if shape == "3d" else None)


def current_pins() -> dict[str, Any]:
    """What this version carves for every pinned seed."""
    square = {
        f"{w}x{h} seed {seed}": square_maze.generate(w, h, seed).to_text() for w, h, seed in SQUARE_SEEDS
    }
    shapes = {
        f"{shape} {name}": " ".join(
            f"{a}-{b}" for a, b in generators.generate(shape_graph(shape), name, SHAPE_SEED)
        )
        for shape, name in CASES
    }
    about = "Mazes a seed must keep giving (passages 'a-b' in carving order); tests/test_maze_pins.py --write"
    return {"about": about, "square": square, "shapes": shapes}


@pytest.fixture(scope="module")
def pins() -> dict[str, Any]:
    """The pinned mazes."""
    return json.loads(PINS.read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize(("width", "height", "seed"), SQUARE_SEEDS)
def test_the_square_maze_of_a_seed_is_the_pinned_one(
    pins: dict[str, Any], width: int, height: int, seed: int
) -> None:
    """generate(W, H, seed) draws the pinned maze, a perfect one (W x H - 1 passages, every cell reached)."""
    carved = square_maze.generate(width, height, seed)
    assert carved.to_text() == pins["square"][f"{width}x{height} seed {seed}"]
    assert len(carved.passages()) == width * height - 1 and reachable(carved).all()


@pytest.mark.parametrize(("shape", "name"), CASES, ids=[f"{shape}-{name}" for shape, name in CASES])
def test_each_generator_on_each_shape_carves_the_pinned_maze(
    pins: dict[str, Any], shape: str, name: str
) -> None:
    """The same passages, in the same order, as pinned; the pin is a perfect maze of the shape."""
    graph = shape_graph(shape)
    words = pins["shapes"][f"{shape} {name}"].split()
    pinned = [(int(a), int(b)) for a, _, b in (word.partition("-") for word in words)]
    assert generators.generate(graph, name, SHAPE_SEED) == pinned
    assert g.perfect_problem(graph, pinned) is None


def tried(events: list[Any]) -> list[tuple[str, Any, Any]]:
    """Each neighbour the solver looked at, in order: ('try' or 'seen', from, to)."""
    words = {LINE_SOLVE_TRY: "try", LINE_SOLVE_VISITED: "seen"}
    return [(words[e.line], *e.what) for e in events if type(e) is Note and e.line in words]


def test_the_square_solver_tries_right_down_left_up() -> None:
    """Open 3 x 3, centre to corner: right, down, then left along the bottom, then up the left side.

    The events name cells by flat id row * 3 + col, as on every shape: (1, 1) is 4, (0, 0) is 0.
    """
    events = list(solve(square_maze.Maze.empty(3, 3), (1, 1), (0, 0)))
    assert tried(events) == [
        ("try", 4, 5),
        ("try", 5, 8),
        ("try", 8, 7),
        ("seen", 7, 8),
        ("try", 7, 6),
        ("seen", 6, 7),
        ("try", 6, 3),
        ("seen", 3, 4),
        ("seen", 3, 6),
        ("try", 3, 0),
    ]
    path = ((1, 1), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0))
    found = find_path(square_maze.Maze.empty(3, 3), (1, 1), (0, 0))
    assert (found.path, found.visited, found.dead_ends, found.max_depth) == (path, 7, 0, 7)


def test_the_shape_solver_tries_neighbours_in_the_graphs_order_up_right_down_left() -> None:
    """Open 3 x 3 square graph, centre (4) to corner (0): a spiral up, right, down, left and up."""
    graph = g.square(3, 3)
    everything = [(a, b) for a in range(9) for b in graph.adjacency[a] if a < b]
    events = list(walk.solve(walk.corridors(graph, everything), 4, 0))
    assert tried(events) == [
        ("try", 4, 1),
        ("try", 1, 2),
        ("try", 2, 5),
        ("seen", 5, 2),
        ("try", 5, 8),
        ("seen", 8, 5),
        ("try", 8, 7),
        ("seen", 7, 4),
        ("seen", 7, 8),
        ("try", 7, 6),
        ("try", 6, 3),
        ("try", 3, 0),
    ]
    assert walk.find_path(walk.corridors(graph, everything), 4, 0) == [4, 1, 2, 5, 8, 7, 6, 3, 0]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    PINS.write_text(json.dumps(current_pins(), indent=1) + "\n")
