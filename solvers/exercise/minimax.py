"""Game trees performed (tictactoe, gametree, games): each node's value, α and β, the cuts, the move played.

The rules follow a minimax or alpha-beta run (solvers/minimax.py) or the games engine's (solvers/engine.py)
event by event. They keep a frame per open node: its game state (got with the game's own `result`, only to
count the moves left), whether MAX moves there (alternating with depth from the root's side), the values its
children returned, and its window (α, β), which the `Bound` events move. Every answer is read from the events:

- `minimax.value` before an inner node's `Pop`: what it returns, among its children's values;
- `minimax.window` after a child returns at an alpha-beta node: α and β now (the `Bound` next, or none);
- `minimax.prune` as an alpha-beta node is entered with a bound it cannot move that is finite (β at MAX, α at
  MIN) and two moves or more: the student marks the moves it will prune, read ahead from the events (the moves
  it never pushes before its own `Pop`, which its `Prune` announces);
- `minimax.move` before the root's `Pop`: which move is played, the first child that set the root's best.

Nodes are named by what the trees draw, the moves down to them ("the MIN node after move 2"), never by the
run's node ids, which no picture shows.

Example, the 2-level tree with leaves 3 5 | 2 9: at the MIN node after move 1 the value step offers 3 and 5
("MIN takes the smallest value: 3 < 5"); the MIN node after move 2 is entered with α = 3: the prune step
expects move 2 (the leaf 9) pruned, since leaf 2 returns first and then β = 2 ≤ α = 3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import inf
from typing import Any

from solvers.events import Bound, Pop, Prune, Push
from solvers.exercise.engine import (
    BACKTRACK,
    DECISION,
    LOOKAHEAD_LIMIT,
    VALUE,
    Ahead,
    Choice,
    LockstepRules,
    Step,
    worded,
)
from solvers.i18n import _, ngettext

STEPS = frozenset({"value", "window", "prune", "move"})
PATH_SHOWN = 3
"""A node is named by its last moves at most: deeper, '…' stands for the rest (the trees ring the node)."""
"""Every step these rules can ask (a run shown twice side by side asks some on each side)."""


def value_words(value: float) -> str:
    """A value as the trees label it: '3', '−2', '+∞'."""
    if value in (inf, -inf):
        return "+∞" if value > 0 else "−∞"
    return f"{value:g}".replace("-", "−")


def sentence(text: str) -> str:
    """`text` with its first letter a capital ('the root …' → 'The root …'; other scripts unchanged)."""
    return text[:1].upper() + text[1:]


def window_words(window: tuple[float, float], words: Callable[[float], str] = value_words) -> str:
    """'α = 3, β = +∞'."""
    return _("α = {alpha}, β = {beta}").format(alpha=words(window[0]), beta=words(window[1]))


@dataclass
class Frame:
    """An open node: its state, its side, its children's answers and its window."""

    node: int
    state: Any
    maximizing: bool
    alpha: float = -inf
    beta: float = inf
    move: Any = None  # the move that led here
    path: tuple[Any, ...] = ()  # the moves from the root (or the iteration's root) down to here
    tried: list[tuple[Any, float]] = field(default_factory=list)
    loop: bool = False  # the games engine's deepening loop (node 0), not a position
    shortcut: bool = False  # a move won at once: the search skips the rest (not alpha-beta's cut)

    def side(self) -> str:
        """'MAX' or 'MIN'."""
        return "MAX" if self.maximizing else "MIN"


