"""`gametree`: minimax and alpha-beta on a random MAX/MIN tree."""

from __future__ import annotations

import argparse

from solvers.cli import UsageError, emit, seed_number, whole_number
from solvers.i18n import N_, _, format_number, ngettext
from solvers.minimax import LEAF_VALUES, ORDER_NAMES, RandomTree, search
from solvers.runstats import EventStats


def add_cli(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `gametree --depth D --branching B --seed S`."""
    parser = subparsers.add_parser(
        "gametree",
        help=_("minimax and alpha-beta on a seeded random MAX/MIN tree"),
        description=_(
            "Build a full tree with MAX at the root and seeded random leaf values {low}..{high}; "
            "print both algorithms' values and leaf counts."
        ).format(low=LEAF_VALUES[0], high=LEAF_VALUES[1]),
    )
    parser.add_argument(
        "--depth",
        type=whole_number(None, N_("the depth")),
        default=3,
        help=_("levels of moves, 2..6 (default 3)"),
    )
    parser.add_argument(
        "--branching",
        type=whole_number(None, N_("the branching")),
        default=2,
        help=_("moves per node, 2..4 (default 2)"),
    )
    parser.add_argument(
        "--seed", type=seed_number(), default=0, help=_("seed of the leaf values, 0 to 2^32-1")
    )
    parser.add_argument(
        "--order",
        choices=tuple(ORDER_NAMES),
        default="none",
        help=_("move ordering: as generated, best first (oracle), worst first"),
    )
    parser.add_argument("--shortcut", action="store_true", help=_("take an immediate best leaf"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))
    parser.set_defaults(run=run_gametree)


def run_gametree(args: argparse.Namespace) -> int:
    """Search one random tree with both algorithms and print what each did."""
    try:
        tree = RandomTree(args.depth, args.branching, args.seed)
    except ValueError as error:
        raise UsageError(_("gametree: {problem}").format(problem=error)) from None
    order = tree.order(args.order)
    plain_stats, pruned_stats = EventStats(), EventStats()
    plain = search(tree, tree.ROOT, shortcut=args.shortcut, order=order, stats=plain_stats)
    pruned = search(tree, tree.ROOT, alphabeta=True, shortcut=args.shortcut, order=order, stats=pruned_stats)
    total = len(tree.leaves)
    data = {
        "depth": tree.depth,
        "branching": tree.branching,
        "seed": tree.seed,
        "order": args.order,
        "leaf_values": tree.leaves,
        "minimax": {
            "value": plain.value,
            "move": plain.move,
            "nodes": plain.nodes,
            "leaves": plain.leaves,
            **plain_stats.as_dict(),
        },
        "alphabeta": {
            "value": pruned.value,
            "move": pruned.move,
            "nodes": pruned.nodes,
            "leaves": pruned.leaves,
            "prunes": pruned.prunes,
            **pruned_stats.as_dict(),
        },
    }
    lines = [
        _(
            "random tree: depth {depth}, branching {branching}, seed {seed}, "
            "{leaves} leaves, move order {order}"
        ).format(
            depth=tree.depth,
            branching=tree.branching,
            seed=tree.seed,
            leaves=format_number(total),
            order=_(ORDER_NAMES[args.order]),
        ),
    ]
    if total <= 81:  # a textbook-sized tree: show its leaves
        lines.append(_("leaf values: {values}").format(values=" ".join(map(str, tree.leaves))))
    lines += [
        _("minimax:    value {value}, {leaves} leaves evaluated, {nodes} nodes").format(
            value=plain.value, leaves=format_number(plain.leaves), nodes=format_number(plain.nodes)
        ),
        ngettext(
            "alpha-beta: value {value}, {leaves} leaves evaluated, {nodes} nodes, {cuts} cut "
            "(skipped {skipped} of {total} leaves)",
            "alpha-beta: value {value}, {leaves} leaves evaluated, {nodes} nodes, {cuts} cuts "
            "(skipped {skipped} of {total} leaves)",
            pruned.prunes,
        ).format(
            value=pruned.value,
            leaves=format_number(pruned.leaves),
            nodes=format_number(pruned.nodes),
            cuts=format_number(pruned.prunes),
            skipped=format_number(plain.leaves - pruned.leaves),
            total=format_number(plain.leaves),
        ),
    ]
    emit(args, "\n".join(lines), data)
    return 0
