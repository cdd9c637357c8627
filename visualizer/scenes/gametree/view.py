"""The game-tree demo's drawing: one panel per search over the same full-tree layout.

Both panels place every state of the random tree with one `tidy_layout`
(leaves in generated order, each parent above the middle of its children),
so a subtree alpha-beta skipped below sits exactly under minimax's work
above.  Levels whose nodes are far enough apart are painted node by node
through `visualizer.treepaint`; denser levels as one strip of colours (a
level of detail: at depth 6, branching 4 a level has 4,096 states).

Shapes carry the meaning as well as colours: MAX nodes are triangles pointing
up, MIN nodes triangles pointing down, leaves squares; skipped branches are
purple, dashed and crossed by a cut mark labelled with the bound.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import pygame

from solvers import minimax as mm
from solvers.i18n import N_, _, format_number, ngettext
from visualizer import theme as th
from visualizer.panels import card, card_content, fit_text
from visualizer.scenes.gametree.model import SIDE_NAMES, SIDES, LockstepModel, State, veiled
from visualizer.searchtree import SearchTree, best_so_far_text, cut_text, value_text
from visualizer.theme import Theme
from visualizer.tree import TreeLayout, tidy_layout
from visualizer.treepaint import (
    BOX,
    DASHED,
    DOWN,
    UP,
    Camera,
    Look,
    Place,
    Stroke,
    Tag,
    node_at,
    paint_tree,
    screen_box,
)

MIN_NODE_SPACING = 9
"""Screen pixels between neighbours below which a level is drawn as one strip."""
STATUS_COLOURS = {
    "active": th.ACTIVE,
    "waiting": th.WAITING,
    "done": th.DONE,
    "skipped": th.PRUNED,
    "unseen": th.FAINT,
}
"""A state's colour by what its side's search has done with it."""
SAVED = th.blend(th.PRUNED, th.PANEL, 0.4)
"""A strip cell of minimax's work that alpha-beta does without."""
LEGEND = (
    N_("▲ MAX takes the largest"),
    N_("▼ MIN the smallest"),
    N_("■ leaf"),
    N_("purple: what alpha-beta skips (✂ cut)"),
    N_("wheel: zoom, drag: pan"),
)
"""The legend's items, packed onto as few lines as the stage's width allows."""
LEGEND_GAP = "   "


MIN_CARD = 200
"""A tree's card is never shorter than this (theme pixels): below it, one tree at a time is shown."""


@dataclass(frozen=True, slots=True)
class GameTreeLayout:
    """Minimax's card above, alpha-beta's below (or one of them alone when the stage is short).

    `sides` says which search each card shows; `panels` are the cards' insides.
    """

    sides: tuple[int, ...]
    cards: tuple[pygame.Rect, ...]
    panels: tuple[pygame.Rect, ...]
    legend: pygame.Rect

    def panel_at(self, pos: tuple[int, int]) -> pygame.Rect:
        """The panel under `pos`, else the first (the camera is shared)."""
        return next((p for p in self.panels if p.collidepoint(pos)), self.panels[0])

    @property
    def one_at_a_time(self) -> bool:
        """Only one tree fits: V shows the other."""
        return len(self.sides) == 1


def layout(rect: pygame.Rect, theme: Theme, alone: int = SIDES[1]) -> GameTreeLayout:
    """The two cards (or the `alone` side's card, when two do not fit) and the legend."""
    gap = theme.px(8)
    legend_h = len(legend_lines(theme, rect.w - theme.px(4))) * theme.line_height("small") + theme.px(4)
    room = rect.h - legend_h - gap
    sides = SIDES if (room - gap) // 2 >= theme.px(MIN_CARD) else (alone,)
    card_h = (room - gap * (len(sides) - 1)) // len(sides)
    cards = tuple(pygame.Rect(rect.x, rect.y + i * (card_h + gap), rect.w, card_h) for i in range(len(sides)))
    legend = pygame.Rect(rect.x, rect.bottom - legend_h, rect.w, legend_h)
    # A heading's height depends on its glyphs: the side's name stands for the title.
    panels = tuple(
        card_content(box, theme, _(SIDE_NAMES[side])) for box, side in zip(cards, sides, strict=True)
    )
    return GameTreeLayout(sides, cards, panels, legend)


def legend_lines(theme: Theme, width: int) -> list[str]:
    """The legend's items packed into lines that fit `width` (an item too wide alone is cut)."""
    lines: list[str] = []
    for item in map(_, LEGEND):
        joined = f"{lines[-1]}{LEGEND_GAP}{item}" if lines else item
        if lines and theme.font("small").size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(fit_text(theme, item, width, "small"))
    return lines


