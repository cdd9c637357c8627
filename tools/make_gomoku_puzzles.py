"""Find gomoku threat puzzles in random games and keep those brute force confirms.

    python tools/make_gomoku_puzzles.py [--games 200] [--seed 1] [--wins] > found.txt
    python tools/make_gomoku_puzzles.py --hold "h8 i8 f8 ..." --name NAME   # a hold puzzle
    python tools/make_gomoku_puzzles.py --quiet "h8 i8 ..." --refuted "f7 f6" --name NAME  # a quiet puzzle

Each game is played by two random players that prefer cells near stones.
At each position: a `win` puzzle when the side to move wins within N moves
(brute force: yes within N, no within N - 1); a `block` puzzle when the side
to move has no win within 2 but the opponent, moving now, would win within N
(N = 2 or 3), and some move stops it (brute force again).  `--wins`: only
wins by two fours and a five (the set had few forced wins).  `--hold MOVES`:
the position after MOVES (from a lost game) as a hold puzzle, its holding
moves found by `solvers.gomoku_puzzles.holding_moves` over every empty cell
(slow: a minute or more).  `--quiet MOVES --refuted "M R ..."`: the position
after MOVES as a quiet puzzle, each move M (after which the opponent has no
line as it stands: `holds`) refuted by the quiet reply R (`refutes`).  The output is in the format of
assets/puzzles/gomoku/threats.txt; pick from it by hand.
"""

from __future__ import annotations

import argparse
import random

from solvers.gomoku_puzzles import Brute, holding_moves, holds, refutes
from solvers.grids import MNK, Position
from solvers.threats import Board, Exhausted, Threats

GAME = MNK(15, 15, 5)


def random_game(rng: random.Random, plies: int) -> list[Position]:
    """The positions of one random game near the centre (stops at a win)."""
    pos, seen = GAME.start(), []
    pos = GAME.result(pos, GAME.cell(7, 7))
    for _ply in range(plies):
        moves = GAME.candidates(pos)
        if not moves:
            break
        after = GAME.result(pos, rng.choice(moves[:12]))
        if after.winner:
            break
        pos = after
        seen.append(pos)
    return seen


def classify(brute: Brute, pos: Position) -> tuple[str, int] | None:
    """('win', N) or ('block', N) when `pos` is a puzzle, else None.

    The threat search proposes (it is fast); brute force decides: a win within
    N moves and none within N - 1.
    """
    me, cells = pos.mover, bytearray(pos.cells)
    if brute.five_cells(cells, me) or brute.five_cells(cells, -me):
        return None
    search = Threats(Board(GAME, pos), 4_000)
    try:
        mine, theirs = search.vct(me, 3), None if brute.wins(cells, me, 2) else search.vct(-me, 2)
    except Exhausted:
        return None
    if mine is not None and len(mine) in (5, 7):
        moves = (len(mine) + 1) // 2
        if brute.wins(cells, me, moves) and not brute.wins(cells, me, moves - 1):
            return "win", moves
    if mine is None and theirs is not None and not brute.wins(cells, me, 2):
        moves = (len(theirs) + 1) // 2
        if brute.wins(cells, -me, moves) and not brute.wins(cells, -me, moves - 1):
            return "block", moves
    return None


def forced_win(brute: Brute, pos: Position) -> tuple[str, int] | None:
    """('win', 3) when the side to move wins by two fours and a five (a VCF the search proposes, brute
    force confirms: a win within 3 moves, none within 2), else None."""
    me, cells = pos.mover, bytearray(pos.cells)
    try:
        line = Threats(Board(GAME, pos), 3_000).vcf(me, 4)
    except Exhausted:
        return None
    if line is None or len(line) != 5 or brute.five_cells(cells, me) or brute.five_cells(cells, -me):
        return None
    return ("win", 3) if not brute.wins(cells, me, 2) and brute.wins(cells, me, 3) else None


HOLD_THREATS = 7
"""A hold puzzle's threat lines: up to 7 threats (hard's reach, issue 31)."""


def hold_puzzle(moves: str, name: str) -> str:
    """The position after `moves` as a hold puzzle block (or a line saying why it is none)."""
    pos = GAME.start()
    for move in moves.split():
        pos = GAME.result(pos, GAME.named_cell(move))
    held, unknown = holding_moves(GAME, pos, HOLD_THREATS)
    if unknown or not held:
        said = " ".join(GAME.move_name(c) for c in sorted(unknown))
        return f"# not a hold puzzle: {len(held)} moves hold, unknown: {said or 'none'}"
    names = " ".join(GAME.move_name(c) for c in sorted(held))
    return f"[{name}] hold {HOLD_THREATS} {names}\n{GAME.show(pos)}\n"


def quiet_puzzle(moves: str, refuted: str, name: str) -> str:
    """The position after `moves` as a quiet puzzle block, each move of `refuted` checked with its reply."""
    pos = GAME.start()
    for move in moves.split():
        pos = GAME.result(pos, GAME.named_cell(move))
    names = refuted.split()
    for move, reply in zip(names[0::2], names[1::2], strict=True):
        cells = GAME.named_cell(move), GAME.named_cell(reply)
        if not holds(GAME, pos, cells[0], HOLD_THREATS):
            return f"# not a quiet puzzle: {move} loses to a line as it stands"
        board = Board(GAME, GAME.result(pos, cells[0]))
        board.play(cells[1], -pos.mover)
        if board.five_cells(-pos.mover) or not refutes(GAME, pos, *cells, HOLD_THREATS):
            return f"# not a quiet puzzle: {reply} is a four, or does not refute {move}"
    return f"[{name}] quiet {HOLD_THREATS} {refuted}\n{GAME.show(pos)}\n"


def main() -> None:
    """Print the puzzles found."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wins", action="store_true", help="forced wins by fours only")
    parser.add_argument("--hold", help="a hold puzzle: the position after these moves (h8 i8 ...)")
    parser.add_argument("--quiet", help="a quiet puzzle: the position after these moves (h8 i8 ...)")
    parser.add_argument("--refuted", default="", help="its losing moves, each with its quiet reply")
    parser.add_argument("--name", default="hold")
    args = parser.parse_args()
    if args.quiet:
        print(quiet_puzzle(args.quiet, args.refuted, args.name))
        return
    if args.hold:
        print(hold_puzzle(args.hold, args.name))
        return
    find = forced_win if args.wins else classify
    rng, brute = random.Random(args.seed), Brute(GAME)
    for number in range(args.games):
        for index, pos in enumerate(random_game(rng, rng.randint(8, 20))):
            found = find(brute, pos)
            if found:
                print(f"[g{args.seed}-{number}-{index}] {found[0]} {found[1]}")
                print(GAME.show(pos) + "\n", flush=True)
                break


if __name__ == "__main__":
    main()
