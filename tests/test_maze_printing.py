"""Mazes on paper: what the SVG says (answer lines, stairs letters) and how much work a big one takes."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from types import FrameType
from typing import Any

from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.printing import Printed, svg

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
        per_cell.append(lines_run(lambda item=item: svg(item)) / graph.size)
    assert per_cell[1] < 1.05 * per_cell[0], per_cell  # 1.25x before
