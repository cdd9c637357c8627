"""Predict, then reveal: guesses on a random game tree, their answers and reasons; no pygame.

Vocabulary
----------
- A `Question` asks what alpha-beta will return at a node it has just entered:
  four `choices` (seeded, the `answer` among them).  `returned_value` works the
  answer out ahead of the search (fail-soft, the same window and move order).
- `reveal_reason` says, once the node has returned, why the value is what it
  is, in one sentence read from the search's own tree (children's values,
  window, cut).
- A cut-leaves exercise: the student marks the leaves alpha-beta will never
  score; `cut_leaves` works out that exact set with the cut that skips each
  one, and `check` compares a marking with it, naming the first leaf (left to
  right) where they disagree and why.
- `Score` counts right answers and the current and best streaks.

Example: `check(RandomTree(3, 2, 1), {5}).first` is the leftmost leaf marked
wrongly (or missed), and `.why` says what alpha-beta does there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from math import inf
from typing import Any

from solvers import minimax as mm
from solvers.i18n import _
from visualizer.searchtree import SearchTree, value_text

State = tuple[int, int]
"""A state of `RandomTree`: (level, index)."""
CHOICES = 4
"""Multiple choice: keys 1 to 4."""


# --- the value a node will return -------------------------------------------------


def moves_function(tree: mm.RandomTree, order: mm.Order | None) -> Callable[[State], Sequence[int]]:
    """The tree's moves in the order the search tries them."""
    if order is None:
        return tree.moves
    return lambda state: order(state, tree.moves(state))


def returned_value(
    tree: mm.RandomTree, state: State, alpha: float, beta: float, order: mm.Order | None = None
) -> float:
    """What fail-soft alpha-beta returns at `state` given the window (alpha, beta)."""
    return mm.alphabeta_value(tree, state, alpha, beta, order)


@dataclass(frozen=True, slots=True)
class Question:
    """'What will node `node` return?': four values, one of them the answer."""

    node: int
    state: State
    choices: tuple[float, ...]
    answer: float


def make_question(
    tree: mm.RandomTree, node: int, state: State, window: tuple[float, float], order: mm.Order | None = None
) -> Question:
    """The question at a node just entered: the answer, minimax's value and other leaf values, shuffled."""
    answer = returned_value(tree, state, *window, order)
    rng = random.Random(tree.seed * 1_000_003 + node)
    pool = [mm.minimax_value(tree, state), *leaf_values_below(tree, state)]
    rng.shuffle(pool)
    choices = [answer]
    for value in [*pool, *rng.sample(range(mm.LEAF_VALUES[0], mm.LEAF_VALUES[1] + 1), CHOICES + 1)]:
        if len(choices) < CHOICES and value not in choices:
            choices.append(value)
    rng.shuffle(choices)
    return Question(node, state, tuple(choices), answer)


def leaf_values_below(tree: mm.RandomTree, state: State) -> list[float]:
    """The values of the leaves under `state`, left to right."""
    level, index = state
    width = tree.branching ** (tree.depth - level)
    return [float(v) for v in tree.leaves[index * width : (index + 1) * width]]


def reveal_reason(search: SearchTree, node: int, maximizing: bool) -> str:
    """One sentence, from the search's own tree, on why `node` returned what it did."""
    values = [search.value[child] for child in search.children(node)]
    tried = ", ".join(value_text(v) for v in values)
    returned = value_text(search.value[node], search.bound_kind(node))
    who = _("MAX takes the largest") if maximizing else _("MIN takes the smallest")
    if node in search.cuts:
        alpha, beta = search.alpha[node], search.beta[node]
        return _(
            "{who} of {tried}; then α = {alpha} ≥ β = {beta} cut the other moves, so it returns {value}"
        ).format(who=who, tried=tried, alpha=value_text(alpha), beta=value_text(beta), value=returned)
    return _("{who} of {tried}: {value}").format(who=who, tried=tried, value=returned)


# --- the cut-leaves exercise ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cut:
    """Why leaves are skipped: at `state` the window closed after `tried` moves."""

    state: State
    maximizing: bool
    alpha: float
    beta: float
    tried: int


