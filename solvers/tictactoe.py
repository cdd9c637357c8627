"""Tic-tac-toe: the m,n,k game at 3,3,3 (`solvers.grids.MNK`) with a classroom's face.

The rules are the grid's (`RULES`): who moves, the legal moves, the win test,
the result of a move.  This module adds what a classroom reads: boards as
9-character strings, values as 10 − the move number, checks that say what is
impossible about a typed board, and the best move.  The searches are
solvers.minimax's, on `GAME` (`TicTacToe`: `RULES` with board strings as states).

Vocabulary
----------
- A board is 9 characters read row by row, `x`, `o` or `.` (empty); x moves first,
  so x is MAX.  Cells are numbered 0..8:   0 1 2 / 3 4 5 / 6 7 8.  It is the
  cells of the grid's `Position`, as text.
- Utilities are depth-adjusted so that a quicker win is worth more and a slower
  loss costs less: a win scores 10 minus the moves played (the empty cells + 1),
  +10 − n when x completes a line on move n, −(10 − n) when o does, 0 for a draw.
  The quickest wins are x on move 5 (+5) and o on move 6 (−4).  It is the grid's
  utility (WIN + the empty cells) on a classroom's scale (`classroom_value`).
  `outcome_words` reads a value back as "win on move 7".
- `parse_board("x...o....")` checks a board a person typed and returns it in
  canonical form, or raises `BadBoard` saying what is impossible about it.
- `TicTacToe()` is the game; `best_move(board)` asks minimax (or alpha-beta)
  for the move, its value for the side to move and the nodes searched.

Example: `best_move("xx.oo....")` is x's win at cell 2 on move 5, value +5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from solvers.grids import MARKS, MNK, WIN, Position
from solvers.i18n import _, pgettext
from solvers.messages import shown
from solvers.minimax import SearchReport, search
from solvers.runstats import EventStats

EMPTY_BOARD = "." * 9
RULES = MNK(3, 3, 3)
"""The rules: every fact about a board (who moves, its moves, who won) is the m,n,k game's at 3,3,3."""
CENTRE_FIRST = (4, 0, 2, 6, 8, 1, 3, 5, 7)
"""A static move order: centre, corners, edges (the cells on most lines first)."""

ONGOING, DRAW = "", "draw"
WIN_BASE = 10
"""A win on move n scores WIN_BASE - n (for the winner): the empty cells left + 1."""


class BadBoard(ValueError):
    """A board that cannot occur in a game (or is not a board at all)."""


def winners(board: str) -> set[str]:
    """The marks that fill a whole line ('x', 'o', both or none)."""
    return {MARKS[player] for player in RULES.winners(board.encode())}


def winning_line(board: str) -> tuple[int, ...] | None:
    """The cells of the first completed line, for drawing it."""
    return RULES.winning_run(board.encode())


def outcome(board: str) -> str:
    """'x' or 'o' when that side has won, DRAW when the board is full, else ONGOING."""
    found = winners(board)
    if found:
        return found.pop()
    return ONGOING if "." in board else DRAW


def player_to_move(board: str) -> str:
    """'x' when the counts are equal (x moves first), else 'o'."""
    return MARKS[GAME.to_move(board)]


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


def classroom_value(utility: float) -> int:
    """A grid utility (WIN + e empty cells for x's win) on the classroom's scale: e + 1, 10 − the move."""
    if not utility:
        return 0
    return int(utility - (WIN - 1) if utility > 0 else utility + (WIN - 1))


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


class Facts(NamedTuple):
    """What `RULES` say about one board, worked out once: the searches ask again and again."""

    utility: int | None
    """On the classroom's scale; None while the game goes on."""
    player: int
    moves: tuple[int, ...]
    reach: tuple[float, float]
    position: Position
    """The grid's position (by whichever path came first: only its cells matter here)."""
    children: dict[int, str]
    """The boards after the moves asked about so far."""


class TicTacToe:
    """`RULES` (the m,n,k game at 3,3,3) for the minimax searches, a board string as the state.

    Each board's facts come from the grid once and are remembered (there are
    only 5,478 positions), a child's from the grid's `result` the first time a
    move is tried; utilities are on the classroom's scale (`classroom_value`),
    and `reach` tells the searches' immediate-win check the best one reachable.
    """

    bounds = (float(-(WIN_BASE - 6)), float(WIN_BASE - 5))
    """o's quickest win is on move 6, x's on move 5."""

    def __init__(self) -> None:
        self._facts: dict[str, Facts] = {}

    def _look(self, board: str) -> Facts:
        """The facts of a position (the first time it is asked about, from the grid's rules)."""
        facts = self._facts.get(board)
        if facts is None:
            facts = self._learn(board, RULES.position(board.encode()))
        return facts

    def _learn(self, board: str, pos: Position) -> Facts:
        """Work out and remember the facts of `board`, whose grid position is `pos`."""
        utility = classroom_value(RULES.utility(pos)) if RULES.terminal(pos) else None
        low, high = RULES.reach(pos)
        reach = (float(classroom_value(low)), float(classroom_value(high)))
        facts = self._facts[board] = Facts(utility, pos.mover, tuple(RULES.moves(pos)), reach, pos, {})
        return facts

    def to_move(self, board: str) -> int:
        """MAX (x) or MIN (o)."""
        return self._look(board)[1]

    def moves(self, board: str) -> Sequence[int]:
        """The empty cells, none once the game is over."""
        return self._look(board)[2]

    def result(self, board: str, move: int) -> str:
        """The board with the mover's mark in cell `move` (an empty cell)."""
        facts = self._look(board)
        child = facts[5].get(move)
        if child is None:
            pos = RULES.result(facts[4], move)
            child = facts[5][move] = pos.cells.decode()
            if child not in self._facts:
                self._learn(child, pos)
        return child

    def terminal(self, board: str) -> bool:
        """A line is full or the board is."""
        return self._look(board)[0] is not None

    def utility(self, board: str) -> float:
        """10 − moves played when x has won, its negative when o has, 0 for a draw."""
        return self._look(board)[0] or 0

    def reach(self, board: str) -> tuple[float, float]:
        """The lowest and highest utility still reachable: a win on the next move scores most."""
        return self._look(board)[3]

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
