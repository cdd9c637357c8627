"""Bigger games against the computer: m,n,k, gomoku and Connect Four, and why it moved as it did.

The controller: the match is `model.Match` under one `EditHistory` (your
stones, the computer's and new games are edits: U/Z undo a turn, Y redoes).
The computer thinks on a worker thread (`solvers.engine.Engine.think`, the
plain path, so the window stays live for up to 2 s); "why this move?" replays
that same search as events (`Engine.events`, node for node the same) into the
player, and the tree card shows it growing: iterations, heuristic leaves with
their terms, table hits, cuts, the chosen line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from solvers import threats
from solvers.engine import DEFAULT_LEVEL, ENGINE_PSEUDOCODE, Answer, Engine, Limits
from solvers.events import Prune
from solvers.gomoku_rules import BAN_WORDS, RULE_LABELS, RULES, Gomoku
from solvers.grids import MARKS, Grid, Position
from solvers.i18n import N_, _, format_number
from visualizer.bindings import Binding, Bindings, Gesture
from visualizer.history import Edit, EditHistory, Undoable
from visualizer.player import Player
from visualizer.scenes.base import Demo, Stop
from visualizer.scenes.games import view
from visualizer.scenes.games.model import (
    COMPUTER,
    CONNECT_FOUR_HEIGHTS,
    CONNECT_FOUR_WIDTHS,
    GAMES,
    HUMAN,
    EngineTree,
    Match,
    NewMatch,
    Place,
    hover_lines,
    narrate,
    own_words,
    value_words,
)
from visualizer.treecard import Point, TreeCard
from visualizer.treepaint import node_at
from visualizer.widgets import Button, Choice, Stepper, Widget

if TYPE_CHECKING:
    from solvers.exercise.minimax import GameTreeRules

GAMES_BINDINGS = Bindings(
    Gesture(N_("click a cell (a column in Connect Four)"), N_("play there")),
    Binding(("h",), "why", N_("why this move? replay the computer's last search")),
    Binding(("u", "z", "ctrl+z"), "undo", N_("undo your last move and the computer's reply")),
    Binding(("y", "ctrl+y"), "redo", N_("redo it")),
    Binding(("r",), "new_game", N_("new game (U undoes it)")),
    Binding(("w",), "swap_sides", N_("new game, the other side starts")),
    Binding(("b",), "next_game", N_("the next game: 3,3,3, 4,4,4, 5,5,4, gomoku, Connect Four")),
    Binding(("1",), "set_level", N_("easy: one move ahead"), args=("easy",)),
    Binding(("2",), "set_level", N_("medium: three plies"), args=("medium",)),
    Binding(("3",), "set_level", N_("hard: deepen for 1.8 s"), args=("hard",)),
    Gesture(N_("wheel / drag on the tree"), N_("zoom / pan it")),
    Gesture(N_("click a node (Shift: its return)"), N_("the timeline goes to its call (or return)")),
    Gesture(N_("hover a node"), N_("its move and value")),
    Binding(("0",), "card.reset", N_("the whole tree again")),
)
"""The games demo's keys and gestures."""


