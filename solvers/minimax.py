"""Game trees: minimax and alpha-beta, written once against a small `Game` interface.

Vocabulary
----------
- A `Game` knows its rules: who is `to_move` in a state (`MAX` or `MIN`), the legal
  `moves`, the `result` of a move, whether a state is `terminal`, and its `utility`
  (always from MAX's point of view), plus `bounds`, the lowest and highest utility.
  A game whose utilities are depth-adjusted (a quicker win is worth more, a slower
  loss costs less) also has `reach(state)`: the lowest and highest utility still
  reachable from `state`, which an immediate win attains (`best_reachable`).
- A search is a generator of events (solvers/events.py):
  `Push(node, parent, move)` a move is tried, `Evaluate(node, value)` a leaf is scored,
  `Bound(node, "best"|"alpha"|"beta", value, old)` a running value improves,
  `Prune(node, (name, bound))` the node's untried moves are skipped because of `bound`,
  `Pop(node, value)` the call returns `value` and its move is undone.
  Node ids are handed out in Push order: 0 is the root, so the last id + 1 is the
  number of nodes searched.
- `RandomTree` is the textbook tree: MAX and MIN layers over seeded random leaves.

Example: `search(RandomTree(3, 2, seed=1), RandomTree.ROOT).value` is the tree's
minimax value; `search(..., alphabeta=True)` reaches the same value with fewer leaves.
"""

from __future__ import annotations

import heapq
import random
from collections import deque
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from math import inf
from typing import Any, NamedTuple, Protocol

from solvers.events import Bound, Evaluate, Pop, Prune, Push, build, event_type
from solvers.i18n import N_, _
from solvers.runstats import EventStats

MAX = 1
"""The player who wants the utility high (moves first in tic-tac-toe: x)."""
MIN = -1
"""The player who wants the utility low."""

State = Any
Move = Any
Order = Callable[[State, Sequence[Move]], Sequence[Move]]
"""Move ordering: given a state and its legal moves, the order to try them in."""


class Game(Protocol):
    """The rules a search needs; utilities are always from MAX's point of view."""

    bounds: tuple[float, float]
    """The lowest and the highest utility any terminal state can have."""

    def to_move(self, state: State) -> int:
        """MAX or MIN: the player whose turn it is."""
        ...

    def moves(self, state: State) -> Sequence[Move]:
        """The legal moves in `state` (empty only when terminal)."""
        ...

    def result(self, state: State, move: Move) -> State:
        """The state after `move` (a new value: states are never mutated)."""
        ...

    def terminal(self, state: State) -> bool:
        """True when the game is over."""
        ...

    def utility(self, state: State) -> float:
        """The value of a terminal state for MAX."""
        ...


MINIMAX_PSEUDOCODE: tuple[str, ...] = (
    "function minimax(s):",
    "    if terminal(s): return utility(s)",
    "    " + N_("if a move wins now: return the win"),
    "    " + N_("best = −∞ if MAX to move else +∞"),
    "    for m in moves(s):",
    "        v = minimax(result(s, m))",
    "        best = better(best, v)",
    "    return best",
)
"""Minimax as shown beside the demo (better = max for MAX, min for MIN); events name
these 1-based lines."""

ALPHABETA_PSEUDOCODE: tuple[str, ...] = (
    "function alphabeta(s, α, β):",
    "    if terminal(s): return utility(s)",
    "    " + N_("if a move wins now: return the win"),
    "    " + N_("best = −∞ if MAX to move else +∞"),
    "    for m in moves(s):",
    "        v = alphabeta(result(s,m), α, β)",
    "        best = better(best, v)",
    "        " + N_("raise α (MAX) or lower β (MIN)"),
    "        " + N_("if α ≥ β: cut the other moves"),
    "    return best",
)
"""Alpha-beta as shown beside the demo; events name these 1-based lines."""

PSEUDOCODE = MINIMAX_PSEUDOCODE
"""The module's default pseudocode (minimax); see also ALPHABETA_PSEUDOCODE."""

# Pseudocode lines, shared by both listings (they agree up to line 7).
L_CALL, L_LEAF, L_WIN, L_BEST0, L_LOOP, L_RECURSE, L_BETTER = 1, 2, 3, 4, 5, 6, 7
L_RETURN_MINIMAX = 8
L_WINDOW, L_CUT, L_RETURN_ALPHABETA = 8, 9, 10


@dataclass
class SearchReport:
    """What a search found: the value, the best move at the root and the work done."""

    value: float = 0
    move: Move = None
    nodes: int = 0
    leaves: int = 0
    prunes: int = 0


