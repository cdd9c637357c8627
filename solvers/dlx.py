"""Exact cover by Knuth's Algorithm X on Dancing Links.

The vocabulary first:

- A *matrix* is a set of 0-1 rows over named columns.  *Primary* columns must
  be covered exactly once; *secondary* columns at most once (N-queens uses
  them for diagonals).  As in Knuth, a row is only chosen through one of
  its primary columns, so a row of secondary columns alone is never used.
  Example, from Knuth's paper (columns A..G):
  rows `C E F`, `A D G`, `B C F`, `A D`, `B G`, `D E G`.
- A *solution* is a tuple of row numbers (0-based, in the order the rows were
  chosen) whose 1s cover every primary column once and no column twice:
  `(3, 0, 4)` above, i.e. `A D`, `C E F`, `B G`.

The matrix is kept as Knuth keeps it: circular doubly linked lists of nodes
with links `L R U D` (left, right, up, down) and `C` (the column's header),
plus `S`, the size of a column.  Node 0 is the root, nodes 1..n the column
headers, the rest the 1s of the rows, row after row.  Secondary headers link
to themselves, so they are never chosen.  Covering a column unlinks it and
every row that meets it; uncovering relinks them in exactly the reverse
order, so every link and size returns to its value (`snapshot` shows them as
integer arrays).

Why node objects with __slots__ rather than parallel int lists: measured here
(CPython 3.11, bench/bench_dlx.py and the experiment in the commit log),
the same loop runs 1.1-1.7x faster on slotted nodes: `a.D` is one pointer
read and `is not` one pointer compare, while `D[a]` must also read the
index's int object, and int compares read both ints.

Two paths share the data: `search` yields events for the visualizer (one
generator with an explicit stack, no recursion), and `solutions` / `count` /
`first` run the same loop without events, which is faster still.  Both keep
Knuth's counters (`Counters`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from solvers import i18n
from solvers.events import Choose, Cover, DeadEnd, Event, Pop, Push, Solution, Uncover, build
from solvers.messages import shown
from solvers.runstats import EventStats

STRATEGIES = ("fewest", "leftmost")

PSEUDOCODE: tuple[str, ...] = (
    "search(k):",
    "  if R[h] = h: report O[0..k-1]; return   // " + i18n.N_("every primary column covered: a solution"),
    "  c <- choose_column()   // " + i18n.N_("fewest 1s (or the leftmost)"),
    "  cover(c)",
    "  // " + i18n.N_("if D[c] = c: a dead end, no row can cover c"),
    "  for r <- D[c], D[D[c]], ... while r != c:",
    "    O[k] <- r   // " + i18n.N_("try row r"),
    "    for j <- R[r], ... while j != r: cover(C[j])",
    "    search(k + 1)",
    "    for j <- L[r], ... while j != r: uncover(C[j])",
    "    " + i18n.N_("withdraw r"),
    "  uncover(c)",
)
"""Algorithm X with dancing links; events name these 1-based lines."""

LINE_SOLUTION = 2
LINE_CHOOSE = 3
LINE_COVER_COLUMN = 4
LINE_DEAD_END = 5
LINE_TRY_ROW = 7
LINE_COVER_ROW = 8
LINE_UNCOVER_ROW = 10
LINE_WITHDRAW = 11
LINE_UNCOVER_COLUMN = 12


@dataclass
class Counters:
    """Knuth's counters: search-tree nodes, link updates, solutions found.

    `nodes` counts every node of the search tree, the root included;
    `updates` counts nodes removed from a list by `cover` (as in Knuth's
    paper; uncovering puts back exactly as many).
    """

    nodes: int = 0
    updates: int = 0
    solutions: int = 0

    def as_dict(self) -> dict[str, int]:
        """The counters as JSON-ready data."""
        return {"nodes": self.nodes, "updates": self.updates, "solutions": self.solutions}


class Node:
    """One node: the root, a column header or a 1 of a row.

    `covers_row` and `uncovers_row` (headers only, set by `search`) hold the
    column's Cover and Uncover events for a chosen row's other columns: one
    slot read where a list indexed by `index` took three steps (12-queens'
    1.7 million such events).
    """

    __slots__ = ("C", "D", "L", "R", "S", "U", "covers_row", "index", "others", "row", "uncovers_row")
    covers_row: Event
    uncovers_row: Event

    def __init__(self, index: int, row: int = -1, others: int = 0) -> None:
        self.L = self.R = self.U = self.D = self.C = self
        self.S = 0  # column size (headers only)
        self.index = index  # position in Matrix.nodes
        self.row = row  # row number (-1 for the root and headers)
        self.others = others  # other 1s in the same row, for `updates`


class Matrix:
    """A 0-1 matrix as dancing links: columns first, then rows via `add_row`."""

    def __init__(self, primary: int | Sequence[str], secondary: int | Sequence[str] = 0) -> None:
        primary_names = _names(primary, "c")
        secondary_names = _names(secondary, "s", start=len(primary_names))
        self.names: list[str] = primary_names + secondary_names
        self.n_primary = len(primary_names)
        self.n_secondary = len(secondary_names)
        self.index = {name: i for i, name in enumerate(self.names)}
        if len(self.index) != len(self.names):
            raise ValueError("column names must be distinct")
        self.nodes = [Node(k) for k in range(len(self.names) + 1)]
        self.root = self.nodes[0]
        self.root.S = -1  # a sentinel below every column size, ending the fewest-1s scan
        last = self.root
        for header in self.nodes[1 : self.n_primary + 1]:  # secondary ones stay self-linked
            header.L, last.R = last, header
            last = header
        self.root.L, last.R = last, self.root
        self.rows: list[tuple[int, ...]] = []
        self.starts: list[int] = []  # first node of each row
        self.busy = False

    @property
    def n_columns(self) -> int:
        """Primary plus secondary columns."""
        return len(self.names)

    def header(self, column: int) -> Node:
        """The header node of `column` (0-based)."""
        return self.nodes[column + 1]

    def add_row(self, columns: Iterable[int]) -> int:
        """Append a row with 1s in `columns` (0-based indices); return its number."""
        cols = tuple(columns)
        row = len(self.rows)
        if len(set(cols)) != len(cols):
            raise ValueError(f"row {row} names a column twice")
        if cols and (min(cols) < 0 or max(cols) >= len(self.names)):
            raise ValueError(f"row {row}: a column number is out of range")
        if self.busy:
            raise RuntimeError("cannot add rows during a search")
        self.rows.append(cols)
        nodes = self.nodes
        start = len(nodes)
        self.starts.append(start)
        others = len(cols) - 1
        make = Node.__new__  # every field is set below, so skip __init__ (builds 25 % faster)
        left = None
        for index, col in enumerate(cols, start):
            node = make(Node)
            node.index, node.row, node.others, node.S = index, row, others, 0
            header = nodes[col + 1]
            node.C = node.D = header
            node.U = above = header.U
            above.D = header.U = node
            header.S += 1
            if left is not None:
                node.L = left
                left.R = node
            left = node
            nodes.append(node)
        if left is not None:
            head = nodes[start]
            head.L = left
            left.R = head
        return row

    def add_named_row(self, names: Iterable[str]) -> int:
        """Append a row given by column names."""
        return self.add_row(self.index[name] for name in names)

    def size(self, column: int) -> int:
        """How many active rows have a 1 in `column` (0-based)."""
        return self.nodes[column + 1].S

    def is_linked(self, column: int) -> bool:
        """Whether a primary column's header is in the root's list (secondary ones never are)."""
        header = self.nodes[column + 1]
        return header.L.R is header and header.R is not header

    def active_columns(self) -> list[int]:
        """Primary columns still in the header list, left to right."""
        out, header = [], self.root.R
        while header is not self.root:
            out.append(header.index - 1)
            header = header.R
        return out

    def column_rows(self, column: int) -> list[int]:
        """Rows still linked into `column`, top to bottom."""
        header = self.nodes[column + 1]
        out, node = [], header.D
        while node is not header:
            out.append(node.row)
            node = node.D
        return out

    def row_nodes(self, row: int) -> range:
        """The node numbers of `row`'s 1s, left to right."""
        first = self.starts[row]
        return range(first, first + len(self.rows[row]))

    def cover(self, column: int) -> None:
        """Unlink `column` (0-based) and every row that meets it (Knuth's cover)."""
        c = self.nodes[column + 1]
        c.R.L = c.L
        c.L.R = c.R
        i = c.D
        while i is not c:
            j = i.R
            while j is not i:
                j.D.U = j.U
                j.U.D = j.D
                j.C.S -= 1
                j = j.R
            i = i.D

    def uncover(self, column: int) -> None:
        """Relink `column` and its rows, in exactly the reverse order of `cover`."""
        c = self.nodes[column + 1]
        i = c.U
        while i is not c:
            j = i.L
            while j is not i:
                j.C.S += 1
                j.D.U = j
                j.U.D = j
                j = j.L
            i = i.U
        c.R.L = c
        c.L.R = c

    def arrays(self) -> dict[str, list[int]]:
        """Every link as an integer array indexed by node (S for the root and headers)."""
        nodes = self.nodes
        return {
            "L": [n.L.index for n in nodes],
            "R": [n.R.index for n in nodes],
            "U": [n.U.index for n in nodes],
            "D": [n.D.index for n in nodes],
            "C": [n.C.index for n in nodes],
            "S": [n.S for n in nodes[: self.n_columns + 1]],
        }

    def snapshot(self) -> tuple[tuple[int, ...], ...]:
        """Every link and size, to compare before and after a run."""
        return tuple(tuple(values) for values in self.arrays().values())

    def copy(self) -> Matrix:
        """An independent matrix with the same columns, rows and current links."""
        twin = Matrix(self.names[: self.n_primary], self.names[self.n_primary :])
        for cols in self.rows:
            twin.add_row(cols)
        links = self.arrays()
        for node in twin.nodes:
            k = node.index
            node.L, node.R = twin.nodes[links["L"][k]], twin.nodes[links["R"][k]]
            node.U, node.D = twin.nodes[links["U"][k]], twin.nodes[links["D"][k]]
            node.S = self.nodes[k].S
        return twin


