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

`tidy_layout` is the one layout, a pure function: leaves take slots left to
right, parents centre over their children, and a folded node is drawn as a
leaf (its subtree hidden).  It knows nothing of pixels; the painter scales it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

ROOT_PARENT = -1
"""The parent id of a root."""

N = TypeVar("N", bound=Hashable)


class LifoTree:
    """Nodes pushed depth first and taken away newest first; see the module docstring."""

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.end: list[int] = []  # one past the subtree's last id once closed, else 0
        self.stack: list[int] = []  # open nodes, root first

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
