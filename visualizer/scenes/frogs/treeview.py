"""The frogs' tree of tries on screen: a pure geometry, looks by status, the one tree painter.

The tree is laid out as an outline (`tries.outline`: depth to the right, a
run of first tries on one row) in cells big enough for every label, and
painted by `visualizer.treepaint` with elbow edges.  A status has a colour
and a line style: solid blue the current path, solid green executed, dashed
red cancelled, dotted grey not tried.  When the whole tree would not fit at
label size, finished (cancelled) subtrees fold into one node with a "+N"
badge, so that at 8 + 8 frogs the tree stays readable; the camera (wheel:
zoom, drag: pan) follows the current move until the person moves it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from solvers.i18n import N_, _, format_number
from visualizer import theme as th
from visualizer.draw import tag
from visualizer.panels import card, fit_text
from visualizer.scenes.frogs.layout import FrogsLayout
from visualizer.scenes.frogs.model import PLAYBACK, FrogsModel, final_model, hop_label, hop_words
from visualizer.scenes.frogs.tries import (
    CANCELLED,
    EXECUTED,
    ON_PATH,
    START,
    UNTRIED,
    Key,
    Outline,
    TryTree,
    outline,
)
from visualizer.theme import Theme
from visualizer.treecard import TreeCard
from visualizer.treepaint import (
    BOX,
    DASHED,
    DOTTED,
    ELBOW,
    SOLID,
    Camera,
    Look,
    Place,
    Stroke,
    TreePainter,
    screen_box,
)

STATUS_COLOURS = {ON_PATH: th.ACTIVE, EXECUTED: th.DONE, CANCELLED: th.DEAD, UNTRIED: th.MUTED}
"""Colour of each status; the line style is the second cue."""
STATUS_STROKES = {
    ON_PATH: Stroke(th.ACTIVE, 3, SOLID),
    EXECUTED: Stroke(th.DONE, 3, SOLID),
    CANCELLED: Stroke(th.DEAD, 2, DASHED, 5),
    UNTRIED: Stroke(th.MUTED, 1, DOTTED, 4),
}
"""The edge up to a node, by its status: solid, dashed, dotted."""
PAINT_ORDER = {UNTRIED: 0, CANCELLED: 1, EXECUTED: 2, ON_PATH: 3}
"""The current path is painted last, over the rest."""
LEGEND = (
    (ON_PATH, N_("current path")),
    (EXECUTED, N_("executed")),
    (CANCELLED, N_("cancelled")),
    (UNTRIED, N_("not tried")),
)
LABEL_SIZE = "tiny"
SPREAD = 1.5
"""How much a small tree may spread its cells beyond label size to fill the card."""


@dataclass(frozen=True, slots=True)
class TreeGeometry:
    """The laid-out tree in world units (screen pixels at zoom 1): cells, places, size."""

    shape: Outline
    places: dict[Key, Place]
    width: float
    height: float


def label_box(theme: Theme, pads: int) -> tuple[int, int]:
    """A node's box: room for the widest move label of `pads` pads, in either face."""
    widest = f"R{pads - 1}→{pads - 1}"
    text_w = max(theme.font(LABEL_SIZE, face).size(widest)[0] for face in ("mono", "bold"))
    return text_w + theme.px(8), theme.font(LABEL_SIZE, "mono").get_linesize() + theme.px(4)


def geometry(tree: TryTree, area: pygame.Rect, theme: Theme, pads: int) -> TreeGeometry:
    """Cells at label size (spread out when the tree is small); folded when it would not fit."""
    box_w, box_h = label_box(theme, pads)
    cell_w, cell_h = float(box_w + theme.px(12)), float(box_h + theme.px(6))
    shape = outline(tree)
    if shape.cols * cell_w > area.w or shape.rows * cell_h > area.h:
        shape = outline(tree, tree.foldable)
    else:
        cell_w = min(area.w / shape.cols, cell_w * SPREAD)
        cell_h = min(area.h / shape.rows, cell_h * SPREAD)
    places = {
        key: Place((col + 0.5) * cell_w, (row + 0.5) * cell_h, box_w, box_h)
        for key, (col, row) in shape.cells.items()
    }
    return TreeGeometry(shape, places, shape.cols * cell_w, shape.rows * cell_h)


def followed(geo: TreeGeometry, area: pygame.Rect, target: Key, zoom: float) -> Camera:
    """A camera at `zoom` keeping `target` in view (a bit left of centre), within the tree."""
    camera = Camera()
    camera.zoom = zoom
    place = geo.places.get(target, geo.places[START])
    camera.pan_x = clamp(area.w * 0.6 - place.x * zoom, area.w - geo.width * zoom)
    camera.pan_y = clamp(area.h * 0.5 - place.y * zoom, area.h - geo.height * zoom)
    return camera


