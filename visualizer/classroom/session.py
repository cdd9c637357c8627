"""The class session's state: who joined, the question asked, each student's answer, the reveal.

Plain data, no pygame, no network: the server (`server.py`) owns one `Session` on its own thread and is the
only one to touch it; the frame loop sees it through `Snapshot`s. A student joins with a name and a language
and gets a token; the token answers the open question once (a changed answer replaces it until the reveal);
the reveal closes the question and counts the answers. Every accepted answer goes to `record` at once.

Example: ask a question with choices 1 and 2, where 2 is right; Ann answers 1, then 2; Bo answers 2; the
reveal counts {1: 0, 2: 2}, and `record` saw three rows (Ann's change is a row of its own).
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from solvers.classroom import AnswerRow
from solvers.exercise.results import ANONYMOUS
from solvers.i18n import LANGUAGES, SOURCE_LANGUAGE

NAME_LIMIT = 24
"""The longest name shown (a name is a label on the results table)."""
MAX_STUDENTS = 200
"""Joins past this many are refused (a class, not a crowd)."""
ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room code letters: no 0/O or 1/I to misread on a projector."""
ROOM_LENGTH = 5
FREE_LIMIT = 40
"""The longest free answer kept (to a question without choices: a word or a number, not an essay)."""
FREE_SHOWN = 8
"""The most different free answers the reveal counts (the most frequent first)."""

NONE = ""
"""The kept answer 'none of them' to a question of several answers (alpha-beta may prune none), and its key
in the reveal's counts."""
ACCEPTED, CHANGED, SAME, CLOSED, UNKNOWN = "accepted", "changed", "same", "closed", "unknown"
"""What an answer came to: kept, replacing an earlier one, the same as before, too late, or not valid."""


def room_code() -> str:
    """A fresh room code, e.g. 'K7QMX'."""
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))


def clean_name(name: object) -> str:
    """A student's name as kept: one printable line, at most NAME_LIMIT characters; empty is anonymous."""
    text = name if isinstance(name, str) else ""
    words = " ".join("".join(ch for ch in text[: NAME_LIMIT * 4] if ch.isprintable()).split())
    return words[:NAME_LIMIT] or ANONYMOUS


def clean_free(answer: object) -> str | None:
    """A free answer as kept: one printable line of at most FREE_LIMIT characters, or None when empty."""
    if not isinstance(answer, str) or len(answer) > FREE_LIMIT * 10:
        return None
    words = " ".join("".join(ch for ch in answer if ch.isprintable()).split())[:FREE_LIMIT]
    return words or None


def clean_language(code: object) -> str:
    """One of the page's languages (English for anything else)."""
    return code if isinstance(code, str) and code in LANGUAGES else SOURCE_LANGUAGE


@dataclass(frozen=True)
class Target:
    """A choice's box on the question's still, as fractions of the still's width and height."""

    choice: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Question:
    """One question to the class: its words by language, its choices (key, words), the right key if known.

    `multiple` questions take a set of choices, sent as their keys joined by commas in key order; a question
    without choices (a lesson's question) takes a short free answer. `labels` holds the choices' words in
    other languages (in choice order), `explanations` why the right answer is right, by language.
    """

    number: int
    texts: Mapping[str, str]
    choices: tuple[tuple[str, str], ...]
    expected: str | None = None
    multiple: bool = False
    targets: tuple[Target, ...] = ()
    still: bytes | None = None
    labels: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    explanations: Mapping[str, str] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        """The question in `lang`, else in the first language it has."""
        return in_language_of(self.texts, lang)

    def choices_in(self, lang: str) -> tuple[tuple[str, str], ...]:
        """The choices (key, words) with their words in `lang` when the question has them."""
        words = self.labels.get(lang)
        if words is None or len(words) != len(self.choices):
            return self.choices
        return tuple((key, label) for (key, _label), label in zip(self.choices, words, strict=True))

    def explanation(self, lang: str) -> str:
        """Why the right answer is right, in `lang` (else in the first language it has; empty if none)."""
        return in_language_of(self.explanations, lang)

    @property
    def free(self) -> bool:
        """The answer is a few words of the student's own."""
        return not self.choices

    def canonical(self, answer: object) -> str | None:
        """The answer as kept ('2', '1,3' for several, a free one's words), or None when it is not one."""
        keys = [key for key, _label in self.choices]
        if self.free:
            return clean_free(answer)
        if not isinstance(answer, str) or len(answer) > 8 * max(1, len(keys)):
            return None
        if not self.multiple:
            return answer if answer in keys else None
        parts = {part for part in answer.split(",") if part}
        if not parts <= set(keys):
            return None
        return ",".join(key for key in keys if key in parts)

    def label(self, answer: str, lang: str = SOURCE_LANGUAGE) -> str:
        """The words of a kept answer (in `lang` when the question has its choices' words in it)."""
        if self.free:
            return answer
        words = dict(self.choices_in(lang))
        return ", ".join(words.get(part, part) for part in answer.split(",") if part) or "—"


