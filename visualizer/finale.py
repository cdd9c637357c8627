"""The end of a run worked out directly, shown at once while End fills the timeline in.

End from the very start must first generate the whole run (millions of
events on a 1000 x 1000 maze); the player does that over frames
(`Player.seek_end`).  Meanwhile the stage shows the answer the demo works
out on its solver's plain path, without events (`Demo.plain_end`): a card
with a few lines ("the maze is carved: 1,000,000 cells"), how far the
timeline has filled in, and, where the demo can paint its final picture
from the plain answer, that picture instead of the half-played run.  When
the seek lands, the card gives way to the real end.

Where the demo works its plain end out in a worker process (a big maze,
visualizer/ahead.py) and the worker is not done when End is pressed, the
card says so and waits for it frame by frame: no frame waits.

Any other move during the fill (a step, a timeline click, Home, Space)
cancels the fill where it has reached: the player stays at that event, the
card goes, and the move happens from there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from solvers.i18n import _, format_number
from visualizer import theme as th
from visualizer.panels import fit_text, wrap
from visualizer.player import Player
from visualizer.widgets import draw_box

Painter = Callable[[pygame.Surface, pygame.Rect], None]
"""Draws a picture into the stage rectangle."""

MOST_OF_STAGE = 0.4
"""The share of the stage's height the card may cover before its hint line goes."""

StageDraw = Callable[[pygame.Surface, pygame.Rect, Player], None]
"""A demo's `draw`."""


@dataclass(frozen=True)
class Finale:
    """What the end of a run shows, computed on the solver's plain path (no events)."""

    lines: tuple[str, ...]
    """The answer in a few whole sentences, already translated."""
    events: int | None = None
    """The run's length, when the plain path knows it (for the fill's percentage)."""
    paint: Painter | None = None
    """Paints the run's final picture into the stage, or None to keep the run's own picture."""


class Ends(Protocol):
    """What the card asks of its demo (a `scenes.base.Demo`, whose module imports this one for `Finale`)."""

    @property
    def theme(self) -> th.Theme:
        """The theme the card is drawn with."""

    def plain_end(self) -> Finale | None:
        """The run's end worked out on the solver's plain path, or None."""

    def plain_end_ready(self) -> bool:
        """False while the plain end still waits for a worker."""

    def notify(self, message: str) -> None:
        """Show a short message to the user."""


class StandIn:
    """The few things a view reads from a player, for painting a model that no player moves."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.generation = -1  # a view's caches keyed on it start afresh
        self.cursor = 0
        self.playing = False
        self.at_end = True
        self.last_event = None

    def progress(self, longest: float = 0.3) -> float:
        """Every animation is done."""
        return 1.0


class EndCard:
    """One run's plain end: worked out once when End is pressed, shown while the seek fills in."""

    def __init__(self, demo: Ends) -> None:
        self.demo = demo
        self.finale: Finale | None = None
        self.asked = False
        self.waiting = False  # End was pressed; the demo's plain end is still being worked out elsewhere
        self.shown_lines: list[str] = []  # what the last frame's card said (tests read it)

    def end_pressed(self, player: Player) -> None:
        """End was pressed: if the run's end is not yet generated, work the end out directly (once)."""
        if player.total is not None or self.asked:
            return
        self.asked = self.waiting = True
        self.settle()

    def settle(self) -> None:
        """Take the plain end once the demo has it ready (a worker may still be on it): never waits."""
        if not self.waiting or not self.demo.plain_end_ready():
            return
        self.waiting = False
        try:
            self.finale = self.demo.plain_end()
        except Exception as error:  # a plain path's bug must not take End down: the fill still runs
            self.demo.notify(_("the end could not be worked out directly: {reason}").format(reason=error))

    def showing(self, player: Player) -> bool:
        """True while the card is up: a plain end is known and End is still filling the run in."""
        return (self.finale is not None or self.waiting) and player.seeking_end

    def lines(self, player: Player) -> list[str]:
        """The card's lines: the heading, the answer, how far the timeline has filled in."""
        finale = self.finale
        answer = finale.lines if finale is not None else (_("still working it out…"),)
        length = (finale.events if finale is not None else None) or player.expected
        if length:
            filled = _("the timeline is filling in: {percent}").format(
                percent=th.percent(min(1.0, player.cursor / length))
            )
        else:
            filled = _("the timeline is filling in: event {number}").format(
                number=format_number(player.cursor)
            )
        return [
            _("The end, worked out directly:"),
            *answer,
            filled,
            _("A step or a click on the timeline stops the filling in there."),
        ]

    def draw(
        self, surface: pygame.Surface, stage: pygame.Rect, player: Player, draw_stage: StageDraw
    ) -> None:
        """The stage: the demo's picture (or the plain end's), then the card while it shows."""
        self.settle()
        if not self.showing(player):
            self.shown_lines = []
            draw_stage(surface, stage, player)
            return
        if self.finale is not None and self.finale.paint is not None:
            self.finale.paint(surface, stage)
        else:
            draw_stage(surface, stage, player)
        self.shown_lines = self.lines(player)
        draw_card(surface, stage, self.demo.theme, self.shown_lines)


def draw_card(surface: pygame.Surface, stage: pygame.Rect, theme: th.Theme, lines: list[str]) -> pygame.Rect:
    """A dark card at the top of the stage: a bold heading, the answer, the fill, a muted hint."""
    width = min(theme.px(600), stage.w - theme.px(24))
    room = width - theme.px(24)
    muted = th.blend(th.TITLE_INK, th.TITLE_BAR, 0.35)
    answer = [(th.TITLE_INK, "sans")] * (len(lines) - 3)
    styles = [(th.YELLOW, "bold"), *answer, (th.YELLOW, "sans"), (muted, "sans")]
    wrapped = [
        [(part, style) for part in wrap(theme, line, room, "body", style[1])]
        for line, style in zip(lines, styles, strict=True)
    ]
    step = theme.line_height("body")
    if sum(map(len, wrapped)) * step > stage.h * MOST_OF_STAGE:
        wrapped.pop()  # a small stage keeps more of its picture: the hint goes
    rows = [row for line_rows in wrapped for row in line_rows]
    box = pygame.Rect(0, 0, width, len(rows) * step + theme.px(20))
    box.midtop = (stage.centerx, stage.y + theme.px(12))
    box = box.clamp(stage)
    draw_box(surface, box, theme, fill=th.TITLE_BAR, edge=th.YELLOW, radius=8)
    y = box.y + theme.px(10)
    for row, (colour, face) in rows:
        text = fit_text(theme, row, room, "body", face)
        surface.blit(theme.text(text, "body", colour, face), (box.x + theme.px(12), y))
        y += step
    return box
