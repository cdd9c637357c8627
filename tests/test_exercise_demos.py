"""Every demo that has exercises poses them on its own run: the rules follow the events the player plays."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import Any

import pytest

from solvers.exercise.engine import Exercise

WITH_EXERCISES = ("recursion", "hanoi", "queens", "dlx", "sudoku", "pentomino", "frogs", "trace")
"""The demos whose `exercise_rules` pose steps (the others return None so far)."""


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_the_demos_rules_follow_its_own_run_and_pose_real_choices(
    name: str, app: Any, open_demo: Callable[..., Any]
) -> None:
    shell = open_demo(name)
    demo = shell.demo
    if name == "trace":  # its runs happen off the frame: wait for them (by their futures, never by time)
        concurrent.futures.wait(demo.session.futures, timeout=120)
        app.frame(1 / 60)
        assert demo.session.ready
    exercise = Exercise(demo.source(), demo.exercise_rules())
    asked = 0
    while asked < 25 and (step := exercise.next_step()) is not None:
        assert len(step.choices) >= 2 and step.question and step.explanation
        keys = {choice.key for choice in step.choices}
        assert (step.expected <= keys) if step.multiple else (step.expected in keys)
        exercise.grade(step.expected)
        asked += 1
    assert asked >= 3
    assert exercise.score.right == asked


def test_a_demo_without_exercises_says_so(open_demo: Callable[..., Any]) -> None:
    assert open_demo("rooms").demo.exercise_rules() is None


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
