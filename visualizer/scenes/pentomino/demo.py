"""The pentomino demo: Algorithm X tiles a rectangle with the twelve pieces.

Each piece and each cell is a primary column of the matrix; a row is one
piece in one orientation at one place.  The board shows the pieces of the
rows on the stack (in colour, each with its letter), the cell or piece being
decided, and in every empty cell how many placements could still cover it;
the tray shows which pieces are used, the strip every column's live size;
the tilings found can be browsed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame

from solvers import dlx, pentomino
from solvers.events import Choose, Cover, DeadEnd, Pop, Push, Solution, Uncover
from visualizer import theme as th
from visualizer.draw import hatch
from visualizer.panels import card, fit_text
from visualizer.player import Player
from visualizer.scenes.exact_cover.demo import (
    STRATEGY_KEY,
    BrowsingDemo,
    CoverModel,
    card_inner,
    cover_words,
    draw_headline,
    draw_size_strip,
    plural,
    split_bottom,
)
from visualizer.widgets import Choice, Widget

BOARDS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("6×10", (10, 6)),
    ("5×12", (12, 5)),
    ("4×15", (15, 4)),
    ("3×20", (20, 3)),
)
"""Board choices as rows x columns, with the (width, height) the encoding takes: landscape."""

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


def symmetry_key(grid: Sequence[str]) -> str:
    """The same string for a tiling and its turns and flips (the four symmetries of a rectangle)."""
    rows = list(grid)
    forms = (rows, [r[::-1] for r in rows], rows[::-1], [r[::-1] for r in rows[::-1]])
    return min("/".join(form) for form in forms)


def middle(cells: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The (row, col) cell nearest the cells' centre: where a piece's letter goes."""
    cy = sum(r for r, _ in cells) / len(cells)
    cx = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda rc: ((rc[0] - cy) ** 2 + (rc[1] - cx) ** 2, rc))


class PentominoModel(CoverModel):
    """The exact-cover run plus what a board needs: the piece and cells of each matrix row."""

    def __init__(self, encoding: pentomino.Encoding) -> None:
        super().__init__(encoding.matrix.copy())
        self.width = encoding.width
        self.height = encoding.height
        self.placements = encoding.placements

    def pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """The placed pieces as (letter, cells), first placed first."""
        return [self.placements[row] for row in self.stack]

    def owners(self) -> list[int]:
        """For each cell, the index in `stack` of the piece on it, or -1."""
        owner = [-1] * (self.width * self.height)
        for index, row in enumerate(self.stack):
            for cell in self.placements[row][1]:
                owner[cell] = index
        return owner


