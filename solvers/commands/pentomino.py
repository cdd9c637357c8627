"""`pentomino RxC`: tile a board with the twelve pentominoes, or count the ways."""

from __future__ import annotations

import argparse
from typing import Any

from solvers import dlx
from solvers.cli import UsageError, emit
from solvers.commands import jobs
from solvers.i18n import _
from solvers.pentomino import count, first, matrices, parse_size
from solvers.runstats import EventStats


def add_cli(sub: Any) -> None:
    """Register `pentomino ROWSxCOLUMNS`."""
    parser = sub.add_parser("pentomino", help=_("tile a rectangle with the 12 pentominoes"))
    parser.add_argument(
        "size",
        metavar="ROWSxCOLUMNS",
        help=_("rows x columns, as the app writes boards: 6x10, 5x12, 4x15, 3x20 (or turned: 10x6)"),
    )
    parser.add_argument(
        "--count", action="store_true", help=_("print the number of tilings up to rotation and reflection")
    )
    parser.add_argument(
        "--raw", action="store_true", help=_("with --count: count every tiling (4 times the classic count)")
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    jobs.add_options(parser)
    parser.set_defaults(run=run_pentomino)


def run_pentomino(args: argparse.Namespace) -> int:
    """Print one tiling, or the count."""
    try:
        width, height = parse_size(args.size)
    except ValueError as error:
        raise UsageError(_("{command}: {error}").format(command="pentomino", error=error)) from None
    if args.raw and not args.count:
        raise UsageError(_("{command}: --raw needs --count").format(command="pentomino"))
    jobs.check(args, "pentomino")
    counters, stats = dlx.Counters(), EventStats()
    if args.count and jobs.chosen(args):
        total = jobs.count(
            matrices(width, height, args.raw), args, counters=counters, stats=stats, label="pentomino"
        )
    elif args.count:
        total = count(width, height, args.raw, counters, stats)
    if args.count:
        emit(
            args,
            str(total),
            {
                "rows": height,
                "columns": width,
                "width": width,
                "height": height,
                "count": total,
                "raw": args.raw,
                **counters.as_dict(),
                **stats.as_dict(),
            },
        )
        return 0 if total else 1
    tiling = first(width, height, counters, stats)
    data = {"rows": height, "columns": width, "width": width, "height": height}
    data.update({**counters.as_dict(), **stats.as_dict()})
    if tiling is None:
        emit(args, _("no solution"), {**data, "solution": None})
        return 1
    emit(args, "\n".join(tiling), {**data, "solution": tiling})
    return 0
