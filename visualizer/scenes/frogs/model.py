"""The frogs demo's plain data: the pads and tree the player moves, the person's game, the words.

- `FrogsModel`: the pads and the tree of tries (`tries.TryTree`), moved by
  the solver's or the playback's events (`apply` / `revert` / `snapshot`);
- `FrogGame`: the person's own game, changed only through `Leap` edits in
  one `visualizer.history.EditHistory` (undo, redo);
- `narrate` and the other sentences: every event and verdict in plain words.

No pygame here (a test checks): the views only read these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solvers import frogs as fr
from solvers.events import DeadEnd, Move, Pop, Push, Solution
from solvers.i18n import _, format_number, ngettext
from visualizer import keyframes
from visualizer.scenes.frogs.tries import START, UNTRIED, TryTree

PLAY, SOLVE, PLAYBACK = "play", "solve", "playback"
"""The demo's modes: the person's game, the solver's run, the solution played back."""


class FrogsModel:
    """The pads and the tree of tried moves, moved by solver or playback events."""

    def __init__(self, start: str) -> None:
        self.start = start
        self.pads = list(start)
        self.tree = TryTree()
        self.solution: tuple[fr.Hop, ...] | None = None
        self.moves_made = 0
        self.applied = 0  # events applied: the next one's index in the run
        self.version = 0  # changes on every apply and revert: views cache on it

    def apply(self, event: Any) -> None:
        """Move one event forward."""
        self.version += 1
        self.applied += 1
        kind = type(event)
        if kind is Move:
            self.pads[event.to], self.pads[event.frm] = event.piece, fr.EMPTY
            self.moves_made += 1
            return
        if kind is Solution:
            self.solution = tuple(event.answer)
        self.tree.apply(event, self.applied - 1)

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""
        self.version += 1
        self.applied -= 1
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

    def snapshot(self) -> tuple[object, ...]:
        """The whole state as one comparable value."""
        return (self.state, self.solution, self.moves_made, self.applied, self.tree.snapshot())

    def keyframe(self) -> object:
        """The state for the player's keyframes (every attribute copied)."""
        return keyframes.copy_attributes(self)

    def restore(self, frame: object) -> None:
        """Become the keyframe's state; `version` moves on, so views drawn from another state redraw."""
        version = self.version
        keyframes.restore_into(self, frame)  # type: ignore[arg-type]
        self.version = version + 1


def final_model(start: str) -> FrogsModel:
    """The finished search from `start` (the tree shown beside a playback)."""
    model = FrogsModel(start)
    for event in fr.solve(start):
        model.apply(event)
    return model


# --- the person's game ----------------------------------------------------------------


class FrogGame:
    """A game by hand: the positions so far and the moves that led there (changed by `Leap`s)."""

    def __init__(self, n: int, m: int) -> None:
        self.n, self.m = n, m
        self.start = fr.start_state(n, m)
        self.positions: list[str] = [self.start]
        self.moves: list[fr.Hop] = []

    @property
    def state(self) -> str:
        """The position now."""
        return self.positions[-1]

    @property
    def best(self) -> int:
        """The fewest moves that swap the rows: N*M + N + M."""
        return self.n * self.m + self.n + self.m

    @property
    def won(self) -> bool:
        """True on the goal."""
        return self.state == fr.goal_state(self.state)

    @property
    def stuck(self) -> bool:
        """True when no frog can move and the goal is not reached."""
        return not self.won and not fr.legal_moves(self.state)

    def leap(self, pad: int) -> Leap | None:
        """The edit that moves the frog on `pad`, or None if it cannot move."""
        hop = fr.move_of(self.state, pad)
        return None if hop is None else Leap(hop)


@dataclass(frozen=True, slots=True)
class Leap:
    """One move of the person's game, as an edit: applied and reverted exactly."""

    hop: fr.Hop

    @property
    def words(self) -> str:
        """The move in a few words."""
        return _("moved {move}").format(move=hop_words(self.hop))

    def apply(self, game: FrogGame) -> None:
        """Make the move."""
        game.positions.append(fr.play(game.state, self.hop))
        game.moves.append(self.hop)

    def revert(self, game: FrogGame) -> None:
        """Take the move back."""
        game.positions.pop()
        game.moves.pop()


# --- words ------------------------------------------------------------------------------


def count_moves(count: int) -> str:
    """'1 move', '2 moves', in the current language."""
    return fr.count_moves(count)


def hop_label(hop: fr.Hop) -> str:
    """A move as the tree shows it: `L2→3` (frog letters and pad numbers: the same in every language)."""
    return f"{hop.frog}{hop.frm}→{hop.to}"


def hop_words(hop: fr.Hop) -> str:
    """A move as the list and the log show it: `L 2→3`."""
    return f"{hop.frog} {hop.frm}→{hop.to}"


def list_words(hop: fr.Hop) -> str:
    """A move in the list of moves: `L 2→4 jump`."""
    return _("{move} jump").format(move=hop_words(hop)) if hop.jump else hop_words(hop)


