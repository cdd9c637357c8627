"""Where everything of the frogs' stage goes: pure functions of the stage, the theme and the sizes.

The controller calls them to hit-test clicks and the views to draw, so a
click lands on exactly what was drawn and nothing drawing writes is read by
input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from visualizer.panels import card_content, wrap
from visualizer.scenes.frogs.model import PLAY
from visualizer.theme import Theme

TITLED = "title"
"""Any card title: a card's inside depends only on whether it has one (see `card_content`)."""
BAR_H, ARROW_ROOM, MAX_PAD_W = 32, 16, 120
"""The message line under the pads, the room above a frog for its arrow, the widest pad (theme px)."""


@dataclass(frozen=True, slots=True)
class FrogsLayout:
    """The pads' card above; below it the tree (or the rules) and the list of moves."""

    pads_card: pygame.Rect
    pads_row: pygame.Rect  # the strip of lily pads
    count: int  # pads
    bar: pygame.Rect  # the message or result line under the pads
    lower: pygame.Rect  # everything below the pads' card (banners sit here)
    tree_card: pygame.Rect
    tree_area: pygame.Rect  # inside the tree's card, above its legend
    legend: pygame.Rect
    list_card: pygame.Rect
    list_inner: pygame.Rect

    @property
    def pad_w(self) -> float:
        """One pad's width."""
        return self.pads_row.w / self.count

    @property
    def frog_size(self) -> int:
        """A frog's (and a pad's) sprite size."""
        return max(8, round(min(self.pad_w, self.pads_row.h) * 0.96))

    def pad_at(self, pos: tuple[int, int]) -> int | None:
        """The pad under `pos`, or None."""
        row = self.pads_row
        if not row.collidepoint(pos) or row.w <= 0:
            return None
        return min(self.count - 1, (pos[0] - row.x) * self.count // row.w)

    def pad_centre(self, pad: int) -> tuple[int, int]:
        """Screen centre of `pad`: where a click moves its frog."""
        return round(self.pads_row.x + (pad + 0.5) * self.pad_w), self.pads_row.centery


def layout(rect: pygame.Rect, theme: Theme, mode: str, count: int) -> FrogsLayout:
    """The stage split for `count` pads; the pads get more room in play, the tree in a search."""
    px = theme.px
    gap = px(10)
    share, least = (0.4, 170) if mode == PLAY else (0.3, 140)  # a search needs room for its tree
    pads_h = max(px(least), min(px(300), int(rect.h * share)))
    pads_card = pygame.Rect(rect.x, rect.y, rect.w, pads_h)
    inner = card_content(pads_card, theme, TITLED)
    pad_w = min(inner.w / count, px(MAX_PAD_W))
    row_h = min(round(pad_w), inner.h - theme.line_height("small") - px(BAR_H) - px(6) - px(ARROW_ROOM))
    row = pygame.Rect(0, 0, round(pad_w * count), max(px(20), row_h))
    row.midtop = (inner.centerx, inner.y + px(ARROW_ROOM))
    bar = pygame.Rect(inner.x, inner.bottom - px(BAR_H), inner.w, px(BAR_H))
    lower = pygame.Rect(rect.x, pads_card.bottom + gap, rect.w, rect.bottom - pads_card.bottom - gap)
    list_w = max(px(160), min(px(220), rect.w // 5))
    tree_card = pygame.Rect(lower.x, lower.y, lower.w - list_w - gap, lower.h)
    list_card = pygame.Rect(tree_card.right + gap, lower.y, list_w, lower.h)
    tree_inner = card_content(tree_card, theme, TITLED)
    legend_h = theme.line_height("small") + px(6)
    tree_area = pygame.Rect(tree_inner.x, tree_inner.y, tree_inner.w, max(0, tree_inner.h - legend_h))
    legend = pygame.Rect(tree_inner.x, tree_area.bottom + px(4), tree_inner.w, legend_h)
    list_inner = card_content(list_card, theme, TITLED)
    return FrogsLayout(pads_card, row, count, bar, lower, tree_card, tree_area, legend, list_card, list_inner)


# --- the list of moves ----------------------------------------------------------------


def list_rows(theme: Theme, inner: pygame.Rect) -> int:
    """How many moves the list's card shows at once."""
    return max(1, inner.h // theme.line_height("small"))


def list_first(count: int, rows: int, current: int, top: int | None) -> int:
    """The first move shown: `top` when scrolled by hand, else around the current move."""
    last = max(0, count - rows)
    wanted = current - rows // 2 if top is None else top
    return max(0, min(last, wanted))


# --- buttons on the stage ---------------------------------------------------------------


def result_buttons(theme: Theme, bar: pygame.Rect, widths: Sequence[int]) -> list[pygame.Rect]:
    """Buttons of the given widths at the right end of the result line, in order."""
    rects: list[pygame.Rect] = []
    x = bar.right
    for width in reversed(widths):
        x -= width
        rects.insert(0, pygame.Rect(x, bar.centery - theme.px(14), width, theme.px(28)))
        x -= theme.px(8)
    return rects


def banner_width(theme: Theme, lower: pygame.Rect) -> int:
    """A banner's width over the lower area."""
    return min(lower.w - theme.px(40), theme.px(560))


def banner_lines(theme: Theme, lower: pygame.Rect, text: str) -> list[str]:
    """A banner's small text, wrapped to its width."""
    return wrap(theme, text, banner_width(theme, lower) - theme.px(30), "body")


def banner_box(theme: Theme, lower: pygame.Rect, lines: int) -> pygame.Rect:
    """The banner over the lower area: a title, `lines` of text, a row of buttons."""
    height = theme.line_height("title") + lines * theme.line_height("body") + theme.px(32 + 24 + 10)
    box = pygame.Rect(0, 0, banner_width(theme, lower), height)
    box.midtop = (lower.centerx, lower.y + theme.px(24))
    return box


def banner_buttons(theme: Theme, box: pygame.Rect, widths: Sequence[int]) -> list[pygame.Rect]:
    """The banner's buttons, centred along its bottom."""
    gap = theme.px(10)
    x = box.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
    rects = []
    for width in widths:
        rects.append(pygame.Rect(x, box.bottom - theme.px(40), width, theme.px(30)))
        x += width + gap
    return rects
