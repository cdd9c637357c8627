"""Exact cover by Algorithm X on Python-int bitsets: the fast path of every `--count`.

The vocabulary (the same matrices as `solvers.dlx`, as plain data):

- A *row set* is a Python int whose bit r stands for row r.  Each column
  has one (`Bits.masks`): the rows with a 1 there.  Each row has a *keep*
  set: every row sharing no column with it.
- The search state is two things only: the rows still *live* (an int) and
  the primary columns still *open* (a list of their row sets, left to right).
  Choosing row r makes `live & keep[r]` and drops r's primary columns from
  the list; going back just reuses the parent's state, as nothing was
  changed in place (ints are immutable).  Example, Knuth's matrix (A..G):
  rows `C E F`, `A D G`, `B C F`, `A D`, `B G`, `D E G`; column A's set is
  0b1010 (rows 1 and 3), row 3's keep set is 0b010101 (rows 0, 2, 4).
- The column with the fewest live rows is found by C-level loops only:
  `map(int.bit_count, map(live.__and__, open))`, then `min` and `index`
  (leftmost on ties).  Rows are tried in ascending order, as dancing links
  has them, so the search tree is exactly `dlx`'s: the same nodes, the same
  solutions in the same order, and the same counters (`Run`), link updates
  included (computed from popcounts, see `Bits.groups`).

Why: the profiles of issue 12 put dancing links' time in the column choice
and in cover/uncover, both Python-level loops over nodes.  Here covering a
row is one AND and the choice runs in C.  Big matrices make every AND longer
(a row set has one bit per row) and many columns make every choice longer, so
`fits` keeps this to matrices of at most `MAX_ROWS` rows and at least
`ROWS_PER_COLUMN` rows per primary column; `dlx` uses its links otherwise.  No recursion (an explicit
stack) and no compiled dependency.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

MAX_ROWS = 20_000
"""Largest matrix (in rows) counted on bitsets; beyond, dancing links is used."""
ROWS_PER_COLUMN = 2
"""Bitsets pay off from this many rows per primary column (the choice scans every open column).

