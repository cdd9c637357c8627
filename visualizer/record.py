"""Recording the window: PNG screenshots, GIFs (Pillow) and MP4 videos (imageio-ffmpeg, optional).

A recording keeps the demo's screen as drawn *before* the app's overlays, so
no message, tooltip or "recording" badge lands in the file, and it never
touches the player: recording does not change what plays.  Frames are
encoded off the frame loop, in a worker thread fed through a bounded queue.
Every file is written to a temporary name beside its destination and moved
into place only when complete, so a failed save never leaves half a file.
"""

from __future__ import annotations

import importlib.util
import io
import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame

from solvers.i18n import _, format_number, ngettext
from solvers.textio import replacing, write_bytes_atomic

GIF_FPS = 10
"""Frames per second kept in a GIF: smooth enough, and a tenth of the size of 60."""

VIDEO_FPS = 30
"""Frames per second of an MP4."""

GIF_MAX_FRAMES = 600
"""A minute at GIF_FPS: Pillow keeps a GIF's frames in memory until it writes them."""

MAX_WIDTH = {".gif": 800, ".mp4": 1920}
"""Frames are scaled down to this width (GIFs small for slides, videos sharp)."""

QUEUE_FRAMES = 90
"""Frames waiting for the encoder before a live recording skips one (an export waits instead)."""

FORMATS = (".gif", ".mp4")


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
    """Save the surface as a PNG, atomically.

    The PNG is encoded in memory and written by Python, whose writes report a
    full disk (SDL's file writer did not: a 0-byte PNG was 'saved').
    """
    encoded = io.BytesIO()
    pygame.image.save(surface, encoded, "picture.png")
    write_bytes_atomic(path, encoded.getvalue())
    return path


def video_available() -> bool:
    """True when the optional `imageio-ffmpeg` package (the `video` extra) is installed."""
    return importlib.util.find_spec("imageio_ffmpeg") is not None


class Recorder:
    """One recording in progress: frames go to an encoder thread that writes `path` when stopped."""

    def __init__(self, path: Path, *, fps: float | None = None, wait: bool = False) -> None:
        self.path = path
        self.suffix = path.suffix.lower()
        if self.suffix not in FORMATS:
            suffix = path.suffix or _("a name without a suffix")
            raise ValueError(_("recordings are .gif or .mp4, not {suffix}").format(suffix=suffix))
        if self.suffix == ".mp4" and not video_available():
            command = 'pip install "unwind[video]"'
            raise ValueError(_("MP4 needs the video extra: {command}").format(command=command))
        self.fps = fps or (GIF_FPS if self.suffix == ".gif" else VIDEO_FPS)
        self.wait = wait  # an export never skips a frame
        self.frames = 0
        self.skipped = 0
        self.full = False
        self.result = ""
        self.saved = False  # the file was written (`result` says so in the user's language)
        self.stopped = False  # the encoder has seen `stop` (a GIF reads every frame before it writes)
        self._next_grab = 0.0
        self._queue: queue.Queue[tuple[bytes, tuple[int, int]] | None] = queue.Queue(QUEUE_FRAMES)
        self.writer = threading.Thread(target=self._encode, daemon=True)
        self.writer.start()

    def grab(self, surface: pygame.Surface, now: float) -> None:
        """Keep this frame if it is time for the next one."""
        if now < self._next_grab or self.full:
            return
        self._next_grab = now + 1 / self.fps - 1e-9
        if self.suffix == ".gif" and self.frames >= GIF_MAX_FRAMES:
            self.full = True
            return
        image = shrunk(surface, MAX_WIDTH[self.suffix])
        frame = (pygame.image.tobytes(image, "RGB"), image.get_size())
        try:
            self._queue.put(frame, block=self.wait)
            self.frames += 1
        except queue.Full:
            self.skipped += 1

    def stop(self) -> None:
        """No more frames: the encoder finishes the file (join `writer` to wait for it)."""
        self._queue.put(None)

    def _frames(self) -> Iterator[tuple[bytes, tuple[int, int]]]:
        """The frames as they arrive, until `stop`."""
        while (frame := self._queue.get()) is not None:
            yield frame
        self.stopped = True

    def _encode(self) -> None:
        """Write the file from the queued frames; `result` says how it went."""
        write = write_gif if self.suffix == ".gif" else write_mp4
        try:
            with replacing(self.path) as temporary:
                count = write(self._frames(), temporary, self.fps)
                if not count:
                    empty = _("nothing recorded: {name} was not saved")
                    raise NothingRecorded(empty.format(name=self.path.name))
            saved = ngettext("saved {count} frame to {path}", "saved {count} frames to {path}", count)
            self.result = saved.format(count=format_number(count), path=self.path)
            self.saved = True
        except NothingRecorded as empty:
            self.result = str(empty)
        except Exception as error:  # a full disk or a broken encoder must not take the app down
            self.result = _("could not save {path}: {error}").format(path=self.path, error=error)
            if not self.stopped:  # drain, so a live grab never waits on a dead encoder
                for _frame in self._frames():
                    pass


class NothingRecorded(Exception):
    """A recording stopped before its first frame: no file is written."""


def shrunk_size(size: tuple[int, int], max_width: int) -> tuple[int, int]:
    """`size` scaled down to at most `max_width` wide, with even sides (video encoders want them)."""
    width, height = size
    if width > max_width:
        width, height = max_width, round(height * max_width / width)
    return width - width % 2, height - height % 2


def shrunk(surface: pygame.Surface, max_width: int) -> pygame.Surface:
    """The surface at `shrunk_size`: itself, trimmed by a pixel to even sides, or scaled down."""
    size = shrunk_size(surface.get_size(), max_width)
    if size == surface.get_size():
        return surface
    if surface.get_width() <= max_width:
        return surface.subsurface((0, 0, *size))
    return pygame.transform.smoothscale(surface, size)


def write_gif(frames: Iterator[tuple[bytes, tuple[int, int]]], path: Path, fps: float) -> int:
    """Encode frames into an animated GIF with Pillow; returns how many were written."""
    from PIL import Image

    images = [Image.frombytes("RGB", size, data).quantize(colors=128) for data, size in frames]
    if images:
        duration = round(1000 / fps)
        images[0].save(path, format="GIF", save_all=True, append_images=images[1:], duration=duration, loop=0)
    return len(images)


def write_mp4(frames: Iterator[tuple[bytes, tuple[int, int]]], path: Path, fps: float) -> int:
    """Encode frames into an H.264 MP4 through imageio-ffmpeg's bundled ffmpeg; returns the count."""
    import imageio_ffmpeg

    writer: Any = None
    count = 0
    for data, size in frames:
        if writer is None:
            writer = imageio_ffmpeg.write_frames(
                str(path), size, fps=fps, codec="libx264", pix_fmt_out="yuv420p", macro_block_size=2
            )
            writer.send(None)
        writer.send(data)
        count += 1
    if writer is not None:
        writer.close()
    return count


def stop_and_report(recorder: Recorder, done: Callable[[str], None]) -> None:
    """Stop `recorder` and have `done(message)` called from a thread once the file is written."""
    recorder.stop()

    def report() -> None:
        """Wait for the encoder, then report."""
        recorder.writer.join()
        done(recorder.result)

    threading.Thread(target=report, daemon=True).start()
