"""Benchmark: what `python -m solvers CMD` pays for imports before it solves anything.

Run:  python bench/bench_import.py [--runs 7]
      python bench/bench_import.py --launch [--venv /tmp/launch-venv] [--top 25]

For each command, a fresh interpreter imports `solvers.__main__` and builds
the parser for that command (the modules `main` imports for it); it reports
the CPU time of that (`time.process_time`, min / median of `--runs` fresh
processes, interleaved) and whether numpy got loaded.  The goal: queens,
sudoku and pentomino under 50 ms, numpy only for maze.  Also shown: the
full parser (every module, as `--help` builds it) and a bare interpreter's
whole-process start, for scale.

With `--launch`: where the app's launch (`python -m visualizer recursion
--frames 1`, see bench_player's launch section) spends its import time, from
`python -X importtime` over `--runs` launches (each module's smallest figure):
the top modules by cumulative time, the total, and the modules that take the
most time themselves.  `--venv PATH` reads a clean install's launch instead of
this checkout's.
"""

from __future__ import annotations

import argparse
import os
import subprocess
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


def import_times(stderr: str) -> dict[str, tuple[int, int, bool]]:
    """`-X importtime` lines as {module: (self us, cumulative us, imported at top level)}."""
    times: dict[str, tuple[int, int, bool]] = {}
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, total, name = line.removeprefix("import time:").split("|")
        times.setdefault(name.strip(), (int(own), int(total), name.startswith(" ") and name[1] != " "))
    return times


def launch_imports(runs: int, venv: Path | None) -> dict[str, tuple[int, int, bool]]:
    """Each module's smallest (self, cumulative) microseconds over `runs` launches under -X importtime."""
    from bench.bench_player import launch_commands, launch_cwd, launch_env  # the app's launch, as timed there

    command = launch_commands(venv)["python -m visualizer"]
    command = [command[0], "-X", "importtime", *command[1:]]
    best: dict[str, tuple[int, int, bool]] = {}
    for _ in range(runs + 1):  # the first run writes the bytecode caches
        done = subprocess.run(
            command, env=launch_env(venv), cwd=launch_cwd(venv), capture_output=True, text=True, check=True
        )
        for name, (own, total, top) in import_times(done.stderr).items():
            old = best.get(name, (own, total, top))
            best[name] = (min(own, old[0]), min(total, old[1]), top)
    return best


def print_launch_imports(runs: int, venv: Path | None, top: int) -> None:
    """The launch's import profile: top modules by cumulative and by own time, and the total."""
    best = launch_imports(runs, venv)
    roots = sum(total for _, total, top in best.values() if top)
    where = f"clean venv {venv}" if venv else "this checkout"
    print(f"imports of the launch, {where}: {len(best)} modules, ~{roots / 1000:.0f} ms in top-level imports")
    print(f"  (python -X importtime, smallest of {runs} launches; load {os.getloadavg()[0]:.2f})")
    by_total = sorted(best.items(), key=lambda item: -item[1][1])[:top]
    by_self = sorted(best.items(), key=lambda item: -item[1][0])[:top]
    print(f"  {'cumulative ms':>14}  module{'':<34}{'self ms':>9}  module")
    for (name, (_, total, _)), (own_name, (own, _, _)) in zip(by_total, by_self, strict=True):
        print(f"  {total / 1000:14.1f}  {name:<40}{own / 1000:9.1f}  {own_name}")


def main(argv: list[str] | None = None) -> dict[str, Timing]:
    """Print the import cost of each command; return the timings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per command (default 7)")
    parser.add_argument("--launch", action="store_true", help="profile the app's launch instead")
    parser.add_argument("--venv", type=Path, help="with --launch: a clean venv's launch (bench_player)")
    parser.add_argument("--top", type=int, default=25, help="with --launch: rows shown (default 25)")
    args = parser.parse_args(argv)
    if args.launch:
        print_launch_imports(args.runs, args.venv.resolve() if args.venv else None, args.top)
        return {}
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
