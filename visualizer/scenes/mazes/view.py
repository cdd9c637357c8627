"""The maze-shapes stage: its pure layout, how cells are coloured, and the cards beside the mazes.

`layout` is the one place that decides where things go (one maze and a card
beside it, or two mazes side by side with a card under each); the demo's
input and this drawing both call it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pygame

from visualizer import theme as th
from visualizer.draw import legend_row
from visualizer.panels import FrameView, card, card_content, card_height, draw_call_stack, fit_text, wrap
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.game import WalkGame
from visualizer.scenes.mazes.paint import CellShapes
from visualizer.scenes.mazes.tones import DEAD, PATH, REACHED, ROCK, SEEN, STACKED
from visualizer.theme import Theme

FOG = th.blend(th.TITLE_BAR, th.MUTED, 0.25)
HINT = th.YELLOW
CARD_LINES = 9
"""Text lines in the card under each of two mazes."""
Ids = npt.NDArray[np.int64]
"""Cell ids, as the painter lists the cells it repaints."""
MARK_MIN = 9
"""Cells smaller than this (in scaled pixels) get dots, not letters, for S and G."""


@dataclass(frozen=True)
class MazesLayout:
    """Where the mazes, their titles, their cards and the status line go."""

    title: pygame.Rect
    maze: pygame.Rect
    card: pygame.Rect
    other_title: pygame.Rect
    other: pygame.Rect
    other_card: pygame.Rect
    status: pygame.Rect


def layout(rect: pygame.Rect, theme: Theme, pair: bool) -> MazesLayout:
    """One maze with a card at its right, or two mazes side by side with a card under each."""
    line = theme.line_height("small")
    gap = theme.px(8)
    status = pygame.Rect(rect.x, rect.bottom - line, rect.w, line)
    body = pygame.Rect(rect.x, rect.y, rect.w, max(1, rect.h - line - gap))
    empty = pygame.Rect(body.x, body.y, 0, 0)
    if not pair:
        card_w = min(max(theme.px(220), body.w * 3 // 10), theme.px(340))
        card_box = pygame.Rect(body.right - card_w, body.y, card_w, body.h)
        title = pygame.Rect(body.x, body.y, max(1, body.w - card_w - gap), line)
        maze = pygame.Rect(body.x, title.bottom + gap // 2, title.w, max(1, body.h - line - gap // 2))
        return MazesLayout(title, maze, card_box, empty, empty, empty, status)
    half = (body.w - gap) // 2
    card_h = min(card_height(theme, CARD_LINES * line), body.h // 2)
    sides = []
    for x in (body.x, body.x + half + gap):
        title = pygame.Rect(x, body.y, half, line)
        card_box = pygame.Rect(x, body.bottom - card_h, half, card_h)
        maze = pygame.Rect(x, title.bottom + gap // 2, half, max(1, card_box.y - title.bottom - gap))
        sides.append((title, maze, card_box))
    return MazesLayout(*sides[0], *sides[1], status)


RUN_COLOURS = (ROCK, th.PANEL, SEEN, STACKED, DEAD, PATH, th.ACTIVE, REACHED)
"""A run's cell colours, weakest first (the strongest state wins); REACHED: every cell a search that
could not reach the goal reached, dead ends included (as on the square)."""
REACHED_CODE = RUN_COLOURS.index(REACHED)
FRONTIER_CODE = RUN_COLOURS.index(STACKED)
"""Prim's frontier cells wear the stack's colour: both wait their turn."""
FOG_COLOURS = (FOG, th.PANEL, PATH, HINT, th.ACTIVE)
"""The game's cell colours, weakest first."""


def _flags(counts: bytearray, cells: Ids | None = None) -> npt.NDArray[np.bool_]:
    """A model's per-cell counts (of the listed cells, else all) as true where not zero."""
    values = np.frombuffer(counts, np.uint8)
    return (values if cells is None else values[cells]) > 0


