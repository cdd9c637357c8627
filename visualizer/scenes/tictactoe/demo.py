"""Tic-tac-toe against the computer, with the computer's search tree growing as it thinks.

The controller: the game is `model.Game` under one `EditHistory` (your
moves, the computer's replies and new games are edits, so U/Z undo a turn
and Y redoes it); each computer turn is one run of the player, minimax or
alpha-beta on the current board, and when that run ends the computer plays
the move it chose.  Keys are the `bindings` table; the layout and the tree's
plan are pure functions in `view.py`; narration is `model.narrate`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from solvers import minimax as mm
from solvers.events import Event, Prune
from solvers.i18n import N_, _, format_number
from solvers.tictactoe import GAME, TicTacToe
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.history import Edit, EditHistory, Undoable
from visualizer.panels import card
from visualizer.player import Player
from visualizer.scenes.base import Demo, Stop
from visualizer.scenes.tictactoe import finale, view
from visualizer.scenes.tictactoe.model import (
    COMPUTER,
    HUMAN,
    BackgroundSearch,
    Game,
    NewGame,
    Play,
    TreeFocus,
    cell_name,
    hover_lines,
    narrate,
)
from visualizer.searchtree import SearchTree, TimedSearchTree, value_text
from visualizer.treecard import Point, TreeCard, card_hint, card_words
from visualizer.versus import is_reply
from visualizer.widgets import Button, Choice, Widget

if TYPE_CHECKING:
    from solvers.exercise.engine import Step
    from solvers.exercise.minimax import GameTreeRules

MINIMAX, ALPHABETA = "minimax", "alphabeta"
COUNT_BUDGET = 0.003
"""Seconds per frame spent counting both searches' nodes for the side-by-side figures."""
KEYPAD_CELLS = {7: 0, 8: 1, 9: 2, 4: 3, 5: 4, 6: 5, 1: 6, 2: 7, 3: 8}
"""The keypad's digit -> cell: its 7 is the top left, as the board looks."""

TICTACTOE_BINDINGS = Bindings(
    Gesture(N_("click a cell / 1-9"), N_("play there (1 is top left; the keypad maps as it looks)")),
    Binding(
        ("return", "enter"),
        "answer_now",
        N_("the computer answers now (skip to its search's end)"),
        label="Enter",
    ),
    Binding(("u", "z", "ctrl+z"), "undo", N_("undo your last move and the computer's reply (or a new game)")),
    Binding(("y", "ctrl+y"), "redo", N_("redo it")),
    Binding(("r",), "new_game", N_("new game (U undoes it)")),
    Binding(("w",), "swap_sides", N_("new game, the other side starts")),
    Binding(("a",), "swap_algorithm", N_("minimax or alpha-beta")),
    Gesture(
        N_("click a board in the tree (Shift: its return)"), N_("the timeline goes to its move (or return)")
    ),
    Gesture(N_("click a board's +N or value"), N_("open its folded subtree (again: fold it)")),
    Gesture(N_("hover a board in the tree"), N_("its move and value")),
    Gesture(N_("wheel / drag"), N_("zoom / pan the tree")),
    Binding(("0",), "card.reset", N_("the whole tree again")),
    Binding(("l",), "follow", N_("follow the search again after opening a subtree")),
)
"""Tic-tac-toe's keys and gestures."""


