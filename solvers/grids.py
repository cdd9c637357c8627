"""Games on a grid for solvers.minimax and solvers.engine: m,n,k games and Connect Four.

Vocabulary
----------
- A `Position` is immutable: the cells row by row as bytes (`x`, `o`, `.`), the
  player to move (`MAX` is x, who moves first), the last move's cell, the
  winner (`MAX`, `MIN` or 0), the empty cells left and a Zobrist `key`.
- `Grid(rows, cols, k, gravity)` is a `minimax.Game`: `moves`, `result`,
  `terminal`, `utility`, `reach`; plus what a depth-limited search needs:
  `candidates` (the moves worth trying, in a good order), `score` (the
  heuristic value of a position that goes on) and `terms` (that score broken
  into open and closed twos, threes and fours).
- `MNK(m, n, k)`: m rows, n columns, k in a row wins (free-style: k or more).
  3,3,3 is tic-tac-toe, 15,15,5 is gomoku.  A move is a cell index.
- `ConnectFour(width=7, height=6)`: four in a row, stones fall to the
  lowest empty cell of a column (`solvers.connect4` solves it exactly).  A move is a column (0-based inside).

Utilities are depth-adjusted, as in tic-tac-toe: a win is worth `WIN` plus
the empty cells left, so a quicker win is worth more and a slower loss costs
less; a draw is 0.  Heuristic scores stay far below `WIN`.

Example: `MNK(3, 3, 3).parse("xx.\\noo.\\n...")` is a position with x to move,
and `result(position, 2)` wins for x: utility WIN + 4.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from solvers.i18n import _
from solvers.minimax import MAX, MIN

WIN = 10_000_000
"""A win is worth WIN + the empty cells left (for MAX; negative for MIN)."""
STONE = {MAX: b"x"[0], MIN: b"o"[0]}
EMPTY = b"."[0]
MARKS = {MAX: "x", MIN: "o"}
RUN_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
ZOBRIST_SEED = 20_241_115
"""Zobrist keys are seeded: the same position has the same key in every run."""
NEAR = 2
"""Big boards (more than `SMALL_BOARD` cells) try only cells this close to a stone."""
SMALL_BOARD = 25
"""Boards up to this many cells try every empty cell (so a full search is exact)."""
FOUR_POINTS = float(2**40)
"""`Grid.line_values` of a line with k in a row: far above any sum of runs' points (a win, not a score)."""
CODE_STONES = b".xo"
"""A line's code (`line_code`) gives each cell a ternary digit: 0 empty, 1 x, 2 o; cell i weighs 3**i."""
_LINE_VALUES: dict[tuple[int, int], tuple[float, ...]] = {}
"""`Grid.line_values` by (length, k), built once in a process."""


def line_code(cells: bytes, line: Sequence[int]) -> int:
    """The content of the cells `line` as one number: cell i adds 3**i for an x, 2 * 3**i for an o."""
    return sum(CODE_STONES.index(cells[cell]) * 3**place for place, cell in enumerate(line))


class BadPosition(ValueError):
    """A board or a move list that cannot occur in a game."""


class Position(NamedTuple):
    """One position: cells, the player to move, the last move, the winner, empty cells, key."""

    cells: bytes
    mover: int
    last: int
    winner: int
    empty: int
    key: int


def run_points(need: int, open_ends: int) -> int:
    """Heuristic points of a run that needs `need` more stones, with one or two open ends."""
    base = (10_000, 1_000, 50, 5)[min(need, 4) - 1]
    return base if open_ends == 2 else base // 10


