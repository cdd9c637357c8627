"""Sudoku (4 x 4, 9 x 9, 16 x 16) as exact cover, solved by dancing links.

Vocabulary:

- A `Puzzle` is a grid of N x N cells (N = 4, 9 or 16), read row by row;
  0 marks a blank.  Example: the first Project Euler 96 grid begins
  `003020600 / 900305001 / ...`.
- Its exact-cover matrix (`encode`) has one column per constraint still open
  (a blank cell needs a digit; row r, column c and box b each need digit d)
  and one row per candidate "digit d in cell (r, c)" that no given forbids.
  A solution picks one candidate per blank cell.

Input forms (`parse_puzzles`), any number of puzzles per text:
- grid: N lines of N numbers separated by spaces (0 or '.' blank), the form
  of the source article; or N lines of N characters (`003020600`, N = 4, 9);
- one line: N*N characters, '.' or '0' blank; 16 x 16 digits are 1-9 then A-G.
Lines starting with '#' are comments; a line `Grid NN` labels the next puzzle.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from math import isqrt

from solvers import dlx, textio
from solvers.events import Event
from solvers.i18n import N_, _, format_number, ngettext
from solvers.messages import shown
from solvers.runstats import EventStats

SIZES = (4, 9, 16)
NOT_UNIQUE = "# " + N_("more than one solution: this is one of them")
"""Said under a solved puzzle that has another solution (a comment line, so the output still parses)."""
COUNT_LIMIT = 10_000
"""`sudoku --count` stops here unless --limit says otherwise (a blank grid has 6.67e21)."""
SYMBOLS = "123456789ABCDEFG"  # the digit d is written SYMBOLS[d - 1]
ONE_LINE = {16: 4, 81: 9, 256: 16}  # one-line length -> N
LABEL = re.compile(r"grid\b.*", re.IGNORECASE)

PSEUDOCODE = dlx.PSEUDOCODE


@dataclass(frozen=True)
class Puzzle:
    """An N x N grid (0 = blank) and how it was written, for echoing it back."""

    size: int
    cells: tuple[int, ...]
    form: str = "line"  # "line", "grid" (numbers and spaces) or "compact" (N chars a line)
    label: str = ""
    number: int = 1
    line: int = 1

    @property
    def box(self) -> int:
        """The side of one box (2, 3 or 4)."""
        return isqrt(self.size)


@dataclass(frozen=True)
class Clash:
    """Two equal givens in one row, column or box."""

    digit: int
    first: int
    second: int
    unit: str  # "row", "column" or "box"


def units(size: int) -> list[tuple[str, list[int]]]:
    """Every row, column and box as (kind, cells), in that order."""
    return [(kind, unit_cells(kind, i, size)) for kind in ("row", "column", "box") for i in range(size)]


def clashes(puzzle: Puzzle) -> list[Clash]:
    """Pairs of equal givens sharing a unit (each pair once per unit)."""
    found: list[Clash] = []
    for kind, cells in units(puzzle.size):
        seen: dict[int, int] = {}
        for cell in cells:
            digit = puzzle.cells[cell]
            if digit and digit in seen:
                found.append(Clash(digit, seen[digit], cell, kind))
            elif digit:
                seen[digit] = cell
    return found


def describe_clash(clash: Clash, size: int) -> str:
    """'two 5s in row 1 (columns 2 and 7)' and the like."""
    (r1, c1), (r2, c2) = divmod(clash.first, size), divmod(clash.second, size)
    digit = SYMBOLS[clash.digit - 1]
    if clash.unit == "row":
        return _("two {digit}s in row {row} (columns {first} and {second})").format(
            digit=digit, row=r1 + 1, first=c1 + 1, second=c2 + 1
        )
    if clash.unit == "column":
        return _("two {digit}s in column {column} (rows {first} and {second})").format(
            digit=digit, column=c1 + 1, first=r1 + 1, second=r2 + 1
        )
    box = (r1 // isqrt(size)) * isqrt(size) + c1 // isqrt(size)
    return _("two {digit}s in box {box} (row {r1} column {c1} and row {r2} column {c2})").format(
        digit=digit, box=box + 1, r1=r1 + 1, c1=c1 + 1, r2=r2 + 1, c2=c2 + 1
    )


# --------------------------------------------------------------------------
# Reading puzzles.


class _Reader:
    """Collects puzzles line by line; raises ValueError naming puzzle and place."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.puzzles: list[Puzzle] = []
        self.label = ""
        self.rows: list[list[int]] = []
        self.size = 0
        self.form = ""
        self.start = 0

    def where(self, line: int) -> str:
        """'FILE: puzzle 3 (line 12)'."""
        return _("{source}: puzzle {number} (line {line})").format(
            source=_(self.source), number=len(self.puzzles) + 1, line=line
        )

    def feed(self, number: int, text: str) -> None:
        """Take one stripped, non-blank, non-comment line."""
        if self.rows:
            self.grid_row(number, text)
        elif len(text.split()) > 1:
            self.begin(number, "grid", len(text.split()))
            self.grid_row(number, text)
        elif len(text) in ONE_LINE:
            size = ONE_LINE[len(text)]
            cells = [self.symbol(ch, size, number, i) for i, ch in enumerate(text)]
            self.add(Puzzle(size, tuple(cells), "line", self.label, len(self.puzzles) + 1, number))
        elif len(text) in (4, 9):
            self.begin(number, "compact", len(text))
            self.grid_row(number, text)
        else:
            wrong = _(
                "{where}: {count} characters; expected 81 (or 16, 256) "
                "for a one-line puzzle, or one grid row of 4 or 9"
            )
            raise ValueError(wrong.format(where=self.where(number), count=format_number(len(text))))

    def begin(self, number: int, form: str, size: int) -> None:
        """Start a grid of `size` rows."""
        if size not in SIZES:
            wrong = _("{where}: a grid row needs 4, 9 or 16 numbers, found {count}")
            raise ValueError(wrong.format(where=self.where(number), count=size))
        self.form, self.size, self.start = form, size, number

    def grid_row(self, number: int, text: str) -> None:
        """Add one row to the grid being read."""
        row = len(self.rows) + 1
        if self.form == "grid":
            words = text.split()
            if len(words) != self.size:
                wrong = _("{where}, row {row} (line {line}): expected {size} numbers, found {count}")
                raise ValueError(
                    wrong.format(
                        where=self.where(self.start), row=row, line=number, size=self.size, count=len(words)
                    )
                )
            cells = [self.number(w, number, row, col) for col, w in enumerate(words, 1)]
        else:
            if len(text) != self.size:
                wrong = _("{where}, row {row} (line {line}): expected {size} characters, found {count}")
                raise ValueError(
                    wrong.format(
                        where=self.where(self.start), row=row, line=number, size=self.size, count=len(text)
                    )
                )
            cells = [
                self.symbol(ch, self.size, self.start, (row - 1) * self.size + i, row_line=number)
                for i, ch in enumerate(text)
            ]
        self.rows.append(cells)
        if len(self.rows) == self.size:
            flat = tuple(cell for r in self.rows for cell in r)
            puzzle = Puzzle(self.size, flat, self.form, self.label, len(self.puzzles) + 1, self.start)
            self.rows = []
            self.add(puzzle)

    def number(self, word: str, line: int, row: int, col: int) -> int:
        """A cell written as a number (or '.')."""
        place = _("{where}, row {row}, column {column} (line {line})").format(
            where=self.where(self.start), row=row, column=col, line=line
        )
        if word == ".":
            return 0
        if not word.isdigit() or not word.isascii():
            raise ValueError(_("{place}: stray characters {text}").format(place=place, text=shown(word)))
        if len(word) > 4:  # never int() a long run of digits
            long = _("{place}: digit of {count} digits out of range 0-{size}")
            raise ValueError(long.format(place=place, count=format_number(len(word)), size=self.size))
        if len(word) > 2 or int(word) > self.size:
            wrong = _("{place}: digit {digit} out of range 0-{size}")
            raise ValueError(wrong.format(place=place, digit=word, size=self.size))
        return int(word)

    def symbol(self, ch: str, size: int, line: int, index: int, row_line: int = 0) -> int:
        """A cell written as one character."""
        row, col = divmod(index, size)
        if row_line:
            place = _("{where}, row {row}, column {column} (line {line})").format(
                where=self.where(line), row=row + 1, column=col + 1, line=row_line
            )
        else:
            place = _("{where}, row {row}, column {column}").format(
                where=self.where(line), row=row + 1, column=col + 1
            )
        if ch in ".0":
            return 0
        value = SYMBOLS.find(ch.upper()) + 1 if ch.isascii() and ch.isalnum() else 0
        if not value or (value > 9 and size < 16):
            raise ValueError(_("{place}: stray character {text}").format(place=place, text=repr(ch)))
        if value > size:
            wrong = _("{place}: digit {digit} out of range 1-{last}")
            raise ValueError(wrong.format(place=place, digit=ch, last=SYMBOLS[size - 1]))
        return value

    def add(self, puzzle: Puzzle) -> None:
        """Check a finished puzzle for clashing givens and keep it."""
        found = clashes(puzzle)
        if found:
            where = _("{source}: puzzle {number} (line {line})").format(
                source=_(self.source), number=puzzle.number, line=puzzle.line
            )
            clash = describe_clash(found[0], puzzle.size)
            raise ValueError(_("{where}: clashing givens: {clash}").format(where=where, clash=clash))
        self.puzzles.append(puzzle)
        self.label = ""

    def separator(self, number: int) -> None:
        """A blank, comment or label line: a grid must not be left half read."""
        if self.rows:
            wrong = _("{where}: grid has {count} rows, expected {size} (line {line} interrupts it)")
            raise ValueError(
                wrong.format(where=self.where(self.start), count=len(self.rows), size=self.size, line=number)
            )

    def finish(self, number: int) -> list[Puzzle]:
        """End of input: return the puzzles or explain why there are none."""
        if self.rows:
            wrong = _("{where}: grid has {count} rows, expected {size} (input ends at line {line})")
            raise ValueError(
                wrong.format(where=self.where(self.start), count=len(self.rows), size=self.size, line=number)
            )
        if not self.puzzles:
            raise ValueError(_("{source}: empty input, no puzzle found").format(source=_(self.source)))
        return self.puzzles


