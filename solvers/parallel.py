"""Counting exact covers on every core, or on a Dask cluster: split the search tree, count the parts.

Vocabulary:

- A *problem* (`Problem`) is an exact-cover matrix as plain data: how many
  primary and secondary columns, and each row as a tuple of column numbers
  (primary ones first, as in `dlx.Matrix`).  Plain ints, so it crosses to a
  worker process or a Dask worker cheaply.
- *Choosing* row r (`reduce`) gives the problem left below it in Algorithm X's
  search tree: the columns r covers are gone, and so is every row that meets
  one of them; every other row is kept whole, its columns renumbered in order.
  The solutions of the reduced problem are those of the whole that hold r,
  without r.
- *Splitting* (`split`) takes a problem's column as the solver would (fewest
  rows, leftmost on ties; or leftmost) and reduces by each of its rows: every
  solution holds exactly one of them, so the parts' counts add up to the
  whole's.  The largest part is split again until there are
  `TASKS_PER_WORKER` parts per worker, for balance.  The split also adds up
  the search-tree nodes and link updates of the levels it took, so the
  parts' `dlx.Counters` plus the split's are exactly those of one search.
- The parts are counted on bitsets (`bitcover`, no events) in an executor
  (`solvers.executors`, imported only when a count runs, so that a
  command's parser does not pay for `concurrent.futures` and
  multiprocessing): in this process for one job, a `ProcessPoolExecutor`
  for several, or a Dask cluster's `get_executor()`.

A count tells how far it got through `watch`, given the number of parts to count (None when unknown): a
context manager whose `update(done, noun)` hears each part counted.  The command line's `--jobs` and
`--scheduler`, and its progress bar on stderr, are `solvers.commands.jobs`.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from concurrent.futures import Future

from solvers import dlx
from solvers.i18n import N_

TASKS_PER_WORKER = 12
"""Parts per worker: enough that a long part does not leave the others idle (8-20 balance well)."""
MAX_PARTS = 20_000
"""The split stops after making this many parts, whatever it finds (dead ends give none)."""

Rows = tuple[tuple[int, ...], ...]


# --------------------------------------------------------------------------
# Problems as plain data, and the split.


@dataclass(frozen=True)
class Problem:
    """An exact-cover matrix as plain ints: primary columns 0..n_primary-1, then secondary ones."""

    n_primary: int
    n_secondary: int
    rows: Rows

    @classmethod
    def of(cls, matrix: dlx.Matrix) -> Problem:
        """The plain form of a `dlx.Matrix` (its rows as given, before any search)."""
        return cls(matrix.n_primary, matrix.n_secondary, tuple(matrix.rows))

    def matrix(self) -> dlx.Matrix:
        """A fresh `dlx.Matrix` with these columns and rows."""
        matrix = dlx.Matrix(self.n_primary, self.n_secondary)
        for row in self.rows:
            matrix.add_row(row)
        return matrix


class Tally(NamedTuple):
    """What counting a problem found: solutions, search-tree nodes and link updates."""

    found: int
    nodes: int = 0
    updates: int = 0

    def __add__(self, other: object) -> Tally:
        """Both tallies summed field by field (a tuple's + would concatenate)."""
        if not isinstance(other, Tally):
            return NotImplemented
        return Tally(self.found + other.found, self.nodes + other.nodes, self.updates + other.updates)

    def into(self, counters: dlx.Counters | None) -> int:
        """Add the nodes, updates and solutions to `counters` (if any); return the count."""
        if counters is not None:
            counters.nodes += self.nodes
            counters.updates += self.updates
            counters.solutions += self.found
        return self.found


@dataclass(frozen=True)
class Split:
    """The parts to count, and the nodes and updates of the search-tree levels above them."""

    parts: tuple[Problem, ...]
    above: Tally


def column_index(problem: Problem) -> list[list[int]]:
    """The rows of every column (primary and secondary), top to bottom."""
    rows_of: list[list[int]] = [[] for _ in range(problem.n_primary + problem.n_secondary)]
    for number, row in enumerate(problem.rows):
        for column in row:
            rows_of[column].append(number)
    return rows_of


def choose_column(problem: Problem, rows_of: list[list[int]], fewest: bool = True) -> int:
    """The column the solver takes: fewest rows, leftmost on ties (or simply the leftmost)."""
    if not fewest:
        return 0
    return min(range(problem.n_primary), key=lambda column: len(rows_of[column]))


def reduce(problem: Problem, chosen: int) -> Problem:
    """The problem left after choosing row `chosen`: its columns and every row meeting them gone."""
    covered = set(problem.rows[chosen])
    kept = [row for row in problem.rows if covered.isdisjoint(row)]
    renumber: dict[int, int] = {}
    for column in range(problem.n_primary + problem.n_secondary):
        if column not in covered:
            renumber[column] = len(renumber)
    n_primary = problem.n_primary - sum(1 for column in covered if column < problem.n_primary)
    rows = tuple(tuple(renumber[column] for column in row) for row in kept)
    return Problem(n_primary, len(renumber) - n_primary, rows)


def expand(problem: Problem, fewest: bool = True) -> Split:
    """One level: a part per row of the chosen column, and this node's updates as `dlx.count` makes them.

    Covering a set of columns removes each header once and each row meeting
    them once (in whatever order), so the updates are counted from sets.
    """
    rows, rows_of = problem.rows, column_index(problem)
    column = choose_column(problem, rows_of, fewest)
    chosen = rows_of[column]
    updates = 1 + sum(len(rows[number]) - 1 for number in chosen)  # cover(column)
    for number in chosen:
        others = [other for other in rows[number] if other != column]
        meeting = {n for other in others for n in rows_of[other]}.difference(chosen)
        updates += len(others) + sum(len(rows[n]) - 1 for n in meeting)
    return Split(tuple(reduce(problem, number) for number in chosen), Tally(0, 1, updates))


def split(problems: Iterable[Problem], wanted: int, fewest: bool = True) -> Split:
    """Parts of `problems` whose counts add up to theirs: the largest split first, until `wanted`.

    A part with no primary column left is a solution and is kept as it is
    (counting it finds 1); a dead end (a column no row covers) leaves no part.
    """
    heap = [(-len(p.rows), order, p) for order, p in enumerate(problems)]
    heapq.heapify(heap)
    order, above = len(heap), Tally(0)
    done: list[Problem] = []
    while heap and len(heap) + len(done) < wanted and order < MAX_PARTS:
        _, _, problem = heapq.heappop(heap)
        if not problem.n_primary:
            done.append(problem)
            continue
        level = expand(problem, fewest)
        above += level.above
        for part in level.parts:
            heapq.heappush(heap, (-len(part.rows), order, part))
            order += 1
    largest_first = [problem for _, _, problem in sorted(heap)]
    return Split(tuple(largest_first + done), above)


def count_part(
    n_primary: int, n_secondary: int, rows: Sequence[Sequence[int]], strategy: str, limit: int | None
) -> tuple[int, int, int]:
    """Count one part (run by a worker): solutions, nodes and updates, as plain ints.

    On bitsets (`bitcover`) straight from the rows when they fit: no links built.
    """
    from solvers import bitcover  # here: every command's parser imports this module

    if bitcover.fits(len(rows), n_primary) and strategy in dlx.STRATEGIES:
        run = bitcover.Run()
        bits = bitcover.compile_rows(n_primary, n_secondary, rows)
        found = bitcover.count(bits, fewest=strategy == "fewest", limit=limit, run=run)
        return found, run.nodes, run.updates
    counters = dlx.Counters()
    found = dlx.count(
        Problem(n_primary, n_secondary, tuple(map(tuple, rows))).matrix(),
        strategy=strategy,
        limit=limit,
        counters=counters,
    )
    return found, counters.nodes, counters.updates


# --------------------------------------------------------------------------
# How to count.


@dataclass(frozen=True)
class Plan:
    """How to count: workers (to size the split), a Dask scheduler or none, the column rule."""

    workers: int
    scheduler: str | None = None
    strategy: str = "fewest"


# --------------------------------------------------------------------------
# Counting.


class Progressing(Protocol):
    """What hears a count's progress: how many parts (or problems) are done, and what they are."""

    def __enter__(self) -> Progressing:
        """Start listening."""

    def __exit__(self, *exc_info: object) -> None:
        """Stop listening (the count ended, or failed)."""

    def update(self, done: int, noun: str) -> None:
        """`done` counted so far; `noun` names them (N_ words, translated by the listener)."""


class Quiet:
    """Progress nobody hears: a count run by a program."""

    def __enter__(self) -> Quiet:
        """Nothing to start."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Nothing to stop."""

    def update(self, done: int, noun: str) -> None:
        """Nobody listens."""


Watch = Callable[[int | None], Progressing]
"""Given the number of parts to count (None: not known), what hears the count's progress."""


def quiet(total: int | None) -> Progressing:
    """The default `Watch`: nobody listens."""
    return Quiet()


def count_problems(
    problems: Iterable[Problem], plan: Plan, *, limit: int | None = None, watch: Watch = quiet
) -> Tally:
    """The problems' solutions added up (at most `limit`), split into parts for `plan.workers`."""
    from concurrent.futures import FIRST_COMPLETED, wait  # here: a parser alone never pays for them

    from solvers.executors import executor_for

    fewest = plan.strategy == "fewest"
    parts = split(problems, 1 if plan.workers == 1 else plan.workers * TASKS_PER_WORKER, fewest)
    total = parts.above
    progress = watch(len(parts.parts))
    with progress, executor_for(plan.workers, plan.scheduler) as executor:
        pending = {executor.submit(count_part, *_plain(part), plan.strategy, limit) for part in parts.parts}
        done_parts = 0
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                total += Tally(*future.result())
                done_parts += 1
            progress.update(done_parts, N_("parts counted"))
            if limit is not None and total.found >= limit:
                for future in pending:
                    future.cancel()
                break
    return total if limit is None else total._replace(found=min(total.found, limit))


def count_each_problem(
    problems: Iterable[Problem], plan: Plan, *, limit: int | None = None, watch: Watch = quiet
) -> Iterator[Tally]:
    """Each problem's count in order, a task per problem, a few per worker waiting at most.

    The last few are gathered before the pool closes, so a reader who stops
    after the last count leaves no pool behind.
    """
    from solvers.executors import executor_for

    progress = watch(None)
    window: deque[Future[tuple[int, int, int]]] = deque()
    finished = 0
    with progress, executor_for(plan.workers, plan.scheduler) as executor:
        for problem in problems:
            window.append(executor.submit(count_part, *_plain(problem), plan.strategy, limit))
            if len(window) >= 4 * plan.workers:
                yield Tally(*window.popleft().result())
                finished += 1
                progress.update(finished, N_("counted"))
        last = [Tally(*future.result()) for future in window]
    yield from last


def _plain(problem: Problem) -> tuple[int, int, list[list[int]]]:
    """A problem as plain ints and lists, the form a task crosses to a worker in."""
    return problem.n_primary, problem.n_secondary, [list(row) for row in problem.rows]
