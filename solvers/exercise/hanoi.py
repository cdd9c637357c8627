"""Towers of Hanoi performed: the next disk move, and which call makes it.

Example, 2 disks: the first step asks for the next move among the legal ones (disk 1: A→B, disk 1: A→C);
the events say A→B, because hanoi(2, A→C) first moves its one smaller disk to the spare peg B.
"""

from __future__ import annotations

from typing import Any

from solvers.events import Move, Pop, Push
from solvers.exercise.engine import DECISION, VALUE, Ahead, Choice, Step, worded
from solvers.hanoi import PEGS
from solvers.i18n import _

Call = tuple[int, tuple[int, int, int, int]]
"""A call on the stack: its id and its arguments (n, from, to, via)."""


def call_words(call: Call) -> str:
    """'call #3: hanoi(2, A→C)', the id as the app's log and call tree write it."""
    node, (n, frm, to, _via) = call
    words = _("call #{node}: hanoi({n}, {start}→{goal})")
    return words.format(node=node, n=n, start=PEGS[frm], goal=PEGS[to])


def move_words(disk: int, frm: int, to: int) -> str:
    """'disk 2: A→C'."""
    return _("disk {disk}: {start}→{goal}").format(disk=disk, start=PEGS[frm], goal=PEGS[to])


class HanoiRules:
    """The steps of Hanoi: every disk move (a decision) and the call that makes it (a value)."""

    def __init__(self, disks: int) -> None:
        self.pegs: list[list[int]] = [list(range(disks, 0, -1)), [], []]
        self.stack: list[Call] = []
        self._moved_at = -1  # the index whose move was asked, so its caller is asked next

    def apply(self, event: Any) -> None:
        """Follow the stack and the pegs."""
        if type(event) is Push:
            self.stack.append((event.node, event.what))
        elif type(event) is Pop:
            self.stack.pop()
        elif type(event) is Move:
            self.pegs[event.to].append(self.pegs[event.frm].pop())

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before a move: first the move itself, then the call that makes it."""
        event = ahead[0]
        if type(event) is not Move:
            return None
        if self._moved_at != index:
            self._moved_at = index
            return self._move_step(event, index)
        return self._caller_step(event, index)

    def legal_moves(self) -> list[tuple[int, int]]:
        """Every (from, to) that puts a disk on an empty peg or a larger disk."""
        return [
            (frm, to)
            for frm in range(3)
            for to in range(3)
            if frm != to and self.pegs[frm] and (not self.pegs[to] or self.pegs[to][-1] > self.pegs[frm][-1])
        ]

    @worded
    def _move_step(self, move: Any, index: int) -> Step:
        """Which move comes next? Graded by the Move event; span 0, so the caller is asked before it."""
        choices = tuple(
            Choice((frm, to), move_words(self.pegs[frm][-1], frm, to)) for frm, to in self.legal_moves()
        )
        _node, (n, frm, to, via) = self.stack[-1]
        if n == 1:
            why = _("The innermost call, hanoi(1, {start}→{goal}), just moves disk 1 from {start} to {goal}.")
        else:
            why = _(
                "The innermost call, hanoi({n}, {start}→{goal}), has moved its {fewer} smaller disks to "
                "{spare}; now its own disk {n} goes from {start} to {goal}."
            )
        explanation = why.format(n=n, fewer=n - 1, start=PEGS[frm], goal=PEGS[to], spare=PEGS[via])
        hints = (
            _("Look at the call on top of the stack: it is the one working now."),
            _("A call moves n - 1 disks out of the way, then its own disk n, then the n - 1 back on top."),
        )
        return Step(
            index,
            "hanoi.move",
            DECISION,
            _("Which move comes next?"),
            choices,
            (move.frm, move.to),
            explanation,
            span=0,
            hints=hints,
        )

    @worded
    def _caller_step(self, move: Any, index: int) -> Step:
        """Which call on the stack makes this move? The top one: every call moves exactly one disk itself."""
        choices = tuple(Choice(call[0], call_words(call)) for call in reversed(self.stack))
        top = self.stack[-1]
        explanation = _(
            "{call} makes it: only the call on top of the stack is running; the calls below it wait for it "
            "to return."
        ).format(call=call_words(top))
        question = _("Which call moves disk {disk} from {start} to {goal}?").format(
            disk=move.piece, start=PEGS[move.frm], goal=PEGS[move.to]
        )
        hint = (_("The calls below the top one are waiting in the middle of their own lines."),)
        return Step(index, "hanoi.caller", VALUE, question, choices, top[0], explanation, span=1, hints=hint)
