"""The maze demo: carve with the recursive backtracker, solve by backtracking, draw by hand.

Four actions share one stage:
- carve: a perfect maze grows from a full grid; the stack is the orange path
  that grows and shrinks, the current cell is blue, uncarved rock is grey;
- solve: the search explores (pale blue), abandons dead ends (hatched red) and
  ends on the path (green), or says the goal cannot be reached and shades the
  part reachable from the start;
- draw: edit the maze with the mouse (left-drag traces walls along the grid
  lines, right-drag knocks down the walls it crosses, S and G can be dragged);
  "carve the rest" runs the backtracker through the cells that are still
  closed (grey), keeping what was drawn.

The drawing (`editor.Sketch`) lives across actions under one edit history:
strokes, marker moves, W, E, D, new sizes and opened files are all undoable
(Z, Y), whatever is on show.  It autosaves to the user's data folder a few
seconds after the last edit and when the demo closes, and comes back in draw
mode next time.  Here: the controller; `model.py` holds the model and the
words, `editor.py` the edits, `canvas.py` and `view.py` the drawing.  What
every maze shape shares comes from `mazes/`: the one model and its
keyframes (`cells.py`, `frames.py`), the wall edit and the stroke
(`drawing.py`), the cells' tones and stripes (`tones.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from solvers import maze as mz
from solvers.i18n import N_, _
from solvers.mazes import carving, walk
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.camera import Camera
from visualizer.finale import Finale
from visualizer.history import Edit, EditHistory, Undoable
from visualizer.player import Player, kind_is
from visualizer.scenes.base import Demo, Stop
from visualizer.scenes.maze import finale, store
from visualizer.scenes.maze.canvas import Geometry, MazeCanvas, fit
from visualizer.scenes.maze.editor import GOAL, START, Editor, Sketch, changes_walls
from visualizer.scenes.maze.model import (
    CARVE,
    DEFAULT_SIZE,
    DRAW,
    GUI_MAX,
    GUI_MIN,
    REST,
    SOLVE,
    Cell,
    carve_events,
    counters,
    ladder_step,
    narrate,
    parse_size,
    square_maze,
    square_model,
    status,
)
from visualizer.scenes.maze.view import MazeLayout, Scene, draw_stage, layout
from visualizer.scenes.mazes.cells import CellModel
from visualizer.widgets import Button, Choice, Label, Widget

if TYPE_CHECKING:
    from solvers.exercise.engine import Rules

MAZE_BINDINGS = Bindings(
    Binding(("c",), "carve_new", N_("carve this maze again")),
    Binding(("r",), "carve_next", N_("carve a new maze (the next seed)")),
    Binding(("v",), "solve", N_("solve the maze on show")),
    Binding(("d",), "draw_on", N_("draw on this maze"), args=("this",)),
    Binding(("e",), "draw_on", N_("draw on an empty grid (Z brings the old one back)"), args=("empty",)),
    Binding(("w",), "draw_on", N_("draw on a full grid (Z brings the old one back)"), args=("full",)),
    Binding(("t",), "carve_rest", N_("carve the rest: the backtracker through the grey cells")),
    Binding(("z", "ctrl+z"), "undo", N_("undo the last edit of the drawing")),
    Binding(("y", "ctrl+y"), "redo", N_("redo it")),
    Binding(("[",), "step_size", N_("smaller maze"), args=(-1,)),
    Binding(("]",), "step_size", N_("larger maze"), args=(1,)),
    Binding(("ctrl+s",), "ask_save", N_("save the maze to a file")),
    Binding(("ctrl+o",), "ask_open", N_("open a maze file")),
    Binding(("0",), "fit_view", N_("the whole maze again, unzoomed")),
    Gesture(N_("mouse wheel, middle drag"), N_("zoom into the maze, move it")),
    Gesture(N_("left drag"), N_("draw walls along the grid lines")),
    Gesture(N_("right drag"), N_("knock down the walls you cross")),
    Gesture(N_("drag S or G"), N_("move the start or the goal")),
)


ZOOMED_CELL = 48
"""Screen pixels a cell spans at the most zoom (a 1000 x 1000 maze fits the stage at half a pixel)."""


def maze_camera() -> Camera:
    """Zoom and pan for the maze: the middle button pans, as the left one draws."""
    camera = Camera()
    camera.pan_button = 2
    return camera


class MazeDemo(Undoable[Sketch], Demo[CellModel]):
    """Carve a maze by backtracking, solve it, draw your own.

    About 390 lines, over the house's 300 for a class: the key table names
    methods on this class (carve, solve, draw on, undo, redo, sizes, save,
    open), so each action is a method here; the work behind them is already
    in model, editor, canvas, view and store.  Splitting the actions into a
    second object would only forward calls.
    """

    name = "maze"
    title = N_("Maze: carve by backtracking, solve by backtracking")
    default_speed = 30.0
    picture_boxes = ("area",)
    bindings = MAZE_BINDINGS

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.maze_seed = self.seed
        restored = store.read_autosave()
        self.editor = Editor(Sketch(restored or mz.Maze.full(*DEFAULT_SIZE)))
        self._camera: tuple[tuple[int, int], Camera] = ((0, 0), maze_camera())
        self.action = DRAW if restored else CARVE
        self.run_base = self.sketch.maze if restored else mz.Maze.full(self.width, self.height)
        self.lookahead = finale.Lookahead(self.current_run())
        self.canvas = MazeCanvas()
        self.last_file = ""
        self.since_edit: float | None = None  # seconds since an edit not yet autosaved
        self.autosave_failed = False  # the last autosave could not be written: leaving would lose the drawing
        if restored:
            self.notify(_("your drawing is back from {path}").format(path=store.autosave_path()))

    # --- the drawing --------------------------------------------------------------------

    @property
    def sketch(self) -> Sketch:
        """The user's maze and markers (the edit history's target)."""
        return self.editor.sketch

    @property
    def maze(self) -> mz.Maze:
        """The drawn maze."""
        return self.sketch.maze

    @property
    def start(self) -> Cell:
        """Where a search starts."""
        return self.sketch.start

    @property
    def goal(self) -> Cell:
        """Where a search ends."""
        return self.sketch.goal

    @property
    def width(self) -> int:
        """Columns of the maze (the drawing's and every run's)."""
        return self.sketch.maze.width

    @property
    def height(self) -> int:
        """Rows of the maze."""
        return self.sketch.maze.height

    # --- what runs -----------------------------------------------------------------------

    def expected_length(self) -> int | None:
        """A carve of a full grid has a closed form (4 x cells - 1 events); other runs end when they end."""
        if self.action == CARVE and not self.run_base.opened().any():
            return carve_events(self.run_base.width, self.run_base.height)
        return None

    def plain_end(self) -> Finale | None:
        """The action's end worked out directly (see scenes/maze/finale.py)."""
        return finale.plain_end(
            self.current_run(), self.lookahead, self.expected_length(), self.layout, self.theme
        )

    def current_run(self) -> finale.Run:
        """The run on show as finale.py reads it: its maze (the object itself), action, seed, S, G, size."""
        return finale.Run(
            self.action, self.run_base, self.maze_seed, self.start, self.goal, self.width, self.height
        )

    def plain_end_ready(self) -> bool:
        """False while a worker is still working a big maze's end out."""
        return self.lookahead.ready(self.current_run())

    def source(self) -> Iterator[Any]:
        """The events of the current action."""
        if self.action in (CARVE, REST):
            return mz.carve_rest(self.run_base, self.maze_seed)
        if self.action == SOLVE:
            return mz.solve(self.run_base, self.start, self.goal)
        return iter(())

    def exercise_rules(self) -> Rules | None:
        """Carving's and solving's steps on the action's maze (solvers/exercise/maze.py); none in drawing."""
        from solvers.exercise import maze as steps

        if self.action in (CARVE, REST):
            return steps.square_carve_rules(self.run_base)
        if self.action == SOLVE:
            return steps.square_walk_rules(self.run_base)
        return None

    def make_model(self) -> CellModel:
        """A fresh model at the start of the action (drawing edits the sketch's maze itself)."""
        if self.action == DRAW:
            return square_model(self.sketch.maze, DRAW)
        opened = self.run_base.opened() if self.action in (CARVE, REST) else None
        return square_model(self.run_base.copy(), self.action, opened)

    def finished_maze(self) -> mz.Maze:
        """The maze the current action ends with (carving is finished by the plain function)."""
        if self.action == DRAW:
            return self.sketch.maze
        if self.action == SOLVE:
            return self.run_base
        return self.lookahead.finished(self.current_run())

    def shown_maze(self) -> mz.Maze:
        """The maze as it stands on screen now."""
        model = self.shell.run.model
        assert isinstance(model, CellModel)
        return square_maze(model)

    # --- actions ----------------------------------------------------------------------------

    def carve_new(self) -> None:
        """Carve a maze of the current size from a full grid."""
        self._begin(CARVE, mz.Maze.full(self.width, self.height))

    def carve_next(self) -> None:
        """Carve a new maze with the next seed."""
        self.maze_seed += 1
        self.carve_new()

    def carve_rest(self) -> None:
        """Run the backtracker through the cells the drawing left closed (with none, say so and stay)."""
        base = self.shown_maze().copy()
        if base.opened().all():
            self.notify(_("no closed (grey) cell is left to carve"))
            return
        if not base.opened().any():
            self.notify(_("every cell is closed: this carves a whole new maze"))
        self._begin(REST, base)

    def solve(self) -> None:
        """Search for a path from S to G through the maze on show (a finished one)."""
        self._begin(SOLVE, self.finished_maze().copy())

    def draw_on(self, which: str) -> None:
        """Draw on this maze, an empty grid or a full grid: one undoable edit of the drawing."""
        makers = {"empty": mz.Maze.empty, "full": mz.Maze.full}
        words = {"empty": _("an empty grid"), "full": _("a full grid"), "this": _("draw on this maze")}
        maze = makers[which](self.width, self.height) if which in makers else self.shown_maze()
        if self.editor.replace(maze, self.start, self.goal, words[which]):
            self._edited()
        self._show_sketch()

    def _begin(self, action: str, base: mz.Maze, autoplay: bool = False) -> None:
        """Switch action and start its run."""
        self.action = action
        self.run_base = base
        self.lookahead.ask(self.current_run())
        self.new_run(autoplay=autoplay)

    def _show_sketch(self) -> None:
        """Show the drawing, ready to edit (a new run paints it whole)."""
        self.sketch.touched.clear()
        self._begin(DRAW, self.sketch.maze)

    def set_size(self, width: int, height: int) -> None:
        """A new size: a full grid with the markers in its corners (undoable), then a new maze carved."""
        grid = mz.Maze.full(width, height)
        if self.editor.replace(
            grid,
            grid.start,
            grid.goal_cell,
            _("size {width} × {height}").format(width=width, height=height),
            drawn=False,
        ):
            self._edited()
        self.carve_new()

    def step_size(self, step: int) -> None:
        """Walk the size ladder."""
        self.set_size(*ladder_step(self.width, self.height, step))

    def ask_size(self) -> None:
        """Ask for any W x H from 5 x 5 to 1000 x 1000."""
        self.shell.ask(
            _("Maze size, W x H ({low} to {high} each):").format(low=GUI_MIN, high=GUI_MAX),
            f"{self.width} x {self.height}",
            self._size_answer,
        )

    def _size_answer(self, text: str) -> None:
        """Use the size typed in, or say what is wrong with it."""
        size = parse_size(text)
        if isinstance(size, str):
            self.notify(size)
        else:
            self.set_size(*size)

    # --- edits: undo, redo, autosave ------------------------------------------------------

    def edit_history(self) -> EditHistory[Sketch]:
        """The drawing's edits, which Z and Y walk (whatever is on show)."""
        return self.editor.history

    def after_walk(self, edits: Sequence[Edit[Sketch]]) -> None:
        """Show what an undo or redo changed: the drawing for walls, a new search for markers."""
        self._edited()
        if any(changes_walls(edit) for edit in edits):
            if self.action == DRAW and self.shown_maze() is self.sketch.maze:
                self._repaint()
            else:
                self._show_sketch()
        elif self.action == SOLVE:
            self.solve()

    def _edited(self) -> None:
        """An edit was made: the autosave clock starts again."""
        self.since_edit = 0.0

    def _repaint(self) -> None:
        """Hand the cells edits touched to the model on show, to be repainted."""
        model = self.shell.run.model
        if isinstance(model, CellModel) and square_maze(model) is self.sketch.maze:
            width = self.sketch.maze.width
            model.dirty += (row * width + col for row, col in self.sketch.touched)
        self.sketch.touched.clear()

    def update(self, dt: float, player: Player) -> None:
        """Autosave the drawing a few seconds after the last edit."""
        if self.since_edit is None:
            return
        self.since_edit += dt
        if self.since_edit >= store.AUTOSAVE_DELAY:
            self.autosave()

    def at_rest(self, player: Player) -> bool:
        """At rest unless an autosave is waiting."""
        return self.since_edit is None

    def autosave(self) -> None:
        """Write the drawing to the data folder now (a bare full grid is not worth keeping)."""
        self.since_edit = None
        self.autosave_failed = False
        if self.sketch.pristine:
            return
        try:
            store.write_maze(store.autosave_path(), self.sketch.saved_maze())
        except OSError as error:
            self.autosave_failed = True
            self.notify(
                _("could not autosave to {path}: {reason}").format(
                    path=store.autosave_path(), reason=error.strerror or error
                )
            )

    def leaving(self) -> None:
        """The demo closes: autosave an edit still waiting."""
        if self.since_edit is not None:
            self.autosave()

    def unsaved(self) -> str | None:
        """The drawn maze, only when its autosave (written now if an edit waits) could not be written.

        An autosaved drawing comes back next time, so leaving loses nothing and asks nothing.
        """
        if not self.editor.unsaved:
            return None
        if self.since_edit is not None:
            self.autosave()
        return _("your drawn maze") if self.autosave_failed else None

    # --- files ------------------------------------------------------------------------------

    def ask_save(self) -> None:
        """Choose where to save the maze on screen, in the file dialog."""
        name = Path(self.last_file).name if self.last_file else f"maze-{self.width}x{self.height}.txt"
        self.shell.choose_file("maze", save=True, suggested=name, done=self.save_to)

    def save_to(self, path: Path | str) -> None:
        """Write the maze on screen with its S and G, atomically."""
        path = Path(path).expanduser()
        maze = self.shown_maze().copy()
        maze.start, maze.goal = self.start, self.goal
        try:
            store.write_maze(path, maze)
        except OSError as error:
            self.notify(
                _("could not save {path}: {reason}").format(path=path, reason=error.strerror or error)
            )
            return
        if maze == self.sketch.saved_maze():
            self.editor.history.mark_saved()
        self.last_file = str(path)
        self.notify(_("saved {path}").format(path=path))

    def ask_open(self) -> None:
        """Choose a maze file to open, in the file dialog."""
        self.shell.choose_file("maze", save=False, suggested="", done=self.open_file)

    def open_file(self, path: Path | str) -> None:
        """Read a maze file off the frame; a bad one leaves the maze as it is and says why."""
        path = Path(path).expanduser()
        self.shell.load_file(
            path, store.parse_maze, lambda maze: self.opened(path, maze), limit=store.FILE_MAX_BYTES
        )

    def opened(self, path: Path, maze: mz.Maze) -> None:
        """A maze file arrived: it becomes the drawing (one undoable edit), as saved."""
        self.last_file = str(path)
        self.editor.replace(maze, maze.start, maze.goal_cell, _("open {name}").format(name=path.name))
        self.editor.history.mark_saved()
        self._show_sketch()

    # --- how it reads -----------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """Carving or solving pseudocode."""
        return walk.SOLVE_PSEUDOCODE if self.action == SOLVE else carving.CARVE_PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The event in words (see `model.narrate`)."""
        return narrate(event, self.action, self.width)

    def shared_counters(self) -> Sequence[str]:
        """Events and backtracks (depth is the model's own: a carving's Carve pushes unseen by the shell)."""
        return ("events", "backtracks")

    def counters(self, model: CellModel) -> list[tuple[str, str]]:
        """Depth now and at most, cells visited, walls removed, dead ends, path length, size, seed."""
        return counters(model, self.action, f"{self.width} × {self.height}", self.maze_seed)

    def breakpoints(self) -> list[Stop]:
        """Stop at the next dead end (X: D draws)."""
        return [Stop("x", N_("next dead end"), kind_is("DeadEnd"))]

    # --- controls and input -------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Actions, drawing, size, files."""
        history = self.editor.history
        return [
            Choice(
                [(_("carve"), CARVE), (_("solve"), SOLVE), (_("draw"), DRAW)],
                lambda: REST if self.action == REST else self.action,
                self._choose,
                hint=_("C carve / V solve / D draw"),
            ),
            Button(_("new maze"), self.carve_next, hint=_("R: another seed")),
            Label(_("draw on:")),
            Button(_("empty"), lambda: self.draw_on("empty"), hint=_("E: no walls inside")),
            Button(_("full"), lambda: self.draw_on("full"), hint=_("W: every wall standing")),
            Button(
                _("carve the rest"),
                self.carve_rest,
                hint=_("T: backtrack through grey cells"),
                active=lambda: self.action == REST,
            ),
            Button(_("undo"), self.undo, hint="Z", enabled=lambda: history.can_undo),
            Button(_("redo"), self.redo, hint="Y", enabled=lambda: history.can_redo),
            Button("−", lambda: self.step_size(-1), hint=_("[: smaller")),
            Button(lambda: f"{self.width}×{self.height}", self.ask_size, hint=_("type a size")),
            Button("+", lambda: self.step_size(+1), hint=_("]: larger")),
            Button(_("save"), self.ask_save, hint=_("Ctrl+S")),
            Button(_("open"), self.ask_open, hint=_("Ctrl+O")),
        ]

    def _choose(self, action: str) -> None:
        """The segmented action control."""
        {CARVE: self.carve_new, SOLVE: self.solve}.get(action, lambda: self.draw_on("this"))()

    def layout(self, rect: pygame.Rect) -> MazeLayout:
        """The stage's layout for the current maze size and zoom (pure: input and drawing both use it)."""
        return layout(rect, self.theme, self.width, self.height, self.camera)

    @property
    def camera(self) -> Camera:
        """The zoom and pan of the maze on show: a maze of another size starts unzoomed."""
        size = (self.width, self.height)
        if self._camera[0] != size:
            self._camera = (size, maze_camera())
        return self._camera[1]

    def _zoom_limits(self, area: pygame.Rect) -> None:
        """From the whole maze up to cells ZOOMED_CELL pixels across."""
        fitted = fit(self.width, self.height, area)
        self.camera.min_zoom = 1.0
        self.camera.max_zoom = max(1.0, ZOOMED_CELL / (fitted.pitch * fitted.scale))

    def fit_view(self) -> None:
        """The whole maze again, unzoomed."""
        self.camera.reset()

    @property
    def geometry(self) -> Geometry:
        """Where the maze is on the window now (for tests and tools: input uses the layout it is given)."""
        stage = self.shell.stage()
        return self.layout(stage).geometry

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Keys from the table; the wheel zooms and a middle drag pans; other drags on the maze are edits."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            area = self.layout(rect).area
            self._zoom_limits(area)
            if self.camera.handle(event, area):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._press(event.pos, event.button, self.layout(rect))
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP) and self.editor.drag is not None:
            self._drag_to(event.pos, self.layout(rect).geometry)
            if event.type == pygame.MOUSEBUTTONUP:
                self._release()
            return True
        return self.bindings.dispatch(self, event)

    def _press(self, pos: tuple[int, int], button: int, lay: MazeLayout) -> bool:
        """Start a drag: a marker, a wall stroke (drawing on the maze on show) or an erasing stroke."""
        geometry = lay.geometry
        if not geometry.on_maze(pos):
            return False
        marker = lay.marker_at(pos, {START: self.start, GOAL: self.goal}) if button == 1 else None
        if marker is not None:
            self.editor.begin(marker, getattr(self.sketch, marker))
            return True
        if self.action != DRAW:
            self.draw_on("this")
        if button == 1:
            self.editor.begin("draw", geometry.post_at(pos))
        else:
            self.editor.begin("erase", geometry.cell_at(pos))
        return True

    def _drag_to(self, pos: tuple[int, int], geometry: Geometry) -> None:
        """Carry the drag on to `pos` (a post for drawing, a cell otherwise)."""
        drag = self.editor.drag
        assert drag is not None
        self.editor.move(geometry.post_at(pos) if drag.kind == "draw" else geometry.cell_at(pos))
        self._repaint()

    def _release(self) -> None:
        """End the drag as one edit; a moved marker re-runs a search on show."""
        edit = self.editor.release()
        if edit is None:
            return
        self._edited()
        if not changes_walls(edit) and self.action == SOLVE:
            self.solve()

    # --- drawing ---------------------------------------------------------------------------

    def scene(self, player: Player[CellModel]) -> Scene:
        """The markers and the status line, in its tone, for the run at the player's cursor."""
        model = player.model
        size = f"{self.width} × {self.height}"
        text, tone = status(model, self.action, size, player.at_end, player.playing)
        return Scene(self.action, self.start, self.goal, text, tone)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The maze, its markers and the current cell; a status line and a legend below."""
        draw_stage(surface, self.layout(rect), self.theme, self.canvas, player, self.scene(player))
