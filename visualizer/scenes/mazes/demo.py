"""Maze shapes: one backtracker (and seven other generators) on six shapes, the bug, a comparison, a game.

Five modes share the stage:
- carve: any of the eight generators on square, hex, triangle, polar, 3-D
  or torus; the code is the same for every shape (it only reads each cell's
  neighbour list), which is the article's point and is said beside the maze;
- solve: the backtracking solver finds the way from S to G;
- bug: the article's missing `var` (`backtracker_shared`) beside the correct
  backtracker on the same size and seed; carving stops at the first return;
- compare: two generators side by side with their texture figures;
- walk: the Mysterious Maze game, in fog, with hints and stairs.

`model.py` holds the runs, `game.py` the game, `paint.py` the painter and
`view.py` the layout and cards; `panels.py` here draws each mode's cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame

from solvers import maze as mz
from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes import printing
from solvers.mazes.texture import Texture, texture
from solvers.mazes.walk import corridors, solve
from visualizer import files
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.scenes.mazes import panels
from visualizer.scenes.mazes.game import DIFFICULTIES, WalkGame
from visualizer.scenes.mazes.model import (
    BUG,
    CARVE,
    COMPARE,
    LEFT,
    SOLVE,
    WALK,
    PairModel,
    ShapeModel,
    Sided,
    lockstep,
)
from visualizer.scenes.mazes.paint import ShapeCanvas
from visualizer.scenes.mazes.view import MazesLayout, layout
from visualizer.widgets import Button, Choice, Widget

SIDES = (4, 6, 8, 10, 14, 20, 30, 40, 50, 70, 100, 150, 200, 300)
"""The size ladder: cells each way (rings for a round maze).

