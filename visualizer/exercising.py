"""Exercise mode in the app: the run stops before each step the student practises, and the student makes it.

`Performance` walks an `Exercise` (solvers/exercise/engine.py) beside the player: the engine reads its own
copy of the demo's deterministic run, so `Step.index` is a position on the player's timeline. Each frame
`follow` keeps the player from passing the open step (a frame that played past it steps back to it), pauses
there and lets the student answer: a choice by number, by Tab/arrows and Enter, or by a click on the bar;
several choices are marked with their numbers and sent with Enter. A right answer plays on; a wrong one
shows the right step and the rule, and Enter or Space goes on from the right step. Hints come one at a time
and "show me" gives the step; both are counted. No pygame here: `visualizer.exercisebar` draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from solvers.exercise.engine import Exercise, Graded, Rules, Step
from solvers.exercise.results import Setup

POSE_BUDGET = 5_000
"""Run positions the engine looks at in a frame on its way to the next step (a few ms: the frame goes on)."""


@dataclass
class Performance:
    """One exercise over one run of a demo, in step with its player."""

    source: Callable[[], Iterable[Any]]
    rules: Rules
    setup: Setup
    clock: Callable[[], float]
    kind: str = "every"
    step: Step | None = None
    last: Graded | None = None
    reading: bool = False
    selected: int = 0
    marked: set[int] = field(default_factory=set)
    hints_used: int = 0
    finished: bool = False
    asked_at: float = 0.0
    exercise: Exercise = field(init=False)

    def __post_init__(self) -> None:
        self.exercise = Exercise(self.source(), self.rules, kind=self.kind)

    # --- following the run ---------------------------------------------------------

    @property
    def asking(self) -> bool:
        """A step waits for the student's answer."""
        return self.step is not None

    def follow(self, player: Any) -> None:
        """Once a frame: pose the next step, hold the player at it, never let it pass an open one."""
        if self.step is None and not self.reading and not self.finished:
            self._pose_next()
        target = self._hold_index()
        if target is None:
            return
        if player.cursor > target:
            player.seek(target, now=True)
        if player.cursor == target:
            player.playing = False

    def _hold_index(self) -> int | None:
        """Where the player must stop: at the open step, or at a wrong answer's step while it is read."""
        if self.step is not None:
            return self.step.index
        if self.reading and self.last is not None:
            return self.last.step.index
        return None

    def _pose_next(self) -> None:
        """Ask the engine for the next step (it plays its own copy of the run there), a frame's worth."""
        step = self.exercise.next_step(budget=POSE_BUDGET)
        if step is None:
            self.finished = self.exercise.done
            return
        self.step, self.selected, self.marked, self.hints_used = step, 0, set(), 0
        self.asked_at = self.clock()

    # --- answering -----------------------------------------------------------------

    def choose(self, number: int, player: Any) -> None:
        """Choice `number` (1-based): the answer, or a mark to toggle when several are asked."""
        step = self.step
        if step is None or not 1 <= number <= len(step.choices):
            return
        self.selected = number - 1
        if step.multiple:
            self.marked ^= {number - 1}
            return
        self._grade(step.choices[number - 1].key, player)

    def move_selection(self, delta: int) -> None:
        """Tab / arrows: the next or previous candidate."""
        if self.step is not None:
            self.selected = (self.selected + delta) % len(self.step.choices)

    def enter(self, player: Any) -> None:
        """Enter: answer with the selected candidate, send the marks, or go on after a wrong answer."""
        step = self.step
        if self.reading:
            self.go_on(player)
        elif step is not None and step.multiple:
            self._grade(frozenset(step.choices[i].key for i in self.marked), player)
        elif step is not None:
            self._grade(step.choices[self.selected].key, player)

    def pick(self, key: Hashable, player: Any) -> None:
        """A click on the picture named a candidate by its key."""
        if self.step is not None:
            numbers = [n for n, choice in enumerate(self.step.choices, 1) if choice.key == key]
            if numbers:
                self.choose(numbers[0], player)

    def hint(self) -> None:
        """The next hint, one level at a time (counted)."""
        if self.step is not None and self.step.hints:
            self.hints_used = min(self.hints_used + 1, len(self.step.hints))

    def show(self, player: Any) -> None:
        """Show me: the step is made for the student (counted, not right)."""
        if self.step is not None:
            self._grade(self.step.expected, player, shown=True)

    def go_on(self, player: Any) -> None:
        """After reading a wrong answer's explanation: play on from the right step."""
        if self.reading:
            self.reading = False
            player.playing = True

    def _grade(self, answer: Hashable, player: Any, *, shown: bool = False) -> None:
        """Grade by the events; a right answer plays on at once, a wrong one waits to be read."""
        assert self.step is not None
        seconds = max(0.0, self.clock() - self.asked_at)
        self.last = self.exercise.grade(answer, hints=self.hints_used, shown=shown, seconds=seconds)
        self.step = None
        self.reading = not self.last.correct
        player.playing = self.last.correct

    @property
    def hint_text(self) -> str | None:
        """The last hint taken for the open step."""
        if self.step is None or not self.hints_used:
            return None
        return self.step.hints[self.hints_used - 1]
