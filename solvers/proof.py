"""Proving an m,n,k position: who wins with best play, and in how many plies, or a draw.

Vocabulary
----------
- The board is two bitboards (bit `row * cols + col`), `windows` are the
  masks of every k cells in a line.  A window is *live* for a side when the
  other side has no stone in it.
- `can_win(attacker, defender, attacker_to_move, depth)` is a yes/no search:
  can the attacker force k in a row within `depth` plies?  The defender wins
  too by completing a line first; a full board is the defender's.  The game's
  value follows from two of them: the mover can force a win (a win), else the
  other side can (a loss), else a draw.  "In N plies" comes from the same
  search, deepened one attacker move at a time once the win is known.
- What makes it fast enough for a class (4,4,4 and 5,4,4 in seconds):
  * a transposition table keyed by the board's canonical form under the
    board's symmetries (8 on a square, 4 on a rectangle), whose entries keep
    the shortest depth known to win and the longest known not to;
  * threat pruning: a side with no live window cannot win (the search stops);
    an immediate win is taken; a k - 1 of the other side must be blocked, and
    two of them cannot be;
  * dead cells (in no live window of either side) are never played: a stone
    there changes nothing but whose turn it is, and any other empty cell is at
    least as good (swap the two cells in any line of play);
  * move ordering: cells in many live windows first, the attacker's stones
    counting more.
- `prove(game, pos, limits)` answers with a `Proof`: the result for the side to
  move (`win`, `loss`, `draw`, or None when the limits stopped it), the plies
  to the end, the nodes, the table's size and the seconds.

Example: `prove(MNK(3, 3, 3), MNK(3, 3, 3).start())` is a draw.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from solvers.grids import MNK, STONE, Position

CLOCK_EVERY = 1024
"""Nodes between two looks at the clock."""
NEVER = 1 << 30
"""A depth no search reaches: 'not known to win at any depth'."""


class ProofTimeUp(Exception):
    """The time or the node budget ran out before the proof finished."""


@dataclass(frozen=True)
class Proof:
    """A proving search's answer for the side to move (`result` None: not proven within the limits)."""

    result: str | None
    plies: int | None
    nodes: int
    positions: int
    seconds: float
    move: int | None = None
    """A best move's cell: the quickest win, a move that keeps the draw, the slowest loss."""

    @property
    def proven(self) -> bool:
        """The search finished: the result is the game's value with best play."""
        return self.result is not None


