"""Hanoi's plain state: the pegs, the calls (a `CallTree`), the moves made; no pygame.

`HanoiModel` applies and reverts the events of `solvers.hanoi.hanoi_events`
exactly; `narrate` is the one place they become words (the solver's
`describe`).
"""

from __future__ import annotations

from solvers.events import Event, Move, Pop, Push
from solvers.hanoi import describe
from visualizer.calltree import CallTree


class HanoiModel:
    """Disks on three pegs (bottom first), the calls so far, the last move."""

    def __init__(self, disks: int) -> None:
        self.disks = disks
        self.pegs: list[list[int]] = [list(range(disks, 0, -1)), [], []]
        self.calls = CallTree()
        self.moves = 0
        self.last: tuple[int, int, int] | None = None  # (disk, frm, to) of the newest move
        self._lasts: list[tuple[int, int, int] | None] = []
        self.applied = 0  # events applied: the next one's index in the run

    def apply(self, event: Event) -> None:
        """Move one event forward."""
        if isinstance(event, Move):
            self.pegs[event.to].append(self.pegs[event.frm].pop())
            self._lasts.append(self.last)
            self.last = (event.piece, event.frm, event.to)
            self.moves += 1
        elif isinstance(event, (Push, Pop)):
            self.calls.apply(event, self.applied)
        self.applied += 1

    def revert(self, event: Event) -> None:
        """Undo exactly what `apply(event)` did."""
        self.applied -= 1
        if isinstance(event, Move):
            self.pegs[event.frm].append(self.pegs[event.to].pop())
            self.last = self._lasts.pop()
            self.moves -= 1
        elif isinstance(event, (Push, Pop)):
            self.calls.revert(event)

    def snapshot(self) -> tuple[object, ...]:
        """The whole state as one comparable value."""
        pegs = tuple(tuple(peg) for peg in self.pegs)
        return (pegs, self.moves, self.last, tuple(self._lasts), self.applied, self.calls.snapshot())

    def running(self) -> list[tuple[int, int, int, int]]:
        """The calls on the stack, outermost first: (n, frm, to, via)."""
        return [self.calls.what[node] for node in self.calls.stack]


def expected_events(disks: int) -> int:
    """Events of `hanoi_events(disks)`: a Push, a Move and a Pop for each of the 2^n - 1 calls."""
    return 3 * (2**disks - 1)


def narrate(event: Event) -> str | None:
    """The event in words."""
    return describe(event)
