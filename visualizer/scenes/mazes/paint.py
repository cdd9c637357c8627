"""A maze of any shape on screen, drawn from `solvers.mazes.geometry`, repainting only what changed.

`fit_graph` places the graph's drawing in a rectangle.  `CellShapes` is the
drawing rasterised once per graph and size, with numpy: for every pixel the
cell it lies in and, for pixels within half a wall of a side, that side.  A
full paint is then a few array operations (45-60 ms for 300 x 300 hexes),
and `ShapeCanvas` keeps the painted maze on its own surface and, after
each frame, rewrites only the pixels of the cells the model lists as touched
(all of them in one array write for the fills and one for the walls).  Walls
are looked up only for the cells the model says had a wall change; the rest
(a solution's thousands of cells) only change colour and get back the walls
the canvas painted last.  What colour a cell is and which walls show is
asked of a `Look`, for all the listed cells at once; dead ends are hatched
as the square demo hatches them (`tones`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Protocol

import numpy as np
import numpy.typing as npt
import pygame

from solvers.mazes import geometry as geo
from solvers.mazes.graph import CellGraph, Passage
from visualizer import theme as th
from visualizer.scenes.mazes import tones

ScreenPoint = tuple[int, int]
Codes = npt.NDArray[np.uint8]
FULL_REPAINT_CELLS = 600
FULL_REPAINT_SHARE = 0.25
"""Above this many touched cells and this share of all, one full paint is cheaper than cell by cell.

