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
The square Maze demo (`maze/`) shares this package's one model and its
keyframes (`cells.py`, `frames.py`), edits (`drawing.py`) and tones (`tones.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from solvers.i18n import N_, _
from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.texture import Texture, TextureSampler, texture
from solvers.mazes.walk import SOLVE_PSEUDOCODE, corridors, solve
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.finale import Finale
from visualizer.history import Edit, EditHistory, Undoable
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.scenes.mazes import chart, finale, panels, printout
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.drawing import Drawing, Pen
from visualizer.scenes.mazes.game import DIFFICULTIES, WalkGame
from visualizer.scenes.mazes.labels import generator_name
from visualizer.scenes.mazes.model import (
    BUG,
    CARVE,
    COMPARE,
    LEFT,
    RIGHT,
    SOLVE,
    TEXTURE,
    WALK,
    PairModel,
    lockstep,
    shape_model,
)
from visualizer.scenes.mazes.paint import ShapeCanvas
from visualizer.scenes.mazes.view import MazesLayout, layout
from visualizer.widgets import Widget

if TYPE_CHECKING:
    from solvers.exercise.engine import Rules

SIDES = (4, 6, 8, 10, 14, 20, 30, 40, 50, 70, 100, 150, 200, 300)
"""The size ladder: cells each way (rings for a round maze).

It goes to 300 (90,000 hexes, 272,347 polar cells): the painter rasterises
the drawing once per size with numpy and then rewrites only the pixels of the
cells each event touches (`paint.py`; frame times in bench/bench_mazes_frames.py).
"""
NAMES = tuple(gen.ALGORITHMS)

GAME_CLOCK_MARGIN = 0.02
"""Seconds after the game's clock reaches its next shown (whole) second that the app wakes."""

MAZES_BINDINGS = Bindings(
    Binding(("up", "w"), "walk", N_("walk up"), args=("up",), when="walking"),
    Binding(("down", "s"), "walk", N_("walk down"), args=("down",), when="walking"),
    Binding(("left", "a"), "walk", N_("walk left"), args=("left",), when="walking"),
    Binding(("right", "d"), "walk", N_("walk right"), args=("right",), when="walking"),
    Binding(("u", "page up"), "climb", N_("take the stairs up (3-D)"), args=(1,), when="walking"),
    Binding(("j", "page down"), "climb", N_("take the stairs down (3-D)"), args=(-1,), when="walking"),
    Binding(("h",), "hint", N_("hint: the backtracking solver's next step from here"), when="walking"),
    Binding(("t",), "next_difficulty", N_("easy, medium, hard (generator and size)"), when="walking"),
    Binding(("c",), "set_mode", N_("carve"), args=(CARVE,)),
    Binding(("v",), "set_mode", N_("solve"), args=(SOLVE,)),
    Binding(("b",), "set_mode", N_("the shared-state bug beside the correct run"), args=(BUG,)),
    Binding(("m",), "set_mode", N_("two generators side by side"), args=(COMPARE,)),
    Binding(("w",), "set_mode", N_("walk the maze (the game)"), args=(WALK,)),
    Binding(("e",), "set_mode", N_("texture chart: every generator over many mazes"), args=(TEXTURE,)),
    Binding(("x",), "next_shape", N_("next shape")),
    Binding(("l",), "next_algorithm", N_("next generator"), args=(LEFT,)),
    Binding(("o",), "next_algorithm", N_("next generator on the right (compare)"), args=(1,)),
    Binding(("[",), "step_size", N_("smaller maze"), args=(-1,)),
    Binding(("]",), "step_size", N_("larger maze"), args=(1,)),
    Binding(("r",), "new_seed", N_("a new maze (the next seed)")),
    Binding(("ctrl+p",), "ask_print", N_("print: SVG and PDF worksheet")),
    Binding(("z", "ctrl+z"), "undo", N_("undo the last wall drawn (solve mode)"), when="solving"),
    Binding(("y", "ctrl+y"), "redo", N_("redo it"), when="solving"),
    Gesture(N_("click a cell next to you"), N_("walk there (walk mode)")),
    Gesture(N_("click near a wall"), N_("open or close it (solve mode)")),
    Gesture(N_("drag across cells"), N_("every wall crossed goes the same way (solve mode)")),
)


class MazeShapesDemo(Undoable[Drawing], Demo[CellModel | PairModel]):
    """Every shape, every generator, the bug, a comparison and the walking game."""

    name = "mazes"
    title = N_("Maze shapes: one backtracker, every shape")
    default_speed = 60.0
    picture_boxes = ("maze", "other")
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
        self.game_clock_read: float | None = None  # the app's clock when the game's time last moved on
        self._drawing: tuple[tuple[object, ...], EditHistory[Drawing]] | None = None
        self.pen = Pen()
        self.sampler: TextureSampler | None = None
        self._corridors: list[list[int]] = []
        self._plain: tuple[Player, finale.PlainAnswer | None] | None = None  # the run End's answer is for

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

    @property
    def history(self) -> EditHistory[Drawing]:
        """The edits drawn on the maze on show (a new maze starts a new history)."""
        key = (self.graph, self.algorithms[LEFT], self.maze_seed)
        if self._drawing is None or self._drawing[0] != key:
            drawing = Drawing(self.graph, self.finished(self.algorithms[LEFT]))
            self._drawing = (key, EditHistory(drawing))
        return self._drawing[1]

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
            # kept here: freed by the solver's generator as it ends, 272,000 lists took 30 ms of a frame
            self._corridors = corridors(graph, self.history.target.opened)
            return solve(self._corridors, graph.start, graph.goal)
        if self.mode == BUG:
            return lockstep(gen.backtracker_shared(graph, seed), gen.backtracker(graph, seed))
        if self.mode == COMPARE:
            left, right = (gen.algorithm(name).run(graph, seed) for name in self.algorithms)
            return lockstep(left, right)
        return iter(())

    def new_run(self, *, autoplay: bool = False) -> None:
        """A new run; on a big maze its end is asked of the worker at once (see mazes/finale.py)."""
        super().new_run(autoplay=autoplay)
        self._plain_answer()

    def plain_end(self) -> Finale | None:
        """A carve's finished maze or a search's path, worked out directly (see mazes/finale.py)."""
        return finale.plain_end(self.stage_look(), self._plain_answer(), self.layout, self.theme)

    def plain_end_ready(self) -> bool:
        """False while a worker is still working a big maze's end out."""
        answer = self._plain_answer()
        return answer is None or answer.ready()

    def _plain_answer(self) -> finale.PlainAnswer | None:
        """The plain answer of the run on show, asked once per run (an older one is dropped)."""
        run = self.shell.run
        if self._plain is None or self._plain[0] is not run:
            if self._plain is not None and self._plain[1] is not None:
                self._plain[1].drop()
            name, graph = self.algorithms[LEFT], self.graph
            self._plain = (run, finale.ask(self.mode, graph, name, self.maze_seed, self._corridors))
        return self._plain[1]

    def exercise_rules(self) -> Rules | None:
        """The generator's or the solver's steps on this graph (solvers/exercise/maze.py).

        Compare asks the left generator's steps as carve mode does, the right one running beside unasked
        (it moves after the left each turn, so it never shows the left's next cell first). None for a
        generator whose every choice is a fresh random draw, and for the missing-`var` bug: its buggy run
        on the left draws the same cells as the correct one a turn ahead, so it would give every step away,
        and it follows no rule a student could apply (what it carves depends on the shared state).
        """
        from solvers.exercise import maze as steps
        from solvers.exercise.engine import LockstepRules

        if self.mode == CARVE:
            return steps.shape_carve_rules(self.graph, self.algorithms[LEFT])
        if self.mode == SOLVE:
            return steps.shape_walk_rules(self.graph, corridors(self.graph, self.history.target.opened))
        if self.mode == COMPARE:
            left = steps.shape_carve_rules(self.graph, self.algorithms[LEFT])
            return None if left is None else LockstepRules({LEFT: left})
        return None

    def make_model(self) -> CellModel | PairModel:
        """A fresh model for the mode."""
        if self.mode == BUG:
            return PairModel(shape_model(self.graph, pushes=True), shape_model(self.graph, pushes=True))
        if self.mode == COMPARE:
            left, right = (self._carving_model(name) for name in self.algorithms)
            return PairModel(left, right)
        if self.mode == SOLVE:
            return shape_model(self.graph, passages=self.history.target.opened)
        if self.mode == WALK:
            return shape_model(self.graph, passages=self.finished(self.algorithms[LEFT]))
        return self._carving_model(self.algorithms[LEFT])

    def _carving_model(self, name: str) -> CellModel:
        """A model for a generator's carving (its stack pushed, Prim's frontier kept)."""
        which = gen.algorithm(name)
        return shape_model(self.graph, pushes=which.carve_pushes, frontier=which.frontier)

    # --- options -----------------------------------------------------------------------

    def walking(self) -> bool:
        """True in the game."""
        return self.mode == WALK

    def solving(self) -> bool:
        """True in solve mode, where the maze can be drawn on."""
        return self.mode == SOLVE

    def edit_history(self) -> EditHistory[Drawing]:
        """The strokes drawn on the maze on show, which Z and Y walk."""
        return self.history

    def after_walk(self, edits: Sequence[Edit[Drawing]]) -> None:
        """An undone or redone stroke: the solver starts again on the maze."""
        self._drawn(changed=True)

    def _drawn(self, *, changed: bool) -> None:
        """Show the drawing's changes on the maze; when a stroke ends, the solver starts again on it."""
        model = self.shell.run.model
        for a, b, opened in self.history.target.take_changes():
            if isinstance(model, CellModel):
                model.set_wall(a, b, opened)
        if changed:
            self.new_run(autoplay=False)

    def set_mode(self, mode: str) -> None:
        """Switch mode and start its run (the game starts a new walk)."""
        self.mode = mode
        if mode == COMPARE:
            self._two_generators(keep=LEFT)
        if mode == WALK:
            self._new_game()
        if mode == TEXTURE and (self.sampler is None or self.sampler.graph.shape != self.shape):
            self.sampler = chart.sampler_for(self.shape)
        self.new_run(autoplay=mode not in (WALK, TEXTURE))

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
        """A generator by name on one side; the other side moves on if it had the same one."""
        self.algorithms[side] = name
        self._two_generators(keep=side)
        self.set_mode(self.mode)

    def _two_generators(self, keep: int) -> None:
        """Compare shows two different generators: if both match, the side not chosen takes the next."""
        other = RIGHT if keep == LEFT else LEFT
        if self.algorithms[other] == self.algorithms[keep]:
            self.algorithms[other] = NAMES[(NAMES.index(self.algorithms[other]) + 1) % len(NAMES)]

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
        self.game_clock_read = None

    def next_difficulty(self) -> None:
        """Easy, medium, hard: each picks its generator and size."""
        self.difficulty = (self.difficulty + 1) % len(DIFFICULTIES)
        level = DIFFICULTIES[self.difficulty]
        self.algorithms[LEFT], self.side = level.algorithm, level.side
        self._rebuild()
        self.notify(
            _("{level}: {generator}, {side} each way").format(
                level=_(level.name), generator=generator_name(level.algorithm), side=level.side
            )
        )

    def walk(self, direction: str) -> None:
        """Walk one cell, if no wall is in the way."""
        if self.game is not None and not self.game.go(direction):
            self.notify(_("a wall is in the way"))
        self._after_move()

    def climb(self, levels: int) -> None:
        """Take the stairs, where they are."""
        if self.game is not None and not self.game.climb(levels):
            self.notify(_("no stairs that way here"))
        self._after_move()

    def hint(self) -> None:
        """Run the backtracking solver from here and show the next step."""
        if self.game is not None and self.game.ask_hint() is None:
            self.notify(_("you are there") if self.game.won else _("no way on from here"))

    def _after_move(self) -> None:
        """Say so when the goal is reached."""
        if self.game is not None and self.game.won:
            self.notify(panels.game_over(self.game))

    def update(self, dt: float, player: Player) -> None:
        """The game's clock (the app's: frames come a second apart at rest); the chart's next mazes."""
        self._tick_game()
        if self.mode == TEXTURE and self.sampler is not None:
            self.sampler.step(chart.SAMPLES_PER_FRAME)

    def _tick_game(self) -> None:
        """The game's time moves on by the clock's time since the last frame in the game."""
        if self.mode != WALK or self.game is None:
            self.game_clock_read = None
            return
        now = self.shell.now()
        if self.game_clock_read is not None:
            self.game.tick(now - self.game_clock_read)
        self.game_clock_read = now

    def at_rest(self, player: Player) -> bool:
        """Still unless the chart is still measuring (the game's clock only needs a frame a second)."""
        if self.mode == TEXTURE:
            return self.sampler is None or self.sampler.done
        return True

    def wake_after(self, player: Player) -> float | None:
        """In a game: just after the shown whole second of its clock goes up."""
        if self.mode != WALK or self.game is None or self.game.won:
            return None
        return (0.5 - self.game.seconds) % 1.0 + GAME_CLOCK_MARGIN

    # --- print -------------------------------------------------------------------------

    def ask_print(self) -> None:
        """Choose where the worksheet goes (an SVG and a PDF beside it)."""
        name = f"maze-{self.shape}-{self.maze_seed}.pdf"
        self.shell.choose_file("maze", save=True, suggested=name, done=self.print_to)

    def print_to(self, path: Path | str) -> None:
        """Write the maze on show as an SVG and a PDF worksheet with its answer page, atomically."""
        name = self.algorithms[LEFT]
        title = f"{self.shape} maze ({name}, seed {self.maze_seed})"
        self.notify(printout.write(Path(path).expanduser(), self.graph, self.finished(name), title))

    # --- how it reads -----------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The pseudocode of what runs (the bug's own code in bug mode)."""
        if self.mode in (SOLVE, WALK):
            return SOLVE_PSEUDOCODE
        return gen.SHARED_CODE if self.mode == BUG else gen.algorithm(self.algorithms[LEFT]).code

    def lit_lines(self, player: Player) -> dict[int, th.Color]:
        """The line of the left run's latest event (the bug's, in bug mode)."""
        return panels.lit_lines(player)

    def narrate(self, event: Any) -> str | None:
        """The event in the generator's (or the solver's) words."""
        return panels.narrate(event, self.mode, self.algorithms, self.graph)

    def shared_counters(self) -> Sequence[str]:
        """Events, and backtracks where one run plays."""
        return ("events", "backtracks") if self.mode in (CARVE, SOLVE) else ("events",)

    def counters(self, model: Any) -> list[tuple[str, str]]:
        """Per mode: cells in the maze, stack depth, carved cells each side, moves and time."""
        return panels.counters(self.stage_look(), model)

    def stops(self) -> Sequence[str]:
        """Backtracks mean something when one run plays."""
        return ("backtrack", "solution") if self.mode in (CARVE, SOLVE) else ()

    # --- controls and input ---------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Mode, shape, generators, size, seed, print; hint and difficulty in the game."""
        return panels.controls(self)

    def layout(self, rect: pygame.Rect) -> MazesLayout:
        """The stage's layout for the mode (pure: input and drawing both use it)."""
        return layout(rect, self.theme, self.mode in (BUG, COMPARE))

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Keys from the table; in the game a click on a cell next to you walks there."""
        if self.mode == SOLVE and self._draw(event, rect):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.mode == WALK and self.game:
            cell = self.canvas.shapes_for(self.graph, self.layout(rect).maze).cell_at(event.pos)
            if cell is not None:
                if not self.game.step_to(cell):
                    self.notify(_("walk to an open cell next to you"))
                self._after_move()
                return True
        return self.bindings.dispatch(self, event)

    def _draw(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        """Press, drag and release on the maze: walls opened and closed by hand."""
        shapes = self.canvas.shapes_for(self.graph, self.layout(rect).maze)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = shapes.cell_at(event.pos)
            if cell is not None:
                self.pen.press(self.history, cell)
            return cell is not None
        if not self.pen.down:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.pen.move(shapes.cell_at(event.pos))
            self._drawn(changed=False)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pen.move(shapes.cell_at(event.pos))
            self._drawn(changed=self.pen.release(shapes.side_at(event.pos)))
        return True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The maze (or two) and the cards of the mode."""
        panels.draw_stage(surface, self.theme, self.stage_look(), self.layout(rect), player)

    def stage_look(self) -> panels.StageLook:
        """What the stage's drawing and counters read this frame besides the model (`panels.StageLook`)."""
        left, right = self.algorithms
        textures = (self.texture_of(left), self.texture_of(right)) if self.mode == COMPARE else ()
        return panels.StageLook(
            self.mode,
            self.graph,
            (left, right),
            self.side,
            self.maze_seed,
            self.game,
            self.sampler,
            (self.canvas, self.other_canvas),
            textures,
        )
