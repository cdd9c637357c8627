"""Gomoku's rule variants: freestyle, standard (exactly five) and the 3-3 ban Korean 오목 players use.

Vocabulary
----------
- `RULES`: `freestyle` (five or more in a row wins), `standard` (exactly
  five wins: six or more is no win) and `no33` (five or more wins, and no one
  may play a move that makes two open threes at once, the 삼삼 금지 of Korean
  오목; a move that makes five is always allowed).
- An *open three* through a cell, in one direction: three stones that one
  more stone turns into an *open four*, four in a row with both ends empty
  (two ways to make five: the opponent cannot stop both).  A line that
  already holds a four is a four, not a three.
- `Gomoku(rule)`: an `MNK(15, 15, 5)` (any m,n,k works) that wins, moves and
  offers candidates by its rule; `forbidden(cells, cell, player)` says
  whether the 3-3 ban forbids that move.
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

RULES = ("freestyle", "standard", "no33")
RULE_LABELS = {"freestyle": N_("freestyle"), "standard": N_("exactly five"), "no33": N_("3-3 ban")}
"""Each rule's short name for a button."""
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


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
        stone, left, right = line[at], at, at
        while left > 0 and line[left - 1] == stone:
            left -= 1
        while right + 1 < len(line) and line[right + 1] == stone:
            right += 1
        return right - left + 1

    def wins_through(self, cells: bytes, cell: int) -> bool:
        """The stone on `cell` makes five (exactly five under `standard`, five or more otherwise)."""
        if self.rule != "standard":
            return super().wins_through(cells, cell)
        return self.k in [self.run_length(cells, cell, d) for d in range(4)]

    def winners(self, cells: bytes) -> set[int]:
        """Every side with a winning row somewhere."""
        if self.rule != "standard":
            return super().winners(cells)
        found = set()
        for player in (1, -1):
            stone = STONE[player]
            if any(c == stone and self.wins_through(cells, i) for i, c in enumerate(cells)):
                found.add(player)
        return found

    def _winner_anywhere(self, cells: bytes) -> int:
        """MAX or MIN when that side has a winning row (both: MAX)."""
        if self.rule != "standard":
            return super()._winner_anywhere(cells)
        found = self.winners(cells)
        return 1 if 1 in found else -1 if found else 0

    # --- the 3-3 ban ------------------------------------------------------------------------

    def open_three_in(self, cells: bytes, cell: int, direction: int) -> bool:
        """The stone on `cell` is part of an open three in `direction` (one more stone makes an open four)."""
        line, at = self.line_through(cells, cell, direction)
        stone, k = line[at], self.k
        if self._five_spots(line, at, stone):
            return False  # a four (or more), not a three
        for spot in range(max(0, at - k + 2), min(len(line), at + k - 1)):
            if line[spot] == EMPTY:
                after = line[:spot] + bytes([stone]) + line[spot + 1 :]
                if self._open_four_at(after, at, stone):
                    return True
        return False

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
        left, right = at, at
        while left > 0 and line[left - 1] == stone:
            left -= 1
        while right + 1 < len(line) and line[right + 1] == stone:
            right += 1
        length = right - left + 1
        return length == self.k if self.rule == "standard" else length >= self.k

    def _open_four_at(self, line: bytes, at: int, stone: int) -> bool:
        """`line` has an open four through `at`: k - 1 in a row with two winning ends."""
        left, right = at, at
        while left > 0 and line[left - 1] == stone:
            left -= 1
        while right + 1 < len(line) and line[right + 1] == stone:
            right += 1
        if right - left + 1 != self.k - 1:
            return False
        return len(self._five_spots(line, at, stone)) >= 2

    def forbidden(self, cells: bytes, cell: int, player: int) -> bool:
        """Under `no33`: playing `cell` would make two open threes at once (and no five)."""
        if self.rule != "no33" or cells[cell] != EMPTY:
            return False
        after = cells[:cell] + bytes([STONE[player]]) + cells[cell + 1 :]
        if self.wins_through(after, cell):
            return False
        return sum(self.open_three_in(after, cell, d) for d in range(4)) >= 2

    def moves(self, pos: Position) -> Sequence[int]:
        """Every legal move (the 3-3 ban leaves some out)."""
        found = super().moves(pos)
        if self.rule != "no33":
            return found
        return [m for m in found if not self.forbidden(pos.cells, m, pos.mover)]

    def candidates(self, pos: Position) -> list[int]:
        """The engine's candidates, legal ones only."""
        found = super().candidates(pos)
        if self.rule != "no33":
            return found
        return [m for m in found if not self.forbidden(pos.cells, m, pos.mover)]