class GameTreeRules:
    """The steps of a minimax or alpha-beta run on `game` from `root` (the engine's with `deepening=True`)."""

    def __init__(
        self,
        game: Any,
        root: Any,
        *,
        alphabeta: bool,
        move_words: Callable[[Any], str],
        words: Callable[[float], str] = value_words,
        moves: Callable[[Any], Sequence[Any]] | None = None,
        deepening: bool = False,
        win_line: int | None = None,
        asks: frozenset[str] = STEPS,
    ) -> None:
        self.game, self.root, self.alphabeta = game, root, alphabeta
        self.move_words, self.words = move_words, words
        self.moves = moves or game.moves
        self.deepening, self.win_line, self.asks = deepening, win_line, asks
        self.root_max = game.to_move(root) > 0  # asked once: sides alternate with depth below
        self.stack: list[Frame] = []
        self.returned: Frame | None = None  # the frame a child has just returned to
        self.pending: set[str] = set()  # the steps still to ask about that return: the window
        self.entered: Frame | None = None  # the frame just pushed, before anything happened in it
        self._asked: tuple[int, set[str]] = (-1, set())  # the steps asked before a Pop, by index

    # --- following the run ---------------------------------------------------------------------

    def apply(self, event: Any) -> None:
        """Open and close frames, collect the children's values, move the windows."""
        kind = type(event)
        if kind is not Bound:
            self.returned = None
        self.entered = None
        if kind is Push:
            self._push(event)
        elif kind is Pop:
            frame = self.stack.pop()
            if self.stack and not self.stack[-1].loop:
                parent = self.stack[-1]
                parent.tried.append((frame.move, event.value))
                self.returned, self.pending = parent, {"window"}
        elif kind is Bound:
            frame = self.stack[-1]
            if event.name == "alpha":
                frame.alpha = event.value
            else:
                frame.beta = event.value

    def _push(self, event: Any) -> None:
        """A new frame: the root, an iteration's root, or a child with its parent's window."""
        parent = self.stack[-1] if self.stack else None
        if parent is None and self.deepening:
            frame = Frame(event.node, None, self.root_max, loop=True)
        elif parent is None or parent.loop:
            frame = Frame(event.node, self.root, self.root_max)
        else:
            state = self.game.result(parent.state, event.what)
            frame = Frame(event.node, state, not parent.maximizing, parent.alpha, parent.beta, event.what)
            frame.path = (*parent.path, event.what)
            if self.win_line is not None and event.line == self.win_line:
                parent.shortcut = True
        self.stack.append(frame)
        self.entered = None if frame.loop else frame

    # --- posing ------------------------------------------------------------------------------------

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """As a node is entered: its prunes; after a child returns: α and β; before a node returns: its value,
        then the move at the root."""
        event = ahead[0]
        asked = self._asked[1] if self._asked[0] == index else set()
        self._asked = (index, asked)
        returned = self.returned
        self.pending &= self.asks
        if returned is not None and self.alphabeta and "window" in self.pending:
            self.pending.discard("window")
            return self._window_step(returned, event, index)
        entered = self.entered
        if entered is not None and self.alphabeta and "prune" in self.asks and "prune" not in asked:
            asked.add("prune")
            return self._prune_step(entered, ahead, index)
        if type(event) is Pop and self.stack and event.node == self.stack[-1].node:
            frame = self.stack[-1]
            if frame.loop or not frame.tried:
                return None
            at_root = len(self.stack) == 1 or self.stack[-2].loop
            asking_move = at_root and "move" in self.asks
            if "value" not in asked and "value" in self.asks:
                asked.add("value")
                return self._value_step(frame, event, index, 0 if asking_move else 1)
            if asking_move and "move" not in asked:
                asked.add("move")
                return self._move_step(frame, event, index)
        return None

    def where(self, frame: Frame) -> str:
        """The node as the trees draw it: 'the root (MAX)', 'the MIN node after move 2, move 1', 'the MAX node
        after …, cell 4, cell 6, cell 8' (a deep node's last moves; the tree rings it)."""
        if not frame.path:
            return _("the root ({side})").format(side=frame.side())
        shown = [self.move_words(move) for move in frame.path[-PATH_SHOWN:]]
        moves = ", ".join(["…", *shown] if len(frame.path) > PATH_SHOWN else shown)
        return _("the {side} node after {moves}").format(side=frame.side(), moves=moves)

    def _moves_left(self, frame: Frame) -> int:
        """How many of the frame's moves are still untried."""
        return len(self.moves(frame.state)) - len(frame.tried)

    def _heard(self, frame: Frame) -> str:
        """'top (1) → 3, centre (5) → 0': the frame's moves and what they returned."""
        return ", ".join(f"{self.move_words(move)} → {self.words(value)}" for move, value in frame.tried)

    @worded
    def _value_step(self, frame: Frame, event: Any, index: int, span: int) -> Step:
        """What does the node return? MAX the largest of its children's values, MIN the smallest."""
        values = sorted({value for _move, value in frame.tried})
        shown = ", ".join(self.words(value) for value in values)
        if frame.maximizing:
            why = _("MAX takes the largest value: max({values}) = {value}.")
        else:
            why = _("MIN takes the smallest value: min({values}) = {value}.")
        explanation = why.format(values=shown, value=self.words(event.value))
        if self.alphabeta and self._moves_left(frame):
            explanation += " " + _("Its cut moves were never searched, so they have no value here.")
        question = sentence(
            _("{where} has heard from its moves: {heard}. What does it return?").format(
                where=self.where(frame), heard=self._heard(frame)
            )
        )
        return Step(
            index,
            "minimax.value",
            VALUE,
            question,
            tuple(Choice(value, self.words(value)) for value in values),
            event.value,
            explanation,
            span=span,
            hints=(
                _("Whose turn is it at this node? MAX wants the value high, MIN wants it low."),
                _("The node returns the value of its best move for the player to move."),
            ),
        )

    @worded
    def _window_step(self, frame: Frame, event: Any, index: int) -> Step:
        """A child returned v: MAX raises α to v if v > α, MIN lowers β to v if v < β (a Bound event)."""
        move, value = frame.tried[-1]
        before = (frame.alpha, frame.beta)
        if type(event) is Bound and event.node == frame.node:
            after = (event.value, frame.beta) if event.name == "alpha" else (frame.alpha, event.value)
            span = 1
        else:
            after, span = before, 0
        candidates = {before, after, (value, frame.beta), (frame.alpha, value)}
        ordered = sorted(candidates)
        if frame.maximizing and after != before:
            why = _("MAX raises α to the best value found so far: {value} > α = {old}.")
        elif frame.maximizing:
            why = _("MAX raises α only when a move does better: {value} ≤ α = {old}, so α stays.")
        elif after != before:
            why = _("MIN lowers β to the best value found so far: {value} < β = {old}.")
        else:
            why = _("MIN lowers β only when a move does better: {value} ≥ β = {old}, so β stays.")
        old = frame.alpha if frame.maximizing else frame.beta
        explanation = why.format(value=self.words(value), old=self.words(old))
        question = _("{where} had {window}; {move} returned {value}. What are α and β now?")
        question = sentence(
            question.format(
                where=self.where(frame),
                window=window_words(before, self.words),
                move=self.move_words(move),
                value=self.words(value),
            )
        )
        return Step(
            index,
            "minimax.window",
            VALUE,
            question,
            tuple(Choice(window, window_words(window, self.words)) for window in ordered),
            after,
            explanation,
            span=span,
            hints=(
                _("α is the value MAX is already sure of; β the value MIN is already sure of."),
                _("A MAX node can only raise α; a MIN node can only lower β."),
            ),
        )

    @worded
    def _prune_step(self, frame: Frame, ahead: Ahead, index: int) -> Step | None:
        """Which of the node's moves will alpha-beta prune? Read ahead: the moves it never pushes.

        Posed as the node is entered, when the bound it cannot move is finite (β at MAX, α at MIN: else no
        cut can come) and it has two moves or more; not posed when the answer lies too far ahead, when the
        node tries no move (a leaf of the search, a table hit) or skips its moves for a move that wins at
        once (not alpha-beta's cut).
        """
        fixed = frame.beta if frame.maximizing else frame.alpha
        moves = list(self.moves(frame.state)) if frame.state is not None else []
        if fixed in (inf, -inf) or len(moves) < 2:
            return None
        run = read_node(ahead, frame.node)
        if run is None or not run.tried or (run.prune is not None and run.prune[0] == "win"):
            return None
        tried = [move for move, _value in run.tried]
        pruned = frozenset(moves) - frozenset(tried)
        if bool(pruned) != (run.prune is not None):
            return None
        alpha, beta = frame.alpha, frame.beta
        for name, value in run.bounds:
            alpha, beta = (value, beta) if name == "alpha" else (alpha, value)
        ordered = [*tried, *(move for move in moves if move in pruned)]
        words = {
            "where": self.where(frame),
            "window": window_words((frame.alpha, frame.beta), self.words),
            "alpha": self.words(alpha),
            "beta": self.words(beta),
            "heard": ", ".join(f"{self.move_words(m)} → {self.words(v)}" for m, v in run.tried),
            "moves": ", ".join(self.move_words(move) for move in ordered if move in pruned),
        }
        if pruned:
            why = ngettext(
                "{where} started with {window}. After {heard}, α = {alpha} ≥ β = {beta}: the player above "
                "would never let the game come here, so {moves} is pruned.",
                "{where} started with {window}. After {heard}, α = {alpha} ≥ β = {beta}: the player above "
                "would never let the game come here, so {moves} are pruned.",
                len(pruned),
            )
        else:
            why = _(
                "{where} started with {window}. Its moves returned {heard}: α = {alpha} < β = {beta} to the "
                "end, so every move is searched and none is pruned."
            )
        own, other = ("α", "β") if frame.maximizing else ("β", "α")
        return Step(
            index,
            "minimax.prune",
            BACKTRACK,
            sentence(
                _(
                    "{where} starts with {window}. Which of its moves will alpha-beta prune? It may prune "
                    "none."
                ).format(**words)
            ),
            tuple(Choice(move, self.move_words(move)) for move in ordered),
            pruned,
            sentence(why.format(**words)),
            span=0,
            hints=(
                _("This node can only move {own}; {other} = {bound} is fixed from above.").format(
                    own=own, other=other, bound=self.words(fixed)
                ),
                _("Once α ≥ β the node stops: the moves after the one that closed the window are pruned."),
            ),
            multiple=True,
        )

    @worded
    def _move_step(self, frame: Frame, event: Any, index: int) -> Step:
        """Which move is played? The first one, in the order tried, that reached the root's value."""
        chosen = next(move for move, value in frame.tried if value == event.value)
        ties = [move for move, value in frame.tried if value == event.value]
        words = {"side": frame.side(), "value": self.words(event.value), "move": self.move_words(chosen)}
        if len(ties) > 1:
            why = _(
                "{side} plays the first move that reached its best value, {value}: {move}. A later move "
                "replaces it only when it does strictly better."
            )
        else:
            why = _("{side} plays the move that reached its best value, {value}: {move}.")
        question = _("The root ({side}) has heard from its moves: {heard}. Which move is played?").format(
            side=frame.side(), heard=self._heard(frame)
        )
        return Step(
            index,
            "minimax.move",
            DECISION,
            question,
            tuple(Choice(move, self.move_words(move)) for move, _value in frame.tried),
            chosen,
            why.format(**words),
            span=1,
            hints=(_("The root's value is the best of its moves' values for the player to move."),),
        )


