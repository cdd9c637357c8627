""" "Your code": the controller.

What runs is a student's function (or a gallery example, or two side by
side), traced in a separate process by `solvers.tracing` off the frame
(`runs.TraceSession`: the frame picks the results up in `update`).
Finished runs are remembered by file, size, time and call (runs under way
finish in the background on leaving), so reopening the screen replays at once;
R re-reads the file and runs it again.  The shell's
code card shows the student's own file with its real line numbers.  The
stacks and trees are `trees.TraceTrees`, flood fill's grid editor is
`painting.PaintPanel`, the words and counts are `reading`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from solvers.i18n import N_, _
from solvers.tracing.runner import TraceInputError, TraceRequest, functions_in, load_source, make_request
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.history import Edit, EditHistory, Undoable
from visualizer.panels import card
from visualizer.player import Player
from visualizer.scenes.base import Demo, Stop
from visualizer.scenes.trace import extras, launch, reading, runs, view
from visualizer.scenes.trace.gallery import EXAMPLES, Example
from visualizer.scenes.trace.model import TraceModel, narrate
from visualizer.scenes.trace.paint import PaintedGrid, painted_args, seeded_args
from visualizer.scenes.trace.painting import PaintPanel
from visualizer.scenes.trace.pictures import PICTURES, picture_for
from visualizer.scenes.trace.pictureview import draw_picture
from visualizer.scenes.trace.reading import ERROR_LINE
from visualizer.scenes.trace.trees import TraceTrees
from visualizer.treecard import call_tree_bindings
from visualizer.widgets import Button, Label, Widget

FILE_KIND = "python"
__all__ = ["ERROR_LINE", "TraceDemo"]

if TYPE_CHECKING:
    from solvers.exercise.trace import TraceRules


class TraceDemo(Undoable[PaintedGrid], Demo[TraceModel]):
    """Trace a function of the student's: source lit line by line, stack with locals, call tree."""

    name = "trace"
    title = N_("Your code: any recursive function, traced")
    default_speed = 4.0
    break_kind = "Push"  # 'next call': its own stops already run to the next return
    picture_boxes = ("tree", "tree2")
    bindings = Bindings(
        Binding(("o",), "open_file", N_("open a .py file of yours, then type the call")),
        Binding(("a",), "ask_call", N_("type the call: fib(10), merge_sort([3, 1, 2])")),
        Binding(("r",), "reload", N_("read the file again and re-run it")),
        Binding(("[",), "step_example", N_("previous gallery example"), args=(-1,)),
        Binding(("]",), "step_example", N_("next gallery example"), args=(1,)),
        Binding(("c",), "toggle_compare", N_("side by side with its twin, or alone"), when="has_twin"),
        Binding(("return",), "run_painted", N_("run flood fill on the grid you painted"), when="painting"),
        Binding(("z", "ctrl+z"), "undo", N_("undo the last change to the grid"), when="painting"),
        Binding(("y", "ctrl+y"), "redo", N_("redo it"), when="painting"),
        Gesture(N_("drag on the grid"), N_("paint walls (or open cells, starting on a wall)")),
        Gesture(N_("right-click or Shift-click a cell"), N_("start the fill there")),
        Gesture(N_("hover a call in the tree"), N_("its arguments, locals and return value")),
    ) + call_tree_bindings("trees.reset")

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.session = runs.TraceSession()
        self.trees = TraceTrees()
        self.panel = PaintPanel()
        self.example: int | None = 0
        self.compare = True
        self.problem: str | None = None
        asked = launch.take()
        if asked is not None:
            self.example = None
            self.start([asked], fresh_grid=True)
        else:
            self.start_example(0, new_run=False)

    # --- what runs --------------------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """The traced events: one run's, or two runs' in lockstep; none while the runs are under way."""
        return self.session.events()

    def exercising(self) -> bool:
        """An exercise is under way on this run: what each call returns is the student's to work out."""
        performance = self.shell.exercise.performance
        return performance is not None and not performance.finished

    def exercise_rules(self) -> TraceRules:
        """What the running call does next and returns, on the recorded events `source` plays (no rerun)."""
        from solvers.exercise.trace import TraceRules

        return TraceRules([result.source for result in self.session.results] if self.session.ready else [])

    def labels(self) -> tuple[str, ...]:
        """Each run's name on screen: its function."""
        return self.session.labels()

    def make_model(self) -> TraceModel:
        """No calls yet, one run model per request."""
        return TraceModel(self.labels())

    def start(
        self,
        requests: list[TraceRequest],
        *,
        fresh: bool = False,
        new_run: bool = False,
        fresh_grid: bool = False,
    ) -> None:
        """Trace `requests` off the frame (a remembered run is used at once unless `fresh`)."""
        self.session.start(requests, fresh=fresh)
        self.trees.reset()
        self.panel.attach(requests[0] if requests else None, fresh=fresh_grid)
        if new_run:
            self.new_run(autoplay=self.session.ready)

    def update(self, dt: float, player: Player) -> None:
        """Pick up finished runs on the frame and play them."""
        try:
            if not self.session.collect():
                return
        except (OSError, ValueError) as error:
            self.problem = _("could not run it: {error}").format(error=error)
            self.notify(self.problem)
            return
        self.new_run(autoplay=True)

    def at_rest(self, player: Player) -> bool:
        """Not while a run is under way (its result must be picked up)."""
        return not self.session.running

    # --- choosing what runs -----------------------------------------------------------------------

    def current(self) -> Example | None:
        """The gallery example on show, if any."""
        return EXAMPLES[self.example] if self.example is not None else None

    def example_title(self) -> str:
        """The gallery example's title, or the file of the student's."""
        example = self.current()
        if example is not None:
            return _(example.title)
        return self.session.requests[0].path.name if self.session.requests else _("your file")

    def has_twin(self) -> bool:
        """True when the example on show has a twin to compare with."""
        example = self.current()
        return example is not None and example.twin is not None

    def start_example(self, index: int, *, new_run: bool = True) -> None:
        """Run gallery example `index` (with its twin when comparing; on the painted grid if it has one)."""
        self.example = index % len(EXAMPLES)
        example = EXAMPLES[self.example]
        funcs = [example.func] + ([example.twin] if example.twin and self.compare else [])
        caps = {"max_depth": example.depth} if example.depth else {}
        try:
            args = painted_args(example.path, example.func) or example.args
            if example.grid and not args:
                args = seeded_args(load_source(example.path), example.grid)
            requests = [make_request(example.path, func, args, **caps) for func in funcs]
        except TraceInputError as error:
            self.problem = str(error)
            self.notify(_("the example cannot run: {error}").format(error=error))
            return
        self.problem = None
        self.start(requests, new_run=new_run)

    def step_example(self, step: int) -> None:
        """The previous or next gallery example."""
        self.start_example((self.example if self.example is not None else -1 if step > 0 else 0) + step)

    def toggle_compare(self) -> None:
        """Show the example alone, or beside its twin."""
        self.compare = not self.compare
        if self.example is not None:
            self.start_example(self.example)

    def reload(self) -> None:
        """Read the file again and run it again (R)."""
        if self.rerun(fresh=True):
            self.notify(_("reloaded {file}").format(file=self.session.requests[0].path.name))

    def rerun(self, *, fresh: bool) -> bool:
        """Run the same calls again (on the painted grid, if any): from the file read anew when `fresh`."""
        if not self.session.requests:
            return False
        try:
            requests = [self.again(request) for request in self.session.requests]
        except TraceInputError as error:
            self.problem = str(error)
            self.notify(str(error))
            return False
        self.problem = None
        self.start(requests, fresh=fresh, new_run=True)
        return True

    def again(self, request: TraceRequest) -> TraceRequest:
        """`request` checked anew against its file, on the painted grid if it has one."""
        args = painted_args(request.path, request.func) or request.words()
        caps = {"max_depth": request.max_depth, "max_calls": request.max_calls}
        return make_request(request.path, request.func, args, **caps)

    def open_file(self) -> None:
        """Choose a .py file in the file dialog, then the call to trace."""
        self.shell.choose_file(FILE_KIND, save=False, suggested="", done=self.file_chosen)

    def file_chosen(self, path: Path) -> None:
        """A file was chosen: ask for the call, offering its first function."""
        try:
            functions = functions_in(load_source(path))
        except TraceInputError as error:
            self.notify(str(error))
            return
        first = f"{functions[0]}()" if functions else "f()"
        self.shell.ask(
            _("call what in {file}?").format(file=path.name), first, lambda text: self.call_typed(path, text)
        )

    def ask_call(self) -> None:
        """Type the call to trace in the current file (A)."""
        if not self.session.requests:
            self.open_file()
            return
        request = self.session.requests[0]
        self.shell.ask(_("call what?"), request.call_text(), lambda text: self.call_typed(request.path, text))

    def call_typed(self, path: Path, text: str) -> None:
        """Trace `text` (like fib(10)) from `path`; one line says what is wrong when it cannot."""
        try:
            func, args = runs.parse_call(text)
            request = make_request(path, func, args)
        except (ValueError, TraceInputError) as error:
            self.notify(str(error))
            return
        self.example = None
        self.start([request], fresh=True, new_run=True, fresh_grid=True)

    # --- the painted grid -------------------------------------------------------------------------

    def painting(self) -> bool:
        """True when the run on show has a grid to paint."""
        return self.panel.painter is not None

    def run_painted(self) -> None:
        """Trace the call again on the grid as painted (Enter)."""
        self.rerun(fresh=False)

    def edit_history(self) -> EditHistory[PaintedGrid]:
        """The painted grid's changes, which Z and Y walk (bound only while there is a grid)."""
        painter = self.panel.painter
        assert painter is not None, "Z and Y are bound only while painting"
        return painter.history

    def after_walk(self, edits: Sequence[Edit[PaintedGrid]]) -> None:
        """The grid changed: the run on show no longer shows it."""
        if self.panel.painter is not None:
            self.panel.painter.changed = True

    # --- how it reads ---------------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The student's file, line by line (the code card numbers them as the file does)."""
        return reading.code(self.session)

    def lit_lines(self, player: Player) -> dict[int, th.Color]:
        """Each run's current line; an error's line in red (reading.lit_lines)."""
        return reading.lit_lines(player, self.session)

    def narrate(self, event: Any) -> str | None:
        """The event in words (model.narrate)."""
        return narrate(event, self.labels())

    def counters(self, model: TraceModel) -> list[tuple[str, str]]:
        """Per run: calls, cache hits, depth and max depth."""
        return reading.counters(model)

    def shared_counters(self) -> Sequence[str]:
        """The events; calls and depth are the demo's own (per run, cache hits apart)."""
        return ("events",)

    def stops(self) -> Sequence[str]:
        """No backtracking and no solutions here."""
        return ()

    def breakpoints(self) -> list[Stop]:
        """Stop at the next return, or the next call a cache answered."""
        return reading.breakpoints()

    def status(self, player: Player) -> str | None:
        """Running, or how the runs ended."""
        return reading.status(self.session, self.problem, player)

    # --- input and drawing ----------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Gallery example, compare, your own file, reload."""
        return [
            Button("◀", lambda: self.step_example(-1), hint=_("previous example ([)")),
            Label(self.example_title, th.INK),
            Button("▶", lambda: self.step_example(1), hint=_("next example (])")),
            Button(
                _("side by side"),
                self.toggle_compare,
                hint=_("C: beside its twin, or alone"),
                active=lambda: self.compare and self.has_twin(),
                enabled=self.has_twin,
            ),
            Button(_("open file…"), self.open_file, hint=_("O: trace a file of yours")),
            Button(_("call…"), self.ask_call, hint=_("A: type the call")),
            Button(_("reload"), self.reload, hint=_("R: read the file again and re-run")),
        ]

    def layout(self, rect: pygame.Rect) -> view.TraceLayout:
        """Stacks and trees, one row per run, the outcome strip; the picture when the run has one."""
        pictured = bool(self.session.requests) and self.session.requests[0].func in PICTURES
        results = self.session.results if self.session.ready else []
        console = any(result.output for result in results)
        graphs = tuple(result.cache_hits > 0 for result in results)
        return view.layout(rect, self.theme, max(1, len(self.session.requests)), pictured, console, graphs)

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Paint the grid; zoom, pan, click and hover the trees and stacks; keys to the table."""
        lay = self.layout(rect)
        if self.panel.handle(event, lay.picture, self.theme):
            return True
        if self.trees.handle(event, lay, self.theme, player):
            return True
        return self.bindings.dispatch(self, event) if event.type == pygame.KEYDOWN else False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player[TraceModel]) -> None:
        """Each run's stack and tree, the outcome strip, the picture, the note of the hovered call."""
        model = player.model
        lay = self.layout(rect)
        self.trees.draw(surface, rect, lay, self.theme, model)
        for box, run in zip(lay.graphs, model.runs, strict=False):
            if box.h:
                extras.draw_graph(surface, box, self.theme, run)
        if lay.console.h:
            extras.draw_console(surface, lay.console, self.theme, model.runs[-1])
        outcome = reading.outcome_lines(self.session, self.problem, self.exercising())
        view.draw_outcome(surface, lay.outcome, self.theme, outcome)
        if lay.picture.h:
            self._draw_picture(surface, lay.picture, model)
        self.trees.draw_hover(surface, rect, lay, self.theme, model)

    def _draw_picture(self, surface: pygame.Surface, rect: pygame.Rect, model: TraceModel) -> None:
        """The grid being painted, or the first run's picture, or a word on why there is none."""
        if self.panel.draw(surface, rect, self.theme, model.runs[0]):
            return
        picture = picture_for(model.runs[0])
        if picture is not None:
            draw_picture(surface, rect, self.theme, picture)
        else:
            card(surface, rect, self.theme, _("no picture for these arguments yet"))
