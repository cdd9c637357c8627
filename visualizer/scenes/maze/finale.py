"""The maze's end worked out directly (see visualizer/finale.py): End shows it at once.

A carve's end is the maze `solvers.maze.complete` finishes with the same
seed (the plain path, no events: the same maze, a test checks), painted
from a second model of it (`model.square_model`) by the demo's own view, on a canvas of its
own.  A search's end is `solvers.maze.find_path`: the path and what it
cost, in words over the run's own picture (the words are every shape's,
`mazes/finale.py`).  The controller hands over the
run as a frozen `Run` (and the pure layout and theme to paint with);
nothing here imports the demo.

On a big maze both are asked of a worker process as the run starts
(`Lookahead`, visualizer/ahead.py), so End finds them worked out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pygame

from solvers import maze as mz
from solvers.mazes import walk
from visualizer.ahead import Ahead
from visualizer.finale import Finale, Painter, StandIn
from visualizer.player import Player
from visualizer.scenes.maze.canvas import MazeCanvas
from visualizer.scenes.maze.model import CARVE, DRAW, REST, SOLVE, Cell, square_model, status
from visualizer.scenes.maze.view import MazeLayout, Scene, draw_stage
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.finale import PlainAnswer, carved_line, solved_end
from visualizer.theme import Theme

AHEAD_CELLS = 100_000
"""From this many cells a run's plain answer is asked of the worker (below, it takes < 0.1 s here)."""


@dataclass(frozen=True)
class Run:
    """The run on show, as the controller hands it over: its maze (the object itself), action, seed, S, G."""

    action: str
    base: mz.Maze
    seed: int
    start: Cell
    goal: Cell
    width: int
    height: int

    def same(self, other: Run) -> bool:
        """True when `other` is this run: the same maze object, action, seed, S and G."""
        key = (self.action, self.seed, self.start, self.goal)
        return other.base is self.base and (other.action, other.seed, other.start, other.goal) == key


class Lookahead:
    """The current run's plain answer (`mazes.finale.PlainAnswer`), asked again when another run starts."""

    def __init__(self, run: Run) -> None:
        self._plain: PlainAnswer | None = None
        self.ask(run)

    def ask(self, run: Run) -> None:
        """A run starts: on a big maze, ask the worker for its answer now (an older one is dropped)."""
        if self._plain is not None:
            self._plain.drop()
        big = run.action != DRAW and run.width * run.height >= AHEAD_CELLS
        self._run, self._plain = run, PlainAnswer(*plain_work(run), big=big)

    @property
    def asked(self) -> Ahead[Any] | None:
        """The worker's job for the current run (None: worked out here when taken)."""
        return self._current(self._run).asked

    def _current(self, run: Run) -> PlainAnswer:
        """The answer of `run`, asked first if `run` is not the one asked of."""
        if self._plain is None or not self._run.same(run):
            self.ask(run)
        assert self._plain is not None  # ask sets it
        return self._plain

    def finished(self, run: Run) -> mz.Maze:
        """The maze a carve ends with."""
        maze: mz.Maze = self._current(run).take()
        return maze

    def found(self, run: Run) -> walk.SolveResult:
        """What a search ends with."""
        result: walk.SolveResult = self._current(run).take()
        return result

    def ready(self, run: Run) -> bool:
        """True when `finished` or `found` would not wait for the worker."""
        return self._current(run).ready()


def plain_work(run: Run) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """The plain function of the run's action and its arguments."""
    if run.action == SOLVE:
        return mz.find_path, (run.base, run.start, run.goal)
    return mz.complete, (run.base, run.seed)


Layout = Callable[[pygame.Rect], MazeLayout]
"""The stage's pure layout (the controller's, at the zoom of the moment the picture is painted)."""


def plain_end(
    run: Run, lookahead: Lookahead, expected: int | None, layout: Layout, theme: Theme
) -> Finale | None:
    """The end of the action on show: the finished maze, or the path found; None while drawing."""
    if run.action in (CARVE, REST):
        return carved_end(run, lookahead.finished(run), expected, layout, theme)
    if run.action == SOLVE:
        return solved_end(lookahead.found(run))
    assert run.action == DRAW
    return None


def walls_standing(maze: mz.Maze) -> int:
    """Walls between two cells of the maze (the border does not count)."""
    return int(maze.right[:, :-1].sum() + maze.bottom[:-1, :].sum())


def carved_model(run: Run, finished: mz.Maze) -> CellModel:
    """The finished carve as the run's last event leaves it: every cell carved, the stack empty."""
    model = square_model(finished, run.action, np.ones((finished.height, finished.width), np.uint8))
    model.carved = walls_standing(run.base) - walls_standing(finished)
    return model


def carved_end(run: Run, finished: mz.Maze, expected: int | None, layout: Layout, theme: Theme) -> Finale:
    """The finished maze, painted by the demo's view, and its size in words."""
    model = carved_model(run, finished)
    cells = run.width * run.height
    return Finale((carved_line(model.carved, cells),), expected, picture(run, model, layout, theme))


def picture(run: Run, model: CellModel, layout: Layout, theme: Theme) -> Painter:
    """Paints `model` as the demo paints its run's end, on a canvas of its own (the run's keeps its cache)."""
    canvas = MazeCanvas()
    stand_in = StandIn(model)
    size = f"{run.width} × {run.height}"

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The finished maze with S, G, the status line and the legend."""
        text, tone = status(model, run.action, size, at_end=True, playing=False)
        scene = Scene(run.action, run.start, run.goal, text, tone)
        player: Player = stand_in  # type: ignore[assignment]
        draw_stage(surface, layout(rect), theme, canvas, player, scene)

    return paint
