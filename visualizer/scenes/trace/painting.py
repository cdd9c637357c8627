"""Flood fill's picture card as an editor: the pointer paints the grid, the run shows it filling.

The card shows the grid being painted while it differs from the last run
(or before the run's first call), else the run's picture, in the same
place (one `painter_geometry` for clicks and drawing): dragging paints walls
or opens cells, a right-click (or Shift-click) picks the start cell.
"""

from __future__ import annotations

import pygame

from solvers.tracing.runner import TraceRequest
from visualizer import theme as th
from visualizer.panels import card, card_content, fit_text
from visualizer.scenes.trace import paint
from visualizer.scenes.trace.model import RunModel
from visualizer.scenes.trace.paint import GridPainter
from visualizer.scenes.trace.paintview import (
    draw_painter,
    hint_height,
    painter_geometry,
    painting_hint,
)
from visualizer.scenes.trace.pictures import Filling, picture_for
from visualizer.scenes.trace.pictureview import draw_grid, title
from visualizer.theme import Theme


class PaintPanel:
    """The painter of the run on show (if its call can be painted) and the pointer's strokes on it."""

    def __init__(self) -> None:
        self.painter: GridPainter | None = None

    def attach(self, request: TraceRequest | None, *, fresh: bool = False) -> None:
        """Paint the grid of `request`'s call (the file's painter, kept across reloads), if it has one.

        The requests of a run are made from the painted grid, so the run shows it as painted now.
        """
        if request is None:
            self.painter = None
            return
        self.painter = paint.painter_for(request.path, request.func, request.args, fresh=fresh)
        if self.painter is not None:
            self.painter.changed = False  # the run about to start shows the grid as painted

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, theme: Theme) -> bool:
        """Press, drag and release paint; a right-click or Shift-click picks the start. True if used."""
        painter = self.painter
        if painter is None or not rect.h:
            return False
        geometry = painter_geometry(rect, theme, painter)
        if event.type == pygame.MOUSEMOTION and painter.stroking:
            cell = geometry.cell_at(event.pos)
            if cell is not None:
                painter.extend_stroke(cell)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and painter.stroking:
            painter.end_stroke()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 3):
            return False
        cell = geometry.cell_at(event.pos)
        if cell is None:
            return rect.collidepoint(event.pos) and event.button == 1
        if event.button == 3 or pygame.key.get_mods() & pygame.KMOD_SHIFT:
            painter.pick_start(cell)
        else:
            painter.begin_stroke(cell)
        return True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, theme: Theme, run: RunModel) -> bool:
        """The grid being painted, or the run filling it; False when there is no painter (nothing drawn)."""
        painter = self.painter
        if painter is None:
            return False
        picture = picture_for(run)
        fits = isinstance(picture, Filling) and len(picture.grid) == painter.grid.rows
        if painter.changed or not fits or not isinstance(picture, Filling):
            draw_painter(surface, rect, theme, painter)
            return True
        heading = fit_text(theme, title(picture), rect.w - theme.px(24), "tiny", "bold")
        card(surface, rect, theme, heading)
        inner = card_content(rect, theme, heading)
        room = pygame.Rect(inner.x, inner.y, inner.w, max(0, inner.h - hint_height(theme)))
        draw_grid(surface, room, theme, picture)
        hint = fit_text(theme, painting_hint(), inner.w, "tiny")
        surface.blit(theme.text(hint, "tiny", th.MUTED), (inner.x, room.bottom + theme.px(4)))
        return True
