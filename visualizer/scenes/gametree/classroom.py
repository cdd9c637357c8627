"""Predict, then reveal, in the game-tree demo: the guessing and the cut-leaves exercise; no pygame.

Two classroom modes on alpha-beta's side of the run:
- GUESS: `guessing.Guessing` follows the run.  Just before an inner node of
  alpha-beta returns it asks what the node will return; as a node is entered
  with a window it could close, it asks which of its moves will be cut (the
  answer read ahead from the run itself).  The answer (keys 1-4 or a click)
  plays on to the node's return, where the guess is marked right or wrong
  with a reason read from the search.  `Classroom` answers the questions
  `Guessing` asks of a demo (`guessing.Asker`) for the random tree.
- CUTS: a seeded exercise: the student clicks the leaves alpha-beta will cut and
  presses Enter; `predict.check` compares with the exact cut set.
Both keep one `Score` (right answers, streak).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from solvers import minimax as mm
from solvers.i18n import _
from visualizer import guessing, predict
from visualizer.player import Player
from visualizer.searchtree import SearchTree, value_text

OFF, GUESS, CUTS = "off", "guess", "cuts"


def alphabeta_return(event: Any, node: int) -> bool:
    """Alpha-beta's return from `node`, in the lockstep run."""
    return getattr(event, "side", None) == mm.ALPHABETA_SIDE and guessing.is_return(event.event, node)


class Classroom:
    """The classroom mode's state: the guessing, the exercise's marks and verdict, one score."""

    def __init__(self, source: Callable[[], Iterator[Any]] | None = None) -> None:
        self.mode = OFF
        self.guessing = guessing.Guessing(alphabeta_return)
        self.marks: set[int] = set()
        self.verdict: predict.Verdict | None = None
        self.exercise_message = ""
        self.source = source
        self.ahead = guessing.Lookahead(source or (lambda: iter(())))
        self.tree: mm.RandomTree | None = None
        self.order: mm.Order | None = None
        self.cursor = 0
        self._search: SearchTree | None = None

    # --- what the bar and the tests read -----------------------------------------------

    @property
    def score(self) -> predict.Score:
        """Right answers and streaks, over both modes."""
        return self.guessing.score

    @property
    def question(self) -> predict.Question | None:
        """The open question, if any."""
        return self.guessing.question

    @property
    def guess(self) -> Any:
        """The answer given to the open question (None before it is answered)."""
        return self.guessing.guess if self.guessing.answered else None

    @property
    def message(self) -> str:
        """The last verdict in words."""
        return self.exercise_message if self.mode == CUTS else self.guessing.message

    @property
    def changed(self) -> bool:
        """The last frame asked or revealed something."""
        return self.guessing.changed

    # --- modes --------------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """Switch to `mode`; questions and marks start over (the score stays)."""
        self.mode = mode
        self.guessing.on = mode == GUESS
        self.guessing.forget()
        self.guessing.message = ""
        self.guessing.generation = -1  # look at the run afresh
        self.marks.clear()
        self.verdict, self.exercise_message = None, ""

    # --- guessing: what guessing.Guessing asks of a demo -----------------------------------

    def follow(self, player: Player, tree: mm.RandomTree, order: mm.Order | None) -> None:
        """Once a frame: the guessing follows the run."""
        self.tree, self.order, self.cursor = tree, order, player.cursor
        self.guessing.follow(player, self)

    def search_of(self, model: Any) -> SearchTree:
        """Alpha-beta's side of the lockstep model."""
        search: SearchTree = model.sides[mm.ALPHABETA_SIDE]
        self.cursor, self._search = model.applied, search
        return search

    def candidate(self, search: SearchTree) -> guessing.Candidate | None:
        """The running node about to return (VALUE), or just entered with a window it could close (CUTS)."""
        tree = self.tree
        node = search.stack[-1] if search.stack else None
        if tree is None or node is None or tree.terminal(search.state[node]):
            return None
        if predict.about_to_return(search, node, tree.branching):
            return predict.VALUE, node
        maximizing = tree.to_move(search.state[node]) == mm.MAX
        if predict.just_entered(search, node) and predict.could_cut(search.window[node], maximizing):
            return predict.CUTS, node
        return None

    def make(self, kind: str, node: int) -> predict.Question | None:
        """A value question (answered ahead on the tree) or a cut question (read ahead from the run)."""
        assert self.tree is not None and self.source is not None
        tree, order = self.tree, self.order
        search = self.guessing_search
        state = search.state[node]
        if kind == predict.VALUE:
            return predict.make_question(tree, node, state, search.window[node], order)
        ahead = self.ahead.after(self.cursor, (tree.seed, tree.depth, tree.branching, order))
        future = (event.event for event in ahead if event.side == mm.ALPHABETA_SIDE)
        moves = list(predict.moves_function(tree, order)(state))
        tried = predict.moves_tried(future, node)
        if tried is None:
            return None
        return predict.cut_question(node, state, moves, tried, tree.seed * 1_000_003 + node)

    def explain(self, question: predict.Question) -> str:
        """The reason read from alpha-beta's own tree."""
        assert self.tree is not None
        search = self.guessing_search
        if question.kind == predict.CUTS:
            return predict.cut_reason(search, question, move_name)
        return predict.reveal_reason(search, question.node, self.tree.to_move(question.state) == mm.MAX)

    def label(self, question: predict.Question, choice: Any) -> str:
        """A value as '5', a set of moves as '2, 3' or 'none'."""
        if question.kind == predict.CUTS:
            return predict.cut_label(choice, question.moves, move_name)
        return value_text(choice)

    @property
    def guessing_search(self) -> SearchTree:
        """Alpha-beta's tree in the model the guessing follows."""
        assert self._search is not None
        return self._search

    def answer(self, number: int, player: Player) -> bool:
        """Take choice `number` (1-4) as the guess and play on to the node's return."""
        return self.guessing.answer(number, player)

    # --- the cut-leaves exercise ------------------------------------------------------

    def toggle_mark(self, leaf: int) -> None:
        """Mark a leaf as cut, or unmark it; a checked answer is open again."""
        self.marks.symmetric_difference_update({leaf})
        self.verdict = None

    def check(self, tree: mm.RandomTree, order: mm.Order | None) -> None:
        """Check the marks against alpha-beta's cut leaves and score the attempt."""
        self.verdict = predict.check(tree, self.marks, order)
        self.guessing.score = self.score.mark(self.verdict.right)
        self.exercise_message = self.verdict.why

    def prompt(self, seed: int) -> str:
        """The bar's first line in the current mode."""
        question = self.question
        if self.mode == CUTS:
            return _("Exercise (seed {seed}): click the leaves alpha-beta will cut, then Enter").format(
                seed=seed
            )
        if question is not None and self.guess is None:
            if question.kind == predict.CUTS:
                return _("Which moves will alpha-beta cut at the ringed node? Press 1-4 or click")
            return _("What will alpha-beta return at the ringed node? Press 1-4 or click")
        if question is not None:
            return _("You said {guess}: watch the node return").format(guess=self.label(question, self.guess))
        return self.message or _("Space plays on: the next node about to return asks for a guess")


def move_name(move: int) -> str:
    """A random tree's move as people count it: '1' for the first."""
    return str(move + 1)
