"""The recursive backtracker of every maze shape, and carving the rest of a drawing: one loop, one join.

There is one of each: `carve` runs the text's backtracker on an explicit
stack for every shape, the square maze's (`solvers.maze.carve`, `carve_rest`,
`complete`, `generate`) included, then joins the parts a drawing left apart.
What differs between shapes is only where the random choices come from
(`Choices`): every other shape shuffles its neighbour table
(`generators.backtracker_choices`); the square draws one of the 24 orders of
right, down, left, up per cell (`square_choices`), as its own loop did, so a
seed keeps giving the same square maze, event for event.

Speed, against the square's own padded-wall loop this replaced (1000 x 1000,
seed 1, CPU time, min / median of 5, interleaved in one process on a machine
shared with three other sessions, two runs; before = 0382cf1;
bench/bench_carving.py --against): `carve` drained 0.904 / 0.916 and 0.925 /
0.952 s -> 0.776 / 0.783 and 0.824 / 0.826 s; `maze generate 1000 1000` as a
whole process 1.99 / 2.02 and 1.93 / 1.98 s CPU -> 1.78 / 1.80 and 1.78 /
1.85 s.  `generate` (untold, the End worker's answer) is dearer, 0.472 /
0.479 and 0.479 / 0.488 s -> 0.503 / 0.511 and 0.528 / 0.537 s: the loops are
level, but the table of choices (~0.03 s) is built before the loop, where the
square loop read one byte a cell as it went.  Peak traced memory: carve 58 ->
28 MB at 1000 x 1000 and 250 -> 119 MB at 2000 x 2000 (no list of a million
ids), generate 20 -> 28 MB and 97 -> 119 MB (an int32 table, 16 bytes a cell).

How: the neighbour table is one flat `array('i')` read by position (a
cell's next try is ``near[at]``: slicing the table per push, or an
iterator per cell, cost 30 % more); the stack of
cells is the `parent` array the answer needs anyway, and `resume` holds only
where each cell below the top goes on; cells are flat ids, so events need no
translation (the square loop looked up a million-entry list for each); the
loop is written out in `carve` itself, as a `yield from` a helper would add a
frame to every event.  A sentinel id `size`, always visited, pads short rows.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any, NamedTuple, TypeVar

import numpy as np

from solvers import i18n
from solvers.events import Carve, Pop, Push, Visit, build
from solvers.mazes.graph import Parts, Passage

CARVE_PSEUDOCODE = (
    i18n.N_("mark a random cell visited, push it"),
    i18n.N_("while the stack is not empty:"),
    "    " + i18n.N_("cell = the cell on top of the stack"),
    "    " + i18n.N_("if cell has unvisited neighbours:"),
    "        " + i18n.N_("next = one of them, at random"),
    "        " + i18n.N_("knock down cell | next; mark next, push it"),
    "    else:",
    "        " + i18n.N_("pop cell: backtrack"),
    i18n.N_("finally join parts left apart (rest)"),
)
LINE_CARVE_START, LINE_CARVE_KNOCK, LINE_CARVE_BACKTRACK, LINE_CARVE_JOIN = 1, 6, 8, 9
"""Carving's pseudocode lines, 1-based: the recursive backtracker's on every shape (the last line, joining
the parts a drawing left apart, only when carving the rest of a drawing)."""

R = TypeVar("R")


class Choices(NamedTuple):
    """The backtracker's random choices: each cell's neighbours in the order it tries them, and a first cell.

    Cell c tries ``near[degree * c : degree * c + degree]`` in turn; rows are
    padded with the sentinel id `size` (the number of cells).  `root` draws
    the first cell, and is called only when nothing is drawn (so the draws
    after it, a drawing's joins, stay as they were).
    """

    near: array[int]
    degree: int
    size: int
    root: Callable[[], int]


def square_choices(width: int, height: int, rng: np.random.Generator) -> Choices:
    """The square's choices: one of the 24 orders of right, down, left, up per cell, and a random first cell.

    The orders are drawn for the grid padded by a cell all round (the square
    loop's old working grid), so every seed carves the maze it always has: a
    step is an offset on that grid, read back as a flat id (the padding as
    the sentinel).  The table (16 MB at 1000 x 1000) is filled in place, a
    block of cells at a time, so building it needs little more than itself.
    """
    size, stride = width * height, width + 2
    drawn = rng.integers(0, 24, (height + 2) * stride, dtype=np.uint8)
    ids = np.full((height + 2, stride), size, np.int32)  # each padded cell's flat id
    ids[1:-1, 1:-1] = np.arange(size, dtype=np.int32).reshape(height, width)
    flat = ids.ravel()
    steps = np.array(list(permutations((1, stride, -1, -stride))), np.int64)
    near = array("i", [0]) * (4 * size)
    table = np.frombuffer(near, np.int32).reshape(size, 4)
    for first in range(0, size, SQUARE_BLOCK):
        cells = np.arange(first, min(first + SQUARE_BLOCK, size), dtype=np.int64)
        padded = cells + 2 * (cells // width) + stride + 1
        table[first : first + len(cells)] = flat[padded[:, None] + steps[drawn[padded]]]
    return Choices(near, 4, size, lambda: int(rng.integers(height)) * width + int(rng.integers(width)))


SQUARE_BLOCK = 1 << 14
"""Cells of the square's table worked out at once (under 1 MB of numpy temporaries each)."""


def visited_with_sentinel(size: int) -> bytearray:
    """`size` cells unvisited, then the sentinel `size` marked visited (so padding is always skipped)."""
    visited = bytearray(size + 1)
    visited[size] = 1
    return visited


@dataclass(frozen=True)
class Carved:
    """What a carving leaves: each cell's parent (-1: not carved), the carved cells in order, the joins."""

    parent: array[int]
    trail: array[int] | None
    joins: list[Passage]

    def passages(self) -> list[Passage]:
        """The carved passages (parent, cell) in carving order (needs the trail), then the joins."""
        assert self.trail is not None, "carve(..., keep_order=True) keeps the order"
        cells = np.frombuffer(self.trail, np.int32)
        parents = np.frombuffer(self.parent, np.int32)[cells]
        return [*zip(parents.tolist(), cells.tolist(), strict=True), *self.joins]


def carve(
    choices: Choices,
    drawn: Sequence[Passage],
    rng: np.random.Generator,
    finish: Callable[[Carved], R],
    told: bool = True,
    keep_order: bool = False,
) -> Generator[Any, None, R]:
    """Yield the backtracker's events through the cells no drawn passage touches, then join the parts.

    One event a step, cells as flat ids: a root is a `Push` (and a `Visit`
    if it was not drawn); ``Carve(cell, next)`` on LINE_CARVE_KNOCK knocks the
    wall down *and* marks `next` visited and pushes it; a `Pop` backtracks.
    With nothing drawn it starts from `choices.root()`; otherwise from every
    drawn cell beside an undrawn one, in id order, and the parts the drawing
    left apart are then joined through one wall each beside a freshly carved
    cell (`Carve` on LINE_CARVE_JOIN, pushing nothing), so no loop appears.
    Returns `finish` of what was carved.  Untold, the same loop yields
    nothing and builds no event (the plain answer); `keep_order` keeps the
    carved cells in order (`Carved.passages`).
    """
    visited, roots = _start(choices, drawn)
    near, degree = choices.near, choices.degree
    parent = array("i", [-1]) * choices.size  # the stack of cells: a cell's parent is the one below it
    trail = array("i")
    mark = trail.append
    resume: list[int] = []  # where each cell below the top goes on
    push, pop = resume.append, resume.pop
    new, carve_kind, pop_kind = build, Carve, Pop  # locals: the loop runs a million times
    for root in roots:
        at, end = degree * root, degree * root + degree
        if visited[root] and all(visited[cell] for cell in near[at:end]):
            continue
        if told:
            yield build(Push, (root, -1, root, LINE_CARVE_START))
        if not visited[root]:
            visited[root] = 1
            if told:
                yield build(Visit, (root, LINE_CARVE_START))
        cell = root
        while True:
            while at < end:
                nxt = near[at]
                at += 1
                if not visited[nxt]:
                    visited[nxt] = 1
                    parent[nxt] = cell
                    if keep_order:
                        mark(nxt)
                    if told:
                        yield new(carve_kind, (cell, nxt, LINE_CARVE_KNOCK))
                    push(at)
                    cell, at = nxt, degree * nxt
                    end = at + degree
                    break
            else:
                if told:
                    yield new(pop_kind, (cell, None, True, LINE_CARVE_BACKTRACK))
                if not resume:
                    break
                cell, at = parent[cell], pop()
                end = degree * cell + degree
    joins = _joins(choices, drawn, parent, rng) if drawn else []
    del choices, near  # the table is done with: `finish` builds the answer without it
    if told:
        for a, b in joins:
            yield Carve(a, b, LINE_CARVE_JOIN)
    return finish(Carved(parent, trail if keep_order else None, joins))


def _start(choices: Choices, drawn: Sequence[Passage]) -> tuple[bytearray, list[int]]:
    """The cells visited before carving (the drawn ones, and the sentinel) and the roots to carve from."""
    visited = visited_with_sentinel(choices.size)
    for a, b in drawn:
        visited[a] = visited[b] = 1
    return visited, (_roots_beside(choices, visited) if drawn else [choices.root()])


def _roots_beside(choices: Choices, visited: bytearray) -> list[int]:
    """The drawn cells with an undrawn neighbour, in id order: where carving the rest starts."""
    size, degree = choices.size, choices.degree
    seen = np.frombuffer(bytes(visited), np.uint8)
    near = np.frombuffer(choices.near, np.int32).reshape(size, degree)
    beside = (seen[near] == 0).any(axis=1)
    return np.nonzero(beside & (seen[:size] == 1))[0].tolist()


def _joins(
    choices: Choices, drawn: Sequence[Passage], parent: array[int], rng: np.random.Generator
) -> list[Passage]:
    """Walls beside a freshly carved cell that join the parts the drawing left apart, one per join.

    Candidates are the walls between two parts with a carved cell on one
    side, in the order (b - a, a) for a < b (on the square: every wall across,
    row by row, then every wall down), taken in a random order; union-find
    keeps the first of each pair of parts, so no loop appears.
    """
    size = choices.size
    carved = np.frombuffer(parent, np.int32)
    fresh = carved >= 0
    if not fresh.any():
        return []
    label = _part_labels(size, drawn, carved)
    near = np.frombuffer(choices.near, np.int32).reshape(size, choices.degree)
    cells = np.arange(size, dtype=np.int64)
    firsts, seconds = [], []
    for column in near.T:
        other = column.astype(np.int64)
        inside = other < size
        a, b = cells[inside], other[inside]
        keep = (a < b) & (fresh[a] | fresh[b]) & (label[a] != label[b])
        firsts.append(a[keep])
        seconds.append(b[keep])
    a, b = np.concatenate(firsts), np.concatenate(seconds)
    order = np.lexsort((a, b - a))
    candidates = list(zip(a[order].tolist(), b[order].tolist(), strict=True))
    flat_label = label.tolist()
    parts = Parts(size)
    chosen = []
    for index in rng.permutation(len(candidates)).tolist():
        first, second = candidates[index]
        if parts.join(flat_label[first], flat_label[second]):
            chosen.append((first, second))
    return chosen


def _part_labels(size: int, drawn: Sequence[Passage], carved: np.ndarray) -> np.ndarray:
    """Each cell's part after carving: the drawing's parts (union-find), each carved cell its root's.

    A carved cell's root is found by pointer jumping up the `carved` parents
    (each jump halves the distance left: about 20 passes of numpy for a
    million cells).
    """
    parts = Parts(size)
    for a, b in drawn:
        parts.join(a, b)
    top = np.where(carved >= 0, carved, np.arange(size, dtype=np.int32))
    while True:
        above = top[top]
        if np.array_equal(above, top):
            break
        top = above
    drawn_cells = np.nonzero(carved < 0)[0]
    roots = np.arange(size, dtype=np.int64)
    roots[drawn_cells] = [parts.root(cell) for cell in drawn_cells.tolist()]
    return roots[top]
