"""How long a frame's events may take: what drawing leaves of the frame.

A frame is input, the player's events, then drawing and the flip.  The app
times each frame's drawing with the players' clock (a test's fake clock drives
it too) and tells a `FrameBudget`, which keeps an estimate of the drawing that
rises at once to a costlier frame and falls back slowly (a twentieth of the
gap a frame, so it stays near the recent dearest draws, not their mean).  The
player then gets a frame less that estimate and a margin, so a scene that
draws heavily plays fewer events a frame instead of dropping frames, never
fewer than a floor's worth (a run always advances), and a cheap scene never
more than a cap.  Speeds that need less than the budget (all but the top of
the ladder) play exactly as many events as before.
"""

from __future__ import annotations

from dataclasses import dataclass

FRAME_SECONDS = 1 / 60
"""One frame at 60 fps."""

MARGIN = 0.004
"""Seconds kept for input, the demo's update, the collector and the player's last clock check."""

FLOOR = 0.002
"""The least a frame spends on events, however heavy the drawing: runs still advance."""

CAP = 0.008
"""The most a frame spends on events, however light the drawing."""

FALL = 0.05
"""Share of the gap the estimate closes each frame when drawing gets cheaper (half in ~14 frames)."""


@dataclass
class FrameBudget:
    """A smoothed estimate of drawing's cost and the event budget it leaves."""

    drawing: float = 0.0

    def drew(self, seconds: float) -> None:
        """Take one frame's drawing time: a rise counts at once, a fall a little each frame."""
        sample = min(seconds, FRAME_SECONDS)  # one cache-building frame must not starve the next second
        if sample >= self.drawing:
            self.drawing = sample
        else:
            self.drawing += (sample - self.drawing) * FALL

    @property
    def budget(self) -> float:
        """Seconds the next frame's events may take."""
        return min(CAP, max(FLOOR, FRAME_SECONDS - self.drawing - MARGIN))
