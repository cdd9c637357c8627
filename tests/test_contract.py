"""One contract for every demo in DEMOS: its events revert exactly, and drawing changes nothing.

An eleventh demo gets these checks for free by being listed in `visualizer.demos.DEMOS`.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from visualizer.demos import DEMOS

PREPARE = {
    "tictactoe": lambda demo: demo.set_starts("computer"),
    "games": lambda demo: (demo.set_starts("computer"), demo.wait(), demo.why()),
}
"""Demos that wait for the user get a run first: the computer moves first (games: then "why?")."""
EVENTS = 3000
"""Events applied then reverted per demo (enough to backtrack in every one)."""
CHECK_EVERY = 97
"""Snapshots compared on the way back (a pentomino snapshot is costly)."""


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_reverting_every_applied_event_restores_the_first_state(name: str, open_demo) -> None:
    """Apply the first K events of `source()`, revert them newest first: the snapshot is the start's."""
    demo = open_demo(name).demo
    PREPARE.get(name, lambda demo: None)(demo)
    model = demo.make_model()
    start = model.snapshot()
    events = list(itertools.islice(demo.source(), EVENTS))
    if not events:
        pytest.skip(f"{name} waits for the user before it has events to play")
    snapshots = {}
    for index, event in enumerate(events):
        if index % CHECK_EVERY == 0:
            snapshots[index] = model.snapshot()
        model.apply(event)
    for index in reversed(range(len(events))):
        model.revert(events[index])
        if index in snapshots:
            assert model.snapshot() == snapshots[index], f"event {index} did not revert exactly"
    assert model.snapshot() == start


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_drawing_leaves_the_model_unchanged(name: str, app, open_demo) -> None:
    """Draw the demo at several points of its run: the model's snapshot is the same before and after."""
    shell = open_demo(name)
    for _ in range(4):
        for _ in range(37):
            shell.run.step()
        before = shell.run.model.snapshot()
        shell.draw(app.surface)
        pygame.display.flip()
        assert shell.run.model.snapshot() == before
