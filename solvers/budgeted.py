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

Queens and pentominoes have faster counters, the ones `--count` uses:
`queens_within` counts with the bitmask search (`queenscount`, 12 queens in a
quarter of a second), `pentomino_within` counts the classic tilings on
bitsets and multiplies by the rectangle's symmetries (6 x 10 in seconds
where the run's own search takes minutes).  Their first solution is still
the run's own (`dlx.first` walks the run's tree, without events).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from solvers import dlx, pentomino, queenscount
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


def queens_within(
    n: int, problem: Problem, strategy: str, budget: float, clock: Callable[[], float] = time.process_time
) -> Counted:
    """N queens' placements by the bitmask counter, a first-row file at a time while within `budget` CPU s.

    `problem` is the run's matrix (`queens.encode(n)`): its first solution, in the run's `strategy`.
    """
    started = clock()
    first = dlx.first(problem.matrix(), strategy=strategy)
    total, tally = 0, queenscount.Tally()
    for times, file in queenscount.first_files(n):
        if clock() - started > budget:
            return total, first, False
        total += times * queenscount.count_below(n, file, tally)
    return total, first, True


def pentomino_within(
    width: int,
    height: int,
    problem: Problem,
    strategy: str,
    budget: float,
    clock: Callable[[], float] = time.process_time,
) -> Counted:
    """Every tiling of the board: the classic ones counted on bitsets (`pentomino.count`), times IMAGES.

    The clock is read at each classic tiling (one every few milliseconds on
    the app's boards); `problem` is the run's matrix, for its first tiling.
    """
    started = clock()
    first = dlx.first(problem.matrix(), strategy=strategy)
    classic = 0
    for matrix in pentomino.matrices(width, height):
        for _answer in dlx.solutions(matrix):
            classic += 1
            if clock() - started > budget:
                return pentomino.IMAGES * classic, first, False
    return pentomino.IMAGES * classic, first, True
