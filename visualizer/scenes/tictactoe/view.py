"""Tic-tac-toe's screen: the pure layout, the plan of the tree's rows, and drawing that only reads.

`layout` splits the stage into the game card (the big board and its words),
the counts card and the tree card.  `plan_tree` turns the search tree, the
focus path and the camera into what is on screen (row bands, edges, boards,
ghosts of untried moves, tags, fold badges) without drawing; `draw_tree`
paints a plan and `node_at` hit-tests the same plan, so input never reads
what drawing wrote.

The tree is drawn as rows, one per depth: the root board, then the moves of
each node on the focus path (the call stack while the search runs, the
chosen line once it is over).  A finished node off the path carries its
subtree's size as "+1,204"; a click opens it or folds it again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from solvers.i18n import N_, _, format_number, ngettext
from solvers.tictactoe import GAME, player_to_move
from visualizer import theme as th
from visualizer.draw import cut_mark, dashed_line, tag
from visualizer.panels import card, card_content, fit_text, wrap
from visualizer.scenes.tictactoe.board import cell_rect, draw_board, draw_mark
from visualizer.searchtree import SearchTree, best_so_far_text, cut_text, value_text
from visualizer.theme import Theme
from visualizer.treepaint import Camera

MIN_ROW = 52
"""A row of boards is never shorter than this (theme pixels); deeper rows are reached by panning."""
Tag = tuple[str, th.Color, th.Color]
"""A small label under a board: text, fill, ink."""
STATUS_LINES = 3
MIN_BOARD = 120
"""The big board is never smaller than this (theme pixels): cells of 40 stay easy to click."""
"""Lines of words kept under the big board."""
GAME_TITLE = N_("you: x    computer: o")
"""The game card's title (its height stands for every title)."""


@dataclass(frozen=True, slots=True)
class TicTacToeLayout:
    """The game card (board and words), the counts card under it, the tree card beside them."""

    game: pygame.Rect
    board: pygame.Rect
    status: pygame.Rect
    counts: pygame.Rect
    tree: pygame.Rect
    tree_area: pygame.Rect
    cells: tuple[pygame.Rect, ...]


