"""Where each cell of a `CellGraph` is drawn: its outline, its sides and the neighbour across each.

Units: a square cell is 1 across; a hex has circumradius 1; a triangle has
sides 1; a polar ring is 1 deep.  y grows downwards (screen and SVG order).
3-D floors sit side by side, one empty column apart; the stairs between them
are not sides (`stairs` lists them).  Pure arithmetic: the SVG writer and the
app's painter both read it.
"""

from __future__ import annotations

import functools
import itertools
import math
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from solvers.mazes.graph import CellGraph, Passage, hex_neighbour, points_up

Point = tuple[float, float]
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Side:
    """One side of a cell: the neighbour across it (-1: the border) and its points (a polyline).

    `own` is True where the side is not shared on paper (a torus's wrap-round
    sides): each cell then draws its own copy.
    """

    neighbour: int
    points: tuple[Point, ...]
    own: bool = False


def extent(graph: CellGraph) -> tuple[float, float]:
    """The drawing's width and height in units."""
    w, h = graph.width, graph.height
    if graph.shape == "hex":
        return SQRT3 * (w + 0.5), 1.5 * h + 0.5
    if graph.shape == "triangle":
        return (w + 1) / 2, h * SQRT3 / 2
    if graph.shape == "polar":
        return 2.0 * len(graph.ring_sizes), 2.0 * len(graph.ring_sizes)
    if graph.shape == "3d":
        return graph.levels * (w + 1) - 1.0, float(h)
    return float(w), float(h)


def sides(graph: CellGraph, cell: int) -> list[Side]:
    """The cell's sides, going round it."""
    if graph.shape == "hex":
        return _hex_sides(graph, cell)
    if graph.shape == "triangle":
        return _triangle_sides(graph, cell)
    if graph.shape == "polar":
        return _polar_sides(graph, cell)
    return _square_sides(graph, cell)


def outline(graph: CellGraph, cell: int) -> list[Point]:
    """The cell's outline as a polygon (for filling it)."""
    points: list[Point] = []
    for side in sides(graph, cell):
        for point in side.points:
            if not points or points[-1] != point:
                points.append(point)
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    return points


def centre(graph: CellGraph, cell: int) -> Point:
    """The middle of the cell (where a path through it is drawn)."""
    if graph.shape == "polar":
        ring, index = graph.position(cell)
        if ring == 0:
            middle = float(len(graph.ring_sizes))
            return middle, middle
        angle = 2 * math.pi * (index + 0.5) / graph.ring_sizes[ring]
        return _polar_point(graph, ring + 0.5, angle)
    points = outline(graph, cell)
    if graph.shape == "triangle":  # the centroid of the three corners
        return sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def stairs(graph: CellGraph) -> list[tuple[int, int]]:
    """The 3-D maze's stairs: (cell, the cell above), one per place on each floor but the top."""
    if graph.shape != "3d":
        return []
    floor = graph.width * graph.height
    return [(cell, cell + floor) for cell in range(floor * (graph.levels - 1))]


def _square_sides(graph: CellGraph, cell: int) -> list[Side]:
    """Top, right, bottom, left of a square cell (torus: the wrap sides are each cell's own)."""
    w, h = graph.width, graph.height
    level, rest = divmod(cell, w * h)
    row, col = divmod(rest, w)
    x0, y0 = level * (w + 1) + col, row
    corners = ((x0, y0), (x0 + 1, y0), (x0 + 1, y0 + 1), (x0, y0 + 1))
    base = level * w * h
    torus = graph.shape == "torus"
    steps = ((-1, 0), (0, 1), (1, 0), (0, -1))
    found = []
    for number, (dr, dc) in enumerate(steps):
        r, c = row + dr, col + dc
        inside = 0 <= r < h and 0 <= c < w
        if inside:
            neighbour = base + r * w + c
        elif torus:
            neighbour = base + (r % h) * w + c % w
        else:
            neighbour = -1
        a, b = corners[number], corners[(number + 1) % 4]
        found.append(
            Side(neighbour, ((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))), torus and not inside)
        )
    return found


