""" "Your code"'s screen: a pure layout, the call stack with locals, the call tree, the outcome, the hover.

Drawing only reads the model.  A call's state has a colour and a second cue:
the running call is ringed, a call a cache answered has a dashed border and
a 'cache' tag, a call an exception left has a 'raised' tag.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from solvers.i18n import _, format_number, ngettext
from solvers.tracing.events import CACHE, RAISE
from visualizer import theme as th
from visualizer.panels import FrameView, card, card_content, card_height, draw_call_stack, fit_text
from visualizer.scenes.trace.model import RunModel
from visualizer.theme import Theme
from visualizer.treepaint import (
    DASHED,
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

SHORT_ARG = 6
"""An argument's repr this short stays in a narrow pill; longer ones (a grid, a list) go to the hover."""
STACK_SHOWN = 64
"""Frames turned into views each frame (deeper ones fold into '+ N frames below')."""
SIDE_COLOURS = (th.ACTIVE, th.PURPLE)
"""The lit line of each run when two play side by side."""


@dataclass(frozen=True, slots=True)
class TraceLayout:
    """Per run a stack (left) and a tree (right); the outcome strip under them."""

    stack: pygame.Rect
    tree: pygame.Rect
    stack2: pygame.Rect
    tree2: pygame.Rect
    outcome: pygame.Rect
    picture: pygame.Rect  # the first run's picture beyond the tree (empty when it has none)
    console: pygame.Rect = field(default_factory=pygame.Rect)  # what was printed, under the last stack
    graphs: tuple[pygame.Rect, pygame.Rect] = field(default_factory=lambda: (pygame.Rect(), pygame.Rect()))
    """Each run's merged graph of subproblems, beside its tree (empty when it has no memo hits)."""

    def stacks(self) -> tuple[pygame.Rect, ...]:
        """The stack card of each run shown."""
        return (self.stack, self.stack2) if self.stack2.h else (self.stack,)

    def trees(self) -> tuple[pygame.Rect, ...]:
        """The tree card of each run shown."""
        return (self.tree, self.tree2) if self.tree2.h else (self.tree,)


def layout(
    rect: pygame.Rect,
    theme: Theme,
    runs: int,
    pictured: bool = False,
    console: bool = False,
    graphs: tuple[bool, ...] = (),
) -> TraceLayout:
    """Stacks at the left, trees at the right, one row per run; the outcome strip at the bottom.

    With a picture, the first run's stack card gives its upper part to it; with a console, the
    last stack card gives its lower part; a run with a merged graph gives it the right of its tree.
    """
    lay = base_layout(rect, theme, runs, pictured)
    gap = theme.px(10)
    trees = list(lay.trees())
    merged = [pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]
    for side, wanted in enumerate(graphs[: len(trees)]):
        if wanted:
            tree = trees[side]
            width = max(theme.px(160), int(tree.w * 0.4))
            trees[side] = pygame.Rect(tree.x, tree.y, max(0, tree.w - width - gap), tree.h)
            merged[side] = pygame.Rect(trees[side].right + gap, tree.y, width, tree.h)
    stacks = list(lay.stacks())
    printed = pygame.Rect(0, 0, 0, 0)
    if console:
        last = stacks[-1]
        height = max(theme.line_height("small") * 3, int((last.h - gap) * 0.4))
        stacks[-1] = pygame.Rect(last.x, last.y, last.w, max(0, last.h - height - gap))
        printed = pygame.Rect(last.x, stacks[-1].bottom + gap, last.w, height)
    empty = pygame.Rect(rect.x, rect.y, 0, 0)
    return TraceLayout(
        stacks[0],
        trees[0],
        stacks[1] if len(stacks) > 1 else empty,
        trees[1] if len(trees) > 1 else empty,
        lay.outcome,
        lay.picture,
        printed,
        (merged[0], merged[1]),
    )


