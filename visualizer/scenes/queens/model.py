"""The N-queens run as plain data (no pygame): the model, board words, and the narration.

Narration lives here, in `narrate`: every event in board words ('try a
queen on c1'), a function of the event and the problem alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers import queens
from solvers.events import Choose, Cover, DeadEnd, Event, Pop, Push, Solution, Uncover
from solvers.i18n import _, ngettext
from visualizer.scenes.exact_cover.model import CoverModel, cover_words

FILES = "abcdefghijklmnop"


def square_name(square: tuple[int, int]) -> str:
    """(rank, file) -> chess name: (0, 2) -> 'c1'."""
    rank, file = square
    return f"{FILES[file]}{rank + 1}"


def column_names(encoding: queens.Encoding) -> list[str]:
    """Every matrix column in board words: 'rank 3', 'file c', 'diagonal a1-c3'."""
    matrix = encoding.matrix
    names = []
    for column, name in enumerate(matrix.names):
        kind, number = name[0], int(name[1:])
        if kind == "r":
            names.append(_("rank {number}").format(number=number))
        elif kind == "f":
            names.append(_("file {letter}").format(letter=FILES[number - 1]))
        else:
            cells = sorted(encoding.squares[row] for row in matrix.column_rows(column))
            ends = {square_name(cells[0]), square_name(cells[-1])}
            names.append(_("diagonal {ends}").format(ends="-".join(sorted(ends))))
    return names


def short_label(encoding: queens.Encoding, column: int) -> str:
    """A strip label: '3' for rank 3, 'c' for file c, '' for a diagonal."""
    name = encoding.matrix.names[column]
    if name[0] == "r":
        return name[1:]
    return FILES[int(name[1:]) - 1] if name[0] == "f" else ""


def line_squares(encoding: queens.Encoding, column: int) -> list[tuple[int, int]]:
    """The squares of a rank or file column."""
    name = encoding.matrix.names[column]
    index = int(name[1:]) - 1
    if name[0] == "r":
        return [(index, f) for f in range(encoding.n)]
    return [(r, index) for r in range(encoding.n)]


def attacked_squares(n: int, placed: Sequence[tuple[int, int]]) -> set[tuple[int, int]]:
    """Squares sharing a rank, file or diagonal with a queen (the queens' own excluded)."""
    ranks = {r for r, _ in placed}
    files = {f for _, f in placed}
    sums = {r + f for r, f in placed}
    diffs = {r - f for r, f in placed}
    own = set(placed)
    return {
        (r, f)
        for r in range(n)
        for f in range(n)
        if (r in ranks or f in files or r + f in sums or r - f in diffs) and (r, f) not in own
    }


class QueensModel(CoverModel):
    """The exact-cover run plus what a board needs: the square of each matrix row."""

    def __init__(self, encoding: queens.Encoding) -> None:
        super().__init__(encoding.matrix.copy())
        self.n = encoding.n
        self.squares = encoding.squares

    def queens(self) -> list[tuple[int, int]]:
        """The squares of the queens on the board, first placed first."""
        return [self.squares[row] for row in self.stack]


def narrate(event: Event, encoding: queens.Encoding, names: Sequence[str], strategy: str) -> str | None:
    """The event in board words; `names` are the columns' (see `column_names`)."""
    if type(event) is Choose:
        why = _("fewest free squares") if strategy == "fewest" else _("leftmost open line")
        free = ngettext("{count} free square", "{count} free squares", event.size).format(count=event.size)
        return _("choose {line} ({why}): {free}").format(line=names[event.column], why=why, free=free)
    if type(event) is Cover:
        return cover_words(event, names[event.column])
    if type(event) is Uncover:  # always indented here, the column's own uncover too
        return "  " + _("uncover {column}").format(column=names[event.column])
    if type(event) is Push:
        return _("try a queen on {square}").format(square=square_name(encoding.squares[event.what]))
    if type(event) is Pop:
        where = square_name(encoding.squares[event.value])
        if event.backtrack:
            return _("take back the queen on {square}: no solution below it").format(square=where)
        return _("take back the queen on {square} to look for more").format(square=where)
    if type(event) is DeadEnd:
        return _("dead end: {line} has no free square").format(line=names[event.where])
    if type(event) is Solution:
        squares = sorted(encoding.squares[row] for row in event.answer)
        listed = " ".join(square_name(s) for s in squares)
        return _("solution {number}: {squares}").format(number=event.number, squares=listed)
    return None
