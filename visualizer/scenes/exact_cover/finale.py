"""An exact-cover search's end worked out directly (see visualizer/finale.py): End shows it at once.

The solutions are counted by Algorithm X's own search (`dlx.search`, the
run's events, none drawn) for at most `PLAIN_BUDGET` seconds of CPU: within
it, the count and the first solution are the run's own; past it (16 queens
have 14,772,512 placements) the card says how many were found so far and
that the timeline counts on.  The clock is read every CHECK_EVERY events,
not only at solutions: a board with few or no solutions (the soak found one)
once kept a frame busy for minutes on the event-free path, which has no
place to look at the clock between answers.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from solvers import dlx, pentomino, queens
from solvers.events import Solution
from solvers.i18n import _, format_number, ngettext
from visualizer.finale import Finale

PLAIN_BUDGET = 0.5
"""CPU seconds the count may take (the card must show within a second)."""
CHECK_EVERY = 256
"""Events between two looks at the clock."""


def count_within(
    matrix: dlx.Matrix, strategy: str, budget: float, clock: Callable[[], float] = time.process_time
) -> tuple[int, tuple[int, ...] | None, bool]:
    """Solutions counted for at most `budget` seconds: how many, the first, and whether that is all."""
    started = clock()
    count, first = 0, None
    events = dlx.search(matrix.copy(), strategy=strategy)  # a copy: the run's own matrix stays untouched
    for seen, event in enumerate(events, 1):
        if type(event) is Solution:
            count += 1
            first = first or event.answer
        if not seen % CHECK_EVERY and clock() - started > budget:
            events.close()
            return count, first, False
    return count, first, True


def answer_words(encoding: object, answer: tuple[int, ...]) -> str | None:
    """A solution in its code form: queens as squares ('a2 b4 c1 d3'), a tiling as its rows of letters."""
    if isinstance(encoding, queens.Encoding):
        return " ".join(
            f"{chr(ord('a') + file)}{rank + 1}" for rank, file in enumerate(encoding.files(answer))
        )
    if isinstance(encoding, pentomino.Encoding):
        return " / ".join(encoding.grid(answer))
    return None


def plain_end(encoding: object, matrix: dlx.Matrix, strategy: str, noun: str) -> Finale:
    """How many solutions (or tilings) the run finds and the first of them."""
    count, first, finished = count_within(matrix, strategy, PLAIN_BUDGET)
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
