"""Benchmark: frame times of the maze-shapes demo on big hex and polar mazes, carving and solving.

Run:  python bench/bench_mazes_frames.py              (300 x 300 hex, 300 polar rings)
      python bench/bench_mazes_frames.py --side 100 --frames 120

Headless (SDL dummy driver), 1280 x 800, one process.  For each shape and
mode it times, in CPU seconds (`time.process_time`):
- the graph's build (`set_shape`, before any frame; graph.py's own cost),
- the first frame (rasterising the drawing and the first full paint),
- then the frames at full speed (the player spends what drawing leaves of the frame on
  events, 2-8 ms: `visualizer/framebudget.py`; the painter repaints the cells they
  touched): a carving `--frames` frames (or to its end, if sooner), a search to its end
  (its dearest frames are the one that shows the path and the one that ends the run);
  mean, p50, p99 and max.  60 fps is 16.7 ms a frame.
Several rounds run interleaved (hex, polar, hex, polar, ...); p99 and max are given as
the minimum and the median over the rounds.  How many frames a run takes depends on the
machine's speed (the budget is wall-clock), so the frame counts vary between runs.

Issue 14, first pass (CPU ms, mean / p99 (max)):

                    idle, before           load ~6, before       load ~6, after
    hex carve     15.3 / 67.1            12.3 / 17.9 (21)      9.9 / 14.1 (16)
    hex solve     12.2 / 37.0 (82.6)     11.3 / 64.6 (78)      8.8 / 12.6 (46)
    polar carve   18.5 / 57.0            11.5 / 16.8 (70)      9.4 / 13.6 (14)
    polar solve   15.3 / 18.4            13.7 / 18.4 (19)      9.0 / 12.9 (15)
(the two right columns: base c52c86c and this branch run interleaved, 2 rounds each; a
second pair, in the same order of rows, gave 11.9 / 17.1, 11.8 / 70.2, 12.3 / 20.6,
14.9 / 18.8 before and 10.7 / 13.8, 10.0 / 15.0 (71), 11.1 / 14.6, 9.2 / 12.4 after.)

Where the time went: the spikes were full repaints (45-60 ms for 300 x 300 hexes,
120-150 ms for 300 rings) whenever a frame touched more than 600 cells, i.e. most frames
at full speed; now a quarter of the cells is the bar and a cell costs ~2 us (one array
write for all fills, one for all walls; was ~7 us).  Solving also summed the 272,000-cell
`seen` array every frame for the 'reached' counter (2 ms); `bytearray.count` now.  The
one frame left above 16.7 ms in a solve is the one that shows the whole path (~15,000
cells at once, 30-70 ms).

Issue 14, second pass: the search's dearest frames.  Before (main's work tree, which moved
from 74692cc to 50a52cc meanwhile: launch, fonts and app.py's split, none of them in the
maze-shapes demo, its solver, the player, keyframes or the frame budget) and after
(branch `frames`), this script (a search timed to its end) run on both interleaved:
after, before, after, before, 3 rounds each, load average 3.1-4.1 on 2 cores, CPU ms,
mean, p99 min / median over rounds, max min / median over rounds:

                  before                                 after
    hex carve     11.8   15.5 / 15.6-16.8  22.1 / 23.5-24.8    11.8   14.8 / 14.8-15.0  14.9 / 16.0-16.3
    hex solve     10.0   36.9 / 43.7       36.9 / 43.7         9.7    14.4 / 15.2       14.4 / 15.2
    polar carve   11.9   14.9 / 15.3-15.8  15.9 / 17.2-19.6    12.1   14.8 / 15.6-16.6  16.1 / 18.1-18.4
    polar solve   12.7   18.6 / 50.7-54.9  106.3 / 107.6-115.8 11.1   14.0 / 14.6-15.6  19.9 / 20.6-21.7
(two pairs: where they differ the median is given as a range.)  An earlier pair under
load 3.5-4.1 gave after: polar solve p99 12.2 / 13.7-15.6, max 23.3 / 24.8-33.1 (before:
p99 16.9 / 18.6-20.4, max 116.5 / 125.8-192.6); hex solve p99 12.1 / 12.5-16.9, max
12.8 / 14.9-16.9 (before 13.7 / 24.4-27.0, max 43.5 / 45.3-56.6).  A later pair under
load 2.4-3.1 gave after / before: hex solve p99 13.9 / 14.1-16.1 vs 40.9 / 43.1-44.0, max
the same (under 60 frames: p99 is the path frame); polar solve p99 14.1 / 14.9-16.0 vs
17.6 / 18.8-51.8, max 18.8 / 19.5-22.3 vs 104.3 / 104.7-133.1; carving p99 14.1-15.8 /
14.5-17.5 vs 14.9-22.0 / 15.9-27.2.  One after-set had a polar carving max of 76 ms in
two of its rounds (the third: 21 ms); ten further runs of that case with each
frame's parts timed (update, keyframe, canvas, collector) showed no frame above 25 ms
but the first (max 16.5-19.8), so it is put down to the machine's load, not the code.
Carving's p99 stays near the bar under load (16.2-17.4 in those runs, as before).

Where it went: the path frame looked up every lit cell's colour in Python (21 ms) and
every side of it in the passages set (24 ms); now the model lists the cells whose walls
changed apart from those that only changed colour, the canvas keeps which walls it
painted standing, colours are one gather over the model's layers (the path is one, like
dead ends) and ids a flag array's nonzeros (np.unique hashed 15,000 ids in 6 ms): 3-4 ms
for 20,000 path cells (tools: cProfile of one solve, then each piece timed alone).  The
frame that ends a run copied and twice inspected the set of 90,000-272,000 passages for
the keyframe forced there (15-60 ms) and freed the solver's 272,000 corridor lists
(29 ms); the model now keeps its passages along a shared ledger and the demo holds the
corridors.  What remains above 16.7 ms is the path frame on 300 rings (a 39,000-cell
path: ~6 ms of painting on top of a 12-14 ms frame under load).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

Row = dict[str, float]
SOLVE_FRAMES = 3000
"""A search is timed to its end, at most this many frames (300 rings take ~600 at full speed)."""


def measure(shape: str, mode: str, side: int, frames: int) -> Row:
    """CPU seconds of building, the first frame, and each later frame of one shape and mode.

    A carving is timed for `frames` frames; a search to its end (the frame that shows the
    path and the one that ends the run are a search's dearest), at most SOLVE_FRAMES.
    """
    import pygame

    from visualizer.app import App, Options
    from visualizer.scenes.mazes.demo import MazeShapesDemo
    from visualizer.scenes.mazes.model import SOLVE

    app = App(Options(demo="mazes", speed=float("inf"), size=(1280, 800)))
    try:
        demo = getattr(app.screen, "demo", None)
        assert isinstance(demo, MazeShapesDemo)
        demo.side = side
        began = time.process_time()
        demo.set_shape(shape)
        if mode == "solve":
            demo.set_mode(SOLVE)
        build = time.process_time() - began
        run = demo.shell.run
        run.playing = True
        times = []
        for _ in range(SOLVE_FRAMES if mode == "solve" else frames + 1):
            began = time.process_time()
            app.frame(1 / 60)
            times.append(time.process_time() - began)
            if not run.playing:
                break
        rest = sorted(times[1:])
        return {
            "frames": len(rest),
            "build": build,
            "first": times[0],
            "mean": statistics.fmean(rest),
            "p50": statistics.median(rest),
            "p99": rest[min(len(rest) - 1, int(len(rest) * 0.99))],
            "max": rest[-1],
        }
    finally:
        app.finish()
        pygame.display.quit()


def main() -> None:
    """Measure hex and polar, carving and solving, interleaved; print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=300, help="cells each way (rings)")
    parser.add_argument("--frames", type=int, default=300, help="frames timed after the first")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    cases = [(shape, mode) for shape in ("hex", "polar") for mode in ("carve", "solve")]
    results: dict[tuple[str, str], list[Row]] = {case: [] for case in cases}
    for _ in range(args.rounds):
        for case in cases:
            results[case].append(measure(*case, args.side, args.frames))
    load = os.getloadavg()[0]
    print(f"maze shapes, side {args.side}, 1280 x 800 headless, {args.frames} frames x {args.rounds} rounds")
    print(
        f"load average at the end {load:.1f} on {os.cpu_count()} cores (CPU time; others' load still counts)"
    )
    print("p99 and max: min over the rounds / median over the rounds")
    print(
        f"{'shape':6} {'mode':6} {'frames':>6} {'build':>8} {'first':>8} {'mean':>6} {'p50':>6}"
        f" {'p99':>11} {'max':>11}  ms"
    )
    for (shape, mode), rows in results.items():
        print(f"{shape:6} {mode:6} " + row_line(rows))


def row_line(rows: list[Row]) -> str:
    """One case's figures over its rounds: the lowest-p99 round's build, first and p50; medians; minima."""
    best = min(rows, key=lambda row: row["p99"])
    median = {key: statistics.median(row[key] for row in rows) for key in ("mean", "p99", "max", "frames")}
    ms = [f"{best[key] * 1000:8.1f}" for key in ("build", "first")]
    ms += [f"{median['mean'] * 1000:6.1f}", f"{best['p50'] * 1000:6.1f}"]
    for key in ("p99", "max"):
        ms.append(f"{min(row[key] for row in rows) * 1000:5.1f} /{median[key] * 1000:5.1f}")
    return f"{median['frames']:6.0f} " + " ".join(ms)


if __name__ == "__main__":
    main()
