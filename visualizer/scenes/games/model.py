"""The games demo's plain state: the match and its edits, the engine's tree, narration; no pygame.

- `Match`: which game, who starts, the moves so far and, by move index, the
  computer's answer for each of its moves (a `visualizer.versus` game, as
  tic-tac-toe's is).  Moves and new matches are edits (`Place`, `NewMatch`)
  kept by one `EditHistory`.
- `EngineTree`: a `SearchTree` that also keeps what the engine adds: each
  iteration's depth, heuristic leaves with their terms, transposition hits.
- `narrate`: the one place engine events become words.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from solvers.engine import Answer, Heuristic, Iteration, TableHit, verdict
from solvers.events import Bound, Evaluate, Pop, Prune, Push
from solvers.gomoku_rules import RULES, Gomoku
from solvers.grids import MNK, WIN, ConnectFour, Grid, Position
from solvers.i18n import N_, _, ngettext
from solvers.minimax import MAX
from solvers.tictactoe import RULES as TICTACTOE
from visualizer import versus
from visualizer.searchtree import TimedSearchTree, value_text
from visualizer.versus import COMPUTER, HUMAN, Move, Versus

GOMOKU_RULES: dict[str, Gomoku] = {rule: Gomoku(rule) for rule in RULES}
"""Gomoku under each rule (`solvers.gomoku_rules`); the match's `rule` picks one."""
GAMES: dict[str, tuple[str, Grid]] = {
    "tictactoe": (N_("3,3,3"), TICTACTOE),
    "444": (N_("4,4,4"), MNK(4, 4, 4)),
    "554": (N_("5,5,4"), MNK(5, 5, 4)),
    "gomoku": (N_("gomoku 15×15"), GOMOKU_RULES["freestyle"]),
    "connect4": (N_("Connect Four"), ConnectFour()),
}
"""The games on offer: key -> (label, marked for translation where shown; rules).
3,3,3 is the tictactoe demo's own rules, the one instance."""
CONNECT_FOUR_WIDTHS = range(4, 10)
CONNECT_FOUR_HEIGHTS = range(4, 9)
"""Connect Four boards from 4 x 4 to 9 x 8 (width x height), as the command line's --width and --height."""
CLASSIC = (7, 6)


@cache
def connect_four(width: int, height: int) -> Grid:
    """Connect Four on a `width` x `height` board (the classic 7 x 6 is GAMES' own)."""
    return GAMES["connect4"][1] if (width, height) == CLASSIC else ConnectFour(width, height)


FLAG_WORDS = {"exact": N_("exact"), "lower": N_("at least"), "upper": N_("at most")}
"""A table entry's kind (`solvers.engine`'s flag), in words."""


def value_words(value: float | None) -> str:
    """A value for x: 'x wins', 'o wins', or the heuristic score."""
    if value is None:
        return "?"
    if value >= WIN:
        return _("x wins")
    if value <= -WIN:
        return _("o wins")
    return value_text(value, signed=True)


def own_words(value: float, pos: Position, depth: int) -> str:
    """A value for the side to move at `pos`: 'a win in 3 moves', 'a draw', '+120 (a guess)'.

    Never the raw score of a won game (10,000,214 means a win in some moves).
    """
    result, plies = verdict(value, pos, depth)
    moves = ((plies or 0) + 1) // 2
    if result == "win":
        return ngettext("a win in {moves} move", "a win in {moves} moves", moves).format(moves=moves)
    if result == "loss":
        return ngettext("a loss in {moves} move", "a loss in {moves} moves", moves).format(moves=moves)
    if result == "draw":
        return _("a draw")
    return _("{value} (a guess)").format(value=value_text(value, signed=True))


class Match(Versus[Answer]):
    """One game against the computer: the rules, who starts, the moves and the computer's answers."""

    def __init__(self, key: str = "gomoku", starts: str = HUMAN, rule: str = "freestyle") -> None:
        super().__init__(starts)
        self.key, self.rule = key, rule
        self.size = CLASSIC  # Connect Four's width and height

    @property
    def game(self) -> Grid:
        """The rules (gomoku's by the match's `rule`, Connect Four's on the match's `size`)."""
        if self.key == "gomoku":
            return GOMOKU_RULES[self.rule]
        return connect_four(*self.size) if self.key == "connect4" else GAMES[self.key][1]

    def position_after(self, count: int) -> Position:
        """The position after the first `count` moves."""
        pos = self.game.start()
        for move in self.moves[:count]:
            pos = self.game.result(pos, move)
        return pos

    @property
    def position(self) -> Position:
        """The position now."""
        return self.position_after(len(self.moves))

    @property
    def computer_mark(self) -> int:
        """MAX (x) when the computer starts, else MIN."""
        return MAX if self.starts == COMPUTER else -MAX

    @property
    def over(self) -> bool:
        """Someone won or the board is full."""
        return self.game.terminal(self.position)

    @property
    def computers_turn(self) -> bool:
        """The game goes on and the computer is to move."""
        pos = self.position
        return not self.game.terminal(pos) and pos.mover == self.computer_mark

    def last_answer(self) -> tuple[Position, Answer] | None:
        """The position the computer's latest move was searched on, and that search's answer."""
        latest = self.latest_answer()
        return None if latest is None else (self.position_after(latest[0]), latest[1])

    def result_text(self) -> str:
        """How the game ended, in words."""
        pos = self.position
        if not pos.winner:
            return _("a draw: the board is full")
        return _("the computer wins") if pos.winner == self.computer_mark else _("you win!")


