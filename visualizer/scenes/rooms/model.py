"""The rooms walk as the events leave it, the three maps, and the walk in the text's words (no pygame).

Rooms A, 1..8 and B, joined by corridors that each room tries in the text's
order.  `RoomsModel` is what the player moves; `Walk` is what narration needs
to know of a run (room names, who called whom), learnt once per map.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from solvers import maze as mz
from solvers.events import DeadEnd, Note, Pop, Push, Solution, Visit
from solvers.i18n import _, format_number

TEXT, LOOP, NO_WAY = "text", "loop", "no way out"

VARIANTS: dict[str, tuple[tuple[str, str], ...]] = mz.ROOM_MAPS
"""The text's maze; the same with a corridor 8-5 that makes a loop; without 5-B (keyed TEXT, LOOP, NO_WAY)."""

PLACES: dict[str, tuple[int, int]] = {
    "A": (0, 1),
    "1": (1, 0),
    "2": (1, 1),
    "3": (2, 1),
    "4": (2, 2),
    "5": (3, 2),
    "B": (4, 2),
    "6": (2, 3),
    "7": (1, 3),
    "8": (3, 3),
}
"""Each room's (column, row) on a 5 x 4 map: every corridor runs straight, none cross."""
COLUMNS, ROWS = 5, 4

# ROOMS_PSEUDOCODE lines (solvers/maze.py has no LINE_ constants yet).
SKIP_LINE = mz.LINE_ROOMS_SKIP  # "if room was visited, return"
TRY_LINE = mz.LINE_ROOMS_TRY  # "for each room next joined to room:"
SEES_B_LINE = mz.LINE_ROOMS_SEES_B  # "if next == B: maze solved!"

TEXT_ORDER = "A 2 1 3 4 6 7 8 5 B"
"""The order of visits the text gives for its maze."""


class RoomsModel:
    """Where the walk stands: rooms visited in order, the stack, dead ends, corridors tried."""

    def __init__(self) -> None:
        self.visited: list[str] = []
        self.stack: list[str] = []
        self.popped: list[str] = []
        self.dead: list[str] = []
        self.tried: list[tuple[str, str]] = []
        self.skipped: list[str] = []
        self.path: tuple[str, ...] | None = None
        self.unreachable = False

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        kind = type(event)
        if kind is Push:
            self.stack.append(event.what)
        elif kind is Visit:
            self.visited.append(event.where)
        elif kind is Pop:
            self.popped.append(self.stack.pop())
        elif kind is DeadEnd:
            self.dead.append(event.where)
        elif kind is Solution:
            self.path = event.answer
        elif kind is Note:
            self._note(event, forward=True)

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        kind = type(event)
        if kind is Push:
            self.stack.pop()
        elif kind is Visit:
            self.visited.pop()
        elif kind is Pop:
            self.stack.append(self.popped.pop())
        elif kind is DeadEnd:
            self.dead.pop()
        elif kind is Solution:
            self.path = None
        elif kind is Note:
            self._note(event, forward=False)

    def _note(self, event: Note, forward: bool) -> None:
        """A corridor tried, a visited room skipped, or no way out."""
        if event.what == "unreachable":
            self.unreachable = forward
        elif event.line in (TRY_LINE, SKIP_LINE):
            kept: list[Any] = self.tried if event.line == TRY_LINE else self.skipped
            if forward:
                kept.append(event.what)
            else:
                kept.pop()

    def snapshot(self) -> tuple:
        """The whole state as one comparable value."""
        return (
            tuple(self.visited),
            tuple(self.stack),
            tuple(self.popped),
            tuple(self.dead),
            tuple(self.tried),
            tuple(self.skipped),
            self.path,
            self.unreachable,
        )


def corridor_state(model: RoomsModel, a: str, b: str, last: Any) -> str:
    """How a corridor looks: path, trying, stack, dead, walked or untried."""
    pair = {a, b}
    if model.path and any({x, y} == pair for x, y in pairwise(model.path)):
        return "path"
    if type(last) is Note and last.line == TRY_LINE and set(last.what) == pair:
        return "trying"
    if any({x, y} == pair for x, y in pairwise(model.stack)):
        return "stack"
    tried = (a, b) in model.tried or (b, a) in model.tried
    if tried and (a in model.dead or b in model.dead):
        return "dead"
    return "walked" if tried else "untried"


def room_state(model: RoomsModel, room: str) -> str:
    """What happened in a room: found, here, dead, waiting, visited or new."""
    if model.path is not None and room == model.path[-1]:
        return "found"
    if model.stack and room == model.stack[-1]:
        return "here"
    if room in model.dead:
        return "dead"
    if room in model.stack:
        return "waiting"
    return "visited" if room in model.visited else "new"


def walker_move(model: RoomsModel, last: Any) -> tuple[str, str]:
    """The rooms the walker goes from and to with the last event (the same room when he stands)."""
    room = model.path[-1] if model.path else model.stack[-1]  # he stays in B at the end
    if type(last) is Visit and last.line == SEES_B_LINE:
        room = last.where  # he sees B and goes in
    origin = room
    if type(last) is Push and len(model.stack) >= 2:
        origin = model.stack[-2]
    elif type(last) is Visit and last.line == SEES_B_LINE and model.stack:
        origin = model.stack[-1]
    elif type(last) is Pop and last.backtrack and model.popped:
        origin = model.popped[-1]
    return origin, room


def outcome(model: RoomsModel) -> tuple[str, str] | None:
    """The banner once the walk is over: its words and tone ('done' or 'dead')."""
    if model.path:
        return _("solved: {path}").format(path=" → ".join(model.path)), "done"
    if model.unreachable:
        return _("no way out: B cannot be reached"), "dead"
    return None


def counters(model: RoomsModel) -> list[tuple[str, str]]:
    """Rooms visited, dead ends, corridors tried, the path."""
    return [
        (_("rooms visited"), format_number(len(model.visited))),
        (_("dead ends"), format_number(len(model.dead))),
        (_("corridors tried"), format_number(len(model.tried))),
        (_("path"), " ".join(model.path) if model.path else "—"),
    ]


@dataclass(frozen=True)
class Walk:
    """What narration needs of a map's run: each room's corridors, the rooms by id, who called whom."""

    links: dict[str, list[str]]
    names: tuple[str, ...]
    parent: dict[int, int]

    @classmethod
    def learn(cls, variant: str) -> Walk:
        """Run CheckRoom on the map once, noting each call's caller."""
        corridors = VARIANTS[variant]
        links = mz.room_corridors(corridors)
        parent = {event.node: event.parent for event in mz.check_room(corridors) if type(event) is Push}
        return cls(links, tuple(links), parent)

    def narrate(self, event: Any, detail: bool) -> str | None:
        """The walk in the text's words; with `detail`, every corridor tried and skipped too."""
        kind = type(event)
        if kind is Note and event.line == TRY_LINE and detail:
            return _("In room {room} he tries the corridor to room {other}.").format(
                room=event.what[0], other=event.what[1]
            )
        if kind is Note and event.what == "unreachable":
            return _("Every room he can reach is explored: B cannot be reached.")
        path: list[str] = []
        if kind is Push and event.parent >= 0:
            path = [self.names[event.parent]]
        elif kind is Pop:
            caller = self.parent.get(event.node, -1)
            path = ([self.names[caller]] if caller >= 0 else []) + [self.names[event.node]]
        return mz.narrate_room(event, path, self.links, detail)
