"""Random input on every demo: keys, clicks, drags, the wheel, resizes. Nothing may raise.

A seeded "monkey" per demo: it stands in for a class of students let loose on
the app, and for the brief's rule that bad input never crashes.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from visualizer.demos import DEMOS

KEYS = [
    pygame.K_SPACE,
    pygame.K_RIGHT,
    pygame.K_LEFT,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_n,
    pygame.K_s,
    pygame.K_k,
    pygame.K_RETURN,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFTBRACKET,
    pygame.K_RIGHTBRACKET,
    pygame.K_COMMA,
    pygame.K_PERIOD,
    *range(pygame.K_0, pygame.K_9 + 1),
    *range(pygame.K_a, pygame.K_z + 1),
]
SKIPPED = {pygame.K_f, pygame.K_g, pygame.K_p}
"""Fullscreen, GIF and PNG keys: tested on their own in test_app.py."""


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """One plausible input event somewhere in (or just off) the window."""
    w, h = size
    pos = (rng.randint(-20, w + 20), rng.randint(-20, h + 20))
    roll = rng.random()
    if roll < 0.45:
        key = rng.choice([k for k in KEYS if k not in SKIPPED])
        char = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
    if roll < 0.7:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 3]))
    if roll < 0.8:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice([1, 3]))
    if roll < 0.95:
        return pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=pos,
            rel=(rng.randint(-30, 30), 0),
            buttons=(rng.random() < 0.5, False, rng.random() < 0.2),
        )
    return pygame.event.Event(
        pygame.MOUSEWHEEL,
        x=0,
        y=rng.choice([-1, 1]),
        flipped=False,
        precise_x=0.0,
        precise_y=float(rng.choice([-1, 1])),
    )


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
