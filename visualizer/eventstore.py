"""Every event of a run, kept compactly so any point of it can be reached again without the solver.

Events arrive one by one into an open chunk (a plain list).  A full chunk is
*packed*: its events are grouped by type, each field becomes a column, and a
column is stored as one value when it never changes (a line number, None,
False), as an `array` of machine integers when it holds only ints, as
arrays of ints when it holds only pairs of ints (maze cells), and as a tuple
of the objects otherwise.  A Push of the endless recursion or a Carve of a
maze packs from about 150 bytes of objects to 10-20 bytes.

Packed chunks are unpacked on demand into lists of equal events; the few
most recently unpacked are cached, since stepping back or seeking reads the
same chunk many times.  When the packed bytes pass the budget, the oldest
chunks are dropped: `low` then says where the kept events start (the player
replays the solver from the start to reach what was dropped).
"""

from __future__ import annotations

import sys
from array import array
from collections import OrderedDict
from collections.abc import Iterable
from itertools import compress, repeat
from operator import call, is_
from typing import Any

CHUNK = 1024
"""Events in a chunk: packing and unpacking work a chunk at a time (a chunk's packing, about
1.3 ms on a busy machine, happens inside one frame, so it stays small)."""

CACHED_CHUNKS = 16
"""Unpacked chunks kept at hand (step back and seek read the same ones many times)."""

INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)

Column = tuple[str, Any]
"""A packed column: ('const', value) | ('ints', array) | ('tuples', [Column, ...]) | ('objects', tuple)."""


def pack_column(values: tuple[Any, ...]) -> Column:
    """The smallest faithful form of one field's values (True stays True, not 1)."""
    types = set(map(type, values))
    if len(types) == 1 and values.count(values[0]) == len(values):
        return ("const", values[0])
    if types == {int}:
        ints = int_array(values)
        if ints is not None:
            return ("ints", ints)
    if types == {tuple} and len(set(map(len, values))) == 1 and values[0]:
        return ("tuples", [pack_column(part) for part in zip(*values, strict=True)])
    return ("objects", values)


def int_array(values: tuple[int, ...]) -> array[int] | None:
    """Ints as 4-byte machine integers when they fit, else 8-byte ones; None past 64 bits."""
    low, high = min(values), max(values)
    if INT32[0] <= low and high <= INT32[1]:
        return array("i", values)
    if INT64[0] <= low and high <= INT64[1]:
        return array("q", values)
    return None


def unpack_column(column: Column, count: int) -> Iterable[Any]:
    """The values of a packed column, `count` of them."""
    form, data = column
    if form == "const":
        return (data,) * count
    if form == "tuples":
        return zip(*(unpack_column(part, count) for part in data), strict=True)
    return data


def column_bytes(column: Column) -> int:
    """Bytes a packed column holds (the objects of an 'objects' column counted as pointers)."""
    form, data = column
    if form == "ints":
        return len(data) * data.itemsize + 64
    if form == "tuples":
        return sum(column_bytes(part) for part in data) + 56
    if form == "objects":
        return sys.getsizeof(data)
    return 16


class Unpacked(list):  # type: ignore[type-arg]
    """Events of a type that has no fixed fields, kept as they came."""


def group_bytes(columns: list[Any]) -> int:
    """Bytes of one type's packed columns (or of its kept list, counted as pointers)."""
    if type(columns) is Unpacked:
        return sys.getsizeof(columns)
    return sum(column_bytes(column) for column in columns)


