"""Drawing the dancing-links demo: nodes on their rails, headers, row bands, words, the key.

`MatrixView` only reads the model (whose links a cover has changed), the
frozen `MatrixLook` the controller builds each frame (problem, column rule,
waiting words), and the layout it is handed.  `node_motion`
says how far each node has moved in the animation of the last Cover or
Uncover, in Knuth's order.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pygame

from solvers import dlx
from solvers.events import Choose, Cover, DeadEnd, Pop, Push, Solution, Uncover
from solvers.i18n import _, format_number, ngettext
from visualizer import theme as th
from visualizer.draw import hatch
from visualizer.panels import card, fit_text, wrap
from visualizer.player import Player
from visualizer.scenes.dlx.layout import Geometry, MatrixLayout
from visualizer.scenes.dlx.model import MatrixModel, Problem, row_list
from visualizer.theme import Theme

NODE_INK = th.blend(th.INK, th.PANEL, 0.25)
RAIL = th.blend(th.MUTED, th.PANEL, 0.35)
ROW_LINK = th.blend(th.FAINT, th.PANEL_EDGE, 0.5)
STACK_BAND = th.blend(th.PANEL, th.WAITING, 0.22)
SOLUTION_BAND = th.blend(th.PANEL, th.DONE, 0.22)
PLACED = th.blend(th.WAITING, th.INK, 0.35)


def node_motion(model: MatrixModel, player: Player) -> dict[int, float]:
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


def hidden_amount(model: MatrixModel, node: dlx.Node, motion: dict[int, float]) -> float:
    """0 for a node on its rail, 1 for one stepped off, in between while moving."""
    if node.index in motion:
        return motion[node.index]
    return 1.0 if model.hidden(node) else 0.0


def node_xy(
    geo: Geometry, model: MatrixModel, node: dlx.Node, motion: dict[int, float]
) -> tuple[float, float]:
    """Where a row's node is drawn."""
    column = node.C.index - 1
    return (geo.xs[column] + geo.shift * hidden_amount(model, node, motion), geo.ys[node.row])


def header_text(
    surface: pygame.Surface, theme: Theme, box: pygame.Rect, name: str, size: str, ink: th.Color
) -> None:
    """A header's name above its size, turned upright when the column is narrow."""
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


def now_text(
    problem: Problem, strategy: str, model: MatrixModel, player: Player
) -> tuple[str, str, th.Color]:
    """Headline, explanation, colour."""
    event = player.last_event
    m = model.matrix
    kind = type(event)
    if event is None:
        explain = _(
            "Space plays, Right steps. Covering a column lifts its header out of "
            "the top list and steps every row that meets it off the other rails."
        )
        return _("ready"), explain, th.INK
    if kind is Choose or kind is Cover or kind is Uncover:
        return column_text(problem, strategy, m, event)  # type: ignore[arg-type]
    if kind is Push:
        headline = _("try row {row}").format(row=problem.row_name(event.what))
        return headline, _("cover each of its other columns, left to right"), th.ACTIVE
    if kind is Pop:
        headline = _("withdraw row {row}").format(row=problem.row_name(event.value))
        if event.backtrack:
            return headline, _("nothing below it worked; next row of the column"), th.DEAD
        return headline, _("a solution was found below it; next row of the column"), th.DEAD
    if kind is DeadEnd:
        headline = _("dead end at {column}").format(column=problem.column_labels[event.where])
        return headline, _("no row can cover it: back up"), th.DEAD
    if kind is Solution:
        rows = row_list(problem, sorted(event.answer))
        headline = _("solution {number}").format(number=format_number(event.number))
        return headline, _("{rows}: every primary column covered once").format(rows=rows), th.DONE
    return "", "", th.INK


def column_text(
    problem: Problem, strategy: str, m: dlx.Matrix, event: Choose | Cover | Uncover
) -> tuple[str, str, th.Color]:
    """Headline, explanation and colour for choosing, covering or uncovering a column."""
    column = problem.column_labels[event.column]
    if type(event) is Choose:
        rows = row_list(problem, m.column_rows(event.column))
        if strategy == "fewest":
            explain = _("{rows} can cover it; it has the fewest 1s")
        else:
            explain = _("{rows} can cover it; it is the leftmost")
        return _("choose {column}").format(column=column), explain.format(rows=rows), th.ACTIVE
    if type(event) is Cover:
        rows = row_list(problem, m.column_rows(event.column))
        explain = _("its header leaves the top list; then {rows} step off every other column, top row first")
        return _("cover {column}").format(column=column), explain.format(rows=rows), th.ACTIVE
    headline = _("uncover {column}").format(column=column)
    back = m.column_rows(event.column)[::-1]
    if not back:
        return headline, _("no row to relink: the header goes back into the top list"), th.WAITING
    explain = _("{rows} step back on, bottom row first, then the header: the exact reverse of its cover")
    return headline, explain.format(rows=row_list(problem, back)), th.WAITING


