"""Game-tree pieces the tic-tac-toe and game-tree demos share.

- `SearchTree`: the model of one minimax or alpha-beta run, built from its
  events (Push, Evaluate, Pop, Bound, Prune) and taken back exactly.  It is
  stored as parallel lists indexed by node id, because a full tic-tac-toe
  search has 549,946 nodes: ids come in Push order (preorder), so a node's
  subtree is the id range [node, end) and its children can be walked without
  keeping child lists.
- `Camera`: zoom (mouse wheel) and pan (drag) for a drawing in a card.
- `BackgroundSearch`: a search run to its end a slice per frame, for counts
  shown beside the run on screen, so no frame stalls.
- Small drawing helpers: dashed lines, the cut mark, value labels.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from math import inf
from typing import Any

import pygame

from solvers.events import Bound, Evaluate, Pop, Prune, Push
from solvers.minimax import SearchReport


class SearchTree:
    """The nodes a search has pushed so far, their values, windows and cuts.

    `states` (optional) is a function `(parent_state, move) -> state` so the
    model also knows each node's game state (for small trees: it costs memory).
    """

    def __init__(
        self,
        root_state: Any = None,
        result: Callable[[Any, Any], Any] | None = None,
        *,
        alphabeta: bool = False,
    ) -> None:
        self.alphabeta = alphabeta
        self.parent: list[int] = []
        self.move: list[Any] = []
        self.value: list[Any] = []  # what the call returned; None while it runs
        self.end: list[int] = []  # one past the subtree's last id once returned, else 0
        self.leaf: list[Any] = []  # the Evaluate value of a leaf, else None
        self.alpha: list[float] = []
        self.beta: list[float] = []
        self.window: list[tuple[float, float]] = []  # (alpha, beta) the call was given
        self.cuts: dict[int, tuple[str, Any]] = {}
        self.stack: list[int] = []
        self.leaves = 0  # leaves scored so far
        self._root_state = root_state
        self._result = result
        self.state: list[Any] = []
        self.where: dict[Any, int] = {}  # state -> node, when states are kept

    # --- the player's side ---------------------------------------------------

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        kind = type(event)
        if kind is Push:
            self._push(event.node, event.parent, event.what)
        elif kind is Pop:
            node = self.stack.pop()
            self.value[node] = event.value
            self.end[node] = len(self.parent)
        elif kind is Evaluate:
            self.leaf[event.node] = event.value
            self.leaves += 1
        elif kind is Bound:
            getattr(self, event.name)[event.node] = event.value
        elif kind is Prune:
            self.cuts[event.node] = event.bound

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        kind = type(event)
        if kind is Push:
            self._unpush()
        elif kind is Pop:
            self.stack.append(event.node)
            self.value[event.node] = None
            self.end[event.node] = 0
        elif kind is Evaluate:
            self.leaf[event.node] = None
            self.leaves -= 1
        elif kind is Bound:
            getattr(self, event.name)[event.node] = event.old
        elif kind is Prune:
            del self.cuts[event.node]

    def _push(self, node: int, parent: int, move: Any) -> None:
        """A new node below `parent` (ids arrive in order: node == len)."""
        self.parent.append(parent)
        self.move.append(move)
        self.value.append(None)
        self.end.append(0)
        self.leaf.append(None)
        if self.alphabeta:
            window = (self.alpha[parent], self.beta[parent]) if parent >= 0 else (-inf, inf)
            self.alpha.append(window[0])
            self.beta.append(window[1])
            self.window.append(window)
        if self._result is not None:
            state = self._root_state if parent < 0 else self._result(self.state[parent], move)
            self.state.append(state)
            self.where[state] = node
        self.stack.append(node)

    def _unpush(self) -> None:
        """Remove the newest node."""
        self.stack.pop()
        for column in (self.parent, self.move, self.value, self.end, self.leaf):
            column.pop()
        if self.alphabeta:
            self.alpha.pop()
            self.beta.pop()
            self.window.pop()
        if self._result is not None:
            del self.where[self.state.pop()]

    def snapshot(self) -> tuple:
        """The whole state as one comparable value."""
        columns = (
            self.parent,
            self.move,
            self.value,
            self.end,
            self.leaf,
            self.alpha,
            self.beta,
            self.window,
            self.stack,
            self.state,
        )
        return (*map(tuple, columns), tuple(sorted(self.cuts.items())), self.leaves)

    # --- questions views ask ---------------------------------------------------

    @property
    def count(self) -> int:
        """Nodes pushed so far."""
        return len(self.parent)

    def done(self, node: int) -> bool:
        """The call has returned."""
        return self.value[node] is not None

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
                return  # still running: nothing after it yet
            child = end[child]

    def depth(self, node: int) -> int:
        """Moves from the root to `node`."""
        depth = 0
        while self.parent[node] >= 0:
            node = self.parent[node]
            depth += 1
        return depth

    def path(self, node: int) -> list[int]:
        """Nodes from the root down to `node`."""
        nodes = [node]
        while self.parent[nodes[-1]] >= 0:
            nodes.append(self.parent[nodes[-1]])
        return nodes[::-1]

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
        return "won at once"
    symbol = {"alpha": "α", "beta": "β"}.get(name, name)
    return f"{symbol} = {value_text(value, signed=signed)}"


# --- zoom and pan -----------------------------------------------------------------

MIN_ZOOM, MAX_ZOOM = 0.5, 12.0
ZOOM_STEP = 1.25
DRAG_SLOP = 4
"""Pixels a press may move and still count as a click."""


class Camera:
    """Zoom and pan for a drawing laid out in a card at zoom 1 (world = card pixels)."""

    def __init__(self) -> None:
        self.zoom = 1.0
        self.pan_x = 0.0
        self.pan_y = 0.0
        self._pressed: tuple[int, int] | None = None
        self.dragged = False

    def reset(self) -> None:
        """Back to the whole drawing, unzoomed."""
        self.zoom, self.pan_x, self.pan_y = 1.0, 0.0, 0.0

    def to_screen(self, area: pygame.Rect, x: float, y: float) -> tuple[int, int]:
        """A world point (relative to the card's top left) on the screen."""
        return (round(area.x + x * self.zoom + self.pan_x), round(area.y + y * self.zoom + self.pan_y))

    def to_world(self, area: pygame.Rect, pos: tuple[int, int]) -> tuple[float, float]:
        """The world point under a screen position."""
        return ((pos[0] - area.x - self.pan_x) / self.zoom, (pos[1] - area.y - self.pan_y) / self.zoom)

    def zoom_at(self, area: pygame.Rect, pos: tuple[int, int], steps: float) -> None:
        """Zoom by ZOOM_STEP**steps keeping the point under `pos` in place."""
        if not area.collidepoint(pos):
            pos = area.center
        world = self.to_world(area, pos)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * ZOOM_STEP**steps))
        self.pan_x = pos[0] - area.x - world[0] * self.zoom
        self.pan_y = pos[1] - area.y - world[1] * self.zoom

    def handle(self, event: pygame.event.Event, area: pygame.Rect) -> bool:
        """The wheel zooms, a left drag pans; True when the event was used.

        A press that does not move is left for the caller as a click: check
        `dragged` on the button release.
        """
        # pygame 2 reports a wheel turn twice, as MOUSEWHEEL and as buttons 4/5 (which carry
        # the position): zoom on the buttons only, so one notch is one step.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            if area.collidepoint(event.pos):
                self.zoom_at(area, event.pos, 1 if event.button == 4 else -1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if area.collidepoint(event.pos):
                self._pressed = event.pos
                self.dragged = False
            return False
        if event.type == pygame.MOUSEMOTION and self._pressed is not None:
            dx, dy = event.pos[0] - self._pressed[0], event.pos[1] - self._pressed[1]
            if self.dragged or abs(dx) + abs(dy) > DRAG_SLOP:
                if not self.dragged:
                    self.pan_x, self.pan_y = self.pan_x + dx, self.pan_y + dy
                else:
                    self.pan_x, self.pan_y = self.pan_x + event.rel[0], self.pan_y + event.rel[1]
                self.dragged = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed is not None:
            self._pressed = None
            return self.dragged
        return False


# --- counts beside the run ----------------------------------------------------------

BACKGROUND_CHUNK = 2048
"""Events drained between two looks at the clock."""


class BackgroundSearch:
    """A search drained to its end over several frames; `report` is final once `done`."""

    def __init__(self, make: Callable[[SearchReport], Iterator[Any]]) -> None:
        self.report = SearchReport()
        self._events: Iterator[Any] | None = make(self.report)
        self.seen = 0

    @property
    def done(self) -> bool:
        """True once the search has ended."""
        return self._events is None

    def advance(self, seconds: float) -> None:
        """Drain events for at most about `seconds`."""
        if self._events is None:
            return
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            taken = sum(1 for _ in itertools.islice(self._events, BACKGROUND_CHUNK))
            self.seen += taken
            if taken < BACKGROUND_CHUNK:
                self._events = None
                return


# --- drawing helpers ---------------------------------------------------------------------
