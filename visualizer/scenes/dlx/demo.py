"""The dancing-links demo: the whole 0-1 matrix as Knuth draws it, links and all.

Along the top, the root h and the column headers, each with its size, in
one circular list; under every header, its column's 1s in a circular list
running down; the 1s of a row are linked left to right.  Covering a column
unlinks its header from the top list (it rises out of the line) and then,
row by row from the top, unlinks every row that meets it from the other
columns (those nodes step off their rails); uncovering puts them back from
the bottom row up, the header last, exactly in reverse.  The column being
decided and the row being tried are lit; the stack of rows chosen reads
along the bottom.

Problems small enough to draw whole: Knuth's 7-column example, 4 queens,
a 4 x 4 sudoku, and any matrix the user types.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from solvers import dlx, queens, sudoku
from solvers.events import Choose, Cover, DeadEnd, Pop, Push, Solution, Uncover
from visualizer import theme as th
from visualizer.draw import hatch
from visualizer.panels import card, fit_text, wrap
from visualizer.player import Player
from visualizer.scenes.exact_cover.demo import (
    STRATEGY_KEY,
    CoverModel,
    ExactCoverDemo,
    card_inner,
    cover_words,
    plural,
    split_bottom,
    split_side,
)
from visualizer.widgets import Button, Choice, Widget

KNUTH = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
SUDOKU_4X4 = "2....3..143232.."
"""A 4 x 4 sudoku with 8 blanks: 32 columns and 16 rows, small enough to draw."""

TYPED_EXAMPLE = "A B C D | x ; A B ; C D ; A C x ; B D x ; A ; B C D"
MAX_COLUMNS, MAX_ROWS = 40, 30
"""A typed matrix larger than this is refused: it could not be drawn legibly."""

FILES = "abcdefghijklmnop"
NODE_INK = th.blend(th.INK, th.PANEL, 0.25)
RAIL = th.blend(th.MUTED, th.PANEL, 0.35)
ROW_LINK = th.blend(th.FAINT, th.PANEL_EDGE, 0.5)
STACK_BAND = th.blend(th.PANEL, th.WAITING, 0.22)
SOLUTION_BAND = th.blend(th.PANEL, th.DONE, 0.22)


@dataclass(frozen=True)
class Problem:
    """A matrix to draw, with a label for each row and each column."""

    key: str
    title: str
    matrix: dlx.Matrix
    row_labels: tuple[str, ...]  # at the left of each row: '1: C E F'
    column_labels: tuple[str, ...]
    note: str
    row_names: tuple[str, ...] = ()  # in sentences: '1'; the labels when empty

    def row_name(self, row: int) -> str:
        """A row's short name."""
        return self.row_names[row] if self.row_names else self.row_labels[row]


def knuth_problem() -> Problem:
    """Knuth's example: columns A-G, six rows, one solution."""
    parsed = dlx.parse_matrix(KNUTH, "Knuth's example")
    return typed_problem(
        parsed.matrix, "knuth", "Knuth's example", "the 7-column matrix of Knuth's paper 'Dancing Links'"
    )


def typed_problem(matrix: dlx.Matrix, key: str, title: str, note: str) -> Problem:
    """Rows labelled by their columns: '1: C E F'."""
    labels = tuple(
        f"{r + 1}: " + " ".join(matrix.names[c] for c in cols) for r, cols in enumerate(matrix.rows)
    )
    names = tuple(str(r + 1) for r in range(len(matrix.rows)))
    return Problem(key, title, matrix, labels, tuple(matrix.names), note, names)


def queens_problem() -> Problem:
    """4 queens: ranks and files primary, diagonals secondary."""
    encoding = queens.encode(4)
    labels = tuple(f"{FILES[f]}{r + 1}" for r, f in encoding.squares)
    names = []
    for name in encoding.matrix.names:
        kind, number = name[0], int(name[1:])
        names.append(
            {"r": f"R{number}", "f": f"F{FILES[number - 1]}", "a": f"↗{number}", "b": f"↘{number}"}[kind]
        )
    return Problem(
        "queens",
        "4 queens",
        encoding.matrix,
        labels,
        tuple(names),
        "a row per square; ranks R and files F primary, diagonals secondary",
    )


