"""Loading a user's file off the frame: read and parse in a worker thread, answer on the frame.

A puzzle or maze file can be large or malformed.  `Loading` checks its size
before reading (a cap the user is told about), reads and parses it in a
`concurrent.futures` worker so the window keeps answering, and hands the
result, or one short line saying what is wrong, back to the frame loop,
which calls the caller's function there (never from the worker).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from solvers.i18n import _, format_number

T = TypeVar("T")

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file the app opens unless its caller gives its own cap (mazes do: theirs are larger)."""

MESSAGE_CHARS = 160
"""Error messages are cut to this length: a bad file never fills the screen."""

_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="unwind-load")


class FileTooLarge(ValueError):
    """The file is over the size cap."""


def short(message: str) -> str:
    """The first line of `message`, cut to MESSAGE_CHARS."""
    first = message.strip().splitlines()[0] if message.strip() else _("unreadable")
    return first if len(first) <= MESSAGE_CHARS else first[: MESSAGE_CHARS - 1] + "…"


def read_capped(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The file's text (UTF-8, a BOM allowed), refused before reading when it is over `limit` bytes."""
    size = path.stat().st_size
    if size > limit:
        too_big = _("{name} is {size} MB; files of up to {limit} MB open")
        raise FileTooLarge(too_big.format(name=path.name, size=megabytes(size, 1), limit=megabytes(limit)))
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:  # it grew while we looked
        raise FileTooLarge(_("{name} is over {limit} MB").format(name=path.name, limit=megabytes(limit)))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        not_utf8 = _("{name} is not UTF-8 text (byte {offset})")
        raise ValueError(not_utf8.format(name=path.name, offset=error.start)) from None


def megabytes(size: int, decimals: int = 0) -> str:
    """`size` bytes as a number of megabytes, written as the language writes numbers."""
    return format_number(round(size / 2**20, decimals) if decimals else round(size / 2**20))


@dataclass
class Loading(Generic[T]):
    """One file being read and parsed in the background."""

    path: Path
    future: Future[T]
    done: Callable[[T], None]

    @classmethod
    def start(
        cls, path: Path, parse: Callable[[str], T], done: Callable[[T], None], limit: int | None = None
    ) -> Loading[T]:
        """Begin reading `path` (up to `limit` bytes, else MAX_FILE_BYTES) and parsing it in the worker."""
        cap = MAX_FILE_BYTES if limit is None else limit
        return cls(path, _EXECUTOR.submit(lambda: parse(read_capped(path, cap))), done)

    def finish(self) -> str | None:
        """On the frame, once the work is done: call `done(result)`; returns an error line or None."""
        try:
            result = self.future.result()
        except (OSError, ValueError, UnicodeError, OverflowError, RecursionError, MemoryError) as error:
            reason = short(str(error) or type(error).__name__)
            return _("could not open {name}: {reason}").format(name=self.path.name, reason=reason)
        self.done(result)
        return None
