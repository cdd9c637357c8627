"""Walking a maze on any cell graph: its corridors, the backtracking solver, the path.

The solver is the text's CheckRoom on an explicit stack, with the events and
pseudocode of the square maze's `solvers.maze.solve`, so one narration
serves both.  Cells are flat ids.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any

from solvers.events import DeadEnd, Note, Pop, Push, Solution, build
from solvers.i18n import _, format_number, ngettext
from solvers.maze import (
    LINE_SOLVE_DEAD_END,
    LINE_SOLVE_GOAL,
    LINE_SOLVE_MARK,
    LINE_SOLVE_NO_PATH,
    LINE_SOLVE_TRY,
    LINE_SOLVE_VISITED,
)
from solvers.mazes.graph import CellGraph, Passage

Corridors = list[list[int]]


def corridors(graph: CellGraph, passages: Iterable[Passage]) -> Corridors:
    """Each cell's open neighbours, in the graph's neighbour order."""
    opened: list[set[int]] = [set() for _ in range(graph.size)]
    for a, b in passages:
        opened[a].add(b)
        opened[b].add(a)
    return [[b for b in graph.adjacency[a] if b in opened[a]] for a in range(graph.size)]


def solve(
    open_near: Sequence[Sequence[int]], start: int, goal: int
) -> Generator[Any, None, list[int] | None]:
    """Yield the events of a depth-first search from start to goal; return the path (None: no way)."""
    visited = bytearray(len(open_near))
    visited[start] = 1
    stack = [start]
    tries = [iter(open_near[start])]
    yield build(Push, (start, -1, start, LINE_SOLVE_MARK))
    found = start == goal
    while stack and not found:
        cell = stack[-1]
        for nxt in tries[-1]:
            if visited[nxt]:
                yield build(Note, ((cell, nxt), LINE_SOLVE_VISITED))
                continue
            yield build(Note, ((cell, nxt), LINE_SOLVE_TRY))
            visited[nxt] = 1
            stack.append(nxt)
            tries.append(iter(open_near[nxt]))
            yield build(Push, (nxt, cell, nxt, LINE_SOLVE_MARK))
            found = nxt == goal
            break
        else:
            yield build(DeadEnd, (cell, LINE_SOLVE_DEAD_END))
            yield build(Pop, (stack.pop(), None, True, LINE_SOLVE_DEAD_END))
            tries.pop()
    if not found:
        yield Note("unreachable", LINE_SOLVE_NO_PATH)
        return None
    path = list(stack)
    yield Solution(1, tuple(path), LINE_SOLVE_GOAL)
    while stack:
        yield build(Pop, (stack.pop(), None, False, LINE_SOLVE_GOAL))
    return path


def find_path(open_near: Sequence[Sequence[int]], start: int, goal: int) -> list[int] | None:
    """The path `solve` finds (its events drained)."""
    events = solve(open_near, start, goal)
    while True:
        try:
            next(events)
        except StopIteration as stop:
            result: list[int] | None = stop.value
            return result


def next_step(open_near: Sequence[Sequence[int]], here: int, goal: int) -> int | None:
    """The cell to step to from `here` towards `goal` (the game's hint), None if there or no way."""
    path = find_path(open_near, here, goal)
    return path[1] if path and len(path) > 1 else None


def narrate(event: Any, label: Callable[[Any], str]) -> str | None:
    """A search's event in words, for the log, on every shape (the square's `maze.solve` and `solve` here).

    `label` names a cell as the event names it: a Push by what it holds,
    a Pop by its node id (the square's solver numbers nodes on its padded grid).
    """
    kind = type(event)
    if kind is Push:
        return _("enter {cell}: add it to the path").format(cell=label(event.what))
    if kind is Pop:
        if event.backtrack:
            return _("back up from {cell}").format(cell=label(event.node))
        return _("the goal is found: return from {cell}").format(cell=label(event.node))  # unwinding
    if kind is DeadEnd:
        return _("dead end at {cell}").format(cell=label(event.where))
    if kind is Note:
        if event.what == "unreachable":
            return _("every reachable cell is explored: the goal cannot be reached")
        a, b = event.what
        if event.line == LINE_SOLVE_VISITED:
            return _("{cell} was visited before: do not go back in").format(cell=label(b))
        return _("try the corridor from {a} to {b}").format(a=label(a), b=label(b))
    if kind is Solution:
        count = len(event.answer)
        return ngettext(
            "the goal! a path of {count} cell", "the goal! a path of {count} cells", count
        ).format(count=format_number(count))
    return None
