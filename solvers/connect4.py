"""Connect Four solved exactly on any board from 4x4 to 9x8, with bitboards.

Vocabulary
----------
- `Board(width, height)`: the geometry.  A position is two ints: `mine`, the
  stones of the side to move, and `mask`, every stone; column c holds bits
  c * (height + 1) up to c * (height + 1) + height - 1, and the bit above
  each column stays empty, so a four in a row is found with four shifts.
- Scores are for the side to move: 0 a draw; a win is positive, the sooner
  the larger: a stone that wins when n stones are on the board scores
  `(width * height + 1 - n) // 2` (at least 1), a loss the same negative
  (John Tromp's and Pascal Pons's convention).  `plies_to_end` turns a
  score back into the plies left.
- `Solver(board)` is a negamax with alpha-beta over those scores:
  * only moves that do not lose at once are tried (a win of the opponent's
    next move must be blocked; two cannot be; never play under one);
  * moves are ordered by the winning cells they make, then centre first;
  * a transposition table keeps an upper or a lower bound per position, in
    `TABLE_SLOTS` fixed slots (two flat arrays, a newer entry replaces an
    older one in its slot), so it never grows and never has to start again;
  * `solve` narrows the score with null windows (a search that only asks
    "more than v?"), so most searches cut early.
- `Solution`: the score, the result (`win`, `loss`, `draw`) for the side to
  move, the plies to the end, a best move (a column), the nodes and seconds.
  `solve` stops with `SolveTimeUp` when its node or time budget runs out.

Example: `Solver(Board(4, 4)).solve(*Board(4, 4).play("")).result` is 'draw'.
"""

from __future__ import annotations

import mmap
import struct
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Literal

from solvers.i18n import _

MIN_WIDTH, MAX_WIDTH, MIN_HEIGHT, MAX_HEIGHT = 4, 9, 4, 8
TABLE_LIMIT = 1 << 19
"""Entries the winning-cells cache holds before it starts again."""
TABLE_SLOTS = 4_194_319
"""The transposition table's slots (a prime; 37 MB at most, mapped as a search touches them).

A position's key `mine + mask` goes to slot key % TABLE_SLOTS, which keeps its low 64 bits: the two
remainders name the key exactly (Chinese remainder theorem: TABLE_SLOTS * 2**64 exceeds every key,
up to 2**82 on 9 x 8), so a hit is never another position's, and a full table costs no more than an
empty one."""
_LOW_64 = (1 << 64) - 1
_BIAS = 128
"""A slot holds its bound (score << 1, and 1 for a lower bound) plus _BIAS, 55..201: 0 is an empty slot."""
ORDER_ABOVE = 18
"""Moves are ordered by the winning cells they make only while more cells than this are empty."""
CLOCK_EVERY = 1024
"""Nodes between two looks at the clock."""
_made_count = itemgetter(0)
"""The sort key of a ranked move (winning cells made, move)."""


class SolveTimeUp(Exception):
    """The node or time budget ran out before the score was known."""


