"""The app: the only place that opens a window and flips it.

One loop: input -> update -> draw -> flip, at a steady 60 frames a second.
Overlays that every screen shares (help, a text prompt, messages) live here.
"""

from __future__ import annotations

import gc
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from visualizer import theme as th
from visualizer.bindings import Binding, Bindings
from visualizer.demos import BY_NAME
from visualizer.home import Home
from visualizer.panels import wrap
from visualizer.record import GifRecorder, output_path, save_png
from visualizer.shell import SHELL_BINDINGS, Shell
from visualizer.theme import Theme
from visualizer.widgets import draw_box

FPS = 60
FRAME_SECONDS = 1 / FPS
MESSAGE_SECONDS = 5.0
MAX_DT = 0.1
"""A long stall (a dragged window) must not turn into a burst of animation."""


class NoDisplay(Exception):
    """No window can be opened here."""


class DemoUnavailable(Exception):
    """The demo asked for on the command line cannot be opened."""


HEADLESS_DRIVERS = ("offscreen", "dummy")
"""Drivers SDL falls back to with no screen; used only when asked for by name."""


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """Open the resizable window, or raise NoDisplay with the reason."""
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplay(str(error)) from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise NoDisplay("no screen was found: DISPLAY and WAYLAND_DISPLAY are not set")
    pygame.font.init()
    try:
        return pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as error:
        raise NoDisplay(str(error)) from None


@dataclass
class Options:
    """How the app was started (see `python -m visualizer --help`)."""

    demo: str | None = None
    seed: int = 1
    autoplay: bool = False
    speed: float | None = None
    frames: int | None = None
    screenshot: Path | None = None
    size: tuple[int, int] = (1280, 800)
    scale: float = 1.0
    out_dir: Path = Path(".")


class FrameCollector:
    """Garbage collection paced by frames instead of by allocations.

    A model of a million calls makes a full collection take tens of
    milliseconds, and the automatic collector starts one whenever it likes:
    mid-frame.  Here the young generation is swept after every frame (cheap)
    and the rest only while nothing plays (measured with bench/bench_player.py:
    p99 frame time at 100,000 events/s fell from 10.6 ms to 6.0 ms).
    """

    FULL_EVERY_IDLE = 120

    def __init__(self) -> None:
        gc.disable()
        self.frames = 0
        self.idle_frames = 0

    def after_frame(self, busy: bool) -> None:
        """Collect what is due after this frame."""
        self.frames += 1
        self.idle_frames = 0 if busy else self.idle_frames + 1
        if self.idle_frames and self.idle_frames % self.FULL_EVERY_IDLE == 0:
            gc.collect(2)
        else:
            gc.collect(0)

    def close(self) -> None:
        """Hand collection back to Python."""
        gc.enable()


APP_BINDINGS = Bindings(
    Binding(("ctrl++", "ctrl+=", "ctrl+[+]"), "larger", "presenter scale: everything larger", label="Ctrl +"),
    Binding(("ctrl+-", "ctrl+[-]"), "smaller", "presenter scale: everything smaller", label="Ctrl -"),
    Binding(("?", "f1"), "toggle_help", "this help"),
    Binding(("escape",), "escape", "back to the home screen"),
    Binding(("f",), "toggle_fullscreen", "fullscreen", when="in_demo"),
    Binding(("p",), "save_screenshot", "save a PNG of the window", when="in_demo"),
    Binding(("g",), "toggle_gif", "record a GIF from here until paused", when="in_demo"),
)
"""Keys the app takes before any screen: a demo cannot shadow them."""


def help_rows(screen: object) -> list[tuple[str, str]]:
    """Every key and gesture for help: the app's, the player's, then the demo's own."""
    rows = APP_BINDINGS.help_rows() + SHELL_BINDINGS.help_rows()
    demo = getattr(screen, "demo", None)
    if demo is not None:
        own = demo.bindings.help_rows() or list(demo.keys)
        if own:
            rows += [("", ""), *own]
    return rows


@dataclass
class Prompt:
    """A one-line question on top of everything."""

    question: str
    text: str
    done: Callable[[str], None]


