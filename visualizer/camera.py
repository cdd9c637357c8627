"""Zoom and pan for a drawing laid out in a card: the wheel zooms about the pointer, a drag pans.

World units are card pixels at zoom 1; `visualizer.treepaint` maps a node's
place through a `Camera` to its box on screen (and re-exports `Camera`).
"""

from __future__ import annotations

import pygame

MIN_ZOOM, MAX_ZOOM = 0.5, 12.0
ZOOM_STEP = 1.25
DRAG_SLOP = 4
"""Pixels a press may move and still count as a click."""


class Camera:
    """Zoom and pan for a drawing laid out in a card at zoom 1 (world = card pixels)."""

    def __init__(self) -> None:
        self.zoom = 1.0
        self.pan_x = 0.0
        self.pan_y = 0.0
        self._pressed: tuple[int, int] | None = None
        self.dragged = False
        self.min_zoom, self.max_zoom = MIN_ZOOM, MAX_ZOOM  # a drawing may set its own limits
        self.pan_button = 1  # the mouse button whose drag pans (where the left one draws: the middle)

    def reset(self) -> None:
        """Back to the whole drawing, unzoomed."""
        self.zoom, self.pan_x, self.pan_y = 1.0, 0.0, 0.0

    def to_screen(self, area: pygame.Rect, x: float, y: float) -> tuple[int, int]:
        """A world point (relative to the card's top left) on the screen."""
        return (round(area.x + x * self.zoom + self.pan_x), round(area.y + y * self.zoom + self.pan_y))

    def to_world(self, area: pygame.Rect, pos: tuple[int, int]) -> tuple[float, float]:
        """The world point under a screen position."""
        return ((pos[0] - area.x - self.pan_x) / self.zoom, (pos[1] - area.y - self.pan_y) / self.zoom)

    def zoom_at(self, area: pygame.Rect, pos: tuple[int, int], steps: float) -> None:
        """Zoom by ZOOM_STEP**steps keeping the point under `pos` in place."""
        if not area.collidepoint(pos):
            pos = area.center
        world = self.to_world(area, pos)
        self.zoom = min(self.max_zoom, max(self.min_zoom, self.zoom * ZOOM_STEP**steps))
        self.pan_x = pos[0] - area.x - world[0] * self.zoom
        self.pan_y = pos[1] - area.y - world[1] * self.zoom

    def handle(self, event: pygame.event.Event, area: pygame.Rect) -> bool:
        """The wheel zooms, a drag of `pan_button` (the left) pans; True when the event was used.

        A press that does not move is left for the caller as a click: check
        `dragged` on the button release.
        """
        # pygame 2 reports a wheel turn twice, as MOUSEWHEEL and as buttons 4/5 (which carry
        # the position): zoom on the buttons only, so one notch is one step.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            if area.collidepoint(event.pos):
                self.zoom_at(area, event.pos, 1 if event.button == 4 else -1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == self.pan_button:
            if area.collidepoint(event.pos):
                self._pressed = event.pos
                self.dragged = False
            return False
        if event.type == pygame.MOUSEMOTION and self._pressed is not None:
            return self._drag(event)
        released = event.type == pygame.MOUSEBUTTONUP and event.button == self.pan_button
        if released and self._pressed is not None:
            self._pressed = None
            return self.dragged
        return False

    def _drag(self, event: pygame.event.Event) -> bool:
        """Pan once the pointer has moved past the slop; True while dragging."""
        assert self._pressed is not None
        dx, dy = event.pos[0] - self._pressed[0], event.pos[1] - self._pressed[1]
        if not (self.dragged or abs(dx) + abs(dy) > DRAG_SLOP):
            return False
        if not self.dragged:
            self.pan_x, self.pan_y = self.pan_x + dx, self.pan_y + dy
        else:
            self.pan_x, self.pan_y = self.pan_x + event.rel[0], self.pan_y + event.rel[1]
        self.dragged = True
        return True


IDENTITY = Camera()
"""No zoom, no pan: for trees scaled to fit their card (never moved)."""
