"""`unwind trace FILE.py FUNC ARG...`: what the command line asked the "Your code" screen to trace.

The app's command line hands the words after `trace` to `accept`, which
checks them (one line, exit 2, when wrong) and keeps them for the screen to
read when it opens.  No pygame.
"""

from __future__ import annotations

from pathlib import Path

from solvers.i18n import _
from solvers.tracing.runner import TraceInputError, TraceRequest, make_request

_pending: list[TraceRequest] = []


def accept(demo: str | None, words: list[str]) -> str | None:
    """Keep `trace FILE.py FUNC ARG...` for the screen; the reason in one line when it cannot be used."""
    if not words:
        return None
    if demo != "trace":
        return _("unexpected words after the demo's name: {words}").format(words=repr(" ".join(words)[:60]))
    if len(words) < 2:
        return _("trace needs FILE.py FUNC [ARG...]: the file, the function, its arguments")
    try:
        request = make_request(Path(words[0]), words[1], words[2:])
    except TraceInputError as error:
        return str(error)
    _pending[:] = [request]
    return None


def take() -> TraceRequest | None:
    """The request the command line gave, once (None when there was none)."""
    return _pending.pop() if _pending else None
