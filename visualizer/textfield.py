"""A text field for words in any language: typed keys, and Korean or Chinese composed with an input method.

Text arrives as SDL's TEXTINPUT events (what the keyboard or the input method
commits), never from a key's `unicode`, so a syllable composed from several
keys arrives whole.  While the input method composes, TEXTEDITING events carry
the unfinished text: the field shows it at the caret, underlined, and leaves
the keys the input method uses (Backspace, Enter, arrows) to it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from visualizer import theme as th
from visualizer.theme import Theme
from visualizer.widgets import draw_box

EDIT_KEYS = frozenset(
    {pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END}
)
"""Keys the field edits with (the rest of a field's keys come as TEXTINPUT)."""


@dataclass(frozen=True)
class Shown:
    """What a field shows: its text with the composition put in at the caret, and where each part is."""

    text: str
    caret: int  # where the caret is drawn, in `text`
    composing: tuple[int, int]  # the composed part of `text` (start, end): underlined


class TextField:
    """The text, the caret in it, and what the input method is composing at the caret."""

    def __init__(self, text: str = "", limit: int = 2000) -> None:
        self.text = text[:limit]
        self.caret = len(self.text)
        self.limit = limit
        self.composing = ""
        self.composing_caret = 0  # where the input method's own caret is inside the composition

    def set(self, text: str) -> None:
        """Replace the text (the caret to its end, no composition)."""
        self.text = text[: self.limit]
        self.caret = len(self.text)
        self.composing = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take a text or key event; True when it was the field's (then nothing else should act on it)."""
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            self.composing_caret = max(0, min(len(event.text), event.start))
            return True
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if self.composing:
            return True  # the input method's key (it sends what it makes as text events)
        if event.key in EDIT_KEYS:
            self.edit(event.key)
            return True
        plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        return plain and bool(event.unicode) and event.unicode.isprintable()  # its TEXTINPUT brings it

    def insert(self, text: str) -> None:
        """Put `text` in at the caret (printable characters only, within the limit)."""
        text = "".join(ch if ch.isprintable() else " " for ch in text)
        text = text[: max(0, self.limit - len(self.text))]
        self.text = self.text[: self.caret] + text + self.text[self.caret :]
        self.caret += len(text)

    def edit(self, key: int) -> None:
        """One editing key at the caret."""
        if key == pygame.K_BACKSPACE and self.caret > 0:
            self.text = self.text[: self.caret - 1] + self.text[self.caret :]
            self.caret -= 1
        elif key == pygame.K_DELETE:
            self.text = self.text[: self.caret] + self.text[self.caret + 1 :]
        elif key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self.text)

    def shown(self) -> Shown:
        """The text as drawn: the composition in at the caret, the caret inside it while composing."""
        start = self.caret
        end = start + len(self.composing)
        text = self.text[:start] + self.composing + self.text[start:]
        caret = start + self.composing_caret if self.composing else start
        return Shown(text, caret, (start, end))


def wrap_spans(font: pygame.font.Font, text: str, width: int) -> list[tuple[int, int]]:
    """Rows of `text` no wider than `width`, as (start, end) offsets: breaks after a space, else anywhere.

    Every character stays in a row, so the caret's offset finds its row; a
    Chinese line, which has no spaces, breaks between any two characters.
    """
    rows: list[tuple[int, int]] = []
    start, last_space = 0, -1
    for index, char in enumerate(text):
        if index > start and font.size(text[start : index + 1])[0] > width:
            cut = last_space + 1 if last_space >= start else index
            rows.append((start, cut))
            start, last_space = cut, -1
        if char == " ":
            last_space = index
    rows.append((start, len(text)))
    return rows


def field_height(theme: Theme, rows: int, size: str = "body") -> int:
    """Pixels of a field showing `rows` lines."""
    return rows * theme.line_height(size) + theme.px(10)


def draw_field(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    field: TextField,
    *,
    focused: bool,
    placeholder: str = "",
    size: str = "body",
) -> None:
    """The field's box, its wrapped text, the composition underlined and the caret (when focused).

    The rows that hold the caret are kept in view; the input method's
    candidate window is told to open under the caret.
    """
    draw_box(surface, rect, theme, fill=th.BACKGROUND, edge=th.ACTIVE if focused else th.PANEL_EDGE, radius=4)
    font = theme.font(size)
    pad = theme.px(6)
    inner = rect.inflate(-2 * pad, -2 * pad)
    shown = field.shown()
    if not shown.text:
        if placeholder:
            surface.blit(theme.text(placeholder, size, th.MUTED), inner.topleft)
        if focused:
            _draw_caret(surface, theme, (inner.x, inner.y), theme.line_height(size))
        return
    line = theme.line_height(size)
    rows = wrap_spans(font, shown.text, inner.w)
    caret_row = next((i for i, (a, b) in enumerate(rows) if a <= shown.caret <= b), len(rows) - 1)
    visible = max(1, inner.h // line)
    first = max(0, caret_row - visible + 1)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    for number, (start, end) in enumerate(rows[first : first + visible], first):
        y = inner.y + (number - first) * line
        surface.blit(theme.text(shown.text[start:end], size, th.INK), (inner.x, y))
        low, high = max(start, shown.composing[0]), min(end, shown.composing[1])
        if low < high:  # the part being composed, underlined
            x0 = inner.x + font.size(shown.text[start:low])[0]
            x1 = inner.x + font.size(shown.text[start:high])[0]
            under = y + font.get_ascent() + theme.px(3)
            pygame.draw.line(surface, th.ACTIVE, (x0, under), (x1, under), max(1, theme.px(2)))
        if focused and number == caret_row:
            x = inner.x + font.size(shown.text[start : shown.caret])[0]
            _draw_caret(surface, theme, (x, y), line)
    surface.set_clip(clip)


def _draw_caret(surface: pygame.Surface, theme: Theme, at: tuple[int, int], height: int) -> None:
    """A thin upright caret at `at`, and the input method's candidates placed just under it."""
    caret = pygame.Rect(at[0], at[1] + theme.px(2), max(1, theme.px(2)), height - theme.px(4))
    pygame.draw.rect(surface, th.INK, caret)
    pygame.key.set_text_input_rect(caret)
