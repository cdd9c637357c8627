"""The one interactive tree card: zoom, pan, hover and click a node, words while there is no tree.

Every demo that grows a tree (call trees, game trees, the frogs' tries) shows it
in a card the same way: the wheel zooms about the pointer, a drag pans, 0 fits
the whole tree again, a click (not a drag) on a node does the demo's action
(usually: the timeline goes there) and hovering a node shows a note of what it
holds.  `TreeCard` keeps what input changes (the camera, the pointer); the
demo hands it only its data: where the card's drawing area is, a `find(pos)`
that hit-tests the very places its painter draws (`treepaint.node_at` over
them), what a click does and what a hover says.  `card_words` and `card_hint`
are the card's words when it has no tree yet and its help line at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import pygame

from solvers.i18n import N_
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.camera import Camera
from visualizer.panels import draw_note, fit_text, wrap
from visualizer.theme import Theme

N = TypeVar("N")

Point = tuple[int, int]
"""A position on the screen."""


class TreeCard(Generic[N]):
    """A tree card's camera and pointer, its clicks and its hover note (see the module docstring)."""

    def __init__(self) -> None:
        self.camera = Camera()
        self.hover: Point | None = None

    def reset(self) -> None:
        """The whole tree again, unzoomed."""
        self.camera.reset()

    def handle(
        self,
        event: pygame.event.Event,
        area: pygame.Rect,
        find: Callable[[Point], N | None],
        click: Callable[[N], object],
    ) -> bool:
        """Wheel: zoom; drag: pan; a click on a node runs `click(node)`; keeps the pointer. True if used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        if self.camera.handle(event, area):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and area.collidepoint(event.pos):
            node = find(event.pos)
            if node is not None:
                click(node)
                return True
        return False

    def hovered(self, find: Callable[[Point], N | None]) -> N | None:
        """The node under the pointer, if any."""
        return find(self.hover) if self.hover is not None else None

    def draw_note(
        self,
        surface: pygame.Surface,
        stage: pygame.Rect,
        theme: Theme,
        find: Callable[[Point], N | None],
        lines: Callable[[N], list[str]],
    ) -> None:
        """The note of the node under the pointer (`lines(node)`), kept inside `stage`; none off the tree."""
        node = self.hovered(find)
        if node is not None and self.hover is not None:
            draw_note(surface, stage, theme, self.hover, lines(node))


def call_tree_bindings(reset: str = "card.reset") -> Bindings:
    """The keys and gestures of a clickable call tree; `reset` names the action that fits it again."""
    return Bindings(
        Binding(("0",), reset, N_("the whole call tree again")),
        Gesture(N_("wheel / drag on the call tree"), N_("zoom / pan it")),
        Gesture(
            N_("click a call (tree or stack)"), N_("go to where it was called; Shift: where it returned")
        ),
    )


CALL_TREE_BINDINGS = call_tree_bindings()
"""The keys and gestures of a demo's call tree kept in a `TreeCard` named `card`."""


def card_words(
    surface: pygame.Surface, theme: Theme, area: pygame.Rect, text: str, size: str = "body"
) -> None:
    """Words in the middle of a card with no tree yet, wrapped to its width ('no calls yet')."""
    lines = [theme.text(line, size, th.MUTED) for line in wrap(theme, text, area.w - theme.px(8), size)]
    top = area.centery - sum(line.get_height() for line in lines) // 2
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(area.centerx, top)))
        top += line.get_height()


def card_hint(surface: pygame.Surface, theme: Theme, area: pygame.Rect, text: str) -> None:
    """A line at the card's bottom right, on the card's colour: the tree's size and how to explore it."""
    image = theme.text(fit_text(theme, text, area.w, "tiny"), "tiny", th.MUTED)
    where = image.get_rect(bottomright=area.bottomright)
    pygame.draw.rect(surface, th.PANEL, where.inflate(theme.px(8), theme.px(2)).clip(area))
    surface.blit(image, where)
