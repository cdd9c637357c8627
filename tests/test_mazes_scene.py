"""The maze-shapes demo: perfect mazes on every shape, exact step back, the bug run, the game, printing."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from cli_runner import run_process
from ui import count_colour, press, stage_of

from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.walk import corridors, find_path
from visualizer import theme as th
from visualizer.scenes.mazes import panels, tones
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.game import WalkGame
from visualizer.scenes.mazes.model import (
    BUG,
    CARVE,
    COMPARE,
    LEFT,
    RIGHT,
    SOLVE,
    WALK,
    PairModel,
    shape_model,
)
from visualizer.scenes.mazes.view import STACKED


def play_to_end(shell) -> None:
    """Apply the whole run at once."""
    shell.run.seek(10**9, now=True)


@pytest.mark.parametrize("shape", g.SHAPES)
def test_carving_in_the_app_leaves_a_perfect_maze_on_every_shape(shape: str, app, open_demo) -> None:
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_side(6)
    demo.set_shape(shape)
    play_to_end(shell)
    model = shell.run.model
    assert isinstance(model, CellModel) and demo.graph.shape == shape and model.size == demo.graph.size
    assert g.perfect_problem(demo.graph, sorted(model.opened)) is None
    assert model.cells_in == model.size and not model.stack
    app.frame(1 / 60)


@pytest.mark.parametrize("name", list(gen.ALGORITHMS))
def test_every_generator_on_hex_applies_then_reverts_exactly(name: str) -> None:
    graph = g.build("hex", 7, 6)
    which = gen.algorithm(name)
    model = shape_model(graph, pushes=which.carve_pushes)
    start = model.snapshot()
    events = list(which.run(graph, 3))
    for event in events:
        model.apply(event)
    assert sorted(model.opened) == sorted(tuple(sorted(p)) for p in gen.generate(graph, name, 3))
    assert g.perfect_problem(graph, sorted(model.opened)) is None
    for event in reversed(events):
        model.revert(event)
    assert model.snapshot() == start


@pytest.mark.parametrize("shape", ["polar", "3d"])
def test_step_back_by_keys_restores_every_earlier_state(shape: str, app, open_demo) -> None:
    shell = open_demo("mazes")
    shell.demo.set_shape(shape)
    shell.run.playing = False
    snapshots = [shell.run.model.snapshot()]
    for _ in range(40):
        press(app, pygame.K_RIGHT)
        snapshots.append(shell.run.model.snapshot())
    assert shell.run.model.stack
    for expected in reversed(snapshots[:-1]):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == expected


def test_the_bug_run_carves_what_the_cli_says_beside_a_whole_correct_maze(app, open_demo) -> None:
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_shape("square")
    demo.set_side(10)
    press(app, pygame.K_b)
    assert demo.mode == BUG
    play_to_end(shell)
    app.frame(1 / 60)
    model = shell.run.model
    assert isinstance(model, PairModel)
    bug, correct = model.sides[LEFT], model.sides[RIGHT]
    done = run_process(
        "maze", "generate", "10", "10", "--seed", str(demo.maze_seed), "--shared-state-bug", "--json"
    )
    assert done.returncode == 0, done.stderr
    assert bug.cells_in == json.loads(done.stdout)["carved_cells"] < 100
    assert g.perfect_problem(demo.graph, sorted(correct.opened)) is None


def test_a_3d_maze_is_walked_to_its_goal_by_following_hints() -> None:
    graph = g.cubic(4, 4, 3)
    passages = gen.generate(graph, "backtracker", 7)
    game = WalkGame(graph, passages)
    path = find_path(corridors(graph, passages), graph.start, graph.goal)
    assert path is not None
    floors = set()
    while not game.won:
        step = game.ask_hint()
        assert step is not None and game.step_to(step)
        floors.add(game.floor(game.here))
    assert game.moves == len(path) - 1 and game.hints == game.moves
    assert floors == {0, 1, 2}
    assert not game.step_to(path[-2])  # the game is over: no more moves


def test_walls_stop_the_walker_and_fog_hides_unseen_cells() -> None:
    graph = g.square(5, 5)
    game = WalkGame(graph, gen.generate(graph, "prim", 2))
    closed = [b for b in graph.adjacency[game.here] if b not in game.near[game.here]]
    for cell in closed:
        assert not game.step_to(cell)
    assert game.moves == 0 and sum(game.seen) == 1
    assert not game.visible(12) and game.visible(graph.goal) and game.visible(game.here)


def key_towards(game: WalkGame, cell: int) -> int:
    """The key that walks from where the game stands to a neighbouring cell."""
    floor = game.graph.width * game.graph.height
    if cell == game.here + floor:
        return pygame.K_u
    if cell == game.here - floor:
        return pygame.K_j
    (x0, y0), (x1, y1) = game.centres[game.here], game.centres[cell]
    if abs(x1 - x0) > abs(y1 - y0):
        return pygame.K_d if x1 > x0 else pygame.K_a
    return pygame.K_s if y1 > y0 else pygame.K_w


def test_the_game_is_won_by_key_presses_on_a_3d_maze(app, open_demo) -> None:
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_side(4)
    demo.set_shape("3d")
    press(app, pygame.K_w)
    assert demo.mode == WALK and demo.game is not None
    game = demo.game
    for _ in range(500):
        if game.won:
            break
        press(app, pygame.K_h)
        assert game.hint is not None
        moves = game.moves
        press(app, key_towards(game, game.hint))
        assert game.moves == moves + 1
    assert game.won and game.here == demo.graph.goal
    app.frame(1 / 60)


def test_an_untouched_game_lets_the_app_sleep_and_its_clock_counts_the_time_slept(app, open_demo) -> None:
    """Walk mode with nobody at the keys: at rest (a frame a shown second, not 60), time kept by the clock."""
    from visualizer.scenes.mazes.demo import GAME_CLOCK_MARGIN

    shell = open_demo("mazes")
    demo = shell.demo
    now = [100.0]
    app.player_clock = lambda: now[0]
    press(app, pygame.K_w)
    app.message = ""
    app.frame(1 / 60)
    assert demo.mode == WALK and not demo.game.won
    assert app.at_rest() and shell.wake_after() == pytest.approx(0.5 + GAME_CLOCK_MARGIN)
    now[0] += 3.3  # the nap ends in one frame, whose dt the app caps at a tenth of a second
    app.frame(0.1)
    assert demo.game.seconds == pytest.approx(3.3)
    assert app.at_rest() and shell.wake_after() == pytest.approx(0.2 + GAME_CLOCK_MARGIN)
    demo.set_mode(CARVE)
    assert shell.wake_after() is None


def test_a_click_on_the_next_cell_walks_there(app, open_demo) -> None:
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_mode(WALK)
    game = demo.game
    assert game is not None
    app.frame(1 / 60)
    stage = shell.layout(app.surface.get_size()).stage
    shapes = demo.canvas.shapes_for(demo.graph, demo.layout(stage).maze)
    target = game.near[game.here][0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=shapes.centres[target], button=1))
    app.frame(1 / 60)
    assert game.here == target and game.moves == 1


def test_print_writes_an_svg_and_a_pdf_worksheet(app, open_demo, tmp_path: Path) -> None:
    shell = open_demo("mazes")
    shell.demo.set_shape("polar")
    shell.demo.print_to(tmp_path / "sheet.pdf")
    svg = (tmp_path / "sheet.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "<path d=" in svg
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf", "sheet.svg"]  # no temporary left


def test_compare_after_choosing_prim_on_the_left_shows_two_different_generators(app, open_demo) -> None:
    """L until Prim then M drew Prim on both sides: the same maze twice."""
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_side(6)
    while demo.algorithms[LEFT] != "prim":
        press(app, pygame.K_l, "l")
    press(app, pygame.K_m, "m")
    assert demo.mode == COMPARE and demo.algorithms[LEFT] == "prim" != demo.algorithms[RIGHT]
    play_to_end(shell)
    model = shell.run.model
    assert isinstance(model, PairModel)
    assert model.sides[LEFT].opened != model.sides[RIGHT].opened
    press(app, pygame.K_o, "o")
    while demo.algorithms[RIGHT] != "kruskal":
        press(app, pygame.K_o, "o")
        assert demo.algorithms[LEFT] != demo.algorithms[RIGHT]


def frontier_of(model: CellModel, graph: g.CellGraph) -> set[int]:
    """Cells out of the maze beside a cell in it, worked out afresh."""
    return {
        c
        for c in range(graph.size)
        if not model.inside[c] and any(model.inside[o] for o in graph.adjacency[c])
    }


def test_prims_frontier_is_kept_step_by_step_and_back() -> None:
    graph = g.build("hex", 6, 5)
    model = shape_model(graph, frontier=True)
    start = model.snapshot()
    events = list(gen.prim(graph, 4))
    for event in events:
        model.apply(event)
        shown = {c for c in range(graph.size) if model.beside_maze[c] and not model.inside[c]}  # type: ignore[index]
        assert shown == frontier_of(model, graph) and model.frontier_cells == len(shown)
    for event in reversed(events):
        model.revert(event)
    assert model.snapshot() == start


def test_prims_carving_draws_its_frontier_and_its_legend_names_it(app, open_demo) -> None:
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_shape("square")
    demo.set_side(10)
    demo.set_algorithm(LEFT, "prim")
    shell.run.playing = False
    for _ in range(12):
        press(app, pygame.K_RIGHT)
    app.frame(1 / 60)
    model = shell.run.model
    assert isinstance(model, CellModel) and len(frontier_of(model, demo.graph)) >= 8
    assert ("frontier", str(len(frontier_of(model, demo.graph)))) in demo.counters(model)  # not "depth 0"
    maze = demo.layout(stage_of(app, shell)).maze
    assert count_colour(app.surface, maze, STACKED, step=1) > 8 * 20  # a few pixels a frontier cell at least
    words = [text for _colour, text in panels.legend_rows(CARVE, gen.algorithm("prim"))]
    assert any("frontier" in text for text in words) and not any("stack" in text for text in words)
    assert not any("stack" in text for _c, text in panels.legend_rows(CARVE, gen.algorithm("kruskal")))


def test_a_search_is_told_in_the_same_words_on_every_shape() -> None:
    """One solver, one text: the shapes demo tells every step of a search as the square demo does."""
    import re

    from solvers import maze as mz
    from solvers.events import Visit
    from solvers.mazes.walk import solve
    from visualizer.scenes.maze.model import SOLVE, narrate

    graph = g.square(7, 5)
    open_near = corridors(graph, gen.generate(graph, "backtracker", 3))
    shape_events = list(solve(open_near, graph.start, graph.goal))
    square_events = list(mz.solve(mz.generate(7, 5, 3)))
    shape_told = [panels.solve_words(event, graph) for event in shape_events]
    square_told = [narrate(event, SOLVE, 7) for event in square_events]
    assert shape_told[0] == square_told[0] == "enter (0,0): add it to the path"
    assert {type(event) for event in shape_events} == {type(event) for event in square_events}
    for events, told in ((shape_events, shape_told), (square_events, square_told)):
        assert all(words for event, words in zip(events, told, strict=True) if type(event) is not Visit)

    def templates(told: list[str | None]) -> set[str]:
        """The sentences with their cells and counts left out."""
        return {re.sub(r"\(\d+,\d+\)|\d+", "#", words) for words in told if words}

    assert templates(shape_told) == templates(square_told)


def test_both_maze_demos_paint_a_search_in_the_same_tones(app, open_demo) -> None:
    """The way out and a dead end (its tone and its stripes) look the same in the square demo and on hexes."""
    for name in ("maze", "mazes"):
        shell = open_demo(name)
        demo = shell.demo
        if name == "maze":
            press(app, pygame.K_v, "v")
        else:
            demo.set_side(20)
            demo.set_shape("hex")
            demo.set_mode(SOLVE)
        shell.run.seek(10**9, now=True)
        app.frame(1 / 60)
        assert shell.run.model.path
        if name == "maze":
            maze = pygame.Rect(demo.geometry.origin, demo.geometry.screen_size)
        else:
            maze = demo.layout(stage_of(app, shell)).maze  # the maze alone, not the legend's swatches
        for tone in (tones.PATH, tones.DEAD, tones.STRIPE):  # every cell reached is on the path or a dead end
            assert count_colour(app.surface, maze, tone) > 20, (name, tone)


def test_dead_ends_are_hatched_on_every_shape_as_on_the_square(app, open_demo) -> None:
    """Colour is not the only cue: a hex maze's dead ends carry the square demo's stripes."""
    shell = open_demo("mazes")
    shell.demo.set_side(20)
    shell.demo.set_shape("hex")
    shell.demo.set_mode(SOLVE)
    shell.run.seek(10**9, now=True)
    app.frame(1 / 60)
    model = shell.run.model
    assert isinstance(model, CellModel) and any(model.dead)
    maze = shell.demo.layout(stage_of(app, shell)).maze
    assert count_colour(app.surface, maze, tones.STRIPE, step=1) > 50
    assert count_colour(app.surface, maze, tones.DEAD, step=1) > 50  # between the stripes


def test_a_walled_off_goal_is_reported_and_the_reachable_part_shaded_on_every_shape(app, open_demo) -> None:
    """As in the square demo: no 'solved' when the goal cannot be reached; the cells reached shaded blue."""
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_shape("hex")
    demo.set_mode(SOLVE)
    graph, drawing = demo.graph, demo.history.target
    for near in graph.adjacency[graph.goal]:
        drawing.set_wall(graph.goal, near, True)
    demo.after_walk([])  # the search starts again on the drawing
    shell.run.seek(10**9, now=True)
    app.frame(1 / 60)
    model = shell.run.model
    assert isinstance(model, CellModel) and model.path is None and model.unreachable
    text, colour = panels.single_status(SOLVE, model, graph, done=True)
    reached = model.cells_reached
    assert text == f"the goal cannot be reached: {reached} cells are reachable from the start (shaded blue)"
    assert colour == th.DEAD and reached == graph.size - 1
    maze = demo.layout(stage_of(app, shell)).maze
    assert count_colour(app.surface, maze, tones.REACHED) > 100
    assert count_colour(app.surface, maze, tones.STRIPE) == 0  # dead ends are reachable cells here
    shell.run.seek(shell.run.cursor - 1, now=True)  # back before the search gave up
    assert not shell.run.model.unreachable