def _hex_corner(cx: float, cy: float, k: int) -> Point:
    """Corner k of a pointy-top hex (k = 0 at the top, clockwise)."""
    angle = math.radians(-90 + 60 * k)
    return cx + math.cos(angle), cy + math.sin(angle)


def _hex_sides(graph: CellGraph, cell: int) -> list[Side]:
    """The six sides NE, E, SE, SW, W, NW of a pointy-top hex."""
    row, col = divmod(cell, graph.width)
    cx = SQRT3 * (col + 0.5 + 0.5 * (row % 2))
    cy = 1.0 + 1.5 * row
    found = []
    for k in range(6):
        r, c = hex_neighbour(row, col, k)
        inside = 0 <= r < graph.height and 0 <= c < graph.width
        points = (_hex_corner(cx, cy, k), _hex_corner(cx, cy, k + 1))
        found.append(Side(r * graph.width + c if inside else -1, points))
    return found


def _triangle_sides(graph: CellGraph, cell: int) -> list[Side]:
    """Three sides of a triangle pointing up or down."""
    row, col = divmod(cell, graph.width)
    h = SQRT3 / 2
    left, right, mid = col / 2, col / 2 + 1, col / 2 + 0.5
    top, bottom = row * h, (row + 1) * h

    def at(r: int, c: int) -> int:
        """The cell id at (r, c), or -1 off the grid."""
        return r * graph.width + c if 0 <= r < graph.height and 0 <= c < graph.width else -1

    if points_up(row, col):
        apex, bl, br = (mid, top), (left, bottom), (right, bottom)
        return [
            Side(at(row, col + 1), (apex, br)),
            Side(at(row + 1, col), (br, bl)),
            Side(at(row, col - 1), (bl, apex)),
        ]
    tl, tr, apex = (left, top), (right, top), (mid, bottom)
    return [
        Side(at(row - 1, col), (tl, tr)),
        Side(at(row, col + 1), (tr, apex)),
        Side(at(row, col - 1), (apex, tl)),
    ]


def _polar_point(graph: CellGraph, radius: float, angle: float) -> Point:
    """A point at `radius` rings from the middle, `angle` clockwise from the top."""
    middle = float(len(graph.ring_sizes))
    return middle + radius * math.sin(angle), middle - radius * math.cos(angle)


def _arc(graph: CellGraph, radius: float, start: float, end: float) -> tuple[Point, ...]:
    """An arc from angle `start` to `end` as a polyline, finer where it is long."""
    steps = max(1, math.ceil(abs(end - start) * radius / 0.35))
    return tuple(_polar_point(graph, radius, start + (end - start) * k / steps) for k in range(steps + 1))


def _polar_sides(graph: CellGraph, cell: int) -> list[Side]:
    """Outer arcs (one per cell outside), clockwise side, inner arc, counter-clockwise side."""
    ring, index = graph.position(cell)
    sizes = graph.ring_sizes
    count = sizes[ring]
    first = graph.ring_starts[ring]
    ratio = sizes[ring + 1] // count if ring + 1 < len(sizes) else 1
    outer = [first + count + index * ratio + k for k in range(ratio)] if ring + 1 < len(sizes) else [-1]
    found = [Side(nb, _polar_side_points(graph, cell, k)) for k, nb in enumerate(outer)]
    if ring == 0:
        return found
    parent = first - sizes[ring - 1] + index * sizes[ring - 1] // count
    around = (first + (index + 1) % count, parent, first + (index - 1) % count)
    return found + [Side(nb, _polar_side_points(graph, cell, ratio + k)) for k, nb in enumerate(around)]