def layout(rect: pygame.Rect, theme: Theme, counts: bool = True) -> TicTacToeLayout:
    """Where the cards, the big board and its cells go in the stage.

    With `counts` False (they are shown beside the stage) the stage has no counts card.
    """
    gap = theme.px(10)
    status_h = STATUS_LINES * theme.line_height("small") + theme.px(6)
    least = theme.px(MIN_BOARD)
    frame = card_content(pygame.Rect(0, 0, least, least), theme, _(GAME_TITLE))
    margin_w, margin_h = least - frame.w, least - frame.h  # the card's padding and heading
    left_w = max(min(int(rect.w * 0.36), theme.px(340)), min(least + margin_w, rect.w // 2))
    least_h = min(rect.h, least + margin_h + status_h)
    # The board as wide as its column first; the counts get what is left (under 60 px they wait
    # in the shell's strip of folded panels: TicTacToeDemo.panels).
    game_h = max(least_h, min(rect.h, left_w + status_h))
    game = pygame.Rect(rect.x, rect.y, left_w, game_h)
    inner = card_content(game, theme, _(GAME_TITLE))
    size = max(theme.px(40), min(inner.w, inner.h - status_h))
    board = pygame.Rect(inner.centerx - size // 2, inner.y, size, size)
    status = pygame.Rect(
        inner.x, board.bottom + theme.px(6), inner.w, max(0, inner.bottom - board.bottom - theme.px(6))
    )
    counts_h = rect.bottom - game.bottom - gap
    counts_h = counts_h if counts and counts_h >= theme.px(60) else 0
    counts_card = pygame.Rect(rect.x, game.bottom + gap, left_w, counts_h)
    tree = pygame.Rect(game.right + gap, rect.y, rect.right - game.right - gap, rect.h)
    cells = tuple(cell_rect(board, cell) for cell in range(9))
    area = card_content(tree, theme, _("the search"))
    return TicTacToeLayout(game, board, status, counts_card, tree, area, cells)


# --- the game card and the counts ----------------------------------------------------------


def draw_game(
    surface: pygame.Surface,
    lay: TicTacToeLayout,
    theme: Theme,
    board: str,
    last: int | None,
    title: str,
    words: str,
    busy: bool,
) -> None:
    """The big board (the last move lit), and the words under it."""
    card(surface, lay.game, theme, title)
    draw_board(surface, theme, lay.board, board, big=True, last=last)
    y = lay.status.y
    colour = th.ACTIVE if busy else th.INK
    for line in wrap(theme, words, lay.status.w, "small"):
        if y + theme.line_height("small") > lay.status.bottom:
            break
        surface.blit(theme.text(line, "small", colour), (lay.status.x, y))
        y += theme.line_height("small")


def node_count(count: int) -> str:
    """'1,234 nodes'."""
    return ngettext("{count} node", "{count} nodes", count).format(count=format_number(count))


@dataclass(frozen=True, slots=True)
class CountRow:
    """One algorithm's node count on the searched position."""

    title: str
    nodes: int | None  # None while counting
    chosen: bool


def draw_counts(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, rows: Sequence[CountRow], this_run: int
) -> None:
    """Minimax and alpha-beta node counts side by side, as bars, and what the two mean together."""
    if rect.h <= 0:
        return
    inner = card(surface, rect, theme, _("nodes on this position"))
    line = theme.line_height("small")
    if not rows:
        hint = _("the computer's searches will be counted here, minimax beside alpha-beta")
        for i, text in enumerate(wrap(theme, hint, inner.w, "small")):
            if inner.y + (i + 1) * line <= inner.bottom:
                surface.blit(theme.text(text, "small", th.MUTED), (inner.x, inner.y + i * line))
        return
    most = max((row.nodes or 0 for row in rows), default=1) or 1
    bar_h = theme.px(16)
    y = inner.y
    for row in rows:
        if y + line + bar_h > inner.bottom:
            return
        figure = theme.text(
            _("counting…") if row.nodes is None else node_count(row.nodes), "small", th.INK, "bold"
        )
        surface.blit(figure, (inner.right - figure.get_width(), y))
        face = "bold" if row.chosen else "sans"
        title = fit_text(theme, row.title, inner.w - figure.get_width() - theme.px(8), "small", face)
        surface.blit(theme.text(title, "small", th.INK, face), (inner.x, y))
        y += line
        track = pygame.Rect(inner.x, y, inner.w, bar_h)
        pygame.draw.rect(surface, th.FAINT, track, border_radius=theme.px(3))
        if row.nodes is not None:
            bar = pygame.Rect(track.x, track.y, max(theme.px(3), round(track.w * row.nodes / most)), bar_h)
            pygame.draw.rect(surface, th.ACTIVE if row.chosen else th.MUTED, bar, border_radius=theme.px(3))
        y += bar_h + theme.px(6)
    counted = [row.nodes for row in rows if row.nodes is not None]
    if len(counted) == 2 and counted[0]:
        note = _(
            "alpha-beta searched {share} of minimax's nodes for the same move; this run: {count} so far"
        ).format(share=f"{counted[1] / counted[0]:.1%}", count=format_number(this_run))
        for text in wrap(theme, note, inner.w, "small"):
            if y + line > inner.bottom:
                break
            surface.blit(theme.text(text, "small", th.MUTED), (inner.x, y))
            y += line


# --- the tree's plan ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Band:
    """A row's band at the left: 'MAX x moves' or 'MIN o moves'."""

    depth: int
    y: int
    h: int
    mark: str


@dataclass(frozen=True, slots=True)
class Edge:
    """A line from a parent board down to a child: solid when tried, dashed when not."""

    start: tuple[int, int]
    end: tuple[int, int]
    colour: th.Color
    width: int
    tried: bool
    cut: bool


@dataclass(frozen=True, slots=True)
class Shown:
    """A board on screen: a node of the search (node >= 0) or a move not tried (a ghost, node -1)."""

    node: int
    row: int
    box: pygame.Rect
    board: str
    move: int | None
    frame: th.Color = th.MUTED
    thick: bool = False
    chosen: bool = False
    cut: bool = False
    tags: tuple[Tag, ...] = ()
    tag_boxes: tuple[pygame.Rect, ...] = ()
    folded: bool = False


@dataclass(frozen=True, slots=True)
class TreePlan:
    """Everything the tree card shows, in screen pixels."""

    bands: tuple[Band, ...]
    edges: tuple[Edge, ...]
    boards: tuple[Shown, ...]
    cut_tags: tuple[tuple[str, tuple[int, int]], ...]


@dataclass(frozen=True, slots=True)
class TreeInputs:
    """What the plan is made from, besides the tree itself."""

    root_board: str
    path: Sequence[int]
    moves_of: Callable[[str], Sequence[int]]  # a board's moves in the order the search tries them
    camera: Camera
    asked: int = -1  # the node an open exercise step is about: its best so far would give it away


def plan_tree(area: pygame.Rect, theme: Theme, tree: SearchTree, given: TreeInputs) -> TreePlan:
    """Rows of boards: the root, then the moves of each node on the focus path."""
    path, cam = given.path, given.camera
    boards = [given.root_board]
    for node in path[1:]:
        boards.append(GAME.result(boards[-1], tree.move[node]))
    gutter = theme.px(58)
    row_h = max(area.h / max(given.root_board.count(".") + 1, 4), theme.px(MIN_ROW))
    width = area.w - gutter
    base = max(theme.px(18), min(row_h * 0.62, theme.px(60)))
    rows = len(path) + (0 if GAME.terminal(boards[-1]) else 1)
    first = player_to_move(given.root_board)
    bands = tuple(
        Band(
            d, cam.to_screen(area, 0, row_h * d + theme.px(4))[1], round(row_h * cam.zoom), row_mark(first, d)
        )
        for d in range(rows)
    )
    root = shown_node(
        theme,
        area,
        cam,
        tree,
        0,
        (gutter + width / 2, theme.px(4), base, width),
        boards[0],
        None,
        0,
        path,
        asked=given.asked,
    )
    edges: list[Edge] = []
    shown: list[Shown] = []
    cut_tags: list[tuple[str, tuple[int, int]]] = []
    places: dict[int, tuple[float, float, float]] = {0: (gutter + width / 2, theme.px(4), base)}
    for depth, node in enumerate(path):
        board = boards[depth]
        if GAME.terminal(board):
            break
        moves = given.moves_of(board)
        tried = {tree.move[c]: c for c in tree.children(node)}
        cut = tree.cuts.get(node)
        y = row_h * (depth + 1) + theme.px(4)
        slot = width / max(len(moves), 1)
        size = min(base, slot * 0.72)
        px_, py_, ps_ = places[node]
        parent_bottom = cam.to_screen(area, px_, py_ + ps_)
        first_cut: tuple[int, int] | None = None
        for i, move in enumerate(moves):
            x = gutter + slot * (i + 0.5)
            top_mid = cam.to_screen(area, x, y)
            child_board = GAME.result(board, move)
            child = tried.get(move)
            if child is None:
                colour = th.PRUNED if cut is not None else th.FAINT
                edges.append(Edge(parent_bottom, top_mid, colour, theme.px(2), False, cut is not None))
                box = board_box(theme, area, cam, x, y, size)
                shown.append(Shown(-1, depth + 1, box, child_board, move, colour, cut=cut is not None))
                if cut is not None and first_cut is None:
                    first_cut = top_mid
                continue
            places[child] = (x, y, size)
            item = shown_node(
                theme,
                area,
                cam,
                tree,
                child,
                (x, y, size, slot),
                child_board,
                move,
                depth + 1,
                path,
                asked=given.asked,
            )
            heavy = item.thick or item.chosen
            line = th.DONE if item.chosen else (th.ACTIVE if child in tree.stack else th.MUTED)
            edges.append(
                Edge(parent_bottom, top_mid, line, theme.px(4) if heavy else theme.px(2), True, False)
            )
            shown.append(item)
        if first_cut is not None and cut is not None:
            cut_tags.append(
                (
                    _("✂ cut: {bound}").format(bound=cut_text(cut, True)),
                    (first_cut[0], first_cut[1] - theme.px(10)),
                )
            )
    return TreePlan(bands, tuple(edges), (*shown, root), tuple(cut_tags))


def row_mark(first: str, depth: int) -> str:
    """Whose move a row's boards lead to: the first mover on even depths."""
    return first if depth % 2 == 0 else ("o" if first == "x" else "x")


def board_box(theme: Theme, area: pygame.Rect, cam: Camera, x: float, y: float, size: float) -> pygame.Rect:
    """A board's square on screen: `size` world units wide, its top centre at (x, y)."""
    side = max(theme.px(8), round(size * cam.zoom))
    sx, sy = cam.to_screen(area, x, y)
    return pygame.Rect(sx - side // 2, sy, side, side)


def shown_node(
    theme: Theme,
    area: pygame.Rect,
    cam: Camera,
    tree: SearchTree,
    node: int,
    place: tuple[float, float, float, float],
    board: str,
    move: int | None,
    row: int,
    path: Sequence[int],
    *,
    asked: int = -1,
) -> Shown:
    """A searched board at `place` (x, y, size, room across): its frame, its value, a fold badge.

    The node `asked` about shows 'best ?': its best so far is what the question asks.
    """
    box = board_box(theme, area, cam, *place[:3])
    top = tree.stack[-1] if tree.stack else -1
    parent = tree.parent[node]
    on_path = row < len(path) and path[row] == node
    chosen = parent >= 0 and tree.done(parent) and tree.chosen(parent) == node
    waiting = node in tree.stack and node != top
    frame = th.ACTIVE if node == top else th.WAITING if waiting else th.DONE if tree.done(node) else th.MUTED
    tags: list[Tag] = []
    value = tree.value[node]
    if value is not None:
        fill = th.YELLOW if chosen else th.blend(th.PANEL, th.DONE, 0.35)
        tags.append((value_text(value, tree.bound_kind(node), signed=True), fill, th.INK))
    elif node in tree.stack:
        best = tree.best_so_far(node, player_to_move(board) == "x")
        if best is not None:
            tags.append(
                (
                    best_so_far_text(None if node == asked else best, signed=True),
                    th.blend(th.PANEL, th.WAITING, 0.3),
                    th.INK,
                )
            )
    hidden = tree.size(node) - 1
    folded = tree.done(node) and hidden > 0 and not on_path
    if folded:
        tags.append((f"+{hidden:,}", th.TITLE_BAR, th.PANEL))
    thick = node == top or waiting or on_path
    kept, boxes = fitting_tags(theme, box, tags, round(place[3] * cam.zoom) - theme.px(2))
    return Shown(node, row, box, board, move, frame, thick, chosen, False, kept, boxes, folded)


def fitting_tags(
    theme: Theme, box: pygame.Rect, tags: Sequence[Tag], room: int
) -> tuple[tuple[Tag, ...], tuple[pygame.Rect, ...]]:
    """The tags that fit `room` pixels across, side by side under the board, and their rectangles.

    Kept within the board's slot, neighbours' tags never overlap; when all do
    not fit, the later ones (the fold count) are left out: zooming in shows them.
    """
    font = theme.font("tiny", "bold")
    pad, gap = theme.px(6), theme.px(3)
    sizes = [font.size(text) for text, _fill, _ink in tags]
    kept = len(tags)
    while kept and sum(w + pad for w, _ in sizes[:kept]) + gap * (kept - 1) > room:
        kept -= 1
    widths = [w + pad for w, _ in sizes[:kept]]
    x = box.centerx - (sum(widths) + gap * (kept - 1)) // 2
    boxes = []
    for (_width, h), w in zip(sizes, widths, strict=False):
        boxes.append(pygame.Rect(x, box.bottom + theme.px(2), w, h + theme.px(2)))
        x += w + gap
    return tuple(tags[:kept]), tuple(boxes)


def node_at(plan: TreePlan, pos: tuple[int, int]) -> Shown | None:
    """The searched board (or its fold badge) under `pos`, the topmost first."""
    for item in reversed(plan.boards):
        if item.node >= 0 and (
            item.box.collidepoint(pos) or any(b.collidepoint(pos) for b in item.tag_boxes)
        ):
            return item
    return None


def ring(surface: pygame.Surface, area: pygame.Rect, theme: Theme, plan: TreePlan, node: int) -> None:
    """A thick ring round a node's board: the one an open exercise step is about."""
    item = next((item for item in plan.boards if item.node == node), None)
    if item is None:
        return
    previous = surface.get_clip()
    surface.set_clip(area.clip(previous))
    pad = theme.px(7)
    pygame.draw.rect(surface, th.VERMILLION, item.box.inflate(pad * 2, pad * 2), theme.px(3), theme.px(8))
    surface.set_clip(previous)


# --- painting the plan ------------------------------------------------------------------------


def draw_tree(surface: pygame.Surface, area: pygame.Rect, theme: Theme, plan: TreePlan) -> None:
    """Bands, edges, boards and tags, in that order, clipped to the card."""
    previous = surface.get_clip()
    surface.set_clip(area.clip(previous))
    for band in plan.bands:
        draw_band(surface, area, theme, band)
    for edge in plan.edges:
        if edge.tried:
            pygame.draw.line(surface, edge.colour, edge.start, edge.end, edge.width)
        else:
            dashed_line(surface, edge.colour, edge.start, edge.end, edge.width, theme.px(4))
        if edge.cut:
            cut_mark(surface, theme, edge.start, edge.end, theme.px(6))
    for item in plan.boards:
        draw_shown(surface, theme, item)
    for text, at in plan.cut_tags:
        tag(surface, theme, text, at, th.blend(th.PANEL, th.PRUNED, 0.35))
    surface.set_clip(previous)


def draw_band(surface: pygame.Surface, area: pygame.Rect, theme: Theme, band: Band) -> None:
    """'MAX x moves' or 'MIN o moves' at the left of a row (x maximises); even rows shaded."""
    role = "MAX" if band.mark == "x" else "MIN"
    colour = th.BLUE if band.mark == "x" else th.VERMILLION
    if band.depth % 2 == 0:
        shade = pygame.Rect(area.x, band.y - theme.px(2), area.w, band.h - theme.px(2))
        pygame.draw.rect(surface, th.blend(th.PANEL, th.FAINT, 0.45), shade)
    surface.blit(theme.text(role, "small", colour, "bold"), (area.x + theme.px(2), band.y))
    surface.blit(
        theme.text(_("{mark} moves").format(mark=band.mark), "tiny", th.MUTED),
        (area.x + theme.px(2), band.y + theme.line_height("small")),
    )


def draw_shown(surface: pygame.Surface, theme: Theme, item: Shown) -> None:
    """A searched board with its frame and tags, or a ghost of an untried move."""
    if item.node < 0:
        draw_ghost(surface, theme, item)
        return
    if item.chosen:
        pygame.draw.rect(
            surface, th.YELLOW, item.box.inflate(theme.px(10), theme.px(10)), border_radius=theme.px(6)
        )
    width = theme.px(3) if item.thick else theme.px(1)
    draw_board(surface, theme, item.box, item.board, last=item.move, frame=item.frame, frame_width=width)
    for (text, fill, ink), box in zip(item.tags, item.tag_boxes, strict=True):
        pygame.draw.rect(surface, fill, box, border_radius=theme.px(4))
        image = theme.text(text, "tiny", ink, "bold")
        surface.blit(image, image.get_rect(center=box.center))


def draw_ghost(surface: pygame.Surface, theme: Theme, item: Shown) -> None:
    """A move not (yet) tried: faint; cut by alpha-beta: purple and dashed."""
    box, colour = item.box, item.frame
    pygame.draw.rect(surface, th.blend(th.PANEL, colour, 0.15), box)
    corners = (box.topleft, box.topright, box.bottomright, box.bottomleft)
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        dashed_line(surface, colour, a, b, theme.px(2), theme.px(3))
    if item.move is not None:
        cell = cell_rect(box, item.move)
        draw_mark(
            surface, cell.inflate(-cell.w // 4, -cell.h // 4), item.board[item.move], colour, theme.px(2)
        )


def tree_hint(count: int, pinned: bool) -> str:
    """The line under the tree: its size and how to explore it."""
    hint = ngettext(
        "{count} node · click a board: go to its move · +N: open · wheel: zoom · drag: pan · 0: reset",
        "{count} nodes · click a board: go to its move · +N: open · wheel: zoom · drag: pan · 0: reset",
        count,
    ).format(count=format_number(count))
    return _("{hint} · L: follow the search").format(hint=hint) if pinned else hint
