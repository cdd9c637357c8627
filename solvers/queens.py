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

import argparse
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from solvers import dlx, parallel
from solvers.cli import UsageError, emit, whole_number
from solvers.events import Event, Push, Solution
from solvers.i18n import N_, _, format_number, ngettext
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


def add_cli(sub: Any) -> None:
    """Register `queens N`."""
    parser = sub.add_parser(
        "queens",
        help=_("place N queens by dancing links"),
        description=_(
            "One placement for N up to {max_n}: dancing links searches {budget} tries, then the "
            "classic explicit construction places the queens at once. "
            "--count and --all search every placement, for N up to {max_count}."
        ).format(max_n=format_number(MAX_N), budget=format_number(SEARCH_BUDGET), max_count=MAX_COUNT_N),
    )
    parser.add_argument(
        "n",
        type=whole_number(None, N_("N")),
        metavar="N",
        help=_("board size, 1 to {max_n}").format(max_n=format_number(MAX_N)),
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help=_("print how many solutions exist (N up to {max_count})").format(max_count=MAX_COUNT_N),
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help=_("print every placement as found (N up to {max_count})").format(max_count=MAX_COUNT_N),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parallel.add_options(parser)
    parser.set_defaults(run=run_queens)


def run_queens(args: argparse.Namespace) -> int:
    """Print one placement, every placement, or the count."""
    if not 1 <= args.n <= MAX_N:
        wrong = _("queens: N must be between 1 and {max_n}, not {n}")
        raise UsageError(wrong.format(max_n=format_number(MAX_N), n=args.n))
    if (args.count or args.all) and args.n > MAX_COUNT_N:
        wrong = _("queens: --count and --all search every placement: N up to {max_count}, not {n}")
        raise UsageError(wrong.format(max_count=MAX_COUNT_N, n=args.n))
    parallel.check(args, "queens")
    counters, stats = dlx.Counters(), EventStats()
    if args.count and parallel.chosen(args):
        total = parallel.count([encode(args.n).matrix], args, counters=counters, stats=stats, label="queens")
    elif args.count and args.json:
        total = count(args.n, counters, stats)  # --json's run stats are the exact-cover search's events
    elif args.count:
        total = fast_count(args.n, counters, stats)
    if args.count:
        emit(args, str(total), {"n": args.n, "count": total, **counters.as_dict(), **stats.as_dict()})
        return 0 if total else 1
    if args.all:
        return _print_all(args, counters, stats)
    files, finished = first_within(args.n, SEARCH_BUDGET, counters, stats)
    method = "search"
    if not finished:
        files, method = construct(args.n), "construction"
    data = {"n": args.n, "method": method, **counters.as_dict(), **stats.as_dict()}
    data["solutions"] = 0 if files is None else 1  # the placements answered, whichever method found them
    if files is None:
        emit(args, _("no solution"), {**data, "solution": None})
        return 1
    emit(args, board(files), {**data, "solution": list(files)})
    return 0


def _print_all(args: argparse.Namespace, counters: dlx.Counters, stats: EventStats) -> int:
    """Print each placement as the search finds it (JSON: one object a line), then how many."""
    import json

    encoding = encode(args.n)
    found = 0
    for answer in dlx.watched_answers(encoding.matrix, stats, counters=counters):
        files = encoding.files(answer)
        found += 1
        print(json.dumps({"n": args.n, "solution": list(files)}) if args.json else f"{board(files)}\n")
    summary = {"n": args.n, "count": found, **counters.as_dict(), **stats.as_dict()}
    placements = ngettext("{count} placement", "{count} placements", found).format(count=format_number(found))
    print(json.dumps(summary) if args.json else placements)
    return 0 if found else 1
