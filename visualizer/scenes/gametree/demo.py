"""The random game tree: minimax above, alpha-beta below, on the same tree at the same time.

The run is `solvers.minimax.lockstep_events`: both searches interleaved so that
they reach each leaf together, so wherever alpha-beta cuts, minimax can be
seen working alone through the leaves alpha-beta skipped.  Both panels use one
layout (leaves in generated order, each parent above the middle of its
children), so a skipped subtree below sits exactly under the work above.

Shapes carry the meaning as well as colours: MAX nodes are triangles pointing
up, MIN nodes triangles pointing down, leaves squares; skipped branches are
purple, dashed and crossed by a cut mark labelled with the bound.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pygame

from solvers import minimax as mm
from solvers.events import Bound, Evaluate, Pop, Prune, Push
from visualizer import theme as th
from visualizer.draw import cut_mark, dashed_line
from visualizer.panels import card, fit_text
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.scenes.treeview import Camera, SearchTree, cut_text, value_text
from visualizer.widgets import Button, Choice, Stepper, Widget

SIDES = (mm.MINIMAX_SIDE, mm.ALPHABETA_SIDE)
SIDE_NAMES = {mm.MINIMAX_SIDE: "minimax", mm.ALPHABETA_SIDE: "alpha-beta"}
ORDERS = (("as generated", "none"), ("best first", "best"), ("worst first", "worst"))
MIN_NODE_SPACING = 9
"""Screen pixels between neighbours below which a level is drawn as one strip."""


class LockstepModel:
    """Two search trees, one per algorithm, fed by `Side` events."""

    def __init__(self, tree: mm.RandomTree) -> None:
        self.tree = tree
        self.sides = {
            side: SearchTree(tree.ROOT, tree.result, alphabeta=side == mm.ALPHABETA_SIDE) for side in SIDES
        }

    def apply(self, event: Any) -> None:
        """Pass the wrapped event to its side's tree."""
        self.sides[event.side].apply(event.event)

    def revert(self, event: Any) -> None:
        """Take the wrapped event back from its side's tree."""
        self.sides[event.side].revert(event.event)

    def snapshot(self) -> tuple:
        """Both trees as one comparable value."""
        return tuple(self.sides[side].snapshot() for side in SIDES)

    def skipped(self) -> set[tuple[int, int]]:
        """States alpha-beta will never visit: every node below a cut, beside the moves tried."""
        search = self.sides[mm.ALPHABETA_SIDE]
        tree = self.tree
        skipped: set[tuple[int, int]] = set()
        for node in search.cuts:
            state = search.state[node]
            for move in tree.moves(state):
                child = tree.result(state, move)
                if child not in search.where:
                    _add_subtree(tree, child, skipped)
        return skipped


def _add_subtree(tree: mm.RandomTree, state: tuple[int, int], into: set[tuple[int, int]]) -> None:
    """Every state of the subtree at `state` (levels below, index ranges)."""
    level, index = state
    width = 1
    while level <= tree.depth:
        into.update((level, i) for i in range(index, index + width))
        level, index, width = level + 1, index * tree.branching, width * tree.branching


def narrate(event: Any) -> str | None:
    """A side's event in words, prefixed with the algorithm's name."""
    inner = event.event
    who = SIDE_NAMES[event.side]
    kind = type(inner)
    if kind is Push:
        if inner.parent < 0:
            return f"{who}: starts at the root"
        return f"{who}: node {inner.node} tries move {inner.what + 1}"
    if kind is Evaluate:
        return f"{who}: leaf {inner.node} is worth {value_text(inner.value)}"
    if kind is Pop:
        return f"{who}: node {inner.node} returns {value_text(inner.value)}"
    if kind is Bound:
        symbol = "α" if inner.name == "alpha" else "β"
        verb = "rises" if inner.name == "alpha" else "falls"
        return f"{who}: {symbol} at node {inner.node} {verb} to {value_text(inner.value)}"
    if kind is Prune:
        return f"{who}: cut at node {inner.node} ({cut_text(inner.bound)}): skip the rest"
    return None