def _polar_side_points(graph: CellGraph, cell: int, slot: int) -> tuple[Point, ...]:
    """One side of a ring cell, by its slot in `sides()` order: an outer arc, cw, the inner arc, ccw."""
    ring, index = graph.position(cell)
    sizes = graph.ring_sizes
    span = 2 * math.pi / sizes[ring]
    start, end = index * span, (index + 1) * span
    ratio = sizes[ring + 1] // sizes[ring] if ring + 1 < len(sizes) else 1
    if slot < ratio:
        a = start + slot * span / ratio
        return _arc(graph, ring + 1, a, a + span / ratio)
    if slot == ratio:
        return (_polar_point(graph, ring + 1, end), _polar_point(graph, ring, end))
    if slot == ratio + 1:
        return _arc(graph, ring, end, start)
    return (_polar_point(graph, ring, start), _polar_point(graph, ring + 1, start))


def walls(graph: CellGraph, passages: Iterable[Passage]) -> Iterator[tuple[Point, ...]]:
    """Every wall still standing, once each, as polylines (a side with no passage across it), as found.

    A round maze's sides are arcs of many points: only the standing ones are
    computed (272,000 cells at 300 rings), each cell's ring found by a binary search.
    """
    if graph.shape == "polar":
        yield from _polar_walls(graph, passages)
        return
    size = graph.size
    opened = {min(a, b) * size + max(a, b) for a, b in passages}  # one int a passage: 4M cells fit
    for cell in range(size):
        for side in sides(graph, cell):
            nb = side.neighbour
            if nb < 0 or ((side.own or nb > cell) and min(cell, nb) * size + max(cell, nb) not in opened):
                yield side.points


def _polar_walls(graph: CellGraph, passages: Iterable[Passage]) -> list[tuple[Point, ...]]:
    """`walls` for a round maze: the neighbour table picks the standing sides at once, points for those."""
    table = side_neighbours(graph)
    ends = np.fromiter(itertools.chain.from_iterable(passages), np.int64).reshape(-1, 2)
    low, high = ends.min(axis=1), ends.max(axis=1)
    carved = np.zeros(table.shape, np.bool_)
    carved[low, (table[low] == high[:, None]).argmax(axis=1)] = (
        True  # each passage's side, from its lower cell
    )
    standing = (table == BORDER) | ((table > np.arange(graph.size)[:, None]) & ~carved)
    rows, slots = np.nonzero(standing)  # row-major: cell by cell, slots in `sides()` order
    points = _polar_side_points
    return [points(graph, cell, slot) for cell, slot in zip(rows.tolist(), slots.tolist(), strict=True)]


# --- the same geometry as arrays, for every cell at once ----------------------------------
#
# The painter of a 300 x 300 maze cannot walk `sides()` cell by cell (seconds of
# Python).  These functions give the same answers for all cells or all points in
# a few numpy operations: the centres, which cell a point lies in, which of its
# sides is nearest, and each side's neighbour in the order `sides()` lists them.

BORDER, NO_SIDE = -1, -2
"""In `side_neighbours`: a side on the border, and a slot past the cell's last side."""


Answer = TypeVar("Answer")


def per_graph(build: Callable[[CellGraph], Answer]) -> Callable[[CellGraph], Answer]:
    """`build(graph)` worked out once per graph and kept as long as the graph lives.

    An lru_cache of four kept the last four graphs and their arrays alive after the maze shapes demo was
    left (167 MB for four shapes at size 300): the app's other demos carried them.
    """
    answers: weakref.WeakKeyDictionary[CellGraph, Answer] = weakref.WeakKeyDictionary()

    @functools.wraps(build)
    def cached(graph: CellGraph) -> Answer:
        if graph not in answers:
            answers[graph] = build(graph)
        return answers[graph]

    return cached


@per_graph
def side_neighbours(graph: CellGraph) -> npt.NDArray[np.int64]:
    """(cells, most sides) array: the neighbour across each side as `sides()` orders them."""
    if graph.shape == "hex":
        return _hex_neighbours(graph)
    if graph.shape == "triangle":
        return _triangle_neighbours(graph)
    if graph.shape == "polar":
        return _polar_neighbours(graph)
    return _square_neighbours(graph)


