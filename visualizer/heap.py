"""Handing freed memory back to the system, so a long lesson's footprint follows what it holds.

A class hops between demos, windows and presenter scales for an hour.  Each
demo left frees its model, views and surfaces, but glibc's malloc keeps most
freed pages in its heap for reuse: the 30-minute soak (bench/soak.py) saw the
resident size wander up by tens of MB after each 4K window or big maze while
the memory Python itself holds stayed flat.  `hand_back` asks malloc to
return the free pages (malloc_trim), after the collector's full passes: when a
demo is left and while nothing plays.  Elsewhere (macOS, Windows, musl) it
does nothing: their allocators return memory on their own terms.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from collections.abc import Callable
from functools import cache


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    return trim


def can_hand_back() -> bool:
    """True where freed heap can be handed back (glibc)."""
    return _malloc_trim() is not None


def hand_back() -> None:
    """Return the heap's free pages to the system (a few ms, most of it after a demo is left)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
