"""Benchmark: the games engine's nodes per second and the depth it reaches in 2 s.

Run: `python bench/bench_games.py [--seconds S] [--repeat N] [--exact] [--against DIR]`.

First nodes per CPU second on the same Connect Four positions (interleaved, min
and median): `PlainNegamax`, a plain bitboard negamax with alpha-beta written
here as the reference, the exact solver (`solvers.connect4`), and the app's
depth-limited engine (`solvers.engine`, what the games demo and `connect4
--depth` run) on line codes and on `Position`s (`lines=False`, the search it
replaced, node for node the same); then the CPU time of the m,n,k proofs
(4,4,4, 5,4,4, 5,5,4) and of Connect Four solves (4x6, 6x4, two 7x6 positions
with 12 and 14 stones);
`--random N` then solves N random 7x6 positions of 12 and of 14 stones (seeded).
`--exact` stops there.  Then, for each position
(gomoku's opening, a gomoku midgame, a Connect Four midgame, 5,5,4): iterative
deepening under the time limit, N runs, min and median of the depth reached,
nodes per CPU second (`time.process_time`) and the wall time of the answer; then
the plain path against the event path at a fixed depth (CPU, interleaved), and
whole processes as a user runs the CLI (`connect4 --depth 9` and `--time S`),
interleaved with the same commands in another checkout with `--against DIR`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import timing
from solvers.connect4 import Board, Solver, SolveTimeUp
from solvers.engine import Engine, Limits
from solvers.grids import MNK, ConnectFour, Grid, Position
from solvers.proof import prove

GOMOKU = MNK(15, 15, 5)
ROOT = Path(__file__).resolve().parents[1]


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


RATE_POSITIONS = ("4453443", "472612134724", "21624327742771")
"""7 x 6 positions for nodes per second: a midgame, 12 and 14 stones (neither side wins at once)."""
RATE_NODES = 200_000
"""Each searcher's node budget per position (nodes per second need no finished search)."""


def reference_nodes(moves: str) -> int:
    """The plain reference's nodes on `moves` up to the budget (a null window around a draw)."""
    board = Board(7, 6)
    plain = PlainNegamax(RATE_NODES)
    with contextlib.suppress(OutOfNodes):
        plain.negamax(*board.play(moves), -1, 1)
    return plain.nodes


def solver_nodes(moves: str) -> int:
    """The exact solver's nodes on `moves` up to the budget (the same null window)."""
    board = Board(7, 6)
    solver = Solver(board, nodes=RATE_NODES)
    with contextlib.suppress(SolveTimeUp):
        solver.negamax(*board.play(moves), -1, 1)
    return solver.nodes


def engine_nodes(moves: str, lines: bool) -> int:
    """The depth-limited engine's nodes on `moves`, deepening until the budget stops it."""
    game = ConnectFour()
    return Engine(game, Limits(nodes=RATE_NODES), lines=lines).think(game.play(moves)).nodes


def node_rates(repeat: int) -> None:
    """Nodes per CPU second of the reference, the solver and the engine (both paths), interleaved."""
    print(f"Connect Four nodes per CPU second ({RATE_NODES:,} nodes each; min / median of {repeat} runs):")
    for moves in RATE_POSITIONS:
        contenders: dict[str, Callable[[], int]] = {
            "plain": partial(reference_nodes, moves),
            "solver": partial(solver_nodes, moves),
            "engine": partial(engine_nodes, moves, True),
            "on Positions": partial(engine_nodes, moves, False),
        }
        found = timing.in_process(contenders, runs=repeat)
        rates = {name: (t.result / t.best, t.result / t.median) for name, t in found.items()}
        cells = " ".join(
            f"{name} {f'{best / 1000:,.0f}k':>5} / {f'{median / 1000:,.0f}k':<5}"
            for name, (best, median) in rates.items()
        )
        ratio = rates["engine"][0] / rates["plain"][0], rates["engine"][1] / rates["plain"][1]
        print(f"  {moves:<15} {cells}  engine/plain {ratio[0]:.2f}x / {ratio[1]:.2f}x")


