"""Tic-tac-toe as a `Game` for solvers.minimax, board checks and its command line.

Vocabulary
----------
- A board is 9 characters read row by row, `x`, `o` or `.` (empty); x moves first,
  so x is MAX and utilities are +1 (x won), 0 (draw), -1 (o won).  Cells are
  numbered 0..8:   0 1 2 / 3 4 5 / 6 7 8.
- `parse_board("x...o....")` checks a board a person typed and returns it in
  canonical form, or raises `BadBoard` saying what is impossible about it.
- `TicTacToe()` is the game; `best_move(board)` asks minimax (or alpha-beta)
  for the move, its value for the side to move and the nodes searched.

Example: `best_move("xx.oo....")` is x's win at cell 2, value +1.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from solvers.cli import EventStats, UsageError, emit, shown
from solvers.events import Evaluate
from solvers.minimax import MAX, MIN, SearchReport, minimax_events, search

EMPTY_BOARD = "." * 9
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),  # rows
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),  # columns
    (0, 4, 8),
    (2, 4, 6),  # diagonals
)
CENTRE_FIRST = (4, 0, 2, 6, 8, 1, 3, 5, 7)
"""A static move order: centre, corners, edges (the cells on most lines first)."""

ONGOING, DRAW = "", "draw"


class BadBoard(ValueError):
    """A board that cannot occur in a game (or is not a board at all)."""


def winners(board: str) -> set[str]:
    """The marks that fill a whole line ('x', 'o', both or none)."""
    return {board[a] for a, b, c in LINES if board[a] != "." and board[a] == board[b] == board[c]}


def winning_line(board: str) -> tuple[int, int, int] | None:
    """The first completed line, for drawing it."""
    for line in LINES:
        a, b, c = line
        if board[a] != "." and board[a] == board[b] == board[c]:
            return line
    return None


def outcome(board: str) -> str:
    """'x' or 'o' when that side has won, DRAW when the board is full, else ONGOING."""
    found = winners(board)
    if found:
        return found.pop()
    return ONGOING if "." in board else DRAW


def player_to_move(board: str) -> str:
    """'x' when the counts are equal (x moves first), else 'o'."""
    return "x" if board.count("x") == board.count("o") else "o"


def parse_board(text: str | Sequence[str]) -> str:
    """A board in canonical form (lower case, '.' for empty), or `BadBoard` saying why not."""
    board = ("".join(text) if not isinstance(text, str) else text).strip().lower()
    if len(board) != 9:
        raise BadBoard(f"a board has 9 cells, got {len(board)} in {shown(board)}")
    strange = sorted(set(board) - set("xo."))
    if strange:
        raise BadBoard(f"cells are 'x', 'o' or '.', not {', '.join(map(repr, strange))}")
    xs, os = board.count("x"), board.count("o")
    if not 0 <= xs - os <= 1:
        raise BadBoard(f"x moves first, so x has as many marks as o or one more; got {xs} x, {os} o")
    found = winners(board)
    if len(found) == 2:
        raise BadBoard("both x and o have a line: the game stops at the first win")
    if "x" in found and xs == os:
        raise BadBoard("o moved after x had already won")
    if "o" in found and xs > os:
        raise BadBoard("x moved after o had already won")
    return board


class TicTacToe:
    """The rules of tic-tac-toe for the minimax searches (states are board strings)."""

    bounds = (-1.0, 1.0)

    def __init__(self) -> None:
        # Per position: (utility or None while the game goes on, player, moves).
        # There are only 5,478 positions, so the rules run once per position.
        self._facts: dict[str, tuple[int | None, int, tuple[int, ...]]] = {}

    def _look(self, board: str) -> tuple[int | None, int, tuple[int, ...]]:
        """Work out and remember the facts of a position."""
        facts = self._facts.get(board)
        if facts is None:
            result = outcome(board)
            utility = {ONGOING: None, DRAW: 0, "x": 1, "o": -1}[result]
            player = MAX if board.count(".") % 2 else MIN
            moves = () if utility is not None else tuple(i for i, c in enumerate(board) if c == ".")
            facts = self._facts[board] = (utility, player, moves)
        return facts

    def to_move(self, board: str) -> int:
        """MAX (x) or MIN (o)."""
        return self._look(board)[1]

    def moves(self, board: str) -> Sequence[int]:
        """The empty cells, none once the game is over."""
        return self._look(board)[2]

    def result(self, board: str, move: int) -> str:
        """The board with the mover's mark in cell `move`."""
        mark = "x" if self._look(board)[1] == MAX else "o"
        return board[:move] + mark + board[move + 1 :]

    def terminal(self, board: str) -> bool:
        """A line is full or the board is."""
        return self._look(board)[0] is not None

    def utility(self, board: str) -> float:
        """+1 when x has won, -1 when o has, 0 for a draw."""
        return self._look(board)[0] or 0

    @staticmethod
    def centre_first(board: str, moves: Sequence[int]) -> list[int]:
        """Move ordering: centre, then corners, then edges."""
        return sorted(moves, key=CENTRE_FIRST.index)