def _names(spec: int | Sequence[str], prefix: str, start: int = 0) -> list[str]:
    """Column names from a count (generated) or a sequence of names."""
    if isinstance(spec, int):
        return [f"{prefix}{start + i}" for i in range(spec)]
    return [str(name) for name in spec]


def _check(strategy: str, limit: int | None) -> bool:
    """Validate search options; return True for the fewest-1s heuristic."""
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {', '.join(STRATEGIES)}, not {strategy!r}")
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")
    return strategy == "fewest"


def _claim(matrix: Matrix) -> None:
    """Mark the matrix as being searched: one search at a time, since they share links."""
    if matrix.busy:
        raise RuntimeError("this matrix is already being searched")
    matrix.busy = True


# --------------------------------------------------------------------------
# The search loop, with or without events.  The cover/uncover loops are written out inline (not
# calls to Matrix.cover): a call per column costs ~15 % here.  The tests
# replay the events through Matrix.cover/uncover and compare every link.


def search(
    matrix: Matrix,
    *,
    strategy: str = "fewest",
    limit: int | None = None,
    counters: Counters | None = None,
) -> Generator[Event, None, None]:
    """Yield Algorithm X's events: Choose, Cover, DeadEnd, Push, Solution, Uncover, Pop.

    Column numbers are 0-based; Push.what and Pop.value are row numbers;
    Pop.backtrack is False only for a row below which a solution was found.
    Stops after `limit` solutions, still withdrawing every row (each Push
    gets its Pop).  Closing the generator early relinks the matrix silently.
    """
    fewest = _check(strategy, limit)
    return _search(matrix, fewest, limit, counters or Counters())


