"""Fair timing for the benchmarks: CPU time, interleaved runs, min and median.

Two ways to time a thing, both interleaved (round 1 runs every contender once,
then round 2, ...) so a burst of load from the other users of this machine
falls on all of them alike:

- `in_process`: `time.process_time` around a call (CPU time of this process:
  waiting for a core does not count);
- `whole_process`: a command as a user types it, its CPU time (user + system,
  read from `os.wait4`) and its wall time.

Each contender's runs give a `Timing`: the fastest and the median run.
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Timing:
    """The runs of one contender, in seconds (None: stopped at the budget)."""

    runs: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    over_budget: bool = False
    result: Any = None

    @property
    def best(self) -> float:
        """The fastest run."""
        return min(self.runs) if self.runs else float("inf")

    @property
    def median(self) -> float:
        """The median run."""
        return statistics.median(self.runs) if self.runs else float("inf")

    def cell(self) -> str:
        """'1.234 / 1.301' (min / median), or '> budget'."""
        if self.over_budget and not self.runs:
            return "over budget"
        return f"{self.best:.3f} / {self.median:.3f}"


class TimeUp(Exception):
    """A contender ran past its budget."""


def _alarm(signum: int, frame: Any) -> None:
    """SIGALRM handler: stop the contender."""
    raise TimeUp


def cpu_seconds(call: Callable[[], Any], budget: float) -> tuple[float | None, Any]:
    """CPU seconds of `call()` in this process and its result (None: over `budget` wall seconds)."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, budget)
    started = time.process_time()
    try:
        result = call()
    except TimeUp:
        return None, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return time.process_time() - started, result


def in_process(
    contenders: dict[str, Callable[[], Any]], runs: int = 3, budget: float = 300.0
) -> dict[str, Timing]:
    """Time every contender `runs` times, interleaved; one over budget is not run again."""
    timings = {name: Timing() for name in contenders}
    for _ in range(runs):
        for name, call in contenders.items():
            timing = timings[name]
            if timing.over_budget:
                continue
            seconds, result = cpu_seconds(call, budget)
            if seconds is None:
                timing.over_budget = True
                continue
            timing.runs.append(seconds)
            timing.result = result
    return timings


def user_env(root: Path) -> dict[str, str]:
    """The environment a user's command runs in: the project on the path, bytecode cached.

    `pip install` compiles every module to bytecode, so a user's imports
    never compile source.  A shell with PYTHONDONTWRITEBYTECODE set (this
    machine has it) would make every child compile every module it imports,
    Unwind's and the peers' alike (dlx.py alone is ~25 ms of compiling), so
    it is dropped here; `warm_up` runs each command once to write the caches.
    """
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(root)}


def warm_up(commands: Mapping[str, Sequence[str]], env: dict[str, str]) -> None:
    """Run every command once, untimed, so each has its bytecode cached as after an install."""
    for command in commands.values():
        run_command(command, env)


def run_command(command: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Run `command`; return its CPU seconds (user + system), wall seconds and standard output."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert child.stdout is not None
    out = child.stdout.read().decode()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, wall, out


def whole_process(
    commands: Mapping[str, Sequence[str]], runs: int = 5, env: dict[str, str] | None = None
) -> dict[str, Timing]:
    """Run every command `runs` times, interleaved; CPU time in `runs`, wall time in `wall`."""
    timings = {name: Timing() for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            cpu, wall, out = run_command(command, env)
            timings[name].runs.append(cpu)
            timings[name].wall.append(wall)
            timings[name].result = out.strip()
    return timings


def ratio(mine: Timing, theirs: Timing) -> str:
    """'0.83x' for mine / theirs on the fastest runs (below 1: mine is faster)."""
    if not mine.runs or not theirs.runs:
        return "-"
    return f"{mine.best / theirs.best:.2f}x (median {mine.median / theirs.median:.2f}x)"
