"""The random game tree: minimax above, alpha-beta below, on the same tree at the same time.

The run is `solvers.minimax.lockstep_events`: both searches interleaved so that
they reach each leaf together, so wherever alpha-beta cuts, minimax can be
seen working alone through the leaves alpha-beta skipped.

`model.py` holds the two search trees and the narration (`model.narrate`),
`view.py` the pure `layout` and the drawing; this controller holds the
options, the key table and the camera both panels share.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from solvers import minimax as mm
from solvers.events import Pop, Prune
from solvers.i18n import N_, _, format_number, pgettext
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.player import Player
from visualizer.scenes.base import Demo, Stop
from visualizer.scenes.gametree import view
from visualizer.scenes.gametree.model import LockstepModel, State, narrate, veiled
from visualizer.treecard import Point, TreeCard
from visualizer.widgets import Button, Choice, Stepper, Widget

if TYPE_CHECKING:
    from solvers.exercise.engine import LockstepRules, Step

ORDERS = tuple((label, value) for value, label in mm.ORDER_NAMES.items())


class GameTreeDemo(Demo[LockstepModel]):
    """Minimax and alpha-beta side by side on a seeded random MAX/MIN tree."""

    name = "gametree"
    title = N_("Game tree: minimax beside alpha-beta")
    default_speed = 8.0
    bindings = Bindings(
        Binding(("[",), "set_depth_by", N_("depth smaller (2 to 6)"), args=(-1,)),
        Binding(("]",), "set_depth_by", N_("depth larger (2 to 6)"), args=(1,)),
        Binding(("b",), "next_branching", N_("branching: 2, 3, 4")),
        Binding(("t",), "new_tree", N_("a new random tree")),
        Binding(("o",), "next_order", N_("move order: as generated, best first, worst first")),
        Binding(("0",), "card.reset", N_("whole trees again")),
        Binding(("v",), "other_tree", N_("the other tree, when the window shows one at a time")),
        Gesture(N_("click a node (Shift: its return)"), N_("the timeline goes to its call (or return)")),
        Gesture(N_("hover a node"), N_("its move and value")),
        Gesture(N_("wheel / drag"), N_("zoom / pan both trees")),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.depth = 3
        self.branching = 3
        self.tree_seed = self.seed
        self.order = "none"
        self.tree = mm.RandomTree(self.depth, self.branching, self.tree_seed)
        self.card: TreeCard[tuple[int, State]] = TreeCard()
        self.alone = mm.ALPHABETA_SIDE  # the tree shown when only one fits
        self._skipped: tuple[tuple[int, int], set[State]] = ((-1, -1), set())

    # --- what runs ---------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """Both searches in lockstep on the current tree."""
        return mm.lockstep_events(self.tree, self.tree.ROOT, order=self.tree.order(self.order))

    def exercise_rules(self) -> LockstepRules:
        """Node values and the move on the minimax side, α, β and the cuts on the alpha-beta side."""
        from solvers.exercise.minimax import lockstep_rules

        return lockstep_rules(self.tree)

    def exercise_targets(
        self, step: Step, rect: pygame.Rect, player: Player[LockstepModel]
    ) -> dict[Hashable, pygame.Rect]:
        """Prunes are marked on alpha-beta's tree: each move is the child it leads to (drawn ahead, faint)."""
        model = player.model
        found = self.asked_on(model)
        if step.kind != "minimax.prune" or found is None:
            return {}
        (level, index), lay = found[1], self.layout(rect)
        found_boxes = {}
        for choice in step.choices:
            child = (level + 1, index * self.tree.branching + int(choice.key))  # type: ignore[call-overload]
            box = view.state_box(lay, self.theme, self.tree, self.card.camera, mm.ALPHABETA_SIDE, child)
            if box is not None:
                found_boxes[choice.key] = box
        return found_boxes

    def make_model(self) -> LockstepModel:
        """Two empty search trees."""
        return LockstepModel(self.tree)

    # --- actions -------------------------------------------------------------------

    def _rebuild(self) -> None:
        """A tree for the current size and seed; a new run."""
        self.tree = mm.RandomTree(self.depth, self.branching, self.tree_seed)
        self.card.reset()
        self.new_run()

    def set_depth(self, depth: int) -> None:
        """Levels of moves below the root."""
        self.depth = min(max(depth, mm.DEPTHS.start), mm.DEPTHS.stop - 1)
        self._rebuild()

    def set_depth_by(self, step: int) -> None:
        """One level fewer or more."""
        self.set_depth(self.depth + step)

    def set_branching(self, branching: int) -> None:
        """Moves at every node."""
        self.branching = min(max(branching, mm.BRANCHINGS.start), mm.BRANCHINGS.stop - 1)
        self._rebuild()

    def next_branching(self) -> None:
        """Branching 2, 3, 4, then 2 again."""
        top = mm.BRANCHINGS.stop - 1
        self.set_branching(self.branching + 1 if self.branching < top else mm.BRANCHINGS.start)

    def new_tree(self) -> None:
        """The next seed: new leaf values."""
        self.tree_seed += 1
        self._rebuild()

    def set_order(self, order: str) -> None:
        """Which child each search tries first."""
        self.order = order
        self.new_run()

    def next_order(self) -> None:
        """The next move order, round the list."""
        values = [value for _, value in ORDERS]
        self.set_order(values[(values.index(self.order) + 1) % len(values)])

    # --- how it reads ----------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """Alpha-beta's pseudocode: minimax is the same without lines 8 and 9."""
        return mm.ALPHABETA_PSEUDOCODE

    def lit_lines(self, player: Player) -> dict[int, th.Color]:
        """Each side's latest line: alpha-beta's yellow, minimax's pale blue."""
        lit: dict[int, th.Color] = {}
        seen: set[int] = set()
        for _number, event in reversed(player.recent(12)):
            if event.side in seen or not event.line:
                continue
            seen.add(event.side)
            colour = th.LIT_LINE if event.side == mm.ALPHABETA_SIDE else th.blend(th.PANEL, th.SKY, 0.45)
            lit.setdefault(event.line, colour)
        return lit

    def narrate(self, event: Any) -> str | None:
        """The event in words (see `model.narrate`): '?' for a value an open exercise step asks."""
        asked = self.asked()
        if asked is None:
            return narrate(event)
        model: LockstepModel = self.shell.run.model
        branching = self.tree.branching

        def hidden(side_event: mm.Side) -> bool:
            """A return at (or above) the state asked about, or a bound at it."""
            inner: Any = side_event.event
            state = model.sides[side_event.side].state[inner.node]
            return veiled(asked, state, branching) if type(inner) is Pop else state == asked

        return narrate(event, hidden)

    def asked(self) -> State | None:
        """The state an open exercise step is about (its value must not show), or None."""
        model: LockstepModel = self.shell.run.model
        found = self.asked_on(model)
        return None if found is None else found[1]

    def asked_on(self, model: LockstepModel) -> tuple[int, State] | None:
        """The side and the state of the node an open exercise step is about: the running node of the side
        the step's kind belongs to (values and the move on minimax's, α, β and prunes on alpha-beta's)."""
        step = self.exercise_step()
        if step is None:
            return None
        side = mm.MINIMAX_SIDE if step.kind in ("minimax.value", "minimax.move") else mm.ALPHABETA_SIDE
        search = model.sides[side]
        return (side, search.state[search.stack[-1]]) if search.stack else None

    def shared_counters(self) -> Sequence[str]:
        """Only the events: calls and depth would mix the two searches."""
        return ("events",)

    def counters(self, model: LockstepModel) -> list[tuple[str, str]]:
        """The tree's leaves, alpha-beta's cuts and the leaves it never scored (the rest is in the titles)."""
        alphabeta = model.sides[mm.ALPHABETA_SIDE]
        finished = alphabeta.count and alphabeta.done(0)
        skipped = len(self.tree.leaves) - alphabeta.leaves
        return [
            (_("leaves"), format_number(len(self.tree.leaves))),
            (_("cuts"), format_number(len(alphabeta.cuts))),
            (_("α-β skipped"), format_number(skipped) if finished else "…"),
        ]

    def stops(self) -> Sequence[str]:
        """Nothing here backtracks or finds solutions: no such run-to buttons."""
        return ()

    def breakpoints(self) -> list[Stop]:
        """Stop at alpha-beta's next cut (C)."""
        return [Stop("c", N_("next cut"), lambda event: type(getattr(event, "event", None)) is Prune)]

    # --- input -------------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Depth, branching, new tree, move order."""
        return [
            Stepper(
                _("depth"),
                lambda: self.depth,
                self.set_depth,
                mm.DEPTHS.start,
                mm.DEPTHS.stop - 1,
                hint=_("[ and ]"),
            ),
            Stepper(
                pgettext("tree", "branching"),
                lambda: self.branching,
                self.set_branching,
                mm.BRANCHINGS.start,
                mm.BRANCHINGS.stop - 1,
                hint="B",
            ),
            Button(_("new tree"), self.new_tree, hint=_("T: new random leaf values")),
            Choice(
                [(_(label), value) for label, value in ORDERS],
                lambda: self.order,
                self.set_order,
                hint=_("O: which child is tried first (best first is alpha-beta's best case)"),
            ),
        ]

    def layout(self, rect: pygame.Rect) -> view.GameTreeLayout:
        """The two panels and the legend (the same for input and drawing)."""
        return view.layout(rect, self.theme, self.alone)

    def picture(self, rect: pygame.Rect) -> pygame.Rect:
        """The main picture: the trees' cards, one above the other (or one alone)."""
        cards = self.layout(rect).cards
        return cards[0].unionall(cards[1:])

    def state_finder(self, lay: view.GameTreeLayout) -> Callable[[Point], tuple[int, State] | None]:
        """The (side, state) drawn under a point of either panel, if any (the painter's places)."""
        return partial(view.state_at, lay, self.theme, self.tree, self.card.camera)

    def click_node(self, found: tuple[int, State], player: Player[LockstepModel]) -> None:
        """A node clicked takes the timeline to its Push (Shift: its Pop); unreached nodes do nothing."""
        model = player.model
        node = model.sides[found[0]].where.get(found[1])
        if node is not None:
            model.go_to(player, found[0], node, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))

    @property
    def shown(self) -> str:
        """The search drawn when the stage has room for one tree only: minimax or alphabeta."""
        return "minimax" if self.alone == mm.MINIMAX_SIDE else "alphabeta"

    def set_shown(self, search: str) -> None:
        """A lesson's `shown`: the search drawn when the stage has room for one tree only."""
        self.alone = mm.MINIMAX_SIDE if search == "minimax" else mm.ALPHABETA_SIDE

    def other_tree(self) -> None:
        """Show the other search, when the stage has room for one tree only."""
        self.alone = mm.MINIMAX_SIDE if self.alone == mm.ALPHABETA_SIDE else mm.ALPHABETA_SIDE

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Keys from the table; clicks on nodes; wheel and drag move the camera."""
        if event.type == pygame.KEYDOWN:
            return self.bindings.dispatch(self, event)
        pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
        lay = self.layout(rect)
        panel = lay.panel_at(pos)
        if self.card.handle(event, panel, self.state_finder(lay), partial(self.click_node, player=player)):
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and panel.collidepoint(pos)

    # --- drawing -------------------------------------------------------------------------

    def skipped(self, player: Player[LockstepModel]) -> set[State]:
        """What alpha-beta skips so far, worked out once per model state."""
        key = (player.generation, player.cursor)
        if self._skipped[0] != key:
            model = player.model
            self._skipped = (key, model.skipped())
        return self._skipped[1]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player[LockstepModel]) -> None:
        """Minimax above, alpha-beta below, a legend at the bottom."""
        model = player.model
        lay = self.layout(rect)
        found = self.asked_on(model)
        asked = None if found is None else found[1]
        marks = view.Marks(asked, found[0] if found is not None else None)
        view.draw(surface, lay, self.theme, model, self.card.camera, self.skipped(player), marks)
        self.card.draw_note(
            surface, rect, self.theme, self.state_finder(lay), lambda found: model.hover_lines(*found, asked)
        )
