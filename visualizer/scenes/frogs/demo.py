"""The frogs demo: play LLL_RRR by clicking frogs, or watch the solver grow its tree of tries.

Three modes share the stage:
- play: the person's own game (clicks or L / R keys; every move an edit in
  one `EditHistory`, so U / Z undo and Y redoes); the player holds the
  solver's run from the current position, so Space or Enter starts
  "solve from here";
- solve: the backtracking run; the pads show the solver's position and the
  tree of tried moves grows below them;
- playback: the solution, one move per event, frogs sliding and jumping.

Here: the controller (modes, actions, the key table) and the camera; the
model, the game's edits and the words are in `model.py`, the tree of tries
in `tries.py`, where things go in `layout.py`, the drawing in `board.py`
(pads, list, banners) and `treeview.py` (the tree, through the one painter).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from solvers import frogs as fr
from solvers.events import DeadEnd
from solvers.i18n import N_, _
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.calltree import go_to_call
from visualizer.history import Edit, EditHistory, Undoable
from visualizer.player import Player
from visualizer.scenes.base import Demo, Stop
from visualizer.scenes.frogs import board, offers, treeview
from visualizer.scenes.frogs import layout as lay
from visualizer.scenes.frogs.model import (
    PLAY,
    PLAYBACK,
    SOLVE,
    FrogGame,
    FrogsModel,
    count_moves,
    counters,
    hint,
    hopeless_text,
    list_content,
    move_words,
    narrate,
    pads_title,
    won_words,
)
from visualizer.scenes.frogs.offers import Offer
from visualizer.scenes.frogs.tries import START, UNTRIED, Key, hover_lines
from visualizer.treecard import Point
from visualizer.widgets import Button, Widget

if TYPE_CHECKING:
    from solvers.exercise.frogs import FrogsRules

MESSAGE_SECONDS = 4.0
LIST_STEP = 3
"""Moves the list scrolls per notch of the wheel."""


FROGS_BINDINGS = Bindings(
    Gesture(N_("click a frog"), N_("move it (a frog that cannot move shakes and says why)")),
    Binding(("l",), "move_side", N_("move the L frog that can move"), args=(fr.LEFT,)),
    Binding(("r",), "move_side", N_("move the R frog that can move"), args=(fr.RIGHT,)),
    Binding(("u", "backspace", "z", "ctrl+z"), "undo", N_("undo your last move")),
    Binding(("y", "ctrl+y"), "redo", N_("redo the move you undid")),
    Binding(("0", "[0]", "delete"), "reset_game", N_("start your game again")),
    Binding(("return", "keypad enter"), "solve_here", N_("solve from here (Space steps the solver too)")),
    Binding(("a",), "play_solution", N_("play the solution back, animated")),
    Binding(("b",), "back_to_game", N_("back to your game")),
    Binding(("c",), "follow_current", N_("the tree follows the current move again")),
    Binding(("[",), "resize", N_("fewer frogs on the left (N)"), args=(-1, 0)),
    Binding(("]",), "resize", N_("more frogs on the left (N)"), args=(1, 0)),
    Binding((",",), "resize", N_("fewer frogs on the right (M)"), args=(0, -1)),
    Binding((".",), "resize", N_("more frogs on the right (M)"), args=(0, 1)),
    Gesture(N_("wheel / drag on the tree"), N_("zoom / pan it (C follows the current move again)")),
    Gesture(N_("click a tried move in the tree"), N_("the timeline goes to its try; Shift: to its return")),
    Gesture(N_("hover a move in the tree"), N_("the move, the position after it, what became of it")),
    Gesture(N_("wheel on the list"), N_("scroll the moves")),
    Gesture(N_("click N or M"), N_("type the number of frogs")),
)
"""The frogs' keys and gestures: they feed input and the help overlay."""