@functools.lru_cache(maxsize=4)
def full_layout(tree: mm.RandomTree) -> TreeLayout:
    """Every state of the tree laid out tidily (a pure function of the tree, so kept)."""

    def children(state: State) -> list[State]:
        """The states one move below."""
        return [tree.result(state, move) for move in tree.moves(state)]

    return tidy_layout([tree.ROOT], children)


@dataclass(frozen=True, slots=True)
class Marks:
    """An open exercise step's node: its state and the side whose step it is (None: no step open).

    Its side rings it and keeps its best so far to itself; on the other side, which runs ahead or behind,
    every value at it, above it or below it stays '?' (minimax's values there would answer alpha-beta's
    prunes and windows, alpha-beta's its values)."""

    asked: State | None = None
    side: int | None = None

    def hides(self, side: int, state: State, branching: int) -> bool:
        """Whether `side` keeps `state`'s value or best so far to itself while the step is open."""
        if self.asked is None or veiled(self.asked, state, branching):
            return self.asked is not None
        return side != self.side and veiled(state, self.asked, branching)  # below the asked node


NO_MARKS = Marks()


@dataclass(frozen=True, slots=True)
class Geometry:
    """Where the states of a full tree sit in a panel at zoom 1 (world units)."""

    tree: mm.RandomTree
    slot: float
    top: float
    row: float

    @classmethod
    def fit(cls, tree: mm.RandomTree, width: int, height: int, top: int, bottom: int) -> Geometry:
        """Leaves across the width, levels down the height between the margins."""
        return cls(tree, width / tree.branching**tree.depth, top, (height - top - bottom) / tree.depth)

    def x(self, state: State) -> float:
        """The middle of the leaves below `state` (its tidy slot)."""
        return (full_layout(self.tree).places[state][0] + 0.5) * self.slot

    def y(self, level: int) -> float:
        """The row of a level."""
        return self.top + level * self.row

    def spacing(self, level: int) -> float:
        """World distance between neighbours on a level."""
        return self.slot * self.tree.branching ** (self.tree.depth - level)


def draw(
    surface: pygame.Surface,
    lay: GameTreeLayout,
    theme: Theme,
    model: LockstepModel,
    camera: Camera,
    skipped: set[State],
    marks: Marks = NO_MARKS,
) -> None:
    """Both panels and the legend (an exercise step's node ringed, the values that would tell it veiled)."""
    for side, box, inner in zip(lay.sides, lay.cards, lay.panels, strict=True):
        root_veiled = veiled(marks.asked, model.tree.ROOT, model.tree.branching)
        title = panel_title(model, side, veil=root_veiled)
        if lay.one_at_a_time:  # say how to see the other: "alpha-beta (V: minimax): value 5, ..."
            other = _(SIDE_NAMES[next(s for s in SIDES if s != side)])
            name = _("{side} (V: {other})").format(side=_(SIDE_NAMES[side]), other=other)
            title = panel_title(model, side, name, veil=root_veiled)
        card(surface, box, theme, title)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        geometry = panel_places(theme, inner, camera, model.tree).geometry
        PanelView(theme, inner, camera, geometry, surface, model.sides[side], side, skipped, marks).paint()
        surface.set_clip(clip)
    y = lay.legend.y
    for line in legend_lines(theme, lay.legend.w - theme.px(4)):
        surface.blit(theme.text(line, "small", th.MUTED), (lay.legend.x + theme.px(4), y))
        y += theme.line_height("small")


def panel_title(model: LockstepModel, side: int, name: str = "", *, veil: bool = False) -> str:
    """'alpha-beta: value 5, 19 of 27 leaves, 12 nodes, 3 cuts' (`name` in place of the side's name).

    With `veil` (a question asks the root's value) the value reads '?'.
    """
    search = model.sides[side]
    root = search.value[0] if search.count and not veil else None
    text = _("{side}: value {value}, {leaves} of {total} leaves, {nodes} nodes").format(
        side=name or _(SIDE_NAMES[side]),
        value=value_text(root),
        leaves=format_number(search.leaves),
        total=format_number(len(model.tree.leaves)),
        nodes=format_number(search.count),
    )
    if side == mm.ALPHABETA_SIDE:
        cuts = len(search.cuts)
        text = ngettext("{text}, {count} cut", "{text}, {count} cuts", cuts).format(
            text=text, count=format_number(cuts)
        )
    return text


