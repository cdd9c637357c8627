"""Benchmark: carving and solving mazes, ours against the maze generators on PyPI.

Run:  python bench/bench_maze.py            (1000 x 1000, memory at 2000 x 2000)
      python bench/bench_maze.py --quick    (smaller, for a quick look)
      python bench/bench_maze.py --frames   (also the GUI's frame times, headless)

Everything runs in this one process, side by side.  Reference generators
(`pip install mazelib mazepy codestare-maze aamaze`; aamaze with --no-deps,
its pygame requirement would clobber pygame-ce) are timed at growing sizes
until one run passes the time budget; the 1000 x 1000 figure of a slow one is
then extrapolated from its last two sizes and marked "est.".
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import math
import os
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator, Mapping
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # aamaze imports pygame
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from solvers.events import Carve, build
from solvers.maze import carve, find_path, generate, solve
from solvers.runstats import EventStats, run_to_end

Runner = Callable[[int, int], object]
WALKERS = ("wilson", "aldous-broder")
ALL_GENERATORS = ("backtracker", "prim", "kruskal", *WALKERS, "hunt-and-kill", "eller", "growing-tree")


def seconds(run: Callable[[], object], repeat: int = 1) -> float:
    """Best wall time of `repeat` runs, with the garbage collector as in normal use."""
    best = math.inf
    for _ in range(repeat):
        gc.collect()
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def drain(events: object) -> None:
    """Consume an iterator as cheaply as a loop can."""
    for _ in events:  # type: ignore[attr-defined]
        pass


# --- the reference generators ---------------------------------------------------


def mazelib_backtracker() -> Runner | None:
    """mazelib's BacktrackingGenerator (numpy grid; `track = track[:-1]` copies)."""
    try:
        from mazelib.generate.BacktrackingGenerator import BacktrackingGenerator
    except ImportError:
        return None
    return lambda w, h: BacktrackingGenerator(h, w).generate()


def mazepy_backtracker() -> Runner | None:
    """mazepy's recursive backtracker (Jamis Buck's book, cells as objects)."""
    try:
        from mazepy import mazepy
    except ImportError:
        return None
    return lambda w, h: mazepy.initRecursiveBacktrackerMaze(mazepy.Grid(h, w))


def codestare_growing_tree() -> Runner | None:
    """codestare-maze's growing tree choosing the newest cell (= backtracker)."""
    try:
        from codestare.mazes.algorithms import growing_tree
    except ImportError:
        return None

    def run(w: int, h: int) -> None:
        """It prints the maze when done: swallow that."""
        with contextlib.redirect_stdout(io.StringIO()):
            growing_tree(SimpleNamespace(w=w, h=h, choice="last", t=0))

    return run


def aamaze_backtracker() -> Runner | None:
    """aamaze's RecursiveBacktracker (visited cells kept in a list)."""
    try:
        from aamaze import Maze
        from aamaze.generation import RecursiveBacktracker
    except ImportError:
        return None
    return lambda w, h: RecursiveBacktracker(Maze(w, h)).generate_maze()


def ours_plain() -> Runner:
    """solvers.maze.generate: the event-free loop."""
    return lambda w, h: generate(w, h, 1)


def ours_events() -> Runner:
    """solvers.maze.carve drained: every Visit/Push/Carve/Pop built and yielded."""
    return lambda w, h: run_to_end(carve(w, h, 1))


def scaled(run: Runner, target: int, budget: float) -> tuple[float, bool]:
    """Seconds for target x target: measured, or extrapolated (True) if too slow.

    Sizes double from 25 until one is within a factor 4 of the target or a run
    takes an eighth of the budget.  The growth exponent of the last two sizes
    (at least 2: cells grow as the side squared; at most 6) then predicts the
    target's time, and the target is measured only if that fits the budget.
    """
    sizes: list[int] = []
    times: list[float] = []
    size = 25
    while True:
        times.append(seconds(lambda s=size: run(s, s)))  # type: ignore[misc]
        sizes.append(size)
        if size * 4 >= target or times[-1] > budget / 8:
            break
        size *= 2
    exponent = 2.0
    if len(sizes) >= 2 and times[-2] > 0:
        fitted = math.log(times[-1] / times[-2]) / math.log(sizes[-1] / sizes[-2])
        exponent = min(6.0, max(2.0, fitted))
    predicted = times[-1] * (target / sizes[-1]) ** exponent
    if predicted < budget:
        return seconds(lambda: run(target, target)), False
    return predicted, True


