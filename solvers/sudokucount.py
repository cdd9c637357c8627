"""Counting sudoku solutions fast: candidate masks, singles to a fixpoint, copy on branch.

What `python -m solvers sudoku --count` runs (without --jobs).  It counts the
same thing as dancing links on `sudoku.encode` (the tests compare both on
top95, on grids with many solutions and on dead grids); it only gets there
with fewer, cheaper nodes.

The vocabulary:

- A *state* is a list of N*N ints, one candidate mask per cell: bit d-1 set
  when digit d may still go there.  A cell whose mask has one bit is *filled*.
  Example (9 x 9): a blank cell starts at 0b111111111, a given 5 at 0b000010000.
- *Peers* of a cell: the other cells of its row, column and box (20 for 9 x 9),
  a tuple per cell, made once per size (`Board`).
- *Propagation* (`_settle`) takes a state to its fixpoint:
  naked singles (a filled cell's digit leaves all its peers; a peer left with
  one candidate is filled in turn) and hidden singles (a digit with one place
  in a unit goes there).  A cell or a unit-digit left with no place is a dead end.
- Hidden singles are found for all 3N units at once with C-level work only.
  The *spread sum* is one Python int with a FIELD-bit field per (unit,
  digit) counting the digit's places in the unit; a filled cell counts 2
  there, so a placed digit is never mistaken for a hidden single.  It is
  made once per search (each cell's *spread*, multiplied into its 3 units'
  fields, summed) and then kept up to date as candidates go (one subtraction
  per digit lost).  Adding a constant to every field and shifting then gives
  the unit-digits with no place (dead) and with exactly one, all 243 (9 x 9)
  in a few big-int operations.
- The search branches on a cell with two digits (the last one a step left
  so, else the open cell with the fewest digits, leftmost), copying the
  state for each digit (a list copy of 81 ints is cheap next to undoing),
  with an explicit stack of (state, spread sum, cell, digits left).

Why: dancing links on top95 visits 65,581 nodes at about 10 us each; this
visits 9,625 (each settles many cells) at about 22 us: 3.7x xcover's time
where the links take 12x (README, "Benchmarks (solvers)"; bench/bench_dlx.py,
"unwind count").
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from operator import mul

FIELD = 5
"""Bits per (unit, digit) field of the spread sums: counts up to 16 with room for the tests' offsets."""
BOX = {4: 2, 9: 3, 16: 4}
"""Board side -> box side, for the sides this counter takes (a 25 x 25 mask table would need 2^25 entries)."""


@dataclass(frozen=True)
class Board:
    """Everything about an N x N board that does not depend on the puzzle (made once per N)."""

    size: int
    full: int
    """The mask of every digit: 2^N - 1."""
    peers: tuple[tuple[int, ...], ...]
    """Per cell: its peers."""
    units: tuple[tuple[int, ...], ...]
    """The 3N units (rows, columns, boxes), each as its cells."""
    spread: tuple[int, ...]
    """Per mask: one FIELD-bit field per digit holding 1 (2 for a one-bit mask, a filled cell)."""
    fan: tuple[int, ...]
    """Per cell: the multiplier that copies a spread into the fields of its 3 units."""
    lose: dict[int, tuple[int, ...]]
    """Per digit bit, per cell: what the spread sum loses when that cell loses that digit (one 1 a unit)."""
    low: int
    """1 in the lowest bit of every (unit, digit) field."""
    one: int
    """2^(FIELD-1) - 1 in every field: `(total + one) >> (FIELD-1)` has a field's low bit set at 1 or more."""
    two: int
    """2^(FIELD-1) - 2 in every field: the same for 2 or more."""
    where: tuple[tuple[int, int], ...]
    """Per field, by bit position // FIELD: (unit number, digit bit)."""
    order: tuple[int, ...]
    """Per mask: its number of digits, or N + 1 for a filled cell (so `min` skips it)."""


