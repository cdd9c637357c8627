"""The maze painter's cell-by-cell repaint, many events a frame, ends exactly as one full paint."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pygame
import pytest

from solvers.events import Solution, Visit
from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.walk import corridors, solve
from visualizer import theme as th
from visualizer.scenes.mazes import paint
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.model import shape_model
from visualizer.scenes.mazes.paint import ShapeCanvas
from visualizer.scenes.mazes.view import PATH, RunLook

RECT = pygame.Rect(10, 20, 500, 380)


def pixels(canvas: ShapeCanvas) -> np.ndarray:
    """The canvas's painted maze as an array of pixel values."""
    assert canvas.surface is not None
    return pygame.surfarray.array2d(canvas.surface)


def draw_run(canvas: ShapeCanvas, target: pygame.Surface, graph: g.CellGraph, model: CellModel) -> None:
    """One frame of a run's maze as the demo draws it: the touched cells, those with new walls apart."""
    canvas.draw(target, RECT, graph, RunLook(model), model.take_dirty(), model, model.take_walled())


def full_paint(graph: g.CellGraph, look: object, owner: object) -> np.ndarray:
    """A fresh canvas's one full paint of `look`."""
    canvas = ShapeCanvas()
    canvas.draw(pygame.Surface((600, 450)), RECT, graph, look, [], owner)  # type: ignore[arg-type]
    return pixels(canvas)


@pytest.mark.parametrize("shape", ["hex", "polar", "3d", "torus", "triangle"])
@pytest.mark.parametrize("batch", [61, 500])
def test_frames_of_many_events_end_as_one_full_paint(shape: str, batch: int) -> None:
    """Carving then solving, `batch` events between paints: every frame equals a full paint."""
    pygame.display.init()
    graph = g.build(shape, 20, 16)
    model = shape_model(graph, pushes=True)
    canvas, target = ShapeCanvas(), pygame.Surface((600, 450))

    def play(run: CellModel, events: Iterator[Any]) -> int:
        """Apply `batch` events a frame, checking each frame against a full paint; the frames drawn."""
        draw_run(canvas, target, graph, run)
        frames = 0
        while chunk := list(itertools.islice(events, batch)):
            for event in chunk:
                run.apply(event)
            draw_run(canvas, target, graph, run)
            assert np.array_equal(pixels(canvas), full_paint(graph, RunLook(run), run))
            frames += 1
        return frames

    frames = play(model, gen.backtracker(graph, 7))
    solver = shape_model(graph, passages=model.opened)
    frames += play(solver, solve(corridors(graph, solver.opened), graph.start, graph.goal))
    assert frames >= 4 and solver.path is not None and canvas.surface is not None
    walls = pixels(canvas) == canvas.surface.map_rgb(th.INK)
    assert np.count_nonzero(walls) > 1000  # walls were drawn


class Fog:
    """A look with fog: seeded random seen cells, opened passages and colours."""

    fog = True
    hatched = -1

    def __init__(self, graph: g.CellGraph, seed: int) -> None:
        rng = random.Random(seed)
        self.seen = [rng.random() < 0.5 for _ in range(graph.size)]
        passages = {(a, b) for a in range(graph.size) for b in graph.adjacency[a] if a < b}
        self.opened = {p for p in sorted(passages) if rng.random() < 0.6}

    def visible(self, cell: int) -> bool:
        """Only seen cells."""
        return self.seen[cell]

    def fills(self, cells: np.ndarray | None = None) -> tuple[np.ndarray, list[th.Color]]:
        """The listed cells' codes (all cells' when None): seen floor or fog."""
        codes = np.array(self.seen, np.uint8)
        return (codes if cells is None else codes[cells]), [th.MUTED, th.PANEL]

    def visibility(self) -> np.ndarray:
        """Every cell's `visible`."""
        return np.array(self.seen, np.bool_)


@pytest.mark.parametrize("shape", ["hex", "polar", "square"])
def test_fog_changes_repainted_by_cell_equal_a_full_paint(shape: str) -> None:
    """Cells coming out of (or into) the fog and passages opening: the touched cells' repaint is exact."""
    pygame.display.init()
    graph = g.build(shape, 9, 8)
    before, after = Fog(graph, 1), Fog(graph, 2)
    owner = object()
    canvas = ShapeCanvas()
    canvas.draw(pygame.Surface((600, 450)), RECT, graph, before, [], owner)  # type: ignore[arg-type]
    touched = [c for c in range(graph.size) if before.seen[c] != after.seen[c]]
    touched += [c for pair in before.opened ^ after.opened for c in pair]
    canvas.draw(pygame.Surface((600, 450)), RECT, graph, after, touched, owner)  # type: ignore[arg-type]
    assert np.array_equal(pixels(canvas), full_paint(graph, after, owner))


