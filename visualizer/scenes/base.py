"""The base every demo builds on: a model the player moves, a view that draws it.

A demo subclasses `Demo` and provides, at the least:

- `source()`: a fresh, deterministic event generator for the current options;
- `make_model()`: a fresh model with `apply(event)` / `revert(event)`;
- `draw(surface, rect, player)`: the stage, read-only from `player.model`.

The shell around it (visualizer/shell.py) gives every demo the same control
bar, timeline, counters, pseudocode, narration log, help and keys.  A demo
never owns a Player: it asks the shell for a new run with `self.new_run()`.
It is handed its shell as a `DemoHost`, the few things a demo may ask of it,
and never imports the shell.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol

import pygame

from visualizer import theme as th
from visualizer.bindings import Bindings
from visualizer.finale import Finale
from visualizer.player import ModelT, Player
from visualizer.screens import Requests
from visualizer.widgets import Widget

if TYPE_CHECKING:
    from collections.abc import Hashable

    from solvers.exercise.engine import Rules, Step
    from visualizer.exercising import Performance


@dataclasses.dataclass(frozen=True, slots=True)
class Stop:
    """A run-to button and its key in one row: the key, the label (button and help), the event it stops at."""

    key: str
    label: str
    predicate: Callable[[object], bool]


class Exercising(Protocol):
    """What a demo may read of the exercise on its screen (visualizer/exercisemode.py)."""

    @property
    def performance(self) -> Performance | None:
        """The student's performance over the current run, or None while exercise mode is off."""

    @property
    def asking(self) -> bool:
        """True while a step waits for the student's answer."""


class DemoHost(Requests, Protocol):
    """What a demo may ask of the screen that hosts it (the shell): the requests, its run and its place."""

    @property
    def theme(self) -> th.Theme:
        """The theme the screen draws with."""

    @property
    def seed(self) -> int:
        """The seed the demo's random choices start from."""

    @property
    def run(self) -> Player:
        """The current run's player."""

    @property
    def opened(self) -> str:
        """The folded panel shown beside the stage ('' for none)."""

    @property
    def exercise(self) -> Exercising:
        """The exercise on this screen (off, or a performance over the run)."""

    def new_run(self, *, autoplay: bool = False) -> None:
        """A fresh run from the demo's `source()`."""

    def stage(self) -> pygame.Rect:
        """The demo's stage in the window as it is now."""

    def now(self) -> float:
        """The players' clock now (tests put in one that ticks per call)."""


