"""Towers of Hanoi: move N disks from peg A to peg C, one at a time, never a larger one on a smaller.

`hanoi_events(n)` is the recursion as events, with an explicit stack (20
disks make 1,048,575 calls, far below any depth limit, but the house rule
is one loop with its own stack):

- `Push(node, parent, (n, frm, to, via), line)`: the call hanoi(n, frm, to, via) starts;
- `Move(disk, frm, to, line)`: a disk moves (pegs are 0, 1, 2 for A, B, C);
- `Pop(node, None, False, line)`: the call returns.

Every call moves exactly one disk, so N disks make 2^N - 1 calls and moves.
`hanoi_moves(n)` is the plain recursive reference; `replay` checks a list of
moves is legal and ends with every disk on C.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Any

from solvers.events import Event, Move, Pop, Push
from solvers.i18n import N_, _

PEGS = "ABC"
"""Peg names by index."""
APP_DISKS = range(1, 13)
"""Disks the app offers (4,095 moves at most)."""
MAX_DISKS = 20
"""Disks the command line accepts (1,048,575 moves)."""

PSEUDOCODE = (
    "function hanoi(n, from, to, via):",
    "    " + N_("if n == 1: move disk 1 to `to`; return"),
    "    hanoi(n - 1, from, via, to)",
    "    " + N_("move disk n from `from` to `to`"),
    "    hanoi(n - 1, via, to, from)",
)
LINE_CALL, LINE_BASE, LINE_FIRST, LINE_MOVE, LINE_SECOND = 1, 2, 3, 4, 5
"""Pseudocode lines, 1-based."""

Call = tuple[int, int, int, int]
"""A call's arguments: (n, frm, to, via)."""


def hanoi_events(n: int, frm: int = 0, to: int = 2, via: int = 1) -> Generator[Event, None, None]:
    """The recursion for `n` disks as events (see the module docstring)."""
    if n < 1:
        raise ValueError(_("hanoi needs at least one disk"))
    yield Push(0, -1, (n, frm, to, via), LINE_CALL)
    stack: list[list[int]] = [[0, n, frm, to, via, 0]]  # node, n, frm, to, via, stage
    next_id = 1
    while stack:
        frame = stack[-1]
        node, k, a, b, c, stage = frame
        if k == 1:
            yield Move(1, a, b, LINE_BASE)
            stack.pop()
            yield Pop(node, None, False, LINE_BASE)
        elif stage == 0:  # first: the n - 1 above it out of the way, onto `via`
            frame[5] = 1
            yield Push(next_id, node, (k - 1, a, c, b), LINE_FIRST)
            stack.append([next_id, k - 1, a, c, b, 0])
            next_id += 1
        elif stage == 1:  # then: the largest moves, and the n - 1 come back on top of it
            frame[5] = 2
            yield Move(k, a, b, LINE_MOVE)
            yield Push(next_id, node, (k - 1, c, b, a), LINE_SECOND)
            stack.append([next_id, k - 1, c, b, a, 0])
            next_id += 1
        else:
            stack.pop()
            yield Pop(node, None, False, LINE_SECOND)


def hanoi_moves(n: int, frm: int = 0, to: int = 2, via: int = 1) -> Iterator[tuple[int, int, int]]:
    """(disk, frm, to) for each move, by plain recursion (the reference)."""
    if n == 1:
        yield (1, frm, to)
        return
    yield from hanoi_moves(n - 1, frm, via, to)
    yield (n, frm, to)
    yield from hanoi_moves(n - 1, via, to, frm)


def replay(n: int, moves: Iterator[tuple[int, int, int]] | list[tuple[int, int, int]]) -> list[list[int]]:
    """The pegs after `moves` from the start; ValueError on the first illegal move."""
    pegs: list[list[int]] = [list(range(n, 0, -1)), [], []]
    for number, (disk, frm, to) in enumerate(moves, 1):
        if not pegs[frm] or pegs[frm][-1] != disk:
            raise ValueError(
                _("move {number}: disk {disk} is not on top of peg {peg}").format(
                    number=number, disk=disk, peg=PEGS[frm]
                )
            )
        if pegs[to] and pegs[to][-1] < disk:
            raise ValueError(
                _("move {number}: disk {disk} would sit on the smaller disk {smaller}").format(
                    number=number, disk=disk, smaller=pegs[to][-1]
                )
            )
        pegs[to].append(pegs[frm].pop())
    return pegs


def describe(event: Any) -> str | None:
    """One event in words: 'to move 3 disks from A to C, first move 2 from A to B'."""
    if isinstance(event, Push):
        k, a, b, c = event.what
        if k == 1:
            return _("{call}: just move disk 1").format(call=f"hanoi(1, {PEGS[a]}→{PEGS[b]})")
        return _(
            "to move {count} disks from {start} to {goal}, first move {fewer} from {start} to {spare}"
        ).format(count=k, fewer=k - 1, start=PEGS[a], goal=PEGS[b], spare=PEGS[c])
    if isinstance(event, Move):
        return _("disk {disk} goes from {start} to {goal}").format(
            disk=event.piece, start=PEGS[event.frm], goal=PEGS[event.to]
        )
    if isinstance(event, Pop):
        return _("call #{node} is done").format(node=event.node)
    return None
