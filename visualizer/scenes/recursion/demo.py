"""The recursion demo: factorial recursive beside the loop, overflow, the maximum of a tree.

The worked example of the scene API: a plain-data model that applies and
reverts events, and a view that only reads it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import Any

import pygame

from solvers import recursion as rec
from solvers.events import Assign, Note, Overflow, Pop, Push
from visualizer import theme as th
from visualizer.panels import (
    CallTree,
    FrameView,
    NodeLook,
    card,
    draw_call_stack,
    draw_call_tree,
    wrap,
)
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.widgets import Button, Choice, Stepper, Widget

FACTORIAL, ENDLESS, TREE = "factorial", "endless", "tree"

LOOP_LINES = frozenset(range(5, 10))
NOT_RETURNED = "not returned"
"""`RecursionModel.returned` of a call still running (None means abandoned)."""
"""Lines of the loop in FACTORIAL_CODE: events there belong to the loop."""


class RecursionModel:
    """The calls on the stack, the calls ever made, the loop's variables."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        # Per call, indexed by node (calls arrive numbered 0, 1, 2, ...): flat
        # lists and arrays keep a million-frame overflow in a few hundred MB.
        self.stack: array[int] = array("q")
        self.args: list[Any] = []
        self.returned: list[Any] = []  # NOT_RETURNED, or the value (None when abandoned)
        self.best: dict[int, Any] = {}  # tree mode: each frame's best so far
        # Only the tree variant draws its calls as a tree: a deep factorial keeps
        # plain lists, which the garbage collector does not have to walk.
        self.tree = CallTree() if mode == TREE else None
        self.loop: dict[str, Any] = {}
        self.loop_result: Any = None
        self.overflow: Overflow | None = None
        self.depths: array[int] = array("q")  # stack depth after each event
        self.retvals: list[Any] = []  # every value the loop's retval took, in order

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        kind = type(event)
        if kind is Push:
            self.stack.append(event.node)
            self.args.append(event.what)
            self.returned.append(NOT_RETURNED)
            if self.tree is not None:
                self.tree.add(event.node, event.parent)
        elif kind is Pop:
            self.stack.pop()
            self.returned[event.node] = event.value
        elif kind is Assign:
            self._assign(event.name, event.value)
            if self._is_retval(event):
                self.retvals.append(event.value)
        elif kind is Note and self._is_loop_return(event):
            self.loop_result = event.what[1]
        elif kind is Overflow:
            self.overflow = event
        self.depths.append(len(self.stack))

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        self.depths.pop()
        kind = type(event)
        if kind is Push:
            self.stack.pop()
            self.args.pop()
            self.returned.pop()
            if self.tree is not None:
                self.tree.remove(event.node)
        elif kind is Pop:
            self.stack.append(event.node)
            self.returned[event.node] = NOT_RETURNED
        elif kind is Assign:
            self._assign(event.name, event.old)
            if self._is_retval(event):
                self.retvals.pop()
        elif kind is Note and self._is_loop_return(event):
            self.loop_result = None
        elif kind is Overflow:
            self.overflow = None

    def result(self, node: int) -> Any:
        """What call `node` returned: NOT_RETURNED while it runs (or before it exists)."""
        return self.returned[node] if 0 <= node < len(self.returned) else NOT_RETURNED

    def _assign(self, name: str, value: Any) -> None:
        """Set a variable (None removes it): the loop's, or in a tree the top frame's best."""
        store: dict[Any, Any] = self.best if self.mode == TREE else self.loop
        key: Any = self.stack[-1] if self.mode == TREE else name
        if value is None:
            store.pop(key, None)
        else:
            store[key] = value

    def _is_retval(self, event: Assign) -> bool:
        """The loop's retval changing (the tree variant has no loop)."""
        return self.mode != TREE and event.name == "retval"

    @staticmethod
    def _is_loop_return(event: Note) -> bool:
        """The loop's final `return retval`."""
        return isinstance(event.what, tuple) and event.what[0] == rec.LOOP_RETURN

    def snapshot(self) -> tuple:
        """The whole state as one comparable value."""
        return (
            tuple(self.stack),
            tuple(self.args),
            tuple(self.returned),
            tuple(sorted(self.best.items())),
            tuple(sorted(self.loop.items())),
            tuple(self.retvals),
            self.loop_result,
            self.overflow,
            tuple(self.depths),
            self.tree.snapshot() if self.tree else None,
        )


