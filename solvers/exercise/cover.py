"""Algorithm X performed (dlx, queens, sudoku, pentomino): the column S chooses, the row tried next, the
columns a tried row covers and the rows it knocks out with them, and where a dead end sends the search back.

The rules keep their own copy of the matrix and cover and uncover it as the events say, so its column sizes
and rows are the search's at every step. Example, Knuth's matrix (columns A..G): before the first Choose,
"which column does S choose?" offers the columns with the fewest 1s; the events say A (2 rows), and choosing
G (3 rows) is told why not: "S chooses the column with the fewest 1s: A has 2, G has 3".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solvers import dlx
from solvers.events import Choose, Cover, DeadEnd, Pop, Push, Solution, Uncover
from solvers.exercise.engine import BACKTRACK, DECISION, VALUE, Ahead, Choice, Step, worded
from solvers.i18n import _

MOST_CHOICES = 6
"""Columns offered for S's choice: the answer and the nearest rivals (keys 1-9 stay enough)."""
MOST_ROWS = 8
"""Rows offered when asking which rows a choice knocks out."""
MOST_COLUMNS = 9
"""Columns offered when asking which columns a tried row covers (keys 1-9)."""
END = "end"
"""The key of the answer 'no choice is left: the search is over'."""


def sudoku_digit(encoding: Any) -> Callable[[int], str]:
    """A sudoku matrix row in words: its cell and digit, 'r1c2=5'."""
    from solvers.sudoku import SYMBOLS

    n = encoding.puzzle.size

    def words(row: int) -> str:
        cell, value = encoding.options[row]
        return f"r{cell // n + 1}c{cell % n + 1}={SYMBOLS[value - 1]}"

    return words


def pentomino_placement(encoding: Any) -> Callable[[int], str]:
    """A pentomino matrix row in words: its piece and top-left cell, 'X@r1c2'."""
    width = encoding.width

    def words(row: int) -> str:
        piece, cells = encoding.placements[row]
        first = min(cells)
        return f"{piece}@r{first // width + 1}c{first % width + 1}"

    return words


