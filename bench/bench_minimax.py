"""Benchmark: minimax and alpha-beta from the empty tic-tac-toe board, events on vs off.

Run: `python bench/bench_minimax.py [--repeat N]`.  One process, best of N runs each:
- the event generators (`minimax_events`, `alphabeta_events`), every event drained;
- plain recursive functions against the same `Game` (`minimax_value`,
  `alphabeta_value`): the same rules, no events, Python's own stack;
- for scale, a self-contained textbook minimax on a mutable list (place, recurse,
  unplace, look for a winner at every node), as the source articles write it.
The goal: events cost at most 1.3x the plain function on the same game.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, deque
from collections.abc import Callable
from math import inf

from solvers.minimax import (
    alphabeta_events,
    alphabeta_value,
    minimax_events,
    minimax_value,
)
from solvers.tictactoe import EMPTY_BOARD, GAME, LINES

GOAL = 1.3


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The fastest of `repeat` runs, in seconds."""
    best = inf
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


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


def main() -> None:
    """Time each variant and print figures and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per variant (best is kept)")
    repeat = parser.parse_args().repeat
    minimax_value(GAME, EMPTY_BOARD)  # fill the game's per-position memo before timing
    counts = {
        "minimax": Counter(type(e).__name__ for e in minimax_events(GAME, EMPTY_BOARD)),
        "alpha-beta": Counter(type(e).__name__ for e in alphabeta_events(GAME, EMPTY_BOARD)),
    }
    runs = {
        "minimax": (
            lambda: deque(minimax_events(GAME, EMPTY_BOARD), maxlen=0),
            lambda: minimax_value(GAME, EMPTY_BOARD),
        ),
        "alpha-beta": (
            lambda: deque(alphabeta_events(GAME, EMPTY_BOARD), maxlen=0),
            lambda: alphabeta_value(GAME, EMPTY_BOARD),
        ),
    }
    print(f"tic-tac-toe from the empty board, best of {repeat} runs, one process")
    print(
        f"{'algorithm':<11} {'nodes':>9} {'events':>10} {'events on':>10} {'plain':>8} "
        f"{'ratio':>6}  goal <= {GOAL}x"
    )
    for name, (with_events, plain) in runs.items():
        on, off = best_time(with_events, repeat), best_time(plain, repeat)
        events = sum(counts[name].values())
        verdict = "met" if on / off <= GOAL else "NOT met"
        print(
            f"{name:<11} {counts[name]['Push']:>9,} {events:>10,} {on:>9.3f}s {off:>7.3f}s "
            f"{on / off:>5.2f}x  {verdict}"
        )
        per_event = (on - off) / events * 1e9
        print(f"{'':<11} events: {dict(counts[name])}; about {per_event:.0f} ns each")
    textbook = best_time(lambda: textbook_minimax(list(EMPTY_BOARD), "x"), repeat)
    minimax_on = best_time(runs["minimax"][0], repeat)
    print(
        f"textbook list minimax (winner checked per node, no events): {textbook:.3f}s; "
        f"events-on minimax is {minimax_on / textbook:.2f}x that"
    )


if __name__ == "__main__":
    main()
