"""Tic-tac-toe against the computer, with the computer's search tree growing as it thinks.

The game lives in the demo (the moves so far); each computer turn is one run
of the player: minimax or alpha-beta on the current board.  When the run
reaches its end the computer plays the move the search chose, and the tree of
that search stays on screen until the human moves again.

The tree is drawn as rows, one per depth: the root board, then the moves of
each node on the current path (the call stack while the search runs, the
chosen line once it is over).  A finished node carries its subtree's size as
"+1,204"; a click opens it (its moves form the next row) or folds it again.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame

from solvers import minimax as mm
from solvers.events import Bound, Evaluate, Pop, Prune, Push
from solvers.tictactoe import EMPTY_BOARD, GAME, TicTacToe, outcome, player_to_move, winning_line
from visualizer import theme as th
from visualizer.draw import cut_mark, dashed_line, tag
from visualizer.panels import card, wrap
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.scenes.treeview import (
    BackgroundSearch,
    Camera,
    SearchTree,
    cut_text,
    value_text,
)
from visualizer.widgets import Button, Choice, Widget

MINIMAX, ALPHABETA = "minimax", "alphabeta"
HUMAN, COMPUTER = "human", "computer"
CELL_NAMES = (
    "top left",
    "top",
    "top right",
    "left",
    "centre",
    "right",
    "bottom left",
    "bottom",
    "bottom right",
)
COUNT_BUDGET = 0.003
"""Seconds per frame spent counting both searches' nodes for the side-by-side figures."""
ANSWER_NOW = 10**12
"""A seek target past any run's end: the player stops at the last event."""


def cell_name(cell: int) -> str:
    """'centre (4)'."""
    return f"{CELL_NAMES[cell]} ({cell})"


def narrate(event: Any) -> str | None:
    """One search event in words (values are for x: +1 x wins, -1 o wins)."""
    kind = type(event)
    if kind is Push:
        if event.parent < 0:
            return "the computer starts to search from the board as it is"
        return f"node {event.node}: try {cell_name(event.what)}"
    if kind is Evaluate:
        result = {1: "x has won: +1", -1: "o has won: −1", 0: "a draw: 0"}.get(event.value, "")
        return f"node {event.node} ends the game: {result}"
    if kind is Pop:
        if event.node == 0:
            return f"the search returns {value_text(event.value, signed=True)}: the move is chosen"
        return f"node {event.node} returns {value_text(event.value, signed=True)} to its parent"
    if kind is Bound:
        if event.name == "alpha":
            return f"α at node {event.node} rises to {value_text(event.value, signed=True)}"
        return f"β at node {event.node} falls to {value_text(event.value, signed=True)}"
    if kind is Prune:
        return f"cut at node {event.node} ({cut_text(event.bound, True)}): skip its other moves"
    return None


