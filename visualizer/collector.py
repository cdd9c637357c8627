"""Garbage collection paced by frames instead of by allocations."""

from __future__ import annotations

import gc
from collections.abc import Callable

from visualizer.heap import hand_back


class FrameCollector:
    """Sweeps the young generation after every frame, the rest only at rest or once a demo is left.

    A model of a million calls makes a full collection take tens of
    milliseconds, and the automatic collector starts one whenever it likes:
    mid-frame.  Here the young generation is swept after every frame (cheap)
    and the rest only while nothing plays (measured with bench/bench_player.py:
    p99 frame time at 100,000 events/s fell from 10.6 ms to 6.0 ms), or once
    a demo is left: its player, model and views hold one another in cycles, so
    only a full pass frees them, and a class that hops from demo to demo
    without a pause would otherwise pile up every run it left (bench/soak.py).
    After each full pass the freed heap is handed back to the system
    (`visualizer.heap`; `release` in tests).
    """

    FULL_EVERY_IDLE = 120

    def __init__(self, release: Callable[[], None] = hand_back) -> None:
        self.release = release
        gc.disable()
        self.frames = 0
        self.idle_frames = 0
        self.full_due = False

    def collect_soon(self) -> None:
        """Make the next frame's pass a full one: something large just became garbage."""
        self.full_due = True

    def after_frame(self, busy: bool) -> None:
        """Collect what is due after this frame."""
        self.frames += 1
        self.idle_frames = 0 if busy else self.idle_frames + 1
        if self.full_due or (self.idle_frames and self.idle_frames % self.FULL_EVERY_IDLE == 0):
            self.full_due = False
            gc.collect(2)
            self.release()
        else:
            gc.collect(0)

    def close(self) -> None:
        """Hand collection back to Python."""
        gc.enable()
