"""The maze demo: carve with the recursive backtracker, solve by backtracking, draw by hand.

Four actions share one stage:
- carve: a perfect maze grows from a full grid; the stack is the orange path
  that grows and shrinks, the current cell is blue, uncarved rock is grey;
- solve: the search explores (pale blue), abandons dead ends (hatched red) and
  ends on the path (green), or says the goal cannot be reached and shades the
  part reachable from the start;
- draw: edit the maze with the mouse (left-drag traces walls along the grid
  lines, right-drag knocks down the walls it crosses, S and G can be dragged);
  undo and redo; "carve the rest" runs the backtracker through the cells that
  are still closed (grey), keeping what was drawn.

The maze is painted with numpy straight into one surface, and only the cells
that events touched are repainted each frame: the model keeps a list of them
(`dirty`) that the view drains.  Mazes too large for two pixels a cell are
painted at two pixels a cell and scaled down to the stage.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from solvers import maze as mz
from solvers.events import Carve, DeadEnd, Note, Pop, Push, Solution, Visit
from visualizer import theme as th
from visualizer.assets import asset
from visualizer.panels import fit_text
from visualizer.player import Player, kind_is
from visualizer.scenes.base import Demo
from visualizer.widgets import Button, Choice, Label, Widget

Cell = tuple[int, int]

CARVE, REST, SOLVE, DRAW = "carve", "rest", "solve", "draw"

GUI_MIN, GUI_MAX = 5, 1000
"""Sizes the size chooser offers (files up to LOAD_MAX load too)."""
LOAD_MAX = 1000

SIZES: tuple[tuple[int, int], ...] = (
    (5, 5),
    (8, 6),
    (12, 8),
    (16, 10),
    (24, 16),
    (36, 24),
    (54, 36),
    (80, 54),
    (120, 80),
    (200, 200),
    (300, 300),
    (500, 500),
    (1000, 1000),
)
"""The ladder [ and ] walk; "size…" asks for any W x H."""
DEFAULT_SIZE = (16, 10)

DIRTY_CAP = 200_000
"""Past this many touched cells a full repaint is cheaper than the list."""

# Cell states, in the order they win when several apply.
UNSEEN, SEEN, STACKED, DEAD, PATH, REACHED, ROCK = range(7)

SHADE = 0.6
"""How far the stack's orange goes from the floor's white."""


# --- the model ----------------------------------------------------------------------


class MazeModel:
    """The maze as the events leave it: walls, visited cells, the stack, dead ends, the path."""

    def __init__(self, maze: mz.Maze, action: str, opened: np.ndarray | None = None) -> None:
        self.maze = maze
        self.action = action
        shape = (maze.height, maze.width)
        self.visited = np.zeros(shape, np.uint8) if opened is None else opened.astype(np.uint8)
        self.on_stack = np.zeros(shape, np.uint8)
        self.dead = np.zeros(shape, np.uint8)
        self.on_path = np.zeros(shape, np.uint8)
        self.stack: list[Cell] = []
        self.popped: list[Cell] = []
        self.path: tuple[Cell, ...] | None = None
        self.unreachable = False
        self.carved = 0
        self.visits = 0
        self.dead_ends = 0
        self.dirty: list[Cell] = []  # cells to repaint: drained by the view
        self.all_dirty = True

    def touch(self, *cells: Cell) -> None:
        """Note cells whose look changed (a render hint, not part of the state)."""
        if self.all_dirty:
            return
        dirty = self.dirty
        for cell in cells:
            if not dirty or dirty[-1] != cell:  # a Push then a Visit touch the same cell
                dirty.append(cell)
        if len(dirty) > DIRTY_CAP:
            dirty.clear()
            self.all_dirty = True

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        kind = type(event)
        if kind is Push:
            self.stack.append(event.what)
            self.on_stack[event.what] = 1
            self.touch(event.what)
        elif kind is Visit:
            self.visited[event.where] = 1
            self.visits += 1
            self.touch(event.where)
        elif kind is Carve:
            self.maze.set_wall(event.cell, event.other, False)
            self.carved += 1
            self.touch(event.cell, event.other)
        elif kind is Pop:
            cell = self.stack.pop()
            self.popped.append(cell)
            self.on_stack[cell] = 0
            self.touch(cell)
        elif kind is DeadEnd:
            self.dead[event.where] = 1
            self.dead_ends += 1
            self.touch(event.where)
        elif kind is Solution:
            self._mark_path(event.answer, 1)
            self.path = event.answer
        elif kind is Note and event.what == "unreachable":
            self.unreachable = True
            self.all_dirty = True

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        kind = type(event)
        if kind is Push:
            cell = self.stack.pop()
            self.on_stack[cell] = 0
            self.touch(cell)
        elif kind is Visit:
            self.visited[event.where] = 0
            self.visits -= 1
            self.touch(event.where)
        elif kind is Carve:
            self.maze.set_wall(event.cell, event.other, True)
            self.carved -= 1
            self.touch(event.cell, event.other)
        elif kind is Pop:
            cell = self.popped.pop()
            self.stack.append(cell)
            self.on_stack[cell] = 1
            self.touch(cell)
        elif kind is DeadEnd:
            self.dead[event.where] = 0
            self.dead_ends -= 1
            self.touch(event.where)
        elif kind is Solution:
            self._mark_path(event.answer, 0)
            self.path = None
        elif kind is Note and event.what == "unreachable":
            self.unreachable = False
            self.all_dirty = True

    def _mark_path(self, path: Sequence[Cell], value: int) -> None:
        """Set or clear the path layer along `path`."""
        rows, cols = np.array(path, dtype=np.intp).reshape(-1, 2).T
        self.on_path[rows, cols] = value
        if len(path) > 4096:
            self.all_dirty = True
        else:
            self.touch(*path)

    def states(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """The state (UNSEEN ... ROCK) of each cell (rows[i], cols[i])."""
        return self._combine(
            self.visited[rows, cols] == 1,
            self.on_stack[rows, cols] == 1,
            self.dead[rows, cols] == 1,
            self.on_path[rows, cols] == 1,
            lambda: closed_cells(self.maze, rows, cols),
        )

    def state_grid(self) -> np.ndarray:
        """The state of every cell, as an H x W grid."""
        h, w = self.maze.height, self.maze.width

        def closed() -> np.ndarray:
            """All four walls up, from whole-array slices."""
            right = self.maze.right == 1
            bottom = self.maze.bottom == 1
            left = np.ones_like(right)
            left[:, 1:] = right[:, :-1]
            top = np.ones_like(bottom)
            top[1:, :] = bottom[:-1, :]
            return right & bottom & left & top

        assert self.visited.shape == (h, w)
        return self._combine(self.visited == 1, self.on_stack == 1, self.dead == 1, self.on_path == 1, closed)

    def _combine(
        self, visited: np.ndarray, stacked: np.ndarray, dead: np.ndarray, path: np.ndarray, closed: Any
    ) -> np.ndarray:
        """States from the layers, in order of precedence (path wins)."""
        state = np.where(visited, SEEN, UNSEEN).astype(np.uint8)
        if self.action in (CARVE, REST):
            state[~visited] = ROCK
        elif self.action == DRAW:
            state[closed()] = ROCK
        if self.unreachable:
            state[visited] = REACHED
        else:
            state[dead] = DEAD
        state[stacked] = STACKED
        state[path] = PATH
        return state

    def snapshot(self) -> tuple:
        """The whole state as one comparable value (the render hints left out)."""
        return (
            self.maze.right.tobytes(),
            self.maze.bottom.tobytes(),
            self.visited.tobytes(),
            self.on_stack.tobytes(),
            self.dead.tobytes(),
            self.on_path.tobytes(),
            tuple(self.stack),
            tuple(self.popped),
            self.path,
            self.unreachable,
            self.carved,
            self.visits,
            self.dead_ends,
        )


def closed_cells(maze: mz.Maze, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """True for each cell with all four walls standing."""
    right = maze.right[rows, cols] == 1
    bottom = maze.bottom[rows, cols] == 1
    left = np.ones_like(right)
    inside = cols > 0
    left[inside] = maze.right[rows[inside], cols[inside] - 1] == 1
    top = np.ones_like(right)
    inside = rows > 0
    top[inside] = maze.bottom[rows[inside] - 1, cols[inside]] == 1
    return right & bottom & left & top


# --- the canvas: numpy painting into one surface ----------------------------------------


INK, DOT, STRIPE = 7, 8, 9
"""Palette codes beyond the states: walls, a corner no wall meets, a dead end's stripes."""