def best_reachable(game: Game, state: State, maximizing: bool) -> float:
    """The best utility the mover could still reach from `state` (the game's `reach`, else `bounds`)."""
    reach = getattr(game, "reach", None)
    low, high = game.bounds if reach is None else reach(state)
    return high if maximizing else low


def _winning_child(game: Game, state: State, maximizing: bool) -> tuple[Move, float] | None:
    """A move that ends the game at once with the mover's best reachable utility."""
    target = best_reachable(game, state, maximizing)
    for move in game.moves(state):
        child = game.result(state, move)
        if game.terminal(child) and game.utility(child) == target:
            return move, target
    return None


def _shortcut_events(node: int, child: int, move: Move, value: float) -> Generator[Any, None, None]:
    """Events of an immediate win: the winning child, the skipped rest, the return."""
    yield Push(child, node, move, L_WIN)
    yield Evaluate(child, value, L_WIN)
    yield Pop(child, value, False, L_WIN)
    yield Prune(node, ("win", value), L_WIN)
    yield Pop(node, value, False, L_WIN)


def _moves_function(game: Game, order: Order | None) -> Callable[[State], Sequence[Move]]:
    """`game.moves`, or the moves put through `order`."""
    if order is None:
        return game.moves
    moves = game.moves
    return lambda state: order(state, moves(state))


_DONE = object()
"""Sentinel: a frame's moves are used up."""


def _fill(
    report: SearchReport | None, value: float, move: Move, nodes: int, leaves: int, prunes: int
) -> None:
    """Copy a finished search's figures into `report`, if one was given."""
    if report is not None:
        report.value, report.move, report.nodes = value, move, nodes
        report.leaves, report.prunes = leaves, prunes


# Events on the hot paths are built with events.build (a full tic-tac-toe
# tree yields 1.35 million of them).


def _root_events(
    game: Game, state: State, shortcut: bool, report: SearchReport | None
) -> Generator[Any, None, bool]:
    """The call on the root; True (search over) when the root is decided at once.

    Shared by both searches: a finished position is scored, and with the
    shortcut a root that wins in one move returns without a search.
    """
    yield Push(0, -1, None, L_CALL)
    if game.terminal(state):
        value = game.utility(state)
        yield Evaluate(0, value, L_LEAF)
        yield Pop(0, value, False, L_LEAF)
        _fill(report, value, None, 1, 1, 0)
        return True
    if shortcut and (win := _winning_child(game, state, game.to_move(state) == MAX)):
        yield from _shortcut_events(0, 1, win[0], win[1])
        _fill(report, win[1], win[0], 2, 1, 1)
        return True
    return False


def minimax_events(
    game: Game,
    state: State,
    *,
    shortcut: bool = False,
    order: Order | None = None,
    report: SearchReport | None = None,
) -> Generator[Any, None, None]:
    """Minimax as events, one generator with its own stack; fills `report` at the end.

    A parent's best-so-far is not an event of its own: it improves when a child's
    `Pop` returns a better value (the model keeps the old one on its stack).
    """
    # Bound methods and event types as locals: this loop runs half a million
    # times for a full tree (locals save about 5 % against globals).
    terminal, utility, result, to_move = game.terminal, game.utility, game.result, game.to_move
    moves_of = _moves_function(game, order)
    new, push_type, evaluate_type, pop_type = build, Push, Evaluate, Pop
    if (yield from _root_events(game, state, shortcut, report)):
        return
    maximizing = to_move(state) == MAX
    node, next_id, leaves, prunes = 0, 1, 0, 0
    best, best_move = (-inf if maximizing else inf), None
    children = iter(moves_of(state))
    stack: list[tuple[Any, ...]] = []
    while True:
        # A for loop over the moves is 4 % faster here than next() per move.
        for move in children:
            child = result(state, move)
            child_id, next_id = next_id, next_id + 1
            yield new(push_type, (child_id, node, move, L_RECURSE))
            if terminal(child):
                value = utility(child)
                leaves += 1
                yield new(evaluate_type, (child_id, value, L_LEAF))
                yield new(pop_type, (child_id, value, False, L_LEAF))
            else:
                child_max = to_move(child) == MAX
                if not (shortcut and (win := _winning_child(game, child, child_max))):
                    # Descend: save this frame, the child becomes the current one.
                    stack.append((node, state, maximizing, children, best, best_move, move))
                    node, state, maximizing = child_id, child, child_max
                    best, best_move = (-inf if maximizing else inf), None
                    children = iter(moves_of(child))
                    break
                yield from _shortcut_events(child_id, next_id, win[0], win[1])
                next_id, leaves, prunes = next_id + 1, leaves + 1, prunes + 1
                value = win[1]
            if (value > best) if maximizing else (value < best):
                best, best_move = value, move
        else:
            # Every move tried: return best to the caller, whose frame comes back.
            yield new(pop_type, (node, best, False, L_RETURN_MINIMAX))
            if not stack:
                _fill(report, best, best_move, next_id, leaves, prunes)
                return
            value = best
            node, state, maximizing, children, best, best_move, move = stack.pop()
            if (value > best) if maximizing else (value < best):
                best, best_move = value, move


