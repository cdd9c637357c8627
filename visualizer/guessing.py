"""Predict, then reveal, following a run: when to ask, catching the moment, marking, the words; no pygame.

`Quiz` is the one state machine every demo's predict-then-reveal uses: once
a frame `follow` asks a demo's callback for the question due now (a
`predict.Question`), pauses the run on it, takes the answer (a number 1-4),
plays on to the event that reveals it and marks the guess (`predict.Score`)
with the question's reason.  A fast frame that played past a moment to ask
is caught: the run steps back to the frame's start and forward one event at
a time (up to `REWIND_LIMIT`).  The recursion and frogs demos give it their
ask-callback.

`Guessing` builds on it for one run of a `SearchTree` (tic-tac-toe, the
games, the game tree): the demo's `Asker` names the moments, makes the
questions and explains them; the answer is marked against what the search
did once the node has returned.  `Lookahead` reads the run's future events
from a second copy of its deterministic source, for answers that are only
known ahead (the moves a node will cut, the move it will choose).
`bar_text` says it all in the words the bar (`visualizer.guessbar`) draws.
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
"""A moment to ask in a search tree: the kind of question and the node."""
KEEP, AGAIN, GONE = "keep", "again", "gone"
"""An open question stays; goes and may be asked again when due; goes for this run."""
Ask = Callable[[], Question | None]
"""A demo's callback: the question due at the model as it stands now, or None (cheap: called per event)."""


class Quiz:
    """Predict, then reveal: pose the question a demo's `ask` names, take the answer, reveal and mark it.

    `changed` says the last frame asked, revealed or dropped something.
    Subclasses change when an answer has arrived (`arrived`), when the run
    has left an open question (`left`) and how a guess is marked (`verdict`).
    """

    def __init__(self) -> None:
        self.on = False
        self.score = Score()
        self.question: Question | None = None
        self.guess: Any = None  # the choice given (one of question.choices)
        self.answered = False
        self.asked: set[Any] = set()
        self.message = ""
        self.generation = -1
        self.changed = False
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

    def follow(self, player: Any, ask: Ask) -> None:
        """Once a frame: forget a new run, pose at a moment (caught if played past), or reveal an answer."""
        self.changed = False
        if player.generation != self.generation:
            self.generation = player.generation
            self.forget()
        elif self.on:
            self._look(player, ask)
        self._seen, self._playing = player.cursor, player.playing

    def _look(self, player: Any, ask: Ask) -> None:
        """Reveal an arrived answer, drop a question the run left, or find a moment to ask."""
        question = self.question
        if question is not None and self.answered and self.arrived(question, player):
            self.reveal(question, player)
            return
        left = KEEP if question is None else self.left(question, player, ask)
        if question is not None and left != KEEP:
            if left == AGAIN:
                self.asked.discard(question.about)
            self.question, self.guess, self.answered, self.changed = None, None, False, True
        if self.question is None and not self.answered:
            self._catch(player, ask)

    def arrived(self, question: Question, player: Any) -> bool:
        """The answer is on screen: the run's last event reveals it."""
        event = player.last_event
        return event is not None and question.reveals is not None and question.reveals(event)

    def left(self, question: Question, player: Any, ask: Ask) -> str:
        """Whether the run left the open question: KEEP it, drop it to ask AGAIN when due, or GONE."""
        if self.answered:  # stopped or moved before the answer showed: it goes unscored
            return KEEP if player.playing else GONE
        due = ask()
        return KEEP if due is not None and due.about == question.about else AGAIN

    def _catch(self, player: Any, ask: Ask) -> None:
        """Ask at a moment now; if this frame played past moments, go back to the first one."""
        if self._pose(player, ask):
            return
        played = player.cursor - self._seen
        if not (1 < played <= REWIND_LIMIT and (self._playing or player.playing)):
            return
        end, playing = player.cursor, player.playing
        player.seek(self._seen, now=True)
        while player.cursor < end and player.step() is not None:
            if self._pose(player, ask):
                break
        else:
            player.playing = playing
        self.generation = player.generation  # a keyframe restored on the way is the same run

    def _pose(self, player: Any, ask: Ask) -> bool:
        """Ask the question due now if it was not asked yet on this run; pause the run."""
        due = ask()
        if due is None or due.about in self.asked:
            return False
        self.asked.add(due.about)
        self.question, self.guess, self.answered = due, None, False
        player.playing, player.stop_when, player.target = False, None, None
        self.changed = True
        return True

    def answer(self, number: int, player: Any) -> bool:
        """Take choice `number` (1-4) as the guess and play on to the event that reveals the answer."""
        question = self.question
        if not self.on or question is None or self.answered:
            return False
        if not 1 <= number <= len(question.choices):
            return False
        self.guess, self.answered, self.changed = question.choices[number - 1], True, True
        player.run_until(self.reveals(question))
        return True

    def reveals(self, question: Question) -> Callable[[Any], bool]:
        """The test for the event after which the answer is on screen."""
        assert question.reveals is not None, "a Quiz question says what reveals it"
        return question.reveals

    def reveal(self, question: Question, player: Any) -> None:
        """Mark the guess and say why."""
        right, said, reason = self.verdict(question, player)
        self.score = self.score.mark(right)
        head = _("Right!") if right else _("Not quite (you said {guess}).").format(guess=said)
        self.message = f"{head} {reason}"
        self.question, self.guess, self.answered, self.changed = None, None, False, True

    def verdict(self, question: Question, player: Any) -> tuple[bool, str, str]:
        """Whether the guess was right, the guess in words, and the question's reason."""
        return self.guess == question.answer, self.label(question, self.guess), question.reason

    def label(self, question: Question, choice: Any) -> str:
        """A choice in words (a Quiz question's choices are words already)."""
        return str(choice)

    def watching(self, guess: str) -> str:
        """The bar's first line once answered, while the run plays on to the answer."""
        return _("You said {guess}: watch it happen").format(guess=guess)

    def prompt(self, question: Question) -> str:
        """The bar's first line while a question waits."""
        return question.prompt


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


