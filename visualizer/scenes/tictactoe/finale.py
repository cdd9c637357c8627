"""Tic-tac-toe's end worked out directly (see visualizer/finale.py): End shows the computer's move at once.

The search's end is the move and value `minimax.best_move` finds with a
memo (0.1 s where minimax visits 549,946 nodes); the tree fills in behind.
"""

from __future__ import annotations

from typing import Protocol

from solvers import minimax as mm
from solvers.i18n import _
from solvers.tictactoe import GAME
from visualizer.finale import Finale
from visualizer.scenes.tictactoe.model import cell_name, value_meaning
from visualizer.searchtree import value_text


class Searching(Protocol):
    """What the plain end reads of the demo: the board searched and the search's settings."""

    search_board: str | None
    shortcut: bool

    @property
    def order(self) -> mm.Order | None:
        """The move ordering in use."""


class PlainEnd:
    """The search's end without its events, for the tic-tac-toe demo."""

    def plain_end(self: Searching) -> Finale | None:
        """The move the search ends on and its value; None when no search is on show."""
        if self.search_board is None:
            return None
        move, value = mm.best_move(GAME, self.search_board, shortcut=self.shortcut, order=self.order)
        line = _("The computer plays {cell}: value {value}, {meaning}.").format(
            cell=cell_name(move), value=value_text(value, signed=True), meaning=value_meaning(value)
        )
        return Finale((line,))
