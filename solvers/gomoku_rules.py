"""Gomoku's rule variants: freestyle, standard (exactly five), the 3-3 ban Korean 오목 players use, and renju.

Vocabulary
----------
- `RULES`: `freestyle` (five or more in a row wins), `standard` (exactly
  five wins: six or more is no win) and `no33` (five or more wins, and no one
  may play a move that makes two open threes at once, the 삼삼 금지 of Korean
  오목; a move that makes five is always allowed) and `renju` (black, x, who
  moves first, wins with exactly five and may not play a 3-3, a 4-4 or an
  overline; white, o, wins with five or more and may play anything).
- An *open three* through a cell, in one direction: three stones that one
  more stone turns into an *open four*, four in a row with both ends empty
  (two ways to make five: the opponent cannot stop both).  A line that
  already holds a four is a four, not a three.
- `Gomoku(rule)`: an `MNK(15, 15, 5)` (any m,n,k works) that wins, moves and
  offers candidates by its rule; `forbidden(cells, cell, player)` says
  whether the 3-3 ban forbids that move.
- A *four* through a cell: stones that one more stone turns into a five.
  Renju counts fours by the stones they hold: a straight four (.xxxx.) is one
  four with two winning cells, x.xxx.x is two fours in one line (a 4-4).
  Renju's threes are *true* threes: the cell that makes the open four must
  itself be a legal move for black, so a three whose only four is forbidden
  does not count toward a 3-3.
- `line_through(cells, cell, direction)`: the cells of one line around `cell`,
  the one place the rules and `solvers.threats` read lines from.

Example: x on g8, h8 and i9, i10 (two open twos whose lines cross at i8):
under `no33` x may not play i8, which would make two open threes; under
`standard`, x's sixth stone in a row is no win (tests/test_gomoku_rules.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.grids import EMPTY, MNK, STONE, Position
from solvers.i18n import N_, _
from solvers.minimax import MAX

RULES = ("freestyle", "standard", "no33", "renju")
RULE_LABELS = {
    "freestyle": N_("freestyle"),
    "standard": N_("exactly five"),
    "no33": N_("3-3 ban"),
    "renju": N_("renju"),
}
"""Each rule's short name for a button."""
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
BANNING = ("no33", "renju")
"""The rules that forbid some moves."""
BANS = ("3-3", "4-4", "overline")
"""What a rule may forbid: two open threes, two fours, six or more in a row."""
BAN_WORDS = {
    "3-3": N_("the 3-3 ban: that move would make two open threes"),
    "4-4": N_("renju: black may not make two fours at once"),
    "overline": N_("renju: black may not make six or more in a row"),
}
"""Why a move is refused, for the player."""
BLACK = STONE[MAX]
"""Renju's restricted side: x, who moves first."""
TRUE_THREE_DEPTH = 3
"""How many fours-to-be deep renju checks that a three's open-four cell is itself legal for black."""


