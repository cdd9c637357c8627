"""The counters every demo shows (events, calls, depth, backtracks...) and the run-to predicates.

No pygame.  `Counters` moves with the player's cursor both ways and can be
saved in a keyframe and restored.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable
from typing import Any

from solvers.events import Pop, Prune, Push, Solution


def is_backtrack(event: object) -> bool:
    """A Pop that withdraws a choice (the target of "next backtrack")."""
    return type(event) is Pop and event.backtrack  # type: ignore[attr-defined]


def is_solution(event: object) -> bool:
    """A Solution (the target of "next solution")."""
    return type(event) is Solution


def is_prune(event: object) -> bool:
    """A Prune (the target of "next prune")."""
    return type(event) is Prune


SIDE_BY_SIDE = frozenset({"Side", "Sided"})
"""The wrappers of two runs played side by side: each holds one run's own event in `.event`."""


def kind_is(name: str) -> Callable[[object], bool]:
    """A breakpoint on every event of the kind `name` ('Cover', 'Carve', ...), a side-by-side run's too."""

    def matches(event: object) -> bool:
        """The event, or the run's own event a side-by-side wrapper holds, is of the kind."""
        kind = type(event).__name__
        if kind in SIDE_BY_SIDE:
            return kind == name or type(event.event).__name__ == name  # type: ignore[attr-defined]
        return kind == name

    return matches


class Counters:
    """The counters every demo shows, kept in step with the cursor both ways.

    `raises` lists the events (0-based) at which the max depth grew, found
    as the run is first played: the max depth after any event is then known
    going back as well as forward, with no per-event record.
    """

    __slots__ = (
        "_by_type",
        "backtracks",
        "calls",
        "depth",
        "events",
        "max_depth",
        "prunes",
        "raises",
        "solutions",
    )

    def __init__(self) -> None:
        self.events = 0
        self.calls = 0
        self.depth = 0
        self.max_depth = 0
        self.backtracks = 0
        self.solutions = 0
        self.prunes = 0
        self._by_type: dict[type, int] = {}
        self.raises: array[int] = array("i")  # 4-byte ints: a 5-million-deep run keeps 20 MB, not 180

    @property
    def by_kind(self) -> Counter[str]:
        """Events so far by kind name ('Push': 12, ...)."""
        return Counter({kind.__name__: count for kind, count in self._by_type.items()})

    def apply(self, event: object) -> None:
        """Count one event going forward."""
        self.events += 1
        cls = type(event)
        by_type = self._by_type
        by_type[cls] = by_type.get(cls, 0) + 1
        if cls is Push:
            self.calls += 1
            self.depth += 1
            if self.depth > self.max_depth:
                self.max_depth = self.depth
                if len(self.raises) < self.depth:
                    self.raises.append(self.events - 1)
        elif cls is Pop:
            self.depth -= 1
            if event.backtrack:  # type: ignore[attr-defined]
                self.backtracks += 1
        elif cls is Solution:
            self.solutions += 1
        elif cls is Prune:
            self.prunes += 1

    def revert(self, event: object) -> None:
        """Uncount one event going back."""
        self.events -= 1
        cls = type(event)
        self._by_type[cls] -= 1
        if cls is Push:
            self.calls -= 1
            self.depth -= 1
        elif cls is Pop:
            self.depth += 1
            if event.backtrack:  # type: ignore[attr-defined]
                self.backtracks -= 1
        elif cls is Solution:
            self.solutions -= 1
        elif cls is Prune:
            self.prunes -= 1
        if self.max_depth and self.raises[self.max_depth - 1] == self.events:
            self.max_depth -= 1

    def keyframe(self) -> tuple[int, ...]:
        """The counts (not `raises`, which only grows and is shared) as a restorable value."""
        kinds = tuple(self._by_type.items())
        return (self.events, self.calls, self.depth, self.backtracks, self.solutions, self.prunes, kinds)  # type: ignore[return-value]

    def restore(self, frame: tuple[Any, ...]) -> None:
        """Become the counts `frame` holds."""
        self.events, self.calls, self.depth, self.backtracks, self.solutions, self.prunes, kinds = frame
        self._by_type = dict(kinds)
        self.max_depth = bisect_left(self.raises, self.events)

    def snapshot(self) -> tuple:
        """Every counter as one comparable value."""
        kinds = tuple(sorted((k, v) for k, v in self.by_kind.items() if v))
        return (
            self.events,
            self.calls,
            self.depth,
            self.max_depth,
            self.backtracks,
            self.solutions,
            self.prunes,
            kinds,
        )
