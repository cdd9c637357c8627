"""The maze on screen: where it sits (`Geometry`, `fit`) and the incremental painter (`MazeCanvas`).

The maze is painted with numpy as palette codes into one 8-bit surface, and
only the cells that events touched are repainted each frame: the model keeps
a list of them (`dirty`) that the canvas drains.  Mazes too large for two
pixels a cell are painted at two pixels a cell and scaled down to the stage.
Every size that becomes a Surface is at least one pixel each way, so a tiny
or empty stage draws a speck instead of failing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache

import numpy as np
import pygame

from visualizer import theme as th
from visualizer.camera import Camera
from visualizer.scenes.maze.model import (
    CARVE,
    DEAD,
    PATH,
    REACHED,
    REST,
    ROCK,
    SEEN,
    STACKED,
    UNSEEN,
    Cell,
    square_maze,
    state_grid,
    states,
    visited_grid,
)
from visualizer.scenes.mazes import tones
from visualizer.scenes.mazes.cells import CellModel

INK, DOT, STRIPE = 7, 8, 9
"""Palette codes beyond the states: walls, a corner no wall meets, a dead end's stripes."""


@cache
def palette(action: str) -> tuple[th.Color, ...]:
    """The colour of each code (the states, then INK, DOT, STRIPE) for the action on show.

    The states' tones are every maze shape's (`mazes.tones`): the shapes demo paints a run alike.
    """
    floor = tones.FLOOR
    colours = {
        UNSEEN: floor,
        SEEN: floor if action in (CARVE, REST) else tones.SEEN,
        STACKED: tones.STACKED,
        DEAD: tones.DEAD,
        PATH: tones.PATH,
        REACHED: tones.REACHED,
        ROCK: tones.ROCK,
        INK: th.INK,
        DOT: th.blend(floor, th.INK, 0.25),
        STRIPE: tones.STRIPE,
    }
    return tuple(colours[code] for code in range(len(colours)))


@dataclass(frozen=True)
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
        """The maze's size on screen (never below one pixel each way)."""
        w, h = self.bitmap_size
        return max(1, round(w * self.scale)), max(1, round(h * self.scale))

    @property
    def box(self) -> pygame.Rect:
        """The maze's rectangle on screen."""
        return pygame.Rect(self.origin, self.screen_size)

    @property
    def cell_side(self) -> float:
        """A cell's floor on screen, in pixels (may be below one)."""
        return (self.pitch - self.wall) * self.scale

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
        size = max(1, round(self.cell_side))
        return pygame.Rect(round(x), round(y), size, size)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        """A cell's centre on screen."""
        row, col = cell
        half = self.wall + (self.pitch - self.wall) / 2
        return (
            round(self.origin[0] + (col * self.pitch + half) * self.scale),
            round(self.origin[1] + (row * self.pitch + half) * self.scale),
        )

    def marker_centre(self, cell: Cell, radius: int) -> tuple[int, int]:
        """Where a marker of `radius` on `cell` is drawn: its centre, moved inside the maze's box."""
        x, y = self.cell_centre(cell)
        box = self.box
        inner = box.inflate(-2 * radius, -2 * radius)
        if inner.w <= 0 or inner.h <= 0:
            return box.center
        return min(max(x, inner.left), inner.right - 1), min(max(y, inner.top), inner.bottom - 1)

    def on_maze(self, pos: tuple[int, int]) -> bool:
        """True if `pos` is over the maze (with half a cell to spare)."""
        spare = max(2, round(self.pitch * self.scale / 2))
        return self.box.inflate(2 * spare, 2 * spare).collidepoint(pos)


