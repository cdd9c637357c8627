"""Tic-tac-toe's plain state: the game and its edits, the tree's focus, counts; no pygame.

- `Game`: the moves so far and the value of each computer reply (a
  `visualizer.versus` game, as the games demo's match is).  The
  person's moves, the computer's replies and a new game are edits (`Play`,
  `NewGame`) kept by one `EditHistory`; a reply (`is_reply`) is undone and
  redone with the person's move before it, and a new game can be undone like a move.
- `TreeFocus`: which path of the search tree is shown as rows.
- `BackgroundSearch`: both algorithms counted to the end a slice per frame.
- `narrate`: the one place search events become words.

The search itself is a `visualizer.searchtree.SearchTree`, the player's model.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from solvers.events import Bound, Evaluate, Event, Pop, Prune, Push
from solvers.i18n import N_, _, format_number, ngettext
from solvers.minimax import SearchReport
from solvers.tictactoe import EMPTY_BOARD, GAME, cell_number, move_of_win, outcome, player_to_move
from visualizer import versus
from visualizer.searchtree import SearchTree, cut_text, value_text
from visualizer.versus import COMPUTER as COMPUTER  # the demo and the tests take it from here
from visualizer.versus import HUMAN, Move, Versus

CELL_NAMES = (
    N_("top left"),
    N_("top"),
    N_("top right"),
    N_("left"),
    N_("centre"),
    N_("right"),
    N_("bottom left"),
    N_("bottom"),
    N_("bottom right"),
)
OUTCOME_WORDS = {
    0: N_("a draw with best play"),
    1: N_("x wins with best play"),
    -1: N_("o wins with best play"),
}


def cell_name(cell: int) -> str:
    """'centre (5)': numbered as the keys play it."""
    return _("{cell} ({number})").format(cell=_(CELL_NAMES[cell]), number=cell_number(cell))


def value_meaning(value: float) -> str:
    """What a value for x means: 'x wins with best play, x wins on move 7'."""
    if not value:
        return _(OUTCOME_WORDS[0])
    if value > 0:
        return _("x wins with best play, on move {move}").format(move=move_of_win(value))
    return _("o wins with best play, on move {move}").format(move=move_of_win(value))


# --- the game and its edits -----------------------------------------------------------


class Game(Versus[float]):
    """The moves so far (cells 0-8) and, by move index, the value of each computer reply."""

    @property
    def board(self) -> str:
        """The board after the moves so far."""
        return self.board_after(len(self.moves))

    def board_after(self, count: int) -> str:
        """The board after the first `count` moves."""
        board = EMPTY_BOARD
        for move in self.moves[:count]:
            board = GAME.result(board, move)
        return board

    @property
    def human_mark(self) -> str:
        """The one who starts plays x."""
        return "x" if self.starts == HUMAN else "o"

    @property
    def computer_mark(self) -> str:
        """The other mark."""
        return "o" if self.starts == HUMAN else "x"

    @property
    def over(self) -> bool:
        """A line is full or the board is."""
        return bool(outcome(self.board))

    @property
    def computers_turn(self) -> bool:
        """The game goes on and it is the computer's move."""
        return not self.over and player_to_move(self.board) == self.computer_mark

    def board_before_reply(self) -> str | None:
        """The board the computer's latest reply was searched on (None without one)."""
        latest = self.latest_answer()
        return None if latest is None else self.board_after(latest[0])

    def last_reply_value(self) -> float | None:
        """The value of the computer's reply when it is the last move, else None."""
        return self.answers.get(len(self.moves) - 1)

    def words(self, thinking: bool, nodes: int) -> str:
        """What is going on, for the lines under the board."""
        if self.over:
            return _("{result}.  R: new game,  U: undo.").format(result=self.result_text())
        if thinking:
            return ngettext(
                "the computer ({mark}) is thinking: {count} node so far.  Enter: answer now.",
                "the computer ({mark}) is thinking: {count} nodes so far.  Enter: answer now.",
                nodes,
            ).format(mark=self.computer_mark, count=format_number(nodes))
        turn = _("your move: click a cell (you play {mark}).").format(mark=self.human_mark)
        value = self.last_reply_value()
        if value is None:
            return turn
        return _("the computer played {cell} (value {value}: {meaning}).  {turn}").format(
            cell=cell_name(self.moves[-1]),
            value=value_text(value, signed=True),
            meaning=value_meaning(value),
            turn=turn,
        )

    def result_text(self) -> str:
        """Who won, in words."""
        result = outcome(self.board)
        if result == "draw":
            return _("a draw: the computer never loses")
        return (
            _("you win!")
            if result == self.human_mark
            else _("the computer ({mark}) wins").format(mark=result)
        )


@dataclass(frozen=True, slots=True)
class Play(Move[float]):
    """A move in cell `move`: the person's (answer None) or the computer's reply with its search value."""

    @property
    def words(self) -> str:
        """What the edit did."""
        if self.answer is None:
            return _("you played {cell}").format(cell=cell_name(self.move))
        return _("the computer played {cell}").format(cell=cell_name(self.move))


