"""What a screen may ask of whatever hosts it: the small protocols it is handed instead of its host.

The app (visualizer/app.py) is the top floor: it builds the home screen, the demo screen (the shell),
the lesson layers and the presenter view, and hands each one itself, typed as the protocol that screen
declares: the requests here, plus what the screen needs of its own kind (a protocol naming a screen's
own types lives in that screen's module: `lesson.LessonHost`, `home.HomeHost`).  The shell in turn
hands its demo a `scenes.base.DemoHost`.  A screen posts requests up (a message, a question, a file)
as Textual's widgets post messages to their parent, and never imports the module above it: the
imports go one way (tests/test_architecture.py fails on any circle).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    import pygame

    from solvers.lessons import Lesson
    from visualizer.collector import FrameCollector
    from visualizer.framebudget import FrameBudget
    from visualizer.theme import Theme

T = TypeVar("T")


class Requests(Protocol):
    """What any screen or demo may ask of its host: a message, a line of text, a file chosen or read."""

    def notify(self, message: str) -> None:
        """Show `message` at the bottom for a few seconds."""

    def ask(self, question: str, default: str, done: Callable[[str], None]) -> None:
        """Ask for one line of text; `done` receives it (not called on Esc)."""

    def choose_file(self, kind: str, *, save: bool, suggested: str, done: Callable[[Path], None]) -> None:
        """Open the file dialog for a `kind` of file ('maze', 'sudoku'); `done(path)` gets the choice."""

    def load_file(
        self, path: Path, parse: Callable[[str], T], done: Callable[[T], None], limit: int | None = None
    ) -> None:
        """Read and parse `path` (at most `limit` bytes) off the frame; `done(result)` runs later."""


class Host(Requests, Protocol):
    """What every screen and layer of the app may ask of it: the requests, the theme, the window, a yes/no."""

    @property
    def theme(self) -> Theme:
        """The theme every screen draws with (its presenter scale included)."""

    @property
    def surface(self) -> pygame.Surface:
        """The window's surface (it changes when the window is resized)."""

    def confirm(self, question: str, yes: Callable[[], None]) -> None:
        """Ask a yes/no question; Enter runs `yes`, Esc does nothing."""


class ShellHost(Host, Protocol):
    """What a demo screen (visualizer/shell.py) asks of the app besides: the players' clock and the frame."""

    @property
    def player_clock(self) -> Callable[[], float]:
        """What players read to keep within a frame's budget (tests put in a clock that ticks per call)."""

    @property
    def frame_budget(self) -> FrameBudget:
        """What drawing leaves the next frame's events."""

    @property
    def collector(self) -> FrameCollector:
        """The garbage collector's pacing (an old run's cyclic garbage is collected soon)."""


class Presents(Host, Protocol):
    """What a screen that starts a lesson asks of the app (home's lesson row, the authoring card)."""

    def present(self, lesson: Lesson, first: int = 0, *, autoplay: bool = False) -> None:
        """Present `lesson` over the demo screen from step `first`."""
