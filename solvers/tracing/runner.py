"""Tracing a student's function safely: in a separate process, under caps, read back as events.

`make_request(path, func, args)` checks what can be checked without running
anything (the file reads as UTF-8 text of sensible size, the function name,
each argument a Python literal by `ast.literal_eval` and nothing else; an
argument written ``name=literal`` is passed by keyword).
`TraceJob(request).run()` starts `child.py` in a fresh interpreter (``-I``:
no user site, no environment paths) and streams its events back.  A run is
bounded by its events (`budget`), which does not depend on how busy the
machine is; the wall clock (`seconds`) is only a last guard against a
program that waits without making events.  `cancel()` kills it early.  A run
that ends any way at all comes back as a `TraceResult`: the events shipped
(at most `max_events`, so memory stays bounded however long the run), the
counts of the whole run, and how it ended (a result, an exception with the
student's line, or the reason it was stopped).
"""

from __future__ import annotations

import ast
import contextlib
import json
import queue
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from solvers.events import Pop, Push
from solvers.i18n import _, format_number, ngettext
from solvers.textio import InputError, read_text
from solvers.tracing import contain, protocol
from solvers.tracing.events import CACHE, Halt, Resume, TraceEvent, Yield

MAX_CALLS = 1_000_000
"""Calls a run may make by default: 'stopped after 1,000,000 calls'."""
MAX_DEPTH = 0
"""No depth cap of the tracer's by default: Python's recursion limit, raised in the child, is the cap."""
RECURSION_LIMIT = 100_000
"""Python's recursion limit in the child (`child.RECURSION_LIMIT`)."""
MAX_EVENTS = 200_000
"""Events shipped back by default; the run goes on past them, counted but not shown."""
BUDGET = 5_000_000
"""Events a run may make by default (calls, lines, returns): fib(25)'s million fit, an endless loop stops."""
SECONDS = 120.0
"""The last guard by default, far above what the event budget takes: a program that waits without events."""
MAX_SOURCE_BYTES = 1024 * 1024
"""Source files larger than this are refused unread."""
MAX_ARG_CHARS = 10_000
"""An argument's text is refused past this length."""
WATCH_SECONDS = 0.05
"""How often a run's time limit, process cap and child are looked at."""
MAX_LINE_BYTES = 16 * 1024 * 1024
"""A protocol line longer than this is not the tracer's (its longest: a 1,000,000-character result)."""
QUEUED_LINES = 4096
"""Lines read ahead of the run's loop."""
CHILD = Path(__file__).with_name("child.py")


class TraceInputError(ValueError):
    """A file, function or argument that cannot be traced; the message is one line."""


@dataclass(frozen=True, slots=True)
class TraceRequest:
    """What to run and under which caps."""

    path: Path
    func: str
    args: tuple[str, ...] = ()
    max_calls: int = MAX_CALLS
    max_depth: int = MAX_DEPTH
    max_events: int = MAX_EVENTS
    seconds: float = SECONDS
    kwargs: tuple[tuple[str, str], ...] = ()
    budget: int = BUDGET

    def words(self) -> tuple[str, ...]:
        """The arguments as typed: the positional ones, then 'name=value' for each keyword."""
        return (*self.args, *(f"{name}={value}" for name, value in self.kwargs))

    def call_text(self) -> str:
        """'power(2, exp=5)' as typed."""
        return f"{self.func}({', '.join(self.words())})"