def fit(width: int, height: int, area: pygame.Rect) -> Geometry:
    """The largest whole pitch that fits `area`, or pitch 2 scaled down when none does.

    An empty or negative area counts as one pixel: the maze is then a speck, never an error.
    """
    area_w, area_h = max(1, area.w), max(1, area.h)
    pitch = max(2, min(area_w // width, area_h // height))
    wall = max(1, round(pitch / 9))
    while pitch > 2 and (width * pitch + wall > area_w or height * pitch + wall > area_h):
        pitch -= 1
        wall = max(1, round(pitch / 9))
    scale = 1.0
    if width * pitch + wall > area_w or height * pitch + wall > area_h:
        scale = min(area_w / (width * pitch + wall), area_h / (height * pitch + wall))
    w = max(1, round((width * pitch + wall) * scale))
    h = max(1, round((height * pitch + wall) * scale))
    origin = (area.x + (area_w - w) // 2, area.y + (area_h - h) // 2)
    return Geometry(width, height, pitch, wall, origin, scale)


def zoomed(geometry: Geometry, area: pygame.Rect, camera: Camera) -> Geometry:
    """The fitted geometry seen through `camera` (its zoom about the area's top left, then its pan)."""
    if camera.zoom == 1.0 and camera.pan_x == camera.pan_y == 0:
        return geometry
    x = area.x + (geometry.origin[0] - area.x) * camera.zoom + camera.pan_x
    y = area.y + (geometry.origin[1] - area.y) * camera.zoom + camera.pan_y
    return replace(geometry, origin=(round(x), round(y)), scale=geometry.scale * camera.zoom)


def visible_part(
    geometry: Geometry, visible: pygame.Rect
) -> tuple[pygame.Rect, tuple[int, int], tuple[int, int]]:
    """The bitmap pixels under `visible` (a screen rectangle), their size on screen and where they go."""
    scale, (x0, y0) = geometry.scale, geometry.origin
    width, height = geometry.bitmap_size
    left = max(0, math.floor((visible.x - x0) / scale))
    top = max(0, math.floor((visible.y - y0) / scale))
    right = min(width, max(left + 1, math.ceil((visible.right - x0) / scale)))
    bottom = min(height, max(top + 1, math.ceil((visible.bottom - y0) / scale)))
    part = pygame.Rect(left, top, right - left, bottom - top)
    size = (max(1, round(part.w * scale)), max(1, round(part.h * scale)))
    return part, size, (round(x0 + left * scale), round(y0 + top * scale))


def scaled(bitmap: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Shrunk by averaging (1-pixel walls stay visible), enlarged by whole pixels (sharp walls)."""
    if size[0] < bitmap.get_width():
        # smoothscale needs true colour (the display's format is its fast path)
        return pygame.transform.smoothscale(bitmap.convert(), size)
    return pygame.transform.scale(bitmap, size)


def _blocks(xs: np.ndarray, ys: np.ndarray, width: int, height: int) -> tuple[np.ndarray, ...]:
    """Index arrays (x, y) covering a width x height block at each (xs[i], ys[i])."""
    across = xs[:, None, None] + np.arange(width)[None, :, None]
    down = ys[:, None, None] + np.arange(height)[None, None, :]
    return np.broadcast_arrays(across, down)


FINE = 4
"""Below this many screen pixels a cell, walls inside uncarved rock are not inked."""


def fine_for(action: str, geometry: Geometry) -> bool:
    """True when a carve's cells are too small on screen for the walls inside rock."""
    return action in (CARVE, REST) and geometry.pitch * geometry.scale < FINE


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
        self.action = ""  # what the stage shows: it picks the palette and the states' precedence
        self.geometry: Geometry | None = None
        self.bitmap: pygame.Surface | None = None
        self.shown: pygame.Surface | None = None  # the bitmap's visible part scaled to the stage
        self.shown_part: tuple[pygame.Rect, tuple[int, int]] | None = None  # which part, at what size
        self.stale = True  # the scaled copy needs redoing

    def sync(self, model: CellModel, action: str, geometry: Geometry, generation: int) -> None:
        """Bring the bitmap up to date with the model, laid out as `geometry` says."""
        maze, fine = square_maze(model), fine_for(action, geometry)  # zooming in or out can change `fine`
        key = (generation, id(model), action, geometry.bitmap_size, maze.width, maze.height, fine)
        self.action = action
        if key != self.key or self.bitmap is None:
            self.key = key
            self.bitmap = pygame.Surface(geometry.bitmap_size, depth=8)
            self.bitmap.set_palette(list(palette(action)))
            model.repaint = True
        self.geometry = geometry
        dirty = model.take_dirty()  # cell ids; -1 is no cell (the walls changed are among them)
        model.take_walled()
        if dirty is None:
            self.paint_all(model)
        elif dirty:
            cells = np.unique(np.array(dirty, np.intp))
            # -1 is no cell; input between a resize of the grid and the next frame
            # can name cells of the old grid: they are not on this one.
            cells = cells[(cells >= 0) & (cells < maze.width * maze.height)]
            if cells.size:
                rows, cols = np.divmod(cells, maze.width)
                self.paint(model, rows, cols)

    def _fine(self) -> bool:
        """True when cells are too small on screen for the walls inside rock."""
        assert self.geometry is not None
        return fine_for(self.action, self.geometry)

    def paint_all(self, model: CellModel) -> None:
        """Repaint everything with whole-array slices (fast even at 1000 x 1000)."""
        assert self.bitmap is not None and self.geometry is not None
        p, t = self.geometry.pitch, self.geometry.wall
        maze = square_maze(model)
        h, w = maze.height, maze.width
        state = state_grid(model, self.action).T  # (x, y) order, as the surface's pixels are
        right, bottom = (maze.right == 1).T, (maze.bottom == 1).T
        fine = self._fine()
        image = np.full((w * p + t, h * p + t), INK, np.uint8)  # the left and top border
        # Each cell's pitch-square after the first t pixels: [col, x within, row, y within];
        # its floor comes first, then the wall lines it shares with the next cell.
        squares = image[t:, t:].reshape(w, p, h, p)
        floor = p - t
        squares[:, :floor, :, :floor] = state[:, None, :, None]
        dead = state == DEAD
        if dead.any():
            xs, ys = np.indices(image.shape)
            stripes = tones.striped(xs, ys)[t:, t:].reshape(w, p, h, p)[:, :floor, :, :floor]
            view = squares[:, :floor, :, :floor]
            view[stripes & dead[:, None, :, None]] = STRIPE
        between = _segment_codes(state[:-1, :], state[1:, :], right[:-1, :], np.ones((w - 1, h), bool), fine)
        squares[:-1, floor:, :, :floor] = between[:, None, :, None]
        below = _segment_codes(state[:, :-1], state[:, 1:], bottom[:, :-1], np.ones((w, h - 1), bool), fine)
        squares[:, :floor, :-1, floor:] = below[:, None, :, None]
        walled = right[:-1, :-1] | right[:-1, 1:] | bottom[:-1, :-1] | bottom[1:, :-1]
        posts = np.where(walled, INK, DOT).astype(np.uint8)
        if fine:
            rock = (visited_grid(model) == 0).T
            posts[rock[:-1, :-1] & rock[1:, :-1] & rock[:-1, 1:] & rock[1:, 1:]] = ROCK
        squares[:-1, floor:, :-1, floor:] = posts[:, None, :, None]
        pygame.surfarray.blit_array(self.bitmap, image)
        self.stale = True

    def paint(self, model: CellModel, rows: np.ndarray, cols: np.ndarray) -> None:
        """Repaint these cells, the walls on their four sides and their corners."""
        assert self.bitmap is not None and self.geometry is not None
        p, t = self.geometry.pitch, self.geometry.wall
        maze = square_maze(model)
        h, w = maze.height, maze.width
        # One lookup for the cells and their four neighbours (clipped at the border).
        count = len(rows)
        west, east = np.maximum(cols - 1, 0), np.minimum(cols + 1, w - 1)
        north, south = np.maximum(rows - 1, 0), np.minimum(rows + 1, h - 1)
        found = states(
            model,
            self.action,
            np.concatenate([rows, rows, rows, north, south]),
            np.concatenate([cols, west, east, cols, cols]),
        )
        here, left, right, up, down = (found[i * count : (i + 1) * count] for i in range(5))
        fine = self._fine()
        pixels = pygame.surfarray.pixels2d(self.bitmap)  # (x, y): writes go to the surface
        try:
            xs, ys = _blocks(cols * p + t, rows * p + t, p - t, p - t)
            codes = np.broadcast_to(here[:, None, None], xs.shape)
            dead = here == DEAD
            if dead.any():
                codes = np.where(tones.striped(xs, ys) & dead[:, None, None], STRIPE, codes)
            pixels[xs, ys] = codes
            # Vertical segments on column lines c and c + 1, horizontal on row lines r, r + 1.
            seg_rows, lines = np.concatenate([rows, rows]), np.concatenate([cols, cols + 1])
            inside = (lines > 0) & (lines < w)
            wall = np.ones(len(lines), bool)
            wall[inside] = maze.right[seg_rows[inside], lines[inside] - 1] == 1
            code = _segment_codes(
                np.concatenate([left, here]), np.concatenate([here, right]), wall, inside, fine
            )
            xs, ys = _blocks(lines * p, seg_rows * p + t, t, p - t)
            pixels[xs, ys] = code[:, None, None]
            lines, seg_cols = np.concatenate([rows, rows + 1]), np.concatenate([cols, cols])
            inside = (lines > 0) & (lines < h)
            wall = np.ones(len(lines), bool)
            wall[inside] = maze.bottom[lines[inside] - 1, seg_cols[inside]] == 1
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
        self, model: CellModel, pixels: np.ndarray, rows: np.ndarray, cols: np.ndarray, fine: bool
    ) -> None:
        """Corner posts: ink where a wall meets them, a faint dot where none does."""
        assert self.geometry is not None
        p, t = self.geometry.pitch, self.geometry.wall
        maze = square_maze(model)
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
            seen = visited_grid(model)
            rock = np.zeros(len(prow), bool)
            rock[inner] = (
                (seen[r, c] == 0) & (seen[r + 1, c] == 0) & (seen[r, c + 1] == 0) & (seen[r + 1, c + 1] == 0)
            )
            code[rock] = ROCK
        xs, ys = _blocks(pcol * p, prow * p, t, t)
        pixels[xs, ys] = code[:, None, None]

    def blit(self, surface: pygame.Surface) -> None:
        """Put the maze on screen, scaled; only the part inside the surface's clip (zoomed, most is not)."""
        assert self.bitmap is not None and self.geometry is not None
        geometry = self.geometry
        if geometry.scale == 1.0:
            surface.blit(self.bitmap, geometry.origin)
            return
        visible = geometry.box.clip(surface.get_clip())
        if not visible.w or not visible.h:
            return
        part, size, at = visible_part(geometry, visible)
        if self.stale or self.shown is None or self.shown_part != (part, size):
            self.shown = scaled(self.bitmap.subsurface(part), size)
            self.shown_part = (part, size)
            self.stale = False
        surface.blit(self.shown, at)
