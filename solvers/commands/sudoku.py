"""`sudoku FILE`: every puzzle in a file solved (or counted), each answer printed as it comes."""

from __future__ import annotations

import argparse
from typing import Any

from solvers import dlx
from solvers.cli import Progress, UsageError, emit, read_input, whole_number
from solvers.commands import jobs
from solvers.i18n import N_, _, format_number
from solvers.runstats import EventStats
from solvers.sudoku import COUNT_LIMIT, NOT_UNIQUE, SYMBOLS, Puzzle, encode, format_cells, parse_puzzles


def add_cli(sub: Any) -> None:
    """Register `sudoku [FILE|-]`."""
    parser = sub.add_parser("sudoku", help=_("solve sudokus (4x4, 9x9, 16x16) by dancing links"))
    parser.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE",
        help=_("puzzles: grids of numbers or 81-character lines ('-' = stdin)"),
    )
    parser.add_argument("--count", action="store_true", help=_("print the number of solutions"))
    parser.add_argument(
        "--limit",
        type=whole_number(1, N_("the limit")),
        metavar="K",
        help=_("with --count: stop counting at K (default {limit}); the output says when it stopped").format(
            limit=format_number(COUNT_LIMIT)
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    jobs.add_options(parser, per_problem=N_("puzzles"))
    parser.set_defaults(run=run_sudoku)


def _count_with_progress(
    puzzle: Puzzle, limit: int, counters: dlx.Counters, stats: EventStats, *, run_stats: bool
) -> int:
    """Count solutions up to `limit`, saying on stderr how far it got on runs over a second.

    Plain `--count` runs `sudokucount`: it settles singles at every node and
    copies its state to branch, so its nodes are its own (fewer than dancing
    links'), `counters.updates` gets the cells it filled, and it yields no
    events.  With `run_stats` (`--json`, whose run stats are the events of
    the search the app shows) the count runs on dancing links, events watched.
    """
    progress = Progress(_("sudoku: puzzle {number}").format(number=puzzle.number))
    if run_stats:
        total = 0
        with progress:
            for _answer in dlx.watched_answers(encode(puzzle).matrix, stats, limit=limit, counters=counters):
                total += 1
                progress.update(total)
        return total
    from solvers import sudokucount  # here: only counting needs it (imports stay light)

    tally = sudokucount.Tally()
    try:
        with progress:
            found = progress.update
            total = sudokucount.count(puzzle.size, puzzle.cells, limit=limit, tally=tally, found=found)
    finally:
        counters.nodes += tally.nodes
        counters.updates += tally.filled
        stats.record({}, tally.depth)
    counters.solutions += total
    return total


def run_sudoku(args: argparse.Namespace) -> int:
    """Solve (or count) every puzzle in FILE; exit 1 if any has no solution."""
    if args.limit is not None and not args.count:
        raise UsageError(_("{command}: --limit needs --count").format(command="sudoku"))
    jobs.check(args, "sudoku")
    text, source = read_input(args.file)
    try:
        puzzles = parse_puzzles(text, source)
    except ValueError as error:
        raise UsageError(str(error)) from None
    stats = EventStats()
    lines: list[str] = []
    reports: list[dict[str, Any]] = []
    failed = 0
    matrices = (encode(puzzle).matrix for puzzle in puzzles)
    limit = args.limit or COUNT_LIMIT
    tallies = (
        jobs.count_each(matrices, args, limit=limit, label=_("sudoku puzzles")) if jobs.chosen(args) else None
    )
    gap = "\n" if any(p.form != "line" for p in puzzles) and not args.count else ""
    progress = Progress(_("sudoku"), total=len(puzzles))
    for done, puzzle in enumerate(puzzles):
        counters = dlx.Counters()
        report: dict[str, Any] = {"puzzle": puzzle.number, "label": puzzle.label}
        if args.count:
            if tallies is not None:
                total = next(tallies).into(counters)
            else:
                total = _count_with_progress(puzzle, limit, counters, stats, run_stats=args.json)
            failed += total == 0
            stopped = total == limit
            stopped_words = _("{count} (stopped at the limit of {limit}; there may be more)")
            lines.append(
                stopped_words.format(count=total, limit=format_number(limit)) if stopped else str(total)
            )
            report["count"], report["stopped_at_limit"] = total, stopped
        else:
            encoding = encode(puzzle)
            found = dlx.watched_solutions(encoding.matrix, stats, limit=2, counters=counters)
            cells = encoding.cells(found[0]) if found else None
            failed += cells is None
            lines.append(_("no solution") if cells is None else format_cells(puzzle, cells))
            if len(found) > 1:
                lines[-1] += "\n# " + _(NOT_UNIQUE[2:])
            report["solution"] = None if cells is None else "".join(SYMBOLS[d - 1] for d in cells)
            report["unique"] = len(found) == 1
        reports.append({**report, "nodes": counters.nodes, "updates": counters.updates})
        if args.json:
            progress.update(done + 1, N_("puzzles"))
        else:  # each answer as it comes: a file of 50,000 puzzles shows its first at once
            print((gap if done else "") + lines.pop(), flush=True)
    progress.close()
    stats.finish()
    if args.json:
        emit(args, "", {"puzzles": reports, "unsolvable": failed, **stats.as_dict()})
    return 1 if failed else 0
