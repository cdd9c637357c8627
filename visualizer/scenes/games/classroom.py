"""Predict, then reveal, in the games demo: questions on the replayed search ("why this move?"); no pygame.

`Questions` is the games' `guessing.Asker`.  As the replay enters the root
of an odd iteration (depth 1, 3, ...) it asks which move the computer will
choose at that depth (revealed when the iteration ends); in even iterations,
as it enters one of the root's moves with a window it could close, which of
the reply moves alpha-beta will cut.  Both answers are read ahead from a second
copy of the same deterministic replay (`guessing.Lookahead`), and the reveal
checks them against what the search did.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from solvers.engine import Answer
from solvers.grids import Grid, Position
from solvers.i18n import _
from solvers.minimax import MAX
from visualizer import guessing, predict
from visualizer.searchtree import SearchTree

LOOKAHEAD_EVENTS = 10_000
"""A cut question reads at most this many events ahead (about 0.1 s here): a deeper one is not asked."""


class Replaying(Protocol):
    """What the questions read from the games demo."""

    explained: tuple[Position, Answer] | None

    @property
    def game(self) -> Grid:
        """The rules of the game on show."""
        ...

    def source(self) -> Iterable[Any]:
        """The replayed search as events, from the start."""
        ...


class Questions:
    """The games' answers to `guessing.Asker`."""

    def __init__(self, demo: Replaying, run: Callable[[], Any]) -> None:
        self.demo = demo
        self.run = run
        self.ahead = guessing.Lookahead(demo.source)
        self.search: SearchTree | None = None

    def search_of(self, model: Any) -> SearchTree:
        """The player's model is the engine's tree."""
        self.search = model
        return model  # type: ignore[no-any-return]

    def position_of(self, search: SearchTree, node: int) -> Position | None:
        """The position at a node: the searched one and the moves below the iteration's root."""
        if self.demo.explained is None:
            return None
        pos, game = self.demo.explained[0], self.demo.game
        for step in search.path(node)[2:]:
            pos = game.result(pos, search.move[step])
        return pos

    def candidate(self, search: SearchTree) -> guessing.Candidate | None:
        """An iteration's root just entered (MOVE), or one of its moves entered and able to cut (CUTS)."""
        node = search.stack[-1] if search.stack else None
        if node is None or node == 0 or not predict.just_entered(search, node):
            return None
        depth = search.depth(node)
        iteration = search.path(node)[1]
        if iteration not in getattr(search, "iteration", {}):
            return None  # its Iteration event (which depth) comes just after the Push
        if depth == 1:
            return (predict.MOVE, node) if asks_move(search, iteration) else None
        pos = self.position_of(search, node)
        if depth != 2 or pos is None or self.demo.game.terminal(pos) or asks_move(search, iteration):
            return None
        if (
            predict.could_cut(search.window[node], pos.mover == MAX)
            and len(self.demo.game.candidates(pos)) > 1
        ):
            return predict.CUTS, node
        return None

    def make(self, kind: str, node: int) -> predict.Question | None:
        """The question: the move the search recorded, or the cuts read ahead from the replay."""
        search = self._search()
        pos = self.position_of(search, node)
        if pos is None:
            return None
        if kind == predict.MOVE:
            return self.move_question(search, node, pos)
        run = self.run()
        ahead = itertools.islice(self.ahead.after(run.cursor, run.generation), LOOKAHEAD_EVENTS)
        tried = predict.moves_tried(ahead, node)
        if not tried:
            return None  # a table hit or a leaf (no moves to cut), or its answer too far ahead
        moves = tried + [move for move in self.demo.game.candidates(pos) if move not in tried]
        return predict.cut_question(node, pos, moves, tried, seed=node)

    def short_name(self, move: int) -> str:
        """A move in a choice: 'h8', or a column's number in Connect Four."""
        game = self.demo.game
        return str(move + 1) if game.gravity else game.move_name(move)

    def move_question(self, search: SearchTree, node: int, pos: Position) -> predict.Question | None:
        """Which move an iteration's root will choose: known from the answer the replay repeats.

        The replay is the computer's own search node for node, so iteration d
        chooses the move its `Answer.values` recorded for depth d (no reading
        ahead: a deep last iteration would stall the frame that asks).
        """
        assert self.demo.explained is not None
        depth: int = getattr(search, "iteration", {}).get(node, 0)
        chosen = {done: move for done, _value, move in self.demo.explained[1].values}.get(depth)
        moves = self.demo.game.candidates(pos)
        if chosen is None or len(moves) < 2:
            return None
        return predict.move_question(node, pos, moves, chosen, seed=node)

    def explain(self, question: predict.Question) -> str:
        """The reason, read from the engine's own tree."""
        search, name = self._search(), self.demo.game.move_name
        if question.kind == predict.CUTS:
            return predict.cut_reason(search, question, name)
        return predict.move_reason(search, question, question.state.mover == MAX, name)

    def label(self, question: predict.Question, choice: Any) -> str:
        """A move by its name; a set of moves as 'none', 'e5, f6' or 'last 7'."""
        if question.kind == predict.CUTS:
            return predict.cut_label(choice, question.moves, self.short_name)
        return self.short_name(choice)

    def prompt(self, question: predict.Question) -> str:
        """What the bar asks."""
        gravity = self.demo.game.gravity
        if question.kind == predict.CUTS and gravity:
            return _("Which columns will alpha-beta cut below the ringed node? Press 1-4 or click")
        if question.kind == predict.CUTS:
            return _("Which moves will alpha-beta cut below the ringed node? Press 1-4 or click")
        iteration = getattr(self._search(), "iteration", {}).get(question.node, 1)
        if gravity:
            words = _("Iteration {depth}: which column will the computer choose? Press 1-4 or click")
        else:
            words = _("Iteration {depth}: which move will the computer choose? Press 1-4 or click")
        return words.format(depth=iteration)

    def _search(self) -> SearchTree:
        """The tree the guessing follows."""
        assert self.search is not None
        return self.search


def asks_move(search: SearchTree, root: int) -> bool:
    """Odd iterations ask for the move; even ones about cuts inside (a move question spans its iteration)."""
    return bool(getattr(search, "iteration", {}).get(root, 1) % 2)
