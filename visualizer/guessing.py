"""Predict, then reveal, following a run: when to ask, reading the answer ahead, the bar's words; no pygame.

`Guessing` follows one run of a `SearchTree` (tic-tac-toe, the games, the
game tree): at the moments a demo's `Asker` names it poses a
`predict.Question`, pauses the run, takes the answer (a number 1-4), plays on
to the node's return and marks the guess against what the search did, with
the demo's reason.  `Lookahead` reads the run's future events from a second
copy of its deterministic source, for answers that are only known ahead (the
moves a node will cut, the move it will choose).  `bar_text` says it all in
the words the bar (`visualizer.guessbar`) draws.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from solvers.events import Pop
from solvers.i18n import _
from visualizer.predict import CUTS, MOVE, VALUE, Question, Score, chosen_move, cuts_of
from visualizer.searchtree import SearchTree


class Lookahead:
    """The run's events from an index on, read from a second copy of its deterministic source.

    Questions are asked at increasing indices, so the copy is pulled once and
    only events not yet reached are kept; an earlier index (a step back) or a
    new run (`key` changed) starts the copy again.
    """

    def __init__(self, source: Callable[[], Iterable[Any]]) -> None:
        self.source = source
        self.key: Any = None
        self._events: Iterator[Any] = iter(())
        self._kept: deque[Any] = deque()
        self._base = 0  # the run index of _kept[0]

    def after(self, index: int, key: Any) -> Iterator[Any]:
        """The events from run index `index` on (pulled as they are read)."""
        if key != self.key or index < self._base:
            self.key, self._events, self._base = key, iter(self.source()), 0
            self._kept.clear()
        while self._base < index:
            if self._kept:
                self._kept.popleft()
            elif next(self._events, _END) is _END:
                return iter(())
            self._base += 1
        return self._read()

    def _read(self) -> Iterator[Any]:
        """The kept events, then new ones (kept too)."""
        yield from list(self._kept)
        for event in self._events:
            self._kept.append(event)
            yield event


_END = object()


def is_return(event: Any, node: int) -> bool:
    """The event is node `node`'s return."""
    return type(event) is Pop and event.node == node


REWIND_LIMIT = 4000
"""A frame that played more events than this past a moment to ask (fast speeds) asks nothing."""
Candidate = tuple[str, int]
"""A moment to ask: the kind of question and the node."""


class Asker(Protocol):
    """What a demo tells a `Guessing`: where its search is, when to ask, what, and the words."""

    def search_of(self, model: Any) -> SearchTree:
        """The search tree questions are about, in the player's model."""
        ...

    def candidate(self, search: SearchTree) -> Candidate | None:
        """The moment to ask now, if any (cheap: called after every event while catching up)."""
        ...

    def make(self, kind: str, node: int) -> Question | None:
        """The question of that kind about that node (None: nothing worth asking there)."""
        ...

    def explain(self, question: Question) -> str:
        """Why the search did what it did, once the node has returned."""
        ...

    def label(self, question: Question, choice: Any) -> str:
        """A choice in words."""
        ...


