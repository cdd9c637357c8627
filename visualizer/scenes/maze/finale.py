"""The maze's end worked out directly (see visualizer/finale.py): End shows it at once.

A carve's end is the maze `solvers.maze.complete` finishes with the same
seed (the plain path, no events: the same maze, a test checks), painted
from a second `MazeModel` of it by the demo's own view, on a canvas of its
own.  A search's end is `solvers.maze.find_path`: the path and what it
cost, in words over the run's own picture.

On a big maze both are asked of a worker process as the run starts
(`Lookahead`, visualizer/ahead.py), so End finds them worked out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from solvers import maze as mz
from solvers.i18n import _, format_number, ngettext
from visualizer.ahead import Ahead
from visualizer.finale import Finale, Painter, StandIn
from visualizer.player import Player
from visualizer.scenes.maze.canvas import MazeCanvas
from visualizer.scenes.maze.model import CARVE, DRAW, REST, SOLVE, MazeModel, status
from visualizer.scenes.maze.view import Scene, draw_stage

if TYPE_CHECKING:
    from visualizer.scenes.maze.demo import MazeDemo


AHEAD_CELLS = 100_000
"""From this many cells a run's plain answer is asked of the worker (below, it takes < 0.1 s here)."""


class Lookahead:
    """The current run's plain answer: asked ahead on a big maze, worked out here on a small one."""

    def __init__(self, demo: MazeDemo) -> None:
        self.demo = demo
        self.asked: Ahead[Any] | None = None
        self._base: mz.Maze | None = None  # the run's maze the answer is for (the object itself)
        self._key: tuple[Any, ...] = ()  # and its action, seed, S and G
        self._answer: Any = None
        self.ask()

    def _current(self) -> bool:
        """True while the demo still shows the run the answer is for."""
        demo = self.demo
        key = (demo.action, demo.maze_seed, demo.start, demo.goal)
        return demo.run_base is self._base and self._key == key

    def _work(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        """The plain function of the action on show and its arguments."""
        demo = self.demo
        if demo.action == SOLVE:
            return mz.find_path, (demo.run_base, demo.start, demo.goal)
        return mz.complete, (demo.run_base, demo.maze_seed)

    def ask(self) -> None:
        """A run starts: on a big maze, ask the worker for its answer now."""
        if self.asked is not None:
            self.asked.drop()
        demo = self.demo
        self.asked, self._answer = None, None
        self._base, self._key = demo.run_base, (demo.action, demo.maze_seed, demo.start, demo.goal)
        if demo.action != DRAW and demo.width * demo.height >= AHEAD_CELLS:
            work, args = self._work()
            self.asked = Ahead(work, *args)

    def finished(self) -> mz.Maze:
        """The maze a carve ends with."""
        maze: mz.Maze = self.answer()
        return maze

    def found(self) -> mz.SolveResult:
        """What a search ends with."""
        result: mz.SolveResult = self.answer()
        return result

    def ready(self) -> bool:
        """True when `answer` would not wait for the worker."""
        if not self._current():
            self.ask()
        return self._answer is not None or self.asked is None or self.asked.done()

    def answer(self) -> Any:
        """The current run's plain answer: the worker's, or worked out now (once per run)."""
        if not self._current():
            self.ask()
        if self._answer is None:
            work, args = self._work()
            self._answer = self.asked.take() if self.asked is not None else work(*args)
        return self._answer


def plain_end(demo: MazeDemo) -> Finale | None:
    """The end of the action on show: the finished maze, or the path found; None while drawing."""
    if demo.action in (CARVE, REST):
        return carved_end(demo)
    if demo.action == SOLVE:
        return solved_end(demo)
    assert demo.action == DRAW
    return None


def walls_standing(maze: mz.Maze) -> int:
    """Walls between two cells of the maze (the border does not count)."""
    return int(maze.right[:, :-1].sum() + maze.bottom[:-1, :].sum())


def carved_model(demo: MazeDemo) -> MazeModel:
    """The finished carve as the run's last event leaves it: every cell carved, the stack empty."""
    finished = demo.finished_maze()
    model = MazeModel(finished, demo.action, np.ones((finished.height, finished.width), np.uint8))
    model.carved = walls_standing(demo.run_base) - walls_standing(finished)
    return model


def carved_end(demo: MazeDemo) -> Finale:
    """The finished maze, painted by the demo's view, and its size in words."""
    model = carved_model(demo)
    cells = demo.width * demo.height
    line = ngettext(
        "The maze is carved: {count} wall knocked down, {cells} cells, each reachable by exactly one path.",
        "The maze is carved: {count} walls knocked down, {cells} cells, each reachable by exactly one path.",
        model.carved,
    ).format(count=format_number(model.carved), cells=format_number(cells))
    return Finale((line,), demo.expected_length(), picture(demo, model))


def picture(demo: MazeDemo, model: MazeModel) -> Painter:
    """Paints `model` as the demo paints its run's end, on a canvas of its own (the run's keeps its cache)."""
    canvas = MazeCanvas()
    stand_in = StandIn(model)
    size = f"{demo.width} × {demo.height}"

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The finished maze with S, G, the status line and the legend."""
        text, tone = status(model, demo.action, size, at_end=True, playing=False)
        scene = Scene(demo.action, demo.start, demo.goal, text, tone)
        player: Player = stand_in  # type: ignore[assignment]
        draw_stage(surface, demo.layout(rect), demo.theme, canvas, player, scene)

    return paint


def solved_end(demo: MazeDemo) -> Finale:
    """The path the search ends on, found without events, in words."""
    result = demo.lookahead.found()
    if result.path is None:
        line = _("G cannot be reached from S: the search explores {explored} cells and gives up.").format(
            explored=format_number(result.visited)
        )
    else:
        line = ngettext(
            "The path from S to G has {length} cell; the search explores {explored} cells, {dead} dead ends.",
            "The path from S to G has {length} cells; the search explores {explored} cells,"
            " {dead} dead ends.",
            len(result.path),
        ).format(
            length=format_number(len(result.path)),
            explored=format_number(result.visited),
            dead=format_number(result.dead_ends),
        )
    return Finale((line,))
