"""Mazes on paper: what the SVG says (answer lines, stairs letters) and how much work a big one takes."""

from __future__ import annotations

import functools
import itertools
import math
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.geometry import centre
from solvers.mazes.printing import Printed, solution, svg

SVG = "{http://www.w3.org/2000/svg}"


def lines_run(work: Callable[[], Any]) -> int:
    """How many Python lines `work` runs (a count of steps, not a time)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        work()
    finally:
        sys.settrace(None)
    return count


def test_a_round_mazes_svg_costs_the_same_per_cell_however_many_rings() -> None:
    """The 300-ring export took 8x the carving: each cell walked the rings to find its own."""
    per_cell = []
    for rings in (6, 24):
        graph = g.build("polar", rings, rings)
        item = Printed(graph, gen.generate(graph, "backtracker", 1), "round")
        per_cell.append(lines_run(functools.partial(svg, item)) / graph.size)
    assert per_cell[1] < 1.05 * per_cell[0], per_cell  # 1.25x before


def segments(points: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The segments of an SVG 'x,y x,y ...' list."""
    xy = [point(pair) for pair in points.split()]
    return list(itertools.pairwise(xy))


def point(text: str) -> tuple[float, float]:
    """One SVG 'x,y' point."""
    x, y = text.split(",")
    return float(x), float(y)


def crosses(p: tuple[tuple[float, float], ...], q: tuple[tuple[float, float], ...]) -> bool:
    """True if two segments cross at a point inside both (touching an end does not count)."""

    def turn(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    (a, b), (c, d) = p, q
    return turn(a, b, c) * turn(a, b, d) < -1e-9 and turn(c, d, a) * turn(c, d, b) < -1e-9


def drawn(graph: g.CellGraph, algorithm: str, seed: int) -> ET.Element:
    """The answer SVG of a generated maze, parsed."""
    passages = gen.generate(graph, algorithm, seed)
    return ET.fromstring(svg(Printed(graph, passages, "maze", solution(graph, passages))))


@pytest.mark.parametrize("seed", range(4, 10))
def test_a_torus_answer_never_crosses_a_wall(seed: int) -> None:
    """A wrap-round step leaves by one border and comes back by the other: no line across the maze."""
    root = drawn(g.build("torus", 7, 5), "wilson", seed)
    wall_points = root.find(f"{SVG}path").get("d", "")  # type: ignore[union-attr]
    walls = [s for line in wall_points.split("M")[1:] for s in segments(line.replace("L", ""))]
    answer = [s for line in root.iter(f"{SVG}polyline") for s in segments(line.get("points", ""))]
    assert answer and all(math.dist(*step) <= 1.0 + 1e-9 for step in answer)
    assert not [(step, wall) for step in answer for wall in walls if crosses(step, wall)]


def test_stairs_letters_share_a_cell_with_s_g_and_each_other_without_overprinting() -> None:
    """One label a cell: 'UD' where stairs go both ways, 'SU' on a start with stairs up."""
    graph = g.build("3d", 4, 3, 3)
    passages = gen.generate(graph, "backtracker", 3)
    root = ET.fromstring(svg(Printed(graph, passages, "maze")))
    labels = [(float(t.get("x", 0)), float(t.get("y", 0)), t.text or "") for t in root.iter(f"{SVG}text")]
    places = [(x, y) for x, y, _ in labels]
    assert len(places) == len(set(places))
    by_cell = {
        cell: text for cell in range(graph.size) for x, y, text in labels if (x, y) == centre_of(graph, cell)
    }
    floor = graph.width * graph.height
    opened = {frozenset(p) for p in passages}
    for cell in range(graph.size):
        up, down = frozenset((cell, cell + floor)) in opened, frozenset((cell - floor, cell)) in opened
        expected = "S" * (cell == graph.start) + "G" * (cell == graph.goal) + "U" * up + "D" * down
        assert by_cell.get(cell, "") == expected, cell
    assert "UD" in by_cell.values() and by_cell[graph.start] == "SU"


def centre_of(graph: g.CellGraph, cell: int) -> tuple[float, float]:
    """A cell's centre rounded as the SVG writes it."""
    x, y = centre(graph, cell)
    return round(x, 3), round(y, 3)
