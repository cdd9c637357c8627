"""Random walks for Aldous-Broder and Wilson at the coarse level: numpy on grids, plain Python elsewhere.

On a square grid (and a torus) a *lazy* walk, which picks one of the four
directions uniformly and stays put when the move would leave the grid, is
exactly ``fold(cumsum(dx)), fold(cumsum(dy))``: the fold f(x) = x mod 2W,
mirrored to 2W - 1 - x when >= W, sends a step off the edge back onto the
cell it left (on a torus the fold is plain x mod W).  Its jump chain (the
walk with the stays taken out) is the simple random walk, so Aldous-Broder's
first-entrance tree and Wilson's loop-erased walks stay uniform spanning
trees: a stay only adds a loop of length zero.  So the walk is made a chunk
of steps at a time by numpy, and only its results (first entrances, last
exits) come back to Python.  Other shapes keep the plain Python walk.

Vocabulary::

    GridWalk(graph, rng)          cells of a lazy walk on a square or torus graph, chunk by chunk
    first_entrances(...)          Aldous-Broder: (cell, came from, moves before) for each new cell
    loop_erased(...)              Wilson: the loop-erased path of one walk from a cell to the maze
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Iterator
from typing import NamedTuple

import numpy as np

from solvers.mazes.graph import CellGraph

HYBRID_STEPS = 256
"""Wilson's walks start in Python; one still going after this many steps goes on in numpy chunks."""
FIRST_CHUNK, LAST_CHUNK = 2048, 1 << 20
"""Wilson's numpy chunks grow from the first size to the last (a walk rarely needs the big ones)."""


def step_table(graph: CellGraph) -> tuple[int, int, array[int]]:
    """n, the row length d and a flat table: slot k of cell c is where a walk goes for the draw k.

    A cell with fewer than d neighbours fills its spare slots with itself:
    the walk then stays put for a draw, which changes neither where it goes
    next nor its loop-erased path, and saves a test a step.
    """
    padded = graph.padded
    n, d = padded.shape
    stay = np.broadcast_to(np.arange(n)[:, None], padded.shape)
    return n, d, array("i", np.where(padded < n, padded, stay).astype(np.int32).tobytes())


def draws(rng: np.random.Generator, d: int, n: int) -> Iterator[int]:
    """Endless uniform draws in 0..d-1, numpy making a block of bytes at a time (C-speed to iterate).

    Blocks grow with the graph (32 draws a cell, at most 64 KB): a small
    maze need not pay for 65,536 draws it never reads.
    """
    block = min(1 << 16, 32 * n)
    blocks = (rng.integers(0, d, block, dtype=np.uint8).tobytes() for _ in itertools.count())
    return itertools.chain.from_iterable(blocks)


def vectorised(graph: CellGraph) -> bool:
    """Whether the numpy walk applies: a square grid or a torus (cell id = row * width + col)."""
    return graph.shape in ("square", "torus")


def _fold_table(low: int, high: int, side: int, wrap: bool) -> np.ndarray:
    """Where unfolded coordinates low..high land on a side of `side` cells (mirrored; wrapped on a torus)."""
    span = np.arange(low, high + 1, dtype=np.int64)
    if wrap:
        return span % side
    folded = span % (2 * side)
    return np.where(folded >= side, 2 * side - 1 - folded, folded)


def _byte_steps(step: list[int]) -> np.ndarray:
    """For each random byte (four 2-bit draws), the four steps along one axis as int8, read as one int32."""
    codes = (np.arange(256)[:, None] >> np.arange(0, 8, 2)) & 3
    return np.ascontiguousarray(np.array(step, np.int8)[codes]).view(np.int32).ravel()