def draw_key(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """What the marks mean."""
    inner = card(surface, rect, theme, _("key"))
    line = theme.line_height("small")
    s = max(theme.px(12), line - theme.px(4))
    items = (
        (NODE_INK, "solid", _("a 1 in its column's list")),
        (th.MUTED, "hollow", _("a 1 unlinked by a cover")),
        (th.ACTIVE, "solid", _("row tried, column chosen")),
        (th.WAITING, "solid", _("rows chosen before (O)")),
        (th.FAINT, "hatch", _("covered header (lifted)")),
        (th.SKY, "frame", _("secondary column")),
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


def matrix_title(title: str, m: dlx.Matrix) -> str:
    """The matrix card's title: the problem and its size."""
    columns = ngettext("{count} column", "{count} columns", m.n_columns).format(count=m.n_columns)
    rows = ngettext("{count} row", "{count} rows", len(m.rows)).format(count=len(m.rows))
    return _("{title}: {columns}, {rows}").format(title=title, columns=columns, rows=rows)


@dataclass(frozen=True)
class MatrixLook:
    """What the controller hands the view each frame: the problem, the column rule, waiting words."""

    problem: Problem
    strategy: str
    waiting: tuple[str, str, th.Color] | None  # the "now" card's words while an exercise step is open


class MatrixView:
    """Draws the dancing-links demo's stage from its model and look."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    def draw(
        self, surface: pygame.Surface, lay: MatrixLayout, look: MatrixLook, player: Player[MatrixModel]
    ) -> None:
        """The matrix with its links, what happens now, the key."""
        model = player.model
        m = model.matrix
        card(
            surface,
            lay.matrix,
            self.theme,
            matrix_title(look.problem.title, m),
        )
        geo = lay.geo
        moving = node_motion(model, player)
        self._draw_bands(surface, geo, model, player)
        self._draw_row_links(surface, geo, model, moving)
        self._draw_rails(surface, geo, model)
        self._draw_header_list(surface, geo, model)
        self._draw_nodes(surface, geo, model, player, moving)
        self._draw_headers(surface, geo, look.problem, model, moving)
        self._draw_row_labels(surface, geo, look.problem, model, player)
        self._draw_stack(surface, lay.matrix, look.problem, model)
        self._draw_now(surface, lay.now, look, model, player)
        draw_key(surface, self.theme, lay.key)

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
            points = [node_xy(geo, model, node, motion) for node in nodes]
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
            x, y = node_xy(geo, model, node, motion)
            box = pygame.Rect(0, 0, geo.node, geo.node)
            box.center = (round(x), round(y))
            amount = hidden_amount(model, node, motion)
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
        self,
        surface: pygame.Surface,
        geo: Geometry,
        problem: Problem,
        model: MatrixModel,
        motion: dict[int, float],
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
            header_text(surface, theme, box, problem.column_labels[column], str(size), ink)

    def _draw_row_labels(
        self, surface: pygame.Surface, geo: Geometry, problem: Problem, model: MatrixModel, player: Player
    ) -> None:
        """Each row's label at the left, in the colour of its state; where rows are too close, only some.

        The rows on the stack are labelled first; other labels are drawn where
        they overlap none already drawn (a name never prints over another).
        """
        theme = self.theme
        width = round(geo.root_x - geo.label_x - theme.px(10))
        solved = type(player.last_event) is Solution
        size = "small" if geo.row_h >= theme.line_height("small") else "tiny"
        labels = problem.row_labels
        tall = theme.font(size).get_height()
        chosen = [row for row in model.stack if row < len(labels)]
        taken = [geo.ys[row] for row in chosen]
        last = -float("inf")
        for row in range(len(labels)):
            y = geo.ys[row]
            if y - last >= tall and all(abs(y - other) >= tall for other in taken):
                chosen.append(row)
                last = y
        for row in chosen:
            ink = th.INK
            if row in model.stack:
                ink = th.DONE if solved else (th.ACTIVE if row == model.trying else PLACED)
            elif all(
                model.hidden(model.matrix.nodes[n])
                for n in model.matrix.row_nodes(row)
                if model.matrix.nodes[n].C.index - 1 not in model.covered_columns()
            ):
                ink = th.MUTED
            text = fit_text(theme, labels[row], max(1, width + theme.px(40)), size)
            image = theme.text(text, size, ink, "bold" if row in model.stack else "sans")
            surface.blit(image, image.get_rect(midleft=(geo.label_x, round(geo.ys[row]))))

    def _draw_stack(
        self, surface: pygame.Surface, frame: pygame.Rect, problem: Problem, model: MatrixModel
    ) -> None:
        """The rows chosen so far, O[0..k], along the bottom of the card."""
        theme = self.theme
        if not model.stack:
            text = _("O = [ ]  (no row chosen yet)")
        else:
            text = "O = [ " + ",  ".join(problem.row_labels[r] for r in model.stack) + " ]"
        y = frame.bottom - theme.px(10) - theme.line_height("small")
        text = fit_text(theme, text, frame.w - theme.px(20), "small", "mono")
        surface.blit(theme.text(text, "small", th.INK, "mono"), (frame.x + theme.px(10), y))

    def now_words(self, look: MatrixLook, model: MatrixModel, player: Player) -> tuple[str, str, th.Color]:
        """The "now" card's headline, line and colour (waiting words while an exercise step is open)."""
        return look.waiting or now_text(look.problem, look.strategy, model, player)

    def _draw_now(
        self, surface: pygame.Surface, rect: pygame.Rect, look: MatrixLook, model: MatrixModel, player: Player
    ) -> None:
        """What the last event did, in words."""
        theme = self.theme
        inner = card(surface, rect, theme, _("now"))
        big, small, colour = self.now_words(look, model, player)
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
        note = look.problem.note
        y += theme.px(10)
        for line in wrap(theme, note, inner.w, "tiny"):
            if y + theme.line_height("tiny") > inner.bottom:
                break
            surface.blit(theme.text(line, "tiny", th.MUTED), (inner.x, y))
            y += theme.line_height("tiny")
