"""The one tree painter: a laid-out tree drawn as edges, node shapes, tags and badges.

A scene hands the painter

- where each node goes: a `Place` (centre and size in world units) per node,
  usually from `tidy_places` over `visualizer.tree.tidy_layout`;
- each node's parent, for the edges;
- a look function, node -> `Look`: the node's shape and colours, its border
  and edge strokes (solid, dashed, dotted: a second cue beside colour), a
  label inside, its id, tags (value, best so far, cut), a "+1,204" badge
  when its subtree is folded, a cut mark on its edge, and optionally a
  `content` function that draws inside its box (a tic-tac-toe board).

The call tree in recursion, the search trees of tic-tac-toe and the game
tree all paint through `paint_tree`; a frogs' look (edges and boxes solid,
dashed or dotted by status, a text label) is a `Look` too.

`Camera` (zoom and pan, `visualizer.camera`) maps world to screen; `screen_box` is the pure map
from a place to its rectangle, so input hit-tests the same boxes the painter
draws without reading anything drawing wrote: `call_tree_places` is the
call tree's pure fit, `node_at` finds the call under the mouse.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TypeVar

import pygame

from solvers.i18n import _
from visualizer import theme as th
from visualizer.calltree import ELIDED, NO_FOLDING, Folding, fold_to_fit
from visualizer.camera import IDENTITY, Camera
from visualizer.draw import cut_mark, dashed_line, tag
from visualizer.panels import fit_text
from visualizer.theme import Theme
from visualizer.tree import LifoTree, TreeLayout, tidy_layout
from visualizer.treecard import card_words

N = TypeVar("N", bound=Hashable)

PILL, BOX, UP, DOWN = "pill", "box", "up", "down"
"""Node shapes: a rounded pill (calls), a box (boards, tries), triangles (MAX up, MIN down)."""
SOLID, DASHED, DOTTED, NONE = "solid", "dashed", "dotted", "none"
"""Stroke styles for borders and edges."""
CENTRES, BOTTOM_TO_TOP, ELBOW = "centres", "bottom to top", "elbow"
"""Where edges join nodes: centre to centre, the parent's bottom to the child's top, or (a tree
grown to the right, as the frogs' outline) across from the parent, down in the gap, into the child."""
FOLDED_FILL, FOLDED_INK = th.TITLE_BAR, th.PANEL
"""The '+1,204' badge of a folded subtree."""


# --- what a node looks like ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stroke:
    """A line's colour, width (theme pixels at scale 1), style and dash length."""

    colour: th.Color = th.MUTED
    width: int = 2
    style: str = SOLID
    dash: int = 4


@dataclass(frozen=True, slots=True)
class Tag:
    """A small text tag: a value, a best-so-far, a cut.  No fill: text on a panel-coloured backing."""

    text: str
    fill: th.Color | None = None
    ink: th.Color = th.INK
    size: str = "tiny"


@dataclass(frozen=True, slots=True)
class Look:
    """How one node is painted; every field has a plain default."""

    colour: th.Color = th.MUTED
    fill: th.Color | None = None  # None: the outline colour blended into the panel
    shape: str = PILL
    border: Stroke | None = None  # None: a solid outline of `colour`, 2 px
    label: str = ""  # drawn inside when it fits
    label_ink: th.Color = th.INK
    label_face: str = "mono"
    label_size: str = "small"
    ident: str = ""  # the node's id, small beside it: the log's "node 14" is found on the picture
    tags: tuple[Tag, ...] = ()
    tags_beside: bool = False  # False: a row under the node; True: stacked at its right
    note: Tag | None = None  # a tag above the node (what cut its siblings)
    folded: int = 0  # nodes hidden below it: a '+1,204' badge after the tags
    folded_word: str = ""  # the badge's noun: '+37 calls'
    ring: th.Color | None = None  # an outline around the node (the chosen line)
    halo: th.Color | None = None  # a filled glow behind it (the chosen move)
    edge: Stroke = Stroke()  # the edge up to its parent
    cut: bool = False  # a cut mark across that edge
    content: Callable[[pygame.Surface, pygame.Rect], None] | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """A node's box in world units (camera zoom 1): centre and size."""

    x: float
    y: float
    w: float
    h: float


def tidy_places(
    layout: TreeLayout,
    column: float,
    row: float,
    size: tuple[float, float],
    *,
    left: float = 0.0,
    top: float = 0.0,
) -> dict[Any, Place]:
    """A tidy layout in world units: slot s, depth d centred at (left + (s + ½)·column, top + d·row + h/2)."""
    w, h = size
    return {
        node: Place(left + (slot + 0.5) * column, top + depth * row + h / 2, w, h)
        for node, (slot, depth) in layout.places.items()
    }


def screen_box(camera: Camera, area: pygame.Rect, place: Place, least: int = 1) -> pygame.Rect:
    """A place's rectangle on screen (at least `least` pixels a side): what is drawn and clicked."""
    w = max(least, round(place.w * camera.zoom))
    h = max(least, round(place.h * camera.zoom))
    cx, cy = camera.to_screen(area, place.x, place.y)
    return pygame.Rect(cx - w // 2, cy - h // 2, w, h)


# --- painting -----------------------------------------------------------------------------


@dataclass(slots=True)
class TreePainter:
    """Paints nodes at their places: edges first, then nodes, then every tag on top."""

    surface: pygame.Surface
    theme: Theme
    area: pygame.Rect
    camera: Camera = IDENTITY
    joins: str = CENTRES
    least: int = 1  # the smallest box side on screen, in pixels
    fit_tags: bool = False  # shorten each tag to the room its row leaves it (a call tree's values)

    def paint(
        self,
        places: Mapping[N, Place],
        parent: Callable[[N], N | None],
        look: Callable[[N], Look],
        order: Iterable[N] | None = None,
    ) -> None:
        """The tree: `order` (default: the places' order) says which nodes are drawn over which."""
        nodes = list(places if order is None else order)
        looks = {node: look(node) for node in nodes}
        boxes = {node: screen_box(self.camera, self.area, places[node], self.least) for node in nodes}
        for node in nodes:
            up = parent(node)
            if up is not None and up in boxes:
                self.edge(boxes[up], boxes[node], looks[node])
        shapes = {node: self.node(boxes[node], looks[node]) for node in nodes}
        rooms = self.tag_rooms(shapes, looks) if self.fit_tags else {}
        for node in nodes:
            self.tags(shapes[node], looks[node], rooms.get(node))

    def tag_rooms(self, shapes: Mapping[N, pygame.Rect], looks: Mapping[N, Look]) -> dict[N, int]:
        """The pixels a node's tags may take: to what is drawn at its right (beside), or its share (below)."""
        rows: dict[int, list[N]] = {}
        for node, shape in shapes.items():
            rows.setdefault(shape.centery, []).append(node)
        keys = sorted(rows)
        drawn = {y: [self.drawn_box(shapes[node], looks[node]) for node in rows[y]] for y in keys}
        rooms = {}
        for at, y in enumerate(keys):
            row = sorted(rows[y], key=lambda node: shapes[node].centerx)
            near = [box for key in keys[max(0, at - 1) : at + 2] for box in drawn[key]]
            for index, node in enumerate(row):
                shape = shapes[node]
                if looks[node].tags_beside:
                    rooms[node] = self.room_beside(shape, near)
                else:
                    before = shapes[row[index - 1]] if index else None
                    after = shapes[row[index + 1]] if index + 1 < len(row) else None
                    rooms[node] = self.share_below(shape, before, after)
        return rooms

    def room_beside(self, shape: pygame.Rect, near: list[pygame.Rect]) -> int:
        """The width free at the right of `shape` at its middle's height, up to `near` boxes or the edge."""
        half = self.theme.line_height("tiny") // 2 - self.theme.px(2)  # the letters, not the line's leading
        band = pygame.Rect(shape.right + 1, shape.centery - half, self.area.right - shape.right, 2 * half)
        end = min((box.x for box in near if box.colliderect(band)), default=self.area.right)
        return end - shape.right - self.theme.px(6)

    def share_below(self, shape: pygame.Rect, before: pygame.Rect | None, after: pygame.Rect | None) -> int:
        """The width of a row of tags centred under `shape`: at most the way to the nearer neighbour."""
        left = shape.centerx - (before.centerx if before is not None else 2 * self.area.x - shape.centerx)
        right = (after.centerx if after is not None else 2 * self.area.right - shape.centerx) - shape.centerx
        return min(left, right) - self.theme.px(6)

    def drawn_box(self, shape: pygame.Rect, look: Look) -> pygame.Rect:
        """What a node draws before its tags: its shape, and its id astride the top left corner."""
        if not look.ident:
            return shape
        return shape.union(self.ident_box(shape, look.ident).inflate(0, -self.theme.px(4)))  # its letters

    def edge(self, parent: pygame.Rect, child: pygame.Rect, look: Look) -> None:
        """The edge from a parent's box to a child's, in the child's edge stroke; its cut mark."""
        if self.joins == ELBOW:
            self.elbow(parent, child, look.edge)
            return
        if self.joins == BOTTOM_TO_TOP:
            start, end = parent.midbottom, child.midtop
        else:
            start, end = parent.center, child.center
        self.line(look.edge, start, end)
        if look.cut:
            cut_mark(self.surface, self.theme, start, end, self.theme.px(6))

    def elbow(self, parent: pygame.Rect, child: pygame.Rect, stroke: Stroke) -> None:
        """Straight along a row; else down (or up) midway between the boxes, then into the child."""
        if parent.centery == child.centery:
            self.line(stroke, parent.midright, child.midleft)
            return
        x = (parent.right + child.x) // 2
        self.line(stroke, (x, parent.centery), (x, child.centery))
        self.line(stroke, (x, child.centery), child.midleft)

    def line(self, stroke: Stroke, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A straight line in a stroke's style."""
        width = self.theme.px(stroke.width)
        if stroke.style == SOLID:
            pygame.draw.line(self.surface, stroke.colour, start, end, width)
        elif stroke.style == DASHED:
            dashed_line(self.surface, stroke.colour, start, end, width, self.theme.px(stroke.dash))
        elif stroke.style == DOTTED:
            dashed_line(self.surface, stroke.colour, start, end, width, 1, self.theme.px(stroke.dash))

    def node(self, box: pygame.Rect, look: Look) -> pygame.Rect:
        """One node: halo, shape filled, content, outline, label, ring; returns the shape's box."""
        theme, surface = self.theme, self.surface
        shape = self.shape_box(box, look)
        if look.halo is not None:
            glow = shape.inflate(theme.px(10), theme.px(10))
            pygame.draw.rect(surface, look.halo, glow, border_radius=self.around(glow, look, 6))
        fill = look.fill if look.fill is not None else th.blend(th.PANEL, look.colour, 0.22)
        border = look.border or Stroke(look.colour)
        if look.shape in (UP, DOWN):
            self.triangle(shape, look.shape == UP, fill, border)
        else:
            radius = shape.h // 2 if look.shape == PILL else 0
            if look.folded and look.shape == PILL:
                self.pile(shape, fill, border, radius)
            pygame.draw.rect(surface, fill, shape, border_radius=radius)
            if look.content is not None:
                look.content(surface, shape)
            self.outline(shape, border, radius)
        if look.label:
            label = theme.text(look.label, look.label_size, look.label_ink, look.label_face)
            if label.get_width() <= shape.w - 4:
                surface.blit(label, label.get_rect(center=shape.center))
        if look.ring is not None:  # around the node drawn, not its whole column
            ring = shape.inflate(theme.px(8), theme.px(8))
            pygame.draw.rect(surface, look.ring, ring, theme.px(3), border_radius=self.around(ring, look, 4))
        return shape

    def around(self, box: pygame.Rect, look: Look, corner: int) -> int:
        """The corner radius of a ring or halo `box` around a node: round around a pill."""
        return box.h // 2 if look.shape == PILL else self.theme.px(corner)

    def pile(self, shape: pygame.Rect, fill: th.Color, border: Stroke, radius: int) -> None:
        """A folded pill's second cue: two copies peeking out behind it, as a pile of calls."""
        for step in (2, 1):
            behind = shape.move(self.theme.px(3) * step, self.theme.px(3) * step)
            pygame.draw.rect(self.surface, fill, behind, border_radius=radius)
            self.outline(behind, border, radius)

    def shape_box(self, box: pygame.Rect, look: Look) -> pygame.Rect:
        """The drawn box: a pill is as wide as its label (padded), never wider than its place."""
        if look.shape != PILL or not look.label:
            return box
        label_w = self.theme.font(look.label_size, look.label_face).size(look.label)[0]
        width = min(max(label_w + self.theme.px(12), box.h), max(box.w, box.h))
        return pygame.Rect(box.centerx - width // 2, box.y, width, box.h)

    def outline(self, box: pygame.Rect, stroke: Stroke, radius: int) -> None:
        """A box's border: solid (rounded as the fill), or dashed / dotted side by side."""
        width = self.theme.px(stroke.width)
        if stroke.style == SOLID:
            pygame.draw.rect(self.surface, stroke.colour, box, width, border_radius=radius)
            return
        right, bottom = box.right - 1, box.bottom - 1
        corners = ((box.x, box.y), (right, box.y), (right, bottom), (box.x, bottom))
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            self.line(stroke, a, b)

    def triangle(self, box: pygame.Rect, up: bool, fill: th.Color, stroke: Stroke) -> None:
        """A triangle pointing up (MAX) or down (MIN) filling the box's width."""
        r = box.w / 2
        x, y = box.center
        points = (
            [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
            if up
            else [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x, y + r)]
        )
        pygame.draw.polygon(self.surface, fill, points)
        pygame.draw.polygon(self.surface, stroke.colour, points, self.theme.px(stroke.width))

    def tags(self, shape: pygame.Rect, look: Look, room: int | None) -> None:
        """The node's id, its tags (under or beside it, fitted to any `room`), the folded badge, the note."""
        theme = self.theme
        if look.ident:
            self.ident(shape, look.ident)
        tags = look.tags
        if room is not None:
            share = room if look.tags_beside else room // max(1, len(tags)) - theme.px(6)  # a backing's pad
            tags = tuple(fitted for one in tags if (fitted := fitted_tag(theme, one, share)) is not None)
        if look.folded:
            word = f" {look.folded_word}" if look.folded_word else ""
            tags = (*tags, Tag(f"+{look.folded:,}{word}", FOLDED_FILL, FOLDED_INK))
        if look.tags_beside:
            self.tags_beside(shape, tags)
        elif tags:
            self.tags_below(shape, tags)
        if look.note is not None:
            at = (shape.centerx, shape.y - theme.px(10))
            tag(self.surface, theme, look.note.text, at, look.note.fill or th.PANEL, ink=look.note.ink)

    def ident_box(self, shape: pygame.Rect, text: str) -> pygame.Rect:
        """Where the node's id goes: astride the shape's top left corner, never past the area's left edge."""
        width, height = self.theme.font("tiny").size(text)
        box = pygame.Rect(0, 0, width, height).move_to(center=(shape.x - self.theme.px(2), shape.y))
        if box.x < self.area.x <= shape.x:  # the leftmost call's '#2' was cut to '2', read as its label's
            box.x = self.area.x
        return box

    def ident(self, shape: pygame.Rect, text: str) -> None:
        """The node's id, small, on a backing astride the shape's top left corner."""
        image = self.theme.text(text, "tiny", th.MUTED)
        where = self.ident_box(shape, text)
        pygame.draw.rect(self.surface, th.PANEL, where.inflate(self.theme.px(2), -self.theme.px(2)))
        self.surface.blit(image, where)

    def tags_below(self, shape: pygame.Rect, tags: tuple[Tag, ...]) -> None:
        """Tags side by side in a row centred under the node."""
        theme = self.theme
        images = [theme.text(t.text, t.size, t.ink, "bold") for t in tags]
        pad, gap = theme.px(6), theme.px(3)
        widths = [image.get_width() + pad for image in images]
        x = shape.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        for one, image, w in zip(tags, images, widths, strict=True):
            box = pygame.Rect(x, shape.bottom + theme.px(2), w, image.get_height() + theme.px(2))
            pygame.draw.rect(self.surface, one.fill or th.PANEL, box, border_radius=theme.px(4))
            self.surface.blit(image, image.get_rect(center=box.center))
            x += w + gap

    def tags_beside(self, shape: pygame.Rect, tags: tuple[Tag, ...]) -> None:
        """Tags stacked at the node's right: the first level with its middle, the rest below."""
        theme = self.theme
        below: pygame.Rect | None = None
        for one in tags:
            image = theme.text(one.text, one.size, one.ink, "bold")
            if below is None:
                where = image.get_rect(midleft=(shape.right + theme.px(3), shape.centery))
                backing = where.inflate(theme.px(4), 0)
                pygame.draw.rect(self.surface, one.fill or th.PANEL, backing, border_radius=theme.px(3))
            else:
                where = image.get_rect(topleft=(below.x, below.bottom))
                if one.fill is not None:
                    pygame.draw.rect(self.surface, one.fill, where, border_radius=theme.px(3))
            self.surface.blit(image, where)
            below = where


def fitted_tag(theme: Theme, one: Tag, room: int) -> Tag | None:
    """The tag shortened to `room` pixels; None when fewer than three of its letters would show."""
    text = fit_text(theme, one.text, room, one.size, "bold")
    if text == one.text:
        return one
    return replace(one, text=text) if len(text) > 3 else None  # hovering the node tells it whole


def paint_tree(
    surface: pygame.Surface,
    theme: Theme,
    area: pygame.Rect,
    places: Mapping[N, Place],
    parent: Callable[[N], N | None],
    look: Callable[[N], Look],
    *,
    camera: Camera = IDENTITY,
    joins: str = CENTRES,
    least: int = 1,
    fit_tags: bool = False,
) -> None:
    """Paint a laid-out tree in `area` (world origin at its top left): see `TreePainter`."""
    TreePainter(surface, theme, area, camera, joins, least, fit_tags).paint(places, parent, look)


@dataclass(frozen=True, slots=True)
class CallTreePlaces:
    """Where a call tree goes in its area: each shown call's place, the text size, the column width.

    `folding` says which calls stand for their folded subtrees and which run
    of the path is elided when the whole tree would not fit (`fold_to_fit`).
    """

    places: dict[int, Place]
    size: str
    column: float
    crowded: bool  # rows too close for a row of tags under each call: tags go beside it
    folding: Folding = NO_FOLDING
    elided: Place | None = None  # the stand-in for the calls elided from a deep path: not a call


def least_column(theme: Theme) -> int:
    """The narrowest column a call keeps a readable label in ('0, 0' in tiny type)."""
    return theme.font("tiny", "mono").size("0, 0")[0] + theme.px(10)


def call_tree_places(theme: Theme, area: pygame.Rect, tree: LifoTree) -> CallTreePlaces:
    """The call tree fitted to `area` (a pure function: the painter and hit-testing both use it).

    Rows and columns share the area (text 'small' up to 12 leaves while the
    rows have room, else 'tiny').  A tree that would need columns narrower
    than `least_column` or rows closer than a call's height is folded to fit
    (`fold_to_fit`): the running path and its children stay, finished
    subtrees fold into one pill with a '+37 calls' badge.
    """
    top = theme.line_height("tiny")  # room above the root for its id
    placed = tidy_layout(tree.roots(), tree.children)
    small_row = theme.line_height("small") + theme.px(6) + 2
    roomy = (area.h - top) // max(placed.depth, 1) >= small_row
    size = "small" if placed.slots <= 12 and roomy else "tiny"
    node_h = theme.line_height(size) + theme.px(6)
    rows = max(1, (area.h - top) // (node_h + theme.px(3)))
    slots = max(1, area.w // least_column(theme))
    folding = NO_FOLDING
    if placed.slots > slots or placed.depth > rows:
        folding = fold_to_fit(tree, slots, rows)
        placed = tidy_layout(tree.roots(), partial(folding.children, tree), folding.folded.__contains__)
    row = min(theme.px(64), max(node_h + 2, (area.h - top) // max(placed.depth, 1)))
    column = area.w / max(placed.slots, 1)
    box = (max(4, int(column) - 4), max(4, min(node_h, int(column) - 2)))
    places = tidy_places(placed, column, row, box, top=top)
    crowded = row < node_h + theme.line_height("tiny")
    return CallTreePlaces(places, size, column, crowded, folding, places.pop(ELIDED, None))


def node_at(
    places: Mapping[N, Place],
    area: pygame.Rect,
    pos: tuple[int, int],
    camera: Camera = IDENTITY,
    least: int = 1,
) -> N | None:
    """The node whose box (as `screen_box` draws it) holds `pos`, the nearest centre if boxes overlap."""
    if not area.collidepoint(pos):
        return None
    best: N | None = None
    best_distance = 0
    for node, place in places.items():
        box = screen_box(camera, area, place, least)
        if box.collidepoint(pos):
            distance = (box.centerx - pos[0]) ** 2 + (box.centery - pos[1]) ** 2
            if best is None or distance < best_distance:
                best, best_distance = node, distance
    return best


def call_ident(theme: Theme, tree: LifoTree, node: int, column: float) -> str:
    """'#2', the call's id as the log names it ('call #2 ...'), when the widest id of the tree fits a column.

    Else '' (every id or none, so a row never shows some and hides others):
    hovering a call still names it.
    """
    widest = theme.font("tiny").size(f"#{max(len(tree.parent) - 1, 0)}")[0]
    return f"#{node}" if widest + theme.px(12) <= column else ""


def paint_call_tree(
    surface: pygame.Surface,
    theme: Theme,
    area: pygame.Rect,
    tree: LifoTree,
    look: Callable[[int, str, float], Look],
    camera: Camera = IDENTITY,
) -> None:
    """A call tree fitted to `area` and painted there, clipped; 'no calls yet' while it is empty.

    `look(node, text_size, column_width)` says how each call looks; the
    places are `call_tree_places`, which input uses to find the call clicked.
    """
    fitted = call_tree_places(theme, area, tree)
    if not fitted.places:
        card_words(surface, theme, area, _("no calls yet"), "small")  # wrapped: a narrow card in Korean
        return
    folding = fitted.folding

    def looks(node: int) -> Look:
        """The call's look; tags beside it when crowded; a fold's badge; a dotted edge under elided calls."""
        if node == ELIDED:
            return elided_look(theme, fitted, folding)
        seen = look(node, fitted.size, fitted.column)
        if fitted.crowded and (seen.tags or node in folding.folded):
            seen = replace(seen, tags_beside=True)
        if node in folding.folded:  # the badge in place of the tags: hover tells the rest
            word = fold_word(theme, fitted, f"+{folding.folded[node]:,} calls")
            seen = replace(seen, tags=(), folded=folding.folded[node], folded_word=word)
        if folding.lifted is not None and folding.lifted[0] == node:
            seen = replace(seen, edge=replace(seen.edge, style=DOTTED))
        return seen

    places = dict(fitted.places)
    if fitted.elided is not None:  # as wide as its words
        label = elided_look(theme, fitted, folding).label
        wide = theme.font("tiny", "mono").size(label)[0] + theme.px(12)
        places[ELIDED] = replace(fitted.elided, w=max(fitted.elided.w, wide))
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip))
    paint_tree(
        surface, theme, area, places, partial(folding.parent, tree), looks, camera=camera, fit_tags=True
    )
    surface.set_clip(clip)


def fold_word(theme: Theme, fitted: CallTreePlaces, text: str) -> str:
    """'calls' after a count when `text` ('+37 calls') fits under a call, else nothing ('+37')."""
    fits = theme.font("tiny", "bold").size(text)[0] <= fitted.column - theme.px(6)
    return "calls" if fits and not fitted.crowded else ""


def elided_look(theme: Theme, fitted: CallTreePlaces, folding: Folding) -> Look:
    """The stand-in for calls elided from a deep path: one dark pill, '+8 calls', on dotted edges."""
    hidden = folding.lifted[1] if folding.lifted is not None else 0
    word = fold_word(theme, fitted, f"+{hidden:,} calls")
    label = f"+{hidden:,}{' ' + word if word else ''}"
    edge = Stroke(th.MUTED, 2, DOTTED)
    return Look(FOLDED_FILL, FOLDED_FILL, label=label, label_ink=FOLDED_INK, label_size="tiny", edge=edge)
