"""Exercise mode in the app: the run stops at each step, the student makes it, the events grade it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui import TickClock, click, press

from solvers.exercise import results

pytestmark = pytest.mark.usefixtures("app")


def exercising(app: Any, open_demo: Callable[..., Any], name: str) -> Any:
    """Open `name`, turn exercise mode on (I) at a fast speed, and play to the first step.

    A student's name is remembered first, so the first start's name prompt does not take the keys.
    """
    if results.remembered_name() is None:
        results.remember_name("Kim Minji")
    app.player_clock = TickClock()
    shell = open_demo(name, speed=500)
    shell.exercise.clock = app.player_clock
    press(app, pygame.K_i, "i")
    assert shell.exercise.active
    play_to_step(app, shell)
    return shell


def play_to_step(app: Any, shell: Any, frames: int = 600) -> None:
    """Frames until a step is open."""
    for _ in range(frames):
        if shell.exercise.asking:
            return
        app.frame(1 / 60)
    raise AssertionError("no step was posed")


def right_number(shell: Any) -> int:
    """The key (1-9) of the open step's right choice."""
    step = shell.exercise.performance.step
    return next(n for n, choice in enumerate(step.choices, 1) if choice.key == step.expected)


def test_the_run_stops_exactly_at_the_step_and_space_never_skips_it(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "hanoi")
    step = shell.exercise.performance.step
    assert shell.run.cursor == step.index and not shell.run.playing
    for _ in range(3):
        press(app, pygame.K_SPACE, " ")
    assert shell.exercise.performance.step is step and shell.run.cursor == step.index
    assert shell.exercise.performance.exercise.score.asked == 0


def test_a_right_answer_by_its_number_is_graded_by_the_events_and_the_run_plays_on(
    app: Any, open_demo: Any
) -> None:
    shell = exercising(app, open_demo, "queens")
    step = shell.exercise.performance.step
    number = right_number(shell)
    press(app, getattr(pygame, f"K_{number}"), str(number))
    performance = shell.exercise.performance
    assert performance.last.correct and performance.exercise.score.right == 1
    for _ in range(20):
        app.frame(1 / 60)
    assert shell.run.cursor > step.index or shell.exercise.asking


def test_a_wrong_answer_shows_the_rule_and_waits_then_goes_on_from_the_right_step(
    app: Any, open_demo: Any
) -> None:
    shell = exercising(app, open_demo, "hanoi")
    step = shell.exercise.performance.step
    wrong = next(n for n, choice in enumerate(step.choices, 1) if choice.key != step.expected)
    press(app, getattr(pygame, f"K_{wrong}"), str(wrong))
    performance = shell.exercise.performance
    assert performance.reading and not performance.last.correct
    for _ in range(30):
        app.frame(1 / 60)
    assert shell.run.cursor == step.index and not shell.run.playing  # held while the rule is read
    press(app, pygame.K_RETURN)
    assert not performance.reading
    play_to_step(app, shell)
    assert shell.run.cursor > step.index or performance.step.index == step.index


def test_every_step_can_be_made_by_keyboard_alone(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "dlx")
    for _ in range(6):
        performance = shell.exercise.performance
        step = performance.step
        if step.multiple:
            for number in sorted(n for n, c in enumerate(step.choices, 1) if c.key in step.expected):
                press(app, getattr(pygame, f"K_{number}"), str(number))
        else:
            for _ in range(right_number(shell) - 1):
                press(app, pygame.K_TAB)
        press(app, pygame.K_RETURN)
        assert performance.last.correct, step
        play_to_step(app, shell)
    assert shell.exercise.performance.exercise.score.right == 6


def test_a_click_on_a_candidate_answers(app: Any, open_demo: Any) -> None:
    from visualizer import exercisebar

    shell = exercising(app, open_demo, "recursion")
    performance = shell.exercise.performance
    bar = shell.exercise_bar(app.surface.get_size())
    boxes = exercisebar.choice_boxes(bar.w, shell.theme, exercisebar.labels(performance))
    click(app, boxes[right_number(shell) - 1].move(bar.topleft).center)
    assert performance.last is not None and performance.last.correct


