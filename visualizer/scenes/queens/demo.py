"""The N-queens demo: Algorithm X places and takes back queens on a chess board.

Ranks and files are the matrix's primary columns (each needs exactly one
queen), the diagonals its secondary ones (at most one).  The board shows the
queens of the rows on the stack, the rank or file being decided and its free
squares, the squares under attack (shaded and hatched), and beside it the
live column sizes; every solution found can be browsed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame

from solvers import dlx, queens
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
    side_legend,
    split_bottom,
    split_side,
)
from visualizer.widgets import Stepper, Widget

MIN_N, MAX_N = 1, 16
STRIP_MAX_N = 6
"""Up to this N the strip shows every column, diagonals included; above it, ranks and files."""

FILES = "abcdefghijklmnop"

LIGHT_SQUARE = th.PANEL
DARK_SQUARE = th.blend(th.FAINT, th.PANEL_EDGE, 0.4)
ATTACK_TINT = 0.16
"""How far an attacked square's colour moves toward the dead-end colour."""


def square_name(square: tuple[int, int]) -> str:
    """(rank, file) -> chess name: (0, 2) -> 'c1'."""
    rank, file = square
    return f"{FILES[file]}{rank + 1}"


def column_names(encoding: queens.Encoding) -> list[str]:
    """Every matrix column in board words: 'rank 3', 'file c', 'diagonal a1-c3'."""
    matrix = encoding.matrix
    names = []
    for column, name in enumerate(matrix.names):
        kind, number = name[0], int(name[1:])
        if kind == "r":
            names.append(f"rank {number}")
        elif kind == "f":
            names.append(f"file {FILES[number - 1]}")
        else:
            cells = sorted(encoding.squares[row] for row in matrix.column_rows(column))
            ends = {square_name(cells[0]), square_name(cells[-1])}
            names.append("diagonal " + "-".join(sorted(ends)))
    return names


class QueensModel(CoverModel):
    """The exact-cover run plus what a board needs: the square of each matrix row."""

    def __init__(self, encoding: queens.Encoding) -> None:
        super().__init__(encoding.matrix.copy())
        self.n = encoding.n
        self.squares = encoding.squares

    def queens(self) -> list[tuple[int, int]]:
        """The squares of the queens on the board, first placed first."""
        return [self.squares[row] for row in self.stack]


def attacked_squares(n: int, placed: Sequence[tuple[int, int]]) -> set[tuple[int, int]]:
    """Squares sharing a rank, file or diagonal with a queen (the queens' own excluded)."""
    ranks = {r for r, _ in placed}
    files = {f for _, f in placed}
    sums = {r + f for r, f in placed}
    diffs = {r - f for r, f in placed}
    own = set(placed)
    return {
        (r, f)
        for r in range(n)
        for f in range(n)
        if (r in ranks or f in files or r + f in sums or r - f in diffs) and (r, f) not in own
    }


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


