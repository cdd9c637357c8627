"""Hanoi's screen: a pure layout, the pegs, the call stack and the call tree (folded to fit, zoomable).

Drawing only reads the model.  Each disk has its own colour and its number
written on it, so colour is never the only cue; the disk that moved last is
outlined, with an arrow from the peg it left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from solvers.hanoi import PEGS
from solvers.i18n import _, format_number, ngettext
from visualizer import theme as th
from visualizer.calltree import CallTree
from visualizer.draw import arrow
from visualizer.panels import FrameView, card, card_content, draw_call_stack, fit_text, stack_boxes
from visualizer.scenes.hanoi.model import HanoiModel
from visualizer.theme import Theme
from visualizer.treepaint import (
    PILL,
    Camera,
    Look,
    Stroke,
    Tag,
    call_ident,
    call_tree_places,
    node_at,
    paint_call_tree,
)

STACK_SHOWN = 64
"""Frames turned into views each frame (deeper ones fold into '+ N frames below')."""
DISK_COLOURS = (th.ORANGE, th.SKY, th.GREEN, th.YELLOW, th.BLUE, th.VERMILLION, th.PURPLE)
"""Disk colours, cycling (the number on each disk is the second cue)."""


@dataclass(frozen=True, slots=True)
class HanoiLayout:
    """The stack at the left; the pegs at the right, above the call tree when it is shown."""

    stack: pygame.Rect
    pegs: pygame.Rect
    tree: pygame.Rect | None


def layout(rect: pygame.Rect, theme: Theme) -> HanoiLayout:
    """Where the stack, the pegs and the tree go in the stage (a stage too short drops the tree)."""
    gap = theme.px(10)
    stack_w = max(theme.px(180), int(rect.w * 0.3))
    stack = pygame.Rect(rect.x, rect.y, stack_w, rect.h)
    right = pygame.Rect(stack.right + gap, rect.y, rect.right - stack.right - gap, rect.h)
    pegs_h = max(theme.px(160), int(right.h * 0.5))
    pegs = pygame.Rect(right.x, right.y, right.w, pegs_h)
    tree = pygame.Rect(right.x, pegs.bottom + gap, right.w, right.bottom - pegs.bottom - gap)
    return HanoiLayout(stack, pegs, tree if tree.h >= theme.px(100) else None)


def call_text(call: tuple[int, int, int, int]) -> str:
    """'hanoi(3, A→C)'."""
    n, frm, to, _via = call
    return f"hanoi({n}, {PEGS[frm]}→{PEGS[to]})"


# --- the pegs -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PegGeometry:
    """Where the pegs stand inside their card: a pure function of the card, the theme and the disks."""

    inner: pygame.Rect
    base_y: int
    disk_h: int
    column: float
    widest: int

    def centre(self, peg: int) -> int:
        """The x of peg `peg`'s post."""
        return round(self.inner.x + self.column * (peg + 0.5))

    def slot(self, peg: int, height: int) -> pygame.Rect:
        """The room a disk takes at `height` (0: on the base) on peg `peg`, as wide as the peg's column."""
        width = self.widest
        top = self.base_y - self.disk_h * (height + 1)
        return pygame.Rect(self.centre(peg) - width // 2, top, width, self.disk_h - 1)


def pegs_title(model: HanoiModel) -> str:
    """'pegs: 3 disks, move 2 of 7'."""
    return _("pegs: {disks} disks, move {number} of {total}").format(
        disks=model.disks, number=format_number(model.moves), total=format_number(2**model.disks - 1)
    )


def peg_geometry(rect: pygame.Rect, theme: Theme, model: HanoiModel) -> PegGeometry:
    """The pegs' geometry in the card `rect` (the same for drawing and for clicks)."""
    inner = card_content(rect, theme, pegs_title(model))
    label_h = theme.line_height("body") + theme.px(4)
    base_y = inner.bottom - label_h
    disk_h = max(theme.px(6), min(theme.px(26), (base_y - inner.y - theme.px(16)) // (model.disks + 1)))
    return PegGeometry(inner, base_y, disk_h, inner.w / 3, round(inner.w / 3 - theme.px(12)))


def move_targets(
    rect: pygame.Rect, theme: Theme, model: HanoiModel, moves: list[Any]
) -> dict[tuple[int, int], pygame.Rect]:
    """Each move (from, to) as the place its disk would land: the target peg's next slot, split by side.

    Two moves may end on one peg (from its left and from its right): each takes the half of the slot on
    the side its disk comes from, so every move has its own box.
    """
    geo = peg_geometry(rect, theme, model)
    found = {}
    for frm, to in moves:
        slot = geo.slot(to, len(model.pegs[to])).inflate(0, theme.px(6))
        if any(other_to == to and other != frm for other, other_to in moves):
            half = slot.w // 2
            slot = pygame.Rect(slot.x if frm < to else slot.x + half, slot.y, half, slot.h)
        found[(frm, to)] = slot
    return found


def frame_targets(rect: pygame.Rect, theme: Theme, model: HanoiModel) -> dict[int, pygame.Rect]:
    """Each running call's node -> its frame's box on the stack card."""
    stack = model.calls.stack[-STACK_SHOWN:]
    below = len(model.calls.stack) - len(stack)
    placed, _ = stack_boxes(rect, theme, len(stack), below, stack_title(model))
    return {stack[index]: box for index, box in placed}


def draw_pegs(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, model: HanoiModel) -> None:
    """Three pegs with their disks, the last move outlined, peg names under them."""
    card(surface, rect, theme, pegs_title(model))
    geo = peg_geometry(rect, theme, model)
    inner, base_y, disk_h = geo.inner, geo.base_y, geo.disk_h
    widest = geo.widest
    narrowest = min(widest, theme.px(28))
    step = (widest - narrowest) / max(1, model.disks - 1)
    for peg in range(3):
        centre = geo.centre(peg)
        post = pygame.Rect(
            centre - theme.px(3), base_y - disk_h * (model.disks + 1), theme.px(6), disk_h * (model.disks + 1)
        )
        pygame.draw.rect(surface, th.MUTED, post, border_radius=theme.px(3))
        name = theme.text(PEGS[peg], "body", th.INK, "bold")
        surface.blit(name, name.get_rect(midtop=(centre, base_y + theme.px(4))))
        for height, disk in enumerate(model.pegs[peg]):
            width = round(narrowest + step * (disk - 1))
            box = pygame.Rect(centre - width // 2, base_y - disk_h * (height + 1), width, disk_h - 1)
            draw_disk(surface, theme, box, disk, moved=model.last is not None and model.last[0] == disk)
    pygame.draw.line(surface, th.INK, (inner.x, base_y), (inner.right, base_y), theme.px(3))
    if model.last is not None:
        _disk, frm, to = model.last
        y = max(inner.y + theme.px(8), base_y - disk_h * (model.disks + 2) - theme.px(8))
        arrow(surface, th.ACTIVE, (geo.centre(frm), y), (geo.centre(to), y), theme.px(3), theme.px(12))


def draw_disk(surface: pygame.Surface, theme: Theme, box: pygame.Rect, disk: int, moved: bool) -> None:
    """One disk: its colour, its number when it fits, an outline when it moved last."""
    colour = DISK_COLOURS[(disk - 1) % len(DISK_COLOURS)]
    pygame.draw.rect(surface, colour, box, border_radius=theme.px(4))
    pygame.draw.rect(
        surface, th.ACTIVE if moved else th.INK, box, theme.px(3) if moved else 1, border_radius=theme.px(4)
    )
    label = theme.text(str(disk), "tiny", th.INK, "bold")
    if label.get_width() < box.w - theme.px(4) and label.get_height() <= box.h + theme.px(4):
        surface.blit(label, label.get_rect(center=box.center).clamp(box))


def next_step(call: tuple[int, int, int, int], children_done: int) -> str:
    """What a running call does next, by how many of its two calls have returned."""
    n, frm, to, via = call
    if n == 1:
        return _("move disk 1 {path}").format(path=f"{PEGS[frm]}→{PEGS[to]}")
    if children_done == 0:
        return _("first: {count} disks {path}").format(count=n - 1, path=f"{PEGS[frm]}→{PEGS[via]}")
    return _("disk {disk} {path}, then {count} {rest}").format(
        disk=n, path=f"{PEGS[frm]}→{PEGS[to]}", count=n - 1, rest=f"{PEGS[via]}→{PEGS[to]}"
    )


# --- the stack and the tree -------------------------------------------------------------------


def draw_stack(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, model: HanoiModel, asking: bool = False
) -> None:
    """The calls now running, the newest on top, each saying what it waits for (not while a step is asked)."""
    running = model.running()
    frames = []
    for depth, node in enumerate(model.calls.stack):
        call = running[depth]
        on_top = depth == len(running) - 1
        if on_top and asking:
            detail = _("(your step)")
        elif on_top:
            detail = next_step(call, sum(1 for _ in model.calls.children(node)))
        else:
            below = running[depth + 1]
            detail = _("waits while {count} move {path}").format(
                count=below[0], path=f"{PEGS[below[1]]}→{PEGS[below[2]]}"
            )
        frames.append(FrameView(call_text(call), "active" if on_top else "waiting", detail))
    shown = frames[-STACK_SHOWN:]
    draw_call_stack(surface, rect, theme, shown, below=len(frames) - len(shown), title=stack_title(model))


def stack_title(model: HanoiModel) -> str:
    """'call stack: 3 frames'."""
    depth = len(model.calls.stack)
    return ngettext("call stack: {count} frame", "call stack: {count} frames", depth).format(
        count=format_number(depth)
    )


def frame_at(rect: pygame.Rect, theme: Theme, model: HanoiModel, pos: tuple[int, int]) -> int | None:
    """The call whose stack frame is under `pos`, if any."""
    boxes = frame_targets(rect, theme, model)
    return next((node for node, box in boxes.items() if box.collidepoint(pos)), None)


def draw_tree(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, model: HanoiModel, camera: Camera
) -> None:
    """The calls so far as a tree: 'n A→C' in each, done calls green, the running one blue."""
    inner = card(surface, rect, theme, _("call tree"))
    calls = model.calls
    paint_call_tree(
        surface,
        theme,
        inner,
        calls,
        lambda node, size, column: _look(calls, node, size, column, theme),
        camera,
    )


def _look(calls: CallTree, node: int, size: str, column: float, theme: Theme) -> Look:
    """A call's pill: its disks and pegs when they fit, coloured by its state."""
    n, frm, to, _via = calls.what[node]
    state = (
        th.DONE
        if calls.closed(node)
        else (th.ACTIVE if calls.stack and calls.stack[-1] == node else th.WAITING)
    )
    label = fit_text(theme, f"{n} {PEGS[frm]}→{PEGS[to]}", max(1, int(column) - theme.px(8)), size)
    tags = () if calls.closed(node) or node != (calls.stack[-1] if calls.stack else -1) else (Tag(_("now")),)
    ident = call_ident(theme, calls, node, column)
    return Look(state, shape=PILL, label=label, label_size=size, ident=ident, tags=tags, edge=Stroke())


def tree_area(lay: HanoiLayout, theme: Theme) -> pygame.Rect | None:
    """The inside of the tree's card, where the camera works."""
    return card_content(lay.tree, theme, _("call tree")) if lay.tree is not None else None


def call_at(
    lay: HanoiLayout, theme: Theme, model: HanoiModel, camera: Camera, pos: tuple[int, int]
) -> int | None:
    """The call whose pill is under `pos` in the tree, if the tree is shown."""
    area = tree_area(lay, theme)
    if area is None:
        return None
    return node_at(call_tree_places(theme, area, model.calls).places, area, pos, camera)


def hover_lines(model: HanoiModel, node: int) -> list[str]:
    """What hovering a call tells: its arguments, and what it did once it returned."""
    n, frm, to, via = model.calls.what[node]
    call = f"#{node} hanoi(n={n}, from={PEGS[frm]}, to={PEGS[to]}, via={PEGS[via]})"
    if not model.calls.closed(node):
        return [call, _("still running")]
    moves = 2**n - 1
    made = ngettext(
        "returned None, having made {count} disk move", "returned None, having made {count} disk moves", moves
    )
    return [call, made.format(count=format_number(moves))]
