"""Tests that catch real bugs: alpha-beta's exact cuts and dancing links' exact restore.

Each was checked by mutating the solver (the cut `alpha >= beta` made `alpha > beta`;
the size restore `S += 1` dropped from uncover) and seeing the test fail; so were ties
in minimax's Prune event (`alpha >= beta` made `>`, and the "moves left" check dropped)
and in `alphabeta_value`, the plain search other tests compare with.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from math import inf
from typing import Any

import pytest
from test_minimax import TEXTBOOK, ListTree

from solvers import dlx, queens, sudoku
from solvers.events import Evaluate, Prune, Push
from solvers.minimax import MAX, RandomTree, alphabeta_events, alphabeta_value

# --- alpha-beta: exactly which leaves are skipped ------------------------------------


def all_leaves(game: Any, state: Any, path: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Every leaf of the game tree, as the moves that reach it."""
    if game.terminal(state):
        yield path
        return
    for move in game.moves(state):
        yield from all_leaves(game, game.result(state, move), (*path, move))


def reference_leaves(
    game: Any, state: Any, alpha: float, beta: float, path: tuple[int, ...], seen: list[tuple[int, ...]]
) -> float:
    """Textbook alpha-beta, recursive and written here from scratch: records each leaf it scores."""
    if game.terminal(state):
        seen.append(path)
        return game.utility(state)
    maximizing = game.to_move(state) == MAX
    best = -inf if maximizing else inf
    for move in game.moves(state):
        value = reference_leaves(game, game.result(state, move), alpha, beta, (*path, move), seen)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:  # the window is empty: no other move can matter
            break
    return best


def skipped_by_the_solver(game: Any, root: Any) -> set[tuple[int, ...]]:
    """The leaves the solver's alpha-beta generator never evaluates."""
    paths: dict[int, tuple[int, ...]] = {}
    scored = set()
    for event in alphabeta_events(game, root):
        if type(event) is Push:
            paths[event.node] = () if event.parent < 0 else (*paths[event.parent], event.what)
        elif type(event) is Evaluate:
            scored.add(paths[event.node])
    return set(all_leaves(game, root)) - scored


def skipped_by_the_reference(game: Any, root: Any) -> set[tuple[int, ...]]:
    """The leaves the reference never scores."""
    seen: list[tuple[int, ...]] = []
    reference_leaves(game, root, -inf, inf, (), seen)
    return set(all_leaves(game, root)) - set(seen)


def test_textbook_figure_skips_exactly_the_4_and_the_6() -> None:
    """AIMA Fig. 5.2: once the second MIN node sees 2 (< 3), its 4 and 6 are never looked at."""
    game, root = ListTree(), (0, TEXTBOOK)
    assert skipped_by_the_solver(game, root) == {(1, 1), (1, 2)} == skipped_by_the_reference(game, root)


# Ties matter: with leaves 0..9 these trees have cuts where alpha == beta exactly.
SEEDED_TREES = [
    (depth, branching, seed) for depth, branching in product((2, 3, 4), (2, 3, 4)) for seed in (1, 2)
]


@pytest.mark.parametrize(("depth", "branching", "seed"), SEEDED_TREES)
def test_seeded_trees_skip_exactly_the_reference_leaves(depth: int, branching: int, seed: int) -> None:
    """The same skipped leaves as the reference, leaf for leaf."""
    tree = RandomTree(depth, branching, seed)
    assert skipped_by_the_solver(tree, tree.ROOT) == skipped_by_the_reference(tree, tree.ROOT)


def test_a_tie_closes_the_window() -> None:
    """MAX over two MIN nodes [5, 7] and [5, 1]: the second MIN node's 5 ties alpha, so its 1 is cut."""
    game, root = ListTree(), (0, [[5, 7], [5, 1]])
    assert skipped_by_the_solver(game, root) == {(1, 1)} == skipped_by_the_reference(game, root)


def cuts_and_prunes(game: Any, root: Any) -> tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], Any]]]:
    """The nodes (as paths) alpha-beta left with moves untried, and each Prune event's node and bound."""
    nodes: dict[int, tuple[tuple[int, ...], Any]] = {}
    tried: dict[tuple[int, ...], int] = {}
    moves: dict[tuple[int, ...], int] = {}
    prunes = []
    for event in alphabeta_events(game, root):
        if type(event) is Push:
            path, state = (), root
            if event.parent >= 0:
                above, position = nodes[event.parent]
                path, state = (*above, event.what), game.result(position, event.what)
                tried[above] += 1
            nodes[event.node] = (path, state)
            tried[path], moves[path] = 0, len(game.moves(state))
        elif type(event) is Prune:
            prunes.append((nodes[event.node][0], event.bound))
    return [path for path, count in tried.items() if count < moves[path]], prunes


