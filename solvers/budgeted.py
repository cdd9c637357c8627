"""Counting exact covers for a while: how many within a CPU-time budget, the first, and whether that is all.

End's card in the app (visualizer/scenes/exact_cover/finale.py) says how
many solutions the run finds and the first of them.  They are counted by
Algorithm X's own search (`dlx.search`, the run's events, none drawn), so
within the budget the count and the first solution are the run's own; past
it (16 queens have 14,772,512 placements) the count is how many so far.
The clock is read every CHECK_EVERY events, not only at solutions: a board
with few or no solutions (the soak found one) once kept a frame busy for
minutes on the event-free path, which has no place to look at the clock
between answers.  `count_problem_within` takes the matrix as plain ints, for
a worker process.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from solvers import dlx
from solvers.events import Solution
from solvers.parallel import Problem

CHECK_EVERY = 256
"""Events between two looks at the clock."""

Counted = tuple[int, tuple[int, ...] | None, bool]
"""How many solutions, the first (its rows), and whether that is all of them."""


def count_within(
    matrix: dlx.Matrix, strategy: str, budget: float, clock: Callable[[], float] = time.process_time
) -> Counted:
    """Solutions counted for at most `budget` seconds: how many, the first, and whether that is all."""
    started = clock()
    count, first = 0, None
    events = dlx.search(matrix.copy(), strategy=strategy)  # a copy: the caller's matrix stays untouched
    for seen, event in enumerate(events, 1):
        if type(event) is Solution:
            count += 1
            first = first or event.answer
        if not seen % CHECK_EVERY and clock() - started > budget:
            events.close()
            return count, first, False
    return count, first, True


def count_problem_within(problem: Problem, strategy: str, budget: float) -> Counted:
    """`count_within` for a matrix given as plain ints (what crosses to a worker process)."""
    return count_within(problem.matrix(), strategy, budget)
