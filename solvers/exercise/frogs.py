"""Frogs performed: the frog the solver moves next, whether a move's branch reaches the goal, and the position
a dead end sends it back to.

The solver lists a position's legal moves by the pad the frog stands on, left to right, and tries them in
that order; a position with no move left is a dead end, and the solver cancels moves newest first until a
position still has a move to try. Example, LL_RR: before its moves are listed, "which frog does the solver
move next?" offers the frogs beside the empty pad (pads 0, 1, 3, 4) and "none"; the events say the L on
pad 1 (its slide L 1→2 comes before R 3→2). At LRL_R... with no frog able to move, "to which position does
the solver go back?" offers the positions of the path, and the events say the deepest one with a move left.
"""

from __future__ import annotations

from typing import Any

from solvers import frogs as fr
from solvers.events import DeadEnd, Move, Pop, Push, Solution
from solvers.exercise.engine import BACKTRACK, DECISION, LOOKAHEAD_LIMIT, VALUE, Ahead, Choice, Step, worded
from solvers.i18n import _

REACHES, DEAD_ENDS = "reaches", "dead-ends"
"""The keys of 'will the branch after this move reach the goal?'."""
STUCK = "stuck"
"""The key of 'no move left here: a dead end'."""
END = "end"
"""The key of 'no position has a move left: there is no solution'."""
REACH = 2
"""A frog can move only from within two pads of the empty one: the candidates."""


def move_words(hop: fr.Hop) -> str:
    """'L 2→3' as the app's list and log write a move."""
    return f"{hop.frog} {hop.frm}→{hop.to}"


def moves_words(hops: Any) -> str:
    """'L 1→3, R 4→3', or 'none'."""
    return ", ".join(move_words(hop) for hop in hops) or _("none")


