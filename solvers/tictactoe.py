"""Tic-tac-toe as a `Game` for solvers.minimax, board checks and its command line.

Vocabulary
----------
- A board is 9 characters read row by row, `x`, `o` or `.` (empty); x moves first,
  so x is MAX.  Cells are numbered 0..8:   0 1 2 / 3 4 5 / 6 7 8.
- Utilities are depth-adjusted so that a quicker win is worth more and a slower
  loss costs less: a win scores 10 minus the moves played (the empty cells + 1),
  +10 − n when x completes a line on move n, −(10 − n) when o does, 0 for a draw.
  The quickest wins are x on move 5 (+5) and o on move 6 (−4).  `outcome_words`
  reads a value back as "win on move 7".
- `parse_board("x...o....")` checks a board a person typed and returns it in
  canonical form, or raises `BadBoard` saying what is impossible about it.
- `TicTacToe()` is the game; `best_move(board)` asks minimax (or alpha-beta)
  for the move, its value for the side to move and the nodes searched.

Example: `best_move("xx.oo....")` is x's win at cell 2 on move 5, value +5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solvers.i18n import _, pgettext
from solvers.messages import shown
from solvers.minimax import (
    MAX,
    MIN,
    SearchReport,
    search,
)
from solvers.runstats import EventStats

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
        raise BadBoard(
            _("a board has 9 cells, got {count} in {board}").format(count=len(board), board=shown(board))
        )
    strange = sorted(set(board) - set("xo."))
    if strange:
        raise BadBoard(
            _("cells are 'x', 'o' or '.', not {found}").format(found=", ".join(map(repr, strange)))
        )
    xs, os = board.count("x"), board.count("o")
    if not 0 <= xs - os <= 1:
        raise BadBoard(
            _("x moves first, so x has as many marks as o or one more; got {xs} x, {os} o").format(
                xs=xs, os=os
            )
        )
    found = winners(board)
    if len(found) == 2:
        raise BadBoard(_("both x and o have a line: the game stops at the first win"))
    if "x" in found and xs == os:
        raise BadBoard(_("o moved after x had already won"))
    if "o" in found and xs > os:
        raise BadBoard(_("x moved after o had already won"))
    return board


WIN_BASE = 10
"""A win on move n scores WIN_BASE - n (for the winner): the empty cells left + 1."""


def win_score(board: str) -> int:
    """The size of a win completed on `board`: 10 minus the moves played."""
    return WIN_BASE - (9 - board.count("."))


def move_of_win(value: float) -> int:
    """The move number on which a win of `value` (either sign) is completed."""
    return WIN_BASE - int(abs(value))


def outcome_words(value: float, me: str = "x") -> str:
    """A value for `me` in words: 'win on move 7', 'loss on move 6', 'draw'."""
    if not value:
        return "draw"
    return f"{'win' if value > 0 else 'loss'} on move {move_of_win(value)}"


def outcome_text(value: float) -> str:
    """`outcome_words` for people, in their language (the JSON keeps the English words)."""
    if not value:
        return pgettext("game result", "draw")
    if value > 0:
        return _("win on move {move}").format(move=move_of_win(value))
    return _("loss on move {move}").format(move=move_of_win(value))


class TicTacToe:
    """The rules of tic-tac-toe for the minimax searches (states are board strings).

    Utilities are depth-adjusted (`win_score`); `reach` tells the searches'
    immediate-win check what the best reachable value is from a board.
    """

    bounds = (float(-(WIN_BASE - 6)), float(WIN_BASE - 5))

    def __init__(self) -> None:
        # Per position: (utility or None while the game goes on, player, moves).
        # There are only 5,478 positions, so the rules run once per position.
        self._facts: dict[str, tuple[int | None, int, tuple[int, ...]]] = {}

    def _look(self, board: str) -> tuple[int | None, int, tuple[int, ...]]:
        """Work out and remember the facts of a position."""
        facts = self._facts.get(board)
        if facts is None:
            result = outcome(board)
            won = win_score(board)
            utility = {ONGOING: None, DRAW: 0, "x": won, "o": -won}[result]
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
        """10 − moves played when x has won, its negative when o has, 0 for a draw."""
        return self._look(board)[0] or 0

    def reach(self, board: str) -> tuple[float, float]:
        """The lowest and highest utility still reachable: a win on the next move scores most."""
        won = win_score(board) - 1
        return float(-won), float(won)

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


def cell_number(cell: int) -> int:
    """A cell as students count it, as its key is numbered: 1 top left to 9 bottom right (cell 0 is 1)."""
    return cell + 1


def show_board(board: str) -> str:
    """Three rows of the board, for people."""
    return "\n".join(" ".join(board[row : row + 3]) for row in (0, 3, 6))
