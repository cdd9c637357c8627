"""Recording the window: PNG screenshots and GIFs (written by Pillow off the frame loop)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame

GIF_FPS = 10
"""Frames per second kept in a GIF: smooth enough, and a tenth of the size of 60."""

GIF_MAX_FRAMES = 1200
"""Two minutes at GIF_FPS; memory stays bounded if nobody pauses."""

GIF_MAX_WIDTH = 960
"""Frames are scaled down to this width to keep files small."""


def output_path(folder: Path, stem: str, suffix: str) -> Path:
    """A new file name in `folder` like 'unwind-maze-20261121-083015.png'."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"unwind-{stem}-{stamp}{suffix}"
    number = 2
    while path.exists():
        path = folder / f"unwind-{stem}-{stamp}-{number}{suffix}"
        number += 1
    return path


def save_png(surface: pygame.Surface, path: Path) -> Path:
    """Save the surface as a PNG."""
    pygame.image.save(surface, str(path))
    return path


class GifRecorder:
    """Keeps every sixth-or-so frame while recording, then writes a GIF in a thread."""

    def __init__(self) -> None:
        self.frames: list[tuple[bytes, tuple[int, int]]] = []
        self.recording = False
        self._next_grab = 0.0
        self.writer: threading.Thread | None = None

    def start(self) -> None:
        """Begin a new recording."""
        self.frames = []
        self.recording = True
        self._next_grab = 0.0

    def grab(self, surface: pygame.Surface, now: float) -> None:
        """Keep this frame if it is time for the next one."""
        if not self.recording or now < self._next_grab or len(self.frames) >= GIF_MAX_FRAMES:
            return
        self._next_grab = now + 1 / GIF_FPS
        width, height = surface.get_size()
        if width > GIF_MAX_WIDTH:
            height = round(height * GIF_MAX_WIDTH / width)
            width = GIF_MAX_WIDTH
            surface = pygame.transform.smoothscale(surface, (width, height))
        self.frames.append((pygame.image.tobytes(surface, "RGB"), (width, height)))

    def stop(self, path: Path, done: Callable[[str], None]) -> None:
        """Stop and write the GIF in the background; `done(message)` reports."""
        self.recording = False
        frames, self.frames = self.frames, []
        if not frames:
            done("nothing recorded: the GIF was not saved")
            return
        self.writer = threading.Thread(target=_write_gif, args=(frames, path, done), daemon=True)
        self.writer.start()


def _write_gif(frames: list[tuple[bytes, tuple[int, int]]], path: Path, done: Callable[[str], None]) -> None:
    """Encode the frames with Pillow (imported here: only GIFs need it)."""
    try:
        from PIL import Image

        images = [Image.frombytes("RGB", size, data).quantize(colors=128) for data, size in frames]
        images[0].save(
            path,
            save_all=True,
            append_images=images[1:],
            duration=round(1000 / GIF_FPS),
            loop=0,
            optimize=False,
        )
        done(f"saved GIF ({len(images)} frames) to {path}")
    except Exception as error:  # a full disk must not take the app down
        done(f"could not save the GIF: {error}")