def exact_times(repeat: int) -> None:
    """CPU seconds of the proofs and solves the README quotes (min / median), with their answers."""
    jobs = {
        "4,4,4": lambda: prove(MNK(4, 4, 4), MNK(4, 4, 4).start()).result,
        "5,4,4": lambda: prove(MNK(5, 4, 4), MNK(5, 4, 4).start()).result,
        "5,5,4": lambda: prove(MNK(5, 5, 4), MNK(5, 5, 4).start()).result,
        "connect4 4x6": lambda: solve_board(4, 6, ""),
        "connect4 6x4": lambda: solve_board(6, 4, ""),
        "connect4 7x6 472612134724": lambda: solve_board(7, 6, "472612134724"),
        "connect4 7x6 21624327742771": lambda: solve_board(7, 6, "21624327742771"),
    }
    found = timing.in_process(jobs, runs=repeat, budget=600)
    print("Exact answers, CPU s (min / median):")
    for name, result in found.items():
        print(f"  {name:<28} {result.cell():>15}  {result.result}")


def random_moves(stones: int, rng: random.Random) -> str:
    """A random 7 x 6 game `stones` moves long, still on, the mover unable to win at once (1-based digits)."""
    game, board = ConnectFour(), Board(7, 6)
    while True:
        moves = game.random_game(stones, rng)
        mine, mask, _played = board.play(moves)
        if not board.winning_cells(mine, mask) & (mask + board.bottom):
            return moves


def random_solves(count: int, stones: int, seed: int = 31) -> None:
    """CPU seconds of exact solves of `count` random 7 x 6 positions with `stones` stones (seeded)."""
    rng = random.Random(seed * 100 + stones)
    times = []
    print(f"Random 7x6 positions with {stones} stones, solved exactly (CPU s, seed {seed}):")
    for _ in range(count):
        moves = random_moves(stones, rng)
        started = time.process_time()
        answer = solve_board(7, 6, moves)
        times.append(time.process_time() - started)
        print(f"  {moves:<16} {times[-1]:>7.2f}  {answer}")
    print(f"  median {statistics.median(times):.2f} s, max {max(times):.2f} s")


def solve_board(width: int, height: int, moves: str) -> str:
    """'draw', 'win in N plies' or 'loss in N plies' for the side to move, solved exactly."""
    board = Board(width, height)
    solution = Solver(board).solve(*board.play(moves))
    return solution.result + ("" if solution.plies is None else f" in {solution.plies} plies")


def cli_runs(seconds: float, repeat: int, against: Path | None) -> None:
    """CPU seconds of the engine's CLI runs as whole processes, and what they answered (JSON).

    With `against`, the same commands in that checkout too, interleaved (its
    figures say "before"); `-P` keeps the current directory's tree off each
    child's path, so PYTHONPATH says which tree runs.
    """
    moves = RATE_POSITIONS[0]
    commands = {
        "depth 9": ["connect4", "--moves", moves, "--depth", "9", "--json"],
        f"--time {seconds:g}": [
            "connect4",
            "--moves",
            moves,
            "--depth",
            "40",
            "--time",
            str(seconds),
            "--json",
        ],
    }
    trees = {"": ROOT} | ({"before ": against} if against else {})
    runs = {
        tree + name: ([sys.executable, "-P", "-m", "solvers", *argv], timing.user_env(root))
        for name, argv in commands.items()
        for tree, root in trees.items()
    }
    for command, env in runs.values():
        timing.run_command(command, env)  # bytecode cached, as after an install
    found: dict[str, timing.Timing] = {name: timing.Timing() for name in runs}
    for _ in range(repeat):
        for name, (command, env) in runs.items():
            cpu, wall, out = timing.run_command(command, env)
            found[name].runs.append(cpu)
            found[name].wall.append(wall)
            found[name].result = json.loads(out)
    print(
        f"whole processes `python -m solvers connect4 --moves {moves} ...`, CPU s (min / median of {repeat}):"
    )
    for name, result in found.items():
        answer = result.result
        print(
            f"  {name:<18} {result.cell():>15}  wall max {max(result.wall):.2f} s  depth {answer['depth']}, "
            f"{answer['nodes']:,} nodes, move {answer['move']}, value {answer['value']}"
        )


def main() -> None:
    """Print depth reached, nodes per second, the events' cost and a CLI run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time limit per move (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per position (min and median kept)")
    parser.add_argument("--exact", action="store_true", help="only the proofs, the solves and the node rates")
    parser.add_argument(
        "--random", type=int, default=0, metavar="N", help="then N random 7x6 positions of 12 and 14 stones"
    )
    parser.add_argument(
        "--against", type=Path, metavar="DIR", help="the CLI runs in this checkout too (before / after)"
    )
    args = parser.parse_args()
    node_rates(args.repeat)
    exact_times(args.repeat)
    for stones in (12, 14) if args.random else ():
        random_solves(args.random, stones)
    if args.exact:
        return
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
    cli_runs(args.seconds, args.repeat, args.against)


if __name__ == "__main__":
    main()