@dataclass
class NodeRun:
    """What a node does from its entry to its return, read from the events ahead."""

    tried: list[tuple[Any, float]] = field(default_factory=list)
    bounds: list[tuple[str, float]] = field(default_factory=list)
    prune: tuple[str, float] | None = None


def read_node(ahead: Any, node: int, limit: int = LOOKAHEAD_LIMIT) -> NodeRun | None:
    """The moves node `node` tries and what they return, its bounds and its prune, up to its `Pop`; None
    when the run or the limit ends first."""
    run, moves = NodeRun(), {}
    for offset in range(limit):
        event = ahead[offset]
        kind = type(event)
        if event is None:
            return None
        if kind is Push and event.parent == node:
            moves[event.node] = event.what
        elif kind is Pop and event.node in moves:
            run.tried.append((moves.pop(event.node), event.value))
        elif kind is Bound and event.node == node:
            run.bounds.append((event.name, event.value))
        elif kind is Prune and event.node == node:
            run.prune = event.bound
        elif kind is Pop and event.node == node:
            return run
    return None


def tree_move_words(move: int) -> str:
    """'move 2': a random tree's moves counted from 1, as the gametree demo narrates them."""
    return _("move {number}").format(number=move + 1)


def cell_words(cell: int) -> str:
    """'cell 5': a tic-tac-toe cell numbered as its key plays it."""
    from solvers.tictactoe import cell_number

    return _("cell {number}").format(number=cell_number(cell))