class Packed:
    """One chunk of events, grouped by type into packed columns, with the order they came in."""

    __slots__ = ("count", "groups", "nbytes", "order")

    def __init__(self, events: list[Any]) -> None:
        self.count = len(events)
        kinds = list(map(type, events))
        number = {kind: index for index, kind in enumerate(dict.fromkeys(kinds))}
        self.order = bytes(map(number.__getitem__, kinds)) if len(number) > 1 else None
        self.groups: list[tuple[type, int, list[Any]]] = []
        for kind in number:
            members = events if self.order is None else list(compress(events, map(is_, kinds, repeat(kind))))
            if issubclass(kind, tuple) and len(set(map(len, members))) == 1:
                self.groups.append((kind, len(members), [pack_column(v) for v in zip(*members, strict=True)]))
            else:
                self.groups.append((kind, len(members), Unpacked(members)))  # not fields: kept as they are
        self.nbytes = self.count + 56 + sum(group_bytes(columns) for _, _, columns in self.groups)

    def unpack(self) -> list[Any]:
        """The chunk's events again, equal to the ones packed, in their order."""
        lists = []
        for kind, count, columns in self.groups:
            if type(columns) is Unpacked:
                lists.append(list(columns))
                continue
            fields = zip(*(unpack_column(column, count) for column in columns), strict=True)
            lists.append(list(map(tuple.__new__, repeat(kind), fields)))
        if self.order is None:
            return lists[0]
        streams = [iter(events).__next__ for events in lists]
        return list(map(call, map(streams.__getitem__, self.order)))


class EventStore:
    """The run's events from `low` to `count`: the newest in an open list, the rest packed."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.low = 0
        self.count = 0
        self.nbytes = 0
        self._packed: dict[int, Packed] = {}  # chunk number -> packed events
        self._open: list[Any] = []
        self._open_start = 0
        self._cache: OrderedDict[int, list[Any]] = OrderedDict()

    def append(self, event: Any) -> None:
        """Keep the next event of the run."""
        self._open.append(event)
        self.count += 1
        if len(self._open) == CHUNK:
            self._seal()

    def extend(self, events: list[Any]) -> None:
        """Keep several next events (a chunk's worth at a time, not one call each)."""
        start = 0
        while start < len(events):
            room = CHUNK - len(self._open)
            part = events[start : start + room]
            self._open.extend(part)
            self.count += len(part)
            start += len(part)
            if len(self._open) == CHUNK:
                self._seal()

    def _seal(self) -> None:
        """Pack the full open chunk; drop the oldest chunks while over budget."""
        number = self._open_start // CHUNK
        packed = Packed(self._open)
        self._packed[number] = packed
        self._cache[number] = self._open
        self._trim_cache()
        self.nbytes += packed.nbytes
        self._open = []
        self._open_start = self.count
        while self.nbytes > self.budget and len(self._packed) > 1:
            oldest = min(self._packed)
            self.nbytes -= self._packed.pop(oldest).nbytes
            self._cache.pop(oldest, None)
            self.low = (oldest + 1) * CHUNK

    def __getitem__(self, index: int) -> Any:
        """Event number `index` (0-based); it must be kept (low <= index < count)."""
        if index >= self._open_start:
            return self._open[index - self._open_start]
        if index < self.low:
            raise IndexError(f"event {index} was dropped (kept from {self.low})")
        return self.chunk(index // CHUNK)[index % CHUNK]

    def chunk(self, number: int) -> list[Any]:
        """The events of chunk `number`, unpacked (cached)."""
        if number * CHUNK >= self._open_start:
            return self._open
        events = self._cache.get(number)
        if events is None:
            events = self._packed[number].unpack()
            self._cache[number] = events
            self._trim_cache()
        else:
            self._cache.move_to_end(number)
        return events

    def _trim_cache(self) -> None:
        """Forget the least recently used unpacked chunks."""
        while len(self._cache) > CACHED_CHUNKS:
            self._cache.popitem(last=False)

    def span(self, start: int, stop: int) -> Iterable[Any]:
        """The kept events start..stop-1, in order, a chunk at a time."""
        index = start
        while index < stop:
            events = self.chunk(index // CHUNK)
            offset = index - (index // CHUNK) * CHUNK
            end = min(len(events), offset + stop - index)
            yield from events[offset:end] if (offset, end) != (0, len(events)) else events
            index += end - offset