FOUR_ONES = 4
"""Rows of four 1s (queens, sudoku): `_search` walks a row's other three
unrolled, without the `while j is not i` test per 1 (the 10-queens search: 8 % fewer
instructions); other rows loop."""

CACHED_INT = 200
"""`_search` adds link updates into a small int first: CPython keeps the ints up
to 256 ready-made, so `+=` there allocates nothing, while each `+=` on a large
total allocates a new int (5 % of the 10-queens search's instructions, 1-3 % of its CPU time)."""


@functools.lru_cache(maxsize=32)
def _fixed_events(n: int) -> tuple[list[Event], ...]:
    """Events that never vary, built once per column and kind (index = header)."""
    return (
        [Cover(k - 1, LINE_COVER_COLUMN) for k in range(n + 1)],
        [Cover(k - 1, LINE_COVER_ROW) for k in range(n + 1)],
        [Uncover(k - 1, LINE_UNCOVER_ROW) for k in range(n + 1)],
        [Uncover(k - 1, LINE_UNCOVER_COLUMN) for k in range(n + 1)],
        [DeadEnd(k - 1, LINE_DEAD_END) for k in range(n + 1)],
    )


def _size_steps(matrix: Matrix) -> tuple[list[int], list[int]]:
    """Lists a column's size steps through: more[s] = s + 1, less[s] = s - 1.

    A list index costs less than int arithmetic in the hot loops (10-queens:
    0.9 % fewer instructions) and allocates nothing past CPython's cached ints.
    """
    return list(range(1, len(matrix.rows) + 2)), list(range(-1, len(matrix.rows)))


