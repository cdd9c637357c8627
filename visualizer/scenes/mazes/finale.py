"""A shape maze's end worked out directly (see visualizer/finale.py): End shows it at once.

A carve's end is the maze its generator finishes with the same seed, worked
out without events (`solvers.mazes.generators.complete` for the
backtracker, the generator's passages drained for the others), painted from
a second model of it (`model.shape_model`) by the demo's own stage drawing, on canvases of
its own (no cell lit as current: a generator that ends on a carve, such as
Prim, lights its last cell once the run lands).  A search's end is
`solvers.mazes.walk.result_of`: the path and what it cost, in words over
the run's own picture.  The square Maze demo's finale (`maze/finale.py`)
says its answers in the same words, from here.

On a big maze the answer is asked of a worker process as the run starts
(`visualizer/ahead.py`), so End finds it worked out.  Bug, compare, walk and
the chart have no plain end: End plays them through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pygame

from solvers.i18n import _, format_number, ngettext
from solvers.mazes import generators as gen
from solvers.mazes import walk
from solvers.mazes.graph import CellGraph, Passage
from visualizer.ahead import Ahead
from visualizer.finale import Finale, Painter, StandIn
from visualizer.player import Player
from visualizer.scenes.mazes import panels
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.model import CARVE, LEFT, SOLVE, shape_model
from visualizer.scenes.mazes.paint import ShapeCanvas
from visualizer.scenes.mazes.view import MazesLayout
from visualizer.theme import Theme

AHEAD_CELLS = 30_000
"""From this many cells a run's plain answer is asked of the worker (below, it takes < 0.1 s here)."""

Layout = Callable[[pygame.Rect], MazesLayout]
"""The stage's pure layout (the controller's)."""


class PlainAnswer:
    """One run's plain answer: asked of the worker at once on a big maze, else worked out here when taken."""

    def __init__(self, work: Callable[..., Any], args: tuple[Any, ...], big: bool) -> None:
        self.work, self.args = work, args
        self.asked: Ahead[Any] | None = Ahead(work, *args) if big else None
        self._answer: Any = None

    def ready(self) -> bool:
        """True when `take` would not wait for the worker."""
        return self._answer is not None or self.asked is None or self.asked.done()

    def take(self) -> Any:
        """The answer: the worker's, or worked out here (once)."""
        if self._answer is None:
            self._answer = self.asked.take() if self.asked is not None else self.work(*self.args)
        return self._answer

    def drop(self) -> None:
        """Another run replaces this one: the worker skips it if it has not started."""
        if self.asked is not None:
            self.asked.drop()


def plain_work(
    mode: str, graph: CellGraph, name: str, seed: int, corridors: Sequence[Sequence[int]]
) -> tuple[Callable[..., Any], tuple[Any, ...]] | None:
    """The solver's plain function for the mode's end and its arguments; None where End plays the run."""
    if mode == CARVE:
        if name == "backtracker":
            return gen.complete, (graph, [], seed)
        return gen.generate, (graph, name, seed)
    if mode == SOLVE:
        return walk.result_of, (corridors, graph.start, graph.goal)
    return None


def ask(
    mode: str, graph: CellGraph, name: str, seed: int, corridors: Sequence[Sequence[int]]
) -> PlainAnswer | None:
    """A run starts: its plain answer, asked of the worker now on a big maze; None without one."""
    plan = plain_work(mode, graph, name, seed, corridors)
    if plan is None:
        return None
    return PlainAnswer(*plan, big=graph.size >= AHEAD_CELLS)


def plain_end(
    look: panels.StageLook, answer: PlainAnswer | None, layout: Layout, theme: Theme
) -> Finale | None:
    """The end of the mode on show: the finished maze, or the path found; None in the other modes."""
    if answer is None:
        return None
    if look.mode == SOLVE:
        return solved_end(answer.take())
    passages: list[Passage] = answer.take()
    return carved_end(look, passages, layout, theme)


def carved_line(count: int, cells: int) -> str:
    """A finished carve in one sentence (the square's and every shape's)."""
    return ngettext(
        "The maze is carved: {count} wall knocked down, {cells} cells, each reachable by exactly one path.",
        "The maze is carved: {count} walls knocked down, {cells} cells, each reachable by exactly one path.",
        count,
    ).format(count=format_number(count), cells=format_number(cells))


def carved_model(look: panels.StageLook, passages: Sequence[Passage]) -> CellModel:
    """The finished carve as the run's last event leaves it, in a model of the generator's kind."""
    which = gen.algorithm(look.algorithms[LEFT])
    model = shape_model(look.graph, pushes=which.carve_pushes, frontier=which.frontier)
    model.carved_whole(passages)
    return model


def carved_end(look: panels.StageLook, passages: Sequence[Passage], layout: Layout, theme: Theme) -> Finale:
    """The finished maze, painted by the demo's stage drawing, and its size in words."""
    model = carved_model(look, passages)
    line = carved_line(model.carved, look.graph.size)
    return Finale((line,), paint=picture(look, model, layout, theme))


def picture(look: panels.StageLook, model: CellModel, layout: Layout, theme: Theme) -> Painter:
    """Paints `model` as the demo paints its run's end, on canvases of its own (the run's keep theirs)."""
    own = replace(look, canvases=(ShapeCanvas(), ShapeCanvas()))
    stand_in = StandIn(model)

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The finished maze with S, G, its card and the status line."""
        player: Player = stand_in  # type: ignore[assignment]
        panels.draw_stage(surface, theme, own, layout(rect), player)

    return paint


def solved_end(result: walk.SolveResult) -> Finale:
    """The path the search ends on, found without events, in words."""
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
