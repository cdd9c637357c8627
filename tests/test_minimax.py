"""Minimax and alpha-beta: known trees, event-stream invariants, random trees, deep games."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import inf
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.events import Bound, Evaluate, Pop, Prune, Push
from solvers.minimax import (
    ALPHABETA_PSEUDOCODE,
    ALPHABETA_SIDE,
    MAX,
    MIN,
    MINIMAX_PSEUDOCODE,
    MINIMAX_SIDE,
    RandomTree,
    alphabeta_events,
    alphabeta_value,
    count_tree,
    lockstep_events,
    minimax_events,
    minimax_value,
    search,
)


class ListTree:
    """A game given as nested lists: a list is a choice, a number is a leaf."""

    bounds = (-inf, inf)

    def to_move(self, state: tuple[int, Any]) -> int:
        """MAX on even depths."""
        return MAX if state[0] % 2 == 0 else MIN

    def moves(self, state: tuple[int, Any]) -> Sequence[int]:
        """One move per sub-list."""
        return range(len(state[1])) if isinstance(state[1], list) else ()

    def result(self, state: tuple[int, Any], move: int) -> tuple[int, Any]:
        """Step into a sub-list."""
        return state[0] + 1, state[1][move]

    def terminal(self, state: tuple[int, Any]) -> bool:
        """Numbers are leaves."""
        return not isinstance(state[1], list)

    def utility(self, state: tuple[int, Any]) -> float:
        """The number itself."""
        return state[1]


class Chain:
    """A one-move-per-turn game of `length` plies: deeper than any Python stack."""

    bounds = (0.0, 1.0)

    def __init__(self, length: int) -> None:
        self.length = length

    def to_move(self, state: int) -> int:
        """Turns alternate."""
        return MAX if state % 2 == 0 else MIN

    def moves(self, state: int) -> Sequence[int]:
        """A single move until the end."""
        return (1,) if state < self.length else ()

    def result(self, state: int, move: int) -> int:
        """One ply further."""
        return state + move

    def terminal(self, state: int) -> bool:
        """The end of the chain."""
        return state == self.length

    def utility(self, state: int) -> float:
        """Whoever moved last wins."""
        return float(state % 2)


# The textbook figure (AIMA 3rd ed., Fig. 5.2): MAX over three MIN nodes.
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def check_stream(events: list[Any], algorithm: str) -> dict[int, dict[str, Any]]:
    """Assert the invariants of a search's events and return each node's record.

    Every Push has its Pop in LIFO order, ids are handed out in Push order, a Push's
    parent is the frame on top, Evaluate and Bound and Prune touch the top frame,
    Bound's `old` is the value it replaces, lines are in the pseudocode.
    """
    lines = len(ALPHABETA_PSEUDOCODE if algorithm == "alphabeta" else MINIMAX_PSEUDOCODE)
    nodes: dict[int, dict[str, Any]] = {}
    stack: list[int] = []
    for event in events:
        assert 1 <= event.line <= lines
        kind = type(event)
        if kind is Push:
            assert event.node == len(nodes)
            assert event.parent == (stack[-1] if stack else -1)
            parent = nodes.get(event.parent)
            window = (parent["alpha"], parent["beta"]) if parent else (-inf, inf)
            nodes[event.node] = {
                "parent": event.parent,
                "move": event.what,
                "depth": len(stack),
                "children": [],
                "alpha": window[0],
                "beta": window[1],
                "window": window,
                "leaf": False,
                "pruned": None,
                "value": None,
            }
            if parent:
                parent["children"].append(event.node)
            stack.append(event.node)
        elif kind is Pop:
            assert stack and stack[-1] == event.node, "Pop out of LIFO order"
            stack.pop()
            nodes[event.node]["value"] = event.value
        elif kind is Evaluate:
            assert stack[-1] == event.node
            nodes[event.node]["leaf"] = True
        elif kind is Bound:
            assert algorithm == "alphabeta" and stack[-1] == event.node
            record = nodes[event.node]
            assert record[event.name] == event.old
            assert (event.value > event.old) if event.name == "alpha" else (event.value < event.old)
            record[event.name] = event.value
        elif kind is Prune:
            assert stack[-1] == event.node
            record = nodes[event.node]
            assert record["alpha"] >= record["beta"] or event.bound[0] == "win"
            record["pruned"] = event.bound
        else:
            raise AssertionError(f"unexpected event {event}")
    assert not stack, "a Push without its Pop"
    return nodes


def test_textbook_tree_minimax() -> None:
    """Minimax on the textbook figure: value 3, every one of the 9 leaves scored."""
    game = ListTree()
    report = search(game, (0, TEXTBOOK))
    assert (report.value, report.move, report.leaves, report.nodes) == (3, 0, 9, 13)
    nodes = check_stream(list(minimax_events(game, (0, TEXTBOOK))), "minimax")
    assert [nodes[c]["value"] for c in nodes[0]["children"]] == [3, 2, 2]


def test_textbook_tree_alphabeta_skips_two_leaves() -> None:
    """Alpha-beta on the figure: after the 2 under the second MIN node, 4 and 6 are cut."""
    game = ListTree()
    events = list(alphabeta_events(game, (0, TEXTBOOK)))
    nodes = check_stream(events, "alphabeta")
    report = search(game, (0, TEXTBOOK), alphabeta=True)
    assert (report.value, report.move, report.leaves, report.prunes) == (3, 0, 7, 1)
    cuts = [event for event in events if type(event) is Prune]
    second_min = nodes[0]["children"][1]
    assert cuts == [Prune(second_min, ("alpha", 3), 9)]
    assert [nodes[c]["value"] for c in nodes[second_min]["children"]] == [2]


def test_plain_functions_agree_on_the_textbook_tree() -> None:
    """The recursive reference functions give the same value."""
    game = ListTree()
    assert minimax_value(game, (0, TEXTBOOK)) == alphabeta_value(game, (0, TEXTBOOK)) == 3


def test_a_leaf_root_is_one_node() -> None:
    """A finished game: one Push, its Evaluate, its Pop."""
    for events in (minimax_events, alphabeta_events):
        assert list(events(ListTree(), (0, 7))) == [
            Push(0, -1, None, 1),
            Evaluate(0, 7, 2),
            Pop(0, 7, False, 2),
        ]


def true_value(game: RandomTree, node: int, nodes: dict[int, dict[str, Any]]) -> float:
    """The exact minimax value of a node seen in an event stream."""
    path = []
    while node > 0:
        path.append(nodes[node]["move"])
        node = nodes[node]["parent"]
    return minimax_value(game, game.path_state(path[::-1]))


trees = st.builds(
    RandomTree,
    depth=st.integers(2, 6),
    branching=st.integers(2, 4),
    seed=st.integers(0, 10**6),
)


@settings(max_examples=60, deadline=None)
@given(trees)
def test_alphabeta_agrees_with_minimax_on_random_trees(tree: RandomTree) -> None:
    """Same value and same move; alpha-beta never scores more leaves."""
    plain = search(tree, tree.ROOT)
    pruned = search(tree, tree.ROOT, alphabeta=True)
    assert pruned.value == plain.value == minimax_value(tree, tree.ROOT)
    assert pruned.move == plain.move
    assert pruned.leaves <= plain.leaves == len(tree.leaves)
    assert alphabeta_value(tree, tree.ROOT) == plain.value


@settings(max_examples=40, deadline=None)
@given(trees, st.sampled_from(["none", "best", "worst"]), st.booleans())
def test_orderings_and_shortcut_keep_the_value(tree: RandomTree, order: str, shortcut: bool) -> None:
    """Move ordering and the immediate-win shortcut change the work, never the value."""
    exact = minimax_value(tree, tree.ROOT)
    for alphabeta in (False, True):
        report = search(tree, tree.ROOT, alphabeta=alphabeta, shortcut=shortcut, order=tree.order(order))
        assert report.value == exact


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(2, 4), st.integers(0, 10**6))
def test_alphabeta_values_are_bounds_inside_their_window(depth: int, branching: int, seed: int) -> None:
    """Fail-soft: a value at or below α is an upper bound, at or above β a lower bound,
    strictly inside the window it is exact; the event stream keeps its invariants."""
    tree = RandomTree(depth, branching, seed)
    nodes = check_stream(list(alphabeta_events(tree, tree.ROOT)), "alphabeta")
    for node, record in nodes.items():
        exact = true_value(tree, node, nodes)
        alpha, beta = record["window"]
        if record["value"] <= alpha:
            assert exact <= record["value"]
        elif record["value"] >= beta:
            assert exact >= record["value"]
        else:
            assert exact == record["value"]


@settings(max_examples=25, deadline=None)
@given(trees)
def test_minimax_stream_values_are_exact(tree: RandomTree) -> None:
    """Every minimax Pop returns the node's exact value: best of its children's values."""
    nodes = check_stream(list(minimax_events(tree, tree.ROOT)), "minimax")
    assert len(nodes) == count_tree(tree, tree.ROOT).nodes
    for node, record in nodes.items():
        if record["children"]:
            values = [nodes[c]["value"] for c in record["children"]]
            better = max if record["depth"] % 2 == 0 else min
            assert record["value"] == better(values)
        assert record["value"] == true_value(tree, node, nodes)


def test_best_first_ordering_reaches_the_minimal_tree() -> None:
    """With the best move first, alpha-beta scores b^ceil(d/2) + b^floor(d/2) - 1 leaves."""
    for depth, branching in [(2, 2), (3, 3), (4, 2), (5, 3), (6, 4)]:
        tree = RandomTree(depth, branching, seed=depth * 10 + branching)
        report = search(tree, tree.ROOT, alphabeta=True, order=tree.best_first)
        minimal = branching ** -(-depth // 2) + branching ** (depth // 2) - 1
        assert report.leaves <= minimal


def test_worst_first_ordering_cuts_no_more_than_unordered() -> None:
    """Worst-first ordering is alpha-beta's bad case: at least as many leaves as unordered."""
    for seed in range(10):
        tree = RandomTree(4, 3, seed)
        worst = search(tree, tree.ROOT, alphabeta=True, order=tree.worst_first)
        best = search(tree, tree.ROOT, alphabeta=True, order=tree.best_first)
        assert best.leaves <= worst.leaves


