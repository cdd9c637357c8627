"""Drawing the sudoku grid: givens, placed and withdrawn digits, pencil marks, the constraint decided.

`BoardView` only reads the model, the frozen `SudokuLook` the controller
builds each frame (givens, selection, pencil marks, the browsed solution)
and the layout it is handed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import isqrt

import pygame

from solvers import sudoku
from solvers.events import Pop, Push, Solution
from solvers.i18n import _
from visualizer import theme as th
from visualizer.draw import hatch
from visualizer.panels import card
from visualizer.player import Player
from visualizer.scenes.sudoku.layout import SudokuLayout, pencil_spot
from visualizer.scenes.sudoku.model import SudokuModel, symbol

GIVEN_FILL = th.blend(th.PANEL, th.FAINT, 0.8)
CLASH_FILL = th.blend(th.PANEL, th.DEAD, 0.22)
PLACED_INK = th.blend(th.WAITING, th.INK, 0.35)  # orange, dark enough to read as text
SELECTED = th.YELLOW


def pencil_shown(theme: th.Theme, side: int, size: int) -> bool:
    """Whether a cell of `side` pixels shows its candidates as digits (else just how many, at its corner)."""
    return size != 16 and side // isqrt(size) >= theme.px(11)


@dataclass(frozen=True)
class SudokuLook:
    """What the sudoku controller hands its view each frame besides the model."""

    waiting: tuple[str, str, th.Color] | None  # the "now" card's words while an exercise step is open
    choice_rule: str  # why the constraint being decided was chosen
    size: int  # cells a side: 4, 9 or 16
    givens: Sequence[int]  # cell by cell, 0 = blank
    encoding: sudoku.Encoding  # the exact-cover matrix of the givens
    clashes: Sequence[sudoku.Clash]  # pairs of equal givens in one unit
    selected: int | None  # the cell being edited
    marks: bool  # pencil marks on
    shown: int | None  # the solution the board shows once the search is over
    browse: int  # the browsed solution's index


class BoardView:
    """Draws the board card of the sudoku demo."""

    def __init__(self, theme: th.Theme) -> None:
        self.theme = theme

    def draw(
        self,
        surface: pygame.Surface,
        lay: SudokuLayout,
        look: SudokuLook,
        model: SudokuModel,
        player: Player,
    ) -> None:
        """The board card: cells, the constraint being decided, digits, pencil marks, grid lines, a banner."""
        theme = self.theme
        final = look.shown
        clash_cells = {c for clash in look.clashes for c in (clash.first, clash.second)}
        grid_size = f"{look.size}×{look.size}"
        title = _("{size} board").format(size=grid_size)
        if final is not None:
            title = _("{size} board: solution {number} of {total}").format(
                size=grid_size, number=final + 1, total=len(model.solutions)
            )
        card(surface, lay.board_card, theme, title)
        grid, side = lay.grid, lay.side
        choosing = model.choosing if final is None else None
        lit = self._lit_cells(look, model, choosing)
        for cell in range(look.size * look.size):
            box = lay.cell_rect(cell)
            fill = th.PANEL
            if look.givens[cell]:
                fill = GIVEN_FILL
            if cell in lit:
                fill = th.LIT_LINE
            if cell == look.selected:
                fill = SELECTED
            pygame.draw.rect(surface, fill, box)
            if cell in clash_cells:
                pygame.draw.rect(surface, CLASH_FILL, box)
                hatch(surface, box, th.blend(th.PANEL, th.DEAD, 0.5), max(4, side // 5))
        self._draw_digits(look, surface, lay, model, player, final, clash_cells)
        self._draw_lines(look, surface, grid, side)
        if choosing is not None:
            self._draw_choice(look, surface, lay, model, choosing)
        if final is not None and len(model.solutions) > 1:
            self._mark_differences(surface, lay, model)

    def _lit_cells(self, look: SudokuLook, model: SudokuModel, column: int | None) -> set[int]:
        """The cells of the constraint being decided: one cell, or a whole unit."""
        if column is None:
            return set()
        kind, index, _ = model.encoding.constraints[column]
        if kind == "cell":
            return {index}
        return set(sudoku.unit_cells(kind, index, look.size))

    def _draw_digits(
        self,
        look: SudokuLook,
        surface: pygame.Surface,
        lay: SudokuLayout,
        model: SudokuModel,
        player: Player,
        final: int | None,
        clash_cells: set[int],
    ) -> None:
        """Givens, placed digits (blue newest, orange earlier, green solved), marks, a withdrawn ghost."""
        theme = self.theme
        side = lay.side
        size = "huge" if side >= theme.px(58) else ("title" if side >= theme.px(34) else "small")
        for cell, digit in enumerate(look.givens):
            if digit:
                ink = th.DEAD if cell in clash_cells else th.INK
                self._digit(surface, lay.cell_rect(cell), digit, ink, size, "bold")
        if final is not None:
            solved = model.solution_cells(final)
            for cell, digit in enumerate(solved):
                if not look.givens[cell]:
                    self._digit(surface, lay.cell_rect(cell), digit, th.DONE, size, "bold")
            return
        event = player.last_event
        solved_now = type(event) is Solution
        placed = model.placed()
        for i, (cell, digit) in enumerate(placed):
            newest = i == len(placed) - 1
            ink = th.DONE if solved_now else (th.ACTIVE if newest else PLACED_INK)
            box = lay.cell_rect(cell)
            if newest and type(event) is Push:
                drop = round((1 - th.ease(player.progress())) * box.h * 0.5)
                box = box.move(0, -drop)
            self._digit(surface, box, digit, ink, size, "bold" if newest else "sans")
        if type(event) is Pop:
            self._withdrawn(look, surface, lay, event.value, size)
        if look.marks and not solved_now:
            filled = {cell for cell, _ in placed}
            for cell in range(look.size * look.size):
                if not look.givens[cell] and cell not in filled:
                    self._pencil(look, surface, lay.cell_rect(cell), model.cell_candidates(cell))

    def _digit(
        self, surface: pygame.Surface, box: pygame.Rect, digit: int, ink: th.Color, size: str, face: str
    ) -> None:
        """One digit centred in its cell."""
        image = self.theme.text(symbol(digit), size, ink, face)
        surface.blit(image, image.get_rect(center=box.center))

    def _withdrawn(
        self, look: SudokuLook, surface: pygame.Surface, lay: SudokuLayout, row: int, size: str
    ) -> None:
        """The digit just withdrawn: red and struck through."""
        cell, digit = look.encoding.options[row]
        box = lay.cell_rect(cell)
        self._digit(surface, box, digit, th.DEAD, size, "sans")
        width = max(1, self.theme.px(2))
        inset = box.w // 4
        pygame.draw.line(
            surface, th.DEAD, (box.x + inset, box.bottom - inset), (box.right - inset, box.y + inset), width
        )

    def _pencil(self, look: SudokuLook, surface: pygame.Surface, box: pygame.Rect, digits: list[int]) -> None:
        """Live candidates as small digits in their places; on 16×16, just how many."""
        theme = self.theme
        if not digits:
            image = theme.text("✗", "small", th.DEAD, "bold")
            surface.blit(image, image.get_rect(center=box.center))
            return
        if not pencil_shown(theme, box.w, look.size):
            image = theme.text(str(len(digits)), "tiny", th.MUTED)
            surface.blit(image, image.get_rect(topright=(box.right - theme.px(2), box.y + theme.px(1))))
            return
        for digit in digits:
            spot = pencil_spot(box, digit, look.size)
            image = theme.text(symbol(digit), "tiny", th.MUTED)
            surface.blit(
                image, image.get_rect(center=spot.center).clamp(box)
            )  # a tall glyph stays in its cell

    def _draw_lines(self, look: SudokuLook, surface: pygame.Surface, grid: pygame.Rect, side: int) -> None:
        """Thin lines between cells, thick ones between boxes."""
        box_n = isqrt(look.size)
        thick = max(2, self.theme.px(3))
        for i in range(look.size + 1):
            heavy = i % box_n == 0
            colour, width = (th.INK, thick) if heavy else (th.PANEL_EDGE, 1)
            x = grid.x + i * side
            y = grid.y + i * side
            pygame.draw.line(surface, colour, (x, grid.y), (x, grid.bottom), width)
            pygame.draw.line(surface, colour, (grid.x, y), (grid.right, y), width)

    def _draw_choice(
        self, look: SudokuLook, surface: pygame.Surface, lay: SudokuLayout, model: SudokuModel, column: int
    ) -> None:
        """The constraint being decided: a blue frame (red at a dead end)."""
        theme = self.theme
        cells = sorted(self._lit_cells(look, model, column))
        boxes = [lay.cell_rect(cell) for cell in cells]
        frame = boxes[0].unionall(boxes[1:]) if len(boxes) > 1 else boxes[0]
        colour = th.DEAD if model.size(column) == 0 else th.ACTIVE
        pygame.draw.rect(
            surface, colour, frame.inflate(theme.px(2), theme.px(2)), theme.px(4), border_radius=theme.px(3)
        )
        kind, _, digit = model.encoding.constraints[column]
        if kind == "cell":
            return
        # "5 in row 3": ring the cells where 5 may still go.
        for row in model.candidates(column):
            cell = model.encoding.options[row][0]
            box = lay.cell_rect(cell)
            if row != model.trying:
                pygame.draw.circle(surface, th.ACTIVE, box.center, max(4, box.w // 3), max(1, theme.px(2)))
        label = theme.text(f"{symbol(digit)}?", "small", th.PANEL, "bold")
        tag = label.get_rect(bottomleft=(frame.x, frame.y - theme.px(2))).inflate(theme.px(8), 0)
        pygame.draw.rect(surface, colour, tag, border_radius=theme.px(3))
        surface.blit(label, label.get_rect(center=tag.center))

    def _mark_differences(self, surface: pygame.Surface, lay: SudokuLayout, model: SudokuModel) -> None:
        """Cells where the two solutions differ: a purple frame with a dot."""
        first, second = model.solution_cells(0), model.solution_cells(1)
        for cell, (a, b) in enumerate(zip(first, second, strict=True)):
            if a != b:
                box = lay.cell_rect(cell).inflate(-self.theme.px(4), -self.theme.px(4))
                pygame.draw.rect(surface, th.PRUNED, box, max(2, self.theme.px(3)))
                pygame.draw.circle(
                    surface, th.PRUNED, (box.right - box.w // 6, box.y + box.h // 6), max(2, box.w // 12)
                )
