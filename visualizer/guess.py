"""Predict, then reveal, for any demo whose next step can be asked about; no pygame.

Vocabulary
----------
- A `Question` is about one moment of a run (`about`, asked once per run):
  a prompt, up to four worded `choices`, the index of the `answer`, the
  one-sentence `reason` built from the run's own values, and `reveals`, the
  event after which the answer is on screen.
- A demo supplies `ask`: the model as it stands -> the question due now, or
  None.  `Quiz.follow` (once a frame) pauses the run when a new question is
  due, `Quiz.answer` takes a choice and plays the run on to the event that
  reveals it, then the guess is marked right or wrong (`predict.Score`).
- `distinct_choices` makes the four choices: the answer, plausible mistakes
  first, then seeded neighbours, shuffled by a seed.

Example: `distinct_choices(6, [2, 3, 24], seed=1)` holds 6, 2, 3 and 24 in a
seeded order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

from solvers.i18n import _
from visualizer import predict
from visualizer.player import Player

CHOICES = predict.CHOICES


@dataclass(frozen=True, slots=True)
class Question:
    """What the student is asked now, with its answer and why."""

    about: Hashable
    prompt: str
    choices: tuple[str, ...]
    answer: int
    reason: str
    reveals: Callable[[object], bool]


def distinct_choices(answer: int, mistakes: Iterable[int], seed: int) -> tuple[list[int], int]:
    """Four different numbers: `answer`, the first plausible `mistakes`, then near neighbours; shuffled.

    Returns the numbers and the index of the answer among them.
    """
    rng = random.Random(seed)
    picked = [answer]
    near = [answer + step for step in (1, -1, 2, -2, 3, 10, -10)]
    for value in [*mistakes, *near]:
        if len(picked) < CHOICES and value not in picked and value >= 0:
            picked.append(value)
    rng.shuffle(picked)
    return picked, picked.index(answer)


@dataclass(frozen=True, slots=True)
class Shown:
    """What the quiz bar shows: the prompt, the last verdict, the choices, the score, the pick."""

    prompt: str
    message: str
    choices: tuple[str, ...]
    score: str
    picked: int | None


class Quiz:
    """Predict-then-reveal's state: on or off, the open question, the guess, the score."""

    def __init__(self) -> None:
        self.on = False
        self.score = predict.Score()
        self.question: Question | None = None
        self.guess: int | None = None  # the chosen index, 0-based
        self.asked: set[Hashable] = set()
        self.message = ""
        self.generation = -1
        self.changed = False

    def toggle(self) -> None:
        """Switch predicting on or off; an open question goes (the score stays)."""
        self.on = not self.on
        self.restart()

    def restart(self) -> None:
        """No open question, no verdict; every moment of the run may ask again."""
        self.question, self.guess, self.message = None, None, ""
        self.asked.clear()
        self.generation = -1

    @property
    def asking(self) -> bool:
        """A question waits for its answer."""
        return self.question is not None and self.guess is None

    def follow(self, player: Player, ask: Callable[[], Question | None]) -> None:
        """Once a frame: forget a new run, reveal an answer that arrived, drop a stale question, or ask."""
        self.changed = False
        if player.generation != self.generation:
            self.generation = player.generation
            self.question, self.guess = None, None
            self.asked.clear()
            self.changed = True
        if not self.on:
            return
        question = self.question
        if question is not None and self.guess is not None:
            if player.last_event is not None and question.reveals(player.last_event):
                self.reveal(question, self.guess)
            elif not player.playing:  # the run was stopped or moved before the answer showed
                self.question, self.guess, self.changed = None, None, True
            return
        due = ask()
        if question is not None and (due is None or due.about != question.about):
            self.asked.discard(question.about)  # stepped away unanswered: ask again when back
            self.question, self.changed = None, True
            question = None
        if question is None and due is not None and due.about not in self.asked:
            self.asked.add(due.about)
            self.question, self.guess, self.changed = due, None, True
            player.playing, player.stop_when = False, None

    def answer(self, number: int, player: Player) -> bool:
        """Take choice `number` (1-based) and play on to the event that reveals the answer."""
        question = self.question
        if not self.on or question is None or self.guess is not None:
            return False
        if not 1 <= number <= len(question.choices):
            return False
        self.guess = number - 1
        player.run_until(question.reveals)
        self.changed = True
        return True

    def reveal(self, question: Question, guess: int) -> None:
        """Mark the guess and say why."""
        right = guess == question.answer
        self.score = self.score.mark(right)
        head = (
            _("Right!") if right else _("Not quite (you said {guess}).").format(guess=question.choices[guess])
        )
        self.message = f"{head} {question.reason}"
        self.question, self.guess, self.changed = None, None, True

    def shown(self, idle: str) -> Shown:
        """The bar's words: the question's prompt (or `idle`), the last verdict, the choices, the score."""
        question = self.question
        if question is None:
            return Shown(idle, self.message, (), self.score.text(), None)
        if self.guess is None:
            return Shown(question.prompt, self.message, question.choices, self.score.text(), None)
        said = question.choices[self.guess]
        prompt = _("You said {guess}: watch it happen").format(guess=said)
        return Shown(prompt, self.message, question.choices, self.score.text(), self.guess)
