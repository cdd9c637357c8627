"""A game against the computer, as the demos that play one keep it: plain state and its edits; no pygame.

- `Versus`: who starts, the moves so far and, by move index, the computer's
  answer for each of its moves (what its search returned: tic-tac-toe keeps
  the value, the games demo the engine's `Answer`).
- `Move`: one move as an edit, the person's (no answer) or the computer's
  with its answer; `EditHistory` undoes and redoes it.
- `NewGame`: an empty board under new settings; it keeps the game it
  replaced, so a new game can be undone like a move.

Tic-tac-toe's `Game` and the games demo's `Match` add their rules and words.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from solvers.i18n import _

HUMAN, COMPUTER = "human", "computer"
A = TypeVar("A")


class Versus(Generic[A]):
    """Who starts (plays x), the moves so far and, by move index, the computer's answers."""

    def __init__(self, starts: str = HUMAN) -> None:
        self.starts = starts
        self.moves: list[int] = []
        self.answers: dict[int, A] = {}

    def latest_answer(self) -> tuple[int, A] | None:
        """The index of the computer's latest move and its answer; None before it has moved."""
        if not self.answers:
            return None
        index = max(self.answers)
        return index, self.answers[index]


@dataclass(frozen=True, slots=True)
class Move(Generic[A]):
    """A move: the person's (no answer) or the computer's with the answer of its search."""

    move: int
    answer: A | None = None

    @property
    def words(self) -> str:
        """What the edit did."""
        return _("the computer's move") if self.answer is not None else _("your move")

    def apply(self, game: Versus[A]) -> None:
        """Play the move."""
        if self.answer is not None:
            game.answers[len(game.moves)] = self.answer
        game.moves.append(self.move)

    def revert(self, game: Versus[A]) -> None:
        """Take it back."""
        game.moves.pop()
        game.answers.pop(len(game.moves), None)


def is_reply(edit: object) -> bool:
    """The edit is a move of the computer's."""
    return isinstance(edit, Move) and edit.answer is not None


class NewGame:
    """An empty board under new `settings` (attributes of the game); it keeps the game it replaced.

    Each demo's own kind says in its `words` what the new game is."""

    def __init__(self, game: Versus[Any], **settings: object) -> None:
        self.settings = settings
        self.old = kept(vars(game))

    def apply(self, game: Versus[Any]) -> None:
        """Clear the board, with the new settings."""
        for name, value in self.settings.items():
            setattr(game, name, value)
        game.moves, game.answers = [], {}

    def revert(self, game: Versus[Any]) -> None:
        """The replaced game back, as it was."""
        vars(game).update(kept(self.old))


def kept(attributes: dict[str, Any]) -> dict[str, Any]:
    """A game's attributes with its move list and answers copied (a later move must not change them)."""
    return {name: copy.copy(value) for name, value in attributes.items()}