class Board:
    """A Connect Four board's geometry and its bitboard moves."""

    def __init__(self, width: int = 7, height: int = 6) -> None:
        if not (MIN_WIDTH <= width <= MAX_WIDTH and MIN_HEIGHT <= height <= MAX_HEIGHT):
            raise ValueError(
                _("a Connect Four board is {low_w} to {high_w} wide and {low_h} to {high_h} high").format(
                    low_w=MIN_WIDTH, high_w=MAX_WIDTH, low_h=MIN_HEIGHT, high_h=MAX_HEIGHT
                )
            )
        self.width, self.height, self.cells = width, height, width * height
        stride = height + 1
        self.bottom = sum(1 << col * stride for col in range(width))
        self.full = self.bottom * ((1 << height) - 1)
        self.column = [((1 << height) - 1) << col * stride for col in range(width)]
        self.order = sorted(range(width), key=lambda col: (abs(2 * col - (width - 1)), col))
        across, down, rise = stride, height, height + 2  # a row, a falling and a rising diagonal
        self.shifts = tuple(step * times for step in (across, down, rise) for times in (1, 2, 3))

    def play(self, moves: str | list[int]) -> tuple[int, int, int]:
        """(mine, mask, moves played) after `moves`, 0-based columns (a string: 1-based digits)."""
        columns = [int(ch) - 1 for ch in moves] if isinstance(moves, str) else list(moves)
        mine = mask = 0
        for col in columns:
            mine, mask = mine ^ mask, mask | (mask + (1 << col * (self.height + 1))) & self.column[col]
        return mine, mask, len(columns)

    def from_cells(self, cells: bytes, x_to_move: bool) -> tuple[int, int, int]:
        """(mine, mask, moves played) of a grid's cells (row 0 on top, `x` and `o` stones, `.` empty)."""
        mine = mask = 0
        own = b"x"[0] if x_to_move else b"o"[0]
        for index, stone in enumerate(cells):
            if stone == b"."[0]:
                continue
            row, col = divmod(index, self.width)
            bit = 1 << (col * (self.height + 1) + self.height - 1 - row)
            mask |= bit
            if stone == own:
                mine |= bit
        return mine, mask, mask.bit_count()

    def can_play(self, mask: int, col: int) -> bool:
        """Column `col` has room."""
        return not mask >> (col * (self.height + 1) + self.height - 1) & 1

    def winning_cells(self, stones: int, mask: int) -> int:
        """The empty cells where `stones` would make four in a row."""
        return self.wins_of(stones) & (self.full ^ mask)

    def wins_of(self, stones: int) -> int:
        """Every cell of the board where `stones` would make four in a row (stones' own cells too, if so)."""
        h1, h2, h3, d1, d2, d3, r1, r2, r3 = self.shifts
        found = (stones << 1) & (stones << 2) & (stones << 3)
        left, right = stones << h1, stones >> h1
        found |= left & (stones << h2) & ((stones << h3) | right)
        found |= right & (stones >> h2) & (left | (stones >> h3))
        left, right = stones << d1, stones >> d1
        found |= left & (stones << d2) & ((stones << d3) | right)
        found |= right & (stones >> d2) & (left | (stones >> d3))
        left, right = stones << r1, stones >> r1
        found |= left & (stones << r2) & ((stones << r3) | right)
        found |= right & (stones >> r2) & (left | (stones >> r3))
        return found & self.full

    def is_four(self, stones: int) -> bool:
        """`stones` hold four in a row somewhere."""
        for shift in (1, self.height + 1, self.height, self.height + 2):
            pair = stones & (stones >> shift)
            if pair & (pair >> 2 * shift):
                return True
        return False

    def plies_to_end(self, score: int, played: int) -> int | None:
        """The plies from a position `played` moves in until the winner's last stone (None: a draw)."""
        if score == 0:
            return None
        winner_first = (played % 2 == 0) == (score > 0)
        before = next(
            n for n in (self.cells + 1 - 2 * abs(score), self.cells - 2 * abs(score)) if n % 2 != winner_first
        )
        return before + 1 - played


def _zeroed(count: int, kind: Literal["B", "Q"]) -> memoryview[int]:
    """`count` zeros of the struct `kind`, in anonymous memory that is mapped as it is first written."""
    return memoryview(mmap.mmap(-1, count * struct.calcsize(kind))).cast(kind)


@dataclass(frozen=True)
class Solution:
    """An exact answer for the side to move."""

    score: int
    result: str
    plies: int | None
    move: int | None
    nodes: int
    seconds: float


