"""Frogs: the event generator against event-free paths, side by side in one process.

    python bench/bench_frogs.py [--repeat 5]

No PyPI package solves this puzzle, so the references are written here: the
article's recursive TryThis as a plain recursive function, and a backward
breadth-first search of every position that can still reach the goal.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from solvers.frogs import (
    EMPTY,
    Hop,
    goal_state,
    legal_moves,
    solvable_states,
    solve,
    solve_moves,
    start_state,
)
from visualizer.scenes.frogs.tries import TryTree

SIZES = ((3, 3), (5, 5), (8, 8), (3, 8))


def recursive_try_this(state: str) -> list[Hop] | None:
    """The article's recursive TryThis, without events (a reference, not used by the app)."""
    pads = list(state)
    goal = list(goal_state(state))
    path: list[Hop] = []

    def try_this(empty: int) -> bool:
        """Try each legal move in turn; cancel it if it does not lead to the goal."""
        for hop in legal_moves(pads, empty):
            pads[hop.to], pads[hop.frm] = hop.frog, EMPTY
            path.append(hop)
            if pads == goal or try_this(hop.frm):
                return True
            path.pop()
            pads[hop.frm], pads[hop.to] = hop.frog, EMPTY
        return False

    return path if pads == goal or try_this(state.index(EMPTY)) else None


def drain(state: str) -> int:
    """Run the event generator to its end, counting events."""
    count = 0
    for _ in solve(state):
        count += 1
    return count


def drain_into_tree(state: str) -> int:
    """Run the generator into the tree model, as the scene does."""
    tree = TryTree()
    for event in solve(state):
        tree.apply(event)
    return tree.tried


def backward_search(state: str) -> int:
    """Every position of this size that can still reach the goal (cache cleared)."""
    solvable_states.cache_clear()
    return len(solvable_states(state.count("L"), state.count("R")))


def best_of(repeat: int, work: Callable[[str], Any], state: str) -> float:
    """The fastest of `repeat` runs, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        work(state)
        best = min(best, time.perf_counter() - started)
    return best * 1000


def main() -> None:
    """Print a table: milliseconds per solve for each path and size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (best is kept)")
    repeat = parser.parse_args().repeat
    paths: list[tuple[str, Callable[[str], Any]]] = [
        ("events (drained)", drain),
        ("events -> TryTree", drain_into_tree),
        ("solve_moves (plain)", solve_moves),
        ("recursive TryThis", recursive_try_this),
        ("backward BFS (all)", backward_search),
    ]
    header = f"{'ms, best of ' + str(repeat):<22}" + "".join(f"{n}x{m:<9}" for n, m in SIZES)
    print(header)
    for name, work in paths:
        row = [best_of(repeat, work, start_state(n, m)) for n, m in SIZES]
        print(f"{name:<22}" + "".join(f"{ms:<11.3f}" for ms in row))
    for n, m in SIZES:
        events = drain(start_state(n, m))
        tried = drain_into_tree(start_state(n, m))
        print(f"{n}x{m}: {events:,} events, {tried:,} moves tried")


if __name__ == "__main__":
    main()
