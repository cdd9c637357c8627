"""The exercise engine: the student makes the algorithm's next step and the solver's own events grade it.

The vocabulary:

- A *step* (`Step`) is a question posed just before some events of a run: which column S chooses, which
  disk moves next, what a call returns. Its `expected` answer is read from those very events, never worked
  out by a second implementation; `span` says how many events it predicts (the run goes on past them).
- A demo's *rules* (`Rules`) watch the run event by event (`apply`), keeping just the state their questions
  need (the pegs, the column sizes), and at each position may pose a step, reading the events ahead
  (`Ahead`) for the answer and their own state for the choices and the explanation.
- An *exercise* (`Exercise`) walks a run: it asks the rules at every position, keeps the steps of the
  families the student chose (every step, only decisions, only backtracks), and grades each answer.
- A step's words are in the language in force; a class has students reading three. A rule's step maker
  is marked `worded`, so the exercise can make its open step again in each language
  (`open_in_every_language`: `Said` words, a str that keeps each language's text), never posing anew.

Example, Hanoi with 2 disks: before `Move(1, A, B)` the rules pose "which move comes next?" with the
legal moves A→B and A→C as choices; answering A→C is graded wrong, with the rule that says why.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, ParamSpec, Protocol, TypeVar

from solvers.i18n import LANGUAGES, Said, _, language, speaking

DECISION, BACKTRACK, VALUE = "decision", "backtrack", "value"
"""Families of steps: a choice the algorithm makes, a retreat it makes, a value it computes."""
KINDS = {"every": frozenset({DECISION, BACKTRACK, VALUE}), "decisions": frozenset({DECISION})}
KINDS["backtracks"] = frozenset({BACKTRACK})
"""What a student may choose to practise, by the families of steps each takes."""
LOOKAHEAD_LIMIT = 20_000
"""The most events a rule may read ahead for one answer; a step whose answer lies further is not posed."""

Params = ParamSpec("Params")
Posed = TypeVar("Posed", bound="Step | None")


@dataclass(frozen=True)
class Choice:
    """One candidate answer: a key the picture or the keyboard names, and its words."""

    key: Hashable
    label: str


@dataclass(frozen=True)
class Step:
    """A question posed before run index `index`, answered by the next `span` events."""

    index: int
    kind: str
    family: str
    question: str
    choices: tuple[Choice, ...]
    expected: Hashable
    explanation: str
    span: int = 1
    hints: tuple[str, ...] = ()
    multiple: bool = False
    remake: Callable[[str], Step] | None = field(default=None, compare=False, repr=False)
    """Makes this step again in another language, while the rules stand where they posed it: `worded` sets
    it, the exercise takes it as it opens the step (`Exercise.open_in_every_language`)."""

    def label(self, answer: Hashable) -> str:
        """The words of an answer: a choice's label, or the labels of a set of choices."""
        if self.multiple and isinstance(answer, frozenset):
            names = [choice.label for choice in self.choices if choice.key in answer]
            return ", ".join(names) if names else _("none")
        return next((choice.label for choice in self.choices if choice.key == answer), str(answer))

    def is_right(self, answer: Hashable) -> bool:
        """Whether `answer` is what the events do."""
        return answer == self.expected


def worded(make: Callable[Params, Posed]) -> Callable[Params, Posed]:
    """A rule's step maker whose step can speak every language: the step carries how to make it again in
    another language (`Step.remake`), so a class session sends each student its question, choices,
    explanation and hints in their own (`Exercise.open_in_every_language`); the app and the terminal read
    them in the language in force, at no extra cost.

    The maker must only read the rules' state and the events ahead, never change them (the rules' `pose`
    keeps what it changes outside it): it runs again, once a language, while its step is open.
    """

    @functools.wraps(make)
    def made(*args: Params.args, **kwargs: Params.kwargs) -> Posed:
        step = make(*args, **kwargs)
        if step is None:
            return step

        def again(code: str) -> Step:
            with speaking(code):
                return make(*args, **kwargs)  # type: ignore[return-value]

        object.__setattr__(step, "remake", again)  # a step just made, held by no one else (replace() costs
        # a fifth of posing)
        return step

    return made


