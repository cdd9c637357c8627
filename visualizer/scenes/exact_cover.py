"""What the exact-cover demos share: a model of Algorithm X's run and the column-size strip.

The model keeps its own copy of the dancing-links matrix and covers and
uncovers it as the events say, so the live column sizes are always at hand
(the view reads them); since `Matrix.uncover` exactly reverses `cover`, the
model reverts exactly too.  Queens and pentomino build on it; any other
exact-cover scene (sudoku, the matrix) may as well.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from solvers import dlx
from solvers.events import Choose, Cover, DeadEnd, Pop, Push, Solution, Uncover
from visualizer import theme as th
from visualizer.panels import card
from visualizer.theme import Theme


class CoverModel:
    """Algorithm X's state: the matrix's links, the rows tried, the columns being decided."""

    def __init__(self, matrix: dlx.Matrix) -> None:
        self.matrix = matrix
        self.initial_sizes = [matrix.size(col) for col in range(matrix.n_columns)]
        self.cover_count = [0] * matrix.n_columns  # > 0 while a column is covered
        self.others = [len(row) - 1 for row in matrix.rows]  # per row, for Knuth's updates
        self.stack: list[int] = []  # rows tried and not withdrawn, one per level
        self.deciding: list[int] = []  # the column chosen at each level still open
        self.solutions: list[tuple[int, ...]] = []
        self.nodes = 0  # Knuth's search-tree nodes: one per Choose or Solution
        self.updates = 0  # Knuth's updates: nodes unlinked by covers
        self.dead_ends = 0

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        kind = type(event)
        if kind is Cover:
            self.updates += self._cover_cost(event.column)
            self.matrix.cover(event.column)
            self.cover_count[event.column] += 1
        elif kind is Uncover:
            self.matrix.uncover(event.column)
            self.cover_count[event.column] -= 1
            if event.line == dlx.LINE_UNCOVER_COLUMN:
                self.deciding.pop()
        elif kind is Push:
            self.stack.append(event.what)
        elif kind is Pop:
            self.stack.pop()
        elif kind is Choose:
            self.deciding.append(event.column)
            self.nodes += 1
        elif kind is Solution:
            self.solutions.append(event.answer)
            self.nodes += 1
        elif kind is DeadEnd:
            self.dead_ends += 1

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        kind = type(event)
        if kind is Cover:
            self.matrix.uncover(event.column)
            self.cover_count[event.column] -= 1
            self.updates -= self._cover_cost(event.column)
        elif kind is Uncover:
            # A covered column keeps its own list, so its size is still the
            # one it had when chosen: nothing else needs remembering.
            self.matrix.cover(event.column)
            self.cover_count[event.column] += 1
            if event.line == dlx.LINE_UNCOVER_COLUMN:
                self.deciding.append(event.column)
        elif kind is Push:
            self.stack.pop()
        elif kind is Pop:
            self.stack.append(event.value)
        elif kind is Choose:
            self.deciding.pop()
            self.nodes -= 1
        elif kind is Solution:
            self.solutions.pop()
            self.nodes -= 1
        elif kind is DeadEnd:
            self.dead_ends -= 1

    def _cover_cost(self, column: int) -> int:
        """Nodes that covering `column` unlinks, as Knuth counts them.

        A column's own list is the same just before and just after its cover,
        so apply and revert compute the same number.
        """
        others = self.others
        return 1 + sum(others[row] for row in self.matrix.column_rows(column))

    # --- reading ---------------------------------------------------------------

    def size(self, column: int) -> int:
        """The live count of 1s in `column`."""
        return self.matrix.size(column)

    def covered_columns(self) -> set[int]:
        """Every covered column (0-based), primary or secondary."""
        return {col for col, count in enumerate(self.cover_count) if count}

    @property
    def choosing(self) -> int | None:
        """The column being decided at the deepest open level, if any."""
        return self.deciding[-1] if self.deciding else None

    @property
    def trying(self) -> int | None:
        """The row being tried for that column (None between Choose and Push)."""
        if self.deciding and len(self.stack) == len(self.deciding):
            return self.stack[-1]
        return None

    def candidates(self, column: int) -> list[int]:
        """Rows still in `column`'s list, in the order Algorithm X tries them."""
        return self.matrix.column_rows(column)

    def snapshot(self) -> tuple:
        """The whole state as one comparable value."""
        return (tuple(self.stack), tuple(self.deciding), tuple(self.solutions), self.nodes,
                self.updates, self.dead_ends, tuple(self.cover_count), self.matrix.snapshot())


# --- the column-size strip ------------------------------------------------------------


