"""The tree of one minimax or alpha-beta run, and how its values read as text.

`SearchTree` is a `LifoTree` (ids in Push order, a subtree is the id range
``[node, end[node])``) with the search's own columns added through the
`_grow` / `_shrink` hooks: the move that led to each node, the value it
returned, a leaf's score, and for alpha-beta the window it was given and its
running alpha and beta.  Columns are flat lists indexed by id and there are
no child lists, because a full tic-tac-toe search has 549,946 nodes.

No pygame: the tic-tac-toe and game-tree models hold these, and the views
(through `visualizer.treepaint`) only read them.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from math import inf
from typing import Any, ClassVar

from solvers.events import Bound, Evaluate, Event, Pop, Prune, Push
from solvers.i18n import _, pgettext
from visualizer.calltree import UNKNOWN, go_to_call
from visualizer.tree import ROOT_PARENT, LifoTree


class SearchTree(LifoTree):
    """The nodes a search has pushed so far, their values, windows and cuts.

    `result` (optional) is a function `(parent_state, move) -> state` so the
    model also knows each node's game state (for small trees: it costs memory).
    Keyframes come from `LifoTree`: the columns below are kept by its ledger,
    `cuts` as a map (a Prune names the open node), `where` rebuilt from `state`.
    """

    COLUMNS: ClassVar[tuple[str, ...]] = (
        *LifoTree.COLUMNS,
        *("move", "value", "leaf", "alpha", "beta", "window", "state"),
    )
    MAPS: ClassVar[tuple[str, ...]] = ("cuts",)
    DERIVED: ClassVar[tuple[str, ...]] = ("where",)

    def __init__(
        self,
        root_state: Any = None,
        result: Callable[[Any, Any], Any] | None = None,
        *,
        alphabeta: bool = False,
    ) -> None:
        super().__init__()
        self.alphabeta = alphabeta
        self.move: list[Any] = []
        self.value: list[Any] = []  # what the call returned; None while it runs
        self.leaf: list[Any] = []  # the Evaluate value of a leaf, else None
        self.alpha: list[float] = []
        self.beta: list[float] = []
        self.window: list[tuple[float, float]] = []  # (alpha, beta) the call was given
        self.cuts: dict[int, tuple[str, Any]] = {}
        self.leaves = 0  # leaves scored so far
        self._root_state = root_state
        self._result = result
        self.state: list[Any] = []
        self.where: dict[Any, int] = {}  # state -> node, when states are kept

    # --- the player's side ---------------------------------------------------

    def apply(self, event: Event) -> None:
        """Move one event forward."""
        if isinstance(event, Push):
            self._place(self.push(event.parent), event.what)
        elif isinstance(event, Pop):
            self.value[self.close()] = event.value
        elif isinstance(event, Evaluate):
            self.leaf[event.node] = event.value
            self.leaves += 1
        elif isinstance(event, Bound):
            getattr(self, event.name)[event.node] = event.value
        elif isinstance(event, Prune):
            self.cuts[event.node] = event.bound

    def revert(self, event: Event) -> None:
        """Undo exactly what `apply(event)` did."""
        if isinstance(event, Push):
            self.unpush()
        elif isinstance(event, Pop):
            self.unclose(event.node)
            self.value[event.node] = None
        elif isinstance(event, Evaluate):
            self.leaf[event.node] = None
            self.leaves -= 1
        elif isinstance(event, Bound):
            getattr(self, event.name)[event.node] = event.old
        elif isinstance(event, Prune):
            del self.cuts[event.node]

    def _grow(self, node: int) -> None:
        """The columns of a new node: no move or value yet, the window its parent has now."""
        parent = self.parent[node]
        self.move.append(None)
        self.value.append(None)
        self.leaf.append(None)
        if self.alphabeta:
            window = (self.alpha[parent], self.beta[parent]) if parent != ROOT_PARENT else (-inf, inf)
            self.alpha.append(window[0])
            self.beta.append(window[1])
            self.window.append(window)
        if self._result is not None:
            self.state.append(None)

    def _place(self, node: int, move: Any) -> None:
        """Record the move that led to a new node, and its game state when states are kept."""
        self.move[node] = move
        if self._result is not None:
            parent = self.parent[node]
            root = parent == ROOT_PARENT
            state = self._root_state if root else self._result(self.state[parent], move)
            self.state[node] = state
            self.where[state] = node

    def _shrink(self, node: int) -> None:
        """Forget the newest node's columns."""
        for column in (self.move, self.value, self.leaf):
            column.pop()
        if self.alphabeta:
            self.alpha.pop()
            self.beta.pop()
            self.window.pop()
        if self._result is not None:
            del self.where[self.state.pop()]

    def _after_restore(self) -> None:
        """`where` again from the states (the newest node of a state wins, as when pushed)."""
        where = vars(self).setdefault("where", {})
        where.clear()
        where.update(zip(self.state, range(len(self.state)), strict=True))

    def snapshot(self) -> tuple[object, ...]:
        """The whole state as one comparable value."""
        columns = (self.move, self.value, self.leaf, self.alpha, self.beta, self.window, self.state)
        return (*super().snapshot(), *map(tuple, columns), tuple(sorted(self.cuts.items())), self.leaves)

    # --- questions views ask ---------------------------------------------------

    def done(self, node: int) -> bool:
        """The call has returned."""
        return self.value[node] is not None

    def best_so_far(self, node: int, maximizing: bool) -> Any:
        """The best value its returned children offer (None before the first returns)."""
        values = [self.value[c] for c in self.children(node) if self.value[c] is not None]
        if not values:
            return None
        return max(values) if maximizing else min(values)

    def chosen(self, node: int) -> int | None:
        """The child whose value the node returned: the first such, as the search keeps it."""
        value = self.value[node]
        if value is None:
            return None
        return next((c for c in self.children(node) if self.value[c] == value), None)

    def on_chosen_line(self, node: int) -> bool:
        """The node is on the root's chosen line (every ancestor returned and chose this way)."""
        while node > 0:
            parent = self.parent[node]
            if not self.done(parent) or self.chosen(parent) != node:
                return False
            node = parent
        return True

    def bound_kind(self, node: int) -> str:
        """'=' for an exact value, '≥' or '≤' when alpha-beta returned only a bound."""
        if not self.alphabeta or self.value[node] is None or self.leaf[node] is not None:
            return "="  # a leaf's utility is exact whatever the window
        alpha, beta = self.window[node]
        value = self.value[node]
        if value >= beta:
            return "≥"
        if value <= alpha:
            return "≤"
        return "="


