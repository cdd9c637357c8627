"""One tree model for every demo that grows a tree: call trees, game search trees, the frogs' tries.

A search grows its tree depth first and takes it back newest first, so the
tree is LIFO twice over.  `LifoTree` uses that:

- node ids come in push order (preorder), 0, 1, 2, ...;
- a node is *open* while its call runs and *closed* once it returns; only
  the newest open node (the top of `stack`) may get children;
- once closed, a node's whole subtree is the id range ``[node, end[node])``,
  so its children are found by jumping from one sibling's end to the next,
  with no child lists (a full tic-tac-toe search has 549,946 nodes).

Every change has an exact inverse (`unpush`, `unclose`), which is what a
scene model's `revert` needs.  Demos extend the tree with their own columns
(values, windows, statuses) by overriding the `_grow` / `_shrink` hooks.

Keyframes (`keyframe` / `restore`, the player's protocol) are small because
the tree is LIFO too: a node's fields change after its Push only while it is
open (at its Pop, and alpha-beta's running window), so a closed node's row is
final.  The run is deterministic, so every column named in `COLUMNS` is a
prefix of the longest history seen, which a `TreeLedger` keeps once for all
the run's frames, with each node's *final* row (it learns a row when it sees
the node closed).  A frame holds the column lengths, the open nodes' rows
(the stack: O(depth)), the entries of the `MAPS` (dicts keyed by node, set
while the node is open) for open nodes, and a plain copy of the few other
attributes (counts).  Restoring fits each column to its length from the
ledger, puts back the final rows of the nodes that were open before, then
writes the frame's open rows: O(depth + the columns' change in length).
The ledger costs one more list of pointers per column (33 MB for the full
tic-tac-toe search's 549,946 nodes, whose whole copy was 62 MB a frame).

`tidy_layout` is the one layout, a pure function: leaves take slots left to
right, parents centre over their children, and a folded node is drawn as a
leaf (its subtree hidden).  It knows nothing of pixels; the painter scales it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, TypeVar

from visualizer import keyframes

ROOT_PARENT = -1
"""The parent id of a root."""

N = TypeVar("N", bound=Hashable)


class LifoTree:
    """Nodes pushed depth first and taken away newest first; see the module docstring."""

    COLUMNS: ClassVar[tuple[str, ...]] = ("parent", "end")
    """Lists or arrays indexed by node id whose items change only while their node is open."""
    MAPS: ClassVar[tuple[str, ...]] = ()
    """Dicts keyed by node id (or by a key outside the ids) whose entries are set while it is open."""
    DERIVED: ClassVar[tuple[str, ...]] = ()
    """Attributes a frame does not keep: `_after_restore` rebuilds them from the rest."""

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.end: list[int] = []  # one past the subtree's last id once closed, else 0
        self.stack: list[int] = []  # open nodes, root first
        self._ledger = TreeLedger()

    # --- growing and shrinking (the model's apply and revert) ----------------------

    def push(self, parent: int = ROOT_PARENT) -> int:
        """A new open node under `parent` (the newest open node, or -1 for a root); returns its id."""
        if parent != (self.stack[-1] if self.stack else ROOT_PARENT):
            raise ValueError(f"node {parent} is not the newest open node: children go there")
        node = len(self.parent)
        self.parent.append(parent)
        self.end.append(0)
        self.stack.append(node)
        self._grow(node)
        return node

    def close(self) -> int:
        """The newest open node returns; returns its id."""
        node = self.stack.pop()
        self.end[node] = len(self.parent)
        return node

    def unclose(self, node: int) -> None:
        """Undo `close`: `node` (the newest closed child of the open top) is open again."""
        self.end[node] = 0
        self.stack.append(node)

    def unpush(self) -> int:
        """Undo `push`: remove the newest node, which must be open with no children; returns its id."""
        node = len(self.parent) - 1
        if not self.stack or self.stack[-1] != node:
            raise ValueError("only the newest node, still open, can be taken away")
        self.stack.pop()
        self._shrink(node)
        self.parent.pop()
        self.end.pop()
        return node

    def _grow(self, node: int) -> None:
        """Hook: append a subclass's columns for a new node."""

    def _shrink(self, node: int) -> None:
        """Hook: pop a subclass's columns for the node being removed."""

    # --- questions ---------------------------------------------------------------------

    @property
    def count(self) -> int:
        """Nodes pushed so far."""
        return len(self.parent)

    def closed(self, node: int) -> bool:
        """True once the node has returned."""
        return self.end[node] != 0

    def size(self, node: int) -> int:
        """Nodes in the subtree of `node` so far, itself included."""
        return (self.end[node] or self.count) - node

    def children(self, node: int) -> Iterator[int]:
        """The children of `node` pushed so far, in order."""
        count, parent, end = self.count, self.parent, self.end
        child = node + 1
        while child < count and parent[child] == node:
            yield child
            if not end[child]:
                return  # still open: nothing after it yet
            child = end[child]

    def roots(self) -> Iterator[int]:
        """The roots, in order."""
        node = 0
        while node < self.count:
            yield node
            if not self.end[node]:
                return
            node = self.end[node]

    def depth(self, node: int) -> int:
        """Edges from the root down to `node`."""
        depth = 0
        while self.parent[node] != ROOT_PARENT:
            node = self.parent[node]
            depth += 1
        return depth

    def path(self, node: int) -> list[int]:
        """Nodes from the root down to `node`."""
        nodes = [node]
        while self.parent[nodes[-1]] != ROOT_PARENT:
            nodes.append(self.parent[nodes[-1]])
        return nodes[::-1]

    def snapshot(self) -> tuple[object, ...]:
        """The structure as one comparable value."""
        return (tuple(self.parent), tuple(self.end), tuple(self.stack))

    # --- keyframes (the player's protocol, see visualizer.keyframes) -------------------

    def keyframe(self) -> TreeFrame:
        """This state as a small frame: lengths, the open nodes' rows, the other attributes copied."""
        self._ledger.grow(self)
        stack = list(self.stack)
        rows = [[column[node] for node in stack] if column else [] for column in self._columns()]
        maps = [
            {key: value for key, value in self._map(name).items() if self._unsettled(key)}
            for name in self.MAPS
        ]
        kept = {*self.COLUMNS, *self.MAPS, *self.DERIVED, "stack", "_ledger"}
        rest = {name: keyframes.copy_value(value) for name, value in vars(self).items() if name not in kept}
        lengths = tuple(map(len, self._columns()))
        return TreeFrame(lengths, stack, rows, maps, rest, self._ledger)

    def _unsettled(self, key: Any) -> bool:
        """A map's key whose entry a frame keeps itself: an open node's, or a key that is no node."""
        return not 0 <= key < self.count or not self.end[key]

    def restore(self, frame: object) -> None:
        """Become the state `frame` holds, writing into this tree's own lists (views keep seeing them)."""
        assert isinstance(frame, TreeFrame)
        was_open = list(vars(self).setdefault("stack", []))
        for name, length, rows in zip(self.COLUMNS, frame.lengths, frame.rows, strict=True):
            self._restore_column(name, frame.ledger.columns.get(name) or [], length, was_open)
            for node, value in zip(frame.stack, rows, strict=bool(rows)):  # an unused column has none
                getattr(self, name)[node] = value
        self.stack[:] = frame.stack
        for name, saved in zip(self.MAPS, frame.maps, strict=True):
            self._restore_map(name, frame.ledger.maps.get(name, {}), saved)
        for name, value in frame.rest.items():
            setattr(self, name, keyframes.restored(getattr(self, name, None), value))
        self._ledger = frame.ledger  # the same run's history: a tree made by a replay shares it
        self._after_restore()

    def _restore_column(self, name: str, history: Any, length: int, was_open: list[int]) -> None:
        """One column as the ledger has it up to `length`, the rows of the nodes open before made final."""
        live = getattr(self, name, None)
        if live is None:
            live = history[:0]
            setattr(self, name, live)
        keyframes.fit_prefix(live, history, length)
        for node in was_open:
            if node < length:
                live[node] = history[node]  # final if closed at the frame; an open row comes next

    def _restore_map(self, name: str, final: dict[Any, Any], saved: dict[Any, Any]) -> None:
        """One of the MAPS as at the frame: the closed nodes' final entries, the frame's own for the rest."""
        live = self._map(name)
        live.clear()
        count, end = self.count, self.end
        live.update((key, value) for key, value in final.items() if key < count and end[key])
        live.update(saved)

    def _map(self, name: str) -> dict[Any, Any]:
        """The live dict called `name` (made empty when a fresh object has none yet)."""
        if not hasattr(self, name):
            setattr(self, name, {})
        live: dict[Any, Any] = getattr(self, name)
        return live

    def _columns(self) -> list[Any]:
        """The live COLUMNS, in order."""
        return [getattr(self, name) for name in self.COLUMNS]

    def _after_restore(self) -> None:
        """Hook: rebuild the DERIVED attributes after a restore."""