LONG = 10 * 3600
"""Past ten hours an extrapolation says little more than "does not finish"."""


def _shown(took: float, estimated: bool) -> str:
    """A time for the table: measured, estimated, or too long to estimate usefully."""
    if not estimated:
        return f"{took:10.2f} s"
    if took > LONG:
        return f"{'> 10 h':>10}   est. (does not finish)"
    return f"{took:10.2f} s est."


def bench_generation(size: int, budget: float) -> None:
    """Generation time of every generator at size x size."""
    print(f"\nGenerating a {size} x {size} maze ({size * size:,} cells)")
    rows: list[tuple[str, Runner | None]] = [
        ("ours: generate() (plain function)", ours_plain()),
        ("ours: carve() with events on", ours_events()),
        ("mazelib 0.9 BacktrackingGenerator", mazelib_backtracker()),
        ("mazepy 0.3 recursive backtracker", mazepy_backtracker()),
        ("codestare-maze growing tree (last)", codestare_growing_tree()),
        ("aamaze RecursiveBacktracker", aamaze_backtracker()),
    ]
    results: dict[str, float] = {}
    for name, run in rows:
        if run is None:
            print(f"  {name:40} not installed")
            continue
        random.seed(1)
        took, estimated = scaled(run, size, budget)
        results[name] = took
        print(f"  {name:40} {_shown(took, estimated)}", flush=True)
    plain, events = results[rows[0][0]], results[rows[1][0]]
    print(f"  events on / plain function: {events / plain:.2f}x")
    stats = EventStats()
    run_to_end(carve(size, size, 1), stats)
    per_kind = ", ".join(f"{k} {v:,}" for k, v in sorted(stats.by_kind.items()))
    print(f"  with an EventStats sink (the CLI): {stats.seconds:.2f} s; {per_kind}")
    print(f"  deepest stack: {stats.max_depth:,} cells")


def bench_solving(size: int) -> None:
    """Solving a generated maze: events on and the plain function."""
    maze = generate(size, size, 1)
    result = find_path(maze)
    plain = seconds(lambda: find_path(maze), repeat=2)
    events = seconds(lambda: run_to_end(solve(maze)), repeat=2)
    length = len(result.path or ())
    print(f"\nSolving it from (0, 0) to ({size - 1}, {size - 1}) by backtracking")
    print(f"  path {length:,} cells, {result.visited:,} visited, {result.dead_ends:,} dead ends")
    print(f"  ours: find_path() (plain function) {plain:10.2f} s")
    print(f"  ours: solve() with events on       {events:10.2f} s  ({events / plain:.2f}x)")


def peak_mb(job: Callable[[], object]) -> float:
    """Peak traced allocation of one call, in MB."""
    gc.collect()
    tracemalloc.start()
    job()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def bench_memory(size: int) -> None:
    """Peak traced memory of generating and solving size x size."""
    print(f"\nPeak memory at {size} x {size} (tracemalloc: Python objects and numpy arrays)")
    print(f"  generate() (plain)           {peak_mb(lambda: generate(size, size, 1)):8.0f} MB")
    print(f"  carve() with events on       {peak_mb(lambda: run_to_end(carve(size, size, 1))):8.0f} MB")
    maze = generate(size, size, 1)
    print(f"  find_path() on it            {peak_mb(lambda: find_path(maze)):8.0f} MB")