def tictactoe_rules(board: str, *, alphabeta: bool) -> GameTreeRules:
    """The rules of the computer's tic-tac-toe search on `board` (the win-now shortcut is no cut)."""
    from solvers.minimax import L_WIN
    from solvers.tictactoe import GAME

    return GameTreeRules(GAME, board, alphabeta=alphabeta, move_words=cell_words, win_line=L_WIN)


def engine_value_words(root: Any) -> Callable[[float], str]:
    """Values of a games-engine search from `root` for x: '+200', or 'x wins at ply 3' for a won game
    (never its raw score: a quicker win is worth more, and the ply says how much quicker)."""
    from solvers.grids import WIN

    def words(value: float) -> str:
        if value in (inf, -inf) or abs(value) < WIN:
            return value_words(value)
        ply = root.empty - (int(abs(value)) - WIN)
        said = _("x wins at ply {ply}") if value > 0 else _("o wins at ply {ply}")
        return said.format(ply=ply)

    return words


def engine_rules(game: Any, pos: Any) -> GameTreeRules:
    """The rules of one `Engine.events` run: moves named as the board names them, values for x."""
    return GameTreeRules(
        game,
        pos,
        alphabeta=True,
        move_words=game.move_name,
        words=engine_value_words(pos),
        moves=game.candidates,
        deepening=True,
    )


def lockstep_rules(tree: Any) -> LockstepRules:
    """The rules of `minimax.lockstep_events` on a random tree."""
    from solvers.minimax import ALPHABETA_SIDE, MINIMAX_SIDE

    def side(alphabeta: bool, asks: frozenset[str]) -> GameTreeRules:
        return GameTreeRules(tree, tree.ROOT, alphabeta=alphabeta, move_words=tree_move_words, asks=asks)

    return LockstepRules(
        {
            MINIMAX_SIDE: side(False, frozenset({"value", "move"})),
            ALPHABETA_SIDE: side(True, frozenset({"window", "prune"})),
        }
    )
