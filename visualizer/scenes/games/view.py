"""The games demo's screen: a pure layout, the board, the engine's tree and the heuristic's terms.

Drawing only reads the match and the `EngineTree`.  Stones differ by shape
(x a filled disc, o a ring), so colour is never the only cue.  The tree shows
node 0 (the deepening loop), each iteration's root, the newest iteration's
moves, the path being searched (or the chosen line at the end) with its
children; everything else folds into a "+N" badge.  Heuristic leaves are
boxes, table hits dotted, cuts marked on their edge.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

import pygame

from solvers.gomoku_rules import RULE_LABELS
from solvers.grids import EMPTY, STONE, ConnectFour, Grid, Position
from solvers.i18n import N_, _, format_number
from solvers.minimax import MAX
from visualizer import theme as th
from visualizer.panels import card, card_content, wrap
from visualizer.scenes.games.model import GAMES, EngineTree, value_words
from visualizer.theme import Theme
from visualizer.tree import tidy_layout
from visualizer.treecard import card_hint, card_words
from visualizer.treepaint import (
    BOX,
    DOTTED,
    DOWN,
    PILL,
    UP,
    Camera,
    Look,
    Place,
    Stroke,
    Tag,
    paint_tree,
    tidy_places,
)

BOARD_TITLE = N_("the board: {name}")
TREE_TITLE = N_("why this move? the engine's search")
TERM_NAMES = (
    N_("open one"),
    N_("open two"),
    N_("open three"),
    N_("open four"),
    N_("closed one"),
    N_("closed two"),
    N_("closed three"),
    N_("closed four"),
)
"""The heuristic's terms as `solvers.grids` names them, marked so that they are translated where shown."""


@dataclass(frozen=True, slots=True)
class TreeMarks:
    """Nodes singled out: the one an open exercise step is about (ringed), the one hovered (lit)."""

    asked: int | None = None
    lit: int | None = None


NO_MARKS = TreeMarks()


@dataclass(frozen=True, slots=True)
class GamesLayout:
    """The board card and the words card at the left, the tree card at the right."""

    board: pygame.Rect
    words: pygame.Rect
    tree: pygame.Rect
    grid: pygame.Rect  # the cells, inside the board card
    tree_area: pygame.Rect  # the tree's drawing area, inside its card