def sudoku_problem() -> Problem:
    """A 4 x 4 sudoku: open cells, and row/column/box digits still needed."""
    encoding = sudoku.encode(sudoku.parse_puzzle(SUDOKU_4X4, "4x4"))
    labels = tuple(f"r{cell // 4 + 1}c{cell % 4 + 1}={digit}" for cell, digit in encoding.options)
    names = []
    for kind, index, digit in encoding.constraints:
        names.append(f"{index // 4 + 1}{index % 4 + 1}" if kind == "cell" else f"{kind[0]}{index + 1}{digit}")
    return Problem(
        "sudoku",
        "4×4 sudoku",
        encoding.matrix,
        labels,
        tuple(names),
        f"{SUDOKU_4X4}: columns 'rc' = a cell, r/c/b + two digits = row/column/box needs a digit",
    )


PROBLEMS = {"knuth": knuth_problem, "queens": queens_problem, "sudoku": sudoku_problem}


def parse_typed(text: str) -> dlx.Matrix:
    """A matrix typed on one line: columns (| secondary), then rows, separated by ';'."""
    parsed = dlx.parse_matrix("\n".join(text.split(";")), "your matrix")
    matrix = parsed.matrix
    if matrix.n_columns > MAX_COLUMNS or len(matrix.rows) > MAX_ROWS:
        raise ValueError(
            f"your matrix has {matrix.n_columns} columns and {len(matrix.rows)} rows: "
            f"at most {MAX_COLUMNS} and {MAX_ROWS} can be drawn"
        )
    if not matrix.rows:
        raise ValueError("your matrix: no rows after the column line (separate rows with ';')")
    return matrix


class MatrixModel(CoverModel):
    """Algorithm X's run on a private copy of the matrix, whose links the view draws."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.matrix.copy())
        self.problem = problem

    def hidden(self, node: dlx.Node) -> bool:
        """A row's node that a cover has unlinked from its column's list."""
        return node.U.D is not node

    def header_linked(self, column: int) -> bool:
        """A primary header still in the root's list."""
        header = self.matrix.header(column)
        return header.L.R is header


@dataclass
class Geometry:
    """Where everything of the matrix goes inside its card."""

    xs: list[float]  # centre x of each column
    ys: list[float]  # centre y of each row
    header_y: float
    root_x: float
    col_w: float
    row_h: float
    node: int  # a node's side
    header_w: int
    header_h: int
    shift: float  # how far a hidden node steps off its rail
    lift: float  # how far a covered header rises
    label_x: int
    body_top: int
    body_bottom: int


