""" "Your code"'s plain state: each traced run's calls, locals, line and errors; no pygame.

`RunModel` applies and reverts the events of one traced run
(`solvers.tracing.events`) exactly; `TraceModel` holds one run, or two side
by side, and routes `Side` events to theirs.  It counts the events it has
applied, so each call's tree node knows where its Push and Pop sit on the
timeline (clicks go there).  `narrate` puts an event into words.

A generator's call leaves the stack at each yield and comes back when it is
resumed, so its later children are not next to its first ones:
`TraceCalls` keeps each call's children in a list of its own.  A run also
keeps what was printed (the console) and the merged graph of subproblems
(`Subproblems`: calls with the same arguments are one node, for a memo).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from solvers.events import Pop, Push
from solvers.i18n import _
from solvers.tracing.events import CACHE, RAISE, Call, Halt, Line, Print, Raise, Resume, Returned, Side, Yield
from visualizer import keyframes
from visualizer.calltree import CallTree
from visualizer.tree import ROOT_PARENT, TreeFrame

CONSOLE_LINES = 200
"""Printed lines a run keeps for its console (the newest)."""


class TraceCalls(CallTree):
    """A call tree where a generator's call may leave the stack (a yield) and come back (a resume).

    Children are listed per call, since a resumed generator's new calls come after
    other calls' ids.  Keyframes stop at the first yield (the player then seeks by replay).
    """

    DERIVED = ("kids", "tops")

    def __init__(self) -> None:
        super().__init__()
        self.kids: list[list[int]] = []
        self.tops: list[int] = []  # the roots
        self.suspended: list[int] = []  # generators between a yield and a resume, in order
        self.yielded: dict[int, list[str]] = {}  # each generator's yields so far
        self.yields = 0

    def _grow(self, node: int) -> None:
        """A new call: listed under its parent."""
        super()._grow(node)
        self.kids.append([])
        parent = self.parent[node]
        (self.kids[parent] if parent != ROOT_PARENT else self.tops).append(node)

    def _shrink(self, node: int) -> None:
        """The newest call goes: off its parent's list."""
        super()._shrink(node)
        self.kids.pop()
        parent = self.parent[node]
        (self.kids[parent] if parent != ROOT_PARENT else self.tops).pop()

    def _after_restore(self) -> None:
        """The children lists again, from the parents."""
        self.kids = [[] for _ in self.parent]
        self.tops = []
        for node, parent in enumerate(self.parent):
            (self.kids[parent] if parent != ROOT_PARENT else self.tops).append(node)

    def keyframe(self) -> TreeFrame:
        """A keyframe while the tree is LIFO; NotCopyable once a generator has yielded."""
        if self.yields:
            raise keyframes.NotCopyable("a generator yielded")
        return super().keyframe()

    def children(self, node: int) -> Iterator[int]:
        """The calls `node` made so far, in order."""
        return iter(self.kids[node])

    def roots(self) -> Iterator[int]:
        """The first calls."""
        return iter(self.tops)

    def size(self, node: int) -> int:
        """Calls in `node`'s subtree so far, itself included."""
        if not self.yields:
            return super().size(node)
        count, todo = 0, [node]
        while todo:
            count += 1
            todo += self.kids[todo.pop()]
        return count

    def suspend(self, event: Yield) -> None:
        """The running generator yields: off the stack, not returned."""
        self.stack.pop()
        self.suspended.append(event.node)
        self.yielded.setdefault(event.node, []).append(event.text)
        self.yields += 1

    def unsuspend(self, event: Yield) -> None:
        """Undo `suspend`."""
        self.yields -= 1
        texts = self.yielded[event.node]
        texts.pop()
        if not texts:
            del self.yielded[event.node]
        self.suspended.remove(event.node)
        self.stack.append(event.node)

    def resume(self, event: Resume) -> None:
        """A suspended generator runs again: back on the stack."""
        self.suspended.remove(event.node)
        self.stack.append(event.node)

    def unresume(self, event: Resume) -> None:
        """Undo `resume`."""
        self.stack.pop()
        self.suspended.append(event.node)

    def last_yield(self, node: int) -> str | None:
        """What a suspended generator yielded last, or None when `node` is not suspended."""
        return self.yielded[node][-1] if node in self.suspended else None

    def snapshot(self) -> tuple[object, ...]:
        """Structure, columns and the generators' state as one comparable value."""
        yielded = tuple(sorted((node, tuple(texts)) for node, texts in self.yielded.items()))
        return (*super().snapshot(), tuple(self.suspended), yielded)