def narrate(event: Any) -> str | None:
    """A solver or playback event in plain words, for the log."""
    kind = type(event)
    if kind is fr.Options:
        if not event.moves:
            return _("no legal move here")
        moves = ", ".join(hop_words(hop) for hop in event.moves)
        return ngettext(
            "{count} legal move: {moves}", "{count} legal moves: {moves}", len(event.moves)
        ).format(count=len(event.moves), moves=moves)
    if kind is Push:
        return _("try {move}").format(move=hop_words(event.what))
    if kind is Move:
        hop = fr.Hop(event.piece, event.frm, event.to)
        if event.line == fr.LINE_CANCEL:
            return _("cancel: the {frog} frog goes back {frm}→{to}").format(
                frog=event.piece, frm=event.frm, to=event.to
            )
        if hop.jump:
            return _("{move}: jump").format(move=hop_words(hop))
        return _("{move}: slide").format(move=hop_words(hop))
    if kind is DeadEnd:
        if event.where == START:
            return _("every move from the start failed: no solution")
        return _("dead end: nothing left here, go back")
    if kind is Solution:
        return _("goal reached: {moves}").format(moves=count_moves(len(event.answer)))
    if kind is Pop and not event.backtrack:
        return _("return true: this move is part of the solution")
    return None


def move_words(hop: fr.Hop) -> str:
    """What the person's move was: 'L 2→3: a slide'."""
    if hop.jump:
        return _("{move}: a jump").format(move=hop_words(hop))
    return _("{move}: a slide").format(move=hop_words(hop))


def hopeless_text(verdict: fr.FromHere) -> str:
    """The sentence for a position with no solution."""
    if verdict.moves_back is None:
        return _("No solution from {state}, nor from any position before it.").format(state=verdict.state)
    return _("No solution from {state}: the last position with one was {moves} back.").format(
        state=verdict.state, moves=count_moves(verdict.moves_back)
    )


def won_words(count: int, best: int) -> str:
    """The message on reaching the goal."""
    if count == best:
        return _("Well done: across in {count} moves — the fewest possible!").format(count=count)
    return _("Well done: across in {count} moves.").format(count=count)


def pads_title(mode: str, game: FrogGame, model: FrogsModel, start: str, playback: int) -> str:
    """What the pads show now."""
    if mode == PLAY:
        return _("your game: {moves} — {position}").format(
            moves=count_moves(len(game.moves)), position=game.state
        )
    if mode == PLAYBACK:
        return _("the solution from {start}: move {number} of {count}").format(
            start=start, number=model.moves_made, count=playback
        )
    return _("the solver from {start}: now at {position}").format(start=start, position=model.state)


def hint(mode: str, game: FrogGame) -> str:
    """The line under the pads when there is no fresh message."""
    if mode == PLAY:
        if game.won:
            return _("All frogs are across! Reset (0) to play again.")
        if game.stuck:
            return _("No more moves: undo (U) or start again (0).")
        return _("Click a frog with an arrow above it, or press L or R.")
    if mode == PLAYBACK:
        return _("Space: play / pause    Right / Left: one move    B: back to your game")
    return _("Space: play / pause    N: next backtrack    B: back to your game")


def rules(best: int) -> list[str]:
    """The paragraphs of 'how to play'."""
    return [
        _("Swap the two rows: the blue L frogs must end on the right, the orange R frogs on the left."),
        _(
            "A frog only moves forward (L to the right, R to the left): one pad into the empty "
            "pad, or a jump over exactly one frog of the other side into it."
        ),
        _("It can be done in {count} moves. A frog with an arrow above it can move now.").format(count=best),
        _(
            "Stuck? Undo (U), or let the computer solve from here (Enter): it tries the "
            "moves in order and cancels those that lead nowhere, growing a tree of tries."
        ),
    ]


def list_content(
    mode: str, game: FrogGame, model: FrogsModel, playback: tuple[fr.Hop, ...]
) -> tuple[str, list[fr.Hop], int]:
    """The list of moves: its title, the moves, the current one's index (-1 for none)."""
    if mode == PLAY:
        return _("your moves"), game.moves, len(game.moves) - 1
    if mode == PLAYBACK:
        return _("the solution"), list(playback), model.moves_made - 1
    if model.solution is not None:
        return _("the solution"), list(model.solution), -1
    moves = [model.tree.hop[node] for node in model.tree.stack]
    return _("current path"), moves, len(moves) - 1


def counters(
    mode: str, game: FrogGame, model: FrogsModel, playback: int, finished: bool
) -> list[tuple[str, str]]:
    """Moves so far in a game; the move of a playback; tries, cancels and dead ends in a search."""
    if mode == PLAY:
        return [
            (_("your moves"), str(len(game.moves))),
            (_("fewest possible"), str(game.best)),
            (_("legal moves now"), str(len(fr.legal_moves(game.state)))),
            (_("frogs"), f"{game.n} + {game.m}"),
        ]
    if mode == PLAYBACK:
        of = _("{number} of {count}").format(number=model.moves_made, count=playback)
        return [(_("move"), of), (_("fewest possible"), str(game.best))]
    tree = model.tree
    rows = [
        (_("moves tried"), format_number(tree.tried)),
        (_("cancelled"), format_number(tree.cancelled)),
        (_("dead ends"), format_number(tree.dead_ends)),
        (_("depth"), str(len(tree.stack))),
        (_("max depth"), str(tree.max_depth)),
    ]
    if finished:
        rows.append((_("never tried"), format_number(tree.count_status(UNTRIED))))
    return rows
