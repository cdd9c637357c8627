"""Recursion on the stack: factorial two ways, stack overflow, the maximum of a tree.

The recursive calls are simulated on an explicit stack, so a "deep" recursion
is data, not Python frames: the user's stack limit is what overflows, never
the interpreter's.

    >>> [type(e).__name__ for e in factorial_events(2, with_loop=False)]
    ['Push', 'Push', 'Pop', 'Pop']
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from solvers.events import Assign, Note, Overflow, Pop, Push
from solvers.i18n import N_, _

DEFAULT_LIMIT = 10_000
"""The stack limit (frames) when none is given: Python's own is 1,000."""
MAX_CLI_LIMIT = 1_000_000
"""`factorial --limit` at most: a million frames overflow in seconds (a hundred million ran for minutes)."""
MAX_CLI_N = 20_000
"""`factorial N` prints N! in full (77,338 digits at most) and still overflows the default stack."""

FACTORIAL_CODE: tuple[str, ...] = (
    "function fact(N)",
    "    if N <= 1: return 1",
    "    return N * fact(N - 1)",
    "",
    "function fact_loop(N)",
    "    retval = 1",
    "    for i = N down to 1",
    "        retval = retval * i",
    "    return retval",
)
"""Pseudocode of both factorials; events name these lines (1-based)."""
LINE_FACT_CALL, LINE_FACT_BASE, LINE_FACT_RECURSE = 1, 2, 3
LINE_LOOP_INIT, LINE_LOOP_FOR, LINE_LOOP_MULTIPLY, LINE_LOOP_RETURN = 6, 7, 8, 9

ENDLESS_CODE: tuple[str, ...] = (
    FACTORIAL_CODE[0],
    "    // " + N_("the base case is missing!"),
    *FACTORIAL_CODE[2:],
)
"""The same program with its base case removed: endless recursion."""

MAX_TREE_CODE: tuple[str, ...] = (
    "function max_of(node)",
    "    " + N_("if node is a leaf: return node.value"),
    "    best = -infinity",
    "    " + N_("for each child of node"),
    "        m = max_of(child)",
    "        if m > best: best = m",
    "    return best",
)
"""Pseudocode of the tree maximum; events name these lines."""
LINE_MAX_CALL, LINE_MAX_LEAF, LINE_MAX_BEST, LINE_MAX_RECURSE, LINE_MAX_BETTER, LINE_MAX_RETURN = (
    1,
    2,
    3,
    5,
    6,
    7,
)

LOOP_RETURN = "loop returns"
"""`Note.what` tag of the loop's final return."""


def factorial(n: int) -> int:
    """N! computed by the loop (any N >= 0)."""
    check_natural(n)
    product = 1
    for i in range(2, n + 1):
        product *= i
    return product


