"""The rooms demo: the text's small maze of rooms and corridors, walked by CheckRoom.

Rooms A, 1..8 and B, joined by corridors that each room tries in the text's
order.  The player (a walker on the map) enters a room, tries its corridors
one by one, gives up at dead ends and goes back to the last room with a
corridor left, until he sees B.  The call stack of CheckRoom sits beside the
map and the order of visits fills in below it, to compare with the text:
A, 2, 1, 3, 4, 6, 7, 8, 5, B.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Any

import pygame

from solvers import maze as mz
from solvers.events import DeadEnd, Note, Pop, Push, Solution, Visit
from visualizer import theme as th
from visualizer.panels import FrameView, card, draw_call_stack, wrap
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.widgets import Choice, Widget, draw_box

TEXT, LOOP, NO_WAY = "text", "loop", "no way out"

VARIANTS: dict[str, tuple[tuple[str, str], ...]] = {
    TEXT: mz.CORRIDORS,
    LOOP: (*mz.CORRIDORS, ("8", "5")),
    NO_WAY: tuple(pair for pair in mz.CORRIDORS if pair != ("5", "B")),
}
"""The text's maze; the same with a corridor 8-5 that makes a loop; without 5-B."""

PLACES: dict[str, tuple[int, int]] = {
    "A": (0, 1),
    "1": (1, 0),
    "2": (1, 1),
    "3": (2, 1),
    "4": (2, 2),
    "5": (3, 2),
    "B": (4, 2),
    "6": (2, 3),
    "7": (1, 3),
    "8": (3, 3),
}
"""Each room's (column, row) on a 5 x 4 map: every corridor runs straight, none cross."""
COLUMNS, ROWS = 5, 4


class RoomsModel:
    """Where the walk stands: rooms visited in order, the stack, dead ends, corridors tried."""

    def __init__(self) -> None:
        self.visited: list[str] = []
        self.stack: list[str] = []
        self.popped: list[str] = []
        self.dead: list[str] = []
        self.tried: list[tuple[str, str]] = []
        self.skipped: list[str] = []
        self.path: tuple[str, ...] | None = None
        self.unreachable = False

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        kind = type(event)
        if kind is Push:
            self.stack.append(event.what)
        elif kind is Visit:
            self.visited.append(event.where)
        elif kind is Pop:
            self.popped.append(self.stack.pop())
        elif kind is DeadEnd:
            self.dead.append(event.where)
        elif kind is Solution:
            self.path = event.answer
        elif kind is Note:
            self._note(event, forward=True)

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        kind = type(event)
        if kind is Push:
            self.stack.pop()
        elif kind is Visit:
            self.visited.pop()
        elif kind is Pop:
            self.stack.append(self.popped.pop())
        elif kind is DeadEnd:
            self.dead.pop()
        elif kind is Solution:
            self.path = None
        elif kind is Note:
            self._note(event, forward=False)

    def _note(self, event: Note, forward: bool) -> None:
        """A corridor tried (line 4), a visited room skipped (line 2), or no way out."""
        if event.what == "unreachable":
            self.unreachable = forward
        elif event.line == 4:
            if forward:
                self.tried.append(event.what)
            else:
                self.tried.pop()
        elif event.line == 2:
            if forward:
                self.skipped.append(event.what)
            else:
                self.skipped.pop()

    def snapshot(self) -> tuple:
        """The whole state as one comparable value."""
        return (
            tuple(self.visited),
            tuple(self.stack),
            tuple(self.popped),
            tuple(self.dead),
            tuple(self.tried),
            tuple(self.skipped),
            self.path,
            self.unreachable,
        )