def measure_frames(size: int, frames: int) -> list[float]:
    """Frame times (s) of the app carving size x size at full speed, headless."""
    import pygame

    from visualizer.app import App, Options
    from visualizer.scenes.maze.demo import MazeDemo

    app = App(Options(demo="maze", speed=float("inf")))
    try:
        demo = getattr(app.screen, "demo", None)
        assert isinstance(demo, MazeDemo)
        demo.set_size(size, size)
        demo.shell.run.playing = True
        app.frame_times.clear()
        for _ in range(frames):
            app.frame(1 / 60)
            if demo.shell.run.at_end:
                break
        return list(app.frame_times)
    finally:
        app.finish()
        pygame.display.quit()


def bench_frames(size: int, frames: int) -> None:
    """Frame times of the maze demo carving size x size at full speed, headless."""
    try:
        times = measure_frames(size, frames)
    except ImportError as error:
        print(f"\nFrame times: the maze scene is not available ({error})")
        return
    print(f"\nMaze demo carving {size} x {size} at full speed, {len(times)} frames (headless)")
    for label, sample in (("all frames", times), ("after the first", times[1:])):
        ordered = sorted(sample)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(
            f"  {label:16} median {statistics.median(ordered) * 1000:5.1f} ms, "
            f"p99 {p99 * 1000:5.1f} ms, max {ordered[-1] * 1000:5.1f} ms"
        )


def measure_shape_frames(shape: str, side: int, frames: int) -> list[float]:
    """CPU seconds of each app frame while the maze-shapes demo carves `shape` at full speed, headless."""
    import pygame

    from visualizer.app import App, Options
    from visualizer.scenes.mazes.demo import MazeShapesDemo

    app = App(Options(demo="mazes", speed=float("inf")))
    try:
        demo = getattr(app.screen, "demo", None)
        assert isinstance(demo, MazeShapesDemo)
        demo.side = side
        demo.set_shape(shape)
        demo.shell.run.playing = True
        times = []
        for _ in range(frames):
            began = time.process_time()
            app.frame(1 / 60)
            times.append(time.process_time() - began)
            if demo.shell.run.at_end:
                break
        return times
    finally:
        app.finish()
        pygame.display.quit()


def bench_shape_frames(side: int, frames: int) -> None:
    """Frame CPU times (p50, p99) of the maze-shapes demo carving hex and polar mazes at full speed.

    Measured here (2 cores shared with other jobs, `--shape-frames 300`, 1280 x 800 headless):
    hex 300 (90,000 cells): first frame 9.1 s, then p50 20.8 ms, p99 29.3 ms;
    polar 300 rings (272,347 cells): first frame 44.5 s, then p50 34.2 ms, p99 44.6 ms.
    The 60 fps goal (16.7 ms) is not reached: the first frame builds every cell's
    screen polygon from `geometry` in Python and paints it one `draw.polygon` at a time.
    """
    for shape in ("hex", "polar"):
        times = measure_shape_frames(shape, side, frames)
        rest = sorted(times[1:]) or [0.0]
        p99 = rest[min(len(rest) - 1, int(len(rest) * 0.99))]
        print(
            f"\nMaze shapes carving {shape} {side} at full speed, {len(times)} frames (CPU, headless): "
            f"first frame (builds and paints every cell) {times[0] * 1000:.0f} ms; "
            f"after it p50 {statistics.median(rest) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms "
            f"(60 fps is 16.7 ms)"
        )


def cpu_pair(jobs: Mapping[str, Callable[[], object]], runs: int) -> dict[str, list[float]]:
    """CPU seconds (time.process_time) of each job, interleaved run by run, `runs` times each."""
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(runs):
        for name, job in jobs.items():
            gc.collect()
            started = time.process_time()
            job()
            times[name].append(time.process_time() - started)
    return times


