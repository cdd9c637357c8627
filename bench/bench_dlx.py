"""Benchmark: Unwind's dancing links against the exact-cover packages on PyPI.

Run:  python bench/bench_dlx.py            (top95, 12-queens, 6 x 10 pentomino)
      python bench/bench_dlx.py --quick    (top95, 10-queens, 3 x 20 pentomino raw)
      python bench/bench_dlx.py --only pentomino --skip dancing-links --runs 5

Every engine gets the same matrices, built once outside the clock by
Unwind's encoders (sudoku: only candidates the givens allow; queens: ranks
and files primary in organ-pipe order, from the middle out, diagonals
secondary; pentomino 6 x 10: X limited to a quarter, which gives the classic
2339), and each gets its best encoding of them.  The column order is the
same for every engine, here and in peers.py's whole-process scripts (checked
when the queens workload is built): with ranks then files left to right every
engine searches about 55 % more nodes on 12-queens, and the ratios change.
Each timing includes building the engine's own data structure from plain
lists of column numbers, then finding every solution.  Engines:

- unwind events: `solvers.dlx.search`, every event created and drained;
- unwind count:  what `--count` runs: the dedicated counters where there is
  one (sudoku: `solvers.sudokucount`, from the puzzle's givens; queens:
  `solvers.queenscount`, from N), else `dlx.count` (the pentominoes);
- unwind fast:   `solvers.dlx.count`: bitsets where the matrix has at least
  2 rows per primary column, else the event-free links loop;
- unwind links:  the event-free dancing-links loop (`dlx.link_solutions`);
- unwind bits:   `solvers.bitcover` (rows as Python-int bitsets), built from the rows;
- algorithm-x:   AlgorithmX (node objects, recursive generators).  It has no
  API for secondary columns, but its nodes take them as Knuth does: their
  headers are unlinked from the root's list (and linked to themselves) after
  it builds the matrix, so it never branches on them;
- dlx:           DLX by S. Raaphorst (lists of links, its own SECONDARY columns);
- dancing-links: AlgorithmX from `dancing_links.algorithm_x` (node objects,
  `yield from`); it has no builder, so the nodes are linked here by its
  Node/Header methods; secondary headers are left out of the root list;
- xcover:        `algorithm_c` (numba-compiled dancing cells, its own
  secondary items), the compiled reference; its compile time is reported
  separately and never timed.

Timing (bench/timing.py): CPU time (`time.process_time`) in this one process,
the engines interleaved round by round, `--runs` rounds (default 5); the
table shows min / median seconds and each engine's time over unwind's.
An engine past `--budget` seconds on one run is not run again.

Issue 12's "DLX with events <= 10x xcover" on 12-queens, 2026-11-23 night,
CPython 3.11.7, after rows of four 1s were unrolled (`--only queens --skip
algorithm-x --skip dlx --skip dancing-links --skip "unwind count" --skip
"unwind fast" --skip "unwind bits" --runs 15` or 11, load 0.8-1.0, six
runs): 10.0x / 9.8x, 10.1x / 10.0x, 9.2x / 8.5x, 9.6x / 8.6x, 9.7x / 9.2x and
9.5x / 8.8x (unwind events 0.844 to 0.994 s min against xcover 0.087 to
0.105 s): at the line, not reliably under it (before the unrolling: 10.2x /
9.9x, 10.6x / 10.7x, 9.4x / 9.1x).  The links loop alone, unrolled alike, is
about 7.3x.  Where the events' time goes (the same
search with parts cut out): the link updates about 80 %; building the
423,430 Push and Pop events 12-13 % (about 1,340 instructions each more than
a plain tuple, under cachegrind: `tuple.__new__` on a NamedTuple subclass and
its deallocation; every one carries a new id, so none can be prebuilt);
yielding the 1.9 million other events (about 150 instructions each) 7 %.
README's "Not reached, and why" lists what came off (with the figures) and what was tried and not kept.
"""

from __future__ import annotations

import argparse
import collections
import importlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import peers  # noqa: E402
from bench.timing import Timing, in_process, ratio  # noqa: E402
from solvers import bitcover, dlx, pentomino, queens, queenscount, sudoku, sudokucount  # noqa: E402

DATA = ROOT / "tests" / "data"