class PentominoDemo(BrowsingDemo):
    """Twelve pentominoes tile a rectangle: pieces in and out, the tray, the strip, the tilings."""

    name = "pentomino"
    title = "Pentominoes: tiling by dancing links"
    blurb = "twelve pieces tile a rectangle"
    default_speed = 500.0
    keys = (
        ("1 / 2 / 3 / 4", "board 6×10 / 5×12 / 4×15 / 3×20"),
        STRATEGY_KEY,
        (", / .", "previous / next tiling found"),
    )
    solution_noun = "tiling"
    nothing_to_browse = "no tiling found yet: play on, or press S to run to the next one"

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.board = BOARDS[0][1]
        self._encodings: dict[tuple[int, int], pentomino.Encoding] = {}
        self._keys: dict[tuple[int, ...], str] = {}
        self.encoding = self._encoding(self.board)

    def _encoding(self, board: tuple[int, int]) -> pentomino.Encoding:
        """The matrix for a board, built once (its rows never change)."""
        if board not in self._encodings:
            self._encodings[board] = pentomino.encode(*board)
        return self._encodings[board]

    # --- what runs -----------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """Algorithm X on a private copy of the matrix (the player runs two at once)."""
        return dlx.search(self.encoding.matrix.copy(), strategy=self.strategy)

    def make_model(self) -> PentominoModel:
        """An empty board, every piece in the tray."""
        return PentominoModel(self.encoding)

    def set_board(self, board: tuple[int, int]) -> None:
        """Another rectangle, a new run."""
        self.board = board
        self.encoding = self._encoding(board)
        self._keys.clear()
        self.restart()

    # --- telling tilings apart -------------------------------------------------------------

    def grid(self, answer: tuple[int, ...]) -> list[str]:
        """A solution as rows of letters."""
        return self.encoding.grid(answer)

    def key_of(self, answer: tuple[int, ...]) -> str:
        """A solution's symmetry key, cached (solutions arrive one at a time)."""
        key = self._keys.get(answer)
        if key is None:
            key = self._keys[answer] = symmetry_key(self.grid(answer))
        return key

    def twin_of(self, model: PentominoModel, index: int) -> int | None:
        """The first earlier tiling that this one is a turn or flip of, if any."""
        key = self.key_of(model.solutions[index])
        for earlier in range(index):
            if self.key_of(model.solutions[earlier]) == key:
                return earlier
        return None

    def distinct(self, model: PentominoModel) -> int:
        """Tilings found that are not turns or flips of one another."""
        return len({self.key_of(answer) for answer in model.solutions})

    # --- how it reads ---------------------------------------------------------------------

    def column_name(self, column: int) -> str:
        """A matrix column in board words: 'piece L' or 'cell r2c5'."""
        if column < len(pentomino.PIECES):
            return f"piece {pentomino.PIECES[column]}"
        return f"cell {self.encoding.matrix.names[column]}"

    def placement_words(self, row: int) -> str:
        """A placement: 'L at r1c3' (its bounding box's top-left cell)."""
        piece, cells = self.encoding.placements[row]
        w = self.encoding.width
        top = min(cell // w for cell in cells)
        left = min(cell % w for cell in cells)
        return f"{piece} at r{top + 1}c{left + 1}"

    def narrate(self, event: Any) -> str | None:
        """The event in board words."""
        kind = type(event)
        if kind is Choose:
            why = "fewest ways" if self.strategy == "fewest" else "leftmost open column"
            ways = plural(event.size, "way")
            return f"choose {self.column_name(event.column)} ({why}): {ways} to cover it"
        if kind is Cover or kind is Uncover:
            return cover_words(event, self.column_name(event.column))
        if kind is Push:
            return f"try {self.placement_words(event.what)}"
        if kind is Pop:
            words = self.placement_words(event.value)
            if event.backtrack:
                return f"take back {words}: nothing fits after it"
            return f"take back {words} to look for more"
        if kind is DeadEnd:
            column = event.where
            if column < len(pentomino.PIECES):
                return f"dead end: piece {pentomino.PIECES[column]} fits nowhere"
            return f"dead end: no piece can cover {self.column_name(column)}"
        if kind is Solution:
            return f"tiling {event.number}: all 12 pieces placed"
        return None

    def counters(self, model: PentominoModel) -> list[tuple[str, str]]:
        """Knuth's counters, pieces placed, tilings, the column choice."""
        return self.placing_counters(
            model, "pieces", len(pentomino.PIECES), ("distinct", f"{self.distinct(model):,}")
        )

    # --- controls and input -------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Board, column choice, and the tiling browser."""
        return [
            Choice(list(BOARDS), lambda: self.board, self.set_board, hint="1 2 3 4"),
            self.strategy_choice(),
            *self.browse_controls(),
        ]

    def key_actions(self) -> dict[int, Callable[[], object]]:
        """1-4 for the board, C for the column choice, , . to browse tilings."""
        actions = super().key_actions()
        for key, (_, board) in zip((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4), BOARDS, strict=True):
            actions[key] = functools.partial(self.set_board, board)
        return actions

    # --- layout ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """Board card on top (with the words and the tilings found), the strip, the tray."""
        theme = self.theme
        rest, tray = split_bottom(theme, rect, min(theme.px(100), int(rect.h * 0.18)))
        board, strip = split_bottom(theme, rest, min(theme.px(130), int(rect.h * 0.22)))
        return {"board": board, "strip": strip, "tray": tray}

    def board_geometry(self, rect: pygame.Rect) -> tuple[pygame.Rect, int, pygame.Rect]:
        """For a stage `rect`: the cells' area, one cell's side, and the area for the words.

        The words go beside the board when that leaves the cells as large as
        putting them above would (6 x 10), else above it (3 x 20).
        """
        theme = self.theme
        inner = card_inner(theme, self.layout(rect)["board"])
        w, h = self.encoding.width, self.encoding.height
        gap = theme.px(20)
        text_w = theme.px(280)
        beside = min((inner.w - text_w - gap) // w, inner.h // h)
        words_h = 3 * theme.line_height("large") + theme.px(8)
        above = min(inner.w // w, (inner.h - words_h) // h)
        if beside >= above:
            side = max(4, min(beside, theme.px(64)))
            board = pygame.Rect(inner.x, inner.y, side * w, side * h)
            board.centery = inner.centery
            words = pygame.Rect(board.right + gap, inner.y, inner.right - board.right - gap, inner.h)
        else:
            side = max(4, min(above, theme.px(64)))
            board = pygame.Rect(0, 0, side * w, side * h)
            board.midtop = (inner.centerx, inner.y + words_h + (inner.h - words_h - board.h) // 2)
            words = pygame.Rect(inner.x, inner.y, inner.w, board.y - inner.y - theme.px(8))
        return board, side, words

    def cell_rect(self, rect: pygame.Rect, cell: int) -> pygame.Rect:
        """Where a cell (y * width + x) is drawn on a stage `rect`."""
        board, side, _ = self.board_geometry(rect)
        y, x = divmod(cell, self.encoding.width)
        return pygame.Rect(board.x + x * side, board.y + y * side, side, side)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Board and words, strip, tray, tilings found."""
        model: PentominoModel = player.model  # type: ignore[assignment]
        parts = self.layout(rect)
        self._draw_board(surface, rect, parts["board"], model, player)
        pieces = list(range(len(pentomino.PIECES)))
        cells = list(range(len(pieces), model.matrix.n_columns))
        draw_size_strip(
            surface,
            parts["strip"],
            self.theme,
            model,
            [("pieces", pieces), ("cells, row by row", cells)],
            lambda col: pentomino.PIECES[col] if col < len(pieces) else "",
            "the matrix's columns: ways left to cover each",
            live_scale=True,
        )
        self._draw_tray(surface, parts["tray"], model)

    def _draw_board(
        self,
        surface: pygame.Surface,
        stage: pygame.Rect,
        card_rect: pygame.Rect,
        model: PentominoModel,
        player: Player,
    ) -> None:
        """Empty cells with their counts, the pieces placed, the cell being decided, the words."""
        theme = self.theme
        final, rows = self.board_rows(model, player)
        placed = [self.encoding.placements[row] for row in rows]
        title = (
            f"board: {len(placed)} of 12 pieces placed"
            if final is None
            else f"board: tiling {final + 1} of {len(model.solutions)}"
        )
        card(surface, card_rect, theme, title)
        board, _, words = self.board_geometry(stage)
        owner = [-1] * (self.encoding.width * self.encoding.height)
        for index, (_, cells) in enumerate(placed):
            for cell in cells:
                owner[cell] = index
        choosing = model.choosing if final is None else None
        for cell, who in enumerate(owner):
            if who < 0:
                self._draw_empty(surface, stage, model, cell, choosing, final is not None)
        solved = final is not None or (isinstance(player.last_event, Solution) and len(placed) == 12)
        last = len(placed) - 1
        for index, (piece, cells) in enumerate(placed):
            self._draw_piece(
                surface, stage, piece, cells, owner, index, newest=index == last and not solved, player=player
            )
        event = player.last_event
        if isinstance(event, Pop) and final is None:
            self._draw_ghost(surface, stage, self.encoding.placements[event.value][1])
        frame_colour = th.DONE if solved else th.INK
        pygame.draw.rect(
            surface, frame_colour, board.inflate(theme.px(4), theme.px(4)), theme.px(3 if solved else 2)
        )
        self._draw_words(surface, words, model, player)

    def _draw_empty(
        self,
        surface: pygame.Surface,
        stage: pygame.Rect,
        model: PentominoModel,
        cell: int,
        choosing: int | None,
        final: bool,
    ) -> None:
        """An empty cell: how many placements could still cover it; lit when being decided."""
        theme = self.theme
        box = self.cell_rect(stage, cell)
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
        stage: pygame.Rect,
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
            drop = round((1 - th.ease(player.progress())) * self.cell_rect(stage, cells[0]).h * 0.5)
        boxes = [self.cell_rect(stage, cell).move(0, -drop) for cell in cells]
        for box in boxes:
            pygame.draw.rect(surface, colour, box)
        width = theme.px(4) if newest else theme.px(2)
        edge = th.ACTIVE if newest else th.INK
        w = self.encoding.width
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
        centre = self._letter_cell(cells)
        box = boxes[cells.index(centre)]
        size = "large" if box.w >= theme.px(34) else ("small" if box.w >= theme.px(20) else "tiny")
        letter = theme.text(piece, size, ink_on(colour), "bold")
        surface.blit(letter, letter.get_rect(center=box.center))

    def _letter_cell(self, cells: tuple[int, ...]) -> int:
        """The piece's cell nearest its centre, where its letter goes."""
        w = self.encoding.width
        r, c = middle([divmod(cell, w) for cell in cells])
        return r * w + c

    def _draw_ghost(self, surface: pygame.Surface, stage: pygame.Rect, cells: tuple[int, ...]) -> None:
        """The piece just taken back: hatched in red over the emptied cells."""
        theme = self.theme
        for cell in cells:
            box = self.cell_rect(stage, cell)
            hatch(surface, box, th.blend(th.DEAD, th.PANEL, 0.3), theme.px(6), theme.px(2))
            pygame.draw.rect(surface, th.DEAD, box, theme.px(1))

    def _draw_words(
        self, surface: pygame.Surface, rect: pygame.Rect, model: PentominoModel, player: Player
    ) -> None:
        """In big words what Algorithm X decides and does; the tilings found beside or below."""
        theme = self.theme
        wide = rect.w > 2 * theme.px(280)
        text_rect = pygame.Rect(rect.x, rect.y, rect.w // 2 if wide else rect.w, rect.h)
        y = draw_headline(surface, theme, text_rect, self._now_text(model, player))
        if wide:
            found = pygame.Rect(
                text_rect.right + theme.px(20), rect.y, rect.w - text_rect.w - theme.px(20), rect.h
            )
        else:
            y += theme.px(16)
            found = pygame.Rect(rect.x, y, rect.w, rect.bottom - y)
        self._draw_found(surface, found, model)

    def _now_text(self, model: PentominoModel, player: Player) -> tuple[str, str, th.Color]:
        """The headline, a line below it, and the headline's colour."""
        event = player.last_event
        if isinstance(event, Solution):
            return f"tiling {event.number}!", "every cell covered once, every piece used once", th.DONE
        if player.at_end:
            count = len(model.solutions)
            return (
                f"done: {plural(count, 'tiling')}",
                f"{self.distinct(model)} up to turns and flips; browse with , and .",
                th.DONE,
            )
        column = model.choosing
        if column is None:
            return "ready", "press Space to play, Right to step", th.INK
        name = self.column_name(column)
        size = model.size(column)
        if size == 0:
            what = "fits nowhere" if column < len(pentomino.PIECES) else "cannot be covered"
            return f"{name} {what}", "dead end: take back the last piece", th.DEAD
        ways = plural(size, "way")
        trying = model.trying
        if trying is None:
            return f"{name}: {ways}", f"decide it first: {self.choice_rule()}", th.ACTIVE
        rows = model.candidates(column)
        number = rows.index(trying) + 1 if trying in rows else 1
        return f"{name}: try {self.placement_words(trying)}", f"way {number} of {size}", th.ACTIVE

    def tray_slots(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """Where each of the twelve pieces sits in the tray card `rect`."""
        theme = self.theme
        inner = card_inner(theme, rect)
        slot_w = inner.w // len(pentomino.PIECES)
        return [
            pygame.Rect(inner.x + i * slot_w + theme.px(3), inner.y, slot_w - theme.px(6), inner.h)
            for i in range(len(pentomino.PIECES))
        ]

    def _draw_tray(self, surface: pygame.Surface, rect: pygame.Rect, model: PentominoModel) -> None:
        """The twelve pieces: in colour while unused, faded and ticked once on the board."""
        card(surface, rect, self.theme, "the pieces: how many ways each still has")
        used = {piece for piece, _ in model.pieces()}
        for i, slot in enumerate(self.tray_slots(rect)):
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
        surface.blit(image, image.get_rect(midbottom=(slot.centerx, slot.bottom)))

    def _draw_found(self, surface: pygame.Surface, rect: pygame.Rect, model: PentominoModel) -> None:
        """The browsed tiling, small, with its number and whether it repeats an earlier one."""
        theme = self.theme
        index = self.shown_solution(model)
        head = theme.text(
            fit_text(theme, self.solution_label(), rect.w, "small", "bold"), "small", th.INK, "bold"
        )
        surface.blit(head, rect.topleft)
        y = rect.y + theme.line_height("small")
        if index is None:
            note = "each tiling turns up 4 times: turned and flipped"
        else:
            twin = self.twin_of(model, index)
            note = (
                "new: not a turn or flip of an earlier one"
                if twin is None
                else (f"tiling {twin + 1} turned or flipped")
            )
        surface.blit(theme.text(fit_text(theme, note, rect.w, "tiny"), "tiny", th.MUTED), (rect.x, y))
        y += theme.line_height("tiny") + theme.px(4)
        w, h = self.encoding.width, self.encoding.height
        side = min(rect.w // w, (rect.bottom - y) // h, theme.px(24))
        if index is None or side < 3:
            return
        grid = self.grid(model.solutions[index])
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
