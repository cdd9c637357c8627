"""One search engine for games too big to search to the end: m,n,k, gomoku, Connect Four.

Vocabulary
----------
- `Limits(depth, seconds, nodes, clock)`: iterative deepening goes one ply
  deeper at a time until `depth` is searched, or until `seconds` on `clock`
  (injectable: tests pass node and depth limits, never time) or `nodes` run out;
  an unfinished iteration is thrown away, the last finished one answers.
- `Engine(game, limits)` searches a `grids.Grid`: depth-limited alpha-beta
  (fail-soft, values always for MAX), a transposition table keyed by Zobrist
  hashes, move ordering (the table's best move, then two killer moves per ply,
  then the game's own order: centre first, near stones only on big boards),
  heuristic `score` at the depth limit.
  `think(pos)` is the fast plain path (the computer's move); `events(pos)` is
  the same search as events for the tree view, node for node (a test checks).
  On Connect Four `think` runs on line codes (`_line_search`: each row, column
  and diagonal a number, the heuristic changed by a move's four lines, no
  `Position` built), again node for node the search on `Position`s
  (`lines=False`; a test checks) at 8-11 times its nodes per second.
- A table entry is used for its value only when it was searched to the same
  remaining depth, so a search with the table returns exactly the values of
  one without it (a test checks); its best move always orders the moves.
- Events: the standard `Push`, `Pop`, `Evaluate` (a finished game), `Bound`,
  `Prune`, plus `Iteration(node, depth)` (node 0 is the deepening loop, each
  iteration's root its child), `Heuristic(node, value, terms)` (a leaf at the
  depth limit, its score broken into terms) and `TableHit(node, value, flag)`.

Example: `Engine(MNK(3, 3, 3)).think(MNK(3, 3, 3).start())` searches the whole
of tic-tac-toe and finds a draw (value 0).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from math import inf
from typing import Any, NamedTuple, cast

from solvers.events import Bound, Evaluate, Pop, Prune, Push, event_type
from solvers.grids import EMPTY, FOUR_POINTS, WIN, ConnectFour, Grid, Position, line_code
from solvers.i18n import N_
from solvers.minimax import MAX, MIN

EXACT, LOWER, UPPER = "exact", "lower", "upper"
"""Table flags: the value is exact, a lower bound (it failed high) or an upper bound."""
CLOCK_EVERY = 32
"""Nodes between two looks at the clock."""

ENGINE_PSEUDOCODE: tuple[str, ...] = (
    N_("for depth = 1, 2, ... until the time is up:"),
    "  alphabeta(root, depth, −∞, +∞)",
    "function alphabeta(s, depth, α, β):",
    "  if terminal(s): return utility(s)",
    "  if depth = 0: return heuristic(s)",
    "  " + N_("if table has s at this depth: use it"),
    "  " + N_("for m in ordered(moves near stones):"),
    "    v = alphabeta(result(s,m), depth−1, α, β)",
    "    " + N_("raise α (MAX) or lower β (MIN)"),
    "    " + N_("if α ≥ β: remember killer m; cut"),
    "  " + N_("store s in the table; return best"),
)
"""The engine as shown beside the games demo; events name these 1-based lines."""
L_ITERATE, L_ROOT, L_CALL, L_TERMINAL, L_HEURISTIC, L_TABLE = 1, 2, 3, 4, 5, 6
L_LOOP, L_RECURSE, L_WINDOW, L_CUT, L_STORE = 7, 8, 9, 10, 11


@event_type
class Iteration(NamedTuple):
    """Iterative deepening starts the iteration to `depth` at `node` (a child of node 0)."""

    node: int
    depth: int
    line: int = L_ITERATE


@event_type
class Heuristic(NamedTuple):
    """A leaf at the depth limit is scored by the heuristic: `terms` are (name, x, o, points)."""

    node: int
    value: float
    terms: tuple[tuple[str, int, int, int], ...]
    line: int = L_HEURISTIC


@event_type
class TableHit(NamedTuple):
    """The transposition table already knows `node`'s value at this depth (`flag`: exact, lower, upper)."""

    node: int
    value: float
    flag: str
    line: int = L_TABLE