class Grid:
    """The rules shared by m,n,k games and Connect Four (states are `Position`s)."""

    name = "grid"

    def __init__(self, rows: int, cols: int, k: int, gravity: bool = False) -> None:
        if not (1 <= rows <= 26 and 1 <= cols <= 26 and 2 <= k <= max(rows, cols)):
            raise ValueError(
                _("a board is 1..26 by 1..26 with 2 <= k <= the longer side, got {m},{n},{k}").format(
                    m=rows, n=cols, k=k
                )
            )
        self.rows, self.cols, self.k, self.gravity = rows, cols, k, gravity
        size = rows * cols
        self.bounds = (float(-WIN - size), float(WIN + size))
        rng = random.Random(ZOBRIST_SEED)
        self._zobrist = {player: [rng.getrandbits(64) for _cell in range(size)] for player in (MAX, MIN)}
        self._rays = [self._cell_rays(cell) for cell in range(size)]
        self._near = [self._neighbours(cell, NEAR) for cell in range(size)]
        self._lines = self._line_slices()
        centre = ((rows - 1) / 2, (cols - 1) / 2)
        self._by_centre = sorted(
            range(size), key=lambda c: (abs(c // cols - centre[0]) + abs(c % cols - centre[1]), c)
        )
        self._rank = {cell: i for i, cell in enumerate(self._by_centre)}
        self._runs = re.compile(rb"x{2,}|o{2,}")

    # --- geometry -------------------------------------------------------------------

    def _cell_rays(self, cell: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """For each of the 4 directions, the cells forward and backward from `cell` (k - 1 at most)."""
        row, col = divmod(cell, self.cols)
        rays = []
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            pair = []
            for sign in (1, -1):
                ray = []
                for step in range(1, self.k):
                    r, c = row + sign * dr * step, col + sign * dc * step
                    if not (0 <= r < self.rows and 0 <= c < self.cols):
                        break
                    ray.append(r * self.cols + c)
                pair.append(tuple(ray))
            rays.append((pair[0], pair[1]))
        return tuple(rays)

    def _neighbours(self, cell: int, distance: int) -> tuple[int, ...]:
        """The cells within `distance` (king steps) of `cell`, itself excluded."""
        row, col = divmod(cell, self.cols)
        return tuple(
            r * self.cols + c
            for r in range(max(0, row - distance), min(self.rows, row + distance + 1))
            for c in range(max(0, col - distance), min(self.cols, col + distance + 1))
            if (r, c) != (row, col)
        )

    def _line_slices(self) -> list[slice]:
        """Slices of the cells bytes that read every row, column and diagonal at least k long."""
        rows, cols, k = self.rows, self.cols, self.k
        slices = [slice(r * cols, (r + 1) * cols) for r in range(rows) if cols >= k]
        slices += [slice(c, rows * cols, cols) for c in range(cols) if rows >= k]
        starts = [(0, c) for c in range(cols)] + [(r, 0) for r in range(1, rows)]
        for r, c in starts:  # down-right diagonals
            length = min(rows - r, cols - c)
            if length >= k:
                first = r * cols + c
                slices.append(slice(first, first + (length - 1) * (cols + 1) + 1, cols + 1))
        starts = [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
        for r, c in starts:  # down-left diagonals
            length = min(rows - r, c + 1)
            if length >= k:
                first = r * cols + c
                slices.append(slice(first, first + (length - 1) * (cols - 1) + 1, cols - 1))
        return slices

    def cell(self, row: int, col: int) -> int:
        """The index of (row, col)."""
        return row * self.cols + col

    # --- positions ----------------------------------------------------------------------

    def start(self) -> Position:
        """The empty board, x to move."""
        size = self.rows * self.cols
        return Position(b"." * size, MAX, -1, 0, size, 0)

    def position(self, cells: bytes, last: int = -1) -> Position:
        """A position from its cells (already checked): mover from the counts, winner and key worked out."""
        xs, os = cells.count(b"x"), cells.count(b"o")
        key = 0
        for index, stone in enumerate(cells):
            if stone != EMPTY:
                key ^= self._zobrist[MAX if stone == STONE[MAX] else MIN][index]
        winner = self._winner_anywhere(cells)
        return Position(cells, MAX if xs == os else MIN, last, winner, cells.count(b"."), key)

    def _winner_anywhere(self, cells: bytes) -> int:
        """MAX or MIN when that side has k in a row anywhere, else 0 (both: MAX, checked first)."""
        for player in (MAX, MIN):
            pattern = bytes([STONE[player]]) * self.k
            if any(pattern in cells[line] for line in self._lines):
                return player
        return 0

    def winners(self, cells: bytes) -> set[int]:
        """Every side with k in a row somewhere (a real game has at most one)."""
        found = set()
        for player in (MAX, MIN):
            pattern = bytes([STONE[player]]) * self.k
            if any(pattern in cells[line] for line in self._lines):
                found.add(player)
        return found

    def winning_run(self, cells: bytes) -> tuple[int, ...] | None:
        """The cells of the first k in a row (rows, columns, then diagonals), for drawing it; None if none."""
        everywhere = range(len(cells))
        for line in self._lines:
            for player in (MAX, MIN):
                start = cells[line].find(bytes([STONE[player]]) * self.k)
                if start >= 0:
                    return tuple(everywhere[line][start : start + self.k])
        return None

    def wins_through(self, cells: bytes, cell: int) -> bool:
        """The stone on `cell` is part of k or more in a row."""
        stone = cells[cell]
        for forward, backward in self._rays[cell]:
            count = 1
            for other in forward:
                if cells[other] != stone:
                    break
                count += 1
            for other in backward:
                if cells[other] != stone:
                    break
                count += 1
            if count >= self.k:
                return True
        return False

    # --- the minimax.Game protocol --------------------------------------------------------

    def to_move(self, pos: Position) -> int:
        """MAX (x) or MIN (o)."""
        return pos.mover

    def moves(self, pos: Position) -> Sequence[int]:
        """Every legal move, in board order (none once the game is over)."""
        if pos.winner or not pos.empty:
            return ()
        return [i for i, stone in enumerate(pos.cells) if stone == EMPTY]

    def drop_cell(self, pos: Position, move: int) -> int:
        """The cell a move fills."""
        return move

    def result(self, pos: Position, move: int) -> Position:
        """The position after the mover plays `move`."""
        cell = self.drop_cell(pos, move)
        mover = pos.mover
        cells = pos.cells[:cell] + (b"x" if mover == MAX else b"o") + pos.cells[cell + 1 :]
        winner = mover if self.wins_through(cells, cell) else 0
        key = pos.key ^ self._zobrist[mover][cell]
        return Position(cells, -mover, cell, winner, pos.empty - 1, key)

    def terminal(self, pos: Position) -> bool:
        """Someone has k in a row, or the board is full."""
        return bool(pos.winner) or not pos.empty

    def utility(self, pos: Position) -> float:
        """WIN + empty cells left for an x win, its negative for o, 0 for a draw."""
        return pos.winner * (WIN + pos.empty) if pos.winner else 0

    def reach(self, pos: Position) -> tuple[float, float]:
        """The lowest and highest utility still reachable (a win on the next move scores most)."""
        best = WIN + pos.empty - 1
        return float(-best), float(best)

    # --- what a depth-limited search adds ------------------------------------------------

    def tries_every_move(self, pos: Position) -> bool:
        """Whether a search from `pos` tries every legal move, at every node below too.

        On big boards `candidates` keeps to the cells near a stone: a search
        there proves nothing unless every empty cell is already near one
        (stones only add to that, so it then holds at every node below).
        """
        return set(self.candidates(pos)) == set(self.moves(pos))

    def candidates(self, pos: Position) -> list[int]:
        """The moves worth trying, centre first; on big boards only cells near a stone."""
        if pos.winner or not pos.empty:
            return []
        cells = pos.cells
        if len(cells) <= SMALL_BOARD or pos.empty == len(cells):
            empty = [c for c in self._by_centre if cells[c] == EMPTY]
            return empty[:1] if pos.empty == len(cells) and len(cells) > SMALL_BOARD else empty
        near = self._near
        found = {c for i, stone in enumerate(cells) if stone != EMPTY for c in near[i] if cells[c] == EMPTY}
        return sorted(found, key=self._rank.__getitem__)

    def _run_ends(self, joined: bytes) -> Iterator[tuple[int, int, int]]:
        """Each run of 2+ same stones that can still grow to k: (stone, length, open ends)."""
        k, size = self.k, len(joined)
        for match in self._runs.finditer(joined):
            start, end = match.span()
            stone = joined[start]
            ends = (start > 0 and joined[start - 1] == EMPTY) + (end < size and joined[end] == EMPTY)
            if not ends or end - start >= k:
                continue
            left, right = start, end  # grow over empty cells and own stones to see the room
            while left > 0 and end - left < k and joined[left - 1] in (EMPTY, stone):
                left -= 1
            while right < size and right - left < k and joined[right] in (EMPTY, stone):
                right += 1
            if right - left >= k:
                yield stone, end - start, ends

    def _joined(self, pos: Position) -> bytes:
        """Every line of the board in one bytes, lines apart by '|'."""
        cells = pos.cells
        return b"|".join([cells[line] for line in self._lines])

    def _points(self, joined: bytes) -> int:
        """The runs' points in `joined` (one line or many), for MAX."""
        k, total = self.k, 0
        for stone, length, ends in self._run_ends(joined):
            points = run_points(k - length, ends)
            total += points if stone == STONE[MAX] else -points
        return total

    def score(self, pos: Position) -> float:
        """The heuristic value of a position that goes on, for MAX."""
        return float(self._points(self._joined(pos)))

    def line_values(self, length: int) -> tuple[float, ...]:
        """`score`'s points in one line of `length` cells, for every content, by its code (`line_code`).

        A line with k in a row is worth `FOUR_POINTS` (x) or its negative (o):
        a sum of them tells a win apart from any score.  Built once per
        length and k (3**length contents).
        """
        key = (length, self.k)
        values = _LINE_VALUES.get(key)
        if values is None:
            fours = (bytes([STONE[MAX]]) * self.k, bytes([STONE[MIN]]) * self.k)
            contents = (
                bytes(CODE_STONES[code // 3**i % 3] for i in range(length)) for code in range(3**length)
            )
            values = _LINE_VALUES[key] = tuple(
                FOUR_POINTS
                if fours[0] in line
                else -FOUR_POINTS
                if fours[1] in line
                else float(self._points(line))
                for line in contents
            )
        return values

    def line_cells(self) -> list[tuple[int, ...]]:
        """The cells of every row, column and diagonal at least k long, in the order `line_code` reads."""
        everywhere = range(self.rows * self.cols)
        return [tuple(everywhere[line]) for line in self._lines]

    def zobrist(self, player: int) -> list[int]:
        """The Zobrist keys of `player`'s stone on each cell (a position's key XORs those of its stones)."""
        return self._zobrist[player]

    def terms(self, pos: Position) -> tuple[tuple[str, int, int, int], ...]:
        """The score broken into its terms: (name, x's count, o's count, points each), biggest first."""
        counts: dict[tuple[int, int], list[int]] = {}
        for stone, length, ends in self._run_ends(self._joined(pos)):
            pair = counts.setdefault((length, ends), [0, 0])
            pair[0 if stone == STONE[MAX] else 1] += 1
        rows = [
            (f"{'open' if ends == 2 else 'closed'} {RUN_NAMES.get(length, str(length))}", x, o, points)
            for (length, ends), (x, o) in counts.items()
            for points in [run_points(self.k - length, ends)]
        ]
        return tuple(sorted(rows, key=lambda row: (-row[3], row[0])))

    # --- words ---------------------------------------------------------------------------------

    def column_name(self, col: int) -> str:
        """A column as the board's edge and the moves name it: 'a', 'b', ..."""
        return chr(ord("a") + col)

    def row_name(self, row: int) -> str:
        """A row as the board's edge and the moves name it: '1' for the top row."""
        return str(row + 1)

    def move_name(self, move: int) -> str:
        """A move for people: 'h8' style for cells (column letter, row number from the top)."""
        row, col = divmod(move, self.cols)
        return self.column_name(col) + self.row_name(row)

    def named_cell(self, name: str) -> int:
        """The cell `move_name` calls `name` ('h8': column h, row 8 from the top)."""
        return self.cell(int(name[1:]) - 1, ord(name[0]) - ord("a"))

    def show(self, pos: Position) -> str:
        """The board as rows of x, o and '.'."""
        text = pos.cells.decode()
        return "\n".join(text[r * self.cols : (r + 1) * self.cols] for r in range(self.rows))


class MNK(Grid):
    """An m,n,k game: m rows, n columns, k (or more) in a row wins."""

    def __init__(self, rows: int, cols: int, k: int) -> None:
        super().__init__(rows, cols, k)
        self.name = "gomoku" if (rows, cols, k) == (15, 15, 5) else f"{rows},{cols},{k}"

    def parse(self, text: str) -> Position:
        """A board of `rows` lines of `cols` characters x, o, '.'; `BadPosition` says what is wrong."""
        lines = [line.strip().lower() for line in text.strip().splitlines() if line.strip()]
        if len(lines) != self.rows:
            raise BadPosition(
                _("the board needs {rows} lines of {cols} cells, got {count} lines").format(
                    rows=self.rows, cols=self.cols, count=len(lines)
                )
            )
        for number, line in enumerate(lines, 1):
            if len(line) != self.cols:
                raise BadPosition(
                    _("line {number} has {count} cells, not {cols}").format(
                        number=number, count=len(line), cols=self.cols
                    )
                )
            strange = sorted(set(line) - set("xo."))
            if strange:
                raise BadPosition(
                    _("cells are 'x', 'o' or '.', not {found}").format(
                        found=", ".join(map(repr, strange[:3]))
                    )
                )
        cells = "".join(lines).encode()
        xs, os = cells.count(b"x"), cells.count(b"o")
        if not 0 <= xs - os <= 1:
            raise BadPosition(
                _("x moves first, so x has as many stones as o or one more; got {xs} x, {os} o").format(
                    xs=xs, os=os
                )
            )
        if self.winners(cells):
            raise BadPosition(_("the game is already over: {k} in a row is on the board").format(k=self.k))
        if b"." not in cells:
            raise BadPosition(_("the board is full: there is no move to find"))
        return self.position(cells)


class ConnectFour(Grid):
    """Connect Four: 6 rows, 7 columns (or `height` by `width`), four in a row; a move is a column."""

    name = "connect4"

    def __init__(self, width: int = 7, height: int = 6) -> None:
        super().__init__(height, width, 4, gravity=True)
        self.order = tuple(sorted(range(width), key=lambda col: (abs(2 * col - (width - 1)), col)))
        if (width, height) != (7, 6):
            self.name = f"connect4 {width}x{height}"

    def drop_cell(self, pos: Position, move: int) -> int:
        """The lowest empty cell of column `move`."""
        cells = pos.cells
        for row in range(self.rows - 1, -1, -1):
            cell = row * self.cols + move
            if cells[cell] == EMPTY:
                return cell
        raise BadPosition(_("column {number} is full").format(number=move + 1))

    def moves(self, pos: Position) -> Sequence[int]:
        """The columns that are not full, left to right."""
        if pos.winner or not pos.empty:
            return ()
        return [col for col in range(self.cols) if pos.cells[col] == EMPTY]

    def candidates(self, pos: Position) -> list[int]:
        """The columns that are not full, centre first."""
        if pos.winner or not pos.empty:
            return []
        return [col for col in self.order if pos.cells[col] == EMPTY]

    def play(self, moves: str) -> Position:
        """The position after `moves` (1-based column digits, '4453'), or `BadPosition` saying why not."""
        pos = self.start()
        for number, char in enumerate(moves.strip(), 1):
            if not ("1" <= char <= str(self.cols)):
                raise BadPosition(
                    _("move {number} is {char}: columns are 1 to {last}").format(
                        number=number, char=repr(char), last=self.cols
                    )
                )
            if pos.winner:
                raise BadPosition(
                    _("move {number} comes after {mark} has already won").format(
                        number=number, mark=MARKS[pos.winner]
                    )
                )
            if pos.cells[int(char) - 1] != EMPTY:
                raise BadPosition(_("move {number}: column {char} is full").format(number=number, char=char))
            pos = self.result(pos, int(char) - 1)
        if pos.winner:
            raise BadPosition(
                _("the game is already over: {mark} has four in a row").format(mark=MARKS[pos.winner])
            )
        if not pos.empty:
            raise BadPosition(_("the board is full: there is no move to find"))
        return pos

    def random_game(self, stones: int, rng: random.Random) -> str:
        """The moves (1-based column digits) of a random game `stones` long that is still on."""
        while True:
            pos, moves = self.start(), ""
            for _stone in range(stones):
                col = rng.choice(list(self.moves(pos)))
                pos = self.result(pos, col)
                moves += str(col + 1)
                if self.terminal(pos):
                    break
            else:
                return moves

    def column_name(self, col: int) -> str:
        """A column as the board's edge numbers it: 1 to 7 (the digits a game is typed in)."""
        return str(col + 1)

    def move_name(self, move: int) -> str:
        """A column for people, 1-based."""
        return _("column {number}").format(number=self.column_name(move))