Measured (bench/bench_mazes_frames.py's maze, 1280 x 800): a cell costs about 2 us, a full paint of
300 x 300 hexes 45-60 ms and of 300 polar rings 120-150 ms, so even a frame at full speed (under
2,000 cells) repaints cell by cell; with the old bar of 600 cells those frames took 50-80 ms."""
WALL_SHARE = 0.12
"""A wall's thickness as a share of a cell."""
MARGIN = 0.15
"""Room round the drawing, in cells, so the border walls show whole."""
STAIR_SHARE = 0.22
"""A stair mark's size as a share of a cell."""
STAIR_MIN = 2
"""Stair marks smaller than this (pixels) are left out: the cells are too small to hold them."""
TIE_BREAK = 1e-3
"""Pixels are sampled this far off their centre, so a wall on a pixel edge lands on one side only."""
LOCATE_PIXELS = 2**18
"""Pixels located at a time: the geometry's temporaries (a dozen arrays per pixel) stay a few MB,
where a whole 3840x2160 stage at once took a gigabyte for one frame (bench/soak.py)."""


class Look(Protocol):
    """What the painter asks: the cells' colours, which cells show, which walls are open."""

    opened: set[Passage]
    fog: bool
    hatched: int
    """The colour code of cells hatched as dead ends (`tones.striped`, as on the square); -1 for none."""

    def visible(self, cell: int) -> bool:
        """False where fog hides the cell (its walls are not drawn)."""

    def fills(self, cells: npt.NDArray[np.int64] | None = None) -> tuple[Codes, Sequence[th.Color]]:
        """The listed cells' colours (every cell's when None): a code per cell and the colours they index."""

    def visibility(self) -> npt.NDArray[np.bool_]:
        """Every cell's `visible` at once."""


@dataclass(frozen=True)
class Fit:
    """Graph units to screen pixels: x * scale + ox, y * scale + oy."""

    scale: float
    ox: float
    oy: float
    rect: pygame.Rect

    def at(self, point: geo.Point) -> ScreenPoint:
        """A graph point on screen."""
        return round(self.ox + point[0] * self.scale), round(self.oy + point[1] * self.scale)

    def units(self, pos: tuple[float, float]) -> geo.Point:
        """A screen point in graph units."""
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale


def fit_graph(graph: CellGraph, rect: pygame.Rect) -> Fit:
    """The largest drawing of the graph that fits `rect`, centred."""
    width, height = geo.extent(graph)
    scale = max(0.01, min(rect.w / (width + 2 * MARGIN), rect.h / (height + 2 * MARGIN)))
    w, h = width * scale, height * scale
    box = pygame.Rect(round(rect.x + (rect.w - w) / 2), round(rect.y + (rect.h - h) / 2), round(w), round(h))
    return Fit(scale, rect.x + (rect.w - w) / 2, rect.y + (rect.h - h) / 2, box)


class ScreenCentres:
    """Every cell's centre on screen; `centres[cell]` is an (x, y) pair of ints."""

    def __init__(self, points: npt.NDArray[np.int64]) -> None:
        self.points = points

    def __getitem__(self, cell: int) -> ScreenPoint:
        """One cell's centre."""
        x, y = self.points[cell]
        return int(x), int(y)

    def __len__(self) -> int:
        """How many cells."""
        return len(self.points)


class CellShapes:
    """The maze's drawing as pixels for one graph and one rectangle: cells, wall bands, centres."""

    def __init__(self, graph: CellGraph, fit: Fit, rect: pygame.Rect) -> None:
        self.graph, self.fit, self.rect = graph, fit, rect
        self.wall = max(1, round(fit.scale * WALL_SHARE * (2 if graph.shape == "polar" else 1)))
        self.neighbours = geo.side_neighbours(graph)
        self.slots = self.neighbours.shape[1]
        units = geo.centres(graph)
        self.centres = ScreenCentres(
            np.column_stack((fit.ox + units[:, 0] * fit.scale, fit.oy + units[:, 1] * fit.scale))
            .round()
            .astype(np.int64)
        )
        self._rasterise()

    def _rasterise(self) -> None:
        """Each pixel's cell, and the wall band's pixels grouped by cell (built once, in bands of rows)."""
        rect, edge = self.rect, self._edge_slots()
        rows = max(1, LOCATE_PIXELS // max(1, rect.w))
        bands = [
            self._locate_rows(top, min(rect.h, top + rows), edge) for top in range(0, max(1, rect.h), rows)
        ]
        pixels, cell, wall_pixels, wall_slots = (np.concatenate(parts) for parts in zip(*bands, strict=True))
        order = np.argsort(cell, kind="stable")
        self.pixels, self.pixel_cells = pixels[order].astype(np.int64), cell[order]
        self.starts = np.searchsorted(self.pixel_cells, np.arange(self.graph.size + 1))
        by_slot = np.argsort(wall_slots, kind="stable")
        self.wall_pixels, self.wall_slots = wall_pixels[by_slot], wall_slots[by_slot]
        self.wall_starts = np.searchsorted(self.wall_slots // self.slots, np.arange(self.graph.size + 1))

    def _locate_rows(
        self, top: int, bottom: int, edge: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.generic], ...]:
        """Rows top..bottom's pixels in a cell (flat index, cell), and those on a wall (index, slot)."""
        fit, rect = self.fit, self.rect
        ys, xs = np.mgrid[top:bottom, 0 : rect.w]
        x = (xs.ravel() + rect.x + 0.5 + TIE_BREAK - fit.ox) / fit.scale
        y = (ys.ravel() + rect.y + 0.5 + TIE_BREAK - fit.oy) / fit.scale
        cell, slot, distance = geo.locate(self.graph, x, y)
        inside = np.flatnonzero(cell >= 0)
        cell, slot, distance = cell[inside], slot[inside], distance[inside]
        flat_slot = cell * self.slots + slot
        band = np.where(edge[flat_slot], self.wall, self.wall / 2) / fit.scale
        on_wall = np.flatnonzero(distance < band)
        pixels = inside + top * rect.w
        return pixels, cell, pixels[on_wall], flat_slot[on_wall]

    def _edge_slots(self) -> npt.NDArray[np.bool_]:
        """Sides on the drawing's edge (the border, a torus's wrap sides): their wall lies all inside."""
        near = self.neighbours
        edge = near == geo.BORDER
        if self.graph.shape == "torus":
            units = geo.centres(self.graph)
            gap = units[np.maximum(near, 0)] - units[:, None, :]
            edge |= np.hypot(gap[..., 0], gap[..., 1]) > 1.5
        return edge.ravel()

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under a screen point, if any."""
        cell, _, _ = self._locate(pos)
        return cell

    def side_at(self, pos: tuple[int, int]) -> Passage | None:
        """The two neighbouring cells whose shared side is nearest a screen point (None at the border)."""
        cell, slot, _ = self._locate(pos)
        if cell is None:
            return None
        neighbour = int(self.neighbours[cell, slot])
        return (cell, neighbour) if neighbour >= 0 else None

    def _locate(self, pos: tuple[int, int]) -> tuple[int | None, int, float]:
        """The cell, side slot and distance (units) of a screen point."""
        x, y = self.fit.units((pos[0] + 0.5, pos[1] + 0.5))
        cells, slots, distances = geo.locate(self.graph, np.array([x]), np.array([y]))
        cell = int(cells[0])
        return (cell if cell >= 0 else None), int(slots[0]), float(distances[0])


def _opened_slots(shapes: CellShapes, opened: set[Passage]) -> npt.NDArray[np.bool_]:
    """For every side slot, whether a passage goes through it."""
    found = np.zeros(shapes.graph.size * shapes.slots, np.bool_)
    if not opened:
        return found
    pairs = np.fromiter(chain.from_iterable(opened), np.int64, 2 * len(opened)).reshape(-1, 2)
    for a, b in ((pairs[:, 0], pairs[:, 1]), (pairs[:, 1], pairs[:, 0])):
        match = shapes.neighbours[a] == b[:, None]
        side = match.any(axis=1)  # a 3-D maze's stairs are passages but no side
        found[a[side] * shapes.slots + match[side].argmax(axis=1)] = True
    return found


def _spans(first: npt.NDArray[np.int64], last: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The indexes first[0]..last[0]-1, first[1]..last[1]-1, ... as one array."""
    lengths = last - first
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, np.int64)
    ends = np.cumsum(lengths)
    return np.arange(total, dtype=np.int64) + np.repeat(first - (ends - lengths), lengths)


def _marks(size: int, cells: Sequence[int]) -> npt.NDArray[np.bool_]:
    """One flag per cell, true for the listed ones (repeats and -1, no cell, allowed).

    Flags then `flatnonzero` give the sorted distinct ids in linear time: `np.unique` of a
    solution's 15,000 ids took 6 ms (hashing), `sorted(set(...))` 3 ms."""
    ids = np.fromiter(cells, np.int64, len(cells))
    flags = np.zeros(size + 1, np.bool_)
    flags[ids] = True  # -1 lands on the spare last flag
    return flags[:size]


def _standing(shapes: CellShapes, look: Look, ids: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """For each listed cell and side slot, whether its wall stands and shows."""
    near = shapes.neighbours[ids]
    low = np.minimum(ids[:, None], near).ravel().tolist()
    high = np.maximum(ids[:, None], near).ravel().tolist()
    opened = np.fromiter(map(look.opened.__contains__, zip(low, high, strict=True)), np.bool_, near.size)
    standing = (near != geo.NO_SIDE) & ~((near >= 0) & opened.reshape(near.shape))
    if look.fog:
        shown = np.array([look.visible(cell) for cell in ids.tolist()], np.bool_)
        seen = [[nb >= 0 and look.visible(nb) for nb in row] for row in near.tolist()]
        standing &= shown[:, None] | np.array(seen, np.bool_).reshape(near.shape)
    return standing


class ShapeCanvas:
    """The painted maze on its own surface, repainted cell by cell as models report changes.

    Besides the pixels it keeps which walls it painted standing (`standing`, one flag per side
    slot), so a cell that only changed colour gets its walls back from there: no look-up of
    passages, which a solution's ~15,000 cells at once made cost 25 ms.
    """

    def __init__(self) -> None:
        self.shapes: CellShapes | None = None
        self.surface: pygame.Surface | None = None
        self.key: tuple[object, ...] = ()
        self.standing: npt.NDArray[np.bool_] = np.zeros(0, np.bool_)
        self._mapped: dict[th.Color, int] = {}

    def shapes_for(self, graph: CellGraph, rect: pygame.Rect) -> CellShapes:
        """The cell shapes for this graph in this rectangle (built once per graph and size)."""
        shapes = self.shapes
        if shapes is None or shapes.graph is not graph or shapes.rect != rect:
            self.shapes = CellShapes(graph, fit_graph(graph, rect), pygame.Rect(rect))
            self.key = ()
        assert self.shapes is not None
        return self.shapes

    def draw(
        self,
        target: pygame.Surface,
        rect: pygame.Rect,
        graph: CellGraph,
        look: Look,
        dirty: Sequence[int] | None,
        owner: object,
        walled: Sequence[int] | None = None,
    ) -> CellShapes:
        """Blit the maze into `rect`: a full paint for a new owner, size or dirty None; else the dirty cells.

        `walled` lists the cells whose walls may have changed (None: every dirty cell's may have);
        the other dirty cells only changed colour.
        """
        shapes = self.shapes_for(graph, rect)
        key = (id(owner), rect.size, rect.topleft)
        if dirty is None:
            self.key = ()
            dirty = ()
        touched = _marks(graph.size, dirty)
        rewalled = touched if walled is None else _marks(graph.size, walled)
        if look.fog and touched.any():  # a cell coming out of the fog shows its neighbours' walls
            near = [n for c in np.flatnonzero(touched).tolist() for n in graph.adjacency[c]]
            touched = rewalled = touched | _marks(graph.size, near)
        cells = np.flatnonzero(touched | rewalled)
        many = max(FULL_REPAINT_CELLS, graph.size * FULL_REPAINT_SHARE)
        if self.surface is None or self.key != key or len(cells) > many:
            self.surface = pygame.Surface(rect.size)
            self.surface.fill(th.BACKGROUND)
            self.key = key
            self._mapped = {}
            self._paint_all(shapes, look)
        elif len(cells):
            self._paint_cells(shapes, look, cells, np.flatnonzero(rewalled))
        target.blit(self.surface, rect.topleft)
        return shapes

    def _map(self, colour: th.Color) -> int:
        """A colour as the surface's pixel value."""
        assert self.surface is not None
        if colour not in self._mapped:
            self._mapped[colour] = self.surface.map_rgb(colour)
        return self._mapped[colour]

    def _colours(
        self, look: Look, cells: npt.NDArray[np.int64] | None
    ) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.bool_]]:
        """The listed (all) cells' colours as pixel values, in one array operation, and which are hatched."""
        codes, palette = look.fills(cells)
        return np.array([self._map(colour) for colour in palette], np.uint32)[codes], codes == look.hatched

    def _hatch(self, flat: npt.NDArray[np.uint32], pixels: npt.NDArray[np.int64]) -> None:
        """Stripe these pixels (flat row-major indices) as a dead end's, where the stripes run."""
        assert self.surface is not None
        width = self.surface.get_width()
        flat[pixels[tones.striped(pixels % width, pixels // width)]] = self._map(tones.STRIPE)

    def _pixels(self) -> npt.NDArray[np.uint32]:
        """The surface's pixels as one flat row-major array (a view: writes go to the surface)."""
        assert self.surface is not None
        return pygame.surfarray.pixels2d(self.surface).T.reshape(-1)

    def _paint_all(self, shapes: CellShapes, look: Look) -> None:
        """Every cell and every standing wall, as array operations."""
        visible = look.visibility()
        near = shapes.neighbours.ravel()
        owner = np.repeat(np.arange(shapes.graph.size), shapes.slots)
        seen = visible[owner] | ((near >= 0) & visible[np.maximum(near, 0)])
        self.standing = ~_opened_slots(shapes, look.opened) & seen
        flat = self._pixels()
        colours, hatched = self._colours(look, None)
        flat[shapes.pixels] = colours[shapes.pixel_cells]
        if hatched.any():
            self._hatch(flat, shapes.pixels[hatched[shapes.pixel_cells]])
        flat[shapes.wall_pixels[self.standing[shapes.wall_slots]]] = self._map(th.INK)
        del flat
        if shapes.graph.shape == "3d" and self._stairs_fit(shapes):
            for cell in range(shapes.graph.size):
                self._stairs(shapes, look, cell)

    def _paint_cells(
        self, shapes: CellShapes, look: Look, cells: npt.NDArray[np.int64], walled: npt.NDArray[np.int64]
    ) -> None:
        """Only the listed cells: their fill, then their halves of the walls (one array write each).

        The `walled` cells' walls are looked up afresh; the others' are as last painted.
        """
        flat = self._pixels()
        first, last = shapes.starts[cells], shapes.starts[cells + 1]
        pixels = shapes.pixels[_spans(first, last)]
        colours, hatched = self._colours(look, cells)
        flat[pixels] = np.repeat(colours, last - first)
        if hatched.any():
            self._hatch(flat, pixels[np.repeat(hatched, last - first)])
        if len(walled):
            slots = walled[:, None] * shapes.slots + np.arange(shapes.slots)
            self.standing[slots.ravel()] = _standing(shapes, look, walled).ravel()
        walls = _spans(shapes.wall_starts[cells], shapes.wall_starts[cells + 1])
        flat[shapes.wall_pixels[walls[self.standing[shapes.wall_slots[walls]]]]] = self._map(th.INK)
        del flat
        if shapes.graph.shape == "3d" and self._stairs_fit(shapes):
            for cell in cells.tolist():
                self._stairs(shapes, look, cell)

    @staticmethod
    def _stairs_fit(shapes: CellShapes) -> bool:
        """True when cells are big enough to hold a stair mark."""
        return shapes.fit.scale * STAIR_SHARE >= STAIR_MIN

    def _stairs(self, shapes: CellShapes, look: Look, cell: int) -> None:
        """A triangle pointing up for stairs up, down for stairs down."""
        assert self.surface is not None
        if not look.visible(cell):
            return
        graph, opened = shapes.graph, look.opened
        floor = graph.width * graph.height
        x, y = shapes.centres[cell]
        x, y = x - shapes.rect.x, y - shapes.rect.y
        r = max(STAIR_MIN, round(shapes.fit.scale * STAIR_SHARE))
        if (cell, cell + floor) in opened:
            pygame.draw.polygon(
                self.surface, th.INK, [(x - r - 1, y + r // 2), (x - 1, y + r // 2), (x - r // 2 - 1, y - r)]
            )
        if (cell - floor, cell) in opened:
            pygame.draw.polygon(
                self.surface,
                th.PURPLE,
                [(x + 1, y - r // 2), (x + r + 1, y - r // 2), (x + r // 2 + 1, y + r)],
            )