def _all_four_ones(matrix: Matrix) -> bool:
    """Whether every row has four 1s, so the hot loops may walk rows unrolled (see FOUR_ONES)."""
    return all(len(columns) == FOUR_ONES for columns in matrix.rows)


def _search(
    matrix: Matrix,
    fewest: bool,
    limit: int | None,
    counters: Counters,
    stats: EventStats | None = None,
    *,
    events: bool = True,
) -> Generator[Any, None, None]:
    """The one search loop: `search`'s events, or with `events=False` each solution's rows alone.

    One loop serves both on purpose, no twin: with events off it yields only
    solutions (tuples of row numbers) and counts, for `stats`, what the events
    would have told; the `if events` guards cost the event path 3-5 % and the
    event-free path nothing (10- and 11-queens on links, CPU min of 5,
    measured against the twin loops this one replaced).  `phase` says what the
    current level holds at each yield (see `_relink`), so a generator closed
    early relinks without keeping an undo list.
    """
    root = matrix.root
    cover_column, cover_row, uncover_row, uncover_column, dead_end = _fixed_events(matrix.n_columns)
    new = build  # events.build: the one fast constructor, as a local for the hot loop
    depth = matrix.n_primary + 1
    chosen: list[Node] = [root] * depth  # O[k]: the row node tried at level k
    found_before = [0] * depth  # solutions found when O[k] was tried
    ids = [0] * depth + [-1]  # O[k]'s Push id at ids[k]; ids[-1] = -1, the root's, is never overwritten
    picked = [0] * depth  # O[k]'s row number
    # Choose events by header and size, each built when first needed (a third of the events built)
    choices: list[list[Event | None]] = [[None] * (h.S + 1) for h in matrix.nodes[: matrix.n_primary + 1]]
    headers = matrix.nodes[: len(cover_row)]  # the root too: its events are never yielded
    for h, covers_row, uncovers_row in zip(headers, cover_row, uncover_row, strict=True):
        h.covers_row, h.uncovers_row = covers_row, uncovers_row
    more, less = _size_steps(matrix)
    push_type, pop_type, try_row, withdraw, small = Push, Pop, LINE_TRY_ROW, LINE_WITHDRAW, CACHED_INT
    level = updates = tally = found = pushes = 0
    row_covers = dead_ends = deepest = 0  # without events: what they would have told `stats`
    finished = False
    phase = OPEN
    c = r = h = root
    stopping = False
    four_ones = _all_four_ones(matrix)
    _claim(matrix)  # on the first step: a generator never started holds no claim
    try:
        while True:
            if tally > small:  # keep tally's += allocation-free (see CACHED_INT)
                updates += tally
                tally = 0
            if root.R is root:
                found += 1
                phase = OPEN
                if events:
                    yield Solution(found, tuple(picked[:level]), LINE_SOLUTION)
                    stopping = found == limit  # every row is still withdrawn, each Push gets its Pop
                else:
                    yield tuple(picked[:level])
                    if found == limit:  # no events to close: the finally relinks at once
                        finished = True
                        return
                if level == 0:
                    finished = True
                    return
                c = r = root  # fall into the withdraw loop below
            else:
                c = j = root.R
                s = c.S
                if fewest and s:
                    # root.S is -1, below every size: it ends the scan.
                    while True:
                        j = j.R
                        if s > j.S:
                            if j is root:
                                break
                            c = j
                            s = j.S
                            if not s:
                                break
                if events:
                    phase = OPEN
                    sized = choices[c.index]
                    event = sized[s]
                    if event is None:
                        event = sized[s] = new(Choose, (c.index - 1, s, LINE_CHOOSE))
                    yield event
                # cover(c)
                c.R.L = c.L
                c.L.R = c.R
                i = c.D
                if four_ones:  # unrolled: no ring test per 1 (see FOUR_ONES)
                    while i is not c:
                        j = i.R
                        j.D.U, j.U.D = j.U, j.D
                        j.C.S = less[j.C.S]
                        j = j.R
                        j.D.U, j.U.D = j.U, j.D
                        j.C.S = less[j.C.S]
                        j = j.R
                        j.D.U, j.U.D = j.U, j.D
                        j.C.S = less[j.C.S]
                        tally += i.others
                        i = i.D
                else:
                    while i is not c:
                        j = i.R
                        while j is not i:
                            u = j.U
                            d = j.D
                            d.U = u
                            u.D = d
                            x = j.C
                            x.S = less[x.S]
                            j = j.R
                        tally += i.others
                        i = i.D
                tally += 1
                phase = COLUMN
                if events:
                    yield cover_column[c.index]
                r = c.D
                if r is c:
                    if events:
                        yield dead_end[c.index]
                    else:
                        dead_ends += 1
            while r is c or stopping:
                if c is not root:
                    # uncover(c): every row of this column has been tried
                    i = c.U
                    if four_ones:  # unrolled: no ring test per 1 (see FOUR_ONES)
                        while i is not c:
                            j = i.L
                            j.C.S = more[j.C.S]
                            j.D.U = j.U.D = j
                            j = j.L
                            j.C.S = more[j.C.S]
                            j.D.U = j.U.D = j
                            j = j.L
                            j.C.S = more[j.C.S]
                            j.D.U = j.U.D = j
                            i = i.U
                    else:
                        while i is not c:
                            j = i.L
                            while j is not i:
                                x = j.C
                                x.S = more[x.S]
                                j.D.U = j
                                j.U.D = j
                                j = j.L
                            i = i.U
                    c.R.L = c
                    c.L.R = c
                    phase = OPEN
                    if events:
                        yield uncover_column[c.index]
                if level == 0:
                    finished = True
                    return
                level -= 1
                r = chosen[level]
                c = r.C
                phase = ROW_UNDO
                k = r.L
                while k is not r:
                    h = k.C
                    i = h.U
                    if four_ones:  # unrolled: no ring test per 1 (see FOUR_ONES)
                        while i is not h:
                            j = i.L
                            j.C.S = more[j.C.S]
                            j.D.U = j.U.D = j
                            j = j.L
                            j.C.S = more[j.C.S]
                            j.D.U = j.U.D = j
                            j = j.L
                            j.C.S = more[j.C.S]
                            j.D.U = j.U.D = j
                            i = i.U
                    else:
                        while i is not h:
                            j = i.L
                            while j is not i:
                                x = j.C
                                x.S = more[x.S]
                                j.D.U = j
                                j.U.D = j
                                j = j.L
                            i = i.U
                    h.R.L = h
                    h.L.R = h
                    if events:
                        yield h.uncovers_row
                    k = k.L
                phase = COLUMN
                if events:
                    yield new(pop_type, (ids[level], r.row, found == found_before[level], withdraw))
                r = r.D
            # try row r at this level
            chosen[level] = r
            found_before[level] = found
            pushes += 1
            ids[level] = pushes
            picked[level] = row = r.row
            phase = PUSHED
            if events:
                yield new(push_type, (pushes, ids[level - 1], row, try_row))
            else:  # what the events would have told `stats`
                row_covers += r.others
                if level >= deepest:
                    deepest = level + 1
            phase = ROW_DO
            k = r.R
            while k is not r:
                h = k.C
                h.R.L = h.L
                h.L.R = h.R
                i = h.D
                if four_ones:  # unrolled: no ring test per 1 (see FOUR_ONES)
                    while i is not h:
                        j = i.R
                        j.D.U, j.U.D = j.U, j.D
                        j.C.S = less[j.C.S]
                        j = j.R
                        j.D.U, j.U.D = j.U, j.D
                        j.C.S = less[j.C.S]
                        j = j.R
                        j.D.U, j.U.D = j.U, j.D
                        j.C.S = less[j.C.S]
                        tally += i.others
                        i = i.D
                else:
                    while i is not h:
                        j = i.R
                        while j is not i:
                            u = j.U
                            d = j.D
                            d.U = u
                            u.D = d
                            x = j.C
                            x.S = less[x.S]
                            j = j.R
                        tally += i.others
                        i = i.D
                tally += 1
                if events:
                    yield h.covers_row
                k = k.R
            level += 1
    finally:
        pending = () if finished else chosen[:level]
        _relink(matrix, chosen[:level], phase, c, r, h)
        nodes = pushes + (phase not in (PUSHED, ROW_DO))  # every node but the root is pushed
        if stats is not None and not events:
            run = (nodes, found, pushes, row_covers, dead_ends, deepest)
            stats.record(*_event_counts(run, len(pending), sum(1 + row.others for row in pending)))
        counters.nodes += nodes
        counters.updates += updates + tally
        counters.solutions += found
        matrix.busy = False


