"""Render each demo headless and save a small thumbnail for the home screen.

    python tools/make_thumbs.py [DEMO ...]

Each demo autoplays for a while with its own seed; the stage is cut out of
the last frame and scaled into assets/thumbs/NAME.png.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from visualizer.demos import DEMOS  # noqa: E402

THUMB_SIZE = (400, 250)
"""Pixels; the home screen scales it down to fit each card."""

FRAMES = {"recursion": 100, "maze": 240, "pentomino": 200, "tictactoe": 120}
SPEEDS = {
    "recursion": "8",
    "maze": "2000",
    "sudoku": "400",
    "queens": "60",
    "pentomino": "3000",
    "dlx": "20",
    "tictactoe": "2000",
    "gametree": "40",
    "frogs": "20",
    "rooms": "4",
    "hanoi": "6",
    "trace": "20",
    "games": "200",
}


KEYS_FIRST = {"tictactoe": ["5"], "games": ["w", "h"]}
"""Keys typed before playing: tic-tac-toe waits for the human's first move; in games the
computer starts (W) and its search is replayed (H)."""
KEY_WAIT = 30
"""Frames after each key, a few milliseconds apart: the games demo thinks on a worker thread."""


def render(name: str, folder: Path) -> Path:
    """Run the demo headless (typing its KEYS_FIRST) and return its last frame's PNG."""
    shot = folder / f"{name}.png"
    script = (
        "import pygame, sys, time\n"
        "from visualizer.app import App, Options\n"
        f"app = App(Options(demo={name!r}, autoplay=True, speed={float(SPEEDS.get(name, '30'))}))\n"
        "app.frame(1 / 60)\n"
        f"for key in {KEYS_FIRST.get(name, [])!r}:\n"
        "    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(key), mod=0,\n"
        "                                         unicode=key, scancode=0))\n"
        f"    for _ in range({KEY_WAIT}):\n"
        "        app.frame(1 / 60)\n"
        "        time.sleep(0.01)\n"
        f"for _ in range({FRAMES.get(name, 180)}):\n"
        "    app.frame(1 / 60)\n"
        f"pygame.image.save(app.surface, {str(shot)!r})\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)
    return shot


def thumbnail(shot: Path, target: Path) -> None:
    """Cut the stage (below the bars, left of the side panel) and scale it."""
    image = pygame.image.load(str(shot))
    width, height = image.get_size()
    stage = pygame.Rect(10, 108, int(width * 0.7) - 20, height - 108 - 90)
    cut = image.subsurface(stage)
    scale = min(THUMB_SIZE[0] / stage.w, THUMB_SIZE[1] / stage.h)
    size = (round(stage.w * scale), round(stage.h * scale))
    pygame.image.save(pygame.transform.smoothscale(cut, size), str(target))


def main(names: list[str]) -> None:
    """Make the thumbnails asked for, or all of them."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    out = ROOT / "assets" / "thumbs"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for entry in DEMOS:
            if names and entry.name not in names:
                continue
            thumbnail(render(entry.name, Path(folder)), out / f"{entry.name}.png")
            print("made", out / f"{entry.name}.png")


if __name__ == "__main__":
    main(sys.argv[1:])
