"""Input helpers for headless scene tests: real pygame events, one frame at a time."""

from __future__ import annotations

import random

import pygame

from solvers.events import Pop, Push


def press(app, key: int, unicode: str = "", mod: int = 0) -> None:
    """Post a key press and run one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    app.frame(1 / 60)


def click(app, pos: tuple[int, int], button: int = 1) -> None:
    """Post a mouse click and its release at `pos`, then run one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame(1 / 60)


def drag(app, points: list[tuple[int, int]], button: int = 1) -> None:
    """Press at the first point, move through the rest, release at the last; a frame each."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=button))
    app.frame(1 / 60)
    buttons = (button == 1, button == 2, button == 3)
    previous = points[0]
    for point in points[1:]:
        rel = (point[0] - previous[0], point[1] - previous[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=rel, buttons=buttons))
        app.frame(1 / 60)
        previous = point
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=button))
    app.frame(1 / 60)


def count_colour(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], step: int = 2
) -> int:
    """Pixels of exactly `colour` inside `rect` (sampled every `step` pixels)."""
    hits = 0
    for x in range(rect.x, rect.right, step):
        for y in range(rect.y, rect.bottom, step):
            if surface.get_at((x, y))[:3] == colour:
                hits += 1
    return hits


def stage_of(app, shell) -> pygame.Rect:
    """The demo's stage at the window's size."""
    return shell.layout(app.surface.get_size()).stage


def play_to_end(app, shell, frames: int = 600) -> None:
    """Play at full speed until the run ends (at most `frames` frames)."""
    shell.run.speed = float("inf")
    press(app, pygame.K_SPACE, " ")
    for _ in range(frames):
        if shell.run.at_end:
            break
        app.frame(1 / 60)
    assert shell.run.at_end


def step_until(app, shell, wanted, steps: int = 400) -> None:
    """Step (Right) until the last event satisfies `wanted` (at most `steps` steps)."""
    for _ in range(steps):
        press(app, pygame.K_RIGHT)
        if wanted(shell.run.last_event):
            return
    raise AssertionError("never reached")


def pushed_not_popped(player) -> list[int]:
    """The rows of every Push so far whose Pop has not come, from the player's own events."""
    stack: list[int] = []
    for _, event in player.recent(player.cursor):
        if type(event) is Push:
            stack.append(event.what)
        elif type(event) is Pop:
            assert stack.pop() == event.value
    return stack


def assert_left_restores(app, shell, snapshots: list) -> None:
    """Step back (Left) once per earlier snapshot, newest first: each state comes back exactly.

    `snapshots` are the model's snapshots in order, the current state's last.
    """
    for expected in reversed(snapshots[:-1]):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == expected


def finish_loading(app) -> None:
    """Wait for the files the app is reading off the frame, then run the frame that hands them over."""
    import concurrent.futures

    concurrent.futures.wait([loading.future for loading in app.loading], timeout=30)
    app.frame(1 / 60)


def pick_file(app, path) -> None:
    """Answer the open file dialog with `path`, as its OK button does, and run a frame."""
    import pygame_gui

    chooser = app.chooser
    assert chooser is not None, "no file dialog is open"
    event = pygame.event.Event(
        pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path), ui_element=chooser.dialog
    )
    pygame.event.post(event)
    app.frame(1 / 60)


class TickClock:
    """A clock for the player that moves `step` seconds each time it is read.

    Installed with ``app.player_clock = TickClock()``, it makes the events a
    frame plays depend on the count of clock reads, not on the machine's
    speed or load: a test of "many events a frame" is then exact.
    """

    def __init__(self, step: float = 1e-6) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        """The time, then one tick later."""
        self.now += self.step
        return self.now


def right_then_left_restores_each_step(app, shell, steps: int) -> None:
    """Press Right `steps` times, then Left as often: each Left gives back the model before that Right."""
    snapshots = [shell.run.model.snapshot()]
    for _ in range(steps):
        press(app, pygame.K_RIGHT)
        snapshots.append(shell.run.model.snapshot())
    for expected in reversed(snapshots[:-1]):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == expected


# --- random input (the monkey tests and bench/soak.py) ---------------------------

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
