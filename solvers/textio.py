"""Reading and writing the solvers' text files safely: size caps, any line ends, atomic saves.

- `read_text(path)` reads a file, or standard input for '-', refusing more than
  `max_bytes` before reading it all; the text must be UTF-8 (a leading byte
  order mark is dropped) and comes back with every line end as '\\n' (Windows
  CR LF and old Mac CR alike).
- `write_atomic(path, text)` writes a temporary file beside `path`, then
  renames it over `path`: a failed write leaves the old file as it was.

Errors are `InputError` (a ValueError) or OSError, each with a one-line reason.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO

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
    """Standard input as normalised text, at most `max_bytes`."""
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


def _mode_for(target: Path) -> int:
    """The permissions a rewritten file keeps (rw-r--r-- for a new one)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return 0o644


def write_atomic(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """Write `text` to a temporary file beside `path`, then rename it over `path`.

    On any failure the temporary file is removed and the old `path`, if any,
    is left untouched; the OSError is raised again.
    """
    target = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding=encoding, newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
