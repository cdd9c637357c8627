"""The N-queens demo on a headless window: real keys and clicks, the model and the pixels."""

from __future__ import annotations

import json

import pygame
from ui import (
    assert_left_restores,
    click,
    count_colour,
    play_to_end,
    press,
    pushed_not_popped,
    stage_of,
    step_until,
)

from solvers import dlx, queens
from solvers.events import Choose, Pop, Push
from visualizer import theme as th
from visualizer.scenes.exact_cover.model import CoverModel
from visualizer.scenes.queens.model import attacked_squares
from visualizer.scenes.queens.view import DARK_SQUARE, LIGHT_SQUARE


def test_right_places_the_pushed_queens_and_left_restores_each_state(app, open_demo) -> None:
    """Every step: the board's queens are the rows pushed and not popped; Left undoes exactly."""
    shell = open_demo("queens")
    app.frame(1 / 60)
    snapshots = [shell.run.model.snapshot()]
    pops = 0
    for _ in range(80):
        press(app, pygame.K_RIGHT)
        model = shell.run.model
        squares = [shell.demo.encoding.squares[row] for row in pushed_not_popped(shell.run)]
        assert model.queens() == squares
        assert not attacked_squares(shell.demo.n, squares) & set(squares)
        pops += type(shell.run.last_event) is Pop
        snapshots.append(model.snapshot())
    assert pops >= 3 and shell.run.cursor == 80
    assert_left_restores(app, shell, snapshots)


def test_a_tried_queen_is_blue_on_its_square_and_its_lines_are_hatched(app, open_demo) -> None:
    """After the first Push the queen's square holds the active colour; an attacked square is hatched."""
    shell = open_demo("queens")
    step_until(app, shell, lambda event: type(event) is Push)
    app.frame(1 / 60)
    stage = stage_of(app, shell)
    square = shell.demo.encoding.squares[shell.run.last_event.what]
    assert count_colour(app.surface, shell.demo.layout(stage).square_rect(square), th.ACTIVE, 1) > 40
    rank, file = square
    other = (rank, (file + 1) % shell.demo.n)  # same rank: attacked
    base = DARK_SQUARE if sum(other) % 2 else LIGHT_SQUARE
    hatch = th.blend(base, th.DEAD, 0.45)
    assert count_colour(app.surface, shell.demo.layout(stage).square_rect(other), hatch, 1) > 10


def test_play_to_the_end_finds_every_placement_and_they_can_be_browsed(app, open_demo, public_data) -> None:
    """N = 6 played out: the OEIS count of valid placements; , and . browse; the board shows it in green."""
    known = json.loads((public_data / "nqueens" / "nqueens_counts.json").read_text())
    shell = open_demo("queens")
    play_to_end(app, shell)
    model = shell.run.model
    assert len(model.solutions) == known["total_A000170"][str(shell.demo.n)]
    placements = {shell.demo.encoding.files(answer) for answer in model.solutions}
    assert len(placements) == len(model.solutions)
    assert all(queens.is_placement(files) for files in placements)
    assert shell.demo.solution_label() == f"solution {len(placements)} of {len(placements)}"
    press(app, pygame.K_COMMA, ",")
    press(app, pygame.K_COMMA, ",")
    assert shell.demo.solution_label() == f"solution {len(placements) - 2} of {len(placements)}"
    shown = model.solutions[len(placements) - 3]
    stage = stage_of(app, shell)
    for row in shown:
        box = shell.demo.layout(stage).square_rect(shell.demo.encoding.squares[row])
        assert count_colour(app.surface, box, th.DONE, 1) > 40
    button = next(w for w in shell.options if getattr(w, "label", "") == "▶")
    for _ in range(5):
        click(app, button.rect.center)
    assert shell.demo.solution_label() == f"solution {len(placements)} of {len(placements)}"


def test_model_counts_knuths_nodes_and_updates_for_both_column_choices(app, open_demo) -> None:
    """The scene's nodes and updates at the end equal the engine's own counters, fewest and leftmost."""
    shell = open_demo("queens")
    press(app, pygame.K_LEFTBRACKET, "[")  # N = 5
    assert shell.demo.n == 5
    seen = {}
    for strategy in ("fewest", "leftmost"):
        if shell.demo.strategy != strategy:
            press(app, pygame.K_c, "c")
        assert shell.demo.strategy == strategy
        play_to_end(app, shell)
        counters = dlx.Counters()
        dlx.count(queens.encode(5).matrix, strategy=strategy, counters=counters)
        model = shell.run.model
        assert (model.nodes, model.updates) == (counters.nodes, counters.updates)
        assert len(model.solutions) == counters.solutions
        seen[strategy] = model.nodes
    assert seen["fewest"] != seen["leftmost"]


def test_a_full_run_reverted_returns_the_matrix_to_its_start(app, open_demo) -> None:
    """Play N = 4 to the end, then Home: every link and size is back; and step back from the end too."""
    shell = open_demo("queens")
    for _ in range(2):
        press(app, pygame.K_LEFTBRACKET, "[")
    start = shell.run.model.snapshot()
    play_to_end(app, shell)
    model: CoverModel = shell.run.model
    while shell.run.cursor:
        event = shell.run.last_event
        shell.run.back()
        assert shell.run.model is model, "the ring holds a short run: no replay"
        if type(event) is Choose:
            assert model.size(event.column) == event.size
    assert model.snapshot() == start


def test_stepper_choice_and_keys_change_the_run(app, open_demo) -> None:
    """+ on the N stepper, ] and [, the 'leftmost' segment and C each start a new run."""
    shell = open_demo("queens")
    press(app, pygame.K_RIGHT)
    stepper = next(w for w in shell.options if getattr(w, "label", "") == "N")
    app.frame(1 / 60)
    click(app, (stepper.rect.right - 5, stepper.rect.centery))
    assert shell.demo.n == 7 and shell.run.cursor == 0
    for _ in range(12):
        press(app, pygame.K_RIGHTBRACKET, "]")
    assert shell.demo.n == 16
    press(app, pygame.K_LEFTBRACKET, "[")
    assert shell.demo.n == 15 and len(shell.run.model.squares) == 225
    choice = next(w for w in shell.options if getattr(w, "options", None))
    app.frame(1 / 60)
    segment = choice._segments[1]
    click(app, segment.center)
    assert shell.demo.strategy == "leftmost"
    press(app, pygame.K_c, "c")
    assert shell.demo.strategy == "fewest"


def test_the_strip_lights_the_column_being_decided(app, open_demo) -> None:
    """After a Choose, the strip shows that column's bar in the active colour."""
    shell = open_demo("queens")
    step_until(app, shell, lambda event: type(event) is Choose)
    app.frame(1 / 60)
    strip = shell.demo.layout(stage_of(app, shell)).strip
    assert count_colour(app.surface, strip, th.ACTIVE, 1) > 30
    assert "choose rank" in shell.demo.narrate(shell.run.last_event) or "choose file" in shell.demo.narrate(
        shell.run.last_event
    )
