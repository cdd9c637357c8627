"""Frogs: swap two rows of frogs on a strip of lily pads, by hand or by backtracking.

N frogs `L` sit on the left and face right, M frogs `R` sit on the right and
face left, and one pad `_` between them is empty.  A frog only moves forward:
it slides into the empty pad next to it, or jumps over exactly one frog of
the other side into the empty pad behind that frog.  The goal swaps the
rows: `LLL_RRR` becomes `RRR_LLL`.

Every L frog must pass every R frog once, and each pass is a jump, so every
solution has exactly N*M jumps and N+M slides: N*M + N + M moves (N*(N+2)
when N = M).

    >>> start = start_state(1, 1)
    >>> start, [str(hop) for hop in legal_moves(start)]
    ('L_R', ['L 0->1', 'R 2->1'])
    >>> [str(hop) for hop in solve_moves(start)]
    ['L 0->1', 'R 2->0', 'L 1->2']

The solver is the source article's `TryThis` (list the moves possible now,
try the first, recurse, cancel the move on failure and try the next) on one
explicit stack.  Its events let a model rebuild the tree of tried moves:
`Options` lists a position's moves, `Push` tries one, `Move` makes it, `Pop`
with `backtrack=True` follows the `Move` that cancels it, and a plain `Pop`
returns success up the winning path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from solvers.events import DeadEnd, Move, Pop, Push, Solution, event_type
from solvers.i18n import N_, _, format_number, ngettext
from solvers.messages import shown

LEFT = "L"
"""A frog that starts on the left and moves right."""
RIGHT = "R"
"""A frog that starts on the right and moves left."""
EMPTY = "_"
"""The one empty pad."""
MIN_FROGS, MAX_FROGS = 1, 8
"""Frogs per side, inclusive."""
DEFAULT_FROGS = 3
"""Frogs per side when none is given (the source article's puzzle)."""
ROOT = -1
"""Node id of the starting position in the tree of tried moves."""

PSEUDOCODE: tuple[str, ...] = (
    "function solve(position)",
    "    " + N_("if position is the goal: return true"),
    "    " + N_("moves = the legal moves now"),
    "    " + N_("for each move in moves"),
    "        " + N_("make the move"),
    "        if solve(position): return true",
    "        " + N_("cancel the move"),
    "    " + N_("dead end: return false"),
)
"""The backtracking solver; events name these lines (1-based)."""

LINE_GOAL, LINE_LIST, LINE_TRY, LINE_MAKE, LINE_SUCCEED, LINE_CANCEL, LINE_DEAD = range(2, 9)


class Hop(NamedTuple):
    """One move: the frog (`L` or `R`) on pad `frm` moves to pad `to`."""

    frog: str
    frm: int
    to: int

    @property
    def jump(self) -> bool:
        """True when the frog jumps over another, False when it slides."""
        return abs(self.to - self.frm) == 2

    def __str__(self) -> str:
        """The move as printed: `L 2->3`."""
        return f"{self.frog} {self.frm}->{self.to}"


@event_type
class Options(NamedTuple):
    """The solver lists the legal moves at tree node `node` (before trying any).

    No pad changes; a tree model adds the moves as untried children of
    `node` (and removes them on revert).  Moves still untried when the search
    ends are the tree's "never tried" moves.
    """

    node: int
    moves: tuple[Hop, ...]
    line: int = 0


# --- positions ----------------------------------------------------------------


def check_sizes(n: int, m: int) -> None:
    """Raise ValueError unless both sides have MIN_FROGS..MAX_FROGS frogs."""
    for name, count in (("N", n), ("M", m)):
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(
                _("{name} must be a whole number, not {value}").format(name=name, value=repr(count))
            )
        if not MIN_FROGS <= count <= MAX_FROGS:
            raise ValueError(
                _("{name} must be {low} to {high} frogs, not {count}").format(
                    name=name, low=MIN_FROGS, high=MAX_FROGS, count=count
                )
            )


def start_state(n: int, m: int | None = None) -> str:
    """The starting position: N frogs L, the empty pad, M frogs R."""
    m = n if m is None else m
    check_sizes(n, m)
    return LEFT * n + EMPTY + RIGHT * m


def goal_state(state: str) -> str:
    """The goal for the frogs of `state`: every R left of the gap, every L right."""
    return RIGHT * state.count(RIGHT) + EMPTY + LEFT * state.count(LEFT)


def parse_state(text: str) -> str:
    """A checked position from text like `LL_LRRR`; ValueError with one line if malformed."""
    state = text.strip().upper()
    bad = sorted(set(state) - {LEFT, RIGHT, EMPTY})
    if bad:
        strange = "".join(bad)
        raise ValueError(
            _("state {state} may hold only L, R and _, not {strange}").format(
                state=shown(text), strange=shown(strange)
            )
        )
    if state.count(EMPTY) != 1:
        raise ValueError(
            _("state {state} needs exactly one empty pad _, not {count}").format(
                state=shown(text), count=state.count(EMPTY)
            )
        )
    check_sizes(state.count(LEFT), state.count(RIGHT))
    return state


def sides(state: str) -> tuple[int, int]:
    """How many frogs (L, R) the position holds."""
    return state.count(LEFT), state.count(RIGHT)


def legal_moves(state: Sequence[str], empty: int | None = None) -> list[Hop]:
    """Every legal move, in order of the pad the frog stands on (as the article lists them)."""
    if empty is None:
        empty = list(state).index(EMPTY)
    size = len(state)
    moves = []
    if empty >= 2 and state[empty - 2] == LEFT and state[empty - 1] == RIGHT:
        moves.append(Hop(LEFT, empty - 2, empty))
    if empty >= 1 and state[empty - 1] == LEFT:
        moves.append(Hop(LEFT, empty - 1, empty))
    if empty + 1 < size and state[empty + 1] == RIGHT:
        moves.append(Hop(RIGHT, empty + 1, empty))
    if empty + 2 < size and state[empty + 2] == RIGHT and state[empty + 1] == LEFT:
        moves.append(Hop(RIGHT, empty + 2, empty))
    return moves


def move_of(state: str, pad: int) -> Hop | None:
    """The one legal move of the frog on `pad`, or None (a frog has at most one)."""
    for hop in legal_moves(state):
        if hop.frm == pad:
            return hop
    return None


def why_stuck(state: str, pad: int) -> str:
    """One line for people: why the frog on `pad` cannot move (empty if it can)."""
    if not 0 <= pad < len(state) or state[pad] == EMPTY:
        return _("There is no frog on that pad.")
    if move_of(state, pad) is not None:
        return ""
    frog = state[pad]
    step = 1 if frog == LEFT else -1
    other = RIGHT if frog == LEFT else LEFT
    ahead, beyond = pad + step, pad + 2 * step
    if not 0 <= ahead < len(state):
        if frog == LEFT:
            return _("This L frog only moves right, and it is on the last pad.")
        return _("This R frog only moves left, and it is on the last pad.")
    if state[ahead] == frog:
        if frog == LEFT:
            return _("This L frog only moves right; a frog of its own side is in the way.")
        return _("This R frog only moves left; a frog of its own side is in the way.")
    if not 0 <= beyond < len(state):
        return _("This {frog} frog cannot jump off the end of the pads.").format(frog=frog)
    if state[beyond] != EMPTY:
        return _("This {frog} frog could jump the {other} frog only onto an empty pad.").format(
            frog=frog, other=other
        )
    return _("This {frog} frog cannot move.").format(frog=frog)


def is_legal(state: str, hop: Hop) -> bool:
    """True if `hop` is a legal move in `state`."""
    return hop in legal_moves(state)


def play(state: str, hop: Hop) -> str:
    """The position after a legal move (ValueError if it is not legal)."""
    if not is_legal(state, hop):
        raise ValueError(_("{move} is not a legal move in {state}").format(move=hop, state=state))
    pads = list(state)
    pads[hop.to], pads[hop.frm] = pads[hop.frm], EMPTY
    return "".join(pads)


def unplay(state: str, hop: Hop) -> str:
    """The position before `hop` was played (the inverse of `play`)."""
    pads = list(state)
    pads[hop.frm], pads[hop.to] = pads[hop.to], EMPTY
    return "".join(pads)


def replay(state: str, moves: Iterable[Hop]) -> list[str]:
    """Every position along `moves` from `state`, checking each move is legal."""
    positions = [state]
    for hop in moves:
        positions.append(play(positions[-1], hop))
    return positions


# --- the backtracking solver ----------------------------------------------------


def solve(state: str) -> Iterator[Any]:
    """The article's backtracking search from `state`, as events, on one explicit stack.

    Node ids count tried moves from 0; the starting position is node ROOT.
    Per position: `Options` (its legal moves); per move tried: `Push`, then
    `Move`; a move that fails is cancelled by the reverse `Move` and
    `Pop(backtrack=True)` after its position's `DeadEnd`.  On the goal:
    `Solution(1, moves)` and a plain `Pop` for each move of the path.  If
    the start is hopeless the last event is `DeadEnd(ROOT)`.
    """
    pads = list(parse_state(state))
    goal = list(goal_state(state))
    if pads == goal:
        yield Solution(1, (), LINE_GOAL)
        return
    empty = pads.index(EMPTY)
    moves = tuple(legal_moves(pads, empty))
    yield Options(ROOT, moves, LINE_LIST)
    # A frame is [node id, its moves, index of the next move to try].
    stack: list[list[Any]] = [[ROOT, moves, 0]]
    path: list[tuple[int, Hop]] = []
    next_id = 0
    while stack:
        frame = stack[-1]
        node, moves, index = frame
        if index == len(moves):
            yield DeadEnd(node, LINE_DEAD)
            stack.pop()
            if path:
                child, hop = path.pop()
                pads[hop.frm], pads[hop.to] = hop.frog, EMPTY
                empty = hop.to
                yield Move(hop.frog, hop.to, hop.frm, LINE_CANCEL)
                yield Pop(child, None, True, LINE_CANCEL)
            continue
        frame[2] = index + 1
        hop = moves[index]
        child = next_id
        next_id += 1
        yield Push(child, node, hop, LINE_TRY)
        pads[hop.to], pads[hop.frm] = hop.frog, EMPTY
        empty = hop.frm
        path.append((child, hop))
        yield Move(hop.frog, hop.frm, hop.to, LINE_MAKE)
        if pads == goal:
            yield Solution(1, tuple(hop for _, hop in path), LINE_GOAL)
            for child, _ in reversed(path):
                yield Pop(child, True, False, LINE_SUCCEED)
            return
        moves = tuple(legal_moves(pads, empty))
        yield Options(child, moves, LINE_LIST)
        stack.append([child, moves, 0])


def solve_moves(state: str) -> list[Hop] | None:
    """The solver's answer without events: the same moves as `solve`, or None if hopeless."""
    pads = list(parse_state(state))
    goal = list(goal_state(state))
    path: list[Hop] = []
    if pads == goal:
        return path
    stack = [legal_moves(pads, pads.index(EMPTY))]
    tried = [0]
    while stack:
        index = tried[-1]
        if index == len(stack[-1]):
            stack.pop()
            tried.pop()
            if path:
                hop = path.pop()
                pads[hop.frm], pads[hop.to] = hop.frog, EMPTY
            continue
        tried[-1] = index + 1
        hop = stack[-1][index]
        pads[hop.to], pads[hop.frm] = hop.frog, EMPTY
        path.append(hop)
        if pads == goal:
            return path
        stack.append(legal_moves(pads, hop.frm))
        tried.append(0)
    return None


PLAYBACK_CODE: tuple[str, ...] = (
    N_("for each move in the solution"),
    "    " + N_("make the move"),
    N_("the goal is reached"),
)
"""What a playback of a known solution does; its events name these lines."""
LINE_PLAYBACK_MOVE, LINE_PLAYBACK_DONE = 2, 3


def playback(start: str, moves: Sequence[Hop]) -> Iterator[Move | Solution]:
    """A known solution played move by move: one `Move` each, then `Solution`."""
    state = parse_state(start)
    for hop in moves:
        state = play(state, hop)  # refuses an illegal move before it is shown
        yield Move(hop.frog, hop.frm, hop.to, LINE_PLAYBACK_MOVE)
    yield Solution(1, tuple(moves), LINE_PLAYBACK_DONE)


def solution_of(events: Iterable[Any]) -> list[Hop] | None:
    """The moves of the first `Solution` among `events`, or None."""
    for event in events:
        if type(event) is Solution:
            return list(event.answer)
    return None


# --- solve from here --------------------------------------------------------------


def predecessors(state: str) -> list[str]:
    """Every position from which one legal move leads to `state`."""
    empty = state.index(EMPTY)
    size = len(state)
    # The frog that moved last now stands one or two pads past the gap it left.
    candidates = (
        (LEFT, empty + 1, True),
        (LEFT, empty + 2, empty + 1 < size and state[empty + 1] == RIGHT),
        (RIGHT, empty - 1, True),
        (RIGHT, empty - 2, empty >= 1 and state[empty - 1] == LEFT),
    )
    return [
        unplay(state, Hop(frog, empty, pad))
        for frog, pad, jumped_other_side in candidates
        if 0 <= pad < size and state[pad] == frog and jumped_other_side
    ]


@lru_cache(maxsize=MAX_FROGS * MAX_FROGS)
def solvable_states(n: int, m: int) -> frozenset[str]:
    """Every position of N L and M R frogs from which the goal can be reached."""
    goal = goal_state(LEFT * n + EMPTY + RIGHT * m)
    seen = {goal}
    queue = deque([goal])
    while queue:
        for before in predecessors(queue.popleft()):
            if before not in seen:
                seen.add(before)
                queue.append(before)
    return frozenset(seen)


def is_solvable(state: str) -> bool:
    """True if the goal can still be reached from `state`."""
    return parse_state(state) in solvable_states(*sides(state))


def last_solvable(history: Sequence[str]) -> int | None:
    """Index in `history` (oldest first) of the newest position with a solution, or None."""
    for index in range(len(history) - 1, -1, -1):
        if is_solvable(history[index]):
            return index
    return None


def nearest_solvable_back(state: str) -> tuple[int, str] | None:
    """Fewest moves to take back from `state` to reach a position with a solution.

    Searches backwards (breadth first) over the moves that could have led
    here; returns (moves back, that position), or None if no earlier
    position has one.
    """
    good = solvable_states(*sides(state))
    seen = {state}
    queue = deque([(state, 0)])
    while queue:
        position, back = queue.popleft()
        if position in good:
            return back, position
        for before in predecessors(position):
            if before not in seen:
                seen.add(before)
                queue.append((before, back + 1))
    return None


@dataclass(frozen=True, slots=True)
class FromHere:
    """The answer to "solve from here": the moves, or how far back a solution was."""

    state: str
    moves: tuple[Hop, ...] | None
    moves_back: int | None = None
    back_state: str | None = None


def solve_from_here(history: Sequence[str]) -> FromHere:
    """Solve from the newest position of a game; if hopeless, say how far back one had a solution.

    `history` is the game's positions, oldest first.  When the newest is
    hopeless the game's own history is searched first; if no position in it
    has a solution (or there is no history), the moves that could have led
    here are searched backwards.
    """
    state = parse_state(history[-1])
    moves = solve_moves(state)
    if moves is not None:
        return FromHere(state, tuple(moves))
    index = last_solvable(history)
    if index is not None:
        return FromHere(state, None, len(history) - 1 - index, history[index])
    nearest = nearest_solvable_back(state)
    if nearest is None:
        return FromHere(state, None)
    return FromHere(state, None, nearest[0], nearest[1])


def count_moves(count: int) -> str:
    """'1 move', '2 moves' (in the current language)."""
    return ngettext("{count} move", "{count} moves", count).format(count=format_number(count))
