"""The app: the only place that opens a window and flips it.

One loop: input -> update -> draw -> flip, at a steady 60 frames a second.
Overlays that every screen shares (help, a text prompt, messages) live here.
"""

from __future__ import annotations

import gc
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from solvers.i18n import N_, _, choose, language, use
from visualizer import ahead, files
from visualizer import theme as th
from visualizer.appkeys import APP_BINDINGS, help_rows
from visualizer.collector import FrameCollector
from visualizer.demos import BY_NAME
from visualizer.faults import guard
from visualizer.framebudget import FrameBudget
from visualizer.home import Home
from visualizer.options import Options
from visualizer.overlays import Prompt, draw_help, draw_message, draw_prompt, draw_recording_badge
from visualizer.presenterview import PresenterView
from visualizer.record import Recorder, output_path, save_png, stop_and_report
from visualizer.shell import Shell
from visualizer.theme import Theme
from visualizer.window import open_window

if TYPE_CHECKING:
    from solvers.lessons import Lesson
    from visualizer.authoring import Authoring
    from visualizer.classmode import ClassMode
    from visualizer.dialogs import FileChooser
    from visualizer.lesson import LessonPresenter
    from visualizer.loading import Loading
    from visualizer.scenes.base import Demo

T = TypeVar("T")

FPS = 60
EXPORT_MAX_FRAMES = 30 * 60 * 10
"""An export without --frames stops after ten minutes of video at most."""
FAULTS_KEPT = 50
REST_WAKE_MS = 1000
"""At rest the app still draws a frame this often, for whatever changed without input."""
REST_NAP_S = 0.015
"""How long a rest naps between looks at the event queue: the most an input waits."""

FRAME_SECONDS = 1 / FPS
MESSAGE_SECONDS = 5.0
MAX_DT = 0.1
"""A long stall (a dragged window) must not turn into a burst of animation."""
QUIT_UNSAVED = N_("Quit and lose {what}? It is not saved.")
HOME_UNSAVED = N_("Go back to the home screen and lose {what}? It is not saved.")
"""What leaving asks when the demo has unsaved work ({what}: the demo's words for it)."""


class DemoUnavailable(Exception):
    """The demo asked for on the command line cannot be opened."""