GAME = TicTacToe()
"""A shared instance: its per-position memo serves every search."""


@dataclass
class Advice:
    """The answer for one board: the move, its value for the side to move, the work."""

    board: str
    to_move: str
    move: int | None
    value: int
    nodes: int
    leaves: int
    winner: str | None


def best_move(
    board: str,
    *,
    alphabeta: bool = False,
    shortcut: bool = False,
    ordered: bool = False,
    stats: EventStats | None = None,
) -> Advice:
    """The best move for the side to move (first best cell on ties) and its value for that side."""
    board = parse_board(board)
    mover = player_to_move(board)
    order = TicTacToe.centre_first if ordered else None
    report: SearchReport = search(
        GAME, board, alphabeta=alphabeta, shortcut=shortcut, order=order, stats=stats
    )
    sign = 1 if mover == "x" else -1
    result = outcome(board)
    winner = result if result in ("x", "o") else None
    return Advice(board, mover, report.move, int(sign * report.value), report.nodes, report.leaves, winner)


def show_board(board: str) -> str:
    """Three rows of the board, for people."""
    return "\n".join(" ".join(board[row : row + 3]) for row in (0, 3, 6))


# --- command line -----------------------------------------------------------------


def add_cli(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `tictactoe --board BOARD` and `tictactoe --count`."""
    parser = subparsers.add_parser(
        "tictactoe",
        help="best tic-tac-toe move by minimax or alpha-beta; or count the game tree",
        description="BOARD is 9 characters x, o, . read row by row (x moves first). "
        "Prints the best cell 0..8, its value for the side to move (+1 win, 0 draw, "
        "-1 loss) and the nodes searched.",
    )
    parser.add_argument("--board", help="9 characters of x, o and . (default: empty board)")
    parser.add_argument("--alphabeta", action="store_true", help="search with alpha-beta")
    parser.add_argument("--shortcut", action="store_true", help="take an immediate win at once")
    parser.add_argument("--ordered", action="store_true", help="try centre, corners, edges first")
    parser.add_argument("--count", action="store_true", help="count the whole game tree")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.set_defaults(run=run_cli)


def run_cli(args: argparse.Namespace) -> int:
    """Answer `tictactoe`: the best move for --board, or the tree's counts with --count."""
    try:
        board = parse_board(EMPTY_BOARD if args.board is None else args.board)
    except BadBoard as error:
        raise UsageError(f"tictactoe: impossible board: {error}") from None
    if args.count:
        return _print_count(args, board)
    stats = EventStats()
    advice = best_move(
        board, alphabeta=args.alphabeta, shortcut=args.shortcut, ordered=args.ordered, stats=stats
    )
    algorithm = "alpha-beta" if args.alphabeta else "minimax"
    data = {
        "board": board,
        "to_move": advice.to_move,
        "move": advice.move,
        "value": advice.value,
        "nodes": advice.nodes,
        "leaves": advice.leaves,
        "algorithm": algorithm,
        "finished": advice.move is None,
        "winner": advice.winner,
        **stats.as_dict(),
    }
    if advice.move is None:
        verdict = f"{advice.winner} won" if advice.winner else "a draw"
        text = f"{show_board(board)}\ngame over: {verdict}"
    else:
        meaning = {1: "+1 (win)", 0: "0 (draw)", -1: "-1 (loss)"}[advice.value]
        text = (
            f"{show_board(board)}\n{advice.to_move} to move: best move {advice.move}, "
            f"value {meaning}, {advice.nodes:,} nodes searched by {algorithm}"
        )
    emit(args, text, data)
    return 0


def _print_count(args: argparse.Namespace, board: str) -> int:
    """Print the counts of the whole game tree below `board`."""
    # One pass of the full minimax tree: every Push is a node, every Evaluate a game.
    stats = EventStats()
    results = Counter(e.value for e in stats.watch(minimax_events(GAME, board)) if type(e) is Evaluate)
    x_wins, o_wins, draws = (results.get(v, 0) for v in (1, -1, 0))
    nodes, games = stats.by_kind["Push"], sum(results.values())
    data = {
        "board": board,
        "nodes": nodes,
        "games": games,
        "x_wins": x_wins,
        "o_wins": o_wins,
        "draws": draws,
        **stats.as_dict(),
    }
    text = (
        f"{nodes:,} nodes (root included), {games:,} games: "
        f"x wins {x_wins:,}, o wins {o_wins:,}, draws {draws:,}"
    )
    emit(args, text, data)
    return 0
