"""N-queens as exact cover, with secondary columns for the diagonals.

Vocabulary:

- A *placement* is a tuple `files` with `files[rank]` = the file (column) of
  the queen on that rank, e.g. `(1, 3, 0, 2)` for N = 4.
- The matrix (`encode`) has a row per square (rank r, file f) with four 1s:
  rank r and file f are *primary* (each needs exactly one queen), the two
  diagonals through the square are *secondary* (at most one queen each).
  Rank and file columns are listed from the middle outwards ("organ pipe"
  order, as in Knuth's paper), so ties in the fewest-1s choice fall on the
  central, most constrained lines first.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from solvers import dlx
from solvers.events import Event, Push, Solution
from solvers.i18n import _
from solvers.runstats import EventStats

MAX_N = 100
MAX_COUNT_N = 14
"""--count and --all search every placement: 365,596 of them for N = 14, far more above."""
SEARCH_BUDGET = 2_000
"""`queens N` searches this many search-tree nodes before it builds a placement instead."""
PSEUDOCODE = dlx.PSEUDOCODE


def organ_pipe(n: int) -> list[int]:
    """0..n-1 from the middle outwards: for 8, 4 3 5 2 6 1 7 0."""
    order, middle = [], n // 2
    for step in range(n):
        offset = (step + 1) // 2
        order.append(middle - offset if step % 2 else middle + offset)
    return order


@dataclass
class Encoding:
    """N-queens as a matrix; `squares[row]` is the (rank, file) of a matrix row."""

    n: int
    matrix: dlx.Matrix
    squares: list[tuple[int, int]]

    def files(self, answer: tuple[int, ...]) -> tuple[int, ...]:
        """The placement chosen by a solution (file of the queen on each rank)."""
        placed = dict(self.squares[row] for row in answer)
        return tuple(placed[rank] for rank in range(self.n))

    def search(
        self, *, strategy: str = "fewest", limit: int | None = None, counters: dlx.Counters | None = None
    ) -> Iterator[Event]:
        """Algorithm X's events; Push.what is a matrix row, see `squares`."""
        return dlx.search(self.matrix, strategy=strategy, limit=limit, counters=counters)


def encode(n: int) -> Encoding:
    """The matrix: ranks and files primary, both families of diagonals secondary."""
    if n < 1:
        raise ValueError(_("N must be at least 1"))
    primary: list[str] = []
    index: dict[str, int] = {}
    for i in organ_pipe(n):
        for name in (f"r{i + 1}", f"f{i + 1}"):
            index[name] = len(primary)
            primary.append(name)
    secondary = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    for k, name in enumerate(secondary):
        index[name] = 2 * n + k
    matrix = dlx.Matrix(primary, secondary)
    squares: list[tuple[int, int]] = []
    for rank in range(n):
        for file in range(n):
            matrix.add_row(
                (
                    index[f"r{rank + 1}"],
                    index[f"f{file + 1}"],
                    index[f"a{rank + file}"],
                    index[f"b{rank - file + n - 1}"],
                )
            )
            squares.append((rank, file))
    return Encoding(n, matrix, squares)


def first(
    n: int, counters: dlx.Counters | None = None, stats: EventStats | None = None
) -> tuple[int, ...] | None:
    """One placement of N queens, or None (N = 2, 3)."""
    encoding = encode(n)
    answer = dlx.first(encoding.matrix, counters=counters, stats=stats)
    return None if answer is None else encoding.files(answer)


def count(n: int, counters: dlx.Counters | None = None, stats: EventStats | None = None) -> int:
    """How many placements there are (OEIS A000170)."""
    return dlx.count(encode(n).matrix, counters=counters, stats=stats)


def fast_count(n: int, counters: dlx.Counters, stats: EventStats) -> int:
    """What `queens N --count` runs: the bitmask counter (`queenscount`), its nodes in `counters`.

    It walks its own search (rows top to bottom, half the first row), so its
    nodes are its own, it updates no links and yields no events; `count`
    gives dancing links' counters.
    """
    from solvers import queenscount  # here: only counting needs it (imports stay light)

    tally = queenscount.Tally()
    total = queenscount.count(n, tally)
    counters.nodes += tally.nodes
    counters.solutions += total
    stats.record({}, n if total else 0)
    return total


def all_placements(n: int) -> list[tuple[int, ...]]:
    """Every placement, sorted."""
    encoding = encode(n)
    return sorted(encoding.files(answer) for answer in dlx.solutions(encoding.matrix))


def construct(n: int) -> tuple[int, ...] | None:
    """A placement without search, by the classic explicit construction; None for N = 2, 3.

    Queens go on the even files of the first ranks, then the odd ones (1-based
    files); N = 6k + 2 and 6k + 3 need a small reshuffle so no diagonal repeats.
    """
    if n in (2, 3):
        return None
    evens, odds = list(range(2, n + 1, 2)), list(range(1, n + 1, 2))
    if n % 6 == 2:
        odds = [3, 1, *odds[3:], 5]  # swap 1 and 3, move 5 to the end
    elif n % 6 == 3:
        evens, odds = [*evens[1:], 2], [*odds[2:], 1, 3]  # 2 to the end; 1 and 3 to the end
    files = tuple(file - 1 for file in evens + odds)
    if not is_placement(files):
        raise AssertionError(f"the construction failed for N = {n}")
    return files


def first_within(
    n: int, budget: int, counters: dlx.Counters | None = None, stats: EventStats | None = None
) -> tuple[tuple[int, ...] | None, bool]:
    """The search's first placement (or None) and whether the search ended within `budget` tries."""
    encoding = encode(n)
    stats = stats or EventStats()
    events = dlx.search(encoding.matrix, limit=1, counters=counters)
    watched = stats.watch(events)
    tries = 0
    try:
        for event in watched:
            if type(event) is Solution:
                return encoding.files(event.answer), True
            tries += type(event) is Push
            if tries > budget:
                return None, False
        return None, True
    finally:
        watched.close()
        events.close()  # relinks the matrix
        stats.finish()


def is_placement(files: tuple[int, ...]) -> bool:
    """No two queens share a file or a diagonal (ranks are distinct by construction)."""
    n = len(files)
    return (
        sorted(files) == list(range(n))
        and len({r + f for r, f in enumerate(files)}) == n
        and len({r - f for r, f in enumerate(files)}) == n
    )


def board(files: tuple[int, ...]) -> str:
    """The board as text: 'Q' for a queen, '.' for an empty square."""
    n = len(files)
    return "\n".join(" ".join("Q" if f == file else "." for f in range(n)) for file in files)