class TicTacToeDemo(Undoable[Game], finale.PlainEnd, Demo[TimedSearchTree]):
    """Play x or o against minimax or alpha-beta and watch each of its searches.

    Over 300 lines: the game's edits, the computer's turn, the settings and the tree's clicks
    meet here; the work is in model and view, this only wires."""

    name = "tictactoe"
    title = N_("Tic-tac-toe: the computer searches the game tree")
    default_speed = 500.0
    picture_boxes = ("tree",)
    panels = (("counts", N_("nodes")),)
    bindings = TICTACTOE_BINDINGS

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.game = Game()
        self.history: EditHistory[Game] = EditHistory(self.game)
        self.algorithm = ALPHABETA
        self.shortcut = False
        self.ordered = False
        self.search_board: str | None = None
        self.counts: dict[str, BackgroundSearch] = {}
        self.card: TreeCard[view.Shown] = TreeCard()
        self.focus = TreeFocus()
        self._begin_turn()

    # --- the game, as the rest of the app asks about it -------------------------------------

    @property
    def moves(self) -> list[int]:
        """The cells played so far."""
        return self.game.moves

    @property
    def board(self) -> str:
        """The board after the moves so far."""
        return self.game.board

    @property
    def starts(self) -> str:
        """Who plays x: HUMAN or COMPUTER."""
        return self.game.starts

    @property
    def human_mark(self) -> str:
        """The person's mark."""
        return self.game.human_mark

    @property
    def computer_mark(self) -> str:
        """The computer's mark."""
        return self.game.computer_mark

    @property
    def over(self) -> bool:
        """The game has ended."""
        return self.game.over

    @property
    def computers_turn(self) -> bool:
        """The game goes on and it is the computer's move."""
        return self.game.computers_turn

    @property
    def thinking(self) -> bool:
        """The current run is the computer's search for the board on show."""
        return self.computers_turn and self.search_board == self.board

    @property
    def pinned(self) -> list[int] | None:
        """The path opened by hand, or None when the tree follows the search."""
        return self.focus.pinned

    # --- the game's edits ----------------------------------------------------------------------

    def play(self, cell: int) -> None:
        """The person plays `cell`, if it is their turn and the cell is free."""
        if self.over:
            self.notify(_("the game is over: R for a new game"))
        elif self.computers_turn:
            self.notify(_("the computer is thinking: Enter makes it answer now"))
        elif self.board[cell] != ".":
            self.notify(_("{cell} is taken").format(cell=cell_name(cell)))
        else:
            self.history.do(Play(cell))
            self._begin_turn()

    def prepare_export(self) -> None:
        """Nobody will play: on an empty board the computer moves first (the file shows its search, move)."""
        if not self.moves and not self.computers_turn:
            self.set_starts(COMPUTER)

    def new_game(self, starts: str | None = None) -> None:
        """An empty board (an undoable edit); the computer starts searching if it moves first."""
        self.history.do(NewGame(self.game, starts or self.game.starts))
        self._begin_turn()

    def set_starts(self, starts: str) -> None:
        """Who plays x (and so moves first); a new game."""
        self.new_game(starts)

    def swap_sides(self) -> None:
        """A new game, the other side starting."""
        self.new_game(COMPUTER if self.starts == HUMAN else HUMAN)

    def edit_history(self) -> EditHistory[Game]:
        """The game's moves and new games, which U and Y walk."""
        return self.history

    def answers(self, edit: Edit[Game]) -> bool:
        """The computer's reply answers your move: undone and redone with it."""
        return is_reply(edit)

    def after_walk(self, edits: Sequence[Edit[Game]]) -> None:
        """The computer searches if it is to move now; else the last search stays on show."""
        self._begin_turn(keep_counts=False)

    def answer_now(self) -> None:
        """The computer plays at once (`minimax.best_move`); its search's tree fills in behind it."""
        if self.thinking:
            move, value = mm.best_move(GAME, self.board, shortcut=self.shortcut, order=self.order)
            self.shell.run.seek_end()
            self.history.do(Play(move, value))
            if self.over:
                self.notify(self.game.result_text())

    def _begin_turn(self, keep_counts: bool = True) -> None:
        """Start the computer's search when it is to move; else keep the last search on show."""
        self.focus.follow()
        self.card.reset()
        if self.computers_turn:
            self.search_board = self.board
            self._start_counts(self.search_board)
            self.new_run(autoplay=True)
        elif self.search_board is not None and (
            not keep_counts or self.search_board != self.game.board_before_reply()
        ):
            self.search_board = None
            self.counts = {}
            self.new_run()

    # --- the search's settings ---------------------------------------------------------------

    def set_algorithm(self, algorithm: str) -> None:
        """Minimax or alpha-beta; a search under way starts again with it."""
        self.algorithm = algorithm
        self._restart_search()

    def swap_algorithm(self) -> None:
        """The other algorithm."""
        self.set_algorithm(MINIMAX if self.algorithm == ALPHABETA else ALPHABETA)

    def set_shortcut(self, on: bool) -> None:
        """Take an immediate win without searching further (on), or search every move (off)."""
        if on != self.shortcut:
            self.toggle_shortcut()

    def toggle_shortcut(self) -> None:
        """Take an immediate win without searching further, or not."""
        self.shortcut = not self.shortcut
        self._restart_search()

    def toggle_ordered(self) -> None:
        """Try the centre and corners first, or cells in order."""
        self.ordered = not self.ordered
        self._restart_search()

    def _restart_search(self) -> None:
        """Run the search again on the same board with the new settings."""
        if self.search_board is None:
            return
        self.focus.follow()
        self._start_counts(self.search_board)
        self.new_run(autoplay=self.thinking)

    def _start_counts(self, board: str) -> None:
        """Count both algorithms' nodes on `board` in the background, for the side-by-side."""
        order = self.order

        def counter(events: Any) -> BackgroundSearch:
            """One algorithm's count, drained over frames."""
            return BackgroundSearch(
                lambda report: events(GAME, board, shortcut=self.shortcut, order=order, report=report)
            )

        self.counts = {MINIMAX: counter(mm.minimax_events), ALPHABETA: counter(mm.alphabeta_events)}

    @property
    def order(self) -> mm.Order | None:
        """The move ordering in use."""
        return TicTacToe.centre_first if self.ordered else None

    def ordered_moves(self, board: str) -> Sequence[int]:
        """A board's moves in the order the search tries them."""
        moves = GAME.moves(board)
        return TicTacToe.centre_first(board, moves) if self.ordered else moves

    # --- what runs -------------------------------------------------------------------------------

    def source(self) -> Iterator[Event]:
        """The computer's search on the board it is thinking about (nothing before)."""
        if self.search_board is None:
            return iter(())
        events = mm.alphabeta_events if self.algorithm == ALPHABETA else mm.minimax_events
        return events(GAME, self.search_board, shortcut=self.shortcut, order=self.order)

    def exercise_rules(self) -> GameTreeRules:
        """Node values, α and β, the cuts and the computer's move on the search `source` plays."""
        from solvers.exercise.minimax import tictactoe_rules

        board = self.board if self.search_board is None else self.search_board
        return tictactoe_rules(board, alphabeta=self.algorithm == ALPHABETA)

    def make_model(self) -> TimedSearchTree:
        """An empty tree that knows where its nodes are on the timeline."""
        return TimedSearchTree(alphabeta=self.algorithm == ALPHABETA)

    def update(self, dt: float, player: Player[TimedSearchTree]) -> None:
        """Count in the background; at the search's end the computer plays its move."""
        for count in self.counts.values():
            if not count.done:
                count.advance(COUNT_BUDGET / 2)
                break
        if not self.thinking or player.error or not player.at_end:
            return
        tree = player.model
        chosen = tree.chosen(0) if tree.count else None
        if chosen is None:
            return
        self.history.do(Play(tree.move[chosen], tree.value[0]))
        if self.over:
            self.notify(self.game.result_text())

    def at_rest(self, player: Player) -> bool:
        """Still once the background counts are over and no finished search waits to be played."""
        if any(not count.done for count in self.counts.values()):
            return False
        return not (self.thinking and player.at_end and not player.error)

    # --- how it reads ------------------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The pseudocode of the algorithm in use."""
        return mm.ALPHABETA_PSEUDOCODE if self.algorithm == ALPHABETA else mm.MINIMAX_PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The event in words (model.narrate)."""
        return narrate(event)

    def shared_counters(self) -> Sequence[str]:
        """Calls are the nodes searched; prunes only mean something for alpha-beta."""
        if self.algorithm == ALPHABETA:
            return ("events", "calls", "depth", "prunes")
        return ("events", "calls", "depth", "max_depth")

    def counters(self, model: SearchTree) -> list[tuple[str, str]]:
        """Games scored and the value found."""
        root = model.value[0] if model.count else None
        return [
            (_("games scored"), format_number(model.leaves)),
            (_("value for x"), value_text(root, signed=True) if root is not None else "?"),
        ]

    def stops(self) -> Sequence[str]:
        """Nothing here backtracks or finds solutions: no such run-to buttons."""
        return ()

    def breakpoints(self) -> list[Stop]:
        """Stop at the next cut (C)."""
        return [Stop("c", N_("next cut"), lambda event: type(event) is Prune)]

    def status(self, player: Player) -> str | None:
        """The title bar's word: whose turn it is, or how the game ended."""
        if self.over:
            return self.game.result_text()
        return _("the computer is thinking") if self.thinking else _("your move")

    def words(self, tree: SearchTree) -> str:
        """What is going on, for the lines under the board (model.Game.words)."""
        return self.game.words(self.thinking, tree.count)

    # --- input -----------------------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Who starts, the algorithm, the options, new game, undo, answer now."""
        return [
            Choice(
                [(_("you start"), HUMAN), (_("computer starts"), COMPUTER)],
                lambda: self.starts,
                self.set_starts,
                hint=_("W: the other side starts (a new game)"),
            ),
            Choice(
                [(_("minimax"), MINIMAX), (_("alpha-beta"), ALPHABETA)],
                lambda: self.algorithm,
                self.set_algorithm,
                hint="A",
            ),
            Button(
                _("wins at once"),
                self.toggle_shortcut,
                active=lambda: self.shortcut,
                hint=_("take an immediate win without searching the other moves"),
            ),
            Button(
                _("centre first"),
                self.toggle_ordered,
                active=lambda: self.ordered,
                hint=_("move ordering: centre, corners, edges (alpha-beta cuts more)"),
            ),
            Button(_("new game"), self.new_game, hint="R"),
            Button(_("undo"), self.undo, hint=_("U or Z: your last move and the reply")),
            Button(_("answer now"), self.answer_now, hint=_("Enter"), enabled=lambda: self.thinking),
        ]

    def layout(self, rect: pygame.Rect) -> view.TicTacToeLayout:
        """The stage's layout (the same for input and drawing)."""
        return view.layout(rect, self.theme, counts=not self.beside("counts"))

    def plan(self, area: pygame.Rect, tree: SearchTree) -> view.TreePlan | None:
        """What the tree card shows now, or None before a search."""
        if self.search_board is None or not tree.count:
            return None
        asked = self.asked_node(tree)
        given = view.TreeInputs(
            self.search_board, self.focus.path(tree), self.ordered_moves, self.card.camera, asked
        )
        return view.plan_tree(area, self.theme, tree, given)

    def asked_node(self, tree: SearchTree) -> int:
        """The node an open exercise step is about (the running one: its best so far would tell), or -1."""
        return tree.stack[-1] if self.exercise_step() is not None and tree.stack else -1

    def exercise_targets(
        self, step: Step, rect: pygame.Rect, player: Player[TimedSearchTree]
    ) -> dict[Hashable, pygame.Rect]:
        """The prunes are marked on the tree: each move is its faint board under the asked node."""
        tree = player.model
        asked, lay = self.asked_node(tree), self.layout(rect)
        path = self.focus.path(tree)
        plan = self.plan(lay.tree_area, tree)
        if step.kind != "minimax.prune" or plan is None or asked not in path:
            return {}
        row, keys = path.index(asked) + 1, {choice.key for choice in step.choices}
        return {
            item.move: item.box
            for item in plan.boards
            if item.node < 0 and item.row == row and item.move in keys and lay.tree_area.contains(item.box)
        }

    def focus_path(self, tree: SearchTree) -> list[int]:
        """The nodes whose moves are shown as rows: root first."""
        return self.focus.path(tree)

    def follow(self) -> None:
        """Show the search's own path again (after a subtree was opened by hand)."""
        self.focus.follow()

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Digits play cells; the mouse plays, opens nodes, zooms and pans; then the key table."""
        if event.type == pygame.KEYDOWN:
            return self._digit(event) or self.bindings.dispatch(self, event)
        lay = self.layout(rect)
        tree = player.model
        find = partial(self._item_at, lay.tree_area, tree)
        if self.card.handle(
            event, lay.tree_area, find, lambda item: self._click_item(item, event.pos, player)
        ):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = next((c for c, box in enumerate(lay.cells) if box.collidepoint(event.pos)), None)
            if cell is not None:
                self.play(cell)
                return True
            return lay.tree_area.collidepoint(event.pos)
        return (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1 and lay.tree_area.collidepoint(event.pos)
        )

    def _digit(self, event: pygame.event.Event) -> bool:
        """1-9 (top left first) or the keypad (as the board looks) plays a cell."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if pygame.K_1 <= event.key <= pygame.K_9:
            self.play(event.key - pygame.K_1)
            return True
        if pygame.K_KP1 <= event.key <= pygame.K_KP9:
            self.play(KEYPAD_CELLS[event.key - pygame.K_KP1 + 1])
            return True
        return False

    def _item_at(self, area: pygame.Rect, tree: SearchTree, pos: Point) -> view.Shown | None:
        """The board or tag of the tree card under `pos`, if any (the plan the card paints)."""
        plan = self.plan(area, tree)
        return view.node_at(plan, pos) if plan is not None else None

    def _click_item(self, item: view.Shown, pos: Point, player: Player[TimedSearchTree]) -> None:
        """A board clicked: the timeline goes to its move (Shift: its return); a tag: open or fold it."""
        tree = player.model
        if item.box.collidepoint(pos):
            self.focus.follow()
            tree.go_to(player, item.node, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        else:
            self.focus.toggle(tree, item.row, item.node)

    # --- drawing ---------------------------------------------------------------------------------

    def _draw_counts(self, surface: pygame.Surface, rect: pygame.Rect, tree: SearchTree) -> None:
        """Minimax's and alpha-beta's node counts on this position, in `rect`."""
        rows = [
            view.CountRow(words, count.report.nodes if count.done else None, name == self.algorithm)
            for name, words in ((MINIMAX, _("minimax")), (ALPHABETA, _("alpha-beta")))
            if (count := self.counts.get(name)) is not None
        ]
        view.draw_counts(surface, rect, self.theme, rows, tree.count)

    def draw_panel(self, name: str, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The node counts, beside the stage when the stage had no room for them."""
        self._draw_counts(surface, rect, player.model)  # type: ignore[arg-type]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player[TimedSearchTree]) -> None:
        """The game on the left with the node counts; the search tree on the right."""
        theme, lay = self.theme, self.layout(rect)
        tree = player.model
        title = _("you: {mine}    computer: {theirs}").format(mine=self.human_mark, theirs=self.computer_mark)
        last = self.moves[-1] if self.moves else None
        view.draw_game(surface, lay, theme, self.board, last, title, self.words(tree), self.thinking)
        self._draw_counts(surface, lay.counts, tree)
        card(
            surface,
            lay.tree,
            theme,
            _("the computer's search (alpha-beta)")
            if self.algorithm == ALPHABETA
            else _("the computer's search (minimax)"),
        )
        plan = self.plan(lay.tree_area, tree)
        if plan is None:
            waiting = _("your move: the computer's search tree grows here when it thinks")
            words = waiting if self.search_board is None else _("press Space to watch the search")
            card_words(surface, theme, lay.tree_area, words)
            return
        view.draw_tree(surface, lay.tree_area, theme, plan)
        self.card.draw_note(
            surface,
            rect,
            theme,
            partial(view.node_at, plan),
            lambda item: hover_lines(tree, item.node, item.board),
        )
        asked = self.asked_node(tree)
        if asked >= 0:
            view.ring(surface, lay.tree_area, theme, plan, asked)
        card_hint(surface, theme, lay.tree_area, view.tree_hint(tree.count, self.focus.pinned is not None))