class Demo(Generic[ModelT]):
    """One demo: what runs (source, model), how it reads (code, narration), how it looks.

    A demo names its model's type, `class HanoiDemo(Demo[HanoiModel])`: then `make_model` returns one and
    every `player` it is handed is a `Player[HanoiModel]`, whose `player.model` is typed.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    default_speed: ClassVar[float] = 4.0
    break_kind: ClassVar[str] = "Pop"  # the kind button's first kind: one the demo's own stops do not name
    bindings: ClassVar[Bindings] = Bindings()
    """The demo's own keys and mouse gestures: they feed both `handle` and the help overlay."""
    panels: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The stage's panels that give way when the stage is short (name in `boxes`, title): the shell
    then offers each in its strip of tabs and draws it beside the stage with `draw_panel`."""
    picture_boxes: ClassVar[tuple[str, ...]] = ()
    """The names of the main picture's panels in `boxes` (see `picture`)."""

    def __init__(self, shell: DemoHost) -> None:
        self.shell = shell
        self.theme = shell.theme
        self.seed = shell.seed

    # --- what runs ---------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """A fresh event generator for the current options (deterministic)."""
        raise NotImplementedError

    def make_model(self) -> ModelT:
        """A fresh model at the state before the first event."""
        raise NotImplementedError

    def exercise_rules(self) -> Rules | None:
        """The exercise's rules for the run `source` plays now (same settings), or None without exercises.

        The shell poses their steps on this run and grades them by its events (see docs/exercises.md).
        """
        return None

    def exercise_targets(
        self, step: Step, rect: pygame.Rect, player: Player[ModelT]
    ) -> dict[Hashable, pygame.Rect]:
        """Where the open step's candidates are on the stage `rect`: choice key -> box (pure, from `layout`).

        The shell outlines each one with its number, lights the keyboard's one and takes a click on it as the
        answer; a candidate without a place on the picture is left out (the bar under the stage names it).
        """
        return {}

    def exercise_step(self) -> Step | None:
        """The exercise step waiting for the student, if any (what would give it away stays hidden)."""
        exercise = getattr(self.shell, "exercise", None)
        performance = getattr(exercise, "performance", None)
        return performance.step if performance is not None else None

    def expected_length(self) -> int | None:
        """The run's number of events when a closed form gives it (2^n - 1 moves...), else None.

        The timeline shows it as the run's length from the start; with None
        the timeline's end stays open until the run ends.  A test must check
        it against the real stream.
        """
        return None

    def plain_end(self) -> Finale | None:
        """The run's end worked out on the solver's plain path (no events), in < 1 s; None if none.

        The shell asks for it once per run, when End is pressed before the
        run's end is generated, and shows it while the timeline fills in
        (see visualizer/finale.py).
        """
        return None

    def plain_end_ready(self) -> bool:
        """False while `plain_end` would have to wait for a worker still working it out (End's card waits)."""
        return True

    def new_run(self, *, autoplay: bool = False) -> None:
        """Throw away the current run and start a new one from `source()`."""
        self.shell.new_run(autoplay=autoplay)

    # --- how it reads --------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The pseudocode whose lines events name (1-based)."""
        return ()

    def lit_lines(self, player: Player[ModelT]) -> dict[int, th.Color]:
        """Pseudocode lines to light: by default the line of the last event."""
        line = getattr(player.last_event, "line", 0)
        return {line: th.LIT_LINE} if line else {}

    def narrate(self, event: Any) -> str | None:
        """The event in plain words, for the log (a function of the event alone)."""
        return None

    def counters(self, model: Any) -> list[tuple[str, str]]:
        """The demo's own counters, shown after the shared ones."""
        return []

    def shared_counters(self) -> Sequence[str]:
        """Which shared counters to show, of: events calls depth max_depth backtracks solutions prunes."""
        return ("events", "calls", "depth", "max_depth", "backtracks", "solutions")

    def status(self, player: Player[ModelT]) -> str | None:
        """A word for the title bar ("your move", "solved"), or None for the shell's own."""
        return None

    def holding(self) -> bool:
        """True when the run may not play on now (a question waits for its answer); the demo says why."""
        return False

    def unsaved(self) -> str | None:
        """Work of the user's that closing the demo would lose ('your drawn maze'), or None."""
        return None

    def leaving(self) -> None:
        """The demo is about to close (home, another demo, quit): keep what must survive (autosave)."""

    def prepare_export(self) -> None:
        """`--export` will play the run with nobody at the keys: a demo that waits for a move sets one up."""

    def stops(self) -> Sequence[str]:
        """Which of the shared run-to buttons mean something here: 'backtrack', 'solution'."""
        return ("backtrack", "solution")

    def breakpoints(self) -> list[Stop]:
        """Extra run-to buttons, each with its key (one the demo's own table leaves free)."""
        return []

    # --- how it looks and feels ----------------------------------------------

    def controls(self) -> list[Widget]:
        """Widgets for the demo's options bar (sizes, variants, actions)."""
        return []

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player[ModelT]) -> None:
        """Draw the stage into `rect`, reading `player.model`."""
        raise NotImplementedError

    def layout(self, rect: pygame.Rect) -> object:
        """The stage's pure layout: a frozen dataclass of rectangles, read by handle() and draw()."""
        return None

    def boxes(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """The stage's named panels, from `layout` (for hit-testing and the layout tests)."""
        lay = self.layout(rect)
        if not dataclasses.is_dataclass(lay):
            return {}
        found = {field.name: getattr(lay, field.name) for field in dataclasses.fields(lay)}
        return {
            name: box
            for name, box in found.items()
            if isinstance(box, pygame.Rect) and box.w > 0 and box.h > 0
        }

    def picture(self, rect: pygame.Rect) -> pygame.Rect:
        """The stage's main picture (the board, the maze, the tree): around the panels in `picture_boxes`.

        The shell folds its own panels so that this grows with the presenter
        scale; a demo without a named picture counts its whole stage.
        """
        boxes = self.boxes(rect)
        found = [boxes[name] for name in self.picture_boxes if name in boxes]
        return found[0].unionall(found[1:]) if found else rect

    def folded_panels(self, rect: pygame.Rect) -> tuple[str, ...]:
        """The names of `panels` that found no room on a stage of `rect`."""
        shown = self.boxes(rect)
        return tuple(name for name, _title in self.panels if name not in shown)

    def beside(self, name: str) -> bool:
        """True while the shell shows the panel `name` beside the stage: the stage need not hold it too."""
        return self.shell.opened == name

    def draw_panel(
        self, name: str, surface: pygame.Surface, rect: pygame.Rect, player: Player[ModelT]
    ) -> None:
        """Draw the panel `name` (one of `panels`) into `rect` beside the stage."""

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player[ModelT]) -> bool:
        """Mouse and key input on the stage; True when used (keys come before the shell's).

        By default a key press runs what the demo's `bindings` table binds it to.
        """
        return self.bindings.dispatch(self, event)

    def owns_keyboard(self) -> bool:
        """True while the demo wants key presses before the app's own keys (a cell being typed into).

        The app then offers each key to `handle` first and takes it only if
        the demo did not use it (so Esc and ? still work).
        """
        return False

    def update(self, dt: float, player: Player[ModelT]) -> None:
        """Per-frame work after the player moved (animation clocks, a game's next turn)."""

    def at_rest(self, player: Player[ModelT]) -> bool:
        """True when nothing on the stage moves, so the app may sleep until input.

        A demo whose `update` animates must say when it is still; by default a
        demo with its own `update` is never at rest (safe, if not thrifty).
        """
        return type(self).update is Demo.update

    def wake_after(self, player: Player[ModelT]) -> float | None:
        """Seconds until the stage at rest changes by itself (a game's clock), or None: the app wakes then."""
        return None

    def notify(self, message: str) -> None:
        """Show a short message to the user (errors, "saved to ...")."""
        self.shell.notify(message)