class GameTreeDemo(Demo):
    """Minimax and alpha-beta side by side on a seeded random MAX/MIN tree."""

    name = "gametree"
    title = "Game tree: minimax beside alpha-beta"
    blurb = "a random MAX/MIN tree, minimax beside alpha-beta"
    default_speed = 8.0
    keys = (
        ("[ / ]", "depth smaller / larger (2 to 6)"),
        ("B", "branching: 2, 3, 4"),
        ("T", "a new random tree"),
        ("O", "move order: as generated, best first, worst first"),
        ("wheel / drag", "zoom / pan both trees;  0: whole trees again"),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.depth = 3
        self.branching = 3
        self.tree_seed = self.seed
        self.order = "none"
        self.tree = mm.RandomTree(self.depth, self.branching, self.tree_seed)
        self.camera = Camera()
        self._panels: list[pygame.Rect] = []
        self._skipped: tuple[tuple[int, int], set[tuple[int, int]]] = ((-1, -1), set())

    # --- what runs ---------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """Both searches in lockstep on the current tree."""
        return mm.lockstep_events(self.tree, self.tree.ROOT, order=self.tree.order(self.order))

    def make_model(self) -> LockstepModel:
        """Two empty search trees."""
        return LockstepModel(self.tree)

    def _rebuild(self) -> None:
        """A tree for the current size and seed; a new run."""
        self.tree = mm.RandomTree(self.depth, self.branching, self.tree_seed)
        self.camera.reset()
        self.new_run()

    def set_depth(self, depth: int) -> None:
        """Levels of moves below the root."""
        self.depth = min(max(depth, mm.DEPTHS.start), mm.DEPTHS.stop - 1)
        self._rebuild()

    def set_branching(self, branching: int) -> None:
        """Moves at every node."""
        self.branching = min(max(branching, mm.BRANCHINGS.start), mm.BRANCHINGS.stop - 1)
        self._rebuild()

    def new_tree(self) -> None:
        """The next seed: new leaf values."""
        self.tree_seed += 1
        self._rebuild()

    def set_order(self, order: str) -> None:
        """Which child each search tries first."""
        self.order = order
        self.new_run()

    # --- how it reads ----------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """Alpha-beta's pseudocode: minimax is the same without lines 8 and 9."""
        return mm.ALPHABETA_PSEUDOCODE

    def lit_lines(self, player: Player) -> dict[int, th.Color]:
        """Each side's latest line: alpha-beta's yellow, minimax's pale blue."""
        lit: dict[int, th.Color] = {}
        seen: set[int] = set()
        for _, event in reversed(player.recent(12)):
            if event.side in seen or not event.line:
                continue
            seen.add(event.side)
            colour = th.LIT_LINE if event.side == mm.ALPHABETA_SIDE else th.blend(th.PANEL, th.SKY, 0.45)
            lit.setdefault(event.line, colour)
        return lit

    def narrate(self, event: Any) -> str | None:
        """The event in words."""
        return narrate(event)

    def shared_counters(self) -> Sequence[str]:
        """Only the events: calls and depth would mix the two searches."""
        return ("events",)

    def counters(self, model: LockstepModel) -> list[tuple[str, str]]:
        """The tree's leaves, alpha-beta's cuts and the leaves it never scored (the rest is in the titles)."""
        alphabeta = model.sides[mm.ALPHABETA_SIDE]
        finished = alphabeta.count and alphabeta.done(0)
        skipped = len(self.tree.leaves) - alphabeta.leaves
        return [
            ("leaves", f"{len(self.tree.leaves):,}"),
            ("cuts", f"{len(alphabeta.cuts):,}"),
            ("α-β skipped", f"{skipped:,}" if finished else "…"),
        ]

    def breakpoints(self) -> list[tuple[str, Any]]:
        """Stop at alpha-beta's next cut."""
        return [("next cut", lambda event: type(event.event) is Prune)]

    # --- input -------------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Depth, branching, new tree, move order."""
        return [
            Stepper(
                "depth",
                lambda: self.depth,
                self.set_depth,
                mm.DEPTHS.start,
                mm.DEPTHS.stop - 1,
                hint="[ and ]",
            ),
            Stepper(
                "branching",
                lambda: self.branching,
                self.set_branching,
                mm.BRANCHINGS.start,
                mm.BRANCHINGS.stop - 1,
                hint="B",
            ),
            Button("new tree", self.new_tree, hint="T: new random leaf values"),
            Choice(
                list(ORDERS),
                lambda: self.order,
                self.set_order,
                hint="O: which child is tried first (best first is alpha-beta's best case)",
            ),
        ]

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Keys; wheel and drag move the camera over both panels."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if not self._panels:
            return False
        pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
        panel = next((p for p in self._panels if p.collidepoint(pos)), self._panels[0])
        if self.camera.handle(event, panel):
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and panel.collidepoint(pos)

    def _key(self, event: pygame.event.Event) -> bool:
        """The demo's keys."""
        following = {value: ORDERS[(i + 1) % len(ORDERS)][1] for i, (_, value) in enumerate(ORDERS)}
        actions = {
            pygame.K_LEFTBRACKET: lambda: self.set_depth(self.depth - 1),
            pygame.K_RIGHTBRACKET: lambda: self.set_depth(self.depth + 1),
            pygame.K_b: lambda: self.set_branching(self.branching + 1 if self.branching < 4 else 2),
            pygame.K_t: self.new_tree,
            pygame.K_o: lambda: self.set_order(following[self.order]),
            pygame.K_0: self.camera.reset,
        }
        return self.run_key(event, actions)

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Minimax above, alpha-beta below, a legend at the bottom."""
        theme = self.theme
        model: LockstepModel = player.model  # type: ignore[assignment]
        gap = theme.px(8)
        legend_h = theme.line_height("small") + theme.px(4)
        panel_h = (rect.h - legend_h - gap) // 2
        top = pygame.Rect(rect.x, rect.y, rect.w, panel_h)
        bottom = pygame.Rect(rect.x, top.bottom + gap, rect.w, panel_h)
        key = (player.generation, player.cursor)
        if self._skipped[0] != key:
            self._skipped = (key, model.skipped())
        skipped = self._skipped[1]
        self._panels = []
        for side, area in ((mm.MINIMAX_SIDE, top), (mm.ALPHABETA_SIDE, bottom)):
            self._draw_panel(surface, area, model, side, skipped)
        self._draw_legend(surface, pygame.Rect(rect.x, rect.bottom - legend_h, rect.w, legend_h))

    def _panel_title(self, model: LockstepModel, side: int) -> str:
        """'alpha-beta: value 5, 19 of 27 leaves, 3 cuts'."""
        search = model.sides[side]
        root = search.value[0] if search.count else None
        total = len(self.tree.leaves)
        text = (
            f"{SIDE_NAMES[side]}: value {value_text(root)}, {search.leaves:,} of {total:,} leaves, "
            f"{search.count:,} nodes"
        )
        if side == mm.ALPHABETA_SIDE:
            text += f", {len(search.cuts):,} cut{'s' if len(search.cuts) != 1 else ''}"
        return text

    def _draw_panel(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        model: LockstepModel,
        side: int,
        skipped: set[tuple[int, int]],
    ) -> None:
        """One search's tree on the shared layout."""
        theme = self.theme
        inner = card(surface, rect, theme, self._panel_title(model, side))
        self._panels.append(inner)
        previous_clip = surface.get_clip()
        surface.set_clip(inner.clip(previous_clip))
        layout = TreeLayout(self.tree, inner.w, inner.h, theme.px(26), theme.px(22))
        painter = PanelPainter(surface, theme, inner, self.camera, layout, model.sides[side], side, skipped)
        painter.paint()
        surface.set_clip(previous_clip)

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the shapes and colours mean."""
        theme = self.theme
        text = (
            "▲ MAX takes the largest   ▼ MIN the smallest   ■ leaf   "
            "purple: what alpha-beta skips (✂ cut)   wheel: zoom, drag: pan"
        )
        text = fit_text(theme, text, rect.w, "small")
        surface.blit(theme.text(text, "small", th.MUTED), (rect.x + theme.px(4), rect.y))


class TreeLayout:
    """Where each state of a full tree sits in a panel at zoom 1."""

    def __init__(self, tree: mm.RandomTree, width: int, height: int, top: int, bottom: int) -> None:
        self.tree = tree
        self.leaves = tree.branching**tree.depth
        self.slot = width / self.leaves
        self.top = top
        self.row = (height - top - bottom) / tree.depth

    def x(self, state: tuple[int, int]) -> float:
        """The middle of the leaves below `state`."""
        level, index = state
        span = self.tree.branching ** (self.tree.depth - level)
        return (index * span + span / 2) * self.slot

    def y(self, level: int) -> float:
        """The row of a level."""
        return self.top + level * self.row

    def spacing(self, level: int) -> float:
        """World distance between neighbours on a level."""
        return self.slot * self.tree.branching ** (self.tree.depth - level)


class PanelPainter:
    """Draws one side's search over the fixed layout: node by node, or by strips when dense."""

    def __init__(
        self,
        surface: pygame.Surface,
        theme: th.Theme,
        area: pygame.Rect,
        camera: Camera,
        layout: TreeLayout,
        search: SearchTree,
        side: int,
        skipped: set[tuple[int, int]],
    ) -> None:
        self.surface, self.theme, self.area, self.camera = surface, theme, area, camera
        self.layout, self.search, self.side, self.skipped = layout, search, side, skipped
        self.tree = layout.tree
        self.stack = set(search.stack)
        self.top = search.stack[-1] if search.stack else -1
        self.labels: list[tuple[tuple[int, int], tuple[int, int], int, str]] = []

    def screen(self, state: tuple[int, int]) -> tuple[int, int]:
        """A state's centre on screen."""
        return self.camera.to_screen(self.area, self.layout.x(state), self.layout.y(state[0]))

    def detailed(self, level: int) -> bool:
        """Whether a level's nodes are far enough apart to draw one by one."""
        return self.layout.spacing(level) * self.camera.zoom >= self.theme.px(MIN_NODE_SPACING)

    def radius(self, level: int) -> int:
        """Node size on a level: room between neighbours and rows, capped."""
        room = min(self.layout.spacing(level) * 0.42, self.layout.row * 0.34) * self.camera.zoom
        return max(self.theme.px(4), min(round(room), self.theme.px(22)))

    def paint(self) -> None:
        """Edges, then nodes, level by level; dense levels as strips."""
        tree = self.tree
        for level in range(tree.depth + 1):
            if not self.detailed(level):
                self.strip(level)
                continue
            states = self.visible_states(level)
            if level > 0 and self.detailed(level - 1):
                for state in states:
                    self.edge((level - 1, state[1] // tree.branching), state)
        for level in range(tree.depth + 1):
            if self.detailed(level):
                for state in self.visible_states(level):
                    self.node(state)
        for state, centre, r, status in self.labels:  # last, so no node covers a label
            self.value(state, centre, r, status)

    def visible_states(self, level: int) -> list[tuple[int, int]]:
        """The states of a level whose position is on screen (with a margin)."""
        count = self.tree.branching**level
        spacing = self.layout.spacing(level)
        zoom = self.camera.zoom
        left = (self.area.x - self.area.x - self.camera.pan_x) / zoom - spacing
        right = left + self.area.w / zoom + 2 * spacing
        first = max(0, int(left / spacing))
        last = min(count, int(right / spacing) + 1)
        return [(level, i) for i in range(first, last)]

    def status(self, state: tuple[int, int]) -> str:
        """'active', 'waiting', 'done', 'skipped' or 'unseen'."""
        node = self.search.where.get(state)
        if node is None:
            return "skipped" if state in self.skipped else "unseen"
        if node == self.top:
            return "active"
        if node in self.stack:
            return "waiting"
        return "done"

    def edge(self, parent: tuple[int, int], child: tuple[int, int]) -> None:
        """A line from parent to child: solid once tried, dashed faint before, purple if cut."""
        theme = self.theme
        start, end = self.screen(parent), self.screen(child)
        status = self.status(child)
        if status == "unseen":
            dashed_line(self.surface, th.FAINT, start, end, theme.px(1), theme.px(4))
        elif status == "skipped":
            if self.side == mm.ALPHABETA_SIDE:
                dashed_line(self.surface, th.PRUNED, start, end, theme.px(2), theme.px(4))
                if self.status(parent) != "skipped":
                    cut_mark(self.surface, theme, start, end, theme.px(6))
            else:
                pygame.draw.line(self.surface, th.MUTED, start, end, theme.px(1))
        else:
            colour = th.ACTIVE if status in ("active", "waiting") else th.MUTED
            width = theme.px(3) if status in ("active", "waiting") or self.on_choice(child) else theme.px(1)
            if self.on_choice(child):
                colour = th.DONE
            pygame.draw.line(self.surface, colour, start, end, width)

    def on_choice(self, state: tuple[int, int]) -> bool:
        """The node is the chosen child of its finished parent (the principal line)."""
        node = self.search.where.get(state)
        if node is None or node == 0:
            return False
        parent = self.search.parent[node]
        return self.search.done(parent) and self.search.chosen(parent) == node and self.on_path(parent)

    def on_path(self, node: int) -> bool:
        """The node is on the root's chosen line."""
        while node > 0:
            parent = self.search.parent[node]
            if not self.search.done(parent) or self.search.chosen(parent) != node:
                return False
            node = parent
        return True

    def node(self, state: tuple[int, int]) -> None:
        """One node: its shape by role, its colour by status, its value."""
        theme = self.theme
        level = state[0]
        status = self.status(state)
        centre = self.screen(state)
        r = self.radius(level)
        colour = {
            "active": th.ACTIVE,
            "waiting": th.WAITING,
            "done": th.DONE,
            "skipped": th.PRUNED,
            "unseen": th.FAINT,
        }[status]
        fill = th.PANEL if status in ("unseen", "skipped") else th.blend(th.PANEL, colour, 0.25)
        if self.side == mm.MINIMAX_SIDE and status == "done" and state in self.skipped:
            colour = th.PRUNED  # minimax's work that alpha-beta does without
        if level == self.tree.depth:
            shape = pygame.Rect(0, 0, 2 * r, 2 * r)
            shape.center = centre
            pygame.draw.rect(self.surface, fill, shape)
            pygame.draw.rect(self.surface, colour, shape, theme.px(2))
        else:
            up = self.tree.to_move(state) == mm.MAX
            x, y = centre
            points = (
                [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
                if up
                else [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x, y + r)]
            )
            pygame.draw.polygon(self.surface, fill, points)
            pygame.draw.polygon(self.surface, colour, points, theme.px(2))
        if self.on_choice(state) or (state == self.tree.ROOT and self.search.count and self.search.done(0)):
            ring = pygame.Rect(0, 0, 2 * r + theme.px(8), 2 * r + theme.px(8))
            ring.center = centre
            pygame.draw.rect(self.surface, th.YELLOW, ring, theme.px(3), border_radius=theme.px(4))
        self.labels.append((state, centre, r, status))

    def value(self, state: tuple[int, int], centre: tuple[int, int], r: int, status: str) -> None:
        """The node's number: a leaf's value always; an inner node's once returned (or best so far)."""
        theme = self.theme
        node = self.search.where.get(state)
        size = "small" if r >= theme.px(9) else "tiny"
        room = self.layout.spacing(state[0]) * self.camera.zoom
        if room < theme.px(34) and state[0] < self.tree.depth:
            return  # no room beside the node: zoom in to read it
        if state[0] == self.tree.depth:
            ink = th.INK if status in ("done", "active", "waiting") else th.MUTED
            text = value_text(self.tree.utility(state))
        elif node is not None and self.search.done(node):
            ink, text = th.INK, value_text(self.search.value[node], self.search.bound_kind(node))
        elif node is not None:
            ink, text = th.MUTED, self._window_text(node)
        else:
            return
        if not text:
            return
        image = self.theme.text(text, size, ink, "bold")
        if state[0] == self.tree.depth:
            if image.get_width() <= 2 * r:
                self.surface.blit(image, image.get_rect(center=centre))
            return
        where = image.get_rect(midleft=(centre[0] + r + theme.px(3), centre[1]))
        pygame.draw.rect(self.surface, th.PANEL, where.inflate(theme.px(4), 0), border_radius=theme.px(3))
        self.surface.blit(image, where)
        if node is not None and node in self.search.cuts and self.side == mm.ALPHABETA_SIDE:
            tag = self.theme.text(f"✂ {cut_text(self.search.cuts[node])}", "tiny", th.PRUNED, "bold")
            self.surface.blit(tag, tag.get_rect(topleft=(where.x, where.bottom)))

    def _window_text(self, node: int) -> str:
        """A running node: its best so far, and in alpha-beta its window."""
        maximizing = self.tree.to_move(self.search.state[node]) == mm.MAX
        best = self.search.best_so_far(node, maximizing)
        text = f"best {value_text(best)}" if best is not None else ""
        if self.search.alphabeta:
            window = f"α={value_text(self.search.alpha[node])} β={value_text(self.search.beta[node])}"
            text = f"{text}  {window}".strip()
        return text

    def strip(self, level: int) -> None:
        """A dense level as one row of coloured cells (one pixel column per node, scaled)."""
        count = self.tree.branching**level
        colours = np.empty((count, 1, 3), dtype=np.uint8)
        palette = {
            "active": th.ACTIVE,
            "waiting": th.WAITING,
            "done": th.DONE,
            "skipped": th.PRUNED,
            "unseen": th.FAINT,
        }
        saved = th.blend(th.PRUNED, th.PANEL, 0.4)  # minimax's work that alpha-beta does without
        for i in range(count):
            status = self.status((level, i))
            minimax_saved = self.side == mm.MINIMAX_SIDE and status == "done" and (level, i) in self.skipped
            colours[i, 0] = saved if minimax_saved else palette[status]
        image = pygame.surfarray.make_surface(colours)
        zoom = self.camera.zoom
        width = max(1, round(count * self.layout.spacing(level) * zoom))
        height = max(self.theme.px(4), round(min(self.layout.row * 0.3, self.theme.px(14)) * zoom))
        left, y = self.camera.to_screen(self.area, 0, self.layout.y(level))
        self.surface.blit(pygame.transform.scale(image, (width, height)), (left, y - height // 2))
