"""Drawing the exact-cover demos share: the "now" headline, the column-size strip, the common look.

Both drawings only read a `CoverModel` and the theme; `CoverLook` is what
every exact-cover controller hands its view each frame besides the model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from solvers.i18n import N_, _
from visualizer import theme as th
from visualizer.draw import hatch
from visualizer.panels import card, fit_text, wrap
from visualizer.scenes.exact_cover.model import CoverModel
from visualizer.theme import Theme


@dataclass(frozen=True)
class CoverLook:
    """The controller's state an exact-cover view reads, built each frame (see ExactCoverDemo.cover_look)."""

    waiting: tuple[str, str, th.Color] | None  # the "now" card's words while an exercise step is open
    choice_rule: str  # why the column being decided was chosen
    shown: int | None  # index of the solution on show
    board: tuple[int | None, Sequence[int]]  # what the board shows: that solution's index and its rows
    solution_label: str  # 'solution 3 of 92'


def draw_headline(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    words: tuple[str, str, th.Color],
    *,
    big_lines: int = 2,
    small_lines: int = 2,
    gap: int = 0,
) -> int:
    """A headline in large bold in its colour, `gap` pixels, then the small line under it; the y below.

    `words` is (headline, line under it, colour); each is wrapped to
    `rect`'s width and cut to `big_lines` and `small_lines` lines.
    """
    big, small, colour = words
    y = rect.y
    for line in wrap(theme, big, rect.w, "large", "bold")[:big_lines]:
        text = fit_text(theme, line, rect.w, "large", "bold")
        surface.blit(theme.text(text, "large", colour, "bold"), (rect.x, y))
        y += theme.line_height("large")
    y += gap
    for line in wrap(theme, small, rect.w)[:small_lines]:
        surface.blit(theme.text(line, "small", th.INK), (rect.x, y))
        y += theme.line_height("small")
    return y


def draw_size_strip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    model: CoverModel,
    groups: Sequence[tuple[str, Sequence[int]]],
    label: Callable[[int], str] | None = None,
    title: str = N_("column sizes: rows left in each column"),
    live_scale: bool = False,
) -> None:
    """One bar per column, as tall as its live size (each group on its own scale).

    The scale is a group's largest starting size, or with `live_scale` its
    largest size now among open columns (for matrices whose sizes shrink
    far below where they started).

    The column being decided is blue and framed, an open primary
    column with no rows left is red with a cross, a covered column is an
    empty hatched slot.
    """
    inner = card(surface, rect, theme, _(title))
    count = sum(len(cols) for _caption, cols in groups)
    if not count or inner.h < theme.px(30):
        return
    gap = theme.px(14)
    slot = min((inner.w - gap * (len(groups) - 1)) / count, float(theme.px(40)))
    label_h = theme.line_height("tiny")
    top = inner.y + label_h  # room for the size above the bar
    bottom = inner.bottom - 2 * label_h  # room for the column label and the group name
    covered = model.covered_columns()
    choosing = model.choosing
    captions = [theme.text(_(name), "tiny", th.MUTED, "bold") for name, _cols in groups]
    spans = [
        max(len(cols) * slot, caption.get_width() + theme.px(4))
        for (_caption, cols), caption in zip(groups, captions, strict=True)
    ]
    x = inner.x + (inner.w - sum(spans) - gap * (len(groups) - 1)) / 2
    for (_caption, cols), caption, span in zip(groups, captions, spans, strict=True):
        bar_x = x + (span - len(cols) * slot) / 2
        scale = scale_of(model, cols, covered if live_scale else None)
        for col in cols:
            box = pygame.Rect(round(bar_x), top, max(1, round(bar_x + slot) - round(bar_x)), bottom - top)
            _draw_bar(surface, theme, box, model, col, scale, covered, choosing, label, slot)
            bar_x += slot
        place = caption.get_rect(midbottom=(round(x + span / 2), inner.bottom))
        surface.blit(caption, place.clamp(inner))
        x += span + gap


def scale_of(model: CoverModel, columns: Sequence[int], covered: set[int] | None = None) -> int:
    """The tallest a group's bars can be: its largest size at the start, or now (given `covered`)."""
    if covered is None:
        return max([model.initial_sizes[c] for c in columns] + [1])
    return max([model.size(c) for c in columns if c not in covered] + [1])


def _draw_bar(
    surface: pygame.Surface,
    theme: Theme,
    slot: pygame.Rect,
    model: CoverModel,
    col: int,
    scale: int,
    covered: set[int],
    choosing: int | None,
    label: Callable[[int], str] | None,
    slot_w: float,
) -> None:
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
        margin = theme.px(3) if slot_w < theme.px(6) else min(pad, theme.px(3))  # a thin bar: frame around it
        frame = pygame.Rect(
            slot.x - margin,
            slot.y - theme.line_height("tiny"),
            bar_w + 2 * margin,
            slot.h + 2 * theme.line_height("tiny") + theme.px(3),
        )
        radius = min(theme.px(3), frame.w // 2)  # a larger radius fills a thin bar
        pygame.draw.rect(surface, th.ACTIVE, frame, max(1, theme.px(2)), border_radius=radius)
    name = label(col) if label is not None else ""
    if name:
        image = theme.text(name, "tiny", th.INK if col != choosing else th.ACTIVE, "bold")
        if image.get_width() <= slot_w + theme.px(2):
            surface.blit(image, image.get_rect(midtop=(centre_x, slot.bottom + 1)))
