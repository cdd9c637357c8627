"""Predict, then reveal, in the game-tree demo: the guessing and the cut-leaves exercise; no pygame.

Two classroom modes on alpha-beta's side of the run:
- GUESS: each time an inner node of alpha-beta has tried its moves (or cut
  them), just before it returns, the run pauses and asks what the node will
  return (four choices, keys 1-4 or a click); the answer plays the run to the
  node's return, then marks the guess right or wrong with a reason read from
  the search (`predict.reveal_reason`).  A frame that plays past the moment
  (fast speeds) asks nothing about that node.
- CUTS: a seeded exercise: the student clicks the leaves alpha-beta will cut and
  presses Enter; `predict.check` compares with the exact cut set.
Both keep one `Score` (right answers, streak).  The controller calls `follow`
once a frame; `changed` says whether that frame moved anything (so the app may
sleep when it did not).
"""

from __future__ import annotations

from typing import Any

from solvers import minimax as mm
from solvers.events import Pop
from solvers.i18n import _
from visualizer import predict
from visualizer.player import Player

OFF, GUESS, CUTS = "off", "guess", "cuts"


class Classroom:
    """The classroom mode's state: the open question, the guess, the marks, the score."""

    def __init__(self) -> None:
        self.mode = OFF
        self.score = predict.Score()
        self.question: predict.Question | None = None
        self.guess: float | None = None
        self.asked: set[int] = set()
        self.marks: set[int] = set()
        self.verdict: predict.Verdict | None = None
        self.message = ""
        self.generation = -1
        self.changed = False

    # --- modes --------------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """Switch to `mode`; questions and marks start over (the score stays)."""
        self.mode = mode
        self.question, self.guess, self.verdict = None, None, None
        self.asked.clear()
        self.marks.clear()
        self.message = ""

    # --- guessing a node's value ----------------------------------------------------

    def follow(self, player: Player, tree: mm.RandomTree, order: mm.Order | None) -> None:
        """Once a frame: forget a rewound run, pose a question, or reveal the answer."""
        self.changed = False
        if player.generation != self.generation:
            self.generation = player.generation
            self.question, self.guess = None, None
            self.asked.clear()
            self.changed = True
        if self.mode != GUESS:
            return
        search = player.model.sides[mm.ALPHABETA_SIDE]  # type: ignore[attr-defined]
        question = self.question
        if question is not None and question.node >= search.count:  # stepped back before it
            self.question, self.guess, self.changed = None, None, True
            self.asked.discard(question.node)
        elif question is not None and search.done(question.node):
            self.reveal(search, tree, question)
        elif question is None:
            self.pose(player, search, tree, order)

    def pose(self, player: Player, search: Any, tree: mm.RandomTree, order: mm.Order | None) -> None:
        """Ask about the running node once its children are done, just before it returns; pause."""
        node = search.stack[-1] if search.stack else None
        if node is None or node in self.asked or not about_to_return(search, tree, node):
            return
        self.asked.add(node)
        self.question = predict.make_question(tree, node, search.state[node], search.window[node], order)
        self.guess = None
        player.playing, player.stop_when = False, None
        self.changed = True

    def answer(self, number: int, player: Player) -> bool:
        """Take choice `number` (1-4) as the guess and play on to the node's return."""
        question = self.question
        if self.mode != GUESS or question is None or self.guess is not None:
            return False
        guess = predict.pick(question.choices, number)
        if guess is None:
            return False
        self.guess = guess
        node = question.node

        def returned(event: object) -> bool:
            """Alpha-beta's return from the asked node."""
            inner = getattr(event, "event", None)
            return (
                getattr(event, "side", None) == mm.ALPHABETA_SIDE
                and type(inner) is Pop
                and inner.node == node
            )

        player.run_until(returned)
        return True

    def reveal(self, search: Any, tree: mm.RandomTree, question: predict.Question) -> None:
        """Mark the guess against what the node returned, with the reason; an unanswered one just goes."""
        if self.guess is not None:
            right = self.guess == search.value[question.node]
            self.score = self.score.mark(right)
            maximizing = tree.to_move(question.state) == mm.MAX
            reason = predict.reveal_reason(search, question.node, maximizing)
            head = (
                _("Right!") if right else _("Not quite (you said {guess}).").format(guess=f"{self.guess:g}")
            )
            self.message = f"{head} {reason}"
        self.question, self.guess, self.changed = None, None, True

    # --- the cut-leaves exercise ------------------------------------------------------

    def toggle_mark(self, leaf: int) -> None:
        """Mark a leaf as cut, or unmark it; a checked answer is open again."""
        self.marks.symmetric_difference_update({leaf})
        self.verdict = None

    def check(self, tree: mm.RandomTree, order: mm.Order | None) -> None:
        """Check the marks against alpha-beta's cut leaves and score the attempt."""
        self.verdict = predict.check(tree, self.marks, order)
        self.score = self.score.mark(self.verdict.right)
        self.message = self.verdict.why

    def prompt(self, seed: int) -> str:
        """The bar's first line in the current mode."""
        if self.mode == CUTS:
            return _("Exercise (seed {seed}): click the leaves alpha-beta will cut, then Enter").format(
                seed=seed
            )
        if self.question is not None and self.guess is None:
            return _("What will alpha-beta return at the ringed node? Press 1-4 or click")
        if self.question is not None:
            return _("You said {guess}: watch the node return").format(guess=f"{self.guess:g}")
        return self.message or _("Space plays on: the next node about to return asks for a guess")


def about_to_return(search: Any, tree: mm.RandomTree, node: int) -> bool:
    """An inner node whose moves are all tried (or cut), the last one returned: its value comes next."""
    if tree.terminal(search.state[node]):
        return False
    children = list(search.children(node))
    finished = len(children) == tree.branching or node in search.cuts
    return bool(children) and search.done(children[-1]) and finished