def said_step(steps: dict[str, Step]) -> Step:
    """One step from the same step made in each language: the first one's data, every language's words."""
    step = next(iter(steps.values()))
    versions = steps.items()
    choices = tuple(
        Choice(choice.key, Said({code: version.choices[n].label for code, version in versions}))
        for n, choice in enumerate(step.choices)
    )
    return replace(
        step,
        remake=None,
        question=Said({code: version.question for code, version in versions}),
        choices=choices,
        explanation=Said({code: version.explanation for code, version in versions}),
        hints=tuple(
            Said({code: version.hints[n] for code, version in versions}) for n in range(len(step.hints))
        ),
    )


@dataclass(frozen=True)
class Graded:
    """One answered step: the answer, whether the events agree, and the help used."""

    step: Step
    answer: Hashable
    correct: bool
    hints: int = 0
    shown: bool = False
    seconds: float = 0.0

    def verdict(self) -> str:
        """One line: right, or the right answer."""
        if self.correct:
            return _("Right: {answer}.").format(answer=self.step.label(self.answer))
        if self.shown:
            return _("The step: {answer}.").format(answer=self.step.label(self.step.expected))
        return _("Not this time: the step is {expected}, not {answer}.").format(
            expected=self.step.label(self.step.expected), answer=self.step.label(self.answer)
        )


@dataclass
class Score:
    """How the student did so far."""

    asked: int = 0
    right: int = 0
    hints: int = 0
    shown: int = 0
    seconds: float = 0.0

    def add(self, graded: Graded) -> None:
        """Count one graded step."""
        self.asked += 1
        self.right += graded.correct
        self.hints += graded.hints
        self.shown += graded.shown
        self.seconds += graded.seconds

    def text(self) -> str:
        """'7 of 9 right (78 %), 2 hints': the score in words."""
        share = round(100 * self.right / self.asked) if self.asked else 0
        words = _("{right} of {asked} right ({share} %)").format(
            right=self.right, asked=self.asked, share=share
        )
        if self.hints:
            words += ", " + _("{count} hints").format(count=self.hints)
        if self.shown:
            words += ", " + _("{count} shown").format(count=self.shown)
        return words


class Ahead:
    """The run's events from the current position on, pulled from the generator as they are read."""

    def __init__(self, events: Iterable[Any]) -> None:
        self._events: Iterator[Any] = iter(events)
        self._kept: deque[Any] = deque()

    def __getitem__(self, offset: int) -> Any:
        """The event `offset` places ahead (0: the next one), or None past the run's end."""
        while len(self._kept) <= offset:
            event = next(self._events, None)
            if event is None:
                return None
            self._kept.append(event)
        return self._kept[offset]

    def find(self, wanted: Callable[[Any], bool], limit: int = LOOKAHEAD_LIMIT) -> int | None:
        """The offset of the first event ahead for which `wanted` holds, within `limit` events."""
        for offset in range(limit):
            event = self[offset]
            if event is None:
                return None
            if wanted(event):
                return offset
        return None

    def take(self) -> Any:
        """Remove and return the next event (None past the end)."""
        event = self[0]
        if event is not None:
            self._kept.popleft()
        return event


class Rules(Protocol):
    """A demo's steps: they follow the run and pose a step where the student can make one."""

    def apply(self, event: Any) -> None:
        """Follow one event of the run."""

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """The step to ask before run index `index` (the event `ahead[0]`), if any."""