def base_layout(rect: pygame.Rect, theme: Theme, runs: int, pictured: bool) -> TraceLayout:
    """Stacks, trees, the outcome strip and the picture, before a console or a graph takes room."""
    gap = theme.px(10)
    outcome_h = card_height(theme, max(2, runs) * theme.line_height("small"), titled=False)
    outcome = pygame.Rect(rect.x, rect.bottom - outcome_h, rect.w, outcome_h)
    body = pygame.Rect(rect.x, rect.y, rect.w, max(0, outcome.y - gap - rect.y))
    stack_w = max(theme.px(200), int(body.w * 0.34))
    empty = pygame.Rect(rect.x, rect.y, 0, 0)
    if runs == 1:
        stack = pygame.Rect(body.x, body.y, stack_w, body.h)
        tree = pygame.Rect(stack.right + gap, body.y, body.right - stack.right - gap, body.h)
        stack, picture = split_for_picture(stack, gap, 0.5) if pictured else (stack, empty)
        return TraceLayout(stack, tree, empty, empty, outcome, picture)
    half = (body.h - gap) // 2
    stack = pygame.Rect(body.x, body.y, stack_w, half)
    stack2 = pygame.Rect(body.x, stack.bottom + gap, stack_w, body.h - half - gap)
    tree = pygame.Rect(stack.right + gap, body.y, body.right - stack.right - gap, half)
    tree2 = pygame.Rect(tree.x, stack2.y, tree.w, stack2.h)
    stack, picture = split_for_picture(stack, gap, 0.6) if pictured else (stack, empty)
    return TraceLayout(stack, tree, stack2, tree2, outcome, picture)


def split_for_picture(stack: pygame.Rect, gap: int, share: float) -> tuple[pygame.Rect, pygame.Rect]:
    """A stack card's upper `share` for the picture, the rest for the stack: (stack, picture)."""
    picture = pygame.Rect(stack.x, stack.y, stack.w, int((stack.h - gap) * share))
    return pygame.Rect(stack.x, picture.bottom + gap, stack.w, stack.bottom - picture.bottom - gap), picture


def tree_title(run: RunModel) -> str:
    """'fib: 41 calls, 8 cache hits'."""
    calls = format_number(run.work)
    if run.hits:
        words = ngettext(
            "{name}: {calls} calls, {count} cache hit", "{name}: {calls} calls, {count} cache hits", run.hits
        )
    else:
        words = ngettext("{name}: {calls} call", "{name}: {calls} calls", run.work)
    name = run.label or _("call tree")
    return words.format(name=name, calls=calls, count=format_number(run.hits))


def stack_title(run: RunModel) -> str:
    """'fib: call stack, 3 frames'."""
    count = format_number(run.depth)
    if run.label:
        words = ngettext("{name}: call stack, {count} frame", "{name}: call stack, {count} frames", run.depth)
        return words.format(name=run.label, count=count)
    return ngettext("call stack, {count} frame", "call stack, {count} frames", run.depth).format(count=count)


# --- the stack ------------------------------------------------------------------------------


def frame_views(run: RunModel, theme: Theme, width: int) -> list[FrameView]:
    """The top of the stack as frames: the call with its arguments, its other locals beside it."""
    stack = run.calls.stack[-STACK_SHOWN:]
    views = []
    for depth, node in enumerate(stack):
        call = run.call(node)
        shown = dict(call.args)
        others = ", ".join(f"{k}={v}" for k, v in run.locals[node].items() if shown.get(k) != v)
        text = fit_text(theme, call.short(), int(width * (0.55 if others else 0.85)), "body", "mono")
        state = "active" if depth == len(stack) - 1 else "waiting"
        views.append(FrameView(text, state, others))
    return views


def draw_stack(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, run: RunModel) -> None:
    """The calls running now, the newest on top, each with its locals."""
    frames = frame_views(run, theme, rect.w - theme.px(60))
    below = max(0, run.depth - len(frames))
    draw_call_stack(surface, rect, theme, frames, below=below, title=stack_title(run))


def stack_node(run: RunModel, index: int) -> int:
    """The call shown as frame `index` of `frame_views` (which shows the top STACK_SHOWN)."""
    return run.calls.stack[-STACK_SHOWN:][index]


# --- the tree -------------------------------------------------------------------------------


def draw_tree(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    run: RunModel,
    camera: Camera,
    chosen: int | None,
) -> None:
    """The calls so far, return values tagged under them; the running call ringed, `chosen` haloed."""
    card(surface, rect, theme, tree_title(run))
    paint_call_tree(
        surface,
        theme,
        tree_area(rect, theme, run),
        run.calls,
        lambda node, size, column: look(run, node, size, column, theme, chosen),
        camera,
    )


