"""Benchmark of seeks on every demo at its largest app size (not a test): prints a table.

    python bench/bench_seek.py                 # every scenario, each in a fresh process
    python bench/bench_seek.py --only maze recursion-10M
    python bench/bench_seek.py --cap 60        # give End from the start up to 60 s of CPU

For each scenario, in its own process (so peak RSS is its own), the app is
opened headless at 1280x800 on the demo, set to its largest size, and then:

- End from the start: CPU seconds (`time.process_time`) until the player
  is at the run's end, frames drawn as the app draws them (capped: a run
  that outgrows the cap shows '>cap' and how many events it reached);
- far step back: from the end to the middle;
- a timeline seek to a random point (worst and median of several);
- End again, and one step back from the end;
- "answer now" where the demo has one (tic-tac-toe, the computer moving first);
- peak RSS of the process (VmHWM).

Goal (issues 11 and 12): every seek < 1 s, peak RSS < 500 MB on a
10-million-event run.  Whether the machine was idle is printed (load average).

End from the very start, CPU seconds, measured 2026-11-23 (python 3.11.7, two
cores shared with four other engineers' runs: load average 4.6 to 7).
"before": the real end before the plain-end card (cap 90 s); "answer": End
pressed to the first frame drawn with the answer on it, the card
(visualizer/finale.py) or the end itself (min / median of 4 runs where it
is not instant); "real end": until the timeline has filled in (cap 60 s):

    scenario        events        before   answer (min / med)   real end
    recursion-10M   10,000,009    52.7     0.045 / 0.049        57.2
    maze 1000²      2,000,001     26.7     0.69  / 0.84 (1.11)  15.6
    maze-solve      3,329,179     -        0.69  / 0.79         26.2
    queens 16       8.7M+         >90      0.55  / 0.56         >60
    pentomino 10x6  2.5M+         >90      0.55  / 0.56         >60
    tictactoe       1,355,060     12.3     0.094 / 0.097        9.9
    gametree        18,162        0.31     0.21                 0.21
    frogs 8+8       10,635        0.15     0.17                 0.17
    hanoi 12        12,285        0.11     0.07                 0.07
    mazes, rooms, sudoku, dlx, trace, games: under 0.06 either way.

The maze's answer was `solvers.maze.complete` (about 0.8 s of it) plus the
first paint of the finished maze, in a frame that waited for it; one run of
four went over 1 s under that load.  Since 2026-11-23 evening a big maze asks
a worker process for it as the run starts (visualizer/ahead.py), and no frame
waits (wall seconds, idle, load 0.4-0.9): carve / solve 0.12 / 0.08 s after a
second of play ('-watched'), 0.88 / 0.82 s pressed at once.  Queens and
pentomino count on the plain path, 0.05 s in the frame and then up to 0.35 s
CPU in the worker, and say how many so far: 16 queens 0.69 s, 10 x 6
pentominoes 0.76 s wall, with no frame waiting (they took 0.55 s of one
frame before).
Seeks inside tic-tac-toe's generated run were then still over 1 s (far back
2.4 s, End again 2.2 s: its model kept two keyframes); the tree ledger below
fixed them.

Seeks inside tic-tac-toe's run (minimax, the computer first, 1,355,060
events), measured 2026-11-23 (python 3.11.7, load average 2.8 to 3.6 from
the other engineers' runs): the tree's keyframes by a ledger
(visualizer/tree.py: a frame is the column lengths and the open nodes'
rows, ~1.4 KB, where a copy of the whole tree was up to 62 MB).  "before"
is base a29ed93, interleaved with "after" in 3 runs each, CPU seconds, min
/ median; drag: the worst of 5 timeline seeks to random points:

    seek                  before               after
    far step back         2.42 / 2.68          0.035 / 0.035
    drag (worst of 5)     1.63 / 1.75          0.045 / 0.046
    drag (median of 5)    0.32 / 0.48          0.031 / 0.031
    End again             1.24 / 1.90          0.066 / 0.072
    one step back         0.000                0.000
    keyframes             2                    332 (spacing 4096, 0.77 MB)
    peak RSS MB           278                  205-206
    End: real             9.0 / 9.0            8.4 / 10.4

Game tree, frogs, hanoi (same change; their runs are short) stay at
0.01-0.06 s a seek.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME = 1 / 60
DRAGS = 5


def endless_10m(demo: Any) -> None:
    """Recursion without a base case, 5,000,000 frames deep: 10,000,009 events."""
    demo.mode, demo.n, demo.limit = "endless", 3, 5_000_000
    demo.new_run()


def maze_1000(demo: Any) -> None:
    """A 1000 x 1000 carve (3,999,999 events)."""
    demo.set_size(1000, 1000)


def maze_1000_solved(demo: Any) -> None:
    """The 1000 x 1000 maze carved, then its solve asked for."""
    maze_1000(demo)
    demo.solve()


def tictactoe_computer_first(demo: Any) -> None:
    """Minimax, the computer moving first on the empty board."""
    from visualizer.scenes.tictactoe.demo import COMPUTER, MINIMAX

    demo.algorithm = MINIMAX
    demo.set_starts(COMPUTER)


SCENARIOS: dict[str, tuple[str, Callable[[Any], object]]] = {
    "recursion-10M": ("recursion", endless_10m),
    "maze": ("maze", maze_1000),
    "maze-solve": ("maze", maze_1000_solved),
    "maze-watched": ("maze", maze_1000),
    "maze-solve-watched": ("maze", maze_1000_solved),
    "mazes": ("mazes", lambda demo: demo.set_side(50)),
    "rooms": ("rooms", lambda demo: None),
    "sudoku": ("sudoku", lambda demo: demo.set_collection("16x16")),
    "queens": ("queens", lambda demo: demo.set_n(16)),
    "pentomino": ("pentomino", lambda demo: demo.set_board((10, 6))),
    "dlx": ("dlx", lambda demo: None),
    "tictactoe": ("tictactoe", tictactoe_computer_first),
    "gametree": ("gametree", lambda demo: (demo.set_depth(6), demo.set_branching(4))),
    "frogs": ("frogs", lambda demo: demo.set_sizes(8, 8)),
    "hanoi": ("hanoi", lambda demo: demo.set_disks(12)),
    "trace": ("trace", lambda demo: None),
    "games": ("games", lambda demo: None),
}
"""Scenario name -> (demo, what makes it its largest).

