"""Drawing the N-queens demo: the board, the column strip, the "now" card, solutions, legend.

`QueensView` only reads the model, the frozen `QueensLook` the controller
builds each frame (N, the column choice, the browsed solution) and the
layout it is handed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from solvers import queens
from solvers.events import Pop, Push, Solution
from solvers.i18n import N_, _, ngettext
from visualizer import theme as th
from visualizer.draw import hatch
from visualizer.panels import card, fit_text
from visualizer.player import Player
from visualizer.scenes.exact_cover.view import CoverLook, draw_headline, draw_size_strip
from visualizer.scenes.queens.layout import QueensLayout
from visualizer.scenes.queens.model import (
    FILES,
    QueensModel,
    attacked_squares,
    line_squares,
    short_label,
    square_name,
)

STRIP_MAX_N = 6
"""Up to this N the strip shows every column, diagonals included; above it, ranks and files."""

LIGHT_SQUARE = th.PANEL
DARK_SQUARE = th.blend(th.FAINT, th.PANEL_EDGE, 0.4)
ATTACK_TINT = 0.16
"""How far an attacked square's colour moves toward the dead-end colour."""


def queen_outline(box: pygame.Rect) -> list[tuple[int, int]]:
    """A crown with five points, scaled into `box`."""
    shape = (
        (0.24, 0.74),
        (0.12, 0.30),
        (0.28, 0.50),
        (0.32, 0.22),
        (0.42, 0.48),
        (0.50, 0.15),
        (0.58, 0.48),
        (0.68, 0.22),
        (0.72, 0.50),
        (0.88, 0.30),
        (0.76, 0.74),
    )
    return [(box.x + round(x * box.w), box.y + round(y * box.h)) for x, y in shape]