@per_graph
def centres(graph: CellGraph) -> npt.NDArray[np.float64]:
    """(cells, 2) array of every cell's centre, as `centre()` gives it."""
    if graph.shape == "polar":
        return _polar_centres(graph)
    cells = np.arange(graph.size)
    if graph.shape == "hex":
        row, col = np.divmod(cells, graph.width)
        return np.column_stack((SQRT3 * (col + 0.5 + 0.5 * (row % 2)), 1.0 + 1.5 * row))
    if graph.shape == "triangle":
        row, col = np.divmod(cells, graph.width)
        up = (row + col) % 2 == 0
        y = (row + np.where(up, 2 / 3, 1 / 3)) * SQRT3 / 2
        return np.column_stack((col / 2 + 0.5, y))
    level, rest = np.divmod(cells, graph.width * graph.height)
    row, col = np.divmod(rest, graph.width)
    return np.column_stack((level * (graph.width + 1) + col + 0.5, row + 0.5))


def locate(
    graph: CellGraph, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """For points (drawing units): the cell each lies in (-1: none), its nearest side's slot, the distance."""
    if graph.shape == "hex":
        return _hex_locate(graph, x, y)
    if graph.shape == "triangle":
        return _triangle_locate(graph, x, y)
    if graph.shape == "polar":
        return _polar_locate(graph, x, y)
    return _square_locate(graph, x, y)


def _square_neighbours(graph: CellGraph) -> npt.NDArray[np.int64]:
    """Up, right, down, left (a torus wraps; 3-D floors are squares, stairs are not sides)."""
    w, h = graph.width, graph.height
    cells = np.arange(graph.size)
    level, rest = np.divmod(cells, w * h)
    row, col = np.divmod(rest, w)
    base = level * w * h
    found = np.empty((graph.size, 4), np.int64)
    for k, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        r, c = row + dr, col + dc
        if graph.shape == "torus":
            found[:, k] = base + (r % h) * w + c % w
        else:
            inside = (r >= 0) & (r < h) & (c >= 0) & (c < w)
            found[:, k] = np.where(inside, base + r * w + c, BORDER)
    return found


def _square_locate(
    graph: CellGraph, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Squares (3-D: floors side by side with one empty column between them)."""
    w, h = graph.width, graph.height
    level, fx = np.divmod(x, float(w + 1)) if graph.shape == "3d" else (np.zeros_like(x), x)
    col, row = np.floor(fx).astype(np.int64), np.floor(y).astype(np.int64)
    inside = (col >= 0) & (col < w) & (row >= 0) & (row < h) & (level >= 0) & (level < graph.levels)
    cell = np.where(inside, level.astype(np.int64) * w * h + row * w + col, -1)
    u, v = fx - col, y - row
    distances = np.stack((v, 1 - u, 1 - v, u))
    return cell, distances.argmin(axis=0), distances.min(axis=0)


def _hex_neighbours(graph: CellGraph) -> npt.NDArray[np.int64]:
    """NE, E, SE, SW, W, NW of each pointy-top hex (odd rows shifted right)."""
    row, col = np.divmod(np.arange(graph.size), graph.width)
    odd = row % 2
    steps = ((-1, odd), (0, 1), (1, odd), (1, odd - 1), (0, -1), (-1, odd - 1))
    found = np.empty((graph.size, 6), np.int64)
    for k, (dr, dc) in enumerate(steps):
        r, c = row + dr, col + dc
        inside = (r >= 0) & (r < graph.height) & (c >= 0) & (c < graph.width)
        found[:, k] = np.where(inside, r * graph.width + c, BORDER)
    return found


def _hex_locate(
    graph: CellGraph, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Axial coordinates rounded to the nearest hex, then the side facing the point."""
    px, py = x - SQRT3 / 2, y - 1.0
    q, r = (SQRT3 / 3) * px - py / 3, (2 / 3) * py
    cx, cz = q, r
    cy = -cx - cz
    rx, ry, rz = np.round(cx), np.round(cy), np.round(cz)
    dx, dy, dz = np.abs(rx - cx), np.abs(ry - cy), np.abs(rz - cz)
    fix_x = (dx > dy) & (dx > dz)
    fix_z = ~fix_x & (dz >= dy)
    rx = np.where(fix_x, -ry - rz, rx)
    rz = np.where(fix_z, -rx - ry, rz)
    row = rz.astype(np.int64)
    col = rx.astype(np.int64) + (row - (row & 1)) // 2
    inside = (row >= 0) & (row < graph.height) & (col >= 0) & (col < graph.width)
    cell = np.where(inside, row * graph.width + col, -1)
    ox = x - SQRT3 * (col + 0.5 + 0.5 * (row % 2))
    oy = y - (1.0 + 1.5 * row)
    angle = np.degrees(np.arctan2(oy, ox))
    side = np.floor((angle + 90.0) / 60.0).astype(np.int64) % 6
    normal = np.radians(-60.0 + 60.0 * side)
    distance = SQRT3 / 2 - (ox * np.cos(normal) + oy * np.sin(normal))
    return cell, side, distance


def _triangle_neighbours(graph: CellGraph) -> npt.NDArray[np.int64]:
    """Up triangles: right, below, left; down triangles: above, right, left."""
    w, h = graph.width, graph.height
    row, col = np.divmod(np.arange(graph.size), w)
    up = (row + col) % 2 == 0

    def at(r: npt.NDArray[np.int64], c: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Cell ids, BORDER off the grid."""
        return np.where((r >= 0) & (r < h) & (c >= 0) & (c < w), r * w + c, BORDER)

    right, left = at(row, col + 1), at(row, col - 1)
    below, above = at(row + 1, col), at(row - 1, col)
    return np.column_stack((np.where(up, right, above), np.where(up, below, right), np.where(up, left, left)))


def _triangle_locate(
    graph: CellGraph, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """The row, then which of the two triangles sharing a half-unit strip, then the three sides."""
    h = SQRT3 / 2
    row = np.floor(y / h).astype(np.int64)
    strip = np.floor(2 * x).astype(np.int64)
    u, v = 2 * x - strip, y / h - row
    strip_up = (row + strip) % 2 == 0
    mine = np.where(strip_up, u + v >= 1, u >= v)
    col = np.where(mine, strip, strip - 1)
    inside = (row >= 0) & (row < graph.height) & (col >= 0) & (col < graph.width)
    cell = np.where(inside, row * graph.width + col, -1)
    lx, ly = x - col / 2, y - row * h  # the cell's box: x in [0, 1], y in [0, h]
    up = (row + col) % 2 == 0
    slant_right = _slant(lx, ly, up, right=True)
    slant_left = _slant(lx, ly, up, right=False)
    flat = np.where(up, h - ly, ly)
    distances = np.stack((np.where(up, slant_right, flat), np.where(up, flat, slant_right), slant_left))
    return cell, distances.argmin(axis=0), distances.min(axis=0)


def _slant(
    lx: npt.NDArray[np.float64], ly: npt.NDArray[np.float64], up: npt.NDArray[np.bool_], right: bool
) -> npt.NDArray[np.float64]:
    """Distance to a triangle's right or left slanted side, the point in its box's units."""
    h = SQRT3 / 2
    depth = np.where(up, ly, h - ly)  # down from the apex's side
    reach = depth / SQRT3  # half the triangle's width at that depth
    across = (1 - lx) if right else lx
    return (across - (0.5 - reach)) * (SQRT3 / 2)


def _polar_first(graph: CellGraph) -> npt.NDArray[np.int64]:
    """The first cell id of each ring."""
    sizes = np.array(graph.ring_sizes, np.int64)
    return np.concatenate(([0], np.cumsum(sizes)[:-1]))


def _polar_rings(graph: CellGraph) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each cell's ring and index in it."""
    sizes = np.array(graph.ring_sizes, np.int64)
    ring = np.repeat(np.arange(len(sizes)), sizes)
    return ring, np.arange(graph.size) - _polar_first(graph)[ring]


def _polar_centres(graph: CellGraph) -> npt.NDArray[np.float64]:
    """The middle of each ring cell (the middle cell at the centre)."""
    ring, index = _polar_rings(graph)
    sizes = np.array(graph.ring_sizes, np.float64)
    angle = 2 * np.pi * (index + 0.5) / sizes[ring]
    middle = float(len(graph.ring_sizes))
    radius = np.where(ring == 0, 0.0, ring + 0.5)
    return np.column_stack((middle + radius * np.sin(angle), middle - radius * np.cos(angle)))


def _polar_ratio(graph: CellGraph) -> npt.NDArray[np.int64]:
    """Per ring, how many cells of the next ring sit outside each cell (1 at the rim: the border)."""
    sizes = np.array(graph.ring_sizes, np.int64)
    return np.concatenate((sizes[1:] // sizes[:-1], [1]))


def _polar_neighbours(graph: CellGraph) -> npt.NDArray[np.int64]:
    """The outer neighbours (or the border), then clockwise, inward, counter-clockwise."""
    ring, index = _polar_rings(graph)
    sizes = np.array(graph.ring_sizes, np.int64)
    first, ratios = _polar_first(graph), _polar_ratio(graph)
    rim = len(sizes) - 1
    most = int(ratios.max()) + 3
    found = np.full((graph.size, most), NO_SIDE, np.int64)
    ratio = ratios[ring]
    outer_first = np.where(ring < rim, first[np.minimum(ring + 1, rim)] + index * ratio, BORDER)
    for k in range(int(ratios.max())):
        found[:, k] = np.where(k < ratio, np.where(ring < rim, outer_first + k, BORDER), NO_SIDE)
    count = sizes[ring]
    inner = ring > 0
    rows = np.arange(graph.size)[inner]
    inner_ring = ring[inner]
    base, own, at = first[inner_ring], count[inner], ratio[inner]
    found[rows, at] = base + (index[inner] + 1) % own
    found[rows, at + 1] = first[inner_ring - 1] + index[inner] * sizes[inner_ring - 1] // own
    found[rows, at + 2] = base + (index[inner] - 1) % own
    return found


def _polar_locate(
    graph: CellGraph, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Ring by radius, cell by angle; sides: outer arc (which child), clockwise, inner arc, ccw."""
    rings = len(graph.ring_sizes)
    sizes = np.array(graph.ring_sizes, np.int64)
    middle = float(rings)
    dx, dy = x - middle, middle - y
    radius = np.hypot(dx, dy)
    angle = np.arctan2(dx, dy) % (2 * np.pi)
    ring = np.floor(radius).astype(np.int64)
    inside = ring < rings
    safe = np.minimum(ring, rings - 1)
    count = sizes[safe]
    span = 2 * np.pi / count
    index = np.minimum(np.floor(angle / span).astype(np.int64), count - 1)
    cell = np.where(inside, _polar_first(graph)[safe] + index, -1)
    ratio = _polar_ratio(graph)[safe]
    within = angle - index * span
    child = np.minimum(np.floor(within / (span / ratio)).astype(np.int64), ratio - 1)
    outer, inner = safe + 1 - radius, radius - safe
    clockwise, counter = (span - within) * radius, within * radius
    centre = safe == 0
    big = np.full_like(radius, np.inf)
    distances = np.stack(
        (
            outer,
            np.where(centre, big, clockwise),
            np.where(centre, big, inner),
            np.where(centre, big, counter),
        )
    )
    which = distances.argmin(axis=0)
    slot = np.choose(which, (child, ratio, ratio + 1, ratio + 2))
    return cell, slot, distances.min(axis=0)