class RunLook:
    """The colours of a carving or a search: rock, maze, stack, current cell, seen, dead ends, path."""

    fog = False
    hatched = RUN_COLOURS.index(DEAD)

    def __init__(self, model: CellModel) -> None:
        self.model = model
        self.opened = model.opened

    def fills(self, cells: Ids | None = None) -> tuple[npt.NDArray[np.uint8], Sequence[th.Color]]:
        """The listed cells' (all cells') colour codes, the strongest state winning, and their colours."""
        model = self.model
        layers = (model.inside, model.seen, model.on_stack, model.dead, model.on_path)
        codes = np.zeros(model.size if cells is None else len(cells), np.uint8)
        for code, counts in enumerate(layers, start=1):
            codes[_flags(counts, cells)] = code
        if model.unreachable:
            codes[_flags(model.seen, cells)] = REACHED_CODE
        if model.beside_maze is not None:  # Prim's frontier: it waits to join, as a stack's cells wait
            codes[_flags(model.beside_maze, cells) & ~_flags(model.inside, cells)] = FRONTIER_CODE
        if model.current >= 0:
            codes[model.current if cells is None else cells == model.current] = 6
        return codes, RUN_COLOURS

    def visible(self, cell: int) -> bool:
        """No fog: every cell shows."""
        return True

    def visibility(self) -> npt.NDArray[np.bool_]:
        """Every cell shows."""
        return np.ones(self.model.size, np.bool_)


class FogLook:
    """The game's colours: fog where you have not been, you in blue, the hint in yellow."""

    fog = True
    hatched = -1

    def __init__(self, game: WalkGame) -> None:
        self.game = game
        self.opened = game.opened

    def visible(self, cell: int) -> bool:
        """Only cells you have seen (and the goal)."""
        return self.game.visible(cell)

    def fills(self, cells: Ids | None = None) -> tuple[npt.NDArray[np.uint8], Sequence[th.Color]]:
        """The listed cells' (all cells') codes: you, the hint, the goal, seen floor, or fog."""
        game = self.game
        codes = _flags(game.seen).astype(np.uint8)
        codes[game.graph.goal] = 2
        if game.hint is not None:
            codes[game.hint] = 3
        codes[game.here] = 4
        return (codes if cells is None else codes[cells]), FOG_COLOURS

    def visibility(self) -> npt.NDArray[np.bool_]:
        """Seen cells and the goal."""
        shown = _flags(self.game.seen)
        shown[self.game.graph.goal] = True
        return shown


def draw_marks(surface: pygame.Surface, theme: Theme, shapes: CellShapes, start: int, goal: int) -> None:
    """S and G on their cells (dots where cells are too small for letters)."""
    size = shapes.fit.scale
    for cell, letter, colour in ((start, "S", th.BLUE), (goal, "G", th.DONE)):
        x, y = shapes.centres[cell]
        if size * 1.6 >= theme.px(MARK_MIN):
            image = theme.text(letter, "tiny", th.INK, "bold")
            surface.blit(image, image.get_rect(center=(x, y)))
        else:
            pygame.draw.circle(surface, colour, (x, y), max(2, round(size)))


def draw_title(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, text: str) -> None:
    """A maze's heading, shortened to fit."""
    shown = fit_text(theme, text, rect.w, "small", "bold")
    surface.blit(theme.text(shown, "small", th.INK, "bold"), rect.topleft)


def draw_words(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, title: str, lines: Sequence[str]
) -> int:
    """A card of wrapped lines (as many as fit); returns the y below the last one."""
    inner = card(surface, rect, theme, title)
    line = theme.line_height("small")
    y = inner.y
    for text in lines:
        for piece in wrap(theme, text, inner.w) if text else [""]:
            if y + line > inner.bottom:
                return y
            surface.blit(theme.text(fit_text(theme, piece, inner.w), "small", th.INK), (inner.x, y))
            y += line
    return y


def draw_legend(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, y: int, rows: Sequence[tuple[th.Color, str]]
) -> None:
    """Colour swatches and their words, below `y`, as many as fit the card."""
    inner = card_content(rect, theme)
    line = theme.line_height("small")
    swatch_w = theme.px(24)
    for colour, words in rows:
        if y + line > inner.bottom:
            return
        text = fit_text(theme, words, inner.w - swatch_w)
        legend_row(surface, theme, (inner.x, y), colour, text, hatched=colour == DEAD)
        y += line


def draw_stack(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, frames: list[FrameView], title: str
) -> None:
    """The frames of a run's stack, newest on top (only the top few are built)."""
    draw_call_stack(surface, rect, theme, frames, title=title)


def status_line(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, text: str, colour: th.Color
) -> None:
    """The line under the stage."""
    surface.blit(theme.text(fit_text(theme, text, rect.w), "small", colour), rect.topleft)
