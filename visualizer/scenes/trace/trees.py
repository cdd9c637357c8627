""" "Your code"'s stacks and call trees on screen: drawn, panned and zoomed, clicked and hovered.

One `TraceTrees` per screen keeps what input changes (each tree's card,
`treecard.TreeCard`: its camera and the pointer; the call clicked last); the
drawing reads the model only.
Clicking a call or a stack frame moves the timeline to its Push (with Shift
to its Pop; a call still running plays on to its return).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from solvers.events import Pop
from solvers.tracing.events import Side
from visualizer.calltree import UNKNOWN, go_to_call
from visualizer.panels import stack_boxes
from visualizer.player import Player
from visualizer.scenes.trace import view
from visualizer.scenes.trace.model import RunModel, TraceModel
from visualizer.theme import Theme
from visualizer.treecard import Point, TreeCard


class TraceTrees:
    """The cards of the two trees (camera, pointer), and the call last clicked (run, call)."""

    def __init__(self) -> None:
        self.cards: tuple[TreeCard[int], TreeCard[int]] = (TreeCard(), TreeCard())
        self.chosen: tuple[int, int] | None = None

    def reset(self) -> None:
        """Both trees whole again, nothing chosen."""
        self.chosen = None
        for card in self.cards:
            card.reset()

    def finder(
        self, box: pygame.Rect, theme: Theme, run: RunModel, side: int
    ) -> Callable[[Point], int | None]:
        """The call drawn under a point of the tree card `box` of run `side`."""
        return partial(view.call_at, box, theme, run, self.cards[side].camera)

    def handle(
        self, event: pygame.event.Event, lay: view.TraceLayout, theme: Theme, player: Player[TraceModel]
    ) -> bool:
        """Zoom and pan a tree; click a call or a frame to go there; remember the pointer. True if used."""
        model = player.model
        if event.type == pygame.MOUSEMOTION:
            for card in self.cards:
                card.hover = event.pos
        for side, (box, run) in enumerate(zip(lay.trees(), model.runs, strict=False)):
            area = view.tree_area(box, theme, run)
            go_to = partial(self.go_to, player, side)
            if self.cards[side].handle(event, area, self.finder(box, theme, run, side), go_to):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for side, (box, run) in enumerate(zip(lay.stacks(), model.runs, strict=False)):
                shown = min(run.depth, view.STACK_SHOWN)
                placed, _ = stack_boxes(box, theme, shown, run.depth - shown, view.stack_title(run))
                for index, frame in placed:
                    if frame.collidepoint(event.pos):
                        self.go_to(player, side, view.stack_node(run, index))
                        return True
        return False

    def go_to(self, player: Player[TraceModel], side: int, node: int) -> None:
        """Move the timeline to the call's Push, or with Shift held to its Pop (running: play to it)."""
        model = player.model
        calls = model.runs[side].calls
        self.chosen = (side, node)
        to_return = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if to_return and calls.pop_at[node] == UNKNOWN:  # still running: play on to its return
            player.run_until(lambda event: pops(event, side, node))
        else:
            go_to_call(player, calls, node, to_return)

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        lay: view.TraceLayout,
        theme: Theme,
        model: TraceModel,
    ) -> None:
        """Each run's stack and tree."""
        for side, run in enumerate(model.runs[: len(lay.trees())]):
            chosen = self.chosen[1] if self.chosen and self.chosen[0] == side else None
            view.draw_stack(surface, lay.stacks()[side], theme, run)
            view.draw_tree(surface, lay.trees()[side], theme, run, self.cards[side].camera, chosen)

    def draw_hover(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        lay: view.TraceLayout,
        theme: Theme,
        model: TraceModel,
    ) -> None:
        """The note of the call under the pointer, if any."""
        for side, (box, run) in enumerate(zip(lay.trees(), model.runs, strict=False)):

            def lines(node: int, box: pygame.Rect = box, run: RunModel = run) -> list[str]:
                """The call, how it ended, its locals, the calls folded into its pill."""
                return view.hover_lines(run, node, view.folded_under(box, theme, run, node))

            self.cards[side].draw_note(surface, rect, theme, self.finder(box, theme, run, side), lines)


def pops(event: object, side: int, node: int) -> bool:
    """True for the Pop of call `node` of run `side`."""
    inner = event.event if isinstance(event, Side) else event
    here = event.side if isinstance(event, Side) else 0
    return here == side and type(inner) is Pop and inner.node == node  # type: ignore[attr-defined]
