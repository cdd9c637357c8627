"""A traced function performed ("your code"): what the running call does next, and the value it returns.

The rules follow the recorded events of the student's run (the same events the app plays: the code is
never run a second time for the exercise). Before each call and each return, "fib(n=3) is running: what
comes next?" offers the calls it might make (the calls it makes later, the ones it already made, itself
again, calls seen elsewhere in the run) and the returns of it and of its caller; the next event says which.
Before a return, "what does fib(n=3) return?" offers what its own calls returned, its arguments, None and
values returned elsewhere. The explanations name only what the events carry: the call, its arguments and
locals, the values its calls returned, and the line of the student's file that runs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solvers.events import Pop, Push
from solvers.exercise.engine import DECISION, VALUE, Ahead, Choice, Step, worded
from solvers.i18n import _
from solvers.tracing.events import CACHE, RAISE, RETURN, Call, Line, Resume, Returned, Side, Yield

MOST_CHOICES = 5
"""Candidates a step offers (keys 1-9 stay enough)."""
SIBLING_LOOKAHEAD = 5_000
"""Events read ahead for the running call's next call (a distractor only: never an answer)."""
CALL, RETURNS = "call", "return"
"""The kinds of what comes next: a call starts, or a call returns."""


@dataclass
class RunState:
    """One traced run as far as the events went: the calls, their lines and locals, what they returned."""

    lines: Sequence[str] = ()
    calls: dict[int, Call] = field(default_factory=dict)
    parents: dict[int, int] = field(default_factory=dict)
    children: dict[int, list[int]] = field(default_factory=dict)
    stack: list[int] = field(default_factory=list)
    line: dict[int, int] = field(default_factory=dict)
    locals: dict[int, dict[str, str]] = field(default_factory=dict)
    returned: dict[int, str] = field(default_factory=dict)
    seen_calls: list[str] = field(default_factory=list)  # every call's text, newest last
    seen_values: list[str] = field(default_factory=list)  # every returned value, newest last

    def apply(self, event: Any) -> None:
        """Follow one event of this run."""
        kind = type(event)
        if kind is Push and isinstance(event.what, Call):
            self.calls[event.node] = event.what
            self.parents[event.node] = event.parent
            self.children.setdefault(event.parent, []).append(event.node)
            self.stack.append(event.node)
            self.line[event.node] = event.line
            self.seen_calls.append(event.what.short())
        elif kind is Line:
            self.line[event.node] = event.line
            known = self.locals.setdefault(event.node, {})
            for name, new, _old in event.changes:
                if new is None:
                    known.pop(name, None)
                else:
                    known[name] = new
        elif kind is Resume:  # a generator runs again
            self.stack.append(event.node)
        elif (kind is Pop or kind is Yield) and self.stack:
            self.stack.pop()
            if kind is Yield:
                return
            if isinstance(event.value, Returned) and event.value.how != RAISE:
                self.returned[event.node] = event.value.text
                self.seen_values.append(event.value.text)

    def code(self, line: int) -> str:
        """The student's line, stripped ('' when the file's text is not at hand)."""
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""

    def where(self, node: int) -> str:
        """'line 14, `return fib(n - 1) + fib(n - 2)`'."""
        line = self.line.get(node, 0)
        code = self.code(line)
        if code:
            return _("line {line}, `{code}`").format(line=line, code=code)
        return _("line {line}").format(line=line)

    def locals_words(self, node: int) -> str:
        """'left = [2, 5], right = [1, 8]': the locals that are not arguments, or ''."""
        arguments = {name for name, _value in self.calls[node].args}
        known = self.locals.get(node, {})
        return ", ".join(f"{name} = {value}" for name, value in known.items() if name not in arguments)

    def answers_words(self, node: int) -> str:
        """'fib(2) = 1, fib(1) = 1': what the call's own calls returned."""
        return ", ".join(
            f"{self.calls[child].short()} = {self.returned[child]}"
            for child in self.children.get(node, [])
            if child in self.returned
        )


class TraceRules:
    """The steps of a traced run (or of two side by side): `sources` are the runs' files' text, by side."""

    def __init__(self, sources: Sequence[str] = ()) -> None:
        self.runs: dict[int, RunState] = {}
        self.sources = [source.splitlines() for source in sources]
        self._asked_at = -1  # the index whose 'what comes next' was asked, so its value is asked next

    def run(self, side: int) -> RunState:
        """The state of run `side` (made on its first event)."""
        if side not in self.runs:
            lines = self.sources[side] if side < len(self.sources) else ()
            self.runs[side] = RunState(lines)
        return self.runs[side]

    def apply(self, event: Any) -> None:
        """Follow one event, routed to its run when two play side by side."""
        side, inner = unwrap(event)
        self.run(side).apply(inner)

    def pose(self, ahead: Ahead, index: int) -> Step | None:
        """Before a call starts or returns: what comes next; before a return: its value."""
        if ahead[0] is None:
            return None
        side, event = unwrap(ahead[0])
        run = self.run(side)
        if not run.stack:
            return None
        top = run.stack[-1]
        kind = type(event)
        returning = kind is Pop and isinstance(event.value, Returned) and event.value.how in (RETURN, CACHE)
        if not (kind is Push and event.parent == top) and not (returning and event.node == top):
            return None
        if self._asked_at != index:
            self._asked_at = index
            return next_step(run, ahead, side, event, index)
        return value_step(run, event, index) if returning else None


