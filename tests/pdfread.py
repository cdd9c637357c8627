"""A test's reading of the PDFs Unwind writes: numbered objects, and their streams read by /Length.

A stream's bytes are taken as many as its dictionary's /Length says, never
up to the next "endstream": compressed bytes may end in \\r or \\n, which a
search for the line before "endstream" would cut off (zlib then stops at a
truncated stream), or contain those words themselves.
"""

from __future__ import annotations

import re
import zlib
from typing import NamedTuple

OBJECT = re.compile(rb"(\d+) 0 obj\b")
LENGTH = re.compile(rb"/Length (\d+)\b")


class PdfObject(NamedTuple):
    """An object's dictionary (or value) and its raw stream (None: it has none)."""

    head: bytes
    raw: bytes | None

    def stream(self) -> bytes:
        """The stream, inflated if it is compressed."""
        assert self.raw is not None, "the object has a stream"
        return zlib.decompress(self.raw) if b"/FlateDecode" in self.head else self.raw


def pdf_objects(data: bytes) -> dict[bytes, PdfObject]:
    """The PDF's numbered objects, by number."""
    found: dict[bytes, PdfObject] = {}
    at = 0
    while (start := OBJECT.search(data, at)) is not None:
        keyword, end = data.find(b"stream", start.end()), data.find(b"endobj", start.end())
        if keyword == -1 or keyword > end:
            found[start[1]], at = PdfObject(data[start.end() : end], None), end
            continue
        head = data[start.end() : keyword]
        length = LENGTH.search(head)
        assert length is not None, "a stream says its /Length"
        first = keyword + len(b"stream") + (2 if data[keyword + 6 : keyword + 8] == b"\r\n" else 1)
        raw = data[first : first + int(length[1])]
        found[start[1]], at = PdfObject(head, raw), first + len(raw)
    return found


def pdf_streams(data: bytes) -> list[bytes]:
    """Every stream of the PDF, inflated where compressed."""
    return [obj.stream() for obj in pdf_objects(data).values() if obj.raw is not None]
