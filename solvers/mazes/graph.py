"""The cell graph under every maze shape: flat cell ids, neighbour tuples, rows.

Vocabulary, each with an example::

    square(3, 2)            cells 0..5, id = row * width + col; 0's neighbours (1, 3)
    hexagonal(w, h)         pointy-top hexes, odd rows shifted half a cell right
    triangular(w, h)        (row + col) even points up, odd points down
    polar(rings)            ring 0 is one cell; a ring splits its cells when they grow wide
    cubic(w, h, levels)     square floors joined by stairs (same row and col, one level up)
    torus(w, h)             a square grid whose edges wrap round both ways

A `CellGraph` is plain data: `adjacency[cell]` lists a cell's neighbours in
a fixed order (the order geometry draws its sides), `rows` orders cells into
rows for Eller's algorithm, `start` and `goal` are the default ends.  A maze
on it is a set of passages (pairs of neighbouring cells); it is *perfect*
when the passages form a spanning tree: cells - 1 of them, all connected.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from solvers.i18n import _, format_number

SHAPES = ("square", "hex", "triangle", "polar", "3d", "torus")
"""The shapes' names, as the command line and the app spell them."""

MAX_CELLS = 4_000_000
"""Larger graphs are refused (memory: a few tuples a cell)."""
MIN_SIDE, MAX_SIDE = 2, 2000
MIN_LEVELS, MAX_LEVELS = 1, 20
MIN_RINGS = 2

Passage = tuple[int, int]


class MazeError(ValueError):
    """A maze shape, size, file or cell that cannot be used; the message is one line."""


@dataclass(frozen=True, eq=False)
class CellGraph:
    """Cells 0..n-1 and who neighbours whom; see the module docstring."""

    shape: str
    width: int
    height: int
    levels: int
    adjacency: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    start: int
    goal: int
    ring_sizes: tuple[int, ...] = ()  # polar only: cells in each ring

    @cached_property
    def padded(self) -> np.ndarray:
        """Neighbours as an (n, most neighbours) array, padded with the sentinel id n (built once)."""
        n = len(self.adjacency)
        degree = max(map(len, self.adjacency))
        if min(map(len, self.adjacency)) == degree:
            return np.array(self.adjacency, np.int64).reshape(n, degree)
        padded = np.full((n, degree), n, np.int64)
        lengths = np.fromiter(map(len, self.adjacency), np.int64, n)  # C-level iteration: no genexp
        flat = np.fromiter(itertools.chain.from_iterable(self.adjacency), np.int64, int(lengths.sum()))
        padded[np.arange(degree) < lengths[:, None]] = flat  # each row's first slots, row by row
        return padded

    @cached_property
    def ring_starts(self) -> tuple[int, ...]:
        """Polar only: the first cell id of each ring (so a cell's ring is a binary search, not a walk)."""
        return tuple(itertools.accumulate(self.ring_sizes[:-1], initial=0))

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.adjacency)

    def edges(self) -> list[Passage]:
        """Every pair of neighbours once, smaller id first."""
        return [(a, b) for a, near in enumerate(self.adjacency) for b in near if a < b]

    def position(self, cell: int) -> tuple[int, ...]:
        """The cell's coordinates as people read them: (row, col), (level, row, col) or (ring, index)."""
        if self.shape == "polar":
            ring = bisect.bisect_right(self.ring_starts, cell) - 1
            return (ring, cell - self.ring_starts[ring])
        level, rest = divmod(cell, self.width * self.height)
        row, col = divmod(rest, self.width)
        return (level, row, col) if self.shape == "3d" else (row, col)

    def label(self, cell: int) -> str:
        """A cell as people read it: '(2,3)', 'floor 1 (2,3)', 'ring 2 #5'."""
        place = self.position(cell)
        if self.shape == "polar":
            return f"ring {place[0]} #{place[1]}"
        if self.shape == "3d":
            return f"floor {place[0] + 1} ({place[1]},{place[2]})"
        return f"({place[0]},{place[1]})"


def _grid_rows(width: int, height: int, levels: int = 1) -> tuple[tuple[int, ...], ...]:
    """Rows of a grid, floor by floor; every other floor runs bottom to top.

    Consecutive rows then always touch: the last row of a floor lies under the
    same row of the floor above (joined by stairs), which is what Eller needs.
    """
    rows = []
    for level in range(levels):
        order = range(height) if level % 2 == 0 else range(height - 1, -1, -1)
        base = level * width * height
        rows += [tuple(range(base + row * width, base + (row + 1) * width)) for row in order]
    return tuple(rows)


