"""Every demo that has exercises poses them on its own run: the rules follow the events the player plays."""

from __future__ import annotations

import concurrent.futures
import itertools
from collections.abc import Callable
from typing import Any

import pytest
from test_contract import PREPARE
from test_exercise import game_tree_answer

from solvers.exercise.engine import Exercise, Step
from visualizer.demos import DEMOS

WITH_EXERCISES = (
    "recursion", "hanoi", "queens", "dlx", "sudoku", "pentomino", "tictactoe", "gametree", "games",
    "frogs", "trace", "maze", "mazes", "rooms",
)  # fmt: skip
"""The demos whose `exercise_rules` pose steps (the others return None so far)."""


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_the_demos_rules_follow_its_own_run_and_pose_real_choices(
    name: str, app: Any, open_demo: Callable[..., Any]
) -> None:
    shell = open_demo(name)
    demo = shell.demo
    PREPARE.get(name, lambda demo: None)(demo)  # a search to perform: the computer moves first
    if name == "trace":  # its runs happen off the frame: wait for them (by their futures, never by time)
        concurrent.futures.wait(demo.session.futures, timeout=120)
        app.frame(1 / 60)
        assert demo.session.ready
    exercise = Exercise(demo.source(), demo.exercise_rules())
    asked = 0
    while asked < 25 and (step := exercise.next_step()) is not None:
        assert len(step.choices) >= 2 and step.question and step.explanation
        assert expected_among_choices(step)
        exercise.grade(step.expected)
        asked += 1
    assert asked >= 3
    assert exercise.score.right == asked


def test_every_demo_has_exercises() -> None:
    assert [entry.name for entry in DEMOS if entry.name not in WITH_EXERCISES] == []


def expected_among_choices(step: Step) -> bool:
    """The step's answer is one of its choices (a set of them when it takes several)."""
    keys = {choice.key for choice in step.choices}
    if step.multiple:
        return isinstance(step.expected, frozenset) and step.expected <= keys
    return step.expected in keys


def follow(demo: Any, limit: int = 25) -> int:
    """Answer up to `limit` of the demo's steps on its own run by the rules' answers; how many were asked."""
    exercise = Exercise(demo.source(), demo.exercise_rules())
    asked = 0
    while asked < limit and (step := exercise.next_step()) is not None:
        assert len({choice.key for choice in step.choices}) >= 2 and expected_among_choices(step)
        exercise.grade(step.expected)
        asked += 1
    return asked


def test_the_maze_demos_rules_follow_every_run_their_settings_make(open_demo: Callable[..., Any]) -> None:
    from visualizer.scenes.mazes.model import BUG, COMPARE, LEFT, SOLVE
    from visualizer.scenes.rooms.model import LOOP, NO_WAY

    maze = open_demo("maze").demo
    maze.set_size(6, 5)
    maze.solve()
    assert follow(maze) >= 2
    shapes = open_demo("mazes").demo
    for shape, algorithm in (("hex", "prim"), ("triangle", "kruskal"), ("polar", "hunt-and-kill")):
        shapes.set_shape(shape)
        shapes.set_algorithm(LEFT, algorithm)
        assert follow(shapes) >= 3, (shape, algorithm)
    shapes.set_mode(SOLVE)
    assert follow(shapes) >= 1
    shapes.set_mode(COMPARE)
    shapes.set_algorithm(LEFT, "backtracker")
    assert follow(shapes) >= 3  # the left generator's steps, the right one beside unasked
    exercise = Exercise(shapes.source(), shapes.exercise_rules())
    events = list(shapes.source())
    while (step := exercise.next_step()) is not None and exercise.score.asked < 10:
        assert events[step.index].side == LEFT and step.kind.startswith("carve.")
        exercise.grade(step.expected)
    shapes.set_algorithm(LEFT, "wilson")
    assert shapes.exercise_rules() is None  # every choice a fresh draw: no steps
    shapes.set_mode(BUG)
    assert shapes.exercise_rules() is None  # the buggy run would show each step first
    rooms = open_demo("rooms").demo
    for variant in (LOOP, NO_WAY):
        rooms.set_variant(variant)
        assert follow(rooms) >= 3


@pytest.mark.parametrize(
    "name, settings",
    [
        ("tictactoe", ()),
        ("tictactoe", ("set_algorithm:minimax", "toggle_shortcut", "toggle_ordered")),
        ("games", ()),
    ],
)
def test_a_game_demos_steps_agree_with_the_events_of_the_run_it_plays(
    name: str, settings: tuple[str, ...], open_demo: Callable[..., Any]
) -> None:
    demo = open_demo(name).demo
    for setting in settings:
        action, _colon, argument = setting.partition(":")
        getattr(demo, action)(*([argument] if argument else []))
    PREPARE[name](demo)
    events = list(itertools.islice(demo.source(), 3000))
    exercise = Exercise(iter(events), demo.exercise_rules())
    kinds = set()
    for _count in range(300):
        step = exercise.next_step()
        if step is None or step.index + 2 > len(events):  # near the slice's end the events are cut short
            break
        assert exercise.grade(game_tree_answer(step, events)).correct, step
        kinds.add(step.kind)
    assert "minimax.value" in kinds
    if "set_algorithm:minimax" in settings:
        assert kinds <= {"minimax.value", "minimax.move"}  # no α, β or cuts in plain minimax
    else:
        assert "minimax.window" in kinds


def test_the_frogs_rules_follow_the_games_position_and_a_playback_has_none(
    open_demo: Callable[..., Any],
) -> None:
    """After the move L 2→3 the solver (and its exercise) starts from LL_LRRR; a playback asks nothing."""
    demo = open_demo("frogs").demo
    demo.move_side("L")
    assert demo.game.state == "LL_LRRR"
    exercise = Exercise(demo.source(), demo.exercise_rules())
    first = exercise.next_step()
    assert first is not None and first.question.startswith("The frogs stand at LL_LRRR.")
    demo.play_solution()
    assert demo.exercise_rules() is None
