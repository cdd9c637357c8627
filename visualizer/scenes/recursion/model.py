"""The recursion demo's model: the stack, the calls made, the loop's variables; no pygame.

Narration lives here too (`narrate`): the solvers' own words for each variant.
"""

from __future__ import annotations

from array import array
from typing import Any

from solvers import recursion as rec
from solvers.events import Assign, Event, Note, Overflow, Pop, Push
from visualizer.calltree import CallTree

FACTORIAL, ENDLESS, TREE = "factorial", "endless", "tree"

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
        self.stack: array[int] = array("q")
        self.args: list[Any] = []
        self.returned: list[Any] = []  # NOT_RETURNED, or the value (None when abandoned)
        self.best: dict[int, Any] = {}  # tree mode: each frame's best so far
        # Only the tree variant draws its calls as a tree: a deep factorial keeps
        # plain lists and arrays only.
        self.tree = CallTree() if mode == TREE else None
        self.loop: dict[str, Any] = {}
        self.loop_result: Any = None
        self.overflow: Overflow | None = None
        self.depths: array[int] = array("q")  # stack depth after each event
        self.push_at: array[int] = array("q")  # per call: the index of its Push in the run
        self.retvals: list[Any] = []  # every value the loop's retval took, in order

    def apply(self, event: Event) -> None:
        """Move one event forward."""
        if isinstance(event, Push):
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