class MatrixDemo(ExactCoverDemo):
    """Dancing links drawn whole: cover unlinks, uncover relinks in reverse."""

    name = "dlx"
    title = "Dancing links: the matrix that dances"
    blurb = "the 0-1 matrix whose links cover and uncover"
    default_speed = 2.0
    keys = (
        ("1 / 2 / 3", "Knuth's example / 4 queens / 4×4 sudoku"),
        ("M", "type your own matrix: columns | secondary ; row ; row ..."),
        STRATEGY_KEY,
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.typed = TYPED_EXAMPLE
        self.problem = knuth_problem()
        self.choice = "knuth"

    # --- what runs ---------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """Algorithm X on a private copy (the player runs two generators at once)."""
        return dlx.search(self.problem.matrix.copy(), strategy=self.strategy)

    def make_model(self) -> MatrixModel:
        """The matrix before any cover."""
        return MatrixModel(self.problem)

    def set_choice(self, key: str) -> None:
        """One of the built-in problems, or 'typed' to ask for a matrix."""
        if key == "typed":
            self.ask_matrix()
            return
        self.choice = key
        self.problem = PROBLEMS[key]()
        self.new_run()

    def ask_matrix(self) -> None:
        """Ask for a matrix on one line."""
        self.shell.ask(
            "columns | secondary ; row ; row ...  (e.g. A B C ; A B ; C)", self.typed, self.use_typed
        )

    def use_typed(self, text: str) -> None:
        """Read the typed matrix; a bad one is explained in one line."""
        try:
            matrix = parse_typed(text)
        except ValueError as error:
            self.notify(str(error))
            return
        self.typed = text
        self.choice = "typed"
        self.problem = typed_problem(matrix, "typed", "your matrix", text)
        self.new_run()

    # --- how it reads ----------------------------------------------------------------

    def column_label(self, column: int) -> str:
        """A column's short name."""
        return self.problem.column_labels[column]

    def row_label(self, row: int) -> str:
        """A row's short name, for sentences."""
        return self.problem.row_name(row)

    def row_list(self, rows: Sequence[int]) -> str:
        """'rows 1, 4' / 'row a2' / 'no row'."""
        if not rows:
            return "no row"
        return f"row{'s' if len(rows) != 1 else ''} " + ", ".join(self.row_label(r) for r in rows)

    def narrate(self, event: Any) -> str | None:
        """The event in matrix words."""
        kind = type(event)
        if kind is Choose:
            rows = plural(event.size, "row")
            why = "fewest 1s" if self.strategy == "fewest" else "leftmost"
            return f"choose column {self.column_label(event.column)} ({why}): {rows}"
        if kind is Cover or kind is Uncover:
            what = "unlink it, hide the rows meeting it" if kind is Cover else "relink, bottom row first"
            return f"{cover_words(event, self.column_label(event.column))}: {what}"
        if kind is Push:
            return f"try row {self.problem.row_labels[event.what]}"
        if kind is Pop:
            why = "dead end below" if event.backtrack else "a solution was found below"
            return f"withdraw row {self.problem.row_labels[event.value]} ({why})"
        if kind is DeadEnd:
            return f"dead end: column {self.column_label(event.where)} has no rows"
        if kind is Solution:
            return "solution: " + self.row_list(sorted(event.answer))
        return None

    def counters(self, model: MatrixModel) -> list[tuple[str, str]]:
        """Knuth's counters and the matrix's size."""
        m = model.matrix
        return self.knuth_counters(
            model, ("columns", f"{m.n_primary} + {m.n_secondary}"), ("rows", f"{len(m.rows)}")
        )

    # --- controls and input -------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """The problem, typing a matrix, the column choice."""
        return [
            Choice(
                [
                    ("Knuth's example", "knuth"),
                    ("4 queens", "queens"),
                    ("4×4 sudoku", "sudoku"),
                    ("your matrix…", "typed"),
                ],
                lambda: self.choice,
                self.set_choice,
                hint="1 / 2 / 3, M to type a matrix",
            ),
            Button("type a matrix…", self.ask_matrix, hint="M: columns | secondary ; row ; row"),
            self.strategy_choice(),
        ]

    def key_actions(self) -> dict[int, Callable[[], object]]:
        """1 2 3 for the problems, M to type one, C for the column choice."""
        return {
            **super().key_actions(),
            pygame.K_1: lambda: self.set_choice("knuth"),
            pygame.K_2: lambda: self.set_choice("queens"),
            pygame.K_3: lambda: self.set_choice("sudoku"),
            pygame.K_m: self.ask_matrix,
        }

    # --- layout ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """The matrix card, and beside it what happens now and the key."""
        theme = self.theme
        matrix, side = split_side(theme, rect, 210, 0.26)
        now, key = split_bottom(theme, side, min(theme.px(200), side.h // 2))
        return {"matrix": matrix, "now": now, "key": key}

    def geometry(self, stage: pygame.Rect) -> Geometry:
        """Column and row positions inside the matrix card of a stage `stage`."""
        theme = self.theme
        px = theme.px
        inner = card_inner(theme, self.layout(stage)["matrix"])
        matrix = self.problem.matrix
        font = theme.font("small")
        label_w = max(font.size(label)[0] for label in self.problem.row_labels) + px(14)
        label_w = min(label_w, inner.w // 3)
        gap = px(14) if matrix.n_secondary and matrix.n_primary else 0
        col_w = (inner.w - label_w - gap) / max(1, matrix.n_columns)
        narrow = col_w < px(30)  # names are turned upright: the headers grow taller
        header_h = px(58) if narrow else px(40)
        lift = header_h * 0.7
        lift_room = round(lift) + px(12)
        footer = theme.line_height("small") * 2 + px(8)
        header_y = inner.y + lift_room + header_h / 2
        body_top = round(header_y + header_h / 2 + px(8))
        body_bottom = inner.bottom - footer
        row_h = min(float(px(56)), (body_bottom - body_top) / max(1, len(matrix.rows)))
        xs = [
            inner.x + label_w + (c + 0.5) * col_w + (gap if c >= matrix.n_primary else 0)
            for c in range(matrix.n_columns)
        ]
        ys = [body_top + (r + 0.5) * row_h for r in range(len(matrix.rows))]
        node = max(4, min(px(20), round(min(col_w, row_h) * 0.5)))
        return Geometry(
            xs,
            ys,
            header_y,
            inner.x + label_w - px(4) - min(col_w, px(40)) / 2,
            col_w,
            row_h,
            node,
            max(6, round(min(col_w * 0.88, px(56)))),
            header_h,
            min(col_w * 0.4, px(24)),
            lift,
            inner.x,
            body_top,
            body_bottom,
        )

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The matrix with its links, what happens now, the key."""
        model: MatrixModel = player.model  # type: ignore[assignment]
        parts = self.layout(rect)
        m = model.matrix
        card(
            surface,
            parts["matrix"],
            self.theme,
            f"{self.problem.title}: {m.n_columns} columns, {len(m.rows)} rows",
        )
        geo = self.geometry(rect)
        motion = self._motion(model, player)
        self._draw_bands(surface, geo, model, player)
        self._draw_row_links(surface, geo, model, motion)
        self._draw_rails(surface, geo, model)
        self._draw_header_list(surface, geo, model)
        self._draw_nodes(surface, geo, model, player, motion)
        self._draw_headers(surface, geo, model, motion)
        self._draw_row_labels(surface, geo, model, player)
        self._draw_stack(surface, geo, parts["matrix"], model)
        self._draw_now(surface, parts["now"], model, player)
        self._draw_key(surface, parts["key"])

    def _motion(self, model: MatrixModel, player: Player) -> dict[int, float]:
        """How far (0 linked .. 1 unlinked) each node or header moved by the last event is.

        Cover moves the header first, then the rows top to bottom; Uncover
        moves the rows bottom to top, then the header: one step each.
        """
        event = player.last_event
        progress = player.progress()
        if type(event) not in (Cover, Uncover) or progress >= 1.0:
            return {}
        m = model.matrix
        column = event.column
        rows = m.column_rows(column)
        header = m.header(column)
        groups: list[list[int]] = [[-1 - column]]  # headers are keyed -1 - column
        for row in rows:
            groups.append([n for n in m.row_nodes(row) if m.nodes[n].C is not header])
        covering = type(event) is Cover
        if not covering:
            groups.reverse()
        steps = len(groups)
        motion: dict[int, float] = {}
        for step, keys in enumerate(groups):
            done = th.ease(progress * steps - step)
            for key in keys:
                motion[key] = done if covering else 1.0 - done
        return motion

    def _hidden_amount(self, model: MatrixModel, node: dlx.Node, motion: dict[int, float]) -> float:
        """0 for a node on its rail, 1 for one stepped off, in between while moving."""
        if node.index in motion:
            return motion[node.index]
        return 1.0 if model.hidden(node) else 0.0

    def _node_xy(
        self, geo: Geometry, model: MatrixModel, node: dlx.Node, motion: dict[int, float]
    ) -> tuple[float, float]:
        """Where a row's node is drawn."""
        column = node.C.index - 1
        return (geo.xs[column] + geo.shift * self._hidden_amount(model, node, motion), geo.ys[node.row])

    def _draw_bands(self, surface: pygame.Surface, geo: Geometry, model: MatrixModel, player: Player) -> None:
        """Row bands: the row being tried, rows on the stack, a solution's rows."""
        right = geo.xs[-1] + geo.col_w / 2 if geo.xs else geo.label_x
        solved = type(player.last_event) is Solution
        for level, row in enumerate(model.stack):
            colour = (
                SOLUTION_BAND
                if solved
                else (th.LIT_LINE if level == len(model.stack) - 1 and model.trying == row else STACK_BAND)
            )
            y = geo.ys[row]
            band = pygame.Rect(
                geo.label_x, round(y - geo.row_h / 2), round(right - geo.label_x), max(1, round(geo.row_h))
            )
            pygame.draw.rect(surface, colour, band, border_radius=self.theme.px(4))

    def _draw_row_links(
        self, surface: pygame.Surface, geo: Geometry, model: MatrixModel, motion: dict[int, float]
    ) -> None:
        """Each row's left-right links (they never change in Algorithm X)."""
        m = model.matrix
        width = max(1, self.theme.px(1))
        for row in range(len(m.rows)):
            nodes = [m.nodes[n] for n in m.row_nodes(row)]
            points = [self._node_xy(geo, model, node, motion) for node in nodes]
            for a, b in itertools.pairwise(points):
                pygame.draw.line(surface, ROW_LINK, a, b, width)

    def _draw_rails(self, surface: pygame.Surface, geo: Geometry, model: MatrixModel) -> None:
        """Each column's up-down list as a rail from its header through its linked nodes."""
        theme = self.theme
        m = model.matrix
        choosing = model.choosing
        for column in range(m.n_columns):
            header = m.header(column)
            node = header.D
            last_y = geo.header_y + geo.header_h / 2
            while node is not header:
                last_y = geo.ys[node.row]
                node = node.D
            x = geo.xs[column]
            lifted = column < m.n_primary and not model.header_linked(column)
            colour = th.ACTIVE if column == choosing else (th.FAINT if lifted else RAIL)
            top = geo.header_y + geo.header_h / 2 - (geo.lift if lifted else 0)
            width = max(1, theme.px(3 if column == choosing else 2))
            pygame.draw.line(surface, colour, (x, top), (x, last_y), width)
            if last_y > top + 1:  # the list is circular: a small turn back at its foot
                foot = pygame.Rect(0, 0, theme.px(8), theme.px(8))
                foot.midtop = (round(x), round(last_y + geo.node / 2 + 1))
                pygame.draw.arc(surface, colour, foot, 3.14, 6.28, max(1, theme.px(1)))

    def _draw_header_list(self, surface: pygame.Surface, geo: Geometry, model: MatrixModel) -> None:
        """The root's circular list of primary headers, left to right, then back."""
        theme = self.theme
        m = model.matrix
        xs = [geo.root_x]
        header = m.root.R
        while header is not m.root:
            xs.append(geo.xs[header.index - 1])
            header = header.R
        y = geo.header_y
        width = max(1, theme.px(2))
        pygame.draw.line(surface, RAIL, (xs[0], y), (xs[-1], y), width)
        if len(xs) > 1:  # back to the root, over the top (above any lifted header)
            top = y - geo.header_h / 2 - geo.lift - theme.px(6)
            pygame.draw.lines(
                surface,
                th.FAINT,
                False,
                [
                    (xs[-1] + geo.header_w / 2, y),
                    (xs[-1] + geo.header_w / 2 + theme.px(5), y),
                    (xs[-1] + geo.header_w / 2 + theme.px(5), top),
                    (xs[0], top),
                    (xs[0], y - geo.header_h / 2),
                ],
                width,
            )

    def _draw_nodes(
        self,
        surface: pygame.Surface,
        geo: Geometry,
        model: MatrixModel,
        player: Player,
        motion: dict[int, float],
    ) -> None:
        """Every 1: solid on its rail, hollow when stepped off; lit by row state."""
        theme = self.theme
        m = model.matrix
        solved = type(player.last_event) is Solution
        stack = set(model.stack)
        trying = model.trying
        for node in m.nodes[m.n_columns + 1 :]:
            x, y = self._node_xy(geo, model, node, motion)
            box = pygame.Rect(0, 0, geo.node, geo.node)
            box.center = (round(x), round(y))
            amount = self._hidden_amount(model, node, motion)
            if node.row in stack:
                fill = th.DONE if solved else (th.ACTIVE if node.row == trying else th.WAITING)
            else:
                fill = NODE_INK
            if amount >= 0.5:
                edge = fill if node.row in stack else th.MUTED
                pygame.draw.rect(surface, th.PANEL, box)
                pygame.draw.rect(surface, edge, box, max(1, theme.px(2 if node.row in stack else 1)))
            else:
                pygame.draw.rect(surface, fill, box, border_radius=theme.px(2))

    def _draw_headers(
        self, surface: pygame.Surface, geo: Geometry, model: MatrixModel, motion: dict[int, float]
    ) -> None:
        """The root h and every header: its name and live size; covered ones rise, hatched."""
        theme = self.theme
        m = model.matrix
        root = pygame.Rect(0, 0, min(geo.header_w, theme.px(30)), geo.header_h)
        root.center = (round(geo.root_x), round(geo.header_y))
        pygame.draw.rect(surface, th.TITLE_BAR, root, border_radius=theme.px(4))
        image = theme.text("h", "body", th.TITLE_INK, "bold")
        surface.blit(image, image.get_rect(center=root.center))
        choosing = model.choosing
        for column in range(m.n_columns):
            primary = column < m.n_primary
            key = -1 - column
            if key in motion:
                amount = motion[key]
            else:
                amount = 1.0 if primary and not model.header_linked(column) else 0.0
            box = pygame.Rect(0, 0, geo.header_w, geo.header_h)
            box.center = (round(geo.xs[column]), round(geo.header_y - geo.lift * amount))
            size = model.size(column)
            covered = amount >= 0.5 or (not primary and model.cover_count[column] > 0)
            if column == choosing:
                fill, ink = (th.DEAD if size == 0 else th.ACTIVE), th.PANEL
            elif primary and size == 0 and not covered:
                fill, ink = th.DEAD, th.PANEL
            else:
                fill, ink = th.PANEL, th.INK if not covered else th.MUTED
            pygame.draw.rect(surface, fill, box, border_radius=theme.px(4))
            if covered and column != choosing:
                hatch(surface, box, th.FAINT, theme.px(5))
            edge = th.ACTIVE if column == choosing else (th.PANEL_EDGE if primary else th.SKY)
            pygame.draw.rect(
                surface, edge, box, max(1, theme.px(1 if primary else 2)), border_radius=theme.px(4)
            )
            self._header_text(surface, box, self.column_label(column), str(size), ink)

    def _header_text(
        self, surface: pygame.Surface, box: pygame.Rect, name: str, size: str, ink: th.Color
    ) -> None:
        """A header's name above its size, turned upright when the column is narrow."""
        theme = self.theme
        label = theme.text(name, "tiny", ink, "bold")
        count = theme.text(size, "small", ink, "bold")
        if label.get_width() > box.w - 2:
            label = pygame.transform.rotate(label, 90)
            if label.get_height() > box.h - count.get_height():
                label = theme.text(
                    fit_text(theme, name, box.h - count.get_height(), "tiny", "bold"), "tiny", ink, "bold"
                )
                label = pygame.transform.rotate(label, 90)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + 1)))
        surface.blit(count, count.get_rect(midbottom=(box.centerx, box.bottom - 1)))

    def _draw_row_labels(
        self, surface: pygame.Surface, geo: Geometry, model: MatrixModel, player: Player
    ) -> None:
        """Each row's label at the left, in the colour of its state."""
        theme = self.theme
        width = round(geo.root_x - geo.label_x - theme.px(10))
        solved = type(player.last_event) is Solution
        size = "small" if geo.row_h >= theme.line_height("small") else "tiny"
        for row, label in enumerate(self.problem.row_labels):
            ink = th.INK
            if row in model.stack:
                ink = th.DONE if solved else (th.ACTIVE if row == model.trying else PLACED)
            elif all(
                model.hidden(model.matrix.nodes[n])
                for n in model.matrix.row_nodes(row)
                if model.matrix.nodes[n].C.index - 1 not in model.covered_columns()
            ):
                ink = th.MUTED
            text = fit_text(theme, label, max(1, width + theme.px(40)), size)
            image = theme.text(text, size, ink, "bold" if row in model.stack else "sans")
            surface.blit(image, image.get_rect(midleft=(geo.label_x, round(geo.ys[row]))))

    def _draw_stack(
        self, surface: pygame.Surface, geo: Geometry, frame: pygame.Rect, model: MatrixModel
    ) -> None:
        """The rows chosen so far, O[0..k], along the bottom of the card."""
        theme = self.theme
        if not model.stack:
            text = "O = [ ]  (no row chosen yet)"
        else:
            text = "O = [ " + ",  ".join(self.problem.row_labels[r] for r in model.stack) + " ]"
        y = frame.bottom - theme.px(10) - theme.line_height("small")
        text = fit_text(theme, text, frame.w - theme.px(20), "small", "mono")
        surface.blit(theme.text(text, "small", th.INK, "mono"), (frame.x + theme.px(10), y))

    def _draw_now(
        self, surface: pygame.Surface, rect: pygame.Rect, model: MatrixModel, player: Player
    ) -> None:
        """What the last event did, in words."""
        theme = self.theme
        inner = card(surface, rect, theme, "now")
        big, small, colour = self._now_text(model, player)
        y = inner.y
        for line in wrap(theme, big, inner.w, "large", "bold")[:3]:
            surface.blit(theme.text(line, "large", colour, "bold"), (inner.x, y))
            y += theme.line_height("large")
        y += theme.px(4)
        for line in wrap(theme, small, inner.w):
            if y + theme.line_height("small") > inner.bottom:
                break
            surface.blit(theme.text(line, "small", th.INK), (inner.x, y))
            y += theme.line_height("small")
        note = self.problem.note
        y += theme.px(10)
        for line in wrap(theme, note, inner.w, "tiny"):
            if y + theme.line_height("tiny") > inner.bottom:
                break
            surface.blit(theme.text(line, "tiny", th.MUTED), (inner.x, y))
            y += theme.line_height("tiny")

    def _now_text(self, model: MatrixModel, player: Player) -> tuple[str, str, th.Color]:
        """Headline, explanation, colour."""
        event = player.last_event
        m = model.matrix
        kind = type(event)
        if event is None:
            return (
                "ready",
                "Space plays, Right steps. Covering a column lifts its header out of "
                "the top list and steps every row that meets it off the other rails.",
                th.INK,
            )
        if kind is Choose:
            rows = self.row_list(m.column_rows(event.column))
            why = "it has the fewest 1s" if self.strategy == "fewest" else "it is the leftmost"
            return f"choose {self.column_label(event.column)}", f"{rows} can cover it; {why}", th.ACTIVE
        if kind is Cover:
            rows = self.row_list(m.column_rows(event.column))
            return (
                f"cover {self.column_label(event.column)}",
                f"its header leaves the top list; then {rows} step off every other column, top row first",
                th.ACTIVE,
            )
        if kind is Uncover:
            back = m.column_rows(event.column)[::-1]
            if not back:
                return (
                    f"uncover {self.column_label(event.column)}",
                    "no row to relink: the header goes back into the top list",
                    th.WAITING,
                )
            return (
                f"uncover {self.column_label(event.column)}",
                f"{self.row_list(back)} step back on, bottom row first, then the header: the "
                "exact reverse of its cover",
                th.WAITING,
            )
        if kind is Push:
            return (
                f"try row {self.row_label(event.what)}",
                "cover each of its other columns, left to right",
                th.ACTIVE,
            )
        if kind is Pop:
            why = "nothing below it worked" if event.backtrack else "a solution was found below it"
            return f"withdraw row {self.row_label(event.value)}", f"{why}; next row of the column", th.DEAD
        if kind is DeadEnd:
            return (f"dead end at {self.column_label(event.where)}", "no row can cover it: back up", th.DEAD)
        if kind is Solution:
            rows = self.row_list(sorted(event.answer))
            return f"solution {event.number}", f"{rows}: every primary column covered once", th.DONE
        return "", "", th.INK

    def _draw_key(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the marks mean."""
        theme = self.theme
        inner = card(surface, rect, theme, "key")
        line = theme.line_height("small")
        s = max(theme.px(12), line - theme.px(4))
        items = (
            (NODE_INK, "solid", "a 1 in its column's list"),
            (th.MUTED, "hollow", "a 1 unlinked by a cover"),
            (th.ACTIVE, "solid", "row tried, column chosen"),
            (th.WAITING, "solid", "rows chosen before (O)"),
            (th.FAINT, "hatch", "covered header (lifted)"),
            (th.SKY, "frame", "secondary column"),
        )
        for i, (colour, style, meaning) in enumerate(items):
            y = inner.y + i * (line + theme.px(2))
            if y + line > inner.bottom:
                break
            box = pygame.Rect(inner.x, y + (line - s) // 2, s, s)
            if style == "solid":
                pygame.draw.rect(surface, colour, box, border_radius=theme.px(2))
            elif style == "hollow":
                pygame.draw.rect(surface, colour, box, max(1, theme.px(1)))
            elif style == "hatch":
                pygame.draw.rect(surface, th.PANEL, box)
                hatch(surface, box, th.MUTED, theme.px(4))
                pygame.draw.rect(surface, th.PANEL_EDGE, box, 1)
            else:
                pygame.draw.rect(surface, colour, box, max(1, theme.px(2)))
            text = fit_text(theme, meaning, inner.w - s - theme.px(8))
            surface.blit(theme.text(text, "small", th.INK), (box.right + theme.px(8), y))


PLACED = th.blend(th.WAITING, th.INK, 0.35)
