"""The recursion's end worked out directly (see visualizer/finale.py): End shows it at once.

No events are needed: factorial's value is the loop's product, its calls
are max(N, 1), an overflow happens at the stack limit whatever N is (and
always without a base case), and a tree's maximum is `tree_max`.
"""

from __future__ import annotations

from solvers import recursion as rec
from solvers.i18n import _, format_number, ngettext
from visualizer.finale import Finale
from visualizer.scenes.recursion.model import ENDLESS, FACTORIAL, TREE, expected_events, short


def plain_end(mode: str, n: int, limit: int, root: rec.TreeNode) -> Finale:
    """What the run of `mode` ends with, and its length when known."""
    if mode == TREE:
        return Finale((tree_line(root),))
    calls = max(n, 1)
    loop = _("The loop returns {value}.").format(value=short(rec.factorial(n)))
    if mode == FACTORIAL and calls <= limit:
        line = ngettext(
            "fact({n}) returns {value} after {calls} call, {calls} frame deep at most.",
            "fact({n}) returns {value} after {calls} calls, {calls} frames deep at most.",
            calls,
        ).format(n=n, value=short(rec.factorial(n)), calls=format_number(calls))
    else:
        line = overflow_line(mode, limit)
    return Finale((line, loop), expected_events(mode, n, limit))


def overflow_line(mode: str, limit: int) -> str:
    """The stack overflow: where, and what unwinding leaves."""
    depth = format_number(limit)
    if mode == ENDLESS:
        return _(
            "With no base case the calls never stop: the stack overflows at depth {depth},"
            " then every frame unwinds without a value."
        ).format(depth=depth)
    return _(
        "The stack overflows at depth {depth} before fact reaches its base case;"
        " every frame unwinds without a value."
    ).format(depth=depth)


def count_calls(root: rec.TreeNode) -> int:
    """Nodes of the tree: max_of is called once on each."""
    count, todo = 0, [root]
    while todo:
        node = todo.pop()
        count += 1
        todo.extend(node.children)
    return count


def tree_line(root: rec.TreeNode) -> str:
    """The tree's maximum and how many calls find it."""
    calls = count_calls(root)
    return ngettext(
        "max_of returns {value} after {calls} call.",
        "max_of returns {value} after {calls} calls.",
        calls,
    ).format(value=rec.tree_max(root), calls=format_number(calls))
