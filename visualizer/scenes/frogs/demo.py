"""The frogs demo: play LLL_RRR by clicking frogs, or watch the solver grow its tree of tries.

Three modes share the stage:
- play: the person's own game (clicks or L / R keys, undo, reset); the
  player holds the solver's run from the current position, so Space or
  Enter starts "solve from here";
- solve: the backtracking run; the pads show the solver's position and the
  tree of tried moves grows below them;
- playback: the solution, one move per event, frogs sliding and jumping.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from solvers import frogs as fr
from solvers.events import DeadEnd, Move, Pop, Push, Solution
from visualizer import theme as th
from visualizer.assets import asset
from visualizer.draw import dashed_line
from visualizer.panels import card, fit_text, wrap
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.widgets import Button, Stepper, Widget, draw_box

PLAY, SOLVE, PLAYBACK = "play", "solve", "playback"

SLIDE_SECONDS, JUMP_SECONDS = 0.3, 0.45
"""How long a person's move takes on screen."""
SHAKE_SECONDS = 0.5
MESSAGE_SECONDS = 4.0
CONFETTI_SECONDS = 4.0
CONFETTI_PIECES = 90

SIDE_NAMES = {fr.LEFT: "L frog (blue, moves right)", fr.RIGHT: "R frog (orange, moves left)"}
LEGEND = (
    (fr.ON_PATH, "current path"),
    (fr.EXECUTED, "executed"),
    (fr.CANCELLED, "cancelled"),
    (fr.UNTRIED, "not tried"),
)
STATUS_COLOURS = {fr.ON_PATH: th.ACTIVE, fr.EXECUTED: th.DONE, fr.CANCELLED: th.DEAD, fr.UNTRIED: th.MUTED}
"""Colour of each tree status; the line style is the second cue (solid, dashed, dotted)."""


# --- the person's game ------------------------------------------------------------


class FrogGame:
    """A game by hand: the positions so far, the moves that led there, undo and reset."""

    def __init__(self, n: int, m: int) -> None:
        self.start = fr.start_state(n, m)
        self.history: list[str] = [self.start]
        self.moves: list[fr.Hop] = []

    @property
    def state(self) -> str:
        """The position now."""
        return self.history[-1]

    @property
    def won(self) -> bool:
        """True on the goal."""
        return self.state == fr.goal_state(self.state)

    @property
    def stuck(self) -> bool:
        """True when no frog can move and the goal is not reached."""
        return not self.won and not fr.legal_moves(self.state)

    def play(self, pad: int) -> fr.Hop | None:
        """Move the frog on `pad` if it can move; the move, or None."""
        hop = fr.move_of(self.state, pad)
        if hop is not None:
            self.history.append(fr.play(self.state, hop))
            self.moves.append(hop)
        return hop

    def undo(self) -> fr.Hop | None:
        """Take the last move back; the move, or None at the start."""
        if not self.moves:
            return None
        self.history.pop()
        return self.moves.pop()

    def reset(self) -> None:
        """Back to the starting position."""
        del self.history[1:]
        self.moves.clear()


# --- the model the player moves ---------------------------------------------------


class FrogsModel:
    """The pads and the tree of tried moves, moved by solver or playback events."""

    def __init__(self, start: str) -> None:
        self.start = start
        self.pads = list(start)
        self.tree = fr.TryTree()
        self.solution: tuple[fr.Hop, ...] | None = None
        self.moves_made = 0
        self.version = 0  # changes on every apply and revert: views cache on it

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        self.version += 1
        kind = type(event)
        if kind is Move:
            self.pads[event.to], self.pads[event.frm] = event.piece, fr.EMPTY
            self.moves_made += 1
            return
        if kind is Solution:
            self.solution = tuple(event.answer)
        self.tree.apply(event)

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        self.version += 1
        kind = type(event)
        if kind is Move:
            self.pads[event.frm], self.pads[event.to] = event.piece, fr.EMPTY
            self.moves_made -= 1
            return
        if kind is Solution:
            self.solution = None
        self.tree.revert(event)

    @property
    def state(self) -> str:
        """The position on the pads."""
        return "".join(self.pads)

    def snapshot(self) -> tuple:
        """The whole state as one comparable value."""
        return (self.state, self.solution, self.moves_made, self.tree.snapshot())


# --- the tree's layout ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """Where a tree node sits: column = depth, row; and where its parent sits."""

    node: fr.TreeNode
    col: int
    row: int
    parent_col: int
    parent_row: int


def layout_tree(tree: fr.TryTree) -> tuple[list[Cell], int, int]:
    """Cells of every move node, columns and rows used.

    An outline: depth to the right, and a first child stays on its parent's
    row, so a run of first tries reads as one straight line; each later
    sibling opens a new row below everything laid out before it.
    """
    cells: list[Cell] = []
    next_row = 1
    cols = 1
    stack = [(child, 0, 0, index == 0) for index, child in reversed(list(enumerate(tree.root.children)))]
    while stack:
        node, parent_col, parent_row, first = stack.pop()
        row = parent_row if first else next_row
        if not first:
            next_row += 1
        col = parent_col + 1
        cols = max(cols, col + 1)
        cells.append(Cell(node, col, row, parent_col, parent_row))
        for index in range(len(node.children) - 1, -1, -1):
            stack.append((node.children[index], col, row, index == 0))
    return cells, cols, next_row


# --- drawing helpers ----------------------------------------------------------------


def styled_line(
    surface: pygame.Surface, theme: th.Theme, status: str, start: tuple[int, int], end: tuple[int, int]
) -> None:
    """A tree edge in the status's colour and line style: solid, dashed or dotted."""
    colour = STATUS_COLOURS[status]
    if status in (fr.ON_PATH, fr.EXECUTED):
        pygame.draw.line(surface, colour, start, end, theme.px(3))
    elif status == fr.CANCELLED:
        dashed_line(surface, colour, start, end, theme.px(2), theme.px(6), theme.px(4))
    else:
        dashed_line(surface, colour, start, end, theme.px(1), 1, theme.px(4))


