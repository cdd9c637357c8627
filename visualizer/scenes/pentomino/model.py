"""The pentomino run as plain data (no pygame): the model, telling tilings apart, the narration.

Narration lives here, in `narrate`: every event in board words ('try L at
r1c3'), a function of the event and the encoding alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers import pentomino
from solvers.events import Choose, Cover, DeadEnd, Event, Pop, Push, Solution, Uncover
from solvers.i18n import _, format_number, ngettext
from visualizer.scenes.exact_cover.model import CoverModel, cover_words


def symmetry_key(grid: Sequence[str]) -> str:
    """The same string for a tiling and its turns and flips (the four symmetries of a rectangle)."""
    rows = list(grid)
    forms = (rows, [r[::-1] for r in rows], rows[::-1], [r[::-1] for r in rows[::-1]])
    return min("/".join(form) for form in forms)


def middle(cells: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The (row, col) cell nearest the cells' centre: where a piece's letter goes."""
    cy = sum(r for r, _ in cells) / len(cells)
    cx = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda rc: ((rc[0] - cy) ** 2 + (rc[1] - cx) ** 2, rc))


class PentominoModel(CoverModel):
    """The exact-cover run plus what a board needs: the piece and cells of each matrix row."""

    def __init__(self, encoding: pentomino.Encoding) -> None:
        super().__init__(encoding.matrix.copy())
        self.width = encoding.width
        self.height = encoding.height
        self.placements = encoding.placements

    def pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """The placed pieces as (letter, cells), first placed first."""
        return [self.placements[row] for row in self.stack]

    def owners(self) -> list[int]:
        """For each cell, the index in `stack` of the piece on it, or -1."""
        owner = [-1] * (self.width * self.height)
        for index, row in enumerate(self.stack):
            for cell in self.placements[row][1]:
                owner[cell] = index
        return owner


class Tilings:
    """Which tilings found are turns or flips of one another (keys cached: solutions come one by one)."""

    def __init__(self, encoding: pentomino.Encoding) -> None:
        self.encoding = encoding
        self._keys: dict[tuple[int, ...], str] = {}

    def key_of(self, answer: tuple[int, ...]) -> str:
        """A solution's symmetry key."""
        key = self._keys.get(answer)
        if key is None:
            key = self._keys[answer] = symmetry_key(self.encoding.grid(answer))
        return key

    def twin_of(self, solutions: Sequence[tuple[int, ...]], index: int) -> int | None:
        """The first earlier tiling that solution `index` is a turn or flip of, if any."""
        key = self.key_of(solutions[index])
        for earlier in range(index):
            if self.key_of(solutions[earlier]) == key:
                return earlier
        return None

    def distinct(self, solutions: Sequence[tuple[int, ...]]) -> int:
        """Tilings that are not turns or flips of one another."""
        return len({self.key_of(answer) for answer in solutions})


def cell_name(encoding: pentomino.Encoding, cell: int) -> str:
    """A cell (y * width + x) in board words: 'r2c5' (row 2, column 5)."""
    y, x = divmod(cell, encoding.width)
    return _("r{row}c{column}").format(row=y + 1, column=x + 1)


def column_name(encoding: pentomino.Encoding, column: int) -> str:
    """A matrix column in board words: 'piece L' or 'cell r2c5'."""
    pieces = len(pentomino.PIECES)
    if column < pieces:
        return _("piece {letter}").format(letter=pentomino.PIECES[column])
    return _("cell {cell}").format(cell=cell_name(encoding, column - pieces))


def placement(encoding: pentomino.Encoding, row: int) -> dict[str, str]:
    """A placement's piece and the top-left cell of its bounding box, as format fields."""
    piece, cells = encoding.placements[row]
    w = encoding.width
    top = min(cell // w for cell in cells)
    left = min(cell % w for cell in cells)
    return {"piece": piece, "cell": cell_name(encoding, top * w + left)}


def choose_words(encoding: pentomino.Encoding, event: Choose, strategy: str) -> str:
    """Which column Algorithm X decides, why, and how many ways it has."""
    if strategy == "fewest":
        words = ngettext(
            "choose {column} (fewest ways): {count} way to cover it",
            "choose {column} (fewest ways): {count} ways to cover it",
            event.size,
        )
    else:
        words = ngettext(
            "choose {column} (leftmost open column): {count} way to cover it",
            "choose {column} (leftmost open column): {count} ways to cover it",
            event.size,
        )
    return words.format(column=column_name(encoding, event.column), count=format_number(event.size))


def narrate(event: Event, encoding: pentomino.Encoding, strategy: str) -> str | None:
    """The event in board words."""
    if type(event) is Choose:
        return choose_words(encoding, event, strategy)
    if type(event) is Cover or type(event) is Uncover:
        return cover_words(event, column_name(encoding, event.column))
    if type(event) is Push:
        return _("try {piece} at {cell}").format(**placement(encoding, event.what))
    if type(event) is Pop:
        fields = placement(encoding, event.value)
        if event.backtrack:
            return _("take back {piece} at {cell}: nothing fits after it").format(**fields)
        return _("take back {piece} at {cell} to look for more").format(**fields)
    if type(event) is DeadEnd:
        column = event.where
        if column < len(pentomino.PIECES):
            return _("dead end: piece {letter} fits nowhere").format(letter=pentomino.PIECES[column])
        return _("dead end: no piece can cover {cell}").format(cell=column_name(encoding, column))
    if type(event) is Solution:
        return _("tiling {number}: all 12 pieces placed").format(number=format_number(event.number))
    return None