@dataclass(slots=True)
class PanelPlaces:
    """Where one panel puts the states it shows: the same for painting and for clicks."""

    theme: Theme
    area: pygame.Rect
    camera: Camera
    geometry: Geometry

    @property
    def tree(self) -> mm.RandomTree:
        """The random tree both searches run on."""
        return self.geometry.tree

    def shown(self) -> dict[State, Place]:
        """Every state drawn node by node (dense levels are strips), with its place."""
        shown: dict[State, None] = {}
        for level in range(self.tree.depth + 1):
            if not self.detailed(level):
                continue
            if level > 0 and self.detailed(level - 1):  # parents off screen still draw the edges in
                shown.update(
                    ((level - 1, i // self.tree.branching), None) for _, i in self.visible_states(level)
                )
            shown.update((s, None) for s in self.visible_states(level))
        return {state: self.place(state) for state in sorted(shown)}  # level by level, left to right

    def parent_of(self, state: State) -> State | None:
        """The state one move up (None for the root)."""
        level, index = state
        return (level - 1, index // self.tree.branching) if level else None

    def detailed(self, level: int) -> bool:
        """Whether a level's nodes are far enough apart to draw one by one."""
        return self.geometry.spacing(level) * self.camera.zoom >= self.theme.px(MIN_NODE_SPACING)

    def radius(self, level: int) -> int:
        """Node size on a level on screen: room between neighbours and rows, capped."""
        room = min(self.geometry.spacing(level) * 0.42, self.geometry.row * 0.34) * self.camera.zoom
        return max(self.theme.px(4), min(round(room), self.theme.px(22)))

    def place(self, state: State) -> Place:
        """A state's box in world units (its screen size is `radius`, whatever the zoom)."""
        size = 2 * self.radius(state[0]) / self.camera.zoom
        return Place(self.geometry.x(state), self.geometry.y(state[0]), size, size)

    def visible_states(self, level: int) -> list[State]:
        """The states of a level whose position is on screen (with a margin)."""
        count = self.tree.branching**level
        spacing = self.geometry.spacing(level)
        zoom = self.camera.zoom
        left = -self.camera.pan_x / zoom - spacing
        right = left + self.area.w / zoom + 2 * spacing
        first = max(0, int(left / spacing))
        last = min(count, int(right / spacing) + 1)
        return [(level, i) for i in range(first, last)]


def panel_places(theme: Theme, inner: pygame.Rect, camera: Camera, tree: mm.RandomTree) -> PanelPlaces:
    """A panel's places: leaves across its width, levels down its height."""
    return PanelPlaces(theme, inner, camera, Geometry.fit(tree, inner.w, inner.h, theme.px(26), theme.px(22)))


def state_at(
    lay: GameTreeLayout, theme: Theme, tree: mm.RandomTree, camera: Camera, pos: tuple[int, int]
) -> tuple[int, State] | None:
    """The side and the state of the node drawn under `pos`, if any."""
    for side, inner in zip(lay.sides, lay.panels, strict=True):
        if inner.collidepoint(pos):
            found = node_at(panel_places(theme, inner, camera, tree).shown(), inner, pos, camera)
            return None if found is None else (side, found)
    return None


def state_box(
    lay: GameTreeLayout, theme: Theme, tree: mm.RandomTree, camera: Camera, side: int, state: State
) -> pygame.Rect | None:
    """Where `side`'s panel draws `state` on the screen (None: that side is not shown, or the state is in a
    level drawn as a strip, or off the panel)."""
    if side not in lay.sides:
        return None
    inner = lay.panels[lay.sides.index(side)]
    places = panel_places(theme, inner, camera, tree)
    if not places.detailed(state[0]):
        return None
    box = screen_box(camera, inner, places.place(state), 1)
    return box if inner.contains(box) else None


@dataclass(slots=True)
class PanelView(PanelPlaces):
    """One side's search over the shared layout: looks for the painter, strips for dense levels."""

    surface: pygame.Surface
    search: SearchTree
    side: int
    skipped: set[State]
    marks: Marks

    def paint(self) -> None:
        """Dense levels as strips, then the detailed ones through the tree painter."""
        for level in range(self.tree.depth + 1):
            if not self.detailed(level):
                self.strip(level)
        places = self.shown()
        paint_tree(self.surface, self.theme, self.area, places, self.parent_of, self.look, camera=self.camera)

    def status(self, state: State) -> str:
        """'active', 'waiting', 'done', 'skipped' or 'unseen'."""
        node = self.search.where.get(state)
        if node is None:
            return "skipped" if state in self.skipped else "unseen"
        if self.search.stack and node == self.search.stack[-1]:
            return "active"
        return "waiting" if not self.search.closed(node) else "done"

    def on_choice(self, state: State) -> bool:
        """The node is the chosen child of its finished parent, on the root's chosen line."""
        node = self.search.where.get(state)
        return node is not None and node != 0 and self.search.on_chosen_line(node)

    def look(self, state: State) -> Look:
        """A state's shape by role, colour by status, edge by what happened to it, and its labels."""
        status = self.status(state)
        colour = STATUS_COLOURS[status]
        fill = th.PANEL if status in ("unseen", "skipped") else th.blend(th.PANEL, colour, 0.25)
        if self.side == mm.MINIMAX_SIDE and status == "done" and state in self.skipped:
            colour = th.PRUNED  # minimax's work that alpha-beta does without
        leaf = state[0] == self.tree.depth
        shape = BOX if leaf else (UP if self.tree.to_move(state) == mm.MAX else DOWN)
        root_done = state == self.tree.ROOT and self.search.count > 0 and self.search.done(0)
        ring = th.YELLOW if self.on_choice(state) or root_done else None
        size = "small" if self.radius(state[0]) >= self.theme.px(9) else "tiny"
        label, ink = "", th.INK
        if leaf:
            label = value_text(self.tree.utility(state))
            ink = th.INK if status in ("done", "active", "waiting") else th.MUTED
        edge, cut = self.edge(state, status)
        tags = self.tags(state, size)
        if state == self.marks.asked and self.side == self.marks.side:
            ring, tags = th.ACTIVE, (Tag("?", ink=th.ACTIVE, size=size),)  # its best so far would tell
        return Look(
            colour,
            fill,
            shape,
            Stroke(colour),
            label=label,
            label_ink=ink,
            label_face="bold",
            label_size=size,
            tags=tags,
            tags_beside=True,
            ring=ring,
            edge=edge,
            cut=cut,
        )

    def edge(self, state: State, status: str) -> tuple[Stroke, bool]:
        """The edge up to a state: solid once tried, dashed faint before, purple and cut if skipped."""
        if status == "unseen":
            return Stroke(th.FAINT, 1, DASHED), False
        if status == "skipped":
            if self.side != mm.ALPHABETA_SIDE:
                return Stroke(th.MUTED, 1), False
            parent = self.parent_of(state)
            return Stroke(th.PRUNED, 2, DASHED), parent is not None and self.status(parent) != "skipped"
        running = status in ("active", "waiting")
        chosen = self.on_choice(state)
        colour = th.DONE if chosen else th.ACTIVE if running else th.MUTED
        return Stroke(colour, 3 if running or chosen else 1), False

    def tags(self, state: State, size: str) -> tuple[Tag, ...]:
        """An inner node's value once returned (or its best and window), and its cut."""
        room = self.geometry.spacing(state[0]) * self.camera.zoom
        node = self.search.where.get(state)
        if state[0] == self.tree.depth or node is None or room < self.theme.px(34):
            return ()  # leaves carry their value inside; no room beside: zoom in to read it
        if self.marks.hides(self.side, state, self.tree.branching):
            value = Tag("?" if self.search.done(node) else best_so_far_text(None), ink=th.MUTED, size=size)
        elif self.search.done(node):
            value = Tag(value_text(self.search.value[node], self.search.bound_kind(node)), size=size)
        else:
            value = Tag(self.window_text(node), ink=th.MUTED, size=size)
        if not value.text:
            return ()
        if node in self.search.cuts and self.side == mm.ALPHABETA_SIDE:
            return value, Tag(_("✂ {bound}").format(bound=cut_text(self.search.cuts[node])), ink=th.PRUNED)
        return (value,)

    def window_text(self, node: int) -> str:
        """A running node: its best so far, and in alpha-beta its window."""
        maximizing = self.tree.to_move(self.search.state[node]) == mm.MAX
        best = self.search.best_so_far(node, maximizing)
        text = best_so_far_text(best) if best is not None else ""
        if self.search.alphabeta:
            window = f"α={value_text(self.search.alpha[node])} β={value_text(self.search.beta[node])}"
            text = f"{text}  {window}".strip()
        return text

    def strip(self, level: int) -> None:
        """A dense level as one row of coloured cells (one pixel column per node, scaled)."""
        count = self.tree.branching**level
        colours = np.empty((count, 1, 3), dtype=np.uint8)
        for i in range(count):
            status = self.status((level, i))
            saved = self.side == mm.MINIMAX_SIDE and status == "done" and (level, i) in self.skipped
            colours[i, 0] = SAVED if saved else STATUS_COLOURS[status]
        image = pygame.surfarray.make_surface(colours)
        zoom = self.camera.zoom
        width = max(1, round(count * self.geometry.spacing(level) * zoom))
        height = max(self.theme.px(4), round(min(self.geometry.row * 0.3, self.theme.px(14)) * zoom))
        left, y = self.camera.to_screen(self.area, 0, self.geometry.y(level))
        self.surface.blit(pygame.transform.scale(image, (width, height)), (left, y - height // 2))
