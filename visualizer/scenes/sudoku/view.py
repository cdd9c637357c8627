"""Drawing the sudoku demo's stage: the board (board.py), the verdict or the strip, "now", the key.

`SudokuView` only reads the model, the frozen `SudokuLook` the controller
builds each frame (the grid and options) and the layout it is handed;
`now_text` is the "now" card's headline in words.
"""

from __future__ import annotations

import pygame

from solvers import sudoku
from solvers.events import Pop, Solution
from solvers.i18n import N_, _, ngettext
from visualizer import theme as th
from visualizer.panels import card, fit_text, wrap
from visualizer.player import Player
from visualizer.scenes.exact_cover.view import draw_headline
from visualizer.scenes.sudoku.board import GIVEN_FILL, PLACED_INK, BoardView, SudokuLook
from visualizer.scenes.sudoku.layout import SudokuLayout
from visualizer.scenes.sudoku.model import (
    SOLUTION_LIMIT,
    SudokuModel,
    cell_name,
    constraint_name,
    options_words,
    symbol,
)


def now_text(look: SudokuLook, model: SudokuModel, player: Player) -> tuple[str, str, th.Color]:
    """The headline, the line under it, the headline's colour."""
    waiting = look.waiting
    if waiting is not None:
        return waiting
    clashes = look.clashes
    if clashes:
        return (
            _("clashing givens"),
            _("{clash}: fix them (click, type 0) before solving").format(
                clash=sudoku.describe_clash(clashes[0], look.size)
            ),
            th.DEAD,
        )
    event = player.last_event
    if type(event) is Solution:
        return (
            _("solution {number}!").format(number=event.number),
            _("every cell, row, column and box is covered once"),
            th.DONE,
        )
    if player.at_end and not model.stack:
        return verdict(look, model)
    if type(event) is Pop:
        cell, digit = model.encoding.options[event.value]
        why = (
            _("nothing below it worked: try the next candidate")
            if event.backtrack
            else _("a solution was found below it: look for another")
        )
        headline = _("withdraw {digit} from {cell}").format(
            digit=symbol(digit), cell=cell_name(cell, look.size)
        )
        return headline, why, th.DEAD
    column = model.choosing
    if column is None:
        blanks = look.givens.count(0)
        return _("ready"), _("{count} blank cells; Space plays, Right steps").format(count=blanks), th.INK
    name = constraint_name(look.encoding, column, look.size)
    rows = model.candidates(column)
    kind = model.encoding.constraints[column][0]
    if not rows:
        return (
            _("{constraint}: no candidate").format(constraint=name),
            _("dead end: withdraw the last digit"),
            th.DEAD,
        )
    options = model.encoding.options
    if kind == "cell":
        listed = ", ".join(symbol(options[r][1]) for r in rows)
    else:
        listed = ", ".join(cell_name(options[r][0], look.size) for r in rows)
    what = _("{options}: {listed}").format(options=options_words(kind, len(rows)), listed=listed)
    trying = model.trying
    if trying is None:
        reason = look.choice_rule
        return _("decide {constraint}").format(constraint=name), f"{what} ({reason})", th.ACTIVE
    cell, digit = options[trying]
    number = rows.index(trying) + 1 if trying in rows else 1
    return (
        _("try {digit} in {cell}").format(digit=symbol(digit), cell=cell_name(cell, look.size)),
        _("{constraint}: choice {number} of {total}; {options}").format(
            constraint=name, number=number, total=len(rows), options=what
        ),
        th.ACTIVE,
    )


def verdict(look: SudokuLook, model: SudokuModel) -> tuple[str, str, th.Color]:
    """The end of the run in words."""
    count = len(model.solutions)
    if count == 0:
        return _("no solution"), _("no grid completes these givens"), th.DEAD
    if count == 1:
        return _("one solution"), _("the search tried every branch: it is unique"), th.DONE
    return (
        _("more than one solution"),
        _("the search stops at {limit}; showing solution {number}: , and . switch").format(
            limit=SOLUTION_LIMIT, number=look.browse + 1
        ),
        th.PRUNED,
    )


