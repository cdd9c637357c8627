"""The recursion demo on a headless window: real key and mouse events, model and pixels."""

from __future__ import annotations

import itertools

import pygame
from ui import click, count_colour, press

from solvers.events import Overflow
from visualizer import theme as th


def test_right_arrow_winds_the_stack_and_left_unwinds_it(app, open_demo) -> None:
    """Right pushes fact(5), fact(4), ...; Left takes them back exactly."""
    shell = open_demo("recursion")
    app.frame(1 / 60)
    snapshots = [shell.run.model.snapshot()]
    for _ in range(6):
        press(app, pygame.K_RIGHT)
        snapshots.append(shell.run.model.snapshot())
    model = shell.run.model
    assert [model.args[n] for n in model.stack] == [5, 4, 3]
    for expected in reversed(snapshots[:-1]):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == expected


def test_space_plays_to_the_answer_and_the_screen_says_it(app, open_demo) -> None:
    """Play at full speed: both programs return 120 and a green banner shows it."""
    shell = open_demo("recursion", speed=float("inf"))
    press(app, pygame.K_SPACE)
    for _ in range(10):
        app.frame(1 / 60)
    model = shell.run.model
    assert shell.run.at_end and model.returned[0] == 120 and model.loop_result == 120
    stage = shell.layout(app.surface.get_size()).stage
    assert count_colour(app.surface, stage, th.DONE) > 200


def test_overflow_button_fills_the_stack_to_the_limit(app, open_demo) -> None:
    """Clicking "overflow it" picks N past the limit; the run ends in a red STACK OVERFLOW."""
    shell = open_demo("recursion", speed=float("inf"))
    app.frame(1 / 60)
    button = next(w for w in shell.options if getattr(w, "label", "") == "overflow it")
    click(app, button.rect.center)
    for _ in range(10):
        app.frame(1 / 60)
    model = shell.run.model
    assert shell.demo.n == shell.demo.limit + 4
    assert model.overflow == Overflow(shell.demo.limit, shell.demo.limit, 3)
    stage = shell.layout(app.surface.get_size()).stage
    assert count_colour(app.surface, stage, th.DEAD) > 300


def test_tree_mode_grows_the_call_tree_node_by_node(app, open_demo) -> None:
    """Key 3 switches to the tree; each Push adds one node to the call tree."""
    shell = open_demo("recursion")
    press(app, pygame.K_3, "3")
    assert shell.demo.mode == "tree"
    sizes = []
    for _ in range(8):
        press(app, pygame.K_RIGHT)
        sizes.append(shell.run.model.tree.count)
    assert sizes == sorted(sizes) and sizes[-1] >= 3
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(sizes))


def test_stepper_changes_n_and_restarts(app, open_demo) -> None:
    """The + of the N stepper makes N 6 and the run starts again at event 0."""
    shell = open_demo("recursion")
    press(app, pygame.K_RIGHT)
    stepper = next(w for w in shell.options if getattr(w, "label", "") == "N")
    click(app, (stepper.rect.right - 5, stepper.rect.centery))
    assert shell.demo.n == 6 and shell.run.cursor == 0


def test_timeline_click_seeks(app, open_demo) -> None:
    """A click at the middle of the timeline lands the cursor near the middle of the run."""
    shell = open_demo("recursion")
    total = shell.run.known_length()  # the factorial's closed form, known before a single event
    assert total == sum(1 for _ in shell.demo.source())
    lay = shell.layout(app.surface.get_size())
    bar = shell._timeline_bar(lay.timeline)
    click(app, (bar.centerx, bar.centery))
    for _ in range(3):
        app.frame(1 / 60)
    assert abs(shell.run.cursor - total / 2) <= 1


def test_the_call_tree_zooms_pans_and_resets(app, open_demo) -> None:
    """In tree mode the wheel over the call tree zooms, a drag pans, 0 shows the whole tree again."""
    from ui import drag, stage_of

    shell = open_demo("recursion")
    press(app, pygame.K_3, "3")
    for _ in range(6):
        press(app, pygame.K_RIGHT)
    tree_card = shell.demo.layout(stage_of(app, shell)).tree
    centre = tree_card.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=4))
    app.frame(1 / 60)
    camera = shell.demo.card.camera
    assert camera.zoom > 1
    drag(app, [centre, (centre[0] + 40, centre[1] + 30), (centre[0] + 80, centre[1] + 60)])
    assert camera.pan_x != 0
    press(app, pygame.K_0, "0")
    assert (camera.zoom, camera.pan_x, camera.pan_y) == (1.0, 0.0, 0.0)
