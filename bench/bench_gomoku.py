"""Benchmark: what gomoku's levels mean, measured.  The puzzle set per level, and engine against engine.

Run: `python bench/bench_gomoku.py [--openings 50] [--seconds S] [--plies P] [--pairs easy-medium,...]`.

- Puzzles (assets/puzzles/gomoku/threats.txt): for each level, how many forced
  wins it wins and how many threats it stops, each answer judged by brute force
  (`solvers.gomoku_puzzles.Brute`, as in tests/test_threats.py), and the CPU time.
- Matches: each pair of levels plays `--openings` games from seeded random
  two-stone openings near the centre, each side x in half of them; a game ends at
  five or after `--plies` moves (unfinished).  Hard's alpha-beta gets `--seconds`
  per move (the app gives it 1.8 s; less keeps the run short, and says so).
  Each game's result goes to standard error as it ends.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace

from solvers.engine import LEVELS, Limits
from solvers.gomoku_puzzles import Brute, Puzzle, attacker_of, load
from solvers.grids import MNK, STONE, Position
from solvers.threats import LEVEL_REACH, think_with

GAME = MNK(15, 15, 5)


def level_limits(level: str, seconds: float) -> Limits:
    """The level's alpha-beta limits, hard's time replaced by `seconds`."""
    limits = LEVELS[level]
    return replace(limits, seconds=seconds) if level == "hard" else limits


def judged(puzzle: Puzzle, move: int, brute: Brute) -> bool:
    """The move wins the win puzzle against every reply, or stops the block puzzle's threat."""
    cells = bytearray(puzzle.pos.cells)
    cells[move] = STONE[puzzle.pos.mover]
    if puzzle.kind == "win":
        return brute.every_defence_loses(cells, puzzle.pos.mover, puzzle.moves - 1)
    return not brute.wins(cells, attacker_of(puzzle), min(puzzle.moves, 2))


def puzzle_table(seconds: float) -> list[str]:
    """One row per level: wins won, threats stopped, CPU seconds."""
    puzzles, brute = load(), Brute(GAME)
    rows = ["| level | forced wins won | threats stopped | CPU s per puzzle |", "|---|---|---|---|"]
    for level in LEVELS:
        won = stopped = 0
        cpu = 0.0
        for puzzle in puzzles:
            started = time.process_time()
            answer = think_with(GAME, puzzle.pos, level_limits(level, seconds), LEVEL_REACH[level])
            cpu += time.process_time() - started
            good = answer.move is not None and judged(puzzle, answer.move, brute)
            won += good and puzzle.kind == "win"
            stopped += good and puzzle.kind == "block"
        wins = sum(p.kind == "win" for p in puzzles)
        rows.append(
            f"| {level} | {won} of {wins} | {stopped} of {len(puzzles) - wins} | {cpu / len(puzzles):.2f} |"
        )
    return rows


def opening(rng: random.Random) -> Position:
    """x in the centre, o and x at random next to it (three stones: o to move)."""
    pos = GAME.result(GAME.start(), GAME.cell(7, 7))
    for _stone in range(2):
        pos = GAME.result(pos, rng.choice(GAME.candidates(pos)[:8]))
    return pos


def play(pos: Position, x_level: str, o_level: str, seconds: float, plies: int) -> int:
    """One game from `pos`: 1 if x wins, -1 if o wins, 0 if unfinished after `plies` more moves."""
    for _ply in range(plies):
        level = x_level if pos.mover == 1 else o_level
        answer = think_with(GAME, pos, level_limits(level, seconds), LEVEL_REACH[level])
        pos = GAME.result(pos, answer.move if answer.move is not None else GAME.candidates(pos)[0])
        if pos.winner or not pos.empty:
            return pos.winner
    return 0


def match(first: str, second: str, openings: int, seconds: float, plies: int) -> str:
    """A table row: `first` against `second` over the openings, each x in half."""
    rng, score = random.Random(31), {first: 0, second: 0, "unfinished": 0}
    started = time.perf_counter()
    for number in range(openings):
        pos = opening(rng)
        x_level, o_level = (first, second) if number % 2 == 0 else (second, first)
        winner = play(pos, x_level, o_level, seconds, plies)
        score[x_level if winner == 1 else o_level if winner == -1 else "unfinished"] += 1
        print(f"game {number + 1}: x {x_level}, o {o_level}: {score}", file=sys.stderr, flush=True)
    minutes = (time.perf_counter() - started) / 60
    return (
        f"| {first} vs {second} | {openings} | {score[first]} | {score[second]} | {score['unfinished']} |"
        f" {minutes:.1f} |"
    )


def main() -> None:
    """Print the puzzle table and the match table (Markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=1.8, help="hard's alpha-beta time per move")
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--pairs", default="medium-easy,hard-medium,hard-easy")
    parser.add_argument("--skip-puzzles", action="store_true")
    args = parser.parse_args()
    if not args.skip_puzzles:
        print("\n".join(puzzle_table(args.seconds)), flush=True)
    print(f"\nhard: {args.seconds:g} s of alpha-beta per move; at most {args.plies} moves a game\n")
    print("| match | games | first wins | second wins | unfinished | minutes |\n|---|---|---|---|---|---|")
    for pair in filter(None, args.pairs.split(",")):
        first, second = pair.split("-")
        print(match(first, second, args.openings, args.seconds, args.plies), flush=True)


if __name__ == "__main__":
    main()