def test_while_a_step_is_open_the_log_does_not_tell_it(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "hanoi")
    assert shell._log_lines() == [(shell.run.cursor, "(the log waits while you make the step)")]
    press(app, pygame.K_s, "s")  # show me
    assert shell.exercise.performance.last.shown and not shell.exercise.performance.last.correct


def test_hints_come_one_at_a_time_and_are_counted(app: Any, open_demo: Any) -> None:
    shell = exercising(app, open_demo, "hanoi")
    performance = shell.exercise.performance
    hints = performance.step.hints
    press(app, pygame.K_h, "h")
    assert performance.hint_text == hints[0]
    press(app, pygame.K_h, "h")
    assert performance.hint_text == hints[1]
    press(app, pygame.K_RETURN)
    assert performance.last.hints == 2


def test_leaving_keeps_the_result_in_the_students_file(app: Any, open_demo: Any) -> None:
    results.remember_name("Wang Fang")
    shell = exercising(app, open_demo, "hanoi")
    shell.exercise.student = "Wang Fang"
    press(app, getattr(pygame, f"K_{right_number(shell)}"))
    app.go_home()
    (row,) = results.read_results(results.results_file("Wang Fang"))
    assert (row["demo"], row["steps"], row["right"], row["finished"]) == ("hanoi", "1", "1", "False")


def test_i_cycles_every_decisions_backtracks_then_off(app: Any, open_demo: Any) -> None:
    results.remember_name("Kim Minji")  # no name prompt on the first start
    shell = open_demo("queens")
    kinds = []
    for _ in range(4):
        press(app, pygame.K_i, "i")
        kinds.append(shell.exercise.performance.kind if shell.exercise.active else None)
    assert kinds == ["every", "decisions", "backtracks", None]


def test_a_mode_without_exercises_says_so(app: Any, open_demo: Any) -> None:
    shell = open_demo("frogs")
    shell.demo.play_solution()  # a playback: nothing is searched, so there is no step to make
    press(app, pygame.K_i, "i")
    assert not shell.exercise.active and app.message == "this demo has no exercises yet"


def test_the_launcher_opens_a_demo_in_exercise_mode(tmp_path: Path) -> None:
    from visualizer.app import App, Options
    from visualizer.shell import Shell

    application = App(Options(demo="queens", exercise=True, out_dir=tmp_path))
    try:
        assert isinstance(application.screen, Shell) and application.screen.exercise.active
    finally:
        application.finish()


def test_a_run_the_demo_starts_itself_is_exercised_too(app: Any, open_demo: Any) -> None:
    app.player_clock = TickClock()
    shell = open_demo("tictactoe", speed=500)
    shell.exercise.clock = app.player_clock
    press(app, pygame.K_i, "i")
    for _ in range(5):
        app.frame(1 / 60)
    assert shell.exercise.performance.finished  # your move: the computer has not searched yet
    shell.demo.play(4)  # the centre: now the computer searches, in a run of its own
    play_to_step(app, shell)
    step = shell.exercise.performance.step
    for _ in range(120):  # the player plays up to the step and stops there
        app.frame(1 / 60)
    assert step.kind.startswith("minimax.") and shell.run.cursor == step.index and not shell.run.playing


def test_an_exercise_started_before_the_traced_runs_arrive_poses_its_steps_once_they_do(
    app: Any, open_demo: Any
) -> None:
    """'Your code' traces off the frame: the exercise starts over on the run that arrives (not 0 of 0)."""
    import concurrent.futures

    app.player_clock = TickClock()
    shell = open_demo("trace", speed=500)
    shell.exercise.clock = app.player_clock
    press(app, pygame.K_i, "i")  # the runs are still under way (or just arrived)
    concurrent.futures.wait(shell.demo.session.futures, timeout=120)
    play_to_step(app, shell)
    step = shell.exercise.performance.step
    assert step.kind == "trace.next" and shell.run.cursor == step.index


def test_a_new_run_of_the_demo_starts_the_exercise_over_on_it(app: Any, open_demo: Any) -> None:
    """Frogs: after the person's move L 2→3 the solver's run starts from LL_LRRR, and so does the exercise."""
    shell = exercising(app, open_demo, "frogs")
    assert shell.exercise.performance.step.question.startswith("The frogs stand at LLL_RRR.")
    shell.demo.move_side("L")
    play_to_step(app, shell)
    step = shell.exercise.performance.step
    assert step.question.startswith("The frogs stand at LL_LRRR.") and shell.run.cursor == step.index
    assert shell.exercise.performance.kind == "every"
    shell.demo.play_solution()  # a playback has no search to perform: the exercise ends
    assert not shell.exercise.active