class Solver:
    """Negamax with alpha-beta, a transposition table and null-window narrowing."""

    def __init__(
        self,
        board: Board,
        seconds: float | None = None,
        nodes: int | None = None,
        clock: Callable[[], float] = time.process_time,
    ) -> None:
        self.board, self.clock, self.node_limit, self.seconds = board, clock, nodes, seconds
        self.keys = _zeroed(TABLE_SLOTS, "Q")
        """Each slot's position key, its low 64 bits."""
        self.values = _zeroed(TABLE_SLOTS, "B")
        """Each slot's bound: score << 1, 1 for a lower bound (0 an upper one), plus _BIAS; 0 when empty."""
        self.made_by: dict[int, int] = {}
        """A side's stones -> the cells they would win on (many positions share one side's stones)."""
        self.deadline: list[float | None] = [None]
        """When the running solve must stop (a cell the search reads: it holds no reference to the solver)."""
        self.negamax, self._counted = self._searcher()

    @property
    def nodes(self) -> int:
        """The positions searched so far."""
        return self._counted()

    @property
    def positions(self) -> int:
        """The positions the table holds."""
        return len(self.values) - bytes(self.values).count(0)

    def _searcher(self) -> tuple[Callable[..., int], Callable[[], int]]:
        """The search as a closure over the board's constants (no attribute look-ups per node), and its count.

        `negamax(mine, mask, played, alpha, beta)` is the score of a position
        with no immediate win for the mover within (alpha, beta), fail-hard.
        Its cost is mostly the opponent's winning cells at every node, so they
        are kept per stone set in `made_by` (a side's stones recur in many
        positions, and the moves ordered above `ORDER_ABOVE` put their
        children's there first).
        """
        board, made_by, node_limit = self.board, self.made_by, self.node_limit
        keys, values, deadline, clock = self.keys, self.values, self.deadline, self.clock
        slots, low_64, lower_bound, upper_bound, unbias = len(keys), _LOW_64, _BIAS + 1, _BIAS, _BIAS >> 1
        cells, full, bottom = board.cells, board.full, board.bottom
        columns = [board.column[col] for col in board.order]
        winning = board.wins_of
        last_two = cells - 2
        lost = [-((cells - played) // 2) for played in range(cells + 3)]  # lost by the next stone
        count = 0
        check_at = 0

        def check() -> None:
            """Every CLOCK_EVERY nodes and at the node budget: empty a full cache, stop when out of budget."""
            nonlocal check_at
            if len(made_by) >= TABLE_LIMIT:
                made_by.clear()
            if node_limit is not None and count > node_limit:
                raise SolveTimeUp
            due = deadline[0]
            if due is not None and clock() > due:
                raise SolveTimeUp
            check_at = count + CLOCK_EVERY
            if node_limit is not None and check_at > node_limit + 1:
                check_at = node_limit + 1

        def negamax(mine: int, mask: int, played: int, alpha: int, beta: int) -> int:
            """The score of a position where the mover cannot win at once, within (alpha, beta), fail-hard."""
            nonlocal count
            count += 1
            if count >= check_at:
                check()
            theirs = mine ^ mask
            threats = made_by.get(theirs)
            if threats is None:
                threats = made_by[theirs] = winning(theirs)
            possible = (mask + bottom) & full
            forced = possible & threats  # both empty: no need to take the stones out of `threats`
            if forced:
                if forced & (forced - 1):
                    return lost[played]
                possible = forced
            safe = possible & ~(threats >> 1)  # the cell above a playable one is empty or off the board
            if not safe:
                return lost[played]
            if played >= last_two:
                return 0
            low = lost[played + 2]
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
            high = -lost[played + 1]
            key = mine + mask
            slot, low = key % slots, key & low_64
            entry = values[slot] if keys[slot] == low else 0
            if entry:
                value = (entry >> 1) - unbias
                if entry & 1:
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            return alpha
                elif value < high:
                    high = value
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta
            if not safe & (safe - 1):
                order: Sequence[int] = (safe,)
            elif cells - played > ORDER_ABOVE:
                order = ranked(mine, safe, full ^ mask)
            else:
                order = columns
            for column in order:
                move = column & safe
                if move:
                    score = -negamax(theirs, mask | move, played + 1, -beta, -alpha)
                    if score >= beta:
                        keys[slot], values[slot] = low, (score << 1) + lower_bound
                        return score
                    if score > alpha:
                        alpha = score
            keys[slot], values[slot] = low, (alpha << 1) + upper_bound
            return alpha

        def ranked(mine: int, safe: int, empty: int) -> list[int]:
            """The safe moves by the winning cells they make, most first (centre first among equals).

            The cells each move makes are kept in `made_by`, where the child looks them up.
            """
            moves = []
            for column in columns:
                move = column & safe
                if move:
                    stones = mine | move
                    made = made_by.get(stones)
                    if made is None:
                        made = made_by[stones] = winning(stones)
                    moves.append(((made & empty).bit_count(), move))
            moves.sort(key=_made_count, reverse=True)  # a stable sort: equals keep the centre-first order
            return [move for _made, move in moves]

        def counted() -> int:
            """The nodes searched so far."""
            return count

        return negamax, counted

    def score(self, mine: int, mask: int, played: int) -> int:
        """The exact score of a position that goes on (the mover may win at once)."""
        board = self.board
        if board.winning_cells(mine, mask) & (mask + board.bottom):
            return (board.cells + 1 - played) // 2
        low, high = -((board.cells - played) // 2), (board.cells + 1 - played) // 2
        while low < high:
            middle = low + (high - low) // 2
            if middle <= 0 and int(low / 2) < middle:
                middle = int(low / 2)
            elif middle >= 0 and high // 2 > middle:
                middle = high // 2
            found = self.negamax(mine, mask, played, middle, middle + 1)
            if found <= middle:
                high = found
            else:
                low = found
        return low

    def _keeps(self, mine: int, mask: int, played: int, col: int, value: int) -> bool:
        """Playing `col` keeps the score `value` (one null-window search on the child)."""
        board = self.board
        if not board.can_play(mask, col):
            return False
        move = (mask + board.bottom) & board.column[col]
        if board.is_four(mine | move):
            return (board.cells + 1 - played) // 2 == value
        if played + 1 == board.cells:
            return value == 0
        theirs, child_mask = mine ^ mask, mask | move
        if board.winning_cells(theirs, child_mask) & (child_mask + board.bottom):
            return -((board.cells - played) // 2) == value
        return -self.negamax(theirs, child_mask, played + 1, -value, -value + 1) >= value

    def solve(self, mine: int, mask: int, played: int) -> Solution:
        """The exact value of a position that goes on, and a move that keeps it."""
        started = self.clock()
        self.deadline[0] = None if self.seconds is None else started + self.seconds
        board = self.board
        value = self.score(mine, mask, played)
        best = next(col for col in board.order if self._keeps(mine, mask, played, col, value))
        result = "win" if value > 0 else "loss" if value < 0 else "draw"
        return Solution(
            value, result, board.plies_to_end(value, played), best, self.nodes, self.clock() - started
        )