def bench_carve_ratio(size: int, runs: int) -> None:
    """Issue 12's row: square carving with events against the plain function, in one process."""
    count = 2 * size * size + 1  # Push, Visit, a Carve per other cell, a Pop per cell
    times = cpu_pair(
        {
            "plain": lambda: generate(size, size, 1),
            "events": lambda: drain(carve(size, size, 1)),
            "bare": lambda: drain(bare_events(count)),
        },
        runs,
    )
    plain, events, bare = times["plain"], times["events"], times["bare"]
    print(f"\nSquare carve {size} x {size}, CPU time, interleaved, {runs} runs each (min / median)")
    print(f"  generate() plain function   {min(plain):6.2f} / {statistics.median(plain):6.2f} s")
    print(f"  carve() drained, events on  {min(events):6.2f} / {statistics.median(events):6.2f} s")
    print(
        f"  events / plain: {min(events) / min(plain):.2f}x (min), "
        f"{statistics.median(events) / statistics.median(plain):.2f}x (median); goal <= 1.5x"
    )
    print(
        f"  {count:,} bare events alone (build + yield + drain, no carving) {min(bare):6.2f} s: "
        f"the floor is (plain + bare) / plain = {(min(plain) + min(bare)) / min(plain):.2f}x"
    )


def bare_events(count: int) -> Iterator[object]:
    """`count` Carve events built the fast way (events.build) and yielded, nothing else."""
    new, kind = build, Carve
    for cell in range(count):
        yield new(kind, (cell, cell, 6))


def bench_generators(side: int, runs: int, skip: tuple[str, ...]) -> None:
    """Every generator on a square side x side graph, events drained, CPU time (graph built first).

    Measured here at 1000 x 1000 (2 cores loaded by other jobs, load 4-9; CPU
    s, min / median of 3, interleaved, before = branch point f3b7b3a):
    backtracker 2.52/2.79 -> 1.86/2.46, Prim 2.42/3.08 -> 2.39/2.85, Kruskal
    4.10/4.87 -> 2.38/3.49, hunt-and-kill 1.75/2.42 -> 1.39/1.96, Eller
    3.15/4.34 -> 3.05/3.08 (2.10/2.46 in a quieter run), growing tree
    3.63/3.77 -> 2.83/3.13.  Wilson and Aldous-Broder were 13.1 s (16.4M
    events) and ~50 s (~100M) with an event a walk step; above
    `generators.STEP_LIMIT` cells they now yield coarse events (a Leap a walk,
    a Carve a new cell, ~1.5 a cell) from a numpy walk (`solvers/mazes/walks.py`):
    see README's "Mazes and minimax" for the figures, and `--walks` prints the
    per-step level at its threshold size (200 x 200) too.

    Idle machine, 2026-11-23 evening (load 0.3-0.7, CPU s, min / median of 3,
    interleaved): backtracker 1.43/1.50, Prim 1.67/1.74, Kruskal 1.82/1.95,
    Wilson 1.89/1.95 (its walks now record exits and follow them, see
    walks.WilsonWalks), Aldous-Broder 1.25/1.34, hunt-and-kill 1.25/1.34,
    Eller 1.80/1.80, growing tree 2.06/2.18: every one under 3 s.
    """
    from solvers.mazes import generators, graph

    grid = graph.square(side, side)
    _ = grid.padded  # built once per graph, as the app and the CLI reuse it
    print(f"\nEvery generator, {side} x {side} square, events drained, CPU time, min / median of {runs}")
    names = [name for name in generators.ALGORITHMS if name not in skip]
    jobs = {name: (lambda which=generators.ALGORITHMS[name]: drain(which.run(grid, 1))) for name in names}
    for name, took in cpu_pair(jobs, runs).items():
        verdict = "ok" if min(took) < 3.0 else "over 3 s"
        events = sum(1 for _ in generators.ALGORITHMS[name].run(grid, 1))
        print(
            f"  {name:16} {min(took):7.2f} / {statistics.median(took):7.2f} s   {verdict:8} "
            f"{events:>12,} events ({events / grid.size:.1f} a cell)"
        )
    for name in skip:
        print(f"  {name:16} skipped (--walks times it)")
    if not skip:
        bench_per_step_walks(runs)


