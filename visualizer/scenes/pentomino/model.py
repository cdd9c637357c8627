"""The pentomino run as plain data (no pygame): the model, telling tilings apart, the narration.

Narration lives here, in `narrate`: every event in board words ('try L at
r1c3'), a function of the event and the encoding alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers import pentomino
from solvers.events import Choose, Cover, DeadEnd, Event, Pop, Push, Solution, Uncover
from visualizer.scenes.exact_cover.model import CoverModel, cover_words, plural


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


def column_name(encoding: pentomino.Encoding, column: int) -> str:
    """A matrix column in board words: 'piece L' or 'cell r2c5'."""
    if column < len(pentomino.PIECES):
        return f"piece {pentomino.PIECES[column]}"
    return f"cell {encoding.matrix.names[column]}"


def placement_words(encoding: pentomino.Encoding, row: int) -> str:
    """A placement: 'L at r1c3' (its bounding box's top-left cell)."""
    piece, cells = encoding.placements[row]
    w = encoding.width
    top = min(cell // w for cell in cells)
    left = min(cell % w for cell in cells)
    return f"{piece} at r{top + 1}c{left + 1}"


def narrate(event: Event, encoding: pentomino.Encoding, strategy: str) -> str | None:
    """The event in board words."""
    if type(event) is Choose:
        why = "fewest ways" if strategy == "fewest" else "leftmost open column"
        ways = plural(event.size, "way")
        return f"choose {column_name(encoding, event.column)} ({why}): {ways} to cover it"
    if type(event) is Cover or type(event) is Uncover:
        return cover_words(event, column_name(encoding, event.column))
    if type(event) is Push:
        return f"try {placement_words(encoding, event.what)}"
    if type(event) is Pop:
        words = placement_words(encoding, event.value)
        if event.backtrack:
            return f"take back {words}: nothing fits after it"
        return f"take back {words} to look for more"
    if type(event) is DeadEnd:
        column = event.where
        if column < len(pentomino.PIECES):
            return f"dead end: piece {pentomino.PIECES[column]} fits nowhere"
        return f"dead end: no piece can cover {column_name(encoding, column)}"
    if type(event) is Solution:
        return f"tiling {event.number}: all 12 pieces placed"
    return None