class FrogsDemo(Undoable[FrogGame], Demo[FrogsModel]):
    """Frogs: play by hand, solve by backtracking (the tree of tries), play the solution back.

    About 400 lines, over the house's 300: the three modes' actions (play,
    solve, playback), the person's edits and the input
    routing (frogs, tree clicks, choices) share one controller; the words,
    offers and controls, questions, layout, drawing and the tree's camera are
    already in their own modules.
    """

    name = "frogs"
    title = N_("Frogs: play it, or watch backtracking solve it")
    default_speed = 4.0
    picture_boxes = ("pads_card", "tree_card")
    bindings = FROGS_BINDINGS

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.n = self.m = fr.DEFAULT_FROGS
        self.game = FrogGame(self.n, self.m)
        self.history: EditHistory[FrogGame] = EditHistory(self.game)
        self.mode = PLAY
        self.solve_from = self.game.start
        self.from_here: fr.FromHere | None = None
        self.playback_moves: tuple[fr.Hop, ...] = ()
        self.clock = 0.0
        self.anim: tuple[fr.Hop, float] | None = None  # a person's move: (move, started)
        self.shake: tuple[int, float] | None = None  # (pad, started)
        self.message, self.message_at = "", -MESSAGE_SECONDS
        self.celebrate_at: float | None = None
        self.confetti: list[board.Confetto] = []
        self.tries = treeview.TriesView(self.theme)
        self.list_top: int | None = None  # the list's first row when scrolled by hand
        self.seen_cursor = 0  # the cursor last frame: a jump re-centres the tree on the active move

    # --- what runs -----------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """The solver from the game's position (play), from `solve_from`, or the playback."""
        if self.mode == PLAYBACK:
            return fr.playback(self.solve_from, self.playback_moves)
        return fr.solve(self.solver_start())

    def solver_start(self) -> str:
        """Where the solver starts: the game's position (play) or the position it was asked to solve from."""
        return self.game.state if self.mode == PLAY else self.solve_from

    def exercise_rules(self) -> FrogsRules | None:
        """The frog moved next, where a dead end goes back to (exercise/frogs.py); None for a playback."""
        from solvers.exercise.frogs import FrogsRules

        return None if self.mode == PLAYBACK else FrogsRules(self.solver_start())

    def make_model(self) -> FrogsModel:
        """The pads at the run's start and an empty tree."""
        return FrogsModel(self.game.state if self.mode == PLAY else self.solve_from)

    def layout(self, rect: pygame.Rect) -> lay.FrogsLayout:
        """Where everything goes (the same for input and drawing)."""
        return lay.layout(rect, self.theme, self.mode, self.n + self.m + 1)

    def boxes(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """The layout's panels; while playing, the tree's card holds the rules whole (no tree, no legend)."""
        found = super().boxes(rect)
        if self.mode == PLAY:
            found.pop("tree_area", None)
            found.pop("legend", None)
        return found

    # --- the game ---------------------------------------------------------------------

    def set_sizes(self, n: int, m: int) -> None:
        """New numbers of frogs: a new game."""
        self.n = max(fr.MIN_FROGS, min(fr.MAX_FROGS, n))
        self.m = max(fr.MIN_FROGS, min(fr.MAX_FROGS, m))
        self.game = FrogGame(self.n, self.m)
        self.history = EditHistory(self.game)
        self.back_to_game()
        self.say(
            _("{left} frogs on the left, {right} on the right: {best} moves at best").format(
                left=self.n, right=self.m, best=self.game.best
            )
        )

    def resize(self, dn: int, dm: int) -> None:
        """One frog more or fewer on a side."""
        self.set_sizes(self.n + dn, self.m + dm)

    def click_pad(self, pad: int) -> None:
        """The person clicked the frog on `pad` (in play mode)."""
        if self.game.won:
            self.say(_("All frogs are across. Reset (0) to play again."))
            return
        leap = self.game.leap(pad)
        if leap is None:
            self.shake = (pad, self.clock)
            self.say(fr.why_stuck(self.game.state, pad))
            return
        self.history.do(leap)
        self.anim = (leap.hop, self.clock)
        self.after_game_change()
        if self.game.won:
            self.celebrate_at, self.confetti = self.clock, board.confetti(self.seed)
            self.say(won_words(len(self.game.moves), self.game.best))
        else:
            self.say(
                _("No more moves: undo (U) or start again (0).") if self.game.stuck else move_words(leap.hop)
            )

    def move_side(self, frog: str) -> None:
        """Keyboard play: move the frog of side `frog` that can move (at most one can)."""
        if self.mode != PLAY:
            self.back_to_game()
        hop = next((hop for hop in fr.legal_moves(self.game.state) if hop.frog == frog), None)
        if hop is None:
            self.say(_("No {frog} frog can move now.").format(frog=frog))
        else:
            self.click_pad(hop.frm)

    def undo(self, turns: int = 1) -> None:
        """Back to the person's game, then take back `turns` of its moves."""
        if self.mode != PLAY:
            self.back_to_game()
        super().undo(turns)

    def redo(self, turns: int = 1) -> None:
        """Back to the person's game, then make the moves undone last again."""
        if self.mode != PLAY:
            self.back_to_game()
        super().redo(turns)

    def edit_history(self) -> EditHistory[FrogGame]:
        """The person's moves, which U and Y walk."""
        return self.history

    def walk_words(self, edits: Sequence[Edit[FrogGame]]) -> str:
        """The move undone or redone, or how many ('3 moves')."""
        return edits[0].words if len(edits) == 1 else count_moves(len(edits))

    def tell(self, message: str) -> None:
        """Under the pads, where the game speaks."""
        self.say(message)

    def after_walk(self, edits: Sequence[Edit[FrogGame]]) -> None:
        """The solver's run starts from the position now on the pads."""
        self.after_game_change()

    def reset_game(self) -> None:
        """Start the person's game again (every move undone, so Y can bring them back)."""
        self.history.undo_all()
        self.back_to_game()
        self.say(_("A new game: move the frogs across."))

    def after_game_change(self) -> None:
        """The game's position changed: the solver's run must start from it."""
        self.anim = self.anim if self.anim and self.clock - self.anim[1] < board.JUMP_SECONDS else None
        self.celebrate_at = None
        self.list_top = None
        self.new_run()

    # --- modes ---------------------------------------------------------------------------

    def solve_here(self) -> None:
        """Solve from the game's position: the tree grows as the player plays."""
        self.start_solve(self.game.state)

    def solve_from_start(self) -> None:
        """Solve from the starting position."""
        self.start_solve(self.game.start)

    def start_solve(self, state: str) -> None:
        """Switch to the solver from `state` and play."""
        self.mode, self.solve_from = SOLVE, state
        self.from_here = self.verdict(state)
        self.fresh_view()
        self.new_run(autoplay=True)

    def verdict(self, state: str) -> fr.FromHere:
        """Solve-from-here's verdict, using the game's positions when `state` is its position."""
        return fr.solve_from_here(self.game.positions if state == self.game.state else [state])

    def play_solution(self) -> None:
        """Play back the solution from the solver's start (or from the game's position)."""
        state = self.solve_from if self.mode != PLAY else self.game.state
        verdict = self.verdict(state)
        if verdict.moves is None:
            self.say(hopeless_text(verdict))
            return
        self.mode, self.solve_from, self.from_here = PLAYBACK, state, verdict
        self.playback_moves = verdict.moves
        self.fresh_view()
        self.new_run(autoplay=True)

    def back_to_game(self) -> None:
        """Back to the person's game, where it was."""
        self.mode = PLAY
        self.fresh_view()
        self.new_run()

    def fresh_view(self) -> None:
        """A new run: no celebration, the tree and the list follow the current move."""
        self.celebrate_at, self.list_top = None, None
        self.tries.resume()

    def follow_current(self) -> None:
        """The tree's camera and the list follow the current move again."""
        self.list_top = None
        self.tries.resume()

    def say(self, text: str) -> None:
        """A line under the pads for a few seconds."""
        self.message, self.message_at = text, self.clock

    # --- how it reads -------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The solver's pseudocode, or the playback's."""
        return fr.PLAYBACK_CODE if self.mode == PLAYBACK else fr.PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The event in plain words (see `model.narrate`)."""
        return narrate(event)

    def counters(self, model: FrogsModel) -> list[tuple[str, str]]:
        """Moves so far in a game; tries, cancels and dead ends in a search (see `model.counters`)."""
        return counters(self.mode, self.game, model, len(self.playback_moves), self.shell.run.at_end)

    def shared_counters(self) -> Sequence[str]:
        """The demo's own counters say it all; events shows how far the run is."""
        return ("events",)

    def breakpoints(self) -> list[Stop]:
        """Stop at the next dead end (X, as in the maze)."""
        return [Stop("x", N_("next dead end"), lambda event: type(event) is DeadEnd)]

    def pads_title(self, model: FrogsModel) -> str:
        """What the pads show now."""
        return pads_title(self.mode, self.game, model, self.solve_from, len(self.playback_moves))

    def pads_look(self, model: FrogsModel) -> board.PadsLook:
        """What the pads' drawing reads this frame besides the model (see `board.PadsLook`)."""
        return board.PadsLook(
            self.mode,
            self.pads_title(model),
            self.game.state,
            self.clock,
            self.anim,
            self.shake,
            self.celebrate_at,
            self.confetti,
        )

    def offer(self, player: Player) -> Offer | None:
        """The end of a game, a search or a playback, with what to do next (see `offers.offer`)."""
        return offers.offer(self, player)

    def stage_buttons(self, frogs: lay.FrogsLayout, player: Player) -> list[Button]:
        """The offer's buttons on the stage, placed by the pure layout."""
        return offers.stage_buttons(self, frogs, player)

    def draw_tree_note(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        frogs: lay.FrogsLayout,
        model: FrogsModel,
        player: Player,
    ) -> None:
        """The note of the move hovered in the tree (not of an untried one while an exercise asks)."""
        shown = self.tries.shown(self.mode, model, self.solve_from)
        asking = self.shell.exercise.asking

        def noted(pos: Point) -> Key | None:
            """The move under `pos`, unless the open step's answer would show."""
            key = self.tries.key_at(self.mode, model, self.solve_from, frogs, pos)
            return None if key is None or (asking and shown.tree.status(key) == UNTRIED) else key

        finished = player.at_end or self.mode == PLAYBACK
        lines = partial(hover_lines, shown.tree, self.solve_from, finished=finished)
        self.tries.draw_note(surface, rect, self.theme, noted, lines)

    # --- controls and input ----------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Sizes (click the number to type one), the game's undo and reset, the runs' buttons."""
        return offers.controls(self)

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """The key table; the wheel on the list; the tree's camera; clicks on buttons and frogs."""
        if event.type == pygame.KEYDOWN:
            return self.bindings.dispatch(self, event)
        frogs, model = self.layout(rect), self.model_of(player)
        wheel = event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5)
        if wheel and frogs.list_card.collidepoint(event.pos):
            self.scroll_list(frogs, player, LIST_STEP if event.button == 5 else -LIST_STEP)
            return True
        mouse = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
        if mouse and self.mode != PLAY:
            click = partial(self.click_move, player=player) if self.mode == SOLVE else lambda key: None
            if self.tries.handle_tree(event, self.mode, model, self.solve_from, frogs, click):
                return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for button in self.stage_buttons(frogs, player):
            if button.handle(event):
                return True
        pad = frogs.pad_at(event.pos)
        if pad is None:
            return False
        if self.mode == PLAY:
            self.click_pad(pad)
        else:
            self.say(_("These are the solver's frogs: press B to go back to your game."))
        return True

    def click_move(self, key: Key | None, player: Player) -> bool:
        """A tried move clicked: the timeline goes to its try (Shift: its return); True when one was."""
        if key is None or key == START:
            return False
        if isinstance(key, tuple):
            self.say(_("That move has not been tried: only tried moves are on the timeline."))
            return True
        go_to_call(player, self.model_of(player).tree, key, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        return True

    @staticmethod
    def model_of(player: Player) -> FrogsModel:
        """The run's model."""
        model = player.model
        assert isinstance(model, FrogsModel)
        return model

    def scroll_list(self, frogs: lay.FrogsLayout, player: Player, rows: int) -> None:
        """Scroll the list of moves by `rows` (it stops following the current move)."""
        _, moves, current = list_content(self.mode, self.game, self.model_of(player), self.playback_moves)
        shown = lay.list_rows(self.theme, frogs.list_inner)
        self.list_top = lay.list_first(len(moves), shown, current, self.list_top) + rows

    # --- the frame -----------------------------------------------------------------------

    def update(self, dt: float, player: Player) -> None:
        """Clocks for animations; a run started by Space in play mode becomes a solve."""
        self.clock += dt
        if self.mode == PLAY and player.cursor > 0:
            self.mode, self.solve_from = SOLVE, self.game.state
            self.from_here = self.verdict(self.solve_from)
        if self.mode == PLAYBACK:
            if player.at_end and self.celebrate_at is None:
                self.celebrate_at, self.confetti = self.clock, board.confetti(self.seed)
            elif not player.at_end:
                self.celebrate_at = None
        if player.playing:
            self.list_top = None
        if abs(player.cursor - self.seen_cursor) > 1 and not player.playing:
            self.tries.follow = True  # a jump on the timeline: show the move active then
        self.seen_cursor = player.cursor

    def at_rest(self, player: Player) -> bool:
        """Still when no hop, shake, message or confetti plays and `update` has nothing new."""
        if (self.mode == PLAY and player.cursor > 0) or (
            self.mode == PLAYBACK and player.at_end and self.celebrate_at is None
        ):
            return False

        def running(started: float | None, seconds: float) -> bool:
            """True while an animation begun at `started` lasts."""
            return started is not None and self.clock - started < seconds

        return not (
            running(self.anim[1] if self.anim else None, board.JUMP_SECONDS)
            or running(self.shake[1] if self.shake else None, board.SHAKE_SECONDS)
            or running(self.celebrate_at, board.CONFETTI_SECONDS)
            or (bool(self.message) and running(self.message_at, MESSAGE_SECONDS))
        )

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player[FrogsModel]) -> None:
        """Pads on top; below them the tree and the list of moves (or the rules); offers; confetti."""
        model = player.model
        theme, frogs = self.theme, self.layout(rect)
        pads = self.pads_look(model)
        board.draw_pads(surface, theme, pads, frogs, model, player)
        offer, buttons = self.offer(player), self.stage_buttons(frogs, player)
        if offer is not None and not offer.banner:
            board.draw_result(surface, theme, frogs.bar, offer, buttons)
        else:
            fresh = self.message and self.clock - self.message_at < MESSAGE_SECONDS
            board.draw_message(
                surface, theme, frogs.bar, self.message if fresh else hint(self.mode, self.game)
            )
        if self.mode == PLAY:
            board.draw_help(surface, theme, frogs.tree_card, self.game.best, offer is not None)
        else:
            finished = player.at_end or self.mode == PLAYBACK
            stepping = self.shell.exercise.asking  # the moves not tried yet answer the exercise's step
            tries = self.tries
            tries.draw(surface, self.mode, model, self.solve_from, frogs, finished, stepping, stepping)
        title, moves, current = list_content(self.mode, self.game, model, self.playback_moves)
        first = lay.list_first(len(moves), lay.list_rows(theme, frogs.list_inner), current, self.list_top)
        empty = _("the search has not moved yet") if self.mode == SOLVE else _("no moves yet")
        board.draw_list(surface, theme, frogs.list_card, title, moves, current, first, empty)
        if offer is not None and offer.banner:
            board.draw_banner(surface, theme, frogs.lower, offer, buttons)
        if self.mode != PLAY:
            self.draw_tree_note(surface, rect, frogs, model, player)
        board.draw_confetti(surface, theme, pads, rect)
