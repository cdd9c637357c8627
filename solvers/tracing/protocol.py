"""The child's protocol lines, read as untrusted: every field typed, every event where it can be.

The student's code runs in the process that writes the protocol, so it can
write lines of its own.  `Reader.take` accepts a line only when it is one the
tracer writes (see `solvers.tracing.child`) and fits the run so far: node ids
count up from 0, a call's parent is the running call, a line, raise, print,
yield or return belongs to the running call, only a generator that yielded
is resumed, and the end message's fields have their types and count exactly
the events that came.  Events come in batches, one line each.  Anything else is
`Interference`, and the runner stops the run saying so.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from solvers.events import Pop, Push
from solvers.tracing.events import CACHE, RAISE, RETURN, Call, Line, Print, Raise, Resume, Returned, Yield

KINDS = frozenset({"Push", "Pop", "Line", "Raise", "Resume", "Yield", "Print"})
"""The event kinds the end message counts."""
HOWS = frozenset({RETURN, CACHE, RAISE})
TEXTS = ("result", "error", "stopped", "output")
"""The end message's fields that are text (or absent)."""
Shipped = Push | Pop | Line | Raise | Resume | Yield | Print
"""The events the child sends (a Halt is the parent's own)."""
COUNTS = ("line", "calls", "cache_hits", "max_depth", "events_sent")
"""The end message's fields that are whole numbers."""
REQUIRED = ("calls", "cache_hits", "max_depth", "events_by_kind", "events_sent", "seconds", "output")
"""Fields every end message of the tracer's has."""


class Interference(ValueError):
    """A line the tracer did not write: the student's program wrote into the protocol."""


def whole(value: object, low: int = 0) -> int:
    """`value` when it is an int (not a bool) of at least `low`; Interference otherwise."""
    if type(value) is not int or value < low:
        raise Interference(repr(value))
    return value


def text(value: object) -> str:
    """`value` when it is a str; Interference otherwise."""
    if type(value) is not str:
        raise Interference(repr(value))
    return value


def maybe_text(value: object) -> str | None:
    """`value` when it is a str or None; Interference otherwise."""
    return None if value is None else text(value)


def pairs(value: object, width: int) -> list[list[Any]]:
    """`value` when it is a list of lists of `width` items; Interference otherwise."""
    if type(value) is not list or not all(type(item) is list and len(item) == width for item in value):
        raise Interference("not a list of pairs")
    return value


def changes_of(changes: object) -> tuple[tuple[str, str | None, str | None], ...]:
    """A line's changed locals, each [name, new, old] of texts (new or old may be None); Interference else."""
    if type(changes) is not list:
        raise Interference("not a list of changes")
    moved = []
    for change in changes:
        if type(change) is not list or len(change) != 3:
            raise Interference("not a change")
        name, new, old = change
        if type(name) is not str or (new is not None and type(new) is not str):
            raise Interference("not a change")
        if old is not None and type(old) is not str:
            raise Interference("not a change")
        moved.append((name, new, old))
    return tuple(moved)


def decode(item: list[Any]) -> Shipped:
    """One event line as an event; Interference for anything the tracer does not write."""
    kind = item[0]
    if kind == "l" and len(item) == 4:  # the commonest, checked inline
        _, node, line, changes = item
        if type(node) is not int or type(line) is not int or node < 0 or line < 0:
            raise Interference("a line event")
        return Line(node, changes_of(changes) if changes else (), line)
    rest = item[1:]
    if kind == "c" and len(rest) == 6:
        node, parent, func, args, line, sub = rest
        shown = tuple((text(name), text(value)) for name, value in pairs(args, 2))
        call = Call(text(func), shown, whole(sub, -1))
        return Push(whole(node), whole(parent, -1), call, whole(line))
    if kind == "r" and len(rest) == 4:
        node, returned, how, line = rest
        if how not in HOWS:
            raise Interference(repr(how))
        return Pop(whole(node), Returned(text(returned), how), False, whole(line))
    if kind == "x" and len(rest) == 3:
        node, message, line = rest
        return Raise(whole(node), text(message), whole(line))
    return decode_more(kind, rest)