def parse_puzzles(text: str, source: str = N_("input")) -> list[Puzzle]:
    """Every puzzle in `text`; ValueError with one line naming puzzle and position."""
    reader = _Reader(source)
    number = 0
    for number, raw in enumerate(textio.normalise(text).splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or LABEL.fullmatch(line):
            reader.separator(number)
            if line and not line.startswith("#"):
                reader.label = line
            continue
        reader.feed(number, line)
    return reader.finish(number)


def parse_puzzle(text: str, source: str = N_("input")) -> Puzzle:
    """Exactly one puzzle."""
    puzzles = parse_puzzles(text, source)
    if len(puzzles) > 1:
        found = ngettext(
            "{source}: {count} puzzle found, expected one",
            "{source}: {count} puzzles found, expected one",
            len(puzzles),
        )
        raise ValueError(found.format(source=_(source), count=format_number(len(puzzles))))
    return puzzles[0]


# --------------------------------------------------------------------------
# Writing grids.


def format_cells(puzzle: Puzzle, cells: tuple[int, ...] | list[int]) -> str:
    """`cells` written in the puzzle's own form (blanks as '0' in grids, '.' in lines)."""
    n = puzzle.size
    if puzzle.form == "line":
        return "".join(SYMBOLS[d - 1] if d else "." for d in cells)
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    if puzzle.form == "grid":
        text = "\n".join(" ".join(str(d) for d in row) for row in rows)
    else:
        text = "\n".join("".join(SYMBOLS[d - 1] if d else "0" for d in row) for row in rows)
    return f"{puzzle.label}\n{text}" if puzzle.label else text


# --------------------------------------------------------------------------
# The exact-cover encoding.


@dataclass
class Encoding:
    """A puzzle's matrix and what each of its rows means."""

    puzzle: Puzzle
    matrix: dlx.Matrix
    options: list[tuple[int, int]]  # matrix row -> (cell, digit)
    constraints: list[tuple[str, int, int]]  # column -> ("cell", cell, 0) or (unit kind, unit, digit)

    def cells(self, answer: tuple[int, ...]) -> tuple[int, ...]:
        """The full grid: givens plus the digits of the chosen rows."""
        grid = list(self.puzzle.cells)
        for row in answer:
            cell, digit = self.options[row]
            grid[cell] = digit
        return tuple(grid)

    def search(
        self, *, strategy: str = "fewest", limit: int | None = None, counters: dlx.Counters | None = None
    ) -> Iterator[Event]:
        """Algorithm X's events; Push.what is a matrix row, see `options`."""
        return dlx.search(self.matrix, strategy=strategy, limit=limit, counters=counters)


def encode(puzzle: Puzzle) -> Encoding:
    """The exact-cover matrix of the constraints the givens leave open."""
    n, box, given = puzzle.size, puzzle.box, puzzle.cells
    in_row = [{given[r * n + c] for c in range(n)} for r in range(n)]
    in_col = [{given[r * n + c] for r in range(n)} for c in range(n)]
    in_box = [
        {given[r * n + c] for r in range(n) for c in range(n) if (r // box) * box + c // box == b}
        for b in range(n)
    ]
    names: list[str] = []
    column: dict[tuple[str, int, int], int] = {}
    constraints: list[tuple[str, int, int]] = []
    kinds = {"p": "cell", "r": "row", "c": "column", "b": "box"}

    def need(kind: str, i: int, d: int, name: str) -> None:
        """Declare one open constraint as a column."""
        column[(kind, i, d)] = len(names)
        names.append(name)
        constraints.append((kinds[kind], i, d))

    for cell in range(n * n):
        if not given[cell]:
            need("p", cell, 0, f"r{cell // n + 1}c{cell % n + 1}")
    for kind, used in (("r", in_row), ("c", in_col), ("b", in_box)):
        for i in range(n):
            for d in range(1, n + 1):
                if d not in used[i]:
                    need(kind, i, d, f"{kind}{i + 1}={SYMBOLS[d - 1]}")
    matrix = dlx.Matrix(names)
    options: list[tuple[int, int]] = []
    for cell in range(n * n):
        if given[cell]:
            continue
        r, c = divmod(cell, n)
        b = (r // box) * box + c // box
        for d in range(1, n + 1):
            if d in in_row[r] or d in in_col[c] or d in in_box[b]:
                continue
            matrix.add_row(
                (column[("p", cell, 0)], column[("r", r, d)], column[("c", c, d)], column[("b", b, d)])
            )
            options.append((cell, d))
    return Encoding(puzzle, matrix, options, constraints)


def solve(
    puzzle: Puzzle, counters: dlx.Counters | None = None, stats: EventStats | None = None
) -> tuple[int, ...] | None:
    """The first solution's cells, or None (the puzzle must not clash)."""
    encoding = encode(puzzle)
    answer = dlx.first(encoding.matrix, counters=counters, stats=stats)
    return None if answer is None else encoding.cells(answer)


def count_solutions(
    puzzle: Puzzle,
    limit: int | None = None,
    counters: dlx.Counters | None = None,
    stats: EventStats | None = None,
) -> int:
    """How many solutions (at most `limit`)."""
    return dlx.count(encode(puzzle).matrix, limit=limit, counters=counters, stats=stats)


def unit_cells(kind: str, index: int, size: int) -> list[int]:
    """The cells of row, column or box number `index` (0-based)."""
    box = isqrt(size)
    if kind == "row":
        return [index * size + c for c in range(size)]
    if kind == "column":
        return [r * size + index for r in range(size)]
    top, left = (index // box) * box, (index % box) * box
    return [(top + i) * size + left + j for i in range(box) for j in range(box)]


def is_valid_solution(puzzle: Puzzle, cells: tuple[int, ...]) -> bool:
    """Every unit holds 1..N once and every given is kept."""
    full = set(range(1, puzzle.size + 1))
    keeps = all(g in (0, v) for g, v in zip(puzzle.cells, cells, strict=True))
    return keeps and all({cells[i] for i in group} == full for _, group in units(puzzle.size))
