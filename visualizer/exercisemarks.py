"""The open step's candidates on the picture itself: outlined with their number keys, the keyboard's one lit.

A demo says where its candidates are (`Demo.exercise_targets`: choice key -> box on the stage, pure, from its
layout); `placed` turns that into (choice number, box) pairs in the step's order, `number_at` finds the one
under a click (the smallest box, so a digit inside a cell wins over the cell) and `draw` outlines them: the
selected one lit in ink, the marked ones ticked, and beside each its number, as the bar under the stage
numbers them, so a keyboard user sees which key is which.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from visualizer import theme as th
from visualizer.exercising import Performance
from visualizer.theme import Theme


def placed(performance: Performance, targets: dict[Hashable, pygame.Rect]) -> list[tuple[int, pygame.Rect]]:
    """(number from 1, box) for each candidate of the open step that has a place on the picture."""
    step = performance.step
    if step is None:
        return []
    return [(n, targets[choice.key]) for n, choice in enumerate(step.choices, 1) if choice.key in targets]


def number_at(spots: list[tuple[int, pygame.Rect]], pos: tuple[int, int]) -> int | None:
    """The number of the candidate under `pos`: the smallest box that holds it, or None."""
    under = [(box.w * box.h, number) for number, box in spots if box.collidepoint(pos)]
    return min(under)[1] if under else None


def badge(theme: Theme, box: pygame.Rect) -> pygame.Rect:
    """Where a candidate's number sits: a round tag on its box's top-left corner."""
    side = theme.line_height("tiny") + theme.px(2)
    return pygame.Rect(box.x - side // 2, box.y - side // 2, side, side)


def draw(
    surface: pygame.Surface, theme: Theme, performance: Performance, spots: list[tuple[int, pygame.Rect]]
) -> None:
    """Outline every candidate with its number; the selected one thick in ink, marked ones ticked."""
    for number, box in spots:
        index = number - 1
        selected = index == performance.selected
        if index in performance.marked:
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((*th.ACTIVE, 90))
            surface.blit(shade, box.topleft)
            tick = theme.text("✓", "small", th.INK, "bold")
            surface.blit(tick, tick.get_rect(bottomright=box.bottomright))
        edge = th.INK if selected else th.ACTIVE
        width = max(1, min(theme.px(4) if selected else theme.px(2), min(box.size) // 4))
        pygame.draw.rect(surface, edge, box, width=width, border_radius=theme.px(4))
        tag = badge(theme, box)
        if number <= 9 and min(box.w, box.h) >= tag.w * 0.6:  # on a tiny square the tag would hide the board
            pygame.draw.ellipse(surface, th.INK if selected else th.ACTIVE, tag)
            label = theme.text(str(number), "tiny", th.PANEL, "bold")
            surface.blit(label, label.get_rect(center=tag.center))
