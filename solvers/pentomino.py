"""Tiling a rectangle with the 12 pentominoes, as exact cover.

Vocabulary:

- A *piece* is one of the 12 pentominoes, named by Conway's letters
  F I L N P T U V W X Y Z; a *shape* is a set of (row, col) cells.
- A *placement* is a piece in one orientation at one offset; the matrix
  (`encode`) has a row per placement with a 1 in its piece's column and in
  each cell it covers.  A *tiling* is a grid of letters, e.g. for 3 x 20:
  `UUXIIIIILLLLFFTTTWWZ / ...`.
- Counting: the classic counts (2339 for 6 x 10) identify tilings that are
  rotations or reflections of the whole rectangle.  `count` gets them by
  breaking the symmetry as Knuth does: X, which looks the same every way up,
  may only sit in one quarter of the board; where X sits on a mirror line the
  mirror image would still be counted, so for those placements P (which is
  not symmetric) is kept unflipped.  The raw count (`raw=True`) is 4 times
  larger: no tiling of these rectangles is its own mirror image.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from solvers import dlx
from solvers.events import Event
from solvers.i18n import _, format_number
from solvers.messages import shown
from solvers.runstats import EventStats

PSEUDOCODE = dlx.PSEUDOCODE
IMAGES = 4
"""Tilings per classic one: a rectangle's 4 symmetries give 4 different tilings (none is its own image)."""
AREA = 60
SIZE = re.compile(r"([0-9]+)\s*[xX]\s*([0-9]+)")

PICTURES = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("#.", "#.", "#.", "##"),
    "N": ("##..", ".###"),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("..#.", "####"),
    "Z": ("##.", ".#.", ".##"),
}
PIECES = tuple(PICTURES)

Shape = tuple[tuple[int, int], ...]


def shape_of(picture: tuple[str, ...]) -> Shape:
    """The cells marked '#' in a picture, as sorted (row, col) pairs."""
    return tuple(sorted((r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"))


def normalize(cells: Any) -> Shape:
    """Shift a shape so its smallest row and column are 0; sort it."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def orientations(shape: Shape, flips: bool = True) -> list[Shape]:
    """The distinct rotations (and, with `flips`, reflections) of a shape."""
    found: list[Shape] = []
    for flipped in (False, True) if flips else (False,):
        cells = [(r, -c) if flipped else (r, c) for r, c in shape]
        for _turn in range(4):
            cells = [(c, -r) for r, c in cells]  # a quarter turn
            form = normalize(cells)
            if form not in found:
                found.append(form)
    return found


@dataclass
class Encoding:
    """A board's matrix; `placements[row]` is the (piece, cells) of a matrix row."""

    width: int
    height: int
    matrix: dlx.Matrix
    placements: list[tuple[str, tuple[int, ...]]]

    def grid(self, answer: tuple[int, ...]) -> list[str]:
        """The tiling as `height` strings of `width` letters ('.' where empty)."""
        cells = ["."] * (self.width * self.height)
        for row in answer:
            piece, covered = self.placements[row]
            for cell in covered:
                cells[cell] = piece
        w = self.width
        return ["".join(cells[y * w : (y + 1) * w]) for y in range(self.height)]

    def search(
        self, *, strategy: str = "fewest", limit: int | None = None, counters: dlx.Counters | None = None
    ) -> Iterator[Event]:
        """Algorithm X's events; Push.what is a matrix row, see `placements`."""
        return dlx.search(self.matrix, strategy=strategy, limit=limit, counters=counters)


def check_board(width: int, height: int) -> None:
    """Only rectangles of area 60 can be tiled by the 12 pieces."""
    if width < 1 or height < 1 or width * height != AREA:
        wrong = _("the 12 pentominoes cover 60 cells; {rows}x{columns} has {area}")
        raise ValueError(wrong.format(rows=height, columns=width, area=format_number(width * height)))


def encode(width: int, height: int, x_where: str = "anywhere") -> Encoding:
    """The matrix for a width x height board.

    `x_where` limits the X piece: "anywhere" (raw count), "quarter" (X's
    centre strictly inside the top-left quarter) or "mirror" (X's centre on
    a mirror line inside that quarter, P unflipped).
    """
    check_board(width, height)
    names = list(PIECES) + [f"r{y + 1}c{x + 1}" for y in range(height) for x in range(width)]
    matrix = dlx.Matrix(names)
    placements: list[tuple[str, tuple[int, ...]]] = []
    for number, piece in enumerate(PIECES):
        shape = shape_of(PICTURES[piece])
        unflipped = orientations(shape, flips=False)
        for form in orientations(shape):
            if x_where == "mirror" and piece == "P" and form not in unflipped:
                continue
            rows = 1 + max(r for r, _ in form)
            cols = 1 + max(c for _, c in form)
            for top in range(height - rows + 1):
                for left in range(width - cols + 1):
                    if piece == "X" and not _x_allowed(x_where, width, height, top, left):
                        continue
                    cells = tuple((top + r) * width + left + c for r, c in form)
                    matrix.add_row((number, *(len(PIECES) + cell for cell in cells)))
                    placements.append((piece, cells))
    return Encoding(width, height, matrix, placements)


def _x_allowed(x_where: str, width: int, height: int, top: int, left: int) -> bool:
    """Whether X with its bounding box at (top, left) fits the symmetry rule."""
    if x_where == "anywhere":
        return True
    twice_x, twice_y = 2 * (left + 1), 2 * (top + 1)  # twice the centre's coordinates
    inside_x, inside_y = twice_x < width - 1, twice_y < height - 1
    on_x, on_y = twice_x == width - 1, twice_y == height - 1
    if x_where == "quarter":
        return inside_x and inside_y
    return (on_x and inside_y) or (on_y and inside_x)


def first(
    width: int, height: int, counters: dlx.Counters | None = None, stats: EventStats | None = None
) -> list[str] | None:
    """One tiling as rows of letters, or None."""
    encoding = encode(width, height)
    answer = dlx.first(encoding.matrix, counters=counters, stats=stats)
    return None if answer is None else encoding.grid(answer)


def count(
    width: int,
    height: int,
    raw: bool = False,
    counters: dlx.Counters | None = None,
    stats: EventStats | None = None,
) -> int:
    """Tilings up to symmetry of the whole rectangle (or all, with `raw`)."""
    return sum(dlx.count(matrix, counters=counters, stats=stats) for matrix in matrices(width, height, raw))


def matrices(width: int, height: int, raw: bool = False) -> list[dlx.Matrix]:
    """The matrices whose counts add up to `count`: one (raw), or X in a quarter and X on a mirror line."""
    return [
        encode(width, height, where).matrix for where in (("anywhere",) if raw else ("quarter", "mirror"))
    ]


def parse_size(text: str) -> tuple[int, int]:
    """'6x10' -> (10, 6): a board is written rows x columns, as in the app and the article; width, height."""
    match = SIZE.fullmatch(text.strip())
    if not match:
        raise ValueError(_("board size {text}: expected ROWSxCOLUMNS, e.g. 6x10").format(text=shown(text)))
    rows, columns = int(match[1]), int(match[2])
    check_board(columns, rows)
    return columns, rows
