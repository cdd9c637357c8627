"""Drawing on a hex maze with the mouse: clicks and drags open and close walls, undo and redo, step back."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest
from ui import click, drag, press

from solvers.mazes.walk import corridors, find_path
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.model import SOLVE


def open_hex_solve(app, open_demo):
    """The maze-shapes demo solving a 10 x 10 hex maze, paused at its start; the painter's shapes."""
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_shape("hex")
    demo.set_mode(SOLVE)
    shell.run.playing = False
    app.frame(1 / 60)
    stage = shell.layout(app.surface.get_size()).stage
    return shell, demo, demo.canvas.shapes_for(demo.graph, demo.layout(stage).maze)


def towards(shapes, a: int, b: int, share: float) -> tuple[int, int]:
    """The screen point `share` of the way from a's centre to b's."""
    (ax, ay), (bx, by) = shapes.centres[a], shapes.centres[b]
    return round(ax + (bx - ax) * share), round(ay + (by - ay) * share)


def is_open(demo, a: int, b: int) -> bool:
    """True where the drawing has a passage a-b."""
    return demo.history.target.is_open(a, b)


def test_a_click_near_a_wall_toggles_it_and_undo_redo_follow(app, open_demo) -> None:
    shell, demo, shapes = open_hex_solve(app, open_demo)
    a = 34
    b = next(nb for nb in demo.graph.adjacency[a] if not is_open(demo, a, nb))
    click(app, towards(shapes, a, b, 0.4))
    assert is_open(demo, a, b)
    model = shell.run.model
    assert isinstance(model, CellModel) and (min(a, b), max(a, b)) in model.opened
    press(app, pygame.K_z, "z")
    assert not is_open(demo, a, b) and (min(a, b), max(a, b)) not in shell.run.model.opened
    press(app, pygame.K_y, "y")
    assert is_open(demo, a, b) and (min(a, b), max(a, b)) in shell.run.model.opened


def test_a_drag_sets_every_wall_it_crosses_the_same_way_as_one_edit(app, open_demo) -> None:
    _shell, demo, shapes = open_hex_solve(app, open_demo)
    row = [demo.graph.width * 4 + col for col in range(1, 7)]  # six hexes side by side, E of each other
    first_open = is_open(demo, row[0], row[1])
    before = {pair: is_open(demo, *pair) for pair in pairwise(row)}
    drag(app, [shapes.centres[cell] for cell in row])
    assert all(is_open(demo, a, b) == (not first_open) for a, b in pairwise(row))
    stroke = demo.history.done[-1]  # named for what it did, as in the square demo
    assert stroke.words == ("draw walls" if first_open else "knock down walls")
    press(app, pygame.K_z, "z")
    assert {pair: is_open(demo, *pair) for pair in before} == before
    assert not demo.history.can_undo


def test_the_solver_runs_on_the_drawn_maze_and_step_back_leaves_the_drawing(app, open_demo) -> None:
    shell, demo, shapes = open_hex_solve(app, open_demo)
    graph = demo.graph
    path = find_path(corridors(graph, demo.history.target.opened), graph.start, graph.goal)
    assert path is not None
    a, b = path[len(path) // 2], path[len(path) // 2 + 1]
    click(app, towards(shapes, a, b, 0.4))  # wall up across the way out: the maze has no way now
    assert not is_open(demo, a, b)
    shell.run.seek(10**9, now=True)
    assert shell.run.model.path is None and shell.run.model.snapshot()[0] == tuple(
        sorted(demo.history.target.opened)
    )
    shell.run.seek(0, now=True)
    snapshots = [shell.run.model.snapshot()]
    for _ in range(30):
        press(app, pygame.K_RIGHT)
        snapshots.append(shell.run.model.snapshot())
    for expected in reversed(snapshots[:-1]):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == expected
    assert not is_open(demo, a, b) and demo.history.can_undo


@pytest.mark.parametrize("mode_key", [pygame.K_c, pygame.K_w])
def test_clicks_do_not_draw_outside_solve_mode(mode_key: int, app, open_demo) -> None:
    _shell, demo, shapes = open_hex_solve(app, open_demo)
    press(app, mode_key)
    opened = set(demo.history.target.opened)
    click(app, towards(shapes, 34, demo.graph.adjacency[34][0], 0.4))
    assert demo.history.target.opened == opened and not demo.history.can_undo
