"""The array geometry agrees with the cell-by-cell one, and the painter's steps add up to a full paint."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from solvers.mazes import generators as gen
from solvers.mazes import geometry as geo
from solvers.mazes import graph as g
from visualizer.scenes.mazes.model import shape_model
from visualizer.scenes.mazes.paint import ShapeCanvas
from visualizer.scenes.mazes.view import RunLook


def small_graphs(shape: str) -> list[g.CellGraph]:
    """Two sizes of a shape (odd and even, so offset rows and ring splits vary)."""
    return [g.build(shape, 5, 4), g.build(shape, 6, 7)]


@pytest.mark.parametrize("shape", g.SHAPES)
def test_side_neighbours_and_centres_match_the_cell_by_cell_geometry(shape: str) -> None:
    for graph in small_graphs(shape):
        table = geo.side_neighbours(graph)
        middles = geo.centres(graph)
        for cell in range(graph.size):
            listed = [int(nb) for nb in table[cell] if nb != geo.NO_SIDE]
            assert listed == [side.neighbour for side in geo.sides(graph, cell)]
            assert np.allclose(middles[cell], geo.centre(graph, cell))


@pytest.mark.parametrize("shape", g.SHAPES)
def test_locate_finds_each_centre_and_the_side_a_point_is_near(shape: str) -> None:
    for graph in small_graphs(shape):
        middles = geo.centres(graph)
        cells, _, _ = geo.locate(graph, middles[:, 0], middles[:, 1])
        assert cells.tolist() == list(range(graph.size))
        for cell in range(graph.size):
            for slot, side in enumerate(geo.sides(graph, cell)):
                a, b = side.points[len(side.points) // 2 - 1], side.points[len(side.points) // 2]
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                x, y = mx + (middles[cell, 0] - mx) * 0.05, my + (middles[cell, 1] - my) * 0.05
                found, slots, distance = geo.locate(graph, np.array([x]), np.array([y]))
                assert (int(found[0]), int(slots[0])) == (cell, slot)
                assert 0 <= distance[0] < 0.1


@pytest.mark.parametrize("shape", g.SHAPES)
def test_points_outside_the_drawing_are_in_no_cell(shape: str) -> None:
    graph = small_graphs(shape)[0]
    width, height = geo.extent(graph)
    x = np.array([-0.5, width + 0.5, width / 2, width / 2])
    y = np.array([height / 2, height / 2, -0.5, height + 0.5])
    assert geo.locate(graph, x, y)[0].tolist() == [-1, -1, -1, -1]


@pytest.mark.parametrize("shape", ["hex", "polar", "3d", "torus"])
def test_painting_event_by_event_ends_as_one_full_paint(shape: str) -> None:
    pygame.display.init()
    graph = g.build(shape, 7, 7)
    rect = pygame.Rect(10, 20, 330, 250)
    model = shape_model(graph, pushes=True)
    stepwise, target = ShapeCanvas(), pygame.Surface((400, 300))
    stepwise.draw(target, rect, graph, RunLook(model), model.take_dirty(), model)
    for event in gen.backtracker(graph, 4):
        model.apply(event)
        stepwise.draw(target, rect, graph, RunLook(model), model.take_dirty(), model)
    whole = ShapeCanvas()
    whole.draw(target, rect, graph, RunLook(model), [], model)
    assert stepwise.surface is not None and whole.surface is not None
    step_pixels = pygame.surfarray.array2d(stepwise.surface)
    assert np.array_equal(step_pixels, pygame.surfarray.array2d(whole.surface))
    ink = stepwise.surface.map_rgb((0, 0, 0))
    assert (step_pixels != step_pixels[0, 0]).sum() > 1000 and ink is not None


def test_the_click_side_is_the_wall_between_two_neighbours() -> None:
    pygame.display.init()
    graph = g.build("hex", 6, 5)
    canvas = ShapeCanvas()
    shapes = canvas.shapes_for(graph, pygame.Rect(0, 0, 600, 500))
    middles = geo.centres(graph)
    a, b = 8, graph.adjacency[8][0]
    mid = (middles[a] + middles[b]) / 2
    near_a = mid + (middles[a] - mid) * 0.2
    pos = shapes.fit.at((float(near_a[0]), float(near_a[1])))
    assert shapes.side_at(pos) == (a, b)
    assert shapes.cell_at(shapes.centres[a]) == a


def test_a_graphs_arrays_are_kept_while_it_lives_and_freed_with_it() -> None:
    """The painter asks for them every paint; once the maze shapes demo drops its graph, nothing pins them."""
    import gc
    import weakref

    graph = g.hexagonal(6, 5)
    near, middles = geo.side_neighbours(graph), geo.centres(graph)
    assert geo.side_neighbours(graph) is near and geo.centres(graph) is middles
    other = g.hexagonal(6, 5)
    assert geo.side_neighbours(other) is not near
    assert np.array_equal(geo.side_neighbours(other), near)
    near_freed, middles_freed = weakref.ref(near), weakref.ref(middles)
    del graph, near, middles
    gc.collect()
    assert near_freed() is None and middles_freed() is None
