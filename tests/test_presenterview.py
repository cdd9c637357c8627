"""The presenter view: the notes, the next step and a clock, as an overlay or in a second window."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
from ui import press

from solvers.lessons import parse_lesson
from visualizer import theme as th
from visualizer.lesson import LessonPresenter
from visualizer.presenterview import minutes_seconds, notes_look

LESSON = """\
format = 1
languages = ["en", "ko"]
title = { en = "Calls", ko = "호출" }

[[step]]
demo = "recursion"
at = 0
caption = { en = "first", ko = "첫째" }
notes = { en = "ask who has seen a stack", ko = "스택을 본 적 있는지 묻기" }

[[step]]
demo = "recursion"
at = 3
caption = { en = "second", ko = "둘째" }
"""

NOON = time.struct_time((2026, 11, 27, 12, 5, 0, 4, 331, 0))


def present(app) -> LessonPresenter:
    """Present the two-step lesson."""
    app.lesson = LessonPresenter(app, parse_lesson(LESSON))
    return app.lesson


def ctrl_n(app) -> None:
    """The presenter view's key."""
    press(app, pygame.K_n, "", pygame.KMOD_CTRL)


def test_the_look_has_this_steps_notes_the_next_caption_and_the_time() -> None:
    lesson = parse_lesson(LESSON)
    first = notes_look(lesson, 0, "ko", 65.4, NOON, away=False, blank=False)
    assert (first.counter, first.notes, first.caption, first.next_caption) == (
        "step 1 of 2",
        "스택을 본 적 있는지 묻기",
        "첫째",
        "둘째",
    )
    assert (first.elapsed, first.clock, first.state) == ("01:05", "12:05", "")
    last = notes_look(lesson, 1, "en", 3725, NOON, away=True, blank=False)
    assert (last.notes, last.next_caption, last.elapsed) == ("", "", "1:02:05")
    assert "the class has the demo" in last.state
    assert minutes_seconds(-3) == "00:00"


def test_ctrl_n_shows_the_overlay_then_a_window_then_nothing(app) -> None:
    presenter = present(app)
    view = app.presenter_view
    before = app.surface.copy()
    corner = pygame.Rect(app.surface.get_width() - 300, 20, 280, 200)
    ctrl_n(app)
    assert view.mode == "overlay" and view.window is None
    app.frame(1 / 60)
    changed = sum(
        before.get_at((x, y)) != app.surface.get_at((x, y))
        for x in range(corner.x, corner.right, 4)
        for y in range(corner.y, corner.bottom, 4)
    )
    assert changed > 500  # the card is over the demo's top right
    ctrl_n(app)
    app.frame(1 / 60)
    assert view.mode == "window" and view.window is not None  # the dummy driver has windows too
    window = view.window.get_surface()
    ink = sum(
        window.get_at((x, y))[:3] == th.INK for x in range(0, window.get_width(), 3) for y in range(0, 300, 3)
    )
    assert ink > 50 and window.get_at((2, 2))[:3] == th.BACKGROUND
    assert presenter.index == 0
    press(app, pygame.K_PAGEDOWN)  # the clicker still moves the lesson; the window follows
    assert presenter.index == 1 and view.look().counter == "step 2 of 2"
    ctrl_n(app)
    assert view.mode == "off" and view.window is None


def test_the_windows_clicks_are_not_the_demos_and_closing_it_turns_it_off(app) -> None:
    present(app)
    ctrl_n(app)
    ctrl_n(app)
    app.frame(1 / 60)
    view = app.presenter_view
    window = view.window
    run = app.screen.run
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(30, 30), button=1, window=window)
    assert view.takes(click)
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=window))
    app.frame(1 / 60)
    assert view.mode == "off" and view.window is None and app.running and run is app.screen.run


def test_leaving_the_lesson_closes_the_window(app) -> None:
    present(app)
    ctrl_n(app)
    ctrl_n(app)
    app.frame(1 / 60)
    press(app, pygame.K_ESCAPE)
    assert app.lesson is None and app.presenter_view.window is None


def test_ctrl_n_is_nothing_outside_a_lesson(app, open_demo) -> None:
    open_demo("recursion")
    ctrl_n(app)
    assert app.presenter_view.mode == "off"


def test_a_screenshot_run_of_a_lesson_has_no_presenter_view(tmp_path: Path) -> None:
    """Headless, one screen: the projector's picture alone, and no second window."""
    from visualizer.__main__ import main

    lesson = tmp_path / "l.toml"
    lesson.write_text(LESSON, encoding="utf-8")
    shot = tmp_path / "s.png"
    assert main(["--lesson", str(lesson), "--frames", "2", "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 0
    pygame.display.quit()


def test_with_two_screens_the_window_opens_with_the_lesson(app, monkeypatch) -> None:
    from visualizer import presenterview

    monkeypatch.setattr(presenterview, "displays", lambda: 2)
    placed: list[int] = []
    opener = presenterview.open_presenter_window

    def open_presenter_window() -> Any:
        placed.append(1)
        return opener()

    monkeypatch.setattr(presenterview, "open_presenter_window", open_presenter_window)
    present(app)
    app.frame(1 / 60)
    assert app.presenter_view.mode == "window" and app.presenter_view.window is not None and placed


def test_the_clock_counts_real_seconds_from_the_lessons_start(app) -> None:
    """The app's frame time stops at rest (a frame a second, counted as 0.1 s): the clock does not."""
    now = [1000.0]
    view = app.presenter_view
    view.seconds = lambda: now[0]
    present(app)
    app.frame(1 / 60)
    now[0] += 125
    assert view.look().elapsed == "02:05"
    app.lesson = None
    app.frame(1 / 60)
    present(app)  # a new lesson starts its clock again
    app.frame(1 / 60)
    now[0] += 3
    assert view.look().elapsed == "00:03"


def test_the_teachers_window_goes_to_a_screen_the_projector_is_not_on() -> None:
    from visualizer.presenterview import teachers_display

    assert teachers_display(100, [1920, 1280]) == 1  # the lesson on the laptop's screen: the view beside it
    assert teachers_display(2000, [1920, 1280]) == 0  # the lesson on the projector: the view on the laptop
    assert teachers_display(100, [1920]) == 0
    assert teachers_display(-500, [1920, 1280]) == 0  # a screen left of the first one


def test_the_overlay_keeps_off_an_exercise_steps_caption(app) -> None:
    """On an exercise step the caption moves to the stage's top, where the overlay would cover it."""
    from solvers.i18n import assets_folder
    from solvers.lessons import load_lesson

    lesson = load_lesson(assets_folder() / "lessons" / "mysterious-maze.toml")
    exercise = next(i for i, step in enumerate(lesson.steps) if step.exercise)
    app.lesson = LessonPresenter(app, lesson, exercise)
    app.prompt = None  # the student's name, asked once when an exercise starts
    ctrl_n(app)
    app.frame(1 / 60)
    caption, box = app.lesson.caption_box, app.presenter_view.box
    assert caption.h and box.h and not box.colliderect(caption) and box.bottom <= app.surface.get_height()


def test_closing_the_projectors_window_quits_while_the_view_has_its_own(app) -> None:
    """SDL sends QUIT only when the last window closes: with the view's window open, the app's close quits."""
    present(app)
    ctrl_n(app)
    ctrl_n(app)
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=None))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert not app.running