class NewGame(versus.NewGame):
    """An empty board, `starts` moving first; it keeps the game it replaced, so it can be undone."""

    def __init__(self, game: Game, starts: str) -> None:
        super().__init__(game, starts=starts)
        self.starts = starts

    @property
    def words(self) -> str:
        """What the edit did."""
        return _("a new game: you start") if self.starts == HUMAN else _("a new game: the computer starts")


# --- which part of the tree is shown ---------------------------------------------------


class TreeFocus:
    """The nodes whose moves are shown as rows: the search's own path, or one opened by hand."""

    def __init__(self) -> None:
        self.pinned: list[int] | None = None
        self.extend = True

    def follow(self) -> None:
        """Show the search's own path again."""
        self.pinned, self.extend = None, True

    def path(self, tree: SearchTree) -> list[int]:
        """Root first: the pinned nodes (if still there), then the running stack or the chosen line."""
        if not tree.count:
            return []
        path = [n for n in (self.pinned or [0]) if n < tree.count]
        if not path or path[0] != 0 or any(tree.parent[b] != a for a, b in itertools.pairwise(path)):
            path = [0]
            self.follow()
        if not tree.closed(path[-1]):
            path += tree.stack[tree.stack.index(path[-1]) + 1 :]
        elif self.extend:
            while (chosen := tree.chosen(path[-1])) is not None:
                path.append(chosen)
        return path

    def toggle(self, tree: SearchTree, row: int, node: int) -> None:
        """A click on `node` in `row`: fold it when open, open it when folded, follow when running."""
        path = self.path(tree)
        if not tree.closed(node):
            self.follow()
        elif row < len(path) and path[row] == node:
            self.pinned, self.extend = path[:row], False
        elif tree.size(node) > 1:
            self.pinned, self.extend = [*path[:row], node], True


# --- counts beside the run -----------------------------------------------------------------

BACKGROUND_CHUNK = 2048
"""Events drained between two looks at the clock."""


class BackgroundSearch:
    """A search drained to its end over several frames; `report` is final once `done`."""

    def __init__(self, make: Callable[[SearchReport], Iterator[Any]]) -> None:
        self.report = SearchReport()
        self._events: Iterator[Any] | None = make(self.report)
        self.seen = 0

    @property
    def done(self) -> bool:
        """True once the search has ended."""
        return self._events is None

    def advance(self, seconds: float) -> None:
        """Drain events for at most about `seconds`."""
        if self._events is None:
            return
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            taken = sum(1 for _ in itertools.islice(self._events, BACKGROUND_CHUNK))
            self.seen += taken
            if taken < BACKGROUND_CHUNK:
                self._events = None
                return


# --- hovering a node ----------------------------------------------------------------------------


def hover_lines(tree: SearchTree, node: int, board: str) -> list[str]:
    """What hovering a board in the tree tells: who played what there, what the search made of it."""
    move = tree.move[node]
    if move is None:
        lines = [_("node {node}: the board searched").format(node=node)]
    else:
        lines = [
            _("node {node}: {mark} plays {cell}").format(node=node, mark=board[move], cell=cell_name(move))
        ]
    value = tree.value[node]
    if value is not None:
        text = value_text(value, tree.bound_kind(node), signed=True)
        lines.append(_("returned {value}: {meaning}").format(value=text, meaning=value_meaning(value)))
    elif node in tree.stack:
        lines.append(_("still running"))
    return lines


# --- narration -------------------------------------------------------------------------------


def narrate(event: Event) -> str | None:
    """One search event in words (values are for x: a win on move n is 10 − n, o's is negative)."""
    if isinstance(event, Push):
        if event.parent < 0:
            return _("the computer starts to search from the board as it is")
        return _("node {node}: try {cell}").format(node=event.node, cell=cell_name(event.what))
    if isinstance(event, Evaluate):
        if not event.value:
            return _("node {node} ends the game: a draw, 0").format(node=event.node)
        sign = value_text(event.value, signed=True)
        words = _("node {node}: x wins on move {move}, {value} (10 − moves)")
        if event.value < 0:
            words = _("node {node}: o wins on move {move}, {value} (10 − moves)")
        return words.format(node=event.node, move=move_of_win(event.value), value=sign)
    value = value_text(getattr(event, "value", None), signed=True)
    if isinstance(event, Pop):
        if event.node == 0:
            return _("the search returns {value}: the move is chosen").format(value=value)
        return _("node {node} returns {value} to its parent").format(node=event.node, value=value)
    if isinstance(event, Bound):
        if event.name == "alpha":
            return _("α at node {node} rises to {value}").format(node=event.node, value=value)
        return _("β at node {node} falls to {value}").format(node=event.node, value=value)
    if isinstance(event, Prune):
        return _("cut at node {node} ({bound}): skip its other moves").format(
            node=event.node, bound=cut_text(event.bound, True)
        )
    return None