OPEN, COLUMN, PUSHED, ROW_DO, ROW_UNDO = range(5)
"""`_search`'s phases at a yield: what its current level holds besides the levels above.

OPEN: nothing; COLUMN: its column `c` is covered; PUSHED: the same, just after
a Push (the pushed row's node is not yet counted); ROW_DO: `c` and the row's
columns up to header `h` are covered; ROW_UNDO: `c` and the row's columns
before `h` (the row is being withdrawn, `h` was just uncovered).
"""


def _relink(matrix: Matrix, rows: list[Node], phase: int, column: Node, row: Node, header: Node) -> None:
    """Undo what a closed `_search` left covered, in exactly the reverse order, silently."""
    if phase != OPEN:
        if phase in (ROW_DO, ROW_UNDO):
            heads = [node.C for node in _rest_of(row)]
            done = heads.index(header) + (phase == ROW_DO)
            for head in reversed(heads[:done]):
                matrix.uncover(head.index - 1)
        matrix.uncover(column.index - 1)
    for chosen in reversed(rows):
        for node in reversed(_rest_of(chosen)):
            matrix.uncover(node.C.index - 1)
        matrix.uncover(chosen.C.index - 1)


def _rest_of(row: Node) -> list[Node]:
    """The other 1s of `row`'s row, in R order (the order a search covers their columns)."""
    rest, node = [], row.R
    while node is not row:
        rest.append(node)
        node = node.R
    return rest