class TreeFrame(NamedTuple):
    """A `LifoTree` keyframe: column lengths, open rows, open map entries, the rest, the shared ledger."""

    lengths: tuple[int, ...]
    stack: list[int]
    rows: list[list[Any]]  # per column, the value at each open node (stack order)
    maps: list[dict[Any, Any]]  # per map, the entries of open nodes and of keys outside the ids
    rest: dict[str, Any]  # the other attributes, copied
    ledger: TreeLedger  # shared by the run's frames (not counted in a frame's bytes)


class TreeLedger:
    """The longest history of one run's tree: every column, with each closed node's final row.

    `stale` holds the nodes whose rows were learned while they were open;
    seeing one closed in a later state of the run replaces its row.
    """

    def __init__(self) -> None:
        self.columns: dict[str, Any] = {}
        self.maps: dict[str, dict[Any, Any]] = {}
        self.stale: set[int] = set()

    def grow(self, tree: LifoTree) -> None:
        """Learn what `tree` (at any point of the same run) shows beyond the ledger, and rows now final."""
        end, count = tree.end, tree.count
        known = len(self.columns.get("parent", ()))
        finals = [node for node in self.stale if node < count and end[node]]
        for name, live in zip(tree.COLUMNS, tree._columns(), strict=True):
            history = self.columns.setdefault(name, live[:0])
            for node in finals:
                if node < len(history):
                    history[node] = live[node]
            history.extend(live[len(history) :])
        self.stale.difference_update(finals)
        self.stale.update(node for node in tree.stack if node >= known)
        for name in tree.MAPS:
            final = self.maps.setdefault(name, {})
            for key, value in tree._map(name).items():
                if 0 <= key < count and end[key] and key not in final:
                    final[key] = value


