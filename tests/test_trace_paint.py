""" "Your code": flood fill on a grid the student paints; edits undo, the run fills what a BFS reaches.

The grid is painted with real pointer events on the picture card, run
through the same child-process tracer (the grid passed as a literal), and
checked against a breadth-first count written here.  Runs are waited for by
their futures, never by time.
"""

from __future__ import annotations

from collections import deque

import pygame
import pytest
from test_trace_scene import finish_runs, open_trace
from ui import click, drag, press

from visualizer.scenes.trace import paint, runs
from visualizer.scenes.trace.paint import OPEN, WALL, GridPainter, PaintedGrid
from visualizer.scenes.trace.paintview import painter_geometry
from visualizer.scenes.trace.pictures import Filling, picture_for

FLOOD = 5
"""The gallery's flood fill example."""


@pytest.fixture(autouse=True)
def fresh_painters():
    """Every test paints from the file's own grid, and runs again rather than from memory."""
    paint.PAINTERS.clear()
    runs.REMEMBERED.clear()
    yield
    paint.PAINTERS.clear()


def bfs_count(cells: list[list[int]], start: tuple[int, int]) -> int:
    """Open cells reachable from `start` through open neighbours: the count a flood fill must paint."""
    rows, cols = len(cells), len(cells[0])
    if cells[start[0]][start[1]] != OPEN:
        return 0
    seen, todo = {start}, deque([start])
    while todo:
        row, col = todo.popleft()
        for r, c in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
            if 0 <= r < rows and 0 <= c < cols and cells[r][c] == OPEN and (r, c) not in seen:
                seen.add((r, c))
                todo.append((r, c))
    return len(seen)


def filled(picture: object) -> int:
    """Cells a Filling picture shows filled."""
    assert isinstance(picture, Filling)
    return sum(line.count(2) for line in picture.grid)


def flood_screen(app, open_demo):
    """The screen on the flood fill example, its run finished, paused at the start."""
    shell = open_trace(app, open_demo)
    shell.demo.start_example(FLOOD)
    finish_runs(app, shell)
    shell.run.restart()
    app.frame(1 / 60)
    return shell


def cell_point(app, shell, cell: tuple[int, int]) -> tuple[int, int]:
    """The centre of `cell` on the painted grid, as drawn."""
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    return painter_geometry(lay.picture, shell.theme, shell.demo.panel.painter).box(cell).center


def test_a_stroke_is_one_edit_and_undo_redo_restore_the_grid() -> None:
    """A stroke paints walls from an open cell (opens from a wall); undo takes it back whole, redo again."""
    painter = GridPainter(PaintedGrid([[0, 0, 0], [0, 1, 0]], (0, 0)))
    before = [row[:] for row in painter.grid.cells]
    painter.begin_stroke((0, 1))
    for cell in ((0, 2), (0, 2), (1, 2), (5, 5)):
        painter.extend_stroke(cell)
    assert painter.end_stroke() == 3
    assert painter.grid.cells == [[0, 1, 1], [0, 1, 1]]
    painted = [row[:] for row in painter.grid.cells]
    painter.begin_stroke((1, 1))  # a wall: this stroke opens
    painter.extend_stroke((1, 2))
    painter.end_stroke()
    assert painter.grid.cells == [[0, 1, 1], [0, 0, 0]]
    assert painter.pick_start((1, 2)) and painter.grid.start == (1, 2)
    history = painter.history
    assert history.undo() and painter.grid.start == (0, 0)
    history.undo()
    assert painter.grid.cells == painted
    history.undo()
    assert painter.grid.cells == before and history.undo() is None
    history.redo()
    assert painter.grid.cells == painted


def test_only_real_grids_can_be_painted() -> None:
    """Arguments are literals: a ragged, too large or non-0/1 grid, or a start off it, is not paintable."""
    assert paint.grid_from_args("flood_fill", ("[[0, 1], [1, 0]]", "1", "0")) == PaintedGrid(
        [[0, 1], [1, 0]], (1, 0)
    )
    for args in (
        ("[[0, 1], [1]]", "0", "0"),
        ("[[0, 2]]", "0", "0"),
        (str([[0] * 17]), "0", "0"),
        ("[[0, 1]]", "0", "5"),
        ("__import__('os')", "0", "0"),
    ):
        assert paint.grid_from_args("flood_fill", args) is None, args
    assert paint.grid_from_args("merge_sort", ("[[0]]", "0", "0")) is None
    assert paint.grid_in_source("GRID = [[0, 1]]\nGRID2 = open('x')\n") == [[0, 1]]
    assert paint.grid_in_source("GRID = open('x')\n") is None


def test_painting_on_screen_and_undo_with_z(app, open_demo) -> None:
    """A drag over open cells paints them as walls; Z takes the stroke back, Y paints it again."""
    shell = flood_screen(app, open_demo)
    painter = shell.demo.panel.painter
    assert painter is not None and not painter.changed
    before = [row[:] for row in painter.grid.cells]
    assert before[4][0:3] == [0, 0, 0]
    drag(app, [cell_point(app, shell, (4, c)) for c in range(3)])
    assert painter.grid.cells[4][0:3] == [WALL] * 3 and painter.changed
    press(app, pygame.K_z, "z")
    assert painter.grid.cells == before
    press(app, pygame.K_y, "y")
    assert painter.grid.cells[4][0:3] == [WALL] * 3


def test_the_run_fills_what_a_bfs_reaches_and_step_back_unfills(app, open_demo) -> None:
    """Paint, pick the start, Enter: the run fills exactly the BFS count; stepping back unfills."""
    shell = flood_screen(app, open_demo)
    painter = shell.demo.panel.painter
    drag(app, [cell_point(app, shell, (2, c)) for c in range(4)])  # cut the grid in two
    click(app, cell_point(app, shell, (4, 6)), button=3)
    assert painter.grid.start == (4, 6)
    press(app, pygame.K_RETURN, "\r")
    finish_runs(app, shell)
    request = shell.demo.session.requests[0]
    assert (request.func, request.args) == ("flood_fill", painter.grid.call_args())
    assert not painter.changed
    expected = bfs_count(painter.grid.cells, painter.grid.start)
    assert expected not in (0, sum(row.count(OPEN) for row in painter.grid.cells))  # the cut matters
    shell.run.seek(10**9, now=True)
    run = shell.run.model.runs[0]
    assert filled(picture_for(run)) == expected
    assert (
        shell.demo.session.results[0].calls == 4 * expected + 1
    )  # each filled cell calls its four neighbours
    counts = []
    while shell.run.cursor:
        counts.append(filled(picture_for(run)) if picture_for(run) is not None else 0)
        press(app, pygame.K_LEFT)
    assert counts == sorted(counts, reverse=True) and counts[-1] <= 1
    assert picture_for(run) is None or filled(picture_for(run)) == 0


def test_the_painted_grid_survives_a_reload_and_a_return_to_the_screen(app, open_demo) -> None:
    """R re-reads the file and runs the painted grid again; leaving and coming back keeps it too."""
    shell = flood_screen(app, open_demo)
    drag(app, [cell_point(app, shell, (0, 0)), cell_point(app, shell, (0, 1))])
    painted = [row[:] for row in shell.demo.panel.painter.grid.cells]
    press(app, pygame.K_r, "r")
    finish_runs(app, shell)
    assert shell.demo.session.requests[0].args[0] == repr(painted)
    shell.run.seek(10**9, now=True)
    assert filled(picture_for(shell.run.model.runs[0])) == bfs_count(painted, (0, 0)) == 0
    again = flood_screen(app, open_demo)
    assert again.demo.panel.painter.grid.cells == painted
