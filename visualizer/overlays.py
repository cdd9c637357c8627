"""What the app draws over every screen: the keys' help, a one-line prompt, a message, the recording badge.

Pure drawing from what the app hands over (no app state is kept here), so the
app holds only when each overlay is up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from solvers.i18n import _
from visualizer import theme as th
from visualizer.panels import fit_text, wrap
from visualizer.record import Recorder
from visualizer.widgets import draw_box

HELP_SIZES = ("body", "small", "tiny")
HELP_TITLE = 36
"""Unscaled pixels of the help box besides its title's and rows' lines."""


@dataclass
class Prompt:
    """A one-line question on top of everything."""

    question: str
    text: str
    done: Callable[[str], None]
    yes_no: bool = False  # a question answered by Enter (yes) or Esc (no), with no text

    def key(self, event: pygame.event.Event) -> str | None:
        """Type one key into the answer: 'done' on Enter, 'cancel' on Esc, else None."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "done"
        if event.key == pygame.K_ESCAPE:
            return "cancel"
        if self.yes_no:
            return None
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.unicode and event.unicode.isprintable():
            self.text += event.unicode
        return None


def help_fit(theme: th.Theme, count: int, height: int) -> tuple[str, int]:
    """The largest text size, in one column or else two, at which `count` help rows fit `height`."""
    for columns in (1, 2):
        for size in HELP_SIZES:
            needed = (
                theme.px(HELP_TITLE)
                + theme.line_height("title")
                + -(-count // columns) * theme.line_height(size)
            )
            if needed <= height:
                return size, columns
    return HELP_SIZES[-1], 2


def draw_help(surface: pygame.Surface, theme: th.Theme, rows: list[tuple[str, str]]) -> None:
    """Every key and what it does, in the largest size that fits the window, over a shade."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill(th.OVERLAY)
    surface.blit(shade, (0, 0))
    room = surface.get_rect().inflate(-theme.px(24), -theme.px(24))
    size, columns = help_fit(theme, len(rows), room.h)
    line, tall = theme.line_height(size), -(-len(rows) // columns)
    width = room.w if columns > 1 else min(room.w, theme.px(760))
    box = pygame.Rect(0, 0, width, theme.px(HELP_TITLE) + theme.line_height("title") + tall * line)
    box.center = surface.get_rect().center
    draw_box(surface, box, theme, fill=th.PANEL, radius=12)
    title = theme.text(_("Keys and mouse"), "title", th.INK, "bold")
    surface.blit(title, (box.x + theme.px(20), box.y + theme.px(12)))
    column_w = (box.w - theme.px(40)) // columns
    widest = max((theme.font(size, "bold").size(key)[0] for key, _meaning in rows), default=0)
    key_w = min(widest + theme.px(16), column_w * 2 // 5)
    top = box.y + theme.px(16) + title.get_height()
    for index, (key, meaning) in enumerate(rows):
        x = box.x + theme.px(20) + (index // tall) * column_w
        y = top + (index % tall) * line
        key_text = fit_text(theme, key, key_w - theme.px(8), size, "bold")
        surface.blit(theme.text(key_text, size, th.ACTIVE, "bold"), (x, y))
        said = fit_text(theme, meaning, column_w - key_w - theme.px(12), size)
        surface.blit(theme.text(said, size, th.INK), (x + key_w, y))


def draw_prompt(surface: pygame.Surface, theme: th.Theme, prompt: Prompt) -> None:
    """The question, the answer so far with a caret, and how to finish."""
    width = min(surface.get_width() - theme.px(40), theme.px(820))
    lines = wrap(theme, prompt.question, width - theme.px(40), "body")
    line = theme.line_height("body")
    box = pygame.Rect(0, 0, width, line * (len(lines) + 4))
    box.center = surface.get_rect().center
    draw_box(surface, box, theme, fill=th.PANEL, edge=th.ACTIVE, radius=10, width=2)
    y = box.y + theme.px(14)
    for text in lines:
        surface.blit(theme.text(text, "body", th.INK), (box.x + theme.px(20), y))
        y += line
    if prompt.yes_no:
        hint = theme.text(_("Enter: yes    Esc: no"), "body", th.ACTIVE, "bold")
        surface.blit(hint, (box.x + theme.px(20), y + theme.px(10)))
        return
    field = pygame.Rect(box.x + theme.px(20), y + theme.px(6), box.w - theme.px(40), line + theme.px(8))
    draw_box(surface, field, theme, fill=th.BACKGROUND, radius=4)
    caret = "▌" if int(time.monotonic() * 2) % 2 == 0 else " "
    answer = theme.text(prompt.text[-90:] + caret, "body", th.INK, "mono")
    surface.blit(answer, (field.x + theme.px(6), field.y + theme.px(4)))
    hint = theme.text(_("Enter: OK    Esc: cancel"), "small", th.MUTED)
    surface.blit(hint, (field.x, field.bottom + theme.px(6)))


def draw_message(surface: pygame.Surface, theme: th.Theme, message: str, above: int | None = None) -> None:
    """The latest message in a dark strip near the bottom (above `above`, a y that must stay clear)."""
    image = theme.text(message, "body", th.PANEL, "bold")
    bottom = surface.get_height() - theme.px(92)
    if above is not None:
        bottom = min(bottom, above - theme.px(14))
    box = image.get_rect(midbottom=(surface.get_width() // 2, bottom))
    draw_box(
        surface,
        box.inflate(theme.px(28), theme.px(14)),
        theme,
        fill=th.TITLE_BAR,
        edge=th.YELLOW,
        radius=8,
        width=2,
    )
    surface.blit(image, box)


def draw_recording_badge(surface: pygame.Surface, theme: th.Theme, recorder: Recorder) -> None:
    """A red dot and the frame count at the top right (drawn after the frame was recorded)."""
    text = f"● REC {recorder.suffix[1:].upper()} {recorder.frames:,}"
    image = theme.text(text, "small", th.PANEL, "bold")
    box = image.get_rect(topright=(surface.get_width() - theme.px(12), theme.px(46)))
    draw_box(surface, box.inflate(theme.px(14), theme.px(8)), theme, fill=th.DEAD, edge=th.DEAD)
    surface.blit(image, box)
