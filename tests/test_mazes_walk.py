"""`walk.solve` and `walk.next_step` on every shape, 3-D stairs included; `generate --json | solve -`."""

from __future__ import annotations

from itertools import pairwise

import pytest
from cli_runner import run_process

from solvers.events import DeadEnd, Pop, Push, Solution
from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.walk import corridors, find_path, next_step, solve


@pytest.mark.parametrize("shape", g.SHAPES)
def test_solve_finds_a_walkable_path_and_its_stack_events_balance(shape: str) -> None:
    graph = g.build(shape, 6, 5)
    near = corridors(graph, gen.generate(graph, "wilson", 5))
    events = list(solve(near, graph.start, graph.goal))
    path = next(e.answer for e in events if type(e) is Solution)
    assert path[0] == graph.start and path[-1] == graph.goal
    assert all(b in near[a] for a, b in pairwise(path))
    assert len(set(path)) == len(path)
    depth = 0
    for event in events:
        depth += (type(event) is Push) - (type(event) is Pop)
        assert depth >= 0
        if type(event) is DeadEnd:
            assert event.where not in path
    assert depth == 0


def test_next_step_from_every_cell_of_a_3d_maze_reaches_the_goal_by_the_stairs() -> None:
    graph = g.cubic(4, 3, 3)
    near = corridors(graph, gen.generate(graph, "backtracker", 11))
    floor = graph.width * graph.height
    stairs_taken = 0
    for cell in range(graph.size):
        here, steps = cell, 0
        while here != graph.goal:
            step = next_step(near, here, graph.goal)
            assert step is not None and step in near[here]
            stairs_taken += abs(step - here) == floor
            here, steps = step, steps + 1
            assert steps <= graph.size
        assert steps == len(find_path(near, cell, graph.goal) or ()) - 1
    assert stairs_taken > 0
    assert next_step(near, graph.goal, graph.goal) is None


def test_no_way_gives_no_step_and_no_path() -> None:
    graph = g.square(3, 3)
    near = corridors(graph, [(0, 1), (1, 2)])  # the goal (8) is walled off
    assert find_path(near, 0, 8) is None and next_step(near, 0, 8) is None


def test_generate_json_pipes_into_solve() -> None:
    """The whole generate JSON (with its fractional "seconds") is a maze solve reads."""
    made = run_process("maze", "generate", "9", "7", "--seed", "3", "--json")
    assert made.returncode == 0, made.stderr
    assert '"seconds": ' in made.stdout
    solved = run_process("maze", "solve", "-", "--json", stdin=made.stdout)
    assert solved.returncode == 0, solved.stderr
    assert '"path": [[0, 0]' in solved.stdout


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (('"width": 9', '"width": 9.0'), "width and height must be whole numbers"),
        (('"start": 0', '"start": 0.5'), "start"),
        (('"right": [[', '"right": [[0.0, '), "'right' must be"),
    ],
)
def test_fractions_in_the_maze_keys_are_refused_in_one_line(edit: tuple[str, str], words: str) -> None:
    made = run_process("maze", "generate", "9", "7", "--seed", "3", "--json")
    assert made.returncode == 0, made.stderr
    assert edit[0] in made.stdout
    broken = made.stdout.replace(edit[0], edit[1], 1)
    solved = run_process("maze", "solve", "-", stdin=broken)
    assert solved.returncode == 2 and words in solved.stderr
    assert solved.stderr.count("\n") == 1
