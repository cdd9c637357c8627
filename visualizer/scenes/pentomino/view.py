"""Drawing the pentomino demo: board and words, the column strip, the tray, the tilings found.

`PentominoView` only reads the model, the frozen `PentominoLook` the
controller builds each frame (the board, the column choice, the browsed
tiling) and the layout it is handed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from solvers import pentomino
from solvers.events import Pop, Push, Solution
from solvers.i18n import N_, _, format_number, ngettext
from visualizer import theme as th
from visualizer.draw import hatch
from visualizer.panels import card, fit_text
from visualizer.player import Player
from visualizer.scenes.exact_cover.view import CoverLook, draw_headline, draw_size_strip
from visualizer.scenes.pentomino.layout import PentominoLayout
from visualizer.scenes.pentomino.model import PentominoModel, Tilings, column_name, middle, placement

PIECE_COLOURS: dict[str, th.Color] = {
    "F": th.ORANGE,
    "I": th.SKY,
    "L": th.GREEN,
    "N": th.YELLOW,
    "P": th.blend(th.BLUE, th.PANEL, 0.2),
    "T": th.VERMILLION,
    "U": th.PURPLE,
    "V": th.blend(th.GREEN, th.INK, 0.4),
    "W": th.blend(th.SKY, th.PANEL, 0.6),
    "X": th.blend(th.VERMILLION, th.PANEL, 0.55),
    "Y": th.blend(th.PURPLE, th.INK, 0.4),
    "Z": th.blend(th.ORANGE, th.PANEL, 0.6),
}
"""Twelve piece colours from the theme's palette; each piece also carries its letter."""

PIECE_SHAPES = {piece: pentomino.shape_of(pentomino.PICTURES[piece]) for piece in pentomino.PIECES}


def ink_on(colour: th.Color) -> th.Color:
    """Dark or light text, whichever reads on `colour`."""
    r, g, b = colour
    return th.INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else th.PANEL


@dataclass(frozen=True)
class PentominoLook:
    """What the controller hands the view each frame besides the model."""

    cover: CoverLook
    encoding: pentomino.Encoding
    tilings: Tilings  # tells tilings found apart (turns and flips of one another)
    veils_newest_try: bool  # an open columns step: the newest placement's cells are its answer


