"""Benchmark: what `python -m solvers CMD` pays for imports before it solves anything.

Run:  python bench/bench_import.py [--runs 7]

For each command, a fresh interpreter imports `solvers.__main__` and builds
the parser for that command (the modules `main` imports for it); it reports
the CPU time of that (`time.process_time`, min / median of `--runs` fresh
processes, interleaved) and whether numpy got loaded.  The goal: queens,
sudoku and pentomino under 50 ms, numpy only for maze.  Also shown: the
full parser (every module, as `--help` builds it) and a bare interpreter's
whole-process start, for scale.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.timing import Timing, run_command, user_env, whole_process  # noqa: E402

GOAL_MS = 50.0
COMMANDS = ("queens", "sudoku", "pentomino", "exact-cover", "maze", "(every module)")

PROBE = """
import sys, time
started = time.process_time()
import solvers.__main__ as cli
modules = cli.CLI_MODULES if {command!r} == "(every module)" else (cli.COMMANDS[{command!r}],)
cli.build_parser(modules)
print(time.process_time() - started, "numpy" in sys.modules)
"""


def probe(command: str, runs: int, env: dict[str, str]) -> tuple[Timing, bool]:
    """Import CPU seconds for `command` over `runs` fresh interpreters, and whether numpy came in."""
    timing, numpy = Timing(), False
    run_command([sys.executable, "-c", PROBE.format(command=command)], env)  # untimed: caches bytecode
    for _ in range(runs):
        _, _, out = run_command([sys.executable, "-c", PROBE.format(command=command)], env)
        seconds, loaded = out.split()
        timing.runs.append(float(seconds))
        numpy = loaded == "True"
    return timing, numpy


def main(argv: list[str] | None = None) -> dict[str, Timing]:
    """Print the import cost of each command; return the timings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per command (default 7)")
    args = parser.parse_args(argv)
    env = user_env(ROOT)
    print(f"python {sys.version.split()[0]}; import CPU time in ms, min / median of {args.runs} processes")
    print(f"  {'command':<16}{'ms':>16}  numpy   goal")
    results = {}
    for command in COMMANDS:
        timing, numpy = probe(command, args.runs, env)
        results[command] = timing
        goal = "" if command in ("maze", "(every module)") else f"< {GOAL_MS:.0f} ms"
        held = "" if not goal else ("  held" if timing.best * 1000 < GOAL_MS and not numpy else "  MISSED")
        ms = f"{timing.best * 1000:.1f} / {timing.median * 1000:.1f}"
        print(f"  {command:<16}{ms:>16}  {'yes' if numpy else 'no':<6}  {goal}{held}")
    bare = whole_process({"python -c pass": [sys.executable, "-c", "pass"]}, args.runs, env)
    print(f"  (a bare interpreter's whole process: {bare['python -c pass'].best * 1000:.0f} ms CPU)")
    return results


if __name__ == "__main__":
    main()
