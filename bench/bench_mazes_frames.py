"""Benchmark: frame times of the maze-shapes demo on big hex and polar mazes, carving and solving.

Run:  python bench/bench_mazes_frames.py              (300 x 300 hex, 300 polar rings)
      python bench/bench_mazes_frames.py --side 100 --frames 120

Headless (SDL dummy driver), 1280 x 800, one process.  For each shape and
mode it times, in CPU seconds (`time.process_time`):
- the graph's build (`set_shape`, before any frame; graph.py's own cost),
- the first frame (rasterising the drawing and the first full paint),
- then `--frames` frames at full speed (the player spends what drawing leaves
  of the frame on events, 2-8 ms: `visualizer/framebudget.py`; the painter
  repaints the cells they touched): mean, p50, p99 and max.  60 fps is 16.7 ms
  a frame.
Several rounds run interleaved (hex, polar, hex, polar, ...); the table shows
the best round's figures and the median round's mean.

Before and after issue 14 (CPU ms, mean / p99 (max)):

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