class GridWalk:
    """A lazy random walk on a square or torus graph, produced a numpy chunk of cells at a time.

    A random byte is four draws; one table read per byte gives their four
    steps along x (and one along y), and int8 steps summed into int32 keep
    every pass over the chunk narrow: about 10 ns a step in all, here.
    """

    STEP_X = _byte_steps([1, -1, 0, 0])
    STEP_Y = _byte_steps([0, 0, 1, -1])

    def __init__(self, graph: CellGraph, rng: np.random.Generator) -> None:
        self.width, self.height = graph.width, graph.height
        self.wrap = graph.shape == "torus"
        self.rng = rng

    def chunk(self, cell: int, length: int) -> np.ndarray:
        """The `length` (a multiple of 4) cells the walk visits after `cell` (int32; a stay repeats one)."""
        width, height = self.width, self.height
        draws = np.frombuffer(self.rng.bytes(length // 4), np.uint8)
        row, col = divmod(cell, width)
        xs = np.cumsum(self.STEP_X.take(draws).view(np.int8), dtype=np.int32)
        ys = np.cumsum(self.STEP_Y.take(draws).view(np.int8), dtype=np.int32)
        cells = self._fold(xs, col, width, 1)
        cells += self._fold(ys, row, height, width)
        return cells

    def _fold(self, moves: np.ndarray, start: int, side: int, scale: int) -> np.ndarray:
        """The coordinates start + moves folded onto the grid through a small lookup table, times `scale`."""
        low, high = int(moves.min()), int(moves.max())
        table = (_fold_table(start + low, start + high, side, self.wrap) * scale).astype(np.int32)
        moves -= low
        return table.take(moves)


Entrances = Iterator[tuple[list[int], list[int], list[int]]]
"""Aldous-Broder's first entrances a batch at a time: new cells, where each was entered from, moves before."""


def first_entrances(graph: CellGraph, rng: np.random.Generator, start: int) -> Entrances:
    """Aldous-Broder's walk from `start` until every cell is entered: its first entrances, chunk by chunk.

    Per chunk: the cells not yet entered are masked, and `np.unique(...,
    return_index=True)` gives each one's first position in the chunk; sorted
    by position they are the entrances in walk order.  Moves over old cells
    between entrances are the positions between them less the stays (rare:
    only a step off the edge stays), counted from the stays' positions.
    """
    walk = GridWalk(graph, rng)
    entered = np.zeros(graph.size, bool)
    entered[start] = True
    left = graph.size - 1
    cell, carried = start, 0  # carried: moves since the last entrance, before this chunk
    length = min(LAST_CHUNK, 8 * graph.size)
    while left:
        cells = walk.chunk(cell, length)
        path = np.concatenate(([cell], cells))
        stays = np.flatnonzero(cells == path[:-1])  # step t stayed on path[t]
        new = np.flatnonzero(~entered[cells])
        if len(new):
            found, first = np.unique(cells[new], return_index=True)
            at = np.sort(new[first])
            entered[found] = True
            left -= len(found)
            before = np.diff(at, prepend=-1) - 1 - np.diff(np.searchsorted(stays, at), prepend=0)
            before[0] += carried
            yield cells[at].tolist(), path[at].tolist(), before.tolist()
            carried = len(cells) - 1 - int(at[-1]) - (len(stays) - int(np.searchsorted(stays, at[-1])))
        else:
            carried += len(cells) - len(stays)
        cell = int(cells[-1])


class LoopErased(NamedTuple):
    """A Wilson walk: its loop-erased path (start first, the cell beside the maze last), moves, maze cell."""

    path: list[int]
    moves: int
    reached: int


class WilsonWalks:
    """Wilson's loop-erased walks into a growing maze: Python first, numpy chunks once a walk runs long.

    Each move records where the walk left a cell for (its last exit, in
    `after`); when the walk enters the maze, its loop-erased path is read by
    following those exits from the start, as in Wilson's paper: one array
    write a move, where erasing loops as they close costs a lookup, a write
    and a list edit.  The first HYBRID_STEPS moves of a walk are a plain
    loop; a walk still going then (on a grid) goes on in numpy chunks,
    which record the last exits of their own moves.
    """

    def __init__(self, graph: CellGraph, rng: np.random.Generator, inside: bytearray) -> None:
        n, self.degree, self.table = step_table(graph)
        self.draw, self.inside = draws(rng, self.degree, n).__next__, inside
        self.grid = GridWalk(graph, rng) if vectorised(graph) else None
        self.after = array("i", bytes(4 * n))  # a cell's last exit on the current walk
        self.last = np.full(n, -1, np.int64)  # when the numpy walks last left a cell (a running clock)
        self.clock = 0

    def walks(self, order: list[int]) -> Iterator[LoopErased]:
        """A walk from each cell of `order` not in the maze when its turn comes, its loops erased.

        The caller adds each path to the maze before asking for the next walk.
        One generator for all the walks, its locals bound once: most walks
        are a move or two, so a call a walk would cost more than the walking.
        """
        table, degree, draw, inside, after = self.table, self.degree, self.draw, self.inside, self.after
        limit = HYBRID_STEPS if self.grid is not None else -1
        for start in order:
            if inside[start]:
                continue
            cell, moves = start, 0
            while moves != limit:
                nxt = table[degree * cell + draw()]
                if nxt != cell:  # else a spare slot: stay put (not a move)
                    after[cell] = nxt
                    cell = nxt
                    moves += 1
                    if inside[cell]:
                        yield LoopErased(self._follow(start), moves, cell)
                        break
            else:
                yield self._numpy_tail(start, cell, moves)

    def _numpy_tail(self, start: int, cell: int, moves: int) -> LoopErased:
        """Go on from `cell` in numpy chunks until the walk enters the maze; follow exits from `start`."""
        assert self.grid is not None
        maze = np.frombuffer(self.inside, np.uint8)
        length = FIRST_CHUNK
        while True:
            cells = self.grid.chunk(cell, length)
            hits = np.flatnonzero(maze[cells])
            stop = int(hits[0]) if len(hits) else len(cells)
            walked = np.concatenate(([cell], cells[: stop + 1]))
            moves += int(np.count_nonzero(walked[1:] != walked[:-1]))
            self._last_exits(walked)
            if len(hits):
                return LoopErased(self._follow(start), moves, int(cells[stop]))
            cell, length = int(cells[-1]), min(LAST_CHUNK, 2 * length)

    def _last_exits(self, walked: np.ndarray) -> None:
        """For each cell of `walked` but its last, where the walk went after its last visit (into `after`).

        Repeated indices in a numpy assignment may land in any order, so the
        last visit is found with `np.maximum.at` on a clock that only grows.
        """
        leaving = walked[:-1]
        times = np.arange(self.clock, self.clock + len(leaving), dtype=np.int64)
        self.clock += len(leaving)
        np.maximum.at(self.last, leaving, times)
        final = self.last[leaving] == times
        np.frombuffer(self.after, np.int32)[leaving[final]] = walked[1:][final]

    def _follow(self, start: int) -> list[int]:
        """The loop-erased path: from `start`, follow each cell's last exit until the maze."""
        after, inside = self.after, self.inside
        path = [start]
        cell = after[start]
        while not inside[cell]:
            path.append(cell)
            cell = after[cell]
        return path
