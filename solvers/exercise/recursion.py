"""Recursion performed: what fact(k) does next (call, return, overflow), the value it returns, and the
maximum each node of a tree returns.

Example, fact(3): before the second Push the step asks "fact(3) is running: what happens next?", and the
events say it calls fact(2); before the last Pop it asks what fact(3) returns, and the events say 6.
"""

from __future__ import annotations

from math import factorial
from typing import Any

from solvers.events import Overflow, Pop, Push
from solvers.exercise.engine import DECISION, VALUE, Ahead, Choice, Step, worded
from solvers.i18n import _

CALL, RETURN, OVERFLOW = "call", "return", "overflow"
"""What a running fact(k) does next."""


class FactorialRules:
    """fact(N) on a stack of `limit` frames (its loop twin's events, if any, pass by unasked)."""

    def __init__(self, limit: int, *, base_case: bool = True) -> None:
        self.limit = limit
        self.base_case = base_case
        self.args: list[int] = []  # the N of every frame on the stack
        self.unwinding = False  # a call has returned: the frames now return values

    def apply(self, event: Any) -> None:
        """Follow the frames."""
        if type(event) is Push:
            self.args.append(event.what)
        elif type(event) is Pop:
            self.args.pop()
            self.unwinding = True

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before the next call, the base case's return or the overflow; before each value returned."""
        event = ahead[0]
        kind = type(event)
        if not self.args or kind not in (Push, Pop, Overflow):
            return None
        if kind is Pop:
            if event.value is None:
                return None  # an overflow unwinding: no value
            return self._value_step(event, index) if self.unwinding else self._next_step(event, index)
        return self._next_step(event, index)

    @worded
    def _next_step(self, event: Any, index: int) -> Step:
        """fact(k) is running: does it call fact(k - 1), return 1, or overflow the stack?"""
        k = self.args[-1]
        expected = {Push: CALL, Overflow: OVERFLOW}.get(type(event), RETURN)
        choices = (
            Choice(CALL, _("it calls fact({k})").format(k=k - 1)),
            Choice(RETURN, _("it returns 1: the base case")),
            Choice(OVERFLOW, _("the stack overflows")),
        )
        if expected == OVERFLOW:
            why = _("The stack already holds {depth} frames, its limit: one more call does not fit.").format(
                depth=len(self.args)
            )
        elif expected == RETURN:
            why = _("N = {k} ≤ 1: the base case returns 1 without calling again.").format(k=k)
        elif not self.base_case:
            why = _("The base case is missing, so fact({k}) calls fact({smaller}) whatever N is.").format(
                k=k, smaller=k - 1
            )
        else:
            why = _("N = {k} > 1, so fact({k}) calls fact({smaller}) and waits for its answer.").format(
                k=k, smaller=k - 1
            )
        return Step(
            index,
            "recursion.next",
            DECISION,
            _("fact({k}) is running: what happens next?").format(k=k),
            choices,
            expected,
            why,
            hints=(
                _("Look at N and the base case's test, N <= 1."),
                _("Count the frames against the limit."),
            ),
        )

    @worded
    def _value_step(self, event: Any, index: int) -> Step:
        """What does fact(k) return? k times what the inner call returned."""
        k = self.args[-1]
        value = event.value
        inner = value // k if k else 1
        candidates = {value, inner, k, value + k, factorial(k + 1) if k < 50 else value * 2}
        candidates.discard(0)
        ordered = sorted(candidates)
        why = _("fact({k}) returns {k} × fact({smaller}) = {k} × {inner} = {value}.").format(
            k=k, smaller=k - 1, inner=inner, value=value
        )
        return Step(
            index,
            "recursion.value",
            VALUE,
            _("What does fact({k}) return?").format(k=k),
            tuple(Choice(number, f"{number:,}") for number in ordered),
            value,
            why,
            hints=(_("fact(k) multiplies its own N by what the inner call returned."),),
        )


class TreeMaxRules:
    """max_of on a tree: the value each inner node returns."""

    def __init__(self) -> None:
        self.children: dict[int, list[int]] = {}
        self.returned: dict[int, Any] = {}
        self.stack: list[int] = []

    def apply(self, event: Any) -> None:
        """Follow calls and what they return."""
        if type(event) is Push:
            self.children.setdefault(event.parent, []).append(event.node)
            self.stack.append(event.node)
        elif type(event) is Pop:
            self.returned[event.node] = event.value
            self.stack.pop()

    @worded
    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before an inner node returns: which of its children's answers does it return?"""
        event = ahead[0]
        if type(event) is not Pop or event.node not in self.children:
            return None
        answers = [self.returned[child] for child in self.children[event.node]]
        shown = ", ".join(str(answer) for answer in answers)
        why = _("max_of keeps the best of its children's answers: max({answers}) = {value}.").format(
            answers=shown, value=event.value
        )
        return Step(
            index,
            "maxtree.value",
            VALUE,
            _("What does max_of(node {node}) return?").format(node=event.node),
            tuple(Choice(value, str(value)) for value in sorted(set(answers))),
            event.value,
            why,
            hints=(_("Each child has already returned the maximum of its own subtree."),),
        )