class TimeUp(Exception):
    """The clock or the node budget ran out in the middle of an iteration."""


@dataclass(frozen=True)
class Limits:
    """When iterative deepening stops: a depth, a time on `clock`, a node budget (None: no limit).

    `least_depth`: the iterations up to this depth finish whatever the clock
    and the node budget say, so a busy machine, or a threat search that used
    the time first, never leaves a level shallower than that.
    """

    depth: int | None = None
    seconds: float | None = None
    nodes: int | None = None
    clock: Callable[[], float] = time.perf_counter
    least_depth: int = 0


LEVELS: dict[str, Limits] = {
    "easy": Limits(depth=1),
    "medium": Limits(depth=3, seconds=1.8),
    "hard": Limits(depth=None, seconds=1.8, nodes=250_000, least_depth=3),
}
"""The computer's strength.  Easy looks one move ahead (it takes a win but may miss a
block); medium three plies (never misses a win in one or a block); hard deepens until
1.8 s are up (answers within 2 s on an idle machine) or 250,000 nodes are searched, and
always to medium's three plies at least: on a loaded machine, with its threat search
first, 1.8 s of the clock left it one or two plies, and it lost to medium (issue 31).

The node budget bounds what "why this move?" replays: Connect Four's search on line
codes reaches ~800k nodes a second, and the replay of 1.8 s of it (the search on
Positions, with events, every node kept in the tree) held 187 MB a third of the way
through; 250,000 nodes replay in ~170 MB and still reach depth 11 from the first move."""
DEFAULT_LEVEL = "medium"


@dataclass
class Answer:
    """What a search found: the move, its value for MAX, the depth finished, the work, the line."""

    move: int | None = None
    value: float = 0.0
    depth: int = 0
    nodes: int = 0
    tt_hits: int = 0
    pv: list[int] = field(default_factory=list)
    seconds: float = 0.0
    values: list[tuple[int, float, int | None]] = field(default_factory=list)
    """Per finished iteration: (depth, value, best move)."""
    threat: Any = None
    """The `solvers.threats.Plan` that chose the move, when the threat search did (no iteration ran)."""


def ordered_moves(moves: list[int], first: int | None, killers: tuple[int, ...]) -> list[int]:
    """`moves` to try in this order: the table's move `first`, then the killers, then the rest as given."""
    front = [first] if first is not None else []
    front += [m for m in killers if m != first]
    front = [m for m in front if m in moves]
    if not front:
        return moves
    return front + [m for m in moves if m not in front]


Entry = tuple[int, float, str, int | None]
"""A table entry: the depth searched, the value, its flag (EXACT, LOWER, UPPER), the best move."""
Points = tuple[float, ...]
"""A line's points by its code (`Grid.line_values`)."""
CellLines = tuple[int, int, Points, int, int, Points, int, int, Points, int, int, Points]
"""A stone on a cell and the four lines through it: (line, what the stone adds to its code, points) x 4."""