def test_a_frame_of_a_thousand_cells_in_a_big_maze_is_repainted_cell_by_cell(monkeypatch) -> None:
    """Full speed touches ~1,000 cells a frame: below a quarter of 100 x 100 hexes, no full paint."""
    pygame.display.init()
    graph = g.build("hex", 100, 100)
    model = shape_model(graph, pushes=True)
    canvas, target = ShapeCanvas(), pygame.Surface((600, 450))
    canvas.draw(target, RECT, graph, RunLook(model), model.take_dirty(), model)
    full = []
    monkeypatch.setattr(ShapeCanvas, "_paint_all", lambda *args: full.append(args))
    for event in itertools.islice(gen.backtracker(graph, 3), 1500):
        model.apply(event)
    dirty = model.take_dirty()
    assert dirty is not None, "cell by cell: no full repaint is due"
    assert paint.FULL_REPAINT_CELLS < len(set(dirty)) < graph.size * paint.FULL_REPAINT_SHARE
    canvas.draw(target, RECT, graph, RunLook(model), dirty, model)
    assert full == []
    monkeypatch.undo()
    assert np.array_equal(pixels(canvas), full_paint(graph, RunLook(model), model))


def test_reached_counts_the_cells_the_solver_visited_and_steps_back() -> None:
    """The 'reached' counter: distinct cells visited so far, and the earlier count after a revert."""
    graph = g.build("polar", 12, 12)
    passages = gen.generate(graph, "backtracker", 5)
    model = shape_model(graph, passages=passages)
    counts, pushed = [model.cells_reached], set()
    events = list(solve(corridors(graph, model.opened), graph.start, graph.goal))
    for event in events:
        model.apply(event)
        if isinstance(event, Visit):
            pushed.add(event.where)
        counts.append(model.cells_reached)
        assert model.cells_reached == len(pushed)
    assert counts[-1] > 10
    for event in reversed(events):
        counts.pop()
        model.revert(event)
        assert model.cells_reached == counts[-1]


def path_pixels(canvas: ShapeCanvas) -> int:
    """How many pixels show the path's colour."""
    assert canvas.surface is not None
    return int((pixels(canvas) == canvas.surface.map_rgb(PATH)).sum())


@pytest.mark.parametrize(("shape", "side"), [("hex", 100), ("polar", 80)])
def test_the_frame_that_shows_the_whole_path_equals_a_full_paint_and_steps_back(
    shape: str, side: int, monkeypatch
) -> None:
    """A long path lit in one frame: colours only (no wall look-ups), exactly a full paint; and back."""
    pygame.display.init()
    graph = g.build(shape, side, side)
    model = shape_model(graph, passages=gen.generate(graph, "backtracker", 2))
    events = list(solve(corridors(graph, model.opened), graph.start, graph.goal))
    at = next(i for i, event in enumerate(events) if isinstance(event, Solution))
    for event in events[:at]:
        model.apply(event)
    canvas, target = ShapeCanvas(), pygame.Surface((600, 450))
    draw_run(canvas, target, graph, model)
    before = pixels(canvas)
    assert path_pixels(canvas) == 0
    full = []
    monkeypatch.setattr(ShapeCanvas, "_paint_all", lambda *args: full.append(args))
    model.apply(events[at])
    lit = len(set(model.dirty))  # 1,500-2,500 cells: more than the old bar, under a quarter of the maze
    assert model.walled == [] and paint.FULL_REPAINT_CELLS < lit < graph.size * paint.FULL_REPAINT_SHARE
    draw_run(canvas, target, graph, model)
    assert full == []  # repainted cell by cell
    monkeypatch.undo()
    assert np.array_equal(pixels(canvas), full_paint(graph, RunLook(model), model))
    assert path_pixels(canvas) > 1000
    model.revert(events[at])
    draw_run(canvas, target, graph, model)
    assert np.array_equal(pixels(canvas), before)
