"""My progress: the student's results by demo and kind of steps, over the home screen (M opens it).

Reads the results file (solvers/exercise/results.py) when opened, so a spreadsheet's view and the card agree:
per demo and kind, the exercises, the steps made, the share right, the last day, and the last scores as small
bars. The file's path is shown, for a teacher to open it; N changes the student's name (a new file).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from solvers.exercise.results import Progress, clean_name, remember_name
from solvers.i18n import N_, _
from visualizer import theme as th
from visualizer.demos import BY_NAME
from visualizer.panels import card, fit_text
from visualizer.screens import Requests
from visualizer.theme import Theme

KIND_WORDS = {"every": N_("every step"), "decisions": N_("decisions"), "backtracks": N_("backtracks")}
"""The kind of steps practised, in a table cell."""
COLUMNS = (
    (N_("demo"), 0.22),
    (N_("steps practised"), 0.16),
    (N_("exercises"), 0.1),
    (N_("steps"), 0.09),
    (N_("correct"), 0.1),
    (N_("last day"), 0.15),
    (N_("recent scores"), 0.18),
)
"""The table's columns: heading and share of the width."""


@dataclass
class ProgressCard:
    """What the card shows: whose results, where they are kept, and their summary."""

    student: str
    path: str
    summary: list[Progress]


def ask_name(host: Requests, current: str, then: Callable[[str], None]) -> None:
    """Ask the student's name with the host's prompt; it is remembered, then `then(name)` runs."""

    def keep(name: str) -> None:
        remember_name(name)
        then(clean_name(name))

    host.ask(_("Your name, for your results file:"), current, keep)


def card_rect(size: tuple[int, int], theme: Theme) -> pygame.Rect:
    """The card over the home screen below its title line, with a margin all round."""
    margin, top = theme.px(40), theme.px(110)
    return pygame.Rect(margin, top, size[0] - 2 * margin, size[1] - top - margin)


def demo_words(name: str) -> str:
    """A demo's title in the reader's language ('Towers of Hanoi'), or its name when unknown."""
    entry = BY_NAME.get(name)
    return _(entry.title) if entry is not None else name


def row_cells(row: Progress) -> list[str]:
    """One table row's words, the last cell (the bars) left empty."""
    kind = _(KIND_WORDS[row.kind]) if row.kind in KIND_WORDS else row.kind
    share = _("{share} %").format(share=row.share)
    return [demo_words(row.demo), kind, str(row.exercises), str(row.steps), share, row.last, ""]


def draw(surface: pygame.Surface, theme: Theme, progress: ProgressCard) -> pygame.Rect:
    """The whole card; returns its rectangle."""
    rect = card_rect(surface.get_size(), theme)
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*th.BACKGROUND, 200))
    surface.blit(veil, (0, 0))
    inner = card(surface, rect, theme, _("my progress: {student}").format(student=progress.student))
    pygame.draw.rect(surface, th.ACTIVE, rect, max(1, theme.px(2)), border_radius=theme.px(8))
    y = inner.y
    lines = (
        (_("your results file (opens in a spreadsheet): {path}").format(path=progress.path), th.INK),
        (_("N: change your name   ·   M or Esc: close"), th.MUTED),
    )
    for text, ink in lines:
        surface.blit(theme.text(fit_text(theme, text, inner.w, "small"), "small", ink), (inner.x, y))
        y += theme.line_height("small")
    y += theme.px(10)
    if not progress.summary:
        words = _("No exercises yet: open a demo and press I to make its steps yourself.")
        surface.blit(theme.text(fit_text(theme, words, inner.w, "body"), "body", th.INK), (inner.x, y))
        return rect
    xs = column_xs(inner)
    for (heading, _share), x, right in zip(COLUMNS, xs, [*xs[1:], inner.right], strict=True):
        text = fit_text(theme, _(heading), right - x - theme.px(6), "small", "bold")
        surface.blit(theme.text(text, "small", th.MUTED, "bold"), (x, y))
    y += theme.line_height("small") + theme.px(4)
    row_h = theme.line_height("body") + theme.px(6)
    for row in progress.summary:
        if y + row_h > inner.bottom:
            break
        for text, x, right in zip(row_cells(row), xs, [*xs[1:], inner.right], strict=True):
            room = right - x - theme.px(6)  # a smaller size before an ellipsis
            size = "body" if theme.font("body").size(text)[0] <= room else "small"
            surface.blit(theme.text(fit_text(theme, text, room, size), size, th.INK), (x, y))
        draw_bars(
            surface, theme, pygame.Rect(xs[-1], y, inner.right - xs[-1], row_h - theme.px(6)), row.recent
        )
        pygame.draw.line(surface, th.PANEL_EDGE, (inner.x, y + row_h - 2), (inner.right, y + row_h - 2))
        y += row_h
    return rect


def column_xs(inner: pygame.Rect) -> list[int]:
    """The left edge of each column."""
    xs, x = [], float(inner.x)
    for _heading, share in COLUMNS:
        xs.append(round(x))
        x += share * inner.w
    return xs


def draw_bars(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, scores: tuple[int, ...]) -> None:
    """The last scores, oldest first, as bars from 0 to 100 % (green from 80 %, orange below)."""
    if not scores:
        return
    gap = theme.px(3)
    width = max(2, min(theme.px(14), (rect.w - gap * len(scores)) // len(scores)))
    pygame.draw.line(
        surface, th.PANEL_EDGE, (rect.x, rect.bottom), (rect.x + (width + gap) * len(scores), rect.bottom)
    )
    for index, score in enumerate(scores):
        height = max(1, round(rect.h * score / 100))
        bar = pygame.Rect(rect.x + index * (width + gap), rect.bottom - height, width, height)
        pygame.draw.rect(surface, th.DONE if score >= 80 else th.ORANGE, bar)
