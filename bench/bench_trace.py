"""Benchmark of "your code"'s tracer against a minimal settrace recorder (not a test): prints a table.

    python bench/bench_trace.py                         # fib(20) and fib(25), 3 runs each
    python bench/bench_trace.py --n 22 --runs 5
    python bench/bench_trace.py --python ~/.pyenv/versions/3.12.1/bin/python   # sys.monitoring

Each contender is a whole process as a user starts it, interleaved (see `timing`):

- *untraced*: the gallery's fib(n) called plainly;
- *minimal settrace*: a 15-line recorder (below, `--minimal`) that keeps every call, line and
  return of the file's functions as a tuple in a list: the least a tracer can do in Python;
- *unwind trace*: ``python -m solvers trace fibonacci.py fib N`` with its defaults (the child
  process that records, the parent that reads, checks and keeps the events, the caps).

Wall seconds are what a student waits; CPU seconds (user + system of the process and the
child it waits for) do not count waiting for a core, so they say more on a busy machine.  The
figures are min / median; the machine's load average is printed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import user_env, warm_up, whole_process

ROOT = Path(__file__).resolve().parents[1]
FIB = ROOT / "assets" / "gallery" / "fibonacci.py"


def minimal(path: str, n: int) -> None:
    """The minimal recorder: every call, line and return of `path`'s functions, as tuples in a list."""
    import runpy

    namespace = runpy.run_path(path)
    events: list[tuple[str, str, int]] = []

    def local(frame: Any, event: str, arg: Any) -> Any:
        events.append((event, frame.f_code.co_name, frame.f_lineno))
        return local

    def on_call(frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename != path:
            return None
        events.append((event, frame.f_code.co_name, frame.f_lineno))
        return local

    sys.settrace(on_call)
    namespace["fib"](n)
    sys.settrace(None)
    print(len(events))


def commands(python: str, n: int) -> dict[str, list[str]]:
    """The contenders' command lines."""
    return {
        "untraced": [python, "-c", f"import runpy; runpy.run_path({str(FIB)!r})['fib']({n})"],
        "minimal settrace": [python, __file__, "--minimal", str(n)],
        "unwind trace": [python, "-m", "solvers", "trace", str(FIB), "fib", str(n)],
    }


def main() -> None:
    """Time the contenders for each n and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="*", default=[20, 25])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--minimal", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.minimal is not None:
        minimal(str(FIB), args.minimal)
        return
    env = user_env(ROOT)
    version = os.popen(f"{args.python} -V").read().strip()
    print(f"{version}, load average {os.getloadavg()[0]:.1f}; seconds, min / median of {args.runs}")
    print(f"{'':8} {'':<17} {'wall':>16} {'CPU':>16}  CPU ratio")
    for n in args.n:
        contenders = commands(args.python, n)
        warm_up(contenders, env)
        timings = whole_process(contenders, args.runs, env)
        base = timings["minimal settrace"].best
        for name, timing in timings.items():
            wall = f"{min(timing.wall):.3f} / {sorted(timing.wall)[len(timing.wall) // 2]:.3f}"
            ratio = f"{timing.best / base:.2f}x the minimal" if name != "minimal settrace" else ""
            print(f"fib({n})  {name:<17} {wall:>16} {timing.cell():>16}  {ratio}")
        print(f"fib({n})  unwind trace says: {timings['unwind trace'].result.splitlines()[-1]}")


if __name__ == "__main__":
    main()