def decode_more(kind: object, rest: list[Any]) -> Shipped:
    """A generator's resume or yield, or a print; Interference for anything else."""
    if kind == "u" and len(rest) == 2:
        return Resume(whole(rest[0]), whole(rest[1]))
    if kind == "y" and len(rest) == 3:
        return Yield(whole(rest[0]), text(rest[1]), whole(rest[2]))
    if kind == "o" and len(rest) == 3:
        return Print(whole(rest[0], -1), text(rest[1]), whole(rest[2]))
    raise Interference(repr(kind))


def summary_of(value: object, events: int, max_events: int) -> dict[str, Any]:
    """The end message's fields, typed; Interference unless it has them all and counts the events that came.

    The child ships every event it counts until `max_events`, so the counts by kind add up to the
    `events` that came, or to more once the cap was reached.
    """
    if type(value) is not dict or not set(REQUIRED) <= set(value):
        raise Interference("not the tracer's end message")
    found: dict[str, Any] = {name: maybe_text(value.get(name)) for name in TEXTS}
    found |= {name: whole(value.get(name, 0)) for name in COUNTS}
    kinds = value["events_by_kind"]
    if type(kinds) is not dict or not set(kinds) <= KINDS:
        raise Interference("events_by_kind")
    found["events_by_kind"] = {kind: whole(count) for kind, count in kinds.items() if count}
    total = sum(found["events_by_kind"].values())
    if found["events_sent"] != events or total < events or (total > events and events < max_events):
        raise Interference("the end message counts other events")
    seconds = value["seconds"]
    if type(seconds) not in (int, float) or not math.isfinite(seconds) or seconds < 0:
        raise Interference("seconds")
    found["seconds"] = float(seconds)
    found["cap"] = value.get("cap")
    return found


@dataclass(slots=True)
class Reader:
    """The run's lines so far: the calls open now, the next node id, the events and progress seen."""

    max_events: int
    stack: list[int] = field(default_factory=list)
    suspended: set[int] = field(default_factory=set)
    next_node: int = 0
    events: int = 0
    calls: int = 0
    max_depth: int = 0

    def take(self, raw: bytes) -> list[Shipped] | dict[str, Any] | None:
        """A batch of events, the end message's fields (a dict), or None for progress; Interference else."""
        if not raw.endswith(b"\n"):
            raise Interference("a line cut short")
        try:
            item = json.loads(raw)
        except (ValueError, RecursionError):
            raise Interference("not JSON") from None
        if type(item) is not list or not item:
            raise Interference("not a protocol line")
        if item[0] == "end" and len(item) == 2:
            return summary_of(item[1], self.events, self.max_events)
        if item[0] == "p" and len(item) == 4:
            self.calls, self.max_depth, _events = whole(item[1]), whole(item[2]), whole(item[3])
            return None
        if item[0] != "e" or len(item) != 2 or type(item[1]) is not list:
            raise Interference("not a protocol line")
        batch = []
        for raw_event in item[1]:
            if type(raw_event) is not list or not raw_event:
                raise Interference("not an event")
            event = decode(raw_event)
            self.fit(event)
            self.events += 1
            batch.append(event)
        return batch

    def fit(self, event: Shipped) -> None:
        """Interference unless `event` continues the run: new calls under the running one, the rest in it."""
        running = self.stack[-1] if self.stack else -1
        if type(event) is Line:
            if event.node != running or running < 0:
                raise Interference("an event of a call not running")
            return
        if isinstance(event, Push):
            if event.node != self.next_node or event.parent != running:
                raise Interference("a call out of order")
            self.stack.append(event.node)
            self.next_node += 1
            return
        if isinstance(event, Resume):
            if event.node not in self.suspended:
                raise Interference("a resume of a call not suspended")
            self.suspended.remove(event.node)
            self.stack.append(event.node)
            return
        if isinstance(event, Print) and event.node == running:
            return
        if event.node != running or running < 0:
            raise Interference("an event of a call not running")
        if isinstance(event, Pop | Yield):
            self.stack.pop()
        if isinstance(event, Yield):
            self.suspended.add(event.node)