class GamesDemo(Undoable[Match], Demo[EngineTree]):
    """Play gomoku, m,n,k or Connect Four against a depth-limited engine; ask why it moved.

    Over 300 lines because it is where the match's edits, the engine's worker
    thread, the replayed search and the tree's clicks meet; the work itself
    is in model and view, this only wires.
    """

    name = "games"
    title = N_("Gomoku and friends: depth limits, a heuristic, a clock")
    default_speed = 200.0
    picture_boxes = ("board", "tree")
    bindings = GAMES_BINDINGS

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.match = Match()
        self.history: EditHistory[Match] = EditHistory(self.match)
        self.level = DEFAULT_LEVEL
        self.card: TreeCard[int] = TreeCard()
        self.explained: tuple[Position, Answer] | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="engine")
        self._thinking: tuple[tuple[str, tuple[int, ...]], Future[Answer]] | None = None
        self._turn()

    @property
    def game(self) -> Grid:
        """The rules of the game on show."""
        return self.match.game

    # --- the match -----------------------------------------------------------------------

    def play(self, row: int, col: int) -> None:
        """The person plays at (row, col) (the column, in Connect Four), if allowed."""
        game, pos = self.match.game, self.match.position
        move = col if game.gravity else game.cell(row, col)
        if self.match.over:
            self.notify(_("the game is over: R for a new game"))
        elif self.match.computers_turn:
            self.notify(_("the computer is thinking"))
        elif isinstance(game, Gomoku) and (ban := game.ban(pos.cells, move, pos.mover)):
            self.notify(_(BAN_WORDS[ban]))
        elif move not in game.moves(pos):
            self.notify(_("that place is taken") if not game.gravity else _("that column is full"))
        else:
            self.history.do(Place(move))
            self._turn()

    def new_game(
        self,
        key: str | None = None,
        starts: str | None = None,
        rule: str | None = None,
        size: tuple[int, int] | None = None,
    ) -> None:
        """An empty board (an undoable edit)."""
        match = self.match
        self.history.do(NewMatch(match, key or match.key, starts or match.starts, rule, size))
        self.explained = None
        self.card.reset()
        self.new_run()
        self._turn()

    def set_game(self, key: str) -> None:
        """Another game, a new board."""
        self.new_game(key=key)

    def set_rule(self, rule: str) -> None:
        """Gomoku under another rule, a new board."""
        self.new_game(key="gomoku", rule=rule)

    def set_width(self, width: int) -> None:
        """Connect Four on a wider or narrower board (4 to 9 columns), a new game."""
        width = min(max(width, CONNECT_FOUR_WIDTHS.start), CONNECT_FOUR_WIDTHS.stop - 1)
        self.new_game(key="connect4", size=(width, self.match.size[1]))

    def set_height(self, height: int) -> None:
        """Connect Four on a taller or lower board (4 to 8 rows), a new game."""
        height = min(max(height, CONNECT_FOUR_HEIGHTS.start), CONNECT_FOUR_HEIGHTS.stop - 1)
        self.new_game(key="connect4", size=(self.match.size[0], height))

    def next_game(self) -> None:
        """The next game in the list."""
        keys = list(GAMES)
        self.set_game(keys[(keys.index(self.match.key) + 1) % len(keys)])

    def set_starts(self, starts: str) -> None:
        """Who plays x (and so moves first); a new game."""
        self.new_game(starts=starts)

    def swap_sides(self) -> None:
        """A new game, the other side starting."""
        self.set_starts(COMPUTER if self.match.starts == HUMAN else HUMAN)

    def set_level(self, level: str) -> None:
        """Easy, medium or hard (from the next computer move)."""
        self.level = level

    def edit_history(self) -> EditHistory[Match]:
        """The match's moves and new games, which U and Y walk."""
        return self.history

    def answers(self, edit: Edit[Match]) -> bool:
        """The computer's move answers yours: undone and redone with it."""
        return isinstance(edit, Place) and edit.answer is not None

    def after_walk(self, edits: Sequence[Edit[Match]]) -> None:
        """The computer thinks if it is to move now."""
        self._turn()

    # --- the computer ----------------------------------------------------------------------

    def _turn(self) -> None:
        """Start the computer's search on a worker thread when it is to move."""
        if self.match.computers_turn and self._thinking is None:
            pos, game = self.match.position, self.match.game
            self._thinking = (self._board(), self._pool.submit(threats.think, game, pos, self.level))

    def _board(self) -> tuple[str, tuple[int, ...]]:
        """The game (and rule) and its moves: a search's move is played only on the board it searched."""
        return f"{self.match.key}:{self.match.rule}", tuple(self.match.moves)

    def wait(self) -> None:
        """Block until the computer has moved (tests; the app polls in `update`)."""
        while self._thinking is not None:
            self._thinking[1].result()
            self._collect()

    def _collect(self) -> None:
        """Play the computer's finished search, unless the board changed meanwhile."""
        if self._thinking is None or not self._thinking[1].done():
            return
        board, future = self._thinking
        self._thinking = None
        if board == self._board() and self.match.computers_turn:
            self.history.do(Place(future.result().move or 0, future.result()))
            if self.match.over:
                self.notify(self.match.result_text())
        self._turn()

    @property
    def thinking(self) -> bool:
        """The computer is searching."""
        return self._thinking is not None

    def why(self) -> None:
        """Replay the computer's last search as events, to watch it."""
        last = self.match.last_answer()
        if last is None:
            self.notify(_("the computer has not moved yet"))
            return
        self.explained = last
        self.card.reset()
        self.new_run(autoplay=True)

    def leaving(self) -> None:
        """Stop the worker thread with the demo."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    # --- what runs -------------------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """The replayed search of the computer's last move (nothing before "why this move?")."""
        if self.explained is None or self.explained[1].threat is not None:
            return iter(())  # a threat line decided: the board numbers it, no tree
        pos, answer = self.explained
        return Engine(self.match.game, Limits(depth=answer.depth)).events(pos)

    def exercise_rules(self) -> GameTreeRules:
        """Node values, α and β, the cuts and each iteration's move in the replayed search."""
        from solvers.exercise.minimax import engine_rules

        pos = self.match.position if self.explained is None else self.explained[0]
        return engine_rules(self.match.game, pos)

    def make_model(self) -> EngineTree:
        """An empty tree."""
        return EngineTree()

    def update(self, dt: float, player: Player) -> None:
        """Play the computer's move once its search is done."""
        self._collect()

    def at_rest(self, player: Player) -> bool:
        """Still unless the computer is thinking."""
        return not self.thinking

    # --- how it reads ----------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The engine's pseudocode."""
        return ENGINE_PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The event in words (model.narrate)."""
        return narrate(event, self.match.game)

    def shared_counters(self) -> Sequence[str]:
        """Nodes, depth and cuts of the replay."""
        return ("events", "calls", "depth", "prunes")

    def counters(self, model: EngineTree) -> list[tuple[str, str]]:
        """Iteration, leaves scored, table hits."""
        return [
            (_("iteration"), str(model.current_iteration() or "-")),
            (_("leaves"), format_number(model.leaves)),
            (_("table hits"), format_number(len(model.hits))),
        ]

    def stops(self) -> Sequence[str]:
        """No solutions or backtracks to run to."""
        return ()

    def breakpoints(self) -> list[Stop]:
        """Stop at the next cut (C)."""
        return [Stop("c", N_("next cut"), lambda event: type(event) is Prune)]

    def status(self, player: Player) -> str | None:
        """Whose turn it is, or how the game ended."""
        if self.match.over:
            return self.match.result_text()
        return _("the computer is thinking") if self.thinking else _("your move")

    def asked_move_on(self) -> Position | None:
        """The position searched, while an exercise step asks which move the computer chose (else None).

        The board then shows it without the computer's reply, and the words leave out the move: both
        are the answer.
        """
        step = self.exercise_step()
        if step is None or step.kind != "minimax.move":
            return None
        return self.explained[0] if self.explained is not None else None

    def words(self, tree: EngineTree, *, veiled: bool = False) -> list[str]:
        """The words card: the turn, the last answer (not if `veiled`), the newest heuristic leaf's terms."""
        match, game = self.match, self.match.game
        mine = MARKS[-match.computer_mark]
        you = _("you play x (disc).") if mine == "x" else _("you play o (ring).")
        lines = [match.result_text() if match.over else you]
        last = match.last_answer()
        if last is not None and not veiled and last[1].threat is not None:
            lines.append(
                _("computer: {move}. {why}").format(
                    move=game.move_name(last[1].move or 0), why=threats.threat_words(last[1].threat, game)
                )
            )
        elif last is not None and not veiled:
            pos, answer = last
            sign = 1 if pos.mover > 0 else -1
            line = " ".join(view.move_label(game, m) for m in answer.pv[:6])
            own = sign * answer.value + 0.0  # + 0.0: a draw reads +0, not -0
            lines.append(
                _(
                    "computer: {move}, {value} for x (its view: {own}); depth {depth}, {nodes} nodes,"
                    " {hits} table hits, {seconds} s. expected: {line}. H: why?"
                ).format(
                    move=game.move_name(answer.move or 0),
                    value=value_words(answer.value),
                    own=own_words(own, pos, answer.depth),
                    depth=answer.depth,
                    nodes=format_number(answer.nodes),
                    hits=format_number(answer.tt_hits),
                    seconds=f"{answer.seconds:.2f}",
                    line=line,
                )
            )
        newest = tree.newest_terms()
        if newest is not None:
            node, terms = newest
            lines.append(
                _("node {node} at the depth limit: {value} for x =").format(
                    node=node, value=f"{tree.leaf[node]:+,.0f}"
                )
            )
            lines += view.terms_lines(terms) or [_("no runs that can still grow: 0")]
        return lines

    # --- input ------------------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Game, who starts, level, new game, undo, why."""
        return [
            Choice(
                [(_(label), key) for key, (label, _rules) in GAMES.items()],
                lambda: self.match.key,
                self.set_game,
                hint="B",
            ),
            Choice(
                [(_("you start"), HUMAN), (_("computer starts"), COMPUTER)],
                lambda: self.match.starts,
                self.set_starts,
                hint="W",
            ),
            Choice(
                [(_(RULE_LABELS[rule]), rule) for rule in RULES],
                lambda: self.match.rule if self.match.key == "gomoku" else "",
                self.set_rule,
            ),
            Stepper(
                _("Connect Four width"),
                lambda: self.match.size[0],
                self.set_width,
                CONNECT_FOUR_WIDTHS.start,
                CONNECT_FOUR_WIDTHS.stop - 1,
            ),
            Stepper(
                _("height"),
                lambda: self.match.size[1],
                self.set_height,
                CONNECT_FOUR_HEIGHTS.start,
                CONNECT_FOUR_HEIGHTS.stop - 1,
            ),
            Choice(
                [(_("easy"), "easy"), (_("medium"), "medium"), (_("hard"), "hard")],
                lambda: self.level,
                self.set_level,
                hint="1 2 3",
            ),
            Button(_("new game"), self.new_game, hint="R"),
            Button(_("undo"), self.undo, hint=_("U or Z")),
            Button(_("why this move?"), self.why, hint=_("H: replay the computer's last search")),
        ]

    def layout(self, rect: pygame.Rect) -> view.GamesLayout:
        """The stage's layout (the same for input and drawing)."""
        game = self.match.game
        return view.layout(rect, self.theme, game.rows, game.cols, row_names=not game.gravity)

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Clicks play; the wheel and drags move the tree; keys go to the table."""
        if event.type == pygame.KEYDOWN:
            return self.bindings.dispatch(self, event)
        lay = self.layout(rect)
        tree = player.model
        if self.card.handle(event, lay.tree_area, self.node_finder(lay.tree_area, tree), self.go_to(player)):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            game = self.match.game
            cell = view.cell_at(lay.grid, game.rows, game.cols, event.pos)
            if cell is not None:
                self.play(*cell)
                return True
        return False

    def node_finder(self, area: pygame.Rect, tree: EngineTree) -> Callable[[Point], int | None]:
        """The node of the tree shown under a point, if any (the painter's places, through the camera)."""
        return lambda pos: node_at(view.tree_places(area, self.theme, tree)[0], area, pos, self.card.camera)

    def go_to(self, player: Player[EngineTree]) -> Callable[[int], None]:
        """A node clicked: the timeline goes to its Push (Shift: its Pop)."""
        return lambda node: player.model.go_to(player, node, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player[EngineTree]) -> None:
        """The board and the words at the left, the tree at the right."""
        lay, theme = self.layout(rect), self.theme
        tree = player.model
        last = self.match.last_answer()
        expected = last[1].pv[1:2] if last is not None and self.match.moves else []
        searched = self.asked_move_on()
        board = self.match.position if searched is None else searched
        view.draw_board(surface, lay, theme, self.match.game, board, expected if searched is None else [])
        plan = self.explained[1].threat if self.explained is not None and searched is None else None
        if plan is not None:
            view.draw_threat_line(surface, lay, theme, self.match.game, board, plan.line)
        words = self.words(tree, veiled=searched is not None)
        view.draw_words(surface, lay.words, theme, _("what the computer thinks"), words)
        root_mover = self.explained[0].mover if self.explained is not None else 1
        waiting = (
            _("no tree: the threat search chose this move, and the board numbers its line")
            if plan is not None
            else _("the computer is thinking...")
            if self.thinking
            else _("press H (why this move?) to watch the computer's last search")
            if last is not None
            else _("your move: click a cell. The computer's search shows here when you ask why it moved.")
        )
        asked = tree.stack[-1] if self.exercise_step() is not None and tree.stack else None
        marks = view.TreeMarks(asked=asked)
        view.draw_tree_card(
            surface, lay, theme, tree, self.match.game, root_mover, self.card.camera, waiting, marks
        )
        lines = partial(hover_lines, tree, game=self.match.game)
        self.card.draw_note(surface, rect, theme, self.node_finder(lay.tree_area, tree), lines)