class TimedSearchTree(SearchTree):
    """A `SearchTree` that also knows where each node's Push and Pop are on the run's timeline.

    The player applies every event of the run to it, so `applied` is the next
    event's index; `push_at[node]` and `pop_at[node]` (UNKNOWN while it runs)
    let a click on a node take the timeline there (`go_to`).  Machine-sized
    arrays: two 8-byte numbers a node, even for a full tic-tac-toe search.
    """

    COLUMNS: ClassVar[tuple[str, ...]] = (*SearchTree.COLUMNS, "push_at", "pop_at")

    def __init__(
        self,
        root_state: Any = None,
        result: Callable[[Any, Any], Any] | None = None,
        *,
        alphabeta: bool = False,
    ) -> None:
        super().__init__(root_state, result, alphabeta=alphabeta)
        self.applied = 0
        self.push_at = array("q")
        self.pop_at = array("q")

    def apply(self, event: Event) -> None:
        """Move one event forward, noting where Pushes and Pops are."""
        super().apply(event)
        if isinstance(event, Push):
            self.push_at.append(self.applied)
            self.pop_at.append(UNKNOWN)
        elif isinstance(event, Pop):
            self.pop_at[event.node] = self.applied
        self.applied += 1

    def revert(self, event: Event) -> None:
        """Undo exactly what `apply(event)` did."""
        self.applied -= 1
        if isinstance(event, Push):
            self.push_at.pop()
            self.pop_at.pop()
        elif isinstance(event, Pop):
            self.pop_at[event.node] = UNKNOWN
        super().revert(event)

    def snapshot(self) -> tuple[object, ...]:
        """The whole state, the timeline's places too."""
        return (*super().snapshot(), self.applied, tuple(self.push_at), tuple(self.pop_at))

    def go_to(self, player: Any, node: int, to_return: bool) -> None:
        """Move the timeline to the node's Push, or (`to_return`) its Pop (a running node plays on to it)."""
        go_to_call(player, self, node, to_return)  # type: ignore[arg-type]


def best_so_far_text(value: float | None, signed: bool = False) -> str:
    """'best 9' on an open node: its best value so far, a MIN node's lowest (no 'maximum' in any language).

    None gives 'best ?', for a node whose value a question asks.
    """
    best = pgettext(
        "a game-tree node's best value so far: the highest for MAX, the lowest for MIN", "best {value}"
    )
    return best.format(value=value_text(value, signed=signed))


def value_text(value: Any, kind: str = "=", signed: bool = False) -> str:
    """A value as a label: '+1', '0', '≥ 3', '-∞'."""
    if value is None:
        return "?"
    if value in (inf, -inf):
        text = "+∞" if value > 0 else "−∞"
    elif signed and value > 0:
        text = f"+{value:g}"
    else:
        text = f"{value:g}".replace("-", "−")
    return text if kind == "=" else f"{kind}{text}"


def cut_text(bound: tuple[str, Any], signed: bool = False) -> str:
    """What cut a node's other moves: 'β = 3', 'α = 0', 'win'."""
    name, value = bound
    if name == "win":
        return _("won at once")
    symbol = {"alpha": "α", "beta": "β"}.get(name, name)
    return f"{symbol} = {value_text(value, signed=signed)}"