class FrogsRules:
    """The frogs' steps on one run of `solvers.frogs.solve` from `start`."""

    def __init__(self, start: str) -> None:
        self.pads = list(start)
        self.listed: dict[int, tuple[fr.Hop, ...]] = {}  # the moves each position listed
        self.tried: dict[int, int] = {}  # how many of them were tried so far
        self.path: list[tuple[int, fr.Hop]] = []  # (node, move) of every move made and not cancelled
        self.positions: list[str] = [start]  # the position at the start and after each move of the path
        self.previous: Any = None  # the last event followed
        self.asked_branch = -1  # the run index where the last branch step was posed

    def apply(self, event: Any) -> None:
        """Follow the pads, the moves listed and tried at each position, and the path."""
        kind = type(event)
        if kind is fr.Options:
            self.listed[event.node] = event.moves
            self.tried[event.node] = 0
        elif kind is Push:
            self.tried[event.parent] = self.tried.get(event.parent, 0) + 1
            self.path.append((event.node, event.what))
        elif kind is Move:
            self.pads[event.to], self.pads[event.frm] = event.piece, fr.EMPTY
            if event.line == fr.LINE_MAKE:
                self.positions.append(self.state)
        elif kind is Pop:
            self.path.pop()
            self.positions.pop()
        self.previous = event

    @property
    def state(self) -> str:
        """The position on the pads now."""
        return "".join(self.pads)

    @property
    def node(self) -> int:
        """The position the solver stands at: the newest move's node, or the start."""
        return self.path[-1][0] if self.path else fr.ROOT

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Just after a move: will its branch reach the goal? Before a new position's moves are listed, after
        a cancel, and at a position with no move: the next move, or where the solver goes back to."""
        event = ahead[0]
        kind = type(event)
        made = type(self.previous) is Move and self.previous.line == fr.LINE_MAKE
        if made and self.asked_branch != index and self.state != fr.goal_state(self.state):
            self.asked_branch = index
            step = self._branch_step(ahead, index)
            if step is not None:
                return step
        if kind is fr.Options:
            return self._move_step(ahead[1], event.moves, 0, index, span=2 if type(ahead[1]) is Push else 1)
        came_back = type(self.previous) is Pop and self.previous.backtrack
        if kind in (Push, DeadEnd) and came_back:
            return self._move_step(event, self.listed[self.node], self.tried[self.node], index, span=1)
        if kind is DeadEnd and type(self.previous) is fr.Options:
            return self._backtrack_step(ahead, index)
        return None

    @worded
    def _move_step(self, answer: Any, listed: Any, tried: int, index: int, *, span: int) -> Step:
        """Which frog does the solver move next (or none: a dead end)? The first listed move not yet tried."""
        empty = self.pads.index(fr.EMPTY)
        near = [pad for pad in range(empty - REACH, empty + REACH + 1) if pad != empty]
        choices = [
            Choice(pad, _("the {frog} on pad {pad}").format(frog=self.pads[pad], pad=pad))
            for pad in near
            if 0 <= pad < len(self.pads)
        ]
        choices.append(Choice(STUCK, _("none: a dead end, go back")))
        position = self.state
        if type(answer) is Push:
            expected: Any = answer.what.frm
            if tried:
                why = _(
                    "At {position} the solver listed {moves}, left to right. Tried and cancelled already: "
                    "{cancelled}. So it tries {move} next."
                )
            else:
                why = _(
                    "The solver lists the legal moves at {position} by the pad each frog stands on, left to "
                    "right: {moves}. It tries them in that order, so {move} comes first."
                )
            move = move_words(answer.what)
        else:
            expected, move = STUCK, ""
            if listed:
                why = _(
                    "Every move listed at {position} ({moves}) was tried and cancelled: a dead end, the "
                    "solver goes back."
                )
            else:
                why = _("No frog can move at {position}: a dead end, the solver goes back.")
        explanation = why.format(
            position=position, moves=moves_words(listed), cancelled=moves_words(listed[:tried]), move=move
        )
        return Step(
            index,
            "frogs.move",
            DECISION,
            _("The frogs stand at {position}. Which frog does the solver move next?").format(
                position=position
            ),
            tuple(choices),
            expected,
            explanation,
            span=span,
            hints=(
                _(
                    "A frog moves forward only: a slide into the empty pad, or a jump over one frog of the "
                    "other side."
                ),
                _("The solver tries the legal moves from the leftmost frog to the rightmost, each one once."),
            ),
        )

    @worded
    def _branch_step(self, ahead: Ahead, index: int) -> Step | None:
        """Will the branch after the move just made reach the goal, or dead-end (the move is cancelled)?

        Predict, then watch: read ahead, the move's own Pop (a cancel) or the Solution, whichever comes first;
        not posed when neither lies within what a rule may read. Span 0: the run goes on unchanged.
        """
        node, hop = self.path[-1]
        offset = ahead.find(lambda e: type(e) is Solution or (type(e) is Pop and e.node == node))
        if offset is None:
            return None
        reaches = type(ahead[offset]) is Solution
        words = {"position": self.state, "move": move_words(hop)}
        if reaches:
            why = _("From {position} the solver reaches the goal, so it never cancels {move}.")
        else:
            why = _(
                "No way on from {position} reaches the goal: every try below {move} gets stuck, so the "
                "solver cancels it."
            )
        return Step(
            index,
            "frogs.branch",
            VALUE,
            _(
                "The solver just made {move}: the frogs stand at {position}. Will this branch reach the goal?"
            ).format(**words),
            (Choice(REACHES, _("it reaches the goal")), Choice(DEAD_ENDS, _("it dead-ends"))),
            REACHES if reaches else DEAD_ENDS,
            why.format(**words),
            span=0,
            hints=(
                _("Play the moves from this position in your head: does any way on lead to the goal?"),
                _("Frogs only move forward: a move is undone only when the solver cancels it."),
            ),
        )

    @worded
    def _backtrack_step(self, ahead: Ahead, index: int) -> Step | None:
        """No frog can move: to which position of the path does the solver go back to try another move?"""
        offset = ahead.find(lambda event: type(event) is Push)
        if offset is None:
            span = run_length(ahead)
            if span is None:
                return None  # the run goes on past what may be read: no answer to grade by
            expected: Any = END
            retry: Any = None
        else:
            span = offset
            retry = ahead[offset].what
            parent = ahead[offset].parent
            nodes = [node for node, _hop in self.path]
            expected = 0 if parent == fr.ROOT else nodes.index(parent) + 1
        choices = [Choice(level, self._level_words(level)) for level in range(len(self.path))]
        choices.append(Choice(END, _("none: there is no solution")))
        stuck = self.state
        if expected == END:
            why = _(
                "No frog can move at {stuck}, and no position before it has a move left to try: there is no "
                "solution from the start."
            ).format(stuck=stuck)
        else:
            why = _(
                "No frog can move at {stuck}. The solver cancels its moves newest first, and {position} is "
                "the nearest position with a move not tried yet: {move}."
            ).format(stuck=stuck, position=self.positions[expected], move=move_words(retry))
        return Step(
            index,
            "frogs.backtrack",
            BACKTRACK,
            _("No frog can move at {position}. To which position does the solver go back?").format(
                position=stuck
            ),
            tuple(choices),
            expected,
            why,
            span=span,
            hints=(
                _("Cancel the newest move first; a position whose moves were all tried is cancelled too."),
            ),
        )

    def _level_words(self, level: int) -> str:
        """'the start: LL_RR' or 'after move 3 (R 3→1): LRL_R'."""
        if level == 0:
            return _("the start: {position}").format(position=self.positions[0])
        return _("after move {number} ({move}): {position}").format(
            number=level, move=move_words(self.path[level - 1][1]), position=self.positions[level]
        )


def run_length(ahead: Ahead) -> int | None:
    """How many events are left in the run, or None past what a rule may read ahead."""
    for offset in range(LOOKAHEAD_LIMIT):
        if ahead[offset] is None:
            return offset
    return None
