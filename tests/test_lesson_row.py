"""The home screen's Lessons row: the shipped lessons, presented by a click or Enter; a lesson file opened."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest
from ui import click, finish_loading, pick_file, press

from solvers.i18n import assets_folder, use
from visualizer import lessonrow
from visualizer.demos import DEMOS

SHIPPED = sorted((assets_folder() / "lessons").glob("*.toml"))

SMALL = """\
format = 1
title = { en = "Mine" }

[[step]]
demo = "hanoi"
caption.en = "three disks"
"""


def test_the_row_lists_every_shipped_lesson_then_a_way_to_open_a_file(app) -> None:
    assert [entry.path for entry in lessonrow.shipped_lessons()] == SHIPPED
    use("ko")
    titles = [entry.title() for entry in lessonrow.shipped_lessons()]
    assert "이상한 미로: 재귀에서 백트래킹까지" in titles  # each title in the language in force
    home = app.screen
    for size in ((1024, 640), (1280, 800)):
        surface = pygame.Surface(size)
        cards = home.grid(size)[0]
        buttons = lessonrow.buttons(app.theme, size[0], home.lessons_top(cards))
        assert len(buttons) == len(SHIPPED) + 1
        assert all(not button.colliderect(card) for button in buttons for card in cards)
        assert all(surface.get_rect().contains(button) for button in buttons), size
        for left, right in itertools.pairwise(buttons):
            assert left.right < right.left  # side by side, none over another


@pytest.mark.parametrize("index", range(len(SHIPPED)))
def test_a_click_on_a_lesson_presents_it_from_its_first_step(app, index: int) -> None:
    app.frame(1 / 60)
    button = app.screen.lesson_buttons(app.screen.grid(app.surface.get_size())[0])[index]
    click(app, button.center)
    shipped = lessonrow.shipped_lessons()[index]
    assert app.lesson is not None and app.lesson.lesson == shipped.lesson and app.lesson.index == 0
    assert app.screen.demo.name == shipped.lesson.steps[0].demo


def test_enter_on_the_focused_lesson_presents_it(app) -> None:
    press(app, pygame.K_LEFT)  # from the first demo back round to the last button: open a file
    assert app.screen.focus == len(DEMOS) + len(SHIPPED)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    assert app.lesson is not None and app.lesson.lesson == lessonrow.shipped_lessons()[-1].lesson


def test_a_lesson_file_chosen_in_the_dialog_is_presented_and_a_bad_one_named(app, tmp_path: Path) -> None:
    app.frame(1 / 60)
    opener = app.screen.lesson_buttons(app.screen.grid(app.surface.get_size())[0])[-1]
    bad = tmp_path / "bad.toml"
    bad.write_text(SMALL.replace('"hanoi"', '"nope"'), encoding="utf-8")
    click(app, opener.center)
    pick_file(app, bad)
    finish_loading(app)
    assert app.lesson is None and "bad.toml:5: demo must be one of" in app.message
    good = tmp_path / "mine.toml"
    good.write_text(SMALL, encoding="utf-8")
    click(app, opener.center)
    pick_file(app, good)
    finish_loading(app)
    assert app.lesson is not None and app.lesson.lesson.title == {"en": "Mine"}
    assert app.screen.demo.name == "hanoi"
