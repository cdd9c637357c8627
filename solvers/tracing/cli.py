"""``python -m solvers trace FILE.py FUNC ARG...``: trace a function headless, print what it did."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from solvers.cli import emit, fail, whole_number
from solvers.i18n import N_, _, format_number, ngettext
from solvers.messages import one_line
from solvers.tracing.runner import (
    BUDGET,
    MAX_CALLS,
    MAX_DEPTH,
    MAX_EVENTS,
    RECURSION_LIMIT,
    SECONDS,
    TraceInputError,
    TraceJob,
    TraceResult,
    load_source,
    make_request,
    syntax_problem,
)


def seconds_type(text: str) -> float:
    """argparse type: a time limit from 0.1 to 600 seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("the time limit must be a number of seconds, not {text}").format(text=repr(text))
        ) from None
    if not 0.1 <= value <= 600:
        raise argparse.ArgumentTypeError(
            _("the time limit must be 0.1 to 600 seconds, not {text}").format(text=text)
        )
    return value


def add_cli(sub: Any) -> None:
    """Register `trace`."""
    parser = sub.add_parser(
        "trace",
        help=_("trace FUNC(ARG...) from FILE.py: calls, depth, cache hits, result"),
        description=_(
            "Run FUNC from FILE.py in a separate process under caps and report what it did. "
            "Each ARG is a Python literal (10, 'text', [1, 2], (3, 4)), read by ast.literal_eval only."
        ),
    )
    parser.add_argument("file", metavar="FILE.py")
    parser.add_argument("func", metavar="FUNC")
    parser.add_argument(
        "args", nargs="*", metavar="ARG", help=_("a Python literal, or name=literal by keyword")
    )
    parser.add_argument(
        "--calls",
        type=whole_number(1, N_("the call cap"), 100_000_000),
        default=MAX_CALLS,
        help=_("call cap"),
    )
    parser.add_argument(
        "--depth",
        type=whole_number(1, N_("the depth cap"), 100_000),
        default=MAX_DEPTH,
        help=_("depth cap (default: Python's recursion limit, raised to {limit})").format(
            limit=format_number(RECURSION_LIMIT)
        ),
    )
    parser.add_argument(
        "--events",
        type=whole_number(0, N_("the event cap"), 10_000_000),
        default=MAX_EVENTS,
        help=_("events sent back (the run goes on past them, counted)"),
    )
    parser.add_argument(
        "--budget",
        type=whole_number(1, N_("the event budget"), 1_000_000_000),
        default=BUDGET,
        help=_("events the run may make (calls, lines, returns) before it is stopped"),
    )
    parser.add_argument(
        "--seconds",
        type=seconds_type,
        default=SECONDS,
        help=_("last-resort time limit (a program that waits)"),
    )
    parser.add_argument("--trace", action="store_true", help=_("print every event"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run_trace)


def run_trace(args: argparse.Namespace) -> int:
    """Check the input (exit 2 on a bad file, name or argument), run, report (exit 1 unless it returned)."""
    path = Path(args.file)
    try:
        problem = syntax_problem(load_source(path.expanduser()), path)
        if problem is not None:
            line, message = problem
            where = _("trace: {file} line {line}: {message}")
            return fail(one_line(where.format(file=path.name, line=line, message=message)), 2)
        request = make_request(
            path,
            args.func,
            args.args,
            max_calls=args.calls,
            max_depth=args.depth,
            max_events=args.events,
            seconds=args.seconds,
            budget=args.budget,
        )
    except TraceInputError as error:
        return fail(one_line(_("trace: {error}").format(error=error)), 2)
    result = TraceJob(request).run()
    if args.trace:
        for event in result.events:
            print(event)
    emit(args, report(result), as_json(result))
    if result.stopped or result.error:
        print(one_line(result.summary()), file=sys.stderr)
        return 1
    return 0


def as_json(result: TraceResult) -> dict[str, Any]:
    """The result as one JSON object."""
    return {
        "result": result.result,
        "calls": result.calls,
        "max_depth": result.max_depth,
        "cache_hits": result.cache_hits,
        "events": result.total_events,
        "events_by_kind": dict(sorted(result.events_by_kind.items())),
        "events_sent": result.events_sent,
        "seconds": result.seconds,
        "error": result.error,
        "line": result.line or None,
        "stopped": result.stopped,
        "output": result.output,
    }


def report(result: TraceResult) -> str:
    """The result for people: the answer, then the counts."""
    events = ngettext("{count} event, {seconds} s", "{count} events, {seconds} s", result.total_events)
    lines = [
        result.summary(),
        _("{counts}; {events}").format(
            counts=result.counts(),
            events=events.format(count=format_number(result.total_events), seconds=f"{result.seconds:.3f}"),
        ),
    ]
    if result.output.strip():
        lines += [_("printed:"), result.output.rstrip()]
    return "\n".join(lines)