def draw_queen(
    surface: pygame.Surface, box: pygame.Rect, colour: th.Color, theme: th.Theme, *, hollow: bool = False
) -> None:
    """A queen: crown, jewels and base; small boxes get a disc."""
    if box.w < theme.px(16):
        pygame.draw.circle(surface, colour, box.center, max(2, box.w * 3 // 8))
        return
    outline = queen_outline(box)
    base = pygame.Rect(
        box.x + round(0.2 * box.w),
        box.y + round(0.72 * box.h),
        round(0.6 * box.w),
        max(2, round(0.13 * box.h)),
    )
    width = max(1, theme.px(2))
    if hollow:
        pygame.draw.polygon(surface, colour, outline, width)
        pygame.draw.rect(surface, colour, base, width, border_radius=max(1, base.h // 3))
        return
    edge = th.PANEL
    pygame.draw.polygon(surface, colour, outline)
    pygame.draw.polygon(surface, edge, outline, max(1, width // 2))
    pygame.draw.rect(surface, colour, base, border_radius=max(1, base.h // 3))
    pygame.draw.rect(surface, edge, base, max(1, width // 2), border_radius=max(1, base.h // 3))
    for i in (1, 3, 5, 7, 9):
        pygame.draw.circle(surface, colour, outline[i], max(2, box.w // 16))


def draw_cross(surface: pygame.Surface, theme: th.Theme, box: pygame.Rect, colour: th.Color) -> None:
    """An X in the middle of a square."""
    r = max(3, box.w // 6)
    width = max(1, theme.px(2))
    cx, cy = box.center
    pygame.draw.line(surface, colour, (cx - r, cy - r), (cx + r, cy + r), width)
    pygame.draw.line(surface, colour, (cx - r, cy + r), (cx + r, cy - r), width)


def draw_badge(
    theme: th.Theme,
    surface: pygame.Surface,
    centre: tuple[int, int],
    column: int,
    model: QueensModel,
    covered: set[int],
    size: str,
) -> None:
    """A line's live count of free squares: blue when decided now, red at 0, a tick when covered."""
    radius = theme.px(10 if size == "small" else 8)
    if column == model.choosing:
        free = model.size(column)
        fill, ink, text = (th.ACTIVE if free else th.DEAD), th.PANEL, str(free)
    elif column in covered:
        fill, ink, text = None, th.DONE, "✓"
    elif model.size(column) == 0:
        fill, ink, text = th.DEAD, th.PANEL, "0"
    else:
        fill, ink, text = None, th.INK, str(model.size(column))
    if fill is not None:
        pygame.draw.circle(surface, fill, centre, radius)
    image = theme.text(text, "tiny", ink, "bold")
    surface.blit(image, image.get_rect(center=centre))


@dataclass(frozen=True)
class QueensLook:
    """What the controller hands the view each frame besides the model."""

    cover: CoverLook
    n: int
    encoding: queens.Encoding
    names: Sequence[str]  # each matrix column in board words
    veils_newest_try: bool  # an open columns or knock-out step: the newest queen's lines are its answer


class QueensView:
    """Draws the queens demo's stage from its model and look."""

    def __init__(self, theme: th.Theme) -> None:
        self.theme = theme
        self._tiles: dict[tuple, pygame.Surface] = {}

    def _short_label(self, look: QueensLook, column: int) -> str:
        """A strip label for a column."""
        return short_label(look.encoding, column)

    def draw(
        self, surface: pygame.Surface, lay: QueensLayout, look: QueensLook, player: Player[QueensModel]
    ) -> None:
        """Board with its edge counts, column strip, what happens now, solutions, legend."""
        model = player.model
        self._draw_board(look, surface, lay, model, player)
        self._draw_strip(look, surface, lay.strip, model)
        self._draw_now(look, surface, lay.now, model, player)
        self._draw_solutions(look, surface, lay.solutions, model, player)
        if lay.legend.h:
            self.draw_legend(surface, lay.legend)

    def _draw_board(
        self,
        look: QueensLook,
        surface: pygame.Surface,
        lay: QueensLayout,
        model: QueensModel,
        player: Player,
    ) -> None:
        """Squares, attacks, the line being decided, the queens, the edge labels."""
        theme = self.theme
        final, rows = look.cover.board
        placed = [look.encoding.squares[row] for row in rows]
        title = (
            _("board: {placed} of {n} queens placed").format(placed=len(placed), n=look.n)
            if final is None
            else _("board: solution {number} of {total}").format(number=final + 1, total=len(model.solutions))
        )
        card(surface, lay.board_card, theme, title)
        board = lay.board
        veiled = final is None and look.veils_newest_try
        attacked = attacked_squares(look.n, placed[:-1] if veiled else placed)  # its lines: the step
        lit: set[tuple[int, int]] = set()
        choosing = model.choosing if final is None else None
        if choosing is not None and choosing < model.matrix.n_primary:
            lit = set(line_squares(look.encoding, choosing))
        for rank in range(look.n):
            for file in range(look.n):
                box = lay.square_rect((rank, file))
                self._draw_square(
                    surface, box, (rank + file) % 2 == 1, (rank, file) in attacked, (rank, file) in lit
                )
        pygame.draw.rect(surface, th.INK, board.inflate(2, 2), 1)
        if choosing is not None:
            self._draw_choice(look, surface, lay, model, choosing)
        self._draw_queens(look, surface, lay, model, player, placed, final is not None)
        self._draw_edges(look, surface, lay, model, final is None)

    def _tile(self, side: int, dark: bool, attacked: bool) -> pygame.Surface:
        """A square's background, cached by size: plain, or tinted and hatched when attacked."""
        key = (side, dark, attacked, self.theme.scale)
        tile = self._tiles.get(key)
        if tile is None:
            base = DARK_SQUARE if dark else LIGHT_SQUARE
            tile = pygame.Surface((side, side))
            tile.fill(th.blend(base, th.DEAD, ATTACK_TINT) if attacked else base)
            if attacked:
                hatch(
                    tile,
                    tile.get_rect(),
                    th.blend(base, th.DEAD, 0.45),
                    max(4, side // 5),
                    max(1, self.theme.px(1)),
                )
            if len(self._tiles) > 64:
                self._tiles.clear()
            self._tiles[key] = tile
        return tile

    def _draw_square(
        self, surface: pygame.Surface, box: pygame.Rect, dark: bool, attacked: bool, lit: bool
    ) -> None:
        """One square: its tile, and the yellow of the line being decided if free."""
        if lit and not attacked:
            pygame.draw.rect(surface, th.LIT_LINE, box)
        else:
            surface.blit(self._tile(box.w, dark, attacked), box)

    def _draw_choice(
        self, look: QueensLook, surface: pygame.Surface, lay: QueensLayout, model: QueensModel, column: int
    ) -> None:
        """The rank or file being decided: a blue frame; its candidates ringed or crossed."""
        theme = self.theme
        if column < model.matrix.n_primary:
            boxes = [lay.square_rect(sq) for sq in line_squares(look.encoding, column)]
            frame = boxes[0].unionall(boxes[1:]) if len(boxes) > 1 else boxes[0]
            pygame.draw.rect(
                surface,
                th.ACTIVE,
                frame.inflate(theme.px(4), theme.px(4)),
                theme.px(3),
                border_radius=theme.px(3),
            )
        rows = model.candidates(column)
        trying = model.trying
        tried = rows.index(trying) if trying in rows else 0
        for i, row in enumerate(rows):
            box = lay.square_rect(look.encoding.squares[row])
            if row == trying:
                continue
            if i < tried:  # tried before the current one: it led nowhere more
                draw_cross(surface, self.theme, box, th.MUTED)
            else:
                pygame.draw.circle(surface, th.ACTIVE, box.center, max(3, box.w // 5), max(1, theme.px(2)))
        if not rows and column < model.matrix.n_primary:
            for sq in line_squares(look.encoding, column):
                draw_cross(surface, self.theme, lay.square_rect(sq), th.DEAD)

    def _draw_queens(
        self,
        look: QueensLook,
        surface: pygame.Surface,
        lay: QueensLayout,
        model: QueensModel,
        player: Player,
        placed: list[tuple[int, int]],
        final: bool,
    ) -> None:
        """Queens in ink, the one being tried in blue dropping in, a solution's in green."""
        solved = final or (isinstance(player.last_event, Solution) and bool(placed))
        last = len(placed) - 1
        for i, square in enumerate(placed):
            box = lay.square_rect(square)
            colour = th.DONE if solved else (th.ACTIVE if i == last else th.INK)
            if i == last and not solved and isinstance(player.last_event, Push):
                rise = round((1 - th.ease(player.progress())) * box.h * 0.6)
                box = box.move(0, -rise)
            draw_queen(surface, box.inflate(-box.w // 8, -box.h // 8), colour, self.theme)
        event = player.last_event
        if isinstance(event, Pop) and not final:  # the queen just taken back, as a red ghost
            box = lay.square_rect(look.encoding.squares[event.value])
            draw_queen(surface, box.inflate(-box.w // 8, -box.h // 8), th.DEAD, self.theme, hollow=True)

    def _draw_edges(
        self,
        look: QueensLook,
        surface: pygame.Surface,
        lay: QueensLayout,
        model: QueensModel,
        live: bool,
    ) -> None:
        """File letters below, rank numbers at the left; each line's live size at right and top."""
        theme = self.theme
        board, side = lay.board, lay.side
        size = "small" if side >= theme.px(22) else "tiny"
        # A line with a queen on it is done, even in the instant before its cover.
        held = {f"r{r + 1}" for r, _ in model.queens()} | {f"f{f + 1}" for _, f in model.queens()}
        index = look.encoding.matrix.index
        covered = {index[name] for name in held}
        for i in range(look.n):
            x = board.x + i * side + side // 2
            y = board.bottom - i * side - side // 2
            letter = theme.text(FILES[i], size, th.MUTED, "bold")
            surface.blit(letter, letter.get_rect(midtop=(x, board.bottom + theme.px(4))))
            number = theme.text(str(i + 1), size, th.MUTED, "bold")
            surface.blit(number, number.get_rect(midright=(board.x - theme.px(6), y)))
            if live:
                draw_badge(
                    self.theme,
                    surface,
                    (board.right + theme.px(16), y),
                    index[f"r{i + 1}"],
                    model,
                    covered,
                    size,
                )
                draw_badge(
                    self.theme, surface, (x, board.y - theme.px(14)), index[f"f{i + 1}"], model, covered, size
                )

    def _draw_strip(
        self, look: QueensLook, surface: pygame.Surface, rect: pygame.Rect, model: QueensModel
    ) -> None:
        """The column sizes: ranks and files in the matrix's order, then the diagonals."""
        m = model.matrix
        primary = list(range(m.n_primary))
        groups: list[tuple[str, Sequence[int]]] = [(N_("ranks and files"), primary)]
        room = rect.w / max(1, m.n_columns)  # diagonals too only when every bar stays visible
        if look.n <= STRIP_MAX_N and room >= self.theme.px(14):
            half = m.n_secondary // 2
            groups += [
                (N_("\\ diagonals"), range(m.n_primary, m.n_primary + half)),
                (N_("/ diagonals"), range(m.n_primary + half, m.n_columns)),
            ]
        draw_size_strip(
            surface,
            rect,
            self.theme,
            model,
            groups,
            lambda column: self._short_label(look, column),
            N_("the matrix's columns: free squares left in each"),
        )

    def _draw_now(
        self, look: QueensLook, surface: pygame.Surface, rect: pygame.Rect, model: QueensModel, player: Player
    ) -> None:
        """In big words: what Algorithm X is deciding and doing."""
        inner = card(surface, rect, self.theme, _("now"))
        draw_headline(surface, self.theme, inner, self._now_text(look, model, player), gap=self.theme.px(2))

    def _now_text(self, look: QueensLook, model: QueensModel, player: Player) -> tuple[str, str, th.Color]:
        """The headline, a line below it, and the headline's colour."""
        waiting = look.cover.waiting
        if waiting is not None:
            return waiting
        event = player.last_event
        if isinstance(event, Solution):
            return (
                _("solution {number}!").format(number=event.number),
                _("every rank and file has one queen, no two attack"),
                th.DONE,
            )
        if player.at_end:
            count = len(model.solutions)
            return (
                ngettext("done: {count} solution", "done: {count} solutions", count).format(count=count),
                _("browse them with , and . (or the arrows above)"),
                th.DONE,
            )
        column = model.choosing
        if column is None:
            return _("ready"), _("press Space to play, Right to step"), th.INK
        name = look.names[column]
        size = model.size(column)
        if size == 0:
            return (
                _("{line}: no free square").format(line=name),
                _("dead end: take back the last queen"),
                th.DEAD,
            )
        free = ngettext("{count} free square", "{count} free squares", size).format(count=size)
        trying = model.trying
        if trying is None:
            rule = _("decide it first: {reason}").format(reason=look.cover.choice_rule)
            return _("{line}: {free}").format(line=name, free=free), rule, th.ACTIVE
        rows = model.candidates(column)
        where = square_name(look.encoding.squares[trying])
        number = rows.index(trying) + 1 if trying in rows else 1
        return (
            _("{line}: try {square}").format(line=name, square=where),
            _("choice {number} of {total}").format(number=number, total=size),
            th.ACTIVE,
        )

    def _draw_solutions(
        self, look: QueensLook, surface: pygame.Surface, rect: pygame.Rect, model: QueensModel, player: Player
    ) -> None:
        """The browsed solution as a small board, with its number."""
        theme = self.theme
        inner = card(surface, rect, theme, _("solutions"))
        index = look.cover.shown
        head = look.cover.solution_label
        surface.blit(
            theme.text(fit_text(theme, head, inner.w, "body", "bold"), "body", th.INK, "bold"), inner.topleft
        )
        top = inner.y + theme.line_height("body") + theme.px(6)
        hint_h = theme.line_height("tiny")
        room = min(inner.w, inner.bottom - top - hint_h - theme.px(4))
        if room < theme.px(20):
            return
        side = max(2, room // look.n)
        board = pygame.Rect(0, 0, side * look.n, side * look.n)
        board.midtop = (inner.centerx, top)
        squares = set() if index is None else {look.encoding.squares[row] for row in model.solutions[index]}
        for rank in range(look.n):
            for file in range(look.n):
                box = pygame.Rect(board.x + file * side, board.y + (look.n - 1 - rank) * side, side, side)
                pygame.draw.rect(surface, DARK_SQUARE if (rank + file) % 2 else LIGHT_SQUARE, box)
                if (rank, file) in squares:
                    draw_queen(surface, box.inflate(-side // 8, -side // 8), th.DONE, theme)
        pygame.draw.rect(surface, th.PANEL_EDGE, board.inflate(2, 2), 1)
        hint = (
            _(", and . or the arrows above browse") if index is not None else _("found solutions appear here")
        )
        image = theme.text(hint, "tiny", th.MUTED)
        surface.blit(image, image.get_rect(midtop=(inner.centerx, board.bottom + theme.px(4))))

    def draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the marks mean, each drawn as on the board."""
        theme = self.theme
        inner = card(surface, rect, theme, _("key"))
        line = theme.line_height("small")
        s = max(theme.px(18), line)
        items = (
            (N_("queen (blue: being tried)"), "queen"),
            (N_("attacked square"), "attacked"),
            (N_("free square still to try"), "ring"),
            (N_("tried already"), "cross"),
        )
        for i, (text, mark) in enumerate(items):
            box = pygame.Rect(inner.x, inner.y + i * (s + theme.px(4)), s, s)
            if mark == "queen":
                draw_queen(surface, box, th.INK, theme)
            elif mark == "attacked":
                surface.blit(self._tile(s, False, True), box)
            elif mark == "ring":
                pygame.draw.rect(surface, th.LIT_LINE, box)
                pygame.draw.circle(surface, th.ACTIVE, box.center, max(3, s // 4), max(1, theme.px(2)))
            else:
                draw_cross(surface, self.theme, box, th.MUTED)
            image = theme.text(_(text), "small", th.INK)
            surface.blit(image, image.get_rect(midleft=(box.right + theme.px(8), box.centery)))