class LineTables(NamedTuple):
    """A Connect Four board as `Engine._line_search` reads it: its lines, their points, each cell's lines."""

    lines: list[tuple[int, ...]]
    """The cells of each row, column and diagonal (`Grid.line_cells`)."""
    points: list[Points]
    """Each line's points by its code (`Grid.line_values` of its length)."""
    order: tuple[int, ...]
    """The columns, centre first (`ConnectFour.order`)."""
    drops: list[tuple[int, ...]]
    """Each column's cells from the bottom up: the cell a stone fills, by the column's height."""
    through: dict[int, list[CellLines]]
    """For each player, each cell's lines (`CellLines`: a cell in fewer lines has a spare one, added 0)."""
    zobrist: dict[int, list[int]]
    """For each player, each cell's Zobrist key (`Grid.zobrist`)."""

    @classmethod
    def of(cls, game: ConnectFour) -> LineTables:
        """The tables of `game`'s board."""
        lines = game.line_cells()
        points = [game.line_values(len(line)) for line in lines]
        size, cols = game.rows * game.cols, game.cols
        through = {
            player: [cls._cell_lines(lines, points, cell, digit) for cell in range(size)]
            for player, digit in ((MAX, 1), (MIN, 2))
        }
        drops = [tuple(row * cols + col for row in reversed(range(game.rows))) for col in range(cols)]
        zobrist = {player: game.zobrist(player) for player in (MAX, MIN)}
        return cls(lines, points, game.order, drops, through, zobrist)

    @staticmethod
    def _cell_lines(lines: list[tuple[int, ...]], points: list[Points], cell: int, digit: int) -> CellLines:
        """The lines through `cell` and what a stone (`digit` 1: x, 2: o) there adds to their codes."""
        parts = [
            (index, digit * 3 ** line.index(cell), points[index])
            for index, line in enumerate(lines)
            if cell in line
        ]
        parts += [(len(lines), 0, (0.0,))] * (4 - len(parts))  # the spare line: code 0 for ever
        return cast(CellLines, tuple(part for triple in parts for part in triple))