# --------------------------------------------------------------------------
# The event-free path: the same loop with its events off, or bitsets (`bitcover`).


def solutions(
    matrix: Matrix,
    *,
    strategy: str = "fewest",
    limit: int | None = None,
    counters: Counters | None = None,
) -> Generator[tuple[int, ...], None, None]:
    """Yield each solution as a tuple of row numbers, with no events (fast)."""
    fewest = _check(strategy, limit)
    return _answers(matrix, fewest, limit, counters or Counters(), None)


def link_solutions(
    matrix: Matrix,
    *,
    strategy: str = "fewest",
    limit: int | None = None,
    counters: Counters | None = None,
    stats: EventStats | None = None,
) -> Generator[tuple[int, ...], None, None]:
    """`solutions` on the dancing links whatever the matrix (the tests and bench compare both paths)."""
    fewest = _check(strategy, limit)
    return _search(matrix, fewest, limit, counters or Counters(), stats, events=False)


def bit_solutions(
    matrix: Matrix,
    *,
    strategy: str = "fewest",
    limit: int | None = None,
    counters: Counters | None = None,
    stats: EventStats | None = None,
) -> Generator[tuple[int, ...], None, None]:
    """`solutions` on bitsets (`bitcover`) whatever the matrix's shape; it must be untouched."""
    fewest = _check(strategy, limit)
    if not _untouched(matrix):
        raise ValueError("bitsets count a matrix as its rows give it: uncover its columns first")
    return _bit_answers(matrix, fewest, limit, counters or Counters(), stats)