def in_language_of(texts: Mapping[str, str], lang: str) -> str:
    """The text in `lang`, else in the first language there is (empty when none)."""
    return texts.get(lang) or next(iter(texts.values()), "")


@dataclass
class Student:
    """One who joined: a number for the table, a name, the page's language."""

    number: int
    name: str
    lang: str


@dataclass(frozen=True)
class Snapshot:
    """What the projector shows, as one value (the server replaces it after every change)."""

    joined: int = 0
    answered: int = 0
    question: int = 0
    counts: tuple[tuple[str, int], ...] | None = None
    """Once revealed: each choice's key and how many chose it (in choice order)."""
    records: int = 0
    """Answers recorded so far (a changed answer counts again)."""


@dataclass
class Session:
    """One class session's joins, question, answers and reveal."""

    room: str
    clock: Callable[[], float]
    record: Callable[[AnswerRow], None] = lambda row: None
    students: dict[str, Student] = field(default_factory=dict)
    question: Question | None = None
    asked_at: float = 0.0
    answers: dict[str, str] = field(default_factory=dict)
    revealed: bool = False
    records: int = 0

    def join(self, name: object, lang: object, token: object = None) -> str | None:
        """A student joins (or comes back with their token): their token, or None when the room is full."""
        if isinstance(token, str) and token in self.students:
            student = self.students[token]
            student.name, student.lang = clean_name(name), clean_language(lang)
            return token
        if len(self.students) >= MAX_STUDENTS:
            return None
        new = secrets.token_urlsafe(12)
        self.students[new] = Student(len(self.students) + 1, clean_name(name), clean_language(lang))
        return new

    def ask(self, question: Question) -> None:
        """A new question: the answers start again."""
        self.question, self.asked_at = question, self.clock()
        self.answers, self.revealed = {}, False

    def close(self) -> None:
        """No question any more (the run went on without a reveal)."""
        self.question, self.answers, self.revealed = None, {}, False

    def answer(self, token: object, number: object, choice: object) -> str:
        """A student's answer to question `number`: ACCEPTED, CHANGED, SAME, CLOSED or UNKNOWN."""
        question = self.question
        if not isinstance(token, str) or token not in self.students:
            return UNKNOWN
        if question is None or number != question.number or self.revealed:
            return CLOSED
        kept = question.canonical(choice)
        if kept is None:
            return UNKNOWN
        before = self.answers.get(token)
        if before == kept:
            return SAME
        self.answers[token] = kept
        self.records += 1
        student = self.students[token]
        correct = None if question.expected is None else kept == question.expected
        seconds = max(0.0, self.clock() - self.asked_at)
        text = question.text(SOURCE_LANGUAGE)
        self.record(
            AnswerRow(
                self.room,
                student.number,
                student.name,
                question.number,
                text,
                question.label(kept),
                correct,
                seconds,
            )
        )
        return ACCEPTED if before is None else CHANGED

    def reveal(self) -> tuple[tuple[str, int], ...] | None:
        """Close the question and count its answers per choice (a set counts for each of its choices)."""
        question = self.question
        if question is None:
            return None
        self.revealed = True
        return self.counts()

    def counts(self) -> tuple[tuple[str, int], ...]:
        """How many chose each choice, in choice order (then 'none', NONE, when several may be chosen)."""
        question = self.question
        assert question is not None
        if question.free:
            return tuple(Counter(self.answers.values()).most_common(FREE_SHOWN))
        tally = dict.fromkeys((key for key, _label in question.choices), 0)
        if question.multiple:
            tally[NONE] = 0  # the empty answer: a part of its own
        for kept in self.answers.values():
            for part in kept.split(","):
                tally[part] = tally.get(part, 0) + 1
        return tuple(tally.items())

    def snapshot(self) -> Snapshot:
        """The counts the projector shows."""
        question = self.question
        return Snapshot(
            joined=len(self.students),
            answered=len(self.answers),
            question=question.number if question is not None else 0,
            counts=self.counts() if self.revealed and question is not None else None,
            records=self.records,
        )