# --- layout ---------------------------------------------------------------------------------


@dataclass(slots=True)
class TreeLayout:
    """Where each shown node goes: (slot, depth), slots counted in leaf widths from the left."""

    places: dict[Hashable, tuple[float, int]] = field(default_factory=dict)
    slots: int = 0
    depth: int = 0

    def __contains__(self, node: object) -> bool:
        """True when `node` is shown."""
        return node in self.places


def tidy_layout(
    roots: Iterable[N],
    children: Callable[[N], Iterable[N]],
    folded: Callable[[N], bool] = lambda node: False,
) -> TreeLayout:
    """Leaves take slots left to right, parents centre over their children; folded nodes are leaves.

    Works on any tree given its roots and a children function (so a demo can
    add nodes that are not pushed yet, such as untried moves); an explicit
    stack, since a call tree can be deep.
    """
    layout = TreeLayout()
    places = layout.places
    for root in roots:
        stack: list[tuple[N, int, list[N] | None]] = [(root, 0, None)]
        while stack:
            node, depth, kids = stack.pop()
            layout.depth = max(layout.depth, depth + 1)
            if kids is None:
                kids = [] if folded(node) else list(children(node))
                if kids:
                    stack.append((node, depth, kids))
                    stack.extend((kid, depth + 1, None) for kid in reversed(kids))
                    continue
                places[node] = (float(layout.slots), depth)
                layout.slots += 1
            else:
                places[node] = ((places[kids[0]][0] + places[kids[-1]][0]) / 2, depth)
    return layout
