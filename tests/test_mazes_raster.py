"""The mazes painter rasterises a stage in bands of rows: a 4K stage never makes a gigabyte of temporaries.

The soak caught one frame raising the peak memory by about a gigabyte at
3840x2160: every pixel of the stage went through the geometry at once.
"""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from solvers.mazes import geometry as geo
from solvers.mazes.graph import build
from visualizer.scenes.mazes import paint
from visualizer.scenes.mazes.paint import CellShapes, fit_graph

ARRAYS = ("pixels", "pixel_cells", "starts", "wall_pixels", "wall_slots", "wall_starts")


def shapes_of(shape: str, rect: pygame.Rect) -> CellShapes:
    """The painter's pixels for a small maze of `shape` in `rect`."""
    graph = build(shape, 7, 5, 2 if shape == "3d" else None)
    return CellShapes(graph, fit_graph(graph, rect), rect)


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "polar", "3d", "torus"])
def test_bands_of_rows_give_the_pixels_all_rows_at_once_give(shape: str, monkeypatch) -> None:
    """Bands of 3 rows (and a ragged last band) equal one band of the whole stage, array for array."""
    rect = pygame.Rect(13, 7, 301, 203)
    whole = shapes_of(shape, rect)
    monkeypatch.setattr(paint, "LOCATE_PIXELS", 3 * rect.w)
    banded = shapes_of(shape, rect)
    for name in ARRAYS:
        assert np.array_equal(getattr(whole, name), getattr(banded, name)), name


def test_a_4k_stage_is_located_a_band_at_a_time(monkeypatch) -> None:
    """No call to the geometry sees more than LOCATE_PIXELS points, and together they cover the stage."""
    seen: list[int] = []
    locate = geo.locate

    def counting(graph, x, y):
        """geo.locate, counting the points of each call."""
        seen.append(len(x))
        return locate(graph, x, y)

    monkeypatch.setattr(paint.geo, "locate", counting)
    rect = pygame.Rect(0, 0, 3840, 2160)
    shapes_of("hex", rect)
    assert max(seen) <= paint.LOCATE_PIXELS
    assert sum(seen) == rect.w * rect.h
