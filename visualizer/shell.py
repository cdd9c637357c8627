"""A demo's screen: the same controls, timeline, counters, code and log around every stage."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeVar

import pygame

from solvers.i18n import N_, _, format_number
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings, Gesture, key_words
from visualizer.chrome import (
    FOLDS,
    GAP,
    STRIP_TITLES,
    STRIP_WIDTH,
    TAB_TITLES,
    Content,
    Layout,
    screen_layout,
)
from visualizer.exercisemode import ExerciseMode
from visualizer.finale import EndCard
from visualizer.framebudget import FLOOR
from visualizer.kinds import kind_words
from visualizer.panels import (
    draw_counters,
    draw_log,
    draw_note,
    draw_pseudocode,
    fit_text,
)
from visualizer.player import Player, is_backtrack, is_solution, kind_is, speed_label
from visualizer.scenes.base import Demo, Stop
from visualizer.widgets import ROW_HEIGHT, Button, Label, Widget, draw_box, flow, rows_needed

if TYPE_CHECKING:
    from visualizer.screens import ShellHost

T = TypeVar("T")

SHARED_COUNTER_NAMES = {
    "events": N_("events"),
    "calls": N_("calls"),
    "depth": N_("depth"),
    "max_depth": N_("max depth"),
    "backtracks": N_("backtracks"),
    "solutions": N_("solutions"),
    "prunes": N_("prunes"),
}

PLAYER_BINDINGS = Bindings(
    Binding(("space",), "toggle_play", N_("play / pause")),
    Binding(("right",), "step_forward", N_("one step forward")),
    Binding(("left",), "step_back", N_("one step back (the exact earlier state)")),
    Binding(("+", "=", "[+]"), "faster", N_("faster"), label="+"),
    Binding(("-", "_", "[-]"), "slower", N_("slower"), label="-"),
    Binding(("home",), "restart", N_("restart")),
    Binding(("end",), "to_end", N_("jump to the end")),
)
"""The player's keys, the same in every demo (the app's own come first: see app.APP_BINDINGS)."""

KIND_BINDINGS = Bindings(
    Binding(("k",), "next_kind", N_("run to the next event of the chosen kind")),
    Binding(
        ("i", "q"),
        "toggle_exercise",
        N_(
            "be the algorithm: you make each step, the solver grades it (again: decisions, backtracks, off; "
            "Q too, where it once asked predict-then-reveal questions)"
        ),
    ),
    Binding(
        ("tab",),
        "cycle_side_tab",
        N_("next side card when the cards share tabs; at a large presenter step, open the next folded panel"),
    ),
    Gesture(N_("timeline"), N_("click or drag to go to any point")),
)
"""The keys after the run-to buttons' own, the same in every demo."""

SHARED_STOPS = {
    "backtrack": Stop("n", N_("next backtrack"), is_backtrack),
    "solution": Stop("s", N_("next solution"), is_solution),
}
"""The run-to buttons a demo may ask for by name (`Demo.stops`), with their keys."""

SHELL_BINDINGS = PLAYER_BINDINGS + KIND_BINDINGS
"""The keys every demo screen has, whatever its run-to buttons (help outside a demo lists these)."""

LOG_LINES = 14
"""Narrated lines kept in the log (the newest at the bottom)."""

LOG_LOOKBACK = 80
"""Events examined for those lines: some events say nothing."""


def stop_bindings(stops: list[Stop]) -> Bindings:
    """The run-to buttons' rows of the key table: each button's key runs what the button runs."""
    return Bindings(*(Binding((stop.key,), "run_to", stop.label, args=(stop.predicate,)) for stop in stops))


class Step(NamedTuple):
    """One presenter step as the shell lays it out: scale, fold level, the bars' scale, the picture."""

    scale: float
    fold: int
    bars: float
    picture: pygame.Rect