def look(run: RunModel, node: int, size: str, column: float, theme: Theme, chosen: int | None) -> Look:
    """A call's pill: its arguments when they fit, its state in colour and in a second cue."""
    calls = run.calls
    label = pill_label(run, node, int(column) - theme.px(6) - 6, size, theme)
    returned = run.returned(node)
    running = calls.active() == node
    border: Stroke | None = None
    tags: tuple[Tag, ...] = ()
    waiting = calls.last_yield(node)
    if returned is None and waiting is not None:
        colour, border = th.WAITING, Stroke(th.PRUNED, 2, DASHED)
        tags = (Tag(_("yield {value}").format(value=waiting), ink=th.PRUNED),)
    elif returned is None:
        colour = th.ACTIVE if running else th.WAITING
    elif returned.how == CACHE:
        colour, border = th.VISITED, Stroke(th.VISITED, 2, DASHED)
        tags = (Tag(_("cache {value}").format(value=returned.text)),)
    elif returned.how == RAISE:
        colour, tags = th.DEAD, (Tag(_("raised"), ink=th.DEAD),)
    else:
        colour, tags = th.DONE, (Tag(f"→ {returned.text}"),)
    ring = th.ACTIVE if running else None
    halo = th.LIT_LINE if node == chosen and not running else None
    ident = call_ident(theme, calls, node, column)
    return Look(
        colour,
        shape=PILL,
        label=label,
        label_size=size,
        border=border,
        ident=ident,
        tags=tags,
        ring=ring,
        halo=halo,
    )


def pill_label(run: RunModel, node: int, width: int, size: str, theme: Theme) -> str:
    """'fib(3)' when it fits, else the short arguments alone ('1, 0' for flood_fill(grid, 1, 0)), fitted."""
    call = run.call(node)
    whole = call.short()
    font = theme.font(size, "mono")
    if font.size(whole)[0] <= width:
        return whole
    values = [value for _, value in call.args]
    short = [value for value in values if len(value) <= SHORT_ARG] or values
    return fit_text(theme, ", ".join(short), max(1, width), size, "mono")


def tree_area(rect: pygame.Rect, theme: Theme, run: RunModel) -> pygame.Rect:
    """The inside of a tree's card, less a row for the lowest calls' tags: where calls go."""
    inner = card_content(rect, theme, tree_title(run))
    return pygame.Rect(inner.x, inner.y, inner.w, max(0, inner.h - theme.line_height("tiny") - theme.px(4)))


def call_at(
    rect: pygame.Rect, theme: Theme, run: RunModel, camera: Camera, pos: tuple[int, int]
) -> int | None:
    """The call whose pill is under `pos` in the tree card `rect`, if any."""
    area = tree_area(rect, theme, run)
    return node_at(call_tree_places(theme, area, run.calls).places, area, pos, camera)


# --- the outcome and the hover ----------------------------------------------------------------


def draw_outcome(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, lines: list[tuple[str, th.Color]]
) -> None:
    """One line per run: its result, its error at its line, or why it stopped; or 'running…'."""
    card(surface, rect, theme)
    inner = card_content(rect, theme)
    height = theme.line_height("small")
    for index, (text, colour) in enumerate(lines[: max(1, inner.h // height)]):
        shown = fit_text(theme, text, inner.w, "small", "bold")
        surface.blit(theme.text(shown, "small", colour, "bold"), (inner.x, inner.y + index * height))


def folded_under(rect: pygame.Rect, theme: Theme, run: RunModel, node: int) -> int:
    """Calls folded into call `node`'s pill in the tree card `rect` (0 when it is unfolded)."""
    return call_tree_places(theme, tree_area(rect, theme, run), run.calls).folding.folded.get(node, 0)


def hover_lines(run: RunModel, node: int, folded: int = 0) -> list[str]:
    """What hovering a call tells: the call, how it ended, its locals, the calls folded into it."""
    call = run.call(node)
    returned = run.returned(node)
    waiting = run.calls.last_yield(node)
    if returned is None and waiting is not None:
        ended = _("a generator, waiting: it yielded {value} and goes on when asked for the next").format(
            value=waiting
        )
    elif returned is None:
        ended = _("still running")
    elif returned.how == CACHE:
        ended = _("answered from the cache: {value} (it did not recurse)").format(value=returned.text)
    elif returned.how == RAISE:
        ended = _("an exception passed through it")
    else:
        ended = _("returned {value}").format(value=returned.text)
    lines = [f"#{node} {call.text()}", ended]
    shown = dict(call.args)
    others = [f"{k} = {v}" for k, v in run.locals[node].items() if shown.get(k) != v]
    if others:
        lines.append(_("locals: {values}").format(values=", ".join(others)))
    if folded:
        inside = ngettext(
            "+{count} call folded inside: click it to go there and the tree opens around it",
            "+{count} calls folded inside: click it to go there and the tree opens around it",
            folded,
        )
        lines.append(inside.format(count=format_number(folded)))
    return lines