def check_sides(width: int, height: int) -> None:
    """Raise MazeError unless both sides are within MIN_SIDE..MAX_SIDE."""
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise MazeError(
            _("a maze is {low} to {high} cells each way, not {width} x {height}").format(
                low=MIN_SIDE, high=MAX_SIDE, width=width, height=height
            )
        )


def _check(width: int, height: int, levels: int = 1) -> None:
    """Raise MazeError unless the sides and the cell count are in range."""
    check_sides(width, height)
    if not MIN_LEVELS <= levels <= MAX_LEVELS:
        raise MazeError(
            _("levels go from {low} to {high}, not {levels}").format(
                low=MIN_LEVELS, high=MAX_LEVELS, levels=levels
            )
        )
    if width * height * levels > MAX_CELLS:
        raise MazeError(
            _("at most {high} cells, not {cells}").format(
                high=format_number(MAX_CELLS), cells=format_number(width * height * levels)
            )
        )


def square(width: int, height: int) -> CellGraph:
    """A W x H grid; neighbours in the order up, right, down, left."""
    _check(width, height)
    n = width * height
    adjacency = [square_near(width, height, cell) for cell in range(n)]
    return CellGraph("square", width, height, 1, tuple(adjacency), _grid_rows(width, height), 0, n - 1)


def square_near(width: int, height: int, cell: int) -> tuple[int, ...]:
    """Flat cell `cell`'s neighbours on a W x H grid: up, right, down, left (exercise mode asks each)."""
    row, col = divmod(cell, width)
    near = []
    if row > 0:
        near.append(cell - width)
    if col < width - 1:
        near.append(cell + 1)
    if row < height - 1:
        near.append(cell + width)
    if col > 0:
        near.append(cell - 1)
    return tuple(near)


