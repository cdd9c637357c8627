"""The rooms stage: a pure layout (the map's rooms, the side cards) and the drawing that reads the model."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from solvers.events import Push
from solvers.i18n import N_, _
from visualizer import theme as th
from visualizer.panels import FrameView, card, card_content, draw_call_stack, fit_text, wrap
from visualizer.player import Player
from visualizer.scenes.rooms.model import (
    COLUMNS,
    PLACES,
    ROWS,
    TEXT,
    TEXT_ORDER,
    VARIANTS,
    RoomsModel,
    corridor_state,
    outcome,
    room_state,
    walker_move,
)
from visualizer.theme import Theme
from visualizer.widgets import draw_box

MAP_TITLE = N_("the maze: rooms and corridors")
ORDER_TITLE = N_("order of visits")

CORRIDOR_COLOURS = {
    "path": th.DONE,
    "trying": th.ACTIVE,
    "stack": th.WAITING,
    "dead": th.blend(th.PANEL, th.DEAD, 0.55),
    "walked": th.blend(th.PANEL, th.VISITED, 0.6),
    "untried": th.FAINT,
}
"""A corridor's colour for each state (untried ones are also dashed)."""

ROOM_LOOKS = {
    "found": (th.DONE, th.DONE, "✓"),
    "here": (th.blend(th.PANEL, th.ACTIVE, 0.25), th.ACTIVE, ""),
    "dead": (th.blend(th.PANEL, th.DEAD, 0.3), th.DEAD, "✗"),
    "waiting": (th.blend(th.PANEL, th.WAITING, 0.45), th.WAITING, ""),
    "visited": (th.blend(th.PANEL, th.VISITED, 0.35), th.VISITED, ""),
    "new": (th.PANEL, th.PANEL_EDGE, ""),
}
"""A room's fill, edge and mark for each state (the mark is the second cue)."""


@dataclass(frozen=True)
class RoomsLayout:
    """The map card with each room's square, and the side cards."""

    map_card: pygame.Rect
    map_inner: pygame.Rect
    stack_card: pygame.Rect
    order_card: pygame.Rect
    rooms: dict[str, pygame.Rect]
    corridor_w: int