class App:
    """Window, loop, screens and the overlays they share."""

    def __init__(self, options: Options) -> None:
        self.options = options
        wanted = choose(options.lang, files.load_settings().get("language"))
        if wanted != language():  # launched by __main__, it speaks it already: its catalog is read once
            use(wanted)
        open_window(options.size)
        pygame.display.set_caption("Unwind")
        pygame.key.set_repeat(350, 40)
        self.theme = Theme(options.scale)
        self.clock = pygame.time.Clock()
        self.player_clock: Callable[[], float] = time.perf_counter
        """What players read to keep within a frame's budget (tests put in a clock that ticks per call)."""
        self.running = True
        self.elapsed = 0.0  # seconds of app time: the sum of the frames' dt
        self.draw_seconds = 0.0  # what drawing and flipping took last frame, on the players' clock
        self.frame_budget = FrameBudget()  # what drawing leaves the next frame's events
        self.message = ""
        self.message_until = 0.0
        self.prompt: Prompt | None = None
        self.chooser: FileChooser | None = None  # the open file dialog
        self.faults: list[str] = []  # the latest faults caught by the frame's guard
        self.loading: list[Loading[Any]] = []  # files being read off the frame
        self.show_help = False
        self.recorder: Recorder | None = None
        self.last_recording: Recorder | None = None
        self.screenshot_due = False  # P was pressed: the next frame saves the screen before its overlays
        self.frame_times: deque[float] = deque(maxlen=10_000)
        self.screen: Home | Shell = Home(self)
        self.lesson: LessonPresenter | None = None  # a lesson being presented over the demo screen
        self.authoring: Authoring | None = None  # the lesson being written (Ctrl+L), made on first use
        self.presenter_view = PresenterView(self)  # the teacher's notes, next step and clock
        self.classroom: ClassMode | None = None  # a class session (Ctrl+K, --class)
        # Everything built so far (modules, fonts) lives as long as the app: keep it
        # out of the collector's full passes, which would otherwise stall frames.
        gc.collect()
        gc.freeze()
        self.collector = FrameCollector()
        if options.demo and not self.open(options.demo, autoplay=options.autoplay, speed=options.speed):
            pygame.display.quit()
            raise DemoUnavailable(self.message)
        if options.exercise and isinstance(self.screen, Shell):
            self.screen.toggle_exercise()
        if options.lesson is not None:
            self.present(options.lesson, options.step - 1, autoplay=options.autoplay)
        if options.class_session:
            self.start_class(announce=True)

    @property
    def surface(self) -> pygame.Surface:
        """The window's surface (it changes when the window is resized)."""
        surface = pygame.display.get_surface()
        assert surface is not None, "the window is open for the app's whole life"
        return surface

    @property
    def recording(self) -> bool:
        """True while a GIF or video is being recorded."""
        return self.recorder is not None

    # --- screens -------------------------------------------------------------

    def open(self, name: str, *, autoplay: bool = False, speed: float | None = None) -> bool:
        """Open the demo called `name`; False (and a message) when it cannot be."""
        entry = BY_NAME.get(name)
        if entry is None:
            self.notify(_("there is no demo called {name}").format(name=repr(name)))
            return False
        try:
            demo_type = entry.load()
        except (ImportError, AttributeError) as error:
            self.notify(
                _("the {title} demo is not available: {reason}").format(title=_(entry.title), reason=error)
            )
            return False
        shell = self.show_demo(demo_type, seed=self.options.seed, speed=speed, autoplay=autoplay)
        self.theme.ceiling = shell.scale_ceiling  # a step shows larger only while the picture grows
        pygame.display.set_caption(f"Unwind — {_(entry.title)}")
        return True

    def show_demo(
        self, demo_type: type[Demo], *, seed: int, speed: float | None, autoplay: bool = False
    ) -> Shell:
        """Close the open demo and put up a screen for `demo_type` (a lesson's steps open theirs here)."""
        self.leave_demo()
        self.screen = Shell(self, demo_type, seed=seed, speed=speed, autoplay=autoplay)
        return self.screen

    def present(self, lesson: Lesson, first: int = 0, *, autoplay: bool = False) -> None:
        """Present `lesson` over the demo screen from step `first` (home's lesson row, the authoring card)."""
        from visualizer.lesson import LessonPresenter

        self.lesson = LessonPresenter(self, lesson, first, autoplay=autoplay)

    def go_home(self) -> None:
        """Back to the home screen."""
        self.stop_recording()
        self.leave_demo()
        self.lesson = None
        self.screen = Home(self)
        self.theme.ceiling = None
        pygame.display.set_caption("Unwind")

    def leave_demo(self) -> None:
        """Tell the open demo it is closing, so it can keep its work (the maze autosaves its drawing)."""
        if isinstance(self.screen, Shell):
            self.drop_questions()
            guard(N_("keeping the exercise's result"), self.report_fault, self.screen.exercise.stop)
            guard(N_("closing the demo"), self.report_fault, self.screen.demo.leaving)
            ahead.stop()  # the answers it asked for are not wanted any more
            self.collector.collect_soon()

    def drop_questions(self) -> None:
        """Close the file dialog and the prompt still open: they would answer a demo that is gone."""
        if self.chooser is not None:
            self.chooser.close()
            self.chooser = None
        self.prompt = None

    # --- overlays --------------------------------------------------------------

    def notify(self, message: str) -> None:
        """Show `message` at the bottom for a few seconds."""
        self.message = message
        self.message_until = time.monotonic() + MESSAGE_SECONDS

    def choose_file(self, kind: str, *, save: bool, suggested: str, done: Callable[[Path], None]) -> None:
        """Open the file dialog for a `kind` of file ('maze', 'sudoku'); `done(path)` gets the choice.

        It asks before replacing a file and never writes into the app's own
        files (`dialogs.FileChooser`).
        """
        from visualizer.dialogs import chooser_for  # pygame_gui loads here, not at launch

        self.chooser = chooser_for(
            self.surface.get_size(),
            self.theme,
            kind,
            save=save,
            suggested=suggested,
            done=done,
            tell=self.notify,
        )

    def load_file(
        self, path: Path, parse: Callable[[str], T], done: Callable[[T], None], limit: int | None = None
    ) -> None:
        """Read and parse `path` (at most `limit` bytes) off the frame; `done(result)` runs later."""
        from visualizer.loading import Loading  # its worker thread starts with the first file, not at launch

        self.loading.append(Loading.start(path, parse, done, limit))
        self.notify(_("opening {path}…").format(path=path))

    def _finish_loading(self) -> None:
        """Hand finished loads to their callers, here on the frame."""
        for loading in [item for item in self.loading if item.future.done()]:
            self.loading.remove(loading)
            problem = loading.finish()
            self.notify(problem or _("opened {path}").format(path=loading.path))

    def report_fault(self, message: str) -> None:
        """A fault was caught and logged: keep its words (tests read them) and show them."""
        self.faults.append(message)
        del self.faults[:-FAULTS_KEPT]
        self.notify(message)

    def ask(self, question: str, default: str, done: Callable[[str], None]) -> None:
        """Ask for one line of text; `done` receives it (not called on Esc)."""
        self.prompt = Prompt(question, default, done)

    # --- the loop ------------------------------------------------------------------

    def run(self) -> int:
        """Run until the window closes or `frames` have been drawn."""
        if self.options.export is not None:
            return self.export(self.options.export)
        if self.options.handout is not None:
            from visualizer.handout import write_handout

            return write_handout(self, self.options.handout)
        frames = 0
        while self.running:
            if self.options.frames is None and self.at_rest():
                self.wait_for_input(self.screen.wake_after())
            dt = min(self.clock.tick(FPS) / 1000, MAX_DT)
            self.frame(dt)
            frames += 1
            if self.options.frames is not None and frames >= self.options.frames:
                break
        saved = self.save_last_frame()
        self.finish()
        return saved

    def save_last_frame(self) -> int:
        """--screenshot: save the window as a PNG; 0, or 1 after one line saying why it could not."""
        if self.options.screenshot is None:
            return 0
        try:
            save_png(self.surface, self.options.screenshot)
        except (pygame.error, OSError) as error:
            reason = getattr(error, "strerror", None) or error
            words = _("unwind: could not save {path}: {reason}")
            print(words.format(path=self.options.screenshot, reason=reason), file=sys.stderr)
            return 1
        return 0

    def frame(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""
        started = time.perf_counter()
        self.elapsed += dt
        self.theme.fit_window(self.surface.get_size())
        for event in pygame.event.get():
            guard(N_("handling input"), self.report_fault, self.handle, event)
        guard(N_("opening a file"), self.report_fault, self._finish_loading)
        guard(N_("updating the screen"), self.report_fault, self.screen.update, dt)
        if self.lesson is not None:
            guard(N_("updating the screen"), self.report_fault, self.lesson.update)
        if self.classroom is not None:
            guard(N_("following the class session"), self.report_fault, self.classroom.follow, self)
        if self.chooser is not None:
            self.chooser.update(dt)
        drawing = self.player_clock()
        if not guard(N_("drawing the screen"), self.report_fault, self.draw):
            self._draw_fault()
        pygame.display.flip()
        guard(N_("drawing the presenter view"), self.report_fault, self.presenter_view.show_window)
        self.draw_seconds = self.player_clock() - drawing
        self.frame_budget.drew(self.draw_seconds)
        moving = isinstance(self.screen, Shell) and (self.screen.run.playing or self.screen.run.busy)
        self.collector.after_frame(busy=moving)  # a seek moves the run as playing does: no full pass
        self.frame_times.append(time.perf_counter() - started)

    def export(self, path: Path) -> int:
        """Play the open demo's run into `path` (GIF or MP4) as fast as it encodes, then quit.

        Frames step a fixed 1/fps of app time each, so the file plays at the
        demo's speed whatever this machine's speed; the run's last frame is
        held for a second.  `--frames` caps the length.
        """
        assert isinstance(self.screen, Shell), "an export needs a demo"
        self.screen.prepare_export()
        self.start_recording(path, wait=True)
        assert self.recorder is not None
        recorder, dt = self.recorder, 1 / self.recorder.fps
        cap = self.options.frames if self.options.frames is not None else EXPORT_MAX_FRAMES
        hold = round(recorder.fps)
        for _frame in range(cap):
            self.frame(dt)
            run = self.screen.run if isinstance(self.screen, Shell) else None
            if run is None or not self.running or recorder.full or (run.at_end and not run.busy and not hold):
                break  # (a full GIF takes no more frames: playing on would only cost time)
            if run is not None and run.at_end and not run.busy:
                hold -= 1
        self.stop_recording()
        recorder.writer.join()
        print(f"unwind: {recorder.result}")
        self.finish()
        return 0 if recorder.saved else 1

    def at_rest(self) -> bool:
        """True when nothing moves: no run playing or seeking, no animation, no message, no recording."""
        if (
            self.recording
            or self.chooser is not None
            or (self.classroom is not None and self.classroom.changed())
            or (self.lesson is not None and self.lesson.autoplay)
            or (self.message and time.monotonic() < self.message_until)
        ):
            return False
        return self.screen.at_rest()

    def wait_for_input(self, wake_after: float | None = None) -> None:
        """Nap until an input event arrives, REST_WAKE_MS pass or `wake_after` seconds; the next frame draws.

        Naps of REST_NAP_S between cheap looks at the queue cost about 1% of a
        core; SDL's own wait (with or without a timeout) polls every
        millisecond and costs about 3% under X.  Input waits at most one nap.
        """
        nap = REST_WAKE_MS / 1000 if wake_after is None else min(REST_WAKE_MS / 1000, wake_after)
        deadline = time.monotonic() + nap
        while time.monotonic() < deadline:
            pygame.event.pump()
            if pygame.event.peek():
                return
            time.sleep(REST_NAP_S)

    def finish(self) -> None:
        """Let the demo keep its work, save a recording still going, then let its encoder finish."""
        self.leave_demo()
        self.stop_class()
        self.collector.close()
        self.stop_recording()
        if self.last_recording is not None:
            self.last_recording.writer.join(timeout=120)

    def handle(self, event: pygame.event.Event) -> None:
        """Overlays first, then the app's own keys, then the screen."""
        if event.type == pygame.QUIT:
            self.leave(self.quit_now, QUIT_UNSAVED)
            return
        if self.chooser is not None:
            self.chooser.handle(event)
            if not self.chooser.open:
                self.chooser = None
            return
        if self.prompt is not None:
            self._handle_prompt(event)
            return
        if self.presenter_view.takes(event):
            return
        if self.authoring is not None and self.authoring.open:
            self.authoring.handle(event)
            return
        if self.classroom is not None and self.classroom.takes(event, self, self.show_help):
            return
        if self.lesson is not None and (
            self.lesson.covers(event) or (event.type == pygame.KEYDOWN and self._lesson_key(event))
        ):
            return
        if event.type == pygame.KEYDOWN and not self.show_help and self.screen.take_typed_key(event):
            return
        if event.type == pygame.KEYDOWN and self._handle_app_key(event):
            return
        if self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False
            return
        self.screen.handle(event)

    def _lesson_key(self, event: pygame.event.Event) -> bool:
        """The lesson's clicker keys, unless the help is up or the screen takes typing."""
        assert self.lesson is not None
        if self.show_help or (isinstance(self.screen, Shell) and self.screen.owns_keyboard()):
            return False
        return self.lesson.handle_key(event)

    def _handle_app_key(self, event: pygame.event.Event) -> bool:
        """Keys that work everywhere: help, home, fullscreen, PNG, GIF, presenter scale.

        While the screen takes typing (a cell or a number being edited) it sees
        each key first (`take_typed_key`), and these keys act only on what it
        leaves: a 16x16 sudoku cell types F, while Esc still goes home.
        """
        return APP_BINDINGS.dispatch(self, event)

    def leave(self, then: Callable[[], None], question: str) -> None:
        """Run `then` (quit, go home) at once, or after asking `question` when the demo has unsaved work."""
        unsaved = self.screen.unsaved() if isinstance(self.screen, Shell) else None
        if unsaved is None and then == self.quit_now and self.authoring is not None:
            unsaved = self.authoring.unsaved()
        if unsaved is None:
            then()
            return
        self.confirm(_(question).format(what=unsaved), then)

    def quit_now(self) -> None:
        """End the app's loop."""
        self.running = False

    def confirm(self, question: str, yes: Callable[[], None]) -> None:
        """Ask a yes/no question; Enter runs `yes`, Esc does nothing."""
        self.prompt = Prompt(question, "", lambda _: yes(), yes_no=True)

    def in_demo(self) -> bool:
        """True while a demo is open (the keys that act on a demo are live)."""
        return isinstance(self.screen, Shell)

    def presenting(self) -> bool:
        """True while a lesson is presented (its presenter view can be toggled)."""
        return self.lesson is not None

    def add_lesson_step(self) -> None:
        """Ctrl+L: the demo on screen becomes a step of the lesson being written (visualizer/authoring.py)."""
        self.writing().add_from_screen()

    def show_lesson_draft(self) -> None:
        """Ctrl+Shift+L: the card of the lesson being written, without adding a step."""
        self.writing().show()

    def writing(self) -> Authoring:
        """The lesson being written (made the first time it is asked for)."""
        if self.authoring is None:
            from visualizer.authoring import Authoring

            self.authoring = Authoring(self)
        return self.authoring

    def toggle_presenter_view(self) -> None:
        """Ctrl+N: the presenter view as an overlay, in its own window, or off."""
        self.notify(self.presenter_view.cycle())

    def larger(self) -> None:
        """Presenter scale one step up."""
        self.theme.zoom(+1)
        self._show_scale()

    def smaller(self) -> None:
        """Presenter scale one step down."""
        self.theme.zoom(-1)
        self._show_scale()

    def toggle_fit(self) -> None:
        """Fit to window on or off."""
        self.theme.fit = not self.theme.fit
        self._show_scale()

    def _show_scale(self) -> None:
        """Apply the new scale to this window and say what it is."""
        self.theme.fit_window(self.surface.get_size())
        self.notify(self.theme.describe())

    def toggle_class(self) -> None:
        """Ctrl+K: start a class session (students answer from their browsers), or end it."""
        if self.classroom is not None:
            self.stop_class()
            self.notify(_("the class session has ended"))
            return
        self.start_class(announce=False)

    def start_class(self, *, announce: bool) -> None:
        """Start the class session's server (--bind and --port from the command line, if given)."""
        from visualizer.classmode import ClassMode  # aiohttp loads only for a class session

        self.classroom = ClassMode(self.options.bind, self.options.port, announce=announce)

    def stop_class(self) -> None:
        """End the class session, if one runs."""
        classroom, self.classroom = self.classroom, None
        if classroom is not None:
            classroom.stop()

    def toggle_help(self) -> None:
        """Show or hide the keys."""
        self.show_help = not self.show_help

    def escape(self) -> None:
        """Close the help, else leave the demo, else quit."""
        if self.show_help:
            self.show_help = False
        elif isinstance(self.screen, Shell):
            self.leave(self.go_home, HOME_UNSAVED)
        else:
            self.running = False

    def toggle_fullscreen(self) -> None:
        """Fullscreen on or off; some window systems refuse, which is said."""
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as error:
            self.notify(_("fullscreen is not available here: {reason}").format(reason=error))

    def export_folder(self, suffix: str) -> Path:
        """Where P and G save: --out-dir, else the platform's pictures (or videos) folder, made if missing."""
        folder = self.options.out_dir or files.exports_folder(suffix)
        folder.mkdir(parents=True, exist_ok=True)
        return folder.resolve()

    def save_screenshot(self) -> None:
        """P: the window as a PNG in the output folder, taken as the next frame is drawn."""
        self.screenshot_due = True

    def _take_screenshot(self, surface: pygame.Surface) -> None:
        """Save `surface` (the screen without messages or dialogs) as a new PNG; the message says where."""
        self.screenshot_due = False
        name = getattr(getattr(self.screen, "demo", None), "name", "home")
        try:
            path = save_png(surface, output_path(self.export_folder(".png"), name, ".png"))
        except (pygame.error, OSError) as error:
            self.notify(_("could not save the PNG: {reason}").format(reason=error))
            return
        self.notify(_("saved {path}").format(path=path))

    def toggle_gif(self) -> None:
        """G: start recording a GIF, or stop and save whatever is being recorded."""
        self._toggle_recording(".gif")

    def toggle_video(self) -> None:
        """Shift+G: start recording an MP4 video, or stop and save."""
        self._toggle_recording(".mp4")

    def _toggle_recording(self, suffix: str) -> None:
        """Start a recording to a new file in the output folder, or stop the one going."""
        if self.recording:
            self.stop_recording()
            return
        name = getattr(getattr(self.screen, "demo", None), "name", "home")
        try:
            self.start_recording(output_path(self.export_folder(suffix), name, suffix))
        except (ValueError, OSError) as error:
            self.notify(str(error))
            return
        self.notify(_("recording {format}: press G again to stop and save").format(format=suffix[1:].upper()))

    def start_recording(self, path: Path, *, wait: bool = False) -> None:
        """Record the demo screen (without overlays) into `path` from the next frame on."""
        self.recorder = Recorder(path, wait=wait)
        self.last_recording = self.recorder

    def stop_recording(self) -> None:
        """Stop recording; the file is written in the background and reported when done."""
        if self.recorder is None:
            return
        recorder, self.recorder = self.recorder, None
        stop_and_report(recorder, self.notify)

    def _handle_prompt(self, event: pygame.event.Event) -> None:
        """Typing into the prompt: Enter answers, Esc cancels."""
        prompt = self.prompt
        assert prompt is not None
        if event.type != pygame.KEYDOWN:
            return
        outcome = prompt.key(event)
        if outcome is not None:
            self.prompt = None
        if outcome == "done":
            prompt.done(prompt.text)

    # --- drawing ---------------------------------------------------------------

    def draw(self) -> None:
        """The screen, then whichever overlays are up."""
        surface = self.surface
        self.screen.draw(surface)
        if self.lesson is not None:
            self.lesson.draw(surface)
        if self.classroom is not None and isinstance(self.screen, Shell) and self.screen.drawn_layout:
            self.classroom.after_drawing(surface, self)
            self.classroom.draw(surface, self.theme, self.screen.drawn_layout)
        if self.screenshot_due:
            self._take_screenshot(surface)
        if self.recorder is not None:
            self.recorder.grab(surface, self.elapsed)
            draw_recording_badge(surface, self.theme, self.recorder)
        self.screen.draw_overlays(surface)
        self.presenter_view.draw_overlay(surface)
        if self.authoring is not None:
            self.authoring.draw(surface)
        if self.show_help:
            draw_help(surface, self.theme, help_rows(self.screen))
        if self.prompt is not None:
            draw_prompt(surface, self.theme, self.prompt)
        if self.chooser is not None:
            self.chooser.draw(surface)
        if self.message and time.monotonic() < self.message_until:
            draw_message(surface, self.theme, self.message, self.screen_keeps_clear(surface))

    def screen_keeps_clear(self, surface: pygame.Surface) -> int | None:
        """The top of what a message must not cover: the lesson card, an exercise bar's choices, a caption."""
        if self.authoring is not None and self.authoring.open:
            return self.authoring.layout().box.top
        if isinstance(self.screen, Shell) and self.screen.exercise.active:
            return self.screen.exercise_bar(surface.get_size()).top
        if self.lesson is not None and self.lesson.caption_box.h:
            return self.lesson.caption_box.top
        return None

    def _draw_fault(self) -> None:
        """After a drawing error: a plain screen with the message, so the window still answers."""
        surface = self.surface
        surface.fill(th.BACKGROUND)
        if self.message:
            draw_message(surface, self.theme, self.message)