def alphabeta_events(
    game: Game,
    state: State,
    *,
    shortcut: bool = False,
    order: Order | None = None,
    report: SearchReport | None = None,
) -> Generator[Any, None, None]:
    """Alpha-beta as events, one generator with its own stack; fills `report` at the end.

    Fail-soft: a call whose moves were cut returns a bound on its true value (at
    least `best` at MAX, at most at MIN); the root's value is always exact.  As in
    minimax, best-so-far improves on a child's `Pop`; alpha and beta are `Bound`s.
    """
    terminal, utility, result, to_move = game.terminal, game.utility, game.result, game.to_move
    moves_of = _moves_function(game, order)
    if (yield from _root_events(game, state, shortcut, report)):
        return
    maximizing = to_move(state) == MAX
    node, next_id, leaves, prunes = 0, 1, 0, 0
    alpha, beta = -inf, inf
    best, best_move = (-inf if maximizing else inf), None
    children = iter(moves_of(state))
    stack: list[tuple[Any, ...]] = []
    while True:
        move = next(children, _DONE) if alpha < beta else _DONE
        if move is not _DONE:
            child = result(state, move)
            child_id, next_id = next_id, next_id + 1
            yield build(Push, (child_id, node, move, L_RECURSE))
            if terminal(child):
                value = utility(child)
                leaves += 1
                yield build(Evaluate, (child_id, value, L_LEAF))
                yield build(Pop, (child_id, value, False, L_LEAF))
            else:
                child_max = to_move(child) == MAX
                if not (shortcut and (win := _winning_child(game, child, child_max))):
                    frame = (node, state, maximizing, children, best, best_move, move, alpha, beta)
                    stack.append(frame)
                    node, state, maximizing = child_id, child, child_max
                    best, best_move = (-inf if maximizing else inf), None
                    children = iter(moves_of(child))
                    continue
                yield from _shortcut_events(child_id, next_id, win[0], win[1])
                next_id, leaves, prunes = next_id + 1, leaves + 1, prunes + 1
                value = win[1]
        else:
            # Moves used up or cut: return best to the caller, whose frame comes back.
            yield build(Pop, (node, best, False, L_RETURN_ALPHABETA))
            if not stack:
                _fill(report, best, best_move, next_id, leaves, prunes)
                return
            value = best
            node, state, maximizing, children, best, best_move, move, alpha, beta = stack.pop()
        # A child of `node`, reached by `move`, returned `value`.
        if (value > best) if maximizing else (value < best):
            best, best_move = value, move
        if maximizing:
            if best > alpha:
                yield build(Bound, (node, "alpha", best, alpha, L_WINDOW))
                alpha = best
        elif best < beta:
            yield build(Bound, (node, "beta", best, beta, L_WINDOW))
            beta = best
        # The window closed: say so only when there are moves left to skip.
        if alpha >= beta and next(children, _DONE) is not _DONE:
            prunes += 1
            yield Prune(node, ("beta", beta) if maximizing else ("alpha", alpha), L_CUT)


def search(
    game: Game,
    state: State,
    *,
    alphabeta: bool = False,
    shortcut: bool = False,
    order: Order | None = None,
    stats: EventStats | None = None,
) -> SearchReport:
    """Run minimax (or alpha-beta) to the end and report value, move and work done.

    With `stats`, the events are counted there on the way (the CLI's --json).
    """
    report = SearchReport()
    search_events = alphabeta_events if alphabeta else minimax_events
    events = search_events(game, state, shortcut=shortcut, order=order, report=report)
    deque(events if stats is None else stats.watch(events), maxlen=0)
    return report


# --- the answer at once ----------------------------------------------------------


