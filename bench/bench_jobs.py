"""Benchmark: `--count --jobs N` as whole processes, the way a user runs the command line.

Run:  python bench/bench_jobs.py                       (6x10 pentominoes, --jobs 1 vs 2, 3 runs each)
      python bench/bench_jobs.py --runs 5 --jobs 1,2,4
      python bench/bench_jobs.py --command "queens 12" --nice -5

Each run is a fresh `python -m solvers ... --count --jobs N`: start-up,
encoding, the split, the pool and the count are all in the time.  Runs are
interleaved (1, 2, 1, 2, ...) so a change in the machine's load hits every
setting alike; min and median of the runs are printed.  Beside the wall
time, the CPU time of the process and its workers (user + system, from
`resource.getrusage(RUSAGE_CHILDREN)`) shows what the split costs: on an
idle machine the wall time of N jobs is about CPU / N.  The load average is
printed before and after, because a shared machine's wall times say more
about the neighbours than about the code.  Every run must print the same
count (2339 for 6x10), else the benchmark stops.

`--nice -5` runs each command at a higher priority (needs the right to).

`--parts` answers what a busy machine cannot: how well the split balances.
It counts every part of the split in this process, timing each by CPU
(`time.process_time`), and replays the pool's own schedule (each part, in
submission order, to the first free worker) for 1, 2 and 4 workers.  The
longest worker's CPU is the wall time the count needs on an idle machine
with that many free cores (plus start-up); it does not depend on the load.
"""

from __future__ import annotations

import argparse
import ctypes
import heapq
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import parallel, pentomino, queens  # noqa: E402

GOAL = 0.6
"""Issue 12: --jobs 2 in at most 0.6 times the wall time of --jobs 1."""
PR_SET_CHILD_SUBREAPER = 36
"""Linux's prctl option: orphans of our children become ours to reap."""


@dataclass
class Runs:
    """Wall and CPU seconds of every run of one setting."""

    jobs: int
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def row(self, base: Runs | None) -> str:
        """One line: min and median wall, the ratio to the base setting, CPU."""
        ratio = ""
        if base is not None:
            ratio = (
                f"  x{min(self.wall) / min(base.wall):.2f} (min)  x{self.median / base.median:.2f} (median)"
            )
        return (
            f"--jobs {self.jobs:<3} wall min {min(self.wall):7.2f} s  median {self.median:7.2f} s"
            f"  cpu min {min(self.cpu):7.2f} s{ratio}"
        )

    @property
    def median(self) -> float:
        """The median wall time."""
        return statistics.median(self.wall)


def run_once(command: list[str], jobs: int, nice: int | None) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds of the process and its workers, and what it printed."""
    argv = [sys.executable, "-m", "solvers", *command, "--count", "--jobs", str(jobs)]
    if nice is not None:
        argv = ["nice", "-n", str(nice), *argv]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=_env(), check=False)
    wall = time.perf_counter() - start
    reap_orphans()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout.strip()


def adopt_orphans() -> bool:
    """Become the child subreaper, so the workers' CPU counts (Linux; False elsewhere).

    The pool's workers are children of a forkserver, not of the command, and
    the forkserver outlives the command by a moment: reaped by nobody, its
    CPU and its workers' would be missing from RUSAGE_CHILDREN.
    """
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def reap_orphans(patience: float = 5.0) -> None:
    """Wait (at most `patience` s) for every adopted orphan, so its usage joins RUSAGE_CHILDREN."""
    give_up = time.monotonic() + patience
    while time.monotonic() < give_up:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.005)


def _env() -> dict[str, str]:
    """This checkout first on the path (not an installed copy)."""
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{path}" if path else str(ROOT)}


def measure(command: list[str], settings: list[int], runs: int, nice: int | None) -> list[Runs]:
    """Every setting `runs` times, interleaved; stop if two runs disagree on the count."""
    results = [Runs(jobs) for jobs in settings]
    answer = None
    for round_number in range(1, runs + 1):
        for result in results:
            wall, cpu, out = run_once(command, result.jobs, nice)
            if answer is not None and out != answer:
                raise SystemExit(f"--jobs {result.jobs} printed {out!r}, another run {answer!r}")
            answer = out
            result.wall.append(wall)
            result.cpu.append(cpu)
            print(
                f"  round {round_number}: --jobs {result.jobs}: {wall:.2f} s wall, {cpu:.2f} s cpu",
                flush=True,
            )
    print(f"count: {answer}")
    return results


def problems_of(command: list[str]) -> list[parallel.Problem]:
    """The matrices a `pentomino WxH` or `queens N` count adds up, as plain problems."""
    if command[0] == "pentomino":
        matrices = pentomino.matrices(*pentomino.parse_size(command[1]), raw="--raw" in command)
    elif command[0] == "queens":
        matrices = [queens.encode(int(command[1])).matrix]
    else:
        raise SystemExit("--parts knows 'pentomino WxH' and 'queens N'")
    return [parallel.Problem.of(matrix) for matrix in matrices]


def makespan(seconds: list[float], workers: int) -> float:
    """When the last worker finishes if each part goes, in order, to the first free worker."""
    free = [0.0] * workers
    for cost in seconds:
        heapq.heappush(free, heapq.heappop(free) + cost)
    return max(free)


def measure_parts(command: list[str], workers: int) -> None:
    """Split as `--jobs workers` does, count each part here by CPU time, replay the pool's schedule."""
    start = time.process_time()
    problems = problems_of(command)
    split = parallel.split(problems, workers * parallel.TASKS_PER_WORKER)
    split_seconds = time.process_time() - start
    seconds, found = [], split.above.found
    for part in split.parts:
        start = time.process_time()
        found += parallel.count_part(part.n_primary, part.n_secondary, part.rows, "fewest", None)[0]
        seconds.append(time.process_time() - start)
    total = sum(seconds)
    print(f"{' '.join(command)}: {len(split.parts)} parts for {workers} workers, count {found}")
    print(f"split: {split_seconds:.3f} s cpu; parts: {total:.2f} s cpu, largest {max(seconds):.2f} s")
    for n in (1, 2, 4):
        span = makespan(seconds, n)
        print(f"  {n} workers: longest worker {span:6.2f} s cpu = x{span / total:.2f} of one worker")


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--command", default="pentomino 6x10", help="the counting command (default: %(default)s)"
    )
    parser.add_argument("--jobs", default="1,2", help="settings to compare, the first is the base")
    parser.add_argument("--runs", type=int, default=3, help="runs of each setting (at least 3 for a median)")
    parser.add_argument("--nice", type=int, default=None, help="run the commands at this niceness (e.g. -5)")
    parser.add_argument("--parts", type=int, metavar="N", help="time each part of the split for N workers")
    args = parser.parse_args()
    if args.parts:
        measure_parts(args.command.split(), args.parts)
        return
    settings = [int(word) for word in args.jobs.split(",")]
    print(f"python -m solvers {args.command} --count --jobs N: {os.cpu_count()} cores")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not adopt_orphans():
        print("(cannot adopt the pool's forkserver here: the cpu column misses the workers)")
    results = measure(args.command.split(), settings, args.runs, args.nice)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for result in results:
        print(result.row(None if result is results[0] else results[0]))
    if len(results) > 1 and results[1].jobs == 2:
        ratio = min(results[1].wall) / min(results[0].wall)
        print(f"goal: --jobs 2 <= {GOAL}x the wall time of --jobs 1: {'met' if ratio <= GOAL else 'not met'}")


if __name__ == "__main__":
    main()