Measured (bench/bench_dlx.py, "unwind bits" against "unwind links"): 12-queens
(6 rows per primary column) 1.3x faster on bitsets, 6 x 10 pentominoes (25)
7x faster; top95 sudokus reduced by their givens (1.2) 3x slower.
"""


@dataclass(frozen=True)
class Bits:
    """A matrix compiled to row sets (see the module docstring)."""

    masks: tuple[int, ...]
    """Per primary column, left to right: the rows with a 1 there."""
    keep: tuple[int, ...]
    """Per row: the rows sharing no column with it (primary or secondary)."""
    dropped: tuple[tuple[int, ...], ...]
    """Per row: the row sets of its primary columns (the very objects in `masks`)."""
    others: tuple[int, ...]
    """Per row: its 1s minus one (Knuth's updates when the row is removed)."""
    groups: tuple[tuple[int, int], ...]
    """(others, the rows having that many): link updates of a removed row set by popcounts."""


@dataclass
class Run:
    """Knuth's counters of one search, and what the event stream of `dlx.search` would hold.

    `pending` lists the rows still chosen when the reader closed the search
    at a solution (empty when it ran to its end or its limit).
    """

    nodes: int = 0
    updates: int = 0
    found: int = 0
    tries: int = 0
    row_covers: int = 0
    dead_ends: int = 0
    deepest: int = 0
    scans: int = 0  # nodes whose column was chosen by popcounting every open column (not Knuth's)
    pending: list[int] = field(default_factory=list)


def fits(n_rows: int, n_primary: int) -> bool:
    """Whether a matrix is counted faster on bitsets than on links (see `ROWS_PER_COLUMN`)."""
    return ROWS_PER_COLUMN * n_primary <= n_rows <= MAX_ROWS


def compile_rows(n_primary: int, n_secondary: int, rows: Sequence[Sequence[int]]) -> Bits:
    """Row sets of a matrix: columns 0..n_primary-1 primary, the next n_secondary secondary."""
    columns = [0] * (n_primary + n_secondary)
    for number, row in enumerate(rows):
        bit = 1 << number
        for column in row:
            columns[column] |= bit
    everything = (1 << len(rows)) - 1
    keep = []
    for row in rows:
        meeting = 0
        for column in row:
            meeting |= columns[column]
        keep.append(everything ^ meeting)
    masks = tuple(columns[:n_primary])
    dropped = tuple(tuple(columns[c] for c in row if c < n_primary) for row in rows)
    others = tuple(len(row) - 1 for row in rows)
    by_others: dict[int, int] = {}
    for number, extra in enumerate(others):
        by_others[extra] = by_others.get(extra, 0) | 1 << number
    groups = tuple(sorted(by_others.items()))
    return Bits(masks, tuple(keep), dropped, others, groups)


def count(bits: Bits, *, fewest: bool = True, limit: int | None = None, run: Run | None = None) -> int:
    """How many exact covers there are (at most `limit`)."""
    total = 0
    for _ in solutions(bits, fewest=fewest, limit=limit, run=run):
        total += 1
    return total


def solutions(
    bits: Bits, *, fewest: bool = True, limit: int | None = None, run: Run | None = None
) -> Generator[tuple[int, ...], None, None]:
    """Each exact cover as row numbers in the order chosen (up to `limit`); `run` gets the counters."""
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")
    return _search(bits, fewest, limit, run if run is not None else Run())


def _search(bits: Bits, fewest: bool, limit: int | None, run: Run) -> Generator[tuple[int, ...], None, None]:
    """Algorithm X with an explicit stack of (open columns, live rows, rows left to try).

    Where dead ends have been most of the nodes so far (6 x 10 pentominoes:
    two in three), a node first asks, in C, whether some open column has no
    live row: then it is a dead end whichever column the scan would choose,
    and the scan (a popcount of every column) is skipped: 6 x 10's count
    5.6 -> 4.0 s CPU; searches with few dead ends (queens) never ask.

    Counters are kept in closed form (the loop only adds popcounts): every
    node is one try (`tries = nodes - 1`), every row of a chosen column is
    tried (bar those left when the search stops), and a removed row costs
    its `others` link updates, as in `dlx`.
    """
    keep, dropped, groups = bits.keep, bits.dropped, bits.groups
    uniform = len(groups) == 1
    bit_count, index = int.bit_count, list.index
    frames_open: list[list[int]] = []  # per level: the open columns when its column was chosen
    frames_live: list[int] = []  # per level: the live rows after covering its column
    frames_left: list[int] = []  # per level: the column's rows not tried yet
    chosen: list[int] = []
    columns = list(bits.masks)
    live = (1 << len(keep)) - 1
    nodes = found = dead_ends = deepest = scans = 0
    offered = removed = 0  # rows of chosen columns, and rows removed by a try (weighed if not uniform)
    closed = True  # until the search ends by itself or by its limit
    try:
        while True:
            nodes += 1
            if not columns:
                found += 1
                yield tuple(chosen)
                if found == limit:
                    break
            else:
                if fewest and dead_ends * 2 > nodes and not all(map(live.__and__, columns)):
                    column = 0  # a column has no live row: a dead end, whichever column the scan would pick
                elif fewest:
                    scans += 1
                    sizes = [(live & m).bit_count() for m in columns]
                    smallest = min(sizes)
                    column = columns[index(sizes, smallest)] if smallest else 0
                else:
                    column = columns[0]
                rows = live & column
                offered += bit_count(rows) if uniform else _weigh(rows, groups)
                if rows:
                    frames_open.append(columns)
                    frames_live.append(live ^ rows)
                    frames_left.append(rows)
                    chosen.append(-1)
                    if len(chosen) > deepest:
                        deepest = len(chosen)
                else:
                    dead_ends += 1
            # the next row to try: at this level, or after going back up
            while frames_left:
                rows = frames_left[-1]
                if not rows:
                    frames_open.pop()
                    frames_live.pop()
                    frames_left.pop()
                    chosen.pop()
                    continue
                low = rows & -rows
                frames_left[-1] = rows ^ low
                row = chosen[-1] = low.bit_length() - 1
                before = frames_live[-1]
                live = before & keep[row]
                removed += bit_count(before ^ live) if uniform else _weigh(before ^ live, groups)
                columns = frames_open[-1].copy()
                for done in dropped[row]:  # r's primary columns, all open while r is live
                    columns.remove(done)
                break
            else:
                break
        closed = False
    finally:
        scale = groups[0][0] if uniform else 1
        untried = sum(bit_count(rows) if uniform else _weigh(rows, groups) for rows in frames_left)
        row_covers = scale * (offered - untried)
        run.nodes += nodes
        run.updates += nodes - found + scale * (offered + removed) + row_covers
        run.found += found
        run.tries += nodes - 1
        run.row_covers += row_covers
        run.dead_ends += dead_ends
        run.deepest = max(run.deepest, deepest)
        run.scans += scans
        run.pending = list(chosen) if closed else []


def _weigh(rows: int, groups: tuple[tuple[int, int], ...]) -> int:
    """The link updates of removing `rows`: each row's 1s minus one, summed by popcounts."""
    return sum(others * (rows & group).bit_count() for others, group in groups)
