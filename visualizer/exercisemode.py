"""Exercise mode as the shell hosts it: I cycles every step → decisions → backtracks → off.

The shell owns one `ExerciseMode`. Turning it on starts a new run with a `Performance` over the demo's
`exercise_rules()`, and a bar under the stage (`visualizer.exercisebar`). While a step is open the mode takes
the keys it needs before anything else (digits, Tab, arrows, Enter, Space, H, S), so Space never skips a
question; every other key (help, presenter scale, Esc) works as usual. Each finished or abandoned exercise
appends a row to the student's results file (solvers/exercise/results.py).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pygame

from solvers.exercise.engine import KINDS
from solvers.exercise.results import ANONYMOUS, Setup, remembered_name, save_result
from solvers.i18n import _
from visualizer import exercisebar, exercisemarks, progress
from visualizer.exercising import Performance
from visualizer.screens import Requests
from visualizer.theme import Theme

CYCLE = ("every", "decisions", "backtracks")
"""What I offers in turn, then off."""
NEXT_KIND: dict[str | None, str] = {None: CYCLE[0], **dict(pairwise(CYCLE))}
"""The kind I turns to from each (from off, the first; the last has none: off again)."""
ARROWS = {pygame.K_TAB: 1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_LEFT: -1, pygame.K_UP: -1}
DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)
}


class ExerciseMode:
    """The shell's exercise: off, or one `Performance` over the current run."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.performance: Performance | None = None
        self.student = remembered_name() or ANONYMOUS
        self.name_asked = False
        """The student's name was asked in this session (once, the first time exercise mode starts)."""

    @property
    def asking(self) -> bool:
        """A step is open: what would give it away stays hidden."""
        return self.performance is not None and self.performance.asking

    @property
    def active(self) -> bool:
        """Exercise mode is on."""
        return self.performance is not None

    def cycle(self, shell: Any) -> str | None:
        """I: the next kind of steps (a new run), or off; words for a message (None: the bar says it)."""
        if shell.demo.exercise_rules() is None:
            return _("this demo has no exercises yet")
        current = self.performance.kind if self.performance is not None else None
        self.stop()
        following = NEXT_KIND.get(current)
        if following is None:
            return _("exercise mode off")
        self.start(shell, following)
        return None

    def start(self, shell: Any, kind: str) -> None:
        """A new run, with the student making the steps of `kind`."""
        assert kind in KINDS
        shell.new_run(autoplay=True)
        self.ask_name_once(shell)
        self.perform(shell, kind)

    def renew(self, shell: Any) -> None:
        """The demo made a new run (new settings, a traced run that arrived): the exercise starts over.

        The engine walks its own copy of the run beside the player, so an exercise kept from the old run
        would pose steps at places of a run no longer played; a demo without rules for the new run (a
        frogs playback) ends the exercise.
        """
        if self.performance is None:
            return
        kind = self.performance.kind
        self.stop()
        self.perform(shell, kind)

    def perform(self, shell: Any, kind: str) -> None:
        """A `Performance` of `kind` over the demo's current run (none when the run has no rules)."""
        demo = shell.demo
        rules = demo.exercise_rules()
        if rules is not None:
            setup = Setup(demo.name, _(demo.title), shell.seed, kind)
            self.performance = Performance(demo.source, rules, setup, self.clock, kind=kind)

    def ask_name_once(self, host: Requests) -> None:
        """The first time exercise mode starts with no name remembered: ask it (Esc keeps 'anonymous')."""
        if self.name_asked or remembered_name() is not None:
            return
        self.name_asked = True

        def keep(name: str) -> None:
            self.student = name

        progress.ask_name(host, "", keep)

    def stop(self) -> None:
        """Off: keep what was done in the results file (if any step was made)."""
        performance, self.performance = self.performance, None
        if performance is not None and performance.exercise.score.asked:
            save_result(self.student, performance.setup, performance.exercise.score, performance.finished)

    def follow(self, player: Any) -> None:
        """Once a frame, after the player moved: hold it at the open step."""
        performance = self.performance
        if performance is None:
            return
        was_finished = performance.finished
        performance.follow(player)
        if performance.finished and not was_finished and performance.exercise.score.asked:
            save_result(self.student, performance.setup, performance.exercise.score, True)

    def take_key(self, event: pygame.event.Event, player: Any) -> bool:
        """The keys of an open step or of a wrong answer being read; True when used."""
        performance = self.performance
        if performance is None or not (performance.asking or performance.reading):
            return False
        key = event.key
        if performance.reading:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                performance.go_on(player)
                return True
            return False
        if key in DIGITS:
            performance.choose(DIGITS[key], player)
        elif key in ARROWS:
            step = -ARROWS[key] if key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT else ARROWS[key]
            performance.move_selection(step)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            performance.enter(player)
        elif key == pygame.K_h:
            performance.hint()
        elif key == pygame.K_s:
            performance.show(player)
        elif key != pygame.K_SPACE:  # Space never skips a question
            return False
        return True

    def click(self, bar: pygame.Rect, theme: Theme, pos: tuple[int, int], player: Any) -> bool:
        """A click on the bar: a candidate answers (or is marked); True when the click was on the bar."""
        performance = self.performance
        if performance is None or not bar.collidepoint(pos):
            return False
        number = exercisebar.choice_at(bar, theme, performance, pos)
        if number is not None:
            performance.choose(number, player)
        elif performance.reading:
            performance.go_on(player)
        return True

    def at_step(self, player: Any) -> bool:
        """Whether the player shows the open step's moment (True when no step is open): a step is posed ahead
        of the player, and its candidates belong to the picture at its index only."""
        step = self.performance.step if self.performance is not None else None
        return step is None or player.cursor == step.index

    def spots(self, demo: Any, stage: pygame.Rect, player: Any) -> list[tuple[int, pygame.Rect]]:
        """The open step's candidates on the picture: (number, box), from the demo's `exercise_targets`.

        Only while the player stands at the step: a student who stepped back sees an earlier picture, where
        the step's candidates are not (a node not entered yet, a child not drawn)."""
        performance = self.performance
        if performance is None or performance.step is None or not self.at_step(player):
            return []
        return exercisemarks.placed(performance, demo.exercise_targets(performance.step, stage, player))

    def click_picture(self, demo: Any, stage: pygame.Rect, pos: tuple[int, int], player: Any) -> bool:
        """A click on a candidate drawn on the picture answers (or marks) it; True when it did."""
        number = exercisemarks.number_at(self.spots(demo, stage, player), pos)
        if number is None or self.performance is None:
            return False
        self.performance.choose(number, player)
        return True

    def draw_marks(self, surface: pygame.Surface, demo: Any, stage: pygame.Rect, player: Any) -> None:
        """The candidates outlined on the picture, with their numbers (while a step is open)."""
        if self.performance is not None:
            exercisemarks.draw(surface, demo.theme, self.performance, self.spots(demo, stage, player))

    def split(self, stage: pygame.Rect, theme: Theme) -> tuple[pygame.Rect, pygame.Rect]:
        """The stage less the bar at its bottom, and the bar (empty while off)."""
        performance = self.performance
        if performance is None:
            return stage, pygame.Rect(stage.x, stage.bottom, stage.w, 0)
        height = min(exercisebar.bar_height(stage.w, theme, performance), stage.h // 2)
        gap = theme.px(6)
        upper = pygame.Rect(stage.x, stage.y, stage.w, stage.h - height - gap)
        return upper, pygame.Rect(stage.x, upper.bottom + gap, stage.w, height)

    def draw(self, surface: pygame.Surface, bar: pygame.Rect, theme: Theme) -> None:
        """The bar, when on."""
        if self.performance is not None and bar.h > 0:
            exercisebar.draw(surface, bar, theme, self.performance)