def symmetries(rows: int, cols: int) -> list[list[int]]:
    """The board's symmetries as cell permutations (8 on a square board, 4 on a rectangle)."""
    maps = []
    shapes = [(r, c) for r in range(rows) for c in range(cols)]
    moves: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        moves += [
            lambda r, c: (c, r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    for move in moves:
        maps.append([move(r, c)[0] * cols + move(r, c)[1] for r, c in shapes])
    return maps


def byte_tables(permutation: list[int]) -> list[list[int]]:
    """For each 8-cell chunk of a bitboard, its 256 values mapped through `permutation`."""
    tables = []
    for chunk in range(0, len(permutation), 8):
        table = []
        for value in range(256):
            mapped = 0
            for bit in range(8):
                if value >> bit & 1 and chunk + bit < len(permutation):
                    mapped |= 1 << permutation[chunk + bit]
            table.append(mapped)
        tables.append(table)
    return tables


class Prover:
    """The yes/no search with its table, for one m,n,k board."""

    def __init__(
        self,
        game: MNK,
        seconds: float | None = None,
        nodes: int | None = None,
        clock: Callable[[], float] = time.process_time,
    ) -> None:
        self.game, self.clock, self.node_limit = game, clock, nodes
        self.k = game.k
        cells = game.rows * game.cols
        self.full = (1 << cells) - 1
        self.windows = self._windows()
        self.through = [[w for w in self.windows if w >> cell & 1] for cell in range(cells)]
        self.tables = [byte_tables(p) for p in symmetries(game.rows, game.cols)]
        self.table: dict[tuple[int, int, bool], tuple[int, int]] = {}
        self.nodes = 0
        self.deadline = None if seconds is None else clock() + seconds

    def _windows(self) -> list[int]:
        """Every k cells in a row, column or diagonal, as masks."""
        game, found = self.game, []
        for row in range(game.rows):
            for col in range(game.cols):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    end_r, end_c = row + dr * (game.k - 1), col + dc * (game.k - 1)
                    if 0 <= end_r < game.rows and 0 <= end_c < game.cols:
                        found.append(sum(1 << game.cell(row + dr * i, col + dc * i) for i in range(game.k)))
        return found

    def canonical(self, a: int, d: int) -> tuple[int, int]:
        """The least (attacker, defender) pair over the board's symmetries."""
        best = (a, d)
        for tables in self.tables:
            ma = md = 0
            for chunk, table in enumerate(tables):
                ma |= table[a >> (8 * chunk) & 255]
                md |= table[d >> (8 * chunk) & 255]
            if (ma, md) < best:
                best = (ma, md)
        return best

    def _tick(self) -> None:
        """Count a node; stop when the node budget or the time is spent."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise ProofTimeUp
        if self.deadline is not None and self.nodes % CLOCK_EVERY == 0 and self.clock() > self.deadline:
            raise ProofTimeUp

    def can_win(self, a: int, d: int, a_to_move: bool, depth: int) -> bool:
        """Can the attacker (stones `a`) force k in a row within `depth` plies against the defender (`d`)?"""
        if depth <= 0:
            return False
        self._tick()
        key = (*self.canonical(a, d), a_to_move)
        wins_within, fails_within = self.table.get(key, (NEVER, -1))
        if wins_within <= depth:
            return True
        if fails_within >= depth:
            return False
        result = self._expand(a, d, a_to_move, depth)
        if result:
            self.table[key] = (min(wins_within, depth), fails_within)
        else:
            self.table[key] = (wins_within, max(fails_within, depth))
        return result

    def _expand(self, a: int, d: int, a_to_move: bool, depth: int) -> bool:
        """`can_win` below the table: threats first, then every useful cell in order."""
        near = self.k - 1
        a_live = [w for w in self.windows if not w & d]
        if not a_live:
            return False
        d_live = [w for w in self.windows if not w & a]
        a_threats = {w & ~a for w in a_live if (w & a).bit_count() == near}
        d_threats = {w & ~d for w in d_live if (w & d).bit_count() == near}
        if a_to_move:
            if a_threats:
                return True
            if len(d_threats) > 1:
                return False
            moves = list(d_threats) if d_threats else self._ordered(a, d, a_live, d_live)
            return any(self.can_win(a | move, d, False, depth - 1) for move in moves)
        if d_threats:
            return False
        if len(a_threats) > 1:
            return depth >= 2
        moves = list(a_threats) if a_threats else self._ordered(a, d, a_live, d_live)
        return bool(moves) and all(self.can_win(a, d | move, True, depth - 1) for move in moves)

    def _ordered(self, a: int, d: int, a_live: list[int], d_live: list[int]) -> list[int]:
        """The empty cells in some live window, busiest first (a window with more stones weighs more)."""
        score: dict[int, int] = {}
        empty = self.full & ~(a | d)
        for windows, stones in ((a_live, a), (d_live, d)):
            for window in windows:
                count = (window & stones).bit_count()
                points = 1 + count * count
                free = window & empty
                while free:
                    bit = free & -free
                    free ^= bit
                    score[bit] = score.get(bit, 0) + points
        return sorted(score, key=lambda bit: (-score[bit], bit))

    def shortest(self, a: int, d: int, a_to_move: bool, most: int) -> int:
        """The fewest plies in which the attacker forces a win (known to be at most `most`)."""
        depth = 1 if a_to_move else 2
        while depth < most and not self.can_win(a, d, a_to_move, depth):
            depth += 2
        return min(depth, most)

    def _wins_with(self, mine: int, theirs: int, plies: int) -> bool:
        """`mine` has k in a row already, or forces it within `plies` with the other side to move."""
        return any(w & mine == w for w in self.windows) or self.can_win(mine, theirs, False, plies)

    def best_move(self, mine: int, theirs: int, result: str, plies: int) -> int:
        """The cell of a move that keeps `result` (a win in `plies`, the draw, the longest loss)."""
        empty = self.full & ~(mine | theirs)
        cells = [cell for cell in range(self.full.bit_length()) if empty >> cell & 1]
        if result == "win":
            return next(c for c in cells if self._wins_with(mine | 1 << c, theirs, plies - 1))
        if result == "draw":
            return next(c for c in cells if not self.can_win(theirs, mine | 1 << c, True, plies - 1))
        slowest = {c: self.shortest(theirs, mine | 1 << c, True, plies - 1) for c in cells}
        return max(cells, key=lambda c: (slowest[c], -c))


def bitboards(game: MNK, pos: Position) -> tuple[int, int]:
    """x's and o's stones as bitboards."""
    xs = os = 0
    for cell, stone in enumerate(pos.cells):
        if stone == STONE[1]:
            xs |= 1 << cell
        elif stone == STONE[-1]:
            os |= 1 << cell
    return xs, os


def prove(
    game: MNK,
    pos: Position,
    seconds: float | None = None,
    nodes: int | None = None,
    clock: Callable[[], float] = time.process_time,
) -> Proof:
    """Who wins `pos` with best play, for the side to move, within the limits (CPU seconds on `clock`)."""
    started = clock()
    prover = Prover(game, seconds, nodes, clock)
    xs, os = bitboards(game, pos)
    mine, theirs = (xs, os) if pos.mover == 1 else (os, xs)
    result: str | None
    plies = move = None
    try:
        if prover.can_win(mine, theirs, True, pos.empty):
            result, plies = "win", prover.shortest(mine, theirs, True, pos.empty)
        elif prover.can_win(theirs, mine, False, pos.empty):
            result, plies = "loss", prover.shortest(theirs, mine, False, pos.empty)
        else:
            result = "draw"
        move = prover.best_move(mine, theirs, result, plies or pos.empty)
    except ProofTimeUp:
        result, plies = None, None
    return Proof(result, plies, prover.nodes, len(prover.table), clock() - started, move)
