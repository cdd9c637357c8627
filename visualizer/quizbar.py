"""The predict-then-reveal bar: prompt and score, the last verdict, up to four numbered choices.

`bar_height` and `choice_boxes` are pure, so a demo's `layout` places the bar
and its buttons once for both input and drawing; `draw_bar` only reads a
`guess.Shown`.
"""

from __future__ import annotations

import pygame

from visualizer import theme as th
from visualizer.guess import CHOICES, Shown
from visualizer.panels import fit_text
from visualizer.theme import Theme
from visualizer.widgets import draw_box

CHOICES_SHARE = 0.7
"""The part of the bottom row the choices take; the score has the rest."""


def bar_height(theme: Theme) -> int:
    """The bar: a prompt line, a verdict line and a row of choices."""
    return 2 * theme.line_height("small") + choice_height(theme) + theme.px(20)


def choice_height(theme: Theme) -> int:
    """A choice button: one line of body text with room around it."""
    return theme.line_height("body") + theme.px(8)


def choice_boxes(bar: pygame.Rect, theme: Theme, count: int = CHOICES) -> tuple[pygame.Rect, ...]:
    """`count` equal buttons sharing the bar's bottom row, left of the score."""
    pad, h = theme.px(8), choice_height(theme)
    room = round(bar.w * CHOICES_SHARE)
    width = (room - pad * (count + 1)) // max(1, count)
    y = bar.bottom - pad - h
    return tuple(pygame.Rect(bar.x + pad + i * (width + pad), y, width, h) for i in range(count))


def choice_at(bar: pygame.Rect, theme: Theme, count: int, pos: tuple[int, int]) -> int | None:
    """The number (1-based) of the choice button under `pos`, when `count` choices are shown."""
    boxes = choice_boxes(bar, theme, count)
    return next((i + 1 for i, box in enumerate(boxes) if box.collidepoint(pos)), None)


def draw_bar(surface: pygame.Surface, bar: pygame.Rect, theme: Theme, shown: Shown) -> None:
    """The bar: the prompt (score at its right), the verdict, the numbered choices."""
    draw_box(surface, bar, theme, fill=th.PANEL, edge=th.ACTIVE, radius=8)
    pad = theme.px(8)
    prompt = fit_text(theme, shown.prompt, bar.w - 2 * pad, "small", "bold")
    surface.blit(theme.text(prompt, "small", th.INK, "bold"), (bar.x + pad, bar.y + pad))
    y = bar.y + pad + theme.line_height("small")
    verdict = fit_text(theme, shown.message, bar.w - 2 * pad, "small")
    surface.blit(theme.text(verdict, "small", th.MUTED), (bar.x + pad, y))
    for number, (button, label) in enumerate(
        zip(choice_boxes(bar, theme, len(shown.choices)), shown.choices, strict=True), 1
    ):
        fill = th.blend(th.PANEL, th.ACTIVE, 0.35) if number - 1 == shown.picked else th.BACKGROUND
        draw_box(surface, button, theme, fill=fill, edge=th.ACTIVE, radius=6)
        words = fit_text(theme, f"{number}: {label}", button.w - theme.px(8), "body", "bold")
        image = theme.text(words, "body", th.INK, "bold")
        surface.blit(image, image.get_rect(center=button.center))
    row = pygame.Rect(bar.x + round(bar.w * CHOICES_SHARE), bar.bottom - pad - choice_height(theme), 0, 0)
    row.w, row.h = bar.right - pad - row.x, choice_height(theme)
    score = theme.text(fit_text(theme, shown.score, row.w, "small", "bold"), "small", th.INK, "bold")
    surface.blit(score, score.get_rect(midright=row.midright))
