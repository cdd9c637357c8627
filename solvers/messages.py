"""Words about what a person typed: quoted safely, cut to one line, read as a whole number.

Shared by the file formats, the command line and the app's inputs, so a bad
number or a huge token is refused the same way wherever it is typed.
"""

from __future__ import annotations

import unicodedata

from solvers.i18n import _


class UsageError(Exception):
    """Bad input from the command line or a file: one line, exit code 2 (the command line prints it)."""


MAX_NUMBER_CHARS = 40
"""Longer numbers are refused before int() reads them (int() of a huge text is slow)."""


def columns(text: str) -> int:
    """The terminal columns `text` takes: a Hangul or Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded to `width` terminal columns."""
    room = " " * max(0, width - columns(text))
    return room + text if right else text + room


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