class SudokuView:
    """Draws the sudoku demo's stage from its model and look."""

    def __init__(self, theme: th.Theme) -> None:
        self.theme = theme
        self.board = BoardView(theme)

    def draw(
        self, surface: pygame.Surface, lay: SudokuLayout, look: SudokuLook, player: Player[SudokuModel]
    ) -> None:
        """Board, column strip (or the verdict), what happens now, the key."""
        model = player.model
        self.board.draw(surface, lay, look, model, player)
        if not self._draw_verdict(look, surface, lay.strip, model, player):
            self._draw_strip(surface, lay.strip, model)
        self._draw_now(look, surface, lay.now, model, player)
        if lay.legend.h:
            self.draw_legend(surface, lay.legend)

    def _draw_verdict(
        self, look: SudokuLook, surface: pygame.Surface, rect: pygame.Rect, model: SudokuModel, player: Player
    ) -> bool:
        """In place of the strip once there is a verdict: clash, none, one, more; True if drawn."""
        clashes = look.clashes
        if clashes:
            big, small, colour = (
                _("clashing givens: not solved"),
                sudoku.describe_clash(clashes[0], look.size),
                th.DEAD,
            )
        elif not player.at_end or model.stack:
            return False
        elif not model.solutions:
            big, small, colour = _("no solution exists"), _("every branch ended at a dead end"), th.DEAD
        elif len(model.solutions) > 1:
            big, small, colour = (
                _("more than one solution"),
                _("the search stopped at {limit}: cells that differ are marked; , and . switch").format(
                    limit=SOLUTION_LIMIT
                ),
                th.PRUNED,
            )
        else:
            big, small, colour = (
                _("exactly one solution"),
                _("every other branch was tried and failed"),
                th.DONE,
            )
        theme = self.theme
        pygame.draw.rect(surface, colour, rect, border_radius=theme.px(8))
        room = rect.w - theme.px(16)
        fits = [size for size in ("title", "large") if theme.font(size, "bold").size(big)[0] <= room]
        size = fits[0] if fits else "body"  # whole words in a narrow banner, before an ellipsis
        title = theme.text(fit_text(theme, big, room, size, "bold"), size, th.PANEL, "bold")
        line = theme.text(fit_text(theme, small, rect.w - theme.px(16)), "small", th.PANEL)
        total = title.get_height() + theme.px(4) + line.get_height()
        top = rect.centery - total // 2
        surface.blit(title, title.get_rect(midtop=(rect.centerx, top)))
        surface.blit(line, line.get_rect(midtop=(rect.centerx, top + title.get_height() + theme.px(4))))
        return True

    def _draw_strip(self, surface: pygame.Surface, rect: pygame.Rect, model: SudokuModel) -> None:
        """The column sizes, one thin bar each: cells, then row, column and box digits.

        Hundreds of columns share the strip, so bars are a pixel or two wide and
        carry no labels; the column being decided gets a blue band and its size.
        """
        theme = self.theme
        inner = card(surface, rect, theme, _("the matrix's columns: candidates left for each constraint"))
        kinds = [kind for kind, _unit, _digit in model.encoding.constraints]
        groups = [
            (name, [c for c, k in enumerate(kinds) if k == kind])
            for name, kind in (
                (N_("cells"), "cell"),
                (N_("row · digit"), "row"),
                (N_("column · digit"), "column"),
                (N_("box · digit"), "box"),
            )
        ]
        groups = [(name, cols) for name, cols in groups if cols]
        label_h = theme.line_height("tiny")
        if not groups or inner.h < 3 * label_h:
            return
        gap = theme.px(12)
        width = (inner.w - gap * (len(groups) - 1)) / sum(len(cols) for _, cols in groups)
        top, bottom = inner.y + label_h, inner.bottom - label_h - theme.px(2)
        choosing = model.choosing
        x = float(inner.x)
        for name, cols in groups:
            start = x
            scale = max(max(model.initial_sizes[c] for c in cols), 1)
            for col in cols:
                self._strip_bar(
                    surface,
                    pygame.Rect(round(x), top, max(1, round(x + width) - round(x)), bottom - top),
                    model,
                    col,
                    scale,
                    col == choosing,
                )
                x += width
            caption = theme.text(fit_text(theme, _(name), max(1, round(x - start)), "tiny"), "tiny", th.MUTED)
            surface.blit(caption, caption.get_rect(midtop=(round((start + x) / 2), bottom + theme.px(2))))
            x += gap

    def _strip_bar(
        self,
        surface: pygame.Surface,
        slot: pygame.Rect,
        model: SudokuModel,
        col: int,
        scale: int,
        chosen: bool,
    ) -> None:
        """One column: grey by size, red at 0, faint when covered, blue band when chosen."""
        size = model.size(col)
        if chosen:
            pygame.draw.rect(surface, th.blend(th.PANEL, th.ACTIVE, 0.25), slot.inflate(self.theme.px(4), 0))
        if model.cover_count[col] and not chosen:  # covered: an empty, pale slot
            pygame.draw.rect(surface, th.blend(th.PANEL, th.FAINT, 0.6), slot)
            return
        colour = th.ACTIVE if chosen else th.blend(th.INK, th.PANEL, 0.55)
        if size == 0:
            colour = th.DEAD
        h = max(1, round(slot.h * size / scale))
        pygame.draw.rect(surface, colour, (slot.x, slot.bottom - h, slot.w, h))
        if chosen:
            image = self.theme.text(str(size), "tiny", th.DEAD if not size else th.ACTIVE, "bold")
            surface.blit(image, image.get_rect(midbottom=(slot.centerx, slot.y)))

    def _draw_now(
        self, look: SudokuLook, surface: pygame.Surface, rect: pygame.Rect, model: SudokuModel, player: Player
    ) -> None:
        """In big words: what is being decided, how many candidates, the verdict."""
        theme = self.theme
        inner = card(surface, rect, theme, _("now"))
        y = draw_headline(
            surface,
            theme,
            inner,
            now_text(look, model, player),
            big_lines=3,
            small_lines=6,
            gap=theme.px(4),
        )
        placed = model.placed()
        if placed and y + 3 * theme.line_height("small") < inner.bottom:
            y += theme.px(10)
            heading = fit_text(
                theme,
                ngettext(
                    "the stack: {count} choice, newest last",
                    "the stack: {count} choices, newest last",
                    len(placed),
                ).format(count=len(placed)),
                inner.w,
                "tiny",
                "bold",
            )
            surface.blit(theme.text(heading, "tiny", th.MUTED, "bold"), (inner.x, y))
            y += theme.line_height("tiny") + theme.px(2)
            words = " ".join(f"{cell_name(cell, look.size)}={symbol(digit)}" for cell, digit in placed)
            lines = wrap(theme, words, inner.w, "small", "mono")
            room = max(0, (inner.bottom - y) // theme.line_height("small", "mono") - 3)
            for line in lines[-room:] if room else []:
                surface.blit(theme.text(line, "small", th.INK, "mono"), (inner.x, y))
                y += theme.line_height("small", "mono")
        if look.selected is not None and y + 2 * theme.line_height("small") < inner.bottom:
            y += theme.px(8)
            hint = _("editing {cell}: type a digit, 0 clears, click beside the grid to stop").format(
                cell=cell_name(look.selected, look.size)
            )
            for line in wrap(theme, hint, inner.w):
                surface.blit(theme.text(line, "small", th.MUTED), (inner.x, y))
                y += theme.line_height("small")

    def draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What colours and marks mean."""
        theme = self.theme
        inner = card(surface, rect, theme, _("key"))
        line = theme.line_height("small")
        items = (
            (GIVEN_FILL, th.INK, "5", N_("given")),
            (th.PANEL, th.ACTIVE, "5", N_("digit being tried")),
            (th.PANEL, PLACED_INK, "5", N_("earlier choice, still standing")),
            (th.PANEL, th.DEAD, "5", N_("withdrawn (struck out)")),
            (th.PANEL, th.DONE, "5", N_("solution")),
            (th.LIT_LINE, th.MUTED, "12", N_("being decided; pencil marks")),
        )
        for i, (fill, ink, text, meaning) in enumerate(items):
            y = inner.y + i * (line + theme.px(3))
            if y + line > inner.bottom:
                break
            box = pygame.Rect(inner.x, y, line, line)
            pygame.draw.rect(surface, fill, box)
            pygame.draw.rect(surface, th.PANEL_EDGE, box, 1)
            image = theme.text(text, "tiny", ink, "bold")
            surface.blit(image, image.get_rect(center=box.center))
            if ink == th.DEAD:  # struck out, as on the board
                pygame.draw.line(surface, th.DEAD, box.bottomleft, box.topright, max(1, theme.px(2)))
            surface.blit(theme.text(_(meaning), "small", th.INK), (box.right + theme.px(8), y))
