"""Reading and writing the solvers' text files safely: size caps, any line ends, atomic saves.

- `read_text(path)` reads a file, or standard input for '-', refusing more than
  `max_bytes` before reading it all; the text must be UTF-8 (a leading byte
  order mark is dropped) and comes back with every line end as '\\n' (Windows
  CR LF and old Mac CR alike).
- `write_atomic(path, text)` (and `write_bytes_atomic`) writes a temporary
  file beside `path`, then renames it over `path`: a failed write leaves the
  old file as it was.  `replacing(path)` gives that temporary path to a writer
  that wants a file name.  A character device or a pipe (/dev/null, a fifo) is
  written straight through, never renamed over: as root a rename would turn
  /dev/null into a regular file.  Temporary files that a killed save left
  behind (ours by their name, their process gone) are removed when their
  folder is next written.

Errors are `InputError` (a ValueError) or OSError, each with a one-line reason.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO

from solvers.i18n import _, format_number

MAX_TEXT_BYTES = 4 * 1024 * 1024
"""Puzzle and matrix files above this are refused unread (the largest shipped is 50 kB)."""
BOM = "\ufeff"
CHUNK_BYTES = 64 * 1024


class InputError(ValueError):
    """Input that cannot be read as text; the message is one short line."""


def normalise(text: str) -> str:
    """`text` without a leading byte order mark and with every line end as '\\n'."""
    if text.startswith(BOM):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def decode(data: bytes, source: str) -> str:
    """UTF-8 bytes as normalised text; InputError naming the first bad byte if not UTF-8."""
    try:
        return normalise(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        bad = data[error.start]
        not_utf8 = _("{source}: not UTF-8 text (byte {byte} at offset {offset})")
        raise InputError(
            not_utf8.format(source=source, byte=f"0x{bad:02x}", offset=format_number(error.start))
        ) from None


def _too_large(source: str, max_bytes: int) -> InputError:
    """The error for input over the size cap."""
    too_large = _("{source}: larger than {size} MB, too large to read")
    return InputError(too_large.format(source=source, size=format_number(max_bytes / 2**20)))


def _read_capped(handle: BinaryIO, source: str, max_bytes: int) -> bytes:
    """All of `handle`, read in chunks (read(n) would reserve n bytes at once); InputError past the cap."""
    chunks: list[bytes] = []
    total = 0
    while chunk := handle.read(CHUNK_BYTES):
        total += len(chunk)
        if total > max_bytes:
            raise _too_large(source, max_bytes)
        chunks.append(chunk)
    return b"".join(chunks)


def read_stdin(max_bytes: int = MAX_TEXT_BYTES) -> str:
    """Standard input as normalised text, at most `max_bytes`; InputError when it is closed."""
    if sys.stdin is None:  # started with stdin closed (<&-)
        raise InputError(_("stdin: closed, there is nothing to read"))
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream put in place of stdin (tests)
        text = sys.stdin.read(max_bytes + 1)
        if len(text) > max_bytes:
            raise _too_large("stdin", max_bytes)
        return normalise(text)
    return decode(_read_capped(buffer, "stdin", max_bytes), "stdin")


def read_text(path: str | Path, max_bytes: int = MAX_TEXT_BYTES, dash: bool = True) -> tuple[str, str]:
    """A file's text (stdin's for '-' with `dash`) and a name for messages; InputError if unusable."""
    if dash and str(path) == "-":
        return read_stdin(max_bytes), "stdin"
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = _read_capped(handle, source, max_bytes)
    except OSError as error:
        reason = error.strerror or error
        raise InputError(_("{source}: cannot read: {reason}").format(source=source, reason=reason)) from None
    return decode(data, source), source


PART_NAME = re.compile(r"\.(?P<stem>.+)\.(?P<pid>[0-9]+)-[0-9a-f]{8}\.part(?:\.[^.]*)?")
"""A temporary file of ours: '.maze.1234-9f3a0c21.part.txt' (the writer's process id, a random tag)."""
OLD_PART_NAMES = (
    re.compile(r"\..+\.[0-9a-f]{8}\.part(?:\.[^.]*)?"),  # the app's saves before process ids
    re.compile(r"\..+\.[0-9]+\.part"),  # compiled catalogs
    re.compile(r"\..+\.[a-z0-9_]{8}\.tmp"),  # the command line's saves (mkstemp)
)
"""Temporary names of earlier versions: no process to ask, so they are stale after STALE_SECONDS."""
STALE_SECONDS = 3600.0


def _mode_for(target: Path) -> int:
    """The permissions a rewritten file keeps (rw-r--r-- for a new one)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return 0o644


def writes_through(target: Path) -> bool:
    """True for a character device or a pipe (written as it is); OSError for a folder or a block device.

    A regular file or a new name gives False: it is replaced atomically.
    """
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return False
    if stat.S_ISREG(mode):
        return False
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return True
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
    raise OSError(errno.EINVAL, _("not a regular file"), str(target))


def _process_gone(pid: int) -> bool:
    """True when no process `pid` runs (POSIX; elsewhere never said: Windows' kill would signal it)."""
    if os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def is_stale_part(entry: os.DirEntry[str], now: float) -> bool:
    """True for a temporary file of ours that no save is writing any more."""
    if not entry.name.startswith("."):
        return False
    found = PART_NAME.fullmatch(entry.name)
    try:
        if not entry.is_file(follow_symlinks=False):
            return False
        if found:
            pid = int(found["pid"])
            return pid != os.getpid() and (_process_gone(pid) or now - entry.stat().st_mtime > STALE_SECONDS)
        if any(old.fullmatch(entry.name) for old in OLD_PART_NAMES):
            return now - entry.stat().st_mtime > STALE_SECONDS
    except (OSError, ValueError):
        return False
    return False


def sweep_stale_parts(folder: Path) -> int:
    """Remove the temporary files killed saves left in `folder`; how many went (errors ignored)."""
    removed = 0
    now = time.time()
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if is_stale_part(entry, now):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed += 1
    return removed


def part_path(target: Path) -> Path:
    """A new temporary name beside `target`, keeping its suffix (encoders read it)."""
    return target.with_name(f".{target.stem}.{os.getpid()}-{os.urandom(4).hex()}.part{target.suffix}")


@contextlib.contextmanager
def replacing(path: str | Path) -> Iterator[Path]:
    """A temporary path beside `path` to write; when the block succeeds it becomes `path` in one step.

    The old file keeps its permissions.  On failure the old file is left as it
    was and the temporary one removed.  A device or pipe at `path` gets the
    bytes copied into it instead (no rename over it).
    """
    target = Path(path)
    through = writes_through(target)
    sweep_stale_parts(target.parent)
    temporary = part_path(target)
    temporary.open("xb").close()
    try:
        yield temporary
        if through:
            with open(temporary, "rb") as source, open(target, "wb") as sink:
                while chunk := source.read(CHUNK_BYTES):
                    sink.write(chunk)
        else:
            with open(temporary, "rb+") as written:
                os.fsync(written.fileno())
            os.chmod(temporary, _mode_for(target))
            os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def _opened(path: Path, binary: bool, encoding: str) -> IO[Any]:
    """`path` opened for writing bytes, or text with '\\n' line ends."""
    return open(path, "wb") if binary else open(path, "w", encoding=encoding, newline="\n")


@contextlib.contextmanager
def writing(path: str | Path, binary: bool = False, encoding: str = "utf-8") -> Iterator[IO[Any]]:
    """An open file to write `path` through: atomic for a file, straight through for a device or pipe."""
    target = Path(path)
    if writes_through(target):
        with _opened(target, binary, encoding) as handle:
            yield handle
        return
    with replacing(target) as temporary, _opened(temporary, binary, encoding) as handle:
        yield handle


def write_atomic(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """Write `text` to `path` through a temporary file renamed over it (see `writing`).

    On any failure the temporary file is removed and the old `path`, if any,
    is left untouched; the OSError is raised again.
    """
    with writing(path, encoding=encoding) as handle:
        handle.write(text)


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file renamed over it (see `writing`)."""
    with writing(path, binary=True) as handle:
        handle.write(data)