class Subproblems:
    """The merged graph of a run's calls: one node per subproblem (a function and its arguments).

    Calls the child marked with the same `Call.sub` are one node; an edge joins the
    subproblems of a caller and a callee, counted once per call.  Built as the run goes,
    exactly undone.
    """

    def __init__(self) -> None:
        self.first: dict[int, int] = {}  # subproblem -> the call that first reached it
        self.order: list[int] = []  # subproblems, first reached first
        self.edges: dict[tuple[int, int], int] = {}  # (caller's, callee's) -> calls along it

    def add(self, calls: CallTree, node: int) -> None:
        """Call `node`, just pushed, joins the graph."""
        sub = sub_of(calls, node)
        if sub < 0:
            return
        if sub not in self.first:
            self.first[sub] = node
            self.order.append(sub)
        parent = calls.parent[node]
        above = sub_of(calls, parent) if parent != ROOT_PARENT else -1
        if above >= 0:
            self.edges[(above, sub)] = self.edges.get((above, sub), 0) + 1

    def remove(self, calls: CallTree, node: int) -> None:
        """Undo `add(calls, node)` (the call is still in `calls`)."""
        sub = sub_of(calls, node)
        if sub < 0:
            return
        parent = calls.parent[node]
        above = sub_of(calls, parent) if parent != ROOT_PARENT else -1
        if above >= 0:
            left = self.edges[(above, sub)] - 1
            if left:
                self.edges[(above, sub)] = left
            else:
                del self.edges[(above, sub)]
        if self.first.get(sub) == node:
            del self.first[sub]
            self.order.pop()

    def snapshot(self) -> tuple[object, ...]:
        """The graph as one comparable value."""
        return (tuple(sorted(self.first.items())), tuple(self.order), tuple(sorted(self.edges.items())))


def sub_of(calls: CallTree, node: int) -> int:
    """The subproblem of call `node` (-1: none, as for a generator's call)."""
    what = calls.what[node]
    return what.sub if isinstance(what, Call) else -1


class RunModel:
    """One traced run: the calls (a `CallTree`), each call's locals, the line, errors, counts."""

    def __init__(self, label: str = "") -> None:
        self.label = label
        self.calls = TraceCalls()
        self.graph = Subproblems()
        self.printed: list[str] = []  # the console: each line printed so far (the newest CONSOLE_LINES)
        self._printed: list[list[str]] = []  # the lines each Print pushed out of the console, for revert
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
            self.graph.add(self.calls, event.node)
            self.locals.append(dict(event.what.args) if isinstance(event.what, Call) else {})
            self.started += 1
            self._max_depths.append(self.max_depth)
            self.max_depth = max(self.max_depth, self.depth)
        elif isinstance(event, Resume):
            self.calls.resume(event)
            self._max_depths.append(self.max_depth)
            self.max_depth = max(self.max_depth, self.depth)
        elif isinstance(event, Yield):
            self.calls.suspend(event)
        elif isinstance(event, Print):
            self.print_lines(event.text)
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
            self.graph.remove(self.calls, event.node)
            self.calls.revert(event)
            self.locals.pop()
            self.started -= 1
            self.max_depth = self._max_depths.pop()
        elif isinstance(event, Resume):
            self.calls.unresume(event)
            self.max_depth = self._max_depths.pop()
        elif isinstance(event, Yield):
            self.calls.unsuspend(event)
        elif isinstance(event, Print):
            self.unprint_lines(event.text)
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

    def print_lines(self, text: str) -> None:
        """Printed `text` goes to the console (its oldest lines leave past CONSOLE_LINES)."""
        self.printed += text.rstrip("\n").split("\n")
        over = max(0, len(self.printed) - CONSOLE_LINES)
        self._printed.append(self.printed[:over])
        del self.printed[:over]

    def unprint_lines(self, text: str) -> None:
        """Undo `print_lines(text)`."""
        del self.printed[len(self.printed) - len(text.rstrip("\n").split("\n")) :]
        self.printed[:0] = self._printed.pop()

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
        console = (tuple(self.printed), self.graph.snapshot())
        return (self.calls.snapshot(), local, counts, tuple(self.errors), self.halt, console)


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
    if isinstance(event, Yield):
        return _("call #{node} yields {value} and waits").format(node=event.node, value=event.text)
    if isinstance(event, Resume):
        return _("call #{node} resumes after its yield").format(node=event.node)
    if isinstance(event, Print):
        return _("call #{node} prints {text}").format(node=event.node, text=event.text.strip())
    if isinstance(event, Halt):
        return event.message
    return None