def clamp(pan: float, least: float) -> float:
    """A pan that shows no empty room before the drawing, nor after it when it is larger."""
    return max(min(least, 0.0), min(0.0, pan))


def boxes(geo: TreeGeometry, area: pygame.Rect, camera: Camera) -> dict[Key, pygame.Rect]:
    """Every node's box on screen: what is painted and what a click hits."""
    return {key: screen_box(camera, area, place) for key, place in geo.places.items()}


def badge_box(theme: Theme, box: pygame.Rect, hidden: int) -> pygame.Rect:
    """Where the painter puts a folded node's '+N' badge: at its right (see `TreePainter.tags_beside`)."""
    w, h = theme.font("tiny", "bold").size(f"+{hidden:,}")
    return pygame.Rect(box.right + theme.px(3), box.centery - h // 2, w, h).inflate(theme.px(4), 0)


def look_of(tree: TryTree, geo: TreeGeometry, current: Key | None) -> Callable[[Key], Look]:
    """The painter's look for each node: colour and strokes by status, its move as the label."""

    def look(key: Key) -> Look:
        """One node's look."""
        status = tree.status(key)
        colour = STATUS_COLOURS[status]
        filled = status in (ON_PATH, EXECUTED)
        hop = tree.hop_of(key)
        fill = colour if filled else th.blend(th.PANEL, colour, 0.14 if status == CANCELLED else 0.0)
        stroke = STATUS_STROKES[status]
        return Look(
            colour,
            fill,
            BOX,
            Stroke(colour, 2, stroke.style, stroke.dash),
            label=_("start") if hop is None else hop_label(hop),
            label_ink=th.PANEL if filled else colour,
            label_face="bold" if filled else "mono",
            label_size=LABEL_SIZE,
            folded=geo.shape.folded.get(key, 0),
            tags_beside=True,
            ring=th.YELLOW if key == current else None,
            edge=stroke,
        )

    return look


def draw_tree(
    surface: pygame.Surface,
    theme: Theme,
    card_rect: pygame.Rect,
    area: pygame.Rect,
    tree: TryTree,
    geo: TreeGeometry,
    camera: Camera,
    current: Key | None,
    hide_untried: bool = False,
    asking: bool = False,
) -> None:
    """The tree's card: its title, then the nodes in view through the tree painter.

    No untried move is painted while an exercise step asks (`hide_untried`); before the first move it says
    Space starts the search, unless an exercise step waits (`asking`: Space waits too).
    """
    title = _("tree of tried moves: {tried} tried, {cancelled} cancelled").format(
        tried=format_number(tree.tried), cancelled=format_number(tree.cancelled)
    )
    card(surface, card_rect, theme, title)
    if not tree.options and asking:
        return
    if not tree.options:
        hint = theme.text(fit_text(theme, _("Space: start the search"), area.w, "body"), "body", th.MUTED)
        surface.blit(hint, hint.get_rect(center=area.center))
        return
    on_screen = boxes(geo, area, camera)
    view = area.inflate(area.w // 4, area.h // 4)

    def parent(key: Key) -> Key | None:
        """The node above, for the edges."""
        return tree.parent_of(key)

    def seen(key: Key) -> bool:
        """The node or its edge up is in view."""
        up = parent(key)
        box = on_screen[key] if up is None else on_screen[key].union(on_screen[up])
        return view.colliderect(box)

    shown = [key for key in painted(tree, geo, hide_untried) if seen(key)]
    shown.sort(key=lambda key: PAINT_ORDER[tree.status(key)])
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    painter = TreePainter(surface, theme, area, camera, ELBOW)
    painter.paint({key: geo.places[key] for key in shown}, parent, look_of(tree, geo, current))
    if current is not None and camera.zoom < 1 and current in on_screen:
        hop = tree.hop_of(current)
        if hop is not None:  # labels do not fit when zoomed out: name the current move beside it
            box = on_screen[current]
            at = (box.right + theme.px(40), box.centery)
            tag(surface, theme, hop_words(hop), at, th.ACTIVE, size="small", ink=th.PANEL)
    surface.set_clip(clip)


def painted(tree: TryTree, geo: TreeGeometry, hide_untried: bool) -> list[Key]:
    """The nodes the tree paints: all of them, or all but the moves not tried yet."""
    return [key for key in geo.places if not (hide_untried and tree.status(key) == UNTRIED)]


def draw_legend(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, finished: bool) -> None:
    """What colours and line styles mean, as far as there is room."""
    painter = TreePainter(surface, theme, rect)
    x = rect.x
    swatch_w, swatch_h = theme.px(26), theme.px(12)
    for status, words in LEGEND:
        if status == UNTRIED:
            words = N_("never tried") if finished else N_("not tried (yet)")
        image = theme.text(_(words), "small", th.INK)
        if x + swatch_w + theme.px(6) + image.get_width() > rect.right:
            break  # no room for the rest at this size (help lists them all)
        box = pygame.Rect(x, rect.centery - swatch_h // 2, swatch_w, swatch_h)
        colour = STATUS_COLOURS[status]
        filled = status in (ON_PATH, EXECUTED)
        fill = colour if filled else th.blend(th.PANEL, colour, 0.14 if status == CANCELLED else 0.0)
        style = STATUS_STROKES[status]
        painter.node(box, Look(colour, fill, BOX, Stroke(colour, 2, style.style, style.dash)))
        surface.blit(image, image.get_rect(midleft=(box.right + theme.px(6), rect.centery)))
        x = box.right + theme.px(6) + image.get_width() + theme.px(16)


class TriesView(TreeCard[Key]):
    """The tree's card for the controller: a `TreeCard` whose camera follows the current move until moved.

    The caches hold pure results (the finished search beside a playback, the
    geometry of a model's tree), so reading them from input is safe.
    """

    def __init__(self, theme: Theme) -> None:
        super().__init__()
        self.theme = theme
        self.follow = True
        self._final: FrogsModel | None = None
        self._geometry: tuple[tuple[object, ...], TreeGeometry] | None = None

    def resume(self) -> None:
        """Follow the current move again, unzoomed."""
        self.follow = True
        self.reset()

    def shown(self, mode: str, model: FrogsModel, start: str) -> FrogsModel:
        """The model whose tree is shown: the run's, or beside a playback the finished search's."""
        if mode != PLAYBACK:
            return model
        if self._final is None or self._final.start != start:
            self._final = final_model(start)
        return self._final

    def geometry(self, model: FrogsModel, frogs: FrogsLayout) -> TreeGeometry:
        """The tree's pure geometry, kept while the model and the card stay the same."""
        key = (id(model), model.version, frogs.tree_area.size, self.theme.scale, frogs.count)
        if self._geometry is None or self._geometry[0] != key:
            self._geometry = (key, geometry(model.tree, frogs.tree_area, self.theme, frogs.count))
        return self._geometry[1]

    def current(self, mode: str, model: FrogsModel, start: str) -> Key | None:
        """The node of the current move: the path's tip, or the playback's move."""
        if mode == PLAYBACK:
            return self.shown(mode, model, start).tree.executed_at(model.moves_made)
        tree = model.tree
        if tree.stack:
            return tree.stack[-1]
        return tree.executed_at(len(model.solution)) if model.solution else None

    def view_camera(self, mode: str, model: FrogsModel, start: str, frogs: FrogsLayout) -> Camera:
        """The camera to draw with: the person's, or one following the current move."""
        if not self.follow:
            return self.camera
        geo = self.geometry(self.shown(mode, model, start), frogs)
        target = self.current(mode, model, start)
        return followed(geo, frogs.tree_area, START if target is None else target, self.camera.zoom)

    def key_at(
        self, mode: str, model: FrogsModel, start: str, frogs: FrogsLayout, pos: tuple[int, int]
    ) -> Key | None:
        """The node drawn under `pos`, if any (the same boxes the painter draws)."""
        if not frogs.tree_area.collidepoint(pos):
            return None
        geo = self.geometry(self.shown(mode, model, start), frogs)
        on_screen = boxes(geo, frogs.tree_area, self.view_camera(mode, model, start, frogs))
        return next((key for key, box in on_screen.items() if box.collidepoint(pos)), None)

    def handle_tree(
        self,
        event: pygame.event.Event,
        mode: str,
        model: FrogsModel,
        start: str,
        frogs: FrogsLayout,
        click: Callable[[Key], object],
    ) -> bool:
        """The card's input (from the followed view); a zoom or pan stops following. True if used."""
        camera = self.camera
        if self.follow:
            view = self.view_camera(mode, model, start, frogs)
            camera.zoom, camera.pan_x, camera.pan_y = view.zoom, view.pan_x, view.pan_y
        before = (camera.zoom, camera.pan_x, camera.pan_y)
        used = self.handle(event, frogs.tree_area, partial(self.key_at, mode, model, start, frogs), click)
        if (camera.zoom, camera.pan_x, camera.pan_y) != before:
            self.follow = False
        return used

    def draw(
        self,
        surface: pygame.Surface,
        mode: str,
        model: FrogsModel,
        start: str,
        frogs: FrogsLayout,
        finished: bool,
        hide_untried: bool = False,
        asking: bool = False,
    ) -> None:
        """The tree's card and legend (untried moves hidden for an exercise step; `asking`: a step waits)."""
        shown = self.shown(mode, model, start)
        geo = self.geometry(shown, frogs)
        camera = self.view_camera(mode, model, start, frogs)
        current = self.current(mode, model, start)
        area, tree = frogs.tree_area, shown.tree
        draw_tree(
            surface, self.theme, frogs.tree_card, area, tree, geo, camera, current, hide_untried, asking
        )
        draw_legend(surface, self.theme, frogs.legend, finished)