def hatch(surface: pygame.Surface, rect: pygame.Rect, colour: th.Color, spacing: int,
          width: int = 1) -> None:
    """Diagonal lines across `rect` (a second cue beside colour)."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for offset in range(-rect.h, rect.w, max(2, spacing)):
        start = (rect.x + offset, rect.bottom)
        end = (rect.x + offset + rect.h, rect.y)
        pygame.draw.line(surface, colour, start, end, width)
    surface.set_clip(clip)


def draw_size_strip(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, model: CoverModel,
                    groups: Sequence[tuple[str, Sequence[int]]],
                    label: Callable[[int], str] | None = None,
                    title: str = "column sizes: rows left in each column",
                    live_scale: bool = False) -> None:
    """One bar per column, as tall as its live size (each group on its own scale).

    The scale is a group's largest starting size, or with `live_scale` its
    largest size now among open columns (for matrices whose sizes shrink
    far below where they started).

    The column being decided is blue and framed, an open primary
    column with no rows left is red with a cross, a covered column is an
    empty hatched slot.
    """
    inner = card(surface, rect, theme, title)
    count = sum(len(cols) for _, cols in groups)
    if not count or inner.h < theme.px(30):
        return
    gap = theme.px(14)
    slot = min((inner.w - gap * (len(groups) - 1)) / count, float(theme.px(40)))
    label_h = theme.line_height("tiny")
    top = inner.y + label_h  # room for the size above the bar
    bottom = inner.bottom - 2 * label_h  # room for the column label and the group name
    covered = model.covered_columns()
    choosing = model.choosing
    captions = [theme.text(name, "tiny", th.MUTED, "bold") for name, _ in groups]
    spans = [max(len(cols) * slot, caption.get_width() + theme.px(4))
             for (_, cols), caption in zip(groups, captions, strict=True)]
    x = inner.x + (inner.w - sum(spans) - gap * (len(groups) - 1)) / 2
    for (_, cols), caption, span in zip(groups, captions, spans, strict=True):
        bar_x = x + (span - len(cols) * slot) / 2
        scale = scale_of(model, cols, covered if live_scale else None)
        for col in cols:
            box = pygame.Rect(round(bar_x), top, max(1, round(bar_x + slot) - round(bar_x)),
                              bottom - top)
            _draw_bar(surface, theme, box, model, col, scale, covered, choosing,
                      label, slot)
            bar_x += slot
        place = caption.get_rect(midbottom=(round(x + span / 2), inner.bottom))
        surface.blit(caption, place.clamp(inner))
        x += span + gap


def scale_of(model: CoverModel, columns: Sequence[int], covered: set[int] | None = None) -> int:
    """The tallest a group's bars can be: its largest size at the start, or now (given `covered`)."""
    if covered is None:
        return max([model.initial_sizes[c] for c in columns] + [1])
    return max([model.size(c) for c in columns if c not in covered] + [1])


def _draw_bar(surface: pygame.Surface, theme: Theme, slot: pygame.Rect, model: CoverModel, col: int,
              scale: int, covered: set[int], choosing: int | None,
              label: Callable[[int], str] | None, slot_w: float) -> None:
    """One column's bar in its slot, its size above, its label below."""
    pad = max(1, round(slot_w * 0.15)) if slot_w >= 4 else 0
    bar_w = max(1, slot.w - pad)
    size = model.size(col)
    primary = col < model.matrix.n_primary
    wide = slot_w >= theme.px(16)
    centre_x = slot.x + bar_w // 2
    if col != choosing and col in covered:
        box = pygame.Rect(slot.x, slot.y, bar_w, slot.h)
        pygame.draw.rect(surface, th.blend(th.PANEL, th.FAINT, 0.5), box)
        hatch(surface, box, th.FAINT, theme.px(5))
        text, ink, text_y = ("✓" if wide else ""), th.MUTED, slot.y
    else:
        h = round(slot.h * size / scale) if size else 0
        colour = th.blend(th.INK, th.PANEL, 0.55) if primary else th.blend(th.SKY, th.PANEL, 0.35)
        ink = th.INK
        if primary and size == 0:
            colour = ink = th.DEAD
        elif col == choosing:
            colour = ink = th.ACTIVE
        bar = pygame.Rect(slot.x, slot.bottom - max(h, 1), bar_w, max(h, 1))
        pygame.draw.rect(surface, colour, bar)
        text = ("✗" if primary and not size else str(size)) if wide or col == choosing else ""
        text_y = bar.y
    if text:
        image = theme.text(text, "tiny", ink, "bold")
        surface.blit(image, image.get_rect(midbottom=(centre_x, text_y - 1)))
    if col == choosing:  # a frame as well as the colour
        margin = min(pad, theme.px(3))
        frame = pygame.Rect(slot.x - margin, slot.y - theme.line_height("tiny"), bar_w + 2 * margin,
                            slot.h + 2 * theme.line_height("tiny") + theme.px(3))
        radius = min(theme.px(3), frame.w // 2)  # a larger radius fills a thin bar
        pygame.draw.rect(surface, th.ACTIVE, frame, max(1, theme.px(2)), border_radius=radius)
    name = label(col) if label is not None else ""
    if name:
        image = theme.text(name, "tiny", th.INK if col != choosing else th.ACTIVE, "bold")
        if image.get_width() <= slot_w + theme.px(2):
            surface.blit(image, image.get_rect(midtop=(centre_x, slot.bottom + 1)))