class RoomsDemo(Demo):
    """The rooms-and-corridors maze of the text, walked room by room."""

    name = "rooms"
    title = "Rooms: CheckRoom walks the text's maze"
    blurb = "the small rooms-and-corridors maze, room by room"
    default_speed = 2.0
    keys = (
        ("1 / 2 / 3", "the text's maze / with a loop (8-5) / with no way out"),
        ("D", "tell every corridor skipped (more detail in the log)"),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.variant = TEXT
        self.detail = False
        self._learn_run()

    def _learn_run(self) -> None:
        """Names and callers of the variant's calls, for narration (a function of options)."""
        corridors = VARIANTS[self.variant]
        self.links = mz.room_corridors(corridors)
        self.names = list(self.links)
        self.parent: dict[int, int] = {}
        for event in mz.check_room(corridors):
            if type(event) is Push:
                self.parent[event.node] = event.parent

    # --- what runs ---------------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """CheckRoom on the chosen variant."""
        return mz.check_room(VARIANTS[self.variant])

    def make_model(self) -> RoomsModel:
        """Nobody has moved yet."""
        return RoomsModel()

    def set_variant(self, variant: str) -> None:
        """Another map, a new walk."""
        self.variant = variant
        self._learn_run()
        self.new_run()

    # --- how it reads ------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The text's CheckRoom."""
        return mz.ROOMS_PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The walk in the text's words."""
        kind = type(event)
        if kind is Note and event.line == 4 and self.detail:
            return f"In room {event.what[0]} he tries the corridor to room {event.what[1]}."
        if kind is Note and event.what == "unreachable":
            return "Every room he can reach is explored: B cannot be reached."
        path: list[str] = []
        if kind is Push and event.parent >= 0:
            path = [self.names[event.parent]]
        elif kind is Pop:
            caller = self.parent.get(event.node, -1)
            path = ([self.names[caller]] if caller >= 0 else []) + [self.names[event.node]]
        return mz.narrate_room(event, path, self.links, self.detail)

    def counters(self, model: RoomsModel) -> list[tuple[str, str]]:
        """Rooms visited, dead ends, corridors tried, the path."""
        path = " ".join(model.path) if model.path else "—"
        return [
            ("rooms visited", str(len(model.visited))),
            ("dead ends", str(len(model.dead))),
            ("corridors tried", str(len(model.tried))),
            ("path", path),
        ]

    # --- controls ------------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """The three maps."""
        return [
            Choice(
                [("the text's maze", TEXT), ("with a loop", LOOP), ("no way out", NO_WAY)],
                lambda: self.variant,
                self.set_variant,
                hint="1 / 2 / 3",
            ),
            Choice(
                [("short log", False), ("every corridor", True)],
                lambda: self.detail,
                self._set_detail,
                hint="D",
            ),
        ]

    def _set_detail(self, detail: bool) -> None:
        """More or fewer lines in the log (the run stays where it is)."""
        self.detail = detail

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """1, 2, 3 pick the map; D toggles detail."""
        if event.type != pygame.KEYDOWN:
            return False
        choices = {pygame.K_1: TEXT, pygame.K_2: LOOP, pygame.K_3: NO_WAY}
        if event.key in choices:
            self.set_variant(choices[event.key])
            return True
        if event.key == pygame.K_d:
            self.detail = not self.detail
            return True
        return False

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The map on the left; the call stack and the order of visits on the right."""
        model: RoomsModel = player.model  # type: ignore[assignment]
        theme = self.theme
        gap = theme.px(10)
        side_w = max(theme.px(220), int(rect.w * 0.3))
        map_rect = pygame.Rect(rect.x, rect.y, rect.w - side_w - gap, rect.h)
        side = pygame.Rect(map_rect.right + gap, rect.y, side_w, rect.h)
        self._draw_map(surface, map_rect, model, player)
        order_h = theme.px(120)
        stack_rect = pygame.Rect(side.x, side.y, side.w, side.h - order_h - gap)
        self._draw_stack(surface, stack_rect, model, player)
        self._draw_order(surface, pygame.Rect(side.x, stack_rect.bottom + gap, side.w, order_h), model)

    def _layout(self, rect: pygame.Rect) -> tuple[dict[str, pygame.Rect], int]:
        """Each room's square on the map, and the corridor width."""
        theme = self.theme
        pitch = min(rect.w / COLUMNS, (rect.h - theme.px(40)) / ROWS)
        size = int(pitch * 0.56)
        left = rect.x + (rect.w - pitch * COLUMNS) / 2
        top = rect.y + theme.px(34) + (rect.h - theme.px(40) - pitch * ROWS) / 2
        rooms = {}
        for room, (col, row) in PLACES.items():
            centre = (round(left + (col + 0.5) * pitch), round(top + (row + 0.5) * pitch))
            rooms[room] = pygame.Rect(0, 0, size, size)
            rooms[room].center = centre
        return rooms, max(theme.px(6), int(size * 0.26))

    def _draw_map(
        self, surface: pygame.Surface, rect: pygame.Rect, model: RoomsModel, player: Player
    ) -> None:
        """Corridors, then rooms, then the walker."""
        theme = self.theme
        inner = card(surface, rect, theme, "the maze: rooms and corridors")
        rooms, corridor_w = self._layout(inner)
        for a, b in VARIANTS[self.variant]:
            self._draw_corridor(
                surface,
                rooms[a].center,
                rooms[b].center,
                corridor_w,
                self._corridor_state(model, a, b, player),
            )
        for room, box in rooms.items():
            self._draw_room(surface, box, room, model)
        if model.stack or model.path:
            self._draw_walker(surface, rooms, model, player)
        self._draw_banner(surface, inner, model)

    def _corridor_state(self, model: RoomsModel, a: str, b: str, player: Player) -> str:
        """How a corridor looks: path, trying, walked, back-tracked or untried."""
        pair = {a, b}
        if model.path and any({x, y} == pair for x, y in pairwise(model.path)):
            return "path"
        last = player.last_event
        if type(last) is Note and last.line == 4 and set(last.what) == pair:
            return "trying"
        if any({x, y} == pair for x, y in pairwise(model.stack)):
            return "stack"
        tried = (a, b) in model.tried or (b, a) in model.tried
        if tried and (a in model.dead or b in model.dead):
            return "dead"
        return "walked" if tried else "untried"

    def _draw_corridor(
        self, surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], width: int, state: str
    ) -> None:
        """A band between two rooms; dashed while untried (a cue beside the colour)."""
        colours = {
            "path": th.DONE,
            "trying": th.ACTIVE,
            "stack": th.WAITING,
            "dead": th.blend(th.PANEL, th.DEAD, 0.55),
            "walked": th.blend(th.PANEL, th.VISITED, 0.6),
            "untried": th.FAINT,
        }
        colour = colours[state]
        pygame.draw.line(surface, th.PANEL_EDGE, start, end, width + self.theme.px(4))
        pygame.draw.line(surface, colour, start, end, width)
        if state == "untried":
            dash = self.theme.px(8)
            length = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
            for k in range(0, length, 2 * dash):
                t0, t1 = k / length, min(1.0, (k + dash) / length)
                p0 = (start[0] + (end[0] - start[0]) * t0, start[1] + (end[1] - start[1]) * t0)
                p1 = (start[0] + (end[0] - start[0]) * t1, start[1] + (end[1] - start[1]) * t1)
                pygame.draw.line(surface, th.PANEL, p0, p1, max(1, width // 5))

    def _draw_room(self, surface: pygame.Surface, box: pygame.Rect, room: str, model: RoomsModel) -> None:
        """A room: its colour and mark say what happened there."""
        theme = self.theme
        top = model.stack[-1] if model.stack else None
        found = model.path is not None and room == model.path[-1]
        if found:
            fill, edge, mark = th.DONE, th.DONE, "✓"
        elif room == top:
            fill, edge, mark = th.blend(th.PANEL, th.ACTIVE, 0.25), th.ACTIVE, ""
        elif room in model.dead:
            fill, edge, mark = th.blend(th.PANEL, th.DEAD, 0.3), th.DEAD, "✗"
        elif room in model.stack:
            fill, edge, mark = th.blend(th.PANEL, th.WAITING, 0.45), th.WAITING, ""
        elif room in model.visited:
            fill, edge, mark = th.blend(th.PANEL, th.VISITED, 0.35), th.VISITED, ""
        else:
            fill, edge, mark = th.PANEL, th.PANEL_EDGE, ""
        draw_box(surface, box, theme, fill=fill, edge=edge, radius=10, width=3)
        ink = th.PANEL if found else th.INK
        label = theme.text(room, "huge" if box.w > theme.px(70) else "title", ink, "bold")
        surface.blit(label, label.get_rect(center=box.center))
        if mark:
            sign = theme.text(mark, "large", th.PANEL if found else th.DEAD, "bold")
            surface.blit(sign, sign.get_rect(topright=(box.right - theme.px(6), box.y + theme.px(2))))
        if room in model.visited:
            order = theme.text(str(model.visited.index(room) + 1), "small", th.MUTED, "bold")
            surface.blit(order, order.get_rect(bottomleft=(box.x + theme.px(6), box.bottom - theme.px(3))))

    def _draw_walker(
        self, surface: pygame.Surface, rooms: dict[str, pygame.Rect], model: RoomsModel, player: Player
    ) -> None:
        """The player: a disc that walks the corridor of the last move."""
        theme = self.theme
        last = player.last_event
        room = model.path[-1] if model.path else model.stack[-1]  # he stays in B at the end
        if type(last) is Visit and last.line == 5:
            room = last.where  # he sees B and goes in
        here = rooms[room].center
        origin = here
        if type(last) is Push and len(model.stack) >= 2:
            origin = rooms[model.stack[-2]].center
        elif type(last) is Visit and last.line == 5 and model.stack:  # he sees B and goes in
            origin = rooms[model.stack[-1]].center
        elif type(last) is Pop and last.backtrack and model.popped:
            origin = rooms[model.popped[-1]].center
        t = th.ease(player.progress())
        x = round(origin[0] + (here[0] - origin[0]) * t)
        y = round(origin[1] + (here[1] - origin[1]) * t)
        radius = theme.px(13)
        centre = (x + rooms["A"].w // 4, y - rooms["A"].h // 4)
        pygame.draw.circle(surface, th.ACTIVE, centre, radius)
        pygame.draw.circle(surface, th.PANEL, centre, radius, theme.px(2))
        face = theme.text("☺", "large", th.PANEL, "bold")
        surface.blit(face, face.get_rect(center=centre))

    def _draw_banner(self, surface: pygame.Surface, rect: pygame.Rect, model: RoomsModel) -> None:
        """The outcome, once there is one."""
        theme = self.theme
        if model.path:
            text, colour = "solved: " + " → ".join(model.path), th.DONE
        elif model.unreachable:
            text, colour = "no way out: B cannot be reached", th.DEAD
        else:
            return
        image = theme.text(text, "large", th.PANEL, "bold")
        box = image.get_rect(midtop=(rect.centerx, rect.y)).inflate(theme.px(24), theme.px(10))
        draw_box(surface, box, theme, fill=colour, edge=colour, radius=8)
        surface.blit(image, image.get_rect(center=box.center))

    def _draw_stack(
        self, surface: pygame.Surface, rect: pygame.Rect, model: RoomsModel, player: Player
    ) -> None:
        """CheckRoom's frames, the current one on top."""
        frames = []
        for index, room in enumerate(model.stack):
            on_top = index == len(model.stack) - 1
            if model.path:
                state, detail = "done", "solved"
            elif on_top and room in model.dead:
                state, detail = "dead", "dead end"
            else:
                state, detail = ("active", "trying") if on_top else ("waiting", "")
            frames.append(FrameView(f"CheckRoom({room})", state, detail))
        arrival = player.progress() if type(player.last_event) is Push else 1.0
        draw_call_stack(surface, rect, self.theme, frames, title="CheckRoom calls", arrival=arrival)

    def _draw_order(self, surface: pygame.Surface, rect: pygame.Rect, model: RoomsModel) -> None:
        """The rooms in the order visited, beside the order the text gives."""
        theme = self.theme
        inner = card(surface, rect, theme, "order of visits")
        x, y = inner.x, inner.y
        box = theme.px(26)
        for room in model.visited:
            cell = pygame.Rect(x, y, box, box)
            colour = th.DEAD if room in model.dead else th.ACTIVE
            draw_box(surface, cell, theme, fill=th.blend(th.PANEL, colour, 0.2), edge=colour, radius=4)
            label = theme.text(room, "small", th.INK, "bold")
            surface.blit(label, label.get_rect(center=cell.center))
            x += box + theme.px(4)
            if x + box > inner.right:
                x, y = inner.x, y + box + theme.px(4)
        if self.variant == TEXT:
            note = "the text: A 2 1 3 4 6 7 8 5 B"
            lines = wrap(theme, note, inner.w)
            y = inner.bottom - theme.line_height("small") * len(lines)
            for line in lines:
                surface.blit(theme.text(line, "small", th.MUTED), (inner.x, y))
                y += theme.line_height("small")
