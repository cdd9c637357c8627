"""A maze of any shape on screen, drawn from `solvers.mazes.geometry`, repainting only what changed.

`fit_graph` places the graph's drawing in a rectangle; `CellShapes` turns
every cell's outline and sides into screen points once; `ShapeCanvas` keeps
the painted maze on its own surface and repaints just the cells a model
lists as touched, so a frame costs the cells that changed, not the maze.
What colour a cell is and which walls show is asked of a `Look`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from solvers.mazes import geometry as geo
from solvers.mazes.graph import CellGraph, Passage
from visualizer import theme as th

ScreenPoint = tuple[int, int]
FULL_REPAINT_SHARE = 0.25
"""When more than this share of the cells changed, one full paint is cheaper."""
WALL_SHARE = 0.12
"""A wall's thickness as a share of a cell."""
MARGIN = 0.15
"""Room round the drawing, in cells, so the border walls show whole."""
STAIR_SHARE = 0.22
"""A stair mark's size as a share of a cell."""


class Look(Protocol):
    """What the painter asks: each cell's colour, whether its walls show, which walls are open."""

    opened: set[Passage]

    def fill(self, cell: int) -> th.Color:
        """The cell's colour."""

    def visible(self, cell: int) -> bool:
        """False where fog hides the cell (its walls are not drawn)."""


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


def fit_graph(graph: CellGraph, rect: pygame.Rect) -> Fit:
    """The largest drawing of the graph that fits `rect`, centred."""
    width, height = geo.extent(graph)
    scale = max(0.01, min(rect.w / (width + 2 * MARGIN), rect.h / (height + 2 * MARGIN)))
    w, h = width * scale, height * scale
    box = pygame.Rect(round(rect.x + (rect.w - w) / 2), round(rect.y + (rect.h - h) / 2), round(w), round(h))
    return Fit(scale, rect.x + (rect.w - w) / 2, rect.y + (rect.h - h) / 2, box)


class CellShapes:
    """Every cell's polygon and sides in screen points, for one graph and one fit."""

    def __init__(self, graph: CellGraph, fit: Fit) -> None:
        self.graph = graph
        self.fit = fit
        self.polygons: list[list[ScreenPoint]] = []
        self.sides: list[list[tuple[int, list[ScreenPoint]]]] = []
        for cell in range(graph.size):
            cell_sides = geo.sides(graph, cell)
            self.sides.append([(side.neighbour, [fit.at(p) for p in side.points]) for side in cell_sides])
            self.polygons.append([fit.at(p) for p in geo.outline(graph, cell)])
        self.centres = [fit.at(geo.centre(graph, cell)) for cell in range(graph.size)]
        self.wall = max(1, round(fit.scale * WALL_SHARE * (2 if graph.shape == "polar" else 1)))

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell whose centre is nearest a screen point inside the drawing, if any."""
        if not self.fit.rect.inflate(4, 4).collidepoint(pos):
            return None
        best = min(range(self.graph.size), key=lambda c: _distance2(self.centres[c], pos))
        reach = max(self.fit.scale, 4.0) * 1.2
        return best if _distance2(self.centres[best], pos) <= reach * reach else None


def _distance2(a: ScreenPoint, b: tuple[int, int]) -> int:
    """Squared distance."""
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


class ShapeCanvas:
    """The painted maze on its own surface, repainted cell by cell as models report changes."""

    def __init__(self) -> None:
        self.shapes: CellShapes | None = None
        self.surface: pygame.Surface | None = None
        self.key: tuple[object, ...] = ()

    def shapes_for(self, graph: CellGraph, rect: pygame.Rect) -> CellShapes:
        """The cell shapes for this graph in this rectangle (built once per graph and size)."""
        if (
            self.shapes is None
            or self.shapes.graph is not graph
            or self.shapes.fit.rect != fit_graph(graph, rect).rect
        ):
            self.shapes = CellShapes(graph, fit_graph(graph, rect))
            self.key = ()
        return self.shapes

    def draw(
        self,
        target: pygame.Surface,
        rect: pygame.Rect,
        graph: CellGraph,
        look: Look,
        dirty: Sequence[int],
        owner: object,
    ) -> CellShapes:
        """Blit the maze into `rect`: a full paint for a new owner or size, else the dirty cells."""
        shapes = self.shapes_for(graph, rect)
        key = (id(owner), rect.size, rect.topleft)
        if self.surface is None or self.key != key or len(dirty) > FULL_REPAINT_SHARE * graph.size:
            self.surface = pygame.Surface(rect.size)
            self.surface.fill(th.BACKGROUND)
            self.key = key
            self._paint(shapes, look, range(graph.size), rect)
        else:
            self._paint(shapes, look, sorted(set(dirty)), rect)
        target.blit(self.surface, rect.topleft)
        return shapes

    def _paint(self, shapes: CellShapes, look: Look, cells: Sequence[int] | range, rect: pygame.Rect) -> None:
        """Fill the cells, then draw their walls and stair marks."""
        assert self.surface is not None
        surface, dx, dy = self.surface, -rect.x, -rect.y
        polygon, line = pygame.draw.polygon, pygame.draw.lines
        for cell in cells:
            points = [(x + dx, y + dy) for x, y in shapes.polygons[cell]]
            if len(points) > 2:
                polygon(surface, look.fill(cell), points)
        wall, opened = shapes.wall, look.opened
        for cell in cells:
            shown = look.visible(cell)
            for nb, points in shapes.sides[cell]:
                if nb >= 0 and ((cell, nb) if cell < nb else (nb, cell)) in opened:
                    continue
                if shown or (nb >= 0 and look.visible(nb)):
                    line(surface, th.INK, False, [(x + dx, y + dy) for x, y in points], wall)
        if shapes.graph.shape == "3d":
            for cell in cells:
                if look.visible(cell):
                    self._stairs(shapes, cell, opened, (dx, dy))

    def _stairs(self, shapes: CellShapes, cell: int, opened: set[Passage], shift: tuple[int, int]) -> None:
        """A triangle pointing up for stairs up, down for stairs down."""
        assert self.surface is not None
        graph = shapes.graph
        floor = graph.width * graph.height
        x, y = shapes.centres[cell]
        x, y = x + shift[0], y + shift[1]
        r = max(2, round(shapes.fit.scale * STAIR_SHARE))
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
