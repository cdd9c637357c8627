"""Predict, then reveal, in the recursion demo: the question due at the model's state; no pygame.

- factorial: when the top frame is about to return (its callee returned, or
  it is the base case), "what does fact(3) return?" with the child's value,
  the argument and the next level's value as plausible mistakes;
- maximum of a tree: when an inner call has all its children's values,
  "what does max_of(#4) return?" with its other children's and leaves' values;
  a leaf returns its own value, which its pill already shows, so leaves ask nothing;
- no base case: before each call goes deeper, "what happens next?": calls
  again, returns, or a stack overflow.
"""

from __future__ import annotations

from collections.abc import Callable

from solvers import recursion as rec
from solvers.events import Overflow, Pop, Push
from solvers.i18n import _
from visualizer.predict import Question, distinct_choices, words_question
from visualizer.scenes.recursion.model import ENDLESS, FACTORIAL, NOT_RETURNED, TREE, RecursionModel

CALLS_AGAIN, RETURNS, OVERFLOWS = 0, 1, 2
"""The choices of 'what happens next?', in order."""


def ask(model: RecursionModel, limit: int, nodes: dict[int, rec.TreeNode], seed: int) -> Question | None:
    """The question due now in the model's variant, or None."""
    if not model.stack or model.overflow is not None:
        return None
    if model.mode == FACTORIAL:
        return factorial_question(model, seed)
    if model.mode == ENDLESS:
        return endless_question(model, limit)
    if model.mode == TREE:
        return max_question(model, nodes, seed)
    return None


def asked_call(question: Question | None) -> int | None:
    """The call a question is about (its frame and tree node must not show the answer), or None."""
    if question is None:
        return None
    moment = question.about
    return moment[1] if isinstance(moment, tuple) else moment  # type: ignore[return-value]


def returned_by(node: int) -> Callable[[object], bool]:
    """The reveal test: call `node`'s return."""

    def arrived(event: object) -> bool:
        """Call `node` returns."""
        return type(event) is Pop and event.node == node  # type: ignore[attr-defined]

    return arrived


def factorial_question(model: RecursionModel, seed: int) -> Question | None:
    """'What does fact(a) return?' once the top frame's value is due."""
    top = model.stack[-1]
    arg = model.args[top]
    child = model.result(top + 1)
    base = arg <= 1
    if not base and (child is NOT_RETURNED or child is None):
        return None
    value = 1 if base else arg * child
    mistakes = [0, 2, arg, arg + 1] if base else [child, arg, value * (arg + 1), arg + child]
    numbers, answer = distinct_choices(value, mistakes, seed * 7_919 + top)
    call = f"fact({arg})"
    if base:
        reason = _("{call} is the base case (N <= 1): it returns 1 without calling again").format(call=call)
    else:
        reason = _("{call} returns {arg} × {inner} = {arg} × {child} = {value}").format(
            call=call, arg=arg, inner=f"fact({arg - 1})", child=child, value=value
        )
    prompt = _("What does {call} return? Press 1-4 or click").format(call=call)
    return words_question(top, prompt, tuple(str(n) for n in numbers), answer, reason, returned_by(top))


def endless_question(model: RecursionModel, limit: int) -> Question:
    """'What happens next?' below the newest frame of the endless recursion."""
    top = model.stack[-1]
    arg = model.args[top]
    depth = len(model.stack)
    call, inner = f"fact({arg})", f"fact({arg - 1})"
    choices = (_("it calls again"), _("it returns"), _("stack overflow"))
    if depth >= limit:
        answer = OVERFLOWS
        reason = _("{call} would need frame {frame}, past the limit of {limit}: stack overflow").format(
            call=call, frame=depth + 1, limit=limit
        )
    else:
        answer = CALLS_AGAIN
        reason = _("{call} has no base case, so it calls {inner}: frame {frame} of {limit}").format(
            call=call, inner=inner, frame=depth + 1, limit=limit
        )

    def arrived(event: object) -> bool:
        """The next call, or the overflow."""
        return type(event) is Overflow or (type(event) is Push and event.node == top + 1)  # type: ignore[attr-defined]

    prompt = _("What happens after {call}? Press 1-3 or click").format(call=call)
    return words_question(("next", top), prompt, choices, answer, reason, arrived)


def max_question(model: RecursionModel, nodes: dict[int, rec.TreeNode], seed: int) -> Question | None:
    """'What does max_of(#k) return?' once an inner call has all its children's values."""
    top = model.stack[-1]
    node = nodes.get(top)
    if node is None or not node.children:
        return None
    values = [model.result(child.node) for child in node.children]
    if any(value is NOT_RETURNED or value is None for value in values):
        return None
    value = max(values)
    below = [leaf for leaf in leaf_values(node) if leaf not in values]
    mistakes = [values[-1], min(values), *values, *below]
    numbers, answer = distinct_choices(value, mistakes, seed * 7_919 + top)
    call = f"max_of(#{top})"
    reason = _("{call} returns the largest of its children's values {values}: {value}").format(
        call=call, values=", ".join(str(v) for v in values), value=value
    )
    prompt = _("What does {call} return? Press 1-4 or click").format(call=call)
    return words_question(top, prompt, tuple(str(n) for n in numbers), answer, reason, returned_by(top))


def leaf_values(node: rec.TreeNode) -> list[int]:
    """The values of the leaves under `node`, left to right."""
    found: list[int] = []
    stack = [node]
    while stack:
        here = stack.pop()
        if not here.children and here.value is not None:
            found.append(here.value)
        stack.extend(reversed(here.children))
    return found


def tree_nodes(root: rec.TreeNode) -> dict[int, rec.TreeNode]:
    """Every node of the tree by its id."""
    found: dict[int, rec.TreeNode] = {}
    stack = [root]
    while stack:
        here = stack.pop()
        found[here.node] = here
        stack.extend(here.children)
    return found