class CoverRules:
    """Algorithm X's steps on one matrix; `row_words` and `column_words` name them as the demo does."""

    def __init__(
        self,
        matrix: dlx.Matrix,
        row_words: Callable[[int], str],
        *,
        column_words: Sequence[str] | None = None,
        fewest: bool = True,
    ) -> None:
        self.shadow = matrix.copy()
        self.names = list(column_words) if column_words is not None else matrix.names
        self.row_words = row_words
        self.fewest = fewest
        self.tried: list[tuple[int, int]] = []  # (Push id, row) of every level's row, outermost first
        self.columns: list[int] = []  # the column chosen at every open level
        self.last_row: dict[int, int] = {}  # the row last tried in a column still open
        self.after_push = False  # the last event was a Push: its row's covers come next
        self.covered: set[int] = set()  # the columns covered now, primary and secondary
        self.asked_columns = -1  # the run index where the columns a row covers were last asked

    def apply(self, event: Any) -> None:
        """Cover and uncover the copy; follow the rows tried and the columns chosen."""
        kind = type(event)
        self.after_push = kind is Push
        if kind is Cover:
            self.shadow.cover(event.column)
            self.covered.add(event.column)
        elif kind is Uncover:
            self.shadow.uncover(event.column)
            self.covered.discard(event.column)
            if event.line == dlx.LINE_UNCOVER_COLUMN:
                self.last_row.pop(self.columns.pop(), None)
        elif kind is Choose:
            self.columns.append(event.column)
        elif kind is Push:
            self.tried.append((event.node, event.what))
            self.last_row[self.columns[-1]] = event.what
        elif kind is Pop:
            self.tried.pop()

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """A step before a Choose, a Push, a row's covers, or a dead end."""
        event = ahead[0]
        kind = type(event)
        if kind is Choose:
            return self._column_step(event, index)
        if kind is Push:
            return self._row_step(event, index)
        if kind is Cover and event.line == dlx.LINE_COVER_ROW and self.after_push:
            if self.asked_columns != index:
                self.asked_columns = index
                return self._columns_step(ahead, index)
            return self._knockout_step(ahead, index)
        if kind is DeadEnd or kind is Solution:
            return self._backtrack_step(ahead, index)
        return None

    def column_words(self, column: int) -> str:
        """'r1c1 (2)': a column and its 1s now."""
        return _("{column} ({count})").format(column=self.names[column], count=self.shadow.size(column))

    @worded
    def _column_step(self, event: Any, index: int) -> Step:
        """Which column does S choose? The fewest 1s, the leftmost of equals (or simply the leftmost)."""
        active = self.shadow.active_columns()
        order = {column: place for place, column in enumerate(active)}
        rivals = sorted(active, key=lambda c: (self.shadow.size(c), order[c]) if self.fewest else order[c])
        offered = sorted({event.column, *rivals[: MOST_CHOICES - 1]}, key=order.__getitem__)
        runner_up = next((c for c in rivals if c != event.column), None)
        if not self.fewest:
            why = _("S takes the leftmost column still in the list: {column}.")
        elif runner_up is not None and self.shadow.size(runner_up) == self.shadow.size(event.column):
            why = _("S chooses the column with the fewest 1s, the leftmost of equals: {column} and {rival}.")
        else:
            why = _("S chooses the column with the fewest 1s: {column}, then {rival}.")
        explanation = why.format(
            column=self.column_words(event.column),
            rival=self.column_words(runner_up) if runner_up is not None else "",
        )
        return Step(
            index,
            "cover.column",
            DECISION,
            _("Which column does S choose?"),
            tuple(Choice(c, self.column_words(c)) for c in offered),
            event.column,
            explanation,
            hints=(_("Count the 1s left in each column."), _("Fewer rows to try means a smaller tree.")),
        )

    @worded
    def _row_step(self, event: Any, index: int) -> Step:
        """Which row is tried next in the chosen column? Top to bottom."""
        column = self.columns[-1]
        rows = self.shadow.column_rows(column)
        before = self.last_row.get(column)
        if before is None:
            why = _("Rows are tried from the top of column {column} down: {row} is its first.")
        else:
            why = _("Rows are tried from the top of column {column} down: {row} comes after {before}.")
        explanation = why.format(
            column=self.names[column],
            row=self.row_words(event.what),
            before=self.row_words(before) if before is not None else "",
        )
        return Step(
            index,
            "cover.row",
            DECISION,
            _("Column {column}: which row is tried next?").format(column=self.names[column]),
            tuple(Choice(row, self.row_words(row)) for row in rows),
            event.what,
            explanation,
            hints=(_("The column's rows are tried in order, each one once."),),
        )

    @worded
    def _columns_step(self, ahead: Ahead, index: int) -> Step:
        """Trying a row covers its other columns (the chosen one is covered already): which ones?

        Read from the row's Cover events ahead; the other choices are the columns still in the list nearest
        to them, so the candidates do not spell the row out. Span 0: the rows knocked out are asked next.
        """
        columns = row_covers(ahead)
        row = self.tried[-1][1]
        active = [c for c in range(len(self.names)) if c not in self.covered and c not in columns]
        room = max(2, min(len(columns), MOST_COLUMNS - len(columns)))
        near = sorted(active, key=lambda c: (min(abs(c - mine) for mine in columns), c))[:room]
        offered = sorted({*columns, *near})
        chosen = self.columns[-1]
        explanation = _(
            "Row {row} has a 1 in {all}; {chosen} was covered when S chose it, so trying the row covers "
            "{columns}: they leave the column list."
        ).format(
            row=self.row_words(row),
            all=", ".join(self.names[c] for c in sorted({chosen, *columns})),
            chosen=self.names[chosen],
            columns=", ".join(self.names[c] for c in columns),
        )
        return Step(
            index,
            "cover.columns",
            VALUE,
            _("Row {row} is tried: which columns does it cover now?").format(row=self.row_words(row)),
            tuple(Choice(c, self.names[c]) for c in offered),
            frozenset(columns),
            explanation,
            span=0,
            hints=(
                _("A row covers every column where it has a 1."),
                _("The column S chose is covered already."),
            ),
            multiple=True,
        )

    @worded
    def _knockout_step(self, ahead: Ahead, index: int) -> Step:
        """Trying a row covers its other columns: which rows leave the matrix with them?"""
        columns = row_covers(ahead)
        count = len(columns)
        row = self.tried[-1][1]
        out = {other for column in columns for other in self.shadow.column_rows(column)} - {row}
        staying = sorted(self._active_rows() - out - {row})
        offered = sorted(out)[:MOST_ROWS] + staying[: max(2, MOST_ROWS - len(out))]
        expected = frozenset(other for other in offered if other in out)
        explanation = _("Row {row} covers {columns}; every row with a 1 there leaves: {rows}.").format(
            row=self.row_words(row),
            columns=", ".join(self.names[c] for c in columns),
            rows=", ".join(self.row_words(r) for r in sorted(out)) or _("none"),
        )
        return Step(
            index,
            "cover.knockout",
            VALUE,
            _("Row {row} is tried: which of these rows leave the matrix?").format(row=self.row_words(row)),
            tuple(Choice(other, self.row_words(other)) for other in sorted(offered)),
            expected,
            explanation,
            span=count,
            hints=(_("A row leaves when it shares a column with the row tried."),),
            multiple=True,
        )

    def _active_rows(self) -> set[int]:
        """Rows still linked into some primary column."""
        return {row for column in self.shadow.active_columns() for row in self.shadow.column_rows(column)}

    @worded
    def _backtrack_step(self, ahead: Ahead, index: int) -> Step:
        """After a dead end or a solution: at which level does the search try another row (or is it over)?"""
        offset = ahead.find(lambda event: type(event) is Push)
        ids = [node for node, _row in self.tried]
        if offset is None:
            expected: Any = END
        else:
            parent = ahead[offset].parent
            expected = ids.index(parent) + 2 if parent in ids else 1
        choices = [
            Choice(level, _("level {level}, now {row}").format(level=level, row=self.row_words(row)))
            for level, (_node, row) in enumerate(self.tried, 1)
        ]
        choices.append(Choice(END, _("none: the search is over")))
        if type(ahead[0]) is Solution:
            question = _("A solution! The search goes on for more: at which level does it try another row?")
            start = _("Every primary column is covered.")
        else:
            column = self.names[ahead[0].where]
            question = _(
                "Column {column} has no rows left. At which level does the search try another row?"
            ).format(column=column)
            start = _("Column {column} has no rows.").format(column=column)
        if expected == END:
            why = _("No level has a row left to try: the search is over.")
        else:
            why = _(
                "The search withdraws rows from the deepest level up, and level {level} is the deepest whose "
                "column still has a row left to try (after {row})."
            ).format(level=expected, row=self.row_words(self.tried[expected - 1][1]))
        return Step(
            index,
            "cover.backtrack",
            BACKTRACK,
            question,
            tuple(choices),
            expected,
            f"{start} {why}",
            hints=(
                _("The search goes back one level at a time, trying the next row of that level's column."),
            ),
        )


def row_covers(ahead: Ahead) -> list[int]:
    """The columns of the row-cover events ahead (a tried row covering its other columns), in order."""
    columns, offset = [], 0
    while type(ahead[offset]) is Cover and ahead[offset].line == dlx.LINE_COVER_ROW:
        columns.append(ahead[offset].column)
        offset += 1
    return columns