def test_a_tie_cut_is_a_prune_event_at_its_min_node() -> None:
    """[[5, 7], [5, 1]]: the second MIN node's 5 ties alpha = 5: one Prune there, bound alpha 5."""
    cut, prunes = cuts_and_prunes(ListTree(), (0, [[5, 7], [5, 1]]))
    assert cut == [(1,)] and prunes == [((1,), ("alpha", 5))]


@pytest.mark.parametrize(("depth", "branching", "seed"), SEEDED_TREES)
def test_every_node_cut_with_moves_left_says_so_once(depth: int, branching: int, seed: int) -> None:
    """A Prune event at exactly the nodes that left moves untried (ties included), one each."""
    tree = RandomTree(depth, branching, seed)
    cut, prunes = cuts_and_prunes(tree, tree.ROOT)
    assert sorted(path for path, _bound in prunes) == sorted(cut)


class Scoring:
    """A game that notes each leaf it is asked to score, in order."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.scored: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def utility(self, state: Any) -> float:
        """The game's utility, noted."""
        self.scored.append(state)
        return float(self.game.utility(state))


@pytest.mark.parametrize(("depth", "branching", "seed"), SEEDED_TREES)
def test_the_plain_alphabeta_value_scores_exactly_the_reference_leaves(
    depth: int, branching: int, seed: int
) -> None:
    """alphabeta_value (the plain search) scores the reference's leaves in its order, ties cut."""
    solver, reference = (
        Scoring(RandomTree(depth, branching, seed)),
        Scoring(RandomTree(depth, branching, seed)),
    )
    value = alphabeta_value(solver, RandomTree.ROOT)
    assert value == reference_leaves(reference, RandomTree.ROOT, -inf, inf, (), [])
    assert solver.scored == reference.scored


def test_the_plain_value_of_a_min_node_cut_by_a_tie_is_the_tie() -> None:
    """MIN over [3, 1] inside alpha = 3: its 3 closes the window, so fail-soft it returns 3, never 1."""
    assert alphabeta_value(ListTree(), (1, [3, 1]), 3, inf) == 3


# --- dancing links: uncover restores every size and link ------------------------------


def knuth() -> dlx.Matrix:
    """Knuth's 7-column example."""
    return dlx.parse_matrix("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").matrix


def matrices() -> list[dlx.Matrix]:
    """Small matrices with solutions, dead ends and secondary columns."""
    four_by_four = sudoku.parse_puzzle("1...\n..2.\n.3..\n...4")
    return [knuth(), queens.encode(5).matrix, queens.encode(3).matrix, sudoku.encode(four_by_four).matrix]


def assert_as_built(matrix: dlx.Matrix) -> None:
    """Sizes equal the rows' counts, the header list holds every primary column in order,
    and every column's list holds its rows top to bottom, linked both ways."""
    for column in range(matrix.n_columns):
        rows = [row for row, cols in enumerate(matrix.rows) if column in cols]
        assert matrix.size(column) == len(rows), f"column {column}: size not restored"
        assert matrix.column_rows(column) == rows, f"column {column}: rows not relinked"
        header = matrix.header(column)
        node = header
        for _ in range(len(rows) + 1):
            assert node.D.U is node
            node = node.D
    assert matrix.active_columns() == list(range(matrix.n_primary))
    header = matrix.root
    for _ in range(matrix.n_primary + 1):
        assert header.R.L is header
        header = header.R


@pytest.mark.parametrize("index", range(4))
def test_a_full_search_with_events_restores_the_matrix(index: int) -> None:
    """After the event generator has found every solution, the matrix is as built.

    Leftmost column choice, so a broken size cannot send the fewest-1s scan round
    the header list forever: the test fails fast instead of hanging.
    """
    matrix = matrices()[index]
    for _ in dlx.search(matrix, strategy="leftmost"):
        pass
    assert_as_built(matrix)


@pytest.mark.parametrize("index", range(4))
def test_a_full_search_without_events_restores_the_matrix(index: int) -> None:
    """The same for the event-free path (leftmost again, for the same reason)."""
    matrix = matrices()[index]
    for _ in dlx.solutions(matrix, strategy="leftmost"):
        pass
    assert_as_built(matrix)


def test_cover_then_uncover_restores_every_column() -> None:
    """Matrix.cover and Matrix.uncover, nested over every column in turn."""
    matrix = knuth()
    for first in range(matrix.n_columns):
        matrix.cover(first)
        for second in matrix.active_columns():
            matrix.cover(second)
            matrix.uncover(second)
        matrix.uncover(first)
        assert_as_built(matrix)
