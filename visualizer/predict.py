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

The same questions serve every tree demo (tic-tac-toe, the games, the game
tree): a `Question` is of one of three kinds, VALUE ("what will this node
return?", asked once its moves are tried), CUTS ("which of its moves will
alpha-beta cut?", asked as it is entered, the answer read ahead from the
run's own events by `moves_tried`) and MOVE ("which move will it choose?");
`cut_reason` and `move_reason` say why from
the search's own tree.  `visualizer.guessing` follows a run and asks them.

Example: `check(RandomTree(3, 2, 1), {5}).first` is the leftmost leaf marked
wrongly (or missed), and `.why` says what alpha-beta does there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from math import inf
from typing import Any

from solvers import minimax as mm
from solvers.events import Pop, Push
from solvers.i18n import _, ngettext
from visualizer.searchtree import SearchTree, value_text

State = tuple[int, int]
"""A state of `RandomTree`: (level, index)."""
CHOICES = 4
"""Multiple choice: keys 1 to 4."""
VALUE, CUTS, MOVE = "value", "cuts", "move"
"""The kinds of question: a node's returned value, the moves alpha-beta cuts there, the move it chooses."""


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
    """What a student is asked about one moment of a run: the `answer` among `choices`, and why.

    Every demo asks with this type.  A tree question is about node `node`:
    VALUE ("what will it return?"), CUTS ("which moves will it cut?", the
    choices frozensets of `moves`, all the node's moves in the order the
    search tries them) or MOVE; its words and reason come from the demo once
    the node returns.  A question that knows its words when asked carries
    `prompt`, `reason` and `reveals` (the event after which the answer is on
    screen), and `moment` names what it is about when that is not a node.
    `about` is what is asked once per run.
    """

    node: int
    state: Any
    choices: tuple[Any, ...]
    answer: Any
    kind: str = VALUE
    moves: tuple[Any, ...] = ()
    prompt: str = ""
    reason: str = ""
    reveals: Callable[[object], bool] | None = None
    moment: Hashable = None

    @property
    def about(self) -> Hashable:
        """The moment asked about (asked once per run): `moment`, else the kind and the node."""
        return (self.kind, self.node) if self.moment is None else self.moment


def words_question(
    moment: Hashable,
    prompt: str,
    choices: tuple[str, ...],
    answer: int,
    reason: str,
    reveals: Callable[[object], bool],
) -> Question:
    """A question about call `moment` (or another moment) with choices in words, `answer` their index."""
    node = moment if isinstance(moment, int) else -1
    return Question(
        node, None, choices, choices[answer], prompt=prompt, reason=reason, reveals=reveals, moment=moment
    )


def make_question(
    tree: mm.RandomTree, node: int, state: State, window: tuple[float, float], order: mm.Order | None = None
) -> Question:
    """The question at a node just entered: the answer, minimax's value and other leaf values, shuffled."""
    answer = returned_value(tree, state, *window, order)
    seed = tree.seed * 1_000_003 + node
    pool = [mm.minimax_value(tree, state), *leaf_values_below(tree, state)]
    fill = random.Random(seed).sample(range(mm.LEAF_VALUES[0], mm.LEAF_VALUES[1] + 1), CHOICES + 1)
    return Question(node, state, value_choices(answer, pool, fill, seed), answer)


def value_choices(answer: Any, pool: Iterable[Any], fill: Iterable[Any], seed: int) -> tuple[Any, ...]:
    """The answer and up to three other values, from `pool` (shuffled) then `fill`; shuffled, seeded."""
    rng = random.Random(seed)
    shuffled = list(pool)
    rng.shuffle(shuffled)
    choices = [answer]
    for value in [*shuffled, *fill]:
        if len(choices) < CHOICES and value not in choices:
            choices.append(value)
    rng.shuffle(choices)
    return tuple(choices)


def distinct_choices(answer: int, mistakes: Iterable[int], seed: int) -> tuple[list[int], int]:
    """Four different numbers: `answer`, the first plausible `mistakes`, then near neighbours; shuffled.

    Returns the numbers and the index of the answer among them.
    """
    rng = random.Random(seed)
    picked = [answer]
    near = [answer + step for step in (1, -1, 2, -2, 3, 10, -10)]
    for value in [*mistakes, *near]:
        if len(picked) < CHOICES and value not in picked and value >= 0:
            picked.append(value)
    rng.shuffle(picked)
    return picked, picked.index(answer)


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


# --- questions on any search tree ------------------------------------------------------


def about_to_return(search: SearchTree, node: int, moves: int) -> bool:
    """An inner node with all `moves` tried (or the rest cut), the last child returned: its value is next."""
    children = list(search.children(node))
    finished = len(children) == moves or node in search.cuts
    return bool(children) and finished and search.done(children[-1]) and not search.done(node)


def just_entered(search: SearchTree, node: int) -> bool:
    """The node is running and has tried no move yet."""
    return not search.done(node) and next(iter(search.children(node)), None) is None


def could_cut(window: tuple[float, float], maximizing: bool) -> bool:
    """A node given this window can close it: MAX needs a finite β, MIN a finite α."""
    alpha, beta = window
    return beta < inf if maximizing else alpha > -inf


def moves_tried(future: Iterable[Any], node: int) -> list[Any] | None:
    """The moves node `node` will try, read from the run's events after now up to its return.

    None when the events end first (a capped read: the answer is too far ahead).
    """
    tried = []
    for event in future:
        kind = type(event)
        if kind is Push and event.parent == node:
            tried.append(event.what)
        elif kind is Pop and event.node == node:
            return tried
    return None


def move_question(node: int, state: Any, moves: Sequence[Any], answer: Any, seed: int) -> Question:
    """'Which move will it choose?': the answer among three other of the node's moves (seeded)."""
    others = [move for move in moves if move != answer]
    random.Random(seed).shuffle(others)
    choices = [answer, *others[: CHOICES - 1]]
    random.Random(seed + 1).shuffle(choices)
    return Question(node, state, tuple(choices), answer, MOVE, tuple(moves))


def chosen_move(search: SearchTree, node: int) -> Any:
    """The move of the child whose value a returned node took (None before it returns)."""
    child = search.chosen(node)
    return None if child is None else search.move[child]


def move_reason(search: SearchTree, question: Question, maximizing: bool, name: Callable[[Any], str]) -> str:
    """Why the node chose its move: the best value among its children's, which are listed."""
    node = question.node
    shown = [
        _("{move} {value}").format(move=name(search.move[child]), value=value_text(search.value[child]))
        for child in search.children(node)
    ][:6]
    move = chosen_move(search, node)
    template = (
        _("MAX takes the largest value: {move} gives {value} (tried: {tried})")
        if maximizing
        else _("MIN takes the smallest value: {move} gives {value} (tried: {tried})")
    )
    return template.format(move=name(move), value=value_text(search.value[node]), tried=", ".join(shown))


def cut_question(node: int, state: Any, moves: Sequence[Any], tried: Sequence[Any], seed: int) -> Question:
    """'Which moves will it cut?': the moves not `tried`, among other sets of last moves (seeded)."""
    answer = frozenset(moves) - frozenset(tried)
    family = [frozenset(moves[k:]) for k in range(1, len(moves) + 1)]
    others = [c for c in family if len(c) != len(answer)]
    random.Random(seed).shuffle(others)
    choices = sorted([answer, *others[: CHOICES - 1]], key=len)
    return Question(node, state, tuple(choices), answer, CUTS, tuple(moves))


def cuts_of(search: SearchTree, question: Question) -> frozenset[Any]:
    """The moves the node of a CUTS question did not try, once it has returned."""
    tried = {search.move[child] for child in search.children(question.node)}
    return frozenset(question.moves) - tried


def cut_label(choice: frozenset[Any], moves: Sequence[Any], name: Callable[[Any], str]) -> str:
    """A set of moves as a choice: 'none', '7, 8' (in the order tried) or 'last 5'."""
    if not choice:
        return _("none")
    if len(choice) <= 2:
        return ", ".join(name(move) for move in moves if move in choice)
    return _("last {count}").format(count=len(choice))


def cut_reason(search: SearchTree, question: Question, name: Callable[[Any], str]) -> str:
    """One sentence, from the search's own state, on why the node cut what it did (or nothing)."""
    node = question.node
    tried = [search.move[child] for child in search.children(node)]
    cut = [move for move in question.moves if move not in tried]
    alpha, beta = value_text(search.alpha[node]), value_text(search.beta[node])
    if not cut:
        return ngettext(
            "No cut: the window stayed open (α = {alpha} < β = {beta}) through its {count} move",
            "No cut: the window stayed open (α = {alpha} < β = {beta}) through all {count} moves",
            len(tried),
        ).format(alpha=alpha, beta=beta, count=len(tried))
    names = ", ".join(name(move) for move in cut)
    if len(cut) > 2:
        names = _("the other {count} moves").format(count=len(cut))
    bound = search.cuts.get(node)
    if bound is not None and bound[0] == "win":
        return _("Move {move} wins at once, so {moves} are never searched").format(
            move=name(tried[-1]), moves=names
        )
    return _("After {tried} of {total} moves α = {alpha} ≥ β = {beta}, so {moves} cannot matter: cut").format(
        tried=len(tried), total=len(question.moves), alpha=alpha, beta=beta, moves=names
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

    def short(self) -> str:
        """'3/4, streak 2': for a narrow bar."""
        return _("{right}/{asked}, streak {streak}").format(
            right=self.right, asked=self.asked, streak=self.streak
        )

    def text(self) -> str:
        """'score 3/4, streak 2 (best 3)'."""
        return _("score {right}/{asked}, streak {streak} (best {best})").format(
            right=self.right, asked=self.asked, streak=self.streak, best=self.best
        )


def pick(choices: Sequence[Any], key: int) -> Any:
    """The choice for key number `key` (1-based), or None."""
    return choices[key - 1] if 1 <= key <= len(choices) else None
