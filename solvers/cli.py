"""Shared plumbing for `python -m solvers`: argument errors, stats, output."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Generator, Iterable, MutableMapping
from typing import Any, NoReturn

from solvers.events import Pop, Push
from solvers.i18n import N_, _, format_number, ngettext

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
MAX_NUMBER_CHARS = 40
"""Longer numbers are refused before int() reads them (int() of a huge text is slow)."""


def shown(text: str, limit: int = 40) -> str:
    """`text` as repr, cut to about `limit` characters: never echo a huge token."""
    if len(text) <= limit:
        return repr(text)
    return _("{start}... ({count} characters)").format(start=repr(text[:limit]), count=f"{len(text):,}")


def one_line(message: str, limit: int = 300) -> str:
    """`message` on one line of at most about `limit` characters (the last guard before printing)."""
    flat = message.replace("\r", " ").replace("\n", " ")
    return flat if len(flat) <= limit else f"{flat[: limit - 3]}..."


def parse_whole(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """`text` as a whole number in low..high (None: no bound); ValueError in one line if not."""
    word = text.strip()
    digits = word.lstrip("+-")
    if not digits.isascii() or not digits.isdigit() or len(word) - len(digits) > 1:
        raise ValueError(
            _("{what} must be a whole number, not {text}").format(what=_(what), text=shown(text))
        )
    if len(digits) > MAX_NUMBER_CHARS:
        raise ValueError(
            _("{what} must be {range}, not a {count}-digit number").format(
                what=_(what), range=_range(low, high), count=f"{len(digits):,}"
            )
        )
    value = int(word)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(
            _("{what} must be {range}, not {value}").format(
                what=_(what), range=_range(low, high), value=value
            )
        )
    return value


def _range(low: int | None, high: int | None) -> str:
    """'0 to 9', 'at least 1', 'at most 5' or 'a sensible size'."""
    if low is not None and high is not None:
        return _("{low} to {high}").format(low=low, high=high)
    if low is not None:
        return _("at least {low}").format(low=low)
    return _("at most {high}").format(high=high) if high is not None else _("a number of sensible size")


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


class UsageError(Exception):
    """Bad input from the command line or a file: one line, exit code 2."""


class EventStats:
    """A sink that counts events by kind and tracks stack depth and time.

    Counting is keyed on the event's class (a dict lookup on a pointer); the
    names people read are made once, in `by_kind`.  A solver that ran its
    event-free loop can instead `record` the counts its events would have had,
    where it knows them exactly (dlx derives them from its counters).
    """

    def __init__(self) -> None:
        self.by_type: defaultdict[type, int] = defaultdict(int)
        self.recorded: Counter[str] = Counter()
        self.depth = 0
        self.max_depth = 0
        self.started = time.perf_counter()
        self.seconds = 0.0

    @property
    def by_kind(self) -> Counter[str]:
        """Events counted so far, by kind name ('Push', ...)."""
        kinds = Counter(self.recorded)
        for cls, seen in self.by_type.items():
            kinds[cls.__name__] += seen
        return kinds

    def watch(self, events: Iterable[object]) -> Generator[object, None, None]:
        """Pass events through while counting them."""
        counts = self.by_type
        push, pop = Push, Pop
        for event in events:
            cls = type(event)
            counts[cls] += 1
            if cls is push:
                self.depth += 1
                if self.depth > self.max_depth:
                    self.max_depth = self.depth
            elif cls is pop:
                self.depth -= 1
            yield event
        self.seconds = time.perf_counter() - self.started

    def record(self, by_kind: dict[str, int], max_depth: int) -> None:
        """Add the event counts of a run that was not watched event by event (exact, not estimated)."""
        self.recorded.update({name: n for name, n in by_kind.items() if n})
        self.max_depth = max(self.max_depth, max_depth)
        self.seconds = time.perf_counter() - self.started

    def drain(self, events: Iterable[object]) -> None:
        """Consume all events, counting them (a deque pulls them in C: no Python loop of its own)."""
        deque(self.watch(events), maxlen=0)

    def finish(self) -> None:
        """Stop the clock (when the caller stopped early)."""
        self.seconds = time.perf_counter() - self.started

    def as_dict(self) -> dict[str, Any]:
        """The stats as JSON-ready data."""
        kinds = self.by_kind
        return {
            "events": sum(kinds.values()),
            "events_by_kind": dict(sorted(kinds.items())),
            "max_depth": self.max_depth,
            "seconds": round(self.seconds, 6),
        }

    def summary(self) -> str:
        """One line for people."""
        total = sum(self.by_kind.values())
        events = ngettext("{count} event", "{count} events", total).format(count=format_number(total))
        return _("{events}, max depth {depth}, {seconds} s").format(
            events=events, depth=format_number(self.max_depth), seconds=f"{self.seconds:.3f}"
        )


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
            self.bar = None


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
