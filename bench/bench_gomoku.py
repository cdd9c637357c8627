"""Benchmark: what gomoku's levels mean, measured.  The puzzle set per level, and engine against engine.

Run: `python bench/bench_gomoku.py [--openings 50] [--nodes N] [--plies P] [--pairs hard-medium,...]`
(`--game G`: only opening G).

- Puzzles (assets/puzzles/gomoku/threats.txt): for each level, how many forced
  wins it wins and how many threats it stops, each answer judged by brute force
  (`solvers.gomoku_puzzles.Brute`, as in tests/test_threats.py), how many threat
  lines it holds (its move among the hold puzzle's checked holding moves), how
  many quiet puzzles it passes (none of the moves a checked quiet reply
  refutes), and the CPU time.
- Matches: each pair of levels plays `--openings` games from seeded random
  two-stone openings near the centre, each side x in half of them; a game ends at
  five or after `--plies` moves (unfinished).  The budgets are counted, never
  timed, so the games are the same on a busy machine and an idle one, move for
  move: medium searches its 3 plies to the end, hard's alpha-beta gets `--nodes`
  nodes a move (the app gives it 1.8 s of the clock; 50,000 nodes are about that
  on one core of this machine), and the threat searches have node budgets of
  their own.  Each game's moves and result go to standard error as it ends (to
  replay one: `--game G --pairs A-B`); the table gives each level's CPU seconds
  per move, and its longest move's.
- `--speed`: the threat search alone, the same questions each run: a line of up
  to 7 threats for each side, from every puzzle position and from the games
  hard lost to medium (`LOST_GAMES`, each position on the way), each search
  with `SPEED_BUDGET` nodes; nodes, CPU seconds, nodes per second, lines found
  and searches that ran out.  Run it on two commits to compare them.
- `--post-mortem`: after the matches, for each game hard lost, where and why
  (`solvers.gomoku_losses.post_mortem`, searches of 150,000 nodes): the last
  position where a move of hard's held every line of up to 7 threats, and
  what came after it.  `--losses LOG`: the same for the games a run's
  standard error (LOG) records, without playing them.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from solvers.engine import LEVELS, Limits
from solvers.gomoku_losses import Loss, post_mortem
from solvers.gomoku_puzzles import Brute, Puzzle, attacker_of, load
from solvers.grids import MNK, STONE, Position
from solvers.threats import LEVEL_REACH, Board, Exhausted, Threats, think_with

GAME = MNK(15, 15, 5)


def level_limits(level: str, nodes: int) -> Limits:
    """The level's alpha-beta limits, counted rather than timed: hard's time becomes `nodes` nodes."""
    limits = replace(LEVELS[level], seconds=None, clock=time.process_time)
    return replace(limits, nodes=nodes) if level == "hard" else limits


def judged(puzzle: Puzzle, move: int, brute: Brute) -> bool:
    """The move wins the win puzzle against every reply, or stops the block puzzle's threat."""
    cells = bytearray(puzzle.pos.cells)
    cells[move] = STONE[puzzle.pos.mover]
    if puzzle.kind == "win":
        return brute.every_defence_loses(cells, puzzle.pos.mover, puzzle.moves - 1)
    if puzzle.kind == "hold":
        return move in puzzle.holds
    if puzzle.kind == "quiet":
        return move not in dict(puzzle.refuted)
    return not brute.wins(cells, attacker_of(puzzle), min(puzzle.moves, 2))


KIND_TITLES = {
    "win": "forced wins won",
    "block": "threats stopped",
    "hold": "threat lines held",
    "quiet": "quiet replies held",
}
"""The puzzle table's column per puzzle kind (a kind the set has none of gets none)."""


def puzzle_table(nodes: int) -> list[str]:
    """One row per level: wins won, threats stopped, threat lines held, CPU seconds."""
    puzzles, brute = load(), Brute(GAME)
    kinds = [kind for kind in KIND_TITLES if any(p.kind == kind for p in puzzles)]
    rows = [
        "| level | " + " | ".join(KIND_TITLES[kind] for kind in kinds) + " | CPU s per puzzle |",
        "|---" * (len(kinds) + 2) + "|",
    ]
    for level in LEVELS:
        solved = dict.fromkeys(kinds, 0)
        cpu = 0.0
        for puzzle in puzzles:
            started = time.process_time()
            answer = think_with(GAME, puzzle.pos, level_limits(level, nodes), LEVEL_REACH[level])
            cpu += time.process_time() - started
            solved[puzzle.kind] += answer.move is not None and judged(puzzle, answer.move, brute)
        counts = " | ".join(f"{solved[kind]} of {sum(p.kind == kind for p in puzzles)}" for kind in kinds)
        rows.append(f"| {level} | {counts} | {cpu / len(puzzles):.2f} |")
    return rows


