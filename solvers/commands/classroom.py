"""`class results [FILE]`: the answers of a class session per student and question (the newest by default)."""

from __future__ import annotations

import argparse
import csv
from pathlib import Path
from typing import Any

from solvers.classroom import newest_session, read_table, table_text
from solvers.cli import ArgumentParser, UsageError
from solvers.i18n import _


def add_cli(sub: Any) -> None:
    """`python -m solvers class results [FILE]`."""
    parser = sub.add_parser("class", help=_("class sessions: the answers a class gave"))
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=ArgumentParser)
    results = actions.add_parser(
        "results", help=_("the answers per student and question (default: the newest session)")
    )
    results.add_argument("file", type=Path, nargs="?", metavar="FILE")
    results.set_defaults(run=run_results)


def run_results(args: argparse.Namespace) -> int:
    """Print the table of FILE (or of the newest session); a missing or unreadable file is one line."""
    path: Path | None = args.file or newest_session()
    if path is None:
        raise UsageError(_("no class session has been held yet"))
    try:
        table = read_table(path)
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        reason = getattr(error, "strerror", None) or error
        raise UsageError(_("cannot read {file}: {reason}").format(file=path, reason=reason)) from None
    if not table.questions:
        print(_("{file}: no answers yet").format(file=path))
        return 0
    print(path)
    print(table_text(table))
    return 0