@dataclass(slots=True)
class TraceResult:
    """How a traced run went: its events (as shipped) and the counts of the whole run."""

    request: TraceRequest
    source: str
    events: list[TraceEvent] = field(default_factory=list)
    result: str | None = None
    error: str | None = None
    line: int = 0  # the student's line of the error or of the stop
    stopped: str | None = None
    calls: int = 0
    cache_hits: int = 0
    max_depth: int = 0
    events_by_kind: dict[str, int] = field(default_factory=dict)
    events_sent: int = 0
    seconds: float = 0.0
    output: str = ""

    @property
    def total_events(self) -> int:
        """Events of the whole run, shipped or not."""
        return sum(self.events_by_kind.values())

    @property
    def truncated(self) -> bool:
        """True when the run made more events than were shipped."""
        return self.total_events > self.events_sent

    def summary(self) -> str:
        """One line on how the run ended."""
        call = self.request.call_text()
        if self.stopped:
            return _("{call}: {why}").format(call=call, why=self.stopped)
        if self.error and self.line:
            return _("{call} raised {error} (line {line})").format(
                call=call, error=self.error, line=self.line
            )
        if self.error:
            return _("{call} raised {error}").format(call=call, error=self.error)
        return f"{call} = {self.result}"

    def counts(self) -> str:
        """'177 calls, 0 cache hits, max depth 9', and how many events were kept if not all."""
        words = ngettext(
            "{calls} call, {hits} cache hits, max depth {depth}",
            "{calls} calls, {hits} cache hits, max depth {depth}",
            self.calls,
        ).format(calls=number(self.calls), hits=number(self.cache_hits), depth=number(self.max_depth))
        if not self.truncated:
            return words
        kept = _("{counts}; the first {count} events kept")
        return kept.format(counts=words, count=number(self.events_sent))


def load_source(path: Path) -> str:
    """The file's text, or TraceInputError in one line (missing, too large, not UTF-8, a NUL byte).

    The one loader of a file to trace: the command line, the app's command line, its file dialog
    and its runs all read through it, so each refuses the same file with the same words.
    """
    if path.suffix != ".py":
        raise TraceInputError(_("{file}: a Python file ending in .py is needed").format(file=path.name))
    try:
        text, _encoding = read_text(path, MAX_SOURCE_BYTES, dash=False)
    except InputError as error:
        raise TraceInputError(str(error)) from None
    if "\0" in text:
        line = text.count("\n", 0, text.index("\0")) + 1
        words = _("{file} line {line}: a NUL byte, which Python source cannot hold")
        raise TraceInputError(words.format(file=path.name, line=line))
    return text


def syntax_problem(source: str, path: Path) -> tuple[int, str] | None:
    """(line, message) of the file's first syntax error, or None: found by parsing, never running."""
    try:
        ast.parse(source, str(path))
    except SyntaxError as error:
        return error.lineno or 0, f"SyntaxError: {error.msg}"
    return None


def top_level_names(source: str) -> list[str]:
    """Names the module defines at its top level (functions, assignments, imports)."""
    names: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [target.id for target in targets if isinstance(target, ast.Name)]
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names += [alias.asname or alias.name.split(".")[0] for alias in node.names]
    return names


def functions_in(source: str) -> list[str]:
    """The top-level functions a file defines, in order (none when it does not parse)."""
    try:
        body = ast.parse(source).body
    except (SyntaxError, ValueError):
        return []
    return [node.name for node in body if isinstance(node, ast.FunctionDef)]


def check_arity(source: str, func: str, count: int, keywords: tuple[str, ...] = ()) -> None:
    """TraceInputError when `func`, a `def` of the file, cannot take `count` arguments and `keywords`."""
    found = [
        node for node in ast.parse(source).body if isinstance(node, ast.FunctionDef) and node.name == func
    ]
    if not found:
        return  # made some other way (an assignment, an import): the run will tell
    params = found[-1].args
    check_keywords(func, params, count, keywords)
    positional = [*params.posonlyargs, *params.args]
    named = {arg.arg for arg in params.args[max(0, count - len(params.posonlyargs)) :]} & set(keywords)
    required = len(positional) - len(params.defaults) - len(named)
    if count < required or (params.vararg is None and count > len(positional)):
        names = ", ".join(arg.arg for arg in positional) or _("none")
        if params.vararg is not None:
            words = ngettext(
                "{func} takes at least {low} argument ({names}), not {count}",
                "{func} takes at least {low} arguments ({names}), not {count}",
                required,
            )
        elif required == len(positional):
            words = ngettext(
                "{func} takes {low} argument ({names}), not {count}",
                "{func} takes {low} arguments ({names}), not {count}",
                required,
            )
        else:
            words = _("{func} takes {low} to {high} arguments ({names}), not {count}")
        wanted = {"low": required, "high": len(positional), "names": names, "count": count}
        raise TraceInputError(words.format(func=func, **wanted))