class Guessing(Quiz):
    """A `Quiz` following one run of a `SearchTree`: asks at a demo's moments, marks against the search.

    The demo (an `Asker`) gives `candidate(search)` (the moment to ask now,
    if any: cheap), `make(kind, node)` (the question), `explain(question)`
    (the reason once the node returned) and `label(question, choice)` (a
    choice in words).  An answer is revealed at the node's return, when
    `returned(event, node)` holds.
    """

    def __init__(self, returned: Callable[[Any, int], bool] = is_return) -> None:
        super().__init__()
        self.returned = returned
        self.demo: Asker | None = None

    def follow(self, player: Any, ask: Ask | Asker) -> None:
        """Once a frame, with the demo's `Asker` (or a plain ask-callback)."""
        if callable(ask):
            super().follow(player, ask)
            return
        demo = self.demo = ask

        def due() -> Question | None:
            """The demo's question at its moment now, if it was not asked yet (else None)."""
            moment = demo.candidate(demo.search_of(player.model))
            if moment is None or moment in self.asked:
                return None
            question = demo.make(*moment)
            if question is None:  # nothing worth asking there after all
                self.asked.add(moment)
            return question

        super().follow(player, due)

    def _search(self, player: Any) -> SearchTree:
        """The search tree the questions are about."""
        assert self.demo is not None
        return self.demo.search_of(player.model)

    def arrived(self, question: Question, player: Any) -> bool:
        """The node has returned (a step back before its push leaves it to `left`)."""
        search = self._search(player)
        return question.node < search.count and search.done(question.node)

    def left(self, question: Question, player: Any, ask: Ask) -> str:
        """Stepped back before the node (ask AGAIN), or moved past its return unanswered (GONE, unscored)."""
        search = self._search(player)
        if question.node >= search.count:
            return AGAIN
        return GONE if not self.answered and search.done(question.node) else KEEP

    def reveals(self, question: Question) -> Callable[[Any], bool]:
        """The node's return."""
        node = question.node
        return lambda event: self.returned(event, node)

    def verdict(self, question: Question, player: Any) -> tuple[bool, str, str]:
        """The guess against what the search did, with the demo's reason."""
        assert self.demo is not None
        search = self._search(player)
        actual = {
            VALUE: lambda: search.value[question.node],
            CUTS: lambda: cuts_of(search, question),
            MOVE: lambda: chosen_move(search, question.node),
        }[question.kind]()
        demo = self.demo
        return self.guess == actual, demo.label(question, self.guess), demo.explain(question)

    def label(self, question: Question, choice: Any) -> str:
        """A choice in the demo's words."""
        return self.demo.label(question, choice) if self.demo is not None else str(choice)

    def watching(self, guess: str) -> str:
        """The bar's first line once answered."""
        return _("You said {guess}: watch the search").format(guess=guess)


@dataclass(frozen=True, slots=True)
class BarText:
    """What the predict-then-reveal bar says: the prompt, the last message, the choices, the score."""

    prompt: str
    message: str
    choices: tuple[str, ...]
    score: str
    picked: int | None = None
    short_score: str = ""


IDLE = ""
"""No idle words given: the search's own hint."""


def bar_text(quiz: Quiz, idle: str = IDLE, prompt: Callable[[Question], str] | None = None) -> BarText:
    """The bar's words: the question (or, once answered, the guess; else the last verdict), choices, score.

    With no question open the last verdict takes the bar's first lines, or
    `idle` when there is none yet.
    """
    question, message = quiz.question, quiz.message
    score, short = quiz.score.text(), quiz.score.short()
    if question is None:
        hint = idle or _("Predict, then reveal: the search stops to ask (Space plays on)")
        return BarText(message or hint, "", (), score, None, short)
    choices = tuple(quiz.label(question, choice) for choice in question.choices)
    if not quiz.answered:
        return BarText((prompt or quiz.prompt)(question), message, choices, score, None, short)
    said = quiz.watching(quiz.label(question, quiz.guess))
    picked = question.choices.index(quiz.guess) + 1
    return BarText(said, message, choices, score, picked, short)