class QueensDemo(BrowsingDemo):
    """N queens by dancing links: the board, the decisions, the column sizes, every solution."""

    name = "queens"
    title = "N queens: exact cover by dancing links"
    blurb = "queens placed and removed, every solution"
    default_speed = 8.0
    keys = (
        ("[ / ]", "N smaller / larger (1 to 16)"),
        STRATEGY_KEY,
        (", / .", "previous / next solution found"),
        ("End", "finish the search: then every solution can be browsed"),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.n = 6
        self.encoding = queens.encode(self.n)
        self.names = column_names(self.encoding)
        self._tiles: dict[tuple, pygame.Surface] = {}

    # --- what runs -----------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """Algorithm X on a private copy of the matrix (the player runs two at once)."""
        return dlx.search(self.encoding.matrix.copy(), strategy=self.strategy)

    def make_model(self) -> QueensModel:
        """An empty board."""
        return QueensModel(self.encoding)

    def set_n(self, n: int) -> None:
        """A new board size, a new run."""
        self.n = max(MIN_N, min(MAX_N, n))
        self.encoding = queens.encode(self.n)
        self.names = column_names(self.encoding)
        self.restart()

    # --- how it reads ---------------------------------------------------------------------

    def column_name(self, column: int) -> str:
        """A matrix column in board words: 'rank 3', 'file c', 'diagonal a1-c3'."""
        return self.names[column]

    def short_label(self, column: int) -> str:
        """A strip label: '3' for rank 3, 'c' for file c, '' for a diagonal."""
        name = self.encoding.matrix.names[column]
        if name[0] == "r":
            return name[1:]
        return FILES[int(name[1:]) - 1] if name[0] == "f" else ""

    def narrate(self, event: Any) -> str | None:
        """The event in board words."""
        kind = type(event)
        if kind is Choose:
            why = "fewest free squares" if self.strategy == "fewest" else "leftmost open line"
            free = plural(event.size, "free square")
            return f"choose {self.column_name(event.column)} ({why}): {free}"
        if kind is Cover:
            return cover_words(event, self.column_name(event.column))
        if kind is Uncover:  # always indented here, the column's own uncover too
            return f"  uncover {self.column_name(event.column)}"
        if kind is Push:
            return f"try a queen on {square_name(self.encoding.squares[event.what])}"
        if kind is Pop:
            where = square_name(self.encoding.squares[event.value])
            if event.backtrack:
                return f"take back the queen on {where}: no solution below it"
            return f"take back the queen on {where} to look for more"
        if kind is DeadEnd:
            return f"dead end: {self.column_name(event.where)} has no free square"
        if kind is Solution:
            squares = sorted(self.encoding.squares[row] for row in event.answer)
            return f"solution {event.number}: " + " ".join(square_name(s) for s in squares)
        return None

    def counters(self, model: QueensModel) -> list[tuple[str, str]]:
        """Knuth's counters, the queens on the board, the column choice."""
        return self.placing_counters(model, "queens", self.n)

    # --- controls and input -------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """N, the column choice, and the solution browser."""
        return [
            Stepper("N", lambda: self.n, self.set_n, MIN_N, MAX_N, hint="[ and ]"),
            self.strategy_choice(),
            *self.browse_controls(),
        ]

    def key_actions(self) -> dict[int, Callable[[], object]]:
        """[ ] for N, C for the column choice, , . to browse solutions."""
        return {
            **super().key_actions(),
            pygame.K_LEFTBRACKET: lambda: self.set_n(self.n - 1),
            pygame.K_RIGHTBRACKET: lambda: self.set_n(self.n + 1),
        }

    # --- layout ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """The stage's cards: board, strip, and the side column (now, solutions, legend)."""
        theme = self.theme
        px = theme.px
        gap = px(10)
        left, side = split_side(theme, rect, 230, 0.3)
        board, strip = split_bottom(theme, left, min(px(150), rect.h // 4))
        legend_h = px(122) if rect.h >= px(470) else 0  # a short stage keeps the solutions instead
        rest, legend = side_legend(theme, side, legend_h)
        now = pygame.Rect(rest.x, rest.y, rest.w, px(128))
        solutions = pygame.Rect(rest.x, now.bottom + gap, rest.w, rest.bottom - now.bottom - gap)
        return {"board": board, "strip": strip, "now": now, "solutions": solutions, "legend": legend}

    def board_geometry(self, rect: pygame.Rect) -> tuple[pygame.Rect, int]:
        """The squares' area inside the board card and one square's side, for a stage `rect`."""
        inner = card_inner(self.theme, self.layout(rect)["board"])
        px = self.theme.px
        left, right, top, bottom = px(22), px(34), px(26), px(22)
        side = max(4, min((inner.w - left - right) // self.n, (inner.h - top - bottom) // self.n))
        board = pygame.Rect(0, 0, side * self.n, side * self.n)
        board.center = (
            inner.x + left + (inner.w - left - right) // 2,
            inner.y + top + (inner.h - top - bottom) // 2,
        )
        return board, side

    def square_rect(self, rect: pygame.Rect, square: tuple[int, int]) -> pygame.Rect:
        """Where a square is drawn on a stage `rect` (rank 1 at the bottom, file a at the left)."""
        board, side = self.board_geometry(rect)
        rank, file = square
        return pygame.Rect(board.x + file * side, board.y + (self.n - 1 - rank) * side, side, side)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Board with its edge counts, column strip, what happens now, solutions, legend."""
        model: QueensModel = player.model  # type: ignore[assignment]
        parts = self.layout(rect)
        self._draw_board(surface, rect, parts["board"], model, player)
        self._draw_strip(surface, parts["strip"], model)
        self._draw_now(surface, parts["now"], model, player)
        self._draw_solutions(surface, parts["solutions"], model, player)
        if parts["legend"].h:
            self._draw_legend(surface, parts["legend"])

    def _draw_board(
        self,
        surface: pygame.Surface,
        stage: pygame.Rect,
        card_rect: pygame.Rect,
        model: QueensModel,
        player: Player,
    ) -> None:
        """Squares, attacks, the line being decided, the queens, the edge labels."""
        theme = self.theme
        final, rows = self.board_rows(model, player)
        placed = [self.encoding.squares[row] for row in rows]
        title = (
            f"board: {len(placed)} of {self.n} queens placed"
            if final is None
            else f"board: solution {final + 1} of {len(model.solutions)}"
        )
        card(surface, card_rect, theme, title)
        board, side = self.board_geometry(stage)
        attacked = attacked_squares(self.n, placed)
        lit: set[tuple[int, int]] = set()
        choosing = model.choosing if final is None else None
        if choosing is not None and choosing < model.matrix.n_primary:
            lit = set(self.line_squares(choosing))
        for rank in range(self.n):
            for file in range(self.n):
                box = self.square_rect(stage, (rank, file))
                self._draw_square(
                    surface, box, (rank + file) % 2 == 1, (rank, file) in attacked, (rank, file) in lit
                )
        pygame.draw.rect(surface, th.INK, board.inflate(2, 2), 1)
        if choosing is not None:
            self._draw_choice(surface, stage, model, choosing)
        self._draw_queens(surface, stage, model, player, placed, final is not None)
        self._draw_edges(surface, stage, board, side, model, final is None)

    def line_squares(self, column: int) -> list[tuple[int, int]]:
        """The squares of a rank or file column."""
        name = self.encoding.matrix.names[column]
        index = int(name[1:]) - 1
        if name[0] == "r":
            return [(index, f) for f in range(self.n)]
        return [(r, index) for r in range(self.n)]

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
        self, surface: pygame.Surface, stage: pygame.Rect, model: QueensModel, column: int
    ) -> None:
        """The rank or file being decided: a blue frame; its candidates ringed or crossed."""
        theme = self.theme
        if column < model.matrix.n_primary:
            boxes = [self.square_rect(stage, sq) for sq in self.line_squares(column)]
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
            box = self.square_rect(stage, self.encoding.squares[row])
            if row == trying:
                continue
            if i < tried:  # tried before the current one: it led nowhere more
                self._cross(surface, box, th.MUTED)
            else:
                pygame.draw.circle(surface, th.ACTIVE, box.center, max(3, box.w // 5), max(1, theme.px(2)))
        if not rows and column < model.matrix.n_primary:
            for sq in self.line_squares(column):
                self._cross(surface, self.square_rect(stage, sq), th.DEAD)

    def _cross(self, surface: pygame.Surface, box: pygame.Rect, colour: th.Color) -> None:
        """An X in the middle of a square."""
        r = max(3, box.w // 6)
        width = max(1, self.theme.px(2))
        cx, cy = box.center
        pygame.draw.line(surface, colour, (cx - r, cy - r), (cx + r, cy + r), width)
        pygame.draw.line(surface, colour, (cx - r, cy + r), (cx + r, cy - r), width)

    def _draw_queens(
        self,
        surface: pygame.Surface,
        stage: pygame.Rect,
        model: QueensModel,
        player: Player,
        placed: list[tuple[int, int]],
        final: bool,
    ) -> None:
        """Queens in ink, the one being tried in blue dropping in, a solution's in green."""
        solved = final or (isinstance(player.last_event, Solution) and bool(placed))
        last = len(placed) - 1
        for i, square in enumerate(placed):
            box = self.square_rect(stage, square)
            colour = th.DONE if solved else (th.ACTIVE if i == last else th.INK)
            if i == last and not solved and isinstance(player.last_event, Push):
                rise = round((1 - th.ease(player.progress())) * box.h * 0.6)
                box = box.move(0, -rise)
            draw_queen(surface, box.inflate(-box.w // 8, -box.h // 8), colour, self.theme)
        event = player.last_event
        if isinstance(event, Pop) and not final:  # the queen just taken back, as a red ghost
            box = self.square_rect(stage, self.encoding.squares[event.value])
            draw_queen(surface, box.inflate(-box.w // 8, -box.h // 8), th.DEAD, self.theme, hollow=True)

    def _draw_edges(
        self,
        surface: pygame.Surface,
        stage: pygame.Rect,
        board: pygame.Rect,
        side: int,
        model: QueensModel,
        live: bool,
    ) -> None:
        """File letters below, rank numbers at the left; each line's live size at right and top."""
        theme = self.theme
        size = "small" if side >= theme.px(22) else "tiny"
        # A line with a queen on it is done, even in the instant before its cover.
        held = {f"r{r + 1}" for r, _ in model.queens()} | {f"f{f + 1}" for _, f in model.queens()}
        index = self.encoding.matrix.index
        covered = {index[name] for name in held}
        for i in range(self.n):
            x = board.x + i * side + side // 2
            y = board.bottom - i * side - side // 2
            letter = theme.text(FILES[i], size, th.MUTED, "bold")
            surface.blit(letter, letter.get_rect(midtop=(x, board.bottom + theme.px(4))))
            number = theme.text(str(i + 1), size, th.MUTED, "bold")
            surface.blit(number, number.get_rect(midright=(board.x - theme.px(6), y)))
            if live:
                self._badge(
                    surface, (board.right + theme.px(16), y), index[f"r{i + 1}"], model, covered, size
                )
                self._badge(surface, (x, board.y - theme.px(14)), index[f"f{i + 1}"], model, covered, size)

    def _badge(
        self,
        surface: pygame.Surface,
        centre: tuple[int, int],
        column: int,
        model: QueensModel,
        covered: set[int],
        size: str,
    ) -> None:
        """A line's live count of free squares: blue when decided now, red at 0, a tick when covered."""
        theme = self.theme
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

    def _draw_strip(self, surface: pygame.Surface, rect: pygame.Rect, model: QueensModel) -> None:
        """The column sizes: ranks and files in the matrix's order, then the diagonals."""
        m = model.matrix
        primary = list(range(m.n_primary))
        groups: list[tuple[str, Sequence[int]]] = [("ranks and files", primary)]
        room = rect.w / max(1, m.n_columns)  # diagonals too only when every bar stays visible
        if self.n <= STRIP_MAX_N and room >= self.theme.px(14):
            half = m.n_secondary // 2
            groups += [
                ("\\ diagonals", range(m.n_primary, m.n_primary + half)),
                ("/ diagonals", range(m.n_primary + half, m.n_columns)),
            ]
        draw_size_strip(
            surface,
            rect,
            self.theme,
            model,
            groups,
            self.short_label,
            "the matrix's columns: free squares left in each",
        )

    def _draw_now(
        self, surface: pygame.Surface, rect: pygame.Rect, model: QueensModel, player: Player
    ) -> None:
        """In big words: what Algorithm X is deciding and doing."""
        inner = card(surface, rect, self.theme, "now")
        draw_headline(surface, self.theme, inner, self._now_text(model, player), gap=self.theme.px(2))

    def _now_text(self, model: QueensModel, player: Player) -> tuple[str, str, th.Color]:
        """The headline, a line below it, and the headline's colour."""
        event = player.last_event
        if isinstance(event, Solution):
            return f"solution {event.number}!", "every rank and file has one queen, no two attack", th.DONE
        if player.at_end:
            count = len(model.solutions)
            return (
                f"done: {plural(count, 'solution')}",
                "browse them with , and . (or the arrows above)",
                th.DONE,
            )
        column = model.choosing
        if column is None:
            return "ready", "press Space to play, Right to step", th.INK
        name = self.column_name(column)
        size = model.size(column)
        if size == 0:
            return f"{name}: no free square", "dead end: take back the last queen", th.DEAD
        free = plural(size, "free square")
        trying = model.trying
        if trying is None:
            return f"{name}: {free}", f"decide it first: {self.choice_rule()}", th.ACTIVE
        rows = model.candidates(column)
        where = square_name(self.encoding.squares[trying])
        number = rows.index(trying) + 1 if trying in rows else 1
        return f"{name}: try {where}", f"choice {number} of {size}", th.ACTIVE

    def _draw_solutions(
        self, surface: pygame.Surface, rect: pygame.Rect, model: QueensModel, player: Player
    ) -> None:
        """The browsed solution as a small board, with its number."""
        theme = self.theme
        inner = card(surface, rect, theme, "solutions")
        index = self.shown_solution(model)
        head = self.solution_label()
        surface.blit(
            theme.text(fit_text(theme, head, inner.w, "body", "bold"), "body", th.INK, "bold"), inner.topleft
        )
        top = inner.y + theme.line_height("body") + theme.px(6)
        hint_h = theme.line_height("tiny")
        room = min(inner.w, inner.bottom - top - hint_h - theme.px(4))
        if room < theme.px(20):
            return
        side = max(2, room // self.n)
        board = pygame.Rect(0, 0, side * self.n, side * self.n)
        board.midtop = (inner.centerx, top)
        squares = set() if index is None else {self.encoding.squares[row] for row in model.solutions[index]}
        for rank in range(self.n):
            for file in range(self.n):
                box = pygame.Rect(board.x + file * side, board.y + (self.n - 1 - rank) * side, side, side)
                pygame.draw.rect(surface, DARK_SQUARE if (rank + file) % 2 else LIGHT_SQUARE, box)
                if (rank, file) in squares:
                    draw_queen(surface, box.inflate(-side // 8, -side // 8), th.DONE, theme)
        pygame.draw.rect(surface, th.PANEL_EDGE, board.inflate(2, 2), 1)
        hint = ", and . or the arrows above browse" if index is not None else "found solutions appear here"
        image = theme.text(hint, "tiny", th.MUTED)
        surface.blit(image, image.get_rect(midtop=(inner.centerx, board.bottom + theme.px(4))))

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the marks mean, each drawn as on the board."""
        theme = self.theme
        inner = card(surface, rect, theme, "key")
        line = theme.line_height("small")
        s = max(theme.px(18), line)
        items = (
            ("queen (blue: being tried)", "queen"),
            ("attacked square", "attacked"),
            ("free square still to try", "ring"),
            ("tried already", "cross"),
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
                self._cross(surface, box, th.MUTED)
            image = theme.text(text, "small", th.INK)
            surface.blit(image, image.get_rect(midleft=(box.right + theme.px(8), box.centery)))
