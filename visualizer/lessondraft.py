"""A lesson being written in the app: its steps in order, the chosen one, its title (no pygame).

Steps come from the screen (`visualizer.authoring.capture`); the author types
their captions and notes in one language, moves and deletes them, and the draft
becomes a `Lesson` to save (`solvers.lessons.dump_lesson`) or present.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from solvers.lessons import Lesson, Position, Step, dump_lesson

FILE_NAME_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')
"""Characters a file name cannot hold on some system."""


@dataclass
class Draft:
    """The lesson being written: steps, the chosen step, the title, whether it changed since saved."""

    language: str
    steps: list[Step] = field(default_factory=list)
    title: str = ""
    chosen: int = 0
    changed: bool = False

    @property
    def step(self) -> Step | None:
        """The chosen step, or None while there are none."""
        return self.steps[self.chosen] if self.steps else None

    def add(self, step: Step) -> None:
        """Put `step` after the chosen one (first in an empty draft) and choose it."""
        place = self.chosen + 1 if self.steps else 0
        self.steps.insert(place, step)
        self.chosen = place
        self.changed = True

    def choose(self, index: int) -> None:
        """Choose step `index` (clamped)."""
        self.chosen = max(0, min(len(self.steps) - 1, index))

    def move(self, delta: int) -> None:
        """Move the chosen step `delta` places (-1: up), staying chosen."""
        if not self.steps:
            return
        to = max(0, min(len(self.steps) - 1, self.chosen + delta))
        if to != self.chosen:
            self.steps.insert(to, self.steps.pop(self.chosen))
            self.chosen = to
            self.changed = True

    def delete(self) -> None:
        """Delete the chosen step; the one after it (else before) is chosen."""
        if not self.steps:
            return
        del self.steps[self.chosen]
        self.chosen = max(0, min(self.chosen, len(self.steps) - 1))
        self.changed = True

    def toggle_play(self) -> None:
        """The chosen step stays at its event, or plays up to it from where the step before left its run.

        (From the run's start when the step before plays another run or ends
        further on.)  An exercise step stays: its exercise starts the run afresh.
        """
        step = self.step
        if step is None or step.exercise is not None:
            return
        if step.do == "play" and step.to is not None:
            self.steps[self.chosen] = dataclasses.replace(step, do="stay", at=step.to, to=None)
        elif step.at.event is not None:
            start = self.left_at(self.chosen)
            start = start if start <= step.at.event else 0
            self.steps[self.chosen] = dataclasses.replace(
                step, do="play", at=Position(event=start), to=step.at
            )
        self.changed = True

    def left_at(self, index: int) -> int:
        """The event where the step before `index` leaves the same run (0: another run, or none)."""
        if index == 0 or not self.steps[index].same_run(self.steps[index - 1]):
            return 0
        before = self.steps[index - 1]
        return (before.to or before.at).event or 0

    def text(self, which: str) -> str:
        """The chosen step's caption or notes in the draft's language."""
        step = self.step
        return "" if step is None else getattr(step, which).get(self.language, "")

    def set_text(self, which: str, text: str) -> None:
        """Set the chosen step's caption or notes ('caption', 'notes'); empty notes are none."""
        step = self.step
        if step is None or text == self.text(which):
            return
        texts = {self.language: text} if text.strip() or which == "caption" else {}
        if which == "caption":
            self.steps[self.chosen] = dataclasses.replace(step, caption=texts)
        else:
            self.steps[self.chosen] = dataclasses.replace(step, notes=texts)
        self.changed = True

    def set_title(self, title: str) -> None:
        """The lesson's title."""
        if title != self.title:
            self.title = title
            self.changed = True

    def without_caption(self) -> int | None:
        """The first step with no caption yet (a lesson file needs one on each), or None."""
        return next((i for i, step in enumerate(self.steps) if not self.text_of(step).strip()), None)

    def text_of(self, step: Step) -> str:
        """A step's caption in the draft's language."""
        return step.caption.get(self.language, "")

    def lesson(self, untitled: str) -> Lesson:
        """The draft as a lesson (titled `untitled` while it has no title), its texts trimmed."""
        title = self.title.strip() or untitled
        steps = tuple(
            dataclasses.replace(step, caption=trimmed(step.caption), notes=trimmed(step.notes))
            for step in self.steps
        )
        return Lesson({self.language: title}, (self.language,), steps)

    def file_text(self, untitled: str) -> str:
        """What saving writes: the lesson file's TOML."""
        return dump_lesson(self.lesson(untitled))

    def file_name(self, untitled: str) -> str:
        """A file name made from the title: 'My lesson.toml'."""
        stem = FILE_NAME_UNSAFE.sub("-", self.title.strip() or untitled).strip(" .-") or "lesson"
        return f"{stem[:80]}.toml"


def trimmed(texts: Mapping[str, str]) -> dict[str, str]:
    """Texts without the spaces typed around them; an empty one dropped."""
    return {lang: text.strip() for lang, text in texts.items() if text.strip()}
