"""The game-tree demo's model: two search trees fed by one lockstep run; no pygame.

Narration lives here too (`narrate`): each side's event in words, prefixed
with the algorithm's name.
"""

from __future__ import annotations

from typing import Any

from solvers import minimax as mm
from solvers.events import Bound, Evaluate, Pop, Prune, Push
from visualizer.calltree import UNKNOWN
from visualizer.searchtree import SearchTree, cut_text, value_text

SIDES = (mm.MINIMAX_SIDE, mm.ALPHABETA_SIDE)
SIDE_NAMES = {mm.MINIMAX_SIDE: "minimax", mm.ALPHABETA_SIDE: "alpha-beta"}

State = tuple[int, int]
"""A state of `solvers.minimax.RandomTree`: (level, index)."""


class LockstepModel:
    """Two search trees, one per algorithm, fed by `Side` events."""

    def __init__(self, tree: mm.RandomTree) -> None:
        self.tree = tree
        self.sides = {
            side: SearchTree(tree.ROOT, tree.result, alphabeta=side == mm.ALPHABETA_SIDE) for side in SIDES
        }
        self.applied = 0  # events applied: the next one's index in the run
        self.push_at: dict[int, list[int]] = {side: [] for side in SIDES}
        self.pop_at: dict[int, list[int]] = {side: [] for side in SIDES}

    def apply(self, event: mm.Side) -> None:
        """Pass the wrapped event to its side's tree; remember where Pushes and Pops are in the run."""
        inner = event.event
        self.sides[event.side].apply(inner)
        if type(inner) is Push:
            self.push_at[event.side].append(self.applied)
            self.pop_at[event.side].append(UNKNOWN)
        elif type(inner) is Pop:
            self.pop_at[event.side][inner.node] = self.applied
        self.applied += 1

    def revert(self, event: mm.Side) -> None:
        """Take the wrapped event back from its side's tree."""
        inner = event.event
        self.applied -= 1
        self.sides[event.side].revert(inner)
        if type(inner) is Push:
            self.push_at[event.side].pop()
            self.pop_at[event.side].pop()
        elif type(inner) is Pop:
            self.pop_at[event.side][inner.node] = UNKNOWN

    def snapshot(self) -> tuple[object, ...]:
        """Both trees as one comparable value."""
        places = tuple((tuple(self.push_at[s]), tuple(self.pop_at[s])) for s in SIDES)
        return (*(self.sides[side].snapshot() for side in SIDES), self.applied, places)

    def go_to(self, player: Any, side: int, node: int, to_return: bool) -> None:
        """Move the timeline to a node's Push, or (`to_return`) its Pop; a running node plays on to it."""
        if not to_return:
            player.seek(self.push_at[side][node] + 1)
        elif self.pop_at[side][node] != UNKNOWN:
            player.seek(self.pop_at[side][node] + 1)
        else:
            player.run_until(
                lambda e: getattr(e, "side", None) == side and type(e.event) is Pop and e.event.node == node
            )

    def hover_lines(self, side: int, state: State) -> list[str]:
        """What hovering a state tells: who moves, the move that led there, what the search made of it."""
        tree, search = self.tree, self.sides[side]
        level, index = state
        role = "leaf" if tree.terminal(state) else ("MAX" if tree.to_move(state) == mm.MAX else "MIN")
        move = f", move {index % tree.branching + 1}" if level else ""
        lines = [f"{SIDE_NAMES[side]}: {role} at level {level}{move}"]
        node = search.where.get(state)
        if node is None:
            lines.append("not reached" + (f" (leaf worth {tree.utility(state):g})" if role == "leaf" else ""))
            return lines
        if search.done(node):
            lines.append(f"node {node} returned {value_text(search.value[node], search.bound_kind(node))}")
        else:
            lines.append(f"node {node} still running")
        if search.alphabeta:
            alpha, beta = search.window[node]
            lines.append(f"window when called: α = {value_text(alpha)}, β = {value_text(beta)}")
        return lines

    def skipped(self) -> set[State]:
        """States alpha-beta will never visit: every node below a cut, beside the moves tried."""
        search = self.sides[mm.ALPHABETA_SIDE]
        tree = self.tree
        skipped: set[State] = set()
        for node in search.cuts:
            state = search.state[node]
            for move in tree.moves(state):
                child = tree.result(state, move)
                if child not in search.where:
                    add_subtree(tree, child, skipped)
        return skipped


def add_subtree(tree: mm.RandomTree, state: State, into: set[State]) -> None:
    """Every state of the subtree at `state` (levels below, index ranges)."""
    level, index = state
    width = 1
    while level <= tree.depth:
        into.update((level, i) for i in range(index, index + width))
        level, index, width = level + 1, index * tree.branching, width * tree.branching


def narrate(event: mm.Side) -> str | None:
    """A side's event in words, prefixed with the algorithm's name."""
    inner: Any = event.event
    who = SIDE_NAMES[event.side]
    kind = type(inner)
    if kind is Push:
        if inner.parent < 0:
            return f"{who}: starts at the root"
        return f"{who}: node {inner.node} tries move {inner.what + 1}"
    if kind is Evaluate:
        return f"{who}: leaf {inner.node} is worth {value_text(inner.value)}"
    if kind is Pop:
        return f"{who}: node {inner.node} returns {value_text(inner.value)}"
    if kind is Bound:
        symbol = "α" if inner.name == "alpha" else "β"
        verb = "rises" if inner.name == "alpha" else "falls"
        return f"{who}: {symbol} at node {inner.node} {verb} to {value_text(inner.value)}"
    if kind is Prune:
        return f"{who}: cut at node {inner.node} ({cut_text(inner.bound)}): skip the rest"
    return None