def test_random_tree_is_seeded_and_checked() -> None:
    """Same seed, same leaves; other seeds differ; sizes out of range are refused."""
    assert RandomTree(4, 3, 5).leaves == RandomTree(4, 3, 5).leaves
    assert RandomTree(4, 3, 5).leaves != RandomTree(4, 3, 6).leaves
    assert len(RandomTree(6, 4, 0).leaves) == 4**6
    for depth, branching in [(1, 2), (7, 2), (3, 1), (3, 5)]:
        with pytest.raises(ValueError, match="depth must be"):
            RandomTree(depth, branching)


def test_shortcut_takes_an_immediate_win_and_prunes_the_rest() -> None:
    """A MAX node with a top-value leaf returns it at once, the other moves cut as 'win'."""
    tree = RandomTree(2, 3, 0)
    tree.leaves = [5, 3, 4, 0, 9, 1, 9, 2, 2]  # the middle MIN child has a 0: an instant MIN win
    events = list(minimax_events(tree, tree.ROOT, shortcut=True))
    check_stream(events, "minimax")
    wins = [event for event in events if type(event) is Prune]
    assert all(event.bound == ("win", 0.0) for event in wins) and len(wins) == 1
    assert search(tree, tree.ROOT, shortcut=True).value == minimax_value(tree, tree.ROOT) == 3