@dataclass
class Problem:
    """A matrix as plain data: primary and secondary counts, rows of column numbers.

    `source` is the problem before encoding, for the dedicated counters:
    ("sudoku", N, the cells) or ("queens", N, ()); None for the others.
    """

    n_primary: int
    n_secondary: int
    rows: list[list[int]]
    source: tuple[str, int, tuple[int, ...]] | None = None


def plain(matrix: dlx.Matrix, source: tuple[str, int, tuple[int, ...]] | None = None) -> Problem:
    """The plain form of an Unwind matrix."""
    return Problem(matrix.n_primary, matrix.n_secondary, [list(r) for r in matrix.rows], source)


# --------------------------------------------------------------------------
# The workloads.


def top95() -> list[Problem]:
    """Norvig's top95 sudokus."""
    text = (DATA / "sudoku" / "top95.txt").read_text()
    puzzles = sudoku.parse_puzzles(text, "top95")
    return [plain(sudoku.encode(p).matrix, ("sudoku", p.size, p.cells)) for p in puzzles]


def queens_problem(n: int) -> list[Problem]:
    """N-queens, ranks and files in organ-pipe order for every engine (peers.py builds the very same rows)."""
    problem = plain(queens.encode(n).matrix, ("queens", n, ()))
    if peers.queens_matrix(n) != (problem.n_primary, problem.n_secondary, problem.rows):
        raise SystemExit("bench/peers.py and solvers.queens disagree on the N-queens matrix")
    return [problem]


def pentomino_problem(width: int, height: int, raw: bool) -> list[Problem]:
    """Pentomino tilings: raw, or the classic count's two symmetry-broken matrices."""
    if raw:
        return [plain(pentomino.encode(width, height).matrix)]
    return [plain(pentomino.encode(width, height, where).matrix) for where in ("quarter", "mirror")]


# --------------------------------------------------------------------------
# The engines: each builds its structure from a Problem and counts solutions.


def unwind_events(problem: Problem) -> int:
    """Unwind with events on, drained without looking at them."""
    matrix = build_unwind(problem)
    counters = dlx.Counters()
    collections.deque(dlx.search(matrix, counters=counters), maxlen=0)
    return counters.solutions


def unwind_count(problem: Problem) -> int:
    """What `--count` runs: the sudoku or queens counter from the unencoded problem, else `dlx.count`."""
    if problem.source is None:
        return unwind_fast(problem)
    kind, size, cells = problem.source
    return sudokucount.count(size, cells) if kind == "sudoku" else queenscount.count(size)


def unwind_fast(problem: Problem) -> int:
    """Unwind's `--count` path: `dlx.count`, on bitsets or links as the matrix's shape says."""
    return dlx.count(build_unwind(problem))


def unwind_links(problem: Problem) -> int:
    """Unwind's event-free dancing-links loop, whatever the shape."""
    return sum(1 for _ in dlx.link_solutions(build_unwind(problem)))


def unwind_bits(problem: Problem) -> int:
    """Unwind's bitset counter (`solvers.bitcover`), built straight from the rows."""
    return bitcover.count(bitcover.compile_rows(problem.n_primary, problem.n_secondary, problem.rows))


def build_unwind(problem: Problem) -> dlx.Matrix:
    """An Unwind matrix."""
    matrix = dlx.Matrix(problem.n_primary, problem.n_secondary)
    for row in problem.rows:
        matrix.add_row(row)
    return matrix


def as_peer_matrix(problem: Problem) -> peers.Matrix:
    """The problem in the peers' plain form: primary count, secondary count, rows."""
    return problem.n_primary, problem.n_secondary, problem.rows


def algorithm_x(problem: Problem) -> int:
    """The `algorithm-x` package, secondary headers unlinked from its root's list (`peers.algorithm_x`)."""
    return peers.algorithm_x(as_peer_matrix(problem))


def dlx_package(problem: Problem) -> int:
    """The `dlx` package with its own SECONDARY columns (`peers.dlx_package`)."""
    return peers.dlx_package(as_peer_matrix(problem))


def dancing_links(problem: Problem) -> int:
    """The `dancing-links` package, secondary headers left out of its root list (`peers.dancing_links`)."""
    return peers.dancing_links(as_peer_matrix(problem))


def xcover(problem: Problem) -> int:
    """The `xcover` package's numba-compiled Algorithm C (`peers.xcover`)."""
    return peers.xcover(as_peer_matrix(problem))


