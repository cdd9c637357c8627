"""`lesson check FILE`: a lesson file read and checked alone, every problem named with its line."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from solvers.cli import ArgumentParser, UsageError
from solvers.i18n import _, ngettext
from solvers.lessons import LessonError, in_language, load_lesson


def add_cli(sub: Any) -> None:
    """`python -m solvers lesson check FILE`."""
    parser = sub.add_parser("lesson", help=_("lessons: check a lesson file"))
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=ArgumentParser)
    check = actions.add_parser("check", help=_("check a lesson file and say what is wrong, with its line"))
    check.add_argument("file", type=Path, metavar="FILE")
    check.set_defaults(run=run_check)


def run_check(args: argparse.Namespace) -> int:
    """Check the file: exit 2 with the line and the problem, or 0 with a one-line summary."""
    try:
        lesson = load_lesson(args.file)
    except LessonError as error:
        raise UsageError(str(error)) from None
    demos = sorted({step.demo for step in lesson.steps})
    print(
        ngettext(
            "{file}: a good lesson: {title}, {steps} step ({demos}), in {languages}",
            "{file}: a good lesson: {title}, {steps} steps ({demos}), in {languages}",
            len(lesson.steps),
        ).format(
            file=args.file,
            title=in_language(lesson.title, lesson.languages[0]),
            steps=len(lesson.steps),
            demos=", ".join(demos),
            languages=", ".join(lesson.languages),
        )
    )
    return 0