@cache
def palette(action: str) -> tuple[th.Color, ...]:
    """The colour of each code (the states, then INK, DOT, STRIPE) for the action on show."""
    floor = th.PANEL
    dead = th.blend(floor, th.DEAD, 0.32)
    colours = {
        UNSEEN: floor,
        SEEN: floor if action in (CARVE, REST) else th.blend(floor, th.VISITED, 0.4),
        STACKED: th.blend(floor, th.WAITING, SHADE),
        DEAD: dead,
        PATH: th.blend(floor, th.DONE, 0.75),
        REACHED: th.blend(floor, th.VISITED, 0.6),
        ROCK: th.blend(th.FAINT, th.MUTED, 0.3),
        INK: th.INK,
        DOT: th.blend(floor, th.INK, 0.25),
        STRIPE: th.blend(dead, th.DEAD, 0.6),
    }
    return tuple(colours[code] for code in range(len(colours)))


@dataclass
class Geometry:
    """Where the maze sits on screen: pitch p and wall t in bitmap pixels, then a scale."""

    width: int
    height: int
    pitch: int
    wall: int
    origin: tuple[int, int]
    scale: float  # screen pixels per bitmap pixel (below 1 when the maze is shrunk)

    @property
    def bitmap_size(self) -> tuple[int, int]:
        """Bitmap width and height in pixels."""
        return self.width * self.pitch + self.wall, self.height * self.pitch + self.wall

    @property
    def screen_size(self) -> tuple[int, int]:
        """The maze's size on screen."""
        w, h = self.bitmap_size
        return round(w * self.scale), round(h * self.scale)

    def to_bitmap(self, pos: tuple[int, int]) -> tuple[float, float]:
        """Screen position -> bitmap position."""
        return (pos[0] - self.origin[0]) / self.scale, (pos[1] - self.origin[1]) / self.scale

    def cell_at(self, pos: tuple[int, int]) -> Cell:
        """The cell under a screen position (clamped to the grid)."""
        x, y = self.to_bitmap(pos)
        col = int((x - self.wall / 2) // self.pitch)
        row = int((y - self.wall / 2) // self.pitch)
        return min(max(row, 0), self.height - 1), min(max(col, 0), self.width - 1)

    def post_at(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The grid corner (row line, column line) nearest a screen position."""
        x, y = self.to_bitmap(pos)
        col = round((x - self.wall / 2) / self.pitch)
        row = round((y - self.wall / 2) / self.pitch)
        return min(max(row, 0), self.height), min(max(col, 0), self.width)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """A cell's floor on screen."""
        row, col = cell
        x = self.origin[0] + (col * self.pitch + self.wall) * self.scale
        y = self.origin[1] + (row * self.pitch + self.wall) * self.scale
        size = max(1.0, (self.pitch - self.wall) * self.scale)
        return pygame.Rect(round(x), round(y), max(1, round(size)), max(1, round(size)))

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        """A cell's centre on screen."""
        row, col = cell
        half = self.wall + (self.pitch - self.wall) / 2
        return (
            round(self.origin[0] + (col * self.pitch + half) * self.scale),
            round(self.origin[1] + (row * self.pitch + half) * self.scale),
        )


def fit(width: int, height: int, area: pygame.Rect) -> Geometry:
    """The largest whole pitch that fits `area`, or pitch 2 scaled down when none does."""
    pitch = max(2, min(area.w // width, area.h // height))
    wall = max(1, round(pitch / 9))
    while pitch > 2 and (width * pitch + wall > area.w or height * pitch + wall > area.h):
        pitch -= 1
        wall = max(1, round(pitch / 9))
    scale = 1.0
    if width * pitch + wall > area.w or height * pitch + wall > area.h:
        scale = min(area.w / (width * pitch + wall), area.h / (height * pitch + wall))
    geometry = Geometry(width, height, pitch, wall, (0, 0), scale)
    w, h = geometry.screen_size
    geometry.origin = (area.x + (area.w - w) // 2, area.y + (area.h - h) // 2)
    return geometry


def _blocks(xs: np.ndarray, ys: np.ndarray, width: int, height: int) -> tuple[np.ndarray, ...]:
    """Index arrays (x, y) covering a width x height block at each (xs[i], ys[i])."""
    across = xs[:, None, None] + np.arange(width)[None, :, None]
    down = ys[:, None, None] + np.arange(height)[None, None, :]
    return np.broadcast_arrays(across, down)


FINE = 4
"""Below this many screen pixels a cell, walls inside uncarved rock are not inked."""


def _segment_codes(
    a: np.ndarray, b: np.ndarray, wall: np.ndarray, inside: np.ndarray, fine: bool
) -> np.ndarray:
    """Each wall segment's code: INK, or the state its two cells share, or the floor."""
    code = np.where(a == b, a, SEEN).astype(np.uint8)
    ink = wall.copy()
    if fine:  # inside uncarved rock the grid would only darken it
        ink &= ~(inside & (a == ROCK) & (b == ROCK))
    code[ink] = INK
    return code


class MazeCanvas:
    """The maze painted as palette codes into one 8-bit surface; repaints what changed.

    Codes rather than colours: a cell is one byte to write, and the palette
    turns it into the action's colour when the surface is blitted.
    """

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.geometry: Geometry | None = None
        self.bitmap: pygame.Surface | None = None
        self.shown: pygame.Surface | None = None  # the bitmap scaled to the stage
        self.stale = True  # the scaled copy needs redoing

    def sync(self, model: MazeModel, area: pygame.Rect, generation: int) -> Geometry:
        """Bring the bitmap up to date with the model; return where it goes."""
        key = (generation, id(model), model.action, area.size, model.maze.width, model.maze.height)
        if key != self.key or self.bitmap is None or self.geometry is None:
            self.key = key
            self.geometry = fit(model.maze.width, model.maze.height, area)
            self.bitmap = pygame.Surface(self.geometry.bitmap_size, depth=8)
            self.bitmap.set_palette(list(palette(model.action)))
            model.all_dirty = True
        geometry = self.geometry
        w, h = geometry.screen_size
        geometry.origin = (area.x + (area.w - w) // 2, area.y + (area.h - h) // 2)
        width = model.maze.width
        if model.all_dirty:
            model.all_dirty = False
            model.dirty.clear()
            self.paint_all(model)
        elif model.dirty:
            cells = np.array(model.dirty, np.intp).reshape(-1, 2)
            model.dirty.clear()
            # Input between a resize of the grid and the next frame can name cells
            # of the old grid: they are not on this one.
            inside = (cells[:, 0] < model.maze.height) & (cells[:, 1] < width) & (cells >= 0).all(1)
            flat = cells[inside] @ np.array([width, 1])
            if flat.size:
                rows, cols = np.divmod(np.unique(flat), width)
                self.paint(model, rows, cols)
        return geometry

    def _fine(self, model: MazeModel) -> bool:
        """True when cells are too small on screen for the walls inside rock."""
        assert self.geometry is not None
        return model.action in (CARVE, REST) and self.geometry.pitch * self.geometry.scale < FINE

    def paint_all(self, model: MazeModel) -> None:
        """Repaint everything with whole-array slices (fast even at 1000 x 1000)."""
        assert self.bitmap is not None and self.geometry is not None
        p, t = self.geometry.pitch, self.geometry.wall
        maze = model.maze
        h, w = maze.height, maze.width
        state = model.state_grid().T  # (x, y) order, as the surface's pixels are
        right, bottom = (maze.right == 1).T, (maze.bottom == 1).T
        fine = self._fine(model)
        image = np.full((w * p + t, h * p + t), INK, np.uint8)  # the left and top border
        # Each cell's pitch-square after the first t pixels: [col, x within, row, y within];
        # its floor comes first, then the wall lines it shares with the next cell.
        squares = image[t:, t:].reshape(w, p, h, p)
        floor = p - t
        squares[:, :floor, :, :floor] = state[:, None, :, None]
        dead = state == DEAD
        if dead.any():
            xs, ys = np.indices(image.shape)
            stripes = ((xs + ys) % 4 == 0)[t:, t:].reshape(w, p, h, p)[:, :floor, :, :floor]
            view = squares[:, :floor, :, :floor]
            view[stripes & dead[:, None, :, None]] = STRIPE
        between = _segment_codes(state[:-1, :], state[1:, :], right[:-1, :], np.ones((w - 1, h), bool), fine)
        squares[:-1, floor:, :, :floor] = between[:, None, :, None]
        below = _segment_codes(state[:, :-1], state[:, 1:], bottom[:, :-1], np.ones((w, h - 1), bool), fine)
        squares[:, :floor, :-1, floor:] = below[:, None, :, None]
        walled = right[:-1, :-1] | right[:-1, 1:] | bottom[:-1, :-1] | bottom[1:, :-1]
        posts = np.where(walled, INK, DOT).astype(np.uint8)
        if fine:
            rock = (model.visited == 0).T
            posts[rock[:-1, :-1] & rock[1:, :-1] & rock[:-1, 1:] & rock[1:, 1:]] = ROCK
        squares[:-1, floor:, :-1, floor:] = posts[:, None, :, None]
        pygame.surfarray.blit_array(self.bitmap, image)
        self.stale = True

    def paint(self, model: MazeModel, rows: np.ndarray, cols: np.ndarray) -> None:
        """Repaint these cells, the walls on their four sides and their corners."""
        assert self.bitmap is not None and self.geometry is not None
        p, t = self.geometry.pitch, self.geometry.wall
        h, w = model.maze.height, model.maze.width
        # One lookup for the cells and their four neighbours (clipped at the border).
        count = len(rows)
        west, east = np.maximum(cols - 1, 0), np.minimum(cols + 1, w - 1)
        north, south = np.maximum(rows - 1, 0), np.minimum(rows + 1, h - 1)
        states = model.states(
            np.concatenate([rows, rows, rows, north, south]),
            np.concatenate([cols, west, east, cols, cols]),
        )
        here, left, right, up, down = (states[i * count : (i + 1) * count] for i in range(5))
        fine = self._fine(model)
        pixels = pygame.surfarray.pixels2d(self.bitmap)  # (x, y): writes go to the surface
        try:
            xs, ys = _blocks(cols * p + t, rows * p + t, p - t, p - t)
            codes = np.broadcast_to(here[:, None, None], xs.shape)
            dead = here == DEAD
            if dead.any():
                codes = np.where(((xs + ys) % 4 == 0) & dead[:, None, None], STRIPE, codes)
            pixels[xs, ys] = codes
            # Vertical segments on column lines c and c + 1, horizontal on row lines r, r + 1.
            seg_rows, lines = np.concatenate([rows, rows]), np.concatenate([cols, cols + 1])
            inside = (lines > 0) & (lines < w)
            wall = np.ones(len(lines), bool)
            wall[inside] = model.maze.right[seg_rows[inside], lines[inside] - 1] == 1
            code = _segment_codes(
                np.concatenate([left, here]), np.concatenate([here, right]), wall, inside, fine
            )
            xs, ys = _blocks(lines * p, seg_rows * p + t, t, p - t)
            pixels[xs, ys] = code[:, None, None]
            lines, seg_cols = np.concatenate([rows, rows + 1]), np.concatenate([cols, cols])
            inside = (lines > 0) & (lines < h)
            wall = np.ones(len(lines), bool)
            wall[inside] = model.maze.bottom[lines[inside] - 1, seg_cols[inside]] == 1
            code = _segment_codes(
                np.concatenate([up, here]), np.concatenate([here, down]), wall, inside, fine
            )
            xs, ys = _blocks(seg_cols * p + t, lines * p, p - t, t)
            pixels[xs, ys] = code[:, None, None]
            self._paint_posts(model, pixels, rows, cols, fine)
        finally:
            del pixels
        self.stale = True

    def _paint_posts(
        self, model: MazeModel, pixels: np.ndarray, rows: np.ndarray, cols: np.ndarray, fine: bool
    ) -> None:
        """Corner posts: ink where a wall meets them, a faint dot where none does."""
        assert self.geometry is not None
        p, t = self.geometry.pitch, self.geometry.wall
        maze = model.maze
        h, w = maze.height, maze.width
        prow = np.concatenate([rows, rows, rows + 1, rows + 1])
        pcol = np.concatenate([cols, cols + 1, cols, cols + 1])
        inner = (prow > 0) & (prow < h) & (pcol > 0) & (pcol < w)
        r, c = prow[inner] - 1, pcol[inner] - 1  # the cell up and to the left of the post
        walled = np.ones(len(prow), bool)  # border posts always meet the border
        walled[inner] = (
            (maze.right[r, c] == 1)
            | (maze.right[r + 1, c] == 1)
            | (maze.bottom[r, c] == 1)
            | (maze.bottom[r, c + 1] == 1)
        )
        code = np.where(walled, INK, DOT).astype(np.uint8)
        if fine:
            seen = model.visited
            rock = np.zeros(len(prow), bool)
            rock[inner] = (
                (seen[r, c] == 0) & (seen[r + 1, c] == 0) & (seen[r, c + 1] == 0) & (seen[r + 1, c + 1] == 0)
            )
            code[rock] = ROCK
        xs, ys = _blocks(pcol * p, prow * p, t, t)
        pixels[xs, ys] = code[:, None, None]

    def blit(self, surface: pygame.Surface) -> None:
        """Put the maze on screen (scaled down when it is larger than the stage)."""
        assert self.bitmap is not None and self.geometry is not None
        geometry = self.geometry
        if geometry.scale == 1.0:
            surface.blit(self.bitmap, geometry.origin)
            return
        size = geometry.screen_size
        if self.shown is None or self.shown.get_size() != size:
            self.shown = pygame.Surface(size).convert()
            self.stale = True
        if self.stale:
            # smoothscale needs true colour (the display's format is its fast path);
            # averaging keeps 1-pixel walls visible where dropping rows would not.
            pygame.transform.smoothscale(self.bitmap.convert(), size, self.shown)
            self.stale = False
        surface.blit(self.shown, geometry.origin)


# --- editing by hand ---------------------------------------------------------------------


@dataclass
class Stroke:
    """One drag's changes: walls (a, b, was_wall) and marker moves (name, old, new)."""

    walls: list[tuple[Cell, Cell, bool]] = field(default_factory=list)
    markers: list[tuple[str, Cell, Cell]] = field(default_factory=list)

    def __bool__(self) -> bool:
        """True when the stroke changed something."""
        return bool(self.walls or self.markers)


@dataclass
class Drag:
    """A drag under way: what it does and where it was last."""

    kind: str  # "draw" | "erase" | "start" | "goal"
    last: tuple[int, int]
    stroke: Stroke


def lattice_steps(a: tuple[int, int], b: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """Points from a to b, one unit step at a time along the longer axis first."""
    r, c = a
    while (r, c) != b:
        dr, dc = b[0] - r, b[1] - c
        if abs(dc) >= abs(dr):
            c += 1 if dc > 0 else -1
        else:
            r += 1 if dr > 0 else -1
        yield r, c


def segment_cells(
    a: tuple[int, int], b: tuple[int, int], width: int, height: int
) -> tuple[Cell, Cell] | None:
    """The two cells a wall segment between neighbouring posts separates.

    None when the segment lies on the border, leaves the grid, or is not one
    unit long (a drag can jump, and the grid can change size under it).
    """
    (r1, c1), (r2, c2) = sorted((a, b))
    if (r2, c2) == (r1, c1 + 1):  # along a row line: the wall under cell (r1 - 1, c1)
        return ((r1 - 1, c1), (r1, c1)) if 0 < r1 < height and 0 <= c1 < width else None
    if (r2, c2) == (r1 + 1, c1):  # along a column line: the wall right of cell (r1, c1 - 1)
        return ((r1, c1 - 1), (r1, c1)) if 0 < c1 < width and 0 <= r1 < height else None
    return None


# --- the demo -----------------------------------------------------------------------------


class MazeDemo(Demo):
    """Carve a maze by backtracking, solve it, draw your own."""

    name = "maze"
    title = "Maze: carve by backtracking, solve by backtracking"
    blurb = "carve a maze by backtracking, solve it, draw your own"
    default_speed = 30.0
    keys = (
        ("C / R", "carve this maze again / carve a new one"),
        ("V", "solve the maze on show"),
        ("D / E / W", "draw on this maze / on an empty grid / on a full grid"),
        ("T", "carve the rest: the backtracker through the grey cells"),
        ("left drag", "draw walls along the grid lines"),
        ("right drag", "knock down the walls you cross"),
        ("drag S or G", "move the start or the goal"),
        ("Z / Y", "undo / redo a stroke"),
        ("[ / ]", "smaller / larger maze"),
        ("Ctrl+S / Ctrl+O", "save / load a maze file"),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.width, self.height = DEFAULT_SIZE
        self.maze_seed = self.seed
        self.action = CARVE
        self.start: Cell = (0, 0)
        self.goal: Cell = (self.height - 1, self.width - 1)
        self.run_base = mz.Maze.full(self.width, self.height)
        self.maze = self.run_base  # the maze that draw and solve use
        self._finished: mz.Maze | None = None
        self.canvas = MazeCanvas()
        self.drag: Drag | None = None
        self.undo: list[Stroke] = []
        self.redo: list[Stroke] = []
        self.geometry: Geometry | None = None
        self.last_file = ""

    # --- what runs -----------------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """The events of the current action."""
        if self.action in (CARVE, REST):
            return mz.carve_rest(self.run_base, self.maze_seed)
        if self.action == SOLVE:
            return mz.solve(self.run_base, self.start, self.goal)
        return iter(())

    def make_model(self) -> MazeModel:
        """A fresh model at the start of the action (drawing edits the maze itself)."""
        if self.action == DRAW:
            return MazeModel(self.maze, DRAW)
        opened = self.run_base.opened() if self.action in (CARVE, REST) else None
        return MazeModel(self.run_base.copy(), self.action, opened)

    def finished_maze(self) -> mz.Maze:
        """The maze the current action ends with (carving is finished by the plain function)."""
        if self.action not in (CARVE, REST):
            return self.maze
        if self._finished is None:
            self._finished = mz.complete(self.run_base, self.maze_seed)
        return self._finished

    def shown_maze(self) -> mz.Maze:
        """The maze as it stands on screen now."""
        model = self.shell.run.model
        assert isinstance(model, MazeModel)
        return model.maze

    # --- actions ---------------------------------------------------------------------------

    def carve_new(self, next_seed: bool = False) -> None:
        """Carve a maze of the current size from a full grid."""
        if next_seed:
            self.maze_seed += 1
        self._begin(CARVE, mz.Maze.full(self.width, self.height))

    def carve_rest(self) -> None:
        """Run the backtracker through the cells the drawing left closed."""
        base = self.shown_maze().copy()
        if not base.opened().any():
            self.notify("every cell is closed: this carves a whole new maze")
        elif base.opened().all():
            self.notify("no closed (grey) cell is left to carve")
        self._begin(REST, base)

    def solve(self) -> None:
        """Search for a path from S to G through the maze on show (a finished one)."""
        self.maze = self.finished_maze().copy()
        self._begin(SOLVE, self.maze.copy(), autoplay=False)

    def draw_on(self, which: str) -> None:
        """Start drawing on this maze, an empty grid or a full grid."""
        if which == "empty":
            maze = mz.Maze.empty(self.width, self.height)
        elif which == "full":
            maze = mz.Maze.full(self.width, self.height)
        else:
            maze = self.shown_maze().copy()
        self.undo.clear()
        self.redo.clear()
        self.maze = maze
        self._begin(DRAW, maze)

    def _begin(self, action: str, base: mz.Maze, autoplay: bool = False) -> None:
        """Switch action and start its run."""
        self.action = action
        self.run_base = base
        self._finished = None
        if action == DRAW:
            self.maze = base
        self.new_run(autoplay=autoplay)

    def set_size(self, width: int, height: int) -> None:
        """A new size: markers to the corners, a new maze carved."""
        self.width, self.height = width, height
        self.start, self.goal = (0, 0), (height - 1, width - 1)
        self.carve_new()

    def step_size(self, step: int) -> None:
        """Walk the size ladder."""
        area = [w * h for w, h in SIZES]
        here = self.width * self.height
        index = min(range(len(SIZES)), key=lambda i: abs(area[i] - here))
        index = max(0, min(len(SIZES) - 1, index + step))
        self.set_size(*SIZES[index])

    def ask_size(self) -> None:
        """Ask for any W x H from 5 x 5 to 1000 x 1000."""
        self.shell.ask(
            f"Maze size, W x H ({GUI_MIN} to {GUI_MAX} each):",
            f"{self.width} x {self.height}",
            self._size_answer,
        )

    def _size_answer(self, text: str) -> None:
        """Parse the size typed in."""
        parts = text.lower().replace("×", "x").replace(",", "x").split("x")
        try:
            width, height = (int(part) for part in parts)
        except ValueError:
            self.notify(f"a size looks like 40 x 30, not {text!r}")
            return
        if not (GUI_MIN <= width <= GUI_MAX and GUI_MIN <= height <= GUI_MAX):
            self.notify(f"sizes go from {GUI_MIN} to {GUI_MAX} each way")
            return
        self.set_size(width, height)

    # --- editing -----------------------------------------------------------------------------

    def _ensure_drawing(self) -> None:
        """Drawing starts on the maze as it is on screen."""
        if self.action != DRAW:
            self.draw_on("this")

    def _set_wall(self, a: Cell, b: Cell, wall: bool, stroke: Stroke) -> None:
        """Build or knock down one wall, recorded in the stroke."""
        if not (self.maze.contains(a) and self.maze.contains(b)):
            return  # a drag that began on a grid of another size
        if self.maze.set_wall(a, b, wall):
            stroke.walls.append((a, b, not wall))
            self._touch(a, b)

    def _touch(self, *cells: Cell) -> None:
        """Repaint cells after an edit (their neighbours' corners too)."""
        model = self.shell.run.model
        if isinstance(model, MazeModel):
            model.touch(*cells)

    def _move_marker(self, which: str, cell: Cell, stroke: Stroke) -> None:
        """Move S or G to `cell`."""
        old = self.start if which == "start" else self.goal
        if cell == old or not self.maze.contains(cell):  # a drag from a grid of another size
            return
        if which == "start":
            self.start = cell
        else:
            self.goal = cell
        stroke.markers.append((which, old, cell))

    def undo_stroke(self) -> None:
        """Take back the last stroke."""
        if not self.undo:
            self.notify("nothing to undo")
            return
        stroke = self.undo.pop()
        self._replay(stroke, forward=False)
        self.redo.append(stroke)

    def redo_stroke(self) -> None:
        """Do again the last stroke taken back."""
        if not self.redo:
            self.notify("nothing to redo")
            return
        stroke = self.redo.pop()
        self._replay(stroke, forward=True)
        self.undo.append(stroke)

    def _replay(self, stroke: Stroke, forward: bool) -> None:
        """Apply a stroke, or its inverse in reverse order."""
        if self.action != DRAW:
            self.draw_on("this")
        walls = stroke.walls if forward else reversed(stroke.walls)
        for a, b, was_wall in walls:
            self.maze.set_wall(a, b, not was_wall if forward else was_wall)
            self._touch(a, b)
        markers = stroke.markers if forward else reversed(stroke.markers)
        for which, old, new in markers:
            setattr(self, which, new if forward else old)

    # --- files ---------------------------------------------------------------------------------

    def ask_save(self) -> None:
        """Ask where to save the maze on screen."""
        out_dir = Path(getattr(self.shell.app.options, "out_dir", "."))
        default = self.last_file or str(out_dir / f"maze-{self.width}x{self.height}.txt")
        self.shell.ask("Save the maze as (a text file):", default, self.save_to)

    def save_to(self, path: str) -> None:
        """Write the maze on screen with its S and G."""
        maze = self.shown_maze().copy()
        maze.start, maze.goal = self.start, self.goal
        try:
            maze.save(os.path.expanduser(path))
        except OSError as error:
            self.notify(f"could not save {path}: {error.strerror or error}")
            return
        self.last_file = path
        self.notify(f"saved {path}")

    def ask_load(self) -> None:
        """Ask which maze file to open."""
        default = self.last_file or str(asset("puzzles", "mazes", "loops.txt"))
        self.shell.ask("Open a maze file:", default, self.load_from)

    def load_from(self, path: str) -> None:
        """Read a maze file; a bad one leaves the current maze as it is."""
        try:
            maze = mz.Maze.load(os.path.expanduser(path))
        except mz.MazeError as error:
            self.notify(str(error))
            return
        if max(maze.width, maze.height) > LOAD_MAX:
            self.notify(f"the app shows mazes up to {LOAD_MAX} x {LOAD_MAX} cells")
            return
        self.last_file = path
        self.width, self.height = maze.width, maze.height
        self.start, self.goal = maze.start, maze.goal_cell
        self.undo.clear()
        self.redo.clear()
        self.maze = maze
        self._begin(DRAW, maze)
        self.notify(f"opened {Path(path).name}: {maze.width} x {maze.height}; V solves it")

    # --- how it reads ---------------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """Carving or solving pseudocode."""
        return mz.SOLVE_PSEUDOCODE if self.action == SOLVE else mz.CARVE_PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The event in words."""
        kind = type(event)
        if kind is Carve:
            if event.line == 10:
                return f"join two parts: knock down {_at(event.cell)} | {_at(event.other)}"
            return f"knock down the wall {_at(event.cell)} | {_at(event.other)}"
        if kind is Push:
            if self.action == SOLVE:
                return f"enter {_at(event.what)}: add it to the path"
            if event.parent < 0:
                return f"start from {_at(event.what)}: push it"
            return f"push {_at(event.what)}: the way back grows"
        if kind is Pop and event.backtrack:
            stride = self.width + 2
            cell = (event.node // stride - 1, event.node % stride - 1)
            if self.action == SOLVE:
                return f"back up from {_at(cell)}"
            return f"{_at(cell)}: no unvisited neighbour, pop"
        if kind is DeadEnd:
            return f"dead end at {_at(event.where)}"
        if kind is Note:
            if event.what == "unreachable":
                return "every reachable cell is explored: the goal cannot be reached"
            a, b = event.what
            if event.line == 4:
                return f"{_at(b)} was visited before: do not go back in"
            return f"try the corridor from {_at(a)} to {_at(b)}"
        if kind is Solution:
            return f"the goal! a path of {len(event.answer):,} cells"
        return None

    def shared_counters(self) -> Sequence[str]:
        """Stack depth now and at most, backtracks."""
        return ("events", "depth", "max_depth", "backtracks")

    def counters(self, model: MazeModel) -> list[tuple[str, str]]:
        """Cells visited, walls removed, dead ends, path length."""
        path = len(model.path) if model.path else (len(model.stack) if self.action == SOLVE else 0)
        return [
            ("cells visited", f"{model.visits:,}"),
            ("walls removed", f"{model.carved:,}"),
            ("dead ends", f"{model.dead_ends:,}"),
            ("path length", f"{path:,}"),
            ("size", f"{self.width} × {self.height}"),
            ("seed", str(self.maze_seed)),
        ]

    def breakpoints(self) -> list[tuple[str, Any]]:
        """Stop at the next dead end."""
        return [("next dead end", kind_is("DeadEnd"))]

    # --- controls and keys ------------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Actions, drawing, size, files."""
        drawing = lambda: self.action == DRAW  # noqa: E731
        return [
            Choice(
                [("carve", CARVE), ("solve", SOLVE), ("draw", DRAW)],
                lambda: REST if self.action == REST else self.action,
                self._choose,
                hint="C carve / V solve / D draw",
            ),
            Button("new maze", lambda: self.carve_new(next_seed=True), hint="R: another seed"),
            Label("draw on:"),
            Button("empty", lambda: self.draw_on("empty"), hint="E: no walls inside"),
            Button("full", lambda: self.draw_on("full"), hint="W: every wall standing"),
            Button(
                "carve the rest",
                self.carve_rest,
                hint="T: backtrack through grey cells",
                active=lambda: self.action == REST,
            ),
            Button("undo", self.undo_stroke, hint="Z", enabled=lambda: drawing() and bool(self.undo)),
            Button("redo", self.redo_stroke, hint="Y", enabled=lambda: drawing() and bool(self.redo)),
            Button("−", lambda: self.step_size(-1), hint="[: smaller"),
            Button(lambda: f"{self.width}×{self.height}", self.ask_size, hint="type a size"),
            Button("+", lambda: self.step_size(+1), hint="]: larger"),
            Button("save", self.ask_save, hint="Ctrl+S"),
            Button("open", self.ask_load, hint="Ctrl+O"),
        ]

    def _choose(self, action: str) -> None:
        """The segmented action control."""
        if action == CARVE:
            self.carve_new()
        elif action == SOLVE:
            self.solve()
        else:
            self.draw_on("this")

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Keys, and mouse drags on the maze."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._press(event.pos, event.button)
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._move(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.drag is not None:
            self._move(event.pos)
            self._release()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """The demo's keys (Ctrl+S and Ctrl+O come before the shell's S)."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl:
            ctrl_actions = {
                pygame.K_s: self.ask_save,
                pygame.K_o: self.ask_load,
                pygame.K_z: self.undo_stroke,
                pygame.K_y: self.redo_stroke,
            }
            action = ctrl_actions.get(event.key)
        else:
            action = {
                pygame.K_c: self.carve_new,
                pygame.K_r: lambda: self.carve_new(next_seed=True),
                pygame.K_v: self.solve,
                pygame.K_d: lambda: self.draw_on("this"),
                pygame.K_e: lambda: self.draw_on("empty"),
                pygame.K_w: lambda: self.draw_on("full"),
                pygame.K_t: self.carve_rest,
                pygame.K_z: self.undo_stroke,
                pygame.K_y: self.redo_stroke,
                pygame.K_LEFTBRACKET: lambda: self.step_size(-1),
                pygame.K_RIGHTBRACKET: lambda: self.step_size(+1),
            }.get(event.key)
        if action is None:
            return False
        action()
        return True

    def _press(self, pos: tuple[int, int], button: int) -> bool:
        """Start a drag: a marker, a wall stroke or an erasing stroke."""
        geometry = self.geometry
        if geometry is None or not self._on_maze(pos, geometry):
            return False
        marker = self._marker_at(pos, geometry) if button == 1 else None
        if marker is not None:
            self.drag = Drag(marker, geometry.cell_at(pos), Stroke())
            return True
        self._ensure_drawing()
        if button == 1:
            self.drag = Drag("draw", geometry.post_at(pos), Stroke())
        else:
            self.drag = Drag("erase", geometry.cell_at(pos), Stroke())
        return True

    def _on_maze(self, pos: tuple[int, int], geometry: Geometry) -> bool:
        """True if `pos` is over the maze (with half a cell to spare)."""
        w, h = geometry.screen_size
        spare = max(2, round(geometry.pitch * geometry.scale / 2))
        box = pygame.Rect(geometry.origin, (w, h)).inflate(2 * spare, 2 * spare)
        return box.collidepoint(pos)

    def _marker_at(self, pos: tuple[int, int], geometry: Geometry) -> str | None:
        """'start' or 'goal' if `pos` is on that marker."""
        radius = self._marker_radius(geometry)
        for which, cell in (("goal", self.goal), ("start", self.start)):
            x, y = geometry.cell_centre(cell)
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (radius + 2) ** 2:
                return which
        return None

    def _move(self, pos: tuple[int, int]) -> None:
        """Carry the drag on to `pos`."""
        drag, geometry = self.drag, self.geometry
        if drag is None or geometry is None:
            return
        if drag.kind in ("start", "goal"):
            self._move_marker(drag.kind, geometry.cell_at(pos), drag.stroke)
            return
        if drag.kind == "draw":
            target = geometry.post_at(pos)
            for point in lattice_steps(drag.last, target):
                cells = segment_cells(drag.last, point, self.maze.width, self.maze.height)
                if cells is not None:
                    self._set_wall(*cells, True, drag.stroke)
                drag.last = point
            return
        target = geometry.cell_at(pos)
        for cell in lattice_steps(drag.last, target):
            self._set_wall(drag.last, cell, False, drag.stroke)
            drag.last = cell

    def _release(self) -> None:
        """End the drag: keep the stroke for undo; a moved marker re-runs a solve."""
        drag = self.drag
        self.drag = None
        if drag is None or not drag.stroke:
            return
        # Compact a marker drag into one move from where it started to where it ended.
        if drag.stroke.markers:
            which = drag.stroke.markers[0][0]
            first, last = drag.stroke.markers[0][1], drag.stroke.markers[-1][2]
            drag.stroke.markers = [(which, first, last)] if first != last else []
        if not drag.stroke:
            return
        self.undo.append(drag.stroke)
        self.redo.clear()
        if drag.kind in ("start", "goal") and self.action == SOLVE:
            self.solve()

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The maze, its markers and the current cell; a legend and a status line below."""
        model: MazeModel = player.model  # type: ignore[assignment]
        theme = self.theme
        line = theme.line_height("small")
        legend_h = line + theme.px(8)
        area = pygame.Rect(rect.x, rect.y, rect.w, rect.h - legend_h - line - theme.px(6))
        geometry = self.canvas.sync(model, area, player.generation)
        self.geometry = geometry
        self.canvas.blit(surface)
        self._draw_path(surface, model, geometry)
        self._draw_current(surface, model, geometry)
        self._draw_markers(surface, geometry)
        status = pygame.Rect(rect.x, area.bottom + theme.px(4), rect.w, line)
        self._draw_status(surface, status, model, player)
        self._draw_legend(surface, pygame.Rect(rect.x, status.bottom + theme.px(2), rect.w, legend_h))

    def _draw_path(self, surface: pygame.Surface, model: MazeModel, geometry: Geometry) -> None:
        """A line through the solution's cells (on top of the green): a second cue."""
        if not model.path or geometry.pitch * geometry.scale < 8 or len(model.path) > 20_000:
            return
        points = [geometry.cell_centre(cell) for cell in model.path]
        width = max(1, round(geometry.pitch * geometry.scale / 6))
        if len(points) > 1:
            pygame.draw.lines(surface, th.DONE, False, points, width)

    def _draw_current(self, surface: pygame.Surface, model: MazeModel, geometry: Geometry) -> None:
        """The cell on top of the stack: blue, with a ring when cells are small."""
        if not model.stack or model.path:
            return
        cell = model.stack[-1]
        box = geometry.cell_rect(cell)
        pygame.draw.rect(surface, th.ACTIVE, box)
        if box.w < self.theme.px(10):
            pygame.draw.circle(surface, th.ACTIVE, box.center, self.theme.px(7), self.theme.px(2))

    def _marker_radius(self, geometry: Geometry) -> int:
        """Markers are as large as a cell, but never too small to grab."""
        cell = (geometry.pitch - geometry.wall) * geometry.scale
        return max(self.theme.px(9), min(round(cell * 0.42), self.theme.px(22)))

    def _draw_markers(self, surface: pygame.Surface, geometry: Geometry) -> None:
        """S and G as labelled discs."""
        radius = self._marker_radius(geometry)
        size = "small" if radius < self.theme.px(14) else "body"
        for cell, letter, colour in ((self.start, "S", th.ACTIVE), (self.goal, "G", th.DONE)):
            if not (0 <= cell[0] < geometry.height and 0 <= cell[1] < geometry.width):
                continue
            centre = geometry.cell_centre(cell)
            pygame.draw.circle(surface, colour, centre, radius)
            pygame.draw.circle(surface, th.INK, centre, radius, max(1, self.theme.px(1)))
            label = self.theme.text(letter, size, th.PANEL, "bold")
            surface.blit(label, label.get_rect(center=centre))

    def _draw_status(
        self, surface: pygame.Surface, rect: pygame.Rect, model: MazeModel, player: Player
    ) -> None:
        """One line on what is happening or what just happened."""
        text, colour = self._status(model, player)
        image = self.theme.text(fit_text(self.theme, text, rect.w, "small", "bold"), "small", colour, "bold")
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y)))

    def _status(self, model: MazeModel, player: Player) -> tuple[str, th.Color]:
        """The status text and its colour."""
        size = f"{self.width} × {self.height}"
        if self.action == DRAW:
            return (
                "drawing: left-drag traces walls, right-drag knocks them down, "
                "drag S or G; T carves the grey cells"
            ), th.INK
        if self.action == SOLVE:
            if model.path:
                return (
                    f"solved: a path of {len(model.path):,} cells, "
                    f"{model.visits:,} cells explored, {model.dead_ends:,} dead ends"
                ), th.DONE
            if model.unreachable:
                return (
                    f"the goal cannot be reached: {model.visits:,} cells are reachable "
                    "from the start (shaded blue)"
                ), th.DEAD
            return f"solving {size}: {self._play_hint(player)}", th.INK
        if player.at_end and self.action == REST:
            return f"carved the rest: {model.carved:,} walls knocked down; V solves it", th.DONE
        if player.at_end:
            return (
                f"carved {size}: {model.carved:,} walls knocked down, "
                "every cell reachable by exactly one path; V solves it"
            ), th.DONE
        return f"carving {size} with the recursive backtracker: {self._play_hint(player)}", th.INK

    @staticmethod
    def _play_hint(player: Player) -> str:
        """What Space does now."""
        return "Space pauses" if player.playing else "Space plays, Right steps"

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Swatches with words."""
        theme = self.theme
        colours = palette(self.action)
        current = [(-1, "current cell")]
        if self.action == SOLVE:
            items = [
                (STACKED, "path so far"),
                (SEEN, "explored"),
                (DEAD, "dead end (hatched)"),
                (PATH, "the path"),
                (REACHED, "reachable"),
                *current,
            ]
        elif self.action == DRAW:
            items = [(ROCK, "closed: carve the rest fills these"), (UNSEEN, "open")]
        else:
            items = [(ROCK, "not carved yet"), (STACKED, "stack: the way back"), (UNSEEN, "carved"), *current]
        x = rect.x
        box = theme.px(14)
        for state, words in items:
            colour = th.ACTIVE if state < 0 else colours[state]
            swatch = pygame.Rect(x, rect.y + (rect.h - box) // 2, box, box)
            pygame.draw.rect(surface, colour, swatch)
            if state == DEAD:
                for k in range(0, box * 2, theme.px(4)):
                    start = (swatch.x + min(k, box - 1), swatch.y + max(0, k - box + 1))
                    end = (swatch.x + max(0, k - box + 1), swatch.y + min(k, box - 1))
                    pygame.draw.line(surface, th.DEAD, start, end)
            pygame.draw.rect(surface, th.INK, swatch, 1)
            label = theme.text(words, "small", th.INK)
            surface.blit(label, label.get_rect(midleft=(swatch.right + theme.px(5), swatch.centery)))
            x = swatch.right + label.get_width() + theme.px(18)


def _at(cell: Cell) -> str:
    """A cell as people read it."""
    return f"({cell[0]},{cell[1]})"


def measure_frames(size: int, frames: int) -> list[float]:
    """Frame times (s) of the app carving size x size at full speed, headless (for bench/)."""
    from visualizer.app import App, Options

    app = App(Options(demo="maze", speed=float("inf")))
    try:
        shell = app.screen
        demo = getattr(shell, "demo", None)
        assert isinstance(demo, MazeDemo)
        demo.set_size(size, size)
        demo.shell.run.playing = True
        app.frame_times.clear()
        for _ in range(frames):
            app.frame(1 / 60)
            if demo.shell.run.at_end:
                break
        return list(app.frame_times)
    finally:
        app.finish()
        pygame.display.quit()
