""" "Your code": the controller.

What runs is a student's function (or a gallery example, or two side by
side), traced in a separate process by `solvers.tracing` off the frame: a
worker thread waits for the child while the window keeps answering, and the
frame picks the result up in `update`.  Finished runs are remembered by
file, size, time and call, so reopening the screen replays at once; R
re-reads the file and runs it again.  The shell's code card shows the
student's own file with its real line numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from solvers.events import Pop
from solvers.tracing.events import CACHE, Raise, Side, lockstep
from solvers.tracing.runner import (
    TraceInputError,
    TraceJob,
    TraceRequest,
    TraceResult,
    functions_in,
    load_source,
    make_request,
)
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.calltree import UNKNOWN, go_to_call
from visualizer.panels import card, draw_note, stack_boxes
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.scenes.trace import launch, runs, view
from visualizer.scenes.trace.gallery import EXAMPLES, Example
from visualizer.scenes.trace.model import TraceModel, narrate
from visualizer.scenes.trace.paint import PAINTERS, seeded_args
from visualizer.scenes.trace.painting import PaintPanel
from visualizer.scenes.trace.pictures import PICTURES, picture_for
from visualizer.scenes.trace.pictureview import draw_picture
from visualizer.treepaint import CALL_TREE_BINDINGS, Camera
from visualizer.widgets import Button, Label, Widget

FILE_KIND = "python"
ERROR_LINE = th.blend(th.PANEL, th.DEAD, 0.45)


def unwrap(event: object) -> object:
    """The event inside a `Side`, else the event."""
    return event.event if isinstance(event, Side) else event


class TraceDemo(Demo):
    """Trace a function of the student's: source lit line by line, stack with locals, call tree.

    Over 300 lines (about 390) because it owns three things a demo usually
    does not: choosing what runs (gallery, file dialog, typed call, reload),
    runs that finish off the frame, and clicks on two call trees and two
    stacks.  Splitting the first into its own class is the next step.
    """

    name = "trace"
    title = "Your code: any recursive function, traced"
    default_speed = 4.0
    bindings = (
        Bindings(
            Binding(("o",), "open_file", "open a .py file of yours, then type the call"),
            Binding(("a",), "ask_call", "type the call: fib(10), merge_sort([3, 1, 2])"),
            Binding(("r",), "reload", "read the file again and re-run it"),
            Binding(("[",), "step_example", "previous gallery example", args=(-1,)),
            Binding(("]",), "step_example", "next gallery example", args=(1,)),
            Binding(("c",), "toggle_compare", "side by side with its twin, or alone", when="has_twin"),
            Binding(("return",), "run_painted", "run flood fill on the grid you painted", when="painting"),
            Binding(("z", "ctrl+z"), "undo_paint", "undo the last change to the grid", when="painting"),
            Binding(("y", "ctrl+y"), "redo_paint", "redo it", when="painting"),
            Gesture("drag on the grid", "paint walls (or open cells, starting on a wall)"),
            Gesture("right-click or Shift-click a cell", "start the fill there"),
            Gesture("hover a call in the tree", "its arguments, locals and return value"),
        )
        + CALL_TREE_BINDINGS
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.cameras = (Camera(), Camera())
        self.example: int | None = 0
        self.compare = True
        self.requests: list[TraceRequest] = []
        self.results: list[TraceResult] = []
        self.jobs: list[TraceJob] = []
        self.futures: list[Future[TraceResult]] = []
        self.hover: tuple[int, int] | None = None
        self.chosen: tuple[int, int] | None = None  # (run, call) last clicked
        self.problem: str | None = None
        self.panel = PaintPanel()
        asked = launch.take()
        if asked is not None:
            self.example = None
            self.start([asked], fresh_grid=True)
        else:
            self.start_example(0, new_run=False)

    # --- what runs --------------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        """True once every run asked for has its result."""
        return bool(self.requests) and len(self.results) == len(self.requests)

    def source(self) -> Iterator[Any]:
        """The traced events: one run's, or two runs' in lockstep; none while the runs are under way."""
        if not self.ready:
            return iter(())
        if len(self.results) == 1:
            return iter(self.results[0].events)
        return lockstep([result.events for result in self.results])

    def labels(self) -> tuple[str, ...]:
        """Each run's name on screen: its function."""
        return tuple(request.func for request in self.requests) or ("",)

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
        self.cancel()
        self.requests, self.results, self.futures, self.jobs = requests, [], [], []
        self.panel.attach(requests[0] if requests else None, fresh=fresh_grid)
        if self.panel.painter is not None:
            self.panel.painter.changed = False
        self.chosen = None
        for camera in self.cameras:
            camera.reset()
        known = [None if fresh else runs.REMEMBERED.get(runs.run_key(request)) for request in requests]
        if all(result is not None for result in known):
            self.results = [result for result in known if result is not None]
        else:
            for request in requests:
                job = TraceJob(request)
                future = runs.EXECUTOR.submit(job.run)
                future.add_done_callback(partial(runs.remember, runs.run_key(request)))
                self.jobs.append(job)
                self.futures.append(future)
        if new_run:
            self.new_run(autoplay=self.ready)

    def cancel(self) -> None:
        """Stop the runs under way (their processes are killed)."""
        for job in self.jobs:
            job.cancel(runs.CANCELLED)

    def update(self, dt: float, player: Player) -> None:
        """Pick up finished runs on the frame and play them."""
        if not self.futures or not all(future.done() for future in self.futures):
            return
        futures, self.futures, self.jobs = self.futures, [], []
        try:
            self.results = [future.result() for future in futures]
        except (OSError, ValueError) as error:
            self.problem = f"could not run it: {error}"
            self.notify(self.problem)
            return
        self.new_run(autoplay=True)

    def at_rest(self, player: Player) -> bool:
        """Not while a run is under way (its result must be picked up)."""
        return not self.futures

    def leaving(self) -> None:
        """Runs under way finish in the background and are remembered; nothing to save."""

    # --- choosing what runs -----------------------------------------------------------------------

    def current(self) -> Example | None:
        """The gallery example on show, if any."""
        return EXAMPLES[self.example] if self.example is not None else None

    def example_title(self) -> str:
        """The gallery example's title, or the file of the student's."""
        example = self.current()
        if example is not None:
            return example.title
        return self.requests[0].path.name if self.requests else "your file"

    def has_twin(self) -> bool:
        """True when the example on show has a twin to compare with."""
        example = self.current()
        return example is not None and example.twin is not None

    def start_example(self, index: int, *, new_run: bool = True) -> None:
        """Run gallery example `index` (with its twin when comparing)."""
        self.example = index % len(EXAMPLES)
        example = EXAMPLES[self.example]
        funcs = [example.func] + ([example.twin] if example.twin and self.compare else [])
        caps = {"max_depth": example.depth} if example.depth else {}
        try:
            args = self.painted_args(example.path, example.func) or example.args
            if example.grid and not args:
                args = seeded_args(load_source(example.path), example.grid)
            requests = [make_request(example.path, func, args, **caps) for func in funcs]
        except TraceInputError as error:
            self.problem = str(error)
            self.notify(f"the example cannot run: {error}")
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

    def painted_args(self, path: Path, func: str) -> tuple[str, ...]:
        """The arguments of the grid painted for `func` of `path` (none when it has no painter yet)."""
        painter = PAINTERS.get((path.expanduser().resolve(), func))
        return painter.grid.call_args() if painter is not None else ()

    def painting(self) -> bool:
        """True when the run on show has a grid to paint."""
        return self.panel.painter is not None

    def run_painted(self) -> None:
        """Trace the call again on the grid as painted (Enter)."""
        self.rerun(fresh=False)

    def undo_paint(self) -> None:
        """Take back the newest change to the grid (Z)."""
        painter = self.panel.painter
        if painter is not None:
            self.notify(painter.undo() or "nothing to undo")

    def redo_paint(self) -> None:
        """Make the newest undone change to the grid again (Y)."""
        painter = self.panel.painter
        if painter is not None:
            self.notify(painter.redo() or "nothing to redo")

    def reload(self) -> None:
        """Read the file again and run it again (R)."""
        if self.rerun(fresh=True):
            self.notify(f"reloaded {self.requests[0].path.name}")

    def rerun(self, *, fresh: bool) -> bool:
        """Run the same calls again (on the painted grid, if any): from the file read anew when `fresh`."""
        if not self.requests:
            return False
        try:
            requests = [
                make_request(
                    r.path,
                    r.func,
                    self.painted_args(r.path, r.func) or r.args,
                    max_depth=r.max_depth,
                    max_calls=r.max_calls,
                )
                for r in self.requests
            ]
        except TraceInputError as error:
            self.problem = str(error)
            self.notify(str(error))
            return False
        self.problem = None
        self.start(requests, fresh=fresh, new_run=True)
        return True

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
        self.shell.ask(f"call what in {path.name}?", first, lambda text: self.call_typed(path, text))

    def ask_call(self) -> None:
        """Type the call to trace in the current file (A)."""
        if not self.requests:
            self.open_file()
            return
        request = self.requests[0]
        self.shell.ask("call what?", request.call_text(), lambda text: self.call_typed(request.path, text))

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

    def reset_camera(self) -> None:
        """Both trees whole again."""
        for camera in self.cameras:
            camera.reset()

    # --- how it reads ---------------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The student's file, line by line (the code card numbers them as the file does)."""
        if self.results:
            return self.results[0].source.splitlines()
        if self.requests:
            try:
                return load_source(self.requests[0].path).splitlines()
            except TraceInputError:
                return ()
        return ()

    def lit_lines(self, player: Player) -> dict[int, th.Color]:
        """Each run's current line (the run that moved last in yellow); an error's line in red."""
        model: TraceModel = player.model  # type: ignore[assignment]
        lit: dict[int, th.Color] = {}
        for side, run in enumerate(model.runs):
            if run.line:
                lit[run.line] = th.LIT_LINE if side == model.last_side else th.blend(th.PANEL, th.PURPLE, 0.3)
        if isinstance(unwrap(player.last_event), Raise):
            lit[unwrap(player.last_event).line] = ERROR_LINE  # type: ignore[attr-defined]
        elif player.cursor == 0 and self.ready and self.results[0].error and self.results[0].line:
            lit[self.results[0].line] = ERROR_LINE  # the file did not load: its line
        return lit

    def narrate(self, event: Any) -> str | None:
        """The event in words (model.narrate)."""
        return narrate(event, self.labels())

    def counters(self, model: TraceModel) -> list[tuple[str, str]]:
        """Per run: calls, cache hits, depth and max depth."""
        rows = []
        for run in model.runs:
            name = f"{run.label} " if len(model.runs) > 1 else ""
            rows += [
                (f"{name}calls", f"{run.work:,}"),
                (f"{name}cache hits", f"{run.hits:,}"),
                (f"{name}depth", f"{run.depth:,}"),
                (f"{name}max depth", f"{run.max_depth:,}"),
            ]
        return rows

    def shared_counters(self) -> Sequence[str]:
        """The events; calls and depth are the demo's own (per run, cache hits apart)."""
        return ("events",)

    def stops(self) -> Sequence[str]:
        """No backtracking and no solutions here."""
        return ()

    def breakpoints(self) -> list[tuple[str, Callable[[object], bool]]]:
        """Stop at the next return, or the next call a cache answered."""

        def returns(event: object) -> bool:
            """A call returns."""
            return type(unwrap(event)) is Pop

        def hits(event: object) -> bool:
            """A cache answers."""
            inner = unwrap(event)
            return type(inner) is Pop and getattr(inner.value, "how", "") == CACHE  # type: ignore[attr-defined]

        return [("next return", returns), ("next cache hit", hits)]

    def status(self, player: Player) -> str | None:
        """Running, or how the runs ended."""
        if self.futures:
            got = sum(job.received for job in self.jobs)
            return f"running {self.requests[0].call_text()}… {got:,} events"
        if self.problem:
            return self.problem
        if player.at_end and self.ready:
            return self.results[0].summary()
        return None

    def outcome_lines(self) -> list[tuple[str, th.Color]]:
        """One line per run for the outcome strip."""
        if self.problem and not self.ready:
            return [(self.problem, th.DEAD)]
        if not self.ready:
            return [(f"running {r.call_text()} in a separate process…", th.MUTED) for r in self.requests]
        lines = []
        for result in self.results:
            colour = th.DEAD if result.error or result.stopped else th.INK
            counts = (
                f"{result.calls:,} calls, {result.cache_hits:,} cache hits, max depth {result.max_depth:,}"
            )
            kept = f"; the first {result.events_sent:,} events kept" if result.truncated else ""
            lines.append((f"{result.summary()}  ·  {counts}{kept}", colour))
        return lines

    # --- input and drawing ----------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Gallery example, compare, your own file, reload."""
        return [
            Button("◀", lambda: self.step_example(-1), hint="previous example ([)"),
            Label(self.example_title, th.INK),
            Button("▶", lambda: self.step_example(1), hint="next example (])"),
            Button(
                "side by side",
                self.toggle_compare,
                hint="C: beside its twin, or alone",
                active=lambda: self.compare and self.has_twin(),
                enabled=self.has_twin,
            ),
            Button("open file…", self.open_file, hint="O: trace a file of yours"),
            Button("call…", self.ask_call, hint="A: type the call"),
            Button("reload", self.reload, hint="R: read the file again and re-run"),
        ]

    def layout(self, rect: pygame.Rect) -> view.TraceLayout:
        """Stacks and trees, one row per run, the outcome strip; the picture when the run has one."""
        pictured = bool(self.requests) and self.requests[0].func in PICTURES
        return view.layout(rect, self.theme, max(1, len(self.requests)), pictured)

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Zoom and pan the trees; click a call or a frame to go there; hover a call; keys to the table."""
        lay = self.layout(rect)
        model: TraceModel = player.model  # type: ignore[assignment]
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        if self.panel.handle(event, lay.picture, self.theme):
            return True
        for side, (box, run) in enumerate(zip(lay.trees(), model.runs, strict=False)):
            area = view.tree_area(box, self.theme, run)
            camera = self.cameras[side]
            if camera.handle(event, area):
                return True
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and area.collidepoint(event.pos):
                node = view.call_at(box, self.theme, run, camera, event.pos)
                if node is not None:
                    self.go_to(player, side, node)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for side, (box, run) in enumerate(zip(lay.stacks(), model.runs, strict=False)):
                shown = min(run.depth, view.STACK_SHOWN)
                placed, _ = stack_boxes(box, self.theme, shown, run.depth - shown, view.stack_title(run))
                for index, frame in placed:
                    if frame.collidepoint(event.pos):
                        self.go_to(player, side, view.stack_node(run, index))
                        return True
        return self.bindings.dispatch(self, event) if event.type == pygame.KEYDOWN else False

    def go_to(self, player: Player, side: int, node: int) -> None:
        """Move the timeline to the call's Push, or with Shift held to its Pop (running: play to it)."""
        model: TraceModel = player.model  # type: ignore[assignment]
        calls = model.runs[side].calls
        self.chosen = (side, node)
        to_return = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if to_return and calls.pop_at[node] == UNKNOWN:  # still running: play on to its return
            player.run_until(lambda event: self._pops(event, side, node))
        else:
            go_to_call(player, calls, node, to_return)

    def _pops(self, event: object, side: int, node: int) -> bool:
        """True for the Pop of call `node` of run `side`."""
        inner = unwrap(event)
        here = event.side if isinstance(event, Side) else 0
        return here == side and type(inner) is Pop and inner.node == node  # type: ignore[attr-defined]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Each run's stack and tree, the outcome strip, the note of the call under the pointer."""
        model: TraceModel = player.model  # type: ignore[assignment]
        lay = self.layout(rect)
        for side, run in enumerate(model.runs):
            if side >= len(lay.trees()):
                break
            chosen = self.chosen[1] if self.chosen and self.chosen[0] == side else None
            view.draw_stack(surface, lay.stacks()[side], self.theme, run)
            view.draw_tree(surface, lay.trees()[side], self.theme, run, self.cameras[side], chosen)
        view.draw_outcome(surface, lay.outcome, self.theme, self.outcome_lines())
        if lay.picture.h:
            self._draw_picture(surface, lay.picture, model)
        self._draw_hover(surface, rect, lay, model)

    def _draw_picture(self, surface: pygame.Surface, rect: pygame.Rect, model: TraceModel) -> None:
        """The first run's picture beyond the tree, or a word on why there is none."""
        if self.panel.draw(surface, rect, self.theme, model.runs[0]):
            return
        picture = picture_for(model.runs[0])
        if picture is not None:
            draw_picture(surface, rect, self.theme, picture)
        else:
            card(surface, rect, self.theme, "no picture for these arguments yet")

    def _draw_hover(
        self, surface: pygame.Surface, rect: pygame.Rect, lay: view.TraceLayout, model: TraceModel
    ) -> None:
        """The note of the call under the pointer, if any."""
        if self.hover is None:
            return
        for side, (box, run) in enumerate(zip(lay.trees(), model.runs, strict=False)):
            node = view.call_at(box, self.theme, run, self.cameras[side], self.hover)
            if node is not None:
                folded = view.folded_under(box, self.theme, run, node)
                draw_note(surface, rect, self.theme, self.hover, view.hover_lines(run, node, folded))
                return