@pytest.mark.parametrize("events", [minimax_events, alphabeta_events])
def test_deep_games_need_no_python_stack(events: Any) -> None:
    """A 100,000-ply game: one generator, its own stack, no RecursionError."""
    game = Chain(100_000)
    depth = deepest = 0
    for event in events(game, 0):
        if type(event) is Push:
            depth += 1
            deepest = max(deepest, depth)
        elif type(event) is Pop:
            depth -= 1
            last = event
    assert deepest == 100_001 and depth == 0
    assert last.node == 0 and last.value == 0.0  # ply 100,000 is made by MIN


@settings(max_examples=30, deadline=None)
@given(trees, st.sampled_from(["none", "best", "worst"]))
def test_lockstep_keeps_each_search_whole_and_in_order(tree: RandomTree, order: str) -> None:
    """Filtered by side, the lockstep run is each search's own run; leaves come in step."""
    chosen = tree.order(order)
    merged = list(lockstep_events(tree, tree.ROOT, order=chosen))
    mine = [s.event for s in merged if s.side == MINIMAX_SIDE]
    theirs = [s.event for s in merged if s.side == ALPHABETA_SIDE]
    assert mine == list(minimax_events(tree, tree.ROOT, order=chosen))
    assert theirs == list(alphabeta_events(tree, tree.ROOT, order=chosen))
    assert all(1 <= s.line <= len(ALPHABETA_PSEUDOCODE) for s in merged)
    # Leaves come in search order, and alpha-beta scores a leaf just after minimax did.
    states: dict[tuple[int, int], Any] = {}
    scored: list[tuple[int, Any]] = []
    for s in merged:
        event = s.event
        if type(event) is Push:
            parent = states.get((s.side, event.parent), tree.ROOT)
            here = tree.ROOT if event.parent < 0 else tree.result(parent, event.what)
            states[s.side, event.node] = here
        elif type(event) is Evaluate:
            scored.append((s.side, states[s.side, event.node]))
    rank = {state: i for i, (side, state) in enumerate(x for x in scored if x[0] == MINIMAX_SIDE)}
    ranks = [rank[state] for _, state in scored]
    assert ranks == sorted(ranks)
    for before, after in itertools.pairwise(scored):
        if after[0] == ALPHABETA_SIDE:
            assert before == (MINIMAX_SIDE, after[1])
