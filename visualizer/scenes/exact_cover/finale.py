"""An exact-cover search's end worked out directly (see visualizer/finale.py): End shows it at once.

The solutions are counted by Algorithm X's own search for at most
`PLAIN_BUDGET` seconds of CPU (`solvers.budgeted`: within it the count and
the first solution are the run's own; past it the card says how many were
found so far and that the timeline counts on).  A count that needs more
than `QUICK` seconds goes on in a worker process (visualizer/ahead.py), so
no frame waits for it: the card says it is still working meanwhile.  Queens
and pentominoes hand the worker their fast counter instead (`FastCount`: what
`--count` runs), which gets the totals in seconds for up to `FAST_BUDGET`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solvers import dlx, pentomino, queens
from solvers.budgeted import Counted, count_problem_within, count_within
from solvers.i18n import _, format_number, ngettext
from solvers.parallel import Problem
from visualizer.ahead import Ahead
from visualizer.finale import Finale

PLAIN_BUDGET = 0.35
"""CPU seconds the count may take (the worker starts in about 0.25 s: the card must show within a second)."""
QUICK = 0.05
"""CPU seconds counted here, in the frame, before the rest goes to the worker (8 queens take 0.01)."""
FAST_BUDGET = 30.0
"""CPU seconds a fast counter may take in the worker (14 queens: 6 s, every 6 x 10 tiling: 8 s)."""

FastCount = tuple[Callable[..., Counted], tuple[Any, ...]]
"""A demo's fast counter and its leading arguments (`budgeted.queens_within`, (12,)); it gets the run's
matrix, strategy and FAST_BUDGET after them."""


class PlainCount:
    """One run's solutions counted for End: here when quick, else by the worker (its fast counter if any)."""

    def __init__(self, matrix: dlx.Matrix, strategy: str, fast: FastCount | None = None) -> None:
        self.counted = count_within(matrix, strategy, QUICK)
        self.asked: Ahead[Counted] | None = None
        if self.counted[2]:
            return
        if fast is not None:
            counter, leading = fast
            self.asked = Ahead(counter, *leading, Problem.of(matrix), strategy, FAST_BUDGET)
        else:
            self.asked = Ahead(count_problem_within, Problem.of(matrix), strategy, PLAIN_BUDGET)

    def drop(self) -> None:
        """Another run's count replaces this one: the worker stops on it, if it is still counting."""
        if self.asked is not None:
            self.asked.abandon()

    def ready(self) -> bool:
        """True when `take` would not wait for the worker."""
        return self.asked is None or self.asked.done()

    def take(self) -> Counted:
        """How many, the first, and whether that is all (the worker's count when it had one)."""
        if self.asked is not None:
            self.counted, self.asked = self.asked.take(), None
        return self.counted


def answer_words(encoding: object, answer: tuple[int, ...]) -> str | None:
    """A solution in its code form: queens as squares ('a2 b4 c1 d3'), a tiling as its rows of letters."""
    if isinstance(encoding, queens.Encoding):
        return " ".join(
            f"{chr(ord('a') + file)}{rank + 1}" for rank, file in enumerate(encoding.files(answer))
        )
    if isinstance(encoding, pentomino.Encoding):
        return " / ".join(encoding.grid(answer))
    return None


def plain_end(encoding: object, counted: Counted, noun: str) -> Finale:
    """How many solutions (or tilings) the run finds and the first of them."""
    count, first, finished = counted
    lines = [count_line(noun, count, finished)]
    words = answer_words(encoding, first) if first is not None else None
    if words:
        lines.append(first_line(noun, words))
    return Finale(tuple(lines))


def count_line(noun: str, count: int, finished: bool) -> str:
    """The count in a whole sentence, per noun (a translation cannot glue a noun in)."""
    number = format_number(count)
    if finished and noun == "tiling":
        return ngettext(
            "Algorithm X finds {count} tiling.", "Algorithm X finds {count} tilings.", count
        ).format(count=number)
    if finished:
        return ngettext(
            "Algorithm X finds {count} solution.", "Algorithm X finds {count} solutions.", count
        ).format(count=number)
    return ngettext(
        "Counting them all takes longer: {count} found so far, the timeline counts on.",
        "Counting them all takes longer: {count} found so far, the timeline counts on.",
        count,
    ).format(count=number)


def first_line(noun: str, words: str) -> str:
    """The first solution found, in its code form."""
    if noun == "tiling":
        return _("The first tiling: {tiling}").format(tiling=words)
    return _("The first solution: {solution}").format(solution=words)
