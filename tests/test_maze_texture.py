"""Texture against the published figures (Jamis Buck, *Mazes for Programmers*, square grids).

Buck's table of dead ends on square grids: recursive backtracker and
hunt-and-kill about 10 %, Aldous-Broder and Wilson about 29 %, Kruskal about
30 %, Prim (simplified) about 36 %.  Tolerance: +-3 percentage points on the
mean of 40 mazes of 20 x 20 (the spread of one maze's figure is about 1.5
points, so the mean of 40 is good to about 0.3 points: a real shift fails).
"""

from __future__ import annotations

import pytest

from solvers.mazes import graph as g
from solvers.mazes.texture import PUBLISHED_DEAD_ENDS, mean_texture, texture

TOLERANCE = 0.03


@pytest.mark.parametrize(("algorithm", "published"), PUBLISHED_DEAD_ENDS.items())
def test_dead_ends_agree_with_the_published_figures(algorithm: str, published: float) -> None:
    measured = mean_texture(g.square(20, 20), algorithm, samples=40).dead_ends
    assert abs(measured - published) <= TOLERANCE, f"{algorithm}: {measured:.3f} vs {published}"


def test_the_backtracker_winds_long_and_branches_little() -> None:
    """The text: "long winding paths with little or no branching", against Prim on the same grid."""
    grid = g.square(20, 20)
    winding, bushy = mean_texture(grid, "backtracker", 20), mean_texture(grid, "prim", 20)
    assert winding.corridor > 2.5 * bushy.corridor
    assert winding.branching < bushy.branching / 2
    assert winding.solution_share > bushy.solution_share


def test_texture_of_a_known_maze() -> None:
    """A 3 x 1 corridor and a 2 x 2 U by hand: every figure worked out on paper."""
    line = g.square(3, 2)  # cells 0 1 2 / 3 4 5
    snake = [(0, 1), (1, 2), (2, 5), (5, 4), (4, 3)]  # one corridor: two dead ends, no junction
    t = texture(line, snake)
    assert t.dead_ends == pytest.approx(2 / 6) and t.branching == 0
    assert t.corridor == pytest.approx(5.0) and t.solution_share == pytest.approx(4 / 6)  # 0 1 2 5
    star = [(1, 0), (1, 2), (1, 4), (4, 3), (4, 5)]  # junctions at 1 and 4
    t = texture(line, star)
    assert t.dead_ends == pytest.approx(4 / 6) and t.branching == pytest.approx(2 / 6)
    assert t.corridor == pytest.approx(5 / 5)  # six ends and junctions: five corridors
    assert t.solution_share == pytest.approx(4 / 6)  # 0 1 4 5