It goes to 300 (90,000 hexes, 272,347 polar cells): the painter rasterises
the drawing once per size with numpy and then rewrites only the pixels of the
cells each event touches (`paint.py`; frame times in bench/bench_mazes_frames.py).
"""
NAMES = tuple(gen.ALGORITHMS)
MODES = ((CARVE, "carve"), (SOLVE, "solve"), (BUG, "missing var"), (COMPARE, "compare"), (WALK, "walk"))

MAZES_BINDINGS = Bindings(
    Binding(("up", "w"), "walk", "walk up", args=("up",), when="walking"),
    Binding(("down", "s"), "walk", "walk down", args=("down",), when="walking"),
    Binding(("left", "a"), "walk", "walk left", args=("left",), when="walking"),
    Binding(("right", "d"), "walk", "walk right", args=("right",), when="walking"),
    Binding(("u", "page up"), "climb", "take the stairs up (3-D)", args=(1,), when="walking"),
    Binding(("j", "page down"), "climb", "take the stairs down (3-D)", args=(-1,), when="walking"),
    Binding(("h",), "hint", "hint: the backtracking solver's next step from here", when="walking"),
    Binding(("t",), "next_difficulty", "easy, medium, hard (generator and size)", when="walking"),
    Binding(("c",), "set_mode", "carve", args=(CARVE,)),
    Binding(("v",), "set_mode", "solve", args=(SOLVE,)),
    Binding(("b",), "set_mode", "the shared-state bug beside the correct run", args=(BUG,)),
    Binding(("m",), "set_mode", "two generators side by side", args=(COMPARE,)),
    Binding(("w",), "set_mode", "walk the maze (the game)", args=(WALK,)),
    Binding(("x",), "next_shape", "next shape"),
    Binding(("l",), "next_algorithm", "next generator", args=(LEFT,)),
    Binding(("o",), "next_algorithm", "next generator on the right (compare)", args=(1,)),
    Binding(("[",), "step_size", "smaller maze", args=(-1,)),
    Binding(("]",), "step_size", "larger maze", args=(1,)),
    Binding(("r",), "new_seed", "a new maze (the next seed)"),
    Binding(("ctrl+p",), "ask_print", "print: SVG and PDF worksheet"),
    Gesture("click a cell next to you", "walk there (walk mode)"),
)


class MazeShapesDemo(Demo):
    """Every shape, every generator, the bug, a comparison and the walking game."""

    name = "mazes"
    title = "Maze shapes: one backtracker, every shape"
    default_speed = 60.0
    bindings = MAZES_BINDINGS

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.mode = CARVE
        self.shape = "hex"
        self.algorithms = ["backtracker", "prim"]
        self.side = 10
        self.maze_seed = self.seed
        self.canvas = ShapeCanvas()
        self.other_canvas = ShapeCanvas()
        self.graph = self._build()
        self._finished: dict[str, list[g.Passage]] = {}
        self._textures: dict[str, Texture] = {}
        self.difficulty = 0
        self.game: WalkGame | None = None

    # --- what runs --------------------------------------------------------------------

    def _build(self) -> g.CellGraph:
        """The graph for the current shape and size."""
        side = max(self.side, 3) if self.shape == "torus" else self.side
        return g.build(self.shape, side, side, g.DEFAULT_LEVELS if self.shape == "3d" else None)

    def finished(self, name: str) -> list[g.Passage]:
        """The maze a generator makes on this graph and seed (drained once, kept)."""
        if name not in self._finished:
            self._finished[name] = gen.generate(self.graph, name, self.maze_seed)
        return self._finished[name]

    def texture_of(self, name: str) -> Texture:
        """The texture figures of a generator's finished maze."""
        if name not in self._textures:
            self._textures[name] = texture(self.graph, self.finished(name))
        return self._textures[name]

    def source(self) -> Iterator[Any]:
        """The events of the current mode."""
        graph, seed = self.graph, self.maze_seed
        if self.mode == CARVE:
            return gen.algorithm(self.algorithms[LEFT]).run(graph, seed)
        if self.mode == SOLVE:
            return solve(corridors(graph, self.finished(self.algorithms[LEFT])), graph.start, graph.goal)
        if self.mode == BUG:
            return lockstep(gen.backtracker_shared(graph, seed), gen.backtracker(graph, seed))
        if self.mode == COMPARE:
            left, right = (gen.algorithm(name).run(graph, seed) for name in self.algorithms)
            return lockstep(left, right)
        return iter(())

    def make_model(self) -> ShapeModel | PairModel:
        """A fresh model for the mode."""
        if self.mode == BUG:
            return PairModel(ShapeModel(self.graph, pushes=True), ShapeModel(self.graph, pushes=True))
        if self.mode == COMPARE:
            left, right = (
                ShapeModel(self.graph, pushes=gen.algorithm(n).carve_pushes) for n in self.algorithms
            )
            return PairModel(left, right)
        if self.mode in (SOLVE, WALK):
            return ShapeModel(self.graph, passages=self.finished(self.algorithms[LEFT]))
        return ShapeModel(self.graph, pushes=gen.algorithm(self.algorithms[LEFT]).carve_pushes)

    # --- options -----------------------------------------------------------------------

    def walking(self) -> bool:
        """True in the game."""
        return self.mode == WALK

    def set_mode(self, mode: str) -> None:
        """Switch mode and start its run (the game starts a new walk)."""
        self.mode = mode
        if mode == WALK:
            self._new_game()
        self.new_run(autoplay=mode != WALK)

    def _rebuild(self) -> None:
        """A new graph or seed: forget finished mazes, start again in the same mode."""
        self.graph = self._build()
        self._finished.clear()
        self._textures.clear()
        self.set_mode(self.mode)

    def next_shape(self) -> None:
        """The next of the six shapes."""
        self.shape = g.SHAPES[(g.SHAPES.index(self.shape) + 1) % len(g.SHAPES)]
        self._rebuild()

    def set_shape(self, shape: str) -> None:
        """A shape by name."""
        self.shape = shape
        self._rebuild()

    def next_algorithm(self, side: int) -> None:
        """The next generator on one side."""
        name = self.algorithms[side]
        self.set_algorithm(side, NAMES[(NAMES.index(name) + 1) % len(NAMES)])

    def set_algorithm(self, side: int, name: str) -> None:
        """A generator by name on one side."""
        self.algorithms[side] = name
        self.set_mode(self.mode)

    def step_size(self, step: int) -> None:
        """Walk the size ladder."""
        index = min(range(len(SIDES)), key=lambda k: abs(SIDES[k] - self.side))
        self.set_side(SIDES[max(0, min(len(SIDES) - 1, index + step))])

    def set_side(self, side: int) -> None:
        """Cells each way (rings for a round maze)."""
        self.side = side
        self._rebuild()

    def new_seed(self) -> None:
        """The next seed: a new maze."""
        self.maze_seed = (self.maze_seed + 1) % 2**32
        self._rebuild()

    # --- the game ----------------------------------------------------------------------

    def _new_game(self) -> None:
        """A walk through the finished maze of the current graph."""
        self.game = WalkGame(self.graph, self.finished(self.algorithms[LEFT]))

    def next_difficulty(self) -> None:
        """Easy, medium, hard: each picks its generator and size."""
        self.difficulty = (self.difficulty + 1) % len(DIFFICULTIES)
        level = DIFFICULTIES[self.difficulty]
        self.algorithms[LEFT], self.side = level.algorithm, level.side
        self._rebuild()
        self.notify(f"{level.name}: {level.algorithm}, {level.side} each way")

    def walk(self, direction: str) -> None:
        """Walk one cell, if no wall is in the way."""
        if self.game is not None and not self.game.go(direction):
            self.notify("a wall is in the way")
        self._after_move()

    def climb(self, levels: int) -> None:
        """Take the stairs, where they are."""
        if self.game is not None and not self.game.climb(levels):
            self.notify("no stairs that way here")
        self._after_move()

    def hint(self) -> None:
        """Run the backtracking solver from here and show the next step."""
        if self.game is not None and self.game.ask_hint() is None:
            self.notify("you are there" if self.game.won else "no way on from here")

    def _after_move(self) -> None:
        """Say so when the goal is reached."""
        if self.game is not None and self.game.won:
            self.notify(f"out! {self.game.moves} moves in {self.game.seconds:.0f} s, {self.game.hints} hints")

    def update(self, dt: float, player: Player) -> None:
        """The game's clock."""
        if self.mode == WALK and self.game is not None:
            self.game.tick(dt)

    def at_rest(self, player: Player) -> bool:
        """Still unless a game's clock runs."""
        return self.mode != WALK or self.game is None or self.game.won

    # --- print -------------------------------------------------------------------------

    def ask_print(self) -> None:
        """Choose where the worksheet goes (an SVG and a PDF beside it)."""
        name = f"maze-{self.shape}-{self.maze_seed}.pdf"
        self.shell.choose_file("maze", save=True, suggested=name, done=self.print_to)

    def print_to(self, path: Path | str) -> None:
        """Write the maze on show as an SVG and a PDF worksheet with its answer page, atomically."""
        path = Path(path).expanduser()
        name = self.algorithms[LEFT]
        item = printing.Printed(
            self.graph, self.finished(name), f"{self.shape} maze ({name}, seed {self.maze_seed})"
        )
        written = []
        try:
            with files.replacing(path.with_suffix(".svg")) as temporary:
                temporary.write_text(printing.svg(item), encoding="utf-8")
            written.append(path.with_suffix(".svg").name)
            data = printing.worksheet([item])
            with files.replacing(path.with_suffix(".pdf")) as temporary:
                temporary.write_bytes(data)
            written.append(path.with_suffix(".pdf").name)
        except printing.PrintUnavailable as error:
            self.notify(f"{error}; saved {', '.join(written) or 'nothing'}")
            return
        except OSError as error:
            self.notify(f"could not print to {path.parent}: {error.strerror or error}")
            return
        self.notify(f"saved {' and '.join(written)} in {path.parent}")

    # --- how it reads -----------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The pseudocode of what runs (the bug's own code in bug mode)."""
        if self.mode in (SOLVE, WALK):
            return mz.SOLVE_PSEUDOCODE
        return gen.SHARED_CODE if self.mode == BUG else gen.algorithm(self.algorithms[LEFT]).code

    def lit_lines(self, player: Player) -> dict[int, th.Color]:
        """The line of the left run's latest event (the bug's, in bug mode)."""
        for _, event in reversed(player.recent(8)):
            line = int(getattr(event, "line", 0) or 0)
            if line and (not isinstance(event, Sided) or event.side == LEFT):
                return {line: th.LIT_LINE}
        return {}

    def narrate(self, event: Any) -> str | None:
        """The event in the generator's (or the solver's) words."""
        return panels.narrate(event, self.mode, self.algorithms, self.graph)

    def shared_counters(self) -> Sequence[str]:
        """Events, and backtracks where one run plays."""
        return ("events", "backtracks") if self.mode in (CARVE, SOLVE) else ("events",)

    def counters(self, model: Any) -> list[tuple[str, str]]:
        """Per mode: cells in the maze, stack depth, carved cells each side, moves and time."""
        return panels.counters(self, model)

    def stops(self) -> Sequence[str]:
        """Backtracks mean something when one run plays."""
        return ("backtrack", "solution") if self.mode in (CARVE, SOLVE) else ()

    # --- controls and input ---------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Mode, shape, generators, size, seed, print; hint and difficulty in the game."""
        widgets: list[Widget] = [
            Choice(list(MODES), lambda: self.mode, self.set_mode, hint="C V B M W"),
            Button(lambda: f"shape: {self.shape}", self.next_shape, hint="X: next shape"),
            Button(
                lambda: self.algorithms[LEFT], lambda: self.next_algorithm(LEFT), hint="L: next generator"
            ),
        ]
        if self.mode == COMPARE:
            widgets.append(
                Button(lambda: f"vs {self.algorithms[1]}", lambda: self.next_algorithm(1), hint="O")
            )
        widgets += [
            Button("−", lambda: self.step_size(-1), hint="[: smaller"),
            Button(lambda: f"{self.side}", lambda: self.step_size(1), hint="]: larger"),
            Button("+", lambda: self.step_size(+1), hint="]: larger"),
            Button("new maze", self.new_seed, hint="R: another seed"),
            Button("print", self.ask_print, hint="Ctrl+P: SVG + PDF"),
        ]
        if self.mode == WALK:
            widgets += [
                Button("hint", self.hint, hint="H"),
                Button(lambda: DIFFICULTIES[self.difficulty].name, self.next_difficulty, hint="T"),
            ]
        return widgets

    def layout(self, rect: pygame.Rect) -> MazesLayout:
        """The stage's layout for the mode (pure: input and drawing both use it)."""
        return layout(rect, self.theme, self.mode in (BUG, COMPARE))

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Keys from the table; in the game a click on a cell next to you walks there."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.mode == WALK and self.game:
            cell = self.canvas.shapes_for(self.graph, self.layout(rect).maze).cell_at(event.pos)
            if cell is not None:
                if not self.game.step_to(cell):
                    self.notify("walk to an open cell next to you")
                self._after_move()
                return True
        return self.bindings.dispatch(self, event)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The maze (or two) and the cards of the mode."""
        panels.draw_stage(self, surface, self.layout(rect), player)