@dataclass(frozen=True, slots=True)
class Answer:
    """Alpha-beta on a tree: the leaves it cuts (with the cut), and each scored leaf's window."""

    cut: dict[int, Cut]
    scored: dict[int, tuple[float, float]]


def cut_leaves(tree: mm.RandomTree, order: mm.Order | None = None) -> Answer:
    """Which leaves alpha-beta never scores, and why; the window each scored leaf was reached with."""
    moves_of = moves_function(tree, order)
    answer = Answer({}, {})

    def visit(state: State, alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta that writes down what it skips."""
        if tree.terminal(state):
            answer.scored[state[1]] = (alpha, beta)
            return tree.utility(state)
        maximizing = tree.to_move(state) == mm.MAX
        best = -inf if maximizing else inf
        moves = list(moves_of(state))
        for tried, move in enumerate(moves, start=1):
            value = visit(tree.result(state, move), alpha, beta)
            if maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                cut = Cut(state, maximizing, alpha, beta, tried)
                for rest in moves[tried:]:
                    answer.cut.update((leaf, cut) for leaf in leaves_below(tree, tree.result(state, rest)))
                break
        return best

    visit(tree.ROOT, -inf, inf)
    return answer


def leaves_below(tree: mm.RandomTree, state: State) -> range:
    """The leaf numbers under `state`."""
    level, index = state
    width = tree.branching ** (tree.depth - level)
    return range(index * width, (index + 1) * width)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A marking checked: right or not, the first leaf that disagrees and why."""

    right: bool
    first: int | None
    why: str
    missed: frozenset[int]
    extra: frozenset[int]


def check(tree: mm.RandomTree, marked: Iterable[int], order: mm.Order | None = None) -> Verdict:
    """Compare the leaves the student marked as cut with alpha-beta's exact cut leaves."""
    answer = cut_leaves(tree, order)
    chosen = frozenset(marked)
    missed = frozenset(answer.cut) - chosen
    extra = chosen - frozenset(answer.cut)
    if not missed and not extra:
        total = len(answer.cut)
        return Verdict(
            True,
            None,
            _("Right: alpha-beta cuts exactly these {count} leaves").format(count=total),
            missed,
            extra,
        )
    first = min(missed | extra)
    return Verdict(False, first, leaf_reason(tree, answer, first), missed, extra)


def leaf_reason(tree: mm.RandomTree, answer: Answer, leaf: int) -> str:
    """Why alpha-beta cuts or scores leaf `leaf`, in one sentence."""
    number = leaf + 1
    cut = answer.cut.get(leaf)
    if cut is None:
        alpha, beta = answer.scored[leaf]
        return _(
            "Leaf {leaf} is scored: when alpha-beta gets there its window is open (α = {alpha} < β = {beta})"
        ).format(leaf=number, alpha=value_text(alpha), beta=value_text(beta))
    who = "MAX" if cut.maximizing else "MIN"
    return _(
        "Leaf {leaf} is cut: after {tried} move(s) of {who} at level {level}, α = {alpha} ≥ β = {beta}"
    ).format(
        leaf=number,
        tried=cut.tried,
        who=who,
        level=cut.state[0],
        alpha=value_text(cut.alpha),
        beta=value_text(cut.beta),
    )


# --- score and streak ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Score:
    """Answers so far: how many, how many right, the streak now and the best one."""

    asked: int = 0
    right: int = 0
    streak: int = 0
    best: int = 0

    def mark(self, correct: bool) -> Score:
        """The score after one more answer."""
        streak = self.streak + 1 if correct else 0
        return replace(
            self, asked=self.asked + 1, right=self.right + correct, streak=streak, best=max(self.best, streak)
        )

    def text(self) -> str:
        """'score 3/4, streak 2 (best 3)'."""
        return _("score {right}/{asked}, streak {streak} (best {best})").format(
            right=self.right, asked=self.asked, streak=self.streak, best=self.best
        )


def pick(choices: Sequence[Any], key: int) -> Any:
    """The choice for key number `key` (1-based), or None."""
    return choices[key - 1] if 1 <= key <= len(choices) else None
