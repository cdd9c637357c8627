"""Predict, then reveal, in the frogs' search: the question due after the solver's last event; no pygame.

Two kinds, chosen with Q:
- NEXT, "which move does the solver try next?": at each position reached
  (and the start), before the solver lists its legal moves (a listed move,
  first in the log and in the tree, would be the answer); the choices are the
  frogs that could hop onto the empty pad, legal or not, and "none left: dead
  end"; the solver's next event (its `Push` or its `DeadEnd`) is the answer;
- DEAD, "will this branch dead-end?": just after a move is made, whether the
  solver will cancel it (no way on from the new position reaches the goal)
  or it leads to the goal; its `Pop` or the `Solution` reveals it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from solvers import frogs as fr
from solvers.events import DeadEnd, Move, Pop, Push, Solution
from solvers.i18n import _
from visualizer.predict import CHOICES, Question, words_question
from visualizer.scenes.frogs.model import FrogsModel, hop_words
from visualizer.scenes.frogs.tries import START

NEXT, DEAD = "next", "dead"
"""The two kinds of question."""
REACHES, DEAD_ENDS = 0, 1
"""The choices of 'will this branch dead-end?', in order."""


def ask(kind: str, model: FrogsModel, last: object, seed: int) -> Question | None:
    """The question of `kind` due after the solver's `last` event (None: the run's start), or None."""
    made = type(last) is Move and last.line == fr.LINE_MAKE  # type: ignore[attr-defined]
    if kind == NEXT and (made or last is None) and model.state != fr.goal_state(model.state):
        return next_question(model, seed)
    if kind == DEAD and made:
        return dead_end_question(model)
    return None


def next_question(model: FrogsModel, seed: int) -> Question:
    """'Which move does the solver try next?' at a position reached, before it lists the legal moves.

    Asked later, the list on screen (the log, the tree's untried moves) would be the answer.  The
    choices: every frog beside or one past the empty pad moving onto it, legal or not, and a dead end.
    """
    tree = model.tree
    here = tree.stack[-1] if tree.stack else START
    legal = fr.legal_moves(model.state)
    none_left = _("none left: dead end, go back")
    answer_words = hop_words(legal[0]) if legal else none_left
    others = [hop_words(hop) for hop in onto_the_empty_pad(model.state)]
    random.Random(seed * 7_919 + tree.count).shuffle(others)
    choices = list(dict.fromkeys([answer_words, none_left, *others]))[:CHOICES]
    random.Random(seed * 7_919 + tree.count + 1).shuffle(choices)
    if legal:
        reason = _(
            "The solver tries the moves in the order it listed them: {move} is the first not tried yet"
        ).format(move=answer_words)
    else:
        reason = _("No frog can move at {position}: dead end, go back").format(position=model.state)

    def arrived(event: object) -> bool:
        """The solver's first try here, or its dead end."""
        kind = type(event)
        return (kind is Push and event.parent == here) or (kind is DeadEnd and event.where == here)  # type: ignore[attr-defined]

    prompt = _("Which move does the solver try next? Press 1-{count} or click").format(count=len(choices))
    return words_question(
        ("next", tree.count), prompt, tuple(choices), choices.index(answer_words), reason, arrived
    )


def onto_the_empty_pad(position: str) -> list[fr.Hop]:
    """Each frog one or two pads from the empty one, moving onto it: the legal moves and near misses."""
    empty = position.index(fr.EMPTY)
    pads = (empty - 2, empty - 1, empty + 1, empty + 2)
    return [fr.Hop(position[pad], pad, empty) for pad in pads if 0 <= pad < len(position)]


def dead_end_question(model: FrogsModel) -> Question | None:
    """'Will this branch dead-end?' just after the move at the path's tip was made."""
    tree = model.tree
    if not tree.stack:
        return None
    node = tree.stack[-1]
    move = hop_words(tree.hop[node])
    position = model.state
    solvable = fr.is_solvable(position)
    choices = (_("it reaches the goal"), _("it dead-ends"))
    if solvable:
        reason = _(
            "From {position} the goal can still be reached, so the solver never cancels {move}"
        ).format(position=position, move=move)
    else:
        reason = _(
            "No way on from {position} reaches the goal: every try below {move} fails, so it is cancelled"
        ).format(position=position, move=move)
    prompt = _("Will the branch after {move} reach the goal? Press 1-2 or click").format(move=move)
    return words_question(
        ("dead", node), prompt, choices, REACHES if solvable else DEAD_ENDS, reason, returned(node)
    )


def returned(node: int) -> Callable[[object], bool]:
    """The reveal test: move `node` is cancelled, or the goal is reached."""

    def arrived(event: object) -> bool:
        """The move's Pop or the Solution."""
        kind = type(event)
        return kind is Solution or (kind is Pop and event.node == node)  # type: ignore[attr-defined]

    return arrived
