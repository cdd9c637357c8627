"""The recursion demo's model: the stack, the calls made, the loop's variables; no pygame.

Narration lives here too (`narrate`): the solvers' own words for each variant.
"""

from __future__ import annotations

import sys
from array import array
from itertools import repeat
from typing import Any, NamedTuple

from solvers import recursion as rec
from solvers.events import Assign, Event, Note, Overflow, Pop, Push
from visualizer import keyframes
from visualizer.calltree import CallTree

FACTORIAL, ENDLESS, TREE = "factorial", "endless", "tree"

INDEX = "i"
"""Array type of nodes, depths, event indexes and factorial's arguments: 4-byte ints.  A run
past 2^31 events would need 8 GB for its depths alone: memory ends long before the type does."""

LOOP_LINES = frozenset(range(rec.LINE_LOOP_INIT - 1, rec.LINE_LOOP_RETURN + 1))
"""Lines of the loop in FACTORIAL_CODE: events there belong to the loop."""
NOT_RETURNED = "not returned"
"""`RecursionModel.returned` of a call still running (None means abandoned)."""


class RecursionModel:
    """The calls on the stack, the calls ever made, the loop's variables."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        # Per call, indexed by node (calls arrive numbered 0, 1, 2, ...): flat
        # lists and arrays keep a million-frame overflow in a few hundred MB.
        self.stack: array[int] = array(INDEX)
        # factorial's arguments are ints: machine ints keep a million calls in 8 MB, not 36
        self.args: list[Any] | array[int] = [] if mode == TREE else array(INDEX)
        self.returned: list[Any] = []  # NOT_RETURNED, or the value (None when abandoned)
        self.best: dict[int, Any] = {}  # tree mode: each frame's best so far
        # Only the tree variant draws its calls as a tree: a deep factorial keeps
        # plain lists and arrays only.
        self.tree = CallTree() if mode == TREE else None
        self.loop: dict[str, Any] = {}
        self.loop_result: Any = None
        self.overflow: Overflow | None = None
        self.depths: array[int] = array(INDEX)  # stack depth after each event
        self.push_at: array[int] = array(INDEX)  # per call: the index of its Push in the run
        self.retvals: list[Any] = []  # every value the loop's retval took, in order
        self.linear = mode != TREE  # every call so far made by the one before: the stack is 0..depth-1
        self._ledger = Ledger()

    def apply(self, event: Event) -> None:
        """Move one event forward."""
        if isinstance(event, Push):
            if event.node != len(self.stack):
                self.linear = False
            self.stack.append(event.node)
            self.args.append(event.what)
            self.returned.append(NOT_RETURNED)
            self.push_at.append(len(self.depths))
        elif isinstance(event, Pop):
            self.stack.pop()
            self.returned[event.node] = event.value
        elif isinstance(event, Assign):
            self._assign(event.name, event.value)
            if self._is_retval(event):
                self.retvals.append(event.value)
        elif isinstance(event, Note) and self._is_loop_return(event):
            self.loop_result = event.what[1]
        elif isinstance(event, Overflow):
            self.overflow = event
        if self.tree is not None:
            self.tree.apply(event, len(self.depths))  # one depth per event so far: this event's index
        self.depths.append(len(self.stack))

    def revert(self, event: Event) -> None:
        """Undo exactly what `apply(event)` did."""
        self.depths.pop()
        if self.tree is not None:
            self.tree.revert(event)
        if isinstance(event, Push):
            self.stack.pop()
            self.args.pop()
            self.returned.pop()
            self.push_at.pop()
        elif isinstance(event, Pop):
            self.stack.append(event.node)
            self.returned[event.node] = NOT_RETURNED
        elif isinstance(event, Assign):
            self._assign(event.name, event.old)
            if self._is_retval(event):
                self.retvals.pop()
        elif isinstance(event, Note) and self._is_loop_return(event):
            self.loop_result = None
        elif isinstance(event, Overflow):
            self.overflow = None

    def result(self, node: int) -> Any:
        """What call `node` returned: NOT_RETURNED while it runs (or before it exists)."""
        return self.returned[node] if 0 <= node < len(self.returned) else NOT_RETURNED

    def returns_newest_first(self) -> list[Any]:
        """The values the calls returned, the deepest call's first (abandoned calls left out).

        Without a base case no call ever returns a value (the overflow abandons
        them all), so the answer is known without walking a million frames.
        """
        if self.mode == ENDLESS:
            return []
        values = (self.returned[node] for node in range(len(self.returned) - 1, -1, -1))
        return [value for value in values if value is not NOT_RETURNED and value is not None]

    def _assign(self, name: str, value: Any) -> None:
        """Set a variable (None removes it): the loop's, or in a tree the top frame's best."""
        store: dict[Any, Any] = self.best if self.mode == TREE else self.loop
        key: Any = self.stack[-1] if self.mode == TREE else name
        if value is None:
            store.pop(key, None)
        else:
            store[key] = value

    def _is_retval(self, event: Assign) -> bool:
        """The loop's retval changing (the tree variant has no loop)."""
        return self.mode != TREE and event.name == "retval"

    @staticmethod
    def _is_loop_return(event: Note) -> bool:
        """The loop's final `return retval`."""
        return isinstance(event.what, tuple) and event.what[0] == rec.LOOP_RETURN

    def keyframe(self) -> object:
        """The state for the player's keyframes.

        A linear run (factorial, endless) is a prefix of its own longest
        history: the frame is a few counts, and the ledger, shared by every
        frame, keeps that history once.  The tree copies every attribute.
        """
        if not self.linear:
            return {
                name: keyframes.copy_value(value) for name, value in vars(self).items() if name != "_ledger"
            }
        self._ledger.grow(self)
        counts = (len(self.depths), len(self.args), len(self.stack), len(self.retvals))
        return LinearFrame(counts, dict(self.loop), self.loop_result, self.overflow, self._ledger)

    def restore(self, frame: object) -> None:
        """Become the state `frame` holds (see `keyframe`); the containers stay the same objects."""
        if isinstance(frame, LinearFrame):
            frame.ledger.restore_into(self, frame)
            self._ledger = frame.ledger  # the same run's history: a model made by a replay shares it
            return
        assert isinstance(frame, dict)
        for name, saved in frame.items():
            setattr(self, name, keyframes.restored(getattr(self, name, None), saved))

    def snapshot(self) -> tuple[object, ...]:
        """The whole state as one comparable value."""
        return (
            tuple(self.stack),
            tuple(self.args),
            tuple(self.returned),
            tuple(sorted(self.best.items())),
            tuple(sorted(self.loop.items())),
            tuple(self.retvals),
            self.loop_result,
            self.overflow,
            tuple(self.depths),
            tuple(self.push_at),
            self.tree.snapshot() if self.tree else None,
        )


