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

import heapq
from dataclasses import dataclass, field
from typing import Any, Protocol

from solvers.events import Event, Pop, Push
from visualizer.tree import LifoTree

RUNNING = None
"""`CallTree.value` of a call that has not returned."""
UNKNOWN = -1
"""`push_at` / `pop_at` of an event whose index was not given (or a call not yet returned)."""


class CallTree(LifoTree):
    """The calls of a run: each node's argument (`what`) and returned value (`value`)."""

    COLUMNS = (*LifoTree.COLUMNS, "what", "value", "push_at", "pop_at")

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


class Timeline(Protocol):
    """A tree that knows where each node's Push and Pop sit in the run (`CallTree`, the frogs' tries)."""

    push_at: list[int]
    pop_at: list[int]


def go_to_call(player: Any, calls: Timeline, node: int, to_return: bool) -> None:
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


# --- level of detail: folding a tree that does not fit ------------------------------------------


ELIDED = -2
"""The stand-in drawn between the root and the lifted call: '+8 calls' (never a call: not clickable)."""


@dataclass(frozen=True, slots=True)
class Folding:
    """Which calls a crowded tree shows: folded calls (drawn as one pill) and an elided run of the path.

    `folded` maps a shown call to the calls hidden under it.  When the running
    path is too deep for the card, `lifted` is `(node, hidden)`: the stand-in
    `ELIDED` hangs under the root in place of `hidden` calls, and `node` (a
    call of the path) under it; else None.
    """

    folded: dict[int, int] = field(default_factory=dict)
    lifted: tuple[int, int] | None = None

    def children(self, tree: LifoTree, node: int) -> list[int]:
        """The children of `node` as shown (the root's open child replaced by the stand-in)."""
        if self.lifted is not None and node == ELIDED:
            return [self.lifted[0]]
        kids = list(tree.children(node))
        if self.lifted is None or node != tree.stack[0]:
            return kids
        return [kid for kid in kids if kid != tree.stack[1]] + [ELIDED]

    def parent(self, tree: LifoTree, node: int) -> int | None:
        """The shown parent of `node` (the stand-in for the lifted call), None for a root."""
        if self.lifted is not None and node in (ELIDED, self.lifted[0]):
            return tree.stack[0] if node == ELIDED else ELIDED
        up = tree.parent[node]
        return up if up >= 0 else None


NO_FOLDING = Folding()
"""Every call shown."""


def fold_to_fit(tree: LifoTree, slots: int, rows: int) -> Folding:
    """The most of `tree` that fits `slots` leaves side by side and `rows` levels (a pure function).

    The running path is always shown with its children (finished ones folded
    when need be); when the path alone is deeper than `rows`, the calls just
    under the root give way to one stand-in.  Then finished calls unfold
    shallowest first (newest first among equals) while the tree still fits.
    """
    if tree.count == 0:
        return NO_FOLDING
    lifted = lift(tree, rows)
    shown = Folding(lifted=lifted)
    roots = list(tree.roots())
    used = len(roots)
    always = {*tree.stack, ELIDED}
    depth: dict[int, int] = dict.fromkeys(roots, 0)
    waiting = [(-1 if root in always else 0, -root) for root in roots]
    heapq.heapify(waiting)
    kept: set[int] = set()
    while waiting:
        node = -heapq.heappop(waiting)[1]
        kids = shown.children(tree, node)
        if not kids:
            continue
        if node not in always and (used + len(kids) - 1 > slots or depth[node] + 2 > rows):
            kept.add(node)
            continue
        used += len(kids) - 1
        for kid in kids:
            depth[kid] = depth[node] + 1
            heapq.heappush(waiting, (-1 if kid in always else depth[kid], -kid))
    return Folding({node: tree.size(node) - 1 for node in kept}, lifted)


def lift(tree: LifoTree, rows: int) -> tuple[int, int] | None:
    """For a path deeper than `rows` levels: the path's call shown under the stand-in, the calls elided."""
    path = tree.stack
    needed = len(path) + (1 if path and next(tree.children(path[-1]), None) is not None else 0)
    skip = min(needed - rows + 1, len(path) - 2)  # the stand-in takes a row of its own
    if skip < 2:
        return None
    shown = path[skip + 1]
    return shown, shown - path[1]