class TicTacToeDemo(Demo):
    """Play x or o against minimax or alpha-beta and watch each of its searches."""

    name = "tictactoe"
    title = "Tic-tac-toe: the computer searches the game tree"
    blurb = "play the computer; watch minimax and alpha-beta"
    default_speed = 500.0
    keys = (
        ("click a cell / 1-9", "play there (1 is top left)"),
        ("Enter", "the computer answers now (skip to the end of its search)"),
        ("U", "undo your last move and the computer's reply"),
        ("R / W", "new game / new game, the other side starts"),
        ("A", "minimax or alpha-beta"),
        ("click +N", "open a folded subtree (click again to fold it)"),
        ("wheel / drag", "zoom / pan the tree;  0: whole tree again"),
        ("L", "follow the search again after opening a subtree"),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.starts = HUMAN
        self.algorithm = ALPHABETA
        self.shortcut = False
        self.ordered = False
        self.moves: list[int] = []
        self.search_board: str | None = None
        self.last_reply: tuple[int, Any] | None = None
        self.counts: dict[str, BackgroundSearch] = {}
        self.camera = Camera()
        self.pinned: list[int] | None = None
        self.extend = True
        self._cells: list[pygame.Rect] = []
        self._items: list[tuple[pygame.Rect, int, int]] = []  # (rect, row, node) drawn last
        self._tree_area = pygame.Rect(0, 0, 0, 0)
        self.new_game()

    # --- the game --------------------------------------------------------------------

    @property
    def board(self) -> str:
        """The board after the moves so far."""
        board = EMPTY_BOARD
        for move in self.moves:
            board = GAME.result(board, move)
        return board

    @property
    def human_mark(self) -> str:
        """The one who starts plays x."""
        return "x" if self.starts == HUMAN else "o"

    @property
    def computer_mark(self) -> str:
        """The other mark."""
        return "o" if self.starts == HUMAN else "x"

    @property
    def over(self) -> bool:
        """A line is full or the board is."""
        return bool(outcome(self.board))

    @property
    def computers_turn(self) -> bool:
        """The game goes on and it is the computer's move."""
        return not self.over and player_to_move(self.board) == self.computer_mark

    @property
    def thinking(self) -> bool:
        """The current run is the computer's search for the board on show."""
        return self.computers_turn and self.search_board == self.board

    def new_game(self) -> None:
        """An empty board; the computer starts searching if it moves first."""
        self.moves = []
        self.last_reply = None
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Start the computer's search when it is to move, else wait for the human."""
        self.pinned, self.extend = None, True
        self.camera.reset()
        if self.computers_turn:
            self.search_board = self.board
            self._start_counts(self.search_board)
            self.new_run(autoplay=True)
        elif self.search_board is not None and self.search_board != self._board_before_reply():
            self.search_board = None
            self.counts = {}
            self.new_run()

    def _board_before_reply(self) -> str | None:
        """The board the computer's last reply was searched on (None without one)."""
        if not self.moves or self.last_reply is None:
            return None
        board = EMPTY_BOARD
        for move in self.moves[: self.last_reply[0]]:
            board = GAME.result(board, move)
        return board

    def play(self, cell: int) -> None:
        """The human plays `cell`, if it is their turn and the cell is free."""
        if self.over:
            self.notify("the game is over: R for a new game")
            return
        if self.computers_turn:
            self.notify("the computer is thinking: Enter makes it answer now")
            return
        if self.board[cell] != ".":
            self.notify(f"{cell_name(cell)} is taken")
            return
        self.moves.append(cell)
        self._begin_turn()

    def answer_now(self) -> None:
        """Skip to the end of the computer's search (it then plays)."""
        if self.thinking:
            self.shell.run.seek(ANSWER_NOW)

    def undo(self) -> None:
        """Take back the human's last move and the computer's reply to it."""
        mine = self.human_mark
        board, moves = EMPTY_BOARD, []
        last_mine = None
        for index, move in enumerate(self.moves):
            if player_to_move(board) == mine:
                last_mine = index
            board = GAME.result(board, move)
            moves.append(move)
        if last_mine is None:
            self.notify("nothing to undo yet")
            return
        del self.moves[last_mine:]
        self.last_reply = None
        self.search_board = None
        self.counts = {}
        self.pinned, self.extend = None, True
        self.new_run()

    def set_starts(self, starts: str) -> None:
        """Who plays x (and so moves first); a new game."""
        self.starts = starts
        self.new_game()

    def set_algorithm(self, algorithm: str) -> None:
        """Minimax or alpha-beta; a search under way starts again with it."""
        self.algorithm = algorithm
        self._restart_search()

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
        self.pinned, self.extend = None, True
        self._start_counts(self.search_board)
        self.new_run(autoplay=self.thinking)

    def _start_counts(self, board: str) -> None:
        """Count both algorithms' nodes on `board` in the background, for the side-by-side."""
        order = self.order

        def counter(events: Any) -> BackgroundSearch:
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

    # --- what runs ---------------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """The computer's search on the board it is thinking about (nothing before)."""
        if self.search_board is None:
            return iter(())
        events = mm.alphabeta_events if self.algorithm == ALPHABETA else mm.minimax_events
        return events(GAME, self.search_board, shortcut=self.shortcut, order=self.order)

    def make_model(self) -> SearchTree:
        """An empty tree."""
        return SearchTree(alphabeta=self.algorithm == ALPHABETA)

    def update(self, dt: float, player: Player) -> None:
        """Count in the background; when the search is over, the computer plays its move."""
        for count in self.counts.values():
            if not count.done:
                count.advance(COUNT_BUDGET / 2)
                break
        if not self.thinking or player.error or not player.at_end:
            return
        model: SearchTree = player.model  # type: ignore[assignment]
        chosen = model.chosen(0) if model.count else None
        if chosen is None:
            return
        move = model.move[chosen]
        self.last_reply = (len(self.moves), model.value[0])
        self.moves.append(move)
        if self.over:
            self.notify(self._result_text())

    # --- how it reads --------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The pseudocode of the algorithm in use."""
        return mm.ALPHABETA_PSEUDOCODE if self.algorithm == ALPHABETA else mm.MINIMAX_PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The event in words."""
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
            ("games scored", f"{model.leaves:,}"),
            ("value for x", value_text(root, signed=True) if root is not None else "?"),
        ]

    def stops(self) -> Sequence[str]:
        """Nothing here backtracks or finds solutions: no such run-to buttons."""
        return ()

    def breakpoints(self) -> list[tuple[str, Any]]:
        """Stop at the next cut."""
        return [("next cut", lambda event: type(event) is Prune)]

    # --- input ----------------------------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Who starts, the algorithm, the options, new game, undo, answer now, follow."""
        return [
            Choice(
                [("you start", HUMAN), ("computer starts", COMPUTER)],
                lambda: self.starts,
                self.set_starts,
                hint="W: the other side starts (a new game)",
            ),
            Choice(
                [("minimax", MINIMAX), ("alpha-beta", ALPHABETA)],
                lambda: self.algorithm,
                self.set_algorithm,
                hint="A",
            ),
            Button(
                "wins at once",
                self.toggle_shortcut,
                active=lambda: self.shortcut,
                hint="take an immediate win without searching the other moves",
            ),
            Button(
                "centre first",
                self.toggle_ordered,
                active=lambda: self.ordered,
                hint="move ordering: centre, corners, edges (alpha-beta cuts more)",
            ),
            Button("new game", self.new_game, hint="R"),
            Button("undo", self.undo, hint="U: your last move and the reply"),
            Button("answer now", self.answer_now, hint="Enter", enabled=lambda: self.thinking),
        ]

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Cells, tree nodes, zoom and pan, and the demo's keys."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.camera.handle(event, self._tree_area):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for cell, box in enumerate(self._cells):
                if box.collidepoint(event.pos):
                    self.play(cell)
                    return True
            return self._tree_area.collidepoint(event.pos)
        clicked_tree = (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and not self.camera.dragged
            and self._tree_area.collidepoint(event.pos)
        )
        if clicked_tree:
            self._click_tree(event.pos, player.model)  # type: ignore[arg-type]
        return clicked_tree

    def _key(self, event: pygame.event.Event) -> bool:
        """The demo's keys; digits play cells."""
        if pygame.K_1 <= event.key <= pygame.K_9:
            self.play(event.key - pygame.K_1)
            return True
        if pygame.K_KP1 <= event.key <= pygame.K_KP9:  # the keypad's 7 is top left
            self.play({7: 0, 8: 1, 9: 2, 4: 3, 5: 4, 6: 5, 1: 6, 2: 7, 3: 8}[event.key - pygame.K_KP1 + 1])
            return True
        actions = {
            pygame.K_RETURN: self.answer_now,
            pygame.K_KP_ENTER: self.answer_now,
            pygame.K_u: self.undo,
            pygame.K_r: self.new_game,
            pygame.K_w: lambda: self.set_starts(COMPUTER if self.starts == HUMAN else HUMAN),
            pygame.K_a: lambda: self.set_algorithm(MINIMAX if self.algorithm == ALPHABETA else ALPHABETA),
            pygame.K_l: self.follow,
            pygame.K_0: self.camera.reset,
        }
        return self.run_key(event, actions)

    def follow(self) -> None:
        """Show the search's own path again (after a subtree was opened by hand)."""
        self.pinned, self.extend = None, True

    def _click_tree(self, pos: tuple[int, int], model: SearchTree) -> None:
        """A click on a node opens its subtree (or folds it when open)."""
        path = self.focus_path(model)
        for box, row, node in reversed(self._items):
            if node < 0 or not box.collidepoint(pos) or node >= model.count:
                continue
            if node in model.stack:
                self.follow()
            elif row < len(path) and path[row] == node:
                self.pinned, self.extend = path[:row], False  # fold it
            elif model.size(node) > 1:
                self.pinned, self.extend = [*path[:row], node], True
            return

    def focus_path(self, model: SearchTree) -> list[int]:
        """The nodes whose moves are shown as rows: root first."""
        if not model.count:
            return []
        path = [n for n in (self.pinned or [0]) if n < model.count]
        if not path or path[0] != 0 or any(model.parent[b] != a for a, b in itertools.pairwise(path)):
            path, self.pinned, self.extend = [0], None, True
        if path[-1] in model.stack:
            path += model.stack[model.stack.index(path[-1]) + 1 :]
        elif self.extend:
            while (chosen := model.chosen(path[-1])) is not None:
                path.append(chosen)
        return path

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """The game on the left with the node counts; the search tree on the right."""
        theme = self.theme
        model: SearchTree = player.model  # type: ignore[assignment]
        gap = theme.px(10)
        left_w = min(int(rect.w * 0.36), theme.px(340))
        game_h = min(rect.h - theme.px(150), left_w + theme.px(96))
        game = pygame.Rect(rect.x, rect.y, left_w, game_h)
        counts = pygame.Rect(rect.x, game.bottom + gap, left_w, rect.bottom - game.bottom - gap)
        tree = pygame.Rect(game.right + gap, rect.y, rect.right - game.right - gap, rect.h)
        self._draw_game(surface, game, model)
        self._draw_counts(surface, counts, model)
        self._draw_tree(surface, tree, model, player)

    def _result_text(self) -> str:
        """Who won, in words."""
        result = outcome(self.board)
        if result == "draw":
            return "a draw: the computer never loses"
        return "you win!" if result == self.human_mark else f"the computer ({result}) wins"

    def status(self, player: Player) -> str | None:
        """The title bar's word: whose turn it is, or how the game ended."""
        if self.over:
            return self._result_text()
        return "the computer is thinking" if self.thinking else "your move"

    def _status(self, model: SearchTree) -> str:
        """What is going on, for the line under the board."""
        if self.over:
            return self._result_text() + ".  R: new game,  U: undo."
        if self.thinking:
            return (
                f"the computer ({self.computer_mark}) is thinking: {model.count:,} nodes so "
                "far.  Enter: answer now."
            )
        lead = ""
        if self.last_reply is not None and len(self.moves) == self.last_reply[0] + 1:
            value = self.last_reply[1]
            meaning = {
                0: "a draw with best play",
                1: "x wins with best play",
                -1: "o wins with best play",
            }.get(value, "")
            lead = (
                f"the computer played {CELL_NAMES[self.moves[-1]]} "
                f"(value {value_text(value, signed=True)}: {meaning}).  "
            )
        return lead + f"your move: click a cell (you play {self.human_mark})."

    def _draw_game(self, surface: pygame.Surface, rect: pygame.Rect, model: SearchTree) -> None:
        """The big board, its winning line, and the status."""
        theme = self.theme
        inner = card(surface, rect, theme, f"you: {self.human_mark}    computer: {self.computer_mark}")
        status = wrap(theme, self._status(model), inner.w, "small")
        text_h = len(status) * theme.line_height("small") + theme.px(6)
        size = max(theme.px(60), min(inner.w, inner.h - text_h))
        board_rect = pygame.Rect(inner.centerx - size // 2, inner.y, size, size)
        self._cells = draw_board(
            surface, theme, board_rect, self.board, big=True, last=self.moves[-1] if self.moves else None
        )
        y = board_rect.bottom + theme.px(6)
        colour = th.ACTIVE if self.thinking else th.INK
        for line in status:
            surface.blit(theme.text(line, "small", colour), (inner.x, y))
            y += theme.line_height("small")

    def _draw_counts(self, surface: pygame.Surface, rect: pygame.Rect, model: SearchTree) -> None:
        """Minimax and alpha-beta node counts on the searched position, side by side."""
        theme = self.theme
        if rect.h < theme.px(60):
            return
        inner = card(surface, rect, theme, "nodes on this position")
        if not self.counts:
            hint = "the computer's searches will be counted here, minimax beside alpha-beta"
            step = theme.line_height("small")
            for i, line in enumerate(wrap(theme, hint, inner.w, "small")):
                surface.blit(theme.text(line, "small", th.MUTED), (inner.x, inner.y + i * step))
            return
        finished = [c.report.nodes for c in self.counts.values() if c.done]
        most = max(finished, default=1)
        bar_h = theme.px(16)
        y = inner.y
        for name, title in ((MINIMAX, "minimax"), (ALPHABETA, "alpha-beta")):
            count = self.counts[name]
            chosen = name == self.algorithm
            surface.blit(theme.text(title, "small", th.INK, "bold" if chosen else "sans"), (inner.x, y))
            figure = f"{count.report.nodes:,} nodes" if count.done else "counting…"
            image = theme.text(figure, "small", th.INK, "bold")
            surface.blit(image, (inner.right - image.get_width(), y))
            y += theme.line_height("small")
            track = pygame.Rect(inner.x, y, inner.w, bar_h)
            pygame.draw.rect(surface, th.FAINT, track, border_radius=theme.px(3))
            if count.done:
                bar = track.copy()
                bar.w = max(theme.px(3), round(track.w * count.report.nodes / max(most, 1)))
                pygame.draw.rect(surface, th.ACTIVE if chosen else th.MUTED, bar, border_radius=theme.px(3))
            y += bar_h + theme.px(6)
        if len(finished) == 2 and finished[0]:
            share = finished[1] / finished[0]
            note = (
                f"alpha-beta searched {share:.1%} of minimax's nodes for the same move; "
                f"this run: {model.count:,} so far"
            )
            for line in wrap(theme, note, inner.w, "small"):
                if y + theme.line_height("small") > inner.bottom:
                    break
                surface.blit(theme.text(line, "small", th.MUTED), (inner.x, y))
                y += theme.line_height("small")

    # --- the tree -----------------------------------------------------------------------------

    def _draw_tree(
        self, surface: pygame.Surface, rect: pygame.Rect, model: SearchTree, player: Player
    ) -> None:
        """Rows of boards: the root, then the moves of each node on the focus path."""
        theme = self.theme
        mover = self.computer_mark
        title = f"the computer's search ({self.algorithm.replace('alphabeta', 'alpha-beta')})"
        inner = card(surface, rect, theme, title)
        self._tree_area = inner
        self._items = []
        if self.search_board is None or not model.count:
            text = (
                "your move: the computer's search tree grows here when it thinks"
                if self.search_board is None
                else "press Space to watch the search"
            )
            step = theme.line_height("body")
            for i, line in enumerate(wrap(theme, text, inner.w - theme.px(20), "body")):
                image = theme.text(line, "body", th.MUTED)
                surface.blit(image, image.get_rect(midtop=(inner.centerx, inner.centery + i * step)))
            return
        previous_clip = surface.get_clip()
        surface.set_clip(inner.clip(previous_clip))
        path = self.focus_path(model)
        root_board = self.search_board
        levels = root_board.count(".") + 1
        gutter = theme.px(58)
        row_h = inner.h / max(levels, 4)
        width = inner.w - gutter
        boards = [root_board]
        for node in path[1:]:
            boards.append(GAME.result(boards[-1], model.move[node]))
        stack = set(model.stack)
        top = model.stack[-1] if model.stack else -1
        cam = self.camera
        base = max(theme.px(18), min(row_h * 0.62, theme.px(60)))
        rows = len(path) + (0 if GAME.terminal(boards[-1]) else 1)
        first = player_to_move(root_board)
        for depth in range(rows):
            mark = first if depth % 2 == 0 else ("o" if first == "x" else "x")
            self._draw_row_label(surface, inner, depth, row_h * depth + theme.px(4), row_h, mark)
        # Row 0: the root alone.
        # Edges first, then the boards on top of them: `later` holds the boards.
        positions: dict[int, tuple[float, float, float]] = {0: (gutter + width / 2, theme.px(4), base)}
        later: list[Callable[[], object]] = []
        for depth, node in enumerate(path):
            board = boards[depth]
            if GAME.terminal(board):
                break
            moves = self.ordered_moves(board)
            tried = {model.move[c]: c for c in model.children(node)}
            cut = model.cuts.get(node)
            y = row_h * (depth + 1) + theme.px(4)
            slot = width / max(len(moves), 1)
            size = min(base, slot * 0.72)
            parent_x, parent_y, parent_size = positions[node]
            parent_bottom = cam.to_screen(inner, parent_x, parent_y + parent_size)
            cut_label_at: tuple[int, int] | None = None
            for i, move in enumerate(moves):
                x = gutter + slot * (i + 0.5)
                child = tried.get(move)
                top_mid = cam.to_screen(inner, x, y)
                child_board = GAME.result(board, move)
                if child is None:
                    was_cut = cut is not None
                    colour = th.PRUNED if was_cut else th.FAINT
                    dashed_line(surface, colour, parent_bottom, top_mid, theme.px(2), theme.px(4))
                    if was_cut:
                        cut_mark(surface, theme, parent_bottom, top_mid, theme.px(6))
                        cut_label_at = cut_label_at or top_mid
                    later.append(
                        functools.partial(
                            self._draw_ghost, surface, inner, x, y, size, child_board, move, was_cut
                        )
                    )
                    continue
                positions[child] = (x, y, size)
                on_path = depth + 1 < len(path) and path[depth + 1] == child
                chosen = model.done(node) and model.chosen(node) == child
                width_line = theme.px(4) if on_path or chosen else theme.px(2)
                line_colour = th.DONE if chosen else (th.ACTIVE if child in stack else th.MUTED)
                pygame.draw.line(surface, line_colour, parent_bottom, top_mid, width_line)
                later.append(
                    functools.partial(
                        self._draw_node,
                        surface,
                        inner,
                        model,
                        child,
                        x,
                        y,
                        size,
                        child_board,
                        move,
                        maximizing=player_to_move(child_board) == "x",
                        on_path=on_path,
                        chosen=chosen,
                        active=child == top,
                        waiting=child in stack and child != top,
                        row=depth + 1,
                    )
                )
            if cut_label_at is not None and cut is not None:
                at = (cut_label_at[0], cut_label_at[1] - theme.px(10))
                text = f"✂ cut: {cut_text(cut, True)}"
                later.append(
                    functools.partial(tag, surface, theme, text, at, th.blend(th.PANEL, th.PRUNED, 0.35))
                )
        for draw in later:
            draw()
        self._draw_node(
            surface,
            inner,
            model,
            0,
            gutter + width / 2,
            theme.px(4),
            base,
            root_board,
            None,
            maximizing=mover == "x",
            on_path=True,
            chosen=False,
            active=top == 0,
            waiting=0 in stack and top != 0,
            row=0,
        )
        surface.set_clip(previous_clip)
        self._draw_tree_hint(surface, inner, model, player)

    def _draw_row_label(
        self, surface: pygame.Surface, inner: pygame.Rect, depth: int, y: float, row_h: float, mark: str
    ) -> None:
        """'MAX x' or 'MIN o' at the left of a row (x maximises)."""
        theme = self.theme
        _, sy = self.camera.to_screen(inner, 0, y)
        role = "MAX" if mark == "x" else "MIN"
        colour = th.BLUE if mark == "x" else th.VERMILLION
        band = pygame.Rect(inner.x, sy - theme.px(2), inner.w, round(row_h * self.camera.zoom) - theme.px(2))
        if depth % 2 == 0:
            pygame.draw.rect(surface, th.blend(th.PANEL, th.FAINT, 0.45), band)
        surface.blit(theme.text(role, "small", colour, "bold"), (inner.x + theme.px(2), sy))
        surface.blit(
            theme.text(f"{mark} moves", "tiny", th.MUTED),
            (inner.x + theme.px(2), sy + theme.line_height("small")),
        )

    def _draw_node(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        model: SearchTree,
        node: int,
        x: float,
        y: float,
        size: float,
        board: str,
        move: int | None,
        *,
        maximizing: bool,
        on_path: bool,
        chosen: bool,
        active: bool,
        waiting: bool,
        row: int,
    ) -> None:
        """One board as a node: its state as a frame, its value below, a fold count beside it."""
        theme = self.theme
        cam = self.camera
        px_size = max(theme.px(8), round(size * cam.zoom))
        sx, sy = cam.to_screen(inner, x, y)
        box = pygame.Rect(sx - px_size // 2, sy, px_size, px_size)
        self._items.append((box, row, node))
        if chosen:
            pygame.draw.rect(
                surface, th.YELLOW, box.inflate(theme.px(10), theme.px(10)), border_radius=theme.px(6)
            )
        frame = th.ACTIVE if active else th.WAITING if waiting else th.DONE if model.done(node) else th.MUTED
        draw_board(
            surface,
            theme,
            box,
            board,
            last=move,
            frame=frame,
            frame_width=theme.px(3) if active or waiting or on_path else theme.px(1),
        )
        value = model.value[node]
        tags: list[tuple[str, th.Color, th.Color]] = []  # (text, fill, ink)
        if value is not None:
            fill = th.YELLOW if chosen else th.blend(th.PANEL, th.DONE, 0.35)
            tags.append((value_text(value, model.bound_kind(node), signed=True), fill, th.INK))
        elif node in model.stack:
            best = model.best_so_far(node, maximizing)
            if best is not None:
                tags.append(
                    (f"best {value_text(best, signed=True)}", th.blend(th.PANEL, th.WAITING, 0.3), th.INK)
                )
        hidden = model.size(node) - 1
        folded = model.done(node) and hidden > 0 and not on_path
        if folded:
            tags.append((f"+{hidden:,}", th.TITLE_BAR, th.PANEL))
        self._draw_tags(surface, tags, box, row, node, folded)

    def _draw_tags(
        self,
        surface: pygame.Surface,
        tags: list[tuple[str, th.Color, th.Color]],
        box: pygame.Rect,
        row: int,
        node: int,
        folded: bool,
    ) -> None:
        """The value and the fold count side by side under a board (the count is clickable)."""
        theme = self.theme
        images = [theme.text(text, "tiny", ink, "bold") for text, _, ink in tags]
        pad, gap = theme.px(6), theme.px(3)
        widths = [image.get_width() + pad for image in images]
        x = box.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        y = box.bottom + theme.px(2)
        for (_, fill, _), image, w in zip(tags, images, widths, strict=True):
            tag = pygame.Rect(x, y, w, image.get_height() + theme.px(2))
            pygame.draw.rect(surface, fill, tag, border_radius=theme.px(4))
            surface.blit(image, image.get_rect(center=tag.center))
            x += w + gap
        if folded:
            self._items.append((tag, row, node))

    def _draw_ghost(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        x: float,
        y: float,
        size: float,
        board: str,
        move: int,
        was_cut: bool,
    ) -> None:
        """A move not (yet) tried: faint; cut by alpha-beta: purple and dashed."""
        theme = self.theme
        px_size = max(theme.px(8), round(size * self.camera.zoom))
        sx, sy = self.camera.to_screen(inner, x, y)
        box = pygame.Rect(sx - px_size // 2, sy, px_size, px_size)
        colour = th.PRUNED if was_cut else th.FAINT
        pygame.draw.rect(surface, th.blend(th.PANEL, colour, 0.15), box)
        for a, b in (
            (box.topleft, box.topright),
            (box.topright, box.bottomright),
            (box.bottomright, box.bottomleft),
            (box.bottomleft, box.topleft),
        ):
            dashed_line(surface, colour, a, b, theme.px(2), theme.px(3))
        cell = _cell_rect(box, move)
        draw_mark(surface, cell.inflate(-cell.w // 4, -cell.h // 4), board[move], colour, theme.px(2))

    def _draw_tree_hint(
        self, surface: pygame.Surface, inner: pygame.Rect, model: SearchTree, player: Player
    ) -> None:
        """A line at the bottom: how to explore the tree."""
        theme = self.theme
        pinned = " · L: follow the search" if self.pinned is not None else ""
        text = f"{model.count:,} nodes · click +N to open · wheel: zoom · drag: pan · 0: reset{pinned}"
        image = theme.text(text, "tiny", th.MUTED)
        where = image.get_rect(bottomright=(inner.right, inner.bottom + theme.px(6)))
        pygame.draw.rect(surface, th.PANEL, where.inflate(theme.px(8), theme.px(2)))
        surface.blit(image, where)


# --- boards --------------------------------------------------------------------------------


def _cell_rect(board_rect: pygame.Rect, cell: int) -> pygame.Rect:
    """The square of `cell` inside a board drawn in `board_rect`."""
    step = board_rect.w / 3
    row, col = divmod(cell, 3)
    return pygame.Rect(
        round(board_rect.x + col * step), round(board_rect.y + row * step), round(step), round(step)
    )


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, mark: str, colour: th.Color, width: int) -> None:
    """An x as a cross, an o as a ring: shapes, so colour is never the only cue."""
    if mark == "x":
        pygame.draw.line(surface, colour, rect.topleft, (rect.right - 1, rect.bottom - 1), width)
        pygame.draw.line(surface, colour, (rect.right - 1, rect.top), (rect.left, rect.bottom - 1), width)
    elif mark == "o":
        pygame.draw.circle(surface, colour, rect.center, max(2, rect.w // 2), width)


def draw_board(
    surface: pygame.Surface,
    theme: th.Theme,
    rect: pygame.Rect,
    board: str,
    *,
    last: int | None = None,
    big: bool = False,
    frame: th.Color = th.MUTED,
    frame_width: int = 1,
) -> list[pygame.Rect]:
    """A board: grid, marks (the last move on a lit cell), the winning line; the cell rects."""
    pygame.draw.rect(surface, th.PANEL, rect)
    cells = [_cell_rect(rect, cell) for cell in range(9)]
    if last is not None:
        pygame.draw.rect(surface, th.LIT_LINE, cells[last])
    grid = th.INK if big else th.MUTED
    grid_w = theme.px(3) if big else 1
    step = rect.w / 3
    for i in (1, 2):
        x = round(rect.x + i * step)
        y = round(rect.y + i * step)
        pygame.draw.line(surface, grid, (x, rect.y), (x, rect.bottom - 1), grid_w)
        pygame.draw.line(surface, grid, (rect.x, y), (rect.right - 1, y), grid_w)
    pad = max(1, rect.w // (14 if big else 24))
    mark_w = theme.px(7) if big else max(2, rect.w // 16)
    for cell, mark in enumerate(board):
        colour = th.BLUE if mark == "x" else th.VERMILLION
        draw_mark(surface, cells[cell].inflate(-2 * pad, -2 * pad), mark, colour, mark_w)
    line = winning_line(board)
    if line is not None:
        start, end = cells[line[0]].center, cells[line[2]].center
        pygame.draw.line(surface, th.DONE, start, end, theme.px(9) if big else max(2, rect.w // 12))
    if not big:
        pygame.draw.rect(surface, frame, rect, frame_width)
    return cells