def test_the_frogs_tree_hides_the_moves_not_tried_yet_while_a_step_asks(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a cancel the tree's dotted 'not tried' moves would name the next try: not painted then."""
    from visualizer.scenes.frogs import treeview
    from visualizer.scenes.frogs.tries import UNTRIED

    shell = exercising(app, open_demo, "frogs")
    while not (shell.exercise.performance.step.kind == "frogs.move" and shell.run.model.tree.tried > 1):
        press(app, getattr(pygame, f"K_{right_number(shell)}"), str(right_number(shell)))
        play_to_step(app, shell)
    tree = shell.run.model.tree
    painted: list[Any] = []
    original = treeview.painted

    def keep_painted(*args: Any) -> Any:
        painted.append(original(*args))
        return painted[-1]

    monkeypatch.setattr(treeview, "painted", keep_painted)
    stage = shell.layout(app.surface.get_size()).stage
    geo = shell.demo.tries.geometry(shell.run.model, shell.demo.layout(stage))
    assert any(tree.status(key) == UNTRIED for key in geo.places)  # there is something to hide
    app.frame(1 / 60)
    assert painted and not any(tree.status(key) == UNTRIED for key in painted[-1])


def test_the_traced_result_is_not_shown_while_the_exercise_asks_for_it(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'fib(7) = 13 · 41 calls' under the trees would answer the last step: 'fib(7) = ?' meanwhile."""
    import concurrent.futures

    from visualizer.scenes.trace import view

    drawn: list[list[tuple[str, Any]]] = []
    original = view.draw_outcome

    def draw_outcome(s: Any, r: Any, t: Any, lines: list[tuple[str, Any]]) -> Any:
        drawn.append(lines)
        return original(s, r, t, lines)

    monkeypatch.setattr(view, "draw_outcome", draw_outcome)
    app.player_clock = TickClock()
    shell = open_demo("trace", speed=500)
    concurrent.futures.wait(shell.demo.session.futures, timeout=120)
    app.frame(1 / 60)
    assert any("= 13" in text for text, _colour in drawn[-1])  # watched: the result is there
    shell.exercise.clock = app.player_clock
    press(app, pygame.K_i, "i")
    play_to_step(app, shell)
    app.frame(1 / 60)
    assert [text for text, _colour in drawn[-1]] == ["fib(7) = ?", "fib_memo(7) = ?"]


def test_the_first_start_asks_the_students_name_once_and_remembers_it(app: Any, open_demo: Any) -> None:
    shell = open_demo("hanoi", speed=500)
    press(app, pygame.K_i, "i")
    assert app.prompt is not None and "name" in app.prompt.question
    for letter in "Lee":
        press(app, getattr(pygame, f"K_{letter.lower()}"), letter)
    press(app, pygame.K_RETURN)
    assert app.prompt is None and results.remembered_name() == "Lee" and shell.exercise.student == "Lee"
    for _ in range(3):
        press(app, pygame.K_i, "i")  # decisions, backtracks, off, then every again: no second question
        assert app.prompt is None
    press(app, pygame.K_i, "i")
    assert app.prompt is None and shell.exercise.active


def test_a_long_way_to_the_next_step_is_spread_over_frames(app: Any, open_demo: Any) -> None:
    """A frame hands the engine at most POSE_BUDGET positions: a step far away never holds one frame long."""
    from visualizer import exercising as engine_side

    shell = exercising(app, open_demo, "hanoi")
    performance = shell.exercise.performance
    press(app, getattr(pygame, f"K_{right_number(shell)}"))
    start = performance.exercise.index
    performance.step = None
    performance.exercise.open = None
    budget, engine_side.POSE_BUDGET = engine_side.POSE_BUDGET, 1
    try:
        performance.follow(shell.run)
        assert performance.exercise.index - start <= 1 and not performance.finished
    finally:
        engine_side.POSE_BUDGET = budget
