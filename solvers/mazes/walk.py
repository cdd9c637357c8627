"""Walking a maze on any cell graph: its corridors, the one backtracking solver, the path.

The solver is the text's CheckRoom on an explicit stack, and there is one of
it: `search` serves every shape, the square maze's (`solvers.maze.solve`,
`find_path` and `reachable` hand it the square's corridors) included, with one
set of events and one pseudocode.  Cells are flat ids (on the square, row *
width + col), as in the carving's events.  A cell's corridors come from a
function, `open_near(cell)`, called once per cell entered: the square builds
them from its wall bytes as the search reaches a cell (building a list per cell
for a million cells first took 1.6 s, four times the search itself), every
other shape reads its `corridors` list.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from solvers import i18n
from solvers.events import DeadEnd, Note, Pop, Push, Solution, Visit, build
from solvers.i18n import _, format_number, ngettext
from solvers.mazes.graph import CellGraph, Passage
from solvers.runstats import run_to_end

Corridors = list[list[int]]
OpenNear = Callable[[int], Sequence[int]]
"""A cell's open neighbours, in the order the solver tries them."""

SOLVE_PSEUDOCODE = (
    "solve(start, goal):",
    "    " + i18n.N_("explore(start); no goal? no path"),
    "explore(cell):",
    "    " + i18n.N_("if cell was visited: return"),
    "    " + i18n.N_("mark cell visited, add to path"),
    "    " + i18n.N_("if cell is the goal: solved!"),
    "    " + i18n.N_("for each open corridor cell-next:"),
    "        explore(next)",
    "    " + i18n.N_("dead end: drop cell, back up"),
)
LINE_SOLVE_NO_PATH, LINE_SOLVE_VISITED, LINE_SOLVE_MARK, LINE_SOLVE_GOAL = 2, 4, 5, 6
LINE_SOLVE_TRY, LINE_SOLVE_DEAD_END = 8, 9
"""Solving's pseudocode lines, 1-based."""


@dataclass(frozen=True)
class SolveResult:
    """What a search found: the path (None if the goal is unreachable) and its cost."""

    path: tuple[Any, ...] | None
    visited: int
    dead_ends: int
    max_depth: int


def corridors(graph: CellGraph, passages: Iterable[Passage]) -> Corridors:
    """Each cell's open neighbours, in the graph's neighbour order."""
    opened: list[set[int]] = [set() for _ in range(graph.size)]
    for a, b in passages:
        opened[a].add(b)
        opened[b].add(a)
    return [[b for b in graph.adjacency[a] if b in opened[a]] for a in range(graph.size)]


def search(
    open_near: OpenNear, cells: int, start: int, goal: int, told: bool = True
) -> Generator[Any, None, SolveResult]:
    """The one backtracking search: yield its events (none when not `told`), return a SolveResult.

    Entering a cell is a Push then a Visit (as in carving); trying a corridor
    is a Note (cell, next) on LINE_SOLVE_TRY, or on LINE_SOLVE_VISITED when
    next was visited; a dead end is a DeadEnd then a backtracking Pop; the goal
    is a Solution, then a Pop for every cell on the path.  Untold, the same
    loop yields nothing and runs about twice as fast (no event is built): that
    is `find_path`, so the plain answer needs no second loop.
    """
    visited = bytearray(cells)
    visited[start] = 1
    stack = [start]
    tries = [iter(open_near(start))]
    if told:
        yield build(Push, (start, -1, start, LINE_SOLVE_MARK))
        yield build(Visit, (start, LINE_SOLVE_MARK))
    seen, dead_ends, deepest = 1, 0, 1
    found = start == goal
    while stack and not found:
        cell = stack[-1]
        for nxt in tries[-1]:
            if visited[nxt]:
                if told:
                    yield build(Note, ((cell, nxt), LINE_SOLVE_VISITED))
                continue
            if told:
                yield build(Note, ((cell, nxt), LINE_SOLVE_TRY))
            visited[nxt] = 1
            seen += 1
            stack.append(nxt)
            tries.append(iter(open_near(nxt)))
            if len(stack) > deepest:
                deepest = len(stack)
            if told:
                yield build(Push, (nxt, cell, nxt, LINE_SOLVE_MARK))
                yield build(Visit, (nxt, LINE_SOLVE_MARK))
            found = nxt == goal
            break
        else:
            dead_ends += 1
            tries.pop()
            if told:
                yield build(DeadEnd, (cell, LINE_SOLVE_DEAD_END))
                yield build(Pop, (stack.pop(), None, True, LINE_SOLVE_DEAD_END))
            else:
                stack.pop()
    if not found:
        if told:
            yield Note("unreachable", LINE_SOLVE_NO_PATH)
        return SolveResult(None, seen, dead_ends, deepest)
    path = tuple(stack)
    if told:
        yield Solution(1, path, LINE_SOLVE_GOAL)
        while stack:
            yield build(Pop, (stack.pop(), None, False, LINE_SOLVE_GOAL))
    return SolveResult(path, seen, dead_ends, deepest)


def solve(open_near: Sequence[Sequence[int]], start: int, goal: int) -> Generator[Any, None, SolveResult]:
    """The search's events on a maze's corridors (a list per cell); returns a SolveResult."""
    return search(open_near.__getitem__, len(open_near), start, goal)


def result_of(open_near: Sequence[Sequence[int]], start: int, goal: int) -> SolveResult:
    """What `solve` finds, without its events."""
    return run_to_end(search(open_near.__getitem__, len(open_near), start, goal, told=False))


def find_path(open_near: Sequence[Sequence[int]], start: int, goal: int) -> list[int] | None:
    """The path `solve` finds (the same search, untold)."""
    path = result_of(open_near, start, goal).path
    return None if path is None else list(path)


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
