"""Game trees performed (tictactoe, gametree, games): each node's value, α and β, the cuts, the move played.

The rules follow a minimax or alpha-beta run (solvers/minimax.py) or the games engine's (solvers/engine.py)
event by event. They keep a frame per open node: its game state (got with the game's own `result`, only to
count the moves left), whether MAX moves there (alternating with depth from the root's side), the values its
children returned, and its window (α, β), which the `Bound` events move. Every answer is read from the events:

- `minimax.value` before an inner node's `Pop`: what it returns, among its children's values;
- `minimax.window` after a child returns at an alpha-beta node: α and β now (the `Bound` next, or none);
- `minimax.cut` after that, when moves are left: does alpha-beta cut them (a `Prune` follows) or go on?
- `minimax.move` before the root's `Pop`: which move is played, the first child that set the root's best.

Example, the 2-level tree with leaves 3 5 | 2 9: at MIN node 1 the value step offers 3 and 5 ("MIN takes the
smallest value: 3 < 5"); after leaf 2 returns at MIN node 4 (α = 3, β = +∞) the window step expects β = 2,
then the cut step expects a cut: "α = 3 ≥ β = 2 at this MIN node: its other moves cannot matter".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import inf
from typing import Any

from solvers.events import Bound, Pop, Prune, Push
from solvers.exercise.engine import BACKTRACK, DECISION, VALUE, Ahead, Choice, Step
from solvers.i18n import _, ngettext

CUT, GO_ON = "cut", "go on"
"""The keys of the cut step's two answers."""
STEPS = frozenset({"value", "window", "cut", "move"})
"""Every step these rules can ask (a run shown twice side by side asks some on each side)."""


def value_words(value: float) -> str:
    """A value as the trees label it: '3', '−2', '+∞'."""
    if value in (inf, -inf):
        return "+∞" if value > 0 else "−∞"
    return f"{value:g}".replace("-", "−")


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
        self.pending: set[str] = set()  # the steps still to ask about that return: window, cut
        self.before: tuple[float, float] = (-inf, inf)  # its window when the child returned
        self._asked: tuple[int, set[str]] = (-1, set())  # the steps asked before a Pop, by index

    # --- following the run ---------------------------------------------------------------------

    def apply(self, event: Any) -> None:
        """Open and close frames, collect the children's values, move the windows."""
        kind = type(event)
        if kind is not Bound:
            self.returned = None
        if kind is Push:
            self._push(event)
        elif kind is Pop:
            frame = self.stack.pop()
            if self.stack and not self.stack[-1].loop:
                parent = self.stack[-1]
                parent.tried.append((frame.move, event.value))
                self.returned, self.pending = parent, {"window", "cut"}
                self.before = (parent.alpha, parent.beta)
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
            if self.win_line is not None and event.line == self.win_line:
                parent.shortcut = True
        self.stack.append(frame)

    # --- posing ------------------------------------------------------------------------------------

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """After a child returns: α and β, then the cut; before an inner node returns: its value, the move."""
        event = ahead[0]
        returned = self.returned
        self.pending &= self.asks
        if returned is not None and self.alphabeta:
            if "window" in self.pending:
                self.pending.discard("window")
                return self._window_step(returned, event, index)
            if "cut" in self.pending:
                self.pending.discard("cut")
                if self._may_cut(returned):
                    return self._cut_step(returned, event, index)
        asked = self._asked[1] if self._asked[0] == index else set()
        self._asked = (index, asked)
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

    def _may_cut(self, frame: Frame) -> bool:
        """Moves are left, no move won at once, and the bound this node cannot move is finite."""
        other = frame.beta if frame.maximizing else frame.alpha
        return bool(self._moves_left(frame)) and not frame.shortcut and other not in (inf, -inf)

    def _moves_left(self, frame: Frame) -> int:
        """How many of the frame's moves are still untried."""
        return len(self.moves(frame.state)) - len(frame.tried)

    def _heard(self, frame: Frame) -> str:
        """'top (1) → 3, centre (5) → 0': the frame's moves and what they returned."""
        return ", ".join(f"{self.move_words(move)} → {self.words(value)}" for move, value in frame.tried)

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
        question = _("Node {node} ({side}) has heard from its moves: {heard}. What does it return?").format(
            node=frame.node, side=frame.side(), heard=self._heard(frame)
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
        question = _(
            "Node {node} ({side}) had {window}; {move} returned {value}. What are α and β now?"
        ).format(
            node=frame.node,
            side=frame.side(),
            window=window_words(before, self.words),
            move=self.move_words(move),
            value=self.words(value),
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

    def _cut_step(self, frame: Frame, event: Any, index: int) -> Step:
        """With α ≥ β the node's other moves cannot matter: alpha-beta cuts them (a Prune event).

        The question shows the window before the child's return and what it returned, so the student
        moves α or β and compares them; it is not asked where the other bound is infinite (no cut can come).
        """
        left = self._moves_left(frame)
        move, value = frame.tried[-1]
        cut = type(event) is Prune and event.node == frame.node
        words = {"alpha": self.words(frame.alpha), "beta": self.words(frame.beta), "side": frame.side()}
        if cut:
            why = _("α = {alpha} ≥ β = {beta} at this {side} node: its other moves cannot matter.")
        else:
            why = _("α = {alpha} < β = {beta} at this {side} node: its next move may still matter.")
        question = ngettext(
            "Node {node} ({side}) had {window}; {move} returned {value}, and {left} move is "
            "untried. Does alpha-beta cut it?",
            "Node {node} ({side}) had {window}; {move} returned {value}, and {left} moves are "
            "untried. Does alpha-beta cut them?",
            left,
        ).format(
            node=frame.node,
            side=frame.side(),
            window=window_words(self.before, self.words),
            move=self.move_words(move),
            value=self.words(value),
            left=left,
        )
        choices = (
            Choice(CUT, _("yes: cut the other moves")),
            Choice(GO_ON, _("no: try the next move")),
        )
        return Step(
            index,
            "minimax.cut",
            BACKTRACK,
            question,
            choices,
            CUT if cut else GO_ON,
            why.format(**words),
            span=1 if cut else 0,
            hints=(
                _("First move α (MAX) or β (MIN) as the returned value says, then compare α and β."),
                _("Once α ≥ β, a player above would never let the game reach this node's other moves."),
            ),
        )

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


class SideAhead:
    """The events ahead of one side of a side-by-side run (`minimax.Side`), unwrapped."""

    def __init__(self, ahead: Ahead, side: int) -> None:
        self.ahead, self.side = ahead, side

    def __getitem__(self, offset: int) -> Any:
        """The side's event `offset` places ahead, or None."""
        seen, place = -1, 0
        while (event := self.ahead[place]) is not None:
            if event.side == self.side:
                seen += 1
                if seen == offset:
                    return event.event
            place += 1
        return None


class LockstepRules:
    """Minimax and alpha-beta side by side (the gametree demo): values and the move on the minimax side,
    α, β and the cuts on the alpha-beta side, each side's rules following its own events."""

    def __init__(self, sides: dict[int, GameTreeRules]) -> None:
        self.sides = sides

    def apply(self, event: Any) -> None:
        """Hand the inner event to its side's rules."""
        self.sides[event.side].apply(event.event)

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """The step of the side whose event comes next."""
        event = ahead[0]
        if event is None:
            return None
        return self.sides[event.side].pose(SideAhead(ahead, event.side), index)  # type: ignore[arg-type]


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
            ALPHABETA_SIDE: side(True, frozenset({"window", "cut"})),
        }
    )
