"""Benchmark: the games engine's nodes per second and the depth it reaches in 2 s.

Run: `python bench/bench_games.py [--seconds S] [--repeat N]`.  For each position
(gomoku's opening, a gomoku midgame, a Connect Four midgame, 5,5,4): iterative
deepening under the time limit, N runs, min and median of the depth reached,
nodes per CPU second (`time.process_time`) and the wall time of the answer; then
the plain path against the event path at a fixed depth (CPU, interleaved), and
a whole process as a user runs the CLI.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from collections import deque

from solvers.engine import Engine, Limits
from solvers.grids import MNK, ConnectFour, Grid, Position

GOMOKU = MNK(15, 15, 5)


class OutOfNodes(Exception):
    """A node budget ran out (nodes per second need no finished search)."""


class PlainNegamax:
    """The reference: a plain bitboard negamax with alpha-beta, nothing else (no table, no threats).

    7 x 6, a column holds 6 stones and an empty bit above them; `mine` is the
    mover's stones, `mask` every stone.  Centre columns first.  Scores as
    `solvers.connect4` gives them: (43 - stones on the board) // 2 for a win.
    """

    WIDTH, HEIGHT = 7, 6
    ORDER = (3, 2, 4, 1, 5, 0, 6)

    def __init__(self, budget: int | None = None) -> None:
        self.budget = budget
        stride = self.HEIGHT + 1
        self.bottom = [1 << col * stride for col in range(self.WIDTH)]
        self.top = [1 << (col * stride + self.HEIGHT - 1) for col in range(self.WIDTH)]
        self.nodes = 0

    def four(self, stones: int) -> bool:
        """Four in a row anywhere (vertical, horizontal, both diagonals)."""
        for shift in (1, 7, 6, 8):
            pair = stones & (stones >> shift)
            if pair & (pair >> 2 * shift):
                return True
        return False

    def negamax(self, mine: int, mask: int, played: int, alpha: int, beta: int) -> int:
        """The mover's score within (alpha, beta); `OutOfNodes` past the budget."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfNodes
        if played == 42:
            return 0
        playable = [col for col in self.ORDER if not mask & self.top[col]]
        for col in playable:
            if self.four(mine | (mask + self.bottom[col]) & ~mask):
                return (43 - played) // 2
        high = (41 - played) // 2
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        for col in playable:
            move = (mask + self.bottom[col]) & ~mask
            score = -self.negamax(mine ^ mask, mask | move, played + 1, -beta, -alpha)
            if score >= beta:
                return score
            if score > alpha:
                alpha = score
        return alpha


def gomoku_midgame() -> Position:
    """A gomoku position after 14 stones around the centre: o has a four, x must block."""
    pos = GOMOKU.start()
    for row, col in [
        (7, 7), (7, 8), (8, 6), (6, 8), (6, 6), (8, 8), (9, 5), (5, 8),
        (4, 8), (9, 7), (6, 7), (10, 6), (5, 6), (6, 5),
    ]:  # fmt: skip
        pos = GOMOKU.result(pos, GOMOKU.cell(row, col))
    return pos


POSITIONS: list[tuple[str, Grid, Position]] = [
    ("gomoku opening", GOMOKU, GOMOKU.start()),
    ("gomoku midgame", GOMOKU, gomoku_midgame()),
    ("connect4 midgame", ConnectFour(), ConnectFour().play("4453443")),
    ("5,5,4 opening", MNK(5, 5, 4), MNK(5, 5, 4).start()),
]


def timed_search(game: Grid, pos: Position, seconds: float) -> tuple[int, int, float, float]:
    """Depth reached, nodes, CPU seconds and wall seconds of one time-limited search."""
    cpu, wall = time.process_time(), time.perf_counter()
    answer = Engine(game, Limits(seconds=seconds)).think(pos)
    return answer.depth, answer.nodes, time.process_time() - cpu, time.perf_counter() - wall


def plain_vs_events(game: Grid, pos: Position, depth: int, repeat: int) -> tuple[list[float], list[float]]:
    """CPU seconds of think() and of the drained event run at `depth`, interleaved."""
    plain, events = [], []
    for _ in range(repeat):
        started = time.process_time()
        Engine(game, Limits(depth=depth)).think(pos)
        plain.append(time.process_time() - started)
        started = time.process_time()
        deque(Engine(game, Limits(depth=depth)).events(pos), maxlen=0)
        events.append(time.process_time() - started)
    return plain, events


def cli_run(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of `python -m solvers ARGV` in its own process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "solvers", *argv], check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    """Print depth reached, nodes per second, the events' cost and a CLI run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time limit per move (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per position (min and median kept)")
    args = parser.parse_args()
    print(f"time limit {args.seconds:g} s, {args.repeat} runs each (min / median)")
    print(f"{'position':<18} {'depth':>9} {'nodes/CPU s':>17} {'answer wall s':>15}")
    for name, game, pos in POSITIONS:
        runs = [timed_search(game, pos, args.seconds) for _ in range(args.repeat)]
        depths = [run[0] for run in runs]
        rates = [run[1] / run[2] for run in runs]
        walls = [run[3] for run in runs]
        print(
            f"{name:<18} {min(depths):>3} / {statistics.median(depths):<3g} "
            f"{min(rates):>7,.0f} / {statistics.median(rates):<7,.0f} "
            f"{max(walls):>6.2f} max"
        )
    for name, game, pos in POSITIONS[1:3]:
        depth = 2 if game is GOMOKU else 6
        plain, events = plain_vs_events(game, pos, depth, args.repeat)
        print(
            f"{name} depth {depth}: plain {min(plain):.3f} s, events {min(events):.3f} s "
            f"(min), events/plain {min(events) / min(plain):.2f}x "
            f"(medians {statistics.median(events) / statistics.median(plain):.2f}x)"
        )
    wall, cpu = cli_run(["connect4", "--moves", "4453443", "--time", str(args.seconds), "--json"])
    print(
        f"whole process `connect4 --moves 4453443 --time {args.seconds:g}`: "
        f"wall {wall:.2f} s, CPU {cpu:.2f} s"
    )


if __name__ == "__main__":
    main()
