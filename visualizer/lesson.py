"""Presenting a lesson: a layer over the app that opens each step's demo and seeks its player.

The app keeps its usual demo screen (a Shell); this layer only opens the step's
demo with its settings and seed, moves the run to the step's position, plays its
part, and draws the caption and the step counter over the window's bottom.  The clicker's
keys go to the layer first: PageDown / PageUp (and Right / Left once a step has
played its part) move between steps, B blanks the screen, F5 starts the lesson
again; L lets the class take the demo over, and L again returns to the lesson
where it was.  Esc leaves, as in any demo.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from solvers.i18n import _, language
from solvers.lessons import HERE, Lesson, Position, Step, in_language
from visualizer import theme as th
from visualizer.demos import BY_NAME
from visualizer.panels import fit_text, wrap
from visualizer.player import Player, kind_is
from visualizer.screens import Host
from visualizer.shell import Shell
from visualizer.widgets import draw_box

if TYPE_CHECKING:
    from visualizer.scenes.base import Demo

MAX_SEARCH = 2_000_000
"""Events a position's search walks at most before it settles for where it is."""

AUTOPLAY_HOLD = 3.0
"""Seconds of app time an autoplayed lesson stays on a step once it has played its part."""


@dataclass(frozen=True)
class Span:
    """Where a step starts in its run and where its part ends (the same for a step that stays)."""

    start: int
    end: int


def kind_or_inner(kind: str) -> Callable[[Any], bool]:
    """Events of `kind`, or wrapping one (a lockstep's Side carries one search's event)."""
    is_kind = kind_is(kind)
    return lambda event: is_kind(event) or is_kind(getattr(event, "event", None))


def reach(player: Player, position: Position, after: int) -> int:
    """The event number `position` names, counted on from `after` (the run is left there)."""
    player.seek(after, now=True)
    if position == HERE:
        return player.cursor
    if position.event is not None:
        player.seek(position.event, now=True)
        return player.cursor
    wanted = (lambda event: False) if position.end else kind_or_inner(position.kind or "")
    for _count in range(MAX_SEARCH):
        event = player.step()
        if event is None or wanted(event):
            break
    return player.cursor


def apply_settings(demo: Any, settings: Mapping[str, Any]) -> None:
    """Each setting as the demo's `set_KEY(value)` (a list is spread over the arguments)."""
    for key, value in settings.items():
        setter = getattr(demo, f"set_{key}")
        setter(*value) if isinstance(value, list) else setter(value)


class LessonHost(Host, Protocol):
    """What a lesson being presented asks of the app: its screen, its time, a demo opened, the end."""

    @property
    def screen(self) -> object:
        """The screen on show (a Shell while a lesson is presented)."""

    @property
    def elapsed(self) -> float:
        """Seconds of app time."""

    def show_demo(self, demo_type: type[Demo], *, seed: int, speed: float | None) -> Shell:
        """Close the open demo and put a paused screen for `demo_type` up."""

    def quit_now(self) -> None:
        """End the app's loop."""