def _answers(
    matrix: Matrix, fewest: bool, limit: int | None, counters: Counters, stats: EventStats | None
) -> Generator[tuple[int, ...], None, None]:
    """The event-free search: on bitsets (`bitcover`) when the matrix fits and is untouched, else links.

    Both walk the same search tree (same answers in the same order, same
    counters and event counts); the tests check it.  Which is faster depends
    on the shape (`bitcover.ROWS_PER_COLUMN`).
    """
    from solvers import bitcover  # here: only the counting paths need it

    if bitcover.fits(len(matrix.rows), matrix.n_primary) and _untouched(matrix):
        return _bit_answers(matrix, fewest, limit, counters, stats)
    return _search(matrix, fewest, limit, counters, stats, events=False)


def _untouched(matrix: Matrix) -> bool:
    """Whether nothing is covered: every primary header linked, every 1 in its column."""
    root, linked, header = matrix.root, 0, matrix.root.R
    while header is not root:
        linked += 1
        header = header.R
    sizes = sum(header.S for header in matrix.nodes[1 : matrix.n_columns + 1])
    return linked == matrix.n_primary and sizes == sum(map(len, matrix.rows))


def _bit_answers(
    matrix: Matrix, fewest: bool, limit: int | None, counters: Counters, stats: EventStats | None
) -> Generator[tuple[int, ...], None, None]:
    """`bitcover`'s search of the matrix's rows, its counters added to `counters` and `stats`."""
    from solvers import bitcover

    bits = bitcover.compile_rows(matrix.n_primary, matrix.n_secondary, matrix.rows)
    run = bitcover.Run()
    _claim(matrix)
    try:
        yield from bitcover.solutions(bits, fewest=fewest, limit=limit, run=run)
    finally:
        matrix.busy = False
        counters.nodes += run.nodes
        counters.updates += run.updates
        counters.solutions += run.found
        if stats is not None:
            numbers = (run.nodes, run.found, run.tries, run.row_covers, run.dead_ends, run.deepest)
            opened = sum(1 + bits.others[row] for row in run.pending)
            stats.record(*_event_counts(numbers, len(run.pending), opened))


def _event_counts(
    run: tuple[int, int, int, int, int, int], open_rows: int = 0, open_covers: int = 0
) -> tuple[dict[str, int], int]:
    """The events `_search` yields for a run of the event-free loop, by kind, and its deepest Push.

    Exact, not estimated: each search node that is not a solution yields one
    Choose and covers its column; each try yields a Push and covers the other
    columns of its row; all of them are undone by then (each Cover gets its
    Uncover, each Push its Pop) unless the loop was closed at a solution,
    where `open_rows` rows are still chosen and `open_covers` of their
    columns covered.  The tests check these counts against the generator's
    own stream.
    """
    nodes, found, tries, row_covers, dead_ends, deepest = run
    covers = nodes - found + row_covers
    kinds = {
        "Choose": nodes - found,
        "Cover": covers,
        "DeadEnd": dead_ends,
        "Pop": tries - open_rows,
        "Push": tries,
        "Solution": found,
        "Uncover": covers - open_covers,
    }
    return kinds, deepest


def watched_answers(
    matrix: Matrix,
    stats: EventStats,
    *,
    strategy: str = "fewest",
    limit: int | None = None,
    counters: Counters | None = None,
) -> Generator[tuple[int, ...], None, None]:
    """Each solution (up to `limit`), with the events `search` would yield for it counted into `stats`.

    Runs the event-free loop (the CLI's path: drained events cost 1.4x and a
    watching sink more) and records the event counts in closed form, exactly
    (`_event_counts`), when the loop ends.  Nothing is kept: memory stays flat
    however many solutions there are.
    """
    fewest = _check(strategy, limit)
    return _answers(matrix, fewest, limit, counters or Counters(), stats)


def watched_solutions(
    matrix: Matrix,
    stats: EventStats,
    *,
    strategy: str = "fewest",
    limit: int | None = None,
    counters: Counters | None = None,
) -> list[tuple[int, ...]]:
    """Every solution (up to `limit`) in a list, their events counted into `stats` (see `watched_answers`)."""
    return list(watched_answers(matrix, stats, strategy=strategy, limit=limit, counters=counters))


def first(
    matrix: Matrix,
    *,
    strategy: str = "fewest",
    counters: Counters | None = None,
    stats: EventStats | None = None,
) -> tuple[int, ...] | None:
    """The first solution found, or None; with `stats`, its events counted (see `watched_answers`)."""
    if stats is not None:
        found = watched_solutions(matrix, stats, strategy=strategy, limit=1, counters=counters)
        return found[0] if found else None
    for answer in solutions(matrix, strategy=strategy, limit=1, counters=counters):
        return answer
    return None


