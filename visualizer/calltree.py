"""The call tree of a recursive run: a `LifoTree` whose nodes remember their call and its return.

Built from `Push` / `Pop` events (a Push opens a call under the running one,
a Pop returns it) and taken back exactly by `revert`.  No pygame: the
recursion demo's model owns one, `visualizer.treepaint` draws it.

A model that counts the events it applies passes each one's index (0-based
in the run) as `at`: the tree then knows where each call's Push and Pop sit
on the timeline (`push_at`, `pop_at`), so a click on a call can take the
player there with `seek(index + 1)`.
"""

from __future__ import annotations

from typing import Any

from solvers.events import Event, Pop, Push
from visualizer.tree import LifoTree

RUNNING = None
"""`CallTree.value` of a call that has not returned."""
UNKNOWN = -1
"""`push_at` / `pop_at` of an event whose index was not given (or a call not yet returned)."""


class CallTree(LifoTree):
    """The calls of a run: each node's argument (`what`) and returned value (`value`)."""

    def __init__(self) -> None:
        super().__init__()
        self.what: list[Any] = []
        self.value: list[Any] = []
        self.push_at: list[int] = []
        self.pop_at: list[int] = []

    def _grow(self, node: int) -> None:
        """A new call: no argument yet, no return."""
        self.what.append(None)
        self.value.append(RUNNING)
        self.push_at.append(UNKNOWN)
        self.pop_at.append(UNKNOWN)

    def _shrink(self, node: int) -> None:
        """Forget the newest call's columns."""
        self.what.pop()
        self.value.pop()
        self.push_at.pop()
        self.pop_at.pop()

    def apply(self, event: Event, at: int = UNKNOWN) -> None:
        """A Push opens a call, a Pop returns the newest; `at` is the event's index in the run."""
        if isinstance(event, Push):
            node = self.push(event.parent)
            self.what[node] = event.what
            self.push_at[node] = at
        elif isinstance(event, Pop):
            node = self.close()
            self.value[node] = event.value
            self.pop_at[node] = at

    def revert(self, event: Event) -> None:
        """Undo exactly what `apply(event)` did."""
        if isinstance(event, Push):
            self.unpush()
        elif isinstance(event, Pop):
            self.unclose(event.node)
            self.value[event.node] = RUNNING
            self.pop_at[event.node] = UNKNOWN

    def active(self) -> int | None:
        """The call running now (the top of the stack), if any."""
        return self.stack[-1] if self.stack else None

    def snapshot(self) -> tuple[object, ...]:
        """Structure and columns as one comparable value."""
        columns = (tuple(self.what), tuple(self.value), tuple(self.push_at), tuple(self.pop_at))
        return (*super().snapshot(), *columns)


def go_to_call(player: Any, calls: CallTree, node: int, to_return: bool) -> None:
    """Move the player's timeline to call `node`'s Push, or (`to_return`) its Pop.

    A call that has not returned yet plays on at full speed until it does.
    Uses only the player's public `seek` and `run_until`.
    """
    if not to_return:
        player.seek(calls.push_at[node] + 1)
    elif calls.pop_at[node] != UNKNOWN:
        player.seek(calls.pop_at[node] + 1)
    else:
        player.run_until(lambda event: type(event) is Pop and event.node == node)
