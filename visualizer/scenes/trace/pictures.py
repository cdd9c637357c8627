"""Pictures beyond the tree for gallery functions: what the traced run's calls say, drawn as data.

A picture is a pure function of a `RunModel`'s state (the calls' arguments,
their locals as the `Line` events left them, the values `Pop` returned), so
stepping back restores the exact earlier picture with no state of its own.
It is chosen by the function the run calls first (`picture_for`): a
student's own file with a function of the same name gets it too when its
arguments have the expected shapes.  No pygame: `pictureview` draws them.

- binary search: the list, the interval low..high of the running call, its middle;
- merge sort: the list as the run has it so far (each returned call's sorted
  slice written back in place), the running call's slice lit;
- flood fill: the grid as the running call sees it, its cell lit.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from visualizer.scenes.trace.model import RunModel

MAX_LITERAL = 4_000
"""Longest repr read back (a value cut by the tracer ends in '…' and is not read)."""


@dataclass(frozen=True, slots=True)
class Interval:
    """Binary search's picture: the items, the interval [low, high] searched, the middle looked at."""

    items: tuple[Any, ...]
    low: int
    high: int
    middle: int | None
    target: Any


@dataclass(frozen=True, slots=True)
class Merging:
    """Merge sort's picture: the list so far, the running call's slice [start, stop), the run done."""

    items: tuple[Any, ...]
    start: int
    stop: int
    done: bool


@dataclass(frozen=True, slots=True)
class Filling:
    """Flood fill's picture: the grid as the running call sees it, the cell it was called for."""

    grid: tuple[tuple[int, ...], ...]
    cell: tuple[int, int] | None
    start: tuple[int, int] | None = None


Picture = Interval | Merging | Filling


def literal(text: str | None) -> Any:
    """A repr read back as a Python literal, or None when it cannot be (cut, too long, not a literal)."""
    if text is None or len(text) > MAX_LITERAL:
        return None
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def frame_values(run: RunModel, node: int) -> dict[str, Any]:
    """Call `node`'s arguments and locals as values (those that read back)."""
    texts = {**dict(run.call(node).args), **run.locals[node]}
    return {name: literal(text) for name, text in texts.items()}


def latest(run: RunModel, funcs: tuple[str, ...]) -> int | None:
    """The newest call (pushed last) of one of `funcs`, running or returned."""
    return next((node for node in range(run.calls.count - 1, -1, -1) if run.call(node).func in funcs), None)


def newest(run: RunModel, funcs: tuple[str, ...]) -> int | None:
    """The innermost running call of one of `funcs`, else the newest such call."""
    running = next((node for node in reversed(run.calls.stack) if run.call(node).func in funcs), None)
    return running if running is not None else latest(run, funcs)


# --- binary search ---------------------------------------------------------------------------


def interval(run: RunModel) -> Interval | None:
    """The running search's interval (arguments, or the loop's locals), its middle once computed."""
    node = newest(run, ("binary_search", "binary_search_loop"))
    if node is None:
        return None
    values = frame_values(run, node)
    items = values.get("items")
    if not isinstance(items, list):
        return None
    low = values.get("low", 0)
    high = values.get("high")
    high = len(items) - 1 if high is None else high
    middle = values.get("middle")
    if not (isinstance(low, int) and isinstance(high, int)):
        return None
    return Interval(
        tuple(items), low, high, middle if isinstance(middle, int) else None, values.get("target")
    )


# --- merge sort ------------------------------------------------------------------------------


def merging(run: RunModel) -> Merging | None:
    """The first call's list with each returned call's sorted slice written back; the running slice."""
    calls = [node for node in range(run.calls.count) if run.call(node).func == "merge_sort"]
    if not calls:
        return None
    first = literal(dict(run.call(calls[0]).args).get("items"))
    if not isinstance(first, list):
        return None
    starts = slice_starts(run, calls)
    items = list(first)
    returned = [node for node in calls if run.returned(node) is not None]
    for node in sorted(returned, key=lambda node: run.calls.pop_at[node]):
        result = literal(run.returned(node).text)  # type: ignore[union-attr]
        if isinstance(result, list) and starts[node] + len(result) <= len(items):
            items[starts[node] : starts[node] + len(result)] = result
    running = newest(run, ("merge_sort",))
    start = starts.get(running, 0) if running is not None else 0
    size = len(literal(dict(run.call(running).args).get("items")) or []) if running is not None else 0
    done = run.returned(calls[0]) is not None
    return Merging(tuple(items), start, start + size, done)


def slice_starts(run: RunModel, calls: list[int]) -> dict[int, int]:
    """Where each call's slice starts in the first call's list (a second child at its parent's middle)."""
    starts = {calls[0]: 0}
    seen_child: dict[int, int] = {}
    for node in calls[1:]:
        parent = run.calls.parent[node]
        if parent not in starts:
            starts[node] = 0
            continue
        order = seen_child.get(parent, 0)
        seen_child[parent] = order + 1
        size = len(literal(dict(run.call(parent).args).get("items")) or [])
        starts[node] = starts[parent] + (size // 2 if order else 0)
    return starts


# --- flood fill ------------------------------------------------------------------------------


def filling(run: RunModel) -> Filling | None:
    """The grid as the newest call saw it last (each call paints before it calls), the running call's cell."""
    last = latest(run, ("flood_fill",))
    running = newest(run, ("flood_fill",))
    if last is None or running is None:
        return None
    grid = frame_values(run, last).get("grid")
    if not (isinstance(grid, list) and grid and all(isinstance(row, list) for row in grid)):
        return None
    first = next(node for node in range(run.calls.count) if run.call(node).func == "flood_fill")
    return Filling(tuple(tuple(line) for line in grid), cell_of(run, running), cell_of(run, first))


def cell_of(run: RunModel, node: int) -> tuple[int, int] | None:
    """The (row, col) that call `node` is about, if its arguments say."""
    values = frame_values(run, node)
    row, col = values.get("row"), values.get("col")
    return (row, col) if isinstance(row, int) and isinstance(col, int) else None


PICTURES: dict[str, Callable[[RunModel], Picture | None]] = {
    "binary_search": interval,
    "binary_search_loop": interval,
    "merge_sort": merging,
    "flood_fill": filling,
    "fill_grid": filling,
}
"""The picture of each gallery function, by name (a student's function of the same name gets it too)."""


def picture_for(run: RunModel) -> Picture | None:
    """The run's picture now, chosen by its first call's function; None when none fits its arguments."""
    if run.calls.count == 0:
        return None
    make = PICTURES.get(run.call(0).func)
    return make(run) if make is not None else None
