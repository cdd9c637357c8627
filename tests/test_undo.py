"""One undo and redo for every demo: `history.Undoable`, turns with their answers, one set of words."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest
from ui import press

from visualizer.demos import DEMOS
from visualizer.history import EditHistory, Undoable, redo_turns, undo_turns


@dataclass(frozen=True, slots=True)
class Append:
    """Append one item to a list: by the person, or (`answer`) the computer's reply."""

    item: str
    answer: bool = False

    @property
    def words(self) -> str:
        """The item."""
        return self.item

    def apply(self, target: list[str]) -> None:
        """Append the item."""
        target.append(self.item)

    def revert(self, target: list[str]) -> None:
        """Take it off again."""
        assert target.pop() == self.item


def answers(edit: object) -> bool:
    """The computer's replies."""
    return isinstance(edit, Append) and edit.answer


def played(*edits: Append) -> EditHistory[list[str]]:
    """A history with `edits` done on an empty list."""
    history: EditHistory[list[str]] = EditHistory([])
    for edit in edits:
        history.do(edit)
    return history


def test_a_turn_is_a_move_and_its_answer_both_ways() -> None:
    """Undo takes back the reply and the move before it; redo brings both back; a plain history walks one."""
    history = played(Append("a"), Append("b", answer=True), Append("c"), Append("d", answer=True))
    assert [edit.words for edit in undo_turns(history, 1, answers)] == ["d", "c"]
    assert history.target == ["a", "b"]
    assert [edit.words for edit in redo_turns(history, 1, answers)] == ["c", "d"]
    assert history.target == ["a", "b", "c", "d"]
    assert [edit.words for edit in undo_turns(history, 2, answers)] == ["d", "c", "b", "a"]
    assert undo_turns(history, 1, answers) == [] and history.target == []
    assert len(redo_turns(history, 1)) == 1 and history.target == ["a"]


def test_the_computers_opening_move_stays_and_a_move_without_answer_redoes_alone() -> None:
    """An answer with nothing before it is not undone; redo leaves the next person's move undone."""
    history = played(Append("x", answer=True), Append("a"))
    assert [edit.words for edit in undo_turns(history, 1, answers)] == ["a"]
    assert undo_turns(history, 1, answers) == [] and history.target == ["x"]
    history = played(Append("a"), Append("b"))
    history.undo_all()
    assert [edit.words for edit in redo_turns(history, 1, answers)] == ["a"] and history.target == ["a"]


class Screen(Undoable[list[str]]):
    """An Undoable with its messages and walks written down."""

    def __init__(self, history: EditHistory[list[str]]) -> None:
        self.history = history
        self.said: list[str] = []
        self.walks: list[list[str]] = []

    def notify(self, message: str) -> None:
        """Keep the message."""
        self.said.append(message)

    def edit_history(self) -> EditHistory[list[str]]:
        """The history."""
        return self.history

    def answers(self, edit: object) -> bool:
        """The computer's replies."""
        return answers(edit)

    def after_walk(self, edits: object) -> None:
        """Keep what was walked."""
        assert isinstance(edits, list)
        self.walks.append([edit.words for edit in edits])


def test_undoable_says_what_it_walked_and_shows_it_once() -> None:
    """One message per walk (the person's move names the turn); the hook runs only when something moved."""
    screen = Screen(played(Append("a"), Append("b", answer=True)))
    screen.undo()
    screen.undo()
    screen.redo()
    screen.redo()
    assert screen.said == ["undone: a", "nothing to undo", "redone: a", "nothing to redo"]
    assert screen.walks == [["a", "b"], ["a", "b"]]


def undo_binders() -> list[str]:
    """The demos whose key table binds Z (or U) to undo."""
    return [
        entry.name
        for entry in DEMOS
        if any(binding.action == "undo" for binding in entry.load().bindings.bindings())
    ]


def test_every_demo_with_undo_is_undoable() -> None:
    """Each demo that binds undo gets it from `Undoable` (no demo writes its own walk or its own words)."""
    binders = undo_binders()
    assert {"maze", "mazes", "frogs", "dlx", "sudoku", "games", "tictactoe", "trace"} <= set(binders)
    for entry in DEMOS:
        if entry.name in binders:
            demo = entry.load()
            assert issubclass(demo, Undoable), entry.name
            assert "redo" not in vars(demo) or entry.name == "frogs", entry.name  # frogs: back to its game


@pytest.mark.parametrize("name", ["games", "tictactoe", "frogs"])
def test_nothing_to_undo_reads_the_same_in_every_game(app, open_demo, name: str) -> None:
    """Z on a fresh game says 'nothing to undo', as every other demo does (it said '... yet', frogs more)."""
    demo = open_demo(name).demo
    press(app, pygame.K_z, "z")
    shown = demo.message if name == "frogs" else app.message  # frogs speak under the pads
    assert shown == "nothing to undo"
