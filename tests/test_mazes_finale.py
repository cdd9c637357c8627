"""End on a shape maze: the finished carve or the path found, worked out directly, shows on the next frame.

As the square's (test_finale.py, test_ahead.py): a TickClock makes the
fill's frames a count of clock reads; the card's picture is the run's last
state painted by the demo's own drawing, pixel for pixel.
"""

from __future__ import annotations

import pygame
import pytest
from test_finale import fill_in, ticking
from ui import press, stage_of

from solvers.mazes import generators as gen
from solvers.mazes.walk import corridors, result_of
from visualizer.scenes.mazes import finale
from visualizer.scenes.mazes.cells import passage
from visualizer.scenes.mazes.model import BUG, CARVE, COMPARE, SOLVE


def shapes_demo(app, open_demo, shape: str, side: int, mode: str = CARVE, name: str = "backtracker"):
    """The shapes demo on `shape` at `side`, running `name` (or the search), ticking, one frame in."""
    ticking(app)
    shell = open_demo("mazes")
    shell.demo.set_side(side)
    shell.demo.set_shape(shape)
    shell.demo.set_algorithm(0, name)
    shell.demo.set_mode(mode)
    app.frame(1 / 60)
    return shell


def differing_pixels(one: pygame.Surface, other: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of `rect` (every third each way) that differ between two surfaces."""
    return sum(
        one.get_at((x, y)) != other.get_at((x, y))
        for x in range(rect.x, rect.right, 3)
        for y in range(rect.y, rect.bottom, 3)
    )


@pytest.mark.parametrize(
    ("shape", "side", "name"),
    [("hex", 70, "backtracker"), ("polar", 50, "backtracker"), ("hex", 100, "prim")],
)
def test_end_on_a_carve_shows_the_finished_maze_at_once(
    app, open_demo, shape: str, side: int, name: str
) -> None:
    """End: the card names the finished maze at once; its picture is the run's last state, pixel for pixel."""
    shell = shapes_demo(app, open_demo, shape, side, name=name)
    demo = shell.demo
    press(app, pygame.K_END)
    assert shell.run.busy and shell.run.cursor > 0, "the fill should take several frames at this clock"
    size = demo.graph.size
    walls = f"The maze is carved: {size - 1:,} walls knocked down, {size:,} cells"
    assert shell.end_card.shown_lines[1].startswith(walls)
    stage = stage_of(app, shell)
    painted = pygame.Surface(app.surface.get_size())
    shell.end_card.finale.paint(painted, stage)
    assert differing_pixels(painted, app.surface, stage) > 0, "the half-played run is not the end"
    fill_in(app, shell)
    real = shell.run.model
    assert shell.run.at_end and shell.end_card.shown_lines == []
    plain = finale.plain_work(CARVE, demo.graph, name, demo.maze_seed, [])
    assert plain is not None
    work, args = plain
    assert {passage(a, b) for a, b in work(*args)} == real.opened
    if real.current >= 0:  # Prim ends lighting the cell it joined last: the plain picture lights none
        real.current = -1
        real.repaint_all()
    shown = pygame.Surface(app.surface.get_size())
    demo.draw(shown, stage, shell.run)
    assert differing_pixels(painted, shown, stage) == 0


def test_end_on_a_polar_search_names_the_path_it_ends_on(app, open_demo) -> None:
    """V then End: the card's path length and counts are the search's at its end."""
    shell = shapes_demo(app, open_demo, "polar", 70, mode=SOLVE)
    demo = shell.demo
    press(app, pygame.K_END)
    assert shell.run.busy
    result = result_of(corridors(demo.graph, demo.history.target.opened), demo.graph.start, demo.graph.goal)
    assert result.path is not None
    assert shell.end_card.shown_lines[1] == (
        f"The path from S to G has {len(result.path):,} cells; the search explores {result.visited:,} cells,"
        f" {result.dead_ends:,} dead ends."
    )
    fill_in(app, shell)
    model = shell.run.model
    assert model.path == result.path and model.cells_reached == result.visited


def test_bug_and_compare_have_no_plain_end(app, open_demo) -> None:
    """Two runs side by side: End plays them through, no card."""
    shell = shapes_demo(app, open_demo, "hex", 10)
    for mode in (BUG, COMPARE):
        shell.demo.set_mode(mode)
        assert shell.demo.plain_end() is None and shell.demo.plain_end_ready()


@pytest.fixture
def big_from_small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shape maze of 500 cells or more asks the worker."""
    monkeypatch.setattr(finale, "AHEAD_CELLS", 500)


def test_a_big_carve_is_finished_by_the_worker_as_the_run_starts(app, open_demo, big_from_small) -> None:
    """The worker's passages, asked as the run starts, are the plain function's and the carve's last state."""
    shell = shapes_demo(app, open_demo, "hex", 70)
    asked = shell.demo._plain_answer().asked
    assert asked is not None and asked.future is not None, "the run should have asked the worker"
    worked_out = asked.future.result(timeout=120)
    assert worked_out == gen.complete(shell.demo.graph, [], shell.demo.maze_seed)
    press(app, pygame.K_END)
    assert shell.end_card.shown_lines[1].startswith("The maze is carved: 4,899 walls")
    fill_in(app, shell)
    assert {passage(a, b) for a, b in worked_out} == shell.run.model.opened
