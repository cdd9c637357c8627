"""The recursion demo's drawing: the stack, the loop in lockstep, depth over time, the call tree.

Everything here only reads the model; where things go is `layout`, a pure
function the controller uses for both input and drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from solvers.events import Push
from solvers.i18n import _, format_number, ngettext
from visualizer import theme as th
from visualizer.calltree import CallTree
from visualizer.panels import FrameView, card, card_content, draw_call_stack, fit_text, stack_boxes, wrap
from visualizer.player import Player
from visualizer.scenes.recursion.model import ENDLESS, NOT_RETURNED, TREE, RecursionModel, short
from visualizer.theme import Theme
from visualizer.treepaint import PILL, Camera, Look, Stroke, Tag, call_tree_places, node_at, paint_call_tree

STACK_SHOWN = 64
"""Frames turned into views each frame (deeper ones fold into '+ N frames below')."""
TREE_COLOURS = {"active": th.ACTIVE, "waiting": th.WAITING, "done": th.DONE, "dead": th.DEAD}
"""A call-tree node's outline by the state of its call."""


@dataclass(frozen=True, slots=True)
class RecursionLayout:
    """The stack on the left; on the right the call tree, or the loop above the depth chart."""

    stack: pygame.Rect
    tree: pygame.Rect | None
    loop: pygame.Rect | None
    depth: pygame.Rect | None


def layout(rect: pygame.Rect, theme: Theme, mode: str) -> RecursionLayout:
    """Where the stack, the tree or the loop and the depth chart go."""
    gap = theme.px(10)
    left_w = int(rect.w * (0.42 if mode != TREE else 0.34))
    stack = pygame.Rect(rect.x, rect.y, left_w, rect.h)
    right = pygame.Rect(stack.right + gap, rect.y, rect.right - stack.right - gap, rect.h)
    if mode == TREE:
        return RecursionLayout(stack, right, None, None)
    depth_h = max(theme.px(120), right.h // 3)
    loop = pygame.Rect(right.x, right.y, right.w, right.h - depth_h - gap)
    depth = pygame.Rect(right.x, loop.bottom + gap, right.w, depth_h)
    return RecursionLayout(stack, None, loop, depth)


# --- the stack ------------------------------------------------------------------------


def frame_view(model: RecursionModel, node: int, on_top: bool, asked: bool = False) -> FrameView:
    """One frame: its call, and what it is waiting for or returning ('?' for what a question `asked`)."""
    arg = model.args[node]
    if model.mode == TREE:
        best = model.best.get(node)
        detail = (
            _("leaf {value}").format(value=arg)
            if arg is not None
            else ("" if best is None else f"best = {'?' if asked else short(best)}")
        )
        return FrameView(f"max_of(#{node})", "active" if on_top else "waiting", detail)
    label = f"fact({arg})"
    if model.overflow is not None and on_top:
        return FrameView(label, "dead", _("cannot call again"))
    value = model.result(node + 1)
    if value is not NOT_RETURNED and value is not None:
        product = "?" if asked else short(arg * value)
        return FrameView(label, "done", f"{arg} * {short(value)} = {product}")
    if on_top and asked:
        return FrameView(label, "active", "?")  # 'base case: return 1', 'calls fact(3)': the answers
    if on_top:
        base = model.mode != ENDLESS and arg <= 1
        return FrameView(
            label,
            "active",
            _("base case: return 1") if base else _("calls {call}").format(call=f"fact({arg - 1})"),
        )
    return FrameView(label, "waiting", f"{arg} * fact({arg - 1})")


def draw_stack(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    model: RecursionModel,
    player: Player,
    *,
    n: int,
    limit: int,
    asked: int | None = None,
) -> None:
    """The call stack, the newest frame sliding in, the overflow or answer banner over it.

    `asked` is the call a waiting question is about: its frame keeps the answer to itself.
    """
    arrival = player.progress() if isinstance(player.last_event, Push) else 1.0
    depth = len(model.stack)
    top = model.stack[-1] if model.stack else None
    frames = [frame_view(model, node, node == top, node == asked) for node in model.stack[-STACK_SHOWN:]]
    draw_call_stack(
        surface,
        rect,
        theme,
        frames,
        below=depth - len(frames),
        limit=limit if model.mode != TREE else None,
        title=stack_title(model),
        arrival=arrival,
    )
    if model.overflow is not None:
        detail = _("{depth} frames: the limit is {limit}").format(
            depth=format_number(model.overflow.depth), limit=format_number(model.overflow.limit)
        )
        banner(surface, rect, theme, _("STACK OVERFLOW"), detail)
    elif model.result(0) is not NOT_RETURNED and model.mode != TREE:
        detail = ngettext(
            "{count} call wound the stack, {count} return unwound it",
            "{count} calls wound the stack, {count} returns unwound it",
            n,
        ).format(count=n)
        banner(surface, rect, theme, f"fact({n}) = {short(model.result(0))}", detail, th.DONE)


def stack_title(model: RecursionModel) -> str:
    """'call stack: 3 frames'."""
    depth = len(model.stack)
    return ngettext("call stack: {count} frame", "call stack: {count} frames", depth).format(
        count=format_number(depth)
    )


def frame_at(
    rect: pygame.Rect, theme: Theme, model: RecursionModel, limit: int, pos: tuple[int, int]
) -> int | None:
    """The call whose stack frame is under `pos`, if any."""
    stack = model.stack[-STACK_SHOWN:]
    title = stack_title(model) + (f" (limit {limit:,})" if model.mode != TREE else "")
    placed, _ = stack_boxes(rect, theme, len(stack), len(model.stack) - len(stack), title)
    return next((stack[index] for index, box in placed if box.collidepoint(pos)), None)


def tree_area(lay: RecursionLayout, theme: Theme) -> pygame.Rect | None:
    """The inside of the tree's card (its title's height does not depend on its words)."""
    return card_content(lay.tree, theme, _("call tree")) if lay.tree is not None else None


def call_at(
    lay: RecursionLayout, theme: Theme, model: RecursionModel, camera: Camera, pos: tuple[int, int]
) -> int | None:
    """The call whose pill is under `pos` in the tree, if the tree is shown."""
    area = tree_area(lay, theme)
    if area is None or model.tree is None:
        return None
    return node_at(call_tree_places(theme, area, model.tree).places, area, pos, camera)


def hover_lines(model: RecursionModel, node: int, asked: int | None = None) -> list[str]:
    """What hovering a call of the tree tells: its node, and its value or best so far (not if `asked`)."""
    tree = model.tree
    assert tree is not None
    leaf = tree.what[node]
    call = f"max_of(node #{node})"
    if leaf is not None:
        call = _("{call}: a leaf, value {value}").format(call=call, value=leaf)
    if tree.closed(node):
        return [call, _("returned {value}").format(value=tree.value[node])]
    best = model.best.get(node)
    if best in (None, float("-inf")) or node == asked:
        return [call, _("still running")]
    return [call, _("still running, best so far {best}").format(best=best)]


def banner(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    big: str,
    small: str,
    colour: th.Color = th.DEAD,
) -> None:
    """A message across the top of a panel."""
    box = pygame.Rect(rect.x + theme.px(10), rect.y + theme.px(34), rect.w - theme.px(20), theme.px(64))
    pygame.draw.rect(surface, colour, box, border_radius=theme.px(8))
    room = box.w - theme.px(16)
    title = theme.text(fit_text(theme, big, room, "large", "bold"), "large", th.PANEL, "bold")
    surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + theme.px(8))))
    line = theme.text(fit_text(theme, small, room), "small", th.PANEL)
    surface.blit(line, line.get_rect(midbottom=(box.centerx, box.bottom - theme.px(8))))