@cache
def board(size: int) -> Board:
    """The tables of an N x N board (N = 4, 9 or 16)."""
    box = BOX[size]  # a KeyError for other sides
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    cols = [tuple(r * size + c for r in range(size)) for c in range(size)]
    boxes = [
        tuple((top + i) * size + left + j for i in range(box) for j in range(box))
        for top in range(0, size, box)
        for left in range(0, size, box)
    ]
    units = tuple(rows + cols + boxes)
    cells = size * size
    member: list[list[int]] = [[] for _ in range(cells)]
    for number, unit in enumerate(units):
        for cell in unit:
            member[cell].append(number)
    peers = tuple(
        tuple(sorted({p for u in member[cell] for p in units[u]} - {cell})) for cell in range(cells)
    )
    width = FIELD * size  # one unit's fields
    fan = tuple(sum(1 << (width * u) for u in member[cell]) for cell in range(cells))
    spread = _spread_table(size)
    low = sum(1 << (FIELD * f) for f in range(len(units) * size))
    where = tuple((f // size, 1 << (f % size)) for f in range(len(units) * size))
    order = tuple(size + 1 if m & (m - 1) == 0 else m.bit_count() for m in range(1 << size))
    lose = {1 << d: tuple(f << (FIELD * d) for f in fan) for d in range(size)}
    one, two = low * ((1 << (FIELD - 1)) - 1), low * ((1 << (FIELD - 1)) - 2)
    return Board(size, (1 << size) - 1, peers, units, spread, fan, lose, low, one, two, where, order)


def _spread_table(size: int) -> tuple[int, ...]:
    """Per mask: 1 in the field of each of its digits; a one-bit mask puts 2 in its digit's field."""
    table = [0] * (1 << size)
    for mask in range(1, 1 << size):
        rest = mask & (mask - 1)
        table[mask] = table[rest] + (1 << (FIELD * ((mask ^ rest).bit_length() - 1)))
    for digit in range(size):
        table[1 << digit] = 2 << (FIELD * digit)
    return tuple(table)


@dataclass
class Tally:
    """What one count did: search states visited, cells filled, deepest branching."""

    nodes: int = 0
    filled: int = 0
    depth: int = 0


def count(
    size: int,
    cells: Sequence[int],
    limit: int | None = None,
    tally: Tally | None = None,
    found: Callable[[int], None] | None = None,
) -> int:
    """How many ways the grid (0 = blank) completes (at most `limit`); `found(total)` after each one."""
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")
    total = 0
    for _ in _search(size, cells, tally if tally is not None else Tally()):
        total += 1
        if found is not None:
            found(total)
        if total == limit:
            break
    return total


def solutions(size: int, cells: Sequence[int], tally: Tally | None = None) -> Iterator[tuple[int, ...]]:
    """Each completion of the grid (0 = blank) as its N*N digits, in the search's order."""
    for state in _search(size, cells, tally if tally is not None else Tally()):
        yield tuple(mask.bit_length() for mask in state)


def _search(size: int, cells: Sequence[int], tally: Tally) -> Generator[list[int], None, None]:
    """Each completed state, depth first with an explicit stack of (state, its sum, cell, digits left)."""
    table = board(size)
    order, spread, fan = table.order, table.spread, table.fan
    state = [table.full if d == 0 else 1 << (d - 1) for d in cells]
    total = sum(map(mul, map(spread.__getitem__, state), fan))
    total, filled, pair = _settle(state, total, [cell for cell, d in enumerate(cells) if d], table)
    stack: list[tuple[list[int], int, int, int]] = []
    nodes = 1
    try:
        while True:
            if total >= 0:
                # the settled state's next cell: one this step left with two digits, else the fewest
                if pair < 0 or order[state[pair]] != 2:
                    keys = list(map(order.__getitem__, state))
                    fewest = min(keys)
                    pair = -1 if fewest > size else keys.index(fewest)
                if pair < 0:
                    yield state
                else:
                    stack.append((state, total, pair, state[pair]))
                    tally.depth = max(tally.depth, len(stack))
            while stack and not stack[-1][3]:
                stack.pop()
            if not stack:
                return
            parent, total, cell, left = stack[-1]
            digit = left & -left
            stack[-1] = (parent, total, cell, left ^ digit)
            nodes += 1
            state = parent.copy()
            state[cell] = digit
            total += (spread[digit] - spread[parent[cell]]) * fan[cell]
            total, done, pair = _settle(state, total, [cell], table)
            filled += done
    finally:
        tally.nodes += nodes
        tally.filled += filled


def _settle(state: list[int], total: int, queue: list[int], table: Board) -> tuple[int, int, int]:
    """Settle singles from the cells in `queue` to a fixpoint: (new sum, -1 if dead; cells filled; a pair).

    The pair is the last cell left with two digits (-1 if none): the search
    branches there when it still has two, without scanning the board.
    `total` is the spread sum of `state` (see the module docstring), kept up
    to date cell by cell, so finding hidden singles costs a few big-int
    operations, not a pass over the board.
    """
    peers, spread, fan, lose = table.peers, table.spread, table.fan, table.lose
    low, where, units, one, two = table.low, table.where, table.units, table.one, table.two
    shift = FIELD - 1
    filled = 0
    pair = -1
    while True:
        while queue:
            cell = queue.pop()
            digit = state[cell]
            losing = lose[digit]
            filled += 1
            for peer in peers[cell]:
                mask = state[peer]
                if mask & digit:
                    mask ^= digit
                    state[peer] = mask
                    total -= losing[peer]
                    rest = mask & (mask - 1)
                    if not rest:
                        if not mask:
                            return -1, filled, pair
                        total += lose[mask][peer]  # its last digit now counts 2: a filled cell
                        queue.append(peer)
                    elif not rest & (rest - 1):
                        pair = peer
        some = ((total + one) >> shift) & low
        if some != low:
            return -1, filled, pair
        single = some ^ (((total + two) >> shift) & low)
        if not single:
            return total, filled, pair
        while single:
            bit = single & -single
            single ^= bit
            unit, digit = where[(bit.bit_length() - 1) // FIELD]
            for cell in units[unit]:
                mask = state[cell]
                if mask & digit:
                    if mask != digit:
                        state[cell] = digit
                        total += (spread[digit] - spread[mask]) * fan[cell]
                        queue.append(cell)
                    break