def best_move(
    game: Game, state: State, *, shortcut: bool = False, order: Order | None = None
) -> tuple[Move, float]:
    """The move and value that minimax or alpha-beta on `state` ends with, each position valued once.

    Both searches choose the first move, in the order tried, whose value is
    the best (alpha-beta's later children return only bounds below it); with
    `shortcut` an immediate win comes first, as in the searches.  Positions
    repeat through transpositions, so a memo makes this the fast plain path
    for "answer now" (tic-tac-toe: 5,478 positions instead of 549,946 nodes).
    """
    maximizing = game.to_move(state) == MAX
    if shortcut and (win := _winning_child(game, state, maximizing)):
        return win
    values: dict[State, float] = {}

    def value(position: State) -> float:
        """A position's minimax value, remembered."""
        known = values.get(position)
        if known is None:
            if game.terminal(position):
                known = game.utility(position)
            else:
                below = [value(game.result(position, move)) for move in game.moves(position)]
                known = max(below) if game.to_move(position) == MAX else min(below)
            values[position] = known
        return known

    chosen: tuple[Move, float] | None = None
    for move in _moves_function(game, order)(state):
        found = value(game.result(state, move))
        if chosen is None or (found > chosen[1] if maximizing else found < chosen[1]):
            chosen = (move, found)
    if chosen is None:
        raise ValueError(_("a finished game has no move to choose"))
    return chosen


# --- plain recursive versions: the reference and the benchmark baseline --------


def minimax_value(game: Game, state: State) -> float:
    """Minimax value of `state`, plain recursion, no events (depth = game length)."""
    if game.terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == MAX
    best = -inf if maximizing else inf
    for move in game.moves(state):
        value = minimax_value(game, game.result(state, move))
        if (value > best) if maximizing else (value < best):
            best = value
    return best


def alphabeta_value(
    game: Game, state: State, alpha: float = -inf, beta: float = inf, order: Order | None = None
) -> float:
    """Alpha-beta value of `state` in the window (alpha, beta), plain recursion, no events (fail-soft).

    With `order`, moves are tried in the order it gives, as the searches do.
    """
    if game.terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == MAX
    best = -inf if maximizing else inf
    moves = game.moves(state)
    for move in moves if order is None else order(state, moves):
        value = alphabeta_value(game, game.result(state, move), alpha, beta, order)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


@dataclass
class TreeCount:
    """The size of a whole game tree: nodes (root included), leaves by utility."""

    nodes: int
    leaves: dict[float, int]

    @property
    def games(self) -> int:
        """Leaves are finished games."""
        return sum(self.leaves.values())


def count_tree(game: Game, state: State) -> TreeCount:
    """Count every node and leaf of the game tree below `state` (explicit stack)."""
    terminal, utility, result, moves = game.terminal, game.utility, game.result, game.moves
    nodes = 0
    leaves: dict[float, int] = {}
    pending = [state]
    while pending:
        here = pending.pop()
        nodes += 1
        if terminal(here):
            value = utility(here)
            leaves[value] = leaves.get(value, 0) + 1
        else:
            pending.extend(result(here, move) for move in moves(here))
    return TreeCount(nodes, leaves)


# --- both searches side by side -------------------------------------------------

MINIMAX_SIDE, ALPHABETA_SIDE = 0, 1
SIDE_NAMES = {MINIMAX_SIDE: N_("minimax"), ALPHABETA_SIDE: N_("alpha-beta")}
"""Each search's name, translated where shown (the app's panels, the command line)."""


@event_type
class Side(NamedTuple):
    """One event of one of two searches run side by side on the same game.

    `side` is MINIMAX_SIDE or ALPHABETA_SIDE; `line` is the event's line in
    ALPHABETA_PSEUDOCODE (minimax's lines 1-7 are the same, its return is line 10).
    """

    side: int
    event: Any
    line: int = 0


def lockstep_events(
    game: Game, state: State, *, shortcut: bool = False, order: Order | None = None
) -> Generator[Side, None, None]:
    """Minimax and alpha-beta interleaved so that both reach each leaf together.

    Each search's events are cut into segments that end at a leaf; segments are
    merged in the order of their leaf in the search order (ties: minimax first).
    Where alpha-beta cuts, minimax goes on alone through the leaves it skipped.
    """
    minimax = _segments(
        MINIMAX_SIDE, minimax_events(game, state, shortcut=shortcut, order=order), game, state, order
    )
    alphabeta = _segments(
        ALPHABETA_SIDE, alphabeta_events(game, state, shortcut=shortcut, order=order), game, state, order
    )
    for _index, segment in heapq.merge(minimax, alphabeta, key=lambda pair: pair[0]):
        yield from segment


