"""Where each cell of a `CellGraph` is drawn: its outline, its sides and the neighbour across each.

Units: a square cell is 1 across; a hex has circumradius 1; a triangle has
sides 1; a polar ring is 1 deep.  y grows downwards (screen and SVG order).
3-D floors sit side by side, one empty column apart; the stairs between them
are not sides (`stairs` lists them).  Pure arithmetic: the SVG writer and the
app's painter both read it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

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
    first = sum(sizes[:ring])
    span = 2 * math.pi / count
    start, end = index * span, (index + 1) * span
    found = []
    if ring + 1 < len(sizes):
        ratio = sizes[ring + 1] // count
        child_span = span / ratio
        for k in range(ratio):
            a = start + k * child_span
            found.append(Side(first + count + index * ratio + k, _arc(graph, ring + 1, a, a + child_span)))
    else:
        found.append(Side(-1, _arc(graph, ring + 1, start, end)))
    if ring == 0:
        return found
    cw = first + (index + 1) % count
    ccw = first + (index - 1) % count
    found.append(Side(cw, (_polar_point(graph, ring + 1, end), _polar_point(graph, ring, end))))
    parent = first - sizes[ring - 1] + index * sizes[ring - 1] // count
    found.append(Side(parent, _arc(graph, ring, end, start)))
    found.append(Side(ccw, (_polar_point(graph, ring, start), _polar_point(graph, ring + 1, start))))
    return found


def walls(graph: CellGraph, passages: Iterable[Passage]) -> list[tuple[Point, ...]]:
    """Every wall still standing, once each, as polylines (a side with no passage across it)."""
    opened = {(a, b) for a, b in passages} | {(b, a) for a, b in passages}
    found = []
    for cell in range(graph.size):
        for side in sides(graph, cell):
            nb = side.neighbour
            if nb < 0 or ((side.own or nb > cell) and (cell, nb) not in opened):
                found.append(side.points)
    return found
