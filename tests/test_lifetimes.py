"""What the app keeps alive and how much: a demo left is freed, caches stay within their bounds.

Counted in objects and cache entries, never in time or bytes: bench/soak.py
measures the memory of a long random run.
"""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest
from ui import TickClock, press

from visualizer.demos import DEMOS
from visualizer.theme import TEXT_CACHE_BYTES, surface_bytes


def left_behind(app, open_demo, name: str, leave) -> list[str]:
    """Open `name` playing, let it run, `leave` it; the parts of it still alive one frame later."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo(name, autoplay=True)
    for _ in range(20):
        app.frame(1 / 60)
    parts = {"shell": shell, "demo": shell.demo, "run": shell.run}
    refs = {part: weakref.ref(obj) for part, obj in parts.items()}
    del shell, parts
    leave()
    app.frame(1 / 60)
    return [part for part, ref in refs.items() if ref() is not None]


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_a_demo_left_for_home_is_freed_by_the_next_frame(app, open_demo, name: str) -> None:
    """Its shell, controller and run (player, model, views) are gone one frame after going home."""
    assert left_behind(app, open_demo, name, app.go_home) == []


def test_a_demo_left_for_another_is_freed_by_the_next_frame(app, open_demo) -> None:
    """Hopping straight from one demo to the next frees the first, though the second plays."""
    assert left_behind(app, open_demo, "maze", lambda: app.open("hanoi", autoplay=True)) == []


def test_the_maze_shapes_graphs_go_with_the_demo(app, open_demo) -> None:
    """The painter's and the narration's per-graph caches kept the last four graphs (and their arrays) alive
    after the demo was left: 167 MB at size 300."""
    from solvers.mazes.graph import CellGraph

    shell = open_demo("mazes", autoplay=True)
    press(app, pygame.K_RIGHTBRACKET, "]")  # a second graph, a size up
    for _ in range(10):
        app.frame(1 / 60)
    del shell
    app.go_home()
    app.frame(1 / 60)
    gc.collect()
    assert [obj for obj in gc.get_objects() if isinstance(obj, CellGraph)] == []


@pytest.mark.parametrize("name", ["pentomino", "sudoku"])
def test_a_new_run_leaves_no_cyclic_garbage_behind(app, open_demo, name: str) -> None:
    """A replaced run, dancing links and all, is collected by the next frame while the new one plays."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo(name, autoplay=True)
    for _ in range(20):
        app.frame(1 / 60)
    shell.new_run(autoplay=True)
    app.frame(1 / 60)
    assert shell.run.playing
    assert gc.collect() == 0


def test_cached_text_stays_within_its_pixel_budget(app) -> None:
    """Narration renders a new string every step: at scale 2 the cache drops old ones to stay in budget."""
    theme = app.theme
    theme.presenter = theme.scale = 2.0
    for step in range(1500):
        theme.text(f"step {step}: the call fib({step % 30}) returns to its caller with a value", "large")
    held = sum(surface_bytes(surface) for surface in theme._texts.values())
    assert held == theme._text_bytes <= TEXT_CACHE_BYTES
    assert 100 < len(theme._texts) < 1500
    latest = theme.text("step 1499: the call fib(29) returns to its caller with a value", "large")
    assert latest is theme.text("step 1499: the call fib(29) returns to its caller with a value", "large")


def test_a_demo_left_with_its_file_dialog_open_is_freed_and_the_dialog_closed(app, open_demo) -> None:
    """The dialog's answer is bound to the demo: leaving closes it, so nothing holds or answers the demo."""
    shell = open_demo("maze")
    press(app, pygame.K_o, "", pygame.KMOD_CTRL)
    assert app.chooser is not None
    demo = weakref.ref(shell.demo)
    del shell
    app.go_home()
    app.frame(1 / 60)
    assert app.chooser is None and demo() is None
