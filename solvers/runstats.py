"""What a run did: its events counted by kind, its deepest stack and its time."""

from __future__ import annotations

import time
from collections import Counter, defaultdict, deque
from collections.abc import Generator, Iterable, Iterator
from typing import Any, TypeVar

from solvers.events import Pop, Push
from solvers.i18n import _, format_number, ngettext

R = TypeVar("R")


class EventStats:
    """A sink that counts events by kind and tracks stack depth and time.

    Counting is keyed on the event's class (a dict lookup on a pointer); the
    names people read are made once, in `by_kind`.  A solver that ran its
    event-free loop can instead `record` the counts its events would have had,
    where it knows them exactly (dlx derives them from its counters).
    """

    def __init__(self) -> None:
        self.by_type: defaultdict[type, int] = defaultdict(int)
        self.recorded: Counter[str] = Counter()
        self.depth = 0
        self.max_depth = 0
        self.started = time.perf_counter()
        self.seconds = 0.0

    @property
    def by_kind(self) -> Counter[str]:
        """Events counted so far, by kind name ('Push', ...)."""
        kinds = Counter(self.recorded)
        for cls, seen in self.by_type.items():
            kinds[cls.__name__] += seen
        return kinds

    def watch(self, events: Iterable[object]) -> Generator[object, None, None]:
        """Pass events through while counting them."""
        counts = self.by_type
        push, pop = Push, Pop
        for event in events:
            cls = type(event)
            counts[cls] += 1
            if cls is push:
                self.depth += 1
                if self.depth > self.max_depth:
                    self.max_depth = self.depth
            elif cls is pop:
                self.depth -= 1
            yield event
        self.seconds = time.perf_counter() - self.started

    def record(self, by_kind: dict[str, int], max_depth: int) -> None:
        """Add the event counts of a run that was not watched event by event (exact, not estimated)."""
        self.recorded.update({name: n for name, n in by_kind.items() if n})
        self.max_depth = max(self.max_depth, max_depth)
        self.seconds = time.perf_counter() - self.started

    def drain(self, events: Iterable[object]) -> None:
        """Consume all events, counting them (a deque pulls them in C: no Python loop of its own)."""
        deque(self.watch(events), maxlen=0)

    def finish(self) -> None:
        """Stop the clock (when the caller stopped early)."""
        self.seconds = time.perf_counter() - self.started

    def as_dict(self) -> dict[str, Any]:
        """The stats as JSON-ready data."""
        kinds = self.by_kind
        return {
            "events": sum(kinds.values()),
            "events_by_kind": dict(sorted(kinds.items())),
            "max_depth": self.max_depth,
            "seconds": round(self.seconds, 6),
        }

    def summary(self) -> str:
        """One line for people."""
        total = sum(self.by_kind.values())
        events = ngettext("{count} event", "{count} events", total).format(count=format_number(total))
        return _("{events}, max depth {depth}, {seconds} s").format(
            events=events, depth=format_number(self.max_depth), seconds=f"{self.seconds:.3f}"
        )


def run_to_end(events: Generator[Any, None, R], stats: EventStats | None = None) -> R:
    """Drain a generator (counting its events in `stats`) and return its return value."""
    result: list[R] = []

    def relay() -> Iterator[Any]:
        """Pass the events on and keep the return value."""
        result.append((yield from events))

    if stats is None:
        for _event in relay():
            pass
    else:
        stats.drain(relay())
    return result[0]