class LessonPresenter:
    """Plays a lesson on the app's demo screen: one step at a time, the class free to leave and come back."""

    def __init__(self, app: LessonHost, lesson: Lesson, first: int = 0, *, autoplay: bool = False) -> None:
        self.app = app
        self.lesson = lesson
        self.autoplay = autoplay  # --autoplay: each step plays its part, stays AUTOPLAY_HOLD, then the next
        self.done_at: float | None = None  # app time when the step had played its part (autoplay)
        self.index = 0
        self.span = Span(0, 0)
        self.blank = False
        self.away = False  # the class has taken the demo over (L)
        self.left_at = 0  # the cursor when they took it over
        self.stop_at: int | None = None  # a playing step pauses here
        self.caption_box = pygame.Rect(0, 0, 0, 0)  # where the caption was drawn last
        self.folded = False  # a click on the caption folds it to its counter line (each step starts unfolded)
        self.go(first)

    @property
    def step(self) -> Step:
        """The step on show."""
        return self.lesson.steps[self.index]

    @property
    def shell(self) -> Shell:
        """The demo screen the step plays on."""
        screen = self.app.screen
        assert isinstance(screen, Shell), "a lesson always shows a demo"
        return screen

    # --- moving between steps ---------------------------------------------------------

    def go(self, index: int, *, resume: int | None = None) -> None:
        """Show step `index` (clamped): its demo, its run at its position, its part playing."""
        self.index = max(0, min(len(self.lesson.steps) - 1, index))
        self.away = False
        self.folded = False
        self.done_at = None
        step = self.step
        first = self.index
        while first > 0 and step.same_run(self.lesson.steps[first - 1]):
            first -= 1
        self._open(step)
        player = self.shell.run
        end = 0
        for earlier in self.lesson.steps[first : self.index + 1]:
            start = reach(player, earlier.at, end)
            end = reach(player, earlier.to, start) if earlier.to is not None else start
        self.span = Span(start, end)
        self._set_scene(step)
        self.stop_at = None
        if resume is not None:
            player.seek(resume, now=True)
        elif step.do == "play":
            player.seek(start, now=True)
            if step.speed is not None:
                player.speed = step.speed
            self.stop_at = end
            player.playing = end > start
        else:
            player.seek(start, now=True)

    def _open(self, step: Step) -> None:
        """Open the step's demo with its seed and settings (`set_KEY(value)`), on a fresh run."""
        demo_type = BY_NAME[step.demo].load()
        shell = self.app.show_demo(demo_type, seed=step.seed, speed=step.speed)
        apply_settings(shell.demo, step.settings)
        shell.run.playing = False
        pygame.display.set_caption(f"Unwind — {in_language(self.lesson.title, language())}")

    def _set_scene(self, step: Step) -> None:
        """The step's side card (opened out of the strip where the cards are folded), scale and exercise."""
        shell = self.shell
        if step.panel is not None:
            shell.side_tab = step.panel
        if step.zoom is not None:
            theme = self.app.theme
            theme.zoom(-len(th.SCALES))
            theme.zoom(th.SCALES.index(1.0) + step.zoom - 1)
            theme.fit_window(self.app.surface.get_size())
        if step.exercise is not None:
            shell.exercise.stop()
            shell.exercise.start(shell, step.exercise)
        if step.panel is not None and step.panel in dict(shell.layout(self.app.surface.get_size()).strip):
            shell.opened = step.panel  # at a presenter scale the cards fold into the strip: open the step's

    def finished(self) -> bool:
        """True once the step has played its part (a step that stays is always there)."""
        player = self.shell.run
        return not player.playing and not player.busy and player.cursor >= self.span.end

    def next(self) -> None:
        """Finish the step's part at once, else go to the next step."""
        if not self.finished():
            self.stop_at = None
            self.shell.run.seek(self.span.end, now=True)
        elif self.index + 1 < len(self.lesson.steps):
            self.go(self.index + 1)

    def previous(self) -> None:
        """The step before (its start again)."""
        self.go(self.index - 1)

    def restart(self) -> None:
        """F5: the lesson from its first step."""
        self.go(0)

    def toggle_away(self) -> None:
        """L: the class takes the demo over, or the lesson comes back where it was."""
        if self.away:
            self.go(self.index, resume=self.left_at)
            self.app.notify(_("back to the lesson"))
            return
        self.left_at = self.shell.run.cursor
        self.stop_at = None
        self.away = True
        self.app.notify(_("the demo is yours: L returns to the lesson"))

    # --- the frame ----------------------------------------------------------------------

    def handle_key(self, event: pygame.event.Event) -> bool:
        """The clicker's keys; True when the key was the lesson's."""
        key = event.key
        if key == pygame.K_l and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_away()
            return True
        if self.away:
            return False
        if self.blank and key not in (pygame.K_ESCAPE,):
            self.blank = False
            return True
        actions: dict[int, Callable[[], None]] = {
            pygame.K_PAGEDOWN: self.next,
            pygame.K_PAGEUP: self.previous,
            pygame.K_b: self.toggle_blank,
            pygame.K_F5: self.restart,
        }
        if self.finished():
            actions[pygame.K_RIGHT] = self.next
            actions[pygame.K_LEFT] = self.previous
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    def covers(self, event: pygame.event.Event) -> bool:
        """True for a click on the caption, which folds or unfolds it: it is not for the buttons under it."""
        clicks = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if event.type not in clicks or not self.caption_box.collidepoint(event.pos):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.folded = not self.folded
        return True

    def toggle_blank(self) -> None:
        """B: a black screen, or the lesson again."""
        self.blank = not self.blank

    def update(self) -> None:
        """A playing step pauses where its part ends; an autoplayed one then moves on."""
        if self.away:
            return
        player = self.shell.run
        if self.stop_at is not None and player.cursor >= self.stop_at:
            player.playing = False
            if player.cursor > self.stop_at:
                player.seek(self.stop_at, now=True)
            self.stop_at = None
        if self.autoplay:
            self._autoplay()

    def _autoplay(self) -> None:
        """Hold a step that has played its part, then the next; after the last one the app stops."""
        if not self.finished():
            return
        now = self.app.elapsed
        if self.done_at is None:
            self.done_at = now
        elif now - self.done_at >= AUTOPLAY_HOLD:
            if self.index + 1 < len(self.lesson.steps):
                self.go(self.index + 1)
            else:
                self.app.quit_now()

    def draw(self, surface: pygame.Surface) -> None:
        """The caption and the step counter at the window's bottom, over the controls (or a black screen).

        The class does not need the player's buttons while the teacher clicks
        through the steps, so the caption covers them first and the stage least;
        on an exercise step it goes to the stage's top, off the exercise's answers.
        A click on it folds it to its counter line at the right, and unfolds it.
        """
        if self.blank:
            surface.fill((0, 0, 0))
            return
        theme = self.app.theme
        stage = self.shell.layout(surface.get_size()).stage
        self.caption_box = pygame.Rect(0, 0, 0, 0)
        if self.away:
            self._draw_badge(surface, stage)
            return
        lang = language()
        lines = [] if self.folded else [in_language(self.step.caption, lang)]
        if self.step.question and not self.folded:
            lines.append("? " + in_language(self.step.question, lang))
        counter = _("step {number} of {total}").format(number=self.index + 1, total=len(self.lesson.steps))
        margin = theme.px(12)
        width = surface.get_width() - 2 * margin
        rows = [row for line in lines for row in wrap(theme, line, width - 2 * margin, "large")]
        line_h = theme.line_height("large")
        height = (len(rows) + 1) * line_h + 2 * margin
        box = pygame.Rect(margin, surface.get_height() - height - margin, width, height)
        title = fit_text(theme, in_language(self.lesson.title, lang), width // 2, "small", "bold")
        if self.folded:  # the counter and the title alone, at the right: the picture under it shows
            words_w = theme.font("small", "bold").size(counter)[0] + theme.font("small").size(title)[0]
            box.w = min(width, words_w + 4 * margin)
            box.h = theme.line_height("small", "bold") + 2 * margin
            box.bottom = surface.get_height() - margin
            box.right = surface.get_width() - margin
        if self.shell.exercise.active:  # the exercise's bar and its answers sit at the bottom: keep them free
            box.y = stage.y + margin
        self.caption_box = box
        draw_box(surface, box, theme, fill=th.TITLE_BAR, edge=th.TITLE_BAR, radius=8)
        y = box.y + margin
        surface.blit(theme.text(counter, "small", th.YELLOW, "bold"), (box.x + margin, y))
        title_image = theme.text(title, "small", th.TITLE_INK)
        surface.blit(title_image, title_image.get_rect(topright=(box.right - margin, y)))
        y += line_h
        for row in rows:
            surface.blit(theme.text(row, "large", th.TITLE_INK), (box.x + margin, y))
            y += line_h

    def _draw_badge(self, surface: pygame.Surface, stage: pygame.Rect) -> None:
        """While the class has the demo: a small note that L goes back."""
        theme = self.app.theme
        text = _("lesson paused at step {number}: L returns").format(number=self.index + 1)
        image = theme.text(text, "small", th.YELLOW, "bold")
        box = image.get_rect(topright=(stage.right - theme.px(10), stage.y + theme.px(10))).inflate(16, 8)
        draw_box(surface, box, theme, fill=th.TITLE_BAR, edge=th.TITLE_BAR, radius=6)
        surface.blit(image, image.get_rect(center=box.center))
