"""The presenter view: the teacher's notes for the step on show, the next step's caption and a clock.

With two screens it opens in its own window (pygame-ce's `pygame.Window`) on the
screen the projector window is not on, as soon as a lesson is presented; with
one screen Ctrl+N shows it as a card over the demo instead.  Ctrl+N goes
round: overlay, own window, off.  The view draws from a frozen `NotesLook`
(`notes_look`), so the same look serves the window, the overlay and tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from solvers.i18n import _, language
from solvers.lessons import Lesson, in_language
from visualizer import theme as th
from visualizer.panels import fit_text, wrap
from visualizer.theme import Theme
from visualizer.widgets import draw_box

if TYPE_CHECKING:
    from visualizer.lesson import LessonPresenter

MODES = ("off", "overlay", "window")
"""What Ctrl+N goes round."""

WINDOW_SIZE = (720, 480)
"""The presenter window's size when it opens (it can be resized)."""

WINDOW_SCALE = 1.3
"""The presenter window's text scale (a laptop's screen, read from a step away), whatever the projector's."""

CENTERED_ON_DISPLAY = 0x2FFF0000
"""SDL's SDL_WINDOWPOS_CENTERED_DISPLAY(n) is this | n: a window centred on display n."""


@dataclass(frozen=True)
class NotesLook:
    """What the presenter view shows, in words (the view only draws these)."""

    counter: str  # "step 3 of 12"
    title: str
    caption: str  # what the class reads now
    notes: str  # the teacher's notes for this step ("" when there are none)
    next_caption: str  # the next step's caption ("" after the last step)
    elapsed: str  # time since the lesson began, "12:05"
    clock: str  # the time of day, "14:32"
    state: str  # "" or what the class sees instead of the step (a black screen, the demo on its own)


def minutes_seconds(seconds: float) -> str:
    """'12:05' (or '1:02:05' past an hour)."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    text = f"{rest // 60:02d}:{rest % 60:02d}"
    return f"{hours}:{text}" if hours else text


def notes_look(
    lesson: Lesson, index: int, lang: str, elapsed: float, now: time.struct_time, *, away: bool, blank: bool
) -> NotesLook:
    """The look for step `index` of `lesson` in `lang`, `elapsed` seconds in, at `now`."""
    steps = lesson.steps
    step = steps[index]
    following = steps[index + 1] if index + 1 < len(steps) else None
    state = ""
    if blank:
        state = _("the class sees a black screen (B)")
    elif away:
        state = _("the class has the demo (L returns to the lesson)")
    return NotesLook(
        counter=_("step {number} of {total}").format(number=index + 1, total=len(steps)),
        title=in_language(lesson.title, lang),
        caption=in_language(step.caption, lang),
        notes=in_language(step.notes, lang) if step.notes else "",
        next_caption=in_language(following.caption, lang) if following is not None else "",
        elapsed=minutes_seconds(elapsed),
        clock=time.strftime("%H:%M", now),
        state=state,
    )


def notes_lines(theme: Theme, look: NotesLook, width: int) -> list[tuple[str, str, th.Color, str]]:
    """The lines under the view's top row, as (text, size, colour, face): the state, each part wrapped."""
    lines: list[tuple[str, str, th.Color, str]] = []
    if look.state:
        lines.append((fit_text(theme, look.state, width, "body", "bold"), "body", th.DEAD, "bold"))
    sections = (
        (_("Notes"), look.notes or _("(no notes for this step)"), "large"),
        (_("On screen"), look.caption, "body"),
        (_("Next"), look.next_caption or _("(the last step)"), "body"),
    )
    for heading, text, size in sections:
        lines.append((heading, "small", th.MUTED, "bold"))
        lines += [(row, size, th.INK, "sans") for row in wrap(theme, text, width, size)]
    return lines


def notes_height(theme: Theme, look: NotesLook, width: int) -> int:
    """Pixels the view needs at `width` to show all of `look`."""
    margin = theme.px(14)
    lines = notes_lines(theme, look, width - 2 * margin)
    return (
        2 * margin + theme.line_height("title") + sum(theme.line_height(size) for _t, size, _c, _f in lines)
    )


def draw_notes(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, look: NotesLook) -> None:
    """The look in `rect`: clock and counter on top, the notes large, what is on screen, what comes next."""
    draw_box(surface, rect, theme, fill=th.PANEL, edge=th.ACTIVE, radius=10, width=2)
    margin = theme.px(14)
    inner = rect.inflate(-2 * margin, -2 * margin)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    clock = theme.text(f"{look.elapsed}   {look.clock}", "title", th.INK, "bold")
    surface.blit(clock, clock.get_rect(topright=inner.topright))
    counter = fit_text(
        theme, f"{look.counter} · {look.title}", inner.w - clock.get_width() - margin, "body", "bold"
    )
    surface.blit(theme.text(counter, "body", th.ACTIVE, "bold"), (inner.x, inner.y))
    y = inner.y + theme.line_height("title")
    for text, size, colour, face in notes_lines(theme, look, inner.w):
        surface.blit(theme.text(text, size, colour, face), (inner.x, y))
        y += theme.line_height(size)
    surface.set_clip(clip)


