"""--autoplay: a lesson plays from its first step to its last, each step's part and then the next."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui import TickClock

from solvers.i18n import assets_folder
from solvers.lessons import Position, load_lesson
from visualizer import lesson as lesson_module
from visualizer.lesson import AUTOPLAY_HOLD, LessonPresenter, kind_or_inner

LESSONS = assets_folder() / "lessons"
FRAME = 1.0
"""Seconds of app time a test frame takes: a step's hold lasts a few frames."""


def assert_reached(run, position: Position | None, cursor: int, where: tuple[int, str]) -> None:
    """The run stands at `cursor`, on an event of the kind `position` names, or at its number."""
    if position is None:
        return
    if position.kind is not None:
        assert kind_or_inner(position.kind)(run.last_event), where
    if position.event is not None:
        assert cursor == position.event, where
    if position.end:
        assert run.at_end, where


@pytest.mark.parametrize("name", sorted(path.name for path in LESSONS.glob("*.toml")))
def test_every_shipped_lesson_autoplays_to_its_end_through_every_step(app, name: str) -> None:
    app.player_clock = TickClock()  # the events a frame plays depend on nothing but the frames
    presenter = LessonPresenter(app, load_lesson(LESSONS / name), autoplay=True)
    app.lesson = presenter
    steps = presenter.lesson.steps
    seen: list[int] = []
    for _frame in range(3_000):
        if not app.running:
            break
        if presenter.finished() and presenter.index not in seen:
            step, run = steps[presenter.index], app.screen.run
            where = (presenter.index, name)
            assert app.screen.demo.name == step.demo, where
            assert app.screen.exercise.active == (step.exercise is not None), where
            if step.exercise is None:  # (an exercise takes the run on to the first step it asks)
                assert run.cursor == presenter.span.end, where  # it played its part, and stopped there
                assert_reached(run, step.to if step.do == "play" else step.at, run.cursor, where)
            seen.append(presenter.index)
        app.frame(FRAME)
    assert not app.running, "the app stops after the lesson's last step"
    assert seen == list(range(len(steps)))  # every step, in order, none skipped
    assert presenter.index == len(steps) - 1


def test_a_step_stays_on_screen_for_its_hold_before_the_next(app) -> None:
    app.player_clock = TickClock()
    presenter = LessonPresenter(app, load_lesson(LESSONS / "frogs.toml"), autoplay=True)
    app.lesson = presenter
    frames = 0
    while presenter.index == 0:
        app.frame(0.25)
        frames += 1
    assert frames >= AUTOPLAY_HOLD / 0.25  # the first step stays its hold, though it has nothing to play


def test_the_command_line_autoplays_from_a_step_and_quits_at_the_end(tmp_path: Path, monkeypatch) -> None:
    from visualizer.__main__ import main
    from visualizer.app import App

    monkeypatch.setattr(lesson_module, "AUTOPLAY_HOLD", 0.0)
    drawn = []
    frame = App.frame

    def counted_frame(self: App, dt: float) -> None:
        drawn.append(dt)
        frame(self, dt)

    monkeypatch.setattr(App, "frame", counted_frame)
    shot = tmp_path / "end.png"
    frogs = LESSONS / "frogs.toml"
    last = len(load_lesson(frogs).steps)
    code = main(["--lesson", str(frogs), "--step", str(last), "--autoplay", "--frames", "100000"])
    assert code == 0 and len(drawn) < 100  # the last step held, then the app quit by itself
    code = main(["--lesson", str(frogs), "--autoplay", "--step", str(last), "--screenshot", str(shot)])
    assert code == 0 and shot.stat().st_size > 0
    pygame.display.quit()