class Guessing:
    """Predict, then reveal, following one run: pose at a demo's moments, take the answer, mark it.

    The demo gives `candidate(search)` (the moment to ask now, if any: cheap),
    `make(kind, node)` (the question), `explain(question)` (the reason once the
    node returned) and `label(question, choice)` (a choice in words).  Calling
    `follow` once a frame finds a moment even when a frame played several
    events past it: it steps back to the frame's start and forward one event
    at a time (up to `REWIND_LIMIT`).  `changed` says the frame moved something.
    """

    def __init__(self, returned: Callable[[Any, int], bool] = is_return) -> None:
        self.on = False
        self.score = Score()
        self.question: Question | None = None
        self.guess: Any = None
        self.answered = False
        self.asked: set[Candidate] = set()
        self.message = ""
        self.generation = -1
        self.changed = False
        self.returned = returned
        self._seen = 0
        self._playing = False

    def toggle(self) -> None:
        """On or off; an open question goes (the score stays)."""
        self.on = not self.on
        self.forget()
        self.message = ""

    def forget(self) -> None:
        """Drop the open question and what was asked on this run."""
        self.question, self.guess, self.answered = None, None, False
        self.asked.clear()
        self.changed = True

    @property
    def asking(self) -> bool:
        """A question waits for its answer."""
        return self.question is not None and not self.answered

    def follow(self, player: Any, demo: Asker) -> None:
        """Once a frame: forget a new run, pose at a moment, or reveal an answered question."""
        self.changed = False
        if player.generation != self.generation:
            self.generation = player.generation
            self.forget()
        elif self.on:
            self._look(player, demo)
        self._seen, self._playing = player.cursor, player.playing

    def _look(self, player: Any, demo: Asker) -> None:
        """Reveal, drop a question stepped back past, or find a moment to ask."""
        search, question = demo.search_of(player.model), self.question
        if question is not None and question.node >= search.count:
            self.question, self.guess, self.answered, self.changed = None, None, False, True
            self.asked.discard((question.kind, question.node))
        elif question is not None and search.done(question.node):
            if self.answered:
                self.reveal(search, question, demo)
            else:  # the run was moved past the question (a seek, "answer now"): it goes unscored
                self.question, self.changed = None, True
        elif question is None:
            self._catch(player, demo)

    def _catch(self, player: Any, demo: Asker) -> None:
        """Ask at a moment now; if this frame played past moments, go back to the first one."""
        if self._pose(player, demo):
            return
        played = player.cursor - self._seen
        if not (1 < played <= REWIND_LIMIT and (self._playing or player.playing)):
            return
        end, playing = player.cursor, player.playing
        player.seek(self._seen, now=True)
        while player.cursor < end and player.step() is not None:
            if self._pose(player, demo):
                break
        else:
            player.playing = playing
        self.generation = player.generation  # a keyframe restored on the way is the same run

    def _pose(self, player: Any, demo: Asker) -> bool:
        """Ask the demo's question if now is a moment not asked yet; pause the run."""
        moment = demo.candidate(demo.search_of(player.model))
        if moment is None or moment in self.asked:
            return False
        self.asked.add(moment)
        question = demo.make(*moment)
        if question is None:  # nothing worth asking there after all
            return False
        self.question, self.guess, self.answered = question, None, False
        player.playing, player.stop_when, player.target = False, None, None
        self.changed = True
        return True

    def answer(self, number: int, player: Any) -> bool:
        """Take choice `number` (1-4) as the guess and play on to the node's return."""
        question = self.question
        if not self.on or question is None or self.answered:
            return False
        if not 1 <= number <= len(question.choices):
            return False
        self.guess, self.answered = question.choices[number - 1], True
        node = question.node
        player.run_until(lambda event: self.returned(event, node))
        return True

    def reveal(self, search: SearchTree, question: Question, demo: Asker) -> None:
        """Mark the guess against what the search did, with the demo's reason."""
        actual = {
            VALUE: lambda: search.value[question.node],
            CUTS: lambda: cuts_of(search, question),
            MOVE: lambda: chosen_move(search, question.node),
        }[question.kind]()
        right = self.guess == actual
        self.score = self.score.mark(right)
        head = (
            _("Right!")
            if right
            else _("Not quite (you said {guess}).").format(guess=demo.label(question, self.guess))
        )
        self.message = f"{head} {demo.explain(question)}"
        self.question, self.guess, self.answered, self.changed = None, None, False, True


@dataclass(frozen=True, slots=True)
class BarText:
    """What the guessing bar says: the prompt, the last message, the choices (if asked), the score."""

    prompt: str
    message: str
    choices: tuple[str, ...]
    score: str
    picked: int | None = None
    short_score: str = ""


def bar_text(guessing: Guessing, asker: Asker, prompt: Callable[[Question], str]) -> BarText:
    """The bar's words: the question (or, once answered, the guess; else the last verdict), choices, score."""
    question, message = guessing.question, guessing.message
    if question is None:
        idle = _("Predict, then reveal: the search stops to ask (Space plays on)")
        return BarText(message or idle, "", (), guessing.score.text(), None, guessing.score.short())
    choices = tuple(asker.label(question, choice) for choice in question.choices)
    if not guessing.answered:
        return BarText(
            prompt(question), message, choices, guessing.score.text(), None, guessing.score.short()
        )
    said = _("You said {guess}: watch the search").format(guess=asker.label(question, guessing.guess))
    picked = question.choices.index(guessing.guess) + 1
    return BarText(said, message, choices, guessing.score.text(), picked, guessing.score.short())
