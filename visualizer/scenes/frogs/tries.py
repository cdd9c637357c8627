"""The frogs' tree of tries: every move the solver listed, tried, cancelled or kept.

`TryTree` is a `LifoTree` (see `visualizer.tree`): the moves the solver
*tried* are its nodes, with the solver's own ids (0, 1, 2, ... in Push order),
and its columns (`hop`, `backtracked`) grow and shrink through the `_grow` /
`_shrink` hooks.  The starting position is the virtual node `START` (the
solver's ROOT, -1, which is also the LifoTree's parent of a root).

The moves a position *listed* (`Options`) but the search has not tried are
not nodes: the solver tries a position's moves in order, so its k-th tried
child is its k-th listed move, and the listed moves after the tried ones are
the untried ones.  They are named by a key `(parent, index)`.  A tree key is
therefore an `int` (a tried move, or START) or a `(parent, index)` pair.

`outline` is the tree's pure layout: depth to the right, a first child on
its parent's row, each later sibling on a new row below everything before it;
a folded node is laid out as a leaf.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from solvers import frogs as fr
from solvers.events import DeadEnd, Pop, Push, Solution
from solvers.i18n import _
from visualizer.calltree import UNKNOWN
from visualizer.tree import LifoTree

START = fr.ROOT
"""The starting position: the parent of the first moves (-1, as in the solver's events)."""
UNTRIED, ON_PATH, CANCELLED, EXECUTED = "untried", "on path", "cancelled", "executed"
"""Statuses of a move in the tree.  When the search is over, UNTRIED means never tried."""

Key = int | tuple[int, int]
"""A node of the tree: a tried move's id, START, or (parent, index) of a listed move not tried."""


class TryTree(LifoTree):
    """The tree of tried moves, rebuilt from solver events with `apply` and `revert`.

    Also counts what the scene shows: moves tried, cancelled, dead ends and
    the deepest path; `stack` (from LifoTree) is the current path of tried ids.
    """

    COLUMNS = (*LifoTree.COLUMNS, "hop", "backtracked", "push_at", "pop_at", "_max_depths")
    MAPS = ("options",)  # keyframes: see visualizer.tree

    def __init__(self) -> None:
        super().__init__()
        self.hop: list[fr.Hop] = []
        self.backtracked: list[bool] = []  # closed by a cancelling Pop
        self.push_at: list[int] = []  # per tried move: its Push's index in the run
        self.pop_at: list[int] = []  # ... and its Pop's (UNKNOWN until it returns)
        self.options: dict[int, tuple[fr.Hop, ...]] = {}  # the moves listed at a node (START too)
        self.cancelled = 0
        self.dead_ends = 0
        self.max_depth = 0
        self.solved = False
        self._max_depths: list[int] = []

    # --- the player's side -----------------------------------------------------------

    def apply(self, event: Any, at: int = UNKNOWN) -> None:
        """Take one solver event into the tree; `at` is its index in the run (for clicks on a move)."""
        kind = type(event)
        if kind is fr.Options:
            self.options[event.node] = tuple(event.moves)
        elif kind is Push:
            self._try(event.node, event.parent, event.what)
            self.push_at[event.node] = at
        elif kind is Pop:
            node = self.close()
            self.pop_at[node] = at
            self.backtracked[node] = bool(event.backtrack)
            self.cancelled += bool(event.backtrack)
        elif kind is DeadEnd:
            self.dead_ends += 1
        elif kind is Solution:
            self.solved = True

    def revert(self, event: Any) -> None:
        """Undo `apply(event)`; events must be reverted newest first."""
        kind = type(event)
        if kind is fr.Options:
            del self.options[event.node]
        elif kind is Push:
            self.unpush()
            self.max_depth = self._max_depths.pop()
        elif kind is Pop:
            self.unclose(event.node)
            self.pop_at[event.node] = UNKNOWN
            self.cancelled -= self.backtracked[event.node]
            self.backtracked[event.node] = False
        elif kind is DeadEnd:
            self.dead_ends -= 1
        elif kind is Solution:
            self.solved = False

    def _try(self, node: int, parent: int, hop: fr.Hop) -> None:
        """A new tried move: the next one its parent listed."""
        listed = self.options.get(parent, ())
        index = sum(1 for _ in self.tried_children(parent))
        if index >= len(listed) or listed[index] != hop:
            raise ValueError(
                _("move {move} is not the next move listed at node {node}").format(move=hop, node=parent)
            )
        if self.push(parent) != node:
            raise ValueError(_("node {node} pushed out of order").format(node=node))
        self.hop[node] = hop
        self._max_depths.append(self.max_depth)
        self.max_depth = max(self.max_depth, len(self.stack))

    def _grow(self, node: int) -> None:
        """A new node's columns."""
        self.hop.append(fr.Hop("", 0, 0))
        self.backtracked.append(False)
        self.push_at.append(UNKNOWN)
        self.pop_at.append(UNKNOWN)

    def _shrink(self, node: int) -> None:
        """Forget the newest node's columns."""
        self.hop.pop()
        self.backtracked.pop()
        self.push_at.pop()
        self.pop_at.pop()

    def snapshot(self) -> tuple[object, ...]:
        """The whole tree and its counters as one comparable value."""
        options = tuple(sorted(self.options.items()))
        counters = (self.cancelled, self.dead_ends, self.max_depth, self.solved)
        timeline = (tuple(self.push_at), tuple(self.pop_at))
        return (*super().snapshot(), tuple(self.hop), tuple(self.backtracked), options, counters, timeline)

    # --- questions -----------------------------------------------------------------

    @property
    def tried(self) -> int:
        """Moves tried so far."""
        return self.count

    def tried_children(self, key: Key) -> Iterator[int]:
        """The tried moves below a node, in order."""
        if key == START:
            return self.roots()
        if isinstance(key, tuple):
            return iter(())
        return self.children(key)

    def branches(self, key: Key) -> list[Key]:
        """Every move listed below a node, in order: the tried ones, then the untried."""
        kids: list[Key] = list(self.tried_children(key))
        if isinstance(key, int):
            kids += [(key, index) for index in range(len(kids), len(self.options.get(key, ())))]
        return kids

    def hop_of(self, key: Key) -> fr.Hop | None:
        """The move a node stands for (None for START)."""
        if isinstance(key, tuple):
            return self.options[key[0]][key[1]]
        return None if key == START else self.hop[key]

    def parent_of(self, key: Key) -> Key | None:
        """The node above (None for START)."""
        if isinstance(key, tuple):
            return key[0]
        return None if key == START else self.parent[key]

    def depth_of(self, key: Key) -> int:
        """Moves from the start down to the node (START is 0)."""
        if isinstance(key, tuple):
            return self.depth_of(key[0]) + 1
        return 0 if key == START else self.depth(key) + 1

    def status(self, key: Key) -> str:
        """ON_PATH, EXECUTED, CANCELLED or UNTRIED."""
        if isinstance(key, tuple):
            return UNTRIED
        if key == START or not self.closed(key):
            return ON_PATH
        return CANCELLED if self.backtracked[key] else EXECUTED

    def nodes(self, below: Key = START) -> Iterator[Key]:
        """Every node under `below` in preorder (`below` itself excluded)."""
        stack = list(reversed(self.branches(below)))
        while stack:
            key = stack.pop()
            yield key
            stack.extend(reversed(self.branches(key)))

    def count_status(self, status: str) -> int:
        """How many moves have `status`."""
        return sum(1 for key in self.nodes() if self.status(key) == status)

    def foldable(self, key: Key) -> bool:
        """A cancelled move with moves below it: a finished subtree that can fold."""
        return isinstance(key, int) and self.status(key) == CANCELLED and bool(self.options.get(key))

    def executed_at(self, depth: int) -> int | None:
        """The executed (solution) move `depth` moves deep, or None."""
        key: Key = START
        for _step in range(depth):
            key = next((kid for kid in self.branches(key) if self.status(kid) == EXECUTED), START)
            if key == START:
                return None
        return None if key == START or isinstance(key, tuple) else key

    def path_to(self, key: Key) -> list[fr.Hop]:
        """The moves from the start down to the node, in order."""
        hops: list[fr.Hop] = []
        here: Key | None = key
        while here is not None and here != START:
            hop = self.hop_of(here)
            assert hop is not None
            hops.append(hop)
            here = self.parent_of(here)
        return hops[::-1]


def hover_lines(tree: TryTree, start: str, key: Key, finished: bool) -> list[str]:
    """What hovering a node tells: the move, the position after it, what became of it."""
    if key == START:
        return [_("the start: {position}").format(position=start)]
    path = tree.path_to(key)
    hop = path[-1]
    move = f"{hop.frog} {hop.frm}→{hop.to}"
    first = (
        _("{move}: a jump, move {depth} from the start")
        if hop.jump
        else _("{move}: a slide, move {depth} from the start")
    )
    words = [
        first.format(move=move, depth=len(path)),
        _("position after it: {position}").format(position=fr.replay(start, path)[-1]),
    ]
    status = tree.status(key)
    fates = {
        ON_PATH: _("on the current path: the solver is trying it"),
        EXECUTED: _("part of the solution"),
        CANCELLED: _("cancelled: no way on from there reached the goal"),
        UNTRIED: _("never tried") if finished else _("not tried yet"),
    }
    return [*words, fates[status]]


# --- the layout ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outline:
    """Where each shown node sits: column (= depth) and row; folded nodes with what they hide."""

    cells: dict[Key, tuple[int, int]]
    folded: dict[Key, int]
    cols: int
    rows: int


def outline(tree: TryTree, fold: Callable[[Key], bool] = lambda key: False) -> Outline:
    """Depth to the right; a first child stays on its parent's row, a later one opens a new row.

    So a run of first tries reads as one straight line, and each later
    sibling starts below everything laid out before it.  A node for which
    `fold` is true is a leaf here, with the count of nodes it hides.
    """
    cells: dict[Key, tuple[int, int]] = {START: (0, 0)}
    folded: dict[Key, int] = {}
    next_row, cols = 1, 1
    stack: list[tuple[Key, int, int, bool]] = [
        (kid, 0, 0, index == 0) for index, kid in reversed(list(enumerate(tree.branches(START))))
    ]
    while stack:
        key, parent_col, parent_row, first = stack.pop()
        row = parent_row if first else next_row
        next_row += not first
        col = parent_col + 1
        cols = max(cols, col + 1)
        cells[key] = (col, row)
        if fold(key):
            folded[key] = sum(1 for _ in tree.nodes(key))
            continue
        kids = tree.branches(key)
        stack.extend((kid, col, row, index == 0) for index, kid in reversed(list(enumerate(kids))))
    return Outline(cells, folded, cols, next_row)
