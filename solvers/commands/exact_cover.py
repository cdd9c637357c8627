"""`exact-cover FILE`: an exact-cover matrix in a small text format, solved, listed or counted."""

from __future__ import annotations

import argparse
from collections import deque
from collections.abc import Iterable
from typing import Any

from solvers import i18n
from solvers.cli import Progress, UsageError, emit, read_input, whole_number
from solvers.commands import jobs
from solvers.dlx import STRATEGIES, Counters, ParsedMatrix, count, format_help, parse_matrix, watched_answers
from solvers.runstats import EventStats


def add_cli(sub: Any) -> None:
    """Register `exact-cover FILE`."""
    parser = sub.add_parser(
        "exact-cover",
        help=i18n._("solve an exact-cover matrix given in a small text format"),
        description=format_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help=i18n._("the matrix ('-' for standard input)"))
    parser.add_argument("--count", action="store_true", help=i18n._("print how many solutions there are"))
    parser.add_argument("--all", action="store_true", help=i18n._("print every solution"))
    parser.add_argument(
        "--limit",
        type=whole_number(1, i18n.N_("the limit")),
        metavar="K",
        help=i18n._("stop after K solutions"),
    )
    parser.add_argument(
        "--strategy",
        choices=STRATEGIES,
        default="fewest",
        help=i18n._("column choice: fewest 1s (Knuth's S heuristic) or leftmost"),
    )
    parser.add_argument("--json", action="store_true", help=i18n._("print one JSON object"))
    jobs.add_options(parser)
    parser.set_defaults(run=run_exact_cover)


def run_exact_cover(args: argparse.Namespace) -> int:
    """Solve the matrix in FILE; print the first solution, all, or the count."""
    import json

    if args.limit is not None and not (args.count or args.all):
        raise UsageError(i18n._("{command}: --limit needs --count or --all").format(command="exact-cover"))
    jobs.check(args, "exact-cover")
    text, source = read_input(args.file)
    try:
        parsed = parse_matrix(text, source)
    except ValueError as error:
        raise UsageError(str(error)) from None
    matrix, counters, stats = parsed.matrix, Counters(), EventStats()
    shape = {"columns": matrix.n_columns, "rows": len(matrix.rows)}
    if args.count and jobs.chosen(args):
        total = jobs.count(
            [matrix], args, limit=args.limit, counters=counters, stats=stats, label="exact-cover"
        )
    elif args.count:
        with Progress("exact-cover") as progress:
            total = count(
                matrix,
                strategy=args.strategy,
                limit=args.limit,
                counters=counters,
                stats=stats,
                found=progress.update,
            )
    if args.count:
        emit(args, str(total), {**shape, **counters.as_dict(), **stats.as_dict(), "count": total})
        return 0 if total else 1
    limit = args.limit if args.all else 1
    answers = watched_answers(matrix, stats, strategy=args.strategy, limit=limit, counters=counters)
    if args.all:
        found = _stream_all(args, parsed, answers, shape)
        if args.json:  # close the object: the list is "solutions", so the counter is not repeated
            tail = {**counters.as_dict(), **stats.as_dict(), "count": found}
            del tail["solutions"]
            print("], " + json.dumps(tail)[1:])
        elif not found:
            print(i18n._("no solution"))
        return 0 if found else 1
    first_answer = next(answers, None)
    deque(answers, maxlen=0)  # withdraw every row, so the counters and stats are complete
    data = {**shape, **counters.as_dict(), **stats.as_dict()}
    if first_answer is None:
        emit(args, i18n._("no solution"), {**data, "solution": None})
        return 1
    rows = sorted(first_answer)
    block = "\n".join(_describe_row(parsed, row) for row in rows)
    emit(args, block, {**data, "solution": [_row_label(parsed, row) for row in rows]})
    return 0


def _stream_all(
    args: argparse.Namespace, parsed: ParsedMatrix, answers: Iterable[tuple[int, ...]], shape: dict[str, int]
) -> int:
    """Print each solution as it is found (a blank line between, or JSON items); return how many."""
    import json

    found = 0
    if args.json:
        print(json.dumps(shape)[:-1] + ', "solutions": [', end="")
    for answer in answers:
        rows = sorted(answer)
        if args.json:
            item = json.dumps([_row_label(parsed, row) for row in rows])
            print(item if not found else ", " + item, end="")
        else:
            print(("\n" if found else "") + "\n".join(_describe_row(parsed, row) for row in rows))
        found += 1
    return found


def _row_label(parsed: ParsedMatrix, row: int) -> dict[str, Any]:
    """A chosen row as JSON: its number, source line and columns."""
    names = [parsed.matrix.names[col] for col in parsed.matrix.rows[row]]
    return {"row": row + 1, "line": parsed.lines[row], "columns": names}


def _describe_row(parsed: ParsedMatrix, row: int) -> str:
    """A chosen row for people: 'row 4 (line 6): A D'."""
    names = " ".join(parsed.matrix.names[col] for col in parsed.matrix.rows[row])
    return i18n._("row {row} (line {line}): {names}").format(row=row + 1, line=parsed.lines[row], names=names)
