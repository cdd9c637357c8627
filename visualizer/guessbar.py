"""The predict-then-reveal bar every demo shows: prompt, last verdict, up to four numbered choices, score.

Pure geometry (`height`, `choice_boxes`, `choice_at`: the same for input and
drawing, so a demo's `layout` places the bar once) and one painter that only
reads a `guessing.BarText`.  The questions and the state machine are
`visualizer.predict`'s and `visualizer.guessing`'s (no pygame there).
"""

from __future__ import annotations

from typing import Any

import pygame

from solvers.i18n import N_, _
from visualizer import guessing, predict
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings
from visualizer.guessing import BarText
from visualizer.panels import fit_text, wrap
from visualizer.theme import Theme
from visualizer.widgets import draw_box

__all__ = ["ANSWER_BINDINGS", "BarText", "Guesses", "choice_at", "choice_boxes", "draw", "height"]

ANSWER_BINDINGS = Bindings(
    Binding(("1", "2", "3", "4"), "answer_key", N_("answer: choice 1 to 4"), when="asking"),
)
"""The answer keys, live only while a question waits (put first: they win over a demo's own digits)."""


class Guesses:
    """The guessing's actions for a demo that has `guessing` (a `guessing.Quiz` or `Guessing`) and `shell`."""

    guessing: guessing.Quiz
    shell: Any
    pressed_key = 0

    def toggle_guessing(self) -> None:
        """Questions as the search runs, or none."""
        self.guessing.toggle()

    def asking(self) -> bool:
        """A question waits for its answer."""
        return self.guessing.asking

    def holding(self) -> bool:
        """While a question waits, the run does not play past it: the bar says to answer first."""
        return hold(self.guessing)

    def answer_key(self) -> None:
        """The number key pressed answers the question."""
        self.guessing.answer(self.pressed_key - pygame.K_1 + 1, self.shell.run)

    def click_choice(self, bar: pygame.Rect, pos: tuple[int, int], player: Any) -> bool:
        """A click on the bar: a choice answers; True when the click was on the bar."""
        question = self.guessing.question
        count = len(question.choices) if question is not None else predict.CHOICES
        number = choice_at(bar, self.shell.theme, count, pos)
        if number is not None:
            self.guessing.answer(number, player)
        return True


def hold(quiz: guessing.Quiz) -> bool:
    """True while `quiz`'s question waits for its answer; then its message (the bar's second line) says so."""
    question = quiz.question
    if question is None or not quiz.asking:
        return False
    count = len(question.choices)
    quiz.message = _("Answer the question first: press 1-{count} or click a choice").format(count=count)
    quiz.changed = True
    return True


def height(theme: Theme) -> int:
    """The bar: a prompt, a message and a row of choices."""
    return 2 * theme.line_height("small") + choice_height(theme) + theme.px(20)


def choice_height(theme: Theme) -> int:
    """A choice button: one line of body text with room around it."""
    return theme.line_height("body") + theme.px(8)


CHOICE_WIDTH = 240
"""The widest a choice button grows (design pixels): four short numbers do not stretch a wide bar."""


def choice_boxes(bar: pygame.Rect, theme: Theme, count: int = predict.CHOICES) -> tuple[pygame.Rect, ...]:
    """`count` equal buttons along the bar's bottom row, left of the score (three tenths of the bar kept)."""
    pad, h = theme.px(8), choice_height(theme)
    share = (bar.w * 7 // 10 - pad) // max(1, count) - pad
    width = max(theme.px(20), min(theme.px(CHOICE_WIDTH), share))
    y = bar.bottom - pad - h
    return tuple(pygame.Rect(bar.x + pad + i * (width + pad), y, width, h) for i in range(count))


def choice_at(bar: pygame.Rect, theme: Theme, count: int, pos: tuple[int, int]) -> int | None:
    """The number (1-based) of the choice button under `pos`, when `count` choices are shown; or None."""
    boxes = choice_boxes(bar, theme, count)
    return next((number for number, box in enumerate(boxes, start=1) if box.collidepoint(pos)), None)


def draw(surface: pygame.Surface, bar: pygame.Rect, theme: Theme, text: BarText) -> None:
    """The bar: prompt, message, the numbered choices and the score."""
    boxes = choice_boxes(bar, theme, len(text.choices) or predict.CHOICES)
    draw_box(surface, bar, theme, fill=th.PANEL, edge=th.ACTIVE, radius=8)
    pad, width = theme.px(8), bar.w - 2 * theme.px(8)
    y = bar.y + pad
    lines = [(text.prompt, th.INK), (text.message, th.MUTED)]
    if not text.message:  # a verdict alone may take both lines
        wrapped = wrap(theme, text.prompt, width, "small", "bold")
        lines = [(line, th.INK) for line in [wrapped[0], " ".join(wrapped[1:])] if line]
    for line, ink in lines:
        face = "bold" if ink == th.INK else "sans"
        surface.blit(
            theme.text(fit_text(theme, line, width, "small", face), "small", ink, face), (bar.x + pad, y)
        )
        y += theme.line_height("small")
    for number, (button, label) in enumerate(zip(boxes, text.choices, strict=False), start=1):
        fill = th.blend(th.PANEL, th.ACTIVE, 0.35) if number == text.picked else th.BACKGROUND
        draw_box(surface, button, theme, fill=fill, edge=th.ACTIVE, radius=6)
        room, words = button.w - theme.px(8), f"{number}: {label}"
        size = "body" if theme.font("body", "bold").size(words)[0] <= room else "small"
        shown = theme.text(fit_text(theme, words, room, size, "bold"), size, th.INK, "bold")
        surface.blit(shown, shown.get_rect(center=button.center))
    left = boxes[-1].right + pad
    room = max(0, bar.right - pad - left)
    wide = text.short_score and theme.font("small", "bold").size(text.score)[0] > room
    score = fit_text(theme, text.short_score if wide else text.score, room, "small", "bold")
    shown = theme.text(score, "small", th.INK, "bold")
    surface.blit(shown, shown.get_rect(midright=(bar.right - pad, boxes[0].centery)))