def styled_box(surface: pygame.Surface, theme: th.Theme, status: str, box: pygame.Rect) -> None:
    """A tree node's box: filled and solid when on the path or the solution, dashed or dotted else."""
    colour = STATUS_COLOURS[status]
    if status in (fr.ON_PATH, fr.EXECUTED):
        pygame.draw.rect(surface, colour, box, border_radius=theme.px(3))
        return
    fill = th.blend(th.PANEL, colour, 0.14 if status == fr.CANCELLED else 0.0)
    pygame.draw.rect(surface, fill, box, border_radius=theme.px(3))
    if box.w < theme.px(18):  # too small for dashes to show: a thin outline (edges keep the style)
        pygame.draw.rect(surface, colour, box, 1)
        return
    corners = (
        (box.topleft, box.topright),
        (box.topright, box.bottomright),
        (box.bottomright, box.bottomleft),
        (box.bottomleft, box.topleft),
    )
    right = (box.right - 1, box.bottom - 1)
    for a, b in corners:
        a = (min(a[0], right[0]), min(a[1], right[1]))
        b = (min(b[0], right[0]), min(b[1], right[1]))
        styled_line(surface, theme, status, a, b)


def hop_label(hop: fr.Hop) -> str:
    """A move as the tree shows it: `L2→3`."""
    return f"{hop.frog}{hop.frm}→{hop.to}"


def hop_words(hop: fr.Hop) -> str:
    """A move as the list and the log show it: `L 2→3`."""
    return f"{hop.frog} {hop.frm}→{hop.to}"


# --- sprites -----------------------------------------------------------------------------

_SPRITES: dict[str, pygame.Surface | None] = {}
_SCALED: dict[tuple[str, int], pygame.Surface] = {}


def sprite(name: str, size: int) -> pygame.Surface | None:
    """A sprite from assets/sprites scaled to `size` pixels, cached; None if it is missing."""
    key = (name, size)
    if key in _SCALED:
        return _SCALED[key]
    if name not in _SPRITES:
        try:
            loaded = pygame.image.load(str(asset("sprites", f"{name}.png")))
            _SPRITES[name] = loaded.convert_alpha() if pygame.display.get_surface() else loaded
        except (pygame.error, FileNotFoundError):
            _SPRITES[name] = None
    original = _SPRITES[name]
    if original is None:
        return None
    scaled = pygame.transform.smoothscale(original, (size, size))
    if len(_SCALED) > 64:
        _SCALED.clear()
    _SCALED[key] = scaled
    return scaled


@dataclass(slots=True)
class Confetto:
    """One piece of the celebration."""

    x: float
    speed: float
    sway: float
    phase: float
    size: int
    colour: th.Color


# --- the demo -----------------------------------------------------------------------------


