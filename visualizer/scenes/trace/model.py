""" "Your code"'s plain state: each traced run's calls, locals, line and errors; no pygame.

`RunModel` applies and reverts the events of one traced run
(`solvers.tracing.events`) exactly; `TraceModel` holds one run, or two side
by side, and routes `Side` events to theirs.  It counts the events it has
applied, so each call's tree node knows where its Push and Pop sit on the
timeline (clicks go there).  `narrate` puts an event into words.
"""

from __future__ import annotations

from typing import Any

from solvers.events import Pop, Push
from solvers.i18n import _
from solvers.tracing.events import CACHE, RAISE, Call, Halt, Line, Raise, Returned, Side
from visualizer.calltree import CallTree


class RunModel:
    """One traced run: the calls (a `CallTree`), each call's locals, the line, errors, counts."""

    def __init__(self, label: str = "") -> None:
        self.label = label
        self.calls = CallTree()
        self.locals: list[dict[str, str]] = []  # per call: its locals as last seen
        self.line = 0
        self._lines: list[int] = []  # the line before each event, for revert
        self.started = 0  # calls pushed
        self.hits = 0  # calls a cache answered
        self.max_depth = 0
        self._max_depths: list[int] = []
        self.errors: list[Raise] = []
        self.halt: str | None = None

    @property
    def work(self) -> int:
        """Calls that did work: pushed and not answered from a cache."""
        return self.started - self.hits

    @property
    def depth(self) -> int:
        """Calls running now."""
        return len(self.calls.stack)

    def apply(self, event: Any, at: int = -1) -> None:
        """Move one event forward; `at` is its index in the whole run."""
        self._lines.append(self.line)
        if event.line:
            self.line = event.line
        if isinstance(event, Push):
            self.calls.apply(event, at)
            self.locals.append(dict(event.what.args) if isinstance(event.what, Call) else {})
            self.started += 1
            self._max_depths.append(self.max_depth)
            self.max_depth = max(self.max_depth, self.depth)
        elif isinstance(event, Pop):
            self.calls.apply(event, at)
            self.hits += is_hit(event)
        elif isinstance(event, Line):
            values = self.locals[event.node]
            for name, new, _ in event.changes:
                set_or_drop(values, name, new)
        elif isinstance(event, Raise):
            self.errors.append(event)
        elif isinstance(event, Halt):
            self.halt = event.message

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        self.line = self._lines.pop()
        if isinstance(event, Push):
            self.calls.revert(event)
            self.locals.pop()
            self.started -= 1
            self.max_depth = self._max_depths.pop()
        elif isinstance(event, Pop):
            self.calls.revert(event)
            self.hits -= is_hit(event)
        elif isinstance(event, Line):
            values = self.locals[event.node]
            for name, _, old in reversed(event.changes):
                set_or_drop(values, name, old)
        elif isinstance(event, Raise):
            self.errors.pop()
        elif isinstance(event, Halt):
            self.halt = None

    def call(self, node: int) -> Call:
        """The call `node` (its function and arguments)."""
        what = self.calls.what[node]
        return what if isinstance(what, Call) else Call("?")

    def returned(self, node: int) -> Returned | None:
        """What call `node` returned, or None while it runs."""
        value = self.calls.value[node]
        return value if isinstance(value, Returned) else None

    def snapshot(self) -> tuple[object, ...]:
        """The whole state as one comparable value."""
        local = tuple(tuple(sorted(values.items())) for values in self.locals)
        counts = (self.line, tuple(self._lines), self.started, self.hits, self.max_depth)
        return (self.calls.snapshot(), local, counts, tuple(self.errors), self.halt)


def is_hit(event: Pop) -> bool:
    """True for a Pop that a cache answered."""
    return isinstance(event.value, Returned) and event.value.how == CACHE


def set_or_drop(values: dict[str, str], name: str, text: str | None) -> None:
    """Set a local's repr, or remove it when `text` is None."""
    if text is None:
        values.pop(name, None)
    else:
        values[name] = text


class TraceModel:
    """One run, or two side by side (`Side` events say which); counts the events applied."""

    def __init__(self, labels: tuple[str, ...] = ("",)) -> None:
        self.runs = [RunModel(label) for label in labels]
        self.applied = 0
        self._sides: list[int] = []  # which run each applied event went to
        self.last_side = 0

    def apply(self, event: Any) -> None:
        """Move one event forward (a `Side` event goes to its run)."""
        side, inner = (event.side, event.event) if isinstance(event, Side) else (0, event)
        self.runs[side].apply(inner, self.applied)
        self._sides.append(self.last_side)
        self.last_side = side
        self.applied += 1

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        side, inner = (event.side, event.event) if isinstance(event, Side) else (0, event)
        self.applied -= 1
        self.last_side = self._sides.pop()
        self.runs[side].revert(inner)

    def snapshot(self) -> tuple[object, ...]:
        """Every run's state and the count of events, as one comparable value."""
        return (self.applied, self.last_side, tuple(self._sides), tuple(run.snapshot() for run in self.runs))


def narrate(event: Any, labels: tuple[str, ...] = ("",)) -> str | None:
    """The event in words: 'fib(3) returns 2', 'fib(2) answered from the cache: 1'."""
    label = ""
    if isinstance(event, Side):
        label = labels[event.side] if len(labels) > 1 else ""
        event = event.event
    words = event_words(event)
    if words is None or not label:
        return words
    return _("{function}: {words}").format(function=label, words=words)


def event_words(event: Any) -> str | None:
    """One run's event in words, or None for an event that says nothing new."""
    if isinstance(event, Push) and isinstance(event.what, Call):
        return _("call {call}").format(call=event.what.short())
    if isinstance(event, Pop) and isinstance(event.value, Returned):
        value, node = event.value, event.node
        if value.how == CACHE:
            words = _("call #{node}: answered from the cache, {value}, no recursion")
        elif value.how == RAISE:
            words = _("call #{node} ends: the exception passes up")
        else:
            words = _("call #{node} returns {value}")
        return words.format(node=node, value=value.text)
    if isinstance(event, Line) and event.changes:
        changed = ", ".join(f"{name} = {new}" for name, new, _old in event.changes if new is not None)
        return _("line {line}: {changes}").format(line=event.line, changes=changed) if changed else None
    if isinstance(event, Raise):
        return _("line {line} raises {message}").format(line=event.line, message=event.message)
    if isinstance(event, Halt):
        return event.message
    return None
