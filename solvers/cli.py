"""Shared plumbing for `python -m solvers`: argument errors, stats, output."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NoReturn

from solvers.events import Pop, Push


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        """Print a one-line reason and exit with code 2."""
        raise UsageError(f"{self.prog}: {message}")


def whole_number(low: int, what: str = "the value") -> Callable[[str], int]:
    """An argparse type: a whole number of at least `low`, refused in one clear line."""

    def parse(text: str) -> int:
        """`text` as a whole number, checked against the lower bound."""
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{what} must be at least {low}, not {value}")
        return value

    return parse


class UsageError(Exception):
    """Bad input from the command line or a file: one line, exit code 2."""


class EventStats:
    """A sink that counts events by kind and tracks stack depth and time."""

    def __init__(self) -> None:
        self.by_kind: Counter[str] = Counter()
        self.depth = 0
        self.max_depth = 0
        self.started = time.perf_counter()
        self.seconds = 0.0

    def watch(self, events: Iterable[object]) -> Iterator[object]:
        """Pass events through while counting them."""
        by_kind = self.by_kind
        for event in events:
            by_kind[type(event).__name__] += 1
            if type(event) is Push:
                self.depth += 1
                if self.depth > self.max_depth:
                    self.max_depth = self.depth
            elif type(event) is Pop:
                self.depth -= 1
            yield event
        self.seconds = time.perf_counter() - self.started

    def drain(self, events: Iterable[object]) -> None:
        """Consume all events, counting them."""
        for _ in self.watch(events):
            pass

    def finish(self) -> None:
        """Stop the clock (when the caller stopped early)."""
        self.seconds = time.perf_counter() - self.started

    def as_dict(self) -> dict[str, Any]:
        """The stats as JSON-ready data."""
        return {
            "events": sum(self.by_kind.values()),
            "events_by_kind": dict(sorted(self.by_kind.items())),
            "max_depth": self.max_depth,
            "seconds": round(self.seconds, 6),
        }

    def summary(self) -> str:
        """One line for people."""
        total = sum(self.by_kind.values())
        return f"{total:,} events, max depth {self.max_depth:,}, {self.seconds:.3f} s"


def emit(args: argparse.Namespace, text: str, data: dict[str, Any]) -> None:
    """Print `text` for people, or `data` as one JSON object with --json."""
    if getattr(args, "json", False):
        print(json.dumps(data))
    else:
        print(text)


def fail(message: str, code: int = 1) -> int:
    """Print a one-line message to stderr and return the exit code."""
    print(message, file=sys.stderr)
    return code