def bench_per_step_walks(runs: int) -> None:
    """Wilson and Aldous-Broder per step on the largest graph that has that level (STEP_LIMIT cells)."""
    from solvers.mazes import generators, graph

    side = math.isqrt(generators.STEP_LIMIT)
    grid = graph.square(side, side)
    _ = grid.padded
    walkers = {"wilson": generators.wilson, "aldous-broder": generators.aldous_broder}
    jobs = {name: (lambda run=run: drain(run(grid, 1, steps=True))) for name, run in walkers.items()}
    print(f"\nPer-step level at its threshold, {side} x {side} square, CPU time, min / median of {runs}")
    for name, took in cpu_pair(jobs, runs).items():
        events = sum(1 for _ in walkers[name](grid, 1, steps=True))
        print(
            f"  {name:16} {min(took):7.2f} / {statistics.median(took):7.2f} s   "
            f"{events:>12,} events ({events / grid.size:.1f} a cell)"
        )


def bench_walk_cli(size: int, runs: int) -> None:
    """Whole processes, `python -m solvers maze generate N N --algorithm wilson|aldous-broder --json`."""
    import subprocess

    print(f"\nWhole process, maze generate {size} {size} --json, wall time, min / median of {runs}")
    took: dict[str, list[float]] = {"wilson": [], "aldous-broder": []}
    for _ in range(runs):
        for name, times in took.items():
            argv = [sys.executable, "-m", "solvers", "maze", "generate", str(size), str(size)]
            started = time.perf_counter()
            argv += ["--algorithm", name, "--seed", "1", "--json"]
            subprocess.run(argv, check=True, capture_output=True)
            times.append(time.perf_counter() - started)
    for name, times in took.items():
        print(f"  {name:16} {min(times):6.2f} / {statistics.median(times):6.2f} s")


def bench_cli(size: int, runs: int) -> None:
    """Whole processes as a user runs them: `python -m solvers maze generate N N --json`."""
    import subprocess

    print(
        f"\nWhole process, `python -m solvers maze generate {size} {size}`, wall time, min / median of {runs}"
    )
    for shape in ("square", "hex", "polar"):
        argv = [sys.executable, "-m", "solvers", "maze", "generate", str(size), str(size), "--shape", shape]
        took = []
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run([*argv, "--seed", "1"], check=True, capture_output=True)
            took.append(time.perf_counter() - started)
        print(f"  {shape:8} {min(took):6.2f} / {statistics.median(took):6.2f} s")


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the chosen benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="side of the timed maze")
    parser.add_argument("--memory-size", type=int, default=2000, help="side for peak memory")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per reference run")
    parser.add_argument("--quick", action="store_true", help="300 x 300, memory at 600")
    parser.add_argument("--frames", action="store_true", help="also time the GUI's frames")
    parser.add_argument("--frames-only", action="store_true", help="only time the GUI's frames")
    parser.add_argument("--shapes", action="store_true", help="only the carve ratio, generators and CLI")
    parser.add_argument("--walks", action="store_true", help="with --shapes: Aldous-Broder too, per step")
    parser.add_argument("--walks-only", action="store_true", help="Wilson and Aldous-Broder alone")
    parser.add_argument("--shape-frames", type=int, metavar="SIDE", help="only the maze-shapes demo's frames")
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs for CPU times")
    args = parser.parse_args(argv)
    if args.shape_frames:
        bench_shape_frames(args.shape_frames, 600)
        return 0
    if args.walks_only:
        side = args.size if not args.quick else 300
        bench_generators(side, args.runs, tuple(n for n in ALL_GENERATORS if n not in WALKERS))
        bench_per_step_walks(args.runs)
        bench_walk_cli(side, args.runs)
        return 0
    if args.shapes:
        bench_carve_ratio(args.size if not args.quick else 300, args.runs)
        walks = () if args.walks else ("aldous-broder",)
        bench_generators(args.size if not args.quick else 300, args.runs, walks)
        bench_cli(args.size if not args.quick else 300, args.runs)
        return 0
    if args.quick:
        args.size, args.memory_size, args.budget = 300, 600, 3.0
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    if args.frames_only:
        bench_frames(200, 600)
        bench_frames(300, 600)
        bench_shape_frames(300, 600)
        return 0
    bench_generation(args.size, args.budget)
    bench_solving(args.size)
    bench_memory(args.memory_size)
    if args.frames:
        bench_frames(200, 600)
        bench_frames(300, 600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
