"""Crowded call trees fold to fit their card: finished subtrees as one pill, a deep path elided.

Checked on the pure layout (`call_tree_places`, the boxes input hit-tests and
the painter draws) and on `fold_to_fit` itself: every call is shown or
counted in a fold, every box stays inside the card, no two boxes overlap, the
running call and its path stay shown.
"""

from __future__ import annotations

import pygame
import pytest

from visualizer.calltree import ELIDED, NO_FOLDING, fold_to_fit
from visualizer.theme import Theme
from visualizer.tree import LifoTree
from visualizer.treepaint import IDENTITY, call_tree_places, screen_box


def binary_tree(levels: int, stop_after: int | None = None) -> LifoTree:
    """A full binary call tree `levels` deep (fib-like), grown depth first, stopped after `stop_after`."""
    tree = LifoTree()
    pushes = 0
    stack: list[tuple[int, bool]] = [(0, False)]
    while stack:
        level, opened = stack.pop()
        if opened:
            tree.close()
            continue
        if stop_after is not None and pushes == stop_after:
            return tree
        tree.push(tree.stack[-1] if tree.stack else -1)
        pushes += 1
        stack.append((level, True))
        if level + 1 < levels:
            stack += [(level + 1, False), (level + 1, False)]
    return tree


def chain(depth: int, extra: int = 0) -> LifoTree:
    """A running path `depth` calls deep, each call with `extra` finished leaf calls before the next."""
    tree = LifoTree()
    for _ in range(depth):
        for _ in range(extra if tree.stack else 0):
            tree.push(tree.stack[-1])
            tree.close()
        tree.push(tree.stack[-1] if tree.stack else -1)
    return tree


def boxes(theme: Theme, area: pygame.Rect, tree: LifoTree) -> dict[int, pygame.Rect]:
    """Every shown call's box on screen."""
    fitted = call_tree_places(theme, area, tree)
    shown = {node: screen_box(IDENTITY, area, place) for node, place in fitted.places.items()}
    if fitted.elided is not None:
        shown[ELIDED] = screen_box(IDENTITY, area, fitted.elided)
    return shown


def accounted(tree: LifoTree, theme: Theme, area: pygame.Rect) -> int:
    """Calls shown plus calls folded away plus calls elided."""
    fitted = call_tree_places(theme, area, tree)
    folding = fitted.folding
    elided = folding.lifted[1] if folding.lifted else 0
    return len(fitted.places) + sum(folding.folded.values()) + elided


@pytest.mark.parametrize("scale", [1.0, 1.28, 1.6])
@pytest.mark.parametrize("stop", [None, 40, 200])
def test_a_big_tree_fits_its_card_and_loses_no_call(scale: float, stop: int | None) -> None:
    """fib-like tree of 255 calls in a 330 x 250 card: inside, no overlaps, every call accounted for."""
    pygame.font.init()
    theme = Theme(scale)
    area = pygame.Rect(10, 20, 330, 250)
    tree = binary_tree(8, stop)
    shown = boxes(theme, area, tree)
    assert all(area.contains(box) for box in shown.values()), "a call drawn outside its card"
    rects = list(shown.values())
    for i, one in enumerate(rects):
        assert all(not one.colliderect(other) for other in rects[i + 1 :]), "two calls overlap"
    assert accounted(tree, theme, area) == tree.count
    path = tree.stack
    kept = [node for node in path if node in shown]
    assert not path or (kept[0], kept[-1]) == (path[0], path[-1]), "the root and the running call stay"
    assert kept[1:] == path[len(path) - len(kept) + 1 :], "the bottom of the path stays, unbroken"


def test_a_path_deeper_than_the_card_is_elided_under_the_root() -> None:
    """40 calls deep in a card for about 8 rows: root, the stand-in, then the bottom of the path."""
    pygame.font.init()
    theme = Theme(1.28)
    area = pygame.Rect(0, 0, 330, 250)
    tree = chain(40, extra=2)
    fitted = call_tree_places(theme, area, tree)
    lifted = fitted.folding.lifted
    assert lifted is not None and fitted.elided is not None
    path = tree.stack
    shown_path = [node for node in path if node in fitted.places]
    assert shown_path[0] == path[0] and shown_path[-1] == path[-1]
    assert shown_path == [path[0], *path[path.index(lifted[0]) :]], "the bottom of the path, unbroken"
    assert fitted.folding.parent(tree, lifted[0]) == ELIDED
    assert fitted.folding.parent(tree, ELIDED) == path[0]
    assert all(area.contains(box) for box in boxes(theme, area, tree).values())
    assert accounted(tree, theme, area) == tree.count


def test_a_tree_that_fits_is_not_folded() -> None:
    """15 calls in a roomy card: every call shown, nothing folded."""
    pygame.font.init()
    theme = Theme(1.0)
    fitted = call_tree_places(theme, pygame.Rect(0, 0, 900, 500), binary_tree(4))
    assert fitted.folding == NO_FOLDING and len(fitted.places) == 15


def test_folding_unfolds_shallowest_first_and_counts_what_it_hides() -> None:
    """A full binary tree of 4 levels in 4 slots: the root's two children unfold, their four children fold."""
    tree = binary_tree(4)
    folding = fold_to_fit(tree, slots=4, rows=10)
    assert folding.folded == {2: 2, 5: 2, 9: 2, 12: 2}
    assert fold_to_fit(tree, slots=100, rows=10).folded == {}


def test_hovering_a_folded_call_says_what_it_hides() -> None:
    """The note of a folded call counts the calls inside it."""
    from solvers.events import Pop, Push
    from solvers.tracing.events import Call, Returned
    from visualizer.scenes.trace import view
    from visualizer.scenes.trace.model import RunModel

    run = RunModel("fib")
    run.apply(Push(0, -1, Call("fib", (("n", "2"),)), 1), 0)
    run.apply(Pop(0, Returned("1"), False, 2), 1)
    assert view.hover_lines(run, 0, folded=37)[-1].startswith("+37 calls folded inside")
    assert not any("folded" in line for line in view.hover_lines(run, 0))
