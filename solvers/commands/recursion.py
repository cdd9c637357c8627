"""`factorial N` and `maxtree`: the recursion demo's two runs, narrated."""

from __future__ import annotations

import argparse
from typing import Any

from solvers.cli import UsageError, emit, seed_number, whole_number
from solvers.events import Overflow, Pop, Push
from solvers.i18n import N_, _, format_number
from solvers.recursion import (
    DEFAULT_LIMIT,
    MAX_CLI_LIMIT,
    MAX_CLI_N,
    describe_endless,
    describe_factorial,
    describe_tree,
    factorial,
    random_tree,
    recursive_factorial_events,
    tree_max,
    tree_max_events,
)
from solvers.runstats import EventStats


def add_cli(sub: Any) -> None:
    """Register `factorial` and `maxtree`."""
    fact = sub.add_parser("factorial", help=_("N! recursively (with a stack limit) and by a loop"))
    fact.add_argument(
        "n",
        type=whole_number(0, "N", MAX_CLI_N),
        metavar="N",
        help=_("0 to {high} (N! in full)").format(high=f"{MAX_CLI_N:,}"),
    )
    fact.add_argument(
        "--limit",
        type=whole_number(1, N_("the stack limit"), MAX_CLI_LIMIT),
        default=DEFAULT_LIMIT,
        help=_("stack limit in frames (default {limit})").format(limit=f"{DEFAULT_LIMIT:,}"),
    )
    fact.add_argument("--endless", action="store_true", help=_("drop the base case"))
    fact.add_argument("--trace", action="store_true", help=_("print every event"))
    fact.add_argument("--json", action="store_true")
    fact.set_defaults(run=run_factorial)
    tree = sub.add_parser("maxtree", help=_("the maximum of a random tree, recursively"))
    tree.add_argument("--seed", type=seed_number(), default=1, help=_("0 to 2^32-1 (default 1)"))
    tree.add_argument(
        "--depth", type=whole_number(None, N_("the depth")), default=3, help=_("1 to 6 (default 3)")
    )
    tree.add_argument("--trace", action="store_true")
    tree.add_argument("--json", action="store_true")
    tree.set_defaults(run=run_maxtree)


def run_factorial(args: argparse.Namespace) -> int:
    """Run both factorials; report the value and what the recursion did."""
    stats = EventStats()
    describe = describe_endless if args.endless else describe_factorial
    recursive_value: int | None = None
    overflow: Overflow | None = None
    for event in stats.watch(recursive_factorial_events(args.n, args.limit, not args.endless)):
        if args.trace:
            print(f"{'  ' * _indent(event, args.n)}{describe(event, args.n)}")
        if isinstance(event, Overflow):
            overflow = event
        elif isinstance(event, Pop) and event.node == 0:
            recursive_value = event.value
    value = factorial(args.n)
    recursive = {
        "value": recursive_value,
        "overflow": overflow is not None,
        "depth_reached": overflow.depth if overflow else stats.max_depth,
        "limit": args.limit,
    }
    if overflow:
        line = _(
            "recursive {call}: stack overflow at depth {depth} (limit {limit}); "
            "the loop still gives the answer"
        ).format(call=f"fact({args.n})", depth=format_number(overflow.depth), limit=format_number(args.limit))
    else:
        line = _("recursive {call}: {summary}").format(call=f"fact({args.n})", summary=stats.summary())
    text = f"{value}\n{line}" if not args.trace else f"{value}"
    emit(args, text, {"n": args.n, "value": value, "recursive": recursive, **stats.as_dict()})
    return 0


def _indent(event: object, n: int) -> int:
    """How deep a traced line is indented: its frame's depth."""
    if isinstance(event, Push | Pop):
        return max(event.node, 0)
    return 0


def run_maxtree(args: argparse.Namespace) -> int:
    """Find the maximum of a seeded random tree, recursively."""
    try:
        root = random_tree(args.seed, args.depth)
    except ValueError as error:
        raise UsageError(_("maxtree: {reason}").format(reason=error)) from None
    stats = EventStats()
    for event in stats.watch(tree_max_events(root)):
        if args.trace:
            print(describe_tree(event))
    value = tree_max(root)
    emit(
        args,
        _("maximum: {value}").format(value=value) + f"\n{stats.summary()}",
        {"value": value, **stats.as_dict()},
    )
    return 0
