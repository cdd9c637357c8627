"""Predict, then reveal, in tic-tac-toe: when the computer's search asks, what, and in which words; no pygame.

`Questions` is tic-tac-toe's `guessing.Asker`: `guessing.Guessing` follows the
computer's search and asks about the root and its children (the rows always
on screen): just before such a node returns, "what will it return?" (values
for x, depth-adjusted: +3 is x winning on move 7); with alpha-beta, as such a
node is entered with a window it could close, "which of its moves will be
cut?" (the answer read ahead from the search's own events).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from solvers.i18n import _
from solvers.tictactoe import GAME, cell_number, move_of_win, player_to_move
from visualizer import guessing, predict
from visualizer.searchtree import SearchTree, value_text

GUESS_DEPTH = 1
"""Questions are asked about nodes this deep at most (the root is depth 0)."""
VALUES = (5.0, 3.0, 1.0, 0.0, -2.0, -4.0)
"""Every value a finished game can have for x: wins on moves 5, 7, 9, a draw, o's wins on moves 6, 8."""


class Searching(Protocol):
    """What the questions read from the tic-tac-toe demo."""

    search_board: str | None
    algorithm: str

    def ordered_moves(self, board: str) -> Sequence[int]:
        """A board's moves in the order the search tries them."""
        ...

    def source(self) -> Iterable[Any]:
        """The computer's search as events, from the start."""
        ...


class Questions:
    """Tic-tac-toe's answers to `guessing.Asker`."""

    def __init__(self, demo: Searching, run: Callable[[], Any]) -> None:
        self.demo = demo
        self.run = run  # the player: where the run is, which run it is
        self.ahead = guessing.Lookahead(demo.source)
        self.search: SearchTree | None = None

    def search_of(self, model: Any) -> SearchTree:
        """The player's model is the search tree."""
        self.search = model
        return model  # type: ignore[no-any-return]

    def board_of(self, search: SearchTree, node: int) -> str:
        """The board at a node: the searched board and the moves down to it."""
        board = self.demo.search_board or ""
        for step in search.path(node)[1:]:
            board = GAME.result(board, search.move[step])
        return board

    def candidate(self, search: SearchTree) -> guessing.Candidate | None:
        """The running node, if shallow: about to return (VALUE) or just entered and able to cut (CUTS)."""
        node = search.stack[-1] if search.stack else None
        if node is None or self.demo.search_board is None or search.depth(node) > GUESS_DEPTH:
            return None
        board = self.board_of(search, node)
        if GAME.terminal(board):
            return None
        moves = self.demo.ordered_moves(board)
        if predict.about_to_return(search, node, len(moves)):
            return predict.VALUE, node
        maximizing = player_to_move(board) == "x"
        if (
            search.alphabeta
            and len(moves) > 1
            and predict.just_entered(search, node)
            and predict.could_cut(search.window[node], maximizing)
        ):
            return predict.CUTS, node
        return None

    def make(self, kind: str, node: int) -> predict.Question | None:
        """The question: a value among the children's and other game values, or sets of last moves."""
        search = self._search()
        board = self.board_of(search, node)
        seed = zlib.crc32(board.encode()) * 31 + node
        if kind == predict.VALUE:
            answer = search.best_so_far(node, player_to_move(board) == "x")
            pool = [search.value[child] for child in search.children(node)]
            fill = sorted(VALUES, key=lambda value: abs(value - answer))
            return predict.Question(node, board, predict.value_choices(answer, pool, fill, seed), answer)
        future = self.ahead.after(self.run().cursor, self.run().generation)
        moves = list(self.demo.ordered_moves(board))
        tried = predict.moves_tried(future, node)
        return None if tried is None else predict.cut_question(node, board, moves, tried, seed)

    def explain(self, question: predict.Question) -> str:
        """The reason, read from the search's own tree."""
        search = self._search()
        if question.kind == predict.CUTS:
            return predict.cut_reason(search, question, cell_words)
        maximizing = player_to_move(question.state) == "x"
        return predict.reveal_reason(search, question.node, maximizing)

    def label(self, question: predict.Question, choice: Any) -> str:
        """A value as '+3: x wins on move 7'; a set of cells as '5, 7', 'none' or 'last 4'."""
        if question.kind == predict.CUTS:
            return predict.cut_label(choice, question.moves, cell_words)
        return value_words(choice)

    def prompt(self, question: predict.Question) -> str:
        """What the bar asks."""
        if question.kind == predict.CUTS:
            return _("Which moves of the ringed board will alpha-beta cut? Press 1-4 or click")
        return _("What will the ringed board return (for x)? Press 1-4 or click")

    def _search(self) -> SearchTree:
        """The tree the guessing follows."""
        assert self.search is not None
        return self.search


def value_words(value: float) -> str:
    """A value for x with its meaning: '+3: x wins on move 7', '0: a draw'."""
    text = value_text(value, signed=True)
    if not value:
        return _("{value}: a draw").format(value=text)
    if value > 0:
        return _("{value}: x wins on move {move}").format(value=text, move=move_of_win(value))
    return _("{value}: o wins on move {move}").format(value=text, move=move_of_win(value))


def cell_words(cell: int) -> str:
    """A cell in a reason or a choice: 'cell 5' for the centre, numbered as the keys play it."""
    return _("cell {number}").format(number=cell_number(cell))