def _segments(
    side: int, events: Any, game: Game, root: State, order: Order | None
) -> Generator[tuple[tuple[float, ...], list[Side]], None, None]:
    """A search's events in runs ending at a leaf, keyed by the leaf's place in search order."""
    moves_of = _moves_function(game, order)
    states: dict[int, State] = {}
    ranks: dict[int, tuple[float, ...]] = {}
    segment: list[Side] = []
    for event in events:
        line = L_RETURN_ALPHABETA if side == MINIMAX_SIDE and event.line == L_RETURN_MINIMAX else event.line
        segment.append(Side(side, event, line))
        if type(event) is Push:
            if event.parent < 0:
                states[event.node], ranks[event.node] = root, ()
            else:
                parent = states[event.parent]
                rank = list(moves_of(parent)).index(event.what)
                states[event.node] = game.result(parent, event.what)
                ranks[event.node] = (*ranks[event.parent], rank)
        elif type(event) is Evaluate:
            yield ranks[event.node], segment
            segment = []
    if segment:
        yield (inf,), segment


# --- the random MAX/MIN tree ---------------------------------------------------

DEPTHS = range(2, 7)
"""Depths the random tree offers (levels of moves below the root)."""
BRANCHINGS = range(2, 5)
"""Branching factors the random tree offers."""
LEAF_VALUES = (0, 9)
"""Leaf values are seeded random integers in this range, one digit to fit a node."""


class RandomTree:
    """A full tree with MAX at the root, alternating MIN and MAX layers, seeded leaves.

    A state is `(level, index)`: the root is `(0, 0)` and the children of
    `(d, i)` are `(d + 1, i * branching + k)` for each move `k`.
    """

    ROOT = (0, 0)

    def __init__(self, depth: int, branching: int, seed: int = 0) -> None:
        if depth not in DEPTHS or branching not in BRANCHINGS:
            raise ValueError(
                _(
                    "depth must be {low}..{high} and branching {fewest}..{most}, got {depth} and {branching}"
                ).format(
                    low=DEPTHS.start,
                    high=DEPTHS.stop - 1,
                    fewest=BRANCHINGS.start,
                    most=BRANCHINGS.stop - 1,
                    depth=depth,
                    branching=branching,
                )
            )
        self.depth, self.branching, self.seed = depth, branching, seed
        self.bounds = (float(LEAF_VALUES[0]), float(LEAF_VALUES[1]))
        rng = random.Random(seed)
        self.leaves = [rng.randint(*LEAF_VALUES) for _leaf in range(branching**depth)]
        self._moves = tuple(range(branching))

    def to_move(self, state: tuple[int, int]) -> int:
        """MAX on even levels, MIN on odd ones."""
        return MAX if state[0] % 2 == 0 else MIN

    def moves(self, state: tuple[int, int]) -> Sequence[int]:
        """Child numbers 0..branching-1, none at a leaf."""
        return () if state[0] == self.depth else self._moves

    def result(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        """The `move`-th child."""
        return state[0] + 1, state[1] * self.branching + move

    def terminal(self, state: tuple[int, int]) -> bool:
        """Leaves are on the last level."""
        return state[0] == self.depth

    def utility(self, state: tuple[int, int]) -> float:
        """The seeded value of a leaf."""
        return self.leaves[state[1]]

    def path_state(self, path: Sequence[int]) -> tuple[int, int]:
        """The state reached from the root by the moves in `path`."""
        state = self.ROOT
        for move in path:
            state = self.result(state, move)
        return state

    def best_first(self, state: tuple[int, int], moves: Sequence[int]) -> list[int]:
        """Oracle ordering: the mover's best child first (alpha-beta's best case)."""
        sign = 1 if self.to_move(state) == MAX else -1
        return sorted(moves, key=lambda m: -sign * minimax_value(self, self.result(state, m)))

    def worst_first(self, state: tuple[int, int], moves: Sequence[int]) -> list[int]:
        """Reverse oracle ordering: alpha-beta's worst case (it prunes nothing)."""
        return self.best_first(state, moves)[::-1]

    def order(self, name: str) -> Order | None:
        """The move ordering called `name`: 'none', 'best' or 'worst'."""
        return {"none": None, "best": self.best_first, "worst": self.worst_first}[name]


ORDER_NAMES = {"none": N_("as generated"), "best": N_("best first"), "worst": N_("worst first")}
"""Each move ordering of `RandomTree.order` as people call it, translated where shown."""
