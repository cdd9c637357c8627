"""The rooms demo on a headless window: the walk follows the text, step back, variants, pixels."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pygame
from ui import press

from solvers.events import Visit
from visualizer import theme as th


def test_the_walk_visits_rooms_in_the_texts_order(app, open_demo) -> None:
    shell = open_demo("rooms")
    shell.run.seek(10**6, now=True)
    app.frame(1 / 60)
    model = shell.run.model
    assert model.visited == ["A", "2", "1", "3", "4", "6", "7", "8", "5", "B"]
    assert model.path == ("A", "2", "3", "4", "5", "B")
    assert model.dead == ["1", "7", "8", "6"]
    stage = shell.layout(app.surface.get_size()).stage
    assert _count(app.surface, stage, th.DONE) > 2000  # the green path and room B


def test_the_log_tells_the_walk_like_the_text(app, open_demo) -> None:
    shell = open_demo("rooms")
    told = [shell.demo.narrate(event) for _, event in _all_events(shell)]
    story = " ".join(line for line in told if line)
    steps = [
        "starts in room A",
        "room A to room 2",
        "room 2 to room 1",
        "Dead end in room 1",
        "back to room 2",
        "room 2 to room 3",
        "room 4 to room 6",
        "Dead end in room 7",
        "room 6 to room 8",
        "Dead end in room 8",
        "back to room 4",
        "room 4 to room 5",
        "sees room B",
    ]
    positions = [story.index(step) for step in steps]
    assert positions == sorted(positions)


def test_stepping_forward_and_back_restores_every_state(app, open_demo) -> None:
    shell = open_demo("rooms")
    app.frame(1 / 60)
    snapshots = [shell.run.model.snapshot()]
    for _ in range(25):
        press(app, pygame.K_RIGHT)
        snapshots.append(shell.run.model.snapshot())
    assert len(shell.run.model.visited) >= 4
    for expected in reversed(snapshots[:-1]):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == expected


def test_the_loop_variant_skips_a_visited_room(app, open_demo) -> None:
    shell = open_demo("rooms")
    press(app, pygame.K_2, "2")
    assert shell.demo.variant == "loop" and shell.run.cursor == 0
    shell.run.seek(10**6, now=True)
    model = shell.run.model
    assert model.path == ("A", "2", "3", "4", "6", "8", "5", "B")
    assert "4" in model.skipped  # from 5, the corridor back to 4 leads to a visited room


def test_no_way_out_ends_without_b(app, open_demo) -> None:
    shell = open_demo("rooms")
    press(app, pygame.K_3, "3")
    shell.run.seek(10**6, now=True)
    app.frame(1 / 60)
    model = shell.run.model
    assert model.unreachable and model.path is None and "B" not in model.visited
    visits = [e.where for _, e in _all_events(shell) if type(e) is Visit]
    assert visits == ["A", "2", "1", "3", "4", "6", "7", "8", "5"]
    stage = shell.layout(app.surface.get_size()).stage
    assert _count(app.surface, stage, th.DEAD) > 300  # the red banner and dead ends


def test_detail_key_adds_the_skipped_corridors_to_the_log(app, open_demo) -> None:
    shell = open_demo("rooms")
    events = [event for _, event in _all_events(shell)]
    short = sum(1 for e in events if shell.demo.narrate(e))
    press(app, pygame.K_d, "d")
    assert shell.demo.detail
    assert sum(1 for e in events if shell.demo.narrate(e)) > short


def test_the_model_imports_no_pygame() -> None:
    code = "import sys, visualizer.scenes.rooms.model; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_help_lists_the_key_table(app, open_demo) -> None:
    shell = open_demo("rooms")
    rows = dict(shell.demo.bindings.help_rows())
    assert {"1", "2", "3", "D"} <= set(rows)
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    assert all(lay.map_inner.contains(box) for box in lay.rooms.values())


def _all_events(shell) -> list[tuple[int, object]]:
    """Every event of the run, by playing it to the end."""
    shell.run.seek(10**6, now=True)
    return shell.run.recent(10**6)


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """Pixels of exactly `colour` in `rect`."""
    pixels = pygame.surfarray.array3d(surface.subsurface(rect.clip(surface.get_rect())))
    return int(np.all(pixels == np.array(colour), axis=-1).sum())
