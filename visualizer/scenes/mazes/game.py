"""Mysterious Maze, the game: walk a maze of any shape in fog, ask for hints, take the stairs (no pygame).

`WalkGame` is plain data: where you stand, the cells you have seen, moves
and time.  A hint runs the backtracking solver (`solvers.mazes.walk`) from
where you stand and names the next cell.  Difficulty follows the generator
and the size: an easy maze is a small backtracker one (long winding
corridors, few branches), a hard one a larger Prim maze (many short dead ends).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from solvers.i18n import N_
from solvers.mazes import geometry as geo
from solvers.mazes.graph import CellGraph, Passage
from solvers.mazes.walk import corridors, next_step


@dataclass(frozen=True)
class Difficulty:
    """A level of the game: its name, the generator and the size it uses."""

    name: str
    algorithm: str
    side: int  # width and height (rings for a round maze)


DIFFICULTIES = (
    Difficulty(N_("easy"), "backtracker", 6),
    Difficulty(N_("medium"), "growing-tree", 10),
    Difficulty(N_("hard"), "prim", 16),
)
STRAIGHT = 0.7
"""An arrow moves to an open neighbour at most about 45 degrees off its direction."""
DIRECTIONS = {"up": (0.0, -1.0), "down": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}


class WalkGame:
    """One walk through a finished maze: position, seen cells, moves, time, the last hint."""

    def __init__(self, graph: CellGraph, passages: list[Passage]) -> None:
        self.graph = graph
        self.opened = {(a, b) if a < b else (b, a) for a, b in passages}
        self.near = corridors(graph, passages)
        self.here = graph.start
        self.seen = bytearray(graph.size)
        self.seen[self.here] = 1
        self.moves = 0
        self.hints = 0
        self.seconds = 0.0
        self.hint: int | None = None
        self.dirty: list[int] = [self.here]
        self.centres = geo.centres(graph).tolist()

    @property
    def won(self) -> bool:
        """True once you stand on the goal."""
        return self.here == self.graph.goal

    def floor(self, cell: int) -> int:
        """The floor a cell is on (0 except on 3-D mazes)."""
        return cell // (self.graph.width * self.graph.height) if self.graph.shape == "3d" else 0

    def step_to(self, cell: int) -> bool:
        """Walk to an open neighbour; False (nothing moves) if a wall is in the way or the game is won."""
        if self.won or cell not in self.near[self.here]:
            return False
        self.dirty += (self.here, cell)
        if self.hint is not None:
            self.dirty.append(self.hint)
        self.here = cell
        self.seen[cell] = 1
        self.moves += 1
        self.hint = None
        return True

    def go(self, direction: str) -> bool:
        """Walk one cell in a screen direction (up, down, left, right) on this floor, if open."""
        dx, dy = DIRECTIONS[direction]
        x0, y0 = self.centres[self.here]
        best, best_dot = None, STRAIGHT
        for cell in self.near[self.here]:
            if self.floor(cell) != self.floor(self.here):
                continue
            x, y = self.centres[cell]
            length = math.hypot(x - x0, y - y0) or 1.0
            dot = ((x - x0) * dx + (y - y0) * dy) / length
            if dot > best_dot:
                best, best_dot = cell, dot
        return best is not None and self.step_to(best)

    def climb(self, levels: int) -> bool:
        """Take the stairs up (1) or down (-1), where they are open."""
        if self.graph.shape != "3d":
            return False
        return self.step_to(self.here + levels * self.graph.width * self.graph.height)

    def ask_hint(self) -> int | None:
        """The next cell towards the goal from here, by the backtracking solver."""
        self.hint = next_step(self.near, self.here, self.graph.goal)
        self.hints += 1
        if self.hint is not None:
            self.dirty.append(self.hint)
        return self.hint

    def tick(self, seconds: float) -> None:
        """Time passes while the game is on."""
        if not self.won:
            self.seconds += seconds

    def take_dirty(self) -> list[int]:
        """The cells to repaint since the last call."""
        found, self.dirty = self.dirty, []
        return found

    def visible(self, cell: int) -> bool:
        """Seen cells show; the goal shows too, so you know where to go."""
        return bool(self.seen[cell]) or cell == self.graph.goal

    def snapshot(self) -> tuple[object, ...]:
        """The game's state as one value."""
        return (self.here, bytes(self.seen), self.moves, self.hints, self.hint)