# --- the loop and the depth chart ---------------------------------------------------------


def draw_loop(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, model: RecursionModel) -> None:
    """The loop's two variables, large, what it costs in memory, and the two chains of values."""
    inner = card(surface, rect, theme, _("the loop: fact_loop(N), in lockstep"))
    y = inner.y + theme.px(6)
    size = "title" if inner.h >= theme.line_height("title") * 4 else "large"  # a short card: smaller values
    value_x = inner.x + theme.font(size, "mono").size("retval = ")[0]  # after the longer name, at any scale
    for name in ("i", "retval"):
        if y + theme.line_height(size) > inner.bottom:
            return
        value = model.loop.get(name)
        surface.blit(theme.text(f"{name} =", size, th.MUTED, "mono"), (inner.x, y))
        text = "—" if value is None else short(value, 18)
        surface.blit(
            theme.text(fit_text(theme, text, inner.right - value_x, size, "bold"), size, th.ACTIVE, "bold"),
            (value_x, y),
        )
        y += theme.line_height(size) + theme.px(6)
    if model.loop_result is not None and y + theme.line_height("large") <= inner.bottom:
        done = _("returns {value}").format(value=short(model.loop_result, 24))
        surface.blit(
            theme.text(fit_text(theme, done, inner.w, "large", "bold"), "large", th.DONE, "bold"),
            (inner.x, y),
        )
        y += theme.line_height("large")
    y += theme.px(8)
    note = _("memory: the loop always uses 1 frame; the recursion is using {count} now").format(
        count=format_number(len(model.stack))
    )
    lines = wrap(theme, note, inner.w)
    if y + len(lines) * theme.line_height("small") <= inner.bottom:  # the note whole, or not at all
        for line in lines:
            surface.blit(theme.text(line, "small", th.INK), (inner.x, y))
            y += theme.line_height("small")
    # The same products, two orders: the loop multiplies from N down, the
    # recursion's returns come back from the base case up.
    y += theme.px(10)
    for label, values, colour in (
        (_("loop's retval"), model.retvals, th.ACTIVE),
        (_("recursion returns"), model.returns_newest_first(), th.DONE),
    ):
        y = draw_chain(surface, inner, theme, y, label, values, colour)


