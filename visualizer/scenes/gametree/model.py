"""The game-tree demo's model: two search trees fed by one lockstep run; no pygame.

Narration lives here too (`narrate`): each side's event in words, prefixed
with the algorithm's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solvers import minimax as mm
from solvers.events import Bound, Evaluate, Pop, Prune, Push
from solvers.i18n import _
from visualizer.calltree import UNKNOWN
from visualizer.searchtree import SearchTree, cut_text, value_text

SIDES = (mm.MINIMAX_SIDE, mm.ALPHABETA_SIDE)
SIDE_NAMES = mm.SIDE_NAMES
"""Each side's name, translated where shown."""

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

    def hover_lines(self, side: int, state: State, asked: State | None = None) -> list[str]:
        """What hovering a state tells: who moves, the move that led there, what the search made of it.

        A returned value stays '?' where a question about `asked` would read its answer.
        """
        tree, search = self.tree, self.sides[side]
        level, index = state
        leaf = tree.terminal(state)
        role = _("leaf") if leaf else ("MAX" if tree.to_move(state) == mm.MAX else "MIN")
        who = _(SIDE_NAMES[side])
        if level:
            head = _("{side}: {role} at level {level}, move {move}").format(
                side=who, role=role, level=level, move=index % tree.branching + 1
            )
        else:
            head = _("{side}: {role} at level {level}").format(side=who, role=role, level=level)
        lines = [head]
        node = search.where.get(state)
        if node is None:
            worth = _("not reached (leaf worth {value})").format(value=f"{tree.utility(state):g}")
            lines.append(worth if leaf else _("not reached"))
            return lines
        if search.done(node) and veiled(asked, state, tree.branching):
            lines.append(_("node {node} returned {value}").format(node=node, value="?"))
        elif search.done(node):
            value = value_text(search.value[node], search.bound_kind(node))
            lines.append(_("node {node} returned {value}").format(node=node, value=value))
        else:
            lines.append(_("node {node} still running").format(node=node))
        if search.alphabeta:
            alpha, beta = search.window[node]
            lines.append(
                _("window when called: α = {alpha}, β = {beta}").format(
                    alpha=value_text(alpha), beta=value_text(beta)
                )
            )
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


def veiled(asked: State | None, state: State, branching: int) -> bool:
    """`state` is the one a question asks about or above it: its value or best would give the answer."""
    if asked is None or state[0] > asked[0]:
        return False
    return state[1] == asked[1] // branching ** (asked[0] - state[0])


def narrate(event: mm.Side, hidden: Callable[[mm.Side], bool] | None = None) -> str | None:
    """A side's event in words, prefixed with the algorithm's name; '?' for a value `hidden` says is asked."""
    inner: Any = event.event
    who = _(SIDE_NAMES[event.side])
    kind = type(inner)
    if kind in (Pop, Bound) and hidden is not None and hidden(event):
        inner = inner._replace(value=None)  # value_text(None) is '?'
    if kind is Push:
        if inner.parent < 0:
            return _("{side}: starts at the root").format(side=who)
        return _("{side}: node {node} tries move {move}").format(
            side=who, node=inner.node, move=inner.what + 1
        )
    if kind is Evaluate:
        return _("{side}: leaf {node} is worth {value}").format(
            side=who, node=inner.node, value=value_text(inner.value)
        )
    if kind is Pop:
        return _("{side}: node {node} returns {value}").format(
            side=who, node=inner.node, value=value_text(inner.value)
        )
    if kind is Bound:
        if inner.name == "alpha":
            words = _("{side}: α at node {node} rises to {value}")
        else:
            words = _("{side}: β at node {node} falls to {value}")
        return words.format(side=who, node=inner.node, value=value_text(inner.value))
    if kind is Prune:
        return _("{side}: cut at node {node} ({bound}): skip the rest").format(
            side=who, node=inner.node, bound=cut_text(inner.bound)
        )
    return None
