"""The exercise bar under the stage: the question, its numbered candidates, hints, the verdict, the score.

Pure geometry first (`bar_height`, `choice_boxes`, `choice_at`: the same for input and drawing), then one
painter that only reads a `Performance` (visualizer/exercising.py). Candidates flow onto as many rows as they
need; the first nine carry their number key, every one is reached with Tab and the arrows.
"""

from __future__ import annotations

import pygame

from solvers.i18n import _
from visualizer import theme as th
from visualizer.exercisewords import KIND_WORDS
from visualizer.exercising import Performance
from visualizer.panels import fit_text, wrap
from visualizer.theme import Theme
from visualizer.widgets import draw_box

TEXT_LINES = 3
"""Lines of words above the candidates: the question, then a hint or the verdict and its reason."""
CHOICE_WIDTH = 220
"""The widest a candidate's button grows (design pixels)."""
CHOICE_ROWS = 3
"""Rows of candidates at the most; more candidates share the last row's width."""


def choice_height(theme: Theme) -> int:
    """A candidate's button: one line of body text with room around it."""
    return theme.line_height("body") + theme.px(8)


def choice_width(theme: Theme, labels: list[str]) -> int:
    """One width for every button: the widest numbered label, within CHOICE_WIDTH."""
    widest = max((theme.font("small", "bold").size(f"9  {label}")[0] for label in labels), default=0)
    return min(theme.px(CHOICE_WIDTH), widest + theme.px(16))


def choice_boxes(width: int, theme: Theme, labels: list[str]) -> list[pygame.Rect]:
    """The buttons' places relative to the bar's top-left corner, row after row."""
    pad, h = theme.px(8), choice_height(theme)
    top = pad + TEXT_LINES * theme.line_height("small") + pad
    if not labels:
        return []
    button = choice_width(theme, labels)
    per_row = max(1, (width - pad) // (button + pad))
    rows = min(CHOICE_ROWS, -(-len(labels) // per_row))
    per_row = max(per_row, -(-len(labels) // rows))
    button = min(button, (width - pad) // per_row - pad)
    return [
        pygame.Rect(pad + (i % per_row) * (button + pad), top + (i // per_row) * (h + pad), button, h)
        for i in range(len(labels))
    ]


def bar_height(width: int, theme: Theme, performance: Performance) -> int:
    """The bar's height for the step on show (the words, then the rows of candidates)."""
    pad = theme.px(8)
    words = 2 * pad + TEXT_LINES * theme.line_height("small")
    boxes = choice_boxes(width, theme, labels(performance))
    return max(words + choice_height(theme) + pad, (boxes[-1].bottom + pad) if boxes else 0)


def labels(performance: Performance) -> list[str]:
    """The candidates' words of the open step (none between steps)."""
    step = performance.step
    return [choice.label for choice in step.choices] if step is not None else []


def choice_at(bar: pygame.Rect, theme: Theme, performance: Performance, pos: tuple[int, int]) -> int | None:
    """The number (1-based) of the candidate under `pos`, or None."""
    for number, box in enumerate(choice_boxes(bar.w, theme, labels(performance)), start=1):
        if box.move(bar.topleft).collidepoint(pos):
            return number
    return None


def words(performance: Performance) -> list[tuple[str, th.Color, str]]:
    """The lines above the candidates: (text, ink, face)."""
    step, last = performance.step, performance.last
    score = performance.exercise.score
    lines: list[tuple[str, th.Color, str]] = []
    if step is not None:
        number = score.asked + 1
        lines.append(
            (_("Step {number}: {question}").format(number=number, question=step.question), th.INK, "bold")
        )
        if performance.hint_text:
            lines.append((_("Hint: {hint}").format(hint=performance.hint_text), th.ACTIVE, "sans"))
        elif step.multiple:
            lines.append(
                (_("Mark every right one with its number (none may be), then Enter."), th.MUTED, "sans")
            )
        else:
            lines.append(
                (
                    _("Press its number, or Tab and Enter, or click it. H: a hint, S: show me."),
                    th.MUTED,
                    "sans",
                )
            )
        if score.asked == 0:
            lines.append((_(KIND_WORDS[performance.kind]), th.MUTED, "sans"))
    elif last is not None:
        ink = th.DONE if last.correct else th.DEAD
        lines.append((last.verdict(), ink, "bold"))
        if not last.correct:
            lines.append((last.step.explanation, th.INK, "sans"))
            lines.append((_("Enter or Space: go on from the right step."), th.MUTED, "sans"))
    elif performance.finished:
        lines.append((_("The run is over: {score}.").format(score=score.text()), th.INK, "bold"))
    else:
        lines.append((_("Playing to the next step…"), th.MUTED, "sans"))
    return lines


def draw(surface: pygame.Surface, bar: pygame.Rect, theme: Theme, performance: Performance) -> None:
    """The whole bar."""
    draw_box(surface, bar, theme, fill=th.PANEL, edge=th.ACTIVE, radius=8)
    pad = theme.px(8)
    score = performance.exercise.score
    score_text = theme.text(score.text(), "small", th.MUTED, "bold") if score.asked else None
    room = bar.w - 2 * pad - (score_text.get_width() + pad if score_text else 0)
    y = bar.y + pad
    shown = 0
    for text, ink, face in words(performance):
        for line in wrap(theme, text, room, "small", face):
            if shown == TEXT_LINES:
                break
            surface.blit(
                theme.text(fit_text(theme, line, room, "small", face), "small", ink, face), (bar.x + pad, y)
            )
            y += theme.line_height("small")
            shown += 1
    if score_text is not None:
        surface.blit(score_text, score_text.get_rect(topright=(bar.right - pad, bar.y + pad)))
    draw_choices(surface, bar, theme, performance)


def draw_choices(surface: pygame.Surface, bar: pygame.Rect, theme: Theme, performance: Performance) -> None:
    """The numbered candidates: the selected one lit, the marked ones ticked."""
    names = labels(performance)
    for index, (box, label) in enumerate(zip(choice_boxes(bar.w, theme, names), names, strict=True)):
        box = box.move(bar.topleft)
        marked = index in performance.marked
        fill = th.blend(th.PANEL, th.ACTIVE, 0.35) if marked else th.BACKGROUND
        edge = th.INK if index == performance.selected else th.ACTIVE
        draw_box(surface, box, theme, fill=fill, edge=edge, radius=6)
        if index == performance.selected:
            pygame.draw.rect(
                surface,
                th.INK,
                box.inflate(theme.px(4), theme.px(4)),
                width=max(1, theme.px(2)),
                border_radius=8,
            )
        key = f"{index + 1}  " if index < 9 else ""
        tick = "✓ " if marked else ""
        text = fit_text(theme, f"{key}{tick}{label}", box.w - theme.px(8), "small", "bold")
        shown = theme.text(text, "small", th.INK, "bold")
        surface.blit(shown, shown.get_rect(center=box.center))