ENGINES: dict[str, tuple[str | None, Callable[[Problem], int]]] = {
    "unwind events": (None, unwind_events),
    "unwind count": (None, unwind_count),
    "unwind fast": (None, unwind_fast),
    "unwind links": (None, unwind_links),
    "unwind bits": (None, unwind_bits),
    "algorithm-x": ("algorithm_x", algorithm_x),
    "dlx": ("dlx", dlx_package),
    "dancing-links": ("dancing_links.algorithm_x", dancing_links),
    "xcover": ("xcover", xcover),
}


# --------------------------------------------------------------------------
# Timing and the table.


def available(skip: set[str]) -> dict[str, str]:
    """Engine name -> why it cannot run ('' when it can)."""
    status = {}
    for name, (module, _) in ENGINES.items():
        if name in skip:
            status[name] = "skipped"
            continue
        try:
            if module:
                started = time.perf_counter()
                importlib.import_module(module)
                if name == "xcover":
                    warm_up_xcover()
                    print(f"xcover: import and numba compile {time.perf_counter() - started:.2f} s")
            status[name] = ""
        except Exception as error:  # a package that does not install or import
            status[name] = f"not available ({type(error).__name__}: {error})"
    return status


def warm_up_xcover() -> None:
    """Compile xcover's numba code on a tiny matrix, so no timed run pays for it."""
    xcover(Problem(2, 1, [[0, 2], [1], [0, 1]]))


def measure(problems: list[Problem], status: dict[str, str], runs: int, budget: float) -> dict[str, Timing]:
    """Every available engine on one workload, interleaved (see bench/timing.py)."""

    def solve_all(engine: Callable[[Problem], int]) -> Callable[[], int]:
        """All the problems, one after another; the total count of solutions."""
        return lambda: sum(engine(problem) for problem in problems)

    contenders = {name: solve_all(engine) for name, (_, engine) in ENGINES.items() if not status[name]}
    return in_process(contenders, runs, budget)


def run(
    label: str, problems: list[Problem], status: dict[str, str], runs: int, budget: float
) -> dict[str, Timing]:
    """Time every engine on one workload and print a table."""
    print(f"\n{label}  (CPU s, {runs} interleaved runs)")
    print(f"  {'engine':<16}{'min / median':>18}{'solutions':>11}   unwind events / it   unwind count / it")
    timings = measure(problems, status, runs, budget)
    for name in ENGINES:
        if status[name]:
            print(f"  {name:<16}{status[name]}")
            continue
        timing = timings[name]
        mine = (ratio(timings[u], timing) for u in ("unwind events", "unwind count") if u in timings)
        print(f"  {name:<16}{timing.cell():>18}{timing.result or 0:>11}   " + "   ".join(mine))
    return timings


def workloads(quick: bool) -> dict[str, tuple[str, Callable[[], list[Problem]]]]:
    """Workload key -> (label, its problems)."""
    n = 10 if quick else 12
    (width, height), raw = ((3, 20), True) if quick else ((6, 10), False)
    kind = "raw count" if raw else "classic count (X in a quarter)"
    return {
        "sudoku": ("top95 sudokus, all solutions of each", top95),
        "queens": (f"{n}-queens, count", lambda: queens_problem(n)),
        "pentomino": (f"{width}x{height} pentomino, {kind}", lambda: pentomino_problem(width, height, raw)),
    }


def main(argv: list[str] | None = None) -> dict[str, dict[str, Timing]]:
    """Parse options, run the workloads, return their timings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller queens and pentomino")
    parser.add_argument("--only", choices=("sudoku", "queens", "pentomino"), action="append")
    parser.add_argument("--skip", action="append", default=[], choices=list(ENGINES))
    parser.add_argument("--runs", type=int, default=5, help="interleaved runs per engine (default 5)")
    parser.add_argument(
        "--budget", type=float, default=300.0, help="seconds allowed per engine and run (default 300)"
    )
    args = parser.parse_args(argv)
    status = available(set(args.skip))
    print(f"python {sys.version.split()[0]}; budget {args.budget:.0f} s per run")
    results = {}
    for key, (label, problems) in workloads(args.quick).items():
        if key in set(args.only or (key,)):
            results[key] = run(label, problems(), status, args.runs, args.budget)
    return results


if __name__ == "__main__":
    main()
