"""Towers of Hanoi: the controller.

The run is `solvers.hanoi.hanoi_events(n)`; `model.py` keeps the pegs and the
calls (narration there), `view.py` the pure layout and the drawing.  The
pseudocode and its line constants live beside the solver.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from solvers import hanoi
from solvers.events import Event, Move
from solvers.i18n import N_, _, format_number, ngettext
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.calltree import go_to_call
from visualizer.player import Player
from visualizer.scenes.base import Demo, Stop
from visualizer.scenes.hanoi import view
from visualizer.scenes.hanoi.model import HanoiModel, expected_events, narrate
from visualizer.treecard import CALL_TREE_BINDINGS, Point, TreeCard
from visualizer.widgets import Stepper, Widget

if TYPE_CHECKING:
    from solvers.exercise.engine import Step
    from solvers.exercise.hanoi import HanoiRules


class HanoiDemo(Demo[HanoiModel]):
    """N disks from A to C: the disks move in step with the call stack and the call tree."""

    name = "hanoi"
    title = N_("Towers of Hanoi: two smaller towers and one move")
    default_speed = 3.0
    picture_boxes = ("pegs", "tree")
    bindings = (
        Bindings(
            Binding(("[",), "step_disks", N_("one disk fewer"), args=(-1,)),
            Binding(("]",), "step_disks", N_("one disk more"), args=(1,)),
            Gesture(N_("hover a call in the tree"), N_("its arguments and what it returned")),
        )
        + CALL_TREE_BINDINGS
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.disks = 3
        self.card: TreeCard[int] = TreeCard()

    # --- what runs --------------------------------------------------------------------------

    def expected_length(self) -> int | None:
        """3 x (2^n - 1) events: each call's Push, Move and Pop."""
        return expected_events(self.disks)

    def source(self) -> Iterator[Event]:
        """The recursion for the chosen number of disks."""
        return hanoi.hanoi_events(self.disks)

    def exercise_rules(self) -> HanoiRules:
        """The next move and the call that makes it (see solvers/exercise/hanoi.py)."""
        from solvers.exercise.hanoi import HanoiRules

        return HanoiRules(self.disks)

    def exercise_targets(
        self, step: Step, rect: pygame.Rect, player: Player[HanoiModel]
    ) -> dict[Hashable, pygame.Rect]:
        """A move is where its disk would land on the target peg; a calling frame is its box on the stack."""
        lay = self.layout(rect)
        model = player.model
        if step.kind == "hanoi.move":
            moves = [choice.key for choice in step.choices]
            return {move: box for move, box in view.move_targets(lay.pegs, self.theme, model, moves).items()}
        if step.kind == "hanoi.caller":
            return {node: box for node, box in view.frame_targets(lay.stack, self.theme, model).items()}
        return {}

    def make_model(self) -> HanoiModel:
        """Every disk on A, no calls yet."""
        return HanoiModel(self.disks)

    def set_disks(self, disks: int) -> None:
        """A new number of disks (1 to 12), a new run."""
        self.disks = min(max(disks, hanoi.APP_DISKS.start), hanoi.APP_DISKS.stop - 1)
        self.card.reset()
        self.new_run()

    def step_disks(self, step: int) -> None:
        """One disk fewer or more."""
        self.set_disks(self.disks + step)

    # --- how it reads -----------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The recursion's pseudocode."""
        return hanoi.PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The event in words (model.narrate)."""
        return narrate(event)

    def counters(self, model: HanoiModel) -> list[tuple[str, str]]:
        """Moves made of the 2^N - 1 needed."""
        return [(_("moves"), format_number(model.moves)), (_("needed"), format_number(2**self.disks - 1))]

    def shared_counters(self) -> Sequence[str]:
        """No backtracking: calls and depth tell the story."""
        return ("events", "calls", "depth", "max_depth")

    def stops(self) -> Sequence[str]:
        """Nothing backtracks and there is one answer: no such run-to buttons."""
        return ()

    def breakpoints(self) -> list[Stop]:
        """Stop at the next disk move (M)."""
        return [Stop("m", N_("next move"), lambda event: type(event) is Move)]

    def status(self, player: Player[HanoiModel]) -> str | None:
        """'done: 7 moves' at the end."""
        model = player.model
        if not (player.at_end and model.moves):
            return None
        return ngettext("done: {count} move", "done: {count} moves", model.moves).format(
            count=format_number(model.moves)
        )

    # --- input and drawing ----------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """The number of disks."""
        low, high = hanoi.APP_DISKS.start, hanoi.APP_DISKS.stop - 1
        return [Stepper(_("disks"), lambda: self.disks, self.set_disks, low, high, hint=_("[ and ]"))]

    def layout(self, rect: pygame.Rect) -> view.HanoiLayout:
        """Stack, pegs and the call tree (folded to fit at any number of disks)."""
        return view.layout(rect, self.theme)

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player[HanoiModel]) -> bool:
        """Zoom and pan the tree; click a call or a frame to go there; hover a call; keys to the table."""
        lay = self.layout(rect)
        model = player.model
        area = view.tree_area(lay, self.theme)

        def go_to(node: int) -> None:
            """The timeline to the call's Push (Shift: its Pop)."""
            go_to_call(player, model.calls, node, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))

        if area is not None and self.card.handle(event, area, self.call_finder(lay, model), go_to):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            node = view.frame_at(lay.stack, self.theme, model, event.pos)
            if node is not None:
                go_to(node)
                return True
        return self.bindings.dispatch(self, event) if event.type == pygame.KEYDOWN else False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player[HanoiModel]) -> None:
        """Stack at the left, pegs at the right, the call tree under them."""
        model = player.model
        lay = self.layout(rect)
        view.draw_stack(surface, lay.stack, self.theme, model, asking=self.exercise_step() is not None)
        view.draw_pegs(surface, lay.pegs, self.theme, model)
        if lay.tree is not None:
            view.draw_tree(surface, lay.tree, self.theme, model, self.card.camera)
            lines = partial(view.hover_lines, model)
            self.card.draw_note(surface, rect, self.theme, self.call_finder(lay, model), lines)

    def call_finder(self, lay: view.HanoiLayout, model: HanoiModel) -> Callable[[Point], int | None]:
        """The call drawn under a point of the tree card (the painter's places, through the camera)."""
        return partial(view.call_at, lay, self.theme, model, self.card.camera)
