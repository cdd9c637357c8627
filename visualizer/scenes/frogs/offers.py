"""What the stage offers: the controls, and at the end of a game, a search or a playback, words and buttons.

A banner over the lower area when the person's game is won or stuck; a
result line under the pads when a search or playback has ended.  The
buttons are placed by the pure layout, so input and drawing agree.  What
they read and call of the controller is the small `Controls` protocol (the
demo satisfies it; this module does not import the demo).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from solvers import frogs as fr
from solvers.i18n import _, ngettext
from visualizer import theme as th
from visualizer.history import EditHistory
from visualizer.player import Player
from visualizer.scenes.frogs import layout as lay
from visualizer.scenes.frogs.model import (
    PLAY,
    PLAYBACK,
    SOLVE,
    FrogGame,
    FrogsModel,
    count_moves,
    hopeless_text,
)
from visualizer.theme import Theme
from visualizer.widgets import Button, Stepper, Widget


class Controls(Protocol):
    """What the offers and the controls read of the frogs controller, and the actions their buttons call."""

    theme: Theme
    n: int
    m: int
    mode: str
    game: FrogGame
    history: EditHistory[FrogGame]
    solve_from: str
    from_here: fr.FromHere | None
    playback_moves: tuple[fr.Hop, ...]

    def set_sizes(self, n: int, m: int) -> None: ...
    def undo(self, turns: int = 1) -> None: ...
    def reset_game(self) -> None: ...
    def solve_here(self) -> None: ...
    def solve_from_start(self) -> None: ...
    def play_solution(self) -> None: ...
    def back_to_game(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Offer:
    """The end of a game or a search: words and what to do next (a banner, or the result line)."""

    title: str
    text: str
    colour: th.Color
    actions: tuple[tuple[str, Callable[[], None]], ...]
    banner: bool


def offer(demo: Controls, player: Player[FrogsModel]) -> Offer | None:
    """The end of a game (a banner), of a search or a playback (the result line); None before."""
    back = (_("back to the game"), demo.back_to_game)
    undo_back: tuple[tuple[str, Callable[[], None]], ...] = ()
    if demo.mode == PLAY:
        if demo.game.won:
            text = _("{moves}; the fewest possible is {best}.").format(
                moves=count_moves(len(demo.game.moves)), best=demo.game.best
            )
            return Offer(
                _("All frogs are across!"), text, th.DONE, ((_("play again"), demo.reset_game),), True
            )
        if not demo.game.stuck:
            return None
        verdict = fr.solve_from_here(demo.game.positions)
        steps = verdict.moves_back or 0
        if steps:
            undo_back = ((undo_words(steps), lambda: demo.undo(steps)),)
        plain = ((_("undo"), demo.undo),) if steps != 1 else ()
        text = hopeless_text(verdict) if steps else _("No frog can move.")
        actions = (*undo_back, *plain, (_("reset"), demo.reset_game))
        return Offer(_("No more moves"), text, th.DEAD, actions, True)
    if not player.at_end:
        return None
    if demo.mode == PLAYBACK:
        text = _("The frogs are across: {moves}, each one legal.").format(
            moves=count_moves(len(demo.playback_moves))
        )
        return Offer("", text, th.DONE, (back,), False)
    model = player.model
    tree = model.tree
    if model.solution is not None:
        text = _("Solved: {moves}; {tried} tried, {cancelled} cancelled.").format(
            moves=count_moves(len(model.solution)), tried=tree.tried, cancelled=tree.cancelled
        )
        return Offer("", text, th.DONE, ((_("play the solution"), demo.play_solution), back), False)
    verdict = demo.from_here or fr.solve_from_here([demo.solve_from])
    steps = verdict.moves_back or 0
    if steps and demo.solve_from == demo.game.state and steps <= len(demo.game.moves):
        undo_back = ((undo_words(steps), lambda: demo.undo(steps)),)
    return Offer("", hopeless_text(verdict), th.DEAD, (*undo_back, back), False)


def undo_words(steps: int) -> str:
    """The button that takes back `steps` moves: 'undo 3 moves'."""
    return ngettext("undo {count} move", "undo {count} moves", steps).format(count=steps)


def stage_buttons(demo: Controls, frogs: lay.FrogsLayout, player: Player) -> list[Button]:
    """The buttons of the offer on the stage, placed by the pure layout."""
    shown = offer(demo, player)
    if shown is None:
        return []
    buttons = [Button(label, action) for label, action in shown.actions]
    widths = [button.width(demo.theme) for button in buttons]
    if shown.banner:
        lines = lay.banner_lines(demo.theme, frogs.lower, shown.text)
        rects = lay.banner_buttons(demo.theme, lay.banner_box(demo.theme, frogs.lower, len(lines)), widths)
    else:
        rects = lay.result_buttons(demo.theme, frogs.bar, widths)
    for button, rect in zip(buttons, rects, strict=True):
        button.rect = rect
    return buttons


def controls(demo: Controls) -> list[Widget]:
    """Sizes (click the number to type one), the game's undo and reset, the runs' buttons."""
    return [
        Stepper(
            "N",
            lambda: demo.n,
            lambda n: demo.set_sizes(n, demo.m),
            fr.MIN_FROGS,
            fr.MAX_FROGS,
            hint=_("frogs on the left: [ and ]"),
        ),
        Stepper(
            "M",
            lambda: demo.m,
            lambda m: demo.set_sizes(demo.n, m),
            fr.MIN_FROGS,
            fr.MAX_FROGS,
            hint=_("frogs on the right: , and ."),
        ),
        Button(_("undo"), demo.undo, hint=_("U, Z or Backspace"), enabled=lambda: demo.history.can_undo),
        Button(_("reset"), demo.reset_game, hint=_("0 or Delete")),
        Button(
            _("solve from here"),
            demo.solve_here,
            hint=_("Enter"),
            active=lambda: (
                demo.mode == SOLVE and demo.solve_from == demo.game.state and bool(demo.game.moves)
            ),
        ),
        Button(
            _("solve from start"),
            demo.solve_from_start,
            active=lambda: demo.mode == SOLVE and demo.solve_from == demo.game.start,
        ),
        Button(_("play solution"), demo.play_solution, hint="A", active=lambda: demo.mode == PLAYBACK),
        Button(_("back to game"), demo.back_to_game, hint="B", enabled=lambda: demo.mode != PLAY),
    ]
