"""Shared plumbing for `python -m solvers`: argument errors, stats, output."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import time
from collections.abc import Callable, MutableMapping
from typing import Any, NoReturn

from solvers.i18n import N_, _, format_number
from solvers.messages import UsageError as UsageError  # re-exported: every command raises it from here
from solvers.messages import one_line, parse_whole

USAGE = "usage: "
"""argparse's own prefix of a usage line, which `ArgumentParser` words in the user's language."""


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser: errors in one line with exit code 2, help in the user's language.

    argparse's section titles, usage prefix and -h line are its own English
    words; they are set (or swapped) here so `--help` reads whole in Korean or Chinese.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        help_action = self._option_string_actions.get("-h")
        if help_action is not None:
            help_action.help = _("show this help message and exit")

    def format_usage(self) -> str:
        """The usage line, its prefix in the user's language."""
        return _in_language(super().format_usage())

    def format_help(self) -> str:
        """The whole help, its usage prefix in the user's language."""
        return _in_language(super().format_help())

    def error(self, message: str) -> NoReturn:
        """Print a one-line reason and exit with code 2."""
        raise UsageError(f"{self.prog}: {argparse_in_language(message)}")


ARGPARSE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"the following arguments are required: (?P<names>.+)"),
        N_("the following arguments are required: {names}"),
    ),
    (re.compile(r"unrecognized arguments: (?P<words>.+)"), N_("unrecognized arguments: {words}")),
    (
        re.compile(
            r"argument (?P<name>[^:]+): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)"
        ),
        N_("argument {name}: invalid choice: {value} (choose from {choices})"),
    ),
    (
        re.compile(r"argument (?P<name>[^:]+): expected one argument"),
        N_("argument {name}: expected one argument"),
    ),
    (re.compile(r"argument (?P<name>[^:]+): (?P<reason>.+)"), N_("argument {name}: {reason}")),
)
"""argparse's own error sentences, as patterns and the same sentences to translate (first match wins)."""


def argparse_in_language(message: str) -> str:
    """An argparse error worded in the user's language (the parts it quotes kept as they are)."""
    for pattern, template in ARGPARSE_ERRORS:
        found = pattern.fullmatch(message)
        if found:
            return _(template).format(**found.groupdict())
    return message


def _in_language(text: str) -> str:
    """argparse's text with its English usage prefix replaced by the user's language's."""
    return _("usage: ") + text[len(USAGE) :] if text.startswith(USAGE) else text


SEED_MAX = 2**32 - 1
"""Seeds are 0 to 2^32 - 1 everywhere, as in the app's --seed."""


def whole_number(
    low: int | None, what: str = N_("the value"), high: int | None = None
) -> Callable[[str], int]:
    """An argparse type: a whole number in low..high, refused in one clear line."""

    def parse(text: str) -> int:
        """`text` as a whole number, checked against the bounds."""
        try:
            return parse_whole(text, what, low, high)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def seed_number(what: str = N_("the seed")) -> Callable[[str], int]:
    """An argparse type for seeds: 0 to 2^32 - 1."""
    return whole_number(0, what, SEED_MAX)


progress_clock: Callable[[], float] = time.monotonic
"""The clock `Progress` reads (tests put a fake one here)."""


def progress_wanted() -> bool:
    """Progress is for a person at a terminal: none into a pipe or a file (UNWIND_PROGRESS=1 or 0 decides)."""
    import os

    forced = os.environ.get("UNWIND_PROGRESS")
    if forced in ("0", "1"):
        return forced == "1"
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty is not None and isatty())


