"""`--jobs N` and `--scheduler ADDRESS`: a command's --count on every core or on a Dask cluster.

The counting itself is `solvers.parallel` (it knows nothing of the command line); this module gives a
command's parser the two options, checks them, and runs the count with the progress bar on stderr.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
from collections.abc import Callable, Iterable, Iterator

from solvers import dlx
from solvers.cli import Progress, UsageError
from solvers.i18n import _
from solvers.messages import parse_whole, shown
from solvers.parallel import Plan, Problem, Progressing, Tally, count_each_problem, count_problems
from solvers.runstats import EventStats

MAX_JOBS = 256
"""The most processes --jobs may ask for."""
SCHEDULER = re.compile(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})")
"""A Dask scheduler's address: tcp://HOST:PORT (or tls://)."""


def progress_bar(label: str) -> Callable[[int | None], Progressing]:
    """A count's `watch`: the command line's progress bar on stderr, titled `label`."""
    return lambda total: Progress(label, total=total)


def jobs_number(text: str) -> int:
    """`--jobs`: 1 to 256, or 0 / 'auto' for every core; ArgumentTypeError in one line."""
    word = text.strip().lower()
    if word == "auto":
        return os.cpu_count() or 1
    try:
        jobs = parse_whole(word, "N", 0, MAX_JOBS)
    except ValueError:
        wrong = _("N must be 1 to {max_jobs}, or 0 or 'auto' for every core, not {text}")
        raise argparse.ArgumentTypeError(wrong.format(max_jobs=MAX_JOBS, text=shown(text))) from None
    return jobs or os.cpu_count() or 1


def scheduler_address(text: str) -> str:
    """`--scheduler`: a Dask scheduler's address, tcp://HOST:PORT; ArgumentTypeError in one line."""
    match = SCHEDULER.fullmatch(text.strip())
    if not match or not 1 <= int(match[3]) <= 65535:
        wrong = _("expected a Dask scheduler's address tcp://HOST:PORT (port 1 to 65535), not {text}")
        raise argparse.ArgumentTypeError(wrong.format(text=shown(text)))
    return match[0]


def add_options(parser: argparse.ArgumentParser, per_problem: str = "") -> None:
    """Give a command `--jobs N` and `--scheduler ADDRESS` for its --count.

    `per_problem` names what a file holds many of (N_("puzzles")): then
    several are counted a task each, and only a single one is split.
    """
    if per_problem:
        jobs = _(
            "with --count: count on N processes, 1 to {max_jobs} (0 or 'auto': every core); "
            "several {things}: one task each; a single one: its search tree is split"
        )
    else:
        jobs = _(
            "with --count: count on N processes, 1 to {max_jobs} (0 or 'auto': every core); "
            "the search tree is split into parts counted side by side"
        )
    parser.add_argument(
        "--jobs",
        type=jobs_number,
        metavar="N",
        help=jobs.format(max_jobs=MAX_JOBS, things=_(per_problem) if per_problem else ""),
    )
    parser.add_argument(
        "--scheduler",
        type=scheduler_address,
        metavar="tcp://HOST:PORT",
        help=_("with --count: count on this Dask cluster instead ({command})").format(
            command="pip install 'unwind[dask]'"
        ),
    )


def check(args: argparse.Namespace, command: str) -> None:
    """UsageError unless --jobs and --scheduler come with --count."""
    if (args.jobs is not None or args.scheduler is not None) and not args.count:
        raise UsageError(_("{command}: --jobs and --scheduler need --count").format(command=command))


def chosen(args: argparse.Namespace) -> bool:
    """Whether the command line asked for --jobs or --scheduler."""
    return args.jobs is not None or args.scheduler is not None


def plan_of(args: argparse.Namespace) -> Plan:
    """The plan the command line asks for (the cluster's thread count when only --scheduler is given)."""
    strategy = getattr(args, "strategy", "fewest")
    if args.scheduler is not None and args.jobs is None:
        from solvers.executors import cluster_workers

        return Plan(cluster_workers(args.scheduler), args.scheduler, strategy)
    return Plan(args.jobs or 1, args.scheduler, strategy)


def count(
    matrices: Iterable[dlx.Matrix],
    args: argparse.Namespace,
    *,
    limit: int | None = None,
    counters: dlx.Counters | None = None,
    stats: EventStats | None = None,
    label: str = "count",
) -> int:
    """The matrices' solutions added up (at most `limit`), as --jobs and --scheduler say.

    No events are made: `stats`, if given, only gets the time taken.
    """
    tally = count_problems(map(Problem.of, matrices), plan_of(args), limit=limit, watch=progress_bar(label))
    if stats is not None:
        stats.finish()
    return tally.into(counters)


def count_each(
    matrices: Iterable[dlx.Matrix],
    args: argparse.Namespace,
    *,
    limit: int | None = None,
    label: str = "count",
) -> Iterator[Tally]:
    """Each matrix's count in order: a task per matrix, or a lone matrix split into parts."""
    plan = plan_of(args)
    problems = map(Problem.of, matrices)
    head = [problem for _, problem in zip(range(2), problems, strict=False)]
    if len(head) == 1:
        yield count_problems(head, plan, limit=limit, watch=progress_bar(label))
        return
    watch = progress_bar(label)
    yield from count_each_problem(itertools.chain(head, problems), plan, limit=limit, watch=watch)