def check_keywords(func: str, params: ast.arguments, count: int, keywords: tuple[str, ...]) -> None:
    """TraceInputError for a keyword `func` has no parameter of, or one its positional arguments gave."""
    given = {arg.arg for arg in [*params.posonlyargs, *params.args][:count]}
    takes = {arg.arg for arg in [*params.args, *params.kwonlyargs]}
    for name in keywords:
        if name in given:
            raise TraceInputError(_("{func} is given {name} twice").format(func=func, name=name))
        if name not in takes and params.kwarg is None:
            raise TraceInputError(_("{func} has no parameter {name}").format(func=func, name=name))


def split_keywords(words: tuple[str, ...] | list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Positional arguments' texts and each 'name=value' as (name, text); TraceInputError if out of order."""
    args: list[str] = []
    kwargs: list[tuple[str, str]] = []
    for word in words:
        name, equals, value = word.partition("=")
        if equals and name.strip().isidentifier() and not value.startswith("="):
            if name.strip() in dict(kwargs):
                raise TraceInputError(_("{name} is given twice").format(name=name.strip()))
            kwargs.append((name.strip(), value.strip()))
        elif kwargs:
            raise TraceInputError(
                _("{text}: an argument without a name cannot follow name=value").format(text=repr(word))
            )
        else:
            args.append(word)
    return args, kwargs


def parse_argument(text: str, number: int) -> object:
    """One argument by `ast.literal_eval` (and nothing else); TraceInputError if it is not a literal."""
    if len(text) > MAX_ARG_CHARS:
        raise TraceInputError(
            _("argument {number} is too long ({count} characters)").format(
                number=number, count=format_number(len(text))
            )
        )
    try:
        return ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise TraceInputError(
            _("argument {number} is not a Python literal: {text} (numbers, 'strings', [lists], ...)").format(
                number=number, text=repr(shown)
            )
        ) from None


def make_request(
    path: Path | str, func: str, words: tuple[str, ...] | list[str], **caps: Any
) -> TraceRequest:
    """A checked request; TraceInputError (one line) for a bad file, function name or argument.

    Each word is an argument, 'name=value' one given by keyword.  A file with a syntax error
    passes: running it reports the error at its line.
    """
    path = Path(path).expanduser().resolve()
    source = load_source(path)
    if not func.isidentifier():
        raise TraceInputError(_("{name} is not a function name").format(name=repr(func)))
    args, kwargs = split_keywords(words)
    for number, text in enumerate([*args, *(value for _name, value in kwargs)], 1):
        parse_argument(text, number)
    if syntax_problem(source, path) is None:
        if func not in top_level_names(source):
            known = ", ".join(functions_in(source)) or _("none")
            raise TraceInputError(
                _("{file} has no function {name} (its functions: {known})").format(
                    file=path.name, name=repr(func), known=known
                )
            )
        check_arity(source, func, len(args), tuple(name for name, _value in kwargs))
    return TraceRequest(path, func, tuple(args), kwargs=tuple(kwargs), **caps)


class TraceJob:
    """One run of the child process; `run` blocks until it ends, `cancel` ends it from any thread."""

    def __init__(self, request: TraceRequest, clock: Callable[[], float] = time.monotonic) -> None:
        self.request = request
        self.clock = clock  # the time limit's clock (tests move it)
        self.reader = protocol.Reader(request.max_events)  # the lines taken so far
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._why_killed: str | None = None
        self._timed_out = False
        self._reaped = False
        self.received = 0  # events read so far (the app's progress line reads it)

    def cancel(self, why: str = "cancelled") -> None:
        """End the child and every process it started (if it runs); the run ends with `why`."""
        with self._lock:
            if self._why_killed is None:
                self._why_killed = why
            if self._process is not None and not self._reaped:
                contain.end_session(self._process)

    def run(self) -> TraceResult:
        """Run the child to its end, its caps or the time limit, and collect what it sent."""
        request = self.request
        result = TraceResult(request, load_source(request.path))
        started = time.perf_counter()
        reader = self.reader
        with tempfile.TemporaryFile() as errors:
            with self._lock:
                if self._why_killed is not None:
                    result.stopped = self._why_killed
                    return result
                self._process = subprocess.Popen(
                    [sys.executable, "-I", str(CHILD)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                    cwd=request.path.parent,
                    start_new_session=True,  # see solvers.tracing.contain
                )
            try:
                self._talk(self._process, result, reader)
            finally:
                with self._lock:
                    contain.end_session(self._process)  # every process it started, not the child alone
                    self._reaped = True
                code = self._process.wait()
                with contextlib.suppress(OSError):
                    self._process.stdin.close()  # type: ignore[union-attr]
            self._settle(result, reader, code, errors)
        if result.stopped is not None:
            result.events.append(Halt(result.stopped, result.line or last_line(result.events)))
        if not result.seconds:
            result.seconds = round(time.perf_counter() - started, 6)
        return result

    def _settle(self, result: TraceResult, reader: protocol.Reader, code: int, errors: IO[bytes]) -> None:
        """The counts and how the run ended, when the child could not say it (stopped, ended, interfered)."""
        if not result.events_by_kind:  # no end message: count what arrived, and how far it said it got
            count_from_events(result)
            result.calls = max(result.calls, reader.calls)
            result.max_depth = max(result.max_depth, reader.max_depth)
        if self._timed_out:
            result.stopped = slow_message(result, self.request.seconds)
        elif self._why_killed is not None:
            result.stopped = self._why_killed
        elif result.stopped is None and result.result is None and result.error is None:
            errors.seek(0)
            tail = errors.read()[-300:].decode("utf-8", "replace").strip().splitlines()
            ended = _("the program ended unexpectedly (exit code {code})").format(code=code)
            result.stopped = f"{ended}: {tail[-1]}" if tail else ended

    def _talk(self, process: subprocess.Popen[bytes], result: TraceResult, reader: protocol.Reader) -> None:
        """Send the request, then take lines until the end message, the end of the stream or a stop."""
        request = self.request
        order = {
            "path": str(request.path),
            "func": request.func,
            "args": list(request.args),
            "kwargs": [list(pair) for pair in request.kwargs],
            "budget": request.budget,
            "max_calls": request.max_calls,
            "max_depth": request.max_depth,
            "max_events": request.max_events,
        }
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(json.dumps(order).encode() + b"\n")
            process.stdin.flush()  # kept open: the child lingers on it until it is ended
        except OSError:
            return
        lines = read_in_background(process.stdout)
        deadline = self.clock() + request.seconds
        watched = 0.0
        while self._why_killed is None:
            if time.monotonic() - watched >= WATCH_SECONDS:
                self._watch(process, deadline)
                watched = time.monotonic()
            try:
                raw = lines.get(timeout=WATCH_SECONDS)
            except queue.Empty:
                continue
            if raw is None or self._why_killed is not None:
                return
            if self._take(raw, result, reader):
                return

    def _take(self, raw: bytes, result: TraceResult, reader: protocol.Reader) -> bool:
        """One line from the child; True once the run is over (its end message, or interference)."""
        try:
            taken = reader.take(raw)
        except protocol.Interference:
            self.cancel(_("stopped: the program interfered with the tracer's messages"))
            return True
        if isinstance(taken, dict):
            self._finish(result, taken)
            return True
        if taken:
            room = self.request.max_events - len(result.events)
            result.events += taken[:room]
            self.received += min(room, len(taken))
        return False

    def _watch(self, process: subprocess.Popen[bytes], deadline: float) -> None:
        """Stop the run at the time limit or past the process cap; end the rest once the child is gone."""
        if self.clock() >= deadline:
            self._timed_out = True
            self.cancel("")
        elif contain.can_count() and len(contain.family(process.pid)) > contain.MAX_PROCESSES:
            words = _("stopped: more than {count} processes at once (a fork bomb?)")
            self.cancel(words.format(count=contain.MAX_PROCESSES))
        elif contain.has_exited(process):  # what it forked may hold the stream open: end them
            with self._lock:
                contain.end_session(process)

    @staticmethod
    def _finish(result: TraceResult, summary: dict[str, Any]) -> None:
        """Copy the child's end message (checked by `protocol.summary_of`) into the result."""
        result.result = summary["result"]
        result.error = summary["error"]
        result.stopped = (
            cap_message(summary["cap"], summary["calls"], summary["max_depth"]) or summary["stopped"]
        )
        result.line = summary["line"]
        result.calls = summary["calls"]
        result.cache_hits = summary["cache_hits"]
        result.max_depth = summary["max_depth"]
        result.events_by_kind = summary["events_by_kind"]
        result.events_sent = summary["events_sent"]
        result.seconds = summary["seconds"]
        result.output = summary["output"] or ""


def read_in_background(stream: IO[bytes]) -> queue.Queue[bytes | None]:
    """The stream's lines (each at most MAX_LINE_BYTES), read by a thread; None at its end.

    A thread, so a stream held open by a process that got away never blocks the run's end.
    """
    lines: queue.Queue[bytes | None] = queue.Queue(maxsize=QUEUED_LINES)

    def pump() -> None:
        """Read lines until the stream ends."""
        try:
            while raw := stream.readline(MAX_LINE_BYTES):
                lines.put(raw)
        except (OSError, ValueError):
            pass
        lines.put(None)

    threading.Thread(target=pump, name="unwind-trace-reader", daemon=True).start()
    return lines


def slow_message(result: TraceResult, seconds: float) -> str:
    """The time limit's message: how far the run got, and that it may just be slow."""
    calls = ngettext("{count} call made", "{count} calls made", result.calls)
    calls = calls.format(count=number(result.calls))
    words = _(
        "stopped after {seconds} s, still running ({calls}, depth {depth}): it may just be slow, or endless"
    )
    return words.format(seconds=format_number(seconds), calls=calls, depth=number(result.max_depth))


def cap_message(cap: object, calls: int = 0, depth: int = 0) -> str | None:
    """Why the child stopped, from its `[which, limit]`, in the user's language: which limit, how far."""
    if not (isinstance(cap, list) and len(cap) == 2 and isinstance(cap[1], int)):
        return None
    which, limit = cap
    if which == "calls":
        words = ngettext("stopped after {count} call", "stopped after {count} calls", limit)
    elif which == "depth":
        words = _("stopped at depth {count} (the depth cap): is the base case reached?")
    elif which == "recursion":
        words = _(
            "stopped at depth {depth}: Python's recursion limit ({count} nested calls here) was reached; "
            "is the base case reached?"
        )
    elif which == "events":
        made = ngettext("{count} call made", "{count} calls made", calls).format(count=number(calls))
        words = _(
            "stopped after {count} events (the event budget; {made}, depth {depth}): "
            "endless, or longer than the budget?"
        )
        return words.format(count=number(limit), made=made, depth=number(depth))
    else:
        return None
    return words.format(count=number(limit), depth=number(depth))


def number(value: int) -> str:
    """A count as the user's language writes it (1,000,000)."""
    return format_number(value)


def count_from_events(result: TraceResult) -> None:
    """The counts of a run whose child never sent them (it was stopped), from the events that came."""
    counts: dict[str, int] = {}
    depth = 0
    for event in result.events:
        name = type(event).__name__
        counts[name] = counts.get(name, 0) + 1
        if isinstance(event, Push | Resume):
            depth += 1
            result.max_depth = max(result.max_depth, depth)
        elif isinstance(event, Yield):
            depth -= 1
        elif isinstance(event, Pop):
            depth -= 1
            if event.value.how == CACHE:
                result.cache_hits += 1
    result.calls = counts.get("Push", 0) - result.cache_hits
    result.events_by_kind = counts
    result.events_sent = len(result.events)


def last_line(events: list[TraceEvent]) -> int:
    """The student's line of the newest event that names one."""
    return next((event.line for event in reversed(events) if event.line), 0)


def trace(path: Path | str, func: str, *args: str, **caps: Any) -> TraceResult:
    """Check, run and collect in one call (tests and the command line)."""
    return TraceJob(make_request(path, func, args, **caps)).run()