class Engine:
    """Depth-limited alpha-beta with iterative deepening, a transposition table and killer moves."""

    def __init__(
        self, game: Grid, limits: Limits | None = None, *, table: bool = True, lines: bool = True
    ) -> None:
        self.game, self.limits, self.use_table = game, limits or Limits(), table
        self.use_lines = lines and isinstance(game, ConnectFour)
        """Whether `think` searches on line codes (`_line_search`: Connect Four) or on `Position`s."""
        self.only: frozenset[int] | None = None
        """The moves the root may choose from (None: every move); the threat planner's proven defences."""
        self._line_tables: LineTables | None = None
        self._orders: dict[tuple[int | None, tuple[int, ...], int], list[int]] = {}
        """`ordered_moves` of the line search by (the table's move, the killers, the full columns as bits)."""
        self._reset()

    def _reset(self) -> None:
        """A fresh table, killers and counters (every search starts from nothing)."""
        self.table: dict[int, Entry] = {}
        self.killers: dict[int, tuple[int, ...]] = {}
        self.nodes = self.tt_hits = 0
        # what `events` would have yielded, counted by the plain path (`event_counts`)
        self.pushes = self.pops = self.iterations = self.ends = self.leaves = self.bounds = self.cuts = 0
        self.deepest = 0  # the deepest ply a node was searched at
        self._deadline = self._node_cap = inf
        self._root_move: int | None = None
        self._next_id = 1

    # --- the shared pieces ------------------------------------------------------------

    def _tick(self) -> None:
        """Count a node; stop the iteration when the node budget or the time runs out."""
        self.nodes += 1
        if self.nodes > self._node_cap:
            raise TimeUp
        if self.nodes % CLOCK_EVERY == 0 and self.limits.clock() > self._deadline:
            raise TimeUp

    def _probe(self, pos: Position, depth: int, alpha: float, beta: float) -> tuple[float | None, int | None]:
        """The table's usable value for `pos` at `depth` (or None) and its best move."""
        entry = self.table.get(pos.key) if self.use_table else None
        if entry is None:
            return None, None
        stored, value, flag, move = entry
        usable = stored == depth and (
            flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha)
        )
        return (value if usable else None), move

    def _store(
        self, pos: Position, depth: int, best: float, alpha: float, beta: float, move: int | None
    ) -> None:
        """Remember `pos`'s value (fail-soft: a bound when it fell outside the window)."""
        if self.use_table:
            flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
            self.table[pos.key] = (depth, best, flag, move)

    def _ordered(self, pos: Position, ply: int, first: int | None) -> list[int]:
        """The moves to try: the table's move, then this ply's killers, then the game's order (at the
        root only the moves in `only`, when given)."""
        moves = self.game.candidates(pos)
        if ply == 0 and self.only is not None:
            moves = [move for move in moves if move in self.only] or moves
        return ordered_moves(moves, first, self.killers.get(ply, ()))

    def _killer(self, ply: int, move: int) -> None:
        """A move that caused a cut at `ply` is tried early at that ply next time (two kept)."""
        killers = self.killers.get(ply, ())
        if move not in killers:
            self.killers[ply] = (move, killers[0]) if killers else (move,)

    def principal_variation(self, pos: Position, depth: int) -> list[int]:
        """The expected line: the table's best moves from `pos`, at most `depth` of them."""
        line: list[int] = []
        seen: set[int] = set()
        while len(line) < depth and not self.game.terminal(pos) and pos.key not in seen:
            seen.add(pos.key)
            entry = self.table.get(pos.key)
            if entry is None or entry[3] is None:
                break
            line.append(entry[3])
            pos = self.game.result(pos, entry[3])
        return line

    def _budget(self, depth: int, deadline: float) -> None:
        """The iteration at `depth` stops at `deadline` and the node budget, unless within the least depth."""
        budgeted = depth > self.limits.least_depth
        self._deadline = deadline if budgeted else inf
        self._node_cap = self.limits.nodes if budgeted and self.limits.nodes is not None else inf

    def _depths(self, pos: Position) -> range:
        """The iterations to run: 1 up to the depth limit (at most the empty cells)."""
        most = pos.empty if self.limits.depth is None else min(self.limits.depth, pos.empty)
        return range(1, max(1, most) + 1)

    # --- the fast plain path ---------------------------------------------------------------

    def think(self, pos: Position) -> Answer:
        """Iterative deepening to the limits; the last finished iteration's move and value."""
        self._reset()
        started = self.limits.clock()
        deadline = inf if self.limits.seconds is None else started + self.limits.seconds
        answer = Answer()
        for depth in self._depths(pos):
            self._budget(depth, deadline)
            try:
                value, move = self._root(pos, depth)
            except TimeUp:
                break
            answer.move, answer.value, answer.depth = move, value, depth
            answer.values.append((depth, value, move))
            if abs(value) >= WIN:  # a proven win or loss: deeper cannot change it
                break
        self._finish(answer, pos)
        answer.seconds = self.limits.clock() - started
        return answer

    def _finish(self, answer: Answer, pos: Position) -> None:
        """The work done and the expected line; a move even when not one iteration finished."""
        answer.nodes, answer.tt_hits = self.nodes, self.tt_hits
        if answer.move is None:  # not even depth 1 finished: the game's first choice
            answer.move = self.game.candidates(pos)[0]
        answer.pv = self.principal_variation(pos, answer.depth) if self.use_table else [answer.move]

    def _root(self, pos: Position, depth: int) -> tuple[float, int | None]:
        """One iteration: the root's value and best move (the root is a node like any other)."""
        if self.use_lines and not self.game.terminal(pos):
            value = self._line_search(pos, depth)
        else:
            value = self._search(pos, depth, -inf, inf, 0)
        return value, self._root_move

    def _search(self, pos: Position, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Alpha-beta to `depth` more plies; values for MAX, fail-soft (counting what events would say)."""
        self._tick()
        self.pushes += 1
        if ply == 0:
            self.iterations += 1
        elif ply > self.deepest:
            self.deepest = ply
        game = self.game
        if game.terminal(pos):
            self.ends += 1
            self.pops += 1
            return game.utility(pos)
        if depth == 0:
            self.leaves += 1
            self.pops += 1
            return game.score(pos)
        known, first = self._probe(pos, depth, alpha, beta)
        if known is not None:
            self.tt_hits += 1
            self.pops += 1
            return known
        maximizing = pos.mover == MAX
        best, best_move, low, high = (-inf if maximizing else inf), None, alpha, beta
        ordered = self._ordered(pos, ply, first)
        for index, move in enumerate(ordered):
            value = self._search(game.result(pos, move), depth - 1, alpha, beta, ply + 1)
            if (value > best) if maximizing else (value < best):
                best, best_move = value, move
            if maximizing and best > alpha:
                alpha = best
                self.bounds += 1
            elif not maximizing and best < beta:
                beta = best
                self.bounds += 1
            if alpha >= beta:
                self._killer(ply, move)
                self.cuts += index + 1 < len(ordered)
                break
        self._store(pos, depth, best, low, high, best_move)
        if ply == 0:
            self._root_move = best_move
        self.pops += 1
        return best

    # --- the plain path on line codes (Connect Four) --------------------------------------

    def _tables(self) -> LineTables:
        """The game's lines as the line search reads them (built once per engine)."""
        if self._line_tables is None:
            game = self.game
            assert isinstance(game, ConnectFour)  # use_lines says so
            self._line_tables = LineTables.of(game)
        return self._line_tables

    def _line_search(self, pos: Position, depth: int) -> float:
        """`_search` from the root on Connect Four: the same nodes, values, table and counters, ~10x faster.

        No `Position` is built below the root: each row, column and diagonal
        is a number (`grids.line_code`), a stone adds its digit to the codes
        of the four lines through its cell, and a line's points are read from
        `Grid.line_values`, so a child's heuristic is its parent's plus the
        change in four lines, and a win is a change of `FOUR_POINTS`.  A child
        at the depth limit or at the end of the game is scored in its parent's
        loop, without a call.  The clock is read at the same nodes as `_tick`
        reads it, and what `events` would yield is counted (pushes and pops
        worked out from the nodes at the end).  One long closure on purpose:
        locals are the fastest names CPython has.
        """
        tables = self._tables()
        codes = [line_code(pos.cells, line) for line in tables.lines] + [0]  # the last: the spare line
        score = sum(points[code] for points, code in zip(tables.points, codes[:-1], strict=True))
        if abs(score) >= FOUR_POINTS / 2:  # k in a row that the position does not know of
            return self._search(pos, depth, -inf, inf, 0)
        rows, order, drops, through = self.game.rows, tables.order, tables.drops, tables.through
        zobrist = tables.zobrist
        heights = [sum(pos.cells[cell] != EMPTY for cell in column) for column in drops]
        full = sum(1 << col for col, height in enumerate(heights) if height == rows)
        orders, table, killers, use_table = self._orders, self.table, self.killers, self.use_table
        probe = (table if use_table else {}).get
        clock, deadline, node_cap = self.limits.clock, self._deadline, self._node_cap
        started = nodes = self.nodes
        tt_hits, leaves, ends, bounds, cuts = self.tt_hits, self.leaves, self.ends, self.bounds, self.cuts
        deepest, root_move, stopped_at = self.deepest, self._root_move, -1
        next_look = min(node_cap + 1, (nodes // CLOCK_EVERY + 1) * CLOCK_EVERY)

        def look(ply: int) -> None:
            """`_tick`'s checks at the node counted last: the node budget; the clock every CLOCK_EVERY."""
            nonlocal next_look, stopped_at
            if nodes > node_cap or (nodes % CLOCK_EVERY == 0 and clock() > deadline):
                stopped_at = ply
                raise TimeUp
            next_look = min(node_cap + 1, (nodes // CLOCK_EVERY + 1) * CLOCK_EVERY)

        def search(
            depth: int, alpha: float, beta: float, ply: int, key: int, score: float, empty: int, mover: int
        ) -> float:
            """A node above the depth limit that goes on, counted: `_search`'s loop on line codes."""
            nonlocal nodes, tt_hits, leaves, ends, bounds, cuts, deepest, root_move, full
            entry = probe(key)
            first = None
            if entry is not None:
                stored, known, flag, first = entry
                if stored == depth and (
                    flag == EXACT or (flag == LOWER and known >= beta) or (flag == UPPER and known <= alpha)
                ):
                    tt_hits += 1
                    return known
            killed = killers.get(ply, ())
            ordered = orders.get((first, killed, full))
            if ordered is None:
                legal = [col for col in order if not full >> col & 1]
                ordered = orders[first, killed, full] = ordered_moves(legal, first, killed)
            maximizing = mover == MAX
            best, best_move, low, high = (-inf if maximizing else inf), None, alpha, beta
            lines_of, keys, below, won = through[mover], zobrist[mover], ply + 1, mover * (WIN + empty - 1)
            value: float
            for col in ordered:
                nodes += 1
                if nodes >= next_look:
                    look(below)
                if below > deepest:
                    deepest = below
                height = heights[col]
                cell = drops[col][height]
                line1, add1, points1, line2, add2, points2, line3, add3, points3, line4, add4, points4 = (
                    lines_of[cell]
                )
                code1, code2, code3, code4 = codes[line1], codes[line2], codes[line3], codes[line4]
                change = (
                    points1[code1 + add1]
                    - points1[code1]
                    + points2[code2 + add2]
                    - points2[code2]
                    + points3[code3 + add3]
                    - points3[code3]
                    + points4[code4 + add4]
                    - points4[code4]
                )
                if change >= FOUR_POINTS / 2 or change <= -FOUR_POINTS / 2:  # the mover has k in a row
                    value = won
                    ends += 1
                elif empty == 1:  # the board is full: a draw
                    value = 0
                    ends += 1
                elif depth == 1:
                    value = score + change
                    leaves += 1
                else:
                    codes[line1], codes[line2] = code1 + add1, code2 + add2
                    codes[line3], codes[line4] = code3 + add3, code4 + add4
                    heights[col] = height + 1
                    if height + 1 == rows:
                        full |= 1 << col
                    value = search(
                        depth - 1, alpha, beta, below, key ^ keys[cell], score + change, empty - 1, -mover
                    )
                    full &= ~(1 << col)
                    heights[col] = height
                    codes[line1], codes[line2], codes[line3], codes[line4] = code1, code2, code3, code4
                if maximizing:
                    if value > best:
                        best, best_move = value, col
                    if best > alpha:
                        alpha = best
                        bounds += 1
                else:
                    if value < best:
                        best, best_move = value, col
                    if best < beta:
                        beta = best
                        bounds += 1
                if alpha >= beta:
                    if col not in killed:
                        killers[ply] = (col, killed[0]) if killed else (col,)
                    cuts += col != ordered[-1]
                    break
            if use_table:
                flag = UPPER if best <= low else LOWER if best >= high else EXACT
                table[key] = (depth, best, flag, best_move)
            if not ply:
                root_move = best_move
            return best

        try:
            nodes += 1
            if nodes >= next_look:
                look(0)
            self.iterations += 1
            return search(depth, -inf, inf, 0, pos.key, score, pos.empty, pos.mover)
        finally:
            self.nodes, self.tt_hits, self.leaves, self.ends, self.bounds = (
                nodes,
                tt_hits,
                leaves,
                ends,
                bounds,
            )
            self.cuts, self.deepest, self._root_move = cuts, deepest, root_move
            pushed = nodes - started - (stopped_at >= 0)  # the node that stopped the search was not pushed
            self.pushes += pushed
            self.pops += pushed - max(stopped_at, 0)  # nor were the nodes above it popped

    def event_counts(self) -> tuple[dict[str, int], int]:
        """The events by kind `events` would have yielded for the last `think`, and their deepest stack.

        Exact, node for node (a test checks): node 0, the deepening loop, is
        one Push and one Pop more; a node at ply p sits p + 2 frames deep.
        """
        kinds = {
            "Push": self.pushes + 1,
            "Pop": self.pops + 1,
            "Iteration": self.iterations,
            "Evaluate": self.ends,
            "Heuristic": self.leaves,
            "TableHit": self.tt_hits,
            "Bound": self.bounds,
            "Prune": self.cuts,
        }
        return kinds, (self.deepest + 2 if self.pushes else 1)

    # --- the same search as events ----------------------------------------------------------

    def events(self, pos: Position) -> Generator[Any, None, Answer]:
        """`think` as events, node for node (depth and node limits only: a replay never times out).

        Node 0 is the deepening loop; each iteration's root is its child.
        Returns the `Answer` (generator return value).
        """
        self._reset()
        answer = Answer()
        self._next_id = 1
        yield Push(0, -1, None, L_ITERATE)
        value: float = 0.0
        for depth in self._depths(pos):
            self._budget(depth, inf)
            try:
                value = yield from self._search_events(pos, depth, -inf, inf, 0, 0, None, depth)
            except TimeUp:
                break
            answer.move, answer.value, answer.depth = self._root_move, value, depth
            answer.values.append((depth, value, self._root_move))
            if abs(value) >= WIN:
                break
        yield Pop(0, answer.value, False, L_ITERATE)
        self._finish(answer, pos)
        return answer

    def _search_events(
        self,
        pos: Position,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
        parent: int,
        move_in: int | None,
        iteration: int,
    ) -> Generator[Any, None, float]:
        """`_search` as events (recursion is bounded by the depth limit, at most the board's cells)."""
        self._tick()
        node, self._next_id = self._next_id, self._next_id + 1
        game = self.game
        yield Push(node, parent, move_in, L_ROOT if ply == 0 else L_RECURSE)
        if ply == 0:
            yield Iteration(node, iteration)
        if game.terminal(pos):
            value = game.utility(pos)
            yield Evaluate(node, value, L_TERMINAL)
            yield Pop(node, value, False, L_TERMINAL)
            return value
        if depth == 0:
            value = game.score(pos)
            yield Heuristic(node, value, game.terms(pos))
            yield Pop(node, value, False, L_HEURISTIC)
            return value
        known, first = self._probe(pos, depth, alpha, beta)
        if known is not None:
            self.tt_hits += 1
            yield TableHit(node, known, self.table[pos.key][2])
            yield Pop(node, known, False, L_TABLE)
            return known
        maximizing = pos.mover == MAX
        best, best_move, low, high = (-inf if maximizing else inf), None, alpha, beta
        ordered = self._ordered(pos, ply, first)
        for index, move in enumerate(ordered):
            child = game.result(pos, move)
            value = yield from self._search_events(
                child, depth - 1, alpha, beta, ply + 1, node, move, iteration
            )
            if (value > best) if maximizing else (value < best):
                best, best_move = value, move
            if maximizing and best > alpha:
                yield Bound(node, "alpha", best, alpha, L_WINDOW)
                alpha = best
            elif not maximizing and best < beta:
                yield Bound(node, "beta", best, beta, L_WINDOW)
                beta = best
            if alpha >= beta:
                self._killer(ply, move)
                if index + 1 < len(ordered):
                    yield Prune(node, ("beta", beta) if maximizing else ("alpha", alpha), L_CUT)
                break
        self._store(pos, depth, best, low, high, best_move)
        if ply == 0:
            self._root_move = best_move
        yield Pop(node, best, False, L_STORE)
        return best


def drain(events: Generator[Any, None, Answer]) -> tuple[list[Any], Answer]:
    """Every event of an engine run and its answer."""
    seen: list[Any] = []
    while True:
        try:
            seen.append(next(events))
        except StopIteration as stop:
            return seen, stop.value


def verdict(value: float, pos: Position, depth: int) -> tuple[str | None, int | None]:
    """What a search `depth` plies deep from `pos` proved, for the side `value` is given for.

    ('win' or 'loss', plies to the end with best play); ('draw', None) when
    every line was searched to the end and none is won; (None, None) when
    the value is the heuristic's guess at the depth limit.
    """
    if abs(value) >= WIN:
        return ("win" if value > 0 else "loss"), pos.empty - (int(abs(value)) - WIN)
    if depth >= pos.empty:
        return "draw", None
    return None, None