Place = Move
"""A stone: the person's (no answer) or the computer's with the answer of its search."""


class NewMatch(versus.NewGame):
    """A new game (`key`, `starts`, gomoku's `rule`, Connect Four's `size`), keeping the match it replaced."""

    def __init__(
        self,
        match: Match,
        key: str,
        starts: str,
        rule: str | None = None,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(match, key=key, starts=starts, rule=rule or match.rule, size=size or match.size)
        self.key = key

    @property
    def words(self) -> str:
        """What the edit did."""
        return _("a new game of {game}").format(game=_(GAMES[self.key][0]))


class EngineTree(TimedSearchTree):
    """The engine's search tree: a timed SearchTree plus iterations, heuristic terms and table hits."""

    MAPS = (*TimedSearchTree.MAPS, "iteration", "terms", "hits")  # keyframes: see visualizer.tree

    def __init__(self) -> None:
        super().__init__(alphabeta=True)
        self.iteration: dict[int, int] = {}
        self.terms: dict[int, tuple[tuple[str, int, int, int], ...]] = {}
        self.hits: dict[int, str] = {}
        self.last_leaf: int | None = None

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        kind = type(event)
        if kind is Iteration:
            self.iteration[event.node] = event.depth
        elif kind is Heuristic:
            self.terms[event.node] = event.terms
            self.leaf[event.node] = event.value
            self.leaves += 1
        elif kind is TableHit:
            self.hits[event.node] = event.flag
        else:
            super().apply(event)
            return
        self.applied += 1  # the engine's own events take a place on the timeline too

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        kind = type(event)
        if kind not in (Iteration, Heuristic, TableHit):
            super().revert(event)
            return
        self.applied -= 1
        if kind is Iteration:
            del self.iteration[event.node]
        elif kind is Heuristic:
            del self.terms[event.node]
            self.leaf[event.node] = None
            self.leaves -= 1
        else:
            del self.hits[event.node]

    def snapshot(self) -> tuple[object, ...]:
        """The whole state as one comparable value."""
        extra = (sorted(self.iteration.items()), sorted(self.terms.items()), sorted(self.hits.items()))
        return (*super().snapshot(), extra)

    def current_iteration(self) -> int | None:
        """The depth of the newest iteration so far."""
        return max(self.iteration.values()) if self.iteration else None

    def newest_terms(self) -> tuple[int, tuple[tuple[str, int, int, int], ...]] | None:
        """The newest heuristic leaf still in the tree and its terms."""
        alive = [node for node in self.terms if node < self.count]
        return (max(alive), self.terms[max(alive)]) if alive else None


def hover_lines(tree: EngineTree, node: int, game: Grid) -> list[str]:
    """What hovering a node tells: its move or iteration, and what the search made of it."""
    move = tree.move[node]
    if node == 0:
        lines = [_("node 0: iterative deepening")]
    elif node in tree.iteration:
        lines = [_("node {node}: the root, iteration {depth}").format(node=node, depth=tree.iteration[node])]
    else:
        lines = [
            _("node {node}: {move}").format(node=node, move=game.move_name(move) if move is not None else "")
        ]
    if node in tree.hits:
        lines.append(_("seen before: the table's value"))
    elif node in tree.terms:
        lines.append(_("depth limit: the heuristic's score"))
    value = tree.value[node]
    if value is not None:
        lines.append(_("returned {value}").format(value=value_words(value)))
    elif node in tree.stack:
        lines.append(_("still running"))
    return lines


def narrate(event: Any, game: Grid) -> str | None:
    """One engine event in words (values for x)."""
    kind = type(event)
    if kind is Push:
        if event.parent < 0:
            return _("iterative deepening starts: depth 1, then 2, ...")
        if event.what is None:
            return None
        return _("node {node}: try {move}").format(node=event.node, move=game.move_name(event.what))
    if kind is Iteration:
        return ngettext(
            "iteration {depth}: search {depth} ply ahead",
            "iteration {depth}: search {depth} plies ahead",
            event.depth,
        ).format(depth=event.depth)
    if kind is Heuristic:
        node, value = event.node, event.value
        return _("node {node}: depth limit, the heuristic scores it {value}").format(
            node=node, value=value_words(value)
        )
    if kind is Evaluate:
        return _("node {node}: the game ends, {value}").format(
            node=event.node, value=value_words(event.value)
        )
    if kind is TableHit:
        node, value = event.node, event.value
        return _("node {node}: seen before (table, {flag}): {value}").format(
            node=node, flag=_(FLAG_WORDS.get(event.flag, event.flag)), value=value_words(value)
        )
    if kind is Pop:
        return _("node {node} returns {value}").format(node=event.node, value=value_words(event.value))
    if kind is Bound:
        words = (
            _("α rises to {value} at node {node}")
            if event.name == "alpha"
            else _("β falls to {value} at node {node}")
        )
        return words.format(value=value_words(event.value), node=event.node)
    if kind is Prune:
        return _("cut at node {node}: the other moves cannot matter").format(node=event.node)
    return None
