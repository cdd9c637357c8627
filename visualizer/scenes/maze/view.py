"""The maze stage: its pure layout, and the drawing of the canvas, markers, status and legend.

`layout` is the one place that decides where things go; the controller's
input and this drawing both call it, so nothing drawn is read back by input.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from solvers.i18n import _
from visualizer import theme as th
from visualizer.camera import IDENTITY, Camera
from visualizer.draw import legend_row
from visualizer.panels import fit_text
from visualizer.player import Player
from visualizer.scenes.maze.canvas import Geometry, MazeCanvas, fit, palette, zoomed
from visualizer.scenes.maze.model import (
    DEAD,
    DRAW,
    PATH,
    REACHED,
    ROCK,
    SEEN,
    SOLVE,
    STACKED,
    UNSEEN,
    Cell,
)
from visualizer.scenes.mazes.cells import CellModel
from visualizer.theme import Theme

PATH_LINE_MAX = 20_000
"""Longer paths are shown by their colour alone (a polyline would cost the frame)."""
PATH_LINE_MIN_CELL = 8
"""Cells smaller than this on screen get no line through the path."""

TONES = {"ink": th.INK, "done": th.DONE, "dead": th.DEAD}
"""The status line's colour for each tone the model names."""


@dataclass(frozen=True)
class MazeLayout:
    """Where the maze, its status line and its legend go, and how large the markers are."""

    area: pygame.Rect  # the space the maze is fitted into
    status: pygame.Rect
    legend: pygame.Rect
    geometry: Geometry
    marker_radius: int

    def marker_at(self, pos: tuple[int, int], markers: dict[str, Cell]) -> str | None:
        """The marker ('start', 'goal') under a screen position, if any (the goal is on top)."""
        reach = self.marker_radius + 2
        for which in ("goal", "start"):
            x, y = self.geometry.marker_centre(markers[which], self.marker_radius)
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= reach**2:
                return which
        return None


def layout(rect: pygame.Rect, theme: Theme, width: int, height: int, camera: Camera = IDENTITY) -> MazeLayout:
    """The maze fitted above a status line and a legend row (each a pixel high or more), through `camera`."""
    line = theme.line_height("small")
    legend_h = line + theme.px(8)
    area_h = max(1, rect.h - legend_h - line - theme.px(6))
    area = pygame.Rect(rect.x, rect.y, max(1, rect.w), area_h)
    status = pygame.Rect(rect.x, area.bottom + theme.px(4), max(1, rect.w), line)
    legend = pygame.Rect(rect.x, status.bottom + theme.px(2), max(1, rect.w), legend_h)
    geometry = zoomed(fit(width, height, area), area, camera)
    return MazeLayout(area, status, legend, geometry, marker_radius(theme, geometry))


def marker_radius(theme: Theme, geometry: Geometry) -> int:
    """As large as a cell, never too small to see or grab, never larger than the maze."""
    radius = max(theme.px(9), min(round(geometry.cell_side * 0.42), theme.px(22)))
    w, h = geometry.screen_size
    return max(1, min(radius, max(w, h) // 2))


@dataclass(frozen=True)
class Scene:
    """What the view needs besides the model: the action, the markers, the words of the status."""

    action: str
    start: Cell
    goal: Cell
    status: str
    tone: str


def draw_stage(
    surface: pygame.Surface,
    lay: MazeLayout,
    theme: Theme,
    canvas: MazeCanvas,
    player: Player[CellModel],
    scene: Scene,
) -> None:
    """The maze, its path line, the current cell, S and G; the status line and the legend below."""
    model = player.model
    geometry = lay.geometry
    canvas.sync(model, scene.action, geometry, player.generation)
    clip = surface.get_clip()
    surface.set_clip(lay.area.clip(clip))  # zoomed in, the maze reaches past its area
    canvas.blit(surface)
    draw_path(surface, model, geometry)
    draw_current(surface, theme, model, geometry)
    draw_markers(surface, theme, lay, scene)
    surface.set_clip(clip)
    text = fit_text(theme, scene.status, lay.status.w, "small", "bold")
    image = theme.text(text, "small", TONES[scene.tone], "bold")
    surface.blit(image, image.get_rect(midtop=(lay.status.centerx, lay.status.y)))
    draw_legend(surface, theme, lay.legend, scene.action)


def draw_path(surface: pygame.Surface, model: CellModel, geometry: Geometry) -> None:
    """A line through the solution's cells (on top of the green): a second cue."""
    if (
        not model.path
        or geometry.pitch * geometry.scale < PATH_LINE_MIN_CELL
        or len(model.path) > PATH_LINE_MAX
    ):
        return
    width = geometry.width
    points = [geometry.cell_centre(divmod(cell, width)) for cell in model.path]
    width = max(1, round(geometry.pitch * geometry.scale / 6))
    if len(points) > 1:
        pygame.draw.lines(surface, th.DONE, False, points, width)


def draw_current(surface: pygame.Surface, theme: Theme, model: CellModel, geometry: Geometry) -> None:
    """The cell on top of the stack: blue, with a ring when cells are small."""
    if not model.stack or model.path:
        return
    box = geometry.cell_rect(divmod(model.stack[-1], geometry.width))
    pygame.draw.rect(surface, th.ACTIVE, box)
    if box.w < theme.px(10):
        pygame.draw.circle(surface, th.ACTIVE, box.center, theme.px(7), theme.px(2))


def draw_markers(surface: pygame.Surface, theme: Theme, lay: MazeLayout, scene: Scene) -> None:
    """S and G as labelled discs, always whole and inside the maze."""
    radius = lay.marker_radius
    size = "small" if radius < theme.px(14) else "body"
    geometry = lay.geometry
    for cell, letter, colour in ((scene.start, "S", th.ACTIVE), (scene.goal, "G", th.DONE)):
        if not (0 <= cell[0] < geometry.height and 0 <= cell[1] < geometry.width):
            continue
        centre = geometry.marker_centre(cell, radius)
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, th.INK, centre, radius, max(1, theme.px(1)))
        if radius >= theme.px(6):
            label = theme.text(letter, size, th.PANEL, "bold")
            surface.blit(label, label.get_rect(center=centre))


def legend_items(action: str) -> list[tuple[int, str]]:
    """(state, words) for the action's legend; state -1 is the current cell."""
    current = (-1, _("current cell"))
    if action == SOLVE:
        return [
            (STACKED, _("path so far")),
            (SEEN, _("explored")),
            (DEAD, _("dead end (hatched)")),
            (PATH, _("the path")),
            (REACHED, _("reachable")),
            current,
        ]
    if action == DRAW:
        return [(ROCK, _("closed: carve the rest fills these")), (UNSEEN, _("open cell"))]
    return [
        (ROCK, _("not carved yet")),
        (STACKED, _("stack: the way back")),
        (UNSEEN, _("carved")),
        current,
    ]


def draw_legend(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, action: str) -> None:
    """Swatches with words in one row; words that do not fit are shortened, then left out."""
    colours = palette(action)
    swatch_w = theme.px(18) + theme.px(6)
    gap = theme.px(18)
    x = rect.x
    for state, words in legend_items(action):
        room = rect.right - x - swatch_w
        if room < theme.px(24):
            break
        colour = th.ACTIVE if state < 0 else colours[state]
        text = fit_text(theme, words, room)
        x += legend_row(surface, theme, (x, rect.y), colour, text, hatched=state == DEAD) + gap