def check_natural(n: object) -> None:
    """Raise ValueError unless `n` is an integer >= 0."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise ValueError(_("N must be a whole number, not {value}").format(value=repr(n)))
    if n < 0:
        raise ValueError(_("N must be 0 or more, not {n}").format(n=n))


def recursive_factorial_events(
    n: int, limit: int = DEFAULT_LIMIT, base_case: bool = True
) -> Iterator[Push | Pop | Overflow]:
    """The recursive fact(N) as events: winding pushes, unwinding pops.

    Frames are nodes 0, 1, 2, ... from the outermost call.  When a call would
    go past `limit` frames an `Overflow` is yielded and every frame is popped
    with value None, as a stack overflow unwinds the whole stack.  Without a
    base case the calls go 3, 2, 1, 0, -1, ... until the limit.
    """
    check_natural(n)
    if limit < 1:
        raise ValueError(_("the stack limit must be at least 1, not {limit}").format(limit=limit))
    depth = 0
    arg = n
    while True:
        if depth == limit:
            yield Overflow(depth, limit, LINE_FACT_RECURSE)
            for node in range(depth - 1, -1, -1):
                yield Pop(node, None, False, LINE_FACT_RECURSE)
            return
        yield Push(depth, depth - 1, arg, LINE_FACT_CALL if depth == 0 else LINE_FACT_RECURSE)
        depth += 1
        if base_case and arg <= 1:
            break
        arg -= 1
    # Unwinding: each frame multiplies its N by what the inner call returned.
    value = 1
    yield Pop(depth - 1, value, False, LINE_FACT_BASE)
    for node in range(depth - 2, -1, -1):
        value *= n - node
        yield Pop(node, value, False, LINE_FACT_RECURSE)


def loop_factorial_events(n: int) -> Iterator[Assign | Note]:
    """The loop fact_loop(N) as events: retval and i changing."""
    check_natural(n)
    retval = 1
    yield Assign("retval", 1, None, LINE_LOOP_INIT)
    previous_i = None
    for i in range(n, 0, -1):
        yield Assign("i", i, previous_i, LINE_LOOP_FOR)
        previous_i = i
        yield Assign("retval", retval * i, retval, LINE_LOOP_MULTIPLY)
        retval *= i
    yield Note((LOOP_RETURN, retval), LINE_LOOP_RETURN)


def factorial_events(
    n: int, limit: int = DEFAULT_LIMIT, base_case: bool = True, with_loop: bool = True
) -> Iterator[Any]:
    """Recursive and loop factorial in lockstep: one event of each in turn."""
    tracks: list[Iterator[Any]] = [recursive_factorial_events(n, limit, base_case)]
    if with_loop:
        tracks.append(loop_factorial_events(n))
    while tracks:
        for track in list(tracks):
            event = next(track, None)
            if event is None:
                tracks.remove(track)
            else:
                yield event


# --- the maximum of a tree ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class TreeNode:
    """A node of a value tree: a leaf has a value and no children."""

    node: int
    value: int | None
    children: tuple[TreeNode, ...] = ()


def random_tree(seed: int, depth: int = 3, max_children: int = 3) -> TreeNode:
    """A small random tree (ids in preorder) with leaf values 1..99."""
    if not 1 <= depth <= 6:
        raise ValueError(_("tree depth must be 1 to 6, not {depth}").format(depth=depth))
    if not 2 <= max_children <= 4:
        raise ValueError(_("children per node must be 2 to 4, not {count}").format(count=max_children))
    rng = random.Random(seed)
    counter = iter(range(10**9))

    def grow(level: int) -> TreeNode:
        """A subtree whose root is at `level`."""
        node = next(counter)
        leaf = level == depth or (level > 1 and rng.random() < 0.25)
        if leaf:
            return TreeNode(node, rng.randint(1, 99))
        count = rng.randint(2, max_children)
        return TreeNode(node, None, tuple(grow(level + 1) for _ in range(count)))

    return grow(0)


def tree_max_events(root: TreeNode) -> Iterator[Push | Pop | Assign | Note]:
    """max_of(root) as events, on an explicit stack of [node, next child, best]."""
    yield Push(root.node, -1, root.value, LINE_MAX_CALL)
    stack: list[list[Any]] = [[root, 0, None]]
    while stack:
        frame = stack[-1]
        node = frame[0]
        if not node.children:
            result, line = node.value, LINE_MAX_LEAF
        elif frame[2] is None:
            frame[2] = float("-inf")
            yield Assign("best", frame[2], None, LINE_MAX_BEST)
            continue
        elif frame[1] < len(node.children):
            child = node.children[frame[1]]
            frame[1] += 1
            yield Push(child.node, node.node, child.value, LINE_MAX_RECURSE)
            stack.append([child, 0, None])
            continue
        else:
            result, line = frame[2], LINE_MAX_RETURN
        stack.pop()
        yield Pop(node.node, result, False, line)
        if stack:
            caller = stack[-1]
            if result > caller[2]:
                yield Assign("best", result, caller[2], LINE_MAX_BETTER)
                caller[2] = result
            else:
                yield Note(("keep", result, caller[2]), LINE_MAX_BETTER)


def tree_max(root: TreeNode) -> int:
    """The largest leaf value of the tree."""
    if not root.children:
        assert root.value is not None
        return root.value
    return max(tree_max(child) for child in root.children)


# --- plain language ----------------------------------------------------------


def describe_factorial(event: object, n: int) -> str:
    """What a factorial event means, in words (frame k runs fact(N - k))."""
    match event:
        case Push(node=0, what=arg):
            return _("call {call}").format(call=f"fact({arg})")
        case Push(what=arg):
            return _("{caller} waits for {callee}: push a frame").format(
                caller=f"fact({arg + 1})", callee=f"fact({arg})"
            )
        case Pop(value=None, node=node):
            return _("{call} is abandoned: the stack overflowed").format(call=f"fact({n - node})")
        case Pop(node=node, value=value, line=line) if line == LINE_FACT_BASE:
            return _("base case: {call} returns {value}").format(call=f"fact({n - node})", value=value)
        case Pop(node=node, value=value):
            arg = n - node
            product = f"{arg} * {value // arg if arg else value} = {value}"
            return _("{call} = {product}: pop").format(call=f"fact({arg})", product=product)
        case Overflow(depth=depth, limit=limit):
            return _("stack overflow: {depth} frames, the limit is {limit}").format(depth=depth, limit=limit)
        case Assign(name="i", value=value):
            return _("loop: {assignment}").format(assignment=f"i = {value}")
        case Assign(name="retval", value=value, old=None):
            return _("loop: retval starts at {value}").format(value=value)
        case Assign(name="retval", value=value, old=old):
            return _("loop: {assignment}").format(assignment=f"retval = {old} * i = {value}")
        case Note(what=(tag, value)) if tag == LOOP_RETURN:
            return _("loop returns {value}").format(value=value)
    return str(event)


def describe_endless(event: object, n: int) -> str:
    """Like `describe_factorial`, for the variant without a base case."""
    if isinstance(event, Push) and event.node > 0:
        return _("{caller} calls {callee}: no base case stops it").format(
            caller=f"fact({event.what + 1})", callee=f"fact({event.what})"
        )
    return describe_factorial(event, n)


def describe_tree(event: object) -> str:
    """What a tree-maximum event means, in words."""
    match event:
        case Push(node=node, what=None):
            return _("max_of(node {node}): look at its children").format(node=node)
        case Push(node=node, what=value):
            return _("max_of(node {node}): a leaf").format(node=node)
        case Pop(node=node, value=value, line=line) if line == LINE_MAX_LEAF:
            return _("leaf {node} returns its value {value}").format(node=node, value=value)
        case Pop(node=node, value=value):
            return _("node {node} returns its best, {value}").format(node=node, value=value)
        case Assign(value=value, old=None):
            return "best = -infinity"
        case Assign(value=value, old=old):
            was = "-infinity" if old == float("-inf") else old
            return _("{value} > {was}: best = {value}").format(value=value, was=was)
        case Note(what=("keep", value, best)):
            return _("{value} is not more than {best}: keep best").format(value=value, best=best)
    return str(event)