def count(
    matrix: Matrix,
    *,
    strategy: str = "fewest",
    limit: int | None = None,
    counters: Counters | None = None,
    stats: EventStats | None = None,
    found: Callable[[int], None] | None = None,
) -> int:
    """How many solutions there are (at most `limit`); with `stats`, their events counted too.

    `found(total)` hears of each solution as it is counted (a progress line).
    """
    if stats is not None:
        answers = watched_answers(matrix, stats, strategy=strategy, limit=limit, counters=counters)
    else:
        answers = solutions(matrix, strategy=strategy, limit=limit, counters=counters)
    total = 0
    for _ in answers:  # counted, never stored
        total += 1
        if found is not None:
            found(total)
    return total


# --------------------------------------------------------------------------
# The text format.

FORMAT_LINES: tuple[tuple[str, str], ...] = (
    ("", i18n.N_("Exact-cover text format:")),
    ("  # ", i18n.N_("a comment; blank lines are ignored")),
    ("  | ", i18n.N_("at the start of a line: a comment too, as in Knuth's dlx programs")),
    ("  A B C D E F G | x y      ", i18n.N_("first line: primary columns, then '|' and secondary ones")),
    ("  C E F                    ", i18n.N_("every further line is one row: the columns where it has a 1")),
    ("  A D G", ""),
    ("", i18n.N_("A name is any run of characters other than spaces, '|' and '#'.")),
)
"""The exact-cover text format for --help: an example in its code form, the words beside it translated."""


def format_help() -> str:
    """The text format explained, in the current language."""
    return "\n".join(code + (i18n._(words) if words else "") for code, words in FORMAT_LINES)


@dataclass(frozen=True)
class ParsedMatrix:
    """A matrix read from text, with each row's source line for messages."""

    matrix: Matrix
    lines: tuple[int, ...]


def parse_matrix(text: str, source: str = i18n.N_("input")) -> ParsedMatrix:
    """Read the exact-cover text format; raise ValueError naming line and word."""
    from solvers import textio  # here, not above: its pathlib and tempfile cost queens 14 ms

    matrix: Matrix | None = None
    lines: list[int] = []
    for number, raw in enumerate(textio.normalise(text).splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("|"):  # '|' first: a comment line, as in Knuth's dlx files
            continue
        where = {"source": i18n._(source), "line": number}
        if matrix is None:
            matrix = _parse_header(line, where)
            continue
        words = line.split()
        _check_row(words, matrix, where)
        matrix.add_named_row(words)
        lines.append(number)
    if matrix is None:
        raise ValueError(i18n._("{source}: empty input, no columns found").format(source=i18n._(source)))
    return ParsedMatrix(matrix, tuple(lines))


def _check_row(words: list[str], matrix: Matrix, where: dict[str, Any]) -> None:
    """A row's words name known columns, each once; ValueError naming line and word if not."""
    seen: set[str] = set()
    for position, word in enumerate(words, start=1):
        if word == "|":
            problem = i18n._("{source}, line {line}, word {word}: '|' belongs on the first line only")
        elif word not in matrix.index:
            problem = i18n._("{source}, line {line}, word {word}: unknown column {name}")
        elif word in seen:
            problem = i18n._("{source}, line {line}, word {word}: column {name} twice in one row")
        else:
            seen.add(word)
            continue
        raise ValueError(problem.format(**where, word=position, name=shown(word)))


def _parse_header(line: str, where: dict[str, Any]) -> Matrix:
    """The first line: primary names, optionally '|' and secondary names."""
    parts = line.split("|")
    if len(parts) > 2:
        twice = i18n._("{source}, line {line}: more than one '|' in the column line")
        raise ValueError(twice.format(**where))
    primary = parts[0].split()
    secondary = parts[1].split() if len(parts) == 2 else []
    seen: set[str] = set()
    for position, name in enumerate(primary + secondary, start=1):
        if name in seen:
            twice = i18n._("{source}, line {line}, word {word}: column {name} declared twice")
            raise ValueError(twice.format(**where, word=position, name=shown(name)))
        seen.add(name)
    return Matrix(primary, secondary)