class FrogsDemo(Demo):
    """Frogs: play by hand, solve by backtracking (the tree of tries), play the solution back."""

    name = "frogs"
    title = "Frogs: play it, or watch backtracking solve it"
    blurb = "LLL_RRR: play it, or watch the solver's tree of tries"
    default_speed = 4.0
    keys = (
        ("click a frog", "move it (a frog that cannot move shakes and says why)"),
        ("L / R", "move the L frog / the R frog that can move"),
        ("U or Backspace", "undo your last move"),
        ("0 or Delete", "start your game again"),
        ("Enter", "solve from here (Space steps the solver too)"),
        ("A", "play the solution back, animated"),
        ("B", "back to your game"),
        ("[ / ]", "fewer / more frogs on the left (N)"),
        (", / .", "fewer / more frogs on the right (M)"),
        ("mouse wheel", "scroll a tree too large to fit (Shift: sideways)"),
    )

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.n = fr.DEFAULT_FROGS
        self.m = fr.DEFAULT_FROGS
        self.game = FrogGame(self.n, self.m)
        self.mode = PLAY
        self.solve_from = self.game.start
        self.from_here: fr.FromHere | None = None
        self.playback_moves: tuple[fr.Hop, ...] = ()
        self.clock = 0.0
        self.anim: tuple[fr.Hop, float] | None = None  # a person's move: (move, started)
        self.shake: tuple[int, float] | None = None  # (pad, started)
        self.message = ""
        self.message_at = -MESSAGE_SECONDS
        self.celebrate_at: float | None = None
        self.confetti: list[Confetto] = []
        self.tree_scroll = [0.0, 0.0]
        self.follow = True
        self._layout_key: tuple[int, int] | None = None
        self._layout: tuple[list[Cell], int, int] = ([], 1, 1)
        self._pads_row: pygame.Rect = pygame.Rect(0, 0, 0, 0)
        self._tree_area: pygame.Rect = pygame.Rect(0, 0, 0, 0)
        self._stage_buttons: list[Button] = []
        self._final: FrogsModel | None = None

    # --- what runs -----------------------------------------------------------------

    def source(self) -> Iterator[Any]:
        """The solver from the game's position (play), from `solve_from`, or the playback."""
        if self.mode == PLAYBACK:
            return fr.playback(self.solve_from, self.playback_moves)
        return fr.solve(self.game.state if self.mode == PLAY else self.solve_from)

    def make_model(self) -> FrogsModel:
        """The pads at the run's start and an empty tree."""
        if self.mode == PLAY:
            return FrogsModel(self.game.state)
        return FrogsModel(self.solve_from)

    # --- the game ---------------------------------------------------------------------

    def set_sizes(self, n: int, m: int) -> None:
        """New numbers of frogs: a new game."""
        self.n = max(fr.MIN_FROGS, min(fr.MAX_FROGS, n))
        self.m = max(fr.MIN_FROGS, min(fr.MAX_FROGS, m))
        self.game = FrogGame(self.n, self.m)
        self.back_to_game()
        self.say(
            f"{self.n} frogs on the left, {self.m} on the right: "
            f"{self.n * self.m + self.n + self.m} moves at best"
        )

    def click_pad(self, pad: int) -> None:
        """The person clicked the frog on `pad` (in play mode)."""
        if self.game.won:
            self.say("All frogs are across. Reset (0) to play again.")
            return
        hop = self.game.play(pad)
        if hop is None:
            self.shake = (pad, self.clock)
            self.say(fr.why_stuck(self.game.state, pad))
            return
        self.anim = (hop, self.clock)
        self.after_game_change()
        if self.game.won:
            self.start_celebration()
            count = len(self.game.moves)
            best = self.n * self.m + self.n + self.m
            self.say(
                f"Well done: across in {count} moves" + (" — the fewest possible!" if count == best else ".")
            )
        elif self.game.stuck:
            self.say("No more moves: undo (U) or start again (0).")
        else:
            self.say(f"{hop_words(hop)}: {'a jump' if hop.jump else 'a slide'}")

    def move_side(self, frog: str) -> None:
        """Keyboard play: move the frog of side `frog` that can move (at most one can)."""
        if self.mode != PLAY:
            self.back_to_game()
        for hop in fr.legal_moves(self.game.state):
            if hop.frog == frog:
                self.click_pad(hop.frm)
                return
        self.say(f"No {frog} frog can move now.")

    def undo(self, count: int = 1) -> None:
        """Take back `count` of the person's moves."""
        if self.mode != PLAY:
            self.back_to_game()
        undone = [hop for hop in (self.game.undo() for _ in range(count)) if hop is not None]
        if not undone:
            self.say("Nothing to undo: this is the start.")
            return
        self.after_game_change()
        self.say(f"Took back {len(undone)} move{'s' if len(undone) > 1 else ''}.")

    def reset_game(self) -> None:
        """Start the person's game again."""
        self.game.reset()
        self.back_to_game()
        self.say("A new game: move the frogs across.")

    def after_game_change(self) -> None:
        """The game's position changed: the solver's run must start from it."""
        self.anim = self.anim if self.anim and self.clock - self.anim[1] < JUMP_SECONDS else None
        self.celebrate_at = None
        self.follow = True
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
        self.mode = SOLVE
        self.solve_from = state
        self.from_here = self._from_here(state)
        self.celebrate_at = None
        self.follow = True
        self.new_run(autoplay=True)

    def _from_here(self, state: str) -> fr.FromHere:
        """Solve-from-here's verdict, using the game's history when `state` is its position."""
        if state == self.game.state:
            return fr.solve_from_here(self.game.history)
        return fr.solve_from_here([state])

    def play_solution(self) -> None:
        """Play back the solution from the solver's start (or from the game's position)."""
        state = self.solve_from if self.mode != PLAY else self.game.state
        verdict = self._from_here(state)
        if verdict.moves is None:
            self.say(self._hopeless_text(verdict))
            return
        self.mode = PLAYBACK
        self.solve_from = state
        self.from_here = verdict
        self.playback_moves = verdict.moves
        self.celebrate_at = None
        self.new_run(autoplay=True)

    def back_to_game(self) -> None:
        """Back to the person's game, where it was."""
        self.mode = PLAY
        self.celebrate_at = None
        self.follow = True
        self.new_run()

    def _hopeless_text(self, verdict: fr.FromHere) -> str:
        """The sentence for a position with no solution."""
        if verdict.moves_back is None:
            return f"No solution from {verdict.state}, nor from any position before it."
        back = verdict.moves_back
        return (
            f"No solution from {verdict.state}: the last position with one was "
            f"{back} move{'s' if back != 1 else ''} back."
        )

    def say(self, text: str) -> None:
        """A line under the pads for a few seconds."""
        self.message = text
        self.message_at = self.clock

    def start_celebration(self) -> None:
        """Confetti over the stage (deterministic from the seed)."""
        self.celebrate_at = self.clock
        rng = random.Random(self.seed)
        colours = (th.ORANGE, th.SKY, th.GREEN, th.YELLOW, th.BLUE, th.VERMILLION, th.PURPLE)
        self.confetti = [
            Confetto(
                rng.random(),
                rng.uniform(0.25, 0.55),
                rng.uniform(0.01, 0.04),
                rng.uniform(0, math.tau),
                rng.randint(7, 13),
                rng.choice(colours),
            )
            for _ in range(CONFETTI_PIECES)
        ]

    # --- how it reads -------------------------------------------------------------------

    def code(self) -> Sequence[str]:
        """The solver's pseudocode, or the playback's."""
        return fr.PLAYBACK_CODE if self.mode == PLAYBACK else fr.PSEUDOCODE

    def narrate(self, event: Any) -> str | None:
        """The event in plain words."""
        kind = type(event)
        if kind is fr.Options:
            if not event.moves:
                return "no legal move here"
            moves = ", ".join(hop_words(hop) for hop in event.moves)
            return f"{len(event.moves)} legal move{'s' if len(event.moves) > 1 else ''}: {moves}"
        if kind is Push:
            return f"try {hop_words(event.what)}"
        if kind is Move:
            hop = fr.Hop(event.piece, event.frm, event.to)
            if event.line == fr.LINE_CANCEL:
                return f"cancel: the {event.piece} frog goes back {event.frm}→{event.to}"
            return f"{hop_words(hop)}: {'jump' if hop.jump else 'slide'}"
        if kind is DeadEnd:
            if event.where == fr.ROOT:
                return "every move from the start failed: no solution"
            return "dead end: nothing left here, go back"
        if kind is Solution:
            return f"goal reached: {len(event.answer)} moves"
        if kind is Pop and not event.backtrack:
            return "return true: this move is part of the solution"
        return None

    def counters(self, model: FrogsModel) -> list[tuple[str, str]]:
        """Moves so far in a game; tries, cancels and dead ends in a search."""
        best = self.n * self.m + self.n + self.m
        if self.mode == PLAY:
            legal = len(fr.legal_moves(self.game.state))
            return [
                ("your moves", str(len(self.game.moves))),
                ("fewest possible", str(best)),
                ("legal moves now", str(legal)),
                ("frogs", f"{self.n} + {self.m}"),
            ]
        if self.mode == PLAYBACK:
            return [
                ("move", f"{model.moves_made} of {len(self.playback_moves)}"),
                ("fewest possible", str(best)),
            ]
        tree = model.tree
        rows = [
            ("moves tried", f"{tree.tried:,}"),
            ("cancelled", f"{tree.cancelled:,}"),
            ("dead ends", f"{tree.dead_ends:,}"),
            ("depth", str(tree.depth)),
            ("max depth", str(tree.max_depth)),
        ]
        if self.shell.run.at_end:
            rows.append(("never tried", f"{tree.count(fr.UNTRIED):,}"))
        return rows

    def shared_counters(self) -> Sequence[str]:
        """The demo's own counters say it all; events shows how far the run is."""
        return ("events",)

    def breakpoints(self) -> list[tuple[str, Callable[[object], bool]]]:
        """Stop at the next dead end."""
        return [("next dead end", lambda event: type(event) is DeadEnd)]

    # --- controls and input ----------------------------------------------------------

    def controls(self) -> list[Widget]:
        """Sizes, the game's undo and reset, the solver's and playback's buttons."""
        return [
            Stepper(
                "N",
                lambda: self.n,
                lambda n: self.set_sizes(n, self.m),
                fr.MIN_FROGS,
                fr.MAX_FROGS,
                hint="frogs on the left: [ and ]",
            ),
            Stepper(
                "M",
                lambda: self.m,
                lambda m: self.set_sizes(self.n, m),
                fr.MIN_FROGS,
                fr.MAX_FROGS,
                hint="frogs on the right: , and .",
            ),
            Button("undo", self.undo, hint="U or Backspace", enabled=lambda: bool(self.game.moves)),
            Button("reset", self.reset_game, hint="0 or Delete"),
            Button(
                "solve from here",
                self.solve_here,
                hint="Enter",
                active=lambda: (
                    self.mode == SOLVE and self.solve_from == self.game.state and bool(self.game.moves)
                ),
            ),
            Button(
                "solve from start",
                self.solve_from_start,
                active=lambda: self.mode == SOLVE and self.solve_from == self.game.start,
            ),
            Button("play solution", self.play_solution, hint="A", active=lambda: self.mode == PLAYBACK),
            Button("back to game", self.back_to_game, hint="B", enabled=lambda: self.mode != PLAY),
        ]

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, player: Player) -> bool:
        """Clicks on frogs and on the stage's buttons, the wheel on the tree, the demo's keys."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self._stage_buttons:
                if button.handle(event):
                    return True
            pad = self.pad_at(event.pos)
            if pad is not None:
                if self.mode == PLAY:
                    self.click_pad(pad)
                else:
                    self.say("These are the solver's frogs: press B to go back to your game.")
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self._scroll(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """The demo's keys; True when used."""
        actions: dict[int, Callable[[], None]] = {
            pygame.K_l: lambda: self.move_side(fr.LEFT),
            pygame.K_r: lambda: self.move_side(fr.RIGHT),
            pygame.K_u: self.undo,
            pygame.K_BACKSPACE: self.undo,
            pygame.K_0: self.reset_game,
            pygame.K_KP0: self.reset_game,
            pygame.K_DELETE: self.reset_game,
            pygame.K_RETURN: self.solve_here,
            pygame.K_KP_ENTER: self.solve_here,
            pygame.K_a: self.play_solution,
            pygame.K_b: self.back_to_game,
            pygame.K_LEFTBRACKET: lambda: self.set_sizes(self.n - 1, self.m),
            pygame.K_RIGHTBRACKET: lambda: self.set_sizes(self.n + 1, self.m),
            pygame.K_COMMA: lambda: self.set_sizes(self.n, self.m - 1),
            pygame.K_PERIOD: lambda: self.set_sizes(self.n, self.m + 1),
        }
        action = actions.get(event.key)
        if action is None or event.mod & pygame.KMOD_CTRL:
            return False
        action()
        return True

    def _scroll(self, event: pygame.event.Event) -> bool:
        """The wheel scrolls a tree too large to fit (Shift: sideways)."""
        if not self._tree_area.collidepoint(pygame.mouse.get_pos()):
            return False
        step = self.theme.px(40)
        sideways = pygame.key.get_mods() & pygame.KMOD_SHIFT or event.x
        axis = 0 if sideways else 1
        self.tree_scroll[axis] -= (event.x or event.y if sideways else event.y) * step
        self.follow = False
        return True

    def pad_at(self, pos: tuple[int, int]) -> int | None:
        """The pad under `pos` (as last drawn), or None."""
        row = self._pads_row
        count = self.n + self.m + 1
        if not row.collidepoint(pos) or row.w <= 0:
            return None
        return min(count - 1, (pos[0] - row.x) * count // row.w)

    def pad_centre(self, pad: int) -> tuple[int, int]:
        """Screen centre of `pad` (as last drawn): where a click moves its frog."""
        row = self._pads_row
        width = row.w / (self.n + self.m + 1)
        return round(row.x + (pad + 0.5) * width), row.centery

    # --- the frame -----------------------------------------------------------------------

    def update(self, dt: float, player: Player) -> None:
        """Clocks for animations; a run started by Space in play mode becomes a solve."""
        self.clock += dt
        if self.mode == PLAY and player.cursor > 0:
            self.mode = SOLVE
            self.solve_from = self.game.state
            self.from_here = self._from_here(self.solve_from)
        if self.mode == PLAYBACK:
            if player.at_end and self.celebrate_at is None:
                self.start_celebration()
            elif not player.at_end:
                self.celebrate_at = None
        if player.playing:
            self.follow = True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """Pads on top; below them the tree and the list of moves (or the game's help)."""
        model: FrogsModel = player.model  # type: ignore[assignment]
        theme = self.theme
        gap = theme.px(10)
        self._stage_buttons = []
        share = 0.4 if self.mode == PLAY else 0.3  # the tree needs the room when it grows
        pads_h = max(theme.px(170), min(theme.px(300), int(rect.h * share)))
        pads_rect = pygame.Rect(rect.x, rect.y, rect.w, pads_h)
        lower = pygame.Rect(rect.x, pads_rect.bottom + gap, rect.w, rect.bottom - pads_rect.bottom - gap)
        list_w = max(theme.px(160), min(theme.px(220), rect.w // 5))
        tree_rect = pygame.Rect(lower.x, lower.y, lower.w - list_w - gap, lower.h)
        list_rect = pygame.Rect(tree_rect.right + gap, lower.y, list_w, lower.h)
        self._draw_pads(surface, pads_rect, model, player)
        if self.mode == PLAY:
            self._draw_help(surface, tree_rect)
        else:
            self._draw_tree(surface, tree_rect, model, player)
        self._draw_list(surface, list_rect, model)
        self._draw_banner(surface, lower, model, player)
        self._draw_confetti(surface, rect)

    # --- the pads ---------------------------------------------------------------------------

    def _pads_title(self, model: FrogsModel, player: Player) -> str:
        """What the pads show now."""
        if self.mode == PLAY:
            count = len(self.game.moves)
            return f"your game: {count} move{'s' if count != 1 else ''} — {self.game.state}"
        if self.mode == PLAYBACK:
            return (
                f"the solution from {self.solve_from}: move {model.moves_made} of {len(self.playback_moves)}"
            )
        return f"the solver from {self.solve_from}: now at {model.state}"

    def _draw_pads(
        self, surface: pygame.Surface, rect: pygame.Rect, model: FrogsModel, player: Player
    ) -> None:
        """The lily pads with their frogs, pad numbers, and the message line."""
        theme = self.theme
        inner = card(surface, rect, theme, self._pads_title(model, player))
        state = self.game.state if self.mode == PLAY else model.state
        count = len(state)
        line = theme.line_height("small")
        pad_w = min(inner.w / count, theme.px(120))
        arrow_room = theme.px(16)
        bar_h = theme.px(32)
        row_h = min(round(pad_w), inner.h - line - bar_h - theme.px(6) - arrow_room)
        row = pygame.Rect(0, 0, round(pad_w * count), max(theme.px(20), row_h))
        row.midtop = (inner.centerx, inner.y + arrow_room)
        self._pads_row = row
        size = max(8, round(min(pad_w, row.h) * 0.96))
        moving = self._moving(player)
        movable = {hop.frm: hop for hop in fr.legal_moves(state)} if self.mode == PLAY else {}
        for pad in range(count):
            centre = (round(row.x + (pad + 0.5) * pad_w), row.bottom - size // 3)
            leaf = sprite("lily_pad", size)
            if leaf is not None:
                surface.blit(leaf, leaf.get_rect(center=centre))
            number = theme.text(str(pad), "small", th.MUTED, "mono")
            surface.blit(number, number.get_rect(midtop=(centre[0], row.bottom + theme.px(2))))
        for pad, frog in enumerate(state):
            if frog == fr.EMPTY or (moving is not None and moving[0].to == pad):
                continue
            self._draw_frog(surface, frog, self._frog_point(row, pad_w, pad, size), size, pad in movable)
        if moving is not None:
            hop, t = moving
            self._draw_frog(surface, hop.frog, self._flight(row, pad_w, size, hop, t), size, False)
        bar = pygame.Rect(inner.x, inner.bottom - bar_h, inner.w, bar_h)
        result = self._result(model, player)
        if result is not None:
            self._draw_result(surface, bar, *result)
            return
        message = self._current_message(player)
        if message:
            text = fit_text(theme, message, inner.w, "body", "bold")
            image = theme.text(text, "body", th.INK, "bold")
            surface.blit(image, image.get_rect(center=bar.center))

    def _frog_point(self, row: pygame.Rect, pad_w: float, pad: int, size: int) -> tuple[int, int]:
        """Where a frog sitting on `pad` is drawn (its sprite's centre), shaking if it was refused."""
        x = row.x + (pad + 0.5) * pad_w
        if self.shake is not None and self.shake[0] == pad:
            age = self.clock - self.shake[1]
            if age < SHAKE_SECONDS and self.mode == PLAY:
                x += math.sin(age * 45) * self.theme.px(7) * (1 - age / SHAKE_SECONDS)
        y = row.bottom - size // 3 - round(size * 0.32)
        if self.celebrate_at is not None and self.clock - self.celebrate_at < CONFETTI_SECONDS:
            y -= round(abs(math.sin((self.clock - self.celebrate_at) * 7 + pad)) * size * 0.15)
        return round(x), y

    def _flight(self, row: pygame.Rect, pad_w: float, size: int, hop: fr.Hop, t: float) -> tuple[int, int]:
        """A moving frog's centre at fraction `t`: along the pads, up in an arc (higher for a jump)."""
        x0, y0 = self._frog_point(row, pad_w, hop.frm, size)
        x1, _ = self._frog_point(row, pad_w, hop.to, size)
        eased = th.ease(t)
        lift = size * (0.55 if hop.jump else 0.22) * math.sin(math.pi * t)
        return round(x0 + (x1 - x0) * eased), round(y0 - lift)

    def _moving(self, player: Player) -> tuple[fr.Hop, float] | None:
        """The move being animated now and how far along (0..1), if any."""
        if self.mode == PLAY:
            if self.anim is None:
                return None
            hop, started = self.anim
            seconds = JUMP_SECONDS if hop.jump else SLIDE_SECONDS
            t = (self.clock - started) / seconds
            return (hop, t) if t < 1 else None
        event = player.last_event
        if type(event) is not Move:
            return None
        seconds = min(0.45, 0.9 / max(player.speed, 1)) if player.playing else 0.35
        t = player.since_event / seconds
        if t >= 1:
            return None
        return fr.Hop(event.piece, event.frm, event.to), t

    def _draw_frog(
        self, surface: pygame.Surface, frog: str, centre: tuple[int, int], size: int, can_move: bool
    ) -> None:
        """One frog sprite; a frog that can move gets an arrow above it pointing its way."""
        theme = self.theme
        image = sprite(f"frog_{frog}", size)
        if image is not None:
            surface.blit(image, image.get_rect(center=centre))
        else:  # the sprite file is missing: a plain disc with the letter still tells them apart
            colour = th.BLUE if frog == fr.LEFT else th.ORANGE
            pygame.draw.circle(surface, colour, centre, size // 3)
            label = theme.text(frog, "large", th.PANEL, "bold")
            surface.blit(label, label.get_rect(center=centre))
        if can_move:
            tip_x = centre[0] + (1 if frog == fr.LEFT else -1) * theme.px(12)
            y = centre[1] - size // 2 - theme.px(2)
            back_x = centre[0] - (1 if frog == fr.LEFT else -1) * theme.px(8)
            pygame.draw.polygon(
                surface, th.ACTIVE, [(tip_x, y), (back_x, y - theme.px(8)), (back_x, y + theme.px(8))]
            )

    def _current_message(self, player: Player) -> str:
        """The line under the pads: the latest message while fresh, else a hint."""
        if self.message and self.clock - self.message_at < MESSAGE_SECONDS:
            return self.message
        if self.mode == PLAY:
            if self.game.won:
                return "All frogs are across! Reset (0) to play again."
            if self.game.stuck:
                return "No more moves: undo (U) or start again (0)."
            return "Click a frog with an arrow above it, or press L or R."
        if self.mode == PLAYBACK:
            return "Space: play / pause    Right / Left: one move    B: back to your game"
        return "Space: play / pause    N: next backtrack    B: back to your game"

    # --- the lower area ----------------------------------------------------------------------

    def _draw_help(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """In play mode: the rules and what the buttons do."""
        theme = self.theme
        inner = card(surface, rect, theme, "how to play")
        if self.game.won or self.game.stuck:
            return  # the banner over this card says what matters now
        best = self.n * self.m + self.n + self.m
        paragraphs = [
            "Swap the two rows: the blue L frogs must end on the right, the orange R frogs on the left.",
            "A frog only moves forward (L to the right, R to the left): one pad into the empty "
            "pad, or a jump over exactly one frog of the other side into it.",
            f"It can be done in {best} moves. A frog with an arrow above it can move now.",
            "Stuck? Undo (U), or let the computer solve from here (Enter): it tries the "
            "moves in order and cancels those that lead nowhere, growing a tree of tries.",
        ]
        y = inner.y
        for text in paragraphs:
            for line in wrap(theme, text, inner.w, "body"):
                if y + theme.line_height("body") > inner.bottom:
                    return
                surface.blit(theme.text(line, "body", th.INK), (inner.x, y))
                y += theme.line_height("body")
            y += theme.px(8)

    def _draw_list(self, surface: pygame.Surface, rect: pygame.Rect, model: FrogsModel) -> None:
        """The person's moves, the solver's current path, or the solution (current move lit)."""
        theme = self.theme
        if self.mode == PLAY:
            title, moves, current = "your moves", self.game.moves, len(self.game.moves) - 1
        elif self.mode == PLAYBACK:
            title, moves, current = "the solution", list(self.playback_moves), model.moves_made - 1
        elif model.solution is not None:
            title, moves, current = "the solution", list(model.solution), -1
        else:
            moves = [node.hop for node in model.tree.path if node.hop is not None]
            title, current = "current path", len(moves) - 1
        inner = card(surface, rect, theme, f"{title} ({len(moves)})")
        line = theme.line_height("small")
        visible = max(1, inner.h // line)
        columns = 2 if len(moves) > visible and inner.w > theme.px(190) else 1
        capacity = visible * columns
        first = 0 if len(moves) <= capacity else max(0, min(len(moves) - capacity, current - capacity // 2))
        column_w = inner.w // columns
        for index in range(first, min(len(moves), first + capacity)):
            slot = index - first
            x = inner.x + (slot // visible) * column_w
            y = inner.y + (slot % visible) * line
            hop = moves[index]
            lit = index == current
            if lit:
                pygame.draw.rect(surface, th.LIT_LINE, (x - 2, y, column_w - 2, line))
            ink = th.BLUE if hop.frog == fr.LEFT else th.VERMILLION
            number = theme.text(f"{index + 1:>2}.", "small", th.MUTED, "mono")
            surface.blit(number, (x, y))
            text = theme.text(
                f"{hop_words(hop)}{' jump' if hop.jump else ''}", "small", ink, "bold" if lit else "mono"
            )
            surface.blit(text, (x + number.get_width() + theme.px(4), y))
        if not moves:
            hint = "no moves yet" if self.mode != SOLVE else "the search has not moved yet"
            surface.blit(theme.text(hint, "small", th.MUTED), (inner.x, inner.y))

    def _tree_layout(self, model: FrogsModel, player: Player) -> tuple[list[Cell], int, int]:
        """The tree's layout, recomputed only when the model changed."""
        key = (player.generation * 1_000_003 + id(model) % 1_000_003, model.version)
        if key != self._layout_key:
            self._layout = layout_tree(model.tree)
            self._layout_key = key
        return self._layout

    def _draw_tree(
        self, surface: pygame.Surface, rect: pygame.Rect, model: FrogsModel, player: Player
    ) -> None:
        """The tree of tried moves: depth to the right, styled by status, the current path lit."""
        theme = self.theme
        if self.mode == PLAYBACK:
            model = self._final_model()
        tree = model.tree
        cells, cols, rows = self._tree_layout(model, player)
        title = f"tree of tried moves: {tree.tried:,} tried, {tree.cancelled:,} cancelled"
        inner = card(surface, rect, theme, title)
        legend_h = theme.line_height("small") + theme.px(6)
        area = pygame.Rect(inner.x, inner.y, inner.w, inner.h - legend_h)
        self._tree_area = area
        self._draw_legend(surface, pygame.Rect(inner.x, area.bottom + theme.px(4), inner.w, legend_h), player)
        if not cells and not tree.root.children:
            hint = theme.text("Space: start the search", "body", th.MUTED)
            surface.blit(hint, hint.get_rect(center=area.center))
            return
        font = theme.font("tiny", "mono")
        last_pad = len(model.pads) - 1
        label_w = font.size(f"R{last_pad}→{last_pad}")[0] + theme.px(6)
        label_h = font.get_linesize() + theme.px(4)
        full = (label_w + theme.px(4), label_h + theme.px(3))
        labelled = cols * full[0] <= area.w and rows * full[1] <= area.h
        if labelled:  # spread a small tree out, within reason
            cw = min(area.w / cols, full[0] * 1.5)
            ch = min(area.h / rows, full[1] * 1.5)
        else:
            cw = min(full[0], max(area.w / cols, theme.px(9)))
            ch = min(full[1], max(area.h / rows, theme.px(6)))
        self._place_camera(area, cells, cols, rows, cw, ch, tree)
        ox, oy = area.x - self.tree_scroll[0], area.y - self.tree_scroll[1]
        box_w, box_h = (label_w, label_h) if labelled else (max(3, cw * 0.62), max(3, ch * 0.7))

        def box_at(col: int, row: int) -> pygame.Rect:
            """The node box of a cell on screen."""
            return pygame.Rect(
                round(ox + col * cw), round(oy + row * ch + (ch - box_h) / 2), round(box_w), round(box_h)
            )

        clip = surface.get_clip()
        surface.set_clip(area.clip(clip) if clip else area)
        visible = area.inflate(round(cw * 2), round(ch * 2))
        order = {fr.UNTRIED: 0, fr.CANCELLED: 1, fr.EXECUTED: 2, fr.ON_PATH: 3}
        shown = [
            cell
            for cell in cells
            if visible.colliderect(
                box_at(cell.parent_col, min(cell.parent_row, cell.row)).union(box_at(cell.col, cell.row))
            )
        ]
        shown.sort(key=lambda cell: order[cell.node.status])
        for cell in shown:
            self._draw_edge(
                surface, cell, box_at(cell.parent_col, cell.parent_row), box_at(cell.col, cell.row)
            )
        root_box = box_at(0, 0)
        styled_box(surface, theme, fr.ON_PATH, root_box)
        if labelled:
            start = theme.text("start", "tiny", th.PANEL, "bold")
            surface.blit(start, start.get_rect(center=root_box.center))
        current = tree.path[-1] if tree.path else None
        if self.mode == PLAYBACK:
            current = self._solution_node(tree, player.model.moves_made)  # type: ignore[attr-defined]
        for cell in shown:
            box = box_at(cell.col, cell.row)
            styled_box(surface, theme, cell.node.status, box)
            if labelled and cell.node.hop is not None:
                self._draw_node_label(surface, cell.node, box)
            if cell.node is current:
                pygame.draw.rect(
                    surface,
                    th.YELLOW,
                    box.inflate(theme.px(6), theme.px(6)),
                    theme.px(3),
                    border_radius=theme.px(4),
                )
        if current is not None and not labelled and current.hop is not None:
            self._callout(
                surface, area, box_at(current.depth, self._row_of(cells, current)), hop_words(current.hop)
            )
        surface.set_clip(clip)

    def _draw_node_label(self, surface: pygame.Surface, node: fr.TreeNode, box: pygame.Rect) -> None:
        """A node's move, white on a filled box, in the status's colour on an outlined one."""
        theme = self.theme
        assert node.hop is not None
        filled = node.status in (fr.ON_PATH, fr.EXECUTED)
        ink = th.PANEL if filled else STATUS_COLOURS[node.status]
        label = theme.text(hop_label(node.hop), "tiny", ink, "bold" if filled else "mono")
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_edge(
        self, surface: pygame.Surface, cell: Cell, parent: pygame.Rect, child: pygame.Rect
    ) -> None:
        """Parent to child: straight along a row, or down then across to a later row."""
        status = cell.node.status
        if cell.row == cell.parent_row:
            styled_line(surface, self.theme, status, (parent.right, parent.centery), (child.x, child.centery))
            return
        elbow_x = (parent.right + child.x) // 2
        styled_line(surface, self.theme, status, (elbow_x, parent.bottom), (elbow_x, child.centery))
        styled_line(surface, self.theme, status, (elbow_x, child.centery), (child.x, child.centery))

    @staticmethod
    def _solution_node(tree: fr.TryTree, depth: int) -> fr.TreeNode | None:
        """The executed node `depth` moves deep: the solution's move number `depth`."""
        node = tree.root
        for _ in range(depth):
            node = next((child for child in node.children if child.status == fr.EXECUTED), node)
        return None if node is tree.root else node

    @staticmethod
    def _row_of(cells: list[Cell], node: fr.TreeNode) -> int:
        """The row of `node` in the layout (0 if absent)."""
        for cell in reversed(cells):
            if cell.node is node:
                return cell.row
        return 0

    def _place_camera(
        self,
        area: pygame.Rect,
        cells: list[Cell],
        cols: int,
        rows: int,
        cw: float,
        ch: float,
        tree: fr.TryTree,
    ) -> None:
        """Keep the scroll within the tree; while following, keep the current move in view."""
        width, height = cols * cw, rows * ch
        if self.follow:
            target = tree.path[-1] if tree.path else None
            col = len(tree.path)
            row = self._row_of(cells, target) if target is not None else 0
            if target is None and cells:
                row = (
                    max(cell.row for cell in cells if cell.node.status == fr.EXECUTED)
                    if any(cell.node.status == fr.EXECUTED for cell in cells)
                    else 0
                )
                col = cols - 1
            self.tree_scroll[0] = col * cw - area.w * 0.6
            self.tree_scroll[1] = row * ch - area.h * 0.5
        self.tree_scroll[0] = max(0.0, min(self.tree_scroll[0], width - area.w))
        self.tree_scroll[1] = max(0.0, min(self.tree_scroll[1], height - area.h))

    def _callout(self, surface: pygame.Surface, area: pygame.Rect, box: pygame.Rect, text: str) -> None:
        """The current move's name beside its (too small to label) node."""
        theme = self.theme
        image = theme.text(text, "small", th.PANEL, "bold")
        tag = image.get_rect(midleft=(box.right + theme.px(8), box.centery)).inflate(
            theme.px(10), theme.px(4)
        )
        tag.clamp_ip(area)
        pygame.draw.rect(surface, th.ACTIVE, tag, border_radius=theme.px(4))
        surface.blit(image, image.get_rect(center=tag.center))

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect, player: Player) -> None:
        """What colours and line styles mean."""
        theme = self.theme
        x = rect.x
        swatch_w, swatch_h = theme.px(26), theme.px(12)
        for status, text in LEGEND:
            if status == fr.UNTRIED:
                text = "never tried" if player.at_end or self.mode == PLAYBACK else "not tried (yet)"
            image = theme.text(text, "small", th.INK)
            if x + swatch_w + theme.px(6) + image.get_width() > rect.right:
                break  # no room for the rest at this size
            box = pygame.Rect(x, rect.centery - swatch_h // 2, swatch_w, swatch_h)
            styled_box(surface, theme, status, box)
            surface.blit(image, image.get_rect(midleft=(box.right + theme.px(6), rect.centery)))
            x = box.right + theme.px(6) + image.get_width() + theme.px(16)

    def _final_model(self) -> FrogsModel:
        """The finished search from the playback's start (the tree beside a playback)."""
        if self._final is None or self._final.start != self.solve_from:
            self._final = FrogsModel(self.solve_from)
            for event in fr.solve(self.solve_from):
                self._final.apply(event)
        return self._final

    # --- banners and celebration -------------------------------------------------------------

    def _draw_banner(
        self, surface: pygame.Surface, rect: pygame.Rect, model: FrogsModel, player: Player
    ) -> None:
        """The end of a game or a search, with what to do next."""
        if self.mode == PLAY and self.game.won:
            count = len(self.game.moves)
            self._banner(
                surface,
                rect,
                "All frogs are across!",
                f"{count} moves; the fewest possible is {self.n * self.m + self.n + self.m}.",
                th.DONE,
                [("play again", self.reset_game)],
            )
        elif self.mode == PLAY and self.game.stuck:
            verdict = fr.solve_from_here(self.game.history)
            actions: list[tuple[str, Callable[[], None]]] = []
            if verdict.moves_back:
                back = verdict.moves_back
                actions.append((f"undo {back} moves" if back > 1 else "undo 1 move", lambda: self.undo(back)))
            if verdict.moves_back != 1:
                actions.append(("undo", self.undo))
            actions.append(("reset", self.reset_game))
            self._banner(
                surface,
                rect,
                "No more moves",
                self._hopeless_text(verdict) if verdict.moves_back else "No frog can move.",
                th.DEAD,
                actions,
            )

    def _result(
        self, model: FrogsModel, player: Player
    ) -> tuple[str, th.Color, list[tuple[str, Callable[[], None]]]] | None:
        """The end of a search or a playback: a line and what to do next (None before the end)."""
        if self.mode == PLAY or not player.at_end:
            return None
        back_to_game = ("back to the game", self.back_to_game)
        if self.mode == PLAYBACK:
            return (
                f"The frogs are across: {len(self.playback_moves)} moves, each one legal.",
                th.DONE,
                [back_to_game],
            )
        if model.solution is not None:
            return (
                f"Solved: {len(model.solution)} moves; {model.tree.tried} tried, "
                f"{model.tree.cancelled} cancelled.",
                th.DONE,
                [("play the solution", self.play_solution), back_to_game],
            )
        verdict = self.from_here or fr.solve_from_here([self.solve_from])
        actions = [back_to_game]
        back = verdict.moves_back
        if back and self.solve_from == self.game.state and back <= len(self.game.moves):
            actions.insert(0, (f"undo {back} move{'s' if back > 1 else ''}", lambda: self.undo(back)))
        return self._hopeless_text(verdict), th.DEAD, actions

    def _draw_result(
        self,
        surface: pygame.Surface,
        bar: pygame.Rect,
        text: str,
        colour: th.Color,
        actions: Sequence[tuple[str, Callable[[], None]]],
    ) -> None:
        """The result line in the pads' card: a coloured mark, the words, the buttons at the right."""
        theme = self.theme
        buttons = [Button(label, action) for label, action in actions]
        x = bar.right
        for button in reversed(buttons):
            width = button.width(theme)
            x -= width
            button.rect = pygame.Rect(x, bar.centery - theme.px(14), width, theme.px(28))
            x -= theme.px(8)
        mark = "✓" if colour == th.DONE else "✗"
        image = theme.text(
            fit_text(theme, f"{mark} {text}", x - bar.x - theme.px(8), "body", "bold"), "body", colour, "bold"
        )
        surface.blit(image, image.get_rect(midleft=(bar.x, bar.centery)))
        for button in buttons:
            button.draw(surface, theme)
        self._stage_buttons += buttons

    def _banner(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        big: str,
        small: str,
        colour: th.Color,
        actions: Sequence[tuple[str, Callable[[], None]]],
    ) -> None:
        """A message box over the lower area with buttons for what to do next."""
        theme = self.theme
        width = min(rect.w - theme.px(40), theme.px(560))
        lines = wrap(theme, small, width - theme.px(30), "body")
        height = theme.line_height("title") + len(lines) * theme.line_height("body") + theme.px(32 + 24 + 10)
        box = pygame.Rect(0, 0, width, height)
        box.midtop = (rect.centerx, rect.y + theme.px(24))
        draw_box(surface, box, theme, fill=th.PANEL, edge=colour, radius=10, width=3)
        title = theme.text(big, "title", colour, "bold")
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + theme.px(10))))
        y = box.y + theme.px(14) + title.get_height()
        for line in lines:
            image = theme.text(line, "body", th.INK)
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += theme.line_height("body")
        buttons = [Button(label, action) for label, action in actions]
        total = sum(button.width(theme) for button in buttons) + theme.px(10) * (len(buttons) - 1)
        x = box.centerx - total // 2
        for button in buttons:
            button.rect = pygame.Rect(x, box.bottom - theme.px(40), button.width(theme), theme.px(30))
            button.draw(surface, theme)
            x += button.rect.w + theme.px(10)
        self._stage_buttons += buttons

    def _draw_confetti(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Falling confetti for a few seconds after the goal."""
        if self.celebrate_at is None:
            return
        age = self.clock - self.celebrate_at
        if age > CONFETTI_SECONDS:
            return
        for piece in self.confetti:
            y = rect.y + (age * piece.speed - 0.1) * rect.h * 1.2
            x = rect.x + (piece.x + math.sin(piece.phase + age * 4) * piece.sway) * rect.w
            size = self.theme.px(piece.size)
            pygame.draw.rect(
                surface,
                piece.colour,
                (
                    round(x),
                    round(y),
                    size,
                    max(2, size // 2 + round(size / 2 * math.sin(piece.phase + age * 7))),
                ),
            )
