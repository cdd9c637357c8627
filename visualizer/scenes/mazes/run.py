"""A finished search in the same words on every shape, the square's included (no pygame).

The run itself is one model for every maze (`cells.CellModel`); this is what
both demos' status lines say when its search ends.
"""

from __future__ import annotations

from solvers.i18n import format_number, ngettext


def search_result(
    path_length: int, explored: int, dead_ends: int, unreachable: bool
) -> tuple[str, str] | None:
    """A finished search in words and its tone ('done'; 'dead': the goal is out of reach); None under way."""
    if path_length:
        return ngettext(
            "solved: a path of {length} cell (explored: {explored}, dead ends: {dead})",
            "solved: a path of {length} cells (explored: {explored}, dead ends: {dead})",
            path_length,
        ).format(
            length=format_number(path_length), explored=format_number(explored), dead=format_number(dead_ends)
        ), "done"
    if unreachable:
        return ngettext(
            "the goal cannot be reached: {count} cell is reachable from the start (shaded blue)",
            "the goal cannot be reached: {count} cells are reachable from the start (shaded blue)",
            explored,
        ).format(count=format_number(explored)), "dead"
    return None
