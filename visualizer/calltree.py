"""The call tree of a recursive run: a `LifoTree` whose nodes remember their call and its return.

Built from `Push` / `Pop` events (a Push opens a call under the running one,
a Pop returns it) and taken back exactly by `revert`.  No pygame: the
recursion demo's model owns one, `visualizer.treepaint` draws it.
"""

from __future__ import annotations

from typing import Any

from solvers.events import Event, Pop, Push
from visualizer.tree import LifoTree

RUNNING = None
"""`CallTree.value` of a call that has not returned."""


class CallTree(LifoTree):
    """The calls of a run: each node's argument (`what`) and returned value (`value`)."""

    def __init__(self) -> None:
        super().__init__()
        self.what: list[Any] = []
        self.value: list[Any] = []

    def _grow(self, node: int) -> None:
        """A new call: no argument yet, no return."""
        self.what.append(None)
        self.value.append(RUNNING)

    def _shrink(self, node: int) -> None:
        """Forget the newest call's columns."""
        self.what.pop()
        self.value.pop()

    def apply(self, event: Event) -> None:
        """A Push opens a call, a Pop returns the newest; other events do not touch the tree."""
        if isinstance(event, Push):
            node = self.push(event.parent)
            self.what[node] = event.what
        elif isinstance(event, Pop):
            self.value[self.close()] = event.value

    def revert(self, event: Event) -> None:
        """Undo exactly what `apply(event)` did."""
        if isinstance(event, Push):
            self.unpush()
        elif isinstance(event, Pop):
            self.unclose(event.node)
            self.value[event.node] = RUNNING

    def snapshot(self) -> tuple[object, ...]:
        """Structure and columns as one comparable value."""
        return (*super().snapshot(), tuple(self.what), tuple(self.value))
