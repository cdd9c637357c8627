""" "Your code" in words and counts: the lit lines, the counters, the status and the outcome strip.

Pure functions of the runs (`TraceSession`) and the model; no drawing.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.events import Pop
from solvers.i18n import N_, _, format_number, ngettext
from solvers.tracing.events import CACHE, Raise, Side
from solvers.tracing.runner import TraceInputError, load_source
from visualizer import theme as th
from visualizer.player import Player
from visualizer.scenes.base import Stop
from visualizer.scenes.trace.model import TraceModel
from visualizer.scenes.trace.runs import TraceSession

ERROR_LINE = th.blend(th.PANEL, th.DEAD, 0.45)
OTHER_LINE = th.blend(th.PANEL, th.PURPLE, 0.3)
"""The current line of the run that did not move last, when two play side by side."""


def unwrap(event: object) -> object:
    """The event inside a `Side`, else the event."""
    return event.event if isinstance(event, Side) else event


def code(session: TraceSession) -> Sequence[str]:
    """The student's file, line by line (the code card numbers them as the file does)."""
    if session.results:
        return session.results[0].source.splitlines()
    if session.requests:
        try:
            return load_source(session.requests[0].path).splitlines()
        except TraceInputError:
            return ()
    return ()


def lit_lines(player: Player[TraceModel], session: TraceSession) -> dict[int, th.Color]:
    """Each run's current line (the run that moved last in yellow); an error's line in red."""
    model = player.model
    lit: dict[int, th.Color] = {}
    for side, run in enumerate(model.runs):
        if run.line:
            lit[run.line] = th.LIT_LINE if side == model.last_side else OTHER_LINE
    last = unwrap(player.last_event)
    if isinstance(last, Raise):
        lit[last.line] = ERROR_LINE
    elif player.cursor == 0 and session.ready and session.results[0].error and session.results[0].line:
        lit[session.results[0].line] = ERROR_LINE  # the file did not load: its line
    return lit


def counters(model: TraceModel) -> list[tuple[str, str]]:
    """Per run: calls, cache hits, depth and max depth."""
    rows = []
    for run in model.runs:
        names: tuple[str, ...] = (_("calls"), _("cache hits"), _("depth"), _("max depth"))
        if len(model.runs) > 1:
            named = _("{function} {counter}")  # 'fib calls': a translation may put the counter first
            names = tuple(named.format(function=run.label, counter=name) for name in names)
        values = (run.work, run.hits, run.depth, run.max_depth)
        rows += [(name, format_number(value)) for name, value in zip(names, values, strict=True)]
    return rows


def breakpoints() -> list[Stop]:
    """Stop at the next return (T), or the next call a cache answered (H)."""
    return [Stop("t", N_("next return"), returns), Stop("h", N_("next cache hit"), cache_hits)]


def returns(event: object) -> bool:
    """A call returns."""
    return type(unwrap(event)) is Pop


def cache_hits(event: object) -> bool:
    """A cache answers."""
    inner = unwrap(event)
    return type(inner) is Pop and getattr(inner.value, "how", "") == CACHE  # type: ignore[attr-defined]


def status(session: TraceSession, problem: str | None, player: Player) -> str | None:
    """Running, or how the runs ended."""
    if session.running:
        got = session.received()
        words = ngettext("running {call}… {count} event", "running {call}… {count} events", got)
        return words.format(call=session.requests[0].call_text(), count=format_number(got))
    if problem:
        return problem
    if player.at_end and session.ready:
        return session.results[0].summary()
    return None


def outcome_lines(
    session: TraceSession, problem: str | None, exercising: bool = False
) -> list[tuple[str, th.Color]]:
    """One line per run for the outcome strip; 'fib(7) = ?' while an exercise asks for the values."""
    if problem and not session.ready:
        return [(problem, th.DEAD)]
    if not session.ready:
        running = _("running {call} in a separate process…")
        return [(running.format(call=r.call_text()), th.MUTED) for r in session.requests]
    if exercising:
        return [(f"{result.request.call_text()} = ?", th.INK) for result in session.results]
    lines = []
    for result in session.results:
        colour = th.DEAD if result.error or result.stopped else th.INK
        lines.append((f"{result.summary()}  ·  {result.counts()}", colour))
    return lines