class RecursionDemo(Demo):
    """Factorial two ways in lockstep; overflow; endless recursion; a tree's maximum."""

    name = "recursion"
    title = "Recursion: the stack winds and unwinds"
    blurb = "factorial two ways, the stack, overflow, a tree"
    default_speed = 2.0
    keys = (
        ("1 / 2 / 3", "factorial / no base case / maximum of a tree"),
        ("[ / ]", "N smaller / larger"),
        ("O", "overflow: set N past the stack limit"),
        ("T", "a new random tree"),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.mode = FACTORIAL
        self.n = 5
        self.limit = 12
        self.tree_seed = self.seed
        self.tree_root = rec.random_tree(self.tree_seed)

    # --- what runs -------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """The events of the chosen variant."""
        if self.mode == TREE:
            return rec.tree_max_events(self.tree_root)
        return rec.factorial_events(self.n, self.limit, base_case=self.mode == FACTORIAL)

    def make_model(self) -> RecursionModel:
        """An empty stack."""
        return RecursionModel(self.mode)

    def set_mode(self, mode: str) -> None:
        """Switch variant and start over."""
        self.mode = mode
        self.new_run()

    def set_n(self, n: int) -> None:
        """A new N, a new run."""
        self.n = n
        self.new_run()

    def set_limit(self, limit: int) -> None:
        """A new stack limit, a new run."""
        self.limit = limit
        self.new_run()

    def overflow_it(self) -> None:
        """Pick an N that the stack cannot hold, and play."""
        self.mode = FACTORIAL
        self.n = min(self.limit + 4, 40)
        self.new_run(autoplay=True)

    def new_tree(self) -> None:
        """A different random tree."""
        self.mode = TREE
        self.tree_seed += 1
        self.tree_root = rec.random_tree(self.tree_seed)
        self.new_run()

    # --- how it reads ------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The pseudocode of the variant on show."""
        return {FACTORIAL: rec.FACTORIAL_CODE, ENDLESS: rec.ENDLESS_CODE, TREE: rec.MAX_TREE_CODE}[self.mode]

    def lit_lines(self, player: Player) -> dict[int, th.Color]:
        """The recursion's line, and in lockstep the loop's line too (paler)."""
        if self.mode == TREE:
            return super().lit_lines(player)
        lit: dict[int, th.Color] = {}
        for _, event in reversed(player.recent(4)):
            line = event.line
            if not line:
                continue
            in_loop = line in LOOP_LINES
            colour = th.blend(th.PANEL, th.SKY, 0.45) if in_loop else th.LIT_LINE
            if not any((l in LOOP_LINES) == in_loop for l in lit):  # noqa: E741
                lit[line] = colour
        return lit

    def narrate(self, event: Any) -> str | None:
        """The event in words."""
        if self.mode == TREE:
            return rec.describe_tree(event)
        describe = rec.describe_factorial if self.mode == FACTORIAL else rec.describe_endless
        return describe(event, self.n)

    def counters(self, model: RecursionModel) -> list[tuple[str, str]]:
        """Frames now, the limit, the answers."""
        rows = [("frames", f"{len(model.stack)}")]
        if self.mode == TREE:
            top = model.result(self.tree_root.node)
            return [*rows, ("maximum", "?" if top is NOT_RETURNED else str(top))]
        answer = model.result(0)
        answer = "?" if answer is NOT_RETURNED or answer is None else answer
        loop = model.loop_result if model.loop_result is not None else "?"
        return [
            *rows,
            ("stack limit", str(self.limit)),
            ("recursive", _short(answer)),
            ("loop", _short(loop)),
        ]

    def shared_counters(self) -> Sequence[str]:
        """No backtracking here: calls and depth tell the story."""
        return ("events", "calls", "depth", "max_depth")

    # --- how it looks -------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Variant, N, stack limit, and the overflow and new-tree shortcuts."""
        return [
            Choice(
                [("factorial", FACTORIAL), ("no base case", ENDLESS), ("max of a tree", TREE)],
                lambda: self.mode,
                self.set_mode,
                hint="1 / 2 / 3",
            ),
            Stepper("N", lambda: self.n, self.set_n, 0, 40, hint="[ and ]"),
            Stepper("stack limit", lambda: self.limit, self.set_limit, 2, 40),
            Button("overflow it", self.overflow_it, hint="O: N past the limit, then play"),
            Button("new tree", self.new_tree, hint="T"),
        ]

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """The demo's keys."""
        return self.run_key(
            event,
            {
                pygame.K_1: lambda: self.set_mode(FACTORIAL),
                pygame.K_2: lambda: self.set_mode(ENDLESS),
                pygame.K_3: lambda: self.set_mode(TREE),
                pygame.K_LEFTBRACKET: lambda: self.set_n(max(0, self.n - 1)),
                pygame.K_RIGHTBRACKET: lambda: self.set_n(min(40, self.n + 1)),
                pygame.K_o: self.overflow_it,
                pygame.K_t: self.new_tree,
            },
        )

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Stack on the left; the loop and depth, or the call tree, on the right."""
        model: RecursionModel = player.model  # type: ignore[assignment]
        gap = self.theme.px(10)
        left_w = int(rect.w * (0.42 if self.mode != TREE else 0.34))
        stack_rect = pygame.Rect(rect.x, rect.y, left_w, rect.h)
        right = pygame.Rect(stack_rect.right + gap, rect.y, rect.right - stack_rect.right - gap, rect.h)
        self._draw_stack(surface, stack_rect, model, player)
        if self.mode == TREE:
            self._draw_tree(surface, right, model)
            return
        depth_h = max(self.theme.px(120), right.h // 3)
        loop_rect = pygame.Rect(right.x, right.y, right.w, right.h - depth_h - gap)
        self._draw_loop(surface, loop_rect, model)
        self._draw_depth(
            surface, pygame.Rect(right.x, loop_rect.bottom + gap, right.w, depth_h), model, player
        )

    def _frames(self, model: RecursionModel, count: int = 64) -> list[FrameView]:
        """The top `count` frames of the stack, bottom first, as the panel shows them."""
        top = model.stack[-1] if model.stack else None
        return [self._frame(model, node, node == top) for node in model.stack[-count:]]

    def _frame(self, model: RecursionModel, node: int, on_top: bool) -> FrameView:
        """One frame: its call, and what it is waiting for or returning."""
        arg = model.args[node]
        if self.mode == TREE:
            best = model.best.get(node)
            label = f"max_of(#{node})"
            detail = f"leaf {arg}" if arg is not None else ("" if best is None else f"best = {_short(best)}")
            return FrameView(label, "active" if on_top else "waiting", detail)
        label = f"fact({arg})"
        if model.overflow is not None and on_top:
            return FrameView(label, "dead", "cannot call again")
        child = node + 1
        value = model.result(child)
        if value is not NOT_RETURNED and value is not None:
            return FrameView(label, "done", f"{arg} * {_short(value)} = {_short(arg * value)}")
        if on_top:
            base = self.mode == FACTORIAL and arg <= 1
            return FrameView(label, "active", "base case: return 1" if base else f"calls fact({arg - 1})")
        return FrameView(label, "waiting", f"{arg} * fact({arg - 1})")

    def _draw_stack(
        self, surface: pygame.Surface, rect: pygame.Rect, model: RecursionModel, player: Player
    ) -> None:
        """The call stack, the newest frame sliding in, the overflow banner over it."""
        arrival = player.progress() if isinstance(player.last_event, Push) else 1.0
        title = f"call stack: {len(model.stack)} frame{'s' if len(model.stack) != 1 else ''}"
        limit = self.limit if self.mode != TREE else None
        frames = self._frames(model)
        draw_call_stack(
            surface,
            rect,
            self.theme,
            frames,
            below=len(model.stack) - len(frames),
            limit=limit,
            title=title,
            arrival=arrival,
        )
        if model.overflow is not None:
            self._banner(
                surface,
                rect,
                "STACK OVERFLOW",
                f"{model.overflow.depth} frames: the limit is {model.overflow.limit}",
            )
        elif model.result(0) is not NOT_RETURNED and self.mode != TREE:
            self._banner(
                surface,
                rect,
                f"fact({self.n}) = {_short(model.result(0))}",
                f"{self.n} calls wound the stack, {self.n} returns unwound it",
                th.DONE,
            )

    def _banner(
        self, surface: pygame.Surface, rect: pygame.Rect, big: str, small: str, colour: th.Color = th.DEAD
    ) -> None:
        """A message across the top of a panel."""
        theme = self.theme
        box = pygame.Rect(rect.x + theme.px(10), rect.y + theme.px(34), rect.w - theme.px(20), theme.px(64))
        pygame.draw.rect(surface, colour, box, border_radius=theme.px(8))
        title = theme.text(big, "large", th.PANEL, "bold")
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + theme.px(8))))
        line = theme.text(small, "small", th.PANEL)
        surface.blit(line, line.get_rect(midbottom=(box.centerx, box.bottom - theme.px(8))))

    def _draw_loop(self, surface: pygame.Surface, rect: pygame.Rect, model: RecursionModel) -> None:
        """The loop's two variables, large, and what it costs in memory."""
        theme = self.theme
        inner = card(surface, rect, theme, "the loop: fact_loop(N), in lockstep")
        y = inner.y + theme.px(6)
        for name in ("i", "retval"):
            value = model.loop.get(name)
            surface.blit(theme.text(f"{name} =", "title", th.MUTED, "mono"), (inner.x, y))
            text = "—" if value is None else _short(value, 18)
            image = theme.text(text, "title", th.ACTIVE, "bold")
            surface.blit(image, (inner.x + theme.px(140), y))
            y += theme.line_height("title") + theme.px(6)
        if model.loop_result is not None:
            done = theme.text(f"returns {_short(model.loop_result, 24)}", "large", th.DONE, "bold")
            surface.blit(done, (inner.x, y))
            y += theme.line_height("large")
        y += theme.px(8)
        note = f"memory: the loop always uses 1 frame; the recursion is using {len(model.stack)} now"
        for line in wrap(theme, note, inner.w):
            surface.blit(theme.text(line, "small", th.INK), (inner.x, y))
            y += theme.line_height("small")
        # The same products, two orders: the loop multiplies from N down, the
        # recursion's returns come back from the base case up.
        returns = [
            model.returned[node]
            for node in range(len(model.returned) - 1, -1, -1)
            if model.returned[node] is not NOT_RETURNED and model.returned[node] is not None
        ]
        y += theme.px(10)
        for label, values, colour in (
            ("loop's retval", model.retvals, th.ACTIVE),
            ("recursion returns", returns, th.DONE),
        ):
            y = self._draw_chain(surface, inner, y, label, values, colour)

    def _draw_chain(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        y: int,
        label: str,
        values: Sequence[Any],
        colour: th.Color,
    ) -> int:
        """'label: v1 → v2 → …' as chips on one line (the oldest dropped to fit); the next y."""
        theme = self.theme
        if y + theme.line_height("small") * 2 > inner.bottom:
            return y
        surface.blit(theme.text(label, "small", th.MUTED), (inner.x, y))
        y += theme.line_height("small")
        chips = [theme.text(_short(v, 10), "small", th.INK, "bold") for v in values]
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
            surface.blit(theme.text("nothing yet", "small", th.FAINT), (inner.x, y))
        return y + height + theme.px(8)

    def _draw_depth(
        self, surface: pygame.Surface, rect: pygame.Rect, model: RecursionModel, player: Player
    ) -> None:
        """Depth over time: winding climbs, unwinding descends."""
        theme = self.theme
        inner = card(surface, rect, theme, "stack depth over time")
        total = max(player.known_length(), len(model.depths), 1)
        top = max(self.limit if self.mode != TREE else 1, player.counters.max_depth, 1)
        if self.limit <= top:
            y = inner.bottom - round(inner.h * self.limit / top)
            pygame.draw.line(surface, th.DEAD, (inner.x, y), (inner.right, y), theme.px(1))
            surface.blit(theme.text(f"limit {self.limit}", "tiny", th.DEAD), (inner.x + 2, y + 2))
        # One bar per pixel column, sampling the event under it: the cost is the
        # width of the card, however long the run.
        shown = len(model.depths)
        for x in range(inner.w):
            index = int(x * total / inner.w)
            if index >= shown:
                break
            h = round(inner.h * model.depths[index] / top)
            pygame.draw.line(
                surface, th.WAITING, (inner.x + x, inner.bottom), (inner.x + x, inner.bottom - h)
            )
        if shown:
            x = inner.x + round(shown * inner.w / total)
            pygame.draw.line(surface, th.ACTIVE, (x, inner.y), (x, inner.bottom), theme.px(2))

    def _draw_tree(self, surface: pygame.Surface, rect: pygame.Rect, model: RecursionModel) -> None:
        """The calls made so far, each labelled with what it returned."""
        top = model.stack[-1] if model.stack else None

        def look(node: int) -> NodeLook:
            """A leaf shows its value, an inner call 'max'; returns and bests go under."""
            arg = model.args[node]
            label = str(arg) if arg is not None else "max"
            if model.result(node) is not NOT_RETURNED:
                return NodeLook(label, "done", f"= {model.result(node)}")
            best = model.best.get(node)
            shown = "" if best is None or best == float("-inf") else f"best {best}"
            return NodeLook(label, "active" if node == top else "waiting", shown)

        answer = model.result(self.tree_root.node)
        title = "call tree" if answer is NOT_RETURNED else f"call tree: the maximum is {answer}"
        assert model.tree is not None
        draw_call_tree(surface, rect, self.theme, model.tree, look, title=title)


def _short(value: Any, digits: int = 12) -> str:
    """A number shortened for a label: 2432902008176640000 -> '2.43e18'."""
    text = str(value)
    if isinstance(value, int) and len(text) > digits:
        return f"{value:.3g}".replace("e+", "e")
    return text