class PresenterHost(Protocol):
    """What the presenter view reads of the app: its theme and the lesson being presented."""

    @property
    def theme(self) -> Theme:
        """The theme the view draws with."""

    @property
    def lesson(self) -> LessonPresenter | None:
        """The lesson being presented, if any."""


class PresenterView:
    """Off, an overlay on the projector's window, or its own window; it follows the lesson being presented."""

    def __init__(self, app: PresenterHost) -> None:
        self.app = app
        self.mode = "off"
        self.window: pygame.Window | None = None
        self.lesson: Lesson | None = None  # the lesson whose clock runs
        self.started = 0.0  # when that lesson began, on `seconds`
        self.seconds: Callable[[], float] = time.monotonic  # (the app's frame time stops counting at rest)
        self.wall_clock: Callable[[], time.struct_time] = time.localtime
        self.box = pygame.Rect(0, 0, 0, 0)  # where the overlay was drawn last

    def follow(self) -> bool:
        """Keep up with the app's lesson: a new one starts the clock (and its own window on two screens).

        False while no lesson is presented (then any window closes).
        """
        presenter = self.app.lesson
        if presenter is None:
            self.lesson = None
            self.close_window()
            return False
        if presenter.lesson is not self.lesson:
            self.lesson, self.started = presenter.lesson, self.seconds()
            if self.mode == "off" and displays() > 1:
                self.mode = "window"
        return True

    def look(self) -> NotesLook:
        """The look of the step on show now."""
        presenter = self.app.lesson
        assert presenter is not None, "the view shows a lesson being presented"
        elapsed = self.seconds() - self.started
        return notes_look(
            presenter.lesson,
            presenter.index,
            language(),
            elapsed,
            self.wall_clock(),
            away=presenter.away,
            blank=presenter.blank,
        )

    def cycle(self) -> str:
        """Ctrl+N: overlay, own window, off; the words say which."""
        self.follow()
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        if self.mode != "window":
            self.close_window()
        return {
            "off": _("presenter view off"),
            "overlay": _("presenter view over the demo (Ctrl+N: in its own window)"),
            "window": _("presenter view in its own window: drag it to your screen (Ctrl+N: off)"),
        }[self.mode]

    def takes(self, event: pygame.event.Event) -> bool:
        """True for the presenter window's own mouse and window events (its keys move the lesson as any).

        While it is open, closing the projector's window is not the last window
        closing, so SDL sends no QUIT: one is posted, and the app asks as ever.
        """
        window = getattr(event, "window", None)
        if self.window is not None and event.type == pygame.WINDOWCLOSE and window is not self.window:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            return True
        if self.window is None or window is not self.window or event.type in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        if event.type == pygame.WINDOWCLOSE:
            self.mode = "off"
            self.close_window()
        return True

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The overlay's card at the window's top right, over the demo (the teacher's glance, one screen)."""
        if not self.follow() or self.mode != "overlay":
            return
        theme = self.app.theme
        width = min(surface.get_width() - theme.px(24), max(theme.px(420), surface.get_width() * 9 // 20))
        look = self.look()
        height = min(notes_height(theme, look, width), surface.get_height() * 3 // 5)
        rect = pygame.Rect(surface.get_width() - width - theme.px(12), theme.px(12), width, height)
        caption = self.app.lesson.caption_box if self.app.lesson is not None else rect
        if rect.colliderect(caption):  # an exercise step's caption sits at the stage's top: go under it
            rect.y = caption.bottom + theme.px(8)
        draw_notes(surface, rect, theme, look)
        self.box = rect

    def show_window(self) -> None:
        """Draw and flip the presenter's own window (opened on first use), after the projector's frame."""
        if not self.follow() or self.mode != "window":
            return
        if self.window is None:
            self.window = open_presenter_window()
        surface = self.window.get_surface()
        surface.fill(th.BACKGROUND)
        theme = self.app.theme
        with theme.scaled(WINDOW_SCALE):  # the teacher's screen is read up close: not the projector's scale
            draw_notes(surface, surface.get_rect().inflate(-16, -16), theme, self.look())
        self.window.flip()

    def close_window(self) -> None:
        """Close the presenter's own window, if open."""
        if self.window is not None:
            self.window.destroy()
            self.window = None


def displays() -> int:
    """How many screens the system has (1 when it cannot say)."""
    try:
        return pygame.display.get_num_displays()
    except pygame.error:
        return 1


def teachers_display(projector_x: int, widths: list[int]) -> int:
    """The screen for the teacher's window: one the projector's window (at `projector_x`) is not on.

    Screens are taken as side by side, left to right, as most systems put a
    projector beside the laptop; the window can be dragged where this guesses wrong.
    """
    left = 0
    for index, width in enumerate(widths):
        if left <= projector_x < left + width:
            return 1 if index == 0 and len(widths) > 1 else 0
        left += width
    return 0


def open_presenter_window() -> pygame.Window:
    """A resizable window for the teacher, centred on a screen the projector's window is not on."""
    widths = [width for width, _height in pygame.display.get_desktop_sizes()]
    display = teachers_display(pygame.display.get_window_position()[0], widths)
    place = CENTERED_ON_DISPLAY | display
    return pygame.Window(_("Unwind — presenter view"), WINDOW_SIZE, (place, place), resizable=True)
