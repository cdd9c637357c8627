"""Benchmark: minimax and alpha-beta from the empty tic-tac-toe board, events on vs off.

Run: `python bench/bench_minimax.py [--repeat N]`.  CPU time (`time.process_time`)
in one process, the variants interleaved run by run, min and median of N runs:
- the event generators (`minimax_events`, `alphabeta_events`), every event drained;
- plain recursive functions against the same `Game` (`minimax_value`,
  `alphabeta_value`): the same rules, no events, Python's own stack;
- for scale, a self-contained textbook minimax on a mutable list (place, recurse,
  unplace, look for a winner at every node), as the source articles write it;
- the bare cost of one event (`events.build` + a yield + the drain), which no
  change to the search loop can go below;
- and whole processes as a user runs them: `python -m solvers tictactoe` (CPU and wall).

Measured 2026-11-23 (3.11, both cores loaded, load 5-7; CPU min of 5):
plain 0.53 s, events 1.18 s (2.23x).  The same generator with its event
types swapped for `tuple` (so each `build` hands back its payload tuple and
no event object exists) already takes 0.88 s, 1.66x plain: the explicit-stack
loop with its yields is over the 1.5x goal before a single event object is
made, and 1.35 million bare events (build + yield + drain, no search) take
0.26 s on their own (1.50x with no search bookkeeping at all).
The goal (issue 12): full minimax with events at most 1.5x the plain function.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterator

from solvers.events import Push, build
from solvers.minimax import (
    alphabeta_events,
    alphabeta_value,
    minimax_events,
    minimax_value,
)
from solvers.tictactoe import EMPTY_BOARD, GAME

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The eight lines written out, as the textbook version below keeps everything to itself."""

GOAL = 1.5


def cpu_seconds(run: Callable[[], object]) -> float:
    """CPU seconds of one run."""
    started = time.process_time()
    run()
    return time.process_time() - started


def interleaved(variants: dict[str, Callable[[], object]], repeat: int) -> dict[str, list[float]]:
    """Each variant's CPU times, the variants taking turns run by run (drift hits all alike)."""
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(repeat):
        for name, run in variants.items():
            times[name].append(cpu_seconds(run))
    return times


def textbook_minimax(cells: list[str], mark: str) -> int:
    """Minimax for x on a list of cells, do -> recurse -> undo, winner checked per node."""
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return 1 if cells[a] == "x" else -1
    if "." not in cells:
        return 0
    other = "o" if mark == "x" else "x"
    best = -2 if mark == "x" else 2
    for cell in range(9):
        if cells[cell] == ".":
            cells[cell] = mark
            value = textbook_minimax(cells, other)
            cells[cell] = "."
            if (value > best) if mark == "x" else (value < best):
                best = value
    return best


def bare_events(count: int) -> Iterator[object]:
    """`count` events built the fast way and yielded, nothing else."""
    new, push = build, Push
    for node in range(count):
        yield new(push, (node, node, node, 6))


def payloads_only(search: Callable[[], Iterator[object]]) -> Callable[[], object]:
    """`search` drained with its event types swapped for `tuple`: each build returns its payload.

    `events.build` is `tuple.__new__`, so `build(tuple, fields)` is `fields`
    itself: the loop, its bookkeeping, the payload tuples and the yields all
    stay, and only the event objects are gone.  What this costs over plain
    is what the explicit-stack search loop costs before any event exists.
    """

    def no_root(*_: object) -> Generator[object, None, bool]:
        """The root's one call, left out (its events are built by their classes, not `build`)."""
        return False
        yield

    def run() -> None:
        import solvers.minimax as module

        saved = module.Push, module.Evaluate, module.Pop, module._root_events
        module.Push = module.Evaluate = module.Pop = tuple  # type: ignore[misc, assignment]
        module._root_events = no_root  # type: ignore[assignment]
        try:
            deque(search(), maxlen=0)
        finally:
            module.Push, module.Evaluate, module.Pop, module._root_events = saved  # type: ignore[misc]

    return run


def whole_process(argv: list[str], repeat: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds (user + system) of `python -m solvers ARGV`, as a user runs it."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "solvers", *argv], check=True, capture_output=True)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def figures(times: list[float]) -> str:
    """'min 0.512s  median 0.530s'."""
    return f"min {min(times):.3f}s  median {statistics.median(times):.3f}s"


def main() -> None:
    """Time each variant and print figures and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs per variant (min and median kept)")
    repeat = parser.parse_args().repeat
    minimax_value(GAME, EMPTY_BOARD)  # fill the game's per-position memo before timing
    counts = {
        "minimax": Counter(type(e).__name__ for e in minimax_events(GAME, EMPTY_BOARD)),
        "alpha-beta": Counter(type(e).__name__ for e in alphabeta_events(GAME, EMPTY_BOARD)),
    }
    events_total = sum(counts["minimax"].values())
    times = interleaved(
        {
            "minimax events": lambda: deque(minimax_events(GAME, EMPTY_BOARD), maxlen=0),
            "minimax plain": lambda: minimax_value(GAME, EMPTY_BOARD),
            "minimax payloads": payloads_only(lambda: minimax_events(GAME, EMPTY_BOARD)),
            "alpha-beta events": lambda: deque(alphabeta_events(GAME, EMPTY_BOARD), maxlen=0),
            "alpha-beta plain": lambda: alphabeta_value(GAME, EMPTY_BOARD),
            "textbook list": lambda: textbook_minimax(list(EMPTY_BOARD), "x"),
            "bare events": lambda: deque(bare_events(events_total), maxlen=0),
        },
        repeat,
    )
    print(f"tic-tac-toe from the empty board: CPU time, {repeat} interleaved runs, one process")
    for name, runs in times.items():
        print(f"  {name:<18} {figures(runs)}")
    for name in ("minimax", "alpha-beta"):
        on, off = times[f"{name} events"], times[f"{name} plain"]
        ratio, median_ratio = min(on) / min(off), statistics.median(on) / statistics.median(off)
        verdict = "met" if ratio <= GOAL else "NOT met"
        events = sum(counts[name].values())
        per_event = (min(on) - min(off)) / events * 1e9
        print(
            f"{name}: {counts[name]['Push']:,} nodes, {events:,} events {dict(counts[name])}; "
            f"events/plain {ratio:.2f}x (medians {median_ratio:.2f}x), goal <= {GOAL}x {verdict}; "
            f"about {per_event:.0f} ns per event over plain"
        )
    bare = min(times["bare events"]) / events_total * 1e9
    floor = (min(times["minimax plain"]) + min(times["bare events"])) / min(times["minimax plain"])
    print(
        f"one bare event (build + yield + drain) costs {bare:.0f} ns: with {events_total:,} events "
        f"and nothing else added, minimax could not go below {floor:.2f}x plain"
    )
    loop = min(times["minimax payloads"]) / min(times["minimax plain"])
    print(
        f"the same search loop yielding its payload tuples instead of events already takes {loop:.2f}x "
        f"plain; with the event objects {min(times['minimax events']) / min(times['minimax plain']):.2f}x"
    )
    print(
        f"textbook list minimax vs minimax events: "
        f"{min(times['minimax events']) / min(times['textbook list']):.2f}x"
    )
    for argv in (["tictactoe", "--json"], ["tictactoe", "--alphabeta", "--json"]):
        walls, cpus = whole_process(argv, max(3, repeat // 2))
        print(f"whole process `{' '.join(argv)}`: CPU {figures(cpus)}; wall {figures(walls)}")


if __name__ == "__main__":
    main()