LOST_GAMES = {
    46: "h8 f8 h6 h9 i7 g9 j8 g5 i8 g8 k8 l8 j7 f7 e6 f9 f5 f6 f10 g6 g7 d9 e9 e8 h5 c10",
    49: "h8 f8 i8 g7 h6 g8 h7 h9 g6 f5 i6 h4 f6 e6 j6",
}
"""Two games hard (x in 46, o in 49) lost to medium in this bench before the threat search's move order
(issue 31): medium's lines of 6 and 7 threats took 130,000 and 100,000 nodes to find."""
SPEED_BUDGET = 30_000
"""Nodes for each search of `speed_row`."""


def speed_positions() -> list[Position]:
    """The puzzle positions and every position of the `LOST_GAMES` from the fourth move on."""
    found = [puzzle.pos for puzzle in load()]
    for moves in LOST_GAMES.values():
        pos = GAME.start()
        for index, name in enumerate(moves.split()):
            pos = GAME.result(pos, GAME.named_cell(name))
            if index >= 3 and not pos.winner:
                found.append(pos)
    return found


def speed_row() -> str:
    """The threat search's work on `speed_positions`: one VCT (7) per side and position (a table row)."""
    nodes = lines = ran_out = 0
    started = time.process_time()
    for pos in speed_positions():
        for attacker in (1, -1):
            search = Threats(Board(GAME, pos), SPEED_BUDGET)
            try:
                lines += search.vct(attacker, 7) is not None
            except Exhausted:
                ran_out += 1
            nodes += search.nodes
    seconds = time.process_time() - started
    return f"| {nodes:,} | {seconds:.2f} | {nodes / seconds:,.0f} | {lines} | {ran_out} |"


def opening(rng: random.Random) -> Position:
    """x in the centre, o and x at random next to it (three stones: o to move)."""
    pos = GAME.result(GAME.start(), GAME.cell(7, 7))
    for _stone in range(2):
        pos = GAME.result(pos, rng.choice(GAME.candidates(pos)[:8]))
    return pos


@dataclass
class Tally:
    """A match so far: games won per level, unfinished games; per level CPU seconds, moves, longest move."""

    wins: dict[str, int] = field(default_factory=dict)
    unfinished: int = 0
    cpu: dict[str, float] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)
    longest: dict[str, float] = field(default_factory=dict)

    def per_move(self, level: str) -> float:
        """`level`'s CPU seconds per move."""
        return self.cpu.get(level, 0.0) / max(1, self.moves.get(level, 0))


def play(
    pos: Position, levels: dict[int, str], nodes: int, plies: int, tally: Tally
) -> tuple[int, list[int]]:
    """One game from `pos` (`levels`: x's and o's): the winner (0: none after `plies` moves) and the moves."""
    moves: list[int] = []
    for _ply in range(plies):
        level = levels[pos.mover]
        started = time.process_time()
        answer = think_with(GAME, pos, level_limits(level, nodes), LEVEL_REACH[level])
        spent = time.process_time() - started
        tally.cpu[level] = tally.cpu.get(level, 0.0) + spent
        tally.longest[level] = max(tally.longest.get(level, 0.0), spent)
        tally.moves[level] = tally.moves.get(level, 0) + 1
        move = answer.move if answer.move is not None else GAME.candidates(pos)[0]
        moves.append(move)
        pos = GAME.result(pos, move)
        if pos.winner or not pos.empty:
            return pos.winner, moves
    return 0, moves


def match(
    first: str, second: str, games: Collection[int], nodes: int, plies: int, log: list[str] | None = None
) -> str:
    """A table row: `first` against `second` over the openings numbered `games`, each x in the even ones
    (each game's line, as printed to standard error, also appended to `log`)."""
    tally, played = Tally({first: 0, second: 0}), 0
    for number, pos in enumerate(openings(max(games) + 1)):
        if number not in games:
            continue
        levels = {1: first, -1: second} if number % 2 == 0 else {1: second, -1: first}
        winner, moves = play(pos, levels, nodes, plies, tally)
        played += 1
        if winner:
            tally.wins[levels[winner]] += 1
        else:
            tally.unfinished += 1
        said = f"{levels[winner]} ({'x' if winner == 1 else 'o'}) wins" if winner else "unfinished"
        line = " ".join(GAME.move_name(m) for m in (*opening_moves(pos), *moves))
        record = f"game {number}: x {levels[1]}, o {levels[-1]}: {said}: {line}"
        print(record, file=sys.stderr, flush=True)
        if log is not None:
            log.append(record)
    cpu = " / ".join(f"{tally.per_move(level):.2f} ({tally.longest[level]:.1f})" for level in (first, second))
    score = f"{tally.wins[first]} | {tally.wins[second]} | {tally.unfinished}"
    return f"| {first} vs {second} | {played} | {score} | {cpu} |"


