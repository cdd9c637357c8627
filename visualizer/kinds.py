"""Event kinds in the reader's language: the breakpoint chooser names 'Pop' as a teacher would.

The player counts events by their class name ('Push', 'Cover', ...); those
names are the code's, not the classroom's.  No pygame.
"""

from __future__ import annotations

from solvers.i18n import pgettext


def kind_table() -> dict[str, str]:
    """Every event kind the solvers yield (and the wrappers of side-by-side runs), in the current language."""
    return {
        "Push": pgettext("event kind", "call"),
        "Pop": pgettext("event kind", "return"),
        "Note": pgettext("event kind", "line"),
        "Line": pgettext("event kind", "line"),
        "Assign": pgettext("event kind", "assignment"),
        "Overflow": pgettext("event kind", "overflow"),
        "Solution": pgettext("event kind", "solution"),
        "Prune": pgettext("event kind", "cut"),
        "DeadEnd": pgettext("event kind", "dead end"),
        "Visit": pgettext("event kind", "visit"),
        "Choose": pgettext("event kind", "column choice"),
        "Cover": pgettext("event kind", "cover"),
        "Uncover": pgettext("event kind", "uncover"),
        "Carve": pgettext("event kind", "carve"),
        "Move": pgettext("event kind", "move"),
        "Evaluate": pgettext("event kind", "leaf score"),
        "Bound": pgettext("event kind", "α or β change"),
        "Options": pgettext("event kind", "move list"),
        "Raise": pgettext("event kind", "exception"),
        "Halt": pgettext("event kind", "stop"),
        "Walk": pgettext("event kind", "walk"),
        "Leap": pgettext("event kind", "long walk"),
        "Iteration": pgettext("event kind", "iteration"),
        "Heuristic": pgettext("event kind", "heuristic score"),
        "TableHit": pgettext("event kind", "table hit"),
        "Side": pgettext("event kind", "step of either run"),
        "Sided": pgettext("event kind", "step of either run"),
    }


def kind_words(name: str) -> str:
    """The kind `name` ('Pop') as the reader says it ('return'); an unknown kind keeps its name."""
    return kind_table().get(name, name)
