"""Benchmark of the player and the shell (not a test): prints figures against the goals.

    python bench/bench_player.py            # everything, about a minute
    python bench/bench_player.py --quick    # smaller runs

Figures:
- events per second the player sustains at full speed while the recursion scene draws;
- frame time p50 / p99 at several speeds (goal: p99 <= 16.7 ms at every speed);
- time from launch to the first frame (goal < 1 s);
- peak memory of a 10-million-event run (goal < 500 MB), and of the player alone.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.events import Pop, Push  # noqa: E402
from visualizer.player import MAX_SPEED  # noqa: E402

FRAME_GOAL_MS = 1000 / 60


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def open_recursion(limit: int, speed: float) -> object:
    """The app on the recursion demo, endless variant with a big stack limit, playing."""
    from visualizer.app import App, Options

    app = App(Options(demo="recursion", speed=speed))
    demo = app.screen.demo  # type: ignore[union-attr]
    demo.mode = "endless"
    demo.limit = limit
    demo.n = 3
    demo.new_run(autoplay=True)
    return app


def frame_times(speed: float, frames: int, limit: int) -> tuple[list[float], int, float]:
    """Run the scene `frames` frames at `speed`: per-frame ms, events applied, seconds."""
    import pygame

    app = open_recursion(limit, speed)
    times = []
    started = time.perf_counter()
    for _ in range(frames):
        begin = time.perf_counter()
        app.frame(1 / 60)  # type: ignore[attr-defined]
        times.append((time.perf_counter() - begin) * 1000)
    seconds = time.perf_counter() - started
    events = app.screen.run.cursor  # type: ignore[attr-defined]
    app.finish()  # type: ignore[attr-defined]
    pygame.display.quit()
    del app
    gc.collect()  # each speed starts from a clean heap, as a fresh app would
    return times, events, seconds


def frame_times_fresh(speed: float, frames: int, limit: int) -> tuple[list[float], int, float]:
    """`frame_times` in a fresh process: one app per process, as people run it."""
    result = subprocess.run(
        [sys.executable, __file__, "--one-speed", str(speed), "--frames", str(frames), "--limit", str(limit)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return data["times"], data["events"], data["seconds"]


def launch_time() -> float:
    """Seconds for `python -m visualizer recursion --frames 1` start to finish (an upper bound)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    best = float("inf")
    for _ in range(3):
        begin = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "visualizer", "recursion", "--frames", "1"], check=True, env=env, cwd=ROOT
        )
        best = min(best, time.perf_counter() - begin)
    return best


def pairs(count: int) -> Iterator[object]:
    """count Push/Pop pairs, depth never above one."""
    for i in range(count):
        yield Push(i, -1, i)
        yield Pop(i, i)


class CountingModel:
    """A model that keeps a running total (O(1) state)."""

    def __init__(self) -> None:
        self.total = 0

    def apply(self, event: object) -> None:
        """Count forward."""
        self.total += 1

    def revert(self, event: object) -> None:
        """Count back."""
        self.total -= 1


def peak_mb() -> float:
    """This process's peak resident memory in MB (VmHWM: unlike ru_maxrss, not inherited)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def peak_rss_mb_of(code: str) -> float:
    """Peak resident memory (MB) of a fresh Python running `code`."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return float(result.stdout.strip().splitlines()[-1])


MEMORY_PLAYER = """
import sys
sys.path.insert(0, '.')
from bench.bench_player import CountingModel, pairs, peak_mb
from visualizer.player import Player
player = Player(lambda: pairs({pairs}), CountingModel)
while player.step() is not None:
    pass
player.back()
assert player.cursor == {events} - 1
print(peak_mb())
"""

MEMORY_SCENE = """
import os, sys
os.environ['SDL_VIDEODRIVER'] = 'dummy'
sys.path.insert(0, '.')
from bench.bench_player import peak_mb
from solvers import recursion as rec
from visualizer.player import Player
from visualizer.scenes.recursion.demo import ENDLESS, RecursionModel
player = Player(lambda: rec.factorial_events(3, {limit}, base_case=False, with_loop=False),
                lambda: RecursionModel(ENDLESS))
while player.step() is not None:
    pass
print(peak_mb())
"""


def main() -> None:
    """Run every measurement and print a table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--one-speed", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--frames", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--limit", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_speed is not None:  # the child of frame_times_fresh
        times, events, seconds = frame_times(args.one_speed, args.frames, args.limit)
        print(json.dumps({"times": times, "events": events, "seconds": seconds}))
        return
    frames = 120 if args.quick else 360
    limit = 200_000 if args.quick else 1_000_000

    print("Unwind player benchmark  (python", sys.version.split()[0], ")")
    print(
        f"\nframe time while the recursion scene plays ({frames} frames; goal p99 <= {FRAME_GOAL_MS:.1f} ms)"
    )
    print(f"{'speed':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'events/s':>12}")
    for speed in (1, 30, 1000, 100_000, MAX_SPEED):
        times, events, seconds = frame_times_fresh(speed, frames, limit)
        label = "max" if speed == MAX_SPEED else f"{speed:,}"
        print(
            f"{label:>10} {statistics.median(times):8.2f} {percentile(times, 0.99):8.2f} "
            f"{max(times):8.2f} {events / seconds:12,.0f}"
        )

    print(f"\nlaunch to first frame (whole process, best of 3; goal < 1 s): {launch_time():.2f} s")

    events = 2_000_000 if args.quick else 10_000_000
    mb = peak_rss_mb_of(MEMORY_PLAYER.format(pairs=events // 2, events=events))
    print(f"\npeak memory, player over {events:,} events (ring of 100,000): {mb:,.0f} MB (goal < 500 MB)")
    depth = events // 2
    mb = peak_rss_mb_of(MEMORY_SCENE.format(limit=depth))
    print(
        f"peak memory, recursion scene model, {events:,} events ({depth:,} frames deep): "
        f"{mb:,.0f} MB (goal < 500 MB)"
    )


if __name__ == "__main__":
    main()