def unwrap(event: Any) -> tuple[int, Any]:
    """(side, the run's own event): side 0 when one run plays alone."""
    if type(event) is Side:
        return event.side, event.event
    return 0, event


@worded
def next_step(run: RunState, ahead: Ahead, side: int, event: Any, index: int) -> Step:
    """What does the running call do next: which call it makes, or which call returns?"""
    top = run.stack[-1]
    running = run.calls[top]
    calls = call_candidates(run, ahead, side)
    parent = run.parents.get(top)
    returns = [Choice((RETURNS, top), _("{call} returns").format(call=running.short()))]
    if parent in run.calls:
        returns.append(Choice((RETURNS, parent), _("{call} returns").format(call=run.calls[parent].short())))
    if type(event) is Push:
        expected: Any = (CALL, event.what.short())
        calls = [event.what.short()] + [text for text in calls if text != event.what.short()]
        why = _("{call} runs {where}. With {values}, the next call there is {next}.").format(
            call=running.text(), where=run.where(top), values=values_words(run, top), next=event.what.short()
        )
        span = 1
    else:
        expected = (RETURNS, top)
        if event.value.how == CACHE:
            why = _("{call} was worked out before: the cache answers it at once, without running it again.")
        else:
            why = _("{call} runs {where} and makes no further call: it returns.")
        why = why.format(call=running.text(), where=run.where(top))
        span = 0  # its value is asked next, before the same event
    answers = run.answers_words(top)
    if answers:
        why += " " + _("Its calls so far returned {answers}.").format(answers=answers)
    offered = list(dict.fromkeys(calls[: MOST_CHOICES - len(returns)]))
    random.Random(index).shuffle(
        offered
    )  # no place in the list is always the answer (down(n - 1) sorts first)
    choices = [Choice((CALL, text), _("it calls {call}").format(call=text)) for text in offered] + returns
    return Step(
        index,
        "trace.next",
        DECISION,
        _("{call} is running: what comes next?").format(call=running.short()),
        tuple(choices),
        expected,
        why,
        span=span,
        hints=(
            _("Look at the line that runs and put the call's values into it."),
            _("A call returns only when its line has no call left to make."),
        ),
    )


def call_candidates(run: RunState, ahead: Ahead, side: int) -> list[str]:
    """Calls the running one might make: its later and earlier calls, itself, other calls of the run."""
    top = run.stack[-1]
    later = later_call(ahead, side, top)
    earlier = [run.calls[child].short() for child in reversed(run.children.get(top, []))]
    others = list(reversed(run.seen_calls))
    return list(dict.fromkeys([*later, *earlier, run.calls[top].short(), *others]))


def later_call(ahead: Ahead, side: int, top: int) -> list[str]:
    """The call `top` makes after the one starting now, read ahead (none past its return or the limit)."""
    if type(unwrap(ahead[0])[1]) is not Push:
        return []
    for offset in range(1, SIBLING_LOOKAHEAD):
        if ahead[offset] is None:
            return []
        event_side, event = unwrap(ahead[offset])
        if event_side != side:
            continue
        if type(event) is Pop and event.node == top:
            return []
        if type(event) is Push and event.parent == top:
            return [event.what.short()]
    return []


@worded
def value_step(run: RunState, event: Any, index: int) -> Step:
    """What does the running call return? Read from its Pop; the candidates are values of the run."""
    top = run.stack[-1]
    running = run.calls[top]
    value = event.value.text
    children = [run.returned[child] for child in run.children.get(top, []) if child in run.returned]
    arguments = [text for _name, text in running.args]
    pool = [value, *children, *arguments, "None", *reversed(run.seen_values)]
    offered = sorted(dict.fromkeys(pool), key=natural)
    if len(offered) > MOST_CHOICES:
        kept = set(list(dict.fromkeys(pool))[:MOST_CHOICES])
        offered = [text for text in offered if text in kept]
    if event.value.how == CACHE:
        why = _("{call} was worked out before, and the cache keeps what it returned then: {value}.")
    elif children:
        why = _("{call} returns {value} at {where}, where its calls returned {answers}.")
    else:
        why = _("{call} makes no call: it returns {value} at {where}.")
    explanation = why.format(
        call=running.text(), value=value, where=run.where(top), answers=run.answers_words(top)
    )
    extra = run.locals_words(top)
    if extra:
        explanation += " " + _("Its locals: {locals}.").format(locals=extra)
    return Step(
        index,
        "trace.value",
        VALUE,
        _("What does {call} return?").format(call=running.short()),
        tuple(Choice(text, text) for text in offered),
        value,
        explanation,
        hints=(
            _("Put the call's arguments into the line it returns from."),
            _("Its own calls have already returned: use their values."),
        ),
    )


def values_words(run: RunState, node: int) -> str:
    """'n = 3' (the arguments and the locals now)."""
    known = {**dict(run.calls[node].args), **run.locals.get(node, {})}
    return ", ".join(f"{name} = {value}" for name, value in known.items()) or _("no arguments")


def natural(text: str) -> tuple[Any, ...]:
    """A sort key that puts fib(9) before fib(10) and -2 before 10."""
    parts = re.split(r"(-?\d+)", text)
    return tuple((0, int(part), "") if re.fullmatch(r"-?\d+", part) else (1, 0, part) for part in parts)