class Shell:
    """Hosts one demo: owns its Player, routes input, draws the shared panels."""

    def __init__(
        self, app: ShellHost, demo_type: type[Demo], *, seed: int, speed: float | None, autoplay: bool
    ) -> None:
        self.app = app
        self.theme = app.theme
        self.seed = seed
        self._speed = speed if speed is not None else demo_type.default_speed
        self.player: Player | None = None
        self.break_kind = demo_type.break_kind
        self.side_tab = "code"
        self.opened = ""  # the folded panel opened beside the stage (see chrome.FOLDS)
        self._ceilings: dict[tuple, float] = {}  # the scale ceiling, until the next input (see scale_ceiling)
        self._drawn_bars = 1.0  # the bars' scale in the last frame drawn (its tooltips are drawn at it)
        self._folds: dict[tuple, tuple[int, float]] = {}  # fold level and bars' scale, until the next input
        self._dragging_timeline = False
        self.exercise = ExerciseMode(app.player_clock)
        self.drawn_layout: Layout | None = None
        """The layout the last frame was drawn with (what the app draws over it reads it; input does not)."""
        """Exercise mode: off, or the student making the steps of the current run."""
        self.demo = demo_type(self)
        if self.player is None:
            self.new_run(autoplay=autoplay)
        elif autoplay:
            self.player.playing = True
        self.options: list[Widget] = self.demo.controls()
        self.stops = [SHARED_STOPS[name] for name in self.demo.stops()] + self.demo.breakpoints()
        self.keys = PLAYER_BINDINGS + stop_bindings(self.stops) + KIND_BINDINGS
        """The screen's one key table: it feeds input and help, and the run-to buttons carry its keys."""
        self.buttons = self._make_buttons()

    # --- runs ----------------------------------------------------------------

    def new_run(self, *, autoplay: bool = False) -> None:
        """A fresh Player over the demo's current source, at the current speed."""
        speed = self.player.speed if self.player is not None else self._speed
        if self.player is not None:  # the old run's solver state (dancing links) is cyclic garbage
            self.app.collector.collect_soon()
        self.player = Player(
            self.demo.source,
            self.demo.make_model,
            speed=speed,
            clock=self.app.player_clock,
            expected=self.demo.expected_length(),
        )
        self.player.playing = autoplay
        self._first_frame_of_run = True
        self._folds, self._ceilings = {}, {}  # a new run may show a new picture
        self.end_card = EndCard(self.demo)
        self.exercise.renew(self)

    def notify(self, message: str) -> None:
        """A message in the status line for a few seconds."""
        self.app.notify(message)

    def choose_file(self, kind: str, *, save: bool, suggested: str, done: Callable[[Path], None]) -> None:
        """Ask for a file of `kind` in the file dialog (see App.choose_file)."""
        self.app.choose_file(kind, save=save, suggested=suggested, done=done)

    def load_file(
        self, path: Path, parse: Callable[[str], T], done: Callable[[T], None], limit: int | None = None
    ) -> None:
        """Read and parse a user's file off the frame (see App.load_file)."""
        self.app.load_file(path, parse, done, limit)

    def ask(self, prompt: str, default: str, done: Callable[[str], None]) -> None:
        """Ask for a line of text (a file name, a matrix); `done` gets the answer."""
        self.app.ask(prompt, default, done)

    @property
    def run(self) -> Player:
        """The current player (always set once the demo is built)."""
        assert self.player is not None
        return self.player

    def stage(self) -> pygame.Rect:
        """The demo's stage in the window as it is now."""
        return self.layout(self.app.surface.get_size()).stage

    def now(self) -> float:
        """The players' clock now (a game's time moves by it)."""
        return self.app.player_clock()

    # --- controls ------------------------------------------------------------

    def _make_buttons(self) -> list[Widget]:
        """The control bar, the same in every demo."""
        p = lambda: self.run  # noqa: E731 - the player changes with every new run
        buttons: list[Widget] = [
            Button("↺", lambda: p().restart(), hint=_("restart (Home)")),
            Button("❚◀", self.step_back, hint=_("step back (Left)")),
            Button(
                lambda: "❚❚" if p().playing else "▶",
                self.toggle_play,
                hint=_("play / pause (Space)"),
                active=lambda: p().playing,
            ),
            Button("▶❚", self.step_forward, hint=_("step (Right)")),
        ]
        for stop in self.stops:
            run_to = partial(self.run_to, stop.predicate)
            buttons.append(Button(_(stop.label), run_to, hint=key_words(stop.key)))
        buttons += [
            Button(
                lambda: self._kind_label(self.break_kind),
                self.next_kind,
                hint=_("K: run to the next event of this kind"),
                fits=lambda: [self._kind_label(kind) for kind in self._break_kinds()],
            ),
            Button("⇄", self.cycle_break_kind, hint=_("choose the kind to stop at")),
            Button("-", lambda: p().slower(), hint=_("slower (-)")),
            Label(lambda: speed_label(p().speed), th.INK, hint=_("speed: events a second")),
            Button("+", lambda: p().faster(), hint=_("faster (+)")),
        ]
        for glued in (buttons[-5], buttons[-2], buttons[-1]):  # "next Pop ⇄" and "- 30/s +" wrap as one
            glued.glued = True
        return buttons

    def may_play_on(self) -> bool:
        """Whether play, step and run-to may move the run on (not while a question waits: the bar says so)."""
        return not self.demo.holding()

    def step_forward(self) -> None:
        """Pause and apply one event (unless the demo holds the run)."""
        if not self.may_play_on():
            return
        self.run.playing = False
        self.run.target = None
        self.run.step()

    def step_back(self) -> None:
        """Pause and undo one event."""
        self.run.playing = False
        self.run.target = None  # a seek under way (End filling the run in) stops where it is
        self.run.back()

    @staticmethod
    def _kind_label(kind: str) -> str:
        """'next return': the kind button's words for the kind 'Pop'."""
        return _("next {kind}").format(kind=kind_words(kind))

    def _break_kinds(self) -> list[str]:
        """The kinds ⇄ offers: those seen so far ('Pop' before any)."""
        return sorted(k for k, v in self.run.counters.by_kind.items() if v) or ["Pop"]

    def cycle_break_kind(self) -> None:
        """Choose the next event kind seen so far as the breakpoint."""
        kinds = self._break_kinds()
        if self.break_kind in kinds:
            self.break_kind = kinds[(kinds.index(self.break_kind) + 1) % len(kinds)]
        else:
            self.break_kind = kinds[0]

    # --- layout ----------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> Layout:
        """The screen's parts; in exercise mode the stage gives its bottom to the exercise bar."""
        lay = self._screen_layout(size)
        return dataclasses.replace(lay, stage=self._demo_stage(lay.stage))

    def exercise_bar(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the exercise bar goes (an empty rectangle while exercise mode is off)."""
        return self.exercise.split(self._screen_layout(size).stage, self.theme)[1]

    def toggle_exercise(self) -> None:
        """I: exercise mode on (every step), then only decisions, only backtracks, off."""
        message = self.exercise.cycle(self)
        if message is not None:  # on, the bar itself says which steps (a message would cover its choices)
            self.notify(message)

    def _screen_layout(self, size: tuple[int, int]) -> Layout:
        """Split the window into the shared parts and the stage (see visualizer/chrome.py).

        The fold level and the bars' scale come from `_fit`; the choice is kept
        until the window, the scale or the bars change, or input comes (which
        may change the demo).
        """
        key = (size, self.theme.scale, self.theme.fit, self._content(size, self.theme.scale), self.side_tab)
        fit = self._folds.get(key)
        if fit is None:
            fit = self._fit(size)
            self._folds = {key: fit}
        fold, bars = fit
        content = key[3] if bars == self.theme.scale else self._content(size, bars)
        tab, opened = self.side_tab, self.opened
        lay = screen_layout(size, self.theme, content, tab, ROW_HEIGHT, fold, opened, bars=bars)
        hidden = self.demo.folded_panels(self._demo_stage(lay.stage))
        if hidden:  # the demo's own panels that found no room join the strip
            lay = screen_layout(size, self.theme, content, tab, ROW_HEIGHT, fold, opened, hidden, bars)
        return lay

    def _fit(self, size: tuple[int, int]) -> tuple[int, float]:
        """The fold level and the bars' scale at the theme's scale (see `_steps`)."""
        theme = self.theme
        steps = self._steps(size, theme.scale)
        if steps[-1].scale == theme.scale:
            return steps[-1].fold, steps[-1].bars
        smaller = tuple(step.scale for step in reversed(steps))  # a scale past the ceiling: the closest
        return self._first_fit(size, (theme.scale, *smaller), steps[-1].picture)[1:3]

    def scale_ceiling(self, size: tuple[int, int]) -> float:
        """The largest scale at which the picture still grows with the presenter's step (`Theme.ceiling`)."""
        theme = self.theme
        wanted = th.effective_scale(theme.presenter, size, theme.fit)
        key = (size, wanted, theme.fit, self.side_tab)
        if key not in self._ceilings:
            self._ceilings = {key: self._steps(size, wanted)[-1].scale}
        return self._ceilings[key]

    def _steps(self, size: tuple[int, int], top: float) -> list[Step]:
        """The presenter steps from step 1 up to the scale `top` while the main picture keeps growing.

        Step 1 folds nothing and has the bars at the text's scale.  Each next
        step takes the first choice whose picture is as wide and as tall as
        the step before's: the bars at this step's scale, then at each smaller
        step's down to step 1's (the bars give back room), each with the
        panels folded in `chrome.FOLDS` order.  A step with no such choice
        ends the list: the text grows no further in this window, as a window
        too small for a step shows it at the largest that fits.
        """
        theme = self.theme
        scales = [scale for scale in self._step_scales(size) if scale < top] + [top]
        with theme.scaled(scales[0]):
            steps = [Step(scales[0], 0, scales[0], self._picture(size, 0, scales[0]))]
        for scale in scales[1:]:
            smaller = tuple(step.scale for step in reversed(steps) if step.scale <= steps[-1].bars)
            with theme.scaled(scale):
                grows, fold, bars, picture = self._first_fit(size, (scale, *smaller), steps[-1].picture)
            if not grows:
                break
            steps.append(Step(scale, fold, bars, picture))
        return steps

    def _step_scales(self, size: tuple[int, int]) -> list[float]:
        """The scales in force at presenter step 1 and up in a window of `size`, each once."""
        found: list[float] = []
        for presenter in th.SCALES[th.SCALES.index(1.0) :]:
            scale = th.effective_scale(presenter, size, self.theme.fit)
            if scale not in found:
                found.append(scale)
        return found

    def _first_fit(
        self, size: tuple[int, int], bar_scales: tuple[float, ...], wanted: pygame.Rect
    ) -> tuple[bool, int, float, pygame.Rect]:
        """(grows, fold, bars, picture): the first choice as large as `wanted`, else the closest."""
        best, closest = (False, 0, bar_scales[0], wanted), -1.0
        for bars in dict.fromkeys(bar_scales):
            for fold in range(len(FOLDS)):
                picture = self._picture(size, fold, bars)
                kept = min(picture.w / max(1, wanted.w), picture.h / max(1, wanted.h))
                if kept >= 1.0:
                    return True, fold, bars, picture
                if kept > closest + 1e-9:
                    best, closest = (False, fold, bars, picture), kept
        return best

    def _picture(self, size: tuple[int, int], fold: int, bars: float) -> pygame.Rect:
        """The demo's main picture with `fold` and the bars at the scale `bars` (the text at the theme's)."""
        content = self._content(size, bars)
        lay = screen_layout(size, self.theme, content, self.side_tab, ROW_HEIGHT, fold, bars=bars)
        return self.demo.picture(self._demo_stage(lay.stage))

    def _content(self, size: tuple[int, int], bars: float) -> Content:
        """What the shared bars and cards must hold, the bars' rows counted at their scale `bars`."""
        theme = self.theme
        with theme.scaled(bars):
            bar_w = max(1, size[0] - 2 * theme.px(GAP))
            by_strip = max(1, bar_w - theme.px(STRIP_WIDTH + GAP))
            return Content(
                option_rows=rows_needed(self.options, bar_w, theme),
                option_rows_by_strip=rows_needed(self.options, by_strip, theme),
                control_rows=max(1, rows_needed(self.buttons, bar_w, theme, 6)),
                counter_rows=len(self._counter_rows()),
                code_lines=len(self.demo.code()),
            )

    def _demo_stage(self, stage: pygame.Rect) -> pygame.Rect:
        """The demo's part of `stage`: all of it, or what the exercise bar leaves."""
        return self.exercise.split(stage, self.theme)[0]

    def cycle_side_tab(self) -> None:
        """Tab: the next side card when the cards share tabs, then each folded panel, then none."""
        opened, self.opened = self.opened, ""
        closed = self.layout(self.app.surface.get_size())  # the tabs show while no panel is open
        cards = [name for name, _ in closed.tabs] or [self.side_tab]
        ring = [("", card) for card in cards] + [(name, self.side_tab) for name, _ in closed.strip]
        now = (opened, self.side_tab)
        index = ring.index(now) if now in ring else -1
        self.opened, self.side_tab = ring[(index + 1) % len(ring)]

    # --- input -------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Route one input event: timeline, widgets, the demo, then the shell's keys."""
        if event.type != pygame.MOUSEMOTION:  # input may change the demo's picture: choose the fold anew
            self._folds.clear()
            self._ceilings.clear()
        lay = self.layout(self.app.surface.get_size())
        self._place_widgets(lay)
        with self.theme.scaled(lay.bars):
            if self._handle_timeline(event, lay.timeline):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, rect in lay.tabs:
                if rect.collidepoint(event.pos):
                    self.side_tab = name
                    return
            for name, rect in lay.strip:
                if rect.collidepoint(event.pos):
                    self.opened = "" if lay.opened == name else name
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self.exercise_bar(self.app.surface.get_size())
            if self.exercise.click(bar, self.theme, event.pos, self.run):
                return
            if self.exercise.click_picture(self.demo, lay.stage, event.pos, self.run):
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            with self.theme.scaled(lay.bars):
                used = [widget.handle(event) for widget in (*self.buttons, *self.options)]
            if any(used):  # every widget sees the click, so one being typed into can end its typing
                return
        if self.demo.handle(event, lay.stage, self.run):
            return
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)

    def _handle_key(self, event: pygame.event.Event) -> None:
        """The player's and run-to keys (the app handles Esc, F, P, G, ? and Ctrl first)."""
        self.keys.dispatch(self, event)

    def toggle_play(self) -> None:
        """Play or pause (pausing always; playing unless the demo holds the run)."""
        if self.run.playing or self.may_play_on():
            self.run.toggle()

    def faster(self) -> None:
        """More events a second."""
        self.run.faster()

    def slower(self) -> None:
        """Fewer events a second."""
        self.run.slower()

    def restart(self) -> None:
        """Back to the first event."""
        self.run.restart()

    def to_end(self) -> None:
        """Jump to the end of the run (as far as it is known)."""
        self.run.seek_end()
        self.end_card.end_pressed(self.run)

    def run_to(self, predicate: Callable[[object], bool]) -> None:
        """Run to the next event a run-to button stops at (unless the demo holds the run)."""
        if self.may_play_on():
            self.run.run_until(predicate)

    def next_kind(self) -> None:
        """Run to the next event of the chosen kind."""
        self.run_to(kind_is(self.break_kind))

    def _handle_timeline(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        """Click or drag on the timeline seeks there."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and rect.collidepoint(event.pos):
            self._dragging_timeline = True
        elif event.type == pygame.MOUSEBUTTONUP and self._dragging_timeline:
            self._dragging_timeline = False
            return True
        elif not (event.type == pygame.MOUSEMOTION and self._dragging_timeline):
            return False
        bar = self._timeline_bar(rect)
        fraction = (event.pos[0] - bar.x) / max(1, bar.w)
        fraction = min(1.0, max(0.0, fraction))
        self.run.seek(round(fraction * self.run.known_length()))
        return True

    def _timeline_bar(self, rect: pygame.Rect) -> pygame.Rect:
        """The track inside the timeline row (the label sits to its right)."""
        label_w = self._timeline_label_width(rect)
        return pygame.Rect(rect.x, rect.centery - self.theme.px(5), rect.w - label_w, self.theme.px(10))

    def _timeline_label(self) -> str:
        """'event 1,234 of 5,678': where the cursor is in the run."""
        player = self.run
        number = format_number(player.known_length())
        total = _("{number}+").format(number=number) if player.length_is_open else number
        return _("event {number} of {total}").format(number=format_number(player.cursor), total=total)

    def _timeline_label_width(self, rect: pygame.Rect) -> int:
        """Room for the label at its longest (the cursor as wide as the total), within half the row."""
        theme, player = self.theme, self.run
        widest = format_number(10 ** len(str(player.known_length())) - 1)  # as many digits as the total
        total = _("{number}+").format(number=widest) if player.length_is_open else widest
        longest = _("event {number} of {total}").format(number=widest, total=total)
        needed = theme.font("small").size(longest)[0] + theme.px(12)
        return min(max(theme.px(210), needed), rect.w // 2)

    # --- the frame -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Move the player within its budget, then let the demo react.

        The budget is what drawing leaves of the frame (`visualizer.framebudget`),
        so a heavy scene plays fewer events a frame instead of dropping frames.
        """
        self.run.budget = self.app.frame_budget.budget
        if self._first_frame_of_run:  # its drawing builds caches (a whole maze's bitmap)
            self.run.budget = FLOOR
            self._first_frame_of_run = False
        self.run.update(dt)
        self.exercise.follow(self.run)
        self.demo.update(dt, self.run)

    def prepare_export(self) -> None:
        """An export is about to play the run (see Demo.prepare_export)."""
        self.demo.prepare_export()

    def wake_after(self) -> float | None:
        """Seconds until the screen at rest changes by itself, or None (see Demo.wake_after)."""
        return self.demo.wake_after(self.run)

    def unsaved(self) -> str | None:
        """What the demo would lose if closed now ('your drawn maze'), or None."""
        return self.demo.unsaved()

    def _typing_widget(self) -> Widget | None:
        """The option widget being typed into, if any."""
        return next((widget for widget in self.options if widget.editing), None)

    def take_typed_key(self, event: pygame.event.Event) -> bool:
        """While a widget or the demo takes typing, offer it the key first; True when it used it."""
        widget = self._typing_widget()
        if widget is not None:
            return widget.handle(event)
        if self.exercise.take_key(event, self.run):
            return True
        if self.demo.owns_keyboard():
            return self.demo.handle(event, self.stage(), self.run)
        return False

    def owns_keyboard(self) -> bool:
        """True while typing goes to a widget or the demo."""
        return self._typing_widget() is not None or self.demo.owns_keyboard()

    def at_rest(self) -> bool:
        """True when the run is paused and settled and the demo shows no animation."""
        run = self.run
        return not run.playing and not run.busy and not self._dragging_timeline and self.demo.at_rest(run)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole demo screen."""
        theme = self.theme
        whole = self._screen_layout(surface.get_size())  # once a frame: the exercise bar is cut from it
        lay = self.drawn_layout = dataclasses.replace(whole, stage=self._demo_stage(whole.stage))
        self._drawn_bars = lay.bars
        theme.cut.clear()
        surface.fill(th.BACKGROUND)
        self._place_widgets(lay)
        with theme.scaled(lay.bars):
            self._draw_bars(surface, lay)
        surface.set_clip(lay.stage)
        self.end_card.draw(surface, lay.stage, self.run, self.demo.draw)
        self.exercise.draw_marks(surface, self.demo, lay.stage, self.run)
        surface.set_clip(None)
        self._draw_side(surface, lay)
        self.exercise.draw(surface, self.exercise.split(whole.stage, theme)[1], theme)

    def _draw_bars(self, surface: pygame.Surface, lay: Layout) -> None:
        """The title, the options, the controls, the timeline and the strip of folded panels."""
        self._draw_title(surface, lay.title)
        for widget in (*(self.options if lay.options.h else ()), *self.buttons):
            widget.draw(surface, self.theme)
        self._draw_timeline(surface, lay.timeline)
        titles = {**STRIP_TITLES, **dict(self.demo.panels)}
        for name, rect in lay.strip:  # the folded panels' tabs down the right edge, read upwards
            self._draw_tab(surface, rect, _(titles[name]), name == lay.opened, turned=True)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """What floats over the screen and is never recorded: the tooltip, or a shortened text whole."""
        with self.theme.scaled(self._drawn_bars):  # a widget's hint, at the bars' scale
            self._draw_tooltip(surface)
        self._draw_cut_text(surface, pygame.mouse.get_pos())

    def _draw_cut_text(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """The whole words of a shortened text under the mouse (a pseudocode line, a frame's detail)."""
        for place, text in reversed(self.theme.cut):
            if place.collidepoint(mouse):
                draw_note(surface, surface.get_rect(), self.theme, mouse, [text])
                return

    def _draw_side(self, surface: pygame.Surface, lay: Layout) -> None:
        """The side cards and their tabs when they share space."""
        theme = self.theme
        for name, rect in lay.tabs:
            self._draw_tab(surface, rect, _(TAB_TITLES[name]), bool(rect.h and getattr(lay, name).h > 0))
        if lay.counters.h > 0:
            draw_counters(surface, lay.counters, theme, self._counter_rows())
        if lay.code.h > 0:
            draw_pseudocode(surface, lay.code, theme, self.demo.code(), self.demo.lit_lines(self.run))
        if lay.log.h > 0:
            draw_log(surface, lay.log, theme, self._log_lines())
        if lay.panel.h > 0:
            self.demo.draw_panel(lay.opened, surface, lay.panel, self.run)

    def _draw_tab(
        self, surface: pygame.Surface, rect: pygame.Rect, words: str, chosen: bool, *, turned: bool = False
    ) -> None:
        """One tab: filled when chosen; its words whole if a smaller size fits them, else shortened."""
        theme = self.theme
        fill, ink = (th.ACTIVE, th.PANEL) if chosen else (th.PANEL, th.INK)
        draw_box(surface, rect, theme, fill=fill, edge=th.ACTIVE if chosen else th.PANEL_EDGE)
        room = (rect.h if turned else rect.w) - theme.px(8)
        size = "small" if theme.font("small", "bold").size(words)[0] <= room else "tiny"
        image = theme.text(fit_text(theme, words, room, size, "bold"), size, ink, "bold")
        if turned:
            image = pygame.transform.rotate(image, 90)
        surface.blit(image, image.get_rect(center=rect.center))

    def _place_widgets(self, lay: Layout) -> None:
        """Put the option and control widgets where this layout says (before input and drawing alike)."""
        with self.theme.scaled(lay.bars):
            flow(self.options, lay.options, self.theme)
            flow(self.buttons, lay.controls, self.theme, gap=6)

    def _draw_title(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The dark title bar: demo title, status, the keys that matter most; nothing overlaps.

        The status comes first (it says what is happening), the hint goes when
        there is no room for it, and the title is shortened to what is left.
        """
        theme = self.theme
        pygame.draw.rect(surface, th.TITLE_BAR, rect)
        margin = theme.px(14)
        right = rect.right - margin
        status = self._status()
        if status:
            text = fit_text(theme, status, rect.w // 2, "body", "bold")
            image = theme.text(text, "body", th.YELLOW, "bold")
            surface.blit(image, image.get_rect(midright=(right, rect.centery)))
            right -= image.get_width() + margin
        hint = theme.text(_("?  help     Esc  home"), "small", th.blend(th.TITLE_INK, th.TITLE_BAR, 0.35))
        title_font = theme.font("title", "bold")
        if not status and title_font.size(_(self.demo.title))[0] + hint.get_width() + 2 * margin < right:
            surface.blit(hint, hint.get_rect(midright=(right, rect.centery)))
            right -= hint.get_width() + margin
        text = fit_text(theme, _(self.demo.title), max(0, right - 2 * margin), "title", "bold")
        title = theme.text(text, "title", th.TITLE_INK, "bold")
        surface.blit(title, title.get_rect(midleft=(margin, rect.centery)))

    def _status(self) -> str:
        """A word on what the player is doing."""
        player = self.run
        if player.error:
            return player.error
        if player.busy:
            return self._seek_status(player)
        own = self.demo.status(player)
        if own is not None:
            return own
        if player.at_end and player.total:  # a run with no events (drawing by hand) is not "finished"
            return _("finished")
        return ""

    @staticmethod
    def _seek_status(player: Player) -> str:
        """Where a seek is going and how far it has come (applied without drawing each event)."""
        now = format_number(player.cursor)
        if player.seeking_end and player.length_is_open:
            return _("going to the end… event {number}").format(number=now)
        if player.seeking_end:
            return _("going to the end… event {number} of {total}").format(
                number=now, total=format_number(player.known_length())
            )
        return _("going to event {target}… now at {number}").format(
            target=format_number(player.target or 0), number=now
        )

    def _counter_rows(self) -> list[tuple[str, str]]:
        """Shared counters the demo asked for, then the demo's own."""
        player = self.player
        if player is None:
            return []
        counters = player.counters
        rows: list[tuple[str, str]] = []
        for key in self.demo.shared_counters():
            value = getattr(counters, key)
            rows.append((_(SHARED_COUNTER_NAMES[key]), format_number(value)))
        return rows + self.demo.counters(player.model)

    def _log_lines(self) -> list[tuple[int, str]]:
        """The newest narrated events up to the cursor (none while an exercise step is open: they tell it)."""
        if self.exercise.asking:
            return [(self.run.cursor, _("(the log waits while you make the step)"))]
        lines: list[tuple[int, str]] = []
        for number, event in self.run.recent(LOG_LOOKBACK):
            text = self.demo.narrate(event)
            if text:
                lines.append((number, text))
        return lines[-LOG_LINES:]

    def _draw_timeline(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The run as a bar: where the cursor is, how far the run is known."""
        theme = self.theme
        player = self.run
        bar = self._timeline_bar(rect)
        length = player.known_length()
        pygame.draw.rect(surface, th.FAINT, bar, border_radius=bar.h // 2)
        if length:
            done = bar.copy()
            done.w = round(bar.w * min(1.0, player.cursor / length))
            pygame.draw.rect(surface, th.ACTIVE, done, border_radius=bar.h // 2)
            knob_x = bar.x + done.w
            if player.busy and not player.seeking_end and player.target is not None:
                goal_x = bar.x + round(bar.w * min(1.0, player.target / max(length, player.target)))
                reach = theme.px(4)
                pygame.draw.line(surface, th.INK, (goal_x, bar.y - reach), (goal_x, bar.bottom + reach), 2)
            pygame.draw.circle(surface, th.PANEL, (knob_x, bar.centery), theme.px(9))
            pygame.draw.circle(surface, th.ACTIVE, (knob_x, bar.centery), theme.px(9), theme.px(3))
        text = fit_text(theme, self._timeline_label(), rect.right - bar.right - theme.px(10))
        image = theme.text(text, "small", th.INK)
        surface.blit(image, image.get_rect(midright=(rect.right, rect.centery)))

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """The hint of the widget under the mouse."""
        mouse = pygame.mouse.get_pos()
        for widget in (*self.buttons, *self.options):
            hint = widget.tooltip()
            if hint and widget.rect.collidepoint(mouse):
                image = self.theme.text(hint, "small", th.PANEL)
                place = image.get_rect(bottomleft=(widget.rect.x, widget.rect.y - self.theme.px(6)))
                frame = place.inflate(12, 8).clamp(surface.get_rect())  # the frame too stays inside
                draw_box(surface, frame, self.theme, fill=th.TITLE_BAR, edge=th.TITLE_BAR)
                surface.blit(image, image.get_rect(center=frame.center))
                return