def torus(width: int, height: int) -> CellGraph:
    """A W x H grid wrapping round both ways (at least 3 each way, so no pair meets twice)."""
    _check(width, height)
    if width < 3 or height < 3:
        raise MazeError(
            _("a torus is at least 3 cells each way, not {width} x {height}").format(
                width=width, height=height
            )
        )
    adjacency = []
    for row in range(height):
        for col in range(width):
            up = ((row - 1) % height) * width + col
            right = row * width + (col + 1) % width
            down = ((row + 1) % height) * width + col
            left = row * width + (col - 1) % width
            adjacency.append((up, right, down, left))
    goal = (height // 2) * width + width // 2
    return CellGraph("torus", width, height, 1, tuple(adjacency), _grid_rows(width, height), 0, goal)


HEX_DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")


def hex_neighbour(row: int, col: int, direction: int) -> tuple[int, int]:
    """The (row, col) next to a pointy-top hex in direction 0..5 (NE, E, SE, SW, W, NW); odd rows shifted."""
    odd = row % 2
    steps = (
        (-1, odd),
        (0, 1),
        (1, odd),
        (1, odd - 1),
        (0, -1),
        (-1, odd - 1),
    )
    dr, dc = steps[direction]
    return row + dr, col + dc


def hexagonal(width: int, height: int) -> CellGraph:
    """W x H pointy-top hexes in offset rows; neighbours NE, E, SE, SW, W, NW (those that exist)."""
    _check(width, height)
    adjacency = []
    for row in range(height):
        for col in range(width):
            near = []
            for direction in range(6):
                r, c = hex_neighbour(row, col, direction)
                if 0 <= r < height and 0 <= c < width:
                    near.append(r * width + c)
            adjacency.append(tuple(near))
    n = width * height
    return CellGraph("hex", width, height, 1, tuple(adjacency), _grid_rows(width, height), 0, n - 1)


def points_up(row: int, col: int) -> bool:
    """True for a triangle pointing up (flat side below)."""
    return (row + col) % 2 == 0


def triangular(width: int, height: int) -> CellGraph:
    """W x H triangles, alternately up and down; neighbours left, right, then across the flat side."""
    _check(width, height)
    adjacency = []
    for row in range(height):
        for col in range(width):
            cell = row * width + col
            near = []
            if col > 0:
                near.append(cell - 1)
            if col < width - 1:
                near.append(cell + 1)
            across = row + 1 if points_up(row, col) else row - 1
            if 0 <= across < height:
                near.append(across * width + col)
            adjacency.append(tuple(near))
    n = width * height
    return CellGraph("triangle", width, height, 1, tuple(adjacency), _grid_rows(width, height), 0, n - 1)


def ring_sizes(rings: int) -> tuple[int, ...]:
    """Cells per ring: one in the middle, then each ring splits its cells when they grow twice as wide."""
    sizes = [1]
    for ring in range(1, rings):
        previous = sizes[-1]
        ratio = max(1, round(2 * math.pi * ring / previous))
        sizes.append(previous * ratio)
    return tuple(sizes)


def polar(rings: int) -> CellGraph:
    """A round maze of `rings` rings; neighbours: inward, counter-clockwise, clockwise, then outward."""
    if not MIN_RINGS <= rings <= MAX_SIDE:
        raise MazeError(
            _("a round maze has {low} to {high} rings, not {rings}").format(
                low=MIN_RINGS, high=MAX_SIDE, rings=rings
            )
        )
    sizes = ring_sizes(rings)
    if sum(sizes) > MAX_CELLS:
        raise MazeError(
            _("at most {high} cells, not {cells}").format(
                high=format_number(MAX_CELLS), cells=format_number(sum(sizes))
            )
        )
    first = [0]
    for size in sizes[:-1]:
        first.append(first[-1] + size)
    adjacency: list[tuple[int, ...]] = []
    for ring, count in enumerate(sizes):
        for index in range(count):
            near = []
            if ring > 0:
                inner = sizes[ring - 1]
                near.append(first[ring - 1] + index * inner // count)
                if count > 1:
                    near.append(first[ring] + (index - 1) % count)
                    near.append(first[ring] + (index + 1) % count)
            if ring + 1 < rings:
                ratio = sizes[ring + 1] // count
                near += [first[ring + 1] + index * ratio + k for k in range(ratio)]
            adjacency.append(tuple(dict.fromkeys(near)))  # ring 1 of 2 cells: ccw == cw
    rows = tuple(tuple(range(first[r], first[r] + sizes[r])) for r in range(rings))
    total = sum(sizes)
    return CellGraph("polar", rings, rings, 1, tuple(adjacency), rows, total - sizes[-1], 0, sizes)


def cubic(width: int, height: int, levels: int) -> CellGraph:
    """`levels` floors of W x H; neighbours up, right, down, left, then the stairs below and above."""
    _check(width, height, levels)
    if levels < 2:
        raise MazeError(_("a 3-D maze has at least 2 levels"))
    floor = width * height
    adjacency = []
    for level in range(levels):
        below, above = (-floor,) if level > 0 else (), (floor,) if level < levels - 1 else ()
        for place in range(floor):
            cell = level * floor + place
            on_floor = tuple(level * floor + other for other in square_near(width, height, place))
            adjacency.append(on_floor + tuple(cell + step for step in below + above))
    rows = _grid_rows(width, height, levels)
    return CellGraph("3d", width, height, levels, tuple(adjacency), rows, 0, levels * floor - 1)


DEFAULT_LEVELS = 3


def build(shape: str, width: int, height: int, levels: int | None = None) -> CellGraph:
    """The graph of `shape` at W x H (polar: H rings, W unused; 3d: `levels` floors)."""
    if shape not in SHAPES:
        raise MazeError(
            _("unknown shape {shape}: one of {choices}").format(shape=repr(shape), choices=", ".join(SHAPES))
        )
    if levels is not None and shape != "3d":
        raise MazeError(_("--levels goes with --shape 3d only"))
    if shape == "square":
        return square(width, height)
    if shape == "hex":
        return hexagonal(width, height)
    if shape == "triangle":
        return triangular(width, height)
    if shape == "polar":
        return polar(height)
    if shape == "torus":
        return torus(width, height)
    return cubic(width, height, DEFAULT_LEVELS if levels is None else levels)


# --- checking a maze -----------------------------------------------------------------------


class Parts:
    """Which part each of `size` items is in, parts merged as passages join them (union-find, path halving).

    The one union-find of the maze checks and of the joins that carving the
    rest of a drawing makes (Kruskal keeps its own, tuned, on a compact array).
    """

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))

    def root(self, item: int) -> int:
        """The representative of an item's part."""
        parent = self.parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def join(self, a: int, b: int) -> bool:
        """Merge the parts of a and b; True if they were apart."""
        ra, rb = self.root(a), self.root(b)
        if ra == rb:
            return False
        self.parent[ra] = rb
        return True


def components(size: int, passages: Iterable[Passage]) -> int:
    """How many connected parts `passages` leave among `size` cells."""
    parts = Parts(size)
    return size - sum(parts.join(a, b) for a, b in passages)


def perfect_problem(graph: CellGraph, passages: Sequence[Passage]) -> str | None:
    """Why `passages` is not a perfect maze on `graph` (None when it is)."""
    if len(passages) != graph.size - 1:
        return f"{len(passages)} passages, a perfect maze of {graph.size} cells has {graph.size - 1}"
    for a, b in passages:
        if not (0 <= a < graph.size and b in graph.adjacency[a]):
            return f"cells {a} and {b} are not neighbours"
    parts = components(graph.size, passages)
    return None if parts == 1 else f"{parts} parts, not connected"