class LinearFrame(NamedTuple):
    """A linear run's keyframe: lengths (events, calls, depth, retvals) and the loop's few values."""

    counts: tuple[int, int, int, int]
    loop: dict[str, Any]
    loop_result: Any
    overflow: Overflow | None
    ledger: Ledger  # shared by the run's frames, not copied (so not counted in a frame's bytes)


class Ledger:
    """The longest history a linear run has shown, kept once for all its keyframes.

    The run is deterministic, so the model at any event is a prefix of it:
    the first `events` depths, the first `calls` arguments and Push indexes,
    the calls below `depth` running and the rest returned.  In a linear run
    every Push comes before every Pop, so the returned calls are always the
    top ones, `known` and up; only values other than None are kept (an
    endless run abandons all its calls: none).
    """

    def __init__(self) -> None:
        self.depths: array[int] = array(INDEX)
        self.args: list[Any] | array[int] = array(INDEX)
        self.push_at: array[int] = array(INDEX)
        self.retvals: list[Any] = []
        self.values: dict[int, Any] = {}
        self.known = sys.maxsize

    def grow(self, model: RecursionModel) -> None:
        """Learn what the model has seen beyond the ledger (a linear model of the same run)."""
        for mine, theirs in (
            (self.depths, model.depths),
            (self.args, model.args),
            (self.push_at, model.push_at),
            (self.retvals, model.retvals),
        ):
            if len(theirs) > len(mine):
                mine.extend(theirs[len(mine) :])  # type: ignore[arg-type]
        depth, calls = len(model.stack), len(model.args)
        if depth == calls:
            return  # still winding: nothing has returned
        for node in range(depth, min(self.known, calls)):
            value = model.returned[node]
            if value is not None:
                self.values[node] = value
        self.known = min(self.known, depth)

    def restore_into(self, model: RecursionModel, frame: LinearFrame) -> None:
        """Put the model at the frame's point of the run, copying from the ledger (C-speed slices)."""
        events, calls, depth, retvals = frame.counts
        keyframes.fit_prefix(model.depths, self.depths, events)
        keyframes.fit_prefix(model.args, self.args, calls)
        keyframes.fit_prefix(model.push_at, self.push_at, calls)
        keyframes.fit_prefix(model.retvals, self.retvals, retvals)
        if model.linear:
            keyframes.fit_prefix(model.stack, range(depth), depth)
        else:
            model.stack[:] = array(INDEX, range(depth))
        returned = model.returned
        if len(returned) > calls:
            del returned[calls:]
        returned.extend(repeat(None, calls - len(returned)))
        keyframes.fill(returned, depth, calls, None)
        keyframes.fill(returned, 0, depth, NOT_RETURNED)
        for node, value in self.values.items():
            if depth <= node < calls:
                returned[node] = value
        model.loop.clear()
        model.loop.update(frame.loop)
        model.loop_result, model.overflow, model.linear = frame.loop_result, frame.overflow, True


def expected_events(mode: str, n: int, limit: int) -> int | None:
    """Events of `factorial_events(n, limit, base_case=mode == FACTORIAL)`; None for the tree.

    The recursion makes max(n, 1) calls, a Push and a Pop each, or overflows:
    `limit` pushes, the Overflow, `limit` pops.  The loop beside it assigns
    retval, then i and retval N times, then returns.
    """
    if mode == TREE:
        return None
    calls = max(n, 1)
    recursive = 2 * calls if mode == FACTORIAL and calls <= limit else 2 * limit + 1
    return recursive + 2 * n + 2


def narrate(mode: str, n: int, event: Event) -> str | None:
    """The event in words, for the variant on show (the solvers phrase them)."""
    if mode == TREE:
        return rec.describe_tree(event)
    describe = rec.describe_factorial if mode == FACTORIAL else rec.describe_endless
    return describe(event, n)


def short(value: Any, digits: int = 12) -> str:
    """A number shortened for a label: 2432902008176640000 -> '2.43e18'."""
    text = str(value)
    if isinstance(value, int) and len(text) > digits:
        return f"{value:.3g}".replace("e+", "e")
    return text
