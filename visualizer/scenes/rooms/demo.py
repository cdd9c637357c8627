"""The rooms demo: the text's small maze of rooms and corridors, walked by CheckRoom.

The player (a walker on the map) enters a room, tries its corridors one by
one, gives up at dead ends and goes back to the last room with a corridor
left, until he sees B.  The call stack of CheckRoom sits beside the map and
the order of visits fills in below it, to compare with the text: A, 2, 1, 3,
4, 6, 7, 8, 5, B.  Here: the controller; `model.py` holds the model, the maps
and the narration, `view.py` the pure layout and the drawing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from solvers import maze as mz
from solvers.i18n import N_, _
from visualizer.bindings import Binding, Bindings
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.scenes.rooms.model import LOOP, NO_WAY, TEXT, VARIANTS, RoomsModel, Walk, counters
from visualizer.scenes.rooms.view import RoomsLayout, draw_stage, layout
from visualizer.widgets import Choice, Widget

if TYPE_CHECKING:
    from solvers.exercise.maze import WalkRules

ROOMS_BINDINGS = Bindings(
    Binding(("1",), "set_variant", N_("the text's maze"), args=(TEXT,)),
    Binding(("2",), "set_variant", N_("with a loop (8-5)"), args=(LOOP,)),
    Binding(("3",), "set_variant", N_("with no way out"), args=(NO_WAY,)),
    Binding(("d",), "toggle_detail", N_("tell every corridor skipped (more detail in the log)")),
)


class RoomsDemo(Demo[RoomsModel]):
    """The rooms-and-corridors maze of the text, walked room by room."""

    name = "rooms"
    title = N_("Rooms: CheckRoom walks the text's maze")
    default_speed = 2.0
    picture_boxes = ("map_card",)
    bindings = ROOMS_BINDINGS

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.variant = TEXT
        self.detail = False
        self.walk = Walk.learn(self.variant)

    # --- what runs ---------------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """CheckRoom on the chosen map."""
        return mz.check_room(VARIANTS[self.variant])

    def exercise_rules(self) -> WalkRules:
        """The next room and where a dead end sends the walk back to (solvers/exercise/maze.py)."""
        from solvers.exercise.maze import rooms_rules

        return rooms_rules(VARIANTS[self.variant])

    def make_model(self) -> RoomsModel:
        """Nobody has moved yet."""
        return RoomsModel()

    def set_variant(self, variant: str) -> None:
        """Another map, a new walk."""
        self.variant = variant
        self.walk = Walk.learn(variant)
        self.new_run()

    def toggle_detail(self) -> None:
        """More or fewer lines in the log (the run stays where it is)."""
        self.detail = not self.detail

    def _set_detail(self, detail: bool) -> None:
        """The log's detail, from its control."""
        self.detail = detail

    # --- how it reads ------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The text's CheckRoom."""
        return mz.ROOMS_PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The walk in the text's words (see `model.Walk.narrate`)."""
        return self.walk.narrate(event, self.detail)

    def counters(self, model: RoomsModel) -> list[tuple[str, str]]:
        """Rooms visited, dead ends, corridors tried, the path."""
        return counters(model)

    # --- controls, layout, drawing --------------------------------------------------------

    def controls(self) -> list[Widget]:
        """The three maps, the log's detail."""
        return [
            Choice(
                [(_("the text's maze"), TEXT), (_("with a loop"), LOOP), (_("no way out"), NO_WAY)],
                lambda: self.variant,
                self.set_variant,
                hint="1 / 2 / 3",
            ),
            Choice(
                [(_("short log"), False), (_("every corridor"), True)],
                lambda: self.detail,
                self._set_detail,
                hint="D",
            ),
        ]

    def layout(self, rect: pygame.Rect) -> RoomsLayout:
        """The stage's cards and rooms (pure)."""
        return layout(rect, self.theme)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The map on the left; the call stack and the order of visits on the right."""
        draw_stage(surface, self.layout(rect), self.theme, player, self.variant)