def layout(rect: pygame.Rect, theme: Theme, rows: int, cols: int, row_names: bool = True) -> GamesLayout:
    """Where everything goes; the same for input and drawing.

    The board keeps an edge above the cells for the columns' names and, with
    `row_names` (not in Connect Four, whose moves are columns), one at the
    left for the rows' numbers.
    """
    gap = theme.px(10)
    left_w = max(theme.px(260), min(int(rect.w * 0.5), rect.h))
    most = pygame.Rect(rect.x, rect.y, left_w, max(theme.px(180), int(rect.h * 0.75)))
    inner = card_content(most, theme, _(BOARD_TITLE))
    top, left = edge_sizes(theme, rows, row_names)
    cell = max(2, min((inner.w - 2 * left) // cols, (inner.h - top) // rows))
    board = most.copy()
    board.h -= inner.h - cell * rows - top  # no more height than the cells need: the words get the rest
    inner = card_content(board, theme, _(BOARD_TITLE))
    words = pygame.Rect(rect.x, board.bottom + gap, left_w, rect.bottom - board.bottom - gap)
    tree = pygame.Rect(board.right + gap, rect.y, rect.right - board.right - gap, rect.h)
    grid = pygame.Rect(0, 0, cell * cols, cell * rows)
    grid.midbottom = inner.midbottom
    return GamesLayout(board, words, tree, grid, card_content(tree, theme, _(TREE_TITLE)))


def edge_sizes(theme: Theme, rows: int, row_names: bool) -> tuple[int, int]:
    """The board's edges for names: the height above the cells, the width at their left (0: none)."""
    font = theme.font("tiny")
    left = font.size(str(rows))[0] + theme.px(6) if row_names else 0
    return font.get_linesize() + theme.px(2), left


def cell_at(grid: pygame.Rect, rows: int, cols: int, pos: tuple[int, int]) -> tuple[int, int] | None:
    """The (row, col) under a screen position, or None."""
    if not grid.collidepoint(pos):
        return None
    return (pos[1] - grid.y) * rows // grid.h, (pos[0] - grid.x) * cols // grid.w


def cell_rect(grid: pygame.Rect, rows: int, cols: int, row: int, col: int) -> pygame.Rect:
    """The square of one cell."""
    w, h = grid.w / cols, grid.h / rows
    return pygame.Rect(round(grid.x + col * w), round(grid.y + row * h), round(w), round(h))


# --- the board ------------------------------------------------------------------------------


def draw_board(
    surface: pygame.Surface,
    lay: GamesLayout,
    theme: Theme,
    game: Grid,
    pos: Position,
    marks: Iterable[int] = (),
) -> None:
    """Cells, stones (x a disc, o a ring), the last move outlined, `marks` (the expected line) dotted."""
    card(surface, lay.board, theme, _(BOARD_TITLE).format(name=game_label(game)))
    grid, rows, cols = lay.grid, game.rows, game.cols
    pygame.draw.rect(surface, th.blend(th.PANEL, th.YELLOW, 0.25), grid)
    line = max(1, theme.px(1))
    for r in range(rows + 1):
        y = round(grid.y + r * grid.h / rows)
        pygame.draw.line(surface, th.MUTED, (grid.x, y), (grid.right - 1, y), line)
    for c in range(cols + 1):
        x = round(grid.x + c * grid.w / cols)
        pygame.draw.line(surface, th.MUTED, (x, grid.y), (x, grid.bottom - 1), line)
    for index, stone in enumerate(pos.cells):
        box = cell_rect(grid, rows, cols, *divmod(index, cols)).inflate(-max(2, grid.w // cols // 6), 0)
        box.h = box.w
        box.center = cell_rect(grid, rows, cols, *divmod(index, cols)).center
        if stone == STONE[MAX]:
            pygame.draw.circle(surface, th.INK, box.center, box.w // 2)
        elif stone == STONE[-MAX]:
            pygame.draw.circle(surface, th.PANEL, box.center, box.w // 2)
            pygame.draw.circle(surface, th.INK, box.center, box.w // 2, max(2, box.w // 6))
        if index == pos.last:
            pygame.draw.rect(surface, th.ACTIVE, box.inflate(line * 4, line * 4), max(2, line * 2))
    draw_edge_names(surface, grid, theme, game)
    for number, move in enumerate(marks, 1):
        index = game.drop_cell(pos, move) if game.gravity else move
        if 0 <= index < len(pos.cells) and pos.cells[index] == EMPTY:
            box = cell_rect(grid, rows, cols, *divmod(index, cols))
            ink = th.WAITING if number % 2 else th.PRUNED
            pygame.draw.circle(surface, ink, box.center, max(2, box.w // 3), max(1, line * 2))
            if number == 1:
                break  # the next move of the expected line; the rest reads in the words card


def draw_threat_line(
    surface: pygame.Surface, lay: GamesLayout, theme: Theme, game: Grid, pos: Position, line: Iterable[int]
) -> None:
    """A threat line on the board: each move numbered, the attacker's vermillion, the answers blue.

    On an empty cell the number sits in a ring; on a stone already played
    there (the block) a ring goes round the stone and the number in its corner.
    """
    grid, rows, cols = lay.grid, game.rows, game.cols
    for number, cell in enumerate(line, 1):
        box = cell_rect(grid, rows, cols, *divmod(cell, cols))
        ink = th.DEAD if number % 2 else th.ACTIVE
        radius = max(3, box.w * 9 // 20)
        centre = box.center
        if pos.cells[cell] == EMPTY:
            pygame.draw.circle(surface, th.PANEL, centre, radius)
        else:
            radius = max(5, box.w * 2 // 5)
            pygame.draw.circle(surface, ink, centre, box.w * 11 // 20, max(2, box.w // 10))
            centre = (box.right, box.top)
            pygame.draw.circle(surface, th.PANEL, centre, radius)
        pygame.draw.circle(surface, ink, centre, radius, max(1, radius // 5))
        image = theme.text(str(number), "small", ink, "bold")
        fit = 1.3 * radius / max(image.get_width(), image.get_height())
        if fit < 1:  # a small board at a big scale: the number shrinks into its ring
            size = (max(1, round(image.get_width() * fit)), max(1, round(image.get_height() * fit)))
            image = pygame.transform.smoothscale(image, size)
        surface.blit(image, image.get_rect(center=centre))


def draw_edge_names(surface: pygame.Surface, grid: pygame.Rect, theme: Theme, game: Grid) -> None:
    """The columns' names above the cells ('a'..'o', Connect Four's 1..7) and the rows' at their left."""
    rows, cols = game.rows, game.cols
    for col in range(cols):
        image = theme.text(game.column_name(col), "tiny", th.MUTED)
        box = cell_rect(grid, rows, cols, 0, col)
        surface.blit(image, image.get_rect(midbottom=(box.centerx, grid.y - theme.px(1))))
    if game.gravity:
        return
    for row in range(rows):
        image = theme.text(game.row_name(row), "tiny", th.MUTED)
        box = cell_rect(grid, rows, cols, row, 0)
        surface.blit(image, image.get_rect(midright=(grid.x - theme.px(3), box.centery)))


def draw_words(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, title: str, lines: list[str]
) -> None:
    """A card of wrapped lines, cut at the card's bottom (no room for a line: no card)."""
    if rect.h < 2 * theme.line_height("small") + theme.px(16):
        return
    inner = card(surface, rect, theme, title)
    y, step = inner.y, theme.line_height("small")
    for text in lines:
        for part in wrap(theme, text, inner.w, "small"):
            if y + step > inner.bottom:
                return
            surface.blit(theme.text(part, "small", th.INK), (inner.x, y))
            y += step


def game_label(game: Grid) -> str:
    """The game's name on the board's card: 'gomoku 15×15', 'Connect Four', 'gomoku 15×15, 3-3 ban'."""
    rule = getattr(game, "rule", "freestyle")
    if rule != "freestyle":
        return _("{game}, {rule}").format(game=_(GAMES["gomoku"][0]), rule=_(RULE_LABELS[rule]))
    if isinstance(game, ConnectFour) and (game.cols, game.rows) != (7, 6):
        words = _("{game} {width}×{height}")
        return words.format(game=_(GAMES["connect4"][0]), width=game.cols, height=game.rows)
    return next((_(label) for label, rules in GAMES.values() if rules is game), game.name)


def move_label(game: Grid, move: int) -> str:
    """A move under its node: 'h8', or a column's number in Connect Four."""
    return str(move + 1) if game.gravity else game.move_name(move)


def terms_lines(terms: tuple[tuple[str, int, int, int], ...]) -> list[str]:
    """The heuristic's terms as lines: 'open three: x 1, o 0, 50 each'."""
    return [
        _("{term}: x {x}, o {o} (±{points} each)").format(
            term=_(name), x=x, o=o, points=format_number(points)
        )
        for name, x, o, points in terms
    ]


# --- the tree -------------------------------------------------------------------------------


def shown_nodes(tree: EngineTree) -> set[int]:
    """The nodes drawn: the loop, the iterations, the newest one's moves, the path searched now
    (or the chosen line at the end) and the moves of the node expanding now."""
    if not tree.count:
        return set()
    shown = {0, *tree.children(0)}
    newest = max(tree.children(0), default=None)
    if newest is not None:
        shown.update(tree.children(newest))
    path = list(tree.stack)
    if not path and newest is not None:  # finished: the chosen line
        node: int | None = newest
        while node is not None:
            path.append(node)
            node = tree.chosen(node)
    shown.update(path)
    if tree.stack and tree.stack[-1] != 0:
        shown.update(tree.children(tree.stack[-1]))
    return shown


def tree_places(area: pygame.Rect, theme: Theme, tree: EngineTree) -> tuple[dict[int, Place], float]:
    """Where each shown node goes (world units) and the column width: for drawing and for clicks alike."""
    shown = shown_nodes(tree)
    if not shown:
        return {}, 0.0
    placed = tidy_layout([0], lambda node: [c for c in tree.children(node) if c in shown])
    node_h = theme.line_height("tiny") + theme.px(6)
    row = min(theme.px(70), max(node_h * 2 + theme.px(4), (area.h - node_h * 3) // max(placed.depth, 1)))
    column = area.w / max(placed.slots, 1)
    top_room = theme.line_height("tiny") * 2  # the root's and iterations' notes above them
    width = max(4.0, min(column - theme.px(4), theme.px(56)))
    return tidy_places(placed, column, row, (width, node_h), top=top_room), column


def draw_tree(
    surface: pygame.Surface,
    area: pygame.Rect,
    theme: Theme,
    tree: EngineTree,
    game: Grid,
    root_mover: int,
    cam: Camera,
    marks: TreeMarks = NO_MARKS,
) -> None:
    """The search tree, folded to what matters now, through the shared painter."""
    places, column = tree_places(area, theme, tree)
    if not places:
        return
    shown = set(places)
    top = tree.stack[-1] if tree.stack else -1
    depth_of = {0: 0}

    def depth(node: int) -> int:
        """Plies below node 0 (cached)."""
        if node not in depth_of:
            depth_of[node] = depth(tree.parent[node]) + 1
        return depth_of[node]

    def look(node: int) -> Look:
        """How one node looks."""
        seen = node_look(tree, game, node, top, root_mover if depth(node) % 2 else -root_mover, shown, column)
        if node == marks.asked:
            return replace(seen, ring=th.VERMILLION)
        return replace(seen, halo=th.blend(th.PANEL, th.SKY, 0.6)) if node == marks.lit else seen

    def parent(node: int) -> int | None:
        """The node above (None for node 0)."""
        return tree.parent[node] if tree.parent[node] >= 0 else None

    clip = surface.get_clip()
    surface.set_clip(area.clip(clip))
    paint_tree(surface, theme, area, places, parent, look, camera=cam)
    surface.set_clip(clip)


def node_look(
    tree: EngineTree, game: Grid, node: int, top: int, mover: int, shown: set[int], column: float
) -> Look:
    """A node's shape (MAX up, MIN down, leaves boxes), colour by state, value tag, fold badge."""
    value = tree.value[node]
    heuristic, hit = node in tree.terms, node in tree.hits
    colour = (
        th.ACTIVE
        if node == top
        else th.WAITING
        if node in tree.stack
        else th.VISITED
        if hit
        else th.DONE
        if value is not None
        else th.MUTED
    )
    shape = (
        PILL
        if node == 0
        else BOX
        if (heuristic or hit or tree.leaf[node] is not None)
        else UP
        if mover == MAX
        else DOWN
    )
    label, note = "", None
    if node == 0:
        note = Tag(_("iterative deepening"), th.PANEL)
    elif node in tree.iteration:
        depth = tree.iteration[node]
        note = Tag(_("depth {depth}").format(depth=depth) if column >= 70 else f"d{depth}", th.PANEL)
    elif tree.move[node] is not None:
        label = move_label(game, tree.move[node])
    tags = (Tag(value_words(value)),) if value is not None and column >= 36 else ()
    hidden = sum(1 for c in tree.children(node) if c not in shown) if node in shown else 0
    chosen = value is not None and tree.parent[node] >= 0 and tree.chosen(tree.parent[node]) == node
    return Look(
        colour=colour,
        shape=shape,
        border=Stroke(colour, 2, DOTTED) if hit else None,
        label=label if column >= 24 else "",
        label_size="tiny",
        tags=tags,
        folded=(hidden and tree.size(node) - 1) if column >= 70 else 0,
        note=note,
        ring=th.YELLOW if chosen else None,
        cut=node in tree.cuts,
        ident=str(node) if column >= 70 else "",
    )


def draw_tree_card(
    surface: pygame.Surface,
    lay: GamesLayout,
    theme: Theme,
    tree: EngineTree | None,
    game: Grid,
    root_mover: int,
    cam: Camera,
    empty_words: str,
    marks: TreeMarks = NO_MARKS,
) -> None:
    """The tree card: the tree, or words saying why there is none yet."""
    card(surface, lay.tree, theme, _(TREE_TITLE))
    if tree is None or not tree.count:
        card_words(surface, theme, lay.tree_area, empty_words)
        return
    draw_tree(surface, lay.tree_area, theme, tree, game, root_mover, cam, marks)
    depth = tree.current_iteration()
    hint = _(
        "iteration {depth} · {nodes} nodes · {hits} table hits · click: go there · wheel: zoom · drag: pan"
    ).format(depth=depth, nodes=format_number(tree.count), hits=format_number(len(tree.hits)))
    card_hint(surface, theme, lay.tree_area, hint)
