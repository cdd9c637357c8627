"""`queens N`: one placement, all of them, or how many."""

from __future__ import annotations

import argparse
from typing import Any

from solvers import dlx
from solvers.cli import UsageError, emit, whole_number
from solvers.commands import jobs
from solvers.i18n import N_, _, format_number, ngettext
from solvers.queens import (
    MAX_COUNT_N,
    MAX_N,
    SEARCH_BUDGET,
    board,
    construct,
    count,
    encode,
    fast_count,
    first_within,
)
from solvers.runstats import EventStats


def add_cli(sub: Any) -> None:
    """Register `queens N`."""
    parser = sub.add_parser(
        "queens",
        help=_("place N queens by dancing links"),
        description=_(
            "One placement for N up to {max_n}: dancing links searches {budget} tries, then the "
            "classic explicit construction places the queens at once. "
            "--count and --all search every placement, for N up to {max_count}."
        ).format(max_n=format_number(MAX_N), budget=format_number(SEARCH_BUDGET), max_count=MAX_COUNT_N),
    )
    parser.add_argument(
        "n",
        type=whole_number(None, N_("N")),
        metavar="N",
        help=_("board size, 1 to {max_n}").format(max_n=format_number(MAX_N)),
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help=_("print how many solutions exist (N up to {max_count})").format(max_count=MAX_COUNT_N),
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help=_("print every placement as found (N up to {max_count})").format(max_count=MAX_COUNT_N),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    jobs.add_options(parser)
    parser.set_defaults(run=run_queens)


def run_queens(args: argparse.Namespace) -> int:
    """Print one placement, every placement, or the count."""
    if not 1 <= args.n <= MAX_N:
        wrong = _("queens: N must be between 1 and {max_n}, not {n}")
        raise UsageError(wrong.format(max_n=format_number(MAX_N), n=args.n))
    if (args.count or args.all) and args.n > MAX_COUNT_N:
        wrong = _("queens: --count and --all search every placement: N up to {max_count}, not {n}")
        raise UsageError(wrong.format(max_count=MAX_COUNT_N, n=args.n))
    jobs.check(args, "queens")
    counters, stats = dlx.Counters(), EventStats()
    if args.count and jobs.chosen(args):
        total = jobs.count([encode(args.n).matrix], args, counters=counters, stats=stats, label="queens")
    elif args.count and args.json:
        total = count(args.n, counters, stats)  # --json's run stats are the exact-cover search's events
    elif args.count:
        total = fast_count(args.n, counters, stats)
    if args.count:
        emit(args, str(total), {"n": args.n, "count": total, **counters.as_dict(), **stats.as_dict()})
        return 0 if total else 1
    if args.all:
        return _print_all(args, counters, stats)
    files, finished = first_within(args.n, SEARCH_BUDGET, counters, stats)
    method = "search"
    if not finished:
        files, method = construct(args.n), "construction"
    data = {"n": args.n, "method": method, **counters.as_dict(), **stats.as_dict()}
    data["solutions"] = 0 if files is None else 1  # the placements answered, whichever method found them
    if files is None:
        emit(args, _("no solution"), {**data, "solution": None})
        return 1
    emit(args, board(files), {**data, "solution": list(files)})
    return 0


def _print_all(args: argparse.Namespace, counters: dlx.Counters, stats: EventStats) -> int:
    """Print each placement as the search finds it (JSON: one object a line), then how many."""
    import json

    encoding = encode(args.n)
    found = 0
    for answer in dlx.watched_answers(encoding.matrix, stats, counters=counters):
        files = encoding.files(answer)
        found += 1
        print(json.dumps({"n": args.n, "solution": list(files)}) if args.json else f"{board(files)}\n")
    summary = {"n": args.n, "count": found, **counters.as_dict(), **stats.as_dict()}
    placements = ngettext("{count} placement", "{count} placements", found).format(count=format_number(found))
    print(json.dumps(summary) if args.json else placements)
    return 0 if found else 1