class Progress:
    """Tells on stderr how a long run goes: silent for its first second, then one line redrawn once a second.

    The line is a tqdm bar: the share done, how many of how many and the time
    left when the total is known; the count so far and the time spent when it
    is not.  Only when stderr is a terminal (see `progress_wanted`): a script
    reading stderr gets errors alone.  Use it in a `with` block (or call
    `close`), so the finished line ends before the answer prints.
    """

    def __init__(self, label: str, every: float = 1.0, total: int | None = None) -> None:
        self.label = label
        self.every = every
        self.total = total
        self.clock = progress_clock
        self.next_report = self.clock() + every
        self.reported = False
        self.wanted = progress_wanted()
        self.bar: Any = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def update(self, done: int, noun: str = N_("solutions")) -> None:
        """Redraw the line with `done` if a second has passed since the start or the last report."""
        if not self.wanted:
            return
        now = self.clock()
        if now < self.next_report:
            return
        self.next_report = now + self.every
        self.reported = True
        if self.bar is None:
            self.bar = _progress_bar(self.label, self.total, _(noun), done)
        else:
            self.bar.update(done - self.bar.n)

    def close(self) -> None:
        """End the line (if one was drawn), so what prints next starts on a line of its own."""
        if self.bar is not None:
            self.bar.close()
        elif self.reported:  # Ctrl-C came while the bar was being made: it may have drawn already
            with contextlib.suppress(OSError, ValueError):
                sys.stderr.write("\n")
        self.bar, self.reported = None, False


def _progress_bar(label: str, total: int | None, noun: str, done: int) -> Any:
    """A tqdm bar on stderr, drawn now at `done`, redrawn at every update (the caller paces them)."""
    from tqdm import tqdm  # here: only a long run at a terminal needs it

    class Bar(tqdm):  # type: ignore[type-arg]
        """Counts written as the language writes them (1,234), no monitor thread."""

        monitor_interval = 0

        @property
        def format_dict(self) -> MutableMapping[str, Any]:
            """tqdm's fields plus {count} and {whole}, grouped by `format_number`."""
            fields = super().format_dict
            fields["count"] = format_number(int(fields["n"]))
            fields["whole"] = format_number(int(fields["total"] or 0))
            return fields

    escaped = label.replace("{", "{{").replace("}", "}}")
    if total is None:
        words = _("{label}: {count} {noun} so far...").format(label=escaped, count="{count}", noun="{unit}")
        shape = words + " [{elapsed}]"
    else:
        shape = escaped + ": {percentage:3.0f}%|{bar}| {count}/{whole} {unit} [{elapsed}<{remaining}]"
    return Bar(
        total=total,
        initial=done,
        unit=noun,
        file=sys.stderr,
        bar_format=shape,
        mininterval=0,
        miniters=1,
        dynamic_ncols=True,
        leave=True,
    )


def read_input(path: str) -> tuple[str, str]:
    """The text of FILE or standard input ('-') and a name for messages; UsageError if unusable."""
    from solvers import textio

    try:
        return textio.read_text(path)
    except textio.InputError as error:
        raise UsageError(str(error)) from None


def emit(args: argparse.Namespace, text: str, data: dict[str, Any] | Callable[[], dict[str, Any]]) -> None:
    """Print `text` for people, or `data` as one JSON object with --json.

    `data` may be a function that makes it: then it is built only for --json
    (a 2000 x 2000 maze's passages as JSON lists take gigabytes).
    """
    if getattr(args, "json", False):
        import json  # only here: a run without --json need not load it

        print(json.dumps(data() if callable(data) else data))
    else:
        print(text)


def printable_streams() -> None:
    """Characters the terminal cannot show (an ASCII stdout) print as '?', never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", "") == "strict":
            reconfigure(errors="replace")


def output_failed(program: str, error: OSError) -> int:
    """After standard output failed (a full disk, a file size limit): one line on stderr, exit code 1.

    Standard output is pointed at the null device first, so Python's own
    flush at exit has nothing left to fail on (it would print a second error).
    """
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    if isinstance(error, BrokenPipeError):
        return 0  # the reader had enough (| head): not an error
    reason = error.strerror or str(error)
    with contextlib.suppress(OSError):
        print(
            one_line(
                _("{program}: cannot write the output: {reason}").format(program=program, reason=reason)
            ),
            file=sys.stderr,
        )
    return 1


def fail(message: str, code: int = 1) -> int:
    """Print a one-line message to stderr and return the exit code."""
    print(message, file=sys.stderr)
    return code
