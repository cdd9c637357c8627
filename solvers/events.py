"""The vocabulary every solver speaks: small immutable events.

A solver is a generator of these. Each event carries a *change*, never a
snapshot, and each change is reversible from the event alone (or from the
model's own LIFO history), so a scene model can `apply` and `revert` it.

Every event may name `line`: the 1-based line of the demo's pseudocode that
produced it (0 when no line applies).

Why NamedTuple rather than frozen dataclasses: measured here, constructing a
frozen slotted dataclass costs 0.29 us against 0.16 us for a NamedTuple, and
solvers yield millions of events.  Plain NamedTuples compare equal to any
tuple with the same fields, so `Push(1, 0, 'a') == Pop(1, 0, 'a')` would be
true; `_typed_equality` below makes equality and hashing include the type.

Domain modules may define further events of their own in the same style
(a NamedTuple passed through `event_type`).
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")


def _eq(self: tuple[Any, ...], other: object) -> bool:
    """Equal only to an event of the same type with equal fields."""
    return type(self) is type(other) and tuple.__eq__(self, other)


def _ne(self: tuple[Any, ...], other: object) -> bool:
    """Negation of `_eq`."""
    return not _eq(self, other)


def _hash(self: tuple[Any, ...]) -> int:
    """Hash that tells event types apart."""
    return hash((type(self).__name__, tuple.__hash__(self)))


build: Any = tuple.__new__
"""The one fast way to make an event on a hot path: ``build(Push, (node, parent, what, line))``.

It skips the NamedTuple's generated Python-level ``__new__``: about 0.08 us
an event against 0.15 us (measured here), which counts when a run yields
millions.  Every field must be given, in order; elsewhere call the class.
"""


def event_type(cls: type[T]) -> type[T]:
    """Class decorator: give a NamedTuple event type-aware equality and hashing."""
    cls.__eq__ = _eq  # type: ignore[assignment,method-assign]
    cls.__ne__ = _ne  # type: ignore[assignment,method-assign]
    cls.__hash__ = _hash  # type: ignore[assignment,method-assign]
    return cls


# --- the call stack -------------------------------------------------------


@event_type
class Push(NamedTuple):
    """A call starts, or a choice is tried: a frame goes on the stack.

    `node` is the call's id in the call tree (unique within a run), `parent`
    the caller's id (-1 for the root), `what` a domain payload (an argument,
    a cell, a move) that views know how to show.
    """

    node: int
    parent: int = -1
    what: Any = None
    line: int = 0


@event_type
class Pop(NamedTuple):
    """A call returns, or a choice is withdrawn: its frame leaves the stack.

    `backtrack` is true when the pop undoes a choice that did not lead on (a
    dead end, a failed try); `value` is what the call returned, if anything.
    """

    node: int
    value: Any = None
    backtrack: bool = False
    line: int = 0


@event_type
class Note(NamedTuple):
    """No change of state: the pseudocode moves to `line` (a test, a return)."""

    what: Any = None
    line: int = 0


@event_type
class Assign(NamedTuple):
    """A variable changes from `old` to `value` (reversible from the event)."""

    name: str
    value: Any
    old: Any = None
    line: int = 0


@event_type
class Overflow(NamedTuple):
    """The stack reached its limit: the next call cannot be made."""

    depth: int
    limit: int
    line: int = 0


# --- search ---------------------------------------------------------------


@event_type
class Solution(NamedTuple):
    """A solution was found; `answer` is an immutable copy of it."""

    number: int
    answer: Any = None
    line: int = 0


@event_type
class Prune(NamedTuple):
    """A branch is cut without being searched; `bound` says why."""

    node: int
    bound: Any = None
    line: int = 0


@event_type
class DeadEnd(NamedTuple):
    """Nothing left to try here; what follows is a backtrack."""

    where: Any = None
    line: int = 0


@event_type
class Visit(NamedTuple):
    """A place (cell, room, state) is entered and marked as seen."""

    where: Any
    line: int = 0


# --- exact cover ----------------------------------------------------------


@event_type
class Choose(NamedTuple):
    """Algorithm X picks the column to branch on; `size` is its count of 1s."""

    column: int
    size: int
    line: int = 0


@event_type
class Cover(NamedTuple):
    """A column and every row that meets it are unlinked from the matrix."""

    column: int
    line: int = 0


@event_type
class Uncover(NamedTuple):
    """A covered column is relinked, exactly reversing its `Cover`."""

    column: int
    line: int = 0


# --- domain changes -------------------------------------------------------


@event_type
class Carve(NamedTuple):
    """The wall between two neighbouring maze cells is knocked down.

    Cells are flat ids (`solvers.mazes.graph`), or (row, col) pairs in older streams.
    """

    cell: Any
    other: Any
    line: int = 0


@event_type
class Move(NamedTuple):
    """A piece moves from one place to another (a frog, a disc)."""

    piece: Any
    frm: int
    to: int
    line: int = 0


@event_type
class Evaluate(NamedTuple):
    """A leaf of a game tree is scored."""

    node: int
    value: Any
    line: int = 0


@event_type
class Bound(NamedTuple):
    """Alpha or beta at `node` improves from `old` to `value`."""

    node: int
    name: str
    value: Any
    old: Any = None
    line: int = 0


Event = (
    Push
    | Pop
    | Note
    | Assign
    | Overflow
    | Solution
    | Prune
    | DeadEnd
    | Visit
    | Choose
    | Cover
    | Uncover
    | Carve
    | Move
    | Evaluate
    | Bound
)
"""Any of the core events (domains may add NamedTuple events of their own)."""

CORE_EVENTS: tuple[type[Event], ...] = (
    Push,
    Pop,
    Note,
    Assign,
    Overflow,
    Solution,
    Prune,
    DeadEnd,
    Visit,
    Choose,
    Cover,
    Uncover,
    Carve,
    Move,
    Evaluate,
    Bound,
)


def kind(event: object) -> str:
    """The event's kind as shown to people and counted in stats ('Push', ...)."""
    return type(event).__name__