@dataclass
class Exercise:
    """A run performed step by step: posing, grading, and going on from the right step."""

    events: Iterable[Any]
    rules: Rules
    kind: str = "every"
    limit: int | None = None
    index: int = 0
    score: Score = field(default_factory=Score)
    open: Step | None = None
    done: bool = False
    _ahead: Ahead = field(init=False)
    _families: frozenset[str] = field(init=False)
    _skipped: list[Step] = field(init=False, default_factory=list)
    _remake: Callable[[str], Step] | None = field(init=False, default=None)
    _said: Step | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self._ahead = Ahead(self.events)
        self._families = KINDS[self.kind]  # a KeyError names a kind that is not every/decisions/backtracks

    def next_step(self, budget: int | None = None) -> Step | None:
        """Play on to the next step the student practises and pose it.

        None when the run or the limit ends (`done`), or when `budget` positions were looked at without a
        step: then call again (the app spreads a long way to the next step over frames).
        """
        if self.open is not None:
            return self.open
        looked = 0
        while self.limit is None or self.score.asked < self.limit:
            if self._ahead[0] is None:
                self.done = True
                return None
            if budget is not None and looked >= budget:
                return None
            looked += 1
            step = self.rules.pose(self._ahead, self.index)
            if step is not None and self._wanted(step):
                self.open, self._remake, self._said = step, step.remake, None
                object.__setattr__(step, "remake", None)  # only while it is open may it be made again
                return step
            if step is None or step.span or self._posed_here(step):
                self._advance(1)
        self.done = True
        return None

    def open_in_every_language(self) -> Step | None:
        """The open step with `Said` words (a str in the language in force, each language's text beside it),
        made again once a language now, while the rules stand where they posed it; made once a step."""
        step = self.open
        if step is None or self._remake is None:
            return step
        if self._said is None:
            steps = {language(): step}
            for code in LANGUAGES:
                if code not in steps:
                    steps[code] = self._remake(code)
            self._said = said_step(steps)
        return self._said

    def _posed_here(self, step: Step) -> bool:
        """Whether a span-0 step not practised was posed here before (else the rules may pose the next one
        at the same moment: alpha-beta asks α and β, then whether it cuts, before the same event)."""
        if self._skipped and self._skipped[0].index == step.index and step in self._skipped:
            return True
        if not self._skipped or self._skipped[0].index != step.index:
            self._skipped = []
        self._skipped.append(step)
        return False

    def grade(self, answer: Hashable, *, hints: int = 0, shown: bool = False, seconds: float = 0.0) -> Graded:
        """Grade the open step against the events, then play them: the run goes on from the right step."""
        step = self.open
        if step is None:
            raise RuntimeError("no step is open")
        graded = Graded(step, answer, not shown and step.is_right(answer), hints, shown, seconds)
        self.score.add(graded)
        self.open, self._remake, self._said = None, None, None
        self._advance(step.span)
        return graded

    def finish(self) -> None:
        """Play the rest of the run without asking (the student stopped): the rules see every event."""
        self.open, self._remake, self._said = None, None, None
        while self._ahead[0] is not None:
            self._advance(1)

    def _wanted(self, step: Step) -> bool:
        """A step of a family the student practises, with a real choice to make."""
        return step.family in self._families and len(step.choices) >= 2

    def _advance(self, count: int) -> None:
        """Hand `count` events to the rules."""
        for _unused in range(count):
            event = self._ahead.take()
            if event is None:
                return
            self.rules.apply(event)
            self.index += 1


class SideAhead:
    """The events ahead of one side of a side-by-side run (events with `side` and `event`), unwrapped."""

    def __init__(self, ahead: Ahead, side: int) -> None:
        self.ahead, self.side = ahead, side
        self._places: list[int] = []  # where the side's events found so far stand in the run ahead

    def __getitem__(self, offset: int) -> Any:
        """The side's event `offset` places ahead, or None (a read goes on from the last one found)."""
        place = self._places[-1] + 1 if self._places else 0
        while len(self._places) <= offset:
            event = self.ahead[place]
            if event is None:
                return None
            if event.side == self.side:
                self._places.append(place)
            place += 1
        return self.ahead[self._places[offset]].event

    def find(self, wanted: Callable[[Any], bool], limit: int = LOOKAHEAD_LIMIT) -> int | None:
        """The offset of the side's first event ahead for which `wanted` holds, within `limit` of them."""
        return Ahead.find(self, wanted, limit)  # type: ignore[arg-type]


class LockstepRules:
    """Two runs side by side (gametree's minimax and alpha-beta, two maze generators): each side's rules
    follow its own events and pose its steps; a side without rules runs unasked."""

    def __init__(self, sides: dict[int, Any]) -> None:
        self.sides = sides

    def apply(self, event: Any) -> None:
        """Hand the inner event to its side's rules."""
        rules = self.sides.get(event.side)
        if rules is not None:
            rules.apply(event.event)

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """The step of the side whose event comes next."""
        event = ahead[0]
        rules = None if event is None else self.sides.get(event.side)
        if rules is None:
            return None
        return rules.pose(SideAhead(ahead, event.side), index)  # type: ignore[no-any-return]
