"""The events of a traced run: the house's `Push` / `Pop` plus what a real program adds.

- `Push(node, parent, Call(func, args), line)`: a call starts; `args` are
  (name, repr) pairs and `line` is the student's `def` line (or, for a cache
  hit, the line that made the call);
- `Line(node, changes, line)`: the call `node` is about to run `line` of the
  student's file; `changes` are the locals that changed since its last line,
  each (name, new repr, old repr), None standing for "not set";
- `Pop(node, Returned(text, how), False, line)`: the call returns `text`
  (a repr); `how` is RETURN, CACHE (answered from a cache without recursing)
  or RAISE (an exception passed through);
- `Raise(node, message, line)`: an exception starts at the student's `line`;
- `Resume(node, line)`: a generator's call, suspended at a yield, runs again
  (it goes back on the stack; its node in the tree is the one its first run made);
- `Yield(node, text, line)`: the running generator yields the repr `text` and
  leaves the stack until it is resumed;
- `Print(node, text, line)`: call `node` printed `text`;
- `Halt(message, line)`: the run was stopped (a call, depth, event or time cap);
- `Side(side, event)`: one of two runs shown side by side (`lockstep`).

Every value is text (a repr cut to a readable length), so events cross the
process boundary as plain JSON and nothing of the student's is unpickled.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from solvers.events import Pop, Push, event_type

RETURN, CACHE, RAISE = "return", "cache", "raise"
"""How a call ended: it returned, a cache answered it, or an exception passed through."""

Change = tuple[str, str | None, str | None]
"""A local variable's (name, new repr, old repr); None: not set."""


class Call(NamedTuple):
    """`Push.what` of a traced call: the function's name and its (name, repr) arguments."""

    func: str
    args: tuple[tuple[str, str], ...] = ()
    sub: int = -1  # the subproblem: calls of one function with the same arguments share it (-1: none)

    def text(self) -> str:
        """'fib(n=3)' as the stack and the tree show it."""
        return f"{self.func}({', '.join(f'{name}={value}' for name, value in self.args)})"

    def short(self) -> str:
        """'fib(3)': the values only."""
        return f"{self.func}({', '.join(value for _, value in self.args)})"


class Returned(NamedTuple):
    """`Pop.value` of a traced call: the value's repr and how the call ended."""

    text: str
    how: str = RETURN


@event_type
class Line(NamedTuple):
    """Call `node` is about to run the student's `line`; its locals changed by `changes`."""

    node: int
    changes: tuple[Change, ...] = ()
    line: int = 0


@event_type
class Raise(NamedTuple):
    """An exception starts at the student's `line` in call `node`: 'ZeroDivisionError: ...'."""

    node: int
    message: str
    line: int = 0


@event_type
class Resume(NamedTuple):
    """Generator call `node`, suspended at a yield, runs again: back on the stack."""

    node: int
    line: int = 0


@event_type
class Yield(NamedTuple):
    """The running generator call `node` yields `text` (a repr) and leaves the stack, not finished."""

    node: int
    text: str
    line: int = 0


@event_type
class Print(NamedTuple):
    """Call `node` printed `text` (-1: printed while no traced call ran)."""

    node: int
    text: str
    line: int = 0


@event_type
class Halt(NamedTuple):
    """The run was stopped before it finished: the reason, in words."""

    message: str
    line: int = 0


TraceEvent = Push | Pop | Line | Raise | Resume | Yield | Print | Halt
"""Any event of a traced run."""


@event_type
class Side(NamedTuple):
    """An event of run number `side` when two runs play side by side (naive beside memoized)."""

    side: int
    event: Any
    line: int = 0


def lockstep(runs: Sequence[Sequence[TraceEvent]]) -> Iterator[Side]:
    """The runs' events in turn, one of each, each tagged with its run; a run that ends drops out."""
    longest = max((len(run) for run in runs), default=0)
    for index in range(longest):
        for side, run in enumerate(runs):
            if index < len(run):
                yield Side(side, run[index], run[index].line)
