"""Maze generators on any `CellGraph`: each an event generator with its own pseudocode and words.

Every generator reads only `graph.adjacency` (and Eller `graph.rows`), so
each runs unchanged on every shape.  All are one generator on an explicit
stack or list: no recursion, whatever the size.  Deterministic for a seed.

The events (cell ids are flat ints, see `graph`)::

    Visit(cell)            the first cell joins the maze (a root; the stack-based ones push it first)
    Carve(a, b)            the wall a | b goes; b is now in the maze and is the current cell.
                           For the stack-based generators (backtracker, growing tree)
                           a Carve also pushes b: one event per step.
    Pop(cell, index)       cell leaves the stack or active list (index: where it was; None = top)
    Push(cell, parent)     a root goes on the stack; Wilson's random walk grows by a cell
    Walk(cell, frm)        the current cell moves without carving (Aldous-Broder's walk, a hunt)
    Leap(cell, frm, steps, erased)
                           coarse level of Aldous-Broder and Wilson on large graphs: a whole walk
                           of `steps` moves from frm to cell (`erased`: moves lost with loops)
    Note(what)             a test that changes nothing (a skipped wall, a new row, a failed hunt)

`generate(graph, name, seed)` drains one and returns its passages.  The
square maze (`solvers.maze`) is the square shape of this graph: its
backtracker is the square graph's, with the same events and pseudocode.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

import numpy as np

from solvers.events import Carve, Note, Pop, Push, Visit, build, event_type
from solvers.i18n import N_, _, format_number, ngettext
from solvers.mazes import carving, walks
from solvers.mazes.graph import CellGraph, Passage
from solvers.runstats import run_to_end


@event_type
class Walk(NamedTuple):
    """The current cell moves from `frm` to `cell` without carving (revert: back to `frm`)."""

    cell: int
    frm: int
    line: int = 0


@event_type
class Leap(NamedTuple):
    """A coarse walk: `steps` moves from `frm` to `cell`, `erased` of them lost with loops (revert: frm)."""

    cell: int
    frm: int
    steps: int
    erased: int = 0
    line: int = 0


Events = Iterator[Any]


def _shuffled_neighbours(graph: CellGraph, rng: np.random.Generator) -> tuple[array[int], int]:
    """Each cell's neighbours in a random order, padded with the sentinel id `graph.size`, and the row length.

    Cell c's neighbours are ``near[d * c : d * c + d]`` of the one flat
    32-bit array returned with d: a million small lists would cost half a
    second more to build at 1000 x 1000, and a flat list four million int
    objects (150 MB) whose scattered reads dominate once cells are picked at
    random (growing tree).  Trying neighbours in a fixed random order,
    skipping visited ones, picks each time uniformly among those still
    unvisited (as MakePath's shuffle does), and costs one numpy sort for the
    whole graph instead of a shuffle a cell.
    """
    n = graph.size
    padded = graph.padded
    keys = rng.random(padded.shape)
    keys[padded == n] = 2.0
    order = np.argsort(keys, axis=1)
    return _int_array(np.take_along_axis(padded, order, 1)), padded.shape[1]


def _int_array(values: np.ndarray) -> array[int]:
    """A numpy array's values as one flat compact `array('i')` (fast scalar reads, no int objects)."""
    return array("i", values.astype(np.int32).tobytes())


# --- recursive backtracker -------------------------------------------------------------------

BACKTRACKER_CODE = carving.CARVE_PSEUDOCODE[:-1]
"""The one backtracker's pseudocode for every shape (its last line joins a drawing's parts)."""
BT_START, BT_KNOCK, BT_BACKTRACK = (
    carving.LINE_CARVE_START,
    carving.LINE_CARVE_KNOCK,
    carving.LINE_CARVE_BACKTRACK,
)


def backtracker(graph: CellGraph, seed: int | None = None) -> Events:
    """The text's recursive backtracker, on an explicit stack; a Carve pushes its cell.

    A root is a Push then a Visit.  It is `carving.carve`, the one loop of
    every shape, the square maze's included: on a square graph it makes the
    square's choices (`carving.square_choices`), so it carves the square
    demo's and `maze generate`'s maze for a seed, event for event.
    """
    rng = np.random.default_rng(seed)
    return carving.carve(backtracker_choices(graph, rng), (), rng, _events_only)


def _events_only(carved: carving.Carved) -> None:
    """The backtracker's run is its events: its return value is nothing."""


def backtracker_choices(graph: CellGraph, rng: np.random.Generator) -> carving.Choices:
    """The backtracker's random choices: on a square the square's step orders, else a shuffled table."""
    if graph.shape == "square":
        return carving.square_choices(graph.width, graph.height, rng)
    near, degree = _shuffled_neighbours(graph, rng)
    size = graph.size
    return carving.Choices(near, degree, size, lambda: int(rng.integers(size)))


def carve_rest(
    graph: CellGraph, passages: Sequence[Passage], seed: int | None = None, told: bool = True
) -> Generator[Any, None, list[Passage]]:
    """The End worker's carving on any shape: the backtracker through the cells no passage touches yet.

    `carving.carve` (the square maze's `carve_rest` too): the backtracker
    starts from every cell with a passage beside a cell without one, in id
    order, and goes through untouched cells only; then parts left apart are
    joined through one wall each beside a freshly carved cell (a Carve on
    LINE_CARVE_JOIN), so no loop appears.  Passages already there stay.  With
    none, this is `backtracker`.  Returns every passage: the given ones, then
    the carved ones in carving order, then the joins.
    """
    given = [(a, b) for a, b in passages]
    rng = np.random.default_rng(seed)

    def finish(carved: carving.Carved) -> list[Passage]:
        """The given passages, then the carved ones."""
        return [*given, *carved.passages()]

    return carving.carve(backtracker_choices(graph, rng), given, rng, finish, told, keep_order=True)


def complete(graph: CellGraph, passages: Sequence[Passage], seed: int | None = None) -> list[Passage]:
    """The passages `carve_rest` ends with (the same loop, untold): what the End worker asks on any shape."""
    return run_to_end(carve_rest(graph, passages, seed, told=False))


SHARED_CODE = (
    "function MakePath(cell)   // " + N_("dirs and i lack `var`:"),
    "    " + N_("mark cell visited") + "     // " + N_("ONE dirs, ONE i for all calls"),
    "    " + N_("dirs = cell's neighbours, shuffled"),
    "    for (i = 0; i < dirs.length; i++)",
    "        " + N_("if dirs[i] is not visited:"),
    "            " + N_("knock down cell | dirs[i]"),
    "            MakePath(dirs[i])   // " + N_("overwrites dirs and i"),
    "    return   // " + N_("the caller's loop reads the same i: done"),
)
SH_CALL, SH_KNOCK, SH_RETURN = 1, 6, 8


def backtracker_shared(graph: CellGraph, seed: int | None = None) -> Events:
    """MakePath with its loop state shared by every call (the text's missing `var`).

    The same explicit-stack backtracker, except that one `tries` iterator
    (the text's `dirs` and `i`) serves every frame: a call overwrites its
    caller's, so the first return finds the caller's loop already finished,
    and every frame returns at once.  Carving stops at the first backtrack.
    """
    choices = backtracker_choices(graph, np.random.default_rng(seed))
    near, d, root = choices.near, choices.degree, choices.root()
    visited = carving.visited_with_sentinel(graph.size)
    visited[root] = 1
    yield build(Push, (root, -1, root, SH_CALL))
    yield build(Visit, (root, SH_CALL))
    stack = [root]
    shared = iter(near[d * root : d * root + d])  # the one `dirs` and `i` (with `var`: one a frame)
    while stack:
        for nxt in shared:
            if not visited[nxt]:
                visited[nxt] = 1
                yield build(Carve, (stack[-1], nxt, SH_KNOCK))
                stack.append(nxt)
                shared = iter(near[d * nxt : d * nxt + d])
                break
        else:
            yield build(Pop, (stack.pop(), None, True, SH_RETURN))


# --- growing tree ---------------------------------------------------------------------------

GROWING_CODE = (
    N_("active = [a random cell], mark it"),
    N_("while active is not empty:"),
    "    " + N_("pick cell: the last (chance mix) or a random one"),
    "    " + N_("if cell has unvisited neighbours:"),
    "        " + N_("next = one of them, at random"),
    "        " + N_("knock down cell | next; mark next, add it to active"),
    "    else:",
    "        " + N_("remove cell: the last cell takes its place"),
)
GT_START, GT_KNOCK, GT_REMOVE = 1, 6, 8
DEFAULT_MIX = 0.5
"""Growing tree's chance of taking the newest cell (1: the backtracker, 0: like Prim)."""


def growing_tree(graph: CellGraph, seed: int | None = None, mix: float = DEFAULT_MIX) -> Events:
    """Growing tree: grow from the last active cell with chance `mix`, else from a random one.

    A removed cell's place is taken by the last one (O(1) where deleting from
    the middle costs the list's length), so with 0 < mix < 1 "last" is the
    newest only until a random removal; mix 1 is exactly the backtracker.
    """
    rng = np.random.default_rng(seed)
    near, d = _shuffled_neighbours(graph, rng)
    rand = random.Random(int(rng.integers(2**32))).random
    visited = carving.visited_with_sentinel(graph.size)
    tried = bytearray(graph.size)  # how many of its neighbours a cell has tried (no object per cell)
    root = int(rng.integers(graph.size))
    visited[root] = 1
    yield build(Push, (root, -1, root, GT_START))
    yield build(Visit, (root, GT_START))
    active = array("i", [root])  # compact: a random pick reads 4 bytes, not a scattered int object
    while active:
        index = len(active) - 1 if rand() < mix else int(rand() * len(active))
        cell = active[index]
        at, end = d * cell + tried[cell], d * cell + d
        while at < end:
            nxt = near[at]
            at += 1
            if not visited[nxt]:
                visited[nxt] = 1
                tried[cell] = at - d * cell
                yield build(Carve, (cell, nxt, GT_KNOCK))
                active.append(nxt)
                break
        else:
            last = active.pop()  # the last cell fills the gap: O(1) (its place is the Pop's value)
            if index < len(active):
                active[index] = last
            yield build(Pop, (cell, None if index == len(active) else index, True, GT_REMOVE))


# --- Prim -------------------------------------------------------------------------------------

PRIM_CODE = (
    N_("mark a random cell in; its neighbours are the frontier"),
    N_("while the frontier is not empty:"),
    "    " + N_("cell = a random frontier cell"),
    "    " + N_("in = one of its neighbours already in, at random"),
    "    " + N_("knock down in | cell; cell is in"),
    "    " + N_("cell's neighbours not in join the frontier"),
)
PRIM_START, PRIM_KNOCK = 1, 5


def prim(graph: CellGraph, seed: int | None = None) -> Events:
    """Prim's algorithm, simplified: a random frontier cell joins through a random neighbour inside."""
    rng = np.random.default_rng(seed)
    rand = random.Random(int(rng.integers(2**32))).random
    adjacency = graph.adjacency
    inside = bytearray(graph.size)
    listed = bytearray(graph.size)
    root = int(rng.integers(graph.size))
    inside[root] = listed[root] = 1
    yield build(Visit, (root, PRIM_START))
    frontier = list(adjacency[root])
    for cell in frontier:
        listed[cell] = 1
    while frontier:
        index = int(rand() * len(frontier))
        cell = frontier[index]
        frontier[index] = frontier[-1]
        frontier.pop()
        ins = [other for other in adjacency[cell] if inside[other]]
        inside[cell] = 1
        yield build(Carve, (ins[int(rand() * len(ins))], cell, PRIM_KNOCK))
        for other in adjacency[cell]:
            if not listed[other]:
                listed[other] = 1
                frontier.append(other)


# --- Kruskal ----------------------------------------------------------------------------------

KRUSKAL_CODE = (
    N_("every cell is a set of its own; shuffle every wall"),
    N_("for each wall a | b, in that order:"),
    "    " + N_("if a and b are in different sets:"),
    "        " + N_("knock down a | b; merge the two sets"),
    "    " + N_("else: keep it (a loop would form)"),
)
KR_START, KR_KNOCK, KR_SKIP = 1, 4, 5


def _edge_columns(graph: CellGraph) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of neighbours once, as two id columns in `graph.edges()` order (numpy, no tuples)."""
    padded = graph.padded
    ids = np.arange(graph.size)[:, None]
    rows, cols = np.nonzero((padded > ids) & (padded < graph.size))
    return rows, padded[rows, cols]


def kruskal(graph: CellGraph, seed: int | None = None) -> Events:
    """Randomised Kruskal: walls in random order, knocked down when they join two sets."""
    rng = np.random.default_rng(seed)
    firsts, seconds = _edge_columns(graph)
    order = rng.permutation(len(firsts))
    # Union-find on flat compact arrays: walls come in random order, so every
    # find reads far-apart cells; 4-byte entries (not int objects) keep those
    # reads in cache, and union by rank keeps the paths short.
    parent = array("i", range(graph.size))
    rank = bytearray(graph.size)
    yield build(Note, ("sets", KR_START))
    left = graph.size - 1
    for a, b in zip(firsts[order].tolist(), seconds[order].tolist(), strict=True):
        ra = a
        while (up := parent[ra]) != ra:
            parent[ra] = ra = parent[up]  # path halving
        rb = b
        while (up := parent[rb]) != rb:
            parent[rb] = rb = parent[up]
        if ra == rb:
            yield build(Note, ((a, b), KR_SKIP))
            continue
        if rank[ra] > rank[rb]:
            ra, rb = rb, ra
        parent[ra] = rb
        if rank[ra] == rank[rb]:
            rank[rb] += 1
        yield build(Carve, (a, b, KR_KNOCK))
        left -= 1
        if not left:
            return


# --- Aldous-Broder ---------------------------------------------------------------------------

ALDOUS_CODE = (
    N_("cell = a random cell, mark it"),
    N_("while some cell is unmarked:"),
    "    " + N_("next = a random neighbour of cell"),
    "    " + N_("if next is unmarked: knock down cell | next, mark next"),
    "    cell = next",
)
AB_START, AB_KNOCK, AB_WALK = 1, 4, 5

STEP_LIMIT = 40_000
"""Aldous-Broder and Wilson yield one event a walk step up to this many cells (200 x 200), else coarse ones.

At 200 x 200 a per-step Aldous-Broder run is about 2.2 million events
(about 55 steps a cell), 1-2 s to make; nobody watches more steps than that.
"""


def per_step(graph: CellGraph, steps: bool | None) -> bool:
    """One event a walk step (True), or coarse events (False); None chooses by the graph's size."""
    return graph.size <= STEP_LIMIT if steps is None else steps


def aldous_broder(graph: CellGraph, seed: int | None = None, steps: bool | None = None) -> Events:
    """Aldous-Broder: a random walk that carves into every cell it enters for the first time.

    Per step (`steps`, or small graphs): a Walk a step over old cells and a
    Carve a new cell.  Coarse: a Carve a new cell, after one Leap for the
    moves over old cells since the last one (numpy walk on square and torus).
    """
    rng = np.random.default_rng(seed)
    cell = int(rng.integers(graph.size))
    yield build(Visit, (cell, AB_START))
    if per_step(graph, steps):
        yield from _ab_steps(graph, rng, cell)
        return
    vectorised = walks.vectorised(graph)
    batches = walks.first_entrances(graph, rng, cell) if vectorised else _ab_walk(graph, rng, cell)
    leap, carve = Leap, Carve
    for news, froms, moves in batches:
        for where, frm, before in zip(news, froms, moves, strict=True):
            if before:
                yield build(leap, (frm, cell, before, 0, AB_WALK))
            yield build(carve, (frm, where, AB_KNOCK))
            cell = where


def _ab_steps(graph: CellGraph, rng: np.random.Generator, cell: int) -> Events:
    """Aldous-Broder's walk from `cell`, one event a step.

    Each step is an event, and the walk is long: it must cover every cell
    (about 70 steps a cell at 300 x 300, more as mazes grow), so a step is
    kept to one table read and one byte of numpy-made draws.
    """
    n, d, table = walks.step_table(graph)
    inside = bytearray(n)
    inside[cell] = 1
    left, base = n - 1, d * cell
    for k in walks.draws(rng, d, n):
        nxt = table[base + k]
        if nxt == cell:
            continue  # a spare slot: stay put, as if the draw never happened
        if inside[nxt]:
            yield build(Walk, (nxt, cell, AB_WALK))
        else:
            inside[nxt] = 1
            yield build(Carve, (cell, nxt, AB_KNOCK))
            left -= 1
            if not left:
                return
        cell, base = nxt, d * nxt


def _ab_walk(graph: CellGraph, rng: np.random.Generator, cell: int) -> walks.Entrances:
    """Aldous-Broder's walk in plain Python (shapes other than grids): each first entrance, no step events."""
    n, d, table = walks.step_table(graph)
    inside = bytearray(n)
    inside[cell] = 1
    left, base, moves = n - 1, d * cell, 0
    for k in walks.draws(rng, d, n):
        nxt = table[base + k]
        if nxt == cell:
            continue
        if inside[nxt]:
            moves += 1
        else:
            inside[nxt] = 1
            yield [nxt], [cell], [moves]
            left, moves = left - 1, 0
            if not left:
                return
        cell, base = nxt, d * nxt


# --- Wilson -----------------------------------------------------------------------------------

WILSON_CODE = (
    N_("mark one random cell in the maze"),
    N_("for each cell not in the maze, in random order:"),
    "    " + N_("walk at random from it, one cell at a time"),
    "    " + N_("walked into its own walk? erase the loop"),
    "    " + N_("until the walk reaches the maze:"),
    "    " + N_("knock down the walk's walls, back from the maze"),
)
WI_START, WI_WALK, WI_ERASE, WI_UNTIL, WI_KNOCK = 1, 3, 4, 5, 6


def wilson(graph: CellGraph, seed: int | None = None, steps: bool | None = None) -> Events:
    """Wilson's algorithm: loop-erased random walks, each carved into the maze when it reaches it.

    Per step (`steps`, or small graphs): a Push a walk step, a Pop an erased
    cell.  Coarse: a Leap a walk (its moves, how many were erased with their
    loops), then a Carve for each cell of its loop-erased path.
    """
    rng = np.random.default_rng(seed)
    rand = random.Random(int(rng.integers(2**32)))
    order: list[int] = rng.permutation(graph.size).tolist()
    yield build(Visit, (order[0], WI_START))
    if per_step(graph, steps):
        yield from _wilson_steps(graph, rand.random, order)
        return
    inside = bytearray(graph.size)
    inside[order[0]] = 1
    walker = walks.WilsonWalks(graph, rng, inside)
    leap, carve = Leap, Carve
    for path, moves, nxt in walker.walks(order):
        yield build(leap, (path[-1], path[0], moves, moves - len(path), WI_WALK))
        for cell in reversed(path):
            inside[cell] = 1
            yield build(carve, (nxt, cell, WI_KNOCK))
            nxt = cell


def _wilson_steps(graph: CellGraph, rand: Callable[[], float], order: list[int]) -> Events:
    """Wilson's walks one event a step: a Push a new walk cell, a Pop an erased one, then the carving."""
    adjacency = graph.adjacency
    inside = bytearray(graph.size)
    where = [-1] * graph.size  # a cell's place on the current walk
    inside[order[0]] = 1
    for first in order:
        if inside[first]:
            continue
        walk = [first]
        where[first] = 0
        yield build(Push, (first, -1, first, WI_WALK))
        cell = first
        while True:
            near = adjacency[cell]
            nxt = near[int(rand() * len(near))]
            if inside[nxt]:
                break
            if where[nxt] >= 0:
                while walk[-1] != nxt:
                    gone = walk.pop()
                    where[gone] = -1
                    yield build(Pop, (gone, None, True, WI_ERASE))
            else:
                where[nxt] = len(walk)
                walk.append(nxt)
                yield build(Push, (nxt, cell, nxt, WI_WALK))
            cell = nxt
        while walk:
            cell = walk.pop()
            where[cell] = -1
            inside[cell] = 1
            yield build(Carve, (nxt, cell, WI_KNOCK))
            yield build(Pop, (cell, None, False, WI_KNOCK))
            nxt = cell


# --- hunt-and-kill ----------------------------------------------------------------------------

HUNT_CODE = (
    N_("cell = a random cell, mark it"),
    "loop:",
    "    " + N_("while cell has unmarked neighbours:"),
    "        " + N_("next = one at random; knock down cell | next"),
    "        " + N_("mark next; cell = next"),
    "    " + N_("hunt: scan for an unmarked cell beside a marked one"),
    "    " + N_("none found? done"),
    "    " + N_("knock down found | its marked neighbour; cell = found"),
)
HK_START, HK_KNOCK, HK_HUNT, HK_DONE, HK_FOUND = 1, 4, 6, 7, 8


def hunt_and_kill(graph: CellGraph, seed: int | None = None) -> Events:
    """Hunt-and-kill: a random walk through new cells; when stuck, scan for a new cell beside the maze."""
    rng = np.random.default_rng(seed)
    near, d = _shuffled_neighbours(graph, rng)
    rand = random.Random(int(rng.integers(2**32))).random
    adjacency = graph.adjacency
    n = graph.size
    inside = carving.visited_with_sentinel(n)
    # beside[c] is 1 while c is new and touches the maze: the hunt's scan from the top
    # is then a C-speed find of the first 1 at or after `cursor`, below which none is set.
    beside = bytearray(n + 1)
    cell = int(rng.integers(n))
    inside[cell] = 1
    yield build(Visit, (cell, HK_START))
    cursor = n
    while True:
        for other in adjacency[cell]:
            if not inside[other]:
                beside[other] = 1
                if other < cursor:
                    cursor = other
        for nxt in near[d * cell : d * cell + d]:
            if not inside[nxt]:
                inside[nxt] = 1
                beside[nxt] = 0
                yield build(Carve, (cell, nxt, HK_KNOCK))
                cell = nxt
                break
        else:
            found = beside.find(1, cursor)
            if found < 0:
                yield build(Note, ("done", HK_DONE))
                return
            cursor = found
            beside[found] = 0
            neighbours = [other for other in adjacency[found] if inside[other]]
            join = neighbours[int(rand() * len(neighbours))]
            yield build(Walk, (join, cell, HK_HUNT))
            inside[found] = 1
            yield build(Carve, (join, found, HK_FOUND))
            cell = found


# --- Eller ------------------------------------------------------------------------------------

ELLER_CODE = (
    N_("for each row, top to bottom (cells keep their sets):"),
    "    " + N_("join some neighbours in the row that are in different sets"),
    "    " + N_("each set goes down at least once (a set that cannot"),
    "        " + N_("joins a neighbouring set in its row first)"),
    "    " + N_("cells below that nothing reached start sets of their own"),
    N_("last row: join every neighbour in a different set"),
)
EL_ROW, EL_JOIN, EL_DOWN, EL_MERGE, EL_LAST = 1, 2, 3, 4, 6


def eller(graph: CellGraph, seed: int | None = None) -> Events:
    """Eller's algorithm, one row at a time, on any shape whose `rows` follow one another.

    Generic form: a row's down links are its passages to the next row; a set
    with none left (triangles pointing down, a lower cell another set took)
    first joins a neighbouring set in its row.  It never uses links that skip
    a row: on the torus the top-bottom wrap, on 3-D all stairs but those
    between a floor's last row and the next floor's first.
    """
    rng = np.random.default_rng(seed)
    rand = random.Random(int(rng.integers(2**32))).random
    links = _RowLinks(graph)
    sets = array("i", range(graph.size))  # union-find parents: a cell's set is its root
    claimed = bytearray(graph.size)  # a cell below that a set has gone down to
    last = len(graph.rows) - 1
    for number, row in enumerate(graph.rows):
        yield build(Note, (("row", number), EL_ROW))
        across = links.across(number)
        final = number == last
        line = EL_LAST if final else EL_JOIN
        for a, b in across:
            if final or rand() < 0.5:
                ra, rb = _find(sets, a), _find(sets, b)
                if ra != rb:
                    sets[ra] = rb
                    yield build(Carve, (a, b, line))
        if not final:
            downs = links.down(number, rng)
            yield from _eller_down(row, downs, across, sets, claimed, rng, rand)


def _find(sets: array[int], cell: int) -> int:
    """The root of a cell's set, halving the path on the way."""
    while (up := sets[cell]) != cell:
        sets[cell] = cell = sets[up]
    return cell


class _RowLinks:
    """Each row's passages within it and down to the next row, read from `graph.padded` with numpy."""

    def __init__(self, graph: CellGraph) -> None:
        self.rows = [np.asarray(row, np.int64) for row in graph.rows]
        self.row_of = np.full(graph.size + 1, -1, np.int64)  # the sentinel id n is in no row
        for number, row in enumerate(self.rows):
            self.row_of[row] = number
        self.padded = graph.padded

    def _pairs(self, number: int, mask: np.ndarray) -> list[Passage]:
        """The (cell, neighbour) pairs of row `number` where `mask` is set, row by row, in adjacency order."""
        at, side = np.nonzero(mask)
        near = self.padded[self.rows[number]]
        return list(zip(self.rows[number][at].tolist(), near[at, side].tolist(), strict=True))

    def across(self, number: int) -> list[Passage]:
        """Neighbours within the row, each pair once (a < b), in row order."""
        cells = self.rows[number]
        near = self.padded[cells]
        return self._pairs(number, (self.row_of[near] == number) & (near > cells[:, None]))

    def down(self, number: int, rng: np.random.Generator) -> list[Passage]:
        """The row's links to the next row, in a random order (one permutation a row)."""
        pairs = self._pairs(number, self.row_of[self.padded[self.rows[number]]] == number + 1)
        return [pairs[i] for i in rng.permutation(len(pairs)).tolist()]


def _eller_down(
    row: Sequence[int],
    downs: list[Passage],
    across: list[Passage],
    sets: array[int],
    claimed: bytearray,
    rng: np.random.Generator,
    rand: Callable[[], float],
) -> Events:
    """Take each set of the row down at least once, sets in random order; stranded sets merge sideways first.

    `downs` comes shuffled, so each set's links, gathered in that order, are
    in a random order too: the first still free goes down, each other free
    one with chance 1/3.
    """
    groups: dict[int, list[Passage]] = {_find(sets, a): [] for a in row}
    for a, b in downs:
        groups[_find(sets, a)].append((a, b))
    linked: set[int] = set()  # the roots of the sets that went down
    stranded: list[int] = []
    keys = list(groups)
    for group in rng.permutation(len(keys)).tolist():
        key = keys[group]
        went = False
        for a, b in groups[key]:
            if not claimed[b] and (not went or rand() < 1 / 3):
                claimed[b] = 1
                sets[b] = key  # b, below, is still a set of its own
                went = True
                yield build(Carve, (a, b, EL_DOWN))
        if went:
            linked.add(key)
        else:
            stranded.append(key)
    if stranded:
        yield from _eller_merge(row, across, sets, linked, stranded)


def _eller_merge(
    row: Sequence[int], across: list[Passage], sets: array[int], linked: set[int], stranded: list[int]
) -> Events:
    """Join each set that could not go down to a neighbouring set in its row, until one went down."""
    members: dict[int, list[int]] = {}
    for cell in row:
        members.setdefault(_find(sets, cell), []).append(cell)
    beside: dict[int, list[int]] = {}
    for a, b in across:
        beside.setdefault(a, []).append(b)
        beside.setdefault(b, []).append(a)
    while stranded:
        key = _find(sets, stranded.pop())
        if key in linked:
            continue
        a, b = next((a, b) for a in members[key] for b in beside.get(a, ()) if _find(sets, b) != key)
        other = _find(sets, b)
        sets[key] = other
        members[other] += members.pop(key)
        yield build(Carve, (a, b, EL_MERGE))
        if other not in linked:
            stranded.append(other)


# --- the registry -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Algorithm:
    """A generator with its name, pseudocode, words per line and whether a Carve pushes."""

    name: str
    title: str
    run: Callable[[CellGraph, int | None], Events]
    code: tuple[str, ...]
    words: dict[int, str]
    carve_pushes: bool = False  # backtracker and growing tree: a Carve also pushes its cell
    stack_words: str | None = N_("stack")  # what its waiting cells are called; None: it keeps none
    frontier: bool = False  # Prim: the cells beside the maze wait to join (drawn as a stack's cells are)


ALGORITHMS: dict[str, Algorithm] = {
    algorithm.name: algorithm
    for algorithm in (
        Algorithm(
            "backtracker",
            N_("recursive backtracker"),
            backtracker,
            BACKTRACKER_CODE,
            {
                BT_START: N_("start from {a}: push it"),
                BT_KNOCK: N_("knock down {a} | {b}: mark {b}, push it"),
                BT_BACKTRACK: N_("{a}: no unvisited neighbour, pop (backtrack)"),
            },
            carve_pushes=True,
        ),
        Algorithm(
            "prim",
            N_("Prim (random frontier cell)"),
            prim,
            PRIM_CODE,
            {
                PRIM_START: N_("start from {a}: its neighbours form the frontier"),
                PRIM_KNOCK: N_("frontier cell {b} joins through {a}"),
            },
            stack_words=N_("frontier: waiting to join"),
            frontier=True,
        ),
        Algorithm(
            "kruskal",
            N_("Kruskal (random walls, sets)"),
            kruskal,
            KRUSKAL_CODE,
            {
                KR_START: N_("every cell is its own set; the walls are shuffled"),
                KR_KNOCK: N_("{a} and {b} are in different sets: knock down, merge"),
                KR_SKIP: N_("{a} and {b} are already joined: keep the wall"),
            },
            stack_words=None,
        ),
        Algorithm(
            "wilson",
            N_("Wilson (loop-erased walks)"),
            wilson,
            WILSON_CODE,
            {
                WI_START: N_("{a} is the maze so far"),
                WI_WALK: N_("the walk steps to {a}"),
                WI_ERASE: N_("the walk crossed itself: erase {a}"),
                WI_KNOCK: N_("the walk reached the maze: knock down {a} | {b}"),
            },
        ),
        Algorithm(
            "aldous-broder",
            N_("Aldous-Broder (random walk)"),
            aldous_broder,
            ALDOUS_CODE,
            {
                AB_START: N_("start the walk at {a}"),
                AB_KNOCK: N_("{b} is new: knock down {a} | {b}"),
                AB_WALK: N_("{a} was seen before: walk on"),
            },
            stack_words=None,
        ),
        Algorithm(
            "hunt-and-kill",
            N_("hunt-and-kill"),
            hunt_and_kill,
            HUNT_CODE,
            {
                HK_START: N_("start from {a}"),
                HK_KNOCK: N_("kill: walk on, knock down {a} | {b}"),
                HK_HUNT: N_("stuck: hunt from the top, found a new cell beside {a}"),
                HK_FOUND: N_("knock down {a} | {b}, walk on from {b}"),
                HK_DONE: N_("the hunt finds no new cell: done"),
            },
            stack_words=None,
        ),
        Algorithm(
            "eller",
            N_("Eller (row by row)"),
            eller,
            ELLER_CODE,
            {
                EL_ROW: N_("next row"),
                EL_JOIN: N_("join {a} | {b} in the row"),
                EL_DOWN: N_("the set of {a} goes down to {b}"),
                EL_MERGE: N_("that set cannot go down: join {a} | {b} in the row"),
                EL_LAST: N_("last row: join {a} | {b}"),
            },
            stack_words=None,
        ),
        Algorithm(
            "growing-tree",
            N_("growing tree (newest/random)"),
            growing_tree,
            GROWING_CODE,
            {
                GT_START: N_("start from {a}: it is active"),
                GT_KNOCK: N_("knock down {a} | {b}: {b} is active"),
                GT_REMOVE: N_("{a} has no unvisited neighbour: no longer active"),
            },
            carve_pushes=True,
            stack_words=N_("active list"),
        ),
    )
}
SHARED_BUG = Algorithm(
    "backtracker-shared",
    N_("backtracker, shared loop state (missing var)"),
    backtracker_shared,
    SHARED_CODE,
    {
        SH_CALL: N_("MakePath({a}): mark it"),
        SH_KNOCK: N_("knock down {a} | {b}; MakePath({b}) overwrites the shared dirs and i"),
        SH_RETURN: N_("return from {a}: the caller's loop reads the same, finished i"),
    },
    carve_pushes=True,
)
"""The text's bug: not in ALGORITHMS (it does not make a maze), shown beside the correct run."""


def algorithm(name: str) -> Algorithm:
    """The algorithm called `name` (the bug run is 'backtracker-shared'); KeyError if unknown."""
    return SHARED_BUG if name == SHARED_BUG.name else ALGORITHMS[name]


class Labelled(Protocol):
    """What narration needs of a graph: a cell's name (the square maze's model names its cells too)."""

    def label(self, cell: int) -> str:
        """A cell as people read it: '(2,3)', 'floor 1 (2,3)', 'ring 2 #5'."""
        ...


def narrate(event: Any, which: Algorithm, graph: Labelled) -> str | None:
    """The event in words, for the log: the algorithm's words for its pseudocode line."""
    template = which.words.get(getattr(event, "line", 0))
    kind = type(event)
    if template is None:
        return None
    words = _(template)
    if kind is Carve:
        return words.format(a=graph.label(event.cell), b=graph.label(event.other))
    if kind is Walk:
        return words.format(a=graph.label(event.cell))
    if kind is Leap:
        return leap_words(event, graph)
    if kind in (Push, Pop):
        if kind is Pop and not event.backtrack:
            return None  # a walk's cell settling after its Carve: the Carve told it
        return words.format(a=graph.label(event.node))
    if kind is Visit and which.carve_pushes:  # a root, after the Push that told its line's words
        return _("mark {a} visited").format(a=graph.label(event.where))
    if kind is Visit:
        return words.format(a=graph.label(event.where))
    if kind is Note and isinstance(event.what, tuple) and len(event.what) == 2 and event.what[0] != "row":
        a, b = event.what
        return words.format(a=graph.label(a), b=graph.label(b))
    return words if "{" not in words else None


def leap_words(event: Leap, graph: Labelled) -> str:
    """A coarse walk in words: how far it went (Aldous-Broder), and how much its loops erased (Wilson)."""
    count = format_number(event.steps)
    if event.line == WI_WALK:
        sentence = ngettext(
            "a walk from {a} reached the maze after {count} step; {erased} of them were erased with loops",
            "a walk from {a} reached the maze after {count} steps; {erased} of them were erased with loops",
            event.steps,
        )
        return sentence.format(a=graph.label(event.frm), count=count, erased=format_number(event.erased))
    sentence = ngettext(
        "walked {count} step over old cells to {a}, beside a new cell",
        "walked {count} steps over old cells to {a}, beside a new cell",
        event.steps,
    )
    return sentence.format(a=graph.label(event.cell), count=count)


def generate(graph: CellGraph, name: str = "backtracker", seed: int | None = None) -> list[Passage]:
    """The passages the named generator carves (its events drained)."""
    carve_kind = Carve
    return [(event[0], event[1]) for event in algorithm(name).run(graph, seed) if type(event) is carve_kind]