A '-watched' scenario plays its run for WATCH seconds (wall) before End, as
a class watches the start first: the plain end asked ahead of a worker
process (visualizer/ahead.py) has had that long.
"""
WATCH = 1.0


def peak_mb() -> float:
    """This process's peak resident memory in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def frames_until(app: Any, done: Callable[[], bool], cap: float) -> dict[str, float]:
    """Run app frames until `done()`, or `cap` CPU seconds: CPU s, wall s, frames."""
    cpu, wall, frames = time.process_time(), time.perf_counter(), 0
    while not done() and time.process_time() - cpu < cap:
        app.frame(FRAME)
        frames += 1
    return {
        "cpu": time.process_time() - cpu,
        "wall": time.perf_counter() - wall,
        "frames": frames,
        "capped": not done(),
    }


def timed(app: Any, start: Callable[[], object], cap: float) -> dict[str, float]:
    """Start a seek and run frames until the player is no longer busy."""
    cpu, wall = time.process_time(), time.perf_counter()
    start()
    player = app.screen.run
    rest = frames_until(app, lambda: not player.busy, cap)
    if rest["capped"]:
        player.seek(player.cursor, now=True)  # stop there: the next seek starts from a still player
    rest["cpu"] = time.process_time() - cpu
    rest["wall"] = time.perf_counter() - wall
    return rest