class Gomoku(MNK):
    """Gomoku (or any m,n,k game) under one of `RULES`."""

    def __init__(self, rule: str = "freestyle", rows: int = 15, cols: int = 15, k: int = 5) -> None:
        if rule not in RULES:
            raise ValueError(
                _("the rule is one of {rules}, not {rule}").format(rules=", ".join(RULES), rule=repr(rule))
            )
        super().__init__(rows, cols, k)
        self.rule = rule
        if rule != "freestyle":
            self.name = f"{self.name} ({rule})"
        self._lines_of = [self._lines_through(cell) for cell in range(rows * cols)]

    def _lines_through(self, cell: int) -> tuple[tuple[tuple[int, ...], int], ...]:
        """For each direction: the cells of the line within k + 1 of `cell` and `cell`'s place in it."""
        row, col = divmod(cell, self.cols)
        found = []
        for dr, dc in DIRECTIONS:
            reach = self.k + 1
            cells = [
                (row + dr * step) * self.cols + col + dc * step
                for step in range(-reach, reach + 1)
                if 0 <= row + dr * step < self.rows and 0 <= col + dc * step < self.cols
            ]
            found.append((tuple(cells), cells.index(cell)))
        return tuple(found)

    def line_through(self, cells: bytes, cell: int, direction: int) -> tuple[bytes, int]:
        """One line around `cell` as bytes (x, o, .) and the place of `cell` in it."""
        line, at = self._lines_of[cell][direction]
        return bytes(cells[c] for c in line), at

    # --- what wins -------------------------------------------------------------------------

    def run_length(self, cells: bytes, cell: int, direction: int) -> int:
        """How many stones like the one on `cell` stand in a row through it, in one direction."""
        line, at = self.line_through(cells, cell, direction)
        left, right = _run(line, at, line[at])
        return right - left + 1

    def exact(self, stone: int) -> bool:
        """Whether only exactly five wins for `stone` (standard; black under renju)."""
        return self.rule == "standard" or (self.rule == "renju" and stone == BLACK)

    def wins_through(self, cells: bytes, cell: int) -> bool:
        """The stone on `cell` makes five (exactly five where `exact`, five or more otherwise)."""
        if not self.exact(cells[cell]):
            return super().wins_through(cells, cell)
        return self.k in [self.run_length(cells, cell, d) for d in range(4)]

    def winners(self, cells: bytes) -> set[int]:
        """Every side with a winning row somewhere."""
        if self.rule not in ("standard", "renju"):
            return super().winners(cells)
        found = set()
        for player in (1, -1):
            stone = STONE[player]
            if any(c == stone and self.wins_through(cells, i) for i, c in enumerate(cells)):
                found.add(player)
        return found

    def _winner_anywhere(self, cells: bytes) -> int:
        """MAX or MIN when that side has a winning row (both: MAX)."""
        if self.rule not in ("standard", "renju"):
            return super()._winner_anywhere(cells)
        found = self.winners(cells)
        return 1 if 1 in found else -1 if found else 0

    # --- threes, fours and the bans -------------------------------------------------------

    def open_three_in(self, cells: bytes, cell: int, direction: int) -> bool:
        """The stone on `cell` is part of an open three in `direction` (one more stone makes an open four)."""
        return bool(self.open_four_cells(cells, cell, direction))

    def open_four_cells(self, cells: bytes, cell: int, direction: int) -> list[int]:
        """The cells that make the three through `cell` in `direction` an open four (none for a four)."""
        line, at = self.line_through(cells, cell, direction)
        stone, k = line[at], self.k
        if self._five_spots(line, at, stone):
            return []  # a four (or more), not a three
        line_cells = self._lines_of[cell][direction][0]
        found = []
        for spot in range(max(0, at - k + 2), min(len(line), at + k - 1)):
            if line[spot] == EMPTY:
                after = line[:spot] + bytes([stone]) + line[spot + 1 :]
                if self._open_four_at(after, at, stone):
                    found.append(line_cells[spot])
        return found

    def fours_in(self, cells: bytes, cell: int, direction: int) -> set[frozenset[int]]:
        """The fours through the stone on `cell` in `direction`, each as the places of its stones in the line.

        A straight four is one four (both its winning cells complete the same
        stones); x.xxx.x is two.
        """
        line, at = self.line_through(cells, cell, direction)
        stone = line[at]
        fours = set()
        for spot in self._five_spots(line, at, stone):
            left, right = _run(line[:spot] + bytes([stone]) + line[spot + 1 :], at, stone)
            fours.add(frozenset(range(left, right + 1)) - {spot})
        return fours

    def _five_spots(self, line: bytes, at: int, stone: int) -> list[int]:
        """The empty places of `line` where `stone` would make a winning row through `at`."""
        spots = []
        for spot in range(max(0, at - self.k + 1), min(len(line), at + self.k)):
            if line[spot] == EMPTY:
                after = line[:spot] + bytes([stone]) + line[spot + 1 :]
                if self._row_wins(after, at, stone):
                    spots.append(spot)
        return spots

    def _row_wins(self, line: bytes, at: int, stone: int) -> bool:
        """`line` holds a winning row of `stone` through `at`."""
        left, right = _run(line, at, stone)
        length = right - left + 1
        return length == self.k if self.exact(stone) else length >= self.k

    def _open_four_at(self, line: bytes, at: int, stone: int) -> bool:
        """`line` has an open four through `at`: k - 1 in a row with two winning ends."""
        left, right = _run(line, at, stone)
        if right - left + 1 != self.k - 1:
            return False
        return len(self._five_spots(line, at, stone)) >= 2

    def forbidden(self, cells: bytes, cell: int, player: int) -> bool:
        """The rule forbids `player` to play `cell` (a move that makes five is always allowed)."""
        return self.ban(cells, cell, player) is not None

    def ban(self, cells: bytes, cell: int, player: int) -> str | None:
        """Which of `BANS` forbids `player` to play `cell`, or None.

        Under `no33`, for either side: two open threes at once. Under `renju`,
        for black only: an overline, two fours or two true threes.
        """
        if self.rule not in BANNING or cells[cell] != EMPTY:
            return None
        if self.rule == "no33":
            after = cells[:cell] + bytes([STONE[player]]) + cells[cell + 1 :]
            if self.wins_through(after, cell):
                return None
            return "3-3" if sum(self.open_three_in(after, cell, d) for d in range(4)) >= 2 else None
        return self._renju_foul(cells, cell) if STONE[player] == BLACK else None

    def _crowded(self, cells: bytes, cell: int) -> bool:
        """Enough black stones near `cell` for a foul: two lines with two each, or one line with k - 1."""
        near = []
        for direction in range(4):
            line, at = self.line_through(cells, cell, direction)
            near.append(line[max(0, at - self.k) : at + self.k + 1].count(BLACK))
        return max(near) >= self.k - 1 or sum(n >= 2 for n in near) >= 2

    def _renju_foul(self, cells: bytes, cell: int, depth: int = 0) -> str | None:
        """Black playing `cell` makes an overline, a 4-4 or a 3-3 of true threes, and no five."""
        if not self._crowded(cells, cell):
            return None
        after = cells[:cell] + bytes([BLACK]) + cells[cell + 1 :]
        if self.wins_through(after, cell):
            return None
        if any(self.run_length(after, cell, d) > self.k for d in range(4)):
            return "overline"
        if sum(len(self.fours_in(after, cell, d)) for d in range(4)) >= 2:
            return "4-4"
        threes = [spots for d in range(4) if (spots := self.open_four_cells(after, cell, d))]
        if len(threes) >= 2 and depth < TRUE_THREE_DEPTH:
            threes = [s for s in threes if any(self._renju_foul(after, c, depth + 1) is None for c in s)]
        return "3-3" if len(threes) >= 2 else None

    def moves(self, pos: Position) -> Sequence[int]:
        """Every legal move (the bans leave some out)."""
        found = super().moves(pos)
        if self.rule not in BANNING:
            return found
        return [m for m in found if not self.forbidden(pos.cells, m, pos.mover)]

    def candidates(self, pos: Position) -> list[int]:
        """The engine's candidates, legal ones only."""
        found = super().candidates(pos)
        if self.rule not in BANNING:
            return found
        return [m for m in found if not self.forbidden(pos.cells, m, pos.mover)]


def _run(line: bytes, at: int, stone: int) -> tuple[int, int]:
    """The first and last place of the row of `stone` through `at` in `line`."""
    left, right = at, at
    while left > 0 and line[left - 1] == stone:
        left -= 1
    while right + 1 < len(line) and line[right + 1] == stone:
        right += 1
    return left, right
