"""Presenting a lesson: each step's position reached, the clicker keys, leaving and coming back."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui import press

from solvers.i18n import assets_folder
from solvers.lessons import HERE, load_lesson
from visualizer import theme as th
from visualizer.lesson import LessonPresenter, Span, kind_or_inner

LESSONS = assets_folder() / "lessons"


def present(app, name: str, first: int = 0) -> LessonPresenter:
    """Start presenting a shipped lesson on the app."""
    app.lesson = LessonPresenter(app, load_lesson(LESSONS / name), first)
    return app.lesson


@pytest.mark.parametrize("name", sorted(path.name for path in LESSONS.glob("*.toml")))
def test_every_step_reaches_the_event_its_position_names(app, name: str) -> None:
    presenter = present(app, name)
    before: Span | None = None
    for index, step in enumerate(presenter.lesson.steps):
        presenter.go(index)
        if step.at == HERE:  # it goes on where the step before left the same run (a new run: its start)
            if step.same_run(presenter.lesson.steps[index - 1]):
                assert before is not None and presenter.span.start == before.end
            else:
                assert presenter.span.start == 0
        assert app.screen.demo.name == step.demo
        if not presenter.finished():
            presenter.next()  # a playing step finishes its part at once
        run = app.screen.run
        assert presenter.finished() and run.cursor == presenter.span.end
        for position, cursor in ((step.at, presenter.span.start), (step.to, presenter.span.end)):
            if position is not None and position.kind is not None:
                run.seek(cursor, now=True)
                assert kind_or_inner(position.kind)(run.last_event), (index, position)
            if position is not None and position.event is not None:
                assert cursor == position.event
        before = presenter.span


def test_the_maze_lesson_shows_its_articles_numbers(app) -> None:
    presenter = present(app, "mysterious-maze.toml", 2)
    presenter.next()
    model = app.screen.run.model
    assert app.screen.demo.n == 5 and "120" in " ".join(v for _k, v in app.screen.demo.counters(model))
    presenter.go(4)
    presenter.next()
    assert type(app.screen.run.last_event).__name__ == "Overflow"
    presenter.go(3)
    assert app.screen.exercise.active  # the exercise step hands the run to the class


def test_the_clicker_keys_move_between_steps(app) -> None:
    presenter = present(app, "frogs.toml")
    press(app, pygame.K_PAGEDOWN)
    assert presenter.index == 1
    press(app, pygame.K_RIGHT)  # a step that stays has played its part: Right moves on
    assert presenter.index == 2 and not presenter.finished()
    press(app, pygame.K_RIGHT)  # while it plays, Right is the player's step
    assert presenter.index == 2
    press(app, pygame.K_PAGEDOWN)  # finishes the part at once
    assert presenter.index == 2 and presenter.finished()
    press(app, pygame.K_PAGEDOWN)
    assert presenter.index == 3
    press(app, pygame.K_PAGEUP)
    assert presenter.index == 2
    press(app, pygame.K_b)
    assert presenter.blank and app.surface.get_at((640, 400))[:3] == (0, 0, 0)
    press(app, pygame.K_b)
    assert not presenter.blank
    press(app, pygame.K_F5)
    assert presenter.index == 0 and app.screen.run.cursor == 0


def test_the_class_leaves_the_lesson_and_comes_back_where_it_was(app) -> None:
    presenter = present(app, "mysterious-maze.toml", 7)
    where = app.screen.run.cursor
    assert where > 0
    press(app, pygame.K_l)
    assert presenter.away
    press(app, pygame.K_HOME)  # the class restarts the run and plays with it
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_PAGEDOWN)  # not the lesson's while they have the demo
    assert presenter.index == 7 and app.screen.run.cursor == 1
    press(app, pygame.K_l)
    assert not presenter.away and presenter.index == 7 and app.screen.run.cursor == where
    assert app.screen.demo.name == "rooms"


def test_escape_leaves_the_lesson(app) -> None:
    present(app, "frogs.toml")
    press(app, pygame.K_ESCAPE)
    assert app.lesson is None and not hasattr(app.screen, "demo")


def test_the_command_line_opens_a_step_headless(tmp_path: Path) -> None:
    from visualizer.__main__ import main

    shot = tmp_path / "step.png"
    code = main(
        ["--lesson", str(LESSONS / "frogs.toml"), "--step", "3", "--frames", "3", "--screenshot", str(shot)]
    )
    assert code == 0 and shot.stat().st_size > 0
    pygame.display.quit()


def test_a_bad_lesson_on_the_command_line_is_one_line_and_exit_2(tmp_path: Path, capsys) -> None:
    from visualizer.__main__ import main

    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\ntitle = { en = 'T' }\n[[step]]\ndemo = 'nope'\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["--lesson", str(bad)])
    assert exit_.value.code == 2 and f"{bad}:4: demo must be one of" in capsys.readouterr().err


def test_the_caption_sits_at_the_bottom_and_takes_its_clicks(app) -> None:
    presenter = present(app, "frogs.toml", 2)
    app.frame(1 / 60)
    box = presenter.caption_box
    assert box.bottom > app.surface.get_height() - 40 and box.h > 40
    assert tuple(app.surface.get_at((box.centerx, box.bottom - 3)))[:3] == tuple(th.TITLE_BAR)[:3]
    cursor = app.screen.run.cursor
    playing = app.screen.run.playing
    from ui import click

    click(app, (box.x + 30, box.bottom - 10))  # the restart button lies under it
    assert app.screen.run.cursor >= cursor and app.screen.run.playing == playing


def test_on_an_exercise_step_the_caption_leaves_the_answers_free(app) -> None:
    presenter = present(app, "mysterious-maze.toml", 3)
    app.frame(1 / 60)
    bar = app.screen.exercise_bar(app.surface.get_size())
    assert bar.h > 0 and not presenter.caption_box.colliderect(bar)


def test_the_minimax_lesson_sets_the_shortcut_and_cuts_in_the_game_tree(app) -> None:
    presenter = present(app, "minimax.toml", 2)
    assert app.screen.demo.shortcut is False and app.screen.demo.algorithm == "minimax"
    presenter.go(3)
    assert app.screen.demo.shortcut is True
    presenter.go(6)
    presenter.next()
    assert type(app.screen.run.last_event.event).__name__ == "Prune"


def test_the_dancing_links_lesson_solves_the_sudoku_it_reads_as_the_post_does(app) -> None:
    lesson = load_lesson(LESSONS / "dancing-links.toml")
    index = next(k for k, step in enumerate(lesson.steps) if step.demo == "sudoku")
    presenter = present(app, "dancing-links.toml", index)
    written = [int(word) for word in lesson.steps[index].settings["puzzle"].split()]
    assert len(written) == 81 and list(app.screen.demo.givens) == written
    presenter.go(index + 1)
    presenter.next()
    assert type(app.screen.run.last_event).__name__ == "Solution"
    assert list(app.screen.demo.givens) == written  # the same run, played on to its solution


def test_the_maze_lesson_has_the_class_walk_the_rooms_and_carve_the_maze(app) -> None:
    lesson = load_lesson(LESSONS / "mysterious-maze.toml")
    exercised = {step.demo for step in lesson.steps if step.exercise is not None}
    assert exercised >= {"recursion", "rooms", "tictactoe", "maze"}
    last = len(lesson.steps) - 1
    present(app, "mysterious-maze.toml", last)
    assert app.screen.demo.name == "maze" and app.screen.exercise.active


def test_a_click_folds_the_caption_off_the_picture_and_another_unfolds_it(app) -> None:
    from ui import click

    presenter = present(app, "frogs.toml", len(load_lesson(LESSONS / "frogs.toml").steps) - 1)
    if app.prompt is not None:  # the exercise asks the student's name the first time: Esc keeps none
        press(app, pygame.K_ESCAPE)
    app.frame(1 / 60)
    full = presenter.caption_box.copy()
    assert app.screen.exercise.active and full.y < app.surface.get_height() // 3  # at the stage's top
    spot = (full.x + 20, full.bottom - 8)  # under the caption: the frogs' strip
    click(app, (full.x + 30, full.y + 10))
    assert presenter.folded and presenter.caption_box.h < full.h and presenter.caption_box.w < full.w // 2
    assert not presenter.caption_box.collidepoint(spot)
    assert tuple(app.surface.get_at(spot))[:3] != tuple(th.TITLE_BAR)[:3]  # the picture shows there now
    click(app, presenter.caption_box.center)
    assert not presenter.folded and presenter.caption_box == full
    click(app, (full.x + 30, full.y + 10))
    presenter.previous()
    assert not presenter.folded  # each step starts with its caption unfolded


def test_a_message_stands_above_the_caption(app) -> None:
    presenter = present(app, "frogs.toml", 1)
    app.frame(1 / 60)
    assert app.screen_keeps_clear(app.surface) == presenter.caption_box.top > 0


def test_a_steps_panel_opens_out_of_the_strip_at_a_presenter_scale(app) -> None:
    presenter = present(app, "mysterious-maze.toml")
    app.theme.zoom(2)  # the teacher's Ctrl+= twice: the side cards fold into the strip
    step = next(k for k, s in enumerate(presenter.lesson.steps) if s.panel == "code" and s.demo == "rooms")
    presenter.go(step)
    layout = app.screen.layout(app.surface.get_size())
    assert "code" in dict(layout.strip) and layout.opened == "code"


def test_the_minmax_lesson_draws_the_minimax_tree_where_one_tree_fits(app) -> None:
    from solvers.minimax import MINIMAX_SIDE

    presenter = present(app, "minmax-recursion.toml")
    steps = [k for k, step in enumerate(presenter.lesson.steps) if step.demo == "gametree"]
    assert steps
    for index in steps:  # the post has no alpha-beta: its tree is the minimax one
        presenter.go(index)
        assert app.screen.demo.alone == MINIMAX_SIDE and app.screen.exercise.active is False