def scenario(name: str, cap: float) -> dict[str, Any]:
    """Every seek of one scenario, in this process."""
    from visualizer.app import App, Options

    demo_name, setup = SCENARIOS[name]
    app = App(Options(demo=demo_name, size=(1280, 800)))
    shell: Any = app.screen  # a Shell: the app opened on a demo
    setup(shell.demo)
    app.frame(FRAME)
    if name.endswith("-watched"):
        watch(app)
    result: dict[str, Any] = {"name": name}
    player = shell.run
    result["shown"] = end_from_start(app)
    result["end"] = timed(app, lambda: None, cap)
    result["end"]["cpu"] += result["shown"]["cpu"]
    length = player.cursor
    result["events"] = length
    result["at_end"] = player.at_end
    if length:
        result["far_back"] = timed(app, lambda: player.seek(length // 2), cap)
        rng = random.Random(7)
        result["drags"] = [timed(app, lambda: player.seek(rng.randrange(length)), cap) for _ in range(DRAGS)]
        result["end_again"] = timed(app, player.seek_end, cap)
        result["one_back"] = timed(app, player.back, cap)
    result["memory"] = player.memory()
    if name == "tictactoe":
        result["answer_now"] = answer_now(app)
    result["peak_mb"] = peak_mb()
    return result


def watch(app: Any) -> None:
    """Play the run for WATCH seconds of wall time, then pause."""
    player = app.screen.run
    player.playing = True
    started = time.perf_counter()
    while time.perf_counter() - started < WATCH:
        app.frame(FRAME)
    player.playing = False


def end_from_start(app: Any) -> dict[str, Any]:
    """End pressed at the start, as the key does it: until the frame that shows the answer is drawn.

    The answer is on screen when a frame shows the plain-end card with its
    answer (visualizer/finale.py; a card still waiting for a worker does not
    count) or the run already stands at its end.
    """
    shell = app.screen
    cpu, wall, frames = time.process_time(), time.perf_counter(), 0
    shell.to_end()
    card = shell.end_card
    while True:
        app.frame(FRAME)
        frames += 1
        if not (card.waiting and shell.run.seeking_end):
            break
    shown = card.finale is not None or shell.run.at_end
    seconds = {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}
    return {**seconds, "frames": frames, "shown": shown}


def answer_now(app: Any) -> dict[str, float]:
    """A new game with the computer first, then "answer now" and the frame that shows it."""
    from visualizer.scenes.tictactoe.demo import COMPUTER

    demo = app.screen.demo
    demo.new_game(COMPUTER)
    app.frame(FRAME)
    assert demo.thinking, "the computer should be thinking"
    cpu, wall = time.process_time(), time.perf_counter()
    demo.answer_now()
    app.frame(FRAME)
    assert not demo.thinking, "answer now did not answer"
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall, "frames": 1}


def run_fresh(name: str, cap: float) -> dict[str, Any]:
    """`scenario` in a fresh process: its own peak RSS, nothing cached from another."""
    child = subprocess.run(
        [sys.executable, __file__, "--child", name, "--cap", str(cap)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if child.returncode:
        return {"name": name, "error": child.stderr.strip().splitlines()[-1:]}
    data: dict[str, Any] = json.loads(child.stdout.strip().splitlines()[-1])
    return data


def cell(row: dict[str, Any] | None, cap: float, clock: str = "cpu") -> str:
    """One seek's CPU (or wall) seconds, marked when it hit the cap."""
    if row is None:
        return "-"
    return f">{cap:.0f}" if row.get("capped") else f"{row[clock]:.3f}"


def print_row(data: dict[str, Any], cap: float) -> None:
    """One scenario's line of the table."""
    if "error" in data:
        print(f"{data['name']:>14}  failed: {data['error']}")
        return
    drags = data.get("drags") or []
    worst = max(drags, key=lambda row: row["cpu"]) if drags else None
    median = {"cpu": statistics.median(row["cpu"] for row in drags)} if drags else None
    columns = [
        f"{data['events']:>12,}" + ("" if data["at_end"] else "+"),
        cell(data["shown"] if data["shown"]["shown"] else data["end"], cap, "wall"),
        cell(data["end"], cap),
        cell(data.get("far_back"), cap),
        cell(worst, cap),
        cell(median, cap),
        cell(data.get("end_again"), cap),
        cell(data.get("one_back"), cap),
        cell(data.get("answer_now"), cap),
        f"{data['peak_mb']:.0f}",
        f"{data['memory']['keyframes']}",
    ]
    print(f"{data['name']:>14} " + " ".join(f"{column:>10}" for column in columns))


def main() -> None:
    """Run the scenarios asked for and print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", nargs="*", choices=list(SCENARIOS))
    parser.add_argument("--cap", type=float, default=30.0, help="CPU seconds End from the start may take")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(scenario(args.child, args.cap)))
        return
    print(f"Unwind seeks, CPU seconds (python {sys.version.split()[0]}; load average {os.getloadavg()})")
    heads = (
        "events",
        "End: answer",
        "End: real",
        "far back",
        "drag max",
        "drag med",
        "End again",
        "1 back",
        "answer now",
        "RSS MB",
    )
    print(f"{'scenario':>14} " + " ".join(f"{head:>10}" for head in (*heads, "keyframes")))
    for name in args.only or SCENARIOS:
        print_row(run_fresh(name, args.cap), args.cap)
    print("events '+': the run outgrew the cap (its end is unknown); '>N': the seek hit the cap of N s CPU")
    print(
        "End: answer: End pressed at the start to the first frame showing the answer (the card, or the end),"
        " WALL seconds: a big maze's answer comes from a worker process"
    )
    print(f"'-watched': End pressed after the run played {WATCH:.0f} s")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
