"""The recursion demo: factorial recursive beside the loop, overflow, the maximum of a tree.

The worked example of the scene API: `model.py` holds the plain-data model
(it applies and reverts events) and the narration (`model.narrate`),
`view.py` only reads it, and this controller picks the variant, binds the
keys and lays out the stage with the pure `view.layout`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from solvers import recursion as rec
from solvers.events import Event, Pop
from solvers.i18n import N_, _, format_number
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.calltree import go_to_call
from visualizer.finale import Finale
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.scenes.recursion import finale, view
from visualizer.scenes.recursion.model import (
    ENDLESS,
    FACTORIAL,
    LOOP_LINES,
    NOT_RETURNED,
    TREE,
    RecursionModel,
    expected_events,
    narrate,
    short,
)
from visualizer.treecard import CALL_TREE_BINDINGS, Point, TreeCard
from visualizer.widgets import Button, Choice, Stepper, Widget

if TYPE_CHECKING:
    from solvers.exercise.engine import Rules

N_RANGE = range(0, 41)
"""The N the stepper and [ / ] allow."""


class RecursionDemo(Demo[RecursionModel]):
    """Factorial two ways in lockstep; overflow; endless recursion; a tree's maximum."""

    name = "recursion"
    title = N_("Recursion: the stack winds and unwinds")
    default_speed = 2.0
    picture_boxes = ("stack", "tree", "loop")
    bindings = (
        Bindings(
            Binding(("1",), "set_mode", N_("factorial"), args=(FACTORIAL,)),
            Binding(("2",), "set_mode", N_("no base case"), args=(ENDLESS,)),
            Binding(("3",), "set_mode", N_("maximum of a tree"), args=(TREE,)),
            Binding(("[",), "step_n", N_("N smaller"), args=(-1,)),
            Binding(("]",), "step_n", N_("N larger"), args=(1,)),
            Binding(("o",), "overflow_it", N_("overflow: set N past the stack limit")),
            Binding(("t",), "new_tree", N_("a new random tree")),
            Gesture(N_("hover a call in the tree"), N_("its node and what it returned")),
        )
        + CALL_TREE_BINDINGS
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.mode = FACTORIAL
        self.n = 5
        self.limit = 12
        self.tree_seed = self.seed
        self.tree_root = rec.random_tree(self.tree_seed)
        self.card: TreeCard[int] = TreeCard()

    # --- what runs -------------------------------------------------------------

    def expected_length(self) -> int | None:
        """The factorial variants' closed form (see `model.expected_events`); the tree has none."""
        return expected_events(self.mode, self.n, self.limit)

    def source(self) -> Iterator[Any]:
        """The events of the chosen variant."""
        if self.mode == TREE:
            return rec.tree_max_events(self.tree_root)
        return rec.factorial_events(self.n, self.limit, base_case=self.mode == FACTORIAL)

    def exercise_rules(self) -> Rules:
        """What each call does next and returns, or each node's maximum (solvers/exercise/recursion.py)."""
        from solvers.exercise.recursion import FactorialRules, TreeMaxRules

        if self.mode == TREE:
            return TreeMaxRules()
        return FactorialRules(self.limit, base_case=self.mode == FACTORIAL)

    def make_model(self) -> RecursionModel:
        """An empty stack."""
        return RecursionModel(self.mode)

    def plain_end(self) -> Finale:
        """The value, the calls or the overflow, without running (see scenes/recursion/finale.py)."""
        return finale.plain_end(self.mode, self.n, self.limit, self.tree_root)

    # --- actions -----------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """Switch variant and start over."""
        self.mode = mode
        self.new_run()

    def set_n(self, n: int) -> None:
        """A new N, a new run."""
        self.n = n
        self.new_run()

    def stops(self) -> Sequence[str]:
        """Nothing here backtracks or finds solutions: no such run-to buttons."""
        return ()

    def step_n(self, step: int) -> None:
        """N one smaller or larger, within its range."""
        self.set_n(min(max(self.n + step, N_RANGE.start), N_RANGE.stop - 1))

    def set_limit(self, limit: int) -> None:
        """A new stack limit, a new run."""
        self.limit = limit
        self.new_run()

    def overflow_it(self) -> None:
        """Pick an N that the stack cannot hold, and play."""
        self.mode = FACTORIAL
        self.n = min(self.limit + 4, N_RANGE.stop - 1)
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
        for _number, event in reversed(player.recent(4)):
            line = event.line
            if not line:
                continue
            in_loop = line in LOOP_LINES
            colour = th.blend(th.PANEL, th.SKY, 0.45) if in_loop else th.LIT_LINE
            if not any((lit_line in LOOP_LINES) == in_loop for lit_line in lit):
                lit[line] = colour
        return lit

    def narrate(self, event: Event) -> str | None:
        """The event in words (see `model.narrate`)."""
        return narrate(self.mode, self.n, event)

    def counters(self, model: RecursionModel) -> list[tuple[str, str]]:
        """Frames now, the limit, the answers."""
        rows = [(_("frames"), format_number(len(model.stack)))]
        if self.mode == TREE:
            top = model.result(self.tree_root.node)
            return [*rows, (_("maximum"), "?" if top is NOT_RETURNED else str(top))]
        answer = model.result(0)
        answer = "?" if answer is NOT_RETURNED or answer is None else answer
        loop = model.loop_result if model.loop_result is not None else "?"
        return [
            *rows,
            (_("stack limit"), str(self.limit)),
            (_("recursive"), short(answer)),
            (_("loop"), short(loop)),
        ]

    def shared_counters(self) -> Sequence[str]:
        """No backtracking here: calls and depth tell the story."""
        return ("events", "calls", "depth", "max_depth")

    # --- how it looks -------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Variant, N, stack limit, and the overflow and new-tree shortcuts."""
        return [
            Choice(
                [(_("factorial"), FACTORIAL), (_("no base case"), ENDLESS), (_("max of a tree"), TREE)],
                lambda: self.mode,
                self.set_mode,
                hint="1 / 2 / 3",
            ),
            Stepper("N", lambda: self.n, self.set_n, N_RANGE.start, N_RANGE.stop - 1, hint=_("[ and ]")),
            Stepper(_("stack limit"), lambda: self.limit, self.set_limit, 2, 40),
            Button(_("overflow it"), self.overflow_it, hint=_("O: N past the limit, then play")),
            Button(_("new tree"), self.new_tree, hint="T"),
        ]

    def layout(self, rect: pygame.Rect) -> view.RecursionLayout:
        """Where the panels go (the same for input and drawing)."""
        return view.layout(rect, self.theme, self.mode)

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player[RecursionModel]) -> bool:
        """Zoom and pan the tree; click a call or a frame to go there; hover a call; keys to the table."""
        lay = self.layout(rect)
        model = player.model
        area = view.tree_area(lay, self.theme)
        to_return = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        tree = model.tree
        if area is not None and tree is not None:
            find = self.call_finder(lay, model)
            if self.card.handle(event, area, find, lambda node: go_to_call(player, tree, node, to_return)):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            node = view.frame_at(lay.stack, self.theme, model, self.limit, event.pos)
            if node is not None:
                self.go_to_frame(player, model, node, to_return)
                return True
        return self.bindings.dispatch(self, event) if event.type == pygame.KEYDOWN else False

    def go_to_frame(self, player: Player, model: RecursionModel, node: int, to_return: bool) -> None:
        """A running frame: back to its call, or (Shift) on to its return."""
        if to_return:
            player.run_until(lambda event: type(event) is Pop and event.node == node)  # type: ignore[attr-defined]
        else:
            player.seek(model.push_at[node] + 1)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player[RecursionModel]) -> None:
        """Stack on the left; the loop and depth, or the call tree, on the right."""
        model = player.model
        lay = self.layout(rect)
        asked = None
        if self.exercise_step() is not None and model.stack:
            asked = model.stack[-1]  # an exercise step is about the running call: what it does or returns
        view.draw_stack(
            surface, lay.stack, self.theme, model, player, n=self.n, limit=self.limit, asked=asked
        )
        if lay.tree is not None:
            answer = model.result(self.tree_root.node)
            title = (
                _("call tree")
                if answer is NOT_RETURNED
                else _("call tree: the maximum is {value}").format(value=answer)
            )
            view.draw_call_tree(surface, lay.tree, self.theme, model, title, self.card.camera, asked)
            lines = partial(view.hover_lines, model, asked=asked)
            self.card.draw_note(surface, rect, self.theme, self.call_finder(lay, model), lines)
        if lay.loop is not None and lay.depth is not None:
            view.draw_loop(surface, lay.loop, self.theme, model)
            view.draw_depth(surface, lay.depth, self.theme, model, player, self.limit)

    def call_finder(self, lay: view.RecursionLayout, model: RecursionModel) -> Callable[[Point], int | None]:
        """The call drawn under a point of the tree card (the painter's places, through the camera)."""
        return partial(view.call_at, lay, self.theme, model, self.card.camera)