class PentominoView:
    """Draws the pentomino demo's stage from its model."""

    def __init__(self, theme: th.Theme) -> None:
        self.theme = theme

    def draw(
        self,
        surface: pygame.Surface,
        lay: PentominoLayout,
        look: PentominoLook,
        player: Player[PentominoModel],
    ) -> None:
        """Board and words, strip, tray, tilings found."""
        model = player.model
        self._draw_board(look, surface, lay, model, player)
        pieces = list(range(len(pentomino.PIECES)))
        cells = list(range(len(pieces), model.matrix.n_columns))
        draw_size_strip(
            surface,
            lay.strip,
            self.theme,
            model,
            [(N_("pieces"), pieces), (N_("cells, row by row"), cells)],
            lambda col: pentomino.PIECES[col] if col < len(pieces) else "",
            N_("the matrix's columns: ways left to cover each"),
            live_scale=True,
        )
        self._draw_tray(surface, lay, model)

    def _draw_board(
        self,
        look: PentominoLook,
        surface: pygame.Surface,
        lay: PentominoLayout,
        model: PentominoModel,
        player: Player,
    ) -> None:
        """Empty cells with their counts, the pieces placed, the cell being decided, the words."""
        theme = self.theme
        final, rows = look.cover.board
        placed = [look.encoding.placements[row] for row in rows]
        if final is None:
            title = _("board: {count} of 12 pieces placed").format(count=len(placed))
        else:
            total = format_number(len(model.solutions))
            title = _("board: tiling {number} of {total}").format(
                number=format_number(final + 1), total=total
            )
        card(surface, lay.board_card, theme, title)
        if final is None and look.veils_newest_try:
            placed = placed[:-1]  # the cells the placement tried covers are what the open step asks
        board, words = lay.board, lay.words
        owner = [-1] * (look.encoding.width * look.encoding.height)
        for index, (_piece, cells) in enumerate(placed):
            for cell in cells:
                owner[cell] = index
        choosing = model.choosing if final is None else None
        for cell, who in enumerate(owner):
            if who < 0:
                self._draw_empty(surface, lay, model, cell, choosing, final is not None)
        solved = final is not None or (isinstance(player.last_event, Solution) and len(placed) == 12)
        last = len(placed) - 1
        for index, (piece, cells) in enumerate(placed):
            self._draw_piece(
                surface,
                lay,
                piece,
                cells,
                owner,
                index,
                newest=index == last and not solved,
                player=player,
            )
        event = player.last_event
        if isinstance(event, Pop) and final is None:
            self._draw_ghost(surface, lay, look.encoding.placements[event.value][1])
        frame_colour = th.DONE if solved else th.INK
        pygame.draw.rect(
            surface, frame_colour, board.inflate(theme.px(4), theme.px(4)), theme.px(3 if solved else 2)
        )
        self._draw_words(look, surface, words, model, player)

    def _draw_empty(
        self,
        surface: pygame.Surface,
        lay: PentominoLayout,
        model: PentominoModel,
        cell: int,
        choosing: int | None,
        final: bool,
    ) -> None:
        """An empty cell: how many placements could still cover it; lit when being decided."""
        theme = self.theme
        box = lay.cell_rect(cell)
        column = len(pentomino.PIECES) + cell
        size = model.size(column)
        fill, ink, frame = th.PANEL, th.MUTED, None
        if final:
            pass
        elif size == 0:
            fill, ink = th.blend(th.PANEL, th.DEAD, 0.18), th.DEAD
            frame = th.DEAD if column == choosing else None
        elif column == choosing:
            fill, ink, frame = th.LIT_LINE, th.ACTIVE, th.ACTIVE
        pygame.draw.rect(surface, fill, box)
        pygame.draw.rect(surface, th.FAINT, box, 1)
        if frame is not None:
            pygame.draw.rect(surface, frame, box, theme.px(3))
        if final or box.w < theme.px(22):
            return
        text = "✗" if size == 0 else str(size)
        face = "bold" if column == choosing or size == 0 else "sans"
        image = theme.text(text, "small" if box.w >= theme.px(34) else "tiny", ink, face)
        surface.blit(image, image.get_rect(center=box.center))

    def _draw_piece(
        self,
        surface: pygame.Surface,
        lay: PentominoLayout,
        piece: str,
        cells: tuple[int, ...],
        owner: list[int],
        index: int,
        *,
        newest: bool,
        player: Player,
    ) -> None:
        """A piece: its colour, its outline where it meets other pieces, its letter."""
        theme = self.theme
        colour = PIECE_COLOURS[piece]
        drop = 0
        if newest and isinstance(player.last_event, Push):
            drop = round((1 - th.ease(player.progress())) * lay.cell_rect(cells[0]).h * 0.5)
        boxes = [lay.cell_rect(cell).move(0, -drop) for cell in cells]
        for box in boxes:
            pygame.draw.rect(surface, colour, box)
        width = theme.px(4) if newest else theme.px(2)
        edge = th.ACTIVE if newest else th.INK
        w = lay.width
        own = set(cells)
        for cell, box in zip(cells, boxes, strict=True):
            x = cell % w
            sides = (
                (x > 0 and cell - 1 in own, box.topleft, box.bottomleft),
                (x < w - 1 and cell + 1 in own, box.topright, box.bottomright),
                (cell - w in own, box.topleft, box.topright),
                (cell + w in own, box.bottomleft, box.bottomright),
            )
            for inside, a, b in sides:
                if not inside:
                    pygame.draw.line(surface, edge, a, b, width)
        centre = self._letter_cell(lay.width, cells)
        box = boxes[cells.index(centre)]
        size = "large" if box.w >= theme.px(34) else ("small" if box.w >= theme.px(20) else "tiny")
        letter = theme.text(piece, size, ink_on(colour), "bold")
        surface.blit(letter, letter.get_rect(center=box.center))

    def _letter_cell(self, w: int, cells: tuple[int, ...]) -> int:
        """The piece's cell nearest its centre (on a board `w` cells across), where its letter goes."""
        r, c = middle([divmod(cell, w) for cell in cells])
        return r * w + c

    def _draw_ghost(self, surface: pygame.Surface, lay: PentominoLayout, cells: tuple[int, ...]) -> None:
        """The piece just taken back: hatched in red over the emptied cells."""
        theme = self.theme
        for cell in cells:
            box = lay.cell_rect(cell)
            hatch(surface, box, th.blend(th.DEAD, th.PANEL, 0.3), theme.px(6), theme.px(2))
            pygame.draw.rect(surface, th.DEAD, box, theme.px(1))

    def _draw_words(
        self,
        look: PentominoLook,
        surface: pygame.Surface,
        rect: pygame.Rect,
        model: PentominoModel,
        player: Player,
    ) -> None:
        """In big words what Algorithm X decides and does; the tilings found beside or below."""
        theme = self.theme
        wide = rect.w > 2 * theme.px(280)
        text_rect = pygame.Rect(rect.x, rect.y, rect.w // 2 if wide else rect.w, rect.h)
        y = draw_headline(surface, theme, text_rect, self._now_text(look, model, player))
        if wide:
            found = pygame.Rect(
                text_rect.right + theme.px(20), rect.y, rect.w - text_rect.w - theme.px(20), rect.h
            )
        else:
            y += theme.px(16)
            found = pygame.Rect(rect.x, y, rect.w, rect.bottom - y)
        self._draw_found(look, surface, found, model)

    def _now_text(
        self, look: PentominoLook, model: PentominoModel, player: Player
    ) -> tuple[str, str, th.Color]:
        """The headline, a line below it, and the headline's colour."""
        waiting = look.cover.waiting
        if waiting is not None:
            return waiting
        event = player.last_event
        if isinstance(event, Solution):
            headline = _("tiling {number}!").format(number=format_number(event.number))
            return headline, _("every cell covered once, every piece used once"), th.DONE
        if player.at_end:
            return self._done_text(look, model)
        column = model.choosing
        if column is None:
            return _("ready"), _("press Space to play, Right to step"), th.INK
        name = column_name(look.encoding, column)
        size = model.size(column)
        if size == 0:
            dead = (
                _("{name} fits nowhere") if column < len(pentomino.PIECES) else _("{name} cannot be covered")
            )
            return dead.format(name=name), _("dead end: take back the last piece"), th.DEAD
        trying = model.trying
        if trying is None:
            ways = ngettext("{name}: {count} way", "{name}: {count} ways", size)
            rule = _("decide it first: {rule}").format(rule=look.cover.choice_rule)
            return ways.format(name=name, count=format_number(size)), rule, th.ACTIVE
        rows = model.candidates(column)
        number = rows.index(trying) + 1 if trying in rows else 1
        return (
            _("{name}: try {piece} at {cell}").format(name=name, **placement(look.encoding, trying)),
            _("way {number} of {total}").format(number=format_number(number), total=format_number(size)),
            th.ACTIVE,
        )

    def _done_text(self, look: PentominoLook, model: PentominoModel) -> tuple[str, str, th.Color]:
        """The headline and line below it once the search is over."""
        count = len(model.solutions)
        done = ngettext("done: {count} tiling", "done: {count} tilings", count)
        distinct = look.tilings.distinct(model.solutions)
        below = ngettext(
            "{count} up to turns and flips; browse with , and .",
            "{count} up to turns and flips; browse with , and .",
            distinct,
        )
        return done.format(count=format_number(count)), below.format(count=format_number(distinct)), th.DONE

    def _draw_tray(self, surface: pygame.Surface, lay: PentominoLayout, model: PentominoModel) -> None:
        """The twelve pieces: in colour while unused, faded and ticked once on the board."""
        card(surface, lay.tray, self.theme, _("the pieces: how many ways each still has"))
        used = {piece for piece, _ in model.pieces()}
        for i, slot in enumerate(lay.tray_slots):
            self._draw_tray_piece(surface, slot, model, i, pentomino.PIECES[i] in used)

    def _draw_tray_piece(
        self, surface: pygame.Surface, slot: pygame.Rect, model: PentominoModel, column: int, used: bool
    ) -> None:
        """One piece in the tray with its letter, and its ways left (or 'placed')."""
        theme = self.theme
        piece = pentomino.PIECES[column]
        shape = PIECE_SHAPES[piece]
        rows = 1 + max(r for r, _ in shape)
        cols = 1 + max(c for _, c in shape)
        label_h = theme.line_height("tiny")
        cell = max(2, min(slot.w // 5, (slot.h - label_h - theme.px(4)) // 4))
        area = pygame.Rect(0, 0, cols * cell, rows * cell)
        area.center = (slot.centerx, slot.y + (slot.h - label_h) // 2)
        colour = th.blend(PIECE_COLOURS[piece], th.PANEL, 0.75) if used else PIECE_COLOURS[piece]
        for r, c in shape:
            box = pygame.Rect(area.x + c * cell, area.y + r * cell, cell, cell)
            pygame.draw.rect(surface, colour, box)
            pygame.draw.rect(surface, th.PANEL_EDGE if used else th.INK, box, 1)
        if used:  # the letter is in the label below; a tick says where the piece went
            tick = theme.text("✓", "large", th.DONE, "bold")
            surface.blit(tick, tick.get_rect(center=area.center))
        if column == model.choosing:
            pygame.draw.rect(surface, th.ACTIVE, slot, theme.px(3), border_radius=theme.px(4))
        size = model.size(column)
        text = piece if used else f"{piece}: {size}"
        ink = th.MUTED if used else (th.DEAD if size == 0 else th.INK)
        image = theme.text(text, "tiny", ink, "bold" if not used else "sans")
        if image.get_width() > slot.w and not used:  # a narrow tray: the shape names the piece
            image = theme.text(str(size), "tiny", ink, "bold")
        surface.blit(image, image.get_rect(midbottom=(slot.centerx, slot.bottom)))

    def _draw_found(
        self, look: PentominoLook, surface: pygame.Surface, rect: pygame.Rect, model: PentominoModel
    ) -> None:
        """The browsed tiling, small, with its number and whether it repeats an earlier one."""
        theme = self.theme
        index = look.cover.shown
        head = theme.text(
            fit_text(theme, look.cover.solution_label, rect.w, "small", "bold"), "small", th.INK, "bold"
        )
        surface.blit(head, rect.topleft)
        y = rect.y + theme.line_height("small")
        if index is None:
            note = _("each tiling turns up 4 times: turned and flipped")
        else:
            twin = look.tilings.twin_of(model.solutions, index)
            if twin is None:
                note = _("new: not a turn or flip of an earlier one")
            else:
                note = _("tiling {number} turned or flipped").format(number=format_number(twin + 1))
        surface.blit(theme.text(fit_text(theme, note, rect.w, "tiny"), "tiny", th.MUTED), (rect.x, y))
        y += theme.line_height("tiny") + theme.px(4)
        w, h = look.encoding.width, look.encoding.height
        side = min(rect.w // w, (rect.bottom - y) // h, theme.px(24))
        if index is None or side < 3:
            return
        grid = look.encoding.grid(model.solutions[index])
        left = rect.x
        for r, line in enumerate(grid):
            for c, piece in enumerate(line):
                box = pygame.Rect(left + c * side, y + r * side, side, side)
                pygame.draw.rect(surface, PIECE_COLOURS.get(piece, th.PANEL), box)
        for r, line in enumerate(grid):  # piece borders, so same colours never merge
            for c, piece in enumerate(line):
                x0, y0 = left + c * side, y + r * side
                if c + 1 < w and line[c + 1] != piece:
                    pygame.draw.line(surface, th.INK, (x0 + side, y0), (x0 + side, y0 + side))
                if r + 1 < h and grid[r + 1][c] != piece:
                    pygame.draw.line(surface, th.INK, (x0, y0 + side), (x0 + side, y0 + side))
        pygame.draw.rect(surface, th.INK, pygame.Rect(left, y, side * w, side * h), 1)
