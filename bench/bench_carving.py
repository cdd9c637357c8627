"""Benchmark: the one carving loop (solvers/mazes/carving.py) on the square maze, beside the code before.

Run:  python bench/bench_carving.py                          (1000 x 1000, this tree)
      python bench/bench_carving.py --against /path/to/old   (interleaved with an older checkout)

Times `solvers.maze.carve` drained (events on, what the demo and `maze generate`
run) and `solvers.maze.generate` (untold, the End worker's answer): CPU time,
min / median of interleaved runs in one process; the peak traced memory of each
at two sizes; and `python -m solvers maze generate N N --seed 1` as whole
processes.  `--against` loads the older tree's `solvers` package under another
name (a copy with its imports renamed), so both run side by side in this one
process, on the same load.

Measured when the square's own padded-wall loop was retired (issue 32): see
the figures in solvers/mazes/carving.py's docstring.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import sys
import tempfile
import tracemalloc
from collections import deque
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import timing  # noqa: E402  (the checkout first on the path)


def drain(events: Iterator[Any]) -> None:
    """Consume an iterator as cheaply as a loop can."""
    deque(events, maxlen=0)


def renamed_copy(checkout: Path, into: Path) -> ModuleType:
    """The `solvers.maze` of another checkout, imported as `before_solvers.maze` from a renamed copy."""
    copy = into / "before_solvers"
    shutil.copytree(checkout / "solvers", copy)
    for source in copy.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        source.write_text(re.sub(r"\b(from|import) solvers\b", r"\1 before_solvers", text), encoding="utf-8")
    sys.path.insert(0, str(into))
    import before_solvers.maze as before  # type: ignore[import-not-found]

    return before  # type: ignore[no-any-return]


def carved(maze: Any, side: int) -> None:
    """A square maze's `carve(side, side, 1)`, its events drained."""
    drain(maze.carve(side, side, 1))


def peak_mb(job: Callable[[], object]) -> float:
    """Peak traced allocation of one call, in MB."""
    gc.collect()
    tracemalloc.start()
    job()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def generate_commands(trees: dict[str, Path], size: int) -> dict[str, list[str]]:
    """`python -m solvers maze generate N N --seed 1` run from each tree (its own solvers on the path)."""
    argv = [sys.executable, "-P", "-m", "solvers", "maze", "generate", str(size), str(size), "--seed", "1"]
    return {name: ["env", f"PYTHONPATH={tree}", *argv] for name, tree in trees.items()}


def main(argv: list[str] | None = None) -> int:
    """Time this tree's square carving (and an older checkout's, with --against)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="side of the timed maze")
    parser.add_argument("--memory-sizes", type=int, nargs="*", default=[1000, 2000], help="sides for peaks")
    parser.add_argument("--runs", type=int, default=5, help="interleaved runs of each")
    parser.add_argument("--against", type=Path, help="a checkout of the code before, to run beside this one")
    args = parser.parse_args(argv)
    from solvers import maze as now

    mazes: dict[str, Any] = {"now": now}
    trees = {"now": ROOT}
    with tempfile.TemporaryDirectory() as scratch:
        if args.against:
            mazes = {"before": renamed_copy(args.against.resolve(), Path(scratch)), "now": now}
            trees = {"before": args.against.resolve(), "now": ROOT}
            same = [m.generate(60, 40, 3).to_text() for m in mazes.values()]
            print("same maze for a seed before and now:", same[0] == same[1])
        n = args.size
        jobs: dict[str, Callable[[], object]] = {}
        for name, maze in mazes.items():
            jobs[f"carve drained, {name}"] = partial(carved, maze, n)
            jobs[f"generate, {name}"] = partial(maze.generate, n, n, 1)
        print(f"\nSquare {n} x {n}, seed 1, CPU time, min / median of {args.runs}, interleaved")
        for name, took in sorted(timing.in_process(jobs, runs=args.runs).items()):
            print(f"  {name:26} {took.cell()} s")
        print("\nPeak traced memory")
        for side in args.memory_sizes:
            for name, maze in mazes.items():
                told = peak_mb(partial(carved, maze, side))
                plain = peak_mb(partial(maze.generate, side, side, 1))
                print(f"  {side} x {side} {name:7} carve drained {told:6.1f} MB, generate {plain:6.1f} MB")
        print(f"\nWhole process, maze generate {n} {n} --seed 1, CPU (user + system), {args.runs} runs")
        commands = generate_commands(trees, n)
        timing.warm_up(commands, dict(os.environ))
        for name, took in timing.whole_process(commands, runs=args.runs).items():
            print(f"  {name:7} {took.cell()} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