GAME_LINE = re.compile(
    r"^game (?P<number>\d+): x (?P<x>\w+), o (?P<o>\w+): (?P<said>[^:]+): (?P<moves>[a-z0-9 ]+)$"
)
"""A game's line on standard error: 'game 25: x medium, o hard: medium (x) wins: h8 f8 ...'."""


def post_mortem_table(lines: Iterable[str], level: str = "hard") -> list[str]:
    """For each game in `lines` that `level` lost: where it was lost and why, one row a game."""
    rows = ["| game | hard | lost at | why |", "|---|---|---|---|"]
    for line in lines:
        found = GAME_LINE.match(line.strip())
        if found is None or f"({'o' if found['x'] == level else 'x'}) wins" not in found["said"]:
            continue
        if level not in (found["x"], found["o"]) or found["x"] == found["o"]:
            continue
        loser = 1 if found["x"] == level else -1
        moves = [GAME.named_cell(name) for name in found["moves"].split()]
        loss = post_mortem(GAME, GAME.start(), moves, loser)
        where = f"{loss.ply + 1}. {GAME.move_name(loss.played)}" if loss.played is not None else "-"
        side = "x" if loser == 1 else "o"
        rows.append(f"| {found['number']} | {side} | {where} | {loss_words(loss, loser)} |")
    return rows


def loss_words(loss: Loss, loser: int) -> str:
    """One line: why the game was lost (`Loss.kind`, see solvers.gomoku_losses)."""
    name, them = GAME.move_name, "o" if loser == 1 else "x"
    unsure = f" ({loss.unknown} cells unknown)" if loss.unknown else ""
    if loss.kind == "held":
        return f"(a) it left a line of {loss.threats} threats, {name(loss.holding or 0)} held{unsure}"
    if loss.kind == "lost" or loss.reply is None:
        return f"no position held{unsure}"
    reply, best = name(loss.reply), name(loss.best) if loss.best is not None else "?"
    if loss.kind == "quiet":
        return f"(c) it held; {them}'s quiet {reply}, then after {best} a line of {loss.threats}{unsure}"
    line = (
        f"{loss.threats} ({reply}, after {best} {loss.threats - 1} more)"
        if loss.threats
        else "? (none found)"
    )
    said = f"{them}'s {loss.threat} {reply} began a line of threats: {line}{unsure}"
    return f"(b) it held; {said}" if loss.kind == "long" else f"(d) it held by the search only; {said}"


def openings(count: int) -> list[Position]:
    """The first `count` seeded openings (the same every run)."""
    rng = random.Random(31)
    return [opening(rng) for _number in range(count)]


def opening_moves(pos: Position) -> list[int]:
    """The opening's stones in the order played: x in the centre, then o, then x."""
    cells = pos.cells
    x_cells = [c for c, s in enumerate(cells) if s == STONE[1]]
    o_cells = [c for c, s in enumerate(cells) if s == STONE[-1]]
    centre = GAME.cell(7, 7)
    return [centre, *o_cells, *(c for c in x_cells if c != centre)]


def main() -> None:
    """Print the puzzle table and the match table (Markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=50)
    parser.add_argument("--nodes", type=int, default=50_000, help="hard's alpha-beta nodes per move")
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--pairs", default="medium-easy,hard-medium,hard-easy")
    parser.add_argument("--game", type=int, action="append", help="play only opening G (0-based; repeatable)")
    parser.add_argument("--skip-puzzles", action="store_true")
    parser.add_argument("--speed", action="store_true", help="only the threat search's nodes per second")
    parser.add_argument("--post-mortem", action="store_true", help="why hard lost each game it lost")
    parser.add_argument("--losses", type=Path, help="only the post-mortem of the games in a run's stderr")
    args = parser.parse_args()
    if args.losses:
        print("\n".join(post_mortem_table(args.losses.read_text(encoding="utf-8").splitlines())))
        return
    if args.speed:
        print("| nodes | CPU s | nodes/s | lines found | ran out |\n|---|---|---|---|---|")
        print(speed_row())
        return
    if not args.skip_puzzles:
        print("\n".join(puzzle_table(args.nodes)), flush=True)
    print(f"\nhard: {args.nodes:,} nodes of alpha-beta per move; at most {args.plies} moves a game\n")
    print("| match | games | first wins | second wins | unfinished | CPU s per move (longest) |")
    print("|---|---|---|---|---|---|")
    games, log = set(args.game or range(args.openings)), list[str]()
    for pair in filter(None, args.pairs.split(",")):
        first, second = pair.split("-")
        print(match(first, second, games, args.nodes, args.plies, log), flush=True)
    if args.post_mortem:
        print("\n" + "\n".join(post_mortem_table(log)))


if __name__ == "__main__":
    main()