class App:
    """Window, loop, screens and the overlays they share."""

    def __init__(self, options: Options) -> None:
        self.options = options
        open_window(options.size)
        pygame.display.set_caption("Unwind")
        pygame.key.set_repeat(350, 40)
        self.theme = Theme(options.scale)
        self.clock = pygame.time.Clock()
        self.player_clock: Callable[[], float] = time.perf_counter
        """What players read to keep within a frame's budget (tests put in a clock that ticks per call)."""
        self.running = True
        self.elapsed = 0.0  # seconds of app time: the sum of the frames' dt
        self.draw_seconds = 0.0  # what drawing and flipping took last frame
        self.message = ""
        self.message_until = 0.0
        self.prompt: Prompt | None = None
        self.show_help = False
        self.gif = GifRecorder()
        self.frame_times: deque[float] = deque(maxlen=10_000)
        self.screen: Home | Shell = Home(self)
        # Everything built so far (modules, fonts) lives as long as the app: keep it
        # out of the collector's full passes, which would otherwise stall frames.
        gc.collect()
        gc.freeze()
        self.collector = FrameCollector()
        if options.demo and not self.open(options.demo, autoplay=options.autoplay, speed=options.speed):
            pygame.display.quit()
            raise DemoUnavailable(self.message)

    @property
    def surface(self) -> pygame.Surface:
        """The window's surface (it changes when the window is resized)."""
        surface = pygame.display.get_surface()
        assert surface is not None, "the window is open for the app's whole life"
        return surface

    @property
    def recording(self) -> bool:
        """True while a GIF is being recorded."""
        return self.gif.recording

    # --- screens -------------------------------------------------------------

    def open(self, name: str, *, autoplay: bool = False, speed: float | None = None) -> bool:
        """Open the demo called `name`; False (and a message) when it cannot be."""
        entry = BY_NAME.get(name)
        if entry is None:
            self.notify(f"there is no demo called {name!r}")
            return False
        try:
            demo_type = entry.load()
        except (ImportError, AttributeError) as error:
            self.notify(f"the {entry.title} demo is not available: {error}")
            return False
        self.screen = Shell(self, demo_type, seed=self.options.seed, speed=speed, autoplay=autoplay)
        pygame.display.set_caption(f"Unwind — {entry.title}")
        return True

    def go_home(self) -> None:
        """Back to the home screen."""
        self.stop_gif()
        self.screen = Home(self)
        pygame.display.set_caption("Unwind")

    # --- overlays --------------------------------------------------------------

    def notify(self, message: str) -> None:
        """Show `message` at the bottom for a few seconds."""
        self.message = message
        self.message_until = time.monotonic() + MESSAGE_SECONDS

    def ask(self, question: str, default: str, done: Callable[[str], None]) -> None:
        """Ask for one line of text; `done` receives it (not called on Esc)."""
        self.prompt = Prompt(question, default, done)

    # --- the loop ------------------------------------------------------------------

    def run(self) -> int:
        """Run until the window closes or `frames` have been drawn."""
        frames = 0
        while self.running:
            dt = min(self.clock.tick(FPS) / 1000, MAX_DT)
            self.frame(dt)
            frames += 1
            if self.options.frames is not None and frames >= self.options.frames:
                break
        if self.options.screenshot is not None:
            save_png(self.surface, self.options.screenshot)
        self.finish()
        return 0

    def frame(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""
        started = time.perf_counter()
        self.elapsed += dt
        for event in pygame.event.get():
            self.handle(event)
        self.screen.update(dt)
        drawing = time.perf_counter()
        self.draw()
        pygame.display.flip()
        self.draw_seconds = time.perf_counter() - drawing
        if self.gif.recording:
            self.gif.grab(self.surface, self.elapsed)
            if isinstance(self.screen, Shell) and not self.screen.run.playing:
                self.stop_gif()
        self.collector.after_frame(busy=isinstance(self.screen, Shell) and self.screen.run.playing)
        self.frame_times.append(time.perf_counter() - started)

    def finish(self) -> None:
        """Save a GIF still being recorded, then let its writer finish."""
        self.collector.close()
        self.stop_gif()
        if self.gif.writer is not None:
            self.gif.writer.join(timeout=60)

    def handle(self, event: pygame.event.Event) -> None:
        """Overlays first, then the app's own keys, then the screen."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if self.prompt is not None:
            self._handle_prompt(event)
            return
        if event.type == pygame.KEYDOWN and self._demo_takes_key(event):
            return
        if event.type == pygame.KEYDOWN and self._handle_app_key(event):
            return
        if self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False
            return
        self.screen.handle(event)

    def _handle_app_key(self, event: pygame.event.Event) -> bool:
        """Keys that work everywhere: help, home, fullscreen, PNG, GIF, presenter scale."""
        return APP_BINDINGS.dispatch(self, event)

    def _demo_takes_key(self, event: pygame.event.Event) -> bool:
        """A demo that owns the keyboard (a cell being typed into) sees keys before the app's own."""
        screen = self.screen
        if self.show_help or not isinstance(screen, Shell) or not screen.demo.owns_keyboard():
            return False
        return screen.demo.handle(event, screen.layout(self.surface.get_size()).stage, screen.run)

    def in_demo(self) -> bool:
        """True while a demo is open (the keys that act on a demo are live)."""
        return isinstance(self.screen, Shell)

    def larger(self) -> None:
        """Presenter scale one step up."""
        self.theme.zoom(+1)

    def smaller(self) -> None:
        """Presenter scale one step down."""
        self.theme.zoom(-1)

    def toggle_help(self) -> None:
        """Show or hide the keys."""
        self.show_help = not self.show_help

    def escape(self) -> None:
        """Close the help, else leave the demo, else quit."""
        if self.show_help:
            self.show_help = False
        elif isinstance(self.screen, Shell):
            self.go_home()
        else:
            self.running = False

    def toggle_fullscreen(self) -> None:
        """Fullscreen on or off; some window systems refuse, which is said."""
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as error:
            self.notify(f"fullscreen is not available here: {error}")

    def save_screenshot(self) -> None:
        """P: the window as a PNG in the output folder."""
        name = getattr(getattr(self.screen, "demo", None), "name", "home")
        try:
            path = save_png(self.surface, output_path(self.options.out_dir, name, ".png"))
        except (pygame.error, OSError) as error:
            self.notify(f"could not save the PNG: {error}")
            return
        self.notify(f"saved {path}")

    def toggle_gif(self) -> None:
        """G: start recording (and playing), or stop and save."""
        if self.gif.recording:
            self.stop_gif()
            return
        if isinstance(self.screen, Shell):
            self.gif.start()
            if not self.screen.run.playing:
                self.screen.run.toggle()
            self.notify("recording a GIF until you pause")

    def stop_gif(self) -> None:
        """Stop recording and write the GIF in the background."""
        if not self.gif.recording:
            return
        name = getattr(getattr(self.screen, "demo", None), "name", "home")
        self.gif.stop(output_path(self.options.out_dir, name, ".gif"), self.notify)

    def _handle_prompt(self, event: pygame.event.Event) -> None:
        """Typing into the prompt: Enter answers, Esc cancels."""
        prompt = self.prompt
        assert prompt is not None
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.prompt = None
            prompt.done(prompt.text)
        elif event.key == pygame.K_ESCAPE:
            self.prompt = None
        elif event.key == pygame.K_BACKSPACE:
            prompt.text = prompt.text[:-1]
        elif event.unicode and event.unicode.isprintable():
            prompt.text += event.unicode

    # --- drawing ---------------------------------------------------------------

    def draw(self) -> None:
        """The screen, then whichever overlays are up."""
        surface = self.surface
        self.screen.draw(surface)
        if self.show_help:
            self._draw_help(surface)
        if self.prompt is not None:
            self._draw_prompt(surface, self.prompt)
        if self.message and time.monotonic() < self.message_until:
            self._draw_message(surface)

    def _draw_message(self, surface: pygame.Surface) -> None:
        """The latest message in a dark strip near the bottom."""
        theme = self.theme
        image = theme.text(self.message, "body", th.PANEL, "bold")
        box = image.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - theme.px(92)))
        draw_box(
            surface,
            box.inflate(theme.px(28), theme.px(14)),
            theme,
            fill=th.TITLE_BAR,
            edge=th.YELLOW,
            radius=8,
            width=2,
        )
        surface.blit(image, box)

    def _draw_help(self, surface: pygame.Surface) -> None:
        """Every key: the shared ones, then the demo's own."""
        theme = self.theme
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(th.OVERLAY)
        surface.blit(shade, (0, 0))
        rows = help_rows(self.screen)
        line = theme.line_height("body")
        width = min(surface.get_width() - theme.px(40), theme.px(760))
        box = pygame.Rect(0, 0, width, line * (len(rows) + 3))
        box.center = surface.get_rect().center
        draw_box(surface, box, theme, fill=th.PANEL, radius=12)
        title = theme.text("Keys and mouse", "title", th.INK, "bold")
        surface.blit(title, (box.x + theme.px(20), box.y + theme.px(12)))
        y = box.y + theme.px(16) + title.get_height()
        for key, meaning in rows:
            surface.blit(theme.text(key, "body", th.ACTIVE, "bold"), (box.x + theme.px(20), y))
            surface.blit(theme.text(meaning, "body", th.INK), (box.x + theme.px(250), y))
            y += line

    def _draw_prompt(self, surface: pygame.Surface, prompt: Prompt) -> None:
        """The question, the answer so far with a caret, and how to finish."""
        theme = self.theme
        width = min(surface.get_width() - theme.px(40), theme.px(820))
        lines = wrap(theme, prompt.question, width - theme.px(40), "body")
        line = theme.line_height("body")
        box = pygame.Rect(0, 0, width, line * (len(lines) + 4))
        box.center = surface.get_rect().center
        draw_box(surface, box, theme, fill=th.PANEL, edge=th.ACTIVE, radius=10, width=2)
        y = box.y + theme.px(14)
        for text in lines:
            surface.blit(theme.text(text, "body", th.INK), (box.x + theme.px(20), y))
            y += line
        field = pygame.Rect(box.x + theme.px(20), y + theme.px(6), box.w - theme.px(40), line + theme.px(8))
        draw_box(surface, field, theme, fill=th.BACKGROUND, radius=4)
        caret = "▌" if int(time.monotonic() * 2) % 2 == 0 else " "
        answer = theme.text(prompt.text[-90:] + caret, "body", th.INK, "mono")
        surface.blit(answer, (field.x + theme.px(6), field.y + theme.px(4)))
        hint = theme.text("Enter: OK    Esc: cancel", "small", th.MUTED)
        surface.blit(hint, (field.x, field.bottom + theme.px(6)))
