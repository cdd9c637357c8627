"""My progress: the student's results file summed up by demo and kind, on a card over the home screen."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui import click, count_colour, press

from solvers.exercise import results
from solvers.exercise.engine import Score
from visualizer import progress
from visualizer import theme as th


def rows(*scores: tuple[str, str, int, int, str]) -> list[dict[str, str]]:
    """Results-file rows: (demo, kind, steps, right, when)."""
    return [
        {"demo": demo, "kind": kind, "steps": str(steps), "right": str(right), "when": when}
        for demo, kind, steps, right, when in scores
    ]


def test_the_summary_adds_up_each_demo_and_kind_in_the_order_first_practised() -> None:
    summary = results.summarise(
        rows(
            ("hanoi", "every", 4, 2, "2026-11-20T10:00:00+00:00"),
            ("queens", "decisions", 10, 10, "2026-11-21T10:00:00+00:00"),
            ("hanoi", "every", 6, 6, "2026-11-25T09:00:00+00:00"),
            ("hanoi", "decisions", 0, 0, "2026-11-26T09:00:00+00:00"),
        )
    )
    assert [(p.demo, p.kind, p.exercises, p.steps, p.right) for p in summary] == [
        ("hanoi", "every", 2, 10, 8),
        ("queens", "decisions", 1, 10, 10),
        ("hanoi", "decisions", 1, 0, 0),
    ]
    hanoi = summary[0]
    assert (hanoi.share, hanoi.recent, hanoi.last) == (80, (50, 100), "2026-11-25")
    assert summary[2].recent == () and summary[2].share == 0  # no steps: no score to draw


def test_a_hand_edited_file_is_read_without_crashing() -> None:
    (row,) = results.summarise(
        [{"demo": "hanoi", "kind": "every", "steps": "many", "right": "-3", "when": ""}]
    )
    assert (row.steps, row.right, row.recent, row.last) == (0, 0, (), "")
    (row,) = results.summarise(rows(("dlx", "every", 3, 9, "2026-11-01")))
    assert row.right == 3 and row.recent == (100,)  # never more right than made


def test_the_recent_scores_are_the_last_few() -> None:
    many = rows(*[("hanoi", "every", 10, n, f"2026-11-{n + 10:02}") for n in range(10)])
    (row,) = results.summarise(many)
    assert row.recent == tuple(10 * n for n in range(10 - results.RECENT, 10))


@pytest.fixture
def kim() -> str:
    """A student with three hanoi exercises and one of queens in the results file."""
    results.remember_name("Kim Minji")
    setup = results.Setup("hanoi", "3 disks", None, "every")
    for right in (2, 5, 7):
        results.save_result("Kim Minji", setup, Score(asked=7, right=right), True)
    results.save_result(
        "Kim Minji", results.Setup("queens", "6", None, "decisions"), Score(asked=4, right=1), False
    )
    return "Kim Minji"


def test_m_opens_my_progress_from_the_home_screen_and_esc_closes_it(app: Any, kim: str) -> None:
    press(app, pygame.K_m, "m")
    card = app.screen.progress
    assert card is not None and card.student == kim and card.path == str(results.results_file(kim))
    hanoi = card.summary[0]
    assert (hanoi.demo, hanoi.exercises, hanoi.steps, hanoi.right, hanoi.recent) == (
        "hanoi",
        3,
        21,
        14,
        (29, 71, 100),
    )
    press(app, pygame.K_ESCAPE)
    assert app.screen.progress is None and app.running  # Esc closed the card, not the app


def test_the_button_opens_it_and_the_card_draws_each_score(app: Any, kim: str) -> None:
    from visualizer.home import progress_chip

    click(app, progress_chip(app.theme, app.surface.get_width()).center)
    assert app.screen.progress is not None
    app.frame(1 / 60)
    rect = progress.card_rect(app.surface.get_size(), app.theme)
    bars = pygame.Rect(
        progress.column_xs(rect)[-1], rect.y, rect.right - progress.column_xs(rect)[-1], rect.h
    )
    assert count_colour(app.surface, bars, th.DONE, step=1) > 0  # the 100 % bar
    assert count_colour(app.surface, bars, th.ORANGE, step=1) > 0  # the 29 % one


def test_n_changes_the_name_and_the_card_shows_that_names_file(app: Any, kim: str) -> None:
    press(app, pygame.K_m, "m")
    press(app, pygame.K_n, "n")
    assert app.prompt is not None and app.prompt.text == kim
    for _ in kim:
        press(app, pygame.K_BACKSPACE)
    for letter in "Lee":
        press(app, getattr(pygame, f"K_{letter.lower()}"), letter)
    press(app, pygame.K_RETURN)
    card = app.screen.progress
    assert results.remembered_name() == "Lee" and card.student == "Lee" and card.summary == []
    assert card.path == str(results.results_file("Lee"))


def test_with_no_results_the_card_says_how_to_start(app: Any) -> None:
    press(app, pygame.K_m, "m")
    assert app.screen.progress.summary == [] and app.screen.progress.student == results.ANONYMOUS