def draw_chain(
    surface: pygame.Surface,
    inner: pygame.Rect,
    theme: Theme,
    y: int,
    label: str,
    values: Sequence[Any],
    colour: th.Color,
) -> int:
    """'label: v1 → v2 → …' as chips on one line (the oldest dropped to fit); the next y."""
    if y + theme.line_height("small") * 2 > inner.bottom:
        return y
    surface.blit(theme.text(label, "small", th.MUTED), (inner.x, y))
    y += theme.line_height("small")
    chips = [theme.text(short(v, 10), "small", th.INK, "bold") for v in values]
    arrow = theme.text("→", "small", th.MUTED)
    pad, gap = theme.px(6), theme.px(4)
    widths = [c.get_width() + 2 * pad for c in chips]
    shown = len(chips)
    while shown and sum(widths[-shown:]) + (shown - 1) * (arrow.get_width() + 2 * gap) > inner.w:
        shown -= 1
    x = inner.x
    height = theme.line_height("small") + theme.px(4)
    for index in range(len(chips) - shown, len(chips)):
        box = pygame.Rect(x, y, widths[index], height)
        pygame.draw.rect(surface, th.blend(th.PANEL, colour, 0.18), box, border_radius=theme.px(4))
        pygame.draw.rect(surface, colour, box, width=1, border_radius=theme.px(4))
        surface.blit(chips[index], chips[index].get_rect(center=box.center))
        x = box.right + gap
        if index < len(chips) - 1:
            surface.blit(arrow, (x, y + (height - arrow.get_height()) // 2))
            x += arrow.get_width() + gap
    if not chips:
        surface.blit(theme.text(_("nothing yet"), "small", th.FAINT), (inner.x, y))
    return y + height + theme.px(8)


def draw_depth(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    model: RecursionModel,
    player: Player,
    limit: int,
) -> None:
    """Depth over time: winding climbs, unwinding descends."""
    inner = card(surface, rect, theme, _("stack depth over time"))
    total = max(player.known_length(), len(model.depths), 1)
    top = max(limit, player.counters.max_depth, 1)
    if limit <= top:
        y = inner.bottom - round(inner.h * limit / top)
        pygame.draw.line(surface, th.DEAD, (inner.x, y), (inner.right, y), theme.px(1))
    # One bar per pixel column, sampling the event under it: the cost is the
    # width of the card, however long the run.
    shown = len(model.depths)
    for x in range(inner.w):
        index = int(x * total / inner.w)
        if index >= shown:
            break
        h = round(inner.h * model.depths[index] / top)
        pygame.draw.line(surface, th.WAITING, (inner.x + x, inner.bottom), (inner.x + x, inner.bottom - h))
    if shown:
        x = inner.x + round(shown * inner.w / total)
        pygame.draw.line(surface, th.ACTIVE, (x, inner.y), (x, inner.bottom), theme.px(2))
    if limit <= top:  # last, on the card's colour, so the "now" line never crosses it
        label = theme.text(_("limit {limit}").format(limit=limit), "tiny", th.DEAD)
        place = label.get_rect(topleft=(inner.x + 2, inner.bottom - round(inner.h * limit / top) + 2))
        surface.fill(th.PANEL, place.inflate(4, 0))
        surface.blit(label, place)


# --- the call tree ------------------------------------------------------------------------


def call_look(model: RecursionModel, tree: CallTree, node: int, size: str, asked: int | None = None) -> Look:
    """A leaf shows its value, an inner call 'max'; its id beside it; returns and bests ('?' if `asked`)."""
    arg = tree.what[node]
    label = str(arg) if arg is not None else "max"
    if tree.closed(node):
        state, value = "done", f"= {tree.value[node]}"
    else:
        best = model.best.get(node)
        top = model.stack[-1] if model.stack else None
        state = "active" if node == top else "waiting"
        shown = "?" if node == asked else best
        value = "" if best is None or best == float("-inf") else _("best {value}").format(value=shown)
    colour = TREE_COLOURS[state]
    tags = (Tag(value, th.blend(th.PANEL, colour, 0.5)),) if value else ()
    return Look(colour, shape=PILL, label=label, label_size=size, ident=f"#{node}", tags=tags, edge=Stroke())


def draw_call_tree(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    model: RecursionModel,
    title: str,
    camera: Camera,
    asked: int | None = None,
) -> None:
    """The calls made so far, scaled to fit the card, each labelled with what it returned."""
    inner = card(surface, rect, theme, title)
    tree = model.tree
    assert tree is not None, "only the tree variant keeps a call tree"
    paint_call_tree(
        surface, theme, inner, tree, lambda node, size, _: call_look(model, tree, node, size, asked), camera
    )
