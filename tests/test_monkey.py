"""Random input on every demo: keys, clicks, drags, the wheel, resizes. Nothing may raise.

A seeded "monkey" per demo: it stands in for a class of students let loose on
the app, and for the brief's rule that bad input never crashes.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from ui import random_event

from visualizer.demos import DEMOS


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_random_input_never_crashes(name: str, app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """300 random inputs, a resize and a return home: the app is still running after."""
    monkeypatch.chdir(tmp_path)  # a stray "save" writes here, not into the repository
    rng = random.Random(f"monkey-{name}")
    assert app.open(name)
    for step in range(300):
        if app.screen.__class__.__name__ == "Home":
            assert app.open(name)
        if step == 150:
            pygame.display.set_mode((900, 640), pygame.RESIZABLE)
        pygame.event.post(random_event(rng, app.surface.get_size()))
        app.frame(1 / 60)
        assert app.running