def layout(rect: pygame.Rect, theme: Theme) -> RoomsLayout:
    """The map on the left; the call stack over the order of visits on the right."""
    gap = theme.px(10)
    side_w = max(theme.px(220), int(rect.w * 0.3))
    map_card = pygame.Rect(rect.x, rect.y, max(1, rect.w - side_w - gap), rect.h)
    side = pygame.Rect(map_card.right + gap, rect.y, side_w, rect.h)
    order_h = min(theme.px(120), side.h // 2)
    stack_card = pygame.Rect(side.x, side.y, side.w, max(1, side.h - order_h - gap))
    order_card = pygame.Rect(side.x, stack_card.bottom + gap, side.w, order_h)
    inner = card_content(map_card, theme, _(MAP_TITLE))
    rooms, corridor_w = room_boxes(inner, theme)
    return RoomsLayout(map_card, inner, stack_card, order_card, rooms, corridor_w)


def room_boxes(rect: pygame.Rect, theme: Theme) -> tuple[dict[str, pygame.Rect], int]:
    """Each room's square on the map, and the corridor width."""
    pitch = max(1.0, min(rect.w / COLUMNS, (rect.h - theme.px(40)) / ROWS))
    size = max(1, int(pitch * 0.56))
    left = rect.x + (rect.w - pitch * COLUMNS) / 2
    top = rect.y + theme.px(34) + (rect.h - theme.px(40) - pitch * ROWS) / 2
    rooms = {}
    for room, (col, row) in PLACES.items():
        box = pygame.Rect(0, 0, size, size)
        box.center = (round(left + (col + 0.5) * pitch), round(top + (row + 0.5) * pitch))
        rooms[room] = box
    return rooms, max(theme.px(6), int(size * 0.26))


def draw_stage(
    surface: pygame.Surface, lay: RoomsLayout, theme: Theme, player: Player[RoomsModel], variant: str
) -> None:
    """The map, the call stack and the order of visits."""
    model = player.model
    draw_map(surface, lay, theme, model, player, variant)
    draw_stack(surface, lay.stack_card, theme, model, player)
    draw_order(surface, lay.order_card, theme, model, variant)


def draw_map(
    surface: pygame.Surface, lay: RoomsLayout, theme: Theme, model: RoomsModel, player: Player, variant: str
) -> None:
    """Corridors, then rooms, then the walker, then the outcome."""
    card(surface, lay.map_card, theme, _(MAP_TITLE))
    for a, b in VARIANTS[variant]:
        state = corridor_state(model, a, b, player.last_event)
        draw_corridor(surface, theme, lay.rooms[a].center, lay.rooms[b].center, lay.corridor_w, state)
    for room, box in lay.rooms.items():
        draw_room(surface, theme, box, room, model)
    if model.stack or model.path:
        draw_walker(surface, theme, lay.rooms, model, player)
    draw_banner(surface, theme, lay.map_inner, model)


def draw_corridor(
    surface: pygame.Surface,
    theme: Theme,
    start: tuple[int, int],
    end: tuple[int, int],
    width: int,
    state: str,
) -> None:
    """A band between two rooms; dashed while untried (a cue beside the colour)."""
    pygame.draw.line(surface, th.PANEL_EDGE, start, end, width + theme.px(4))
    pygame.draw.line(surface, CORRIDOR_COLOURS[state], start, end, width)
    if state == "untried":
        dash = theme.px(8)
        length = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
        for k in range(0, length, 2 * dash):
            t0, t1 = k / length, min(1.0, (k + dash) / length)
            p0 = (start[0] + (end[0] - start[0]) * t0, start[1] + (end[1] - start[1]) * t0)
            p1 = (start[0] + (end[0] - start[0]) * t1, start[1] + (end[1] - start[1]) * t1)
            pygame.draw.line(surface, th.PANEL, p0, p1, max(1, width // 5))


def draw_room(surface: pygame.Surface, theme: Theme, box: pygame.Rect, room: str, model: RoomsModel) -> None:
    """A room: its colour and mark say what happened there; its number says when."""
    state = room_state(model, room)
    fill, edge, mark = ROOM_LOOKS[state]
    found = state == "found"
    draw_box(surface, box, theme, fill=fill, edge=edge, radius=10, width=3)
    label = theme.text(
        room, "huge" if box.w > theme.px(70) else "title", th.PANEL if found else th.INK, "bold"
    )
    surface.blit(label, label.get_rect(center=box.center))
    roomy = box.w >= theme.px(56)  # small rooms: the mark sits on the corner, no visit number
    if mark:
        sign = theme.text(mark, "large" if roomy else "small", th.PANEL if found else th.DEAD, "bold")
        corner = (box.right - theme.px(6), box.y + theme.px(2))
        surface.blit(sign, sign.get_rect(topright=corner) if roomy else sign.get_rect(center=box.topright))
    if roomy and room in model.visited:
        order = theme.text(str(model.visited.index(room) + 1), "small", th.MUTED, "bold")
        surface.blit(order, order.get_rect(bottomleft=(box.x + theme.px(6), box.bottom - theme.px(3))))


def draw_walker(
    surface: pygame.Surface, theme: Theme, rooms: dict[str, pygame.Rect], model: RoomsModel, player: Player
) -> None:
    """The player: a disc that walks the corridor of the last move."""
    origin, room = walker_move(model, player.last_event)
    (x0, y0), (x1, y1) = rooms[origin].center, rooms[room].center
    t = th.ease(player.progress())
    x, y = round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)
    radius = theme.px(13)
    centre = (x + rooms["A"].w // 4, y - rooms["A"].h // 4)
    pygame.draw.circle(surface, th.ACTIVE, centre, radius)
    pygame.draw.circle(surface, th.PANEL, centre, radius, theme.px(2))
    face = theme.text("☺", "large", th.PANEL, "bold")
    surface.blit(face, face.get_rect(center=centre))


def draw_banner(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, model: RoomsModel) -> None:
    """The outcome, once there is one, cut to the map's width."""
    shown = outcome(model)
    if shown is None:
        return
    words, tone = shown
    colour = th.DONE if tone == "done" else th.DEAD
    text = fit_text(theme, words, max(1, rect.w - theme.px(24)), "large", "bold")
    image = theme.text(text, "large", th.PANEL, "bold")
    box = image.get_rect(midtop=(rect.centerx, rect.y)).inflate(theme.px(24), theme.px(10))
    draw_box(surface, box, theme, fill=colour, edge=colour, radius=8)
    surface.blit(image, image.get_rect(center=box.center))


def draw_stack(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, model: RoomsModel, player: Player
) -> None:
    """CheckRoom's frames, the current one on top."""
    frames = []
    for index, room in enumerate(model.stack):
        on_top = index == len(model.stack) - 1
        if model.path:
            state, detail = "done", _("solved")
        elif on_top and room in model.dead:
            state, detail = "dead", _("dead end")
        else:
            state, detail = ("active", _("trying")) if on_top else ("waiting", "")
        frames.append(FrameView(f"CheckRoom({room})", state, detail))
    arrival = player.progress() if type(player.last_event) is Push else 1.0
    draw_call_stack(surface, rect, theme, frames, title=_("CheckRoom calls"), arrival=arrival)


def draw_order(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, model: RoomsModel, variant: str
) -> None:
    """The rooms in the order visited, beside the order the text gives."""
    inner = card(surface, rect, theme, _(ORDER_TITLE))
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
    if variant == TEXT:
        lines = wrap(theme, _("the text: {order}").format(order=TEXT_ORDER), inner.w)
        y = inner.bottom - theme.line_height("small") * len(lines)
        for line in lines:
            surface.blit(theme.text(line, "small", th.MUTED), (inner.x, y))
            y += theme.line_height("small")
