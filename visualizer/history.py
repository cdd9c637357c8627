"""One edit history for every user edit: invertible edits and a cursor (the command pattern).

Maze drawing, frog moves, tic-tac-toe moves and sudoku entry are all edits:
each knows how to `apply` itself to its target and how to `revert` exactly
what it did.  `EditHistory` keeps them in order with a cursor: undo walks the
cursor back reverting, redo walks it forward applying, and a new edit drops
whatever could have been redone.  `Undoable` gives a demo Z and Y over its
history with one set of messages.  No pygame here: tests drive it directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from solvers.i18n import N_, _

T = TypeVar("T")
T_contra = TypeVar("T_contra", contravariant=True)

DEFAULT_LIMIT = 100_000
"""Edits kept before the oldest are forgotten (a long drawing session stays bounded)."""


class Edit(Protocol[T_contra]):
    """A change to a target that can be taken back exactly."""

    @property
    def words(self) -> str:
        """What the edit did, in a few words ("moved the frog on pad 3")."""
        ...

    def apply(self, target: T_contra) -> None:
        """Make the change."""
        ...

    def revert(self, target: T_contra) -> None:
        """Undo exactly what `apply` did."""
        ...


@dataclass(frozen=True, slots=True)
class EditGroup(Generic[T]):
    """Several edits as one: applied in order, reverted in reverse (a stroke of many walls)."""

    edits: Sequence[Edit[T]]
    words: str

    def apply(self, target: T) -> None:
        """Apply every edit, first to last."""
        for edit in self.edits:
            edit.apply(target)

    def revert(self, target: T) -> None:
        """Revert every edit, last to first."""
        for edit in reversed(self.edits):
            edit.revert(target)


class EditHistory(Generic[T]):
    """The edits made to one target, with a cursor between the done and the undone."""

    def __init__(self, target: T, limit: int = DEFAULT_LIMIT) -> None:
        self.target = target
        self.limit = limit
        self._edits: list[Edit[T]] = []
        self._cursor = 0
        self._saved_at: int | None = 0

    def do(self, edit: Edit[T]) -> None:
        """Apply `edit` to the target and remember it (the redo tail is dropped)."""
        edit.apply(self.target)
        self.record(edit)

    def record(self, edit: Edit[T]) -> None:
        """Remember an edit the caller has already applied (a drag applied as it went)."""
        del self._edits[self._cursor :]
        if self._saved_at is not None and self._saved_at > self._cursor:
            self._saved_at = None  # the saved state can no longer be reached
        self._edits.append(edit)
        self._cursor += 1
        if len(self._edits) > self.limit:
            del self._edits[0]
            self._cursor -= 1
            self._saved_at = None if not self._saved_at else self._saved_at - 1

    def undo(self) -> Edit[T] | None:
        """Revert the newest done edit; returns it, or None when there is nothing to undo."""
        if not self._cursor:
            return None
        self._cursor -= 1
        edit = self._edits[self._cursor]
        edit.revert(self.target)
        return edit

    def redo(self) -> Edit[T] | None:
        """Apply the oldest undone edit again; returns it, or None when there is nothing to redo."""
        if self._cursor == len(self._edits):
            return None
        edit = self._edits[self._cursor]
        edit.apply(self.target)
        self._cursor += 1
        return edit

    def undo_all(self) -> int:
        """Undo every done edit; returns how many."""
        count = 0
        while self.undo() is not None:
            count += 1
        return count

    @property
    def can_undo(self) -> bool:
        """True when there is an edit to undo."""
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        """True when there is an undone edit to redo."""
        return self._cursor < len(self._edits)

    @property
    def done(self) -> Sequence[Edit[T]]:
        """The done edits, oldest first."""
        return self._edits[: self._cursor]

    def __len__(self) -> int:
        """How many edits are done (the cursor)."""
        return self._cursor

    def clear(self) -> None:
        """Forget every edit (the target keeps its current state, which counts as saved)."""
        self._edits.clear()
        self._cursor = 0
        self._saved_at = 0

    def mark_saved(self) -> None:
        """The target as it is now has been saved."""
        self._saved_at = self._cursor

    @property
    def dirty(self) -> bool:
        """True when the target has changed since it was last saved (or since the history began)."""
        return self._saved_at != self._cursor


# --- undo and redo for a screen ------------------------------------------------------------


def never(edit: object) -> bool:
    """No edit answers another (every edit is a turn of its own)."""
    return False


UNDONE, REDONE = N_("undone: {what}"), N_("redone: {what}")
NOTHING_TO_UNDO, NOTHING_TO_REDO = N_("nothing to undo"), N_("nothing to redo")


def undo_turns(
    history: EditHistory[T], turns: int = 1, answers: Callable[[Edit[T]], bool] = never
) -> list[Edit[T]]:
    """Undo `turns` turns (an edit that `answers` the one before goes back with it); the edits, newest first.

    An answer with nothing before it (the computer's opening move) stays: nothing of the person's is there.
    """
    undone: list[Edit[T]] = []
    for _turn in range(turns):
        edit = history.undo()
        if edit is None:
            break
        if answers(edit):
            before = history.undo()
            if before is None:
                history.redo()
                break
            undone.append(edit)
            edit = before
        undone.append(edit)
    return undone


def redo_turns(
    history: EditHistory[T], turns: int = 1, answers: Callable[[Edit[T]], bool] = never
) -> list[Edit[T]]:
    """Redo `turns` turns, the edit that `answers` each coming with it; the edits, oldest first."""
    redone: list[Edit[T]] = []
    for _turn in range(turns):
        edit = history.redo()
        if edit is None:
            break
        redone.append(edit)
        if answers(edit) or not history.can_redo:
            continue
        after = history.redo()
        assert after is not None
        if answers(after):
            redone.append(after)
        else:
            history.undo()  # the next edit is a turn of its own: leave it undone
    return redone


class Undoable(Generic[T]):
    """Z undoes, Y redoes a screen's edits, with one set of messages (a mixin for demos).

    A demo names its history (`edit_history`) and what follows a walk
    (`after_walk`: a new run, a repaint); where the computer answers each
    move, `answers` says which edits are answers, undone and redone with
    the move before them.
    """

    notify: Callable[[str], None]

    def edit_history(self) -> EditHistory[T]:
        """The history that undo and redo walk."""
        raise NotImplementedError

    def after_walk(self, edits: Sequence[Edit[T]]) -> None:
        """The target changed by an undo or redo of `edits` (at least one): show it."""

    def answers(self, edit: Edit[T]) -> bool:
        """True for an edit that answers the one before it (the computer's reply): it goes with that one."""
        return False

    def walk_words(self, edits: Sequence[Edit[T]]) -> str:
        """What an undo or redo of `edits` (oldest first) changed, in a few words: the oldest's."""
        return edits[0].words

    def tell(self, message: str) -> None:
        """Say what an undo or redo did (the app's message line)."""
        self.notify(message)

    def undo(self, turns: int = 1) -> None:
        """Take back the last edit (`turns` of them), and the computer's answer with each."""
        undone = undo_turns(self.edit_history(), turns, self.answers)
        self._walked(list(reversed(undone)), UNDONE, NOTHING_TO_UNDO)

    def redo(self, turns: int = 1) -> None:
        """Make the last undone edit (`turns` of them) again, and the answer after each."""
        self._walked(redo_turns(self.edit_history(), turns, self.answers), REDONE, NOTHING_TO_REDO)

    def _walked(self, edits: list[Edit[T]], done: str, nothing: str) -> None:
        """Say what the walk over `edits` (oldest first) changed and show it, or that there was nothing."""
        if not edits:
            self.tell(_(nothing))
            return
        self.tell(_(done).format(what=self.walk_words(edits)))
        self.after_walk(edits)
