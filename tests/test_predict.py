"""Predict, then reveal: the cut-leaves checker agrees with the solver's alpha-beta; answers hold."""

from __future__ import annotations

import pytest

from solvers import minimax as mm
from solvers.events import Evaluate, Pop, Push
from visualizer import predict
from visualizer.searchtree import SearchTree

SHAPES = [(depth, branching) for depth in (2, 3, 4) for branching in (2, 3, 4)]


def skipped_by_search(tree: mm.RandomTree, order: mm.Order | None = None) -> set[int]:
    """The leaves `solvers.minimax.alphabeta_events` never evaluates."""
    states: dict[int, tuple[int, int]] = {}
    scored: set[int] = set()
    for event in mm.alphabeta_events(tree, tree.ROOT, order=order):
        if isinstance(event, Push):
            parent = states.get(event.parent)
            states[event.node] = tree.ROOT if parent is None else tree.result(parent, event.what)
        elif isinstance(event, Evaluate):
            scored.add(states[event.node][1])
    return set(range(len(tree.leaves))) - scored


@pytest.mark.parametrize(("depth", "branching"), SHAPES)
@pytest.mark.parametrize("order", ["none", "best", "worst"])
def test_cut_leaves_equal_the_solvers_skipped_leaves(depth: int, branching: int, order: str) -> None:
    """On 25 seeded trees of each shape and order the checker's cut set is exactly what alpha-beta skips."""
    for seed in range(25):
        tree = mm.RandomTree(depth, branching, seed)
        answer = predict.cut_leaves(tree, tree.order(order))
        assert set(answer.cut) == skipped_by_search(tree, tree.order(order))
        assert set(answer.cut) | set(answer.scored) == set(range(len(tree.leaves)))
        assert not set(answer.cut) & set(answer.scored)


def test_worst_first_cuts_nothing_and_best_first_cuts() -> None:
    """Known cases: worst-first ordering prunes nothing; best-first on a 3x3 tree cuts leaves."""
    tree = mm.RandomTree(3, 3, 7)
    assert predict.cut_leaves(tree, tree.order("worst")).cut == {}
    assert predict.cut_leaves(tree, tree.order("best")).cut


def test_a_right_marking_is_right_and_a_wrong_one_names_the_first_leaf() -> None:
    """The exact set passes; one leaf dropped or one scored leaf added is the first disagreement, with why."""
    tree = next(t for t in (mm.RandomTree(3, 3, s) for s in range(50)) if len(predict.cut_leaves(t).cut) >= 2)
    answer = predict.cut_leaves(tree)
    exact = set(answer.cut)
    verdict = predict.check(tree, exact)
    assert verdict.right and verdict.first is None and str(len(exact)) in verdict.why
    dropped = max(exact)
    missed = predict.check(tree, exact - {dropped})
    assert not missed.right and missed.first == dropped and missed.missed == {dropped}
    assert missed.why.startswith(f"Leaf {dropped + 1} is cut") and "≥ β" in missed.why
    scored = min(answer.scored)
    only_extra = predict.check(tree, exact | {scored})
    assert only_extra.extra == {scored} and not only_extra.missed
    assert only_extra.first == scored and "is scored" in only_extra.why


def test_questions_hold_their_answer_which_the_search_then_returns() -> None:
    """At every inner node alpha-beta enters, the answer is among four distinct choices and equals its Pop."""
    for seed in range(20):
        tree = mm.RandomTree(3, 3, seed)
        search = SearchTree(tree.ROOT, tree.result, alphabeta=True)
        asked: dict[int, predict.Question] = {}
        for event in mm.alphabeta_events(tree, tree.ROOT):
            search.apply(event)
            if isinstance(event, Push) and not tree.terminal(search.state[event.node]):
                node = event.node
                asked[node] = predict.make_question(tree, node, search.state[node], search.window[node])
                assert len(set(asked[node].choices)) == predict.CHOICES
                assert asked[node].answer in asked[node].choices
            if isinstance(event, Pop) and event.node in asked:
                assert event.value == asked[event.node].answer
                reason = predict.reveal_reason(
                    search, event.node, tree.to_move(search.state[event.node]) == mm.MAX
                )
                assert ("cut" in reason) == (event.node in search.cuts)
        assert asked


def test_score_counts_streaks() -> None:
    """Right, right, wrong, right: 3 of 4, streak 1, best 2."""
    score = predict.Score()
    for correct in (True, True, False, True):
        score = score.mark(correct)
    assert (score.asked, score.right, score.streak, score.best) == (4, 3, 1, 2)
    assert score.text() == "score 3/4, streak 1 (best 2)"
